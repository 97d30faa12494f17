// The async searches' last argument, `{ signal }`: an AbortSignal whose abort rejects the
// search's Promise at once with the signal's reason (as Node's own `{ signal }` calls do) and
// ends the search itself on libuv's pool, which would otherwise run to its end, holding a
// thread of the pool and keeping the process alive.

import { checkOptions, describe, invalid } from './options.js'

/**
 * The AbortSignal of `control` (the last argument of an async search, `Abortable` options),
 * checked: `undefined` when it is left out (undefined or null) or has no signal; a TypeError
 * for anything but such options with an AbortSignal.
 */
function signalOf(control) {
  checkOptions(control, 'Abortable')
  const signal = control?.signal
  if (signal === undefined || signal === null) return undefined
  if (!(signal instanceof AbortSignal)) {
    throw invalid(`the option 'signal' must be an AbortSignal, not ${describe(signal)}`)
  }
  return signal
}

/**
 * `search` (a guarded `bestMoveAsync` or `solveAsync`, whose third argument is a native
 * `Cancel`) taking `(game, options, { signal })`: without a signal, the search as it is; with
 * one, a `Cancel` made for the call, cancelled when the signal aborts, and a Promise that
 * rejects then with `signal.reason` (at once, however far the search got). A signal already
 * aborted still has the arguments checked (a bad one throws, as without it), then rejects.
 */
export function abortable(search, Cancel) {
  return function abortableSearch(game, options, control) {
    const signal = signalOf(control)
    if (signal === undefined) return search(game, options)
    const cancel = new Cancel()
    if (signal.aborted) cancel.cancel()
    const searching = search(game, options, cancel)
    return new Promise((resolve, reject) => {
      const abort = () => {
        cancel.cancel()
        reject(signal.reason)
      }
      if (signal.aborted) reject(signal.reason)
      else signal.addEventListener('abort', abort, { once: true })
      // The listener off before the caller hears: nothing of the call is left on the signal.
      // Settled after an abort, the Promise is already rejected, and this changes nothing.
      const settle = (finish) => (outcome) => {
        signal.removeEventListener('abort', abort)
        finish(outcome)
      }
      searching.then(settle(resolve), settle(reject))
    })
  }
}
