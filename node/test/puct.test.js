// Puct from Node: the visits against the textbook PUCT (./puct-model.js), fresh and with kept
// subtrees; the evaluator's exception thrown as itself with everything as it was; its answers
// read from any float array and refused when wrong; the refusals of arguments; noise; the
// memory bound. The model is tests/python/test_puct.py's, ported.

import assert from 'node:assert/strict'
import { test } from 'node:test'

import {
  Batch, Puct, Rules, BatchError, BadEvaluationError, ColumnFullError, LimitExceededError,
} from '../index.js'
import { C_PUCT, apply, counting, randomBatch, row, state, textbook } from './puct-model.js'

const RULES = [
  ['tic-tac-toe', Rules.ticTacToe(3)],
  ['Connect Four', Rules.CONNECT_FOUR],
  ['4 x 5, three in a row, gravity', new Rules(4, { cols: 5, k: 3, gravity: true })],
]

for (const [name, rules] of RULES) {
  for (const plies of [0, 3]) {
    test(`the visits are the textbook algorithm's: ${name}, ${plies} plies in`, () => {
      const batch = randomBatch(rules, 4, plies)
      const actions = batch.actions
      const { visits, values } = new Puct(batch, { cPuct: C_PUCT }).run(counting(actions), 40)
      assert.ok(visits instanceof Int32Array && visits.length === 4 * actions)
      assert.ok(values instanceof Float32Array && values.length === 4)
      for (let g = 0; g < 4; g++) {
        const game = batch.game(g)
        if (game.status !== 'in_progress') {
          assert.deepEqual(row(visits, actions, g), Array(actions).fill(0))
          continue
        }
        const expected = textbook(game, actions, 40)
        assert.deepEqual(row(visits, actions, g), expected.visits)
        assert.ok(Math.abs(values[g] - expected.value) < 1e-6, `${values[g]} against ${expected.value}`)
      }
    })
  }
}

for (const [name, rules] of RULES.slice(0, 2)) {
  test(`kept subtrees grow on as the textbook's: ${name}`, () => {
    const batch = randomBatch(rules, 3, 1)
    const actions = batch.actions
    const puct = new Puct(batch)
    const games = Array.from({ length: 3 }, (_, g) => batch.game(g))
    const { visits } = puct.run(counting(actions), 30)
    const chosen = puct.choose(visits, 0)
    const roots = games.map((game) => textbook(game, actions, 30).root)
    puct.play(chosen)
    const kept = puct.run(counting(actions), 0).visits
    for (let g = 0; g < 3; g++) {
      const sum = row(kept, actions, g).reduce((a, b) => a + b, 0)
      assert.equal(sum, visits[g * actions + chosen[g]] - 1, 'the subtree of the move played is kept')
    }
    const grown = puct.run(counting(actions), 25).visits
    for (let g = 0; g < 3; g++) {
      const child = roots[g].children.get(chosen[g])
      const expected = textbook(apply(games[g], chosen[g]), actions, 25, child)
      assert.deepEqual(row(grown, actions, g), expected.visits)
    }
  })
}

test("the evaluator's exception is thrown as itself, and changes nothing", () => {
  const failingBatch = randomBatch(Rules.CONNECT_FOUR, 3, 2)
  const cleanBatch = randomBatch(Rules.CONNECT_FOUR, 3, 2)
  const failing = new Puct(failingBatch, { seed: 5 })
  const clean = new Puct(cleanBatch, { seed: 5 })
  // Trees kept from a first move, so that the failure has old nodes to spoil.
  const { visits } = failing.run(counting(7), 30)
  clean.run(counting(7), 30)
  const actions = failing.choose(visits, 0)
  failing.play(actions)
  clean.play(actions)
  const before = state(failingBatch)
  // Errors with a kind or a code of their own are not taken for the package's refusals.
  const odd = Object.assign(new Error('odd'), { kind: 'occupied', code: 'InvalidArg' })
  for (const [failAt, failWith] of [[0, new RangeError('the network broke')], [4, odd], [2, 42], [1, null]]) {
    assert.throws(() => failing.run(counting(7, { failAt, failWith }), 20, { noise: true }), (e) => e === failWith)
    assert.deepEqual(state(failingBatch), before)
  }
  // Thrown while the answer is read: by a getter, by a proxy, by an array's element; with a
  // kind and a code that the package's own refusals have, and still not taken for one.
  const mine = Object.assign(new Error('mine'), { kind: 'game_over', code: 'NumberExpected' })
  const element = (n) => Object.defineProperty(new Array(n).fill(0), 0, { get() { throw mine } })
  const reads = [
    (n) => ({ get logits() { throw mine }, values: new Float32Array(n) }),
    (n) => ({ logits: new Float32Array(n * 7), get values() { throw mine } }),
    () => new Proxy({}, { get() { throw mine } }),
    (n) => ({ logits: element(n * 7), values: new Float32Array(n) }),
    (n) => ({ logits: new Float32Array(n * 7), values: new Proxy(new Array(n).fill(0), { get() { throw mine } }) }),
  ]
  for (const answer of reads) {
    assert.throws(() => failing.run((o, l, n) => answer(n), 20), (e) => e === mine)
    assert.deepEqual(state(failingBatch), before)
  }
  assert.equal(Object.getPrototypeOf(mine), Error.prototype, 'the exception is left as it was')
  assert.equal(Object.getPrototypeOf(odd), Error.prototype)
  const after = failing.run(counting(7), 20, { noise: true })
  const expected = clean.run(counting(7), 20, { noise: true })
  assert.deepEqual([...after.visits], [...expected.visits])
  assert.deepEqual([...after.values], [...expected.values])
  assert.deepEqual([...failing.choose(after.visits)], [...clean.choose(expected.visits)], 'the seed draws as they were')
})

test('answers of any float array are read, and wrong ones refused with nothing changed', () => {
  const batch = randomBatch(Rules.ticTacToe(3), 2, 1)
  const reference = new Puct(batch).run(counting(9), 10).visits
  for (const as of [Float64Array, Array]) {
    assert.deepEqual([...new Puct(batch).run(counting(9, { as }), 10).visits], [...reference])
  }
  // A proxy that refuses every key but the answer's own (and logs them) is read for those two
  // alone, once each; so is a thenable that is not a Promise, an object like any other.
  const keys = []
  const strict = (answer) => new Proxy(answer, {
    get(target, key) {
      keys.push(key)
      if (key !== 'logits' && key !== 'values') throw new Error(`unknown key ${String(key)}`)
      return target[key]
    },
  })
  const proxied = counting(9)
  assert.deepEqual([...new Puct(batch).run((o, l, n) => strict(proxied(o, l, n)), 10).visits], [...reference])
  assert.deepEqual(keys.slice(0, 2), ['logits', 'values'])
  assert.equal(keys.length, 2 * 11, 'two reads a call, one root call and ten simulations')
  const thenable = counting(9)
  const then = () => {}
  assert.deepEqual([...new Puct(batch).run((o, l, n) => ({ ...thenable(o, l, n), then }), 10).visits], [...reference])
  const puct = new Puct(batch)
  const zeros = (n) => ({ logits: new Float32Array(n * 9), values: new Float32Array(n) })
  const wrong = [
    [(o, l, n) => ({ ...zeros(n), logits: new Float32Array(n * 8) }), (e) => e instanceof BatchError && e.kind === 'length_mismatch' && e.expected === 18 && /logits have length 16, expected 18 \(2 leaves \* 9 actions\)/.test(e.message)],
    [(o, l, n) => ({ ...zeros(n), values: [0, 0, 0] }), (e) => e instanceof BatchError && e.length === 3 && /values have length 3, expected 2/.test(e.message)],
    [(o, l, n) => ({ ...zeros(n), values: new Float32Array(n).fill(2) }), (e) => e instanceof BadEvaluationError && e.kind === 'bad_evaluation' && e.leaf === 0 && e.value === 2],
    [(o, l, n) => ({ ...zeros(n), values: new Float32Array(n).fill(NaN) }), BadEvaluationError],
    [(o, l, n) => ({ ...zeros(n), logits: new Float32Array(n * 9).fill(NaN) }), (e) => e instanceof BadEvaluationError && /logits/.test(e.message)],
    [(o, l, n) => ({ ...zeros(n), logits: new Float32Array(n * 9).fill(-Infinity) }), BadEvaluationError],
    // What came back is named.
    [() => null, (e) => e instanceof TypeError && /^the evaluator must return an object \{ logits, values \}, not null$/.test(e.message)],
    [() => undefined, (e) => e instanceof TypeError && /, not undefined$/.test(e.message)],
    [() => 0.5, (e) => e instanceof TypeError && /, not a number$/.test(e.message)],
    [(o, l, n) => [zeros(n).logits, zeros(n).values], (e) => e instanceof TypeError && /, not an array$/.test(e.message)],
    [async (o, l, n) => zeros(n), (e) => e instanceof TypeError && /, not a Promise \(it must answer synchronously\)$/.test(e.message)],
    [(o, l, n) => ({ values: zeros(n).values }), (e) => e instanceof TypeError && /logits/.test(e.message)],
    [(o, l, n) => ({ ...zeros(n), values: ['a', 'b'] }), (e) => e instanceof TypeError && /values/.test(e.message)],
  ]
  for (const [evaluate, check] of wrong) assert.throws(() => puct.run(evaluate, 3), check)
  // The refused searches left no trace: the next gives what a fresh search gives.
  assert.deepEqual([...puct.run(counting(9), 10).visits], [...reference])
})

test('the evaluator may read the batch but not change it, nor call the search', () => {
  const batch = randomBatch(Rules.CONNECT_FOUR, 2, 0)
  const puct = new Puct(batch)
  assert.equal(puct.batch, batch, 'the batch given')
  const before = state(batch)
  const stepping = (o, l, n) => {
    batch.step(new Int32Array([0, 0]))
    return { logits: new Float32Array(n * 7), values: new Float32Array(n) }
  }
  assert.throws(() => puct.run(stepping, 4), (e) => e instanceof TypeError &&
    e.message === 'this object is in use by a call still running (a search\'s evaluator may not use its batch or its search)')
  // Calls into the search from its own evaluator are refused (the answer then valid).
  for (const call of [() => puct.clear(), () => puct.choose(new Int32Array(14), 0), () => { puct.leaves = 2 }]) {
    let refused = null
    const reentering = (o, l, n) => {
      try {
        call()
      } catch (error) {
        refused = error
      }
      return { logits: new Float32Array(n * 7), values: new Float32Array(n) }
    }
    puct.run(reentering, 4)
    assert.ok(refused instanceof TypeError && /^this object is in use by a call still running/.test(refused.message) &&
      /borrowed/.test(refused.cause.message), `${refused}`)
    assert.equal(puct.leaves, 1)
  }
  assert.deepEqual(state(batch), before)
  const reading = (o, l, n) => {
    assert.deepEqual([...batch.terminated()], [0, 0])
    return { logits: new Float32Array(n * 7), values: new Float32Array(n) }
  }
  puct.clear()
  assert.equal(puct.run(reading, 4).visits.reduce((a, b) => a + b, 0), 8)
})

test('play keeps subtrees, and a refused action plays nothing', () => {
  const batch = randomBatch(Rules.CONNECT_FOUR, 2, 0)
  const puct = new Puct(batch)
  for (let i = 0; i < 6; i++) puct.play(new BigInt64Array([0n, 1n]))
  const full = state(batch)
  assert.throws(() => puct.play(new Int32Array([2, 1])), (e) => e instanceof ColumnFullError && e.index === 1)
  assert.throws(() => puct.play(new Int32Array([2])), BatchError)
  assert.deepEqual(state(batch), full)
})

test('clear starts afresh; kept trees grow on', () => {
  const batch = randomBatch(Rules.CONNECT_FOUR, 3, 2)
  const puct = new Puct(batch)
  const first = puct.run(counting(7), 30).visits
  const sum = (visits) => visits.reduce((a, b) => a + b, 0)
  assert.equal(sum(puct.run(counting(7), 30).visits), 2 * sum(first))
  puct.clear()
  assert.deepEqual([...puct.run(counting(7), 30).visits], [...first])
})

test('noise is seeded', () => {
  const batch = randomBatch(Rules.CONNECT_FOUR, 4, 1)
  const noisy = (seed) => [...new Puct(batch, { seed }).run(counting(7), 40, { noise: true }).visits]
  assert.deepEqual(noisy(1), noisy(1))
  assert.notDeepEqual(noisy(1), noisy(2))
  assert.notDeepEqual(noisy(1), [...new Puct(batch).run(counting(7), 40).visits])
})

test("the batch's threads change nothing but the time", () => {
  // 600 games: the pool splits a call into parts of 256 games at least.
  const played = (threads) => {
    const batch = randomBatch(Rules.CONNECT_FOUR, 600, 2)
    batch.threads = threads
    const puct = new Puct(batch, { seed: 9 })
    const seen = []
    for (let i = 0; i < 3; i++) {
      const { visits, values } = puct.run(counting(7), 12, { noise: true })
      const actions = puct.choose(visits, 1)
      seen.push([...visits], [...values], [...actions])
      puct.play(actions)
    }
    return seen
  }
  const one = played(1)
  assert.deepEqual(played(3), one)
})

test('settings, arguments and the memory bound are checked', () => {
  const batch = randomBatch(Rules.CONNECT_FOUR, 2, 0)
  assert.throws(() => new Puct(batch, { cPuct: -1 }), (e) => e instanceof RangeError && /^cPuct is out of its range: -1 is not a finite number >= 0$/.test(e.message))
  assert.throws(() => new Puct(batch, { dirichletAlpha: 0 }), RangeError)
  assert.throws(() => new Puct(batch, { dirichletFraction: 2 }), RangeError)
  assert.throws(() => new Puct(batch, { seed: 0.5 }), TypeError)
  assert.throws(() => new Puct(batch, { maxBytes: -1 }), RangeError)
  assert.throws(() => new Puct({}), TypeError)
  const puct = new Puct(batch)
  assert.throws(() => puct.run('not a function', 1), TypeError)
  assert.throws(() => puct.run(counting(7), -1), RangeError)
  assert.throws(() => puct.run(counting(7), 1.5), TypeError)
  const needed = puct.bytesNeeded(100)
  assert.ok(needed > puct.bytesNeeded(10))
  const small = new Puct(batch, { maxBytes: needed - 1 })
  assert.throws(() => small.run(counting(7), 100), (e) => e instanceof LimitExceededError && e.requested === needed && e.limit === needed - 1)
  assert.equal(small.run(counting(7), 10).visits.reduce((a, b) => a + b, 0), 20)
  assert.throws(() => small.choose(new Int32Array(14), -1), (e) => e instanceof RangeError && /temperature/.test(e.message))
  assert.throws(() => small.choose(new Int32Array(13), 0), (e) => e instanceof BatchError && e.expected === 14)
  assert.throws(() => small.choose(new Int32Array(14).fill(-1), 0), RangeError)
})

test('several leaves a step: the same simulations in fewer, larger calls; leaves checked', () => {
  const batch = randomBatch(Rules.CONNECT_FOUR, 3, 1)
  const sizes = []
  const one = counting(7)
  const four = counting(7)
  const sized = (observation, legal, leaves) => {
    sizes.push(leaves)
    return four(observation, legal, leaves)
  }
  assert.deepEqual(new Puct(batch, { leaves: 1 }).run(one, 60).visits, new Puct(batch).run(counting(7), 60).visits)
  const { visits } = new Puct(batch, { leaves: 4 }).run(sized, 60)
  for (let g = 0; g < 3; g++) assert.equal(visits.slice(g * 7, (g + 1) * 7).reduce((a, b) => a + b, 0), 60)
  assert.ok(Math.max(...sizes) <= 3 * 4 && Math.max(...sizes.slice(1)) > 3, `${sizes}`)
  assert.ok(four.calls < one.calls / 2, `${four.calls} calls against ${one.calls}`)
  // The message names the value as given.
  for (const [leaves, message] of [[0, /^leaves must be an integer from 1 to 4294967295, not 0$/], [-1, /^leaves must be an integer from 1 to 4294967295, not -1$/], [2 ** 32, /^leaves must be an integer from 1 to 4294967295, not 4294967296$/]]) {
    assert.throws(() => new Puct(batch, { leaves }), (e) => e instanceof RangeError && message.test(e.message), `${leaves}`)
  }
  assert.throws(() => new Puct(batch, { leaves: 2.5 }), TypeError)
  // Settable between searches; a refusal changes nothing.
  const changed = new Puct(batch)
  assert.equal(changed.leaves, 1)
  changed.leaves = 4
  assert.throws(() => { changed.leaves = 0 }, (e) => e instanceof RangeError && /leaves/.test(e.message))
  assert.equal(changed.leaves, 4)
  assert.deepEqual(changed.run(counting(7), 60).visits, visits)
})

test('choose at temperature 0 is the argmax (ties to the lowest); -1 for finished games', () => {
  const batch = randomBatch(Rules.CONNECT_FOUR, 3, 0)
  const puct = new Puct(batch)
  const { visits } = puct.run(counting(7), 50)
  const argmax = (g) => row(visits, 7, g).reduce((best, v, a, all) => (v > all[best] ? a : best), 0)
  assert.deepEqual([...puct.choose(visits, 0)], [0, 1, 2].map(argmax))
  assert.deepEqual([...puct.choose(new Int32Array([0, 5, 5, 1, 0, 0, 0, ...Array(14).fill(0)]), 0)], [1, -1, -1])
  const finished = randomBatch(Rules.ticTacToe(3), 1, 9)
  assert.deepEqual([...finished.terminated()], [1])
  const done = new Puct(finished)
  const searched = done.run(counting(9), 5)
  assert.ok(searched.visits.every((v) => v === 0))
  assert.deepEqual([...done.choose(searched.visits)], [-1])
  assert.ok([0, -1].includes(searched.values[0]))
})
