/* The k-in-a-row family through the C ABI (`make bench-c`; `make bench` writes the report): ns
 * per move of tictactoe_game_move on games of tictactoe_game_new_mnk, against the two plain-C
 * floors of family.c (the core's algorithm, runs at run ends; a scan of the four directions),
 * on the games bench/benches/family.rs plays through Rust: gomoku (15 x 15, five or more;
 * exactly five) and Connect Four (6 x 7, four, gravity) on random games, 1000 x 1000 with k = 5
 * and k = 500 on random cells and on games of long runs (each player fills its own rows,
 * leaving every k-th cell empty: runs of k - 1, no win). Game creation included; all three on
 * the same games, interleaved round by round; the median round of each with the ratios.
 *
 * With a path argument, the medians are also written there as JSON for bench/report.py. */
#define _POSIX_C_SOURCE 199309L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "family.h"
#include "tictactoe.h"

/* family.c's flags are the C ABI's. */
typedef char flags_are_the_abi_flags[FAMILY_EXACT == TICTACTOE_RULE_EXACT && FAMILY_GRAVITY == TICTACTOE_RULE_GRAVITY ? 1 : -1];

typedef struct {
    uint16_t row, col;
    uint32_t player;
} move;

typedef struct {
    size_t len;
    move *moves;
} game;

typedef struct {
    const char *name;
    uint32_t rows, cols, k, flags;
    int long_runs;
    size_t count;
    int rounds;
} plan;

static uint64_t state = 0x9E3779B97F4A7C15ull;
static uint64_t next_random(void) {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state;
}

/* Appends a move; whether it wins, as the judge (the scan floor) tells. */
static int push(game *g, scan_game *judge, size_t cell, uint32_t cols) {
    move m = {(uint16_t)(cell / cols), (uint16_t)(cell % cols), 1 + (uint32_t)(g->len & 1)};
    g->moves[g->len++] = m;
    return scan_move(judge, m.row, m.col, m.player) > 0;
}

/* A random game: without gravity the cells in random order, under gravity random columns with
 * room; players alternate from 1; cut at the first win. */
static game random_game(const plan *p) {
    size_t cells = (size_t)p->rows * p->cols, i;
    game g = {0, (move *)malloc(cells * sizeof(move))};
    scan_game *judge = scan_new(p->rows, p->cols, p->k, p->flags);
    if (p->flags & FAMILY_GRAVITY) {
        uint32_t *heights = (uint32_t *)calloc(p->cols, sizeof(uint32_t));
        uint32_t *open = (uint32_t *)malloc(p->cols * sizeof(uint32_t)), n = p->cols;
        for (i = 0; i < n; i++) open[i] = (uint32_t)i;
        while (n > 0) {
            uint32_t at = (uint32_t)(next_random() % n), col = open[at];
            if (++heights[col] == p->rows) open[at] = open[--n];
            if (push(&g, judge, (size_t)(p->rows - heights[col]) * p->cols + col, p->cols)) break;
        }
        free(heights);
        free(open);
    } else {
        uint32_t *order = (uint32_t *)malloc(cells * sizeof(uint32_t));
        for (i = 0; i < cells; i++) order[i] = (uint32_t)i;
        for (i = cells - 1; i > 0; i--) {
            size_t j = (size_t)(next_random() % (i + 1));
            uint32_t t = order[i];
            order[i] = order[j];
            order[j] = t;
        }
        for (i = 0; i < cells; i++)
            if (push(&g, judge, order[i], p->cols)) break;
        free(order);
    }
    scan_free(judge);
    return g;
}

/* X fills row 0 while O fills row 1, a cell each in turn from the left, then rows 2 and 3, and
 * so on, every k-th cell of a row left empty. */
static game long_runs(const plan *p) {
    game g = {0, (move *)malloc((size_t)p->rows * p->cols * sizeof(move))};
    uint32_t pair, col;
    for (pair = 0; pair + 1 < p->rows; pair += 2)
        for (col = 0; col < p->cols; col++) {
            if ((col + 1) % p->k == 0) continue;
            g.moves[g.len++] = (move){(uint16_t)pair, (uint16_t)col, 1};
            g.moves[g.len++] = (move){(uint16_t)(pair + 1), (uint16_t)col, 2};
        }
    return g;
}

static uint32_t play_abi(const plan *p, const game *g) {
    tictactoe_game *t;
    uint32_t winner = 0, w;
    size_t i;
    if (tictactoe_game_new_mnk(p->rows, p->cols, p->k, p->flags, &t) != TICTACTOE_RESULT_OK) abort();
    for (i = 0; i < g->len; i++)
        winner = tictactoe_game_move(t, g->moves[i].row, g->moves[i].col, g->moves[i].player, &w) ==
                         TICTACTOE_RESULT_OK
                     ? w
                     : 9;
    tictactoe_game_free(t);
    return winner;
}

static uint32_t play_runs(const plan *p, const game *g) {
    runs_game *r = runs_new(p->rows, p->cols, p->k, p->flags);
    int32_t winner = 0;
    size_t i;
    if (!r) abort();
    for (i = 0; i < g->len; i++) winner = runs_move(r, g->moves[i].row, g->moves[i].col, g->moves[i].player);
    runs_free(r);
    return winner < 0 ? 9 : (uint32_t)winner;
}

static uint32_t play_scan(const plan *p, const game *g) {
    scan_game *s = scan_new(p->rows, p->cols, p->k, p->flags);
    int32_t winner = 0;
    size_t i;
    if (!s) abort();
    for (i = 0; i < g->len; i++) winner = scan_move(s, g->moves[i].row, g->moves[i].col, g->moves[i].player);
    scan_free(s);
    return winner < 0 ? 9 : (uint32_t)winner;
}

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

static volatile uint32_t sink;

/* ns per move of one pass over all games. */
static double timed(const plan *p, const game *games, size_t moves, uint32_t (*play)(const plan *, const game *)) {
    double start = now();
    uint32_t check = 0;
    size_t i;
    for (i = 0; i < p->count; i++) check += play(p, &games[i]);
    sink = check;
    return (now() - start) / (double)moves;
}

static int compare(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *xs, int len) {
    qsort(xs, (size_t)len, sizeof(double), compare);
    return xs[len / 2];
}

#define ABI "tictactoe_game_move (C ABI)"
#define RUNS "the same algorithm in plain C (runs)"
#define SCAN "scan of the four directions in plain C"

int main(int argc, char **argv) {
    static const plan plans[] = {
        {"gomoku 15 x 15, k = 5", 15, 15, 5, 0, 0, 50000, 7},
        {"gomoku 15 x 15, exactly 5", 15, 15, 5, FAMILY_EXACT, 0, 50000, 7},
        {"Connect Four 6 x 7, k = 4", 6, 7, 4, FAMILY_GRAVITY, 0, 200000, 7},
        {"1000 x 1000, k = 5", 1000, 1000, 5, 0, 0, 10, 7},
        {"1000 x 1000, k = 500", 1000, 1000, 500, 0, 0, 1, 7},
        {"1000 x 1000, k = 5", 1000, 1000, 5, 0, 1, 1, 7},
        {"1000 x 1000, k = 500", 1000, 1000, 500, 0, 1, 1, 7},
    };
    FILE *json = argc > 1 ? fopen(argv[1], "w") : NULL;
    size_t p, i;
    if (argc > 1 && !json) {
        perror(argv[1]);
        return 1;
    }
    if (json)
        fputs("{\"implementations\": {\"core\": \"" ABI "\", \"runs\": \"" RUNS "\", \"scan\": \"" SCAN
              "\"},\n \"cases\": [",
              json);
    printf("| rules | games | moves/round | C ABI (ns/move) | runs in C | scan in C | C ABI / runs in C | C ABI / scan in C |\n");
    printf("|---|---|---:|---:|---:|---:|---:|---:|\n");
    for (p = 0; p < sizeof plans / sizeof plans[0]; p++) {
        const plan *pl = &plans[p];
        const char *kind = pl->long_runs ? "long runs" : (pl->flags & FAMILY_GRAVITY) ? "random columns" : "random cells";
        game *games = (game *)malloc(pl->count * sizeof(game));
        size_t moves = 0;
        double abi[16], runs[16], scan[16], a, r, s;
        int round;
        for (i = 0; i < pl->count; i++) {
            games[i] = pl->long_runs ? long_runs(pl) : random_game(pl);
            moves += games[i].len;
        }
        /* The library and both floors agree on every game before anything is timed. */
        for (i = 0; i < pl->count; i++) {
            uint32_t w = play_scan(pl, &games[i]);
            if (w > 2 || play_abi(pl, &games[i]) != w || play_runs(pl, &games[i]) != w || (pl->long_runs && w)) {
                fprintf(stderr, "%s, %s: the library and the floors disagree on game %zu\n", pl->name, kind, i);
                return 1;
            }
        }
        for (round = 0; round < pl->rounds; round++) {
            abi[round] = timed(pl, games, moves, play_abi);
            runs[round] = timed(pl, games, moves, play_runs);
            scan[round] = timed(pl, games, moves, play_scan);
        }
        a = median(abi, pl->rounds);
        r = median(runs, pl->rounds);
        s = median(scan, pl->rounds);
        printf("| %s | %s | %zu | %.2f | %.2f | %.2f | %.2fx | %.2fx |\n", pl->name, kind, moves, a, r, s, a / r, a / s);
        fflush(stdout);
        if (json)
            fprintf(json,
                    "%s\n  {\"face\": \"C\", \"case\": \"%s\", \"game\": \"%s\", \"moves\": %zu, \"rules\": {\"rows\": %u, "
                    "\"cols\": %u, \"k\": %u, \"exact\": %s, \"gravity\": %s}, \"ns_per_move\": {\"core\": %.3f, "
                    "\"runs\": %.3f, \"scan\": %.3f}}",
                    p ? "," : "", pl->name, kind, moves, pl->rows, pl->cols, pl->k,
                    (pl->flags & FAMILY_EXACT) ? "true" : "false", (pl->flags & FAMILY_GRAVITY) ? "true" : "false", a,
                    r, s);
        for (i = 0; i < pl->count; i++) free(games[i].moves);
        free(games);
    }
    if (json) {
        fputs("\n]}\n", json);
        fclose(json);
    }
    return 0;
}
