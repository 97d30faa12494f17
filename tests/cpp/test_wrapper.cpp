// include/tictactoe.hpp, the C++17 wrapper: every method, the errors it throws (with their
// codes), ownership (moves, clones, release) and std::optional results. Built with
// -std=c++17 -Wall -Wextra -Werror, and run under AddressSanitizer and UBSan too.
#include <cstdio>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "tictactoe.hpp"

namespace {

int passed = 0, failed = 0;

void check(bool cond, int line) {
    if (cond) {
        passed++;
    } else {
        failed++;
        std::fprintf(stderr, "test_wrapper.cpp:%d: check failed\n", line);
    }
}
#define CHECK(cond) check((cond), __LINE__)

// Runs `call`, which must throw tictactoe::error with `code`.
template <typename Call>
void check_throws(Call call, tictactoe_result code, int line) {
    try {
        call();
        check(false, line);
    } catch (const tictactoe::error &e) {
        check(e.code() == code && std::string(e.what()) == tictactoe_result_str(code), line);
    }
}
#define CHECK_THROWS(call, code) check_throws([&] { call; }, code, __LINE__)

void test_moves_and_queries() {
    tictactoe::game g(3);
    CHECK(g.n() == 3 && g.marks() == 0 && g.next_player() == 1);
    CHECK(g.status() == TICTACTOE_STATUS_IN_PROGRESS && !g.winner());
    // LeetCode 348's example.
    const std::uint32_t moves[][3] = {{0, 0, 1}, {0, 2, 2}, {2, 2, 1}, {1, 1, 2}, {2, 0, 1}, {1, 0, 2}};
    for (const auto &m : moves) CHECK(g.move(m[0], m[1], m[2]) == 0);
    CHECK(g.cell(0, 2) == 2u && !g.cell(0, 1));
    CHECK(g.can_win(1) && g.can_win(2) && !g.is_draw_certain());
    CHECK(g.move(2, 1, 1) == 1);
    CHECK(g.winner() == 1u && g.status() == TICTACTOE_STATUS_WON);
    CHECK(g.board_text() == "X.O\nOO.\nXXX");
    auto lines = g.winning_lines();
    CHECK(lines.size() == 1 && lines[0].kind == TICTACTOE_LINE_KIND_ROW && lines[0].index == 2);
    auto history = g.history();
    CHECK(history.size() == 7 && history[6].row == 2 && history[6].col == 1 && history[6].player == 1);
    CHECK(g.serialize() == "tictactoe/1 n=3 moves=0,0,1;0,2,2;2,2,1;1,1,2;2,0,1;1,0,2;2,1,1");
}

void test_refusals_change_nothing() {
    tictactoe::game g(3);
    g.play(1, 1);
    const std::string before = g.serialize();
    CHECK_THROWS(g.move(3, 0, 2), TICTACTOE_RESULT_OUT_OF_BOUNDS);
    CHECK_THROWS(g.move(0, 0, 9), TICTACTOE_RESULT_INVALID_PLAYER);
    CHECK_THROWS(g.play(1, 1), TICTACTOE_RESULT_OCCUPIED);
    CHECK_THROWS(g.cell(0, 5), TICTACTOE_RESULT_OUT_OF_BOUNDS);
    CHECK_THROWS(g.can_win(0), TICTACTOE_RESULT_INVALID_PLAYER);
    CHECK(g.serialize() == before);
    CHECK_THROWS(tictactoe::game(0), TICTACTOE_RESULT_INVALID_SIZE);
    CHECK_THROWS(tictactoe::game(65536), TICTACTOE_RESULT_INVALID_SIZE);
    // The error is a std::runtime_error for generic handlers.
    static_assert(std::is_base_of_v<std::runtime_error, tictactoe::error>);
}

void test_move_many() {
    tictactoe::game g(3);
    std::size_t refused = 99;
    const std::vector<tictactoe_move> bad = {{0, 0, 1}, {1, 1, 2}, {0, 0, 1}};
    CHECK_THROWS(g.move_many(bad, &refused), TICTACTOE_RESULT_OCCUPIED);
    CHECK(refused == 2 && g.marks() == 0);
    CHECK(g.move_many({{0, 0, 1}, {1, 1, 2}, {0, 1, 1}, {2, 2, 2}, {0, 2, 1}}) == 1);
    CHECK(g.move_many({}) == 1);  // an empty list leaves the winner as it is
    CHECK_THROWS(g.move_many({{2, 0, 2}}), TICTACTOE_RESULT_GAME_OVER);
}

void test_undo_and_ownership() {
    tictactoe::game g(4);
    CHECK(!g.undo());
    g.play(3, 3);
    tictactoe::game copy = g.clone();
    auto undone = g.undo();
    CHECK(undone && undone->row == 3 && undone->col == 3 && undone->player == 1);
    CHECK(g.marks() == 0 && copy.marks() == 1);  // copies are independent
    tictactoe::game moved = std::move(copy);
    CHECK(moved.marks() == 1 && moved.cell(3, 3) == 1u);
    moved = tictactoe::game(2);
    CHECK(moved.n() == 2);
    tictactoe::game &alias = moved;
    moved = std::move(alias);  // self-move keeps the game
    CHECK(moved.n() == 2);
    static_assert(!std::is_copy_constructible_v<tictactoe::game>);
    static_assert(std::is_nothrow_move_constructible_v<tictactoe::game>);
    // The handle is lent to C calls, still owned by the wrapper.
    std::uint32_t n = 0;
    CHECK(tictactoe_game_n(moved.get(), &n) == TICTACTOE_RESULT_OK && n == 2);
}

void test_positions_and_text() {
    auto g = tictactoe::game::from_cells(3, {1, 0, 0, 0, 2, 0, 0, 0, 0});
    CHECK(g.marks() == 2 && g.next_player() == 1 && !g.undo());
    CHECK(tictactoe::is_valid_position(3, {1, 1, 0, 0, 0, 0, 0, 0, 0}) == false);
    CHECK(tictactoe::is_valid_position(2, {1, 0, 0, 0}));
    CHECK(!tictactoe::is_valid_position(2, {}));
    CHECK_THROWS(tictactoe::is_valid_position(0, {}), TICTACTOE_RESULT_INVALID_SIZE);
    CHECK_THROWS(tictactoe::game::from_cells(3, {2, 0, 0, 0, 0, 0, 0, 0, 0}), TICTACTOE_RESULT_INVALID_POSITION);
    CHECK_THROWS(tictactoe::game::from_cells(3, {}), TICTACTOE_RESULT_INVALID_POSITION);
    g.play(2, 2);
    auto back = tictactoe::game::parse(g.serialize());
    CHECK(back.serialize() == g.serialize() && back.board_text() == "X..\n.O.\n..X");
    CHECK_THROWS(tictactoe::game::parse("tictactoe/9"), TICTACTOE_RESULT_PARSE_ERROR);
    CHECK_THROWS(tictactoe::game::parse(""), TICTACTOE_RESULT_PARSE_ERROR);
    CHECK(tictactoe::version() == TICTACTOE_VERSION);
}

}  // namespace

int main() {
    test_moves_and_queries();
    test_refusals_change_nothing();
    test_move_many();
    test_undo_and_ownership();
    test_positions_and_text();
    std::printf("test_wrapper.cpp: %d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
