/* `make soak`: millions of random calls into the C ABI (moves, plays, undos, clones, text
 * round trips, invalid values included) on games of size 1 to 6, every result compared with a
 * brute-force model written here, and each game's board compared with the model at its end.
 * Usage: soak [operations] (default 10000000). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tictactoe.h"

#define MAX 6

typedef struct {
    int n, grid[MAX][MAX], moves;
    int history[MAX * MAX * 4][3];
} model;

static int owns_line(const model *m, int p) {
    int i, j, n = m->n, all;
    for (i = 0; i < n; i++) {
        for (all = 1, j = 0; j < n; j++) all &= m->grid[i][j] == p;
        if (all) return 1;
        for (all = 1, j = 0; j < n; j++) all &= m->grid[j][i] == p;
        if (all) return 1;
    }
    for (all = 1, i = 0; i < n; i++) all &= m->grid[i][i] == p;
    if (all) return 1;
    for (all = 1, i = 0; i < n; i++) all &= m->grid[i][n - 1 - i] == p;
    return all;
}

static int winner(const model *m) { return owns_line(m, 1) ? 1 : owns_line(m, 2) ? 2 : 0; }

static int count(const model *m, int p) {
    int i, j, c = 0;
    for (i = 0; i < m->n; i++)
        for (j = 0; j < m->n; j++) c += m->grid[i][j] == p;
    return c;
}

/* The model's move: the result code the library must give, and the winner on success. */
static tictactoe_result model_move(model *m, uint32_t row, uint32_t col, uint32_t p, uint32_t *won) {
    if (row >= (uint32_t)m->n || col >= (uint32_t)m->n) return TICTACTOE_RESULT_OUT_OF_BOUNDS;
    if (p != 1 && p != 2) return TICTACTOE_RESULT_INVALID_PLAYER;
    if (winner(m)) return TICTACTOE_RESULT_GAME_OVER;
    if (m->grid[row][col]) return TICTACTOE_RESULT_OCCUPIED;
    m->grid[row][col] = (int)p;
    m->history[m->moves][0] = (int)row;
    m->history[m->moves][1] = (int)col;
    m->history[m->moves][2] = (int)p;
    m->moves++;
    *won = (uint32_t)winner(m);
    return TICTACTOE_RESULT_OK;
}

static uint64_t state = 0x2545F4914F6CDD1Dull;
static uint64_t next(uint64_t bound) {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state % bound;
}

static void fail(const char *what, unsigned long long op) {
    fprintf(stderr, "soak: %s differs from the model at operation %llu\n", what, op);
    exit(1);
}

int main(int argc, char **argv) {
    unsigned long long total = argc > 1 ? strtoull(argv[1], NULL, 10) : 10000000ull, done = 0, games = 0;
    while (done < total) {
        model m;
        tictactoe_game *game = NULL;
        uint64_t steps, s;
        int i, j;
        memset(&m, 0, sizeof m);
        m.n = (int)next(MAX) + 1;
        if (tictactoe_game_new((uint32_t)m.n, &game) != TICTACTOE_RESULT_OK) fail("new", done);
        steps = next(4 * (uint64_t)m.n * (uint64_t)m.n) + 1;
        for (s = 0; s < steps; s++, done++) {
            uint32_t row = (uint32_t)next((uint64_t)m.n + 2), col = (uint32_t)next((uint64_t)m.n + 2);
            uint32_t got = 0xFFFFFFFFu, want = 0;
            uint64_t kind = next(10);
            if (kind < 2) row = UINT32_MAX - (uint32_t)next(2); /* the far edge of the range */
            if (kind < 4) {
                uint32_t p = (uint32_t)next(4);
                tictactoe_result expect = model_move(&m, row, col, p, &want);
                if (tictactoe_game_move(game, row, col, p, &got) != expect) fail("move", done);
                if (expect == TICTACTOE_RESULT_OK && got != want) fail("move's winner", done);
            } else if (kind < 7) {
                uint32_t p = count(&m, 1) <= count(&m, 2) ? 1 : 2;
                tictactoe_result expect = model_move(&m, row, col, p, &want);
                if (tictactoe_game_play(game, row, col, &got) != expect) fail("play", done);
                if (expect == TICTACTOE_RESULT_OK && got != want) fail("play's winner", done);
            } else if (kind < 9) {
                tictactoe_move undone;
                tictactoe_result r = tictactoe_game_undo(game, &undone);
                if (m.moves == 0) {
                    if (r != TICTACTOE_RESULT_NOTHING_TO_UNDO) fail("undo", done);
                } else {
                    int *last = m.history[--m.moves];
                    if (r != TICTACTOE_RESULT_OK || undone.row != (uint32_t)last[0] ||
                        undone.col != (uint32_t)last[1] || undone.player != (uint32_t)last[2])
                        fail("undo", done);
                    m.grid[last[0]][last[1]] = 0;
                }
            } else {
                char text[512];
                size_t len;
                tictactoe_game *copy = NULL;
                if (tictactoe_game_serialize(game, text, sizeof text, &len) != TICTACTOE_RESULT_OK) fail("serialize", done);
                if (tictactoe_game_parse(text, len, &copy) != TICTACTOE_RESULT_OK) fail("parse", done);
                tictactoe_game_free(game);
                game = copy;
            }
        }
        for (i = 0; i < m.n; i++) {
            for (j = 0; j < m.n; j++) {
                uint32_t cell;
                if (tictactoe_game_cell(game, (uint32_t)i, (uint32_t)j, &cell) != TICTACTOE_RESULT_OK ||
                    cell != (uint32_t)m.grid[i][j])
                    fail("the final board", done);
            }
        }
        tictactoe_game_free(game);
        games++;
    }
    printf("C ABI soak: %llu operations in %llu games, all equal to the model\n", done, games);
    return 0;
}
