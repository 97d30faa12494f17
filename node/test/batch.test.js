// Batch over typed arrays: steps from Int32Array or BigInt64Array into the caller's
// Uint8Array (the same object back, no copy), random legal actions, the legal mask and the
// observation planes, refusals naming the entry, and results that do not depend on threads.

import assert from 'node:assert/strict'
import { test } from 'node:test'

import { Batch, Rules, TicTacToe, OutOfBoundsError, ColumnFullError } from '../index.js'

test('a step writes the winners into the caller\'s array, and plays what TicTacToe plays', () => {
  const batch = Batch.fromRules(3, Rules.CONNECT_FOUR, { seed: 1 })
  assert.deepEqual([batch.count, batch.rows, batch.cols, batch.actions], [3, 6, 7, 7])
  const out = new Uint8Array(3)
  for (const [i, column] of [3, 3, 4, 4, 5, 5].entries()) {
    assert.equal(batch.step(new Int32Array([column, 0, 1 + (i % 2)]), out), out)
  }
  assert.deepEqual([...batch.step(new BigInt64Array([6n, 1n, 6n]), out)], [1, 0, 0])
  const game = TicTacToe.fromRules(Rules.CONNECT_FOUR)
  for (const column of [3, 3, 4, 4, 5, 5, 6]) game.drop(column)
  assert.ok(batch.game(0).equals(game))
  assert.deepEqual([...batch.winners()], [1, 0, 0])
  assert.deepEqual([...batch.terminated()], [1, 0, 0])
  assert.deepEqual([...batch.nextPlayers()], [2, 2, 2])
})

test('an illegal action refuses the whole step, naming the entry and the cell', () => {
  const batch = new Batch(4, { rows: 3 })
  batch.step(new Int32Array([4, 4, 4, 4]))
  assert.throws(
    () => batch.step(new Int32Array([0, 1, 4, 2])),
    (e) => e.kind === 'occupied' && e.index === 2 && e.row === 1 && e.col === 1 && /^entry 2: /.test(e.message),
  )
  assert.throws(() => batch.step(new Int32Array([0, -1, 2, 3])), (e) => e instanceof OutOfBoundsError && e.index === 1)
  assert.throws(() => batch.step(new BigInt64Array([0n, 1n, 2n, 2n ** 40n])), (e) => e instanceof OutOfBoundsError && e.index === 3)
  assert.deepEqual(batch.game(0).history(), [[1, 1, 1]], 'no game moved')
  const column = Batch.fromRules(1, new Rules(1, { cols: 2, k: 2, gravity: true }))
  column.step(new Int32Array([0]))
  assert.throws(() => column.step(new Int32Array([0])), ColumnFullError)
})

test('illegal: lose ends that game only', () => {
  const batch = new Batch(2, { illegal: 'lose' })
  batch.step(new Int32Array([0, 0]))
  const winners = batch.step(new Int32Array([0, 1]))
  assert.deepEqual([...winners], [1, 0])
})

test('random legal actions, the mask and the observation agree with the games', () => {
  const batch = Batch.fromRules(64, Rules.CONNECT_FOUR, { seed: 3 })
  const actions = new Int32Array(64)
  const mask = new Uint8Array(64 * 7)
  const planes = new Int8Array(64 * 2 * 6 * 7)
  for (let step = 0; step < 60; step += 1) {
    assert.equal(batch.randomLegalActions(actions), actions)
    assert.equal(batch.legalMask(mask), mask)
    const over = batch.terminated()
    for (let g = 0; g < 64; g += 1) {
      if (over[g]) {
        assert.equal(actions[g], -1)
        assert.ok(mask.subarray(g * 7, g * 7 + 7).every((flag) => flag === 0))
      } else {
        assert.equal(mask[g * 7 + actions[g]], 1)
      }
    }
    batch.resetTerminated()
    batch.step(batch.randomLegalActions(actions))
  }
  assert.equal(batch.observation(planes), planes)
  const game = batch.game(5)
  const mover = game.nextPlayer
  for (let row = 0; row < 6; row += 1) {
    for (let col = 0; col < 7; col += 1) {
      const holder = game.cell(row, col)
      assert.equal(planes[5 * 84 + row * 7 + col], holder === mover ? 1 : 0)
      assert.equal(planes[5 * 84 + 42 + row * 7 + col], holder !== 0 && holder !== mover ? 1 : 0)
    }
  }
})

test('the same games whatever the threads, and the same draws from the same seed', () => {
  const run = (threads) => {
    const batch = new Batch(1024, { rows: 4, seed: 9, threads })
    for (let step = 0; step < 20; step += 1) {
      batch.stepRandom()
      batch.resetTerminated()
    }
    return [batch.game(1000).toString(), [...batch.winners()].join('')]
  }
  assert.deepEqual(run(1), run(2))
})
