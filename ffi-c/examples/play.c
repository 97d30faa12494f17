/* A short C program on libtictactoe: plays a 3 x 3 game turn by turn, printing the board after
 * each move, shows a refused move, and takes the last move back. Built by `make demo`, and by
 * the install test through pkg-config. */
#include <stdio.h>
#include <stdlib.h>

#include "tictactoe.h"

/* Exits with the library's description of a failed call. */
static void ok(tictactoe_result result, const char *call) {
    if (result != TICTACTOE_RESULT_OK) {
        fprintf(stderr, "%s: %s\n", call, tictactoe_result_str(result));
        exit(1);
    }
}

static void print_board(const tictactoe_game *game) {
    char board[64];
    size_t len;
    ok(tictactoe_game_board_text(game, board, sizeof board, &len), "board_text");
    printf("%s\n\n", board);
}

int main(void) {
    static const uint32_t moves[][2] = {{1, 1}, {0, 0}, {0, 2}, {2, 0}, {1, 0}, {1, 2}, {0, 1}, {2, 1}, {2, 2}};
    tictactoe_game *game = NULL;
    tictactoe_move undone;
    uint32_t winner = 0, player;
    size_t i;
    tictactoe_result refused;

    printf("libtictactoe %s\n\n", tictactoe_version());
    ok(tictactoe_game_new(3, &game), "new");
    for (i = 0; i < sizeof moves / sizeof moves[0] && winner == 0; i++) {
        ok(tictactoe_game_next_player(game, &player), "next_player");
        ok(tictactoe_game_play(game, moves[i][0], moves[i][1], &winner), "play");
        printf("%c plays (%u, %u) -> winner %u\n", player == 1 ? 'X' : 'O', (unsigned)moves[i][0],
               (unsigned)moves[i][1], (unsigned)winner);
        print_board(game);
    }
    refused = tictactoe_game_play(game, 1, 1, &winner);
    printf("playing (1, 1) again is refused: %s\n", tictactoe_result_str(refused));
    ok(tictactoe_game_undo(game, &undone), "undo");
    printf("undo takes back (%u, %u) of player %u\n", (unsigned)undone.row, (unsigned)undone.col,
           (unsigned)undone.player);
    tictactoe_game_free(game);
    return refused == TICTACTOE_RESULT_OCCUPIED ? 0 : 1;
}
