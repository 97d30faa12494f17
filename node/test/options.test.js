// Options objects: a key no call reads is refused (never skipped for the default), options that
// are not an object are refused, and a value of the wrong type is named in JavaScript's words;
// every refusal before anything changes. The table of keys (lib/options.js) is checked against
// the interfaces napi-rs generates (native.d.ts).

import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { test } from 'node:test'

import {
  TicTacToe, Batch, Rules, Puct, bestMove, solve, bestMoveAsync, solveAsync,
} from '../index.js'
import { OPTIONS } from '../lib/options.js'

// napi-rs's declarations, and the package's own (the async searches' last argument).
const DECLARED = ['../native.d.ts', '../index.d.ts'].map((file) => readFileSync(new URL(file, import.meta.url), 'utf8')).join('\n')

/** The keys of the interface `name` as the declarations declare them. */
function declaredKeys(name) {
  const body = new RegExp(`export interface ${name} \\{\\n([\\s\\S]*?)\\n\\}`).exec(DECLARED)
  assert.ok(body, `the declarations declare ${name}`)
  return [...body[1].matchAll(/^ {2}(\w+)\?:/gm)].map((key) => key[1])
}

test('the table of options is the declarations\', interface for interface and key for key', () => {
  const taken = new Set([...DECLARED.matchAll(/(?:options|control)\?: (\w+)/g)].map((type) => type[1]))
  assert.deepEqual([...taken].sort(), Object.keys(OPTIONS).sort())
  for (const [name, keys] of Object.entries(OPTIONS)) {
    assert.deepEqual([...keys].sort(), declaredKeys(name).sort(), name)
  }
})

/** Each call that takes options, with the options given; and what it leaves to compare. */
function calls() {
  const game = new TicTacToe(3)
  const batch = new Batch(2, { seed: 1 })
  const puct = new Puct(batch)
  const uniform = (observation, legal, leaves) => ({ logits: new Float32Array(legal.length), values: new Float32Array(leaves) })
  return {
    state: () => [game.marks, [...batch.winners()], [...batch.observation()], puct.bytesNeeded(4)],
    calls: [
      ['new TicTacToe', 'RulesOptions', (options) => new TicTacToe(3, options)],
      ['TicTacToe.parse', 'ParseOptions', (options) => TicTacToe.parse(game.toString(), options)],
      ['TicTacToe.fromBoard', 'RulesOptions', (options) => TicTacToe.fromBoard(['...', '...', '...'], options)],
      ['TicTacToe.isValidBoard', 'RulesOptions', (options) => TicTacToe.isValidBoard(['...', '...', '...'], options)],
      ['new Batch', 'BatchOptions', (options) => new Batch(2, options)],
      ['Batch.fromRules', 'BatchOptions', (options) => Batch.fromRules(2, Rules.CONNECT_FOUR, options)],
      ['new Rules', 'RulesOptions', (options) => new Rules(3, options)],
      ['new Puct', 'PuctOptions', (options) => new Puct(batch, options)],
      ['Puct.run', 'RunOptions', (options) => puct.run(uniform, 4, options)],
      ['bestMove', 'MoveOptions', (options) => bestMove(game, options)],
      ['solve', 'SolveWith', (options) => solve(game, options)],
      ['bestMoveAsync', 'MoveOptions', (options) => bestMoveAsync(game, options)],
      ['solveAsync', 'SolveWith', (options) => solveAsync(game, options)],
      ['bestMoveAsync\'s last argument', 'Abortable', (control) => bestMoveAsync(game, null, control)],
      ['solveAsync\'s last argument', 'Abortable', (control) => solveAsync(game, null, control)],
    ],
  }
}

test('every call refuses a key its options do not have, naming it, and changes nothing', () => {
  const { state, calls: all } = calls()
  const before = state()
  for (const [name, type, call] of all) {
    const message = (e) => e instanceof TypeError && e.code === 'ERR_INVALID_ARG_TYPE' &&
      e.message.startsWith(`${type} has no option 'unheardOf': its options are ${OPTIONS[type].join(', ')}`)
    assert.throws(() => call({ unheardOf: 1 }), message, name)
    // A known key beside it changes nothing: the whole object is refused.
    assert.throws(() => call({ [OPTIONS[type][0]]: undefined, unheardOf: 1 }), message, name)
    for (const wrong of [5, 'seed', true, [1], () => 1, 2n]) {
      assert.throws(() => call(wrong), (e) => e instanceof TypeError &&
        e.message.startsWith(`options must be an object of ${type} (`), `${name} ${typeof wrong}`)
    }
  }
  assert.deepEqual(state(), before)
})

test('every call takes its options left out, null, or with its own keys', async () => {
  const { calls: all } = calls()
  for (const [, , call] of all) {
    for (const options of [undefined, null, {}]) await call(options)
  }
})

test('a refused key is told its near name: camelCase for snake_case, another case, a typo', () => {
  const batch = new Batch(2)
  const hint = (near) => (e) => new RegExp(`no option '\\w+' \\(did you mean '${near}'\\?\\)`).test(e.message)
  assert.throws(() => new Puct(batch, { c_puct: 2 }), hint('cPuct'))
  assert.throws(() => new Puct(batch, { dirichlet_alpha: 0.5 }), hint('dirichletAlpha'))
  assert.throws(() => new Batch(2, { MAXBYTES: 1 }), hint('maxBytes'))
  assert.throws(() => new Batch(2, { thread: 2 }), hint('threads'))
  assert.throws(() => bestMove(new TicTacToe(3), { simulation: 2 }), hint('simulations'))
  // Nothing near: no guess.
  assert.throws(() => new Batch(2, { colour: 1 }), (e) => /no option 'colour': its options/.test(e.message))
})

test('a Rules in the place of options is read as its rules, as before', () => {
  const batch = new Batch(2, Rules.CONNECT_FOUR)
  assert.deepEqual([batch.rows, batch.cols, batch.actions], [6, 7, 7])
  const game = new TicTacToe(6, Rules.CONNECT_FOUR)
  assert.deepEqual([game.rows, game.cols, game.k, game.gravity], [6, 7, 4, true])
})

test('a value of the wrong type is named in JavaScript\'s words, the original as the cause', () => {
  const cases = [
    [() => new Batch(2, { threads: 'two' }), 'the option \'threads\' must be a number, not a string'],
    [() => new Batch(2, { illegal: 3 }), 'the option \'illegal\' must be a string, not a number'],
    [() => new Batch(2, { exact: 'yes' }), 'the option \'exact\' must be a boolean'],
    [() => new Puct(new Batch(2), { cPuct: 'x' }), 'the option \'cPuct\' must be a number, not a string'],
    [() => new Rules(3, { k: () => 4 }), 'the option \'k\' must be a number, not a function'],
    [() => new Batch('x'), 'expected a number, not a string'],
    [() => new Batch(), 'expected a number, not undefined'],
    [() => new Rules(3n), 'expected a number, not a bigint'],
    [() => new TicTacToe(3).move('a', 0, 1), 'expected a number, not a string'],
    [() => bestMove(null), 'expected a TicTacToe'],
    [() => new Puct({}), 'expected a Batch'],
    [() => TicTacToe.fromBoard('...'), 'expected an array'],
    [() => new Batch(2).step(new Int32Array(2), { illegal: 'lose' }), 'expected a typed array'],
    [() => new Puct(new TicTacToe(3)), 'expected a Batch'],
  ]
  for (const [call, message] of cases) {
    assert.throws(call, (e) => e instanceof TypeError && e.code === 'ERR_INVALID_ARG_TYPE' &&
      e.message === message && e.cause instanceof Error && e.cause.message !== message, message)
  }
})

test('a typed array of another kind is named, not in napi-rs\'s words', () => {
  const batch = new Batch(2)
  const cases = [
    [() => batch.step(new Uint32Array([0, 1])), 'expected an Int32Array or a BigInt64Array'],
    [() => batch.step(new Int32Array([0, 1]), new Int8Array(2)), 'expected a typed array of another kind (the typings name it)'],
    [() => batch.randomLegalActions(new BigInt64Array(2)), 'expected a typed array of another kind (the typings name it)'],
    [() => solveAsync('x'), 'expected a TicTacToe'],
    [() => bestMoveAsync({}), 'expected a TicTacToe'],
  ]
  for (const [call, message] of cases) {
    assert.throws(call, (e) => e instanceof TypeError && e.message === message && e.cause instanceof Error, message)
  }
})
