/* The two C baselines of the native benchmarks, shared by ffi-c/benches/bench.c and the Rust
 * benchmark (bench/benches/moves.rs, through bench/build.rs):
 *
 * - seed_*: the seed solutions' O(1) +1/-1 line sums, unchecked: no board, no history, no
 *   validation. The floor of what judging a move can cost.
 * - reference_*: this library's own algorithm hand-written in plain C: a 2-bit board, per-player
 *   16-bit line counts with the counts of lines still open to each player, marks per player, a
 *   history growing by doubling, and every check (bounds, player, game over, occupied, memory)
 *   before any change. What tictactoe_game_move and the core's make_move are held to.
 *
 * Each move is a function that is not inlined, as a library call is not. */
#ifndef TICTACTOE_BENCH_REFERENCE_H
#define TICTACTOE_BENCH_REFERENCE_H

#include <stdint.h>

typedef struct seed_game seed_game;
seed_game *seed_new(uint32_t n);
uint32_t seed_move(seed_game *game, uint32_t row, uint32_t col, uint32_t player);
void seed_free(seed_game *game);

typedef struct reference_game reference_game;
/* NULL when n is 0, above 65535, or the memory cannot be had. */
reference_game *reference_new(uint32_t n);
/* The winner after the move (0, 1 or 2), or a negative code for a refused move. */
int32_t reference_move(reference_game *game, uint32_t row, uint32_t col, uint32_t player);
void reference_free(reference_game *game);

#endif
