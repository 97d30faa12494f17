// bestMoveAsync and solveAsync with `{ signal }`: an abort rejects the Promise with the signal's
// reason and ends the search on libuv's pool (checked in a process whose pool has one thread,
// which only an ended search frees); a signal that never aborts changes nothing.

import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { getEventListeners } from 'node:events'
import { test } from 'node:test'
import { promisify } from 'node:util'

import { TicTacToe, Rules, bestMove, solve, bestMoveAsync, solveAsync } from '../index.js'

const run = promisify(execFile)

/** A 3 x 3 game X has won (the top row). */
function won() {
  const game = new TicTacToe(3)
  for (const [row, col] of [[0, 0], [1, 0], [0, 1], [1, 1], [0, 2]]) game.play(row, col)
  return game
}

test('a signal that never aborts: the same results, and its listener taken off once settled', async () => {
  const controller = new AbortController()
  const { signal } = controller
  const game = TicTacToe.fromRules(Rules.CONNECT_FOUR)
  game.drop(3)
  const options = { simulations: 300, seed: 5, perfect: false }
  const moving = bestMoveAsync(game, options, { signal })
  const solving = solveAsync(new TicTacToe(3), null, { signal })
  assert.equal(getEventListeners(signal, 'abort').length, 2)
  assert.deepEqual(await moving, bestMove(game, options))
  assert.deepEqual(await solving, solve(new TicTacToe(3)))
  assert.equal(getEventListeners(signal, 'abort').length, 0)
  // A refusal too takes it off.
  await assert.rejects(bestMoveAsync(won(), null, { signal }), { kind: 'game_over' })
  assert.equal(getEventListeners(signal, 'abort').length, 0)
  // No signal, null, or an object without one: the plain calls.
  for (const control of [undefined, null, {}, { signal: undefined }, { signal: null }]) {
    assert.deepEqual(await bestMoveAsync(game, options, control), bestMove(game, options))
  }
})

test('a signal aborted before the call: the arguments checked first, then its reason', async () => {
  const aborted = AbortSignal.abort()
  const game = new TicTacToe(3)
  // A bad argument throws at once, as without the signal.
  assert.throws(() => bestMoveAsync(game, { simulations: -1 }, { signal: aborted }), RangeError)
  assert.throws(() => solveAsync(game, { maxNodes: 'all' }, { signal: aborted }), TypeError)
  assert.throws(() => solveAsync('x', null, { signal: aborted }), TypeError)
  await assert.rejects(bestMoveAsync(game, null, { signal: aborted }), (error) => error === aborted.reason)
  assert.equal(aborted.reason.name, 'AbortError')
  const reason = new Error('no time')
  await assert.rejects(solveAsync(game, null, { signal: AbortSignal.abort(reason) }), (error) => error === reason)
  // Even a search that would be refused rejects with the reason: it was not wanted.
  await assert.rejects(bestMoveAsync(won(), null, { signal: aborted }), (error) => error === aborted.reason)
})

test('a last argument that is not { signal } is refused with a TypeError naming it', () => {
  const game = new TicTacToe(3)
  const cases = [
    [5, 'options must be an object of Abortable (signal), not the number 5'],
    ['signal', 'options must be an object of Abortable (signal), not the string "signal"'],
    [[], 'options must be an object of Abortable (signal), not an array'],
    [{ sigal: AbortSignal.abort() }, "Abortable has no option 'sigal' (did you mean 'signal'?): its options are signal"],
    [{ signal: true }, "the option 'signal' must be an AbortSignal, not true"],
    [{ signal: new AbortController() }, "the option 'signal' must be an AbortSignal, not an instance of AbortController"],
    [{ signal: { aborted: true } }, "the option 'signal' must be an AbortSignal, not an object"],
  ]
  for (const call of [bestMoveAsync, solveAsync]) {
    for (const [control, message] of cases) {
      assert.throws(() => call(game, null, control), (error) => {
        assert.ok(error instanceof TypeError)
        assert.equal(error.code, 'ERR_INVALID_ARG_TYPE')
        assert.equal(error.message, message)
        return true
      })
    }
  }
  // Among the search's options, as Node's own calls take it: pointed to the last argument.
  const { signal } = new AbortController()
  assert.throws(() => bestMoveAsync(game, { signal }), {
    name: 'TypeError',
    message: "MoveOptions has no option 'signal' (an AbortSignal goes in the async searches' last argument: { signal }): its options are simulations, seed, maxNodes, perfect, book",
  })
})

// Run in a process whose libuv pool has a single thread: each search is aborted 50 ms in, and
// the small solve after it can only run once the aborted search has freed that thread. A search
// the abort did not end would run for minutes (the tree search: 50 million simulations; the
// solve: Connect Four without its book), past the test's limit. (A perfect move's solve stops
// alike: the Rust tests show best_move_until's stop reaches it; from here its budget, about a
// second, would end it anyway.)
const ABORTED = `
import { TicTacToe, Rules, bestMoveAsync, solveAsync } from ${JSON.stringify(new URL('../index.js', import.meta.url).href)}

async function aborted(start) {
  const controller = new AbortController()
  const searching = start(controller.signal)
  setTimeout(() => controller.abort(new Error('enough')), 50)
  const outcome = await searching.then((value) => 'settled: ' + JSON.stringify(value), (error) => error.message)
  const after = await solveAsync(new TicTacToe(3))
  console.log(outcome, JSON.stringify(after))
}

const gomoku = TicTacToe.fromRules(Rules.GOMOKU)
gomoku.play(7, 7)
await aborted((signal) => bestMoveAsync(gomoku, { simulations: 5e7, perfect: false }, { signal }))
await aborted((signal) => solveAsync(TicTacToe.fromRules(Rules.CONNECT_FOUR), { book: false, maxNodes: 1e15 }, { signal }))
`

test('an abort ends the search itself: the tree search, a solve', async () => {
  const { stdout } = await run(process.execPath, ['--input-type=module', '--eval', ABORTED], {
    env: { ...process.env, UV_THREADPOOL_SIZE: '1' },
    timeout: 60_000,
  })
  const done = '{"winner":0,"plies":9}'
  assert.deepEqual(stdout.trim().split('\n'), [`enough ${done}`, `enough ${done}`])
})
