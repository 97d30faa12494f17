// The header from C++: it compiles with g++ -std=c++11 -Wall -Wextra -Werror, and an RAII
// wrapper (what a C++ program would write) plays a game through it.
#include <cstdio>
#include <memory>
#include <stdexcept>
#include <string>

#include "tictactoe.h"

namespace {

struct GameDeleter {
    void operator()(tictactoe_game *game) const { tictactoe_game_free(game); }
};
using Game = std::unique_ptr<tictactoe_game, GameDeleter>;

void ok(tictactoe_result result) {
    if (result != TICTACTOE_RESULT_OK) throw std::runtime_error(tictactoe_result_str(result));
}

Game make(uint32_t n) {
    tictactoe_game *raw = nullptr;
    ok(tictactoe_game_new(n, &raw));
    return Game(raw);
}

std::string board(const Game &game) {
    char buf[64];
    size_t len = 0;
    ok(tictactoe_game_board_text(game.get(), buf, sizeof buf, &len));
    return std::string(buf, len);
}

int passed = 0, failed = 0;

void check(bool cond, const char *what) {
    if (cond) {
        passed++;
    } else {
        failed++;
        std::fprintf(stderr, "check failed: %s\n", what);
    }
}

}  // namespace

int main() {
    Game game = make(3);
    uint32_t winner = 0;
    const uint32_t moves[][3] = {{0, 0, 1}, {0, 2, 2}, {2, 2, 1}, {1, 1, 2}, {2, 0, 1}, {1, 0, 2}, {2, 1, 1}};
    for (const auto &m : moves) ok(tictactoe_game_move(game.get(), m[0], m[1], m[2], &winner));
    check(winner == 1, "LeetCode 348's example: player 1 wins");
    check(board(game) == "X.O\nOO.\nXXX", "the board after the example");
    check(tictactoe_game_move(game.get(), 0, 1, 2, &winner) == TICTACTOE_RESULT_GAME_OVER, "no move after a win");
    try {
        make(0);
        check(false, "n = 0 must throw");
    } catch (const std::runtime_error &e) {
        check(std::string(e.what()) == "the board size must be from 1 to 65535", "the size error's text");
    }
    tictactoe_game *copy = nullptr;
    ok(tictactoe_game_clone(game.get(), &copy));
    Game owned(copy);
    tictactoe_move undone;
    ok(tictactoe_game_undo(owned.get(), &undone));
    check(undone.row == 2 && undone.col == 1 && undone.player == 1, "undo gives the last move back");
    check(board(game) == "X.O\nOO.\nXXX", "the original is untouched by the copy's undo");
    std::printf("test_api.cpp: %d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
