/* The k-in-a-row family through the C ABI: games and batches made from rules (rows, cols, k and
 * the TICTACTOE_RULE_ flags), Connect Four played by drops, gomoku with and without the exact
 * rule, the rules read back, winning runs, positions and text under rules, and every refusal
 * with the state and the out-params left as they were. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "tictactoe.h"
#include "snapshot.h"

#define SENTINEL 0xDEADBEEFu
#define C4_ROWS 6
#define C4_COLS 7
#define C4_CELLS (C4_ROWS * C4_COLS)

static tictactoe_game *connect_four(void) {
    tictactoe_game *game = NULL;
    CHECK_RESULT(tictactoe_game_new_mnk(C4_ROWS, C4_COLS, 4, TICTACTOE_RULE_GRAVITY, &game), TICTACTOE_RESULT_OK);
    return game;
}

/* Drops into each column of `cols` in turn, checking the rows the marks land on and that nobody
 * wins before the last drop; returns the winner after the last one. */
static uint32_t drop_all(tictactoe_game *game, const uint32_t *cols, const uint32_t *rows, size_t count) {
    uint32_t row = SENTINEL, winner = SENTINEL;
    size_t i;
    for (i = 0; i < count; i++) {
        CHECK_RESULT(tictactoe_game_drop(game, cols[i], &row, &winner), TICTACTOE_RESULT_OK);
        CHECK(row == rows[i]);
        if (i + 1 < count) CHECK(winner == 0);
    }
    return winner;
}

/* The game's one winning run, which must go from (r0, c0) to (r1, c1). */
static void check_run(const tictactoe_game *game, uint32_t r0, uint32_t c0, uint32_t r1, uint32_t c1) {
    tictactoe_run runs[4];
    size_t count = SENTINEL;
    CHECK_RESULT(tictactoe_game_winning_runs(game, runs, 4, &count), TICTACTOE_RESULT_OK);
    CHECK(count == 1);
    CHECK(runs[0].first_row == r0 && runs[0].first_col == c0 && runs[0].last_row == r1 && runs[0].last_col == c1);
}

static void test_flags_and_rules_check(void) {
    /* The flags are unsigned and distinct bits, part of the ABI. */
    CHECK(TICTACTOE_RULE_EXACT == 1u && TICTACTOE_RULE_GRAVITY == 2u);
    CHECK((TICTACTOE_RULE_EXACT & TICTACTOE_RULE_GRAVITY) == 0);
    CHECK((~TICTACTOE_RULE_EXACT) > 0); /* unsigned: no sign bit to worry about */
    CHECK_RESULT(tictactoe_rules_check(3, 3, 3, 0), TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_rules_check(6, 7, 4, TICTACTOE_RULE_GRAVITY), TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_rules_check(15, 15, 5, TICTACTOE_RULE_EXACT | TICTACTOE_RULE_GRAVITY), TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_rules_check(1, 65535, 65535, 0), TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_rules_check(65535, 1, 1, 0), TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_rules_check(0, 7, 4, 0), TICTACTOE_RESULT_INVALID_RULES);
    CHECK_RESULT(tictactoe_rules_check(6, 0, 4, 0), TICTACTOE_RESULT_INVALID_RULES);
    CHECK_RESULT(tictactoe_rules_check(65536, 7, 4, 0), TICTACTOE_RESULT_INVALID_RULES);
    CHECK_RESULT(tictactoe_rules_check(6, UINT32_MAX, 4, 0), TICTACTOE_RESULT_INVALID_RULES);
    CHECK_RESULT(tictactoe_rules_check(6, 7, 0, 0), TICTACTOE_RESULT_INVALID_RULES);
    CHECK_RESULT(tictactoe_rules_check(6, 7, 8, 0), TICTACTOE_RESULT_INVALID_RULES);
    CHECK_RESULT(tictactoe_rules_check(6, 7, UINT32_MAX, 0), TICTACTOE_RESULT_INVALID_RULES);
    /* An unknown flag is refused first, whatever the rest. */
    CHECK_RESULT(tictactoe_rules_check(6, 7, 4, 4), TICTACTOE_RESULT_INVALID_ARGUMENT);
    CHECK_RESULT(tictactoe_rules_check(6, 7, 4, TICTACTOE_RULE_GRAVITY | 8u), TICTACTOE_RESULT_INVALID_ARGUMENT);
    CHECK_RESULT(tictactoe_rules_check(0, 0, 0, UINT32_MAX), TICTACTOE_RESULT_INVALID_ARGUMENT);
}

static void test_new_and_rules(void) {
    tictactoe_game *game = (tictactoe_game *)&game, *const sentinel = game;
    uint32_t rows = SENTINEL, cols = SENTINEL, k = SENTINEL, flags = SENTINEL, n = SENTINEL;
    /* Rules no game has, and flags the header does not define: nothing is made. */
    CHECK_RESULT(tictactoe_game_new_mnk(0, 7, 4, 0, &game), TICTACTOE_RESULT_INVALID_RULES);
    CHECK_RESULT(tictactoe_game_new_mnk(6, 0, 4, 0, &game), TICTACTOE_RESULT_INVALID_RULES);
    CHECK_RESULT(tictactoe_game_new_mnk(65536, 7, 4, 0, &game), TICTACTOE_RESULT_INVALID_RULES);
    CHECK_RESULT(tictactoe_game_new_mnk(6, 65536, 4, 0, &game), TICTACTOE_RESULT_INVALID_RULES);
    CHECK_RESULT(tictactoe_game_new_mnk(UINT32_MAX, UINT32_MAX, 4, 0, &game), TICTACTOE_RESULT_INVALID_RULES);
    CHECK_RESULT(tictactoe_game_new_mnk(6, 7, 0, 0, &game), TICTACTOE_RESULT_INVALID_RULES);
    CHECK_RESULT(tictactoe_game_new_mnk(6, 7, 8, TICTACTOE_RULE_GRAVITY, &game), TICTACTOE_RESULT_INVALID_RULES);
    CHECK_RESULT(tictactoe_game_new_mnk(6, 7, 4, 4, &game), TICTACTOE_RESULT_INVALID_ARGUMENT);
    CHECK_RESULT(tictactoe_game_new_mnk(6, 7, 4, UINT32_MAX, &game), TICTACTOE_RESULT_INVALID_ARGUMENT);
    CHECK_RESULT(tictactoe_game_new_mnk(0, 7, 4, 1u << 31, &game), TICTACTOE_RESULT_INVALID_ARGUMENT);
    CHECK_RESULT(tictactoe_game_new_mnk(6, 7, 4, 0, NULL), TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK(game == sentinel);

    /* Connect Four reads back as made; it has no n. */
    game = connect_four();
    CHECK_RESULT(tictactoe_game_rules(game, &rows, &cols, &k, &flags), TICTACTOE_RESULT_OK);
    CHECK(rows == 6 && cols == 7 && k == 4 && flags == TICTACTOE_RULE_GRAVITY);
    CHECK_RESULT(tictactoe_game_n(game, &n), TICTACTOE_RESULT_UNSUPPORTED_SIZE);
    CHECK(n == SENTINEL);
    rows = cols = k = flags = SENTINEL;
    CHECK_RESULT(tictactoe_game_rules(NULL, &rows, &cols, &k, &flags), TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK_RESULT(tictactoe_game_rules(game, NULL, &cols, &k, &flags), TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK_RESULT(tictactoe_game_rules(game, &rows, NULL, &k, &flags), TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK_RESULT(tictactoe_game_rules(game, &rows, &cols, NULL, &flags), TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK_RESULT(tictactoe_game_rules(game, &rows, &cols, &k, NULL), TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK(rows == SENTINEL && cols == SENTINEL && k == SENTINEL && flags == SENTINEL);
    tictactoe_game_free(game);

    /* Gomoku with both flags; a rectangle; a 1 x 1 board; n x n tic-tac-toe made either way. */
    CHECK_RESULT(tictactoe_game_new_mnk(15, 15, 5, TICTACTOE_RULE_EXACT | TICTACTOE_RULE_GRAVITY, &game),
                 TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_game_rules(game, &rows, &cols, &k, &flags), TICTACTOE_RESULT_OK);
    CHECK(rows == 15 && cols == 15 && k == 5 && flags == (TICTACTOE_RULE_EXACT | TICTACTOE_RULE_GRAVITY));
    CHECK_RESULT(tictactoe_game_n(game, &n), TICTACTOE_RESULT_OK);
    CHECK(n == 15);
    tictactoe_game_free(game);
    CHECK_RESULT(tictactoe_game_new_mnk(3, 65535, 65535, TICTACTOE_RULE_EXACT, &game), TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_game_rules(game, &rows, &cols, &k, &flags), TICTACTOE_RESULT_OK);
    CHECK(rows == 3 && cols == 65535 && k == 65535 && flags == TICTACTOE_RULE_EXACT);
    tictactoe_game_free(game);
    CHECK_RESULT(tictactoe_game_new(4, &game), TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_game_rules(game, &rows, &cols, &k, &flags), TICTACTOE_RESULT_OK);
    CHECK(rows == 4 && cols == 4 && k == 4 && flags == 0);
    tictactoe_game_free(game);
    {
        tictactoe_game *a = NULL, *b = NULL;
        char *one, *two;
        CHECK_RESULT(tictactoe_game_new(3, &a), TICTACTOE_RESULT_OK);
        CHECK_RESULT(tictactoe_game_new_mnk(3, 3, 3, 0, &b), TICTACTOE_RESULT_OK);
        one = snapshot(a);
        two = snapshot(b);
        CHECK(one && two && strcmp(one, two) == 0 && strcmp(one, "tictactoe/1 n=3 moves=") == 0);
        free(one);
        free(two);
        tictactoe_game_free(a);
        tictactoe_game_free(b);
    }
}

static void test_connect_four_vertical(void) {
    static const uint32_t cols[] = {0, 1, 0, 1, 0, 1, 0};
    static const uint32_t rows[] = {5, 5, 4, 4, 3, 3, 2};
    tictactoe_game *game = connect_four();
    tictactoe_status status = TICTACTOE_STATUS_IN_PROGRESS;
    tictactoe_line lines[4];
    size_t count = SENTINEL;
    uint32_t row = SENTINEL, winner = SENTINEL, cell = SENTINEL;
    char *before;
    CHECK(drop_all(game, cols, rows, 7) == 1);
    check_run(game, 2, 0, 5, 0);
    CHECK_RESULT(tictactoe_game_status(game, &status), TICTACTOE_RESULT_OK);
    CHECK(status == TICTACTOE_STATUS_WON);
    CHECK_RESULT(tictactoe_game_cell(game, 2, 0, &cell), TICTACTOE_RESULT_OK);
    CHECK(cell == 1);
    /* Whole lines are n x n tic-tac-toe's: none here. */
    CHECK_RESULT(tictactoe_game_winning_lines(game, lines, 4, &count), TICTACTOE_RESULT_OK);
    CHECK(count == 0);
    /* No move after the win, by any route; nothing changes. */
    before = snapshot(game);
    CHECK_RESULT(tictactoe_game_drop(game, 3, &row, &winner), TICTACTOE_RESULT_GAME_OVER);
    CHECK_RESULT(tictactoe_game_play(game, 5, 3, &winner), TICTACTOE_RESULT_GAME_OVER);
    CHECK_RESULT(tictactoe_game_move(game, 5, 3, 2, &winner), TICTACTOE_RESULT_GAME_OVER);
    /* Bounds come before the game's end. */
    CHECK_RESULT(tictactoe_game_drop(game, 7, &row, &winner), TICTACTOE_RESULT_OUT_OF_BOUNDS);
    CHECK(row == SENTINEL && winner == SENTINEL);
    check_unchanged(game, before);
    free(before);
    tictactoe_game_free(game);
}

static void test_connect_four_horizontal(void) {
    /* X along the bottom row, O on top of each of X's marks. */
    static const uint32_t cols[] = {0, 0, 1, 1, 2, 2, 3};
    static const uint32_t rows[] = {5, 4, 5, 4, 5, 4, 5};
    tictactoe_game *game = connect_four();
    CHECK(drop_all(game, cols, rows, 7) == 1);
    check_run(game, 5, 0, 5, 3);
    tictactoe_game_free(game);
}

static void test_connect_four_diagonals(void) {
    /* X climbs from (5, 0) to (2, 3); O fills in below. */
    static const uint32_t cols[] = {0, 1, 1, 2, 2, 3, 2, 3, 6, 3, 3};
    static const uint32_t rows[] = {5, 5, 4, 5, 4, 5, 3, 4, 5, 3, 2};
    /* The mirror image: X climbs from (5, 6) to (2, 3); the run is reported top first. */
    static const uint32_t mirror[] = {6, 5, 5, 4, 4, 3, 4, 3, 0, 3, 3};
    tictactoe_game *game = connect_four();
    CHECK(drop_all(game, cols, rows, 11) == 1);
    check_run(game, 2, 3, 5, 0);
    tictactoe_game_free(game);
    game = connect_four();
    CHECK(drop_all(game, mirror, rows, 11) == 1);
    check_run(game, 2, 3, 5, 6);
    tictactoe_game_free(game);
}

static void test_connect_four_refusals(void) {
    static const uint32_t cols[] = {0, 0, 0, 0, 0, 0};
    static const uint32_t rows[] = {5, 4, 3, 2, 1, 0};
    tictactoe_game *game = connect_four();
    uint32_t row = SENTINEL, winner = SENTINEL;
    size_t refused = SENTINEL;
    const tictactoe_move floating[] = {{5, 1, 1}, {3, 2, 2}};
    char *before;
    /* Column 0 full of alternating marks: nobody has won. */
    CHECK(drop_all(game, cols, rows, 6) == 0);
    before = snapshot(game);
    CHECK_RESULT(tictactoe_game_drop(game, 0, &row, &winner), TICTACTOE_RESULT_COLUMN_FULL);
    CHECK_RESULT(tictactoe_game_drop(game, 7, &row, &winner), TICTACTOE_RESULT_OUT_OF_BOUNDS);
    CHECK_RESULT(tictactoe_game_drop(game, UINT32_MAX, &row, &winner), TICTACTOE_RESULT_OUT_OF_BOUNDS);
    /* A mark with a free cell below it floats, whoever places it. */
    CHECK_RESULT(tictactoe_game_play(game, 0, 1, &winner), TICTACTOE_RESULT_FLOATING);
    CHECK_RESULT(tictactoe_game_play(game, 4, 1, &winner), TICTACTOE_RESULT_FLOATING);
    CHECK_RESULT(tictactoe_game_move(game, 4, 1, 2, &winner), TICTACTOE_RESULT_FLOATING);
    CHECK_RESULT(tictactoe_game_play(game, 0, 0, &winner), TICTACTOE_RESULT_OCCUPIED);
    CHECK_RESULT(tictactoe_game_play(game, 6, 0, &winner), TICTACTOE_RESULT_OUT_OF_BOUNDS);
    /* A list with a floating move is refused at its index, the moves before it taken back. */
    CHECK_RESULT(tictactoe_game_move_many(game, floating, 2, &winner, &refused), TICTACTOE_RESULT_FLOATING);
    CHECK(refused == 1);
    /* NULL pointers: the drop is not made. */
    CHECK_RESULT(tictactoe_game_drop(NULL, 1, &row, &winner), TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK_RESULT(tictactoe_game_drop(game, 1, NULL, &winner), TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK_RESULT(tictactoe_game_drop(game, 1, &row, NULL), TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK(row == SENTINEL && winner == SENTINEL);
    check_unchanged(game, before);
    free(before);
    /* A cell on a mark, reached by play, is the drop's cell. */
    CHECK_RESULT(tictactoe_game_play(game, 5, 1, &winner), TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_game_drop(game, 1, &row, &winner), TICTACTOE_RESULT_OK);
    CHECK(row == 4 && winner == 0);
    tictactoe_game_free(game);
}

/* Without gravity a drop is the lowest free cell of the column all the same. */
static void test_drop_without_gravity(void) {
    tictactoe_game *game = NULL;
    uint32_t row = SENTINEL, winner = SENTINEL;
    CHECK_RESULT(tictactoe_game_new(3, &game), TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_game_play(game, 2, 1, &winner), TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_game_drop(game, 1, &row, &winner), TICTACTOE_RESULT_OK);
    CHECK(row == 1 && winner == 0);
    CHECK_RESULT(tictactoe_game_play(game, 0, 1, &winner), TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_game_drop(game, 1, &row, &winner), TICTACTOE_RESULT_COLUMN_FULL);
    tictactoe_game_free(game);
    /* 1 x 1, k = 1: the first drop wins, with a run of one cell in each of the four directions. */
    CHECK_RESULT(tictactoe_game_new_mnk(1, 1, 1, TICTACTOE_RULE_GRAVITY, &game), TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_game_drop(game, 0, &row, &winner), TICTACTOE_RESULT_OK);
    CHECK(row == 0 && winner == 1);
    {
        tictactoe_run runs[4];
        size_t count = SENTINEL, i;
        CHECK_RESULT(tictactoe_game_winning_runs(game, runs, 4, &count), TICTACTOE_RESULT_OK);
        CHECK(count == 4);
        for (i = 0; i < 4; i++)
            CHECK(runs[i].first_row == 0 && runs[i].first_col == 0 && runs[i].last_row == 0 && runs[i].last_col == 0);
    }
    tictactoe_game_free(game);
}

/* Plays (row, col) pairs in turn on a 15 x 15 gomoku board; returns the last winner. */
static uint32_t play_all(tictactoe_game *game, const uint32_t (*cells)[2], size_t count) {
    uint32_t winner = SENTINEL;
    size_t i;
    for (i = 0; i < count; i++) {
        CHECK_RESULT(tictactoe_game_play(game, cells[i][0], cells[i][1], &winner), TICTACTOE_RESULT_OK);
        if (i + 1 < count) CHECK(winner == 0);
    }
    return winner;
}

/* X: five on row 7 at columns 1-3 and 5-6, then (7, 4) joins them into six; O scattered on
   row 0. */
static const uint32_t OVERLINE[][2] = {{7, 1}, {0, 0}, {7, 2}, {0, 2}, {7, 3}, {0, 4},
                                       {7, 5}, {0, 6}, {7, 6}, {0, 8}, {7, 4}};
/* Then X makes exactly five on row 9, O still scattered. */
static const uint32_t FIVE[][2] = {{0, 10}, {9, 1}, {0, 12}, {9, 2}, {0, 14}, {9, 3},
                                   {2, 0},  {9, 4}, {2, 2},  {9, 5}};

static void test_gomoku(void) {
    static const uint32_t diagonal[][2] = {{3, 3}, {0, 14}, {4, 4}, {1, 14}, {5, 5}, {2, 14}, {6, 6}, {3, 14}, {7, 7}};
    tictactoe_game *game = NULL;
    tictactoe_status status = TICTACTOE_STATUS_WON;
    uint32_t winner = SENTINEL;
    char *before;
    /* Freestyle: five in a diagonal win; O's four in column 14 did not. */
    CHECK_RESULT(tictactoe_game_new_mnk(15, 15, 5, 0, &game), TICTACTOE_RESULT_OK);
    CHECK(play_all(game, diagonal, 9) == 1);
    check_run(game, 3, 3, 7, 7);
    tictactoe_game_free(game);
    /* Freestyle: six in a row win too. */
    CHECK_RESULT(tictactoe_game_new_mnk(15, 15, 5, 0, &game), TICTACTOE_RESULT_OK);
    CHECK(play_all(game, OVERLINE, 11) == 1);
    check_run(game, 7, 1, 7, 6);
    tictactoe_game_free(game);
    /* Exact: the six does not win, and the game goes on; then exactly five do. */
    CHECK_RESULT(tictactoe_game_new_mnk(15, 15, 5, TICTACTOE_RULE_EXACT, &game), TICTACTOE_RESULT_OK);
    CHECK(play_all(game, OVERLINE, 11) == 0);
    CHECK_RESULT(tictactoe_game_status(game, &status), TICTACTOE_RESULT_OK);
    CHECK(status == TICTACTOE_STATUS_IN_PROGRESS);
    {
        tictactoe_run runs[4];
        size_t count = SENTINEL;
        CHECK_RESULT(tictactoe_game_winning_runs(game, runs, 4, &count), TICTACTOE_RESULT_OK);
        CHECK(count == 0);
    }
    CHECK(play_all(game, FIVE, 10) == 1);
    check_run(game, 9, 1, 9, 5);
    /* Refusals after the win change nothing. */
    before = snapshot(game);
    CHECK_RESULT(tictactoe_game_play(game, 14, 14, &winner), TICTACTOE_RESULT_GAME_OVER);
    CHECK_RESULT(tictactoe_game_play(game, 15, 0, &winner), TICTACTOE_RESULT_OUT_OF_BOUNDS);
    CHECK(winner == SENTINEL);
    check_unchanged(game, before);
    free(before);
    tictactoe_game_free(game);
}

static void test_winning_runs_buffer(void) {
    /* X's marks, none in a line yet; X's next move at (2, 0) completes column 0. */
    static const tictactoe_move moves[] = {{1, 0, 1}, {0, 1, 1}, {0, 0, 1}};
    tictactoe_game *game = NULL;
    tictactoe_run runs[4] = {{SENTINEL, SENTINEL, SENTINEL, SENTINEL}};
    size_t count = SENTINEL, refused = SENTINEL;
    uint32_t winner = SENTINEL;
    /* Nobody has won: no runs, and no buffer needed. */
    CHECK_RESULT(tictactoe_game_new_mnk(3, 3, 3, 0, &game), TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_game_winning_runs(game, NULL, 0, &count), TICTACTOE_RESULT_OK);
    CHECK(count == 0);
    tictactoe_game_free(game);
    /* n x n tic-tac-toe has runs too: its winning lines, from end to end. */
    CHECK_RESULT(tictactoe_game_new(3, &game), TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_game_move_many(game, moves, 3, &winner, &refused), TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_game_move(game, 2, 0, 1, &winner), TICTACTOE_RESULT_OK);
    CHECK(winner == 1);
    count = SENTINEL;
    CHECK_RESULT(tictactoe_game_winning_runs(game, NULL, 0, &count), TICTACTOE_RESULT_BUFFER_TOO_SMALL);
    CHECK(count == 1);
    CHECK_RESULT(tictactoe_game_winning_runs(game, NULL, 4, &count), TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK_RESULT(tictactoe_game_winning_runs(game, runs, 4, NULL), TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK_RESULT(tictactoe_game_winning_runs(NULL, runs, 4, &count), TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK(runs[0].first_row == SENTINEL);
    CHECK_RESULT(tictactoe_game_winning_runs(game, runs, 1, &count), TICTACTOE_RESULT_OK);
    CHECK(count == 1 && runs[0].first_row == 0 && runs[0].first_col == 0 && runs[0].last_row == 2 &&
          runs[0].last_col == 0);
    tictactoe_game_free(game);
    /* Several runs at once, each in its direction's order: row, column, diagonal, anti-diagonal. */
    CHECK_RESULT(tictactoe_game_new_mnk(3, 3, 2, 0, &game), TICTACTOE_RESULT_OK);
    {
        /* 3 x 3, k = 2: X's marks at (0, 0) and (2, 1), O's at (0, 2), then X at the centre makes
           two runs at once (the anti-diagonal holds O's mark). */
        static const tictactoe_move around[] = {{0, 0, 1}, {2, 1, 1}, {0, 2, 2}};
        CHECK_RESULT(tictactoe_game_move_many(game, around, 3, &winner, &refused), TICTACTOE_RESULT_OK);
        CHECK(winner == 0);
        CHECK_RESULT(tictactoe_game_move(game, 1, 1, 1, &winner), TICTACTOE_RESULT_OK);
        CHECK(winner == 1);
        count = SENTINEL;
        CHECK_RESULT(tictactoe_game_winning_runs(game, runs, 1, &count), TICTACTOE_RESULT_BUFFER_TOO_SMALL);
        CHECK(count == 2);
        CHECK_RESULT(tictactoe_game_winning_runs(game, runs, 4, &count), TICTACTOE_RESULT_OK);
        CHECK(count == 2);
        /* Column 1: (1, 1)-(2, 1); diagonal: (0, 0)-(1, 1). */
        CHECK(runs[0].first_row == 1 && runs[0].first_col == 1 && runs[0].last_row == 2 && runs[0].last_col == 1);
        CHECK(runs[1].first_row == 0 && runs[1].first_col == 0 && runs[1].last_row == 1 && runs[1].last_col == 1);
    }
    tictactoe_game_free(game);
}

static void test_positions(void) {
    /* Connect Four: X has four along the bottom row, O three above. */
    uint8_t won[C4_CELLS] = {0};
    uint8_t floating[C4_CELLS] = {0};
    uint8_t start[C4_CELLS] = {0};
    uint8_t got[C4_CELLS];
    tictactoe_game *game = (tictactoe_game *)&game, *const sentinel = game;
    uint32_t winner = SENTINEL, row = SENTINEL, rows, cols, k, flags;
    size_t len = 0;
    memset(won + 35, 1, 4);
    memset(won + 28, 2, 3);
    floating[0] = 1; /* (0, 0), over five free cells */
    floating[35] = 2;
    start[35] = 1;
    start[36] = 2;
    CHECK_RESULT(tictactoe_position_validate_mnk(C4_ROWS, C4_COLS, 4, TICTACTOE_RULE_GRAVITY, won, C4_CELLS),
                 TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_position_validate_mnk(C4_ROWS, C4_COLS, 4, TICTACTOE_RULE_GRAVITY, floating, C4_CELLS),
                 TICTACTOE_RESULT_INVALID_POSITION);
    /* Without gravity the same marks are a position. */
    CHECK_RESULT(tictactoe_position_validate_mnk(C4_ROWS, C4_COLS, 4, 0, floating, C4_CELLS), TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_position_validate_mnk(C4_ROWS, C4_COLS, 4, TICTACTOE_RULE_GRAVITY, won, C4_CELLS - 1),
                 TICTACTOE_RESULT_INVALID_POSITION);
    CHECK_RESULT(tictactoe_position_validate_mnk(C4_ROWS, C4_COLS, 9, 0, won, C4_CELLS), TICTACTOE_RESULT_INVALID_RULES);
    CHECK_RESULT(tictactoe_position_validate_mnk(C4_ROWS, C4_COLS, 4, 16, won, C4_CELLS),
                 TICTACTOE_RESULT_INVALID_ARGUMENT);
    CHECK_RESULT(tictactoe_position_validate_mnk(C4_ROWS, C4_COLS, 4, 0, NULL, C4_CELLS), TICTACTOE_RESULT_NULL_PARAMETER);

    CHECK_RESULT(tictactoe_game_from_cells_mnk(C4_ROWS, C4_COLS, 4, TICTACTOE_RULE_GRAVITY, floating, C4_CELLS, &game),
                 TICTACTOE_RESULT_INVALID_POSITION);
    CHECK_RESULT(tictactoe_game_from_cells_mnk(C4_ROWS, C4_COLS, 4, TICTACTOE_RULE_GRAVITY, won, 7, &game),
                 TICTACTOE_RESULT_INVALID_POSITION);
    CHECK_RESULT(tictactoe_game_from_cells_mnk(0, C4_COLS, 4, 0, won, 0, &game), TICTACTOE_RESULT_INVALID_RULES);
    CHECK_RESULT(tictactoe_game_from_cells_mnk(C4_ROWS, C4_COLS, 4, 4, won, C4_CELLS, &game),
                 TICTACTOE_RESULT_INVALID_ARGUMENT);
    CHECK_RESULT(tictactoe_game_from_cells_mnk(C4_ROWS, C4_COLS, 4, 0, NULL, C4_CELLS, &game),
                 TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK_RESULT(tictactoe_game_from_cells_mnk(C4_ROWS, C4_COLS, 4, 0, won, C4_CELLS, NULL),
                 TICTACTOE_RESULT_NULL_PARAMETER);
    /* The limit is decided from the rules first: cells of the wrong length are refused by it. */
    CHECK_RESULT(
        tictactoe_game_from_cells_mnk_with_limits(C4_ROWS, C4_COLS, 4, TICTACTOE_RULE_GRAVITY, won, 3, 0, &game),
        TICTACTOE_RESULT_LIMIT_EXCEEDED);
    CHECK_RESULT(tictactoe_game_from_cells_mnk_with_limits(65535, 65535, 5, 0, won, C4_CELLS,
                                                           TICTACTOE_DEFAULT_MAX_BYTES, &game),
                 TICTACTOE_RESULT_LIMIT_EXCEEDED);
    CHECK_RESULT(tictactoe_game_from_cells_mnk_with_limits(C4_ROWS, C4_COLS, 0, 0, won, C4_CELLS, 0, &game),
                 TICTACTOE_RESULT_INVALID_RULES);
    CHECK_RESULT(tictactoe_game_from_cells_mnk_with_limits(C4_ROWS, C4_COLS, 4, 4, won, C4_CELLS, 0, &game),
                 TICTACTOE_RESULT_INVALID_ARGUMENT);
    CHECK(game == sentinel);

    /* A won position: the game is over from the start. */
    CHECK_RESULT(tictactoe_game_from_cells_mnk(C4_ROWS, C4_COLS, 4, TICTACTOE_RULE_GRAVITY, won, C4_CELLS, &game),
                 TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_game_winner(game, &winner), TICTACTOE_RESULT_OK);
    CHECK(winner == 1);
    check_run(game, 5, 0, 5, 3);
    CHECK_RESULT(tictactoe_game_cells(game, got, sizeof got, &len), TICTACTOE_RESULT_OK);
    CHECK(len == C4_CELLS && memcmp(got, won, C4_CELLS) == 0);
    CHECK_RESULT(tictactoe_game_drop(game, 6, &row, &winner), TICTACTOE_RESULT_GAME_OVER);
    tictactoe_game_free(game);
    /* A position in progress, with a limit that fits: X to move, drops land on the marks. */
    CHECK_RESULT(tictactoe_game_from_cells_mnk_with_limits(C4_ROWS, C4_COLS, 4, TICTACTOE_RULE_GRAVITY, start,
                                                           C4_CELLS, SIZE_MAX, &game),
                 TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_game_rules(game, &rows, &cols, &k, &flags), TICTACTOE_RESULT_OK);
    CHECK(rows == 6 && cols == 7 && k == 4 && flags == TICTACTOE_RULE_GRAVITY);
    CHECK_RESULT(tictactoe_game_drop(game, 1, &row, &winner), TICTACTOE_RESULT_OK);
    CHECK(row == 4 && winner == 0);
    CHECK_RESULT(tictactoe_game_cell(game, 4, 1, &winner), TICTACTOE_RESULT_OK);
    CHECK(winner == 1);
    tictactoe_game_free(game);
}

static void test_text(void) {
    static const char c4[] = "tictactoe/1 rows=6 cols=7 k=4 gravity moves=5,3,1;4,3,2;5,2,1";
    static const char exact[] = "tictactoe/1 rows=15 cols=15 k=5 exact moves=";
    tictactoe_game *game = NULL, *back = (tictactoe_game *)&back, *const sentinel = back;
    uint32_t row, winner, rows, cols, k, flags;
    char *text, *again;
    game = connect_four();
    CHECK_RESULT(tictactoe_game_drop(game, 3, &row, &winner), TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_game_drop(game, 3, &row, &winner), TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_game_drop(game, 2, &row, &winner), TICTACTOE_RESULT_OK);
    text = snapshot(game);
    CHECK(text != NULL && strcmp(text, c4) == 0);
    CHECK_RESULT(tictactoe_game_parse(c4, strlen(c4), &back), TICTACTOE_RESULT_OK);
    again = snapshot(back);
    CHECK(again != NULL && strcmp(again, c4) == 0);
    CHECK_RESULT(tictactoe_game_rules(back, &rows, &cols, &k, &flags), TICTACTOE_RESULT_OK);
    CHECK(rows == 6 && cols == 7 && k == 4 && flags == TICTACTOE_RULE_GRAVITY);
    /* The copy plays on by the same rules. */
    CHECK_RESULT(tictactoe_game_play(back, 0, 0, &winner), TICTACTOE_RESULT_FLOATING);
    CHECK_RESULT(tictactoe_game_drop(back, 3, &row, &winner), TICTACTOE_RESULT_OK);
    CHECK(row == 3);
    free(text);
    free(again);
    tictactoe_game_free(back);
    tictactoe_game_free(game);

    CHECK_RESULT(tictactoe_game_new_mnk(15, 15, 5, TICTACTOE_RULE_EXACT, &game), TICTACTOE_RESULT_OK);
    text = snapshot(game);
    CHECK(text != NULL && strcmp(text, exact) == 0);
    free(text);
    tictactoe_game_free(game);

    /* Texts that break the rules are refused by them. */
    back = sentinel;
    {
        static const char bad_k[] = "tictactoe/1 rows=6 cols=7 k=9 moves=";
        static const char floats[] = "tictactoe/1 rows=6 cols=7 k=4 gravity moves=0,0,1";
        CHECK_RESULT(tictactoe_game_parse(bad_k, strlen(bad_k), &back), TICTACTOE_RESULT_INVALID_RULES);
        CHECK_RESULT(tictactoe_game_parse(floats, strlen(floats), &back), TICTACTOE_RESULT_FLOATING);
    }
    CHECK(back == sentinel);
}

static void test_computer_player_under_the_familys_rules(void) {
    tictactoe_game *game = connect_four(), *small = NULL;
    tictactoe_batch *batch = NULL;
    uint32_t winner = SENTINEL, plies = SENTINEL, row = SENTINEL, col = SENTINEL, again = SENTINEL;
    uint32_t actions[2] = {SENTINEL, SENTINEL};
    /* Connect Four's empty board without its book is far beyond a small budget: refused,
     * out-params untouched. */
    const tictactoe_solve_options unbooked = {1000, 1, TICTACTOE_NO_BOOK, 0};
    CHECK_RESULT(tictactoe_game_solve_with(game, &unbooked, &winner, &plies), TICTACTOE_RESULT_BUDGET_EXCEEDED);
    CHECK(winner == SENTINEL && plies == SENTINEL);
    /* A searched move (the book left out) lands on the bottom row, the same for the same seed. */
    {
        const tictactoe_move_options searched = {200, TICTACTOE_NO_BOOK, 1, 1000};
        CHECK_RESULT(tictactoe_game_best_move_with(game, &searched, &row, &col), TICTACTOE_RESULT_OK);
        CHECK(row == 5 && col < 7);
        row = SENTINEL;
        CHECK_RESULT(tictactoe_game_best_move_with(game, &searched, &row, &again), TICTACTOE_RESULT_OK);
        CHECK(again == col);
    }
    tictactoe_game_free(game);
    /* 4 x 4, k = 3: a win for X (the m,n,k literature). */
    CHECK_RESULT(tictactoe_game_new_mnk(4, 4, 3, 0, &small), TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_game_solve(small, TICTACTOE_DEFAULT_MAX_NODES, &winner, &plies), TICTACTOE_RESULT_OK);
    CHECK(winner == 1);
    tictactoe_game_free(small);
    /* The batch's computer opponent: any rules, the same actions as often as asked; a wrong
     * count or NULL array refused with the array untouched. */
    {
        uint32_t first[3], second[3], untouched[2] = {SENTINEL, SENTINEL};
        tictactoe_batch *fours = NULL;
        size_t g;
        CHECK_RESULT(tictactoe_batch_new_mnk(3, 6, 7, 4, TICTACTOE_RULE_GRAVITY, 1, &fours), TICTACTOE_RESULT_OK);
        CHECK_RESULT(tictactoe_batch_computer_actions(fours, 50, 9, first, 3), TICTACTOE_RESULT_OK);
        CHECK_RESULT(tictactoe_batch_computer_actions(fours, 50, 9, second, 3), TICTACTOE_RESULT_OK);
        for (g = 0; g < 3; g++) CHECK(first[g] < 7 && first[g] == second[g]);
        CHECK_RESULT(tictactoe_batch_computer_actions(fours, 50, 9, untouched, 2), TICTACTOE_RESULT_LENGTH_MISMATCH);
        CHECK(untouched[0] == SENTINEL && untouched[1] == SENTINEL);
        CHECK_RESULT(tictactoe_batch_computer_actions(fours, 50, 9, NULL, 3), TICTACTOE_RESULT_NULL_PARAMETER);
        CHECK_RESULT(tictactoe_batch_computer_actions(NULL, 50, 9, first, 3), TICTACTOE_RESULT_NULL_PARAMETER);
        /* The games listed only: with the call's seeds, the call's actions; with seeds of
         * their own, best_move's with those seeds, the batch opponent's budget and no book. */
        {
            const uint32_t listed[3] = {2, 0, 2}, bad[2] = {0, 3};
            const uint64_t seeds[3] = {5, 6, 7};
            uint32_t some[3], best_row, best_col;
            tictactoe_game *one = NULL;
            CHECK_RESULT(tictactoe_batch_computer_actions_games(fours, 50, 9, listed, NULL, 3, some), TICTACTOE_RESULT_OK);
            CHECK(some[0] == first[2] && some[1] == first[0] && some[2] == first[2]);
            CHECK_RESULT(tictactoe_batch_computer_actions_games(fours, 50, 9, listed, seeds, 3, some), TICTACTOE_RESULT_OK);
            for (g = 0; g < 3; g++) {
                CHECK_RESULT(tictactoe_batch_game(fours, listed[g], &one), TICTACTOE_RESULT_OK);
                const tictactoe_move_options opponent = {50, TICTACTOE_NO_BOOK, seeds[g], 200000};
                CHECK_RESULT(tictactoe_game_best_move_with(one, &opponent, &best_row, &best_col), TICTACTOE_RESULT_OK);
                CHECK(some[g] == best_col);
                tictactoe_game_free(one);
            }
            CHECK_RESULT(tictactoe_batch_computer_actions_games(fours, 50, 9, bad, NULL, 2, untouched), TICTACTOE_RESULT_GAME_INDEX);
            CHECK(untouched[0] == SENTINEL && untouched[1] == SENTINEL);
            CHECK_RESULT(tictactoe_batch_computer_actions_games(fours, 50, 9, NULL, NULL, 2, untouched), TICTACTOE_RESULT_NULL_PARAMETER);
            CHECK_RESULT(tictactoe_batch_computer_actions_games(fours, 50, 9, listed, NULL, 2, NULL), TICTACTOE_RESULT_NULL_PARAMETER);
            CHECK_RESULT(tictactoe_batch_computer_actions_games(NULL, 50, 9, listed, NULL, 2, untouched), TICTACTOE_RESULT_NULL_PARAMETER);
            CHECK(untouched[0] == SENTINEL && untouched[1] == SENTINEL);
            CHECK_RESULT(tictactoe_batch_computer_actions_games(fours, 50, 9, NULL, NULL, 0, NULL), TICTACTOE_RESULT_OK);
        }
        tictactoe_batch_free(fours);
    }
    /* The perfect-play table is n x n tic-tac-toe's alone. */
    /* A square board is not enough: 3 x 3 with k = 2 is not tic-tac-toe. */
    CHECK_RESULT(tictactoe_batch_new_mnk(2, 3, 3, 2, 0, 1, &batch), TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_batch_perfect_actions(batch, actions, 2), TICTACTOE_RESULT_UNSUPPORTED_RULES);
    CHECK(actions[0] == SENTINEL);
    tictactoe_batch_free(batch);
    CHECK_RESULT(tictactoe_batch_new_mnk(2, 6, 7, 4, TICTACTOE_RULE_GRAVITY, 1, &batch), TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_batch_perfect_actions(batch, actions, 2), TICTACTOE_RESULT_UNSUPPORTED_RULES);
    CHECK(actions[0] == SENTINEL);
    tictactoe_batch_free(batch);
}

static void test_batch_new_and_rules(void) {
    tictactoe_batch *batch = (tictactoe_batch *)&batch, *const sentinel = batch;
    uint32_t rows = SENTINEL, cols = SENTINEL, k = SENTINEL, flags = SENTINEL, actions = SENTINEL, n = SENTINEL;
    CHECK_RESULT(tictactoe_batch_new_mnk(4, 6, 7, 4, 4, 1, &batch), TICTACTOE_RESULT_INVALID_ARGUMENT);
    CHECK_RESULT(tictactoe_batch_new_mnk(0, 6, 7, 4, 4, 1, &batch), TICTACTOE_RESULT_INVALID_ARGUMENT);
    CHECK_RESULT(tictactoe_batch_new_mnk(4, 0, 7, 4, 0, 1, &batch), TICTACTOE_RESULT_INVALID_RULES);
    CHECK_RESULT(tictactoe_batch_new_mnk(4, 6, 65536, 4, 0, 1, &batch), TICTACTOE_RESULT_INVALID_RULES);
    CHECK_RESULT(tictactoe_batch_new_mnk(4, 6, 7, 8, 0, 1, &batch), TICTACTOE_RESULT_INVALID_RULES);
    /* Rules, then count. */
    CHECK_RESULT(tictactoe_batch_new_mnk(0, 6, 7, 0, 0, 1, &batch), TICTACTOE_RESULT_INVALID_RULES);
    CHECK_RESULT(tictactoe_batch_new_mnk(0, 6, 7, 4, 0, 1, &batch), TICTACTOE_RESULT_INVALID_COUNT);
    CHECK_RESULT(tictactoe_batch_new_mnk(4, 6, 7, 4, 0, 1, NULL), TICTACTOE_RESULT_NULL_PARAMETER);
    /* Limits: after rules and count, before anything is allocated. */
    CHECK_RESULT(tictactoe_batch_new_mnk_with_limits(4, 6, 7, 4, TICTACTOE_RULE_GRAVITY, 1, 0, &batch),
                 TICTACTOE_RESULT_LIMIT_EXCEEDED);
    CHECK_RESULT(tictactoe_batch_new_mnk_with_limits(UINT32_MAX, 65535, 65535, 5, 0, 1, TICTACTOE_DEFAULT_MAX_BYTES,
                                                     &batch),
                 TICTACTOE_RESULT_LIMIT_EXCEEDED);
    CHECK_RESULT(tictactoe_batch_new_mnk_with_limits(0, 6, 7, 4, 0, 1, 0, &batch), TICTACTOE_RESULT_INVALID_COUNT);
    CHECK_RESULT(tictactoe_batch_new_mnk_with_limits(4, 6, 7, 4, 8, 1, 0, &batch), TICTACTOE_RESULT_INVALID_ARGUMENT);
    CHECK_RESULT(tictactoe_batch_new_mnk_with_limits(4, 6, 7, 99, 0, 1, 0, &batch), TICTACTOE_RESULT_INVALID_RULES);
    CHECK_RESULT(tictactoe_batch_new_mnk_with_limits(4, 6, 7, 4, 0, 1, SIZE_MAX, NULL), TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK(batch == sentinel);

    CHECK_RESULT(tictactoe_batch_new_mnk_with_limits(4, 6, 7, 4, TICTACTOE_RULE_GRAVITY, 1, TICTACTOE_DEFAULT_MAX_BYTES,
                                                     &batch),
                 TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_batch_rules(batch, &rows, &cols, &k, &flags), TICTACTOE_RESULT_OK);
    CHECK(rows == 6 && cols == 7 && k == 4 && flags == TICTACTOE_RULE_GRAVITY);
    CHECK_RESULT(tictactoe_batch_actions(batch, &actions), TICTACTOE_RESULT_OK);
    CHECK(actions == 7);
    CHECK_RESULT(tictactoe_batch_n(batch, &n), TICTACTOE_RESULT_UNSUPPORTED_SIZE);
    CHECK(n == SENTINEL);
    rows = cols = k = flags = actions = SENTINEL;
    CHECK_RESULT(tictactoe_batch_rules(NULL, &rows, &cols, &k, &flags), TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK_RESULT(tictactoe_batch_rules(batch, NULL, &cols, &k, &flags), TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK_RESULT(tictactoe_batch_rules(batch, &rows, NULL, &k, &flags), TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK_RESULT(tictactoe_batch_rules(batch, &rows, &cols, NULL, &flags), TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK_RESULT(tictactoe_batch_rules(batch, &rows, &cols, &k, NULL), TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK_RESULT(tictactoe_batch_actions(NULL, &actions), TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK_RESULT(tictactoe_batch_actions(batch, NULL), TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK(rows == SENTINEL && cols == SENTINEL && k == SENTINEL && flags == SENTINEL && actions == SENTINEL);
    tictactoe_batch_free(batch);

    /* Without gravity an action is a cell; a batch of tictactoe_batch_new reads back n, n, n, 0. */
    CHECK_RESULT(tictactoe_batch_new_mnk(2, 15, 15, 5, TICTACTOE_RULE_EXACT, 1, &batch), TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_batch_actions(batch, &actions), TICTACTOE_RESULT_OK);
    CHECK(actions == 225);
    CHECK_RESULT(tictactoe_batch_rules(batch, &rows, &cols, &k, &flags), TICTACTOE_RESULT_OK);
    CHECK(rows == 15 && cols == 15 && k == 5 && flags == TICTACTOE_RULE_EXACT);
    tictactoe_batch_free(batch);
    CHECK_RESULT(tictactoe_batch_new(2, 4, 1, &batch), TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_batch_actions(batch, &actions), TICTACTOE_RESULT_OK);
    CHECK(actions == 16);
    CHECK_RESULT(tictactoe_batch_rules(batch, &rows, &cols, &k, &flags), TICTACTOE_RESULT_OK);
    CHECK(rows == 4 && cols == 4 && k == 4 && flags == 0);
    tictactoe_batch_free(batch);
}

#define GAMES 3

static void test_batch_connect_four(void) {
    tictactoe_batch *batch = NULL;
    tictactoe_game *game = NULL;
    uint32_t actions[GAMES], g, col, games[1], row, winner;
    uint8_t winners[GAMES], cells[GAMES * C4_CELLS], before[GAMES * C4_CELLS];
    bool mask[GAMES * C4_COLS], over[GAMES];
    size_t refused = SENTINEL, i;
    char board[64];
    size_t len;
    CHECK_RESULT(tictactoe_batch_new_mnk(GAMES, C4_ROWS, C4_COLS, 4, TICTACTOE_RULE_GRAVITY, 7, &batch),
                 TICTACTOE_RESULT_OK);
    /* The mask has a flag a column, not a cell. */
    CHECK_RESULT(tictactoe_batch_legal_mask(batch, mask, GAMES * C4_COLS), TICTACTOE_RESULT_OK);
    for (i = 0; i < GAMES * C4_COLS; i++) CHECK(mask[i]);
    CHECK_RESULT(tictactoe_batch_legal_mask(batch, mask, GAMES * C4_CELLS), TICTACTOE_RESULT_LENGTH_MISMATCH);
    /* Column 3 in every game: the marks land on the bottom row, then on each other. */
    for (g = 0; g < GAMES; g++) actions[g] = 3;
    CHECK_RESULT(tictactoe_batch_games_step(batch, NULL, GAMES, actions, TICTACTOE_ILLEGAL_RAISE, winners, &refused),
                 TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_batch_games_step(batch, NULL, GAMES, actions, TICTACTOE_ILLEGAL_RAISE, winners, &refused),
                 TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_batch_cells(batch, cells, sizeof cells), TICTACTOE_RESULT_OK);
    for (g = 0; g < GAMES; g++) {
        CHECK(cells[g * C4_CELLS + 5 * C4_COLS + 3] == 1);
        CHECK(cells[g * C4_CELLS + 4 * C4_COLS + 3] == 2);
        CHECK(cells[g * C4_CELLS + 3 * C4_COLS + 3] == 0);
    }
    /* Fill column 0 of game 0: six marks, alternating, no winner. */
    games[0] = 0;
    for (i = 0; i < C4_ROWS; i++) {
        actions[0] = 0;
        CHECK_RESULT(tictactoe_batch_games_step(batch, games, 1, actions, TICTACTOE_ILLEGAL_RAISE, winners, &refused),
                     TICTACTOE_RESULT_OK);
        CHECK(winners[0] == 0);
    }
    CHECK_RESULT(tictactoe_batch_legal_mask(batch, mask, GAMES * C4_COLS), TICTACTOE_RESULT_OK);
    CHECK(!mask[0] && mask[1] && mask[C4_COLS]);
    /* Refusals: a full column, a column off the board; nothing changes. */
    CHECK_RESULT(tictactoe_batch_cells(batch, before, sizeof before), TICTACTOE_RESULT_OK);
    winners[0] = 0xEE;
    actions[0] = 1;
    actions[1] = 1;
    actions[2] = 0; /* fine in game 2 */
    actions[0] = 0; /* full in game 0 */
    refused = SENTINEL;
    CHECK_RESULT(tictactoe_batch_games_step(batch, NULL, GAMES, actions, TICTACTOE_ILLEGAL_RAISE, winners, &refused),
                 TICTACTOE_RESULT_COLUMN_FULL);
    CHECK(refused == 0);
    actions[0] = 1;
    actions[1] = C4_COLS;
    CHECK_RESULT(tictactoe_batch_games_step(batch, NULL, GAMES, actions, TICTACTOE_ILLEGAL_RAISE, winners, &refused),
                 TICTACTOE_RESULT_OUT_OF_BOUNDS);
    CHECK(refused == 1);
    CHECK(winners[0] == 0xEE);
    CHECK_RESULT(tictactoe_batch_cells(batch, cells, sizeof cells), TICTACTOE_RESULT_OK);
    CHECK(memcmp(cells, before, sizeof cells) == 0);
    /* A game of the batch as a game of its own: the same rules, the same board. */
    CHECK_RESULT(tictactoe_batch_game(batch, 0, &game), TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_game_board_text(game, board, sizeof board, &len), TICTACTOE_RESULT_OK);
    CHECK(strcmp(board, "O......\nX......\nO......\nX......\nO..O...\nX..X...") == 0);
    CHECK_RESULT(tictactoe_game_drop(game, 0, &row, &winner), TICTACTOE_RESULT_COLUMN_FULL);
    tictactoe_game_free(game);

    /* Random legal columns to the end of every game; each action is a column with room. */
    for (i = 0; i < GAMES * C4_CELLS; i++) {
        CHECK_RESULT(tictactoe_batch_legal_mask(batch, mask, GAMES * C4_COLS), TICTACTOE_RESULT_OK);
        CHECK_RESULT(tictactoe_batch_games_random_legal_actions(batch, NULL, GAMES, actions, &refused),
                     TICTACTOE_RESULT_OK);
        CHECK_RESULT(tictactoe_batch_terminated(batch, over, GAMES), TICTACTOE_RESULT_OK);
        for (g = 0; g < GAMES; g++) {
            CHECK((actions[g] == TICTACTOE_NO_ACTION) == over[g]);
            if (!over[g]) CHECK(actions[g] < C4_COLS && mask[g * C4_COLS + actions[g]]);
            for (col = 0; over[g] && col < C4_COLS; col++) CHECK(!mask[g * C4_COLS + col]);
        }
        if (over[0] && over[1] && over[2]) break;
        {
            /* Only the games in progress move: a finished game refuses every action. */
            uint32_t live[GAMES], acts[GAMES], count = 0;
            for (g = 0; g < GAMES; g++)
                if (!over[g]) {
                    live[count] = g;
                    acts[count++] = actions[g];
                }
            CHECK_RESULT(tictactoe_batch_games_step(batch, live, count, acts, TICTACTOE_ILLEGAL_RAISE, winners, &refused),
                         TICTACTOE_RESULT_OK);
        }
    }
    CHECK_RESULT(tictactoe_batch_terminated(batch, over, GAMES), TICTACTOE_RESULT_OK);
    CHECK(over[0] && over[1] && over[2]);
    CHECK_RESULT(tictactoe_batch_games_reset_terminated(batch, NULL, GAMES, &refused), TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_batch_legal_mask(batch, mask, GAMES * C4_COLS), TICTACTOE_RESULT_OK);
    for (i = 0; i < GAMES * C4_COLS; i++) CHECK(mask[i]);
    tictactoe_batch_free(batch);
}

int main(void) {
    test_flags_and_rules_check();
    test_new_and_rules();
    test_connect_four_vertical();
    test_connect_four_horizontal();
    test_connect_four_diagonals();
    test_connect_four_refusals();
    test_drop_without_gravity();
    test_gomoku();
    test_winning_runs_buffer();
    test_positions();
    test_text();
    test_computer_player_under_the_familys_rules();
    test_batch_new_and_rules();
    test_batch_connect_four();
    return checks_report("test_family");
}
