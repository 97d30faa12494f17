/* Memory that cannot be had is ALLOC_FAILED, never an abort: with the address space limited
 * to 256 MiB, a 65535 x 65535 game (a 1 GiB board) cannot be allocated. Not run under ASan or
 * valgrind, which need address space of their own. */
#include <stdint.h>
#include <sys/resource.h>

#include "check.h"
#include "tictactoe.h"

int main(void) {
    struct rlimit limit = {256u << 20, 256u << 20};
    tictactoe_game *game = NULL;
    uint32_t winner = 0;
    CHECK(setrlimit(RLIMIT_AS, &limit) == 0);
    CHECK_RESULT(tictactoe_game_new(65535, &game), TICTACTOE_RESULT_ALLOC_FAILED);
    CHECK(game == NULL);
    /* Small games still work afterwards. */
    CHECK_RESULT(tictactoe_game_new(100, &game), TICTACTOE_RESULT_OK);
    CHECK_RESULT(tictactoe_game_play(game, 50, 50, &winner), TICTACTOE_RESULT_OK);
    tictactoe_game_free(game);
    return checks_report("test_alloc");
}
