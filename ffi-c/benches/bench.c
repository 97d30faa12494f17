/* The C face against plain C, in one run (`make bench-c`; `make bench` writes the report):
 *
 * 1. ns per move of tictactoe_game_move through the static library, against the library's own
 *    algorithm hand-written in C (bench/c/reference.c: same checks, same data, no face) and the
 *    seed's unchecked +1/-1 counters, on the same random games (game creation included),
 *    interleaved round by round; the median round of each with the ratios.
 * 2. ns per tictactoe_game_new + tictactoe_game_free at n = 3 against one malloc + free of the
 *    bytes the library allocates for that game (measured with mallinfo2).
 * 3. env-steps per second of a tictactoe_batch of 1 to 4096 games of 3 x 3, Connect Four and
 *    gomoku: finished games reset, random legal actions, a step, the observation planes and
 *    the legal mask every step (the loop py/benches/bench_batch.py and bench_family_batch.py
 *    time from Python, here through the C ABI).
 *
 * With a path argument, the medians are also written there as JSON records for
 * bench/report.py. With `--threads` first, only the loop over 4096 games of gomoku with
 * tictactoe_batch_set_threads 2 against 1 instead (run on two cores: `taskset -c 0,1`). */
#define _GNU_SOURCE
#include <malloc.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../../bench/c/reference.h"
#include "tictactoe.h"

typedef struct {
    uint32_t n;
    size_t len;
    uint16_t *rows, *cols;
} random_game;

static uint64_t state = 0x9E3779B97F4A7C15ull;
static uint64_t next_random(void) {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state;
}

/* Cells in random order, players alternating from 1, cut at the first win. */
static random_game make_game(uint32_t n) {
    random_game game;
    size_t cells = (size_t)n * n, i;
    uint32_t *order = (uint32_t *)malloc(cells * sizeof(uint32_t));
    seed_game *judge = seed_new(n);
    for (i = 0; i < cells; i++) order[i] = (uint32_t)i;
    for (i = cells - 1; i > 0; i--) {
        size_t j = (size_t)(next_random() % (i + 1));
        uint32_t t = order[i];
        order[i] = order[j];
        order[j] = t;
    }
    game.n = n;
    game.rows = (uint16_t *)malloc(cells * sizeof(uint16_t));
    game.cols = (uint16_t *)malloc(cells * sizeof(uint16_t));
    for (i = 0; i < cells; i++) {
        game.rows[i] = (uint16_t)(order[i] / n);
        game.cols[i] = (uint16_t)(order[i] % n);
        if (seed_move(judge, game.rows[i], game.cols[i], 1 + (uint32_t)(i & 1))) {
            i++;
            break;
        }
    }
    game.len = i;
    seed_free(judge);
    free(order);
    return game;
}

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

static uint32_t play_library(const random_game *games, size_t count) {
    uint32_t check = 0;
    size_t g, i;
    for (g = 0; g < count; g++) {
        tictactoe_game *game;
        uint32_t winner = 0;
        if (tictactoe_game_new(games[g].n, &game) != TICTACTOE_RESULT_OK) exit(1);
        for (i = 0; i < games[g].len; i++) {
            if (tictactoe_game_move(game, games[g].rows[i], games[g].cols[i], 1 + (uint32_t)(i & 1), &winner))
                exit(1);
        }
        check += winner;
        tictactoe_game_free(game);
    }
    return check;
}

static uint32_t play_reference(const random_game *games, size_t count) {
    uint32_t check = 0;
    size_t g, i;
    for (g = 0; g < count; g++) {
        reference_game *game = reference_new(games[g].n);
        int32_t winner = 0;
        if (!game) exit(1);
        for (i = 0; i < games[g].len; i++) {
            winner = reference_move(game, games[g].rows[i], games[g].cols[i], 1 + (uint32_t)(i & 1));
            if (winner < 0) exit(1);
        }
        check += (uint32_t)winner;
        reference_free(game);
    }
    return check;
}

static uint32_t play_seed(const random_game *games, size_t count) {
    uint32_t check = 0;
    size_t g, i;
    for (g = 0; g < count; g++) {
        seed_game *game = seed_new(games[g].n);
        uint32_t winner = 0;
        for (i = 0; i < games[g].len; i++) winner = seed_move(game, games[g].rows[i], games[g].cols[i], 1 + (uint32_t)(i & 1));
        check += winner;
        seed_free(game);
    }
    return check;
}

static int compare(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

enum { ROUNDS = 7, PAIRS = 2000000 };

static double median(double *values) {
    qsort(values, ROUNDS, sizeof(double), compare);
    return values[ROUNDS / 2];
}

static void separate(FILE *json, int *first) {
    fputs(*first ? "" : ",\n", json);
    *first = 0;
}

static void record(FILE *json, int *first, const char *what, uint32_t n, double ns, int baseline) {
    if (!json) return;
    separate(json, first);
    fprintf(json, "  {\"face\": \"C\", \"implementation\": \"%s\", \"n\": %u, \"ns_per_move\": %.3f, \"baseline\": %s}",
            what, n, ns, baseline ? "true" : "false");
}

/* A ratio the issues set a target for: `what` takes `ns` where `against` takes `against_ns`. */
static void target(FILE *json, int *first, const char *what, uint32_t n, double ns, const char *against, double against_ns,
                   double goal) {
    if (!json) return;
    separate(json, first);
    fprintf(json,
            "  {\"face\": \"C\", \"implementation\": \"%s\", \"n\": %u, \"ns\": %.3f, \"against\": \"%s\", "
            "\"against_ns\": %.3f, \"target\": %.2f}",
            what, n, ns, against, against_ns, goal);
}

#define LIBRARY "tictactoe_game_move (C ABI, static)"
#define REFERENCE "the same algorithm in plain C (reference)"

/* Bytes the library allocates for a new game of size n: the growth of the heap in use over
 * GAMES games held at once (so that they come from fresh memory, not a free list), per game. */
static size_t bytes_allocated(uint32_t n) {
    enum { GAMES = 64 };
    tictactoe_game *games[GAMES];
    size_t before = mallinfo2().uordblks, after, i;
    for (i = 0; i < GAMES; i++)
        if (tictactoe_game_new(n, &games[i]) != TICTACTOE_RESULT_OK) exit(1);
    after = mallinfo2().uordblks;
    for (i = 0; i < GAMES; i++) tictactoe_game_free(games[i]);
    return (after - before) / GAMES;
}

__attribute__((noinline)) static void *allocate(size_t size) { return malloc(size); }

static void creation(FILE *json, int *first) {
    size_t size = bytes_allocated(3), i;
    double lib[ROUNDS], pair[ROUNDS];
    int r;
    for (r = 0; r < ROUNDS; r++) {
        double t0 = now(), t1;
        for (i = 0; i < PAIRS; i++) {
            tictactoe_game *game;
            if (tictactoe_game_new(3, &game)) exit(1);
            tictactoe_game_free(game);
        }
        t1 = now();
        for (i = 0; i < PAIRS; i++) {
            void *volatile block = allocate(size);
            free(block);
        }
        lib[r] = (t1 - t0) / PAIRS;
        pair[r] = (now() - t1) / PAIRS;
    }
    printf("\n| n | tictactoe_game_new + _free (ns) | malloc(%zu) + free (ns) | library / malloc |\n", size);
    printf("|---:|---:|---:|---:|\n");
    printf("| 3 | %.2f | %.2f | %.2fx |\n", median(lib), median(pair), median(lib) / median(pair));
    target(json, first, "tictactoe_game_new + tictactoe_game_free", 3, median(lib), "one malloc + free of the same size",
           median(pair), 1.5);
}

/* A rule set of the batch loop: its name and what tictactoe_batch_new_mnk takes. */
typedef struct {
    const char *name;
    uint32_t rows, cols, k, flags;
} rule_set;

/* The batch loop's batch and the arrays its calls fill. */
typedef struct {
    tictactoe_batch *batch;
    uint32_t games, per_game;
    size_t cells;
    uint32_t *actions;
    uint8_t *winners;
    bool *planes, *mask;
} loop;

/* `games` games under `rules`, their calls over every game split between `threads` threads. */
static loop loop_new(uint32_t games, rule_set rules, uint32_t threads) {
    loop l;
    l.games = games;
    l.cells = (size_t)rules.rows * rules.cols;
    if (tictactoe_batch_new_mnk(games, rules.rows, rules.cols, rules.k, rules.flags, 0, &l.batch) ||
        tictactoe_batch_actions(l.batch, &l.per_game) || tictactoe_batch_set_threads(l.batch, threads))
        exit(1);
    l.actions = (uint32_t *)malloc(games * sizeof(uint32_t));
    l.winners = (uint8_t *)malloc(games);
    l.planes = (bool *)malloc(games * 2 * l.cells * sizeof(bool));
    l.mask = (bool *)malloc(games * l.per_game * sizeof(bool));
    return l;
}

static void loop_free(loop *l) {
    tictactoe_batch_free(l->batch);
    free(l->actions);
    free(l->winners);
    free(l->planes);
    free(l->mask);
}

/* `steps` env-steps of every game: finished games restart, every game draws a random legal
 * action and plays it, and the observation planes and legal mask are written (the loop
 * py/benches/bench_batch.py times from Python). */
static void loop_steps(loop *l, size_t steps) {
    size_t i, refused;
    for (i = 0; i < steps; i++)
        if (tictactoe_batch_games_reset_terminated(l->batch, NULL, l->games, &refused) ||
            tictactoe_batch_games_random_legal_actions(l->batch, NULL, l->games, l->actions, &refused) ||
            tictactoe_batch_games_step(l->batch, NULL, l->games, l->actions, TICTACTOE_ILLEGAL_RAISE, l->winners,
                                       &refused) ||
            tictactoe_batch_observation(l->batch, l->planes, l->games * 2 * l->cells) ||
            tictactoe_batch_legal_mask(l->batch, l->mask, l->games * l->per_game))
            exit(1);
}

/* Env-steps per second of the loop, best of three runs of about `seconds` each (after one run
 * that sizes them). */
static double loop_rate(loop *l, double seconds) {
    size_t steps = 16;
    double best = 0;
    int run;
    for (run = 0; run < 4; run++) {
        double t0 = now(), elapsed;
        loop_steps(l, steps);
        elapsed = (now() - t0) / 1e9;
        if (run == 0) {
            steps = (size_t)((double)steps * seconds / elapsed) + 1;
            continue;
        }
        if ((double)(steps * l->games) / elapsed > best) best = (double)(steps * l->games) / elapsed;
    }
    return best;
}

/* Env-steps per second of the batch loop over `games` games under `rules`, on one thread. */
static double batch_rate(uint32_t games, rule_set rules) {
    loop l = loop_new(games, rules, 1);
    double rate = loop_rate(&l, 1.0);
    loop_free(&l);
    return rate;
}

/* The batch loop on 3 x 3 tic-tac-toe, Connect Four and gomoku; the family's records carry the
 * game's name (under "family_batch", for the report's family section). */
static void batches(FILE *json, int *first) {
    static const uint32_t sizes[] = {1, 64, 1024, 4096};
    static const rule_set games[] = {
        {"tic_tac_toe", 3, 3, 3, 0},
        {"connect_four", 6, 7, 4, TICTACTOE_RULE_GRAVITY},
        {"gomoku", 15, 15, 5, 0},
    };
    size_t g, i;
    printf("\n| game | games | tictactoe_batch loop (M env-steps/s) |\n|---|---:|---:|\n");
    for (g = 0; g < sizeof games / sizeof games[0]; g++) {
        for (i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
            double r = batch_rate(sizes[i], games[g]);
            printf("| %s | %u | %.2f |\n", games[g].name, sizes[i], r / 1e6);
            if (!json) continue;
            separate(json, first);
            if (g == 0)
                fprintf(json,
                        "  {\"batch\": \"tictactoe_batch (C ABI)\", \"count\": %u, \"n\": 3, "
                        "\"steps_per_second\": %.0f, \"peer\": false}",
                        sizes[i], r);
            else
                fprintf(json,
                        "  {\"family_batch\": \"tictactoe_batch (C ABI)\", \"game\": \"%s\", \"count\": %u, "
                        "\"steps_per_second\": %.0f}",
                        games[g].name, sizes[i], r);
        }
    }
}

/* tictactoe_batch_set_threads(2) against 1 on the loop over 4096 games of gomoku, on two cores
 * (`taskset -c 0,1`): five rounds, each timing one then the other (half a second a run); the
 * best rates, and the rounds' own ratios for how noisy the pairs are. */
static void threads(FILE *json) {
    enum { ROUNDS_OF_PAIRS = 5 };
    static const rule_set gomoku = {"gomoku", 15, 15, 5, 0};
    loop one = loop_new(4096, gomoku, 1), two = loop_new(4096, gomoku, 2);
    double best_one = 0, best_two = 0, ratios[ROUNDS_OF_PAIRS];
    int r;
    for (r = 0; r < ROUNDS_OF_PAIRS; r++) {
        double a = loop_rate(&one, 0.5), b = loop_rate(&two, 0.5);
        if (a > best_one) best_one = a;
        if (b > best_two) best_two = b;
        ratios[r] = b / a;
    }
    qsort(ratios, ROUNDS_OF_PAIRS, sizeof(double), compare);
    printf("| game | games | threads=1, best (M env-steps/s) | threads=2, best | ratio | rounds: median (range) |\n");
    printf("|---|---:|---:|---:|---:|---|\n");
    printf("| gomoku | 4096 | %.2f | %.2f | %.2fx | %.2fx (%.2f-%.2fx) |\n", best_one / 1e6, best_two / 1e6,
           best_two / best_one, ratios[ROUNDS_OF_PAIRS / 2], ratios[0], ratios[ROUNDS_OF_PAIRS - 1]);
    if (json) {
        fprintf(json,
                "[\n  {\"face\": \"C\", \"game\": \"gomoku\", \"count\": 4096, \"one_thread\": %.0f, "
                "\"two_threads\": %.0f, \"ratio\": %.3f, \"ratios\": [",
                best_one, best_two, ratios[ROUNDS_OF_PAIRS / 2]);
        for (r = 0; r < ROUNDS_OF_PAIRS; r++) fprintf(json, "%s%.3f", r ? ", " : "", ratios[r]);
        fputs("]}\n]\n", json);
    }
    loop_free(&one);
    loop_free(&two);
}

int main(int argc, char **argv) {
    static const struct {
        uint32_t n;
        size_t games;
    } plan[] = {{3, 1000000}, {100, 1000}, {1000, 10}};
    size_t p;
    int first = 1, only_threads = argc > 1 && strcmp(argv[1], "--threads") == 0;
    const char *path = argc > 1 + only_threads ? argv[1 + only_threads] : NULL;
    FILE *json = path ? fopen(path, "w") : NULL;
    if (path && !json) {
        perror(path);
        return 1;
    }
    if (only_threads) {
        threads(json);
        if (json) fclose(json);
        return 0;
    }
    if (json) fputs("[\n", json);
    printf("ns per move, whole random games, game creation included; median of %d interleaved rounds\n\n", ROUNDS);
    printf("| n | moves/round | tictactoe_game_move | C reference | seed +1/-1 | library / reference | library / seed |\n");
    printf("|---:|---:|---:|---:|---:|---:|---:|\n");
    for (p = 0; p < sizeof plan / sizeof plan[0]; p++) {
        random_game *games = (random_game *)malloc(plan[p].games * sizeof(random_game));
        double lib[ROUNDS], ref[ROUNDS], seed[ROUNDS], l, f, s;
        size_t g, moves = 0;
        int r;
        for (g = 0; g < plan[p].games; g++) {
            games[g] = make_game(plan[p].n);
            moves += games[g].len;
        }
        if (play_library(games, plan[p].games) != play_seed(games, plan[p].games) ||
            play_reference(games, plan[p].games) != play_seed(games, plan[p].games)) {
            fprintf(stderr, "the library, the reference and the seed disagree\n");
            return 1;
        }
        for (r = 0; r < ROUNDS; r++) {
            double t0 = now(), t1, t2;
            volatile uint32_t sink = play_library(games, plan[p].games);
            t1 = now();
            sink += play_reference(games, plan[p].games);
            t2 = now();
            sink += play_seed(games, plan[p].games);
            lib[r] = (t1 - t0) / (double)moves;
            ref[r] = (t2 - t1) / (double)moves;
            seed[r] = (now() - t2) / (double)moves;
            (void)sink;
        }
        l = median(lib);
        f = median(ref);
        s = median(seed);
        printf("| %u | %zu | %.2f | %.2f | %.2f | %.2fx | %.2fx |\n", plan[p].n, moves, l, f, s, l / f, l / s);
        record(json, &first, LIBRARY, plan[p].n, l, 0);
        record(json, &first, REFERENCE, plan[p].n, f, 0);
        record(json, &first, "seed +1/-1 counters in C (unchecked)", plan[p].n, s, 1);
        target(json, &first, LIBRARY, plan[p].n, l, REFERENCE, f, 1.15);
        for (g = 0; g < plan[p].games; g++) {
            free(games[g].rows);
            free(games[g].cols);
        }
        free(games);
    }
    creation(json, &first);
    batches(json, &first);
    if (json) {
        fputs("\n]\n", json);
        fclose(json);
    }
    return 0;
}
