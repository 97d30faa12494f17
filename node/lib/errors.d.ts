// The types of lib/errors.js.

/** A refusal of the engine: the game (or batch) is as it was before the call. */
export declare class TicTacToeError extends Error {
  /** The core's name of the refusal: 'occupied', 'out_of_bounds', ... (also `code`). */
  readonly kind: string
  readonly code: string
  /** The refused entry of a call over a list (a batch step), or null. */
  readonly index: number | null
  /** The refusal's data, as its kind has it: row, col, player, winner, reason, offset, ... */
  readonly [data: string]: unknown
}
export declare class InvalidMoveError extends TicTacToeError {}
export declare class OutOfBoundsError extends InvalidMoveError {
  readonly row: number
  readonly col: number
  readonly rows: number
  readonly cols: number
}
export declare class FloatingMarkError extends InvalidMoveError {
  readonly row: number
  readonly col: number
}
export declare class ColumnFullError extends InvalidMoveError {
  readonly col: number
}
export declare class InvalidPlayerError extends InvalidMoveError {
  readonly player: number
}
export declare class CellOccupiedError extends InvalidMoveError {
  readonly row: number
  readonly col: number
  readonly player: number
}
export declare class GameOverError extends InvalidMoveError {
  readonly winner: number
}
export declare class NothingToUndoError extends TicTacToeError {}
export declare class InvalidRulesError extends TicTacToeError {}
export declare class InvalidPositionError extends TicTacToeError {
  readonly reason: string
}
export declare class ParseError extends TicTacToeError {
  readonly offset: number
}
export declare class LimitExceededError extends TicTacToeError {
  readonly requested: number
  readonly limit: number
}
export declare class AllocFailedError extends TicTacToeError {}
export declare class BatchError extends TicTacToeError {}
export declare class BudgetExceededError extends TicTacToeError {
  readonly maxNodes: number
}
export declare class UnsupportedError extends TicTacToeError {}
/** A `Puct` evaluator's answer the search refuses: at `leaf` of the call, a value not in [-1, 1] (`value`) or no usable logits. */
export declare class BadEvaluationError extends TicTacToeError {
  readonly leaf: number
  readonly value?: number
}
/** The class of each kind of refusal, by the core's name of the kind. */
export declare const ERROR_CLASSES: Readonly<Record<string, typeof TicTacToeError>>
