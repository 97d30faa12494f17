// Every native call of the package goes through `guard`, so that what it throws reaches the
// caller as the package's errors (lib/errors.js), and an argument no call takes as a
// TypeError: the classes' methods, getters, setters, static methods and constructors. A call
// that succeeds costs one JavaScript call more.

import { ERROR_CLASSES, TicTacToeError } from './errors.js'

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
  if (CONVERSION.has(error.code) && !(error instanceof TypeError)) {
    const wrong = new TypeError(error.message)
    wrong.code = 'ERR_INVALID_ARG_TYPE'
    return wrong
  }
  return error
}

/** `call` with whatever it throws refined. */
export function guard(call) {
  return function guarded(...args) {
    try {
      return call.apply(this, args)
    } catch (error) {
      throw refine(error)
    }
  }
}

/** Guards each method, getter and setter of `from` (a prototype, or a class's statics) into `to`. */
function guardMembers(from, to) {
  for (const key of Object.getOwnPropertyNames(from)) {
    if (key === 'constructor' || key === 'prototype' || key === 'length' || key === 'name') continue
    const member = Object.getOwnPropertyDescriptor(from, key)
    if (typeof member.value === 'function') member.value = guard(member.value)
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
 */
export function guardClass(Native) {
  function constructor(...args) {
    if (new.target === undefined) throw new TypeError(`Class constructor ${Native.name} cannot be invoked without 'new'`)
    try {
      return Reflect.construct(Native, args)
    } catch (error) {
      throw refine(error)
    }
  }
  Object.defineProperty(constructor, 'name', { value: Native.name })
  guardMembers(Native.prototype, Native.prototype)
  guardMembers(Native, constructor)
  Object.defineProperty(constructor, 'prototype', { value: Native.prototype, writable: false })
  Object.defineProperty(Native.prototype, 'constructor', { value: constructor, configurable: true, writable: true })
  return constructor
}
