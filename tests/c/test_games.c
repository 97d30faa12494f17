/* The batch operations over the games a call takes (tictactoe_batch_games_*), the reads from a
 * side, the rewards and the threads' setting: each operation against the deprecated function
 * it replaces (step_restarting, which replaces none, against a reset of the games it restarts
 * and a step of the others) and against itself over every game (a call over a list takes from
 * each game listed what the call over every game takes from it), under 3 x 3 and Connect Four; every
 * refusal with every out-param untouched and the batch as before (its cells, winners and what
 * its generators draw next). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
/* The deprecated functions are the reference here: their warnings are silenced as the header
 * says a program may. */
#define TICTACTOE_DEPRECATED(note)
#include "tictactoe.h"

#define GAMES 6
#define MAX_CELLS 42
/* What an out-param holds until a call writes it: no winner, no index, no action. */
#define NO_WINNER 0xEE
#define UNWRITTEN ((size_t)0xABCDEF)
#define NO_DRAW 0xDEADBEEFu

static const tictactoe_rules RULE_SETS[] = {{3, 3, 3, 0}, {6, 7, 4, TICTACTOE_RULE_GRAVITY}};

static unsigned next_random(unsigned *state) {
    *state = *state * 1103515245u + 12345u;
    return *state >> 8;
}

static size_t cells_of(const tictactoe_batch *b) {
    tictactoe_rules r = {0, 0, 0, 0};
    CHECK_RESULT(tictactoe_batch_rules(b, &r.rows, &r.cols, &r.k, &r.flags), TICTACTOE_RESULT_OK);
    return (size_t)r.rows * r.cols;
}

static uint32_t actions_of(const tictactoe_batch *b) {
    uint32_t actions = 0;
    CHECK_RESULT(tictactoe_batch_actions(b, &actions), TICTACTOE_RESULT_OK);
    return actions;
}

/* What a batch holds: every game's cells and winner, and what each game's generator draws
 * next, on its board and on an empty one (drawn on a copy: the batch keeps its generators). */
typedef struct {
    uint8_t cells[GAMES * MAX_CELLS];
    uint8_t winners[GAMES];
    uint32_t draws[3][GAMES];
} state;

static void state_of(const tictactoe_batch *b, state *s) {
    tictactoe_batch *copy = NULL;
    size_t refused;
    memset(s, 0, sizeof *s);
    CHECK_RESULT(tictactoe_batch_cells(b, s->cells, GAMES * cells_of(b)), TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_batch_winners(b, s->winners, GAMES), TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_batch_clone(b, &copy), TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_batch_games_random_legal_actions(copy, NULL, GAMES, s->draws[0], &refused),
                 TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_batch_games_reset(copy, NULL, GAMES, &refused), TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_batch_games_random_legal_actions(copy, NULL, GAMES, s->draws[1], &refused),
                 TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_batch_games_random_legal_actions(copy, NULL, GAMES, s->draws[2], &refused),
                 TICTACTOE_RESULT_OK);
    tictactoe_batch_free(copy);
}

static int same_state(const tictactoe_batch *a, const tictactoe_batch *b) {
    state x, y;
    state_of(a, &x);
    state_of(b, &y);
    return memcmp(&x, &y, sizeof x) == 0;
}

static void check_unchanged(const tictactoe_batch *b, const state *before) {
    state now;
    state_of(b, &now);
    CHECK(memcmp(&now, before, sizeof now) == 0);
}

/* Whether game g of `s` is game g of `t`: its cells, winner and draws. */
static int same_game(const state *s, const state *t, size_t g, size_t cells) {
    return memcmp(s->cells + g * cells, t->cells + g * cells, cells) == 0 && s->winners[g] == t->winners[g] &&
           s->draws[0][g] == t->draws[0][g] && s->draws[1][g] == t->draws[1][g] && s->draws[2][g] == t->draws[2][g];
}

/* A batch of GAMES games under `rules` a few random moves in, some over. */
static tictactoe_batch *played(const tictactoe_rules *rules, unsigned seed, int moves) {
    tictactoe_batch *b = NULL;
    uint8_t winners[GAMES];
    size_t refused;
    int i;
    CHECK_RESULT(tictactoe_batch_new_rules(GAMES, rules, seed, NULL, &b), TICTACTOE_RESULT_OK);
    for (i = 0; i < moves; i++)
        CHECK_RESULT(tictactoe_batch_games_step_random(b, NULL, GAMES, winners, &refused), TICTACTOE_RESULT_OK);
    return b;
}

/* A list of distinct games in random order: `len` of them (at most GAMES). */
static size_t random_list(unsigned *rng, uint32_t *games) {
    size_t len = next_random(rng) % (GAMES + 1), i;
    uint32_t all[GAMES];
    for (i = 0; i < GAMES; i++) all[i] = (uint32_t)i;
    for (i = 0; i < len; i++) {
        size_t j = i + next_random(rng) % (GAMES - i);
        uint32_t t = all[i];
        all[i] = all[j];
        all[j] = t;
        games[i] = all[i];
    }
    return len;
}

/* Random actions, now and then one off the board. */
static void random_actions(unsigned *rng, uint32_t per_game, uint32_t *actions, size_t len) {
    size_t i;
    for (i = 0; i < len; i++) actions[i] = next_random(rng) % (per_game + 1);
}

/* Every call of a deprecated function and of its replacement, on two copies of one batch:
 * the same result, outputs and refused index, and the same batch after. */
static void test_each_operation_equals_the_deprecated_one(const tictactoe_rules *rules) {
    tictactoe_batch *fresh = played(rules, 11, 0), *old = NULL;
    uint32_t per_game = actions_of(fresh), step, g;
    unsigned rng = 5;
    CHECK_RESULT(tictactoe_batch_clone(fresh, &old), TICTACTOE_RESULT_OK);
    for (step = 0; step < 300; step++) {
        uint32_t games[GAMES], actions[GAMES], old_winners[GAMES], old_actions[GAMES], old_sides[GAMES];
        uint8_t winners[GAMES], sides[GAMES], restart[GAMES];
        size_t refused = UNWRITTEN, old_refused = UNWRITTEN, len = random_list(&rng, games);
        uint32_t illegal = next_random(&rng) % 2;
        tictactoe_result got = TICTACTOE_RESULT_OK, want = TICTACTOE_RESULT_OK;
        int with_winners = 1;
        for (g = 0; g < GAMES; g++) winners[g] = old_winners[g] = NO_WINNER;
        random_actions(&rng, per_game, actions, GAMES);
        switch (next_random(&rng) % 9) {
        case 0: /* every game, with tictactoe_batch_step (RAISE) */
            got = tictactoe_batch_games_step(fresh, NULL, GAMES, actions, TICTACTOE_ILLEGAL_RAISE, winners, &refused);
            want = tictactoe_batch_step(old, actions, GAMES, old_winners);
            old_refused = refused; /* the old call reports no index */
            break;
        case 1: /* every game, or a list, refused or lost */
            got = tictactoe_batch_games_step(fresh, step % 2 ? NULL : games, step % 2 ? GAMES : len, actions, illegal,
                                             winners, &refused);
            want = tictactoe_batch_step_games(old, step % 2 ? NULL : games, actions, step % 2 ? GAMES : len, illegal,
                                              old_winners, &old_refused);
            break;
        case 2:
            got = tictactoe_batch_games_step_random(fresh, step % 2 ? NULL : games, step % 2 ? GAMES : len, winners,
                                                    &refused);
            want = tictactoe_batch_step_random_games(old, step % 2 ? NULL : games, step % 2 ? GAMES : len,
                                                     old_winners, &old_refused);
            break;
        case 3: /* a learner of random sides (now and then a bad one), restarting where flagged */
            for (g = 0; g < GAMES; g++) {
                old_sides[g] = next_random(&rng) % 16 == 0 ? 3 : 1 + next_random(&rng) % 2;
                sides[g] = (uint8_t)old_sides[g];
                restart[g] = next_random(&rng) % 8 == 0;
            }
            got = tictactoe_batch_games_step_against_random(fresh, NULL, GAMES, sides, actions, step % 3 ? restart : NULL,
                                                            illegal, winners, &refused);
            want = tictactoe_batch_step_against_random(old, old_sides, actions, step % 3 ? restart : NULL, GAMES, illegal,
                                                       old_winners, &old_refused);
            break;
        case 4:
            with_winners = 0;
            memset(old_actions, 0, sizeof old_actions);
            got = tictactoe_batch_games_random_legal_actions(fresh, NULL, GAMES, actions, &refused);
            want = tictactoe_batch_random_legal_actions(old, old_actions, GAMES);
            CHECK(memcmp(actions, old_actions, sizeof actions) == 0);
            break;
        case 5: /* a list, an index now and then twice, or every game (the old count ignored) */
            with_winners = 0;
            if (len > 1 && step % 3 == 0) games[0] = games[len - 1];
            got = tictactoe_batch_games_reset(fresh, step % 2 ? NULL : games, step % 2 ? GAMES : len, &refused);
            want = tictactoe_batch_reset(old, step % 2 ? NULL : games, step % 2 ? 0 : len);
            break;
        case 6:
            with_winners = 0;
            got = tictactoe_batch_games_reset_terminated(fresh, NULL, GAMES, &refused);
            want = tictactoe_batch_reset_terminated(old);
            break;
        default: /* a step of every game with legal actions: games go on to their ends */
            got = tictactoe_batch_games_step_random(fresh, NULL, GAMES, winners, &refused);
            want = tictactoe_batch_step_random_games(old, NULL, GAMES, old_winners, &old_refused);
        }
        CHECK_RESULT(got, want);
        CHECK(refused == old_refused);
        for (g = 0; with_winners && g < GAMES; g++) CHECK(winners[g] == old_winners[g]);
        if (got != TICTACTOE_RESULT_OK)
            for (g = 0; g < GAMES; g++) CHECK(winners[g] == NO_WINNER);
        CHECK(same_state(fresh, old));
    }
    tictactoe_batch_free(fresh);
    tictactoe_batch_free(old);
}

/* tictactoe_batch_games_step_restarting on one copy of a batch, and on the other what it stands
 * for: tictactoe_batch_games_reset of the games it restarts, then tictactoe_batch_games_step of
 * the others (their actions, the same `illegal`). Every game or a random list, restart flags of
 * any byte (non-zero restarts), actions now and then off the board (a restarted game's never
 * refused): the same result and refused index (the step's, moved to its place among all the
 * games taken), the same winners (0 for a game restarted), and the same batch after. */
static void test_step_restarting_is_a_reset_and_a_step(const tictactoe_rules *rules) {
    tictactoe_batch *b = played(rules, 13, 0), *model = NULL;
    uint32_t per_game = actions_of(b), step, g;
    unsigned rng = 17;
    int refusals = 0, restarted_bad_actions = 0;
    CHECK_RESULT(tictactoe_batch_clone(b, &model), TICTACTOE_RESULT_OK);
    for (step = 0; step < 300; step++) {
        uint32_t listed[GAMES], games[GAMES], actions[GAMES], again[GAMES], others[GAMES], other_actions[GAMES];
        uint8_t restart[GAMES], winners[GAMES], want_winners[GAMES], other_winners[GAMES];
        size_t refused = UNWRITTEN, model_refused = UNWRITTEN, len, i, restarts = 0, steps = 0;
        size_t place[GAMES]; /* where the i-th game stepped stands among the games taken */
        uint32_t illegal = next_random(&rng) % 2;
        int every = step % 2;
        tictactoe_result got, want;
        len = every ? GAMES : random_list(&rng, listed);
        for (i = 0; i < len; i++) games[i] = every ? (uint32_t)i : listed[i];
        random_actions(&rng, per_game, actions, len);
        for (i = 0; i < len; i++) {
            unsigned r = next_random(&rng) % 8;
            restart[i] = (uint8_t)(r == 0 ? 1 : r == 1 ? 2 + next_random(&rng) % 254 : 0);
            winners[i] = want_winners[i] = NO_WINNER;
            if (restart[i]) {
                again[restarts++] = games[i];
                restarted_bad_actions += actions[i] >= per_game;
            } else {
                place[steps] = i;
                others[steps] = games[i];
                other_actions[steps++] = actions[i];
            }
        }
        got = tictactoe_batch_games_step_restarting(b, every ? NULL : games, len, actions, restart, illegal, winners,
                                                    &refused);
        want = tictactoe_batch_games_step(model, others, steps, other_actions, illegal, other_winners, &model_refused);
        if (want == TICTACTOE_RESULT_OK) {
            CHECK_RESULT(tictactoe_batch_games_reset(model, again, restarts, &model_refused), TICTACTOE_RESULT_OK);
            for (i = 0; i < steps; i++) want_winners[place[i]] = other_winners[i];
            for (i = 0; i < len; i++)
                if (restart[i]) want_winners[i] = 0;
        } else {
            refusals++;
            if (model_refused != UNWRITTEN) model_refused = place[model_refused];
        }
        CHECK_RESULT(got, want);
        CHECK(refused == model_refused);
        for (i = 0; i < len; i++) CHECK(winners[i] == want_winners[i]);
        CHECK(same_state(b, model));
        /* Finished games start again now and then, so that games go on being played. */
        if (step % 5 == 4) {
            bool over[GAMES];
            uint32_t done[GAMES];
            size_t finished = 0;
            CHECK_RESULT(tictactoe_batch_terminated(b, over, GAMES), TICTACTOE_RESULT_OK);
            for (g = 0; g < GAMES; g++)
                if (over[g]) done[finished++] = g;
            CHECK_RESULT(tictactoe_batch_games_reset(b, done, finished, &refused), TICTACTOE_RESULT_OK);
            CHECK_RESULT(tictactoe_batch_games_reset(model, done, finished, &refused), TICTACTOE_RESULT_OK);
        }
    }
    /* Both happened: refusals, and bad actions of restarted games let through. */
    CHECK(refusals > 0 && refusals < 300 && restarted_bad_actions > 0);
    tictactoe_batch_free(b);
    tictactoe_batch_free(model);
}

/* A restarted game's action is never looked at: off the board, or any action of a game that
 * is over, it is emptied all the same, with RAISE, and no index is written. */
static void test_a_restarted_games_action_is_ignored(void) {
    const tictactoe_rules c4 = {6, 7, 4, TICTACTOE_RULE_GRAVITY};
    tictactoe_batch *b = NULL;
    const uint32_t column[1] = {3}, listed[2] = {5, 0}, listed_actions[2] = {9, 2};
    uint32_t actions[GAMES] = {UINT32_MAX, 1, 7, 2, 3, 4}, one = 0, g;
    uint8_t winners[GAMES], restart[GAMES] = {1, 0, 255, 0, 0, 0}, listed_restart[2] = {1, 0};
    uint8_t cells[GAMES * 42];
    size_t refused = UNWRITTEN, i;
    CHECK_RESULT(tictactoe_batch_new_rules(GAMES, &c4, 4, NULL, &b), TICTACTOE_RESULT_OK);
    /* X wins game 0 up column 3; the others get a mark each. */
    for (i = 0; i < 7; i++) {
        const uint32_t zero[1] = {0}, col[1] = {i % 2 ? 4u : 3u};
        CHECK_RESULT(tictactoe_batch_games_step(b, zero, 1, col, TICTACTOE_ILLEGAL_RAISE, winners, &refused),
                     TICTACTOE_RESULT_OK);
    }
    CHECK(winners[0] == 1);
    for (g = 1; g < GAMES; g++) {
        one = g;
        CHECK_RESULT(tictactoe_batch_games_step(b, &one, 1, column, TICTACTOE_ILLEGAL_RAISE, winners, &refused),
                     TICTACTOE_RESULT_OK);
    }
    memset(winners, NO_WINNER, sizeof winners);
    CHECK_RESULT(tictactoe_batch_games_step_restarting(b, NULL, GAMES, actions, restart, TICTACTOE_ILLEGAL_RAISE,
                                                       winners, &refused),
                 TICTACTOE_RESULT_OK);
    CHECK(refused == UNWRITTEN);
    for (g = 0; g < GAMES; g++) CHECK(winners[g] == 0);
    CHECK_RESULT(tictactoe_batch_cells(b, cells, sizeof cells), TICTACTOE_RESULT_OK);
    for (i = 0; i < 42; i++) CHECK(cells[i] == 0 && cells[2 * 42 + i] == 0); /* games 0 and 2 emptied */
    CHECK(cells[42 + 5 * 7 + 1] == 2 && cells[3 * 42 + 5 * 7 + 2] == 2); /* O's moves in 1 and 3 */
    /* Over a list: game 5 restarted (its 9 off the board), game 0 plays column 2. */
    CHECK_RESULT(tictactoe_batch_games_step_restarting(b, listed, 2, listed_actions, listed_restart,
                                                       TICTACTOE_ILLEGAL_RAISE, winners, &refused),
                 TICTACTOE_RESULT_OK);
    CHECK(refused == UNWRITTEN && winners[0] == 0 && winners[1] == 0);
    CHECK_RESULT(tictactoe_batch_cells(b, cells, sizeof cells), TICTACTOE_RESULT_OK);
    for (i = 0; i < 42; i++) CHECK(cells[5 * 42 + i] == 0 && cells[i] == (i == 5 * 7 + 2 ? 1 : 0));
    tictactoe_batch_free(b);
}

/* The call over every game on copy `all`, the same call over `games` on copy `listed` (each
 * listed game given what `all` gave it): every listed game is then the same in both, every
 * other game of `listed` as before. */
static void check_listed(const tictactoe_batch *all, const tictactoe_batch *listed, const state *before,
                         const uint32_t *games, size_t len) {
    state a, l;
    size_t cells = cells_of(all), g, i;
    state_of(all, &a);
    state_of(listed, &l);
    for (g = 0; g < GAMES; g++) {
        int taken = 0;
        for (i = 0; i < len; i++) taken |= games[i] == g;
        CHECK(same_game(&l, taken ? &a : before, g, cells));
    }
}

static void test_a_listed_call_is_the_call_over_every_game(const tictactoe_rules *rules) {
    const uint32_t games[3] = {4, 1, 5};
    const size_t len = 3;
    uint32_t per_game, round, op;
    unsigned rng = 9;
    for (round = 0; round < 12; round++) {
        for (op = 0; op < 8; op++) {
            tictactoe_batch *all = played(rules, 100 + round, (int)round), *listed = NULL;
            uint32_t actions[GAMES], some_actions[3], draws[GAMES], some_draws[3], i;
            uint8_t winners[GAMES], some_winners[3], sides[GAMES], some_sides[3], restart[GAMES], some_restart[3];
            uint64_t seeds[GAMES], some_seeds[3];
            size_t refused = UNWRITTEN;
            state before;
            per_game = actions_of(all);
            CHECK_RESULT(tictactoe_batch_clone(all, &listed), TICTACTOE_RESULT_OK);
            state_of(listed, &before);
            random_actions(&rng, per_game, actions, GAMES);
            for (i = 0; i < GAMES; i++) {
                sides[i] = (uint8_t)(1 + next_random(&rng) % 2);
                restart[i] = next_random(&rng) % 4 == 0;
                seeds[i] = next_random(&rng);
            }
            for (i = 0; i < len; i++) {
                some_actions[i] = actions[games[i]];
                some_sides[i] = sides[games[i]];
                some_restart[i] = restart[games[i]];
                some_seeds[i] = seeds[games[i]];
            }
            switch (op) {
            case 0: /* LOSE: a bad action or a finished game is its game's alone */
                CHECK_RESULT(tictactoe_batch_games_step(all, NULL, GAMES, actions, TICTACTOE_ILLEGAL_LOSE, winners, &refused),
                             TICTACTOE_RESULT_OK);
                CHECK_RESULT(tictactoe_batch_games_step(listed, games, len, some_actions, TICTACTOE_ILLEGAL_LOSE,
                                                        some_winners, &refused),
                             TICTACTOE_RESULT_OK);
                for (i = 0; i < len; i++) CHECK(some_winners[i] == winners[games[i]]);
                break;
            case 1:
                CHECK_RESULT(tictactoe_batch_games_random_legal_actions(all, NULL, GAMES, draws, &refused),
                             TICTACTOE_RESULT_OK);
                CHECK_RESULT(tictactoe_batch_games_random_legal_actions(listed, games, len, some_draws, &refused),
                             TICTACTOE_RESULT_OK);
                for (i = 0; i < len; i++) CHECK(some_draws[i] == draws[games[i]]);
                break;
            case 2:
                CHECK_RESULT(tictactoe_batch_games_step_random(all, NULL, GAMES, winners, &refused), TICTACTOE_RESULT_OK);
                CHECK_RESULT(tictactoe_batch_games_step_random(listed, games, len, some_winners, &refused),
                             TICTACTOE_RESULT_OK);
                for (i = 0; i < len; i++) CHECK(some_winners[i] == winners[games[i]]);
                break;
            case 3:
                CHECK_RESULT(tictactoe_batch_games_step_against_random(all, NULL, GAMES, sides, actions, restart,
                                                                       TICTACTOE_ILLEGAL_LOSE, winners, &refused),
                             TICTACTOE_RESULT_OK);
                CHECK_RESULT(tictactoe_batch_games_step_against_random(listed, games, len, some_sides, some_actions,
                                                                       some_restart, TICTACTOE_ILLEGAL_LOSE,
                                                                       some_winners, &refused),
                             TICTACTOE_RESULT_OK);
                for (i = 0; i < len; i++) CHECK(some_winners[i] == winners[games[i]]);
                break;
            case 4:
                CHECK_RESULT(tictactoe_batch_games_reset(all, NULL, GAMES, &refused), TICTACTOE_RESULT_OK);
                CHECK_RESULT(tictactoe_batch_games_reset(listed, games, len, &refused), TICTACTOE_RESULT_OK);
                break;
            case 5:
                CHECK_RESULT(tictactoe_batch_games_reset_terminated(all, NULL, GAMES, &refused), TICTACTOE_RESULT_OK);
                CHECK_RESULT(tictactoe_batch_games_reset_terminated(listed, games, len, &refused), TICTACTOE_RESULT_OK);
                break;
            case 6: /* restart flags of any byte; LOSE, so that a bad action is its game's alone */
                for (i = 0; i < GAMES; i++) restart[i] = (uint8_t)(restart[i] ? 1 + next_random(&rng) % 255 : 0);
                for (i = 0; i < len; i++) some_restart[i] = restart[games[i]];
                CHECK_RESULT(tictactoe_batch_games_step_restarting(all, NULL, GAMES, actions, restart,
                                                                   TICTACTOE_ILLEGAL_LOSE, winners, &refused),
                             TICTACTOE_RESULT_OK);
                CHECK_RESULT(tictactoe_batch_games_step_restarting(listed, games, len, some_actions, some_restart,
                                                                   TICTACTOE_ILLEGAL_LOSE, some_winners, &refused),
                             TICTACTOE_RESULT_OK);
                for (i = 0; i < len; i++) CHECK(some_winners[i] == winners[games[i]]);
                break;
            default:
                CHECK_RESULT(tictactoe_batch_games_seed(all, NULL, GAMES, seeds, &refused), TICTACTOE_RESULT_OK);
                CHECK_RESULT(tictactoe_batch_games_seed(listed, games, len, some_seeds, &refused), TICTACTOE_RESULT_OK);
            }
            CHECK(refused == UNWRITTEN);
            check_listed(all, listed, &before, games, len);
            tictactoe_batch_free(all);
            tictactoe_batch_free(listed);
        }
    }
}

/* Resets and seeds take a game listed twice: reset once, the last seed kept. */
static void test_resets_and_seeds_take_repeats(void) {
    const tictactoe_rules c4 = {6, 7, 4, TICTACTOE_RULE_GRAVITY};
    tictactoe_batch *twice = played(&c4, 3, 5), *once = NULL;
    const uint32_t repeated[3] = {2, 0, 2}, single[2] = {0, 2};
    const uint64_t seeds[3] = {1, 2, 3}, last[2] = {2, 3};
    size_t refused = UNWRITTEN;
    CHECK_RESULT(tictactoe_batch_clone(twice, &once), TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_batch_games_reset(twice, repeated, 3, &refused), TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_batch_games_reset(once, single, 2, &refused), TICTACTOE_RESULT_OK);
    CHECK(same_state(twice, once));
    CHECK_RESULT(tictactoe_batch_games_reset_terminated(twice, repeated, 3, &refused), TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_batch_games_seed(twice, repeated, 3, seeds, &refused), TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_batch_games_seed(once, single, 2, last, &refused), TICTACTOE_RESULT_OK);
    CHECK(same_state(twice, once));
    CHECK(refused == UNWRITTEN);
    tictactoe_batch_free(twice);
    tictactoe_batch_free(once);
}

/* Checks that the call just made refused with `code`, wrote `index` (UNWRITTEN: nothing) to
 * the refused index, none of `winners` and `draws`, and left the batch as `before`. */
static void check_refused(tictactoe_result got, tictactoe_result code, size_t refused, size_t index,
                          const uint8_t *winners, const uint32_t *draws, const tictactoe_batch *b, const state *before,
                          int line) {
    size_t g;
    int untouched = 1;
    for (g = 0; g < GAMES; g++) untouched &= winners[g] == NO_WINNER && draws[g] == NO_DRAW;
    if (got != code || refused != index || !untouched)
        fprintf(stderr, "test_games.c:%d: got %u (%s), refused %zu, outputs untouched %d\n", line, (unsigned)got,
                tictactoe_result_name(got), refused, untouched);
    CHECK(got == code && refused == index && untouched);
    check_unchanged(b, before);
}

#define REFUSED(call, code, index) \
    do { \
        tictactoe_result got_; \
        memset(winners, NO_WINNER, sizeof winners); \
        for (g = 0; g < GAMES; g++) draws[g] = NO_DRAW; \
        refused = UNWRITTEN; \
        got_ = (call); \
        check_refused(got_, (code), refused, (index), winners, draws, b, &before, __LINE__); \
    } while (0)

static void test_refusals_change_nothing(void) {
    const tictactoe_rules c4 = {6, 7, 4, TICTACTOE_RULE_GRAVITY};
    tictactoe_batch *b = played(&c4, 21, 8);
    const uint32_t outside[2] = {1, GAMES}, twice[3] = {3, 0, 3}, one[1] = {2};
    uint32_t draws[GAMES], full[GAMES], g;
    uint8_t winners[GAMES], sides[GAMES] = {1, 2, 1, 2, 1, 2}, bad_sides[GAMES] = {1, 2, 0, 2, 1, 2};
    uint8_t restart[GAMES] = {0, 0, 0, 0, 0, 0}, restarting[GAMES] = {0, 0, 0, 0, 0, 0};
    const uint8_t every_restart[GAMES] = {1, 1, 1, 1, 1, 1};
    const uint64_t seeds[GAMES] = {1, 2, 3, 4, 5, 6};
    size_t refused;
    state before;
    /* Empty games but game 2, whose column 0 is full (six drops, no winner). */
    CHECK_RESULT(tictactoe_batch_games_reset(b, NULL, GAMES, &refused), TICTACTOE_RESULT_OK);
    for (g = 0; g < 6; g++) {
        const uint32_t zero = 0;
        CHECK_RESULT(tictactoe_batch_games_step(b, one, 1, &zero, TICTACTOE_ILLEGAL_RAISE, winners, &refused),
                     TICTACTOE_RESULT_OK);
    }
    for (g = 0; g < GAMES; g++) full[g] = g == 2 ? 0 : 1 + g % 6;
    state_of(b, &before);

    /* A NULL batch or refused_out; NULL arrays with a count. */
    REFUSED(tictactoe_batch_games_step(NULL, NULL, GAMES, full, 0, winners, &refused), TICTACTOE_RESULT_NULL_PARAMETER,
            UNWRITTEN);
    REFUSED(tictactoe_batch_games_step(b, NULL, GAMES, full, 0, winners, NULL), TICTACTOE_RESULT_NULL_PARAMETER,
            UNWRITTEN);
    REFUSED(tictactoe_batch_games_step(b, NULL, GAMES, NULL, 0, winners, &refused), TICTACTOE_RESULT_NULL_PARAMETER,
            UNWRITTEN);
    REFUSED(tictactoe_batch_games_step(b, NULL, GAMES, full, 0, NULL, &refused), TICTACTOE_RESULT_NULL_PARAMETER,
            UNWRITTEN);
    REFUSED(tictactoe_batch_games_random_legal_actions(NULL, NULL, GAMES, draws, &refused),
            TICTACTOE_RESULT_NULL_PARAMETER, UNWRITTEN);
    REFUSED(tictactoe_batch_games_random_legal_actions(b, NULL, GAMES, draws, NULL), TICTACTOE_RESULT_NULL_PARAMETER,
            UNWRITTEN);
    REFUSED(tictactoe_batch_games_random_legal_actions(b, NULL, GAMES, NULL, &refused),
            TICTACTOE_RESULT_NULL_PARAMETER, UNWRITTEN);
    REFUSED(tictactoe_batch_games_step_random(NULL, NULL, GAMES, winners, &refused), TICTACTOE_RESULT_NULL_PARAMETER,
            UNWRITTEN);
    REFUSED(tictactoe_batch_games_step_random(b, NULL, GAMES, winners, NULL), TICTACTOE_RESULT_NULL_PARAMETER,
            UNWRITTEN);
    REFUSED(tictactoe_batch_games_step_random(b, NULL, GAMES, NULL, &refused), TICTACTOE_RESULT_NULL_PARAMETER,
            UNWRITTEN);
    REFUSED(tictactoe_batch_games_step_against_random(NULL, NULL, GAMES, sides, full, restart, 0, winners, &refused),
            TICTACTOE_RESULT_NULL_PARAMETER, UNWRITTEN);
    REFUSED(tictactoe_batch_games_step_against_random(b, NULL, GAMES, sides, full, restart, 0, winners, NULL),
            TICTACTOE_RESULT_NULL_PARAMETER, UNWRITTEN);
    REFUSED(tictactoe_batch_games_step_against_random(b, NULL, GAMES, NULL, full, restart, 0, winners, &refused),
            TICTACTOE_RESULT_NULL_PARAMETER, UNWRITTEN);
    REFUSED(tictactoe_batch_games_step_against_random(b, NULL, GAMES, sides, NULL, restart, 0, winners, &refused),
            TICTACTOE_RESULT_NULL_PARAMETER, UNWRITTEN);
    REFUSED(tictactoe_batch_games_step_against_random(b, NULL, GAMES, sides, full, restart, 0, NULL, &refused),
            TICTACTOE_RESULT_NULL_PARAMETER, UNWRITTEN);
    REFUSED(tictactoe_batch_games_step_restarting(NULL, NULL, GAMES, full, restarting, 0, winners, &refused),
            TICTACTOE_RESULT_NULL_PARAMETER, UNWRITTEN);
    REFUSED(tictactoe_batch_games_step_restarting(b, NULL, GAMES, full, restarting, 0, winners, NULL),
            TICTACTOE_RESULT_NULL_PARAMETER, UNWRITTEN);
    REFUSED(tictactoe_batch_games_step_restarting(b, NULL, GAMES, NULL, restarting, 0, winners, &refused),
            TICTACTOE_RESULT_NULL_PARAMETER, UNWRITTEN);
    REFUSED(tictactoe_batch_games_step_restarting(b, NULL, GAMES, full, NULL, 0, winners, &refused),
            TICTACTOE_RESULT_NULL_PARAMETER, UNWRITTEN);
    REFUSED(tictactoe_batch_games_step_restarting(b, NULL, GAMES, full, restarting, 0, NULL, &refused),
            TICTACTOE_RESULT_NULL_PARAMETER, UNWRITTEN);
    REFUSED(tictactoe_batch_games_reset(NULL, NULL, GAMES, &refused), TICTACTOE_RESULT_NULL_PARAMETER, UNWRITTEN);
    REFUSED(tictactoe_batch_games_reset(b, NULL, GAMES, NULL), TICTACTOE_RESULT_NULL_PARAMETER, UNWRITTEN);
    REFUSED(tictactoe_batch_games_reset_terminated(NULL, NULL, GAMES, &refused), TICTACTOE_RESULT_NULL_PARAMETER,
            UNWRITTEN);
    REFUSED(tictactoe_batch_games_reset_terminated(b, NULL, GAMES, NULL), TICTACTOE_RESULT_NULL_PARAMETER, UNWRITTEN);
    REFUSED(tictactoe_batch_games_seed(NULL, NULL, GAMES, seeds, &refused), TICTACTOE_RESULT_NULL_PARAMETER,
            UNWRITTEN);
    REFUSED(tictactoe_batch_games_seed(b, NULL, GAMES, seeds, NULL), TICTACTOE_RESULT_NULL_PARAMETER, UNWRITTEN);
    REFUSED(tictactoe_batch_games_seed(b, NULL, GAMES, NULL, &refused), TICTACTOE_RESULT_NULL_PARAMETER, UNWRITTEN);

    /* Every game with a count that is not the number of games, SIZE_MAX included: decided
     * before any array is read. */
    REFUSED(tictactoe_batch_games_step(b, NULL, GAMES - 1, full, 0, winners, &refused),
            TICTACTOE_RESULT_LENGTH_MISMATCH, UNWRITTEN);
    REFUSED(tictactoe_batch_games_step(b, NULL, SIZE_MAX, full, 0, winners, &refused), TICTACTOE_RESULT_LENGTH_MISMATCH,
            UNWRITTEN);
    REFUSED(tictactoe_batch_games_random_legal_actions(b, NULL, GAMES + 1, draws, &refused),
            TICTACTOE_RESULT_LENGTH_MISMATCH, UNWRITTEN);
    REFUSED(tictactoe_batch_games_step_random(b, NULL, 0, NULL, &refused), TICTACTOE_RESULT_LENGTH_MISMATCH,
            UNWRITTEN);
    REFUSED(tictactoe_batch_games_step_against_random(b, NULL, SIZE_MAX, sides, full, restart, 0, winners, &refused),
            TICTACTOE_RESULT_LENGTH_MISMATCH, UNWRITTEN);
    REFUSED(tictactoe_batch_games_step_restarting(b, NULL, GAMES - 1, full, restarting, 0, winners, &refused),
            TICTACTOE_RESULT_LENGTH_MISMATCH, UNWRITTEN);
    REFUSED(tictactoe_batch_games_step_restarting(b, NULL, SIZE_MAX, full, restarting, 0, winners, &refused),
            TICTACTOE_RESULT_LENGTH_MISMATCH, UNWRITTEN);
    REFUSED(tictactoe_batch_games_step_restarting(b, NULL, 0, NULL, NULL, 0, NULL, &refused),
            TICTACTOE_RESULT_LENGTH_MISMATCH, UNWRITTEN);
    REFUSED(tictactoe_batch_games_reset(b, NULL, 0, &refused), TICTACTOE_RESULT_LENGTH_MISMATCH, UNWRITTEN);
    REFUSED(tictactoe_batch_games_reset_terminated(b, NULL, GAMES - 1, &refused), TICTACTOE_RESULT_LENGTH_MISMATCH,
            UNWRITTEN);
    REFUSED(tictactoe_batch_games_seed(b, NULL, 1, seeds, &refused), TICTACTOE_RESULT_LENGTH_MISMATCH, UNWRITTEN);

    /* An index out of range, and a game listed twice where a game moves once. */
    REFUSED(tictactoe_batch_games_step(b, outside, 2, full, 0, winners, &refused), TICTACTOE_RESULT_GAME_INDEX, 1);
    REFUSED(tictactoe_batch_games_step(b, twice, 3, full, 1, winners, &refused), TICTACTOE_RESULT_REPEATED_GAME, 2);
    REFUSED(tictactoe_batch_games_random_legal_actions(b, outside, 2, draws, &refused), TICTACTOE_RESULT_GAME_INDEX, 1);
    REFUSED(tictactoe_batch_games_random_legal_actions(b, twice, 3, draws, &refused), TICTACTOE_RESULT_REPEATED_GAME,
            2);
    REFUSED(tictactoe_batch_games_step_random(b, outside, 2, winners, &refused), TICTACTOE_RESULT_GAME_INDEX, 1);
    REFUSED(tictactoe_batch_games_step_random(b, twice, 3, winners, &refused), TICTACTOE_RESULT_REPEATED_GAME, 2);
    REFUSED(tictactoe_batch_games_step_against_random(b, outside, 2, sides, full, NULL, 0, winners, &refused),
            TICTACTOE_RESULT_GAME_INDEX, 1);
    REFUSED(tictactoe_batch_games_step_against_random(b, twice, 3, sides, full, NULL, 0, winners, &refused),
            TICTACTOE_RESULT_REPEATED_GAME, 2);
    /* Restarting a game does not excuse its index. */
    REFUSED(tictactoe_batch_games_step_restarting(b, outside, 2, full, every_restart, 0, winners, &refused),
            TICTACTOE_RESULT_GAME_INDEX, 1);
    REFUSED(tictactoe_batch_games_step_restarting(b, twice, 3, full, every_restart, 1, winners, &refused),
            TICTACTOE_RESULT_REPEATED_GAME, 2);
    REFUSED(tictactoe_batch_games_reset(b, outside, 2, &refused), TICTACTOE_RESULT_GAME_INDEX, 1);
    REFUSED(tictactoe_batch_games_reset_terminated(b, outside, 2, &refused), TICTACTOE_RESULT_GAME_INDEX, 1);
    REFUSED(tictactoe_batch_games_seed(b, outside, 2, seeds, &refused), TICTACTOE_RESULT_GAME_INDEX, 1);

    /* A refused action (a full column, one off the board) with RAISE, in every game or a list. */
    REFUSED(tictactoe_batch_games_step(b, NULL, GAMES, full, TICTACTOE_ILLEGAL_RAISE, winners, &refused),
            TICTACTOE_RESULT_COLUMN_FULL, 2);
    REFUSED(tictactoe_batch_games_step_restarting(b, NULL, GAMES, full, restarting, TICTACTOE_ILLEGAL_RAISE, winners,
                                                  &refused),
            TICTACTOE_RESULT_COLUMN_FULL, 2);
    full[2] = 1;
    full[4] = 7;
    REFUSED(tictactoe_batch_games_step_restarting(b, NULL, GAMES, full, restarting, TICTACTOE_ILLEGAL_RAISE, winners,
                                                  &refused),
            TICTACTOE_RESULT_OUT_OF_BOUNDS, 4);
    /* Game 4 restarting (a flag of any non-zero byte), its bad action is passed over: the next
     * one refused is game 5's, and game 4 is not emptied either. */
    restarting[4] = 0x80;
    full[5] = 7;
    REFUSED(tictactoe_batch_games_step_restarting(b, NULL, GAMES, full, restarting, TICTACTOE_ILLEGAL_RAISE, winners,
                                                  &refused),
            TICTACTOE_RESULT_OUT_OF_BOUNDS, 5);
    full[5] = 6;
    restarting[4] = 0;
    REFUSED(tictactoe_batch_games_step_restarting(b, twice + 1, 2, full + 3, restarting, TICTACTOE_ILLEGAL_RAISE,
                                                  winners, &refused),
            TICTACTOE_RESULT_OUT_OF_BOUNDS, 1);
    REFUSED(tictactoe_batch_games_step(b, NULL, GAMES, full, TICTACTOE_ILLEGAL_RAISE, winners, &refused),
            TICTACTOE_RESULT_OUT_OF_BOUNDS, 4);
    REFUSED(tictactoe_batch_games_step(b, twice + 1, 2, full + 3, TICTACTOE_ILLEGAL_RAISE, winners, &refused),
            TICTACTOE_RESULT_OUT_OF_BOUNDS, 1);
    REFUSED(tictactoe_batch_games_step_against_random(b, NULL, GAMES, sides, full, restart, TICTACTOE_ILLEGAL_RAISE,
                                                      winners, &refused),
            TICTACTOE_RESULT_OUT_OF_BOUNDS, 4);
    /* A bad side, before the actions; an `illegal` that is neither policy, before anything. */
    REFUSED(tictactoe_batch_games_step_against_random(b, NULL, GAMES, bad_sides, full, restart, TICTACTOE_ILLEGAL_LOSE,
                                                      winners, &refused),
            TICTACTOE_RESULT_INVALID_PLAYER, 2);
    REFUSED(tictactoe_batch_games_step(b, NULL, GAMES, full, 2, winners, &refused), TICTACTOE_RESULT_INVALID_ARGUMENT,
            UNWRITTEN);
    REFUSED(tictactoe_batch_games_step(b, NULL, GAMES, full, UINT32_MAX, winners, NULL),
            TICTACTOE_RESULT_INVALID_ARGUMENT, UNWRITTEN);
    REFUSED(tictactoe_batch_games_step_against_random(b, NULL, GAMES, sides, full, NULL, 2, winners, &refused),
            TICTACTOE_RESULT_INVALID_ARGUMENT, UNWRITTEN);
    REFUSED(tictactoe_batch_games_step_restarting(b, NULL, GAMES, full, restarting, 2, winners, &refused),
            TICTACTOE_RESULT_INVALID_ARGUMENT, UNWRITTEN);
    REFUSED(tictactoe_batch_games_step_restarting(b, NULL, GAMES, full, restarting, UINT32_MAX, winners, NULL),
            TICTACTOE_RESULT_INVALID_ARGUMENT, UNWRITTEN);

    /* No games listed: nothing to do, NULL arrays allowed. */
    CHECK_RESULT(tictactoe_batch_games_step(b, one, 0, NULL, 0, NULL, &refused), TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_batch_games_step_against_random(b, one, 0, NULL, NULL, NULL, 0, NULL, &refused),
                 TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_batch_games_seed(b, one, 0, NULL, &refused), TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_batch_games_step_restarting(b, one, 0, NULL, NULL, 0, NULL, &refused), TICTACTOE_RESULT_OK);
    check_unchanged(b, &before);
    tictactoe_batch_free(b);
}

/* Checks that a read from a side returns `code` and writes `index` (UNWRITTEN: nothing) to its
 * refused index. */
#define READ(call, code, index) \
    do { \
        refused = UNWRITTEN; \
        CHECK_RESULT((call), (code)); \
        CHECK(refused == (size_t)(index)); \
    } while (0)

/* Observations from a side and rewards, against the reads they extend; their refusals, the
 * index of the first bad side written only for an INVALID_PLAYER (and only when asked for:
 * refused_out may be NULL). */
static void test_observation_from_a_side_and_rewards(void) {
    const tictactoe_rules c4 = {6, 7, 4, TICTACTOE_RULE_GRAVITY};
    enum { PLANES = GAMES * 2 * 42 };
    tictactoe_batch *b = played(&c4, 8, 30);
    bool planes[PLANES], mover[PLANES], from[PLANES];
    uint8_t next[GAMES + 1], other[GAMES], won[GAMES], bad[GAMES], two_bad[GAMES];
    double rewards[GAMES], untouched[GAMES];
    size_t g, i, refused;
    state before;
    CHECK_RESULT(tictactoe_batch_next_players(b, next, GAMES), TICTACTOE_RESULT_OK);
    next[GAMES] = 1; /* read only by a call given a count one too large */
    CHECK_RESULT(tictactoe_batch_winners(b, won, GAMES), TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_batch_observation(b, mover, PLANES), TICTACTOE_RESULT_OK);
    for (g = 0; g < GAMES; g++) other[g] = (uint8_t)(3 - next[g]);
    /* NULL, or each game's player to move: the observation; the other side: its planes swapped. */
    READ(tictactoe_batch_observation_from(b, NULL, GAMES, planes, PLANES, &refused), TICTACTOE_RESULT_OK, UNWRITTEN);
    CHECK(memcmp(planes, mover, sizeof planes) == 0);
    READ(tictactoe_batch_observation_from(b, next, GAMES, planes, PLANES, &refused), TICTACTOE_RESULT_OK, UNWRITTEN);
    CHECK(memcmp(planes, mover, sizeof planes) == 0);
    READ(tictactoe_batch_observation_from(b, other, GAMES, from, PLANES, NULL), TICTACTOE_RESULT_OK, UNWRITTEN);
    for (g = 0; g < GAMES; g++)
        for (i = 0; i < 42; i++) {
            CHECK(from[g * 84 + i] == mover[g * 84 + 42 + i]);
            CHECK(from[g * 84 + 42 + i] == mover[g * 84 + i]);
        }
    /* Rewards from the side to move and from the other: opposite, 1 for the winner. */
    READ(tictactoe_batch_rewards(b, next, GAMES, rewards, &refused), TICTACTOE_RESULT_OK, UNWRITTEN);
    READ(tictactoe_batch_rewards(b, other, GAMES, untouched, NULL), TICTACTOE_RESULT_OK, UNWRITTEN);
    for (g = 0; g < GAMES; g++) {
        CHECK(rewards[g] == -untouched[g]);
        CHECK(rewards[g] == (won[g] == 0 ? 0.0 : won[g] == next[g] ? 1.0 : -1.0));
    }
    /* Refusals: nothing written, nothing changed; an index only for a bad side. */
    state_of(b, &before);
    memcpy(bad, next, sizeof bad);
    bad[3] = 3;
    memcpy(two_bad, next, sizeof two_bad);
    two_bad[1] = 0;
    two_bad[4] = 255;
    memset(planes, 1, sizeof planes);
    for (g = 0; g < GAMES; g++) untouched[g] = rewards[g] = 7.5;
    READ(tictactoe_batch_observation_from(NULL, NULL, GAMES, planes, PLANES, &refused), TICTACTOE_RESULT_NULL_PARAMETER,
         UNWRITTEN);
    READ(tictactoe_batch_observation_from(b, NULL, GAMES, NULL, PLANES, &refused), TICTACTOE_RESULT_NULL_PARAMETER,
         UNWRITTEN);
    READ(tictactoe_batch_observation_from(b, NULL, GAMES - 1, planes, PLANES, &refused),
         TICTACTOE_RESULT_LENGTH_MISMATCH, UNWRITTEN);
    READ(tictactoe_batch_observation_from(b, NULL, SIZE_MAX, planes, PLANES, &refused),
         TICTACTOE_RESULT_LENGTH_MISMATCH, UNWRITTEN);
    READ(tictactoe_batch_observation_from(b, next, GAMES + 1, planes, PLANES, &refused),
         TICTACTOE_RESULT_LENGTH_MISMATCH, UNWRITTEN);
    READ(tictactoe_batch_observation_from(b, next, GAMES, planes, PLANES - 1, &refused),
         TICTACTOE_RESULT_LENGTH_MISMATCH, UNWRITTEN);
    /* A bad side among sides of the wrong count: the count first, naming no entry. */
    READ(tictactoe_batch_observation_from(b, bad, GAMES - 1, planes, PLANES, &refused),
         TICTACTOE_RESULT_LENGTH_MISMATCH, UNWRITTEN);
    READ(tictactoe_batch_observation_from(b, bad, GAMES, planes, PLANES, &refused), TICTACTOE_RESULT_INVALID_PLAYER, 3);
    /* The sides before the planes' length; the first of two bad sides. */
    READ(tictactoe_batch_observation_from(b, bad, GAMES, planes, PLANES - 1, &refused), TICTACTOE_RESULT_INVALID_PLAYER,
         3);
    READ(tictactoe_batch_observation_from(b, two_bad, GAMES, planes, PLANES, &refused),
         TICTACTOE_RESULT_INVALID_PLAYER, 1);
    READ(tictactoe_batch_observation_from(b, two_bad, GAMES, planes, PLANES, NULL), TICTACTOE_RESULT_INVALID_PLAYER,
         UNWRITTEN);
    for (i = 0; i < PLANES; i++) CHECK(planes[i]);
    READ(tictactoe_batch_rewards(NULL, next, GAMES, rewards, &refused), TICTACTOE_RESULT_NULL_PARAMETER, UNWRITTEN);
    READ(tictactoe_batch_rewards(b, NULL, GAMES, rewards, &refused), TICTACTOE_RESULT_NULL_PARAMETER, UNWRITTEN);
    READ(tictactoe_batch_rewards(b, next, GAMES, NULL, &refused), TICTACTOE_RESULT_NULL_PARAMETER, UNWRITTEN);
    READ(tictactoe_batch_rewards(b, next, GAMES - 1, rewards, &refused), TICTACTOE_RESULT_LENGTH_MISMATCH, UNWRITTEN);
    READ(tictactoe_batch_rewards(b, NULL, 0, rewards, &refused), TICTACTOE_RESULT_LENGTH_MISMATCH, UNWRITTEN);
    READ(tictactoe_batch_rewards(b, bad, GAMES - 1, rewards, &refused), TICTACTOE_RESULT_LENGTH_MISMATCH, UNWRITTEN);
    READ(tictactoe_batch_rewards(b, bad, GAMES, rewards, &refused), TICTACTOE_RESULT_INVALID_PLAYER, 3);
    READ(tictactoe_batch_rewards(b, two_bad, GAMES, rewards, &refused), TICTACTOE_RESULT_INVALID_PLAYER, 1);
    READ(tictactoe_batch_rewards(b, two_bad, GAMES, rewards, NULL), TICTACTOE_RESULT_INVALID_PLAYER, UNWRITTEN);
    CHECK(memcmp(rewards, untouched, sizeof rewards) == 0);
    check_unchanged(b, &before);
    tictactoe_batch_free(b);
}

/* The threads' setting: kept, copied, 0 refused with nothing changed; the results are one
 * thread's (test_threads.c steps batches large enough to split). */
static void test_threads_setting(void) {
    tictactoe_batch *b = NULL, *copy = NULL;
    uint32_t threads = 99;
    CHECK_RESULT(tictactoe_batch_new(GAMES, 3, 1, &b), TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_batch_threads(b, &threads), TICTACTOE_RESULT_OK);
    CHECK(threads == 1);
    CHECK_RESULT(tictactoe_batch_set_threads(b, 3), TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_batch_set_threads(b, 0), TICTACTOE_RESULT_INVALID_ARGUMENT);
    CHECK_RESULT(tictactoe_batch_threads(b, &threads), TICTACTOE_RESULT_OK);
    CHECK(threads == 3);
    CHECK_RESULT(tictactoe_batch_clone(b, &copy), TICTACTOE_RESULT_OK);
    threads = 99;
    CHECK_RESULT(tictactoe_batch_threads(copy, &threads), TICTACTOE_RESULT_OK);
    CHECK(threads == 3);
    CHECK_RESULT(tictactoe_batch_set_threads(copy, UINT32_MAX), TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_batch_threads(copy, &threads), TICTACTOE_RESULT_OK);
    CHECK(threads == UINT32_MAX);
    CHECK(same_state(b, copy));
    threads = 99;
    CHECK_RESULT(tictactoe_batch_set_threads(NULL, 2), TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK_RESULT(tictactoe_batch_threads(NULL, &threads), TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK_RESULT(tictactoe_batch_threads(b, NULL), TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK(threads == 99);
    tictactoe_batch_free(b);
    tictactoe_batch_free(copy);
}

int main(void) {
    size_t r;
    for (r = 0; r < sizeof RULE_SETS / sizeof RULE_SETS[0]; r++) {
        test_each_operation_equals_the_deprecated_one(&RULE_SETS[r]);
        test_a_listed_call_is_the_call_over_every_game(&RULE_SETS[r]);
        test_step_restarting_is_a_reset_and_a_step(&RULE_SETS[r]);
    }
    test_a_restarted_games_action_is_ignored();
    test_resets_and_seeds_take_repeats();
    test_refusals_change_nothing();
    test_observation_from_a_side_and_rewards();
    test_threads_setting();
    return checks_report("test_games");
}
