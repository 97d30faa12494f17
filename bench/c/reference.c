/* See reference.h. Plain C99, compiled with -O2 by both benchmarks. */
#include "reference.h"

#include <stdlib.h>

struct seed_game {
    int32_t n;
    int32_t diagonal, anti_diagonal;
    int32_t *rows, *cols;
};

seed_game *seed_new(uint32_t n) {
    seed_game *game = (seed_game *)malloc(sizeof *game);
    game->n = (int32_t)n;
    game->diagonal = game->anti_diagonal = 0;
    game->rows = (int32_t *)calloc(n, sizeof(int32_t));
    game->cols = (int32_t *)calloc(n, sizeof(int32_t));
    return game;
}

__attribute__((noinline)) uint32_t seed_move(seed_game *game, uint32_t row, uint32_t col, uint32_t player) {
    int32_t add = player == 1 ? 1 : -1, n = game->n;
    game->rows[row] += add;
    game->cols[col] += add;
    if (row == col) game->diagonal += add;
    if (row + col == (uint32_t)n - 1) game->anti_diagonal += add;
    if (abs(game->rows[row]) == n || abs(game->cols[col]) == n || abs(game->diagonal) == n ||
        abs(game->anti_diagonal) == n)
        return player;
    return 0;
}

void seed_free(seed_game *game) {
    free(game->rows);
    free(game->cols);
    free(game);
}

enum { REFUSED_BOUNDS = -1, REFUSED_PLAYER = -2, REFUSED_OVER = -3, REFUSED_TAKEN = -4, REFUSED_MEMORY = -5 };

struct reference_game {
    uint32_t n;
    uint32_t winner;
    uint32_t marks[2];
    uint32_t open[2];      /* lines holding no mark of player index p's opponent */
    uint64_t *board;       /* 2 bits a cell, 32 cells a word */
    uint16_t *counts;      /* counts[2 * line + p]: rows, columns, diagonal, anti-diagonal */
    uint32_t *history;     /* cells, in move order */
    size_t len, capacity;
};

reference_game *reference_new(uint32_t n) {
    size_t cells, words, lines;
    reference_game *game;
    if (n == 0 || n > 65535) return NULL;
    cells = (size_t)n * n;
    words = (cells + 31) / 32;
    lines = 2 * (size_t)n + 2;
    /* One zeroed block for the game, its board and its counters; the history apart. */
    game = (reference_game *)calloc(1, sizeof *game + words * 8 + lines * 2 * sizeof(uint16_t));
    if (!game) return NULL;
    game->n = n;
    game->open[0] = game->open[1] = (uint32_t)lines;
    game->board = (uint64_t *)(game + 1);
    game->counts = (uint16_t *)(game->board + words);
    game->capacity = cells < 16 ? cells : 16;
    game->history = (uint32_t *)malloc(game->capacity * sizeof(uint32_t));
    if (!game->history) {
        free(game);
        return NULL;
    }
    return game;
}

__attribute__((noinline)) int32_t reference_move(reference_game *game, uint32_t row, uint32_t col, uint32_t player) {
    uint32_t n = game->n, p, cell, shift, closed = 0, won = 0;
    uint64_t *word;
    uint16_t *counts;
    if (row >= n || col >= n) return REFUSED_BOUNDS;
    if (player - 1 > 1) return REFUSED_PLAYER;
    if (game->winner) return REFUSED_OVER;
    cell = row * n + col;
    word = &game->board[cell / 32];
    shift = (cell % 32) * 2;
    if ((*word >> shift) & 3) return REFUSED_TAKEN;
    if (game->len == game->capacity) {
        size_t capacity = game->capacity * 2;
        uint32_t *history = (uint32_t *)realloc(game->history, capacity * sizeof(uint32_t));
        if (!history) return REFUSED_MEMORY;
        game->history = history;
        game->capacity = capacity;
    }
    *word |= (uint64_t)player << shift;
    game->history[game->len++] = cell;
    p = player - 1;
    game->marks[p]++;
    counts = game->counts + p;
#define BUMP(slot)                                  \
    do {                                            \
        uint16_t *count = &counts[2 * (slot)];      \
        closed += *count == 0;                      \
        won |= ++*count == n;                       \
    } while (0)
    BUMP(row);
    BUMP(n + col);
    if (row == col) BUMP(2 * n);
    if (row + col == n - 1) BUMP(2 * n + 1);
#undef BUMP
    game->open[1 - p] -= closed;
    if (won) {
        game->winner = player;
        return (int32_t)player;
    }
    return 0;
}

void reference_free(reference_game *game) {
    if (game) {
        free(game->history);
        free(game);
    }
}
