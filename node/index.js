// The package `tictactoe`: the native classes (built by napi-rs from ../node/src, loaded by the
// generated ./native.js) with every call guarded so that refusals are thrown as the package's
// error classes, Rules' constants, and the computer player.

import { inspect } from 'node:util'

import * as native from './native.js'
import { abortable } from './lib/abort.js'
import { guard, guardAsync, guardClass, guardEvaluator } from './lib/guard.js'

export * from './lib/errors.js'

export const TicTacToe = guardClass(native.TicTacToe, {
  new: [1, 'RulesOptions'],
  parse: [1, 'ParseOptions'],
  fromBoard: [1, 'RulesOptions'],
  isValidBoard: [1, 'RulesOptions'],
})
export const Batch = guardClass(native.Batch, { new: [1, 'BatchOptions'], fromRules: [2, 'BatchOptions'] })
export const Rules = guardClass(native.Rules, { new: [1, 'RulesOptions'] })
export const Puct = guardClass(guardEvaluator(native.Puct), { new: [1, 'PuctOptions'] })

// The rule sets people know by name, as constants (as the other faces have them).
Object.defineProperties(Rules, {
  CONNECT_FOUR: { value: Rules.connectFour(), enumerable: true },
  GOMOKU: { value: Rules.gomoku(), enumerable: true },
})

// A game and a rule set as JSON and in the console: their text form (what `TicTacToe.parse`
// reads back), where the native objects, whose state is not in their properties, showed `{}`.
const described = (shown) => ({ value: shown, configurable: true, writable: true })
for (const Class of [TicTacToe, Rules]) {
  Object.defineProperties(Class.prototype, {
    toJSON: described(function toJSON() { return this.toString() }),
    [inspect.custom]: described(function () { return `${Class.name} <${this.toString()}>` }),
  })
}
Object.defineProperty(Batch.prototype, inspect.custom, described(function () {
  return `Batch <${this.count} games, ${this.rules.toString()}>`
}))

// The flag an async search given an AbortSignal reads (internal: not exported).
const Cancel = guardClass(native.Cancel)

/** A move `[row, col]` for the player to move, as the computer player chooses it. */
export const bestMove = guard(native.bestMove, [1, 'MoveOptions'])
/** The value `{ winner, plies }` of the position under perfect play. */
export const solve = guard(native.solve, [1, 'SolveWith'])
/**
 * `bestMove` on libuv's thread pool: a Promise of the same move, the event loop free meanwhile;
 * `{ signal }` last, an AbortSignal that ends it.
 */
export const bestMoveAsync = abortable(guardAsync(native.bestMoveAsync, [1, 'MoveOptions']), Cancel)
/**
 * `solve` on libuv's thread pool: a Promise of the same value, the event loop free meanwhile;
 * `{ signal }` last, an AbortSignal that ends it.
 */
export const solveAsync = abortable(guardAsync(native.solveAsync, [1, 'SolveWith']), Cancel)
/** Every name a refusal's `kind` may have. */
export const errorKinds = native.errorKinds
/** The largest board side, 65535. */
export const MAX_N = native.MAX_N
/** The package's version. */
export const VERSION = native.VERSION
