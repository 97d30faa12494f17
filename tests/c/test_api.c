/* Every function of the C ABI and every result code: successes, each refusal, NULL pointers,
 * out-params left alone on failure, buffers too small, and the state after each refusal. */
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "tictactoe.h"
#include "snapshot.h"

#define SENTINEL 0xDEADBEEFu

static void test_version_and_result_texts(void) {
    uint32_t code;
    CHECK(strcmp(tictactoe_version(), TICTACTOE_VERSION) == 0);
    CHECK(TICTACTOE_VERSION_MAJOR == 0 && TICTACTOE_VERSION_MINOR == 1);
    /* The values are part of the ABI: they never change. */
    CHECK(TICTACTOE_RESULT_OK == 0 && TICTACTOE_RESULT_NULL_PARAMETER == 1);
    CHECK(TICTACTOE_RESULT_INVALID_SIZE == 2 && TICTACTOE_RESULT_ALLOC_FAILED == 3);
    CHECK(TICTACTOE_RESULT_OUT_OF_BOUNDS == 4 && TICTACTOE_RESULT_INVALID_PLAYER == 5);
    CHECK(TICTACTOE_RESULT_OCCUPIED == 6 && TICTACTOE_RESULT_GAME_OVER == 7);
    CHECK(TICTACTOE_RESULT_NOTHING_TO_UNDO == 8 && TICTACTOE_RESULT_INVALID_POSITION == 9);
    CHECK(TICTACTOE_RESULT_PARSE_ERROR == 10 && TICTACTOE_RESULT_BUFFER_TOO_SMALL == 11);
    CHECK(TICTACTOE_RESULT_PANIC == 12 && TICTACTOE_RESULT_INVALID_COUNT == 13);
    CHECK(TICTACTOE_RESULT_LENGTH_MISMATCH == 14 && TICTACTOE_RESULT_GAME_INDEX == 15);
    CHECK(TICTACTOE_RESULT_REPEATED_GAME == 16 && TICTACTOE_RESULT_INVALID_ARGUMENT == 17);
    CHECK(TICTACTOE_RESULT_BUDGET_EXCEEDED == 18 && TICTACTOE_RESULT_UNSUPPORTED_SIZE == 19);
    CHECK(TICTACTOE_RESULT_LIMIT_EXCEEDED == 20 && TICTACTOE_RESULT_INVALID_RULES == 21);
    CHECK(TICTACTOE_RESULT_FLOATING == 22 && TICTACTOE_RESULT_COLUMN_FULL == 23);
    CHECK(TICTACTOE_RESULT_UNSUPPORTED_RULES == 24);
    CHECK(TICTACTOE_RESULT_EVALUATOR_FAILED == 25 && TICTACTOE_RESULT_BAD_EVALUATION == 26);
    CHECK(TICTACTOE_RESULT_BUSY == 27);
    CHECK(strcmp(tictactoe_result_str(TICTACTOE_RESULT_OK), "ok") == 0);
    CHECK(strcmp(tictactoe_result_str(TICTACTOE_RESULT_OCCUPIED), "the cell is already taken") == 0);
    for (code = 0; code <= TICTACTOE_RESULT_BUSY; code++) {
        const char *text = tictactoe_result_str(code);
        CHECK(text != NULL && strlen(text) > 0 && strcmp(text, "unknown result code") != 0);
    }
    CHECK(strcmp(tictactoe_result_str(28), "unknown result code") == 0);
    CHECK(strcmp(tictactoe_result_str(UINT32_MAX), "unknown result code") == 0);
    /* Every code has a distinct name; the core's kinds are named as the core names them. */
    for (code = 0; code <= TICTACTOE_RESULT_BUSY; code++) {
        uint32_t other;
        CHECK(tictactoe_result_name(code) != NULL);
        for (other = 0; other < code; other++) CHECK(strcmp(tictactoe_result_name(code), tictactoe_result_name(other)) != 0);
    }
    CHECK(strcmp(tictactoe_result_name(TICTACTOE_RESULT_OK), "ok") == 0);
    CHECK(strcmp(tictactoe_result_name(TICTACTOE_RESULT_OUT_OF_BOUNDS), "out_of_bounds") == 0);
    CHECK(strcmp(tictactoe_result_name(TICTACTOE_RESULT_PARSE_ERROR), "parse_error") == 0);
    CHECK(strcmp(tictactoe_result_name(TICTACTOE_RESULT_REPEATED_GAME), "repeated_game") == 0);
    CHECK(strcmp(tictactoe_result_name(TICTACTOE_RESULT_BUDGET_EXCEEDED), "budget_exceeded") == 0);
    CHECK(strcmp(tictactoe_result_name(TICTACTOE_RESULT_UNSUPPORTED_SIZE), "unsupported_size") == 0);
    CHECK(strcmp(tictactoe_result_name(TICTACTOE_RESULT_LIMIT_EXCEEDED), "limit_exceeded") == 0);
    CHECK(strcmp(tictactoe_result_name(TICTACTOE_RESULT_INVALID_RULES), "invalid_rules") == 0);
    CHECK(strcmp(tictactoe_result_name(TICTACTOE_RESULT_FLOATING), "floating") == 0);
    CHECK(strcmp(tictactoe_result_name(TICTACTOE_RESULT_COLUMN_FULL), "column_full") == 0);
    CHECK(strcmp(tictactoe_result_name(TICTACTOE_RESULT_UNSUPPORTED_RULES), "unsupported_rules") == 0);
    CHECK(tictactoe_result_name(28) == NULL && tictactoe_result_name(UINT32_MAX) == NULL);
    CHECK(strcmp(tictactoe_status_name(TICTACTOE_STATUS_DRAW), "draw") == 0);
    CHECK(tictactoe_status_name(3) == NULL);
    CHECK(strcmp(tictactoe_line_kind_name(TICTACTOE_LINE_KIND_ANTI_DIAGONAL), "anti_diagonal") == 0);
    CHECK(tictactoe_line_kind_name(4) == NULL && tictactoe_line_kind_name(UINT32_MAX) == NULL);
}

static void test_new_and_free(void) {
    tictactoe_game *game = (tictactoe_game *)&game; /* a sentinel: must stay unchanged */
    tictactoe_game *const sentinel = game;
    uint32_t n = SENTINEL;
    CHECK_RESULT(tictactoe_game_new(0, &game), TICTACTOE_RESULT_INVALID_SIZE);
    CHECK_RESULT(tictactoe_game_new(65536, &game), TICTACTOE_RESULT_INVALID_SIZE);
    CHECK_RESULT(tictactoe_game_new(UINT32_MAX, &game), TICTACTOE_RESULT_INVALID_SIZE);
    CHECK(game == sentinel);
    CHECK_RESULT(tictactoe_game_new(3, NULL), TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK_RESULT(tictactoe_game_new(1, &game), TICTACTOE_RESULT_OK);
    CHECK(game != sentinel && game != NULL);
    CHECK_RESULT(tictactoe_game_n(game, &n), TICTACTOE_RESULT_OK);
    CHECK(n == 1);
    CHECK_RESULT(tictactoe_game_n(game, NULL), TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK_RESULT(tictactoe_game_n(NULL, &n), TICTACTOE_RESULT_NULL_PARAMETER);
    tictactoe_game_free(game);
    tictactoe_game_free(NULL);
}

static void test_moves_and_refusals(void) {
    tictactoe_game *game = NULL;
    uint32_t winner = SENTINEL, cell = SENTINEL, player = SENTINEL;
    char *before;
    CHECK_RESULT(tictactoe_game_new(3, &game), TICTACTOE_RESULT_OK);
    /* LeetCode 348's example. */
    CHECK_RESULT(tictactoe_game_move(game, 0, 0, 1, &winner), TICTACTOE_RESULT_OK);
    CHECK(winner == 0);
    CHECK_RESULT(tictactoe_game_move(game, 0, 2, 2, &winner), TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_game_move(game, 2, 2, 1, &winner), TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_game_move(game, 1, 1, 2, &winner), TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_game_move(game, 2, 0, 1, &winner), TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_game_move(game, 1, 0, 2, &winner), TICTACTOE_RESULT_OK);
    CHECK(winner == 0);

    /* Every refusal leaves the game and the out-param alone. */
    before = snapshot(game);
    winner = SENTINEL;
    CHECK_RESULT(tictactoe_game_move(game, 3, 0, 1, &winner), TICTACTOE_RESULT_OUT_OF_BOUNDS);
    CHECK_RESULT(tictactoe_game_move(game, 0, UINT32_MAX, 1, &winner), TICTACTOE_RESULT_OUT_OF_BOUNDS);
    CHECK_RESULT(tictactoe_game_move(game, UINT32_MAX, UINT32_MAX, UINT32_MAX, &winner), TICTACTOE_RESULT_OUT_OF_BOUNDS);
    CHECK_RESULT(tictactoe_game_move(game, 0, 1, 0, &winner), TICTACTOE_RESULT_INVALID_PLAYER);
    CHECK_RESULT(tictactoe_game_move(game, 0, 1, 3, &winner), TICTACTOE_RESULT_INVALID_PLAYER);
    CHECK_RESULT(tictactoe_game_move(game, 0, 1, UINT32_MAX, &winner), TICTACTOE_RESULT_INVALID_PLAYER);
    CHECK_RESULT(tictactoe_game_move(game, 0, 0, 2, &winner), TICTACTOE_RESULT_OCCUPIED);
    CHECK_RESULT(tictactoe_game_play(game, 1, 1, &winner), TICTACTOE_RESULT_OCCUPIED);
    CHECK_RESULT(tictactoe_game_play(game, 7, 1, &winner), TICTACTOE_RESULT_OUT_OF_BOUNDS);
    CHECK_RESULT(tictactoe_game_move(game, 2, 1, 1, NULL), TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK_RESULT(tictactoe_game_play(game, 2, 1, NULL), TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK_RESULT(tictactoe_game_move(NULL, 2, 1, 1, &winner), TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK_RESULT(tictactoe_game_play(NULL, 2, 1, &winner), TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK(winner == SENTINEL);
    check_unchanged(game, before);
    free(before);

    CHECK_RESULT(tictactoe_game_next_player(game, &player), TICTACTOE_RESULT_OK);
    CHECK(player == 1);
    CHECK_RESULT(tictactoe_game_play(game, 2, 1, &winner), TICTACTOE_RESULT_OK);
    CHECK(winner == 1);

    before = snapshot(game);
    winner = SENTINEL;
    CHECK_RESULT(tictactoe_game_move(game, 0, 1, 2, &winner), TICTACTOE_RESULT_GAME_OVER);
    CHECK_RESULT(tictactoe_game_play(game, 0, 1, &winner), TICTACTOE_RESULT_GAME_OVER);
    CHECK(winner == SENTINEL);
    check_unchanged(game, before);
    free(before);

    CHECK_RESULT(tictactoe_game_cell(game, 2, 1, &cell), TICTACTOE_RESULT_OK);
    CHECK(cell == 1);
    CHECK_RESULT(tictactoe_game_cell(game, 0, 1, &cell), TICTACTOE_RESULT_OK);
    CHECK(cell == 0);
    CHECK_RESULT(tictactoe_game_cell(game, 0, 2, &cell), TICTACTOE_RESULT_OK);
    CHECK(cell == 2);
    cell = SENTINEL;
    CHECK_RESULT(tictactoe_game_cell(game, 3, 0, &cell), TICTACTOE_RESULT_OUT_OF_BOUNDS);
    CHECK_RESULT(tictactoe_game_cell(game, 0, UINT32_MAX, &cell), TICTACTOE_RESULT_OUT_OF_BOUNDS);
    CHECK_RESULT(tictactoe_game_cell(game, 0, 0, NULL), TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK_RESULT(tictactoe_game_cell(NULL, 0, 0, &cell), TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK(cell == SENTINEL);
    tictactoe_game_free(game);
}

static void test_status_and_lines(void) {
    tictactoe_game *game = NULL;
    tictactoe_status status = SENTINEL;
    uint32_t winner = SENTINEL;
    bool yes = false;
    tictactoe_line lines[4];
    size_t count = SENTINEL;
    uint64_t marks = SENTINEL;
    CHECK_RESULT(tictactoe_game_new(3, &game), TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_game_status(game, &status), TICTACTOE_RESULT_OK);
    CHECK(status == TICTACTOE_STATUS_IN_PROGRESS);
    CHECK_RESULT(tictactoe_game_winning_lines(game, lines, 4, &count), TICTACTOE_RESULT_OK);
    CHECK(count == 0);
    /* X completes row 1 and column 1 with its last move, at the centre. */
    CHECK_RESULT(tictactoe_game_move(game, 1, 0, 1, &winner), TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_game_move(game, 1, 2, 1, &winner), TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_game_move(game, 0, 1, 1, &winner), TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_game_move(game, 2, 1, 1, &winner), TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_game_move(game, 1, 1, 1, &winner), TICTACTOE_RESULT_OK);
    CHECK(winner == 1);
    CHECK_RESULT(tictactoe_game_status(game, &status), TICTACTOE_RESULT_OK);
    CHECK(status == TICTACTOE_STATUS_WON);
    CHECK_RESULT(tictactoe_game_winner(game, &winner), TICTACTOE_RESULT_OK);
    CHECK(winner == 1);
    CHECK_RESULT(tictactoe_game_can_win(game, 1, &yes), TICTACTOE_RESULT_OK);
    CHECK(yes);
    CHECK_RESULT(tictactoe_game_can_win(game, 2, &yes), TICTACTOE_RESULT_OK);
    CHECK(!yes);
    yes = true;
    CHECK_RESULT(tictactoe_game_can_win(game, 3, &yes), TICTACTOE_RESULT_INVALID_PLAYER);
    CHECK_RESULT(tictactoe_game_can_win(game, 0, &yes), TICTACTOE_RESULT_INVALID_PLAYER);
    CHECK(yes);
    CHECK_RESULT(tictactoe_game_is_draw_certain(game, &yes), TICTACTOE_RESULT_OK);
    CHECK(!yes);
    count = SENTINEL;
    CHECK_RESULT(tictactoe_game_winning_lines(game, lines, 1, &count), TICTACTOE_RESULT_BUFFER_TOO_SMALL);
    CHECK(count == 2);
    CHECK_RESULT(tictactoe_game_winning_lines(game, NULL, 0, &count), TICTACTOE_RESULT_BUFFER_TOO_SMALL);
    CHECK_RESULT(tictactoe_game_winning_lines(game, NULL, 4, &count), TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK_RESULT(tictactoe_game_winning_lines(game, lines, 4, NULL), TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK_RESULT(tictactoe_game_winning_lines(NULL, lines, 4, &count), TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK_RESULT(tictactoe_game_winning_lines(game, lines, 4, &count), TICTACTOE_RESULT_OK);
    CHECK(count == 2);
    CHECK(lines[0].kind == TICTACTOE_LINE_KIND_ROW && lines[0].index == 1);
    CHECK(lines[1].kind == TICTACTOE_LINE_KIND_COLUMN && lines[1].index == 1);
    CHECK_RESULT(tictactoe_game_marks(game, &marks), TICTACTOE_RESULT_OK);
    CHECK(marks == 5);
    CHECK_RESULT(tictactoe_game_status(game, NULL), TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK_RESULT(tictactoe_game_status(NULL, &status), TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK_RESULT(tictactoe_game_winner(game, NULL), TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK_RESULT(tictactoe_game_winner(NULL, &winner), TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK_RESULT(tictactoe_game_can_win(game, 1, NULL), TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK_RESULT(tictactoe_game_can_win(NULL, 1, &yes), TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK_RESULT(tictactoe_game_is_draw_certain(game, NULL), TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK_RESULT(tictactoe_game_is_draw_certain(NULL, &yes), TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK_RESULT(tictactoe_game_marks(game, NULL), TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK_RESULT(tictactoe_game_marks(NULL, &marks), TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK_RESULT(tictactoe_game_next_player(game, NULL), TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK_RESULT(tictactoe_game_next_player(NULL, &winner), TICTACTOE_RESULT_NULL_PARAMETER);
    tictactoe_game_free(game);
}

static void test_undo_history_and_clone(void) {
    tictactoe_game *game = NULL, *copy = NULL;
    uint32_t winner, player;
    tictactoe_move undone = {SENTINEL, SENTINEL, SENTINEL};
    tictactoe_move moves[3];
    size_t count = SENTINEL;
    char *before;
    CHECK_RESULT(tictactoe_game_new(3, &game), TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_game_undo(game, &undone), TICTACTOE_RESULT_NOTHING_TO_UNDO);
    CHECK(undone.row == SENTINEL && undone.col == SENTINEL && undone.player == SENTINEL);
    CHECK_RESULT(tictactoe_game_play(game, 0, 0, &winner), TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_game_play(game, 1, 1, &winner), TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_game_clone(game, &copy), TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_game_clone(game, NULL), TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK_RESULT(tictactoe_game_clone(NULL, &copy), TICTACTOE_RESULT_NULL_PARAMETER);

    CHECK_RESULT(tictactoe_game_history(game, moves, 3, &count), TICTACTOE_RESULT_OK);
    CHECK(count == 2);
    CHECK(moves[0].row == 0 && moves[0].col == 0 && moves[0].player == 1);
    CHECK(moves[1].row == 1 && moves[1].col == 1 && moves[1].player == 2);
    count = SENTINEL;
    CHECK_RESULT(tictactoe_game_history(game, moves, 1, &count), TICTACTOE_RESULT_BUFFER_TOO_SMALL);
    CHECK(count == 2);
    CHECK_RESULT(tictactoe_game_history(game, NULL, 1, &count), TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK_RESULT(tictactoe_game_history(game, moves, 3, NULL), TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK_RESULT(tictactoe_game_history(NULL, moves, 3, &count), TICTACTOE_RESULT_NULL_PARAMETER);

    before = snapshot(game);
    CHECK_RESULT(tictactoe_game_undo(game, NULL), TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK_RESULT(tictactoe_game_undo(NULL, &undone), TICTACTOE_RESULT_NULL_PARAMETER);
    check_unchanged(game, before);
    free(before);
    CHECK_RESULT(tictactoe_game_undo(game, &undone), TICTACTOE_RESULT_OK);
    CHECK(undone.row == 1 && undone.col == 1 && undone.player == 2);
    CHECK_RESULT(tictactoe_game_next_player(game, &player), TICTACTOE_RESULT_OK);
    CHECK(player == 2);
    CHECK_RESULT(tictactoe_game_undo(game, &undone), TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_game_undo(game, &undone), TICTACTOE_RESULT_NOTHING_TO_UNDO);

    /* The copy is independent and still has both moves. */
    CHECK_RESULT(tictactoe_game_history(copy, moves, 3, &count), TICTACTOE_RESULT_OK);
    CHECK(count == 2);
    tictactoe_game_free(copy);
    tictactoe_game_free(game);
}

static void test_positions(void) {
    /* 4 x 4, X owns both diagonals: no single move completed both. */
    static const uint8_t diagonals[16] = {1, 2, 2, 1, 2, 1, 1, 2, 2, 1, 1, 2, 1, 2, 0, 1};
    static const uint8_t won[9] = {1, 1, 1, 2, 2, 0, 0, 0, 0};
    static const uint8_t bad_value[4] = {1, 7, 0, 0};
    tictactoe_game *game = (tictactoe_game *)&game;
    tictactoe_game *const sentinel = game;
    uint32_t winner = SENTINEL;
    CHECK_RESULT(tictactoe_position_validate(4, diagonals, 16), TICTACTOE_RESULT_INVALID_POSITION);
    CHECK_RESULT(tictactoe_game_from_cells(4, diagonals, 16, &game), TICTACTOE_RESULT_INVALID_POSITION);
    CHECK_RESULT(tictactoe_game_from_cells(2, bad_value, 4, &game), TICTACTOE_RESULT_INVALID_POSITION);
    CHECK_RESULT(tictactoe_game_from_cells(3, won, 8, &game), TICTACTOE_RESULT_INVALID_POSITION);
    CHECK_RESULT(tictactoe_game_from_cells(0, won, 0, &game), TICTACTOE_RESULT_INVALID_SIZE);
    CHECK_RESULT(tictactoe_game_from_cells(UINT32_MAX, won, 9, &game), TICTACTOE_RESULT_INVALID_SIZE);
    CHECK_RESULT(tictactoe_game_from_cells(3, NULL, 9, &game), TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK_RESULT(tictactoe_game_from_cells(3, won, 9, NULL), TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK_RESULT(tictactoe_position_validate(3, NULL, 9), TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK_RESULT(tictactoe_position_validate(3, won, 9), TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_position_validate(0, won, 0), TICTACTOE_RESULT_INVALID_SIZE);
    CHECK(game == sentinel);
    CHECK_RESULT(tictactoe_game_from_cells(3, won, 9, &game), TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_game_winner(game, &winner), TICTACTOE_RESULT_OK);
    CHECK(winner == 1);
    CHECK_RESULT(tictactoe_game_play(game, 2, 2, &winner), TICTACTOE_RESULT_GAME_OVER);
    tictactoe_game_free(game);
}

static void test_text(void) {
    static const char text[] = "tictactoe/1 n=3 board=X../.O./... moves=2,2,1";
    tictactoe_game *game = NULL, *back = (tictactoe_game *)&back;
    tictactoe_game *const sentinel = back;
    char buf[64];
    size_t len = SENTINEL;
    CHECK_RESULT(tictactoe_game_parse(text, strlen(text), &game), TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_game_serialize(game, buf, sizeof buf, &len), TICTACTOE_RESULT_OK);
    CHECK(len == strlen(text) && strcmp(buf, text) == 0);
    /* Exactly the length is one byte short: the NUL needs room too. */
    memset(buf, '#', sizeof buf);
    len = SENTINEL;
    CHECK_RESULT(tictactoe_game_serialize(game, buf, strlen(text), &len), TICTACTOE_RESULT_BUFFER_TOO_SMALL);
    CHECK(len == strlen(text) && buf[0] == '#');
    CHECK_RESULT(tictactoe_game_serialize(game, NULL, 0, &len), TICTACTOE_RESULT_BUFFER_TOO_SMALL);
    CHECK_RESULT(tictactoe_game_serialize(game, NULL, 10, &len), TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK_RESULT(tictactoe_game_serialize(game, buf, sizeof buf, NULL), TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK_RESULT(tictactoe_game_serialize(NULL, buf, sizeof buf, &len), TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK_RESULT(tictactoe_game_board_text(game, buf, sizeof buf, &len), TICTACTOE_RESULT_OK);
    CHECK(len == 11 && strcmp(buf, "X..\n.O.\n..X") == 0);
    CHECK_RESULT(tictactoe_game_board_text(game, buf, 11, &len), TICTACTOE_RESULT_BUFFER_TOO_SMALL);
    CHECK(len == 11);
    CHECK_RESULT(tictactoe_game_board_text(NULL, buf, sizeof buf, &len), TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK_RESULT(tictactoe_game_board_text(game, buf, sizeof buf, NULL), TICTACTOE_RESULT_NULL_PARAMETER);

    CHECK_RESULT(tictactoe_game_parse("tictactoe/1 n=3 moves=", 5, &back), TICTACTOE_RESULT_PARSE_ERROR);
    CHECK_RESULT(tictactoe_game_parse("\xff\xfe", 2, &back), TICTACTOE_RESULT_PARSE_ERROR);
    CHECK_RESULT(tictactoe_game_parse("tictactoe/1 n=3 moves=0,0,1;0,0,2", 33, &back), TICTACTOE_RESULT_OCCUPIED);
    CHECK_RESULT(tictactoe_game_parse("tictactoe/1 n=0 moves=", 22, &back), TICTACTOE_RESULT_INVALID_SIZE);
    CHECK_RESULT(tictactoe_game_parse(NULL, 0, &back), TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK_RESULT(tictactoe_game_parse(text, strlen(text), NULL), TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK(back == sentinel);
    tictactoe_game_free(game);
}

/* 27 bytes of text must not cost a gigabyte: the default limit refuses the size as soon as it is
   read; a caller's own limit (or SIZE_MAX) decides otherwise. */
static void test_parse_limits(void) {
    const char *huge = "tictactoe/1 n=65535 moves=";
    const char *big = "tictactoe/1 n=1500 moves=0,0,1";
    const char *small = "tictactoe/1 n=40 moves=0,0,1";
    tictactoe_game *sentinel = (tictactoe_game *)&sentinel, *back = sentinel;
    uint32_t n = 0;
    CHECK(TICTACTOE_DEFAULT_MAX_BYTES == 8u * 1024u * 1024u);
    CHECK_RESULT(tictactoe_game_parse(huge, strlen(huge), &back), TICTACTOE_RESULT_LIMIT_EXCEEDED);
    CHECK_RESULT(tictactoe_game_parse(big, strlen(big), &back), TICTACTOE_RESULT_LIMIT_EXCEEDED);
    CHECK_RESULT(tictactoe_game_parse_with_limits(huge, strlen(huge), TICTACTOE_DEFAULT_MAX_BYTES, &back),
                 TICTACTOE_RESULT_LIMIT_EXCEEDED);
    /* 40 x 40: 100 board words, 82 lines, 1600 moves, 100 words of starting position = 7528 bytes,
       exactly allowed, and one short. */
    CHECK_RESULT(tictactoe_game_parse_with_limits(small, strlen(small), 7527, &back), TICTACTOE_RESULT_LIMIT_EXCEEDED);
    CHECK_RESULT(tictactoe_game_parse_with_limits(small, strlen(small), 0, &back), TICTACTOE_RESULT_LIMIT_EXCEEDED);
    CHECK_RESULT(tictactoe_game_parse_with_limits("tictactoe/1 n=0 moves=", 22, 0, &back), TICTACTOE_RESULT_INVALID_SIZE);
    CHECK_RESULT(tictactoe_game_parse_with_limits(NULL, 0, SIZE_MAX, &back), TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK_RESULT(tictactoe_game_parse_with_limits(small, strlen(small), SIZE_MAX, NULL), TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK(back == sentinel);
    CHECK_RESULT(tictactoe_game_parse_with_limits(small, strlen(small), 7528, &back), TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_game_n(back, &n), TICTACTOE_RESULT_OK);
    CHECK(n == 40);
    tictactoe_game_free(back);
    back = sentinel;
    CHECK_RESULT(tictactoe_game_parse_with_limits(big, strlen(big), SIZE_MAX, &back), TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_game_n(back, &n), TICTACTOE_RESULT_OK);
    CHECK(n == 1500);
    tictactoe_game_free(back);
}

/* Positions take a limit too, decided from n before the cells are read. */
static void test_position_limits(void) {
    uint8_t cells[40 * 40] = {1};
    tictactoe_game *sentinel = (tictactoe_game *)&sentinel, *back = sentinel, *plain = NULL;
    uint8_t got[40 * 40];
    size_t len = 0;
    CHECK_RESULT(tictactoe_game_from_cells_with_limits(40, cells, sizeof cells, 7527, &back),
                 TICTACTOE_RESULT_LIMIT_EXCEEDED);
    /* The limit is decided first: cells of the wrong length, or none, are refused by it. */
    CHECK_RESULT(tictactoe_game_from_cells_with_limits(40, cells, 3, 7527, &back), TICTACTOE_RESULT_LIMIT_EXCEEDED);
    CHECK_RESULT(tictactoe_game_from_cells_with_limits(0, cells, 0, 0, &back), TICTACTOE_RESULT_INVALID_SIZE);
    CHECK_RESULT(tictactoe_game_from_cells_with_limits(70000, cells, 0, SIZE_MAX, &back), TICTACTOE_RESULT_INVALID_SIZE);
    CHECK_RESULT(tictactoe_game_from_cells_with_limits(40, NULL, 0, SIZE_MAX, &back), TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK_RESULT(tictactoe_game_from_cells_with_limits(40, cells, sizeof cells, SIZE_MAX, NULL),
                 TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK_RESULT(tictactoe_game_from_cells_with_limits(40, cells, 3, SIZE_MAX, &back), TICTACTOE_RESULT_INVALID_POSITION);
    CHECK(back == sentinel);
    CHECK_RESULT(tictactoe_game_from_cells_with_limits(40, cells, sizeof cells, 7528, &back), TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_game_from_cells(40, cells, sizeof cells, &plain), TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_game_cells(back, got, sizeof got, &len), TICTACTOE_RESULT_OK);
    CHECK(len == sizeof cells && memcmp(got, cells, sizeof cells) == 0);
    CHECK_RESULT(tictactoe_game_cells(plain, got, sizeof got, &len), TICTACTOE_RESULT_OK);
    CHECK(len == sizeof cells && memcmp(got, cells, sizeof cells) == 0);
    tictactoe_game_free(back);
    tictactoe_game_free(plain);
}

static void test_move_many(void) {
    tictactoe_game *game = NULL;
    uint32_t winner = SENTINEL;
    size_t refused = SENTINEL;
    char *before;
    /* X takes the top row; O's moves in between. */
    const tictactoe_move wins[] = {{0, 0, 1}, {1, 1, 2}, {0, 1, 1}, {2, 2, 2}, {0, 2, 1}};
    const tictactoe_move bad[][3] = {
        {{0, 0, 1}, {3, 0, 2}, {1, 1, 1}}, /* out of bounds at 1 */
        {{0, 0, 1}, {1, 1, 2}, {2, 2, 7}}, /* invalid player at 2 */
        {{0, 0, 1}, {0, 0, 2}, {1, 1, 1}}, /* occupied at 1 */
    };
    const tictactoe_result codes[] = {TICTACTOE_RESULT_OUT_OF_BOUNDS, TICTACTOE_RESULT_INVALID_PLAYER,
                                      TICTACTOE_RESULT_OCCUPIED};
    const size_t indices[] = {1, 2, 1};
    size_t i;
    CHECK_RESULT(tictactoe_game_new(3, &game), TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_game_move(game, 2, 0, 2, &winner), TICTACTOE_RESULT_OK);
    before = snapshot(game);
    for (i = 0; i < 3; i++) {
        winner = SENTINEL;
        refused = SENTINEL;
        CHECK_RESULT(tictactoe_game_move_many(game, bad[i], 3, &winner, &refused), codes[i]);
        CHECK(refused == indices[i] && winner == SENTINEL);
        check_unchanged(game, before);
    }
    /* NULL pointers refuse before anything is made; an empty list is fine with NULL moves. */
    refused = SENTINEL;
    CHECK_RESULT(tictactoe_game_move_many(NULL, wins, 5, &winner, &refused), TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK_RESULT(tictactoe_game_move_many(game, NULL, 5, &winner, &refused), TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK_RESULT(tictactoe_game_move_many(game, wins, 5, NULL, &refused), TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK_RESULT(tictactoe_game_move_many(game, wins, 5, &winner, NULL), TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK(refused == SENTINEL && winner == SENTINEL);
    check_unchanged(game, before);
    CHECK_RESULT(tictactoe_game_move_many(game, NULL, 0, &winner, &refused), TICTACTOE_RESULT_OK);
    CHECK(winner == 0 && refused == SENTINEL);
    check_unchanged(game, before);
    /* The whole list, then a move after the win is refused at its index. */
    CHECK_RESULT(tictactoe_game_move_many(game, wins, 5, &winner, &refused), TICTACTOE_RESULT_OK);
    CHECK(winner == 1 && refused == SENTINEL);
    free(before);
    before = snapshot(game);
    CHECK_RESULT(tictactoe_game_move_many(game, bad[0], 1, &winner, &refused), TICTACTOE_RESULT_GAME_OVER);
    CHECK(refused == 0);
    check_unchanged(game, before);
    free(before);
    tictactoe_game_free(game);
}

int main(void) {
    test_version_and_result_texts();
    test_new_and_free();
    test_moves_and_refusals();
    test_move_many();
    test_status_and_lines();
    test_undo_history_and_clone();
    test_positions();
    test_text();
    test_parse_limits();
    test_position_limits();
    return checks_report("test_api");
}
