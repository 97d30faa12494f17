/* Deliberately wrong: reads a game after freeing it. Run against the ASan-instrumented Rust
 * library (`make c-asan-rust`), AddressSanitizer must report a heap-use-after-free inside the
 * Rust code; the Makefile fails if it does not, proving that the instrumentation is live. */
#include <stdio.h>

#include "tictactoe.h"

int main(void) {
    tictactoe_game *game = NULL;
    uint32_t n = 0;
    if (tictactoe_game_new(3, &game) != TICTACTOE_RESULT_OK) return 1;
    tictactoe_game_free(game);
    tictactoe_game_n(game, &n); /* use after free, inside libtictactoe */
    printf("read n = %u from a freed game without a report\n", (unsigned)n);
    return 0;
}
