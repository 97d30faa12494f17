// The package's TypeScript definitions, checked by `tsc --strict` (npm run typecheck): a
// program using the API as the guide does must type-check, and a wrong use must not
// (each @ts-expect-error fails the check when the error it expects is gone).

import { TicTacToe, Rules, Batch, Puct, Searched, Solution, SymmetryMap, bestMove, solve, bestMoveAsync, solveAsync,
  CellOccupiedError, TicTacToeError, BadEvaluationError } from '../index.js'

const game: TicTacToe = TicTacToe.fromRules(Rules.CONNECT_FOUR)
const winner: number = game.drop(3)
const move: [number, number] = bestMove(game, { simulations: 10, seed: 1 })
const { plies } = solve(new TicTacToe(3))
const later: Promise<[number, number]> = bestMoveAsync(game, { simulations: 10, seed: 1 })
const solved: Promise<Solution> = solveAsync(new TicTacToe(3), { maxNodes: 1000 })
// @ts-expect-error: the move is a Promise's, not a move
const notYet: [number, number] = bestMoveAsync(game)
const controller = new AbortController()
const abortable: Promise<[number, number]> = bestMoveAsync(game, null, { signal: controller.signal })
const abortableSolve: Promise<Solution> = solveAsync(game, {}, { signal: null })
// @ts-expect-error: the signal is an AbortSignal
solveAsync(game, {}, { signal: true })
// @ts-expect-error: the last argument has no other key
bestMoveAsync(game, {}, { timeout: 5 })
const status: 'in_progress' | 'won' | 'draw' = game.status
const batch = Batch.fromRules(4, Rules.GOMOKU, { seed: 2 })
const winners: Uint8Array = batch.step(new Int32Array(4), new Uint8Array(4))
batch.step(new BigInt64Array(4))
batch.step(new Int32Array(4), null) // no array given: the runtime takes null as undefined
const planes: Int8Array = batch.observation(new Int8Array(4 * 2 * 15 * 15))
const puct = new Puct(batch, { cPuct: 1.5, seed: 3, maxBytes: 1 << 30 })
const searched: Searched = puct.run((observation: Uint8Array, legal: Uint8Array, leaves: number) =>
  ({ logits: new Float32Array(legal.length), values: Array(leaves).fill(0) }), 8, { noise: true })
puct.run(() => ({ logits: [], values: [] }), 0, null)
const chosen: Int32Array = puct.choose(searched.visits, 0)
puct.play(chosen)
puct.play(new BigInt64Array(4))
const values: Float32Array = searched.values
const searchedBatch: Batch = puct.batch
const bytes: number = puct.bytesNeeded(8)
const gumbel = new Puct(batch, { gumbel: 16 })
const improved: Float32Array = gumbel.policy()
const selected: Int32Array = gumbel.selected()
const considered: number = gumbel.gumbel
puct.clear()
try {
  game.play(5, 3)
} catch (error) {
  if (error instanceof CellOccupiedError) console.log(error.row + error.col + error.player)
  if (error instanceof TicTacToeError) console.log(error.kind.toUpperCase(), error.index)
  if (error instanceof BadEvaluationError) console.log(error.leaf)
}
// @ts-expect-error: the evaluator answers { logits, values }
puct.run(() => new Float32Array(4), 8)
// @ts-expect-error: visits are an Int32Array
puct.choose([1, 2, 3])
// @ts-expect-error: gumbel is set at construction only
gumbel.gumbel = 4
// @ts-expect-error: a step takes a typed array of integers
batch.step([1, 2, 3, 4])
// @ts-expect-error: rows are numbers
new TicTacToe('3')
console.log(winner, move, plies, later, solved, notYet, status, winners, planes, values, searchedBatch, bytes,
  improved, selected, considered, abortable, abortableSolve)

// The re-exported map type and the text form as JSON.
const maps: SymmetryMap[] = Rules.CONNECT_FOUR.symmetryMaps()
const asJson: string = game.toJSON() + Rules.GOMOKU.toJSON()
