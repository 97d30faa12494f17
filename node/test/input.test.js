// Bad input, as in the other faces: wrong types and non-integers refused with a TypeError,
// integers out of range refused by the core with the caller's number in the message (never
// truncated), and a fuzz-style run of random calls checked against the model.

import assert from 'node:assert/strict'
import { test } from 'node:test'

import { TicTacToe, Batch, Rules, bestMove, TicTacToeError, OutOfBoundsError, InvalidPlayerError } from '../index.js'
import { Model, Refused } from './model.js'

test('numbers that are not integers are refused, never truncated', () => {
  const game = new TicTacToe(3)
  for (const bad of [0.5, NaN, Infinity, -Infinity, 1 + 1e-9]) {
    assert.throws(() => game.move(bad, 0, 1), (e) => e instanceof TypeError && /row must be an integer/.test(e.message))
    assert.throws(() => game.play(0, bad), (e) => e instanceof TypeError && /col must be an integer/.test(e.message))
    assert.throws(() => game.move(0, 0, bad), TypeError)
    assert.throws(() => new TicTacToe(bad), TypeError)
  }
  assert.equal(game.marks, 0)
})

test('integers beyond every board are the core refusals, with the caller\'s numbers', () => {
  const game = new TicTacToe(3)
  assert.throws(() => game.move(2 ** 32, 0, 1), (e) => e instanceof OutOfBoundsError && e.row === 2 ** 32 && /cell \(4294967296, 0\)/.test(e.message))
  assert.throws(() => game.move(-1, 0, 1), (e) => e instanceof OutOfBoundsError && e.row === -1)
  assert.throws(() => game.move(2 ** 53, 0, 1), OutOfBoundsError)
  assert.throws(() => game.move(0, 0, 2 ** 32 + 1), (e) => e instanceof InvalidPlayerError && e.player === 2 ** 32 + 1)
  assert.throws(() => game.move(0, 0, -1), InvalidPlayerError)
  assert.throws(() => game.drop(2 ** 40), OutOfBoundsError)
  assert.equal(game.marks, 0)
  // A game index and a count of games, too: the caller's numbers, not the core's saturated ones.
  const batch = new Batch(2)
  for (const i of [-1, 2, 2 ** 40]) {
    assert.throws(() => batch.game(i), (e) => e.kind === 'game_index' && e.game === i && e.count === 2 &&
      e.message === `game ${i} is not in the batch of 2 games`)
  }
  for (const count of [-5, 0]) {
    assert.throws(() => new Batch(count), (e) => e.kind === 'invalid_count' && e.count === count &&
      e.message === `a batch of ${count} games is invalid: it holds at least one`)
  }
})

test('wrong types are TypeErrors, never a crash', () => {
  const game = new TicTacToe(3)
  for (const bad of ['1', null, undefined, {}, [], 1n, true]) {
    assert.throws(() => game.move(bad, 0, 1), TypeError, String(bad))
  }
  assert.throws(() => game.play(0), TypeError)
  assert.throws(() => TicTacToe.parse(3), TypeError)
  assert.throws(() => TicTacToe.fromRules({ rows: 3 }), TypeError)
  assert.throws(() => TicTacToe(3), TypeError)
  assert.throws(() => game.equals({}), TypeError)
  assert.throws(() => bestMove({}), TypeError)
  assert.throws(() => new Rules('3'), TypeError)
  assert.throws(() => bestMove(game, { simulations: -1 }), RangeError)
  assert.throws(() => bestMove(game, { seed: 0.5 }), TypeError)
  assert.throws(() => new Batch(2, { threads: 0 }), RangeError)
  assert.throws(() => new Batch(2, { illegal: 'maybe' }), TypeError)
  assert.equal(game.marks, 0)
})

test('a batch array of the wrong length or type is refused before any game moves', () => {
  const batch = new Batch(8, { seed: 1 })
  const before = [...batch.winners(), ...batch.nextPlayers()]
  for (const bad of [new Int32Array(7), new Int32Array(9), new BigInt64Array(0)]) {
    assert.throws(() => batch.step(bad), (e) => e instanceof TicTacToeError && e.kind === 'length_mismatch' && e.expected === 8)
  }
  assert.throws(() => batch.step(new Int32Array(8), new Uint8Array(7)), (e) => e.kind === 'length_mismatch')
  for (const bad of [[0, 1, 2, 3, 4, 5, 6, 7], new Float64Array(8), new Uint8Array(8), 'abc', null]) {
    assert.throws(() => batch.step(bad), TypeError)
  }
  assert.throws(() => batch.legalMask(new Uint8Array(3)), (e) => e.kind === 'length_mismatch')
  assert.throws(() => batch.observation(new Int8Array(5)), (e) => e.kind === 'length_mismatch')
  assert.throws(() => batch.randomLegalActions(new Int32Array(1)), (e) => e.kind === 'length_mismatch')
  assert.deepEqual([...batch.winners(), ...batch.nextPlayers()], before)
  assert.equal(batch.game(0).marks, 0)
})

test('refused sides leave the caller\'s planes as they were', () => {
  const batch = new Batch(2, { seed: 1 })
  const planes = new Int8Array(2 * 2 * 9).fill(7)
  for (const players of [new Uint8Array([1]), new Uint8Array([1, 3]), new Uint8Array([0, 2])]) {
    assert.throws(() => batch.observation(planes, players), TicTacToeError)
    assert.ok(planes.every((v) => v === 7))
  }
  batch.step(new Int32Array([4, 0]))
  const seen = batch.observation(planes, new Uint8Array([2, 1]))
  assert.equal(seen, planes)
  // Game 0 from O's side: X's mark at cell 4 is on the second plane.
  assert.deepEqual([...planes.slice(0, 18)].map((v, i) => (v ? i : -1)).filter((i) => i >= 0), [13])
  assert.deepEqual([...planes.slice(18)].map((v, i) => (v ? i : -1)).filter((i) => i >= 0), [0])
})

/** A generator of numbers from a seed (xorshift32), so that a failure can be replayed. */
function random(seed) {
  let state = seed >>> 0 || 1
  return (below) => {
    state ^= state << 13
    state ^= state >>> 17
    state ^= state << 5
    return (state >>> 0) % below
  }
}

/** The model's answer, or its refusal's kind. */
function outcome(call) {
  try {
    return call()
  } catch (error) {
    if (error instanceof Refused || error instanceof TicTacToeError) return `refused: ${error.kind}`
    throw error
  }
}

test('fuzz: random calls agree with the model, and a refusal changes nothing', () => {
  const families = [
    { rows: 3, cols: 3, k: 3 },
    { rows: 4, cols: 4, k: 3, exact: true },
    { rows: 6, cols: 7, k: 4, gravity: true },
    { rows: 3, cols: 5, k: 2, gravity: true, exact: true },
    { rows: 5, cols: 2, k: 2 },
  ]
  const draw = random(0x5eed)
  let calls = 0
  for (let round = 0; round < 60; round += 1) {
    const rules = families[round % families.length]
    const game = new TicTacToe(rules.rows, { cols: rules.cols, k: rules.k, exact: !!rules.exact, gravity: !!rules.gravity })
    const model = new Model(rules)
    for (let step = 0; step < 80; step += 1) {
      const row = draw(rules.rows + 2) - 1
      const col = draw(rules.cols + 2) - 1
      const player = draw(4)
      const [name, args] = [
        ['move', [row, col, player]],
        ['play', [row, col]],
        ['drop', [col]],
        ['undo', []],
      ][draw(4)]
      const before = game.toString()
      const got = outcome(() => game[name](...args))
      const expected = outcome(() => model[name](...args))
      assert.deepEqual(got, expected, `${name}(${args}) after ${before}`)
      if (typeof got === 'string') assert.equal(game.toString(), before)
      assert.equal(game.board(), model.board())
      assert.deepEqual([game.status, game.winner, game.nextPlayer], [model.status, model.winner, model.nextPlayer])
      calls += 1
    }
    assert.ok(TicTacToe.parse(game.toString(), { maxBytes: null }).equals(game))
  }
  assert.equal(calls, 4800)
})
