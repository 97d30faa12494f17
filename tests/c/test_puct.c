/* The search a learned network guides, through the C ABI: a search with a callback, its
 * determinism, kept subtrees, a failing or wrong callback leaving everything as it was, and
 * every refusal with its out-params untouched. */
#include <stdint.h>
#include <string.h>

#include "check.h"
#include "tictactoe.h"

#define GAMES 3
#define ACTIONS 7

/* What the test evaluators keep: calls made, the call to fail at (-1: none), and what to
 * write. */
typedef struct {
    int calls;
    int fail_at;
    float value;
    float logit;
} evaluator;

/* Every legal move alike (or `logit` for all), every position worth `value`; counts the
 * calls and checks the planes: two flags a cell, never both set. */
static int32_t evaluate(void *user, size_t leaves, const bool *observation, const bool *legal_mask,
                        float *logits, float *values) {
    evaluator *e = (evaluator *)user;
    size_t i;
    (void)legal_mask;
    if (e->calls++ == e->fail_at) {
        return 42;
    }
    for (i = 0; i < leaves; i++) {
        size_t cell;
        for (cell = 0; cell < 42; cell++) {
            CHECK(!(observation[i * 84 + cell] && observation[i * 84 + 42 + cell]));
        }
    }
    for (i = 0; i < leaves * ACTIONS; i++) {
        logits[i] = e->logit;
    }
    for (i = 0; i < leaves; i++) {
        values[i] = e->value;
    }
    return 0;
}

/* Logits rising with the action and values from where each side's marks stand (centre
 * columns worth more): priors and values that tell the actions apart. */
static int32_t evaluate_shaped(void *user, size_t leaves, const bool *observation, const bool *legal_mask,
                               float *logits, float *values) {
    size_t i, cell;
    (void)user;
    (void)legal_mask;
    for (i = 0; i < leaves * ACTIONS; i++) {
        logits[i] = 0.25f * (float)(i % ACTIONS);
    }
    for (i = 0; i < leaves; i++) {
        int score = 0;
        for (cell = 0; cell < 42; cell++) {
            int col = (int)(cell % ACTIONS), weight = 3 - (col < 3 ? 3 - col : col - 3);
            score += observation[i * 84 + cell] ? weight : 0;
            score -= observation[i * 84 + 42 + cell] ? weight : 0;
        }
        values[i] = score > 9 ? 0.9f : score < -9 ? -0.9f : 0.1f * (float)score;
    }
    return 0;
}

static tictactoe_batch *connect_four(void) {
    const tictactoe_rules rules = {6, 7, 4, TICTACTOE_RULE_GRAVITY};
    tictactoe_batch *batch = NULL;
    CHECK_RESULT(tictactoe_batch_new_rules(GAMES, &rules, 5, NULL, &batch), TICTACTOE_RESULT_OK);
    return batch;
}

static void test_search(void) {
    tictactoe_batch *batch = connect_four();
    tictactoe_puct *a = NULL, *b = NULL;
    evaluator e = {0, -1, 0.0f, 0.0f};
    uint32_t visits[GAMES * ACTIONS], again[GAMES * ACTIONS], actions[GAMES];
    float values[GAMES];
    uint64_t bytes = 0;
    size_t g, i;
    CHECK_RESULT(tictactoe_puct_new(batch, NULL, &a), TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_puct_new(batch, NULL, &b), TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_puct_run(a, batch, evaluate, &e, 50, TICTACTOE_PUCT_NOISE, visits, GAMES * ACTIONS,
                                    values, GAMES),
                 TICTACTOE_RESULT_OK);
    CHECK(e.calls == 51); /* the roots' call, then one a step */
    for (g = 0; g < GAMES; g++) {
        uint32_t sum = 0;
        for (i = 0; i < ACTIONS; i++) {
            sum += visits[g * ACTIONS + i];
        }
        CHECK(sum == 50);
        CHECK(values[g] >= -1.0f && values[g] <= 1.0f);
    }
    /* The same seed, the same noise. */
    CHECK_RESULT(tictactoe_puct_run(b, batch, evaluate, &e, 50, TICTACTOE_PUCT_NOISE, again, GAMES * ACTIONS,
                                    values, GAMES),
                 TICTACTOE_RESULT_OK);
    CHECK(memcmp(visits, again, sizeof visits) == 0);
    /* A move kept: the next search starts from its subtree. */
    CHECK_RESULT(tictactoe_puct_choose(a, visits, GAMES * ACTIONS, 0.0f, actions, GAMES), TICTACTOE_RESULT_OK);
    for (g = 0; g < GAMES; g++) {
        for (i = 0; i < ACTIONS; i++) {
            CHECK(visits[g * ACTIONS + i] <= visits[g * ACTIONS + actions[g]]);
        }
    }
    CHECK_RESULT(tictactoe_puct_play(a, batch, actions, GAMES), TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_puct_run(a, batch, evaluate, &e, 0, 0, again, GAMES * ACTIONS, values, GAMES),
                 TICTACTOE_RESULT_OK);
    for (g = 0; g < GAMES; g++) {
        uint32_t sum = 0;
        for (i = 0; i < ACTIONS; i++) {
            sum += again[g * ACTIONS + i];
        }
        CHECK(sum + 1 == visits[g * ACTIONS + actions[g]]);
    }
    CHECK_RESULT(tictactoe_puct_bytes_needed(a, batch, 100, &bytes), TICTACTOE_RESULT_OK);
    CHECK(bytes > 0);
    /* Cleared, the search starts from fresh roots: as a new one's. */
    tictactoe_puct_clear(a);
    tictactoe_puct_clear(NULL);
    tictactoe_puct_free(b);
    CHECK_RESULT(tictactoe_puct_new(batch, NULL, &b), TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_puct_run(a, batch, evaluate, &e, 20, 0, visits, GAMES * ACTIONS, values, GAMES),
                 TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_puct_run(b, batch, evaluate, &e, 20, 0, again, GAMES * ACTIONS, values, GAMES),
                 TICTACTOE_RESULT_OK);
    CHECK(memcmp(visits, again, sizeof visits) == 0);
    tictactoe_puct_free(a);
    tictactoe_puct_free(b);
    tictactoe_batch_free(batch);
}

/* Several leaves a step: the same simulations in fewer calls; 0 refused, nothing changed. */
static void test_leaves(void) {
    tictactoe_batch *batch = connect_four();
    tictactoe_puct *puct = NULL;
    evaluator e = {0, -1, 0.0f, 0.0f};
    uint32_t visits[GAMES * ACTIONS];
    float values[GAMES];
    size_t g, i;
    CHECK_RESULT(tictactoe_puct_new(batch, NULL, &puct), TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_puct_set_leaves(puct, 0), TICTACTOE_RESULT_INVALID_ARGUMENT);
    CHECK_RESULT(tictactoe_puct_set_leaves(NULL, 4), TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK_RESULT(tictactoe_puct_run(puct, batch, evaluate, &e, 40, 0, visits, GAMES * ACTIONS, values, GAMES),
                 TICTACTOE_RESULT_OK);
    CHECK(e.calls == 41); /* still one leaf a game a step after the refusal */
    CHECK_RESULT(tictactoe_puct_set_leaves(puct, 4), TICTACTOE_RESULT_OK);
    tictactoe_puct_clear(puct);
    e.calls = 0;
    CHECK_RESULT(tictactoe_puct_run(puct, batch, evaluate, &e, 40, 0, visits, GAMES * ACTIONS, values, GAMES),
                 TICTACTOE_RESULT_OK);
    CHECK(e.calls > 1 && e.calls <= 21); /* the roots' call, then at most half as many steps */
    for (g = 0; g < GAMES; g++) {
        uint32_t sum = 0;
        for (i = 0; i < ACTIONS; i++) {
            sum += visits[g * ACTIONS + i];
        }
        CHECK(sum == 40);
    }
    tictactoe_puct_free(puct);
    tictactoe_batch_free(batch);
}

/* A callback that fails, or writes what no search can use, stops the search with its code;
 * nothing is written, and the next search gives what a search that never failed gives. */
static void test_failures(void) {
    tictactoe_batch *batch = connect_four(), *twin = connect_four();
    tictactoe_puct *failing = NULL, *clean = NULL;
    evaluator e = {0, -1, 0.25f, 0.0f};
    uint32_t visits[GAMES * ACTIONS], expected[GAMES * ACTIONS];
    float values[GAMES], expected_values[GAMES];
    int fail_at;
    uint32_t first[GAMES];
    CHECK_RESULT(tictactoe_puct_new(batch, NULL, &failing), TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_puct_new(twin, NULL, &clean), TICTACTOE_RESULT_OK);
    /* Both searches keep a tree from a move played, the one the failures must leave as it is. */
    CHECK_RESULT(tictactoe_puct_run(failing, batch, evaluate, &e, 12, 0, visits, GAMES * ACTIONS, values, GAMES),
                 TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_puct_choose(failing, visits, GAMES * ACTIONS, 0.0f, first, GAMES), TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_puct_run(clean, twin, evaluate, &e, 12, 0, visits, GAMES * ACTIONS, values, GAMES),
                 TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_puct_play(failing, batch, first, GAMES), TICTACTOE_RESULT_OK);
    for (fail_at = 0; fail_at < 12; fail_at += 5) {
        evaluator broken = {0, fail_at, 0.25f, 0.0f};
        memset(visits, 0xab, sizeof visits);
        values[GAMES - 1] = 7.0f;
        CHECK_RESULT(tictactoe_puct_run(failing, batch, evaluate, &broken, 20, 0, visits, GAMES * ACTIONS, values,
                                        GAMES),
                     TICTACTOE_RESULT_EVALUATOR_FAILED);
        CHECK(visits[0] == 0xabababab && visits[GAMES * ACTIONS - 1] == 0xabababab);
        CHECK(values[GAMES - 1] == 7.0f);
    }
    {
        evaluator too_high = {0, -1, 1.5f, 0.0f};
        evaluator no_logits = {0, -1, 0.0f, -1.0f / 0.0f};
        evaluator *bad[2];
        bad[0] = &too_high;
        bad[1] = &no_logits;
        for (fail_at = 0; fail_at < 2; fail_at++) {
            memset(visits, 0xab, sizeof visits);
            values[0] = 7.0f;
            CHECK_RESULT(tictactoe_puct_run(failing, batch, evaluate, bad[fail_at], 5, 0, visits, GAMES * ACTIONS,
                                            values, GAMES),
                         TICTACTOE_RESULT_BAD_EVALUATION);
            CHECK(visits[0] == 0xabababab && values[0] == 7.0f);
        }
    }
    /* The clean search follows the same move, its tree kept the same way. */
    CHECK_RESULT(tictactoe_puct_play(clean, twin, first, GAMES), TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_puct_run(failing, batch, evaluate, &e, 30, 0, visits, GAMES * ACTIONS, values, GAMES),
                 TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_puct_run(clean, twin, evaluate, &e, 30, 0, expected, GAMES * ACTIONS, expected_values,
                                    GAMES),
                 TICTACTOE_RESULT_OK);
    CHECK(memcmp(visits, expected, sizeof visits) == 0);
    CHECK(memcmp(values, expected_values, sizeof values) == 0);
    CHECK(strcmp(tictactoe_result_name(TICTACTOE_RESULT_EVALUATOR_FAILED), "evaluator_failed") == 0);
    CHECK(strcmp(tictactoe_result_name(TICTACTOE_RESULT_BAD_EVALUATION), "bad_evaluation") == 0);
    tictactoe_puct_free(failing);
    tictactoe_puct_free(clean);
    tictactoe_batch_free(batch);
    tictactoe_batch_free(twin);
}

static void test_refusals(void) {
    tictactoe_batch *batch = connect_four();
    tictactoe_puct *puct = NULL, *sentinel = (tictactoe_puct *)&puct;
    tictactoe_puct *small = NULL;
    evaluator e = {0, -1, 0.0f, 0.0f};
    uint32_t visits[GAMES * ACTIONS], actions[GAMES] = {9, 9, 9};
    uint32_t column[GAMES] = {3, 3, 3}, full[GAMES] = {0, 0, 3};
    float values[GAMES];
    uint64_t bytes = 7;
    tictactoe_puct_options bad = {-1.0f, 0.3f, 0.25f, 0, 0};
    tictactoe_puct_options bounded = {1.25f, 0.3f, 0.25f, 0, 0};
    int i;
    /* Options out of range, NULLs: nothing made, the out-param untouched. */
    CHECK_RESULT(tictactoe_puct_new(batch, &bad, &sentinel), TICTACTOE_RESULT_INVALID_ARGUMENT);
    bad.c_puct = 1.0f;
    bad.dirichlet_fraction = 2.0f;
    CHECK_RESULT(tictactoe_puct_new(batch, &bad, &sentinel), TICTACTOE_RESULT_INVALID_ARGUMENT);
    CHECK(sentinel == (tictactoe_puct *)&puct);
    CHECK_RESULT(tictactoe_puct_new(NULL, NULL, &sentinel), TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK(sentinel == (tictactoe_puct *)&puct);
    CHECK_RESULT(tictactoe_puct_new(batch, NULL, NULL), TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK_RESULT(tictactoe_puct_new(batch, NULL, &puct), TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_puct_run(NULL, batch, evaluate, &e, 1, 0, visits, GAMES * ACTIONS, values, GAMES),
                 TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK_RESULT(tictactoe_puct_run(puct, NULL, evaluate, &e, 1, 0, visits, GAMES * ACTIONS, values, GAMES),
                 TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK_RESULT(tictactoe_puct_run(puct, batch, NULL, &e, 1, 0, visits, GAMES * ACTIONS, values, GAMES),
                 TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK_RESULT(tictactoe_puct_run(puct, batch, evaluate, &e, 1, 0, NULL, GAMES * ACTIONS, values, GAMES),
                 TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK_RESULT(tictactoe_puct_run(puct, batch, evaluate, &e, 1, 0, visits, GAMES * ACTIONS, NULL, GAMES),
                 TICTACTOE_RESULT_NULL_PARAMETER);
    memset(visits, 0xab, sizeof visits);
    values[0] = 7.0f;
    CHECK_RESULT(tictactoe_puct_run(puct, batch, evaluate, &e, 1, 0, visits, GAMES * ACTIONS - 1, values, GAMES),
                 TICTACTOE_RESULT_LENGTH_MISMATCH);
    CHECK_RESULT(tictactoe_puct_run(puct, batch, evaluate, &e, 1, 0, visits, GAMES * ACTIONS, values, GAMES + 1),
                 TICTACTOE_RESULT_LENGTH_MISMATCH);
    CHECK(visits[0] == 0xabababab && values[0] == 7.0f);
    CHECK_RESULT(tictactoe_puct_run(puct, batch, evaluate, &e, 1, 2, visits, GAMES * ACTIONS, values, GAMES),
                 TICTACTOE_RESULT_INVALID_ARGUMENT);
    {
        /* A batch of other rules, with as many games and actions. */
        const tictactoe_rules five = {5, 7, 4, TICTACTOE_RULE_GRAVITY};
        tictactoe_batch *other = NULL;
        CHECK_RESULT(tictactoe_batch_new_rules(GAMES, &five, 5, NULL, &other), TICTACTOE_RESULT_OK);
        CHECK_RESULT(tictactoe_puct_run(puct, other, evaluate, &e, 1, 0, visits, GAMES * ACTIONS, values, GAMES),
                     TICTACTOE_RESULT_INVALID_ARGUMENT);
        CHECK_RESULT(tictactoe_puct_bytes_needed(puct, other, 10, &bytes), TICTACTOE_RESULT_INVALID_ARGUMENT);
        CHECK(bytes == 7);
        CHECK_RESULT(tictactoe_puct_play(puct, other, column, GAMES), TICTACTOE_RESULT_INVALID_ARGUMENT);
        tictactoe_batch_free(other);
    }
    CHECK(e.calls == 0);
    /* A move into a full column: refused, nothing played. */
    for (i = 0; i < 6; i++) {
        CHECK_RESULT(tictactoe_puct_play(puct, batch, column, GAMES), TICTACTOE_RESULT_OK);
    }
    CHECK_RESULT(tictactoe_puct_play(puct, batch, full, GAMES), TICTACTOE_RESULT_COLUMN_FULL);
    full[2] = 0;
    CHECK_RESULT(tictactoe_puct_play(puct, batch, full, GAMES), TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_puct_play(puct, batch, full, GAMES - 1), TICTACTOE_RESULT_LENGTH_MISMATCH);
    CHECK_RESULT(tictactoe_puct_play(puct, NULL, full, GAMES), TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK_RESULT(tictactoe_puct_play(NULL, batch, full, GAMES), TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK_RESULT(tictactoe_puct_play(puct, batch, NULL, GAMES), TICTACTOE_RESULT_NULL_PARAMETER);
    /* No actions for a batch of games: a length refused, a NULL of length 0 included. */
    CHECK_RESULT(tictactoe_puct_play(puct, batch, NULL, 0), TICTACTOE_RESULT_LENGTH_MISMATCH);
    /* Choosing: a temperature out of range, the wrong lengths. */
    memset(visits, 0, sizeof visits);
    CHECK_RESULT(tictactoe_puct_choose(puct, visits, GAMES * ACTIONS, -1.0f, actions, GAMES),
                 TICTACTOE_RESULT_INVALID_ARGUMENT);
    CHECK_RESULT(tictactoe_puct_choose(puct, visits, GAMES * ACTIONS, 0.0f, actions, GAMES - 1),
                 TICTACTOE_RESULT_LENGTH_MISMATCH);
    CHECK_RESULT(tictactoe_puct_choose(NULL, visits, GAMES * ACTIONS, 0.0f, actions, GAMES),
                 TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK_RESULT(tictactoe_puct_choose(puct, NULL, GAMES * ACTIONS, 0.0f, actions, GAMES),
                 TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK_RESULT(tictactoe_puct_choose(puct, visits, GAMES * ACTIONS, 0.0f, NULL, GAMES),
                 TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK(actions[0] == 9);
    CHECK_RESULT(tictactoe_puct_choose(puct, visits, GAMES * ACTIONS, 0.0f, actions, GAMES), TICTACTOE_RESULT_OK);
    CHECK(actions[0] == TICTACTOE_NO_ACTION);
    /* A memory bound below what a search needs. */
    CHECK_RESULT(tictactoe_puct_bytes_needed(puct, batch, 200, NULL), TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK_RESULT(tictactoe_puct_bytes_needed(NULL, batch, 200, &bytes), TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK_RESULT(tictactoe_puct_bytes_needed(puct, NULL, 200, &bytes), TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK(bytes == 7);
    CHECK_RESULT(tictactoe_puct_bytes_needed(puct, batch, 200, &bytes), TICTACTOE_RESULT_OK);
    bounded.max_bytes = bytes - 1;
    CHECK_RESULT(tictactoe_puct_new(batch, &bounded, &small), TICTACTOE_RESULT_OK);
    memset(visits, 0xab, sizeof visits);
    values[0] = 7.0f;
    CHECK_RESULT(tictactoe_puct_run(small, batch, evaluate, &e, 200, 0, visits, GAMES * ACTIONS, values, GAMES),
                 TICTACTOE_RESULT_LIMIT_EXCEEDED);
    CHECK(visits[0] == 0xabababab && values[0] == 7.0f);
    CHECK_RESULT(tictactoe_puct_run(small, batch, evaluate, &e, 20, 0, visits, GAMES * ACTIONS, values, GAMES),
                 TICTACTOE_RESULT_OK);
    tictactoe_puct_free(small);
    tictactoe_puct_free(puct);
    tictactoe_puct_free(NULL);
    tictactoe_batch_free(batch);
}

/* Gumbel MuZero's search: refused beside several leaves a step (nothing changed), its improved
 * policy and its move, their refusals with the outputs untouched, and its draws from the seed. */
static void test_gumbel(void) {
    tictactoe_batch *batch = connect_four();
    tictactoe_puct *puct = NULL, *twin = NULL;
    evaluator e = {0, -1, 0.0f, 0.0f}, f = {0, -1, 0.0f, 0.0f};
    uint32_t visits[GAMES * ACTIONS], expected[GAMES * ACTIONS], selected[GAMES + 1], again[GAMES];
    float values[GAMES], expected_values[GAMES], policy[GAMES * ACTIONS + 1];
    size_t g, i;
    int step;
    /* Refused with two leaves a step: the leaves and the next search's results as a twin's. */
    CHECK_RESULT(tictactoe_puct_new(batch, NULL, &puct), TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_puct_new(batch, NULL, &twin), TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_puct_set_leaves(puct, 2), TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_puct_set_leaves(twin, 2), TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_puct_set_gumbel(puct, 4), TICTACTOE_RESULT_INVALID_ARGUMENT);
    CHECK_RESULT(tictactoe_puct_run(puct, batch, evaluate, &e, 40, 0, visits, GAMES * ACTIONS, values, GAMES),
                 TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_puct_run(twin, batch, evaluate, &f, 40, 0, expected, GAMES * ACTIONS, expected_values,
                                    GAMES),
                 TICTACTOE_RESULT_OK);
    CHECK(e.calls == f.calls && e.calls <= 21); /* still two leaves a step */
    CHECK(memcmp(visits, expected, sizeof visits) == 0);
    CHECK(memcmp(values, expected_values, sizeof values) == 0);
    CHECK_RESULT(tictactoe_puct_set_gumbel(puct, 0), TICTACTOE_RESULT_OK); /* PUCT's: any leaves */
    /* Gumbel's search, then several leaves: refused the other way round too. */
    CHECK_RESULT(tictactoe_puct_set_leaves(puct, 1), TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_puct_set_gumbel(puct, 4), TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_puct_set_leaves(puct, 2), TICTACTOE_RESULT_INVALID_ARGUMENT);
    /* NULLs. */
    CHECK_RESULT(tictactoe_puct_set_gumbel(NULL, 4), TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK_RESULT(tictactoe_puct_policy(NULL, policy, GAMES * ACTIONS), TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK_RESULT(tictactoe_puct_selected(NULL, selected, GAMES), TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK_RESULT(tictactoe_puct_policy(puct, NULL, GAMES * ACTIONS), TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK_RESULT(tictactoe_puct_selected(puct, NULL, GAMES), TICTACTOE_RESULT_NULL_PARAMETER);
    /* Positions apart: column 0 full in games 0 and 1 (so illegal), game 2 won by X. */
    for (step = 0; step < 7; step++) {
        uint32_t moves[GAMES] = {0, 0, 1};
        if (step == 6) {
            moves[0] = 3, moves[1] = 5;
        } else if (step % 2 == 1) {
            moves[2] = 2;
        }
        CHECK_RESULT(tictactoe_puct_play(twin, batch, moves, GAMES), TICTACTOE_RESULT_OK);
    }
    tictactoe_puct_clear(puct);
    CHECK_RESULT(tictactoe_puct_run(puct, batch, evaluate_shaped, NULL, 32, 0, visits, GAMES * ACTIONS, values,
                                    GAMES),
                 TICTACTOE_RESULT_OK);
    /* The wrong lengths: refused, the outputs untouched. */
    for (i = 0; i < GAMES * ACTIONS + 1; i++) {
        policy[i] = -7.0f;
    }
    memset(selected, 0xab, sizeof selected);
    CHECK_RESULT(tictactoe_puct_policy(puct, policy, GAMES * ACTIONS - 1), TICTACTOE_RESULT_LENGTH_MISMATCH);
    CHECK_RESULT(tictactoe_puct_policy(puct, policy, GAMES * ACTIONS + 1), TICTACTOE_RESULT_LENGTH_MISMATCH);
    CHECK_RESULT(tictactoe_puct_policy(puct, policy, 0), TICTACTOE_RESULT_LENGTH_MISMATCH);
    CHECK_RESULT(tictactoe_puct_selected(puct, selected, GAMES - 1), TICTACTOE_RESULT_LENGTH_MISMATCH);
    CHECK_RESULT(tictactoe_puct_selected(puct, selected, GAMES + 1), TICTACTOE_RESULT_LENGTH_MISMATCH);
    for (i = 0; i < GAMES * ACTIONS + 1; i++) {
        CHECK(policy[i] == -7.0f);
    }
    for (g = 0; g < GAMES + 1; g++) {
        CHECK(selected[g] == 0xabababab);
    }
    /* The improved policy: a distribution over the legal actions; the move: a most visited
     * legal action; nothing for the game over. */
    CHECK_RESULT(tictactoe_puct_policy(puct, policy, GAMES * ACTIONS), TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_puct_selected(puct, selected, GAMES), TICTACTOE_RESULT_OK);
    for (g = 0; g < 2; g++) {
        float sum = 0.0f;
        uint32_t most = 0, total = 0;
        for (i = 0; i < ACTIONS; i++) {
            CHECK(policy[g * ACTIONS + i] >= 0.0f);
            sum += policy[g * ACTIONS + i];
            most = visits[g * ACTIONS + i] > most ? visits[g * ACTIONS + i] : most;
            total += visits[g * ACTIONS + i];
        }
        CHECK(sum > 1.0f - 1e-5f && sum < 1.0f + 1e-5f);
        CHECK(policy[g * ACTIONS] == 0.0f && visits[g * ACTIONS] == 0); /* column 0 is full */
        CHECK(total == 32);
        CHECK(selected[g] > 0 && selected[g] < ACTIONS);
        CHECK(selected[g] < ACTIONS && visits[g * ACTIONS + selected[g]] == most);
    }
    CHECK(selected[2] == TICTACTOE_NO_ACTION);
    for (i = 0; i < ACTIONS; i++) {
        CHECK(policy[2 * ACTIONS + i] == 0.0f && visits[2 * ACTIONS + i] == 0);
    }
    /* Without noise the search is deterministic: a twin's gives the same. */
    CHECK_RESULT(tictactoe_puct_set_leaves(twin, 1), TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_puct_set_gumbel(twin, 4), TICTACTOE_RESULT_OK);
    tictactoe_puct_clear(twin);
    CHECK_RESULT(tictactoe_puct_run(twin, batch, evaluate_shaped, NULL, 32, 0, expected, GAMES * ACTIONS, values,
                                    GAMES),
                 TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_puct_selected(twin, again, GAMES), TICTACTOE_RESULT_OK);
    CHECK(memcmp(visits, expected, sizeof visits) == 0 && memcmp(selected, again, sizeof again) == 0);
    /* Its move played, or its trees forgotten: no move until the next search. */
    CHECK_RESULT(tictactoe_puct_play(puct, batch, selected, GAMES), TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_puct_selected(puct, selected, GAMES), TICTACTOE_RESULT_OK);
    for (g = 0; g < GAMES; g++) {
        CHECK(selected[g] == TICTACTOE_NO_ACTION);
    }
    CHECK_RESULT(tictactoe_puct_run(puct, batch, evaluate_shaped, NULL, 16, 0, visits, GAMES * ACTIONS, values,
                                    GAMES),
                 TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_puct_selected(puct, selected, GAMES), TICTACTOE_RESULT_OK);
    CHECK(selected[0] < ACTIONS && selected[1] < ACTIONS && selected[2] == TICTACTOE_NO_ACTION);
    tictactoe_puct_clear(puct);
    CHECK_RESULT(tictactoe_puct_selected(puct, selected, GAMES), TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_puct_policy(puct, policy, GAMES * ACTIONS), TICTACTOE_RESULT_OK);
    for (g = 0; g < GAMES; g++) {
        CHECK(selected[g] == TICTACTOE_NO_ACTION);
    }
    for (i = 0; i < GAMES * ACTIONS; i++) {
        CHECK(policy[i] == 0.0f);
    }
    /* With noise, Gumbel draws from the seed: two searches of the same seed agree. */
    tictactoe_puct_free(twin);
    CHECK_RESULT(tictactoe_puct_new(batch, NULL, &twin), TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_puct_set_gumbel(twin, 4), TICTACTOE_RESULT_OK);
    tictactoe_puct_free(puct);
    CHECK_RESULT(tictactoe_puct_new(batch, NULL, &puct), TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_puct_set_gumbel(puct, 4), TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_puct_run(puct, batch, evaluate_shaped, NULL, 24, TICTACTOE_PUCT_NOISE, visits,
                                    GAMES * ACTIONS, values, GAMES),
                 TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_puct_run(twin, batch, evaluate_shaped, NULL, 24, TICTACTOE_PUCT_NOISE, expected,
                                    GAMES * ACTIONS, values, GAMES),
                 TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_puct_selected(puct, selected, GAMES), TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_puct_selected(twin, again, GAMES), TICTACTOE_RESULT_OK);
    CHECK(memcmp(visits, expected, sizeof visits) == 0 && memcmp(selected, again, sizeof again) == 0);
    CHECK(selected[0] < ACTIONS && selected[1] < ACTIONS && selected[2] == TICTACTOE_NO_ACTION);
    tictactoe_puct_free(puct);
    tictactoe_puct_free(twin);
    tictactoe_batch_free(batch);
}

/* What the reentering evaluator holds: the search and batch running it, another search over
 * the same batch, and what its calls into them answered. */
typedef struct {
    tictactoe_puct *puct;
    tictactoe_batch *batch;
    tictactoe_puct *other;
    int calls;
    tictactoe_result answers[16];
} reentering;

/* Calls into the search running it and the batch it searches at its second call: each call
 * that would change them answers BUSY and does nothing, a read of the batch goes on, and
 * another search over the same batch runs (two readers). Then values like `evaluate`'s. */
static int32_t evaluate_reentering(void *user, size_t leaves, const bool *observation,
                                   const bool *legal_mask, float *logits, float *values) {
    reentering *r = (reentering *)user;
    evaluator plain = {0, -1, 0.0f, 0.0f};
    if (r->calls++ == 1) {
        uint32_t visits[GAMES * ACTIONS], actions[GAMES] = {3, 3, 3}, chosen[GAMES] = {7, 7, 7};
        uint8_t winners[GAMES] = {9, 9, 9};
        float values_out[GAMES] = {7.0f, 7.0f, 7.0f}, policy[GAMES * ACTIONS], other_values[GAMES];
        uint32_t other_visits[GAMES * ACTIONS];
        uint64_t bytes = 7, seeds[GAMES] = {1, 2, 3};
        uint32_t count = 0;
        size_t refused = 7;
        memset(visits, 0xab, sizeof visits);
        r->answers[0] = tictactoe_puct_run(r->puct, r->batch, evaluate, &plain, 4, 0, visits,
                                           GAMES * ACTIONS, values_out, GAMES);
        r->answers[1] = tictactoe_puct_bytes_needed(r->puct, r->batch, 4, &bytes);
        r->answers[2] = tictactoe_puct_play(r->puct, r->batch, actions, GAMES);
        r->answers[3] = tictactoe_batch_games_step(r->batch, NULL, GAMES, actions,
                                                   TICTACTOE_ILLEGAL_RAISE, winners, &refused);
        r->answers[4] = tictactoe_batch_count(r->batch, &count);
        r->answers[5] = tictactoe_puct_run(r->other, r->batch, evaluate, &plain, 4, 0, other_visits,
                                           GAMES * ACTIONS, other_values, GAMES);
        r->answers[6] = tictactoe_puct_set_leaves(r->puct, 2);
        /* The batch held by the search running: another search may not play on it. */
        r->answers[7] = tictactoe_puct_play(r->other, r->batch, actions, GAMES);
        r->answers[8] = tictactoe_puct_set_gumbel(r->puct, 4);
        /* The handle before the arguments: BUSY, not NULL_PARAMETER for the NULL array. */
        r->answers[9] = tictactoe_puct_policy(r->puct, NULL, GAMES * ACTIONS);
        r->answers[10] = tictactoe_puct_selected(r->puct, chosen, GAMES);
        r->answers[11] = tictactoe_puct_choose(r->puct, visits, GAMES * ACTIONS, 0.0f, chosen, GAMES);
        r->answers[12] = tictactoe_batch_set_threads(r->batch, 2);
        r->answers[13] = tictactoe_batch_games_seed(r->batch, NULL, GAMES, seeds, &refused);
        r->answers[14] = tictactoe_batch_games_reset(r->batch, NULL, GAMES, &refused);
        r->answers[15] = tictactoe_puct_policy(r->other, policy, GAMES * ACTIONS);
        CHECK(bytes == 7 && count == GAMES && winners[0] == 9 && refused == 7);
        CHECK(visits[0] == 0xabababab && values_out[0] == 7.0f && chosen[0] == 7);
        /* Ignored while held: the running search and its batch stay. */
        tictactoe_puct_clear(r->puct);
        tictactoe_puct_free(r->puct);
        tictactoe_batch_free(r->batch);
    }
    return evaluate(&plain, leaves, observation, legal_mask, logits, values);
}

static void test_reentry(void) {
    tictactoe_batch *batch = connect_four(), *fresh = connect_four();
    tictactoe_puct *puct = NULL, *twin = NULL, *other = NULL;
    reentering r;
    evaluator e = {0, -1, 0.0f, 0.0f};
    uint32_t visits[GAMES * ACTIONS], expected[GAMES * ACTIONS], actions[GAMES] = {2, 2, 2};
    float values[GAMES], expected_values[GAMES];
    uint8_t winners[GAMES];
    size_t refused;
    int i;
    CHECK_RESULT(tictactoe_puct_new(batch, NULL, &puct), TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_puct_new(batch, NULL, &other), TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_puct_new(fresh, NULL, &twin), TICTACTOE_RESULT_OK);
    memset(&r, 0, sizeof r);
    r.puct = puct;
    r.batch = batch;
    r.other = other;
    CHECK_RESULT(tictactoe_puct_run(puct, batch, evaluate_reentering, &r, 20, 0, visits,
                                    GAMES * ACTIONS, values, GAMES),
                 TICTACTOE_RESULT_OK);
    for (i = 0; i < 16; i++) {
        /* Reads of the batch, another search over it, another search's reads: the rest is BUSY. */
        tictactoe_result expected_answer =
            i == 4 || i == 5 || i == 15 ? TICTACTOE_RESULT_OK : TICTACTOE_RESULT_BUSY;
        CHECK_RESULT(r.answers[i], expected_answer);
    }
    /* The handles before the other arguments, held or not. */
    CHECK_RESULT(tictactoe_puct_run(NULL, batch, evaluate, &e, 1, 2, visits, GAMES * ACTIONS,
                                    values, GAMES),
                 TICTACTOE_RESULT_NULL_PARAMETER);
    /* The search as a search with no reentry makes it. */
    CHECK_RESULT(tictactoe_puct_run(twin, fresh, evaluate, &e, 20, 0, expected, GAMES * ACTIONS,
                                    expected_values, GAMES),
                 TICTACTOE_RESULT_OK);
    CHECK(memcmp(visits, expected, sizeof visits) == 0);
    CHECK(memcmp(values, expected_values, sizeof values) == 0);
    /* Given back when the call ends: both handles take every call again. */
    CHECK_RESULT(tictactoe_puct_play(puct, batch, actions, GAMES), TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_batch_games_step(batch, NULL, GAMES, actions, TICTACTOE_ILLEGAL_RAISE,
                                            winners, &refused),
                 TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_puct_set_leaves(puct, 2), TICTACTOE_RESULT_OK);
    CHECK(strcmp(tictactoe_result_name(TICTACTOE_RESULT_BUSY), "busy") == 0);
    tictactoe_puct_free(puct);
    tictactoe_puct_free(other);
    tictactoe_puct_free(twin);
    tictactoe_batch_free(batch);
    tictactoe_batch_free(fresh);
}

int main(void) {
    test_search();
    test_leaves();
    test_failures();
    test_refusals();
    test_gumbel();
    test_reentry();
    return checks_report("test_puct");
}
