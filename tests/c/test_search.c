/* The computer player through the C ABI: solving, best moves and the batch's perfect opponent;
 * every refusal with its out-params untouched, NULL pointers, and the game unchanged by a
 * search. */
#include <stdint.h>
#include <string.h>

#include "check.h"
#include "tictactoe.h"

static tictactoe_game *played(uint32_t n, const uint32_t *moves, size_t count) {
    tictactoe_game *game = NULL;
    uint32_t winner;
    size_t i;
    CHECK_RESULT(tictactoe_game_new(n, &game), TICTACTOE_RESULT_OK);
    for (i = 0; i < count; i++) {
        CHECK_RESULT(tictactoe_game_play(game, moves[i] / n, moves[i] % n, &winner), TICTACTOE_RESULT_OK);
    }
    return game;
}

static void test_solve(void) {
    const uint32_t threat[] = {0, 4, 1}; /* X threatens the top row, O to move */
    const uint32_t won[] = {0, 3, 1, 4, 2};
    tictactoe_game *empty3 = played(3, NULL, 0), *empty4 = played(4, NULL, 0);
    tictactoe_game *blocked = played(3, threat, 3), *over = played(3, won, 5);
    uint32_t winner = 99, plies = 99;
    CHECK_RESULT(tictactoe_game_solve(empty3, TICTACTOE_DEFAULT_MAX_NODES, &winner, &plies), TICTACTOE_RESULT_OK);
    CHECK(winner == 0 && plies == 9);
    CHECK_RESULT(tictactoe_game_solve(empty4, TICTACTOE_DEFAULT_MAX_NODES, &winner, &plies), TICTACTOE_RESULT_OK);
    CHECK(winner == 0 && plies == 16);
    CHECK_RESULT(tictactoe_game_solve(blocked, TICTACTOE_DEFAULT_MAX_NODES, &winner, &plies), TICTACTOE_RESULT_OK);
    CHECK(winner == 0 && plies == 6);
    CHECK_RESULT(tictactoe_game_solve(over, 0, &winner, &plies), TICTACTOE_RESULT_OK);
    CHECK(winner == 1 && plies == 0);
    /* Refusals leave the out-params alone. */
    winner = plies = 99;
    CHECK_RESULT(tictactoe_game_solve(empty4, 10, &winner, &plies), TICTACTOE_RESULT_BUDGET_EXCEEDED);
    CHECK(winner == 99 && plies == 99);
    CHECK_RESULT(tictactoe_game_solve(NULL, 10, &winner, &plies), TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK_RESULT(tictactoe_game_solve(empty3, 10, NULL, &plies), TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK_RESULT(tictactoe_game_solve(empty3, 10, &winner, NULL), TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK(winner == 99 && plies == 99);
    tictactoe_game_free(empty3);
    tictactoe_game_free(empty4);
    tictactoe_game_free(blocked);
    tictactoe_game_free(over);
}

static void test_solve_threads(void) {
    const uint32_t columns[] = {3, 3, 2, 4, 2, 1, 4, 4, 3, 5, 5, 0, 1, 6}; /* 14 moves in */
    tictactoe_game *four = NULL;
    uint32_t winner = 99, plies = 99, many_winner = 99, many_plies = 99, row, won;
    size_t i;
    CHECK_RESULT(tictactoe_game_new_mnk(6, 7, 4, TICTACTOE_RULE_GRAVITY, &four), TICTACTOE_RESULT_OK);
    for (i = 0; i < sizeof columns / sizeof columns[0]; i++) {
        CHECK_RESULT(tictactoe_game_drop(four, columns[i], &row, &won), TICTACTOE_RESULT_OK);
    }
    CHECK_RESULT(tictactoe_game_solve(four, TICTACTOE_DEFAULT_MAX_NODES, &winner, &plies), TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_game_solve_threads(four, TICTACTOE_DEFAULT_MAX_NODES, 2, &many_winner, &many_plies),
                 TICTACTOE_RESULT_OK);
    CHECK(winner == many_winner && plies == many_plies && plies > 0);
    /* A table of the fewest entries gives the same value; one that cannot be had is refused,
     * and the next solve has the default table back. */
    {
        const tictactoe_solve_options small = {TICTACTOE_DEFAULT_MAX_NODES, 1, 0, 1021};
        const tictactoe_solve_options huge = {TICTACTOE_DEFAULT_MAX_NODES, 1, 0, UINT64_MAX / 4};
        uint32_t small_winner = 99, small_plies = 99;
        CHECK_RESULT(tictactoe_game_solve_with(four, &small, &small_winner, &small_plies), TICTACTOE_RESULT_OK);
        CHECK(small_winner == winner && small_plies == plies);
        small_winner = small_plies = 99;
        CHECK_RESULT(tictactoe_game_solve_with(four, &huge, &small_winner, &small_plies), TICTACTOE_RESULT_ALLOC_FAILED);
        CHECK(small_winner == 99 && small_plies == 99);
        CHECK_RESULT(tictactoe_game_solve(four, TICTACTOE_DEFAULT_MAX_NODES, &small_winner, &small_plies),
                     TICTACTOE_RESULT_OK);
        CHECK(small_winner == winner && small_plies == plies);
    }
    /* Refusals leave the out-params alone. */
    many_winner = many_plies = 99;
    CHECK_RESULT(tictactoe_game_solve_threads(four, 10, 0, &many_winner, &many_plies),
                 TICTACTOE_RESULT_INVALID_ARGUMENT);
    CHECK_RESULT(tictactoe_game_solve_threads(four, 10, 2, &many_winner, &many_plies),
                 TICTACTOE_RESULT_BUDGET_EXCEEDED);
    CHECK_RESULT(tictactoe_game_solve_threads(NULL, 10, 2, &many_winner, &many_plies),
                 TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK(many_winner == 99 && many_plies == 99);
    tictactoe_game_free(four);
}

/* The _with forms: NULL options are the defaults; Connect Four's empty board comes from the
 * book at once unless TICTACTOE_NO_BOOK, which solves it (beyond a small budget); bad options
 * are refused with the out-params untouched. */
static void test_options(void) {
    tictactoe_game *four = NULL;
    tictactoe_solve_options unbooked = {1000, 1, TICTACTOE_NO_BOOK, 0}, booked = {0, 1, 0, 0};
    tictactoe_solve_options no_threads = {1000, 0, 0, 0}, unknown = {1000, 1, 4, 0};
    tictactoe_move_options searched = {50, TICTACTOE_NO_BOOK, 7, 1000}, plain = {50, TICTACTOE_NOT_PERFECT, 7, 0};
    tictactoe_move_options bad_move = {50, 8, 7, 0};
    tictactoe_move_value values[7];
    uint32_t winner = 99, plies = 99, row = 99, col = 99;
    size_t count = 99;
    CHECK_RESULT(tictactoe_game_new_mnk(6, 7, 4, TICTACTOE_RULE_GRAVITY, &four), TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_game_solve_with(four, NULL, &winner, &plies), TICTACTOE_RESULT_OK);
    CHECK(winner == 1 && plies == 41);
    winner = plies = 99;
    CHECK_RESULT(tictactoe_game_solve_with(four, &booked, &winner, &plies), TICTACTOE_RESULT_OK);
    CHECK(winner == 1 && plies == 41); /* no position visited */
    winner = plies = 99;
    CHECK_RESULT(tictactoe_game_solve_with(four, &unbooked, &winner, &plies), TICTACTOE_RESULT_BUDGET_EXCEEDED);
    CHECK_RESULT(tictactoe_game_solve_with(four, &no_threads, &winner, &plies), TICTACTOE_RESULT_INVALID_ARGUMENT);
    CHECK_RESULT(tictactoe_game_solve_with(four, &unknown, &winner, &plies), TICTACTOE_RESULT_INVALID_ARGUMENT);
    CHECK_RESULT(tictactoe_game_solve_with(NULL, NULL, &winner, &plies), TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK_RESULT(tictactoe_game_solve_with(four, NULL, NULL, &plies), TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK(winner == 99 && plies == 99);
    CHECK_RESULT(tictactoe_game_best_move_with(four, NULL, &row, &col), TICTACTOE_RESULT_OK);
    CHECK(row == 5 && col == 3);
    /* Without the book, within a budget too small to solve, the move is the tree search's: the
     * one NOT_PERFECT gives with the same seed, which for some seed is not the book's. */
    {
        uint32_t seed, off_book = 0, plain_row, plain_col;
        for (seed = 0; seed < 16; seed++) {
            searched.seed = plain.seed = seed;
            row = col = 99;
            CHECK_RESULT(tictactoe_game_best_move_with(four, &searched, &row, &col), TICTACTOE_RESULT_OK);
            CHECK_RESULT(tictactoe_game_best_move_with(four, &plain, &plain_row, &plain_col), TICTACTOE_RESULT_OK);
            CHECK(row == 5 && row == plain_row && col == plain_col);
            off_book += col != 3;
        }
        CHECK(off_book > 0);
    }
    row = col = 99;
    CHECK_RESULT(tictactoe_game_best_move_with(four, &bad_move, &row, &col), TICTACTOE_RESULT_INVALID_ARGUMENT);
    CHECK_RESULT(tictactoe_game_best_move_with(NULL, NULL, &row, &col), TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK_RESULT(tictactoe_game_best_move_with(four, NULL, &row, NULL), TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK(row == 99 && col == 99);
    /* After X's middle column, each of O's replies is in the book: all lose, the slowest in 40. */
    CHECK_RESULT(tictactoe_game_drop(four, 3, &row, &winner), TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_game_analyze_with(four, NULL, values, 7, &count), TICTACTOE_RESULT_OK);
    CHECK(count == 7);
    plies = 0;
    for (size_t i = 0; i < 7; i++) {
        CHECK(values[i].winner == 1);
        if (values[i].plies > plies) plies = values[i].plies;
    }
    CHECK(plies == 40);
    count = 99;
    CHECK_RESULT(tictactoe_game_analyze_with(four, &unbooked, values, 7, &count), TICTACTOE_RESULT_BUDGET_EXCEEDED);
    CHECK_RESULT(tictactoe_game_analyze_with(four, &unknown, values, 7, &count), TICTACTOE_RESULT_INVALID_ARGUMENT);
    CHECK_RESULT(tictactoe_game_analyze_with(four, &no_threads, values, 7, &count), TICTACTOE_RESULT_INVALID_ARGUMENT);
    CHECK(count == 99);
    tictactoe_game_free(four);
}

static void test_analyze(void) {
    const uint32_t threat[] = {0, 4, 1}; /* X X . / . O . / . . . : O to move */
    const uint32_t won[] = {0, 3, 1, 4, 2};
    tictactoe_game *blocked = played(3, threat, 3), *over = played(3, won, 5);
    tictactoe_game *empty4 = played(4, NULL, 0);
    tictactoe_move_value values[9], untouched[9], sixteen[16];
    size_t count = 99, i;
    for (i = 0; i < 16; i++) {
        sixteen[i].row = sixteen[i].col = sixteen[i].winner = sixteen[i].plies = 77;
    }
    memset(values, 0x5a, sizeof values);
    memcpy(untouched, values, sizeof values);
    /* Too small: the number needed, nothing written or solved. */
    CHECK_RESULT(tictactoe_game_analyze(blocked, TICTACTOE_DEFAULT_MAX_NODES, values, 5, &count),
                 TICTACTOE_RESULT_BUFFER_TOO_SMALL);
    CHECK(count == 6 && memcmp(values, untouched, sizeof values) == 0);
    CHECK_RESULT(tictactoe_game_analyze(blocked, TICTACTOE_DEFAULT_MAX_NODES, values, 9, &count),
                 TICTACTOE_RESULT_OK);
    CHECK(count == 6);
    for (i = 0; i < count; i++) {
        /* The block draws in 6 plies from here; any other move lets X win with its next. */
        int block = values[i].row == 0 && values[i].col == 2;
        CHECK(values[i].winner == (block ? 0u : 1u) && values[i].plies == (block ? 6u : 2u));
    }
    CHECK(values[0].row == 0 && values[0].col == 2 && values[5].row == 2 && values[5].col == 2);
    CHECK_RESULT(tictactoe_game_analyze(over, 0, values, 9, &count), TICTACTOE_RESULT_OK);
    CHECK(count == 0);
    CHECK_RESULT(tictactoe_game_analyze(over, 0, NULL, 0, &count), TICTACTOE_RESULT_OK);
    CHECK(count == 0);
    /* Refusals leave the out-params alone. */
    count = 99;
    CHECK_RESULT(tictactoe_game_analyze(empty4, 10, sixteen, 16, &count), TICTACTOE_RESULT_BUDGET_EXCEEDED);
    CHECK_RESULT(tictactoe_game_analyze(NULL, 10, sixteen, 16, &count), TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK_RESULT(tictactoe_game_analyze(empty4, 10, NULL, 16, &count), TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK(count == 99);
    CHECK_RESULT(tictactoe_game_analyze(empty4, 10, sixteen, 16, NULL), TICTACTOE_RESULT_NULL_PARAMETER);
    for (i = 0; i < 16; i++) {
        CHECK(sixteen[i].row == 77 && sixteen[i].plies == 77);
    }
    tictactoe_game_free(blocked);
    tictactoe_game_free(over);
    tictactoe_game_free(empty4);
}

static void test_best_move(void) {
    const uint32_t threat[] = {0, 4, 1};
    const uint32_t won[] = {0, 3, 1, 4, 2};
    const uint32_t drawn[] = {0, 1, 2, 4, 3, 5, 7, 6, 8}; /* X O X / X O O / O X X */
    tictactoe_game *blocked = played(3, threat, 3), *over = played(3, won, 5);
    tictactoe_game *full = played(3, drawn, 9), *big = played(7, NULL, 0);
    uint32_t row = 99, col = 99, again_row, again_col, status;
    uint8_t before[49], after[49];
    size_t len;
    CHECK_RESULT(tictactoe_game_best_move(blocked, TICTACTOE_DEFAULT_SIMULATIONS, 0, &row, &col), TICTACTOE_RESULT_OK);
    CHECK(row == 0 && col == 2);
    /* A searched move on 7 x 7: legal, the same for the same seed, and the game unchanged. */
    tictactoe_game_cells(big, before, sizeof before, &len);
    CHECK_RESULT(tictactoe_game_best_move(big, 200, 7, &row, &col), TICTACTOE_RESULT_OK);
    CHECK(row < 7 && col < 7);
    CHECK_RESULT(tictactoe_game_best_move(big, 200, 7, &again_row, &again_col), TICTACTOE_RESULT_OK);
    CHECK(row == again_row && col == again_col);
    tictactoe_game_cells(big, after, sizeof after, &len);
    CHECK(memcmp(before, after, sizeof before) == 0);
    /* Finished games, won or drawn, have no move. */
    CHECK_RESULT(tictactoe_game_status(full, &status), TICTACTOE_RESULT_OK);
    CHECK(status == TICTACTOE_STATUS_DRAW);
    row = col = 99;
    CHECK_RESULT(tictactoe_game_best_move(over, 10, 0, &row, &col), TICTACTOE_RESULT_GAME_OVER);
    CHECK_RESULT(tictactoe_game_best_move(full, 10, 0, &row, &col), TICTACTOE_RESULT_GAME_OVER);
    CHECK_RESULT(tictactoe_game_best_move(NULL, 10, 0, &row, &col), TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK_RESULT(tictactoe_game_best_move(blocked, 10, 0, NULL, &col), TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK_RESULT(tictactoe_game_best_move(blocked, 10, 0, &row, NULL), TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK(row == 99 && col == 99);
    tictactoe_game_free(blocked);
    tictactoe_game_free(over);
    tictactoe_game_free(full);
    tictactoe_game_free(big);
}

#define GAMES 64

static void test_batch_perfect_opponent(void) {
    tictactoe_batch *batch = NULL, *big = NULL;
    uint32_t actions[GAMES], perfect[GAMES], untouched[GAMES];
    uint8_t players[GAMES], winners[GAMES];
    size_t refused;
    int step, g;
    CHECK_RESULT(tictactoe_batch_new(GAMES, 3, 42, &batch), TICTACTOE_RESULT_OK);
    /* X plays at random, O perfectly, until every game is over: O never loses. */
    for (step = 0; step < 9; step++) {
        CHECK_RESULT(tictactoe_batch_games_random_legal_actions(batch, NULL, GAMES, actions, &refused),
                     TICTACTOE_RESULT_OK);
        CHECK_RESULT(tictactoe_batch_perfect_actions(batch, perfect, GAMES), TICTACTOE_RESULT_OK);
        CHECK_RESULT(tictactoe_batch_next_players(batch, players, GAMES), TICTACTOE_RESULT_OK);
        for (g = 0; g < GAMES; g++) {
            CHECK((actions[g] == TICTACTOE_NO_ACTION) == (perfect[g] == TICTACTOE_NO_ACTION));
            if (players[g] == 2) actions[g] = perfect[g];
        }
        for (g = 0; g < GAMES; g++) {
            if (actions[g] != TICTACTOE_NO_ACTION) {
                uint32_t index = (uint32_t)g;
                uint8_t winner;
                CHECK_RESULT(tictactoe_batch_games_step(batch, &index, 1, &actions[g], TICTACTOE_ILLEGAL_RAISE, &winner,
                                                        &refused),
                             TICTACTOE_RESULT_OK);
            }
        }
    }
    CHECK_RESULT(tictactoe_batch_winners(batch, winners, GAMES), TICTACTOE_RESULT_OK);
    for (g = 0; g < GAMES; g++) CHECK(winners[g] != 1);
    /* Refusals leave the array alone. */
    memset(untouched, 7, sizeof untouched);
    memcpy(perfect, untouched, sizeof perfect);
    CHECK_RESULT(tictactoe_batch_perfect_actions(batch, perfect, GAMES - 1), TICTACTOE_RESULT_LENGTH_MISMATCH);
    CHECK_RESULT(tictactoe_batch_new(GAMES, 4, 0, &big), TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_batch_perfect_actions(big, perfect, GAMES), TICTACTOE_RESULT_UNSUPPORTED_SIZE);
    /* Smaller boards have tables too. */
    {
        tictactoe_batch *small = NULL;
        uint32_t small_actions[GAMES];
        CHECK_RESULT(tictactoe_batch_new(GAMES, 2, 0, &small), TICTACTOE_RESULT_OK);
        CHECK_RESULT(tictactoe_batch_perfect_actions(small, small_actions, GAMES), TICTACTOE_RESULT_OK);
        for (g = 0; g < GAMES; g++) CHECK(small_actions[g] < 4);
        tictactoe_batch_free(small);
    }
    CHECK_RESULT(tictactoe_batch_perfect_actions(NULL, perfect, GAMES), TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK_RESULT(tictactoe_batch_perfect_actions(batch, NULL, GAMES), TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK(memcmp(perfect, untouched, sizeof perfect) == 0);
    tictactoe_batch_free(batch);
    tictactoe_batch_free(big);
}

/* What a stop is given: how many times it was asked, and after how many it answers 1; with a
 * game, a search of its own each time (which its thread's running search refuses) and a move
 * played on it (the search runs on a copy). */
typedef struct {
    uint32_t asked, answer_after;
    tictactoe_game *game;
    tictactoe_result nested;
} stop_state;

static int32_t stop_after(void *user) {
    stop_state *state = user;
    state->asked++;
    if (state->game != NULL) {
        uint32_t winner, plies, row;
        state->nested = tictactoe_game_solve(state->game, 10, &winner, &plies);
        if (state->asked == 1) CHECK_RESULT(tictactoe_game_drop(state->game, 0, &row, &winner), TICTACTOE_RESULT_OK);
    }
    return state->asked > state->answer_after;
}

static void test_until(void) {
    tictactoe_game *four = NULL, *gomoku = NULL;
    tictactoe_solve_options unbooked = {UINT64_MAX, 1, TICTACTOE_NO_BOOK, 0}, two = {UINT64_MAX, 2, TICTACTOE_NO_BOOK, 0};
    tictactoe_move_options tree = {1000000u, TICTACTOE_NOT_PERFECT, 3, 0}, few = {300, TICTACTOE_NOT_PERFECT, 3, 0};
    uint32_t winner = 99, plies = 99, row = 99, col = 99, plain_row, plain_col;
    uint64_t marks = 0;
    stop_state state = {0, 2, NULL, TICTACTOE_RESULT_OK};
    CHECK_RESULT(tictactoe_game_new_mnk(6, 7, 4, TICTACTOE_RULE_GRAVITY, &four), TICTACTOE_RESULT_OK);
    /* The empty board without the book takes minutes: stopped at the third question, after
     * 3 * 1 024 positions, as an exhausted budget; the out-params untouched. */
    CHECK_RESULT(tictactoe_game_solve_until(four, &unbooked, stop_after, &state, &winner, &plies),
                 TICTACTOE_RESULT_BUDGET_EXCEEDED);
    CHECK(state.asked == 3 && winner == 99 && plies == 99);
    state.asked = 0;
    CHECK_RESULT(tictactoe_game_solve_until(four, &two, stop_after, &state, &winner, &plies),
                 TICTACTOE_RESULT_BUDGET_EXCEEDED);
    CHECK(state.asked == 3);
    /* A stop that never answers 1, or a NULL one: tictactoe_game_solve_with's answer, on a
     * position of Pons' Middle-Medium set (57273664732271755, about 22 000 positions) that
     * is solved (first with the stop, asked once every 1 024 positions). */
    {
        const uint32_t columns[] = {4, 6, 1, 6, 2, 5, 5, 3, 6, 2, 1, 1, 6, 0, 6, 4, 4};
        tictactoe_game *middle = NULL;
        uint32_t plain_winner = 98, plain_plies = 98;
        CHECK_RESULT(tictactoe_game_new_mnk(6, 7, 4, TICTACTOE_RULE_GRAVITY, &middle), TICTACTOE_RESULT_OK);
        for (size_t i = 0; i < sizeof columns / sizeof columns[0]; i++) {
            CHECK_RESULT(tictactoe_game_drop(middle, columns[i], &row, &winner), TICTACTOE_RESULT_OK);
        }
        state = (stop_state){0, UINT32_MAX, NULL, TICTACTOE_RESULT_OK};
        winner = plies = 99;
        CHECK_RESULT(tictactoe_game_solve_until(middle, &unbooked, stop_after, &state, &winner, &plies), TICTACTOE_RESULT_OK);
        CHECK(state.asked > 10 && winner == 1 && plies == 22);
        CHECK_RESULT(tictactoe_game_solve_until(middle, &unbooked, NULL, NULL, &plain_winner, &plain_plies), TICTACTOE_RESULT_OK);
        CHECK(plain_winner == winner && plain_plies == plies);
        CHECK_RESULT(tictactoe_game_solve_with(middle, &unbooked, &plain_winner, &plain_plies), TICTACTOE_RESULT_OK);
        CHECK(plain_winner == winner && plain_plies == plies);
        tictactoe_game_free(middle);
    }
    /* A stop that answers 1 once ends a perfect move's solve, and the tree search after it
     * plays at once (it is not asked again): the tactics' most promising move. */
    {
        tictactoe_game *early = NULL;
        tictactoe_move_options perfect = {300000, TICTACTOE_NO_BOOK, 3, 0};
        const uint32_t columns[] = {3, 3, 2, 4};
        CHECK_RESULT(tictactoe_game_new_mnk(6, 7, 4, TICTACTOE_RULE_GRAVITY, &early), TICTACTOE_RESULT_OK);
        for (size_t i = 0; i < 4; i++) CHECK_RESULT(tictactoe_game_drop(early, columns[i], &row, &winner), TICTACTOE_RESULT_OK);
        state = (stop_state){0, 0, NULL, TICTACTOE_RESULT_OK};
        row = col = 99;
        CHECK_RESULT(tictactoe_game_best_move_until(early, &perfect, stop_after, &state, &row, &col), TICTACTOE_RESULT_OK);
        CHECK(state.asked == 1 && row < 6 && col < 7);
        tictactoe_game_free(early);
    }
    /* The stop may use the game (the solve runs on a copy), but not start a search. */
    state = (stop_state){0, 1, four, TICTACTOE_RESULT_OK};
    winner = plies = 99;
    CHECK_RESULT(tictactoe_game_solve_until(four, &unbooked, stop_after, &state, &winner, &plies),
                 TICTACTOE_RESULT_BUDGET_EXCEEDED);
    CHECK(state.asked == 2 && state.nested == TICTACTOE_RESULT_BUSY);
    CHECK_RESULT(tictactoe_game_marks(four, &marks), TICTACTOE_RESULT_OK);
    CHECK(marks == 1);
    /* The tree search, stopped after 37 simulations: a search of 37. */
    CHECK_RESULT(tictactoe_game_new_mnk(15, 15, 5, 0, &gomoku), TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_game_play(gomoku, 7, 7, &winner), TICTACTOE_RESULT_OK);
    state = (stop_state){0, 37, NULL, TICTACTOE_RESULT_OK};
    CHECK_RESULT(tictactoe_game_best_move_until(gomoku, &tree, stop_after, &state, &row, &col), TICTACTOE_RESULT_OK);
    CHECK(state.asked == 38);
    few.simulations = 37;
    CHECK_RESULT(tictactoe_game_best_move_with(gomoku, &few, &plain_row, &plain_col), TICTACTOE_RESULT_OK);
    CHECK(row == plain_row && col == plain_col);
    few.simulations = 300;
    CHECK_RESULT(tictactoe_game_best_move_until(gomoku, &few, NULL, NULL, &row, &col), TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_game_best_move_with(gomoku, &few, &plain_row, &plain_col), TICTACTOE_RESULT_OK);
    CHECK(row == plain_row && col == plain_col);
    /* Refusals, checked before the stop is ever asked; the out-params untouched. */
    state = (stop_state){0, 0, NULL, TICTACTOE_RESULT_OK};
    row = col = winner = plies = 99;
    CHECK_RESULT(tictactoe_game_solve_until(NULL, NULL, stop_after, &state, &winner, &plies), TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK_RESULT(tictactoe_game_solve_until(four, NULL, stop_after, &state, NULL, &plies), TICTACTOE_RESULT_NULL_PARAMETER);
    two.threads = 0;
    CHECK_RESULT(tictactoe_game_solve_until(four, &two, stop_after, &state, &winner, &plies), TICTACTOE_RESULT_INVALID_ARGUMENT);
    CHECK_RESULT(tictactoe_game_best_move_until(NULL, NULL, stop_after, &state, &row, &col), TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK_RESULT(tictactoe_game_best_move_until(gomoku, NULL, stop_after, &state, &row, NULL), TICTACTOE_RESULT_NULL_PARAMETER);
    few.flags = 8;
    CHECK_RESULT(tictactoe_game_best_move_until(gomoku, &few, stop_after, &state, &row, &col), TICTACTOE_RESULT_INVALID_ARGUMENT);
    {
        const uint32_t won[] = {0, 3, 1, 4, 2};
        tictactoe_game *over = played(3, won, 5);
        CHECK_RESULT(tictactoe_game_best_move_until(over, NULL, stop_after, &state, &row, &col), TICTACTOE_RESULT_GAME_OVER);
        tictactoe_game_free(over);
    }
    CHECK(state.asked == 0 && row == 99 && col == 99 && winner == 99 && plies == 99);
    tictactoe_game_free(four);
    tictactoe_game_free(gomoku);
}

int main(void) {
    test_solve();
    test_solve_threads();
    test_options();
    test_analyze();
    test_best_move();
    test_batch_perfect_opponent();
    test_until();
    return checks_report("test_search");
}
