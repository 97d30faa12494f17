/* The C floors of the k-in-a-row family benchmark (bench/benches/family.rs, through
 * bench/build.rs): a rows x cols board, k in a row to win (or exactly k under the exact rule),
 * optionally gravity (a mark sits on the bottom row or on a mark). Two ways of judging a move,
 * each with every check the core makes, in the core's order, before any change: bounds, player,
 * game over, occupied, under gravity a supported cell, memory for the history.
 *
 * - runs_*: the core's algorithm (core/src/rules/runs.rs) hand-written in plain C: per cell and
 *   direction the 16-bit length of the run it ends, kept at the two ends of each run; a new
 *   mark joins the run ending just before it and the one starting just after it and writes the
 *   joined length at its two new ends. O(1) a move, whatever k.
 * - scan_*: no run state: after the mark, its row, column and diagonals are scanned cell by
 *   cell from the move outwards while they hold the player's marks (up to k + 1 cells), O(k) a
 *   move.
 *
 * Both keep what the core keeps beside the win rule: a 2-bit board, 16-bit column heights
 * under gravity, marks per player, a history of cells growing by doubling. Each move is a
 * function that is not inlined, as a library call is not. */
#ifndef TICTACTOE_BENCH_FAMILY_H
#define TICTACTOE_BENCH_FAMILY_H

#include <stdint.h>

/* Flags of family games, as the C ABI's. */
enum { FAMILY_EXACT = 1, FAMILY_GRAVITY = 2 };

/* A refused move's codes: those of reference.h, and a cell under gravity with no mark or edge
 * below it. */
enum {
    FAMILY_REFUSED_BOUNDS = -1,
    FAMILY_REFUSED_PLAYER = -2,
    FAMILY_REFUSED_OVER = -3,
    FAMILY_REFUSED_TAKEN = -4,
    FAMILY_REFUSED_MEMORY = -5,
    FAMILY_REFUSED_FLOATING = -6
};

typedef struct runs_game runs_game;
/* NULL unless 1 <= rows, cols <= 65535 and 1 <= k <= max(rows, cols), or when the memory
 * cannot be had. */
runs_game *runs_new(uint32_t rows, uint32_t cols, uint32_t k, uint32_t flags);
/* The winner after the move (0, 1 or 2), or a negative code for a refused move. */
int32_t runs_move(runs_game *game, uint32_t row, uint32_t col, uint32_t player);
void runs_free(runs_game *game);

typedef struct scan_game scan_game;
/* As runs_new. */
scan_game *scan_new(uint32_t rows, uint32_t cols, uint32_t k, uint32_t flags);
/* As runs_move. */
int32_t scan_move(scan_game *game, uint32_t row, uint32_t col, uint32_t player);
void scan_free(scan_game *game);

#endif
