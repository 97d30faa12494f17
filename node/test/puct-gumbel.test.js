// Gumbel MuZero's search from Node (`new Puct(batch, { gumbel: n })`): the visits, the improved
// policy and the action selected against the algorithm written plainly below from mctx's
// `gumbel_muzero_policy` (no noise); the shapes and invariants of `policy()` and
// `selected()`; noise seeded; refusals that change nothing. tests/python/test_puct_gumbel.py's
// checks, ported.

import assert from 'node:assert/strict'
import { test } from 'node:test'

import { Puct, Rules } from '../index.js'
import { apply, counting, legalActions, node, randomBatch, row, simulate } from './puct-model.js'

const sum = (values) => [...values].reduce((a, b) => a + b, 0)
/** The first of `actions` (ascending) of highest `score`: Python's max with ties to the lowest. */
const argmax = (actions, score) => actions.reduce((best, a) => (score(a) > score(best) ? a : best))

/** mctx's qtransform_completed_by_mix_value at `at` on a board of `actions` actions: Q where
 * visited, the mixed value elsewhere (the illegal actions too, never visited), rescaled to
 * [0, 1] over every action, times (50 + the most visits) * 0.1; the legal actions' kept. */
function completed(at, actions) {
  const legal = [...at.priors.keys()]
  const n = (a) => at.visits.get(a) ?? 0
  const q = (a) => at.values.get(a) / n(a)
  const prior = (a) => Math.max(2 ** -126, at.priors.get(a)) // float32's smallest normal
  const visited = legal.filter(n)
  const sumProbs = sum(visited.map(prior))
  const weighted = sum(visited.map((a) => (prior(a) * q(a)) / sumProbs))
  const mixed = (at.value + sum(at.visits.values()) * weighted) / (sum(at.visits.values()) + 1)
  const done = Array.from({ length: actions }, (_, a) => (n(a) ? q(a) : mixed))
  const [low, high] = [Math.min(...done), Math.max(...done)]
  const scale = (50 + Math.max(0, ...legal.map(n))) * 0.1
  return new Map(legal.map((a) => [a, scale * ((done[a] - low) / Math.max(high - low, 1e-8))]))
}

const logit = (at, a) => (at.priors.get(a) ? Math.log(at.priors.get(a)) : -Infinity)

/** The improved policy at `at`: the softmax of the log priors + completed Q. */
function improved(at, actions) {
  const z = new Map([...completed(at, actions)].map(([a, c]) => [a, c + logit(at, a)]))
  const top = Math.max(...z.values())
  const total = sum([...z.values()].map((x) => Math.exp(x - top)))
  return new Map([...z].map(([a, x]) => [a, Math.exp(x - top) / total]))
}

/** Below the root: the action whose visits lag most behind the improved policy. */
function interior(at, actions) {
  const [pi, total] = [improved(at, actions), 1 + sum(at.visits.values())]
  return argmax([...at.priors.keys()], (a) => pi.get(a) - (at.visits.get(a) ?? 0) / total)
}

/** At the root: of the actions searched `visits` times, the highest logit + completed Q. */
function considered(at, searched, visits, actions) {
  const [c, top] = [completed(at, actions), Math.max(...[...at.priors.keys()].map((a) => logit(at, a)))]
  const eligible = [...at.priors.keys()].filter((a) => (searched.get(a) ?? 0) === visits)
  return argmax(eligible, (a) => Math.max(-1e9, 0 + (logit(at, a) - top) + c.get(a)))
}

/** mctx's get_sequence_of_considered_visits. */
function sequence(most, simulations) {
  if (most <= 1) return Array.from({ length: simulations }, (_, i) => i)
  const [log2max, visits, out] = [Math.ceil(Math.log2(most)), Array(most).fill(0), []]
  for (let kept = most; out.length < simulations; kept = Math.max(2, Math.floor(kept / 2))) {
    for (let i = 0; i < Math.max(1, Math.floor(simulations / (log2max * kept))); i++) {
      out.push(...visits.slice(0, kept))
      for (let a = 0; a < kept; a++) visits[a]++
    }
  }
  return out.slice(0, simulations)
}

/** The visits, the improved policy and the action selected of a search from `game`. */
function model(game, actions, simulations, most) {
  const [root, searched] = [node(game, actions), new Map()]
  for (const due of sequence(Math.min(most, root.priors.size), simulations)) {
    const action = considered(root, searched, due, actions)
    searched.set(action, (searched.get(action) ?? 0) + 1)
    simulate(root, game, action, actions, (at) => interior(at, actions))
  }
  const pi = improved(root, actions)
  const visits = Array.from({ length: actions }, (_, a) => root.visits.get(a) ?? 0)
  const policy = Array.from({ length: actions }, (_, a) => pi.get(a) ?? 0)
  return { visits, policy, selected: considered(root, searched, Math.max(...searched.values()), actions) }
}

for (const [name, rules] of [['tic-tac-toe', Rules.ticTacToe(3)], ['Connect Four', Rules.CONNECT_FOUR]]) {
  for (const [plies, simulations, most] of [[0, 30, 16], [3, 24, 4], [2, 9, 1]]) {
    test(`a search is the model's: ${name}, ${plies} plies in, ${simulations} simulations, ${most} considered`, () => {
      const batch = randomBatch(rules, 4, plies)
      const actions = batch.actions
      const puct = new Puct(batch, { gumbel: most })
      assert.equal(puct.gumbel, most)
      const { visits } = puct.run(counting(actions), simulations)
      const [policy, selected] = [puct.policy(), puct.selected()]
      assert.ok(policy instanceof Float32Array && policy.length === 4 * actions)
      assert.ok(selected instanceof Int32Array && selected.length === 4)
      for (let g = 0; g < 4; g++) {
        const game = batch.game(g)
        if (game.status !== 'in_progress') {
          assert.ok(row(visits, actions, g).every((v) => v === 0) && row(policy, actions, g).every((p) => p === 0))
          assert.equal(selected[g], -1)
          continue
        }
        const expected = model(game, actions, simulations, most)
        assert.deepEqual(row(visits, actions, g), expected.visits)
        row(policy, actions, g).forEach((p, a) => assert.ok(Math.abs(p - expected.policy[a]) < 1e-6, `${a}: ${p} against ${expected.policy[a]}`))
        assert.equal(selected[g], expected.selected)
      }
    })
  }
}

test('policy rows are distributions over the legal actions; selected is among the most visited', () => {
  // 5 plies into tic-tac-toe: some games are over (checked to be, below).
  const batch = randomBatch(Rules.ticTacToe(3), 16, 5)
  assert.ok(batch.terminated().some((t) => t) && batch.terminated().some((t) => !t))
  for (const gumbel of [16, 4, 0]) {
    const puct = new Puct(batch, { gumbel })
    assert.deepEqual([...puct.policy()], Array(16 * 9).fill(0), 'no tree yet')
    assert.deepEqual([...puct.selected()], Array(16).fill(-1), 'no search yet')
    const { visits } = puct.run(counting(9), 20)
    const [policy, selected] = [puct.policy(), puct.selected()]
    for (let g = 0; g < 16; g++) {
      const legal = legalActions(batch.game(g))
      const p = row(policy, 9, g)
      if (!legal.length) {
        assert.ok(p.every((x) => x === 0) && selected[g] === -1)
        continue
      }
      // A tree of PUCT's search has an improved policy and an action selected too.
      assert.ok(Math.abs(sum(p) - 1) < 1e-5, `${g}: ${p}`)
      assert.ok(p.every((x, a) => legal.includes(a) || x === 0), `${g}: ${p}`)
      const v = row(visits, 9, g)
      assert.ok(legal.includes(selected[g]) && v[selected[g]] === Math.max(...v), `${g}: ${selected[g]} of ${v}`)
    }
  }
})

test('noise is seeded, and the action selected moves on', () => {
  const batch = randomBatch(Rules.CONNECT_FOUR, 12, 2)
  const noisy = (seed) => {
    const puct = new Puct(batch, { gumbel: 16, seed })
    return [[...puct.run(counting(7), 32, { noise: true }).visits], [...puct.selected()]]
  }
  assert.deepEqual(noisy(5), noisy(5))
  assert.notDeepEqual(noisy(6)[0], noisy(5)[0])
  const puct = new Puct(batch, { gumbel: 16 })
  puct.run(counting(7), 32)
  const chosen = puct.selected()
  assert.ok(chosen.every((a) => a >= 0 && a < 7))
  puct.play(chosen)
  assert.ok(puct.selected().every((a) => a === -1), 'played: no search since')
  puct.run(counting(7), 32)
  assert.ok(puct.selected().every((a) => a >= 0))
  puct.clear()
  assert.ok(puct.selected().every((a) => a === -1), 'cleared')
})

test('refusals change nothing', () => {
  const batch = randomBatch(Rules.CONNECT_FOUR, 3, 1)
  const puct = new Puct(batch, { gumbel: 8 })
  puct.run(counting(7), 16, { noise: true })
  const [policy, selected] = [puct.policy(), puct.selected()]
  const failure = new Error('the network broke')
  assert.throws(() => puct.run(counting(7, { failAt: 4, failWith: failure }), 16, { noise: true }), (e) => e === failure)
  assert.deepEqual(puct.policy(), policy)
  assert.deepEqual(puct.selected(), selected)
  assert.throws(() => { puct.leaves = 2 }, (e) => e instanceof RangeError && /leaves/.test(e.message))
  assert.equal(puct.leaves, 1)
  assert.throws(() => new Puct(batch, { gumbel: 8, leaves: 4 }), (e) => e instanceof RangeError && /leaves/.test(e.message))
  for (const [gumbel, kind] of [[-1, RangeError], [2 ** 32, RangeError], [1.5, TypeError], [NaN, TypeError]]) {
    assert.throws(() => new Puct(batch, { gumbel }), (e) => e instanceof kind && /gumbel/.test(e.message), `${gumbel}`)
  }
  assert.equal(new Puct(batch, { gumbel: 2 ** 32 - 1 }).gumbel, 2 ** 32 - 1)
  assert.equal(new Puct(batch).gumbel, 0)
})
