// The package's error classes, one per kind of refusal. The native code throws every refusal
// as an Error whose `kind` (and `code`) is the core's name for it ('occupied', ...), with its
// data (row, col, player, ...); lib/guard.js gives it the class of its kind.

/** A refusal of the engine: the game (or batch) is as it was before the call. */
export class TicTacToeError extends Error {}
/** A move the rules refuse. */
export class InvalidMoveError extends TicTacToeError {}
/** The cell is off the board (row, col, rows, cols). */
export class OutOfBoundsError extends InvalidMoveError {}
/** Under gravity, a cell with a free cell below it (row, col). */
export class FloatingMarkError extends InvalidMoveError {}
/** A drop into a full column (col). */
export class ColumnFullError extends InvalidMoveError {}
/** A player other than 1 or 2 (player). */
export class InvalidPlayerError extends InvalidMoveError {}
/** The cell is taken (row, col, player: who holds it). */
export class CellOccupiedError extends InvalidMoveError {}
/** Somebody has won, or (from the computer player) the game is drawn (winner, 0 for a draw). */
export class GameOverError extends InvalidMoveError {}
/** There is no move to take back. */
export class NothingToUndoError extends TicTacToeError {}
/** Rules no game has: a size of 0 or above 65535, k not from 1 to the longer side. */
export class InvalidRulesError extends TicTacToeError {}
/** A board no legal game reaches (reason, e.g. 'bad_counts'). */
export class InvalidPositionError extends TicTacToeError {}
/** Text that is not the text form of a game (offset). */
export class ParseError extends TicTacToeError {}
/** Outside data asks for more memory than the limit (requested, limit: bytes). */
export class LimitExceededError extends TicTacToeError {}
/** The memory could not be had. */
export class AllocFailedError extends TicTacToeError {}
/** A batch call's arguments do not fit the batch (length, expected; game, count). */
export class BatchError extends TicTacToeError {}
/** Solving would visit more positions than maxNodes allows; nothing was guessed. */
export class BudgetExceededError extends TicTacToeError {}
/** What the computer player does not serve (a size, rules). */
export class UnsupportedError extends TicTacToeError {}
/** A `Puct` evaluator's answer the search refuses (leaf; value): a value not in [-1, 1], or logits NaN or +Infinity on a legal action, or -Infinity on every one. */
export class BadEvaluationError extends TicTacToeError {}

/** The class of each kind of refusal, by the core's name of the kind. */
export const ERROR_CLASSES = Object.freeze({
  out_of_bounds: OutOfBoundsError,
  floating: FloatingMarkError,
  column_full: ColumnFullError,
  invalid_player: InvalidPlayerError,
  occupied: CellOccupiedError,
  game_over: GameOverError,
  nothing_to_undo: NothingToUndoError,
  invalid_size: InvalidRulesError,
  invalid_rules: InvalidRulesError,
  invalid_position: InvalidPositionError,
  parse_error: ParseError,
  limit_exceeded: LimitExceededError,
  alloc_failed: AllocFailedError,
  invalid_count: BatchError,
  length_mismatch: BatchError,
  game_index: BatchError,
  repeated_game: BatchError,
  budget_exceeded: BudgetExceededError,
  unsupported_size: UnsupportedError,
  unsupported_rules: UnsupportedError,
  bad_evaluation: BadEvaluationError,
})

for (const error of [TicTacToeError, ...new Set(Object.values(ERROR_CLASSES)), InvalidMoveError]) {
  Object.defineProperty(error.prototype, 'name', { value: error.name, configurable: true, writable: true })
}
