/* Plays the shared vectors in tests/vectors/ through the C ABI: the same cases the Rust core
 * and the Python package play, tic-tac-toe's (games.json, positions.json, texts.json) and the
 * family's (family.json). Usage: test_vectors <path to tests/vectors> */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "json.h"
#include "tictactoe.h"

/* Checks that a call returned the code the vector names (its error kind, "ok" for none): the
 * names are the library's own (tictactoe_result_name), so no list of them is typed here. */
#define CHECK_NAMED(call, name)                                                                   \
    do {                                                                                          \
        tictactoe_result got_ = (call);                                                           \
        const char *got_name_ = tictactoe_result_name(got_);                                      \
        if (got_name_ && strcmp(got_name_, (name)) == 0) {                                        \
            checks_passed++;                                                                      \
        } else {                                                                                  \
            checks_failed++;                                                                      \
            fprintf(stderr, "%s:%d: %s gave %s, expected %s\n", __FILE__, __LINE__, #call,         \
                    got_name_ ? got_name_ : "?", (name));                                         \
        }                                                                                         \
    } while (0)

static uint32_t u32(const json *node) { return (uint32_t)node->number; }

/* Text from a buffer-filling function, NUL-terminated, in a static buffer. */
static const char *text_of(const tictactoe_game *game,
                           tictactoe_result (*write)(const tictactoe_game *, char *, size_t, size_t *)) {
    static char buf[4096];
    size_t len;
    if (write(game, buf, sizeof buf, &len) != TICTACTOE_RESULT_OK) return "<error>";
    return buf;
}

/* The vector's board rows joined with newlines, as tictactoe_game_board_text writes them. */
static void join_rows(const json *rows, char *out) {
    size_t i;
    out[0] = '\0';
    for (i = 0; i < rows->len; i++) {
        if (i > 0) strcat(out, "\n");
        strcat(out, rows->items[i]->string);
    }
}

/* "row 2", "column 0", "diagonal", "anti_diagonal": the kind's name, with the index of a row
 * or column. */
static void line_name(tictactoe_line line, char *out) {
    const char *kind = tictactoe_line_kind_name(line.kind);
    if (line.kind == TICTACTOE_LINE_KIND_ROW || line.kind == TICTACTOE_LINE_KIND_COLUMN)
        sprintf(out, "%s %u", kind, (unsigned)line.index);
    else
        strcpy(out, kind);
}

/* The rule flags of a vector's rules object. */
static uint32_t flags_of(const json *rules) {
    return (json_get(rules, "exact")->number != 0 ? TICTACTOE_RULE_EXACT : 0u) |
           (json_get(rules, "gravity")->number != 0 ? TICTACTOE_RULE_GRAVITY : 0u);
}

/* A new game under a vector's rules object (NULL when they are refused). */
static tictactoe_result new_game_of(const json *rules, tictactoe_game **game_out) {
    return tictactoe_game_new_mnk(u32(json_get(rules, "rows")), u32(json_get(rules, "cols")),
                                  u32(json_get(rules, "k")), flags_of(rules), game_out);
}

/* The winning lines ("row 2", ...) of tic-tac-toe's vectors. */
static void check_lines(const tictactoe_game *game, const json *want_lines) {
    char line[32];
    tictactoe_line lines[4];
    size_t count, i;
    CHECK_RESULT(tictactoe_game_winning_lines(game, lines, 4, &count), TICTACTOE_RESULT_OK);
    CHECK(count == want_lines->len);
    for (i = 0; i < count && i < want_lines->len; i++) {
        line_name(lines[i], line);
        CHECK(strcmp(line, want_lines->items[i]->string) == 0);
    }
}

/* The winning runs ([first_row, first_col, last_row, last_col]) of the family's vectors. */
static void check_runs(const tictactoe_game *game, const json *want_runs) {
    tictactoe_run runs[4];
    size_t count, i;
    CHECK_RESULT(tictactoe_game_winning_runs(game, runs, 4, &count), TICTACTOE_RESULT_OK);
    CHECK(count == want_runs->len);
    for (i = 0; i < count && i < want_runs->len; i++) {
        const json *want = want_runs->items[i];
        CHECK(runs[i].first_row == u32(want->items[0]) && runs[i].first_col == u32(want->items[1]) &&
              runs[i].last_row == u32(want->items[2]) && runs[i].last_col == u32(want->items[3]));
    }
}

static void check_final(const tictactoe_game *game, const json *fin, const char *name) {
    char expected[4096];
    tictactoe_status status;
    uint32_t winner, next;
    bool can_x, can_o, draw;
    const json *want_lines = json_get(fin, "winning_lines");
    const json *want_runs = json_get(fin, "winning_runs");
    join_rows(json_get(fin, "board"), expected);
    CHECK(strcmp(text_of(game, tictactoe_game_board_text), expected) == 0);
    tictactoe_game_status(game, &status);
    CHECK(strcmp(tictactoe_status_name(status), json_get(fin, "status")->string) == 0);
    CHECK_RESULT(tictactoe_game_winner(game, &winner), TICTACTOE_RESULT_OK);
    CHECK(winner == u32(json_get(fin, "winner")));
    CHECK_RESULT(tictactoe_game_next_player(game, &next), TICTACTOE_RESULT_OK);
    CHECK(next == u32(json_get(fin, "next_player")));
    tictactoe_game_can_win(game, 1, &can_x);
    tictactoe_game_can_win(game, 2, &can_o);
    CHECK(can_x == (json_get(fin, "can_win")->items[0]->number != 0));
    CHECK(can_o == (json_get(fin, "can_win")->items[1]->number != 0));
    tictactoe_game_is_draw_certain(game, &draw);
    CHECK(draw == (json_get(fin, "draw_certain")->number != 0));
    if (want_lines) check_lines(game, want_lines);
    if (want_runs) check_runs(game, want_runs);
    if (checks_failed) fprintf(stderr, "  (in game \"%s\")\n", name);
}

/* Applies a case's ops to the game, checking each result and that a refusal changes nothing. */
static void play_ops(tictactoe_game *game, const json *ops, const char *name) {
    char before[4096];
    size_t o;
    for (o = 0; o < ops->len; o++) {
        const json *op = ops->items[o];
        const char *verb = op->items[0]->string;
        const json *expect = op->items[op->len - 1];
        tictactoe_result got;
        uint32_t winner = 0, row = 0;
        tictactoe_move undone = {0, 0, 0};
        strcpy(before, text_of(game, tictactoe_game_serialize));
        if (strcmp(verb, "move") == 0) {
            got = tictactoe_game_move(game, u32(op->items[1]), u32(op->items[2]), u32(op->items[3]), &winner);
        } else if (strcmp(verb, "play") == 0) {
            got = tictactoe_game_play(game, u32(op->items[1]), u32(op->items[2]), &winner);
        } else if (strcmp(verb, "drop") == 0) {
            got = tictactoe_game_drop(game, u32(op->items[1]), &row, &winner);
        } else {
            got = tictactoe_game_undo(game, &undone);
        }
        if (expect->type == JSON_STRING) {
            CHECK_NAMED(got, expect->string);
            CHECK(strcmp(before, text_of(game, tictactoe_game_serialize)) == 0);
        } else if (expect->type == JSON_ARRAY) {
            CHECK_RESULT(got, TICTACTOE_RESULT_OK);
            CHECK(undone.row == u32(expect->items[0]) && undone.col == u32(expect->items[1]) &&
                  undone.player == u32(expect->items[2]));
        } else {
            CHECK_RESULT(got, TICTACTOE_RESULT_OK);
            CHECK(winner == u32(expect));
        }
        if (got != TICTACTOE_RESULT_OK && expect->type != JSON_STRING) fprintf(stderr, "  (in \"%s\", op %u)\n", name, (unsigned)o);
    }
}

static void play_games(const char *dir) {
    char path[1024];
    json *root, *games, *sizes;
    size_t g;
    sprintf(path, "%s/games.json", dir);
    root = json_load(path);
    games = json_get(root, "games");
    for (g = 0; g < games->len; g++) {
        const json *game_case = games->items[g];
        const char *name = json_get(game_case, "name")->string;
        tictactoe_game *game = NULL;
        CHECK_RESULT(tictactoe_game_new(u32(json_get(game_case, "n")), &game), TICTACTOE_RESULT_OK);
        play_ops(game, json_get(game_case, "ops"), name);
        check_final(game, json_get(game_case, "final"), name);
        tictactoe_game_free(game);
    }
    sizes = json_get(root, "sizes");
    for (g = 0; g < sizes->len; g++) {
        const json *size = sizes->items[g];
        const json *error = json_get(size, "error");
        tictactoe_game *game = NULL;
        tictactoe_result got = tictactoe_game_new(u32(json_get(size, "n")), &game);
        CHECK_NAMED(got, error->type == JSON_NULL ? "ok" : error->string);
        tictactoe_game_free(game);
    }
    json_free(root);
}

/* A position's rows as cell codes: 'X' 1, 'O' 2, ' ' and '.' 0, anything else 3 (never
 * valid); returns their number. */
static size_t cells_of(const json *rows, uint8_t *cells, size_t capacity) {
    size_t len = 0, r, c;
    for (r = 0; r < rows->len; r++) {
        const char *row = rows->items[r]->string;
        for (c = 0; row[c] && len < capacity; c++) {
            cells[len++] = row[c] == 'X' ? 1 : row[c] == 'O' ? 2 : (row[c] == ' ' || row[c] == '.') ? 0 : 3;
        }
    }
    return len;
}

static void check_positions(const char *dir) {
    char path[1024];
    json *root, *positions;
    size_t p;
    sprintf(path, "%s/positions.json", dir);
    root = json_load(path);
    positions = json_get(root, "positions");
    for (p = 0; p < positions->len; p++) {
        const json *position = positions->items[p];
        const json *rows = json_get(position, "rows");
        const json *valid = json_get(position, "valid");
        uint32_t n = (uint32_t)rows->len;
        uint8_t cells[64];
        size_t len = cells_of(rows, cells, sizeof cells);
        tictactoe_game *game = NULL;
        tictactoe_result expected = TICTACTOE_RESULT_OK;
        if (valid->number == 0) {
            const char *reason = json_get(position, "reason")->string;
            expected = strcmp(reason, tictactoe_result_name(TICTACTOE_RESULT_INVALID_SIZE)) == 0
                           ? TICTACTOE_RESULT_INVALID_SIZE
                           : TICTACTOE_RESULT_INVALID_POSITION;
        }
        CHECK_RESULT(tictactoe_position_validate(n, cells, len), expected);
        CHECK_RESULT(tictactoe_game_from_cells(n, cells, len, &game), expected);
        if (game) {
            uint32_t winner;
            tictactoe_game_winner(game, &winner);
            CHECK(winner == u32(json_get(position, "winner")));
            tictactoe_game_free(game);
        }
    }
    json_free(root);
}

/* The family's games, rule sets and positions (family.json). */
static void check_family(const char *dir) {
    char path[1024];
    json *root, *games, *rule_sets, *positions;
    size_t i;
    sprintf(path, "%s/family.json", dir);
    root = json_load(path);
    games = json_get(root, "games");
    for (i = 0; i < games->len; i++) {
        const json *game_case = games->items[i];
        const char *name = json_get(game_case, "name")->string;
        tictactoe_game *game = NULL;
        CHECK_RESULT(new_game_of(json_get(game_case, "rules"), &game), TICTACTOE_RESULT_OK);
        play_ops(game, json_get(game_case, "ops"), name);
        check_final(game, json_get(game_case, "final"), name);
        tictactoe_game_free(game);
    }
    rule_sets = json_get(root, "rules");
    for (i = 0; i < rule_sets->len; i++) {
        const json *error = json_get(rule_sets->items[i], "error");
        tictactoe_game *game = NULL;
        CHECK_NAMED(new_game_of(json_get(rule_sets->items[i], "rules"), &game),
                    error->type == JSON_NULL ? "ok" : error->string);
        CHECK((game != NULL) == (error->type == JSON_NULL));
        tictactoe_game_free(game);
    }
    positions = json_get(root, "positions");
    for (i = 0; i < positions->len; i++) {
        const json *position = positions->items[i];
        const json *rules = json_get(position, "rules");
        uint32_t rows = u32(json_get(rules, "rows")), cols = u32(json_get(rules, "cols"));
        uint32_t k = u32(json_get(rules, "k")), flags = flags_of(rules);
        uint8_t cells[256];
        size_t len = cells_of(json_get(position, "rows"), cells, sizeof cells);
        tictactoe_result expected =
            json_get(position, "valid")->number != 0 ? TICTACTOE_RESULT_OK : TICTACTOE_RESULT_INVALID_POSITION;
        tictactoe_game *game = NULL;
        CHECK_RESULT(tictactoe_position_validate_mnk(rows, cols, k, flags, cells, len), expected);
        CHECK_RESULT(tictactoe_game_from_cells_mnk(rows, cols, k, flags, cells, len, &game), expected);
        if (game) {
            uint32_t winner;
            tictactoe_game_winner(game, &winner);
            CHECK(winner == u32(json_get(position, "winner")));
            tictactoe_game_free(game);
        }
    }
    json_free(root);
}

static void check_texts(const char *dir, const char *file) {
    char path[1024], expected[4096];
    json *root, *texts;
    size_t t;
    sprintf(path, "%s/%s", dir, file);
    root = json_load(path);
    texts = json_get(root, "texts");
    for (t = 0; t < texts->len; t++) {
        const json *text_case = texts->items[t];
        const char *text = json_get(text_case, "text")->string;
        const json *error = json_get(text_case, "error");
        tictactoe_game *game = NULL;
        tictactoe_result got = tictactoe_game_parse(text, strlen(text), &game);
        if (error->type == JSON_NULL) {
            CHECK_RESULT(got, TICTACTOE_RESULT_OK);
            if (game) {
                size_t moves;
                join_rows(json_get(text_case, "board"), expected);
                CHECK(strcmp(text_of(game, tictactoe_game_board_text), expected) == 0);
                CHECK(strcmp(text_of(game, tictactoe_game_serialize), text) == 0);
                CHECK_RESULT(tictactoe_game_history(game, NULL, 0, &moves),
                             u32(json_get(text_case, "moves")) ? TICTACTOE_RESULT_BUFFER_TOO_SMALL : TICTACTOE_RESULT_OK);
                CHECK(moves == u32(json_get(text_case, "moves")));
            }
        } else {
            CHECK_NAMED(got, error->string);
        }
        tictactoe_game_free(game);
    }
    json_free(root);
}

int main(int argc, char **argv) {
    const char *dir = argc > 1 ? argv[1] : "tests/vectors";
    play_games(dir);
    check_positions(dir);
    check_texts(dir, "texts.json");
    check_family(dir);
    check_texts(dir, "family.json");
    return checks_report("test_vectors");
}
