/* ns per move of tictactoe_game_move through the static library against the seed's +1/-1
 * counters written in C behind a call that is not inlined: the same random games (game
 * creation included), interleaved round by round in one run; the median round is reported with
 * the ratio. `make bench-c`. With a path argument, the medians are also written there as JSON
 * records for bench/report.py. */
#define _POSIX_C_SOURCE 199309L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "tictactoe.h"

/* The seed's O(1) solution, unchecked. */
typedef struct {
    int n;
    int *rows, *cols;
    int diagonal, anti_diagonal;
} seed_game;

static seed_game *seed_new(int n) {
    seed_game *g = (seed_game *)malloc(sizeof *g);
    g->n = n;
    g->rows = (int *)calloc((size_t)n, sizeof(int));
    g->cols = (int *)calloc((size_t)n, sizeof(int));
    g->diagonal = g->anti_diagonal = 0;
    return g;
}

static void seed_free(seed_game *g) {
    free(g->rows);
    free(g->cols);
    free(g);
}

__attribute__((noinline)) static int seed_move(seed_game *g, int row, int col, int player) {
    int add = player == 1 ? 1 : -1, n = g->n;
    g->rows[row] += add;
    g->cols[col] += add;
    if (row == col) g->diagonal += add;
    if (row + col == n - 1) g->anti_diagonal += add;
    if (abs(g->rows[row]) == n || abs(g->cols[col]) == n || abs(g->diagonal) == n || abs(g->anti_diagonal) == n)
        return player;
    return 0;
}

typedef struct {
    int n;
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
static random_game make_game(int n) {
    random_game game;
    size_t cells = (size_t)n * (size_t)n, i;
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
        game.rows[i] = (uint16_t)(order[i] / (uint32_t)n);
        game.cols[i] = (uint16_t)(order[i] % (uint32_t)n);
        if (seed_move(judge, game.rows[i], game.cols[i], 1 + (int)(i & 1))) {
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
        if (tictactoe_game_new((uint32_t)games[g].n, &game) != TICTACTOE_RESULT_OK) exit(1);
        for (i = 0; i < games[g].len; i++) {
            if (tictactoe_game_move(game, games[g].rows[i], games[g].cols[i], 1 + (uint32_t)(i & 1), &winner))
                exit(1);
        }
        check += winner;
        tictactoe_game_free(game);
    }
    return check;
}

static uint32_t play_seed(const random_game *games, size_t count) {
    uint32_t check = 0;
    size_t g, i;
    for (g = 0; g < count; g++) {
        seed_game *game = seed_new(games[g].n);
        int winner = 0;
        for (i = 0; i < games[g].len; i++) winner = seed_move(game, games[g].rows[i], games[g].cols[i], 1 + (int)(i & 1));
        check += (uint32_t)winner;
        seed_free(game);
    }
    return check;
}

static int compare(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv) {
    static const struct {
        int n;
        size_t games;
    } plan[] = {{3, 1000000}, {100, 1000}, {1000, 10}};
    enum { ROUNDS = 7 };
    size_t p;
    FILE *json = argc > 1 ? fopen(argv[1], "w") : NULL;
    if (json) fputs("[\n", json);
    printf("| n | moves/round | tictactoe_game_move (ns/move) | C +1/-1 baseline | library / baseline |\n");
    printf("|---:|---:|---:|---:|---:|\n");
    for (p = 0; p < sizeof plan / sizeof plan[0]; p++) {
        random_game *games = (random_game *)malloc(plan[p].games * sizeof(random_game));
        double lib[ROUNDS], seed[ROUNDS];
        size_t g, moves = 0;
        int r;
        for (g = 0; g < plan[p].games; g++) {
            games[g] = make_game(plan[p].n);
            moves += games[g].len;
        }
        if (play_library(games, plan[p].games) != play_seed(games, plan[p].games)) {
            fprintf(stderr, "the library and the baseline disagree\n");
            return 1;
        }
        for (r = 0; r < ROUNDS; r++) {
            double t0 = now();
            volatile uint32_t sink = play_library(games, plan[p].games);
            double t1 = now();
            sink += play_seed(games, plan[p].games);
            lib[r] = (t1 - t0) / (double)moves;
            seed[r] = (now() - t1) / (double)moves;
            (void)sink;
        }
        qsort(lib, ROUNDS, sizeof(double), compare);
        qsort(seed, ROUNDS, sizeof(double), compare);
        printf("| %d | %zu | %.2f | %.2f | %.2fx |\n", plan[p].n, moves, lib[ROUNDS / 2], seed[ROUNDS / 2],
               lib[ROUNDS / 2] / seed[ROUNDS / 2]);
        if (json) {
            fprintf(json,
                    "%s  {\"face\": \"C\", \"implementation\": \"tictactoe_game_move (C ABI, static)\", "
                    "\"n\": %d, \"ns_per_move\": %.3f, \"baseline\": false},\n"
                    "  {\"face\": \"C\", \"implementation\": \"seed +1/-1 counters in C (unchecked)\", "
                    "\"n\": %d, \"ns_per_move\": %.3f, \"baseline\": true}",
                    p ? ",\n" : "", plan[p].n, lib[ROUNDS / 2], plan[p].n, seed[ROUNDS / 2]);
        }
        for (g = 0; g < plan[p].games; g++) {
            free(games[g].rows);
            free(games[g].cols);
        }
        free(games);
    }
    if (json) {
        fputs("\n]\n", json);
        fclose(json);
    }
    return 0;
}
