/* A game's state as its serialized text, to check that a refused call changed nothing. Include
 * after check.h and tictactoe.h. */
#ifndef TICTACTOE_TEST_SNAPSHOT_H
#define TICTACTOE_TEST_SNAPSHOT_H

#include <stdlib.h>
#include <string.h>

/* The serialized form of a game, for comparing states (caller frees). */
static inline char *snapshot(const tictactoe_game *game) {
    size_t len = 0;
    char *text;
    if (tictactoe_game_serialize(game, NULL, 0, &len) != TICTACTOE_RESULT_BUFFER_TOO_SMALL) return NULL;
    text = (char *)malloc(len + 1);
    if (text && tictactoe_game_serialize(game, text, len + 1, &len) != TICTACTOE_RESULT_OK) {
        free(text);
        return NULL;
    }
    return text;
}

/* Checks that `game` still serializes to `before`. */
static inline void check_unchanged(const tictactoe_game *game, const char *before) {
    char *now = snapshot(game);
    CHECK(now != NULL && before != NULL && strcmp(now, before) == 0);
    free(now);
}

#endif
