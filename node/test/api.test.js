// The package's vocabulary, the same as the other faces': games, rules, copies, the text
// form, refusals as classes with the core's kind names, and the computer player.

import assert from 'node:assert/strict'
import { test } from 'node:test'

import * as tictactoe from '../index.js'

const {
  TicTacToe, Rules, Batch, bestMove, solve, errorKinds, ERROR_CLASSES, TicTacToeError, InvalidMoveError,
  CellOccupiedError, ColumnFullError, FloatingMarkError, GameOverError, NothingToUndoError,
  ParseError, LimitExceededError, BudgetExceededError, InvalidRulesError, OutOfBoundsError,
} = tictactoe

test('LeetCode 348: move, the winner after it, and the winning line', () => {
  const game = new TicTacToe(3)
  const moves = [[0, 0, 1], [0, 2, 2], [2, 2, 1], [1, 1, 2], [2, 0, 1], [1, 0, 2]]
  for (const [row, col, player] of moves) assert.equal(game.move(row, col, player), 0)
  assert.equal(game.move(2, 1, 1), 1)
  assert.deepEqual([game.status, game.winner, game.nextPlayer], ['won', 1, 2])
  assert.deepEqual(game.winningLines(), [{ kind: 'row', index: 2 }])
  assert.deepEqual(game.winningRuns(), [{ first: [2, 0], last: [2, 2], cells: [[2, 0], [2, 1], [2, 2]] }])
})

test('play, undo and the history', () => {
  const game = new TicTacToe(3)
  game.play(1, 1)
  game.play(0, 0)
  assert.deepEqual(game.history(), [[1, 1, 1], [0, 0, 2]])
  assert.deepEqual(game.undo(), [0, 0, 2])
  assert.deepEqual(game.history(), [[1, 1, 1]])
  assert.equal(game.nextPlayer, 2)
  assert.equal(game.legalMoves().length, 8)
  assert.deepEqual([...game.cells()], [0, 0, 0, 0, 1, 0, 0, 0, 0])
})

test('Connect Four: drop, a win on the bottom row, gravity refusing a floating mark', () => {
  const game = TicTacToe.fromRules(Rules.CONNECT_FOUR)
  assert.deepEqual([game.rows, game.cols, game.k, game.gravity, game.exact, game.n], [6, 7, 4, true, false, null])
  assert.throws(() => game.play(0, 0), FloatingMarkError)
  for (const col of [3, 3, 4, 4, 5, 5]) assert.equal(game.drop(col), 0)
  assert.equal(game.drop(6), 1)
  assert.deepEqual(game.winningRuns(), [{ first: [5, 3], last: [5, 6], cells: [[5, 3], [5, 4], [5, 5], [5, 6]] }])
  assert.throws(() => game.drop(0), GameOverError)
})

test('Rules: made and checked by the core, the constants, the text form', () => {
  const exactFive = new Rules(15, { k: 5, exact: true })
  assert.deepEqual([exactFive.rows, exactFive.cols, exactFive.k, exactFive.exact], [15, 15, 5, true])
  assert.equal(String(Rules.CONNECT_FOUR), 'rows=6 cols=7 k=4 gravity')
  assert.ok(Rules.GOMOKU.equals(new Rules(15, { k: 5 })))
  assert.ok(Rules.ticTacToe(4).equals(new TicTacToe(4).rules))
  assert.throws(() => new Rules(3, { k: 4 }), (e) => e instanceof InvalidRulesError && e.kind === 'invalid_rules')
  assert.throws(() => new TicTacToe(70000), (e) => e.kind === 'invalid_size' && e.n === 70000)
  const game = new TicTacToe(6, { cols: 7, k: 4, gravity: true })
  assert.ok(game.rules.equals(Rules.CONNECT_FOUR))
})

test('symmetryMaps: distinct permutations, each image a position of the same value', () => {
  const cases = [
    [Rules.ticTacToe(3), 8], [new Rules(5, { k: 4, exact: true }), 8], [new Rules(3, { cols: 4, k: 3 }), 4],
    [Rules.CONNECT_FOUR, 2], [new Rules(4, { cols: 3, k: 3, gravity: true }), 2],
  ]
  let seed = 7
  const draw = (n) => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % n
  for (const [rules, count] of cases) {
    const { rows, cols } = rules
    const actions = rules.gravity ? cols : rows * cols
    const maps = rules.symmetryMaps()
    const every = (n) => [...Array(n).keys()]
    assert.equal(maps.length, count)
    assert.deepEqual([...maps[0].cells], every(rows * cols))
    assert.equal(new Set(maps.map((map) => map.cells.join())).size, count)
    for (const map of maps) {
      assert.deepEqual([...map.cells].sort((a, b) => a - b), every(rows * cols))
      assert.deepEqual([...map.actions].sort((a, b) => a - b), every(actions))
    }
    // The legal actions of a game, a flag each.
    const legal = (game) => {
      const flags = new Array(actions).fill(false)
      for (const [row, col] of game.legalMoves()) flags[game.actionAt(row, col)] = true
      return flags
    }
    for (let played = 0; played < 4; played++) {
      const game = TicTacToe.fromRules(rules)
      for (;;) {
        const board = game.cells()
        for (const map of maps) {
          const text = every(rows).map((r) => every(cols).map((c) => '.XO'[board[map.cells[r * cols + c]]]).join(''))
          const image = TicTacToe.fromBoard(text, rules)
          assert.equal(image.winner, game.winner)
          assert.deepEqual(legal(image), [...map.actions].map((action) => legal(game)[action]))
        }
        const moves = game.legalMoves()
        if (moves.length === 0) break
        game.play(...moves[draw(moves.length)])
      }
    }
  }
})

test('the text form: toString and parse, round trip, limits', () => {
  const game = TicTacToe.fromRules(Rules.CONNECT_FOUR)
  game.drop(3)
  game.drop(3)
  const text = game.toString()
  assert.equal(text, 'tictactoe/1 rows=6 cols=7 k=4 gravity moves=5,3,1;4,3,2')
  assert.ok(TicTacToe.parse(text).equals(game))
  assert.throws(() => TicTacToe.parse('tictactoe/1 n=3 moves=0,0'), (e) => e instanceof ParseError && e.offset > 0)
  const big = 'tictactoe/1 n=2000 moves='
  assert.throws(() => TicTacToe.parse(big), (e) => e instanceof LimitExceededError && e.limit === 8 << 20)
  assert.equal(TicTacToe.parse(big, { maxBytes: null }).n, 2000)
})

test('copies are independent', () => {
  const game = new TicTacToe(3)
  game.play(0, 0)
  const copy = game.clone()
  assert.ok(copy.equals(game))
  copy.play(1, 1)
  assert.equal(game.marks, 1)
  assert.equal(copy.marks, 2)
  assert.ok(!copy.equals(game))
})

test('every refusal is a TicTacToeError subclass with the kind the core names', () => {
  const kinds = errorKinds()
  assert.ok(kinds.includes('occupied') && kinds.includes('parse_error') && kinds.includes('budget_exceeded'))
  for (const kind of kinds) {
    const error = ERROR_CLASSES[kind]
    assert.ok(error, `no class for ${kind}`)
    assert.ok(error.prototype instanceof TicTacToeError, kind)
  }
  assert.deepEqual(Object.keys(ERROR_CLASSES).sort(), [...kinds].sort())
})

test('a refusal carries its data, and leaves the game as it was', () => {
  const game = new TicTacToe(3)
  game.play(1, 1)
  const before = game.toString()
  assert.throws(() => game.play(1, 1), (error) => {
    assert.ok(error instanceof CellOccupiedError && error instanceof InvalidMoveError && error instanceof Error)
    assert.equal(error.name, 'CellOccupiedError')
    assert.deepEqual([error.kind, error.code, error.row, error.col, error.player, error.index], ['occupied', 'occupied', 1, 1, 1, null])
    assert.equal(error.message, 'cell (1, 1) is already taken by player 1 (X)')
    return true
  })
  assert.equal(game.toString(), before)
  assert.throws(() => new TicTacToe(2).undo(), NothingToUndoError)
  const full = new TicTacToe(2, { cols: 1, gravity: true })
  full.drop(0)
  full.drop(0)
  assert.throws(() => full.drop(0), (e) => e instanceof ColumnFullError && e.col === 0)
})

test('the computer player: a block, perfect play on 4 x 4, the opening book', () => {
  const game = new TicTacToe(3)
  for (const [row, col] of [[0, 0], [1, 1], [0, 1]]) game.play(row, col)
  assert.deepEqual(bestMove(game, { simulations: 500 }), [0, 2])
  assert.deepEqual(solve(new TicTacToe(4)), { winner: 0, plies: 16 })
  const four = TicTacToe.fromRules(Rules.CONNECT_FOUR)
  assert.deepEqual(solve(four), { winner: 1, plies: 41 })
  assert.deepEqual(bestMove(four), [5, 3])
  assert.equal(four.marks, 0, 'a search never changes the game')
  const seeded = TicTacToe.fromRules(Rules.GOMOKU)
  const options = { simulations: 200, seed: 7, perfect: false }
  assert.deepEqual(bestMove(seeded, options), bestMove(seeded, options))
  assert.throws(() => solve(new TicTacToe(5), { maxNodes: 10 }), (e) => e instanceof BudgetExceededError && e.maxNodes === 10)
  const drawn = TicTacToe.parse('tictactoe/1 n=1 moves=0,0,1')
  assert.throws(() => bestMove(drawn), (e) => e instanceof GameOverError && e.winner === 1)
})

test('actions: actionAt numbers a cell as a batch does, apply plays it, refusals change nothing', () => {
  const ttt = new TicTacToe(3)
  assert.equal(ttt.actionAt(1, 2), 5)
  assert.equal(ttt.apply(5), 0)
  assert.equal(ttt.cell(1, 2), 1)
  const before = ttt.toString()
  assert.throws(() => ttt.apply(5), CellOccupiedError)
  assert.throws(() => ttt.apply(9), OutOfBoundsError)
  assert.throws(() => ttt.actionAt(3, 0), OutOfBoundsError)
  assert.throws(() => ttt.apply(-1), OutOfBoundsError)
  assert.throws(() => ttt.apply(0.5), TypeError)
  assert.equal(ttt.toString(), before)
  const c4 = TicTacToe.fromRules(Rules.CONNECT_FOUR)
  assert.equal(c4.actionAt(0, 3), 3) // under gravity a cell's action is its column
  c4.apply(c4.actionAt(0, 3))
  assert.equal(c4.cell(5, 3), 1)
})

test('a game and a rule set are their text form in JSON and in the console; classes subclass', async () => {
  const { inspect } = await import('node:util')
  const game = new TicTacToe(3)
  game.play(1, 1)
  assert.equal(JSON.stringify(game), JSON.stringify(game.toString()))
  assert.ok(TicTacToe.parse(JSON.parse(JSON.stringify({ game })).game).equals(game))
  assert.equal(inspect(game), 'TicTacToe <tictactoe/1 n=3 moves=1,1,1>')
  assert.equal(JSON.stringify(Rules.GOMOKU), '"rows=15 cols=15 k=5"')
  assert.equal(inspect(Rules.CONNECT_FOUR), 'Rules <rows=6 cols=7 k=4 gravity>')
  assert.equal(inspect(new Batch(4, Rules.CONNECT_FOUR)), 'Batch <4 games, rows=6 cols=7 k=4 gravity>')
  class Named extends TicTacToe {
    label() { return `named ${this.rows}` }
  }
  const named = new Named(4)
  assert.ok(named instanceof Named && named instanceof TicTacToe)
  assert.equal(named.label(), 'named 4')
  assert.equal(named.play(0, 0), 0)
  assert.ok(TicTacToe.parse(named.toString()).equals(named))
})
