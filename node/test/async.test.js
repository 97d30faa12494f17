// bestMoveAsync and solveAsync: the synchronous calls' results and refusals, as Promises whose
// search runs on libuv's thread pool, on a copy of the game, with the event loop free.

import assert from 'node:assert/strict'
import { test } from 'node:test'

import {
  TicTacToe, Rules, bestMove, solve, bestMoveAsync, solveAsync, GameOverError,
  BudgetExceededError, TicTacToeError,
} from '../index.js'

/** A game of `rules` after `moves` (`[row, col]`, or a column under gravity). */
function after(rules, moves) {
  const game = TicTacToe.fromRules(rules)
  for (const move of moves) {
    if (Array.isArray(move)) game.play(...move)
    else game.drop(move)
  }
  return game
}

const POSITIONS = [
  ['3 x 3, empty', after(Rules.ticTacToe(3), [])],
  ['3 x 3, a threat to block', after(Rules.ticTacToe(3), [[0, 0], [1, 1], [0, 1]])],
  ['Connect Four, empty', after(Rules.CONNECT_FOUR, [])],
  ['Connect Four, past the book', after(Rules.CONNECT_FOUR, [3, 3, 4, 2, 2, 4, 3, 5, 1, 1, 0])],
  ['gomoku 9 x 9', after(new Rules(9, { k: 5 }), [[4, 4], [4, 5], [3, 3]])],
]

test('bestMoveAsync: the move bestMove chooses, for several positions and seeds', async () => {
  for (const [name, game] of POSITIONS) {
    for (const options of [{ simulations: 300, seed: 1 }, { simulations: 300, seed: 9, perfect: false }, { simulations: 50, seed: 4, book: false, maxNodes: 2000 }]) {
      assert.deepEqual(await bestMoveAsync(game, options), bestMove(game, options), `${name} ${JSON.stringify(options)}`)
    }
  }
})

test('bestMoveAsync: calls in flight together each give the synchronous move', async () => {
  const game = after(new Rules(9, { k: 5 }), [[4, 4]])
  const seeds = [0, 1, 2, 3, 4, 5, 6, 7]
  const options = (seed) => ({ simulations: 400, seed, perfect: false })
  const moves = await Promise.all(seeds.map((seed) => bestMoveAsync(game, options(seed))))
  assert.deepEqual(moves, seeds.map((seed) => bestMove(game, options(seed))))
})

test('solveAsync: the value solve gives', async () => {
  for (const [name, game] of POSITIONS.slice(0, 4)) {
    assert.deepEqual(await solveAsync(game), solve(game), name)
  }
  const four = new TicTacToe(4)
  assert.deepEqual(await solveAsync(four, { maxNodes: 1e7 }), { winner: 0, plies: 16 })
})

test('a refusal of the search rejects the Promise with the class and data the sync call throws', async () => {
  const won = after(Rules.ticTacToe(3), [[0, 0], [1, 0], [0, 1], [1, 1], [0, 2]])
  const before = won.toString()
  const promise = bestMoveAsync(won)
  assert.ok(promise instanceof Promise)
  await assert.rejects(promise, (error) => {
    assert.ok(error instanceof GameOverError && error instanceof TicTacToeError)
    assert.deepEqual([error.name, error.kind, error.code, error.winner], ['GameOverError', 'game_over', 'game_over', 1])
    assert.throws(() => bestMove(won), (sync) => sync.constructor === error.constructor && sync.message === error.message)
    return true
  })
  assert.equal(won.toString(), before)

  const five = new TicTacToe(5)
  await assert.rejects(solveAsync(five, { maxNodes: 10 }), (error) =>
    error instanceof BudgetExceededError && error.kind === 'budget_exceeded' && error.maxNodes === 10)
  assert.equal(five.marks, 0)
})

test('bad arguments throw at once, as the synchronous calls throw them', () => {
  const game = new TicTacToe(3)
  assert.throws(() => bestMoveAsync(game, { simulations: -1 }), RangeError)
  assert.throws(() => bestMoveAsync(game, { seed: 1.5 }), TypeError)
  assert.throws(() => solveAsync(game, { maxNodes: -1 }), RangeError)
  assert.throws(() => bestMoveAsync('tictactoe/1 n=3 moves='), TypeError)
  assert.throws(() => solveAsync({}), TypeError)
})

test('the search runs on a copy: changing the game after the call changes nothing', async () => {
  const game = after(Rules.ticTacToe(3), [[0, 0], [1, 1], [0, 1]])
  const expected = bestMove(game, { simulations: 500 })
  const promise = bestMoveAsync(game, { simulations: 500 })
  const solving = solveAsync(game)
  const value = solve(game)
  game.play(0, 2)
  game.play(2, 2)
  assert.deepEqual(await promise, expected)
  assert.deepEqual(await solving, value)
  assert.equal(game.marks, 5)
})

test('the event loop stays free during a long search', async () => {
  // Gomoku 15 x 15 by the tree search alone: deterministic, and long enough to measure.
  const game = TicTacToe.fromRules(Rules.GOMOKU)
  game.play(7, 7)
  const options = { simulations: 60000, seed: 3, perfect: false }
  let ticks = 0
  let pending = true
  const tick = () => {
    ticks += 1
    if (pending) setTimeout(tick, 1)
  }
  setTimeout(tick, 1)
  const started = performance.now()
  const move = await bestMoveAsync(game, options)
  pending = false
  const took = performance.now() - started
  assert.ok(took >= 100, `the search took ${took.toFixed(0)} ms, too short to show anything`)
  // A blocked loop would run the timer once, after the search: free, it runs about every ms.
  assert.ok(ticks >= 20, `${ticks} timer callbacks in ${took.toFixed(0)} ms`)
  assert.deepEqual(move, bestMove(game, options))
})
