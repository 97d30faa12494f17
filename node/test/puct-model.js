// The helpers of the Puct tests: the hashed network the searches are given, and the textbook
// PUCT written plainly (a tree of plain objects, recursion, a copy of the game a move) that
// their visits are checked against, as tests/python/test_puct.py has them.

import assert from 'node:assert/strict'

import { Batch } from '../index.js'

export const C_PUCT = 1.25

// Fixed weights of the hashed network (an LCG, so that every run sees the same network).
const WEIGHTS = (() => {
  let state = 7
  return Array.from({ length: 2 * 6 * 7 * 2 }, () => {
    state = (state * 1103515245 + 12345) % 2 ** 31
    return 1 + (state % (2 ** 20 - 1))
  })
})()

/** Logits and value of one position's planes (flags): a deterministic function of them. Values
 * are any float32 in [-1, 1] (multiples of 1/1024 scaled by 0.9973), one in 8 below 2^-30 in
 * magnitude as a network's tanh gives them near 0: both sides sum the same values in the same
 * order, and must agree on every tie. */
function hashed(planes, actions) {
  let h = 0
  for (let i = 0; i < planes.length; i++) h += planes[i] * WEIGHTS[i]
  const logits = Array.from({ length: actions }, (_, a) => ((h * 7 + a * 13) % 29) / 7 - 2)
  const grid = (h % 2049) / 1024 - 1
  return { logits, value: Math.fround(Math.floor(h / 2048) % 8 === 0 ? grid * 1e-12 : grid * 0.9973) }
}

/** The evaluator handed to the search: `hashed` leaf by leaf, counting calls, throwing
 * `failWith` on the call numbered `failAt`. */
export function counting(actions, { failAt = -1, failWith = new Error('the network broke'), as = Float32Array } = {}) {
  const evaluate = (observation, legal, leaves) => {
    assert.ok(observation instanceof Uint8Array && legal instanceof Uint8Array)
    assert.equal(legal.length, leaves * actions)
    if (evaluate.calls++ === failAt) throw failWith
    const size = observation.length / leaves
    const logits = new Float64Array(leaves * actions)
    const values = new Float64Array(leaves)
    for (let leaf = 0; leaf < leaves; leaf++) {
      const answer = hashed(observation.subarray(leaf * size, (leaf + 1) * size), actions)
      logits.set(answer.logits, leaf * actions)
      values[leaf] = answer.value
    }
    return as === Array ? { logits: [...logits], values: [...values] } : { logits: as.from(logits), values: as.from(values) }
  }
  evaluate.calls = 0
  return evaluate
}

/** A game's two planes from the side to move, as the batch writes them. */
function planes(game) {
  const cells = game.cells()
  const mover = game.nextPlayer
  return [...cells].map((c) => Number(c === mover)).concat([...cells].map((c) => Number(c === 3 - mover)))
}

export function legalActions(game) {
  if (game.status !== 'in_progress') return []
  const actions = new Set(game.legalMoves().map(([r, c]) => (game.gravity ? c : r * game.cols + c)))
  return [...actions].sort((a, b) => a - b)
}

export function apply(game, action) {
  const child = game.clone()
  if (game.gravity) child.drop(action)
  else child.play(Math.floor(action / game.cols), action % game.cols)
  return child
}

/** A textbook node: priors of the legal actions (softmax of the float32 logits), the value,
 * and N, W (from the mover's side) and the children of the actions taken. */
export function node(game, actions) {
  const { logits, value } = hashed(planes(game), actions)
  const legal = legalActions(game)
  const top = Math.max(...legal.map((a) => Math.fround(logits[a])))
  const weights = new Map(legal.map((a) => [a, Math.exp(Math.fround(logits[a]) - top)]))
  const total = legal.reduce((sum, a) => sum + weights.get(a), 0)
  const priors = new Map(legal.map((a) => [a, Math.fround(weights.get(a) / total)]))
  return { priors, value: Math.fround(value), visits: new Map(), values: new Map(), children: new Map() }
}

/** PUCT's choice at `at`: the action of highest Q + U, ties to the lowest. */
function puctAction(at) {
  const total = [...at.visits.values()].reduce((a, b) => a + b, 0)
  let best = -1
  let bestScore = -Infinity
  for (const [action, prior] of at.priors) {
    const n = at.visits.get(action) ?? 0
    const q = n ? at.values.get(action) / n : 0
    const score = q + (C_PUCT * Math.sqrt(total) * prior) / (1 + n)
    if (score > bestScore) [best, bestScore] = [action, score]
  }
  return best
}

/** One simulation through `action` at `at`, the nodes below choosing by `choose` (PUCT's, or
 * Gumbel's below its root): the value found, from the side to move at `at`. */
export function simulate(at, game, action, actions, choose = puctAction) {
  const child = apply(game, action)
  let value
  if (child.winner) value = 1
  else if (child.status === 'draw') value = 0
  else if (at.children.has(action)) {
    const below = at.children.get(action)
    value = -simulate(below, child, choose(below), actions, choose)
  } else {
    at.children.set(action, node(child, actions))
    value = -at.children.get(action).value
  }
  at.visits.set(action, (at.visits.get(action) ?? 0) + 1)
  at.values.set(action, (at.values.get(action) ?? 0) + value)
  return value
}

/** `simulations` more simulations from `root` (a fresh root when null): the root, its visits by
 * action and the mean of its value and the simulations'. */
export function textbook(game, actions, simulations, root = null) {
  root ??= node(game, actions)
  let total = root.value
  for (let i = 0; i < simulations; i++) total += simulate(root, game, puctAction(root), actions)
  const visits = Array.from({ length: actions }, (_, a) => root.visits.get(a) ?? 0)
  return { root, visits, value: total / (simulations + 1) }
}

/** `count` games of `rules`, each `plies` random moves in (fewer for those finished). */
export function randomBatch(rules, count, plies, seed = 3) {
  const batch = Batch.fromRules(count, rules, { seed })
  for (let i = 0; i < plies; i++) batch.stepRandom()
  return batch
}

export const row = (visits, actions, g) => [...visits.subarray(g * actions, (g + 1) * actions)]

/** What a batch holds: its planes and every game's history. */
export const state = (batch) => [[...batch.observation()], Array.from({ length: batch.count }, (_, g) => batch.game(g).history())]
