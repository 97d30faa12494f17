// The options objects the package's calls take, by the name of their TypeScript interface
// (native.d.ts, which napi-rs generates from the Rust structs; index.d.ts for the async
// searches' `Abortable`), and the check every such call makes first: a key no call reads (a
// typo, or Python's `c_puct` for `cPuct`) is refused with a TypeError naming it, where the
// native reading would skip it and run with the default. test/options.test.js checks this table
// against the declarations, key for key.

/** Each options interface's keys. */
export const OPTIONS = Object.freeze({
  Abortable: ['signal'],
  BatchOptions: ['rows', 'cols', 'k', 'exact', 'gravity', 'seed', 'threads', 'maxBytes', 'illegal'],
  MoveOptions: ['simulations', 'seed', 'maxNodes', 'perfect', 'book'],
  ParseOptions: ['maxBytes'],
  PuctOptions: ['cPuct', 'dirichletAlpha', 'dirichletFraction', 'seed', 'maxBytes', 'leaves', 'gumbel'],
  RulesOptions: ['k', 'cols', 'exact', 'gravity'],
  RunOptions: ['noise'],
  SolveWith: ['maxNodes', 'book'],
})

/**
 * Refuses `options` (the argument a call of `interfaceName` options was given) unless it is
 * left out (undefined or null) or an object with none but that interface's keys. An object
 * whose keys are not its own (a `Rules`, read through its getters) passes.
 */
export function checkOptions(options, interfaceName) {
  if (options === undefined || options === null) return
  const known = OPTIONS[interfaceName]
  if (typeof options !== 'object' || Array.isArray(options)) {
    throw invalid(`options must be an object of ${interfaceName} (${known.join(', ')}), not ${describe(options)}`)
  }
  for (const key of Object.keys(options)) {
    if (known.includes(key)) continue
    const near = nearest(key, known)
    const hint = near !== undefined
      ? ` (did you mean '${near}'?)`
      // Node's own calls take `{ signal }` among their options: the async searches, last.
      : key === 'signal' ? ' (an AbortSignal goes in the async searches\' last argument: { signal })' : ''
    throw invalid(`${interfaceName} has no option '${key}'${hint}: its options are ${known.join(', ')}`)
  }
}

/** `call` (a function or method) checking its argument `at` as `interfaceName` options first. */
export function withOptions(call, at, interfaceName) {
  return function checked(...args) {
    checkOptions(args[at], interfaceName)
    return call.apply(this, args)
  }
}

/** A TypeError as Node's own argument checks make them. */
export function invalid(message) {
  const error = new TypeError(message)
  error.code = 'ERR_INVALID_ARG_TYPE'
  return error
}

/** A value as a message names it: its type, a number or a short string itself, an object by its class. */
export function describe(value) {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  switch (typeof value) {
    case 'number':
    case 'bigint':
      return `the number ${String(value)}`
    case 'string':
      return `the string ${JSON.stringify(value.length > 20 ? `${value.slice(0, 20)}...` : value)}`
    case 'boolean':
      return String(value)
    case 'undefined':
      return 'undefined'
    case 'object': {
      const made = value.constructor
      return typeof made === 'function' && made !== Object && made.name ? `an instance of ${made.name}` : 'an object'
    }
    default:
      return `a ${typeof value}`
  }
}

/**
 * The known key `key` most likely stands for: the same in camelCase (`c_puct`) or in another
 * case, else the one fewest edits away if that is at most two (`thread`).
 */
function nearest(key, known) {
  const camel = key.replace(/_([a-z])/g, (_, letter) => letter.toUpperCase()).toLowerCase()
  const same = known.find((name) => name.toLowerCase() === camel)
  if (same !== undefined) return same
  let best
  let fewest = 3
  for (const name of known) {
    const edits = distance(key.toLowerCase(), name.toLowerCase())
    if (edits < fewest) [best, fewest] = [name, edits]
  }
  return best
}

/** The edits (a letter added, removed or changed) between `a` and `b`. */
function distance(a, b) {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const next = [i]
    for (let j = 1; j <= b.length; j++) {
      next[j] = Math.min(row[j] + 1, next[j - 1] + 1, row[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1))
    }
    row = next
  }
  return row[b.length]
}
