// The shared vectors in tests/vectors/, played through the package as by the Rust, C and
// Python tests, so that the faces cannot disagree silently.

import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { test } from 'node:test'

import { TicTacToe, TicTacToeError } from '../index.js'

const load = (name) => JSON.parse(readFileSync(new URL(`../../tests/vectors/${name}`, import.meta.url), 'utf8'))

/** Calls `call`, which must be refused with `kind`, and leave the game as it was. */
function refused(game, call, kind) {
  const before = game?.toString()
  assert.throws(call, (error) => error instanceof TicTacToeError && error.kind === kind)
  if (game) assert.equal(game.toString(), before)
}

const lineName = ({ kind, index }) => (index === null || index === undefined ? kind : `${kind} ${index}`)

/** Plays `ops` on `game` as the vectors describe them. */
function play(game, ops) {
  const calls = {
    move: (...args) => game.move(...args),
    play: (...args) => game.play(...args),
    drop: (...args) => game.drop(...args),
    undo: () => game.undo(),
  }
  for (const op of ops) {
    const [verb, ...args] = op
    const expect = args.pop()
    if (typeof expect === 'string') refused(game, () => calls[verb](...args), expect)
    else assert.deepEqual(calls[verb](...args), expect, JSON.stringify(op))
  }
}

function checkFinal(game, final) {
  assert.equal(game.board(), final.board.join('\n'))
  assert.deepEqual([game.status, game.winner, game.nextPlayer], [final.status, final.winner, final.next_player])
  assert.deepEqual([game.canWin(1), game.canWin(2)], final.can_win)
  assert.equal(game.drawCertain, final.draw_certain)
}

const games = load('games.json')
for (const vector of games.games) {
  test(`games: ${vector.name}`, () => {
    const game = new TicTacToe(vector.n)
    play(game, vector.ops)
    checkFinal(game, vector.final)
    assert.deepEqual(game.winningLines().map(lineName), vector.final.winning_lines)
  })
}

test('games: sizes', () => {
  for (const { n, error } of games.sizes) {
    if (error === null) assert.equal(new TicTacToe(n).n, n)
    else refused(null, () => new TicTacToe(n), error)
  }
})

const withRules = (rules) => ({ k: rules.k, cols: rules.cols, exact: rules.exact, gravity: rules.gravity })

function checkPosition(vector, options) {
  const { rows } = vector
  assert.equal(TicTacToe.isValidBoard(rows, options), vector.valid)
  if (vector.valid) {
    const game = TicTacToe.fromBoard(rows, options)
    assert.deepEqual([game.status, game.winner], [vector.status, vector.winner])
  } else if (vector.reason === 'invalid_size') {
    refused(null, () => TicTacToe.fromBoard(rows, options), 'invalid_size')
  } else {
    assert.throws(
      () => TicTacToe.fromBoard(rows, options),
      (error) => error.kind === 'invalid_position' && error.reason === vector.reason,
    )
  }
}

for (const vector of load('positions.json').positions) {
  test(`positions: ${vector.name}`, () => checkPosition(vector, undefined))
}

function checkText(vector) {
  if (vector.error === null) {
    const game = TicTacToe.parse(vector.text)
    assert.equal(game.board(), vector.board.join('\n'))
    assert.equal(game.history().length, vector.moves)
    assert.equal(game.toString(), vector.text)
  } else {
    refused(null, () => TicTacToe.parse(vector.text), vector.error)
  }
}

for (const vector of load('texts.json').texts) {
  test(`texts: ${JSON.stringify(vector.text)}`, () => checkText(vector))
}

const family = load('family.json')
for (const vector of family.games) {
  test(`family games: ${vector.name}`, () => {
    const game = new TicTacToe(vector.rules.rows, withRules(vector.rules))
    play(game, vector.ops)
    checkFinal(game, vector.final)
    assert.deepEqual(
      game.winningRuns().map(({ first, last }) => [...first, ...last]),
      vector.final.winning_runs,
    )
    assert.ok(TicTacToe.parse(game.toString()).equals(game))
  })
}

test('family: rules', () => {
  for (const { rules, error } of family.rules) {
    const make = () => new TicTacToe(rules.rows, withRules(rules))
    if (error === null) {
      const game = make()
      const { rows, cols, k, exact, gravity } = game
      assert.deepEqual({ rows, cols, k, exact, gravity }, rules)
    } else {
      refused(null, make, error)
    }
  }
})

for (const vector of family.positions) {
  test(`family positions: ${vector.name}`, () => {
    const options = withRules(vector.rules)
    checkPosition(vector, options)
    if (vector.valid) {
      const game = TicTacToe.fromBoard(vector.rows, options)
      assert.deepEqual([game.rows, game.cols], [vector.rules.rows, vector.rules.cols])
    }
  })
}

for (const vector of family.texts) {
  test(`family texts: ${vector.text}`, () => checkText(vector))
}
