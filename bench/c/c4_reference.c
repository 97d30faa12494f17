/* The Connect Four reference of `make bench` (issue 32): a strong solver of 7 columns x 6 rows,
 * four in a row, in the form Pascal Pons' blog series ("Solving Connect 4: how to build a
 * perfect AI") ends with, written here from its description (his code is not used), plain C99,
 * single-threaded, no opening book. It is the measuring stick our own solver is held to, and
 * the program that values the positions of bench/c4/.
 *
 * - The board: one word a side, column-major, 7 bits a column (6 cells and a spare bit that
 *   stops shifts from running into the next column). `mine` holds the stones of the player to
 *   move, `mask` every stone; `mine + mask + BOTTOM` is a unique key of the position.
 * - Scores, as in the benchmark's files: 0 a draw; positive when the player to move wins,
 *   (43 - stones on the board before its winning stone) / 2, that is 1 for a win with its 21st
 *   stone and 21 for a win with its first; negative the same for a loss.
 * - Negamax with alpha-beta, called only when the player to move cannot win at once; it plays
 *   only the moves that do not lose at once (a forced block when the opponent has one winning
 *   cell, nothing when it has two; never under an opponent's winning cell), ordered by the
 *   winning cells the move leaves its player, ties centre-first (an insertion sort).
 * - A transposition table of 2^23 + 9 entries (a prime): the key modulo the size picks the
 *   entry, which keeps the key's low 32 bits and one byte of value. The key is below 2^49 and
 *   (key mod a prime, key mod 2^32) determines it below the prime times 2^32 (Chinese
 *   remainders), so a match is the position itself. A value is an upper or a lower bound.
 * - The driver narrows [min, max] by null-window searches, trying the middle of the window
 *   pulled towards min / 2 or max / 2 (the blog's iterative deepening): short wins and losses
 *   are proved first.
 *
 * The table persists from one position to the next, as the benchmark is run (one process,
 * positions one after another).
 *
 * Usage:
 *   c4_reference [--json] FILE   solve each line "<columns 1-7> <score>" of FILE in order,
 *                                check the score, print the mean time and positions visited a
 *                                position and how many were wrong (exit 1 if any); --json prints
 *                                them as one JSON object.
 *   c4_reference --each FILE     print "<columns> <score> <positions visited> <ns>" for each
 *                                line (a score on the line is ignored), flushed line by line.
 *   c4_reference --within N FILE the same, but the score only when the game ends within N
 *                                plies under perfect play, else "-" in its place (a filter for
 *                                bench/c4/make_sets.py: cheap when the game goes on longer).
 * FILE `-` is standard input. A line whose moves are illegal or end the game is refused (exit 2).
 * Built with -O3 only (no -march=native: the benchmark machine may differ). */
#define _POSIX_C_SOURCE 199309L

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { WIDTH = 7, HEIGHT = 6, CELLS = WIDTH * HEIGHT, COLUMN_BITS = HEIGHT + 1 };

/* The bottom cell of every column, and every cell of the board (no spare bit). */
#define BOTTOM                                                                                     \
    (UINT64_C(1) | UINT64_C(1) << 7 | UINT64_C(1) << 14 | UINT64_C(1) << 21 | UINT64_C(1) << 28 |  \
     UINT64_C(1) << 35 | UINT64_C(1) << 42)
#define BOARD (BOTTOM * ((UINT64_C(1) << HEIGHT) - 1))

typedef struct {
    uint64_t mine; /* the stones of the player to move */
    uint64_t mask; /* every stone */
    int moves;     /* stones on the board */
} position;

static uint64_t column_cells(int col) { return ((UINT64_C(1) << HEIGHT) - 1) << (col * COLUMN_BITS); }

static uint64_t top_cell(int col) { return UINT64_C(1) << (HEIGHT - 1 + col * COLUMN_BITS); }

/* The empty cells that would complete four of `stones` (a line of three and the cell). */
static uint64_t winning_cells(uint64_t stones, uint64_t mask) {
    static const int steps[3] = {COLUMN_BITS, COLUMN_BITS - 1, COLUMN_BITS + 1};
    uint64_t found = (stones << 1) & (stones << 2) & (stones << 3); /* on top of three */
    int i;
    for (i = 0; i < 3; i++) {
        int s = steps[i];
        uint64_t pair = (stones << s) & (stones << 2 * s); /* two stones on one side */
        found |= pair & (stones << 3 * s);                 /* and a third beyond them */
        found |= pair & (stones >> s);                     /* and one on the other side */
        pair = (stones >> s) & (stones >> 2 * s);          /* the same the other way */
        found |= pair & (stones << s);
        found |= pair & (stones >> 3 * s);
    }
    return found & (BOARD ^ mask);
}

/* The cells a stone can be dropped into now. */
static uint64_t playable(const position *p) { return (p->mask + BOTTOM) & BOARD; }

static int can_win_now(const position *p) { return (winning_cells(p->mine, p->mask) & playable(p)) != 0; }

static void play(position *p, uint64_t cell) {
    p->mine ^= p->mask; /* the opponent becomes the player to move */
    p->mask |= cell;
    p->moves++;
}

/* The playable cells after which the opponent cannot win at once (0: every move loses). */
static uint64_t non_losing_moves(const position *p) {
    uint64_t moves = playable(p);
    uint64_t threats = winning_cells(p->mine ^ p->mask, p->mask);
    uint64_t forced = moves & threats;
    if (forced) {
        if (forced & (forced - 1)) return 0; /* two to block */
        moves = forced;
    }
    return moves & ~(threats >> 1); /* never just under an opponent's winning cell */
}

static int bit_count(uint64_t bits) {
    int count = 0;
    for (; bits; bits &= bits - 1) count++;
    return count;
}

/* --- the transposition table -------------------------------------------------------------- */

#define TABLE_SIZE 8388617u /* 2^23 + 9, a prime */

static uint32_t *table_keys;
static uint8_t *table_values;

/* Values: 0 empty; 1..43 an upper bound (score + 22); 44..86 a lower bound (score + 65). */
enum { UPPER = 22, LOWER = 65, FIRST_LOWER = 44 };

static uint8_t table_get(uint64_t key) {
    size_t i = (size_t)(key % TABLE_SIZE);
    return table_keys[i] == (uint32_t)key ? table_values[i] : 0;
}

static void table_put(uint64_t key, uint8_t value) {
    size_t i = (size_t)(key % TABLE_SIZE);
    table_keys[i] = (uint32_t)key;
    table_values[i] = value;
}

/* --- the search ---------------------------------------------------------------------------- */

static uint64_t visited;

static const int CENTRE_FIRST[WIDTH] = {3, 2, 4, 1, 5, 0, 6};

/* The score of `p` within (alpha, beta): exact inside it, an upper bound at or below alpha, a
 * lower bound at or above beta. The player to move cannot win at once. */
static int negamax(const position *p, int alpha, int beta) {
    uint64_t moves = non_losing_moves(p), key;
    uint64_t sorted[WIDTH];
    int scores[WIDTH], count = 0, i, lowest, highest;
    uint8_t stored;
    visited++;
    if (!moves) return -(CELLS - p->moves) / 2; /* the opponent wins with its next stone */
    if (p->moves >= CELLS - 2) return 0;        /* neither can win with the last two stones */
    lowest = -(CELLS - 2 - p->moves) / 2;       /* the opponent cannot win with its next stone */
    if (alpha < lowest) {
        alpha = lowest;
        if (alpha >= beta) return alpha;
    }
    highest = (CELLS - 1 - p->moves) / 2; /* nor can we with this one */
    key = p->mine + p->mask + BOTTOM;
    stored = table_get(key);
    if (stored >= FIRST_LOWER) {
        int bound = stored - LOWER;
        if (alpha < bound) {
            alpha = bound;
            if (alpha >= beta) return alpha;
        }
    } else if (stored) {
        int bound = stored - UPPER;
        if (highest > bound) highest = bound;
    }
    if (beta > highest) {
        beta = highest;
        if (alpha >= beta) return beta;
    }
    /* Added from the edges inwards, each after those of a higher score and before those of a
     * lower or equal one, taken from the front: the most winning cells first, ties centre-first. */
    for (i = WIDTH - 1; i >= 0; i--) {
        uint64_t move = moves & column_cells(CENTRE_FIRST[i]);
        int score, at;
        if (!move) continue;
        score = bit_count(winning_cells(p->mine | move, p->mask | move));
        for (at = count; at > 0 && scores[at - 1] <= score; at--) {
            scores[at] = scores[at - 1];
            sorted[at] = sorted[at - 1];
        }
        scores[at] = score;
        sorted[at] = move;
        count++;
    }
    for (i = 0; i < count; i++) {
        position next = *p;
        int score;
        play(&next, sorted[i]);
        score = -negamax(&next, -beta, -alpha);
        if (score >= beta) {
            table_put(key, (uint8_t)(score + LOWER));
            return score;
        }
        if (score > alpha) alpha = score;
    }
    table_put(key, (uint8_t)(alpha + UPPER));
    return alpha;
}

/* The exact score of `p`, by null-window searches. */
static int solve(const position *p) {
    int min, max;
    if (can_win_now(p)) return (CELLS + 1 - p->moves) / 2;
    min = -(CELLS - p->moves) / 2;
    max = (CELLS + 1 - p->moves) / 2;
    while (min < max) {
        int middle = min + (max - min) / 2, found;
        if (middle <= 0 && min / 2 < middle)
            middle = min / 2;
        else if (middle >= 0 && max / 2 > middle)
            middle = max / 2;
        found = negamax(p, middle, middle + 1);
        if (found <= middle)
            max = found;
        else
            min = found;
    }
    return min;
}

/* Whether the game ends within `plies` plies under perfect play (the winner's stone at most
 * `plies` stones from now), by two null-window searches: far cheaper than `solve` when it does
 * not, which is what makes drawing the Begin classes' positions from random games affordable. */
static int ends_within(const position *p, int plies) {
    int win_plies = plies % 2 ? plies : plies - 1, loss_plies = plies % 2 ? plies - 1 : plies;
    int win = (CELLS + 2 - p->moves - win_plies) / 2, loss = (CELLS + 2 - p->moves - loss_plies) / 2;
    if (can_win_now(p)) return plies >= 1;
    if (win_plies >= 1 && negamax(p, win - 1, win) >= win) return 1;
    return loss_plies >= 2 && negamax(p, -loss, -loss + 1) <= -loss;
}

/* --- the benchmark's files ------------------------------------------------------------------ */

/* Plays the columns ('1'..'7') at the start of `line` into `p`; the count of digits read, or -1
 * for a move into a full column or one that ends the game (a win or the last cell). */
static int parse_moves(const char *line, position *p) {
    int n = 0;
    p->mine = p->mask = 0;
    p->moves = 0;
    for (; line[n] >= '1' && line[n] <= '7'; n++) {
        int col = line[n] - '1';
        uint64_t cell;
        if (p->mask & top_cell(col)) return -1;
        cell = (p->mask + BOTTOM) & column_cells(col);
        if (winning_cells(p->mine, p->mask) & cell) return -1;
        if (p->moves == CELLS - 1) return -1;
        play(p, cell);
    }
    return n;
}

static double now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

static int usage(void) {
    fprintf(stderr, "usage: c4_reference [--json | --each | --within PLIES] FILE (- for standard input)\n");
    return 2;
}

int main(int argc, char **argv) {
    int json = 0, each = 0, within = -1, count = 0, wrong = 0, first_wrong = 0;
    const char *path;
    FILE *in;
    char line[256];
    double total_ns = 0;
    uint64_t total_visited = 0;
    if (argc == 3 && strcmp(argv[1], "--json") == 0)
        json = 1;
    else if (argc == 3 && strcmp(argv[1], "--each") == 0)
        each = 1;
    else if (argc == 4 && strcmp(argv[1], "--within") == 0 && sscanf(argv[2], "%d", &within) == 1 &&
             within >= 0)
        each = 1;
    else if (argc != 2)
        return usage();
    path = argv[argc - 1];
    in = strcmp(path, "-") == 0 ? stdin : fopen(path, "r");
    if (!in) {
        perror(path);
        return 2;
    }
    table_keys = (uint32_t *)calloc(TABLE_SIZE, sizeof *table_keys);
    table_values = (uint8_t *)calloc(TABLE_SIZE, sizeof *table_values);
    if (!table_keys || !table_values) {
        fprintf(stderr, "c4_reference: no memory for the table\n");
        return 2;
    }
    while (fgets(line, sizeof line, in)) {
        position p;
        int length = parse_moves(line, &p), score, expected = 0, shown;
        double start, elapsed;
        uint64_t before = visited;
        if (line[0] == '\n' || line[0] == '\0') continue;
        if (length < 0 || (line[length] != ' ' && line[length] != '\n' && line[length] != '\0') ||
            (!each && sscanf(line + length, "%d", &expected) != 1)) {
            fprintf(stderr, "c4_reference: line %d refused (illegal, game over, or no score): %s",
                    count + 1, line);
            return 2;
        }
        start = now_ns();
        shown = within < 0 || ends_within(&p, within);
        score = shown ? solve(&p) : 0;
        elapsed = now_ns() - start;
        total_ns += elapsed;
        total_visited += visited - before;
        count++;
        if (each) {
            if (shown)
                printf("%.*s %d", length, line, score);
            else
                printf("%.*s -", length, line);
            printf(" %llu %.0f\n", (unsigned long long)(visited - before), elapsed);
            fflush(stdout);
        } else if (score != expected && !wrong++) {
            first_wrong = count;
        }
    }
    if (in != stdin) fclose(in);
    if (each) return 0;
    if (count == 0) {
        fprintf(stderr, "c4_reference: no positions in %s\n", path);
        return 2;
    }
    if (json)
        printf("{\"positions\": %d, \"mean_us\": %.3f, \"mean_visited\": %.1f, \"wrong\": %d, "
               "\"first_wrong\": %d}\n",
               count, total_ns / count / 1e3, (double)total_visited / count, wrong, first_wrong);
    else
        printf("%s: %d positions, mean %.3f us, mean %.1f positions visited, %d wrong%s\n", path, count,
               total_ns / count / 1e3, (double)total_visited / count, wrong,
               wrong ? " (see the first with --each)" : "");
    return wrong ? 1 : 0;
}
