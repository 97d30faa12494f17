/* A deliberate data race: two threads play on one game without a lock, which the contract
 * forbids. ThreadSanitizer must report it inside the Rust library (`make c-tsan` checks that
 * it does), which proves the library's own reads and writes are instrumented and watched. */
#include <pthread.h>
#include <stdint.h>

#include "tictactoe.h"

static void *play(void *arg) {
    uint32_t winner = 0, i;
    for (i = 0; i < 1000; i++) {
        tictactoe_game_play(arg, i % 40, (i * 7) % 40, &winner);
    }
    return NULL;
}

int main(void) {
    tictactoe_game *game = NULL;
    pthread_t a, b;
    tictactoe_game_new(40, &game);
    pthread_create(&a, NULL, play, game);
    pthread_create(&b, NULL, play, game);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    tictactoe_game_free(game);
    return 0;
}
