/* The batch functions of the C ABI and the board-as-array functions of a game: every function,
 * every refusal with the batch unchanged after it, NULL pointers, lengths, and random batches
 * played against single games through the same ABI. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
/* These tests hold the deprecated functions to their behaviour: their warnings are silenced as
 * the header says a program may. */
#define TICTACTOE_DEPRECATED(note)
#include "tictactoe.h"

#define COUNT 5
#define N 3
#define CELLS (N * N)

/* Every game's cells, for comparing states. */
static void cells_of(const tictactoe_batch *batch, uint8_t *out) {
    CHECK_RESULT(tictactoe_batch_cells(batch, out, COUNT * CELLS), TICTACTOE_RESULT_OK);
}

static void check_unchanged(const tictactoe_batch *batch, const uint8_t *before) {
    uint8_t now[COUNT * CELLS];
    cells_of(batch, now);
    CHECK(memcmp(now, before, sizeof now) == 0);
}

static void test_game_cells_and_legal_moves(void) {
    tictactoe_game *game = NULL;
    uint8_t cells[CELLS];
    uint32_t legal[CELLS], winner;
    size_t len = 99, i;
    CHECK_RESULT(tictactoe_game_new(N, &game), TICTACTOE_RESULT_OK);
    tictactoe_game_play(game, 1, 1, &winner);
    tictactoe_game_play(game, 0, 2, &winner);
    CHECK_RESULT(tictactoe_game_cells(game, NULL, 0, &len), TICTACTOE_RESULT_BUFFER_TOO_SMALL);
    CHECK(len == CELLS);
    CHECK_RESULT(tictactoe_game_cells(game, cells, CELLS - 1, &len), TICTACTOE_RESULT_BUFFER_TOO_SMALL);
    CHECK_RESULT(tictactoe_game_cells(game, cells, CELLS, &len), TICTACTOE_RESULT_OK);
    CHECK(len == CELLS && cells[4] == 1 && cells[2] == 2 && cells[0] == 0);
    CHECK_RESULT(tictactoe_game_cells(game, cells, CELLS, NULL), TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK_RESULT(tictactoe_game_cells(NULL, cells, CELLS, &len), TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK_RESULT(tictactoe_game_cells(game, NULL, CELLS, &len), TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK_RESULT(tictactoe_game_legal_moves(game, NULL, 0, &len), TICTACTOE_RESULT_BUFFER_TOO_SMALL);
    CHECK(len == 7);
    CHECK_RESULT(tictactoe_game_legal_moves(game, legal, CELLS, &len), TICTACTOE_RESULT_OK);
    CHECK(len == 7 && legal[0] == 0 && legal[1] == 1 && legal[2] == 3 && legal[6] == 8);
    for (i = 1; i < len; i++) CHECK(legal[i - 1] < legal[i]);
    /* Once somebody has won, nothing is legal. */
    tictactoe_game_play(game, 0, 0, &winner);
    tictactoe_game_play(game, 2, 0, &winner);
    tictactoe_game_play(game, 2, 2, &winner);
    CHECK(winner == 1);
    CHECK_RESULT(tictactoe_game_legal_moves(game, legal, CELLS, &len), TICTACTOE_RESULT_OK);
    CHECK(len == 0);
    tictactoe_game_free(game);
}

static void test_new_and_queries(void) {
    tictactoe_batch *batch = (tictactoe_batch *)&batch, *const sentinel = batch;
    uint32_t value = 0;
    uint8_t small[COUNT - 1], players[COUNT];
    bool over[COUNT];
    CHECK_RESULT(tictactoe_batch_new(0, N, 1, &batch), TICTACTOE_RESULT_INVALID_COUNT);
    CHECK_RESULT(tictactoe_batch_new(COUNT, 0, 1, &batch), TICTACTOE_RESULT_INVALID_SIZE);
    CHECK_RESULT(tictactoe_batch_new(COUNT, 65536, 1, &batch), TICTACTOE_RESULT_INVALID_SIZE);
    CHECK_RESULT(tictactoe_batch_new(UINT32_MAX, 65535, 1, &batch), TICTACTOE_RESULT_ALLOC_FAILED);
    CHECK(batch == sentinel);
    CHECK_RESULT(tictactoe_batch_new(COUNT, N, 1, NULL), TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK_RESULT(tictactoe_batch_new(COUNT, N, 1, &batch), TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_batch_count(batch, &value), TICTACTOE_RESULT_OK);
    CHECK(value == COUNT);
    CHECK_RESULT(tictactoe_batch_n(batch, &value), TICTACTOE_RESULT_OK);
    CHECK(value == N);
    CHECK_RESULT(tictactoe_batch_count(NULL, &value), TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK_RESULT(tictactoe_batch_n(batch, NULL), TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK_RESULT(tictactoe_batch_next_players(batch, players, COUNT), TICTACTOE_RESULT_OK);
    CHECK(players[0] == 1 && players[COUNT - 1] == 1);
    memset(small, 7, sizeof small);
    CHECK_RESULT(tictactoe_batch_winners(batch, small, COUNT - 1), TICTACTOE_RESULT_LENGTH_MISMATCH);
    CHECK(small[0] == 7);
    CHECK_RESULT(tictactoe_batch_terminated(batch, over, COUNT), TICTACTOE_RESULT_OK);
    CHECK(!over[0]);
    CHECK_RESULT(tictactoe_batch_terminated(batch, NULL, COUNT), TICTACTOE_RESULT_NULL_PARAMETER);
    tictactoe_batch_free(batch);
    tictactoe_batch_free(NULL);
}

/* A batch whose count and size come from outside takes a limit, decided before allocating. */
static void test_new_with_limits(void) {
    tictactoe_batch *batch = (tictactoe_batch *)&batch, *const sentinel = batch;
    uint32_t value = 0;
    /* Each game: 1 board word, 8 lines, room for 9 moves (4 bytes each), 25 bytes of state;
       one 8-byte word of scratch for up to 64 games. */
    const size_t exact = COUNT * (4 * (1 + 8 + 9) + 25) + 8;
    CHECK_RESULT(tictactoe_batch_new_with_limits(COUNT, N, 1, exact - 1, &batch), TICTACTOE_RESULT_LIMIT_EXCEEDED);
    CHECK_RESULT(tictactoe_batch_new_with_limits(UINT32_MAX, 65535, 1, TICTACTOE_DEFAULT_MAX_BYTES, &batch),
                 TICTACTOE_RESULT_LIMIT_EXCEEDED);
    CHECK_RESULT(tictactoe_batch_new_with_limits(UINT32_MAX, 65535, 1, SIZE_MAX, &batch), TICTACTOE_RESULT_ALLOC_FAILED);
    /* Size, then count, then the limit. */
    CHECK_RESULT(tictactoe_batch_new_with_limits(0, 0, 1, 0, &batch), TICTACTOE_RESULT_INVALID_SIZE);
    CHECK_RESULT(tictactoe_batch_new_with_limits(0, N, 1, 0, &batch), TICTACTOE_RESULT_INVALID_COUNT);
    CHECK_RESULT(tictactoe_batch_new_with_limits(COUNT, N, 1, exact, NULL), TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK(batch == sentinel);
    CHECK_RESULT(tictactoe_batch_new_with_limits(COUNT, N, 1, exact, &batch), TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_batch_count(batch, &value), TICTACTOE_RESULT_OK);
    CHECK(value == COUNT);
    tictactoe_batch_free(batch);
}

static void test_steps_and_refusals(void) {
    tictactoe_batch *batch = NULL, *copy = NULL;
    tictactoe_game *game = NULL;
    uint32_t actions[COUNT] = {0, 1, 2, 3, 4}, winners[COUNT], games[3];
    uint8_t before[COUNT * CELLS], won[COUNT];
    bool mask[COUNT * CELLS], planes[COUNT * 2 * CELLS];
    size_t i;
    size_t refused = 99;
    char board[64];
    size_t len;
    CHECK_RESULT(tictactoe_batch_new(COUNT, N, 42, &batch), TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_batch_step(batch, actions, COUNT, winners), TICTACTOE_RESULT_OK);
    CHECK(winners[0] == 0 && winners[4] == 0);
    cells_of(batch, before);
    CHECK(before[0] == 1 && before[CELLS + 1] == 1 && before[4 * CELLS + 4] == 1);
    /* Refusals: nothing changes, the winners array is untouched. Cell 5 is free everywhere. */
    winners[0] = 77;
    actions[0] = actions[1] = actions[3] = actions[4] = 5;
    actions[2] = 2; /* occupied in game 2 */
    CHECK_RESULT(tictactoe_batch_step(batch, actions, COUNT, winners), TICTACTOE_RESULT_OCCUPIED);
    actions[2] = CELLS; /* off the board */
    CHECK_RESULT(tictactoe_batch_step(batch, actions, COUNT, winners), TICTACTOE_RESULT_OUT_OF_BOUNDS);
    CHECK_RESULT(tictactoe_batch_step_games(batch, NULL, actions, COUNT, 0, winners, &refused),
                 TICTACTOE_RESULT_OUT_OF_BOUNDS);
    CHECK(refused == 2 && winners[0] == 77);
    /* A wrong count names no action: refused is not written. */
    refused = 99;
    CHECK_RESULT(tictactoe_batch_step_games(batch, NULL, actions, COUNT - 1, 0, winners, &refused),
                 TICTACTOE_RESULT_LENGTH_MISMATCH);
    CHECK(refused == 99 && winners[0] == 77);
    CHECK_RESULT(tictactoe_batch_step(batch, actions, COUNT - 1, winners), TICTACTOE_RESULT_LENGTH_MISMATCH);
    CHECK_RESULT(tictactoe_batch_step(batch, NULL, COUNT, winners), TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK_RESULT(tictactoe_batch_step(batch, actions, COUNT, NULL), TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK_RESULT(tictactoe_batch_step(NULL, actions, COUNT, winners), TICTACTOE_RESULT_NULL_PARAMETER);
    games[0] = 1;
    games[1] = COUNT;
    refused = 99;
    CHECK_RESULT(tictactoe_batch_step_games(batch, games, actions, 2, 1, winners, &refused), TICTACTOE_RESULT_GAME_INDEX);
    CHECK(refused == 1);
    games[1] = 1;
    CHECK_RESULT(tictactoe_batch_step_games(batch, games, actions, 2, 1, winners, &refused),
                 TICTACTOE_RESULT_REPEATED_GAME);
    CHECK(refused == 1);
    CHECK_RESULT(tictactoe_batch_step_games(batch, games, actions, 1, 2, winners, &refused),
                 TICTACTOE_RESULT_INVALID_ARGUMENT);
    CHECK_RESULT(tictactoe_batch_step_games(batch, games, actions, 1, 0, winners, NULL), TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK(winners[0] == 77);
    check_unchanged(batch, before);
    /* With LOSE, game 2's bad action (O to move) forfeits it to X; the others play on. */
    games[0] = 2;
    games[1] = 0;
    actions[0] = CELLS; /* for game 2 */
    actions[1] = 8;     /* O in game 0 */
    CHECK_RESULT(tictactoe_batch_step_games(batch, games, actions, 2, TICTACTOE_ILLEGAL_LOSE, winners, &refused),
                 TICTACTOE_RESULT_OK);
    CHECK(winners[0] == 1 && winners[1] == 0);
    CHECK_RESULT(tictactoe_batch_winners(batch, won, COUNT), TICTACTOE_RESULT_OK);
    CHECK(won[0] == 0 && won[2] == 1);
    /* Masks and planes: game 2 is over (all zero); game 0 has X at 0 and O at 8. */
    CHECK_RESULT(tictactoe_batch_legal_mask(batch, mask, COUNT * CELLS), TICTACTOE_RESULT_OK);
    CHECK(!mask[0] && mask[1] && !mask[8]);
    for (i = 0; i < CELLS; i++) CHECK(!mask[2 * CELLS + i]);
    CHECK_RESULT(tictactoe_batch_observation(batch, planes, sizeof planes), TICTACTOE_RESULT_OK);
    CHECK(planes[0] && !planes[8] && planes[CELLS + 8] && !planes[CELLS]); /* X to move */
    CHECK(!planes[2 * CELLS + 1] && planes[3 * CELLS + 1]); /* game 1: O to move, X's mark is the opponent's */
    CHECK_RESULT(tictactoe_batch_observation(batch, planes, COUNT * CELLS), TICTACTOE_RESULT_LENGTH_MISMATCH);
    /* A game of the batch as a game of its own, history included. */
    CHECK_RESULT(tictactoe_batch_game(batch, 0, &game), TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_game_board_text(game, board, sizeof board, &len), TICTACTOE_RESULT_OK);
    CHECK(strcmp(board, "X..\n...\n..O") == 0);
    tictactoe_game_free(game);
    CHECK_RESULT(tictactoe_batch_game(batch, COUNT, &game), TICTACTOE_RESULT_GAME_INDEX);
    /* Copies are independent; resets empty the games listed, or all. */
    CHECK_RESULT(tictactoe_batch_clone(batch, &copy), TICTACTOE_RESULT_OK);
    games[0] = 0;
    games[1] = COUNT;
    CHECK_RESULT(tictactoe_batch_reset(batch, games, 2), TICTACTOE_RESULT_GAME_INDEX);
    CHECK_RESULT(tictactoe_batch_reset(batch, games, 1), TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_batch_cells(batch, before, sizeof before), TICTACTOE_RESULT_OK);
    CHECK(before[0] == 0 && before[CELLS + 1] == 1);
    CHECK_RESULT(tictactoe_batch_cells(copy, before, sizeof before), TICTACTOE_RESULT_OK);
    CHECK(before[0] == 1);
    CHECK_RESULT(tictactoe_batch_reset(batch, NULL, 0), TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_batch_cells(batch, before, sizeof before), TICTACTOE_RESULT_OK);
    CHECK(memchr(before, 1, sizeof before) == NULL && memchr(before, 2, sizeof before) == NULL);
    CHECK_RESULT(tictactoe_batch_reset(NULL, NULL, 0), TICTACTOE_RESULT_NULL_PARAMETER);
    tictactoe_batch_free(copy);
    tictactoe_batch_free(batch);
}

/* reset_terminated empties exactly the games that are over. */
static void test_reset_terminated(void) {
    tictactoe_batch *batch = NULL;
    uint32_t games[1] = {0}, actions[1] = {0}, winners[1] = {9};
    size_t refused = SIZE_MAX;
    uint8_t cells[3];
    bool over[3];
    /* 1 x 1: the first move wins. Game 0 is won, games 1 and 2 are empty. */
    CHECK_RESULT(tictactoe_batch_new(3, 1, 1, &batch), TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_batch_step_games(batch, games, actions, 1, TICTACTOE_ILLEGAL_RAISE, winners, &refused),
                 TICTACTOE_RESULT_OK);
    CHECK(winners[0] == 1);
    CHECK_RESULT(tictactoe_batch_terminated(batch, over, 3), TICTACTOE_RESULT_OK);
    CHECK(over[0] && !over[1] && !over[2]);
    CHECK_RESULT(tictactoe_batch_reset_terminated(batch), TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_batch_terminated(batch, over, 3), TICTACTOE_RESULT_OK);
    CHECK(!over[0] && !over[1] && !over[2]);
    CHECK_RESULT(tictactoe_batch_cells(batch, cells, 3), TICTACTOE_RESULT_OK);
    CHECK(cells[0] == 0 && cells[1] == 0 && cells[2] == 0);
    CHECK_RESULT(tictactoe_batch_reset_terminated(NULL), TICTACTOE_RESULT_NULL_PARAMETER);
    tictactoe_batch_free(batch);
}

/* Random legal games in a batch and, move by move, in single games through the same ABI. */
static void test_random_games_match_single_games(void) {
    enum { GAMES = 16, SIZE = 4, STEPS = 40 };
    tictactoe_batch *batch = NULL;
    tictactoe_game *singles[GAMES];
    uint32_t actions[GAMES], winners[GAMES], step, g;
    uint8_t cells[GAMES * SIZE * SIZE], single[SIZE * SIZE];
    bool over[GAMES];
    size_t len;
    CHECK_RESULT(tictactoe_batch_new(GAMES, SIZE, 7, &batch), TICTACTOE_RESULT_OK);
    for (g = 0; g < GAMES; g++) tictactoe_game_new(SIZE, &singles[g]);
    for (step = 0; step < STEPS; step++) {
        uint32_t resets[GAMES], count = 0;
        CHECK_RESULT(tictactoe_batch_random_legal_actions(batch, actions, GAMES), TICTACTOE_RESULT_OK);
        CHECK_RESULT(tictactoe_batch_terminated(batch, over, GAMES), TICTACTOE_RESULT_OK);
        for (g = 0; g < GAMES; g++) {
            CHECK((actions[g] == TICTACTOE_NO_ACTION) == over[g]);
            if (over[g]) {
                resets[count++] = g;
                tictactoe_game_free(singles[g]);
                tictactoe_game_new(SIZE, &singles[g]);
            }
        }
        CHECK_RESULT(tictactoe_batch_reset(batch, resets, count), TICTACTOE_RESULT_OK);
        CHECK_RESULT(tictactoe_batch_random_legal_actions(batch, actions, GAMES), TICTACTOE_RESULT_OK);
        CHECK_RESULT(tictactoe_batch_step(batch, actions, GAMES, winners), TICTACTOE_RESULT_OK);
        CHECK_RESULT(tictactoe_batch_cells(batch, cells, sizeof cells), TICTACTOE_RESULT_OK);
        for (g = 0; g < GAMES; g++) {
            uint32_t winner = 9;
            CHECK_RESULT(tictactoe_game_play(singles[g], actions[g] / SIZE, actions[g] % SIZE, &winner),
                         TICTACTOE_RESULT_OK);
            CHECK(winner == winners[g]);
            tictactoe_game_cells(singles[g], single, sizeof single, &len);
            CHECK(memcmp(single, cells + g * SIZE * SIZE, sizeof single) == 0);
        }
    }
    CHECK_RESULT(tictactoe_batch_random_legal_actions(batch, actions, GAMES - 1), TICTACTOE_RESULT_LENGTH_MISMATCH);
    for (g = 0; g < GAMES; g++) tictactoe_game_free(singles[g]);
    tictactoe_batch_free(batch);
}

/* A random step in every game plays what a draw then a step of the games not over play, on a
 * copy; one in the games listed moves those only; a refused list changes nothing and writes
 * nothing. Connect Four, so that the draws are columns. */
static void test_random_steps_play_the_draws(void) {
    enum { GAMES = 6, ROWS = 6, COLS = 7, STEPS = 60, SIZE = GAMES * ROWS * COLS };
    tictactoe_batch *played = NULL, *drawn = NULL, *before = NULL;
    uint32_t actions[GAMES], again[GAMES], winners[GAMES], expected[GAMES], live[GAMES], moves[GAMES];
    uint32_t listed[3] = {5, 0, 3}, outside[2] = {1, GAMES}, twice[3] = {2, 4, 2}, step, g;
    uint8_t cells[SIZE], copy[SIZE], won[GAMES];
    size_t refused;
    CHECK_RESULT(tictactoe_batch_new_mnk(GAMES, ROWS, COLS, 4, TICTACTOE_RULE_GRAVITY, 3, &played),
                 TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_batch_clone(played, &drawn), TICTACTOE_RESULT_OK);
    for (step = 0; step < STEPS; step++) {
        uint32_t count = 0;
        CHECK_RESULT(tictactoe_batch_random_legal_actions(drawn, actions, GAMES), TICTACTOE_RESULT_OK);
        for (g = 0; g < GAMES; g++) {
            if (actions[g] != TICTACTOE_NO_ACTION) {
                live[count] = g;
                moves[count++] = actions[g];
            }
        }
        CHECK_RESULT(tictactoe_batch_step_games(drawn, live, moves, count, TICTACTOE_ILLEGAL_RAISE, expected, &refused),
                     TICTACTOE_RESULT_OK);
        CHECK_RESULT(tictactoe_batch_step_random_games(played, NULL, GAMES, winners, &refused), TICTACTOE_RESULT_OK);
        CHECK_RESULT(tictactoe_batch_cells(played, cells, SIZE), TICTACTOE_RESULT_OK);
        CHECK_RESULT(tictactoe_batch_cells(drawn, copy, SIZE), TICTACTOE_RESULT_OK);
        CHECK(memcmp(cells, copy, SIZE) == 0);
        CHECK_RESULT(tictactoe_batch_winners(drawn, won, GAMES), TICTACTOE_RESULT_OK);
        for (g = 0; g < GAMES; g++) CHECK(winners[g] == won[g]);
        if (step % 20 == 19) {
            CHECK_RESULT(tictactoe_batch_reset_terminated(played), TICTACTOE_RESULT_OK);
            CHECK_RESULT(tictactoe_batch_reset_terminated(drawn), TICTACTOE_RESULT_OK);
        }
    }
    /* The generators moved alike: the next draws agree. */
    CHECK_RESULT(tictactoe_batch_random_legal_actions(played, actions, GAMES), TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_batch_random_legal_actions(drawn, again, GAMES), TICTACTOE_RESULT_OK);
    CHECK(memcmp(actions, again, sizeof actions) == 0);

    /* Listed games only: the others keep their boards and generators. */
    CHECK_RESULT(tictactoe_batch_reset(played, NULL, 0), TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_batch_clone(played, &before), TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_batch_step_random_games(played, listed, 3, winners, &refused), TICTACTOE_RESULT_OK);
    CHECK(winners[0] == 0 && winners[1] == 0 && winners[2] == 0);
    CHECK_RESULT(tictactoe_batch_cells(played, cells, SIZE), TICTACTOE_RESULT_OK);
    for (g = 0; g < GAMES; g++) {
        uint32_t i, marks = 0;
        for (i = 0; i < ROWS * COLS; i++) marks += cells[g * ROWS * COLS + i] != 0;
        CHECK(marks == (g == 0 || g == 3 || g == 5 ? 1u : 0u));
    }
    CHECK_RESULT(tictactoe_batch_random_legal_actions(played, actions, GAMES), TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_batch_random_legal_actions(before, again, GAMES), TICTACTOE_RESULT_OK);
    CHECK(actions[1] == again[1] && actions[2] == again[2] && actions[4] == again[4]);

    /* Refusals: nothing moves, nothing is written but the index of a bad entry. */
    CHECK_RESULT(tictactoe_batch_cells(played, copy, SIZE), TICTACTOE_RESULT_OK);
    winners[0] = 77;
    refused = 99;
    CHECK_RESULT(tictactoe_batch_step_random_games(played, outside, 2, winners, &refused), TICTACTOE_RESULT_GAME_INDEX);
    CHECK(refused == 1 && winners[0] == 77);
    CHECK_RESULT(tictactoe_batch_step_random_games(played, twice, 3, winners, &refused), TICTACTOE_RESULT_REPEATED_GAME);
    CHECK(refused == 2 && winners[0] == 77);
    refused = 99;
    CHECK_RESULT(tictactoe_batch_step_random_games(played, NULL, GAMES - 1, winners, &refused),
                 TICTACTOE_RESULT_LENGTH_MISMATCH);
    CHECK(refused == 99 && winners[0] == 77);
    CHECK_RESULT(tictactoe_batch_step_random_games(played, NULL, GAMES, winners, NULL), TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK_RESULT(tictactoe_batch_step_random_games(played, NULL, GAMES, NULL, &refused), TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK_RESULT(tictactoe_batch_step_random_games(NULL, NULL, GAMES, winners, &refused), TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK_RESULT(tictactoe_batch_step_random_games(played, NULL, SIZE_MAX, winners, &refused),
                 TICTACTOE_RESULT_LENGTH_MISMATCH);
    CHECK(refused == 99 && winners[0] == 77);
    /* No games listed: nothing to do, NULL arrays allowed with a zero count. */
    CHECK_RESULT(tictactoe_batch_step_random_games(played, listed, 0, NULL, &refused), TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_batch_step_random_games(played, NULL, 0, NULL, &refused), TICTACTOE_RESULT_LENGTH_MISMATCH);
    CHECK_RESULT(tictactoe_batch_cells(played, cells, SIZE), TICTACTOE_RESULT_OK);
    CHECK(memcmp(cells, copy, SIZE) == 0);
    CHECK_RESULT(tictactoe_batch_random_legal_actions(played, actions, GAMES), TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_batch_random_legal_actions(before, again, GAMES), TICTACTOE_RESULT_OK);
    CHECK(actions[1] == again[1] && actions[2] == again[2] && actions[4] == again[4]);
    tictactoe_batch_free(before);
    tictactoe_batch_free(played);
    tictactoe_batch_free(drawn);
}

/* A learner's step against the random opponent equals the calls it stands for on a copy: reset
 * the restarted games, step the others, then a random move where the opponent is to move. */
static void test_steps_against_random(void) {
    enum { GAMES = 6, ROWS = 6, COLS = 7, STEPS = 80, SIZE = GAMES * ROWS * COLS };
    tictactoe_batch *played = NULL, *model = NULL;
    uint32_t sides[GAMES] = {1, 2, 1, 2, 2, 1}, actions[GAMES], winners[GAMES], expected[GAMES];
    uint32_t listed[GAMES], moves[GAMES], bad_sides[GAMES] = {1, 2, 1, 3, 2, 1}, step, g;
    uint8_t restart[GAMES], cells[SIZE], copy[SIZE], next[GAMES], won[GAMES];
    bool over[GAMES];
    size_t refused;
    CHECK_RESULT(tictactoe_batch_new_mnk(GAMES, ROWS, COLS, 4, TICTACTOE_RULE_GRAVITY, 8, &played),
                 TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_batch_clone(played, &model), TICTACTOE_RESULT_OK);
    memset(restart, 1, sizeof restart);
    for (step = 0; step < STEPS; step++) {
        uint32_t restarted = 0, live = 0, waiting = 0;
        /* The learner's actions: the model's first legal column (any action in a restarted game). */
        bool mask[GAMES * COLS];
        CHECK_RESULT(tictactoe_batch_legal_mask(model, mask, GAMES * COLS), TICTACTOE_RESULT_OK);
        for (g = 0; g < GAMES; g++) {
            uint32_t col = (g + step) % COLS, tries = 0;
            while (tries++ < COLS && !mask[g * COLS + col]) col = (col + 1) % COLS;
            actions[g] = restart[g] ? 99 : col;
            if (restart[g]) listed[restarted++] = g;
        }
        CHECK_RESULT(tictactoe_batch_reset(model, listed, restarted), TICTACTOE_RESULT_OK);
        for (g = 0; g < GAMES; g++) {
            if (!restart[g]) {
                listed[live] = g;
                moves[live++] = actions[g];
            }
        }
        CHECK_RESULT(tictactoe_batch_step_games(model, listed, moves, live, TICTACTOE_ILLEGAL_RAISE, expected, &refused),
                     TICTACTOE_RESULT_OK);
        CHECK_RESULT(tictactoe_batch_next_players(model, next, GAMES), TICTACTOE_RESULT_OK);
        CHECK_RESULT(tictactoe_batch_terminated(model, over, GAMES), TICTACTOE_RESULT_OK);
        for (g = 0; g < GAMES; g++) {
            if (!over[g] && next[g] != sides[g]) listed[waiting++] = g;
        }
        CHECK_RESULT(tictactoe_batch_step_random_games(model, listed, waiting, expected, &refused), TICTACTOE_RESULT_OK);
        CHECK_RESULT(tictactoe_batch_step_against_random(played, sides, actions, restart, GAMES, TICTACTOE_ILLEGAL_RAISE,
                                                         winners, &refused),
                     TICTACTOE_RESULT_OK);
        CHECK_RESULT(tictactoe_batch_cells(played, cells, SIZE), TICTACTOE_RESULT_OK);
        CHECK_RESULT(tictactoe_batch_cells(model, copy, SIZE), TICTACTOE_RESULT_OK);
        CHECK(memcmp(cells, copy, SIZE) == 0);
        CHECK_RESULT(tictactoe_batch_winners(model, won, GAMES), TICTACTOE_RESULT_OK);
        CHECK_RESULT(tictactoe_batch_terminated(played, over, GAMES), TICTACTOE_RESULT_OK);
        for (g = 0; g < GAMES; g++) {
            CHECK(winners[g] == won[g]);
            restart[g] = over[g];
        }
    }
    /* Refusals change nothing and write only the index of the game refused. */
    CHECK_RESULT(tictactoe_batch_reset(played, NULL, 0), TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_batch_step_random_games(played, NULL, GAMES, winners, &refused), TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_batch_cells(played, copy, SIZE), TICTACTOE_RESULT_OK);
    memset(restart, 0, sizeof restart);
    restart[4] = 1;
    winners[0] = 77;
    refused = 99;
    for (g = 0; g < GAMES; g++) actions[g] = 0;
    actions[4] = 99; /* ignored: game 4 restarts */
    actions[5] = COLS;
    CHECK_RESULT(tictactoe_batch_step_against_random(played, sides, actions, restart, GAMES, TICTACTOE_ILLEGAL_RAISE,
                                                     winners, &refused),
                 TICTACTOE_RESULT_OUT_OF_BOUNDS);
    CHECK(refused == 5 && winners[0] == 77);
    CHECK_RESULT(tictactoe_batch_step_against_random(played, bad_sides, actions, NULL, GAMES, TICTACTOE_ILLEGAL_LOSE,
                                                     winners, &refused),
                 TICTACTOE_RESULT_INVALID_PLAYER);
    CHECK(refused == 3 && winners[0] == 77);
    refused = 99;
    CHECK_RESULT(tictactoe_batch_step_against_random(played, sides, actions, NULL, GAMES - 1, TICTACTOE_ILLEGAL_LOSE,
                                                     winners, &refused),
                 TICTACTOE_RESULT_LENGTH_MISMATCH);
    CHECK_RESULT(tictactoe_batch_step_against_random(played, sides, actions, NULL, SIZE_MAX, TICTACTOE_ILLEGAL_LOSE,
                                                     winners, &refused),
                 TICTACTOE_RESULT_LENGTH_MISMATCH);
    CHECK(refused == 99 && winners[0] == 77);
    CHECK_RESULT(tictactoe_batch_step_against_random(played, sides, actions, NULL, GAMES, 2, winners, &refused),
                 TICTACTOE_RESULT_INVALID_ARGUMENT);
    CHECK_RESULT(tictactoe_batch_step_against_random(played, NULL, actions, NULL, GAMES, 0, winners, &refused),
                 TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK_RESULT(tictactoe_batch_step_against_random(played, sides, NULL, NULL, GAMES, 0, winners, &refused),
                 TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK_RESULT(tictactoe_batch_step_against_random(played, sides, actions, NULL, GAMES, 0, NULL, &refused),
                 TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK_RESULT(tictactoe_batch_step_against_random(played, sides, actions, NULL, GAMES, 0, winners, NULL),
                 TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK_RESULT(tictactoe_batch_step_against_random(NULL, sides, actions, NULL, GAMES, 0, winners, &refused),
                 TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK(refused == 99 && winners[0] == 77);
    CHECK_RESULT(tictactoe_batch_cells(played, cells, SIZE), TICTACTOE_RESULT_OK);
    CHECK(memcmp(cells, copy, SIZE) == 0);
    /* With LOSE the bad column loses game 5 for its player to move, the learner (X) there. */
    CHECK_RESULT(tictactoe_batch_reset(played, NULL, 0), TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_batch_step_against_random(played, sides, actions, NULL, GAMES, TICTACTOE_ILLEGAL_LOSE,
                                                     winners, &refused),
                 TICTACTOE_RESULT_OK);
    CHECK(winners[5] == 2 && winners[0] == 0);
    tictactoe_batch_free(played);
    tictactoe_batch_free(model);
}

int main(void) {
    test_game_cells_and_legal_moves();
    test_new_and_queries();
    test_new_with_limits();
    test_reset_terminated();
    test_steps_and_refusals();
    test_random_games_match_single_games();
    test_random_steps_play_the_draws();
    test_steps_against_random();
    return checks_report("test_batch");
}
