/* One rules value through the C ABI: tictactoe_rules and a nullable tictactoe_limits pointer,
 * the _rules functions, each older form (a size n, the rules as four words, _with_limits) giving
 * what its _rules function gives, one bad size refused with one code every way, and every
 * refusal (NULL, an unknown flag, bad rules, a limit exceeded) leaving the out-params as they
 * were. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "tictactoe.h"
#include "snapshot.h"

#define C4_CELLS 42

static const tictactoe_rules CONNECT_FOUR = {6, 7, 4, TICTACTOE_RULE_GRAVITY};

/* Limits to try against the older forms' max_bytes: none, tight, around the sizes of a 3 x 3 game
 * (76 bytes) and a Connect Four game (224), the default, and no bound. */
static const size_t MAX_BYTES[] = {0, 1, 75, 76, 223, 224, 1000, 10000, TICTACTOE_DEFAULT_MAX_BYTES, SIZE_MAX};
#define MAX_BYTES_COUNT (sizeof MAX_BYTES / sizeof MAX_BYTES[0])

/* Whether two games are the same: both absent, or both there and serializing alike. */
static int same_game(const tictactoe_game *a, const tictactoe_game *b) {
    char *one, *two;
    int same;
    if (!a || !b) return a == b;
    one = snapshot(a);
    two = snapshot(b);
    same = one && two && strcmp(one, two) == 0;
    free(one);
    free(two);
    return same;
}

/* The rules of a game, read into one struct by the four-word getter. */
static tictactoe_rules rules_of_game(const tictactoe_game *game) {
    tictactoe_rules r = {0, 0, 0, 0};
    CHECK_RESULT(tictactoe_game_rules(game, &r.rows, &r.cols, &r.k, &r.flags), TICTACTOE_RESULT_OK);
    return r;
}

static int same_rules(tictactoe_rules a, tictactoe_rules b) {
    return a.rows == b.rows && a.cols == b.cols && a.k == b.k && a.flags == b.flags;
}

static void test_layout(void) {
    /* Part of the ABI: four 32-bit words in this order, and one size_t. */
    CHECK(sizeof(tictactoe_rules) == 4 * sizeof(uint32_t));
    CHECK(offsetof(tictactoe_rules, rows) == 0 && offsetof(tictactoe_rules, cols) == 4);
    CHECK(offsetof(tictactoe_rules, k) == 8 && offsetof(tictactoe_rules, flags) == 12);
    CHECK(sizeof(tictactoe_limits) == sizeof(size_t) && offsetof(tictactoe_limits, max_bytes) == 0);
}

static void test_game_new_rules(void) {
    const tictactoe_rules tic_tac_toe = {3, 3, 3, 0};
    const tictactoe_rules gomoku = {15, 15, 5, TICTACTOE_RULE_EXACT};
    const tictactoe_limits none = {SIZE_MAX}, nothing = {0}, fits = {TICTACTOE_DEFAULT_MAX_BYTES};
    tictactoe_game *game = NULL, *other = NULL, *const sentinel = (tictactoe_game *)&game;
    uint32_t winner, row;

    /* Made as asked, with or without limits, and the same game as the older forms make. */
    CHECK_RESULT(tictactoe_game_new_rules(&CONNECT_FOUR, NULL, &game), TICTACTOE_RESULT_OK);
    CHECK(same_rules(rules_of_game(game), CONNECT_FOUR));
    CHECK_RESULT(tictactoe_game_drop(game, 3, &row, &winner), TICTACTOE_RESULT_OK);
    CHECK(row == 5 && winner == 0);
    tictactoe_game_free(game);
    CHECK_RESULT(tictactoe_game_new_rules(&tic_tac_toe, &none, &game), TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_game_new(3, &other), TICTACTOE_RESULT_OK);
    CHECK(same_game(game, other) && same_rules(rules_of_game(game), tic_tac_toe));
    tictactoe_game_free(game);
    tictactoe_game_free(other);
    CHECK_RESULT(tictactoe_game_new_rules(&gomoku, &fits, &game), TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_game_new_mnk(15, 15, 5, TICTACTOE_RULE_EXACT, &other), TICTACTOE_RESULT_OK);
    CHECK(same_game(game, other) && same_rules(rules_of_game(game), gomoku));
    tictactoe_game_free(game);
    tictactoe_game_free(other);

    /* Refusals, checked in order: NULL pointers, an unknown flag, bad rules, the limit. */
    game = sentinel;
    CHECK_RESULT(tictactoe_game_new_rules(NULL, NULL, &game), TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK_RESULT(tictactoe_game_new_rules(&CONNECT_FOUR, NULL, NULL), TICTACTOE_RESULT_NULL_PARAMETER);
    {
        const tictactoe_rules unknown_flag = {6, 7, 4, 4u}, bad_and_unknown = {0, 0, 0, UINT32_MAX};
        const tictactoe_rules bad_k = {6, 7, 8, TICTACTOE_RULE_GRAVITY}, no_rows = {0, 7, 4, 0};
        CHECK_RESULT(tictactoe_game_new_rules(&unknown_flag, NULL, &game), TICTACTOE_RESULT_INVALID_ARGUMENT);
        CHECK_RESULT(tictactoe_game_new_rules(&bad_and_unknown, &nothing, &game), TICTACTOE_RESULT_INVALID_ARGUMENT);
        CHECK_RESULT(tictactoe_game_new_rules(&bad_k, NULL, &game), TICTACTOE_RESULT_INVALID_RULES);
        CHECK_RESULT(tictactoe_game_new_rules(&no_rows, &nothing, &game), TICTACTOE_RESULT_INVALID_RULES);
    }
    CHECK_RESULT(tictactoe_game_new_rules(&CONNECT_FOUR, &nothing, &game), TICTACTOE_RESULT_LIMIT_EXCEEDED);
    {
        const tictactoe_rules large = {2000, 2000, 5, 0};
        CHECK_RESULT(tictactoe_game_new_rules(&large, &fits, &game), TICTACTOE_RESULT_LIMIT_EXCEEDED);
    }
    CHECK(game == sentinel);
}

/* Each older form of making a game at a position gives what tictactoe_game_from_cells_rules
 * gives for the same rules and limits: the code, and the game. */
static void check_from_cells_forms(const tictactoe_rules *r, const uint8_t *cells, size_t len) {
    size_t i;
    for (i = 0; i < MAX_BYTES_COUNT; i++) {
        const tictactoe_limits limits = {MAX_BYTES[i]};
        tictactoe_game *by_rules = NULL, *by_mnk = NULL;
        tictactoe_result want = tictactoe_game_from_cells_rules(r, cells, len, &limits, &by_rules);
        CHECK_RESULT(tictactoe_game_from_cells_mnk_with_limits(r->rows, r->cols, r->k, r->flags, cells, len,
                                                              MAX_BYTES[i], &by_mnk),
                     want);
        CHECK(same_game(by_rules, by_mnk));
        tictactoe_game_free(by_mnk);
        if (r->rows == r->cols && r->k == r->rows && r->flags == 0) {
            tictactoe_game *by_n = NULL;
            CHECK_RESULT(tictactoe_game_from_cells_with_limits(r->rows, cells, len, MAX_BYTES[i], &by_n), want);
            CHECK(same_game(by_rules, by_n));
            tictactoe_game_free(by_n);
        }
        tictactoe_game_free(by_rules);
    }
    {
        tictactoe_game *by_rules = NULL, *by_mnk = NULL;
        tictactoe_result want = tictactoe_game_from_cells_rules(r, cells, len, NULL, &by_rules);
        CHECK_RESULT(tictactoe_game_from_cells_mnk(r->rows, r->cols, r->k, r->flags, cells, len, &by_mnk), want);
        CHECK(same_game(by_rules, by_mnk));
        CHECK_RESULT(tictactoe_position_validate_rules(r, cells, len), want);
        CHECK_RESULT(tictactoe_position_validate_mnk(r->rows, r->cols, r->k, r->flags, cells, len), want);
        if (r->rows == r->cols && r->k == r->rows && r->flags == 0) {
            tictactoe_game *by_n = NULL;
            CHECK_RESULT(tictactoe_game_from_cells(r->rows, cells, len, &by_n), want);
            CHECK(same_game(by_rules, by_n));
            CHECK_RESULT(tictactoe_position_validate(r->rows, cells, len), want);
            tictactoe_game_free(by_n);
        }
        tictactoe_game_free(by_mnk);
        tictactoe_game_free(by_rules);
    }
}

static void test_positions(void) {
    const tictactoe_rules tic_tac_toe = {3, 3, 3, 0}, exact = {3, 3, 3, TICTACTOE_RULE_EXACT};
    const tictactoe_rules unknown_flag = {6, 7, 4, 8u}, size_zero = {0, 0, 0, 0};
    const tictactoe_limits nothing = {0};
    const uint8_t x_won[9] = {1, 1, 1, 2, 2, 0, 0, 0, 0}, too_many_x[9] = {1, 1, 0, 0, 0, 0, 0, 0, 0};
    uint8_t c4[C4_CELLS] = {0}, floating[C4_CELLS] = {0};
    tictactoe_game *game = NULL, *const sentinel = (tictactoe_game *)&game;
    uint32_t winner = 0;

    c4[35] = 1; /* X on the bottom row, column 0, O on it */
    c4[28] = 2;
    floating[0] = 1; /* X on the top row, nothing below */
    floating[41] = 2;

    CHECK_RESULT(tictactoe_game_from_cells_rules(&CONNECT_FOUR, c4, C4_CELLS, NULL, &game), TICTACTOE_RESULT_OK);
    CHECK(same_rules(rules_of_game(game), CONNECT_FOUR));
    tictactoe_game_free(game);
    CHECK_RESULT(tictactoe_game_from_cells_rules(&tic_tac_toe, x_won, 9, NULL, &game), TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_game_winner(game, &winner), TICTACTOE_RESULT_OK);
    CHECK(winner == 1);
    tictactoe_game_free(game);
    CHECK_RESULT(tictactoe_position_validate_rules(&CONNECT_FOUR, c4, C4_CELLS), TICTACTOE_RESULT_OK);

    /* Every form agrees, on positions good and bad, under every limit. */
    check_from_cells_forms(&CONNECT_FOUR, c4, C4_CELLS);
    check_from_cells_forms(&CONNECT_FOUR, floating, C4_CELLS);
    check_from_cells_forms(&CONNECT_FOUR, c4, 9);
    check_from_cells_forms(&tic_tac_toe, x_won, 9);
    check_from_cells_forms(&tic_tac_toe, too_many_x, 9);
    check_from_cells_forms(&exact, x_won, 9);
    check_from_cells_forms(&unknown_flag, c4, C4_CELLS);
    check_from_cells_forms(&size_zero, x_won, 0);

    /* Refusals, with nothing written. */
    game = sentinel;
    CHECK_RESULT(tictactoe_game_from_cells_rules(NULL, c4, C4_CELLS, NULL, &game), TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK_RESULT(tictactoe_game_from_cells_rules(&CONNECT_FOUR, NULL, 0, NULL, &game),
                 TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK_RESULT(tictactoe_game_from_cells_rules(&CONNECT_FOUR, c4, C4_CELLS, NULL, NULL),
                 TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK_RESULT(tictactoe_game_from_cells_rules(&unknown_flag, c4, C4_CELLS, NULL, &game),
                 TICTACTOE_RESULT_INVALID_ARGUMENT);
    CHECK_RESULT(tictactoe_game_from_cells_rules(&size_zero, c4, 0, NULL, &game), TICTACTOE_RESULT_INVALID_SIZE);
    CHECK_RESULT(tictactoe_game_from_cells_rules(&CONNECT_FOUR, floating, C4_CELLS, NULL, &game),
                 TICTACTOE_RESULT_INVALID_POSITION);
    /* The limit is decided from the rules, before the cells: their wrong length too. */
    CHECK_RESULT(tictactoe_game_from_cells_rules(&CONNECT_FOUR, c4, 1, &nothing, &game),
                 TICTACTOE_RESULT_LIMIT_EXCEEDED);
    CHECK_RESULT(tictactoe_game_from_cells_rules(&CONNECT_FOUR, c4, 1, NULL, &game), TICTACTOE_RESULT_INVALID_POSITION);
    CHECK(game == sentinel);
    CHECK_RESULT(tictactoe_position_validate_rules(NULL, c4, C4_CELLS), TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK_RESULT(tictactoe_position_validate_rules(&CONNECT_FOUR, NULL, 0), TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK_RESULT(tictactoe_position_validate_rules(&unknown_flag, c4, C4_CELLS), TICTACTOE_RESULT_INVALID_ARGUMENT);
    CHECK_RESULT(tictactoe_position_validate_rules(&CONNECT_FOUR, floating, C4_CELLS),
                 TICTACTOE_RESULT_INVALID_POSITION);
}

/* Each older form of making a batch gives what tictactoe_batch_new_rules gives. */
static void check_batch_forms(uint32_t count, const tictactoe_rules *r) {
    size_t i;
    for (i = 0; i <= MAX_BYTES_COUNT; i++) {
        const tictactoe_limits limits = {i < MAX_BYTES_COUNT ? MAX_BYTES[i] : 0};
        const tictactoe_limits *given = i < MAX_BYTES_COUNT ? &limits : NULL;
        size_t max_bytes = i < MAX_BYTES_COUNT ? MAX_BYTES[i] : SIZE_MAX;
        tictactoe_batch *by_rules = NULL, *by_mnk = NULL;
        tictactoe_result want = tictactoe_batch_new_rules(count, r, 7, given, &by_rules);
        CHECK_RESULT(tictactoe_batch_new_mnk_with_limits(count, r->rows, r->cols, r->k, r->flags, 7, max_bytes, &by_mnk),
                     want);
        CHECK((by_rules != NULL) == (by_mnk != NULL));
        if (r->rows == r->cols && r->k == r->rows && r->flags == 0) {
            tictactoe_batch *by_n = NULL;
            CHECK_RESULT(tictactoe_batch_new_with_limits(count, r->rows, 7, max_bytes, &by_n), want);
            CHECK((by_rules != NULL) == (by_n != NULL));
            tictactoe_batch_free(by_n);
            if (!given) {
                CHECK_RESULT(tictactoe_batch_new(count, r->rows, 7, &by_n), want);
                tictactoe_batch_free(by_n);
            }
        }
        if (!given) {
            tictactoe_batch *plain = NULL;
            CHECK_RESULT(tictactoe_batch_new_mnk(count, r->rows, r->cols, r->k, r->flags, 7, &plain), want);
            tictactoe_batch_free(plain);
        }
        if (by_rules) {
            /* The same games, drawing the same random actions from the same seed. */
            uint32_t a[8], b[8];
            size_t refused;
            tictactoe_rules back = {0, 0, 0, 0};
            CHECK_RESULT(tictactoe_batch_rules(by_rules, &back.rows, &back.cols, &back.k, &back.flags),
                         TICTACTOE_RESULT_OK);
            CHECK(same_rules(back, *r));
            CHECK_RESULT(tictactoe_batch_games_random_legal_actions(by_rules, NULL, count, a, &refused),
                         TICTACTOE_RESULT_OK);
            CHECK_RESULT(tictactoe_batch_games_random_legal_actions(by_mnk, NULL, count, b, &refused),
                         TICTACTOE_RESULT_OK);
            CHECK(memcmp(a, b, count * sizeof a[0]) == 0);
        }
        tictactoe_batch_free(by_rules);
        tictactoe_batch_free(by_mnk);
    }
}

static void test_batch_new_rules(void) {
    const tictactoe_rules tic_tac_toe = {3, 3, 3, 0}, unknown_flag = {6, 7, 4, 1u << 31};
    const tictactoe_rules bad_k = {6, 7, 0, 0}, size_zero = {0, 0, 0, 0};
    const tictactoe_limits nothing = {0};
    tictactoe_batch *batch = NULL, *const sentinel = (tictactoe_batch *)&batch;
    uint32_t actions = 0;

    CHECK_RESULT(tictactoe_batch_new_rules(8, &CONNECT_FOUR, 1, NULL, &batch), TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_batch_actions(batch, &actions), TICTACTOE_RESULT_OK);
    CHECK(actions == 7);
    tictactoe_batch_free(batch);

    check_batch_forms(8, &CONNECT_FOUR);
    check_batch_forms(8, &tic_tac_toe);
    check_batch_forms(1, &tic_tac_toe);
    check_batch_forms(0, &tic_tac_toe);
    check_batch_forms(8, &unknown_flag);
    check_batch_forms(8, &bad_k);
    check_batch_forms(8, &size_zero);

    batch = sentinel;
    CHECK_RESULT(tictactoe_batch_new_rules(8, NULL, 1, NULL, &batch), TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK_RESULT(tictactoe_batch_new_rules(8, &CONNECT_FOUR, 1, NULL, NULL), TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK_RESULT(tictactoe_batch_new_rules(8, &unknown_flag, 1, &nothing, &batch), TICTACTOE_RESULT_INVALID_ARGUMENT);
    CHECK_RESULT(tictactoe_batch_new_rules(8, &bad_k, 1, &nothing, &batch), TICTACTOE_RESULT_INVALID_RULES);
    /* The rules before the count, the count before the limit. */
    CHECK_RESULT(tictactoe_batch_new_rules(0, &size_zero, 1, &nothing, &batch), TICTACTOE_RESULT_INVALID_SIZE);
    CHECK_RESULT(tictactoe_batch_new_rules(0, &CONNECT_FOUR, 1, &nothing, &batch), TICTACTOE_RESULT_INVALID_COUNT);
    CHECK_RESULT(tictactoe_batch_new_rules(8, &CONNECT_FOUR, 1, &nothing, &batch), TICTACTOE_RESULT_LIMIT_EXCEEDED);
    CHECK(batch == sentinel);
}

/* n x n tic-tac-toe's bad n, asked for every way: one code, INVALID_SIZE, as tictactoe_game_new(n)
 * gives; with a flag the rules are no longer n alone, and are INVALID_RULES. */
static void test_a_bad_size_is_one_code_every_way(void) {
    const uint32_t sizes[] = {0, 65536, UINT32_MAX};
    const tictactoe_limits fits = {TICTACTOE_DEFAULT_MAX_BYTES};
    const uint8_t cells[1] = {0};
    size_t i;
    for (i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        const uint32_t n = sizes[i];
        const tictactoe_rules r = {n, n, n, 0}, flagged = {n, n, n, TICTACTOE_RULE_EXACT};
        const tictactoe_result bad = TICTACTOE_RESULT_INVALID_SIZE;
        tictactoe_game *game = NULL;
        tictactoe_batch *batch = NULL;
        char text[96];
        CHECK_RESULT(tictactoe_rules_check(n, n, n, 0), bad);
        CHECK_RESULT(tictactoe_game_new(n, &game), bad);
        CHECK_RESULT(tictactoe_game_new_mnk(n, n, n, 0, &game), bad);
        CHECK_RESULT(tictactoe_game_new_rules(&r, NULL, &game), bad);
        CHECK_RESULT(tictactoe_game_new_rules(&r, &fits, &game), bad);
        CHECK_RESULT(tictactoe_game_from_cells(n, cells, 0, &game), bad);
        CHECK_RESULT(tictactoe_game_from_cells_with_limits(n, cells, 0, 0, &game), bad);
        CHECK_RESULT(tictactoe_game_from_cells_mnk(n, n, n, 0, cells, 0, &game), bad);
        CHECK_RESULT(tictactoe_game_from_cells_mnk_with_limits(n, n, n, 0, cells, 0, 0, &game), bad);
        CHECK_RESULT(tictactoe_game_from_cells_rules(&r, cells, 0, &fits, &game), bad);
        CHECK_RESULT(tictactoe_position_validate(n, cells, 0), bad);
        CHECK_RESULT(tictactoe_position_validate_mnk(n, n, n, 0, cells, 0), bad);
        CHECK_RESULT(tictactoe_position_validate_rules(&r, cells, 0), bad);
        CHECK_RESULT(tictactoe_batch_new(4, n, 1, &batch), bad);
        CHECK_RESULT(tictactoe_batch_new_with_limits(4, n, 1, 0, &batch), bad);
        CHECK_RESULT(tictactoe_batch_new_mnk(4, n, n, n, 0, 1, &batch), bad);
        CHECK_RESULT(tictactoe_batch_new_mnk_with_limits(4, n, n, n, 0, 1, 0, &batch), bad);
        CHECK_RESULT(tictactoe_batch_new_rules(4, &r, 1, &fits, &batch), bad);
        sprintf(text, "tictactoe/1 n=%lu moves=", (unsigned long)n);
        CHECK_RESULT(tictactoe_game_parse(text, strlen(text), &game), bad);
        sprintf(text, "tictactoe/1 rows=%lu cols=%lu k=%lu moves=", (unsigned long)n, (unsigned long)n,
                (unsigned long)n);
        CHECK_RESULT(tictactoe_game_parse_with_limits(text, strlen(text), SIZE_MAX, &game), bad);
        CHECK_RESULT(tictactoe_rules_check(n, n, n, TICTACTOE_RULE_EXACT), TICTACTOE_RESULT_INVALID_RULES);
        CHECK_RESULT(tictactoe_game_new_rules(&flagged, NULL, &game), TICTACTOE_RESULT_INVALID_RULES);
        CHECK_RESULT(tictactoe_batch_new_rules(4, &flagged, 1, NULL, &batch), TICTACTOE_RESULT_INVALID_RULES);
        CHECK(game == NULL && batch == NULL);
    }
}

int main(void) {
    test_layout();
    test_game_new_rules();
    test_positions();
    test_batch_new_rules();
    test_a_bad_size_is_one_code_every_way();
    return checks_report("test_rules");
}
