// Every native call of the package goes through `guard`, so that what it throws reaches the
// caller as the package's errors (lib/errors.js), and an argument no call takes as a
// TypeError: the classes' methods, getters, setters, static methods and constructors. A call
// that succeeds costs one JavaScript call more.

import { types } from 'node:util'

import { ERROR_CLASSES, TicTacToeError } from './errors.js'
import { checkOptions, invalid, withOptions } from './options.js'

// The statuses napi-rs gives the errors of arguments it could not convert (a string where a
// number goes, a plain array where a typed array goes): arguments no call takes.
const CONVERSION = new Set([
  'InvalidArg', 'ObjectExpected', 'StringExpected', 'NameExpected', 'FunctionExpected',
  'NumberExpected', 'BooleanExpected', 'ArrayExpected', 'BigintExpected',
])

/** The error the caller sees for an error the native code threw. */
export function refine(error) {
  if (error === null || typeof error !== 'object') return error
  const refusal = typeof error.kind === 'string' ? ERROR_CLASSES[error.kind] : undefined
  if (refusal !== undefined) {
    Object.setPrototypeOf(error, refusal.prototype)
    return error
  }
  if (typeof error.kind === 'string' && !(error instanceof TypeError) && !(error instanceof RangeError)) {
    // A kind the core added after this table: still a refusal (the kinds test names it).
    Object.setPrototypeOf(error, TicTacToeError.prototype)
    return error
  }
  if (CONVERSION.has(error.code)) {
    const wrong = invalid(plainly(error.message))
    wrong.cause = error
    return wrong
  }
  return error
}

// napi-rs's messages for an argument it could not convert, as they name the types: Rust's and
// its own names of JavaScript's. `plainly` says them in JavaScript's words.
const CONVERTED = /^Failed to convert (?:napi value (\w+) |napi value |JavaScript value `(\w+)[^`]*` )into rust type `([^`]+)`(?: on \w+\.(\w+))?$/
const RECOVERED = /^(?:Failed to recover `(?:\w+::)*(\w+)` type from napi value|Unwrap value \[(?:\w+::)*(\w+)\] from class (?:Reference )?failed|Value is not an instance of class `(?:\w+::)*(\w+)`)$/
// A typed array of another kind than the argument takes: napi-rs names the kinds it takes in
// Rust's words, or (for one kind) leaves its message's placeholder unfilled.
const NONE_OF = /^Value is none of these types ((?:`TypedArray<\w+>`, )+)$/
const UNFILLED = /^Expected \$name, got \d+$/
const ARRAYS = {
  i8: 'an Int8Array', u8: 'a Uint8Array', i16: 'an Int16Array', u16: 'a Uint16Array', i32: 'an Int32Array',
  u32: 'a Uint32Array', i64: 'a BigInt64Array', u64: 'a BigUint64Array', f32: 'a Float32Array', f64: 'a Float64Array',
}
const RUST = { f64: 'a number', f32: 'a number', u32: 'a number', i32: 'a number', i64: 'a number', u64: 'a number', bool: 'a boolean', String: 'a string' }
// napi-rs's messages that name nothing of the value: what they mean here.
const FIXED = {
  'Failed to get Array length': 'expected an array',
  'Get TypedArray info failed': 'expected a typed array',
  // A method of an object whose own call is still running: the batch or the search of a
  // `Puct.run`, from its evaluator.
  'The same native value cannot be borrowed mutably while another borrow is active':
    'this object is in use by a call still running (a search\'s evaluator may not use its batch or its search)',
}
const NAPI = {
  Undefined: 'undefined', Null: 'null', Boolean: 'a boolean', Number: 'a number', String: 'a string',
  Object: 'an object', Function: 'a function', Symbol: 'a symbol', BigInt: 'a bigint', External: 'an external value',
}

/**
 * A conversion error's message in JavaScript's words: `the option 'threads' must be a number,
 * not a string` (an options object's key), `expected a number, not a string` (an argument),
 * `expected a TicTacToe` (an object of another class), `expected an array`, `expected an
 * Int32Array or a BigInt64Array` (a typed array of another kind), an object in use by a call
 * still running. Any other message as it is.
 */
function plainly(message) {
  const fixed = FIXED[message]
  if (fixed !== undefined) return fixed
  if (UNFILLED.test(message)) return 'expected a typed array of another kind (the typings name it)'
  const none = NONE_OF.exec(message)
  if (none !== null) {
    const kinds = [...none[1].matchAll(/TypedArray<(\w+)>/g)].map((kind) => ARRAYS[kind[1]] ?? kind[1])
    return `expected ${kinds.join(' or ')}`
  }
  const recovered = RECOVERED.exec(message)
  if (recovered !== null) return `expected a ${recovered[1] ?? recovered[2] ?? recovered[3]}`
  const converted = CONVERTED.exec(message)
  const expected = converted === null ? undefined : RUST[converted[3]]
  if (expected === undefined) return message
  const given = NAPI[converted[1] ?? converted[2]]
  const not = given === undefined ? '' : `, not ${given}`
  const key = converted[4]
  return key === undefined ? `expected ${expected}${not}` : `the option '${key}' must be ${expected}${not}`
}

/**
 * `call` with whatever it throws refined; with `options` (`[at, interfaceName]`), its argument
 * `at` checked first as options of that interface (lib/options.js).
 */
export function guard(call, options) {
  if (options !== undefined) call = withOptions(call, ...options)
  return function guarded(...args) {
    try {
      return call.apply(this, args)
    } catch (error) {
      throw refine(error)
    }
  }
}

/**
 * `call`, which returns a Promise, with what it throws refined (a bad argument, at once, as the
 * synchronous call throws it) and its Promise's rejection refined too: a search on libuv's
 * pool rejects with the native refusal, which must reach the caller as the class the
 * synchronous call throws (`GameOverError`, ...).
 */
export function guardAsync(call, options) {
  const guarded = guard(call, options)
  return function guardedAsync(...args) {
    return guarded.apply(this, args).catch((error) => {
      throw refine(error)
    })
  }
}

/**
 * Guards each method, getter and setter of `from` (a prototype, or a class's statics) into
 * `to`; a method named in `options` checks its options argument first (as `guard`'s).
 */
function guardMembers(from, to, options = {}) {
  for (const key of Object.getOwnPropertyNames(from)) {
    if (key === 'constructor' || key === 'prototype' || key === 'length' || key === 'name') continue
    const member = Object.getOwnPropertyDescriptor(from, key)
    if (typeof member.value === 'function' && !member.value[REFINES]) member.value = guard(member.value, Object.hasOwn(options, key) ? options[key] : undefined)
    if (member.get) member.get = guard(member.get)
    if (member.set) member.set = guard(member.set)
    member.configurable = true
    Object.defineProperty(to, key, member)
  }
}

/**
 * The native class with every call guarded: a constructor of the same name whose instances
 * are the native class's (their prototype is the one guarded in place, so `instanceof` holds
 * for objects the native code makes too, as `TicTacToe.fromRules`'s), with guarded statics.
 * `options` names the calls that take an options object, `[at, interfaceName]` each: the
 * constructor as `new`, static methods by their names.
 */
export function guardClass(Native, options = {}) {
  const { new: created, ...statics } = options
  // Named by a computed key, so that the engine's own messages name the class
  // (`#<TicTacToe>`), not `constructor`.
  const constructor = {
    [Native.name]: function (...args) {
      if (new.target === undefined) throw new TypeError(`Class constructor ${Native.name} cannot be invoked without 'new'`)
      if (created !== undefined) checkOptions(args[created[0]], created[1])
      try {
        // new.target: a subclass's `new` makes an instance of the subclass.
        return Reflect.construct(Native, args, new.target === constructor ? Native : new.target)
      } catch (error) {
        throw refine(error)
      }
    },
  }[Native.name]
  guardMembers(Native.prototype, Native.prototype)
  guardMembers(Native, constructor, statics)
  Object.defineProperty(constructor, 'prototype', { value: Native.prototype, writable: false })
  Object.defineProperty(Native.prototype, 'constructor', { value: constructor, configurable: true, writable: true })
  return constructor
}

/**
 * `Native` with its `run(evaluate, ...)` throwing the evaluator's own exception untouched: the
 * search stops at the evaluator's first exception, so that whatever the native call throws
 * then is that exception, and `refine` must not take it for a refusal (an exception with a
 * `kind` or a `code` of its own would be given a class, or made a TypeError). The evaluator is
 * wrapped to remember what it threw (its answer read inside the wrapper: [readAnswer]), which is
 * rethrown itself: Node-API carries objects back through the native call, but not every
 * primitive (`throw 42`). Anything else is refined.
 */
export function guardEvaluator(Native) {
  const run = Native.prototype.run
  Object.defineProperty(Native.prototype, 'run', {
    configurable: true,
    writable: true,
    value: function run_(evaluate, ...rest) {
      if (typeof evaluate !== 'function') {
        throw invalid('evaluate must be a function (observation, legal, leaves) => { logits, values }')
      }
      checkOptions(rest[1], 'RunOptions')
      let thrown = NOTHING
      const watched = (observation, legal, leaves) => {
        try {
          return readAnswer(evaluate(observation, legal, leaves))
        } catch (error) {
          thrown = error
          throw error
        }
      }
      try {
        return run.call(this, watched, ...rest)
      } catch (error) {
        if (thrown !== NOTHING) throw thrown
        throw refine(error)
      }
    },
  })
  Object.defineProperty(Native.prototype.run, 'name', { value: 'run' })
  Native.prototype.run[REFINES] = true
  return Native
}

/**
 * The evaluator's answer with its parts read here, so that what a getter, a proxy's trap or an
 * array's element getter throws is the evaluator's own exception too: an object answer becomes
 * `{ logits, values }` (its `logits` and `values` read once each, nothing else of it), a part
 * that is an array (or a proxy of one) a copy of its elements, one more pass over a plain
 * array than the native reading's. Anything else (an array, a Promise) is given on as it is,
 * for the native side to refuse naming what it is.
 */
function readAnswer(answer) {
  if (answer === null || typeof answer !== 'object' || Array.isArray(answer) || types.isPromise(answer)) {
    return answer
  }
  const part = (value) => (Array.isArray(value) ? [...value] : value)
  return { logits: part(answer.logits), values: part(answer.values) }
}

/** Marks a method that refines what it throws itself, which `guardMembers` leaves as it is. */
const REFINES = Symbol('refines')

/** What no evaluator throws: a fresh object no code outside this module can reach. */
const NOTHING = Object.freeze({})
