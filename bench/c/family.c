/* See family.h. Plain C99, compiled with -O2 by bench/build.rs. */
#include "family.h"

#include <stddef.h>
#include <stdlib.h>

/* What both floors keep beside their win rule. */
struct common {
    uint32_t rows, cols, k, exact, gravity;
    uint32_t winner;
    uint32_t marks[2];
    uint64_t *board;   /* 2 bits a cell, 32 cells a word */
    uint16_t *heights; /* under gravity, the marks in each column */
    uint32_t *history; /* cells, in move order */
    size_t len, capacity;
};

struct runs_game {
    struct common common;
    uint16_t *runs; /* runs[4 * cell + d]: row, column, diagonal, anti-diagonal */
};

struct scan_game {
    struct common common;
};

/* A zeroed game of `size` bytes (its struct, a multiple of 8) followed by the board, then
 * `state` bytes of the win rule's state (returned in *state), then the heights; NULL for rules
 * refused or memory not had. */
static struct common *common_new(size_t size, uint32_t rows, uint32_t cols, uint32_t k, uint32_t flags,
                                 size_t state_per_cell, void **state) {
    size_t cells, words, longer = rows > cols ? rows : cols;
    struct common *game;
    char *block;
    if (rows == 0 || rows > 65535 || cols == 0 || cols > 65535 || k == 0 || k > longer) return NULL;
    cells = (size_t)rows * cols;
    words = (cells + 31) / 32;
    block = (char *)calloc(1, size + words * 8 + cells * state_per_cell +
                                  ((flags & FAMILY_GRAVITY) ? cols * sizeof(uint16_t) : 0));
    if (!block) return NULL;
    game = (struct common *)block;
    game->rows = rows;
    game->cols = cols;
    game->k = k;
    game->exact = (flags & FAMILY_EXACT) != 0;
    game->gravity = (flags & FAMILY_GRAVITY) != 0;
    game->board = (uint64_t *)(block + size);
    *state = game->board + words;
    game->heights = (uint16_t *)((char *)*state + cells * state_per_cell);
    game->capacity = cells < 16 ? cells : 16;
    game->history = (uint32_t *)malloc(game->capacity * sizeof(uint32_t));
    if (!game->history) {
        free(block);
        return NULL;
    }
    return game;
}

static void common_free(struct common *game) {
    if (game) {
        free(game->history);
        free(game);
    }
}

static inline uint32_t holder(const uint64_t *board, size_t cell) {
    return (uint32_t)(board[cell / 32] >> (cell % 32 * 2)) & 3;
}

/* Every check of a move, in the core's order, and room for it in the history: 0 when the move
 * may be made (its cell in *cell), else the refusal. */
static inline int32_t check(struct common *game, uint32_t row, uint32_t col, uint32_t player, size_t *cell) {
    if (row >= game->rows || col >= game->cols) return FAMILY_REFUSED_BOUNDS;
    if (player - 1 > 1) return FAMILY_REFUSED_PLAYER;
    if (game->winner) return FAMILY_REFUSED_OVER;
    *cell = (size_t)row * game->cols + col;
    if (holder(game->board, *cell)) return FAMILY_REFUSED_TAKEN;
    if (game->gravity && game->heights[col] != game->rows - 1 - row) return FAMILY_REFUSED_FLOATING;
    if (game->len == game->capacity) {
        size_t cells = (size_t)game->rows * game->cols;
        size_t capacity = game->capacity * 2 < cells ? game->capacity * 2 : cells;
        uint32_t *history = (uint32_t *)realloc(game->history, capacity * sizeof(uint32_t));
        if (!history) return FAMILY_REFUSED_MEMORY;
        game->history = history;
        game->capacity = capacity;
    }
    return 0;
}

/* Marks a checked move. */
static inline void mark(struct common *game, size_t cell, uint32_t col, uint32_t player) {
    game->board[cell / 32] |= (uint64_t)player << (cell % 32 * 2);
    game->history[game->len++] = (uint32_t)cell;
    game->marks[player - 1]++;
    if (game->gravity) game->heights[col]++;
}

runs_game *runs_new(uint32_t rows, uint32_t cols, uint32_t k, uint32_t flags) {
    void *runs;
    runs_game *game = (runs_game *)common_new(sizeof(runs_game), rows, cols, k, flags, 4 * sizeof(uint16_t), &runs);
    if (game) game->runs = (uint16_t *)runs;
    return game;
}

__attribute__((noinline)) int32_t runs_move(runs_game *game, uint32_t row, uint32_t col, uint32_t player) {
    struct common *g = &game->common;
    uint32_t rows = g->rows, cols = g->cols, k = g->k, exact = g->exact, won = 0;
    const uint64_t *board = g->board;
    uint16_t *runs = game->runs;
    size_t cell;
    int32_t refused = check(g, row, col, player, &cell);
    if (refused) return refused;
    mark(g, cell, col, player);
/* Direction d, whose next cell is `stride` cells on: the run ending just before the cell and
 * the one starting just after it (when those cells are on the board and the player's) join
 * through it; the joined length goes to its two ends, and the cell itself keeps the length of
 * the part before it when it lands inside. */
#define JOIN(d, has_prev, has_next, stride)                                                 \
    do {                                                                                    \
        size_t before = 0, after = 0, len;                                                  \
        if ((has_prev) && holder(board, cell - (stride)) == player)                         \
            before = runs[4 * (cell - (stride)) + (d)];                                     \
        if ((has_next) && holder(board, cell + (stride)) == player)                         \
            after = runs[4 * (cell + (stride)) + (d)];                                      \
        len = before + 1 + after;                                                           \
        runs[4 * cell + (d)] = (uint16_t)(before && after ? before : len);                  \
        runs[4 * (cell - (stride) * before) + (d)] = (uint16_t)len;                         \
        runs[4 * (cell + (stride) * after) + (d)] = (uint16_t)len;                          \
        won |= exact ? len == k : len >= k;                                                 \
    } while (0)
    JOIN(0, col > 0, col + 1 < cols, (size_t)1);
    JOIN(1, row > 0, row + 1 < rows, (size_t)cols);
    JOIN(2, row > 0 && col > 0, row + 1 < rows && col + 1 < cols, (size_t)cols + 1);
    JOIN(3, row > 0 && col + 1 < cols, row + 1 < rows && col > 0, (size_t)cols - 1);
#undef JOIN
    if (won) {
        g->winner = player;
        return (int32_t)player;
    }
    return 0;
}

void runs_free(runs_game *game) {
    common_free(game ? &game->common : NULL);
}

scan_game *scan_new(uint32_t rows, uint32_t cols, uint32_t k, uint32_t flags) {
    void *unused;
    return (scan_game *)common_new(sizeof(scan_game), rows, cols, k, flags, 0, &unused);
}

__attribute__((noinline)) int32_t scan_move(scan_game *game, uint32_t row, uint32_t col, uint32_t player) {
    struct common *g = &game->common;
    uint32_t rows = g->rows, cols = g->cols, k = g->k, exact = g->exact, won = 0;
    /* The marks worth counting: k decides a win, k + 1 an overline under the exact rule. */
    uint32_t limit = exact ? k + 1 : k;
    const uint64_t *board = g->board;
    size_t cell;
    int32_t refused = check(g, row, col, player, &cell);
    if (refused) return refused;
    mark(g, cell, col, player);
/* The player's marks in a row through the cell along (dr, dc), the next cell `stride` cells on,
 * counted outwards both ways (row and column wrap past 0 to above the sides, which ends the
 * scan). */
#define SCAN(dr, dc, stride)                                                                 \
    do {                                                                                     \
        uint32_t len = 1, r, c;                                                              \
        size_t i;                                                                            \
        for (r = row - (dr), c = col - (dc), i = cell - (stride);                            \
             len < limit && r < rows && c < cols && holder(board, i) == player;              \
             r -= (dr), c -= (dc), i -= (stride))                                            \
            len++;                                                                           \
        for (r = row + (dr), c = col + (dc), i = cell + (stride);                            \
             len < limit && r < rows && c < cols && holder(board, i) == player;              \
             r += (dr), c += (dc), i += (stride))                                            \
            len++;                                                                           \
        won |= exact ? len == k : len >= k;                                                  \
    } while (0)
    SCAN(0u, 1u, (size_t)1);
    SCAN(1u, 0u, (size_t)cols);
    SCAN(1u, 1u, (size_t)cols + 1);
    SCAN(1u, (uint32_t)-1, (size_t)cols - 1);
#undef SCAN
    if (won) {
        g->winner = player;
        return (int32_t)player;
    }
    return 0;
}

void scan_free(scan_game *game) {
    common_free(game ? &game->common : NULL);
}
