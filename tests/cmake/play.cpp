// Plays LeetCode 348's example through the installed tictactoe.hpp; exits 0 when player 1 wins
// with the bottom row, as the example says.
#include <cstdio>

#include <tictactoe.hpp>

int main() {
    tictactoe::game game(3);
    const unsigned moves[][3] = {{0, 0, 1}, {0, 2, 2}, {2, 2, 1}, {1, 1, 2}, {2, 0, 1}, {1, 0, 2}, {2, 1, 1}};
    unsigned winner = 0;
    for (const auto &m : moves) winner = game.move(m[0], m[1], m[2]);
    std::printf("%s\nwinner: %u (libtictactoe %s)\n", game.board_text().c_str(), winner,
                std::string(tictactoe::version()).c_str());
    return winner == 1 && game.board_text() == "X.O\nOO.\nXXX" ? 0 : 1;
}
