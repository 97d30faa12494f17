// include/tictactoe.hpp, the C++17 wrapper: every method, the errors it throws (with their
// codes), ownership (moves, clones, release), std::optional results, the k-in-a-row family
// (rules, drops, winning runs, positions and batches under rules), limits on outside data, the
// batch's listed steps and forfeits, its operations over a selection of games (against the
// first members, and a list against every game), a step restarting some games (against a reset
// and a step), threads, the computer player, and the search a learned network guides (PUCT's
// and Gumbel MuZero's). Built with -std=c++17 -Wall -Wextra -Wpedantic -Werror, and run under
// AddressSanitizer and UBSan too.
#include <algorithm>
#include <cstdio>
#include <string>
#include <stdexcept>
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

void test_rules() {
    constexpr tictactoe::rules c4 = tictactoe::rules::connect_four();
    static_assert(c4.rows == 6 && c4.cols == 7 && c4.k == 4 && c4.gravity() && !c4.exact());
    static_assert(tictactoe::rules::gomoku(true).exact() && !tictactoe::rules::gomoku().exact());
    static_assert(tictactoe::rules{} == tictactoe::rules::tic_tac_toe(3));
    static_assert(tictactoe::rules::mnk(4, 5, 3) != tictactoe::rules::mnk(4, 5, 3, TICTACTOE_RULE_EXACT));
    c4.check();
    CHECK_THROWS(tictactoe::rules::mnk(3, 4, 5).check(), TICTACTOE_RESULT_INVALID_RULES);
    CHECK_THROWS(tictactoe::rules::mnk(0, 4, 1).check(), TICTACTOE_RESULT_INVALID_RULES);
    CHECK_THROWS(tictactoe::rules::mnk(3, 4, 3, 4).check(), TICTACTOE_RESULT_INVALID_ARGUMENT);
    CHECK_THROWS(tictactoe::game(tictactoe::rules::mnk(6, 7, 8)), TICTACTOE_RESULT_INVALID_RULES);
    CHECK_THROWS(tictactoe::game::mnk(6, 7, 4, 0xFFu), TICTACTOE_RESULT_INVALID_ARGUMENT);
    CHECK_THROWS(tictactoe::game::mnk(65536, 7, 4), TICTACTOE_RESULT_INVALID_RULES);
    // n x n tic-tac-toe's bad n is the same refusal whichever way it is asked for.
    for (std::uint32_t n : {0u, 65536u}) {
        const auto square = tictactoe::rules::tic_tac_toe(n);
        CHECK_THROWS(square.check(), TICTACTOE_RESULT_INVALID_SIZE);
        CHECK_THROWS(tictactoe::game{n}, TICTACTOE_RESULT_INVALID_SIZE);
        CHECK_THROWS(tictactoe::game{square}, TICTACTOE_RESULT_INVALID_SIZE);
        CHECK_THROWS(tictactoe::game(square, tictactoe::limits{}), TICTACTOE_RESULT_INVALID_SIZE);
        CHECK_THROWS(tictactoe::game::from_cells(square, {}), TICTACTOE_RESULT_INVALID_SIZE);
        CHECK_THROWS(tictactoe::is_valid_position(square, {}), TICTACTOE_RESULT_INVALID_SIZE);
        CHECK_THROWS(tictactoe::batch(4, square, 0), TICTACTOE_RESULT_INVALID_SIZE);
        CHECK_THROWS(tictactoe::batch(4, n, 0), TICTACTOE_RESULT_INVALID_SIZE);
        CHECK_THROWS(tictactoe::game(tictactoe::rules::mnk(n, n, n, TICTACTOE_RULE_EXACT)),
                     TICTACTOE_RESULT_INVALID_RULES);
    }
    // Rules read back as made; game(n) plays rules::tic_tac_toe(n).
    CHECK(tictactoe::game(c4).rules() == c4);
    CHECK(tictactoe::game::mnk(15, 15, 5, TICTACTOE_RULE_EXACT).rules() == tictactoe::rules::gomoku(true));
    CHECK(tictactoe::game(4).rules() == tictactoe::rules::tic_tac_toe(4));
    CHECK(tictactoe::game(tictactoe::rules::tic_tac_toe(3)).serialize() == tictactoe::game(3).serialize());
    CHECK_THROWS(tictactoe::game(c4).n(), TICTACTOE_RESULT_UNSUPPORTED_SIZE);
}

void test_connect_four() {
    tictactoe::game g(tictactoe::rules::connect_four());
    // X climbs the diagonal from (5, 0) to (2, 3); O fills in below.
    const std::uint32_t cols[] = {0, 1, 1, 2, 2, 3, 2, 3, 6, 3};
    const std::uint32_t rows[] = {5, 5, 4, 5, 4, 5, 3, 4, 5, 3};
    for (std::size_t i = 0; i < 10; i++) {
        auto [row, winner] = g.drop(cols[i]);
        CHECK(row == rows[i] && winner == 0);
    }
    const std::string before = g.serialize();
    CHECK_THROWS(g.drop(7), TICTACTOE_RESULT_OUT_OF_BOUNDS);
    CHECK_THROWS(g.play(0, 4), TICTACTOE_RESULT_FLOATING);
    CHECK_THROWS(g.play(5, 0), TICTACTOE_RESULT_OCCUPIED);
    CHECK(g.serialize() == before && g.winning_runs().empty());
    auto [row, winner] = g.drop(3);
    CHECK(row == 2 && winner == 1 && g.winner() == 1u);
    auto runs = g.winning_runs();
    CHECK(runs.size() == 1 && runs[0].first_row == 2 && runs[0].first_col == 3 && runs[0].last_row == 5 &&
          runs[0].last_col == 0);
    CHECK(g.winning_lines().empty());
    CHECK_THROWS(g.drop(4), TICTACTOE_RESULT_GAME_OVER);
    // A full column.
    tictactoe::game h(tictactoe::rules::connect_four());
    for (int i = 0; i < 6; i++) h.drop(5);
    const std::string full = h.serialize();
    CHECK_THROWS(h.drop(5), TICTACTOE_RESULT_COLUMN_FULL);
    CHECK(h.serialize() == full);
    // The text carries the rules; the copy plays by them.
    auto back = tictactoe::game::parse(full);
    CHECK(back.rules() == tictactoe::rules::connect_four() && back.serialize() == full);
    CHECK_THROWS(back.drop(5), TICTACTOE_RESULT_COLUMN_FULL);
    CHECK(full.rfind("tictactoe/1 rows=6 cols=7 k=4 gravity moves=5,5,1;4,5,2;", 0) == 0);
}

void test_gomoku_exact() {
    // X makes six in a row on row 7 (no win under the exact rule), then five on row 9.
    const std::uint32_t six[][2] = {{7, 1}, {0, 0}, {7, 2}, {0, 2}, {7, 3}, {0, 4},
                                    {7, 5}, {0, 6}, {7, 6}, {0, 8}, {7, 4}};
    const std::uint32_t five[][2] = {{0, 10}, {9, 1}, {0, 12}, {9, 2}, {0, 14}, {9, 3},
                                     {2, 0},  {9, 4}, {2, 2},  {9, 5}};
    tictactoe::game exact(tictactoe::rules::gomoku(true));
    tictactoe::game freestyle(tictactoe::rules::gomoku());
    std::uint32_t winner = 0;
    for (const auto &cell : six) {
        CHECK(exact.play(cell[0], cell[1]) == 0);
        winner = freestyle.play(cell[0], cell[1]);
    }
    CHECK(winner == 1 && !exact.winner() && exact.status() == TICTACTOE_STATUS_IN_PROGRESS);
    auto overline = freestyle.winning_runs();
    CHECK(overline.size() == 1 && overline[0].first_col == 1 && overline[0].last_col == 6);
    for (const auto &cell : five) winner = exact.play(cell[0], cell[1]);
    CHECK(winner == 1);
    auto runs = exact.winning_runs();
    CHECK(runs.size() == 1 && runs[0].first_row == 9 && runs[0].first_col == 1 && runs[0].last_col == 5);
}

void test_positions_under_rules() {
    const auto c4 = tictactoe::rules::connect_four();
    std::vector<std::uint8_t> cells(42, 0);
    cells[35] = 1;  // X at (5, 0)
    cells[36] = 2;  // O at (5, 1)
    CHECK(tictactoe::is_valid_position(c4, cells));
    auto g = tictactoe::game::from_cells(c4, cells);
    CHECK(g.rules() == c4 && g.marks() == 2 && g.next_player() == 1);
    CHECK(g.drop(1).row == 4);
    std::vector<std::uint8_t> floating(42, 0);
    floating[0] = 1;
    floating[35] = 2;
    CHECK(!tictactoe::is_valid_position(c4, floating));
    CHECK(tictactoe::is_valid_position(tictactoe::rules::mnk(6, 7, 4), floating));
    CHECK(!tictactoe::is_valid_position(c4, {}));
    CHECK_THROWS(tictactoe::game::from_cells(c4, floating), TICTACTOE_RESULT_INVALID_POSITION);
    CHECK_THROWS(tictactoe::is_valid_position(tictactoe::rules::mnk(6, 7, 9), cells), TICTACTOE_RESULT_INVALID_RULES);
    CHECK_THROWS(tictactoe::game::from_cells(tictactoe::rules::mnk(6, 7, 4, 8), cells),
                 TICTACTOE_RESULT_INVALID_ARGUMENT);
}

void test_batch() {
    const auto c4 = tictactoe::rules::connect_four();
    tictactoe::batch b(3, c4, 7);
    CHECK(b.count() == 3 && b.actions() == 7 && b.rules() == c4);
    CHECK_THROWS(b.n(), TICTACTOE_RESULT_UNSUPPORTED_SIZE);
    auto mask = b.legal_mask();
    CHECK(mask.size() == 21 && mask[0] && mask[20]);
    CHECK(b.step({3, 3, 0}) == std::vector<std::uint32_t>({0, 0, 0}));
    auto cells = b.cells();
    CHECK(cells.size() == 3 * 42 && cells[5 * 7 + 3] == 1 && cells[2 * 42 + 5 * 7] == 1);
    // A refused step changes nothing.
    CHECK_THROWS(b.step({7, 0, 0}), TICTACTOE_RESULT_OUT_OF_BOUNDS);
    CHECK_THROWS(b.step({0, 0}), TICTACTOE_RESULT_LENGTH_MISMATCH);
    CHECK(b.cells() == cells);
    tictactoe::batch copy = b.clone();
    // Random columns to the end of every game.
    for (int i = 0; i < 42; i++) {
        auto terminated = b.terminated();
        if (terminated[0] && terminated[1] && terminated[2]) break;
        auto actions = b.random_legal_actions();
        for (std::size_t g = 0; g < 3; g++) CHECK((actions[g] == TICTACTOE_NO_ACTION) == terminated[g]);
        if (terminated[0] || terminated[1] || terminated[2]) {
            // A finished game refuses every action: play the rest through the C call.
            std::vector<std::uint32_t> games, acts;
            for (std::uint32_t g = 0; g < 3; g++)
                if (!terminated[g]) {
                    games.push_back(g);
                    acts.push_back(actions[g]);
                }
            std::vector<std::uint8_t> winners(games.size());
            std::size_t refused = 0;
            CHECK(tictactoe_batch_games_step(b.get(), games.data(), games.size(), acts.data(), TICTACTOE_ILLEGAL_RAISE,
                                             winners.data(), &refused) == TICTACTOE_RESULT_OK);
        } else {
            b.step(actions);
        }
    }
    auto over = b.terminated();
    CHECK(over[0] && over[1] && over[2]);
    auto game = b.game(0);
    CHECK(game.rules() == c4 && game.status() != TICTACTOE_STATUS_IN_PROGRESS);
    CHECK_THROWS(b.game(3), TICTACTOE_RESULT_GAME_INDEX);
    b.reset_terminated();
    CHECK(b.legal_mask() == std::vector<bool>(21, true));
    // The copy kept its games.
    CHECK(copy.cells() == cells);
    copy.reset();
    CHECK(copy.cells() == std::vector<std::uint8_t>(3 * 42, 0));
    // Square batches, with n; bad rules and counts.
    tictactoe::batch square(2, 3, 1);
    CHECK(square.n() == 3 && square.actions() == 9 && square.rules() == tictactoe::rules::tic_tac_toe(3));
    CHECK(square.winners() == std::vector<std::uint8_t>({0, 0}));
    CHECK_THROWS(tictactoe::batch(0, c4, 1), TICTACTOE_RESULT_INVALID_COUNT);
    CHECK_THROWS(tictactoe::batch(2, tictactoe::rules::mnk(6, 7, 0), 1), TICTACTOE_RESULT_INVALID_RULES);
    CHECK_THROWS(tictactoe::batch(2, tictactoe::rules::mnk(6, 7, 4, 4), 1), TICTACTOE_RESULT_INVALID_ARGUMENT);
    tictactoe::batch moved = std::move(square);
    CHECK(moved.count() == 2);
    static_assert(!std::is_copy_constructible_v<tictactoe::batch>);
    static_assert(std::is_nothrow_move_constructible_v<tictactoe::batch>);
}

// Plays cells (row * n + col) in turn on a new n x n game.
tictactoe::game played(std::uint32_t n, const std::vector<std::uint32_t> &cells) {
    tictactoe::game g(n);
    for (std::uint32_t cell : cells) g.play(cell / n, cell % n);
    return g;
}

void test_computer_player() {
    auto empty3 = tictactoe::game(3).solve();
    CHECK(empty3.winner == 0 && empty3.plies == 9);
    auto empty4 = tictactoe::game(4).solve();
    CHECK(empty4.winner == 0 && empty4.plies == 16);
    auto won = played(3, {0, 3, 1, 4, 2}).solve(0);
    CHECK(won.winner == 1 && won.plies == 0);
    CHECK_THROWS(tictactoe::game(4).solve(10), TICTACTOE_RESULT_BUDGET_EXCEEDED);
    // X threatens the top row: O blocks, and then it is a draw in 6.
    tictactoe::game threat = played(3, {0, 4, 1});
    auto block = threat.best_move();
    CHECK(block.row == 0 && block.col == 2);
    auto blocked = threat.solve();
    CHECK(blocked.winner == 0 && blocked.plies == 6);
    // Every move's value: the block draws in 6, any other move loses to X's next.
    auto values = threat.analyze();
    CHECK(values.size() == 6 && values[0].row == 0 && values[0].col == 2);
    for (const auto &v : values) {
        bool is_block = v.row == 0 && v.col == 2;
        CHECK(v.winner == (is_block ? 0u : 1u) && v.plies == (is_block ? 6u : 2u));
    }
    CHECK(played(3, {0, 3, 1, 4, 2}).analyze().empty());
    CHECK_THROWS(tictactoe::game(4).analyze(10), TICTACTOE_RESULT_BUDGET_EXCEEDED);
    // A searched move on 7 x 7: legal, the same for the same seed, the game unchanged.
    tictactoe::game big(7);
    const std::vector<std::uint8_t> before = big.cells();
    auto first = big.best_move(200, 7), again = big.best_move(200, 7);
    CHECK(first.row < 7 && first.col < 7 && first.row == again.row && first.col == again.col);
    CHECK(big.cells() == before && big.marks() == 0);
    // No move in a finished game.
    CHECK_THROWS(played(3, {0, 3, 1, 4, 2}).best_move(), TICTACTOE_RESULT_GAME_OVER);
    CHECK_THROWS(played(3, {0, 1, 2, 4, 3, 5, 7, 6, 8}).best_move(10), TICTACTOE_RESULT_GAME_OVER);
    // Every rule set is played: Connect Four's move lands on the bottom row, the same for a
    // seed; its empty board is in the book, and without it far beyond a small budget, which
    // refuses; 4 x 4, k = 3 is a win for X (the m,n,k literature).
    tictactoe::game c4(tictactoe::rules::connect_four());
    auto drop = c4.best_move(200, 3), same = c4.best_move(200, 3);
    CHECK(drop.row == 5 && drop.col < 7 && drop.col == same.col && c4.marks() == 0);
    // The empty board from the opening book; without it, beyond a small budget.
    CHECK(c4.solve(0).winner == 1 && c4.solve(0).plies == 41);
    CHECK(c4.best_move_with({1, 0, 0, 0}).col == 3);
    // Without the book and within a budget too small to solve, the tree search's move: the one
    // NOT_PERFECT gives for the same seed, which for some seed is not the book's.
    bool off_book = false;
    for (std::uint64_t seed = 0; seed < 16; seed++) {
        auto searched = c4.best_move_with({50, TICTACTOE_NO_BOOK, seed, 1000});
        auto plain = c4.best_move_with({50, TICTACTOE_NOT_PERFECT, seed, 0});
        CHECK(searched.row == 5 && searched.row == plain.row && searched.col == plain.col);
        off_book = off_book || searched.col != 3;
    }
    CHECK(off_book);
    CHECK_THROWS(c4.analyze_with({1000, 0, 0, 0}), TICTACTOE_RESULT_INVALID_ARGUMENT);
    CHECK_THROWS(c4.solve_with({1000, 1, TICTACTOE_NO_BOOK, 0}), TICTACTOE_RESULT_BUDGET_EXCEEDED);
    CHECK_THROWS(c4.solve_with({1000, 2, TICTACTOE_NO_BOOK, 0}), TICTACTOE_RESULT_BUDGET_EXCEEDED);
    CHECK_THROWS(c4.analyze_with({1000, 1, TICTACTOE_NO_BOOK, 0}), TICTACTOE_RESULT_BUDGET_EXCEEDED);
    CHECK_THROWS(c4.solve_with({1000, 1, 8, 0}), TICTACTOE_RESULT_INVALID_ARGUMENT);
    CHECK_THROWS(c4.best_move_with({1, 8, 0, 0}), TICTACTOE_RESULT_INVALID_ARGUMENT);
    CHECK_THROWS(c4.solve_threads(0), TICTACTOE_RESULT_INVALID_ARGUMENT);
    // A stop ends a solve as an exhausted budget, at its third question here (every 1 024
    // positions), and the tree search after its 37th simulation (a search of 37); what it
    // throws comes back out as itself; one that never stops changes nothing.
    const tictactoe_solve_options unbooked{UINT64_MAX, 1, TICTACTOE_NO_BOOK, 0};
    int asked = 0;
    CHECK_THROWS(c4.solve_until(unbooked, [&] { return ++asked > 2; }), TICTACTOE_RESULT_BUDGET_EXCEEDED);
    CHECK(asked == 3);
    bool rethrown = false;
    try {
        c4.solve_until(unbooked, []() -> bool { throw std::runtime_error("enough"); });
    } catch (const std::runtime_error &e) {
        rethrown = std::string(e.what()) == "enough";
    }
    CHECK(rethrown);
    asked = 0;
    auto stopped = c4.best_move_until({1000000, TICTACTOE_NOT_PERFECT, 3, 0}, [&] { return ++asked > 37; });
    auto thirty_seven = c4.best_move_with({37, TICTACTOE_NOT_PERFECT, 3, 0});
    CHECK(asked == 38 && stopped.row == thirty_seven.row && stopped.col == thirty_seven.col);
    CHECK_THROWS(c4.solve_until(unbooked, [&] { return c4.solve(10).plies > 0; }), TICTACTOE_RESULT_BUSY);
    // A stop that throws is not asked again: its first exception is the one that comes back,
    // from a perfect move's solve as from the tree search after it.
    int thrown = 0;
    std::string first_thrown;
    try {
        c4.best_move_until({300000, TICTACTOE_NO_BOOK, 3, 0},
                           [&]() -> bool { throw std::runtime_error("call " + std::to_string(++thrown)); });
    } catch (const std::runtime_error &e) {
        first_thrown = e.what();
    }
    CHECK(first_thrown == "call 1" && thrown == 1);
    for (std::uint32_t col : {3u, 3u, 2u, 4u, 2u, 1u, 4u, 4u, 3u, 5u, 5u, 0u, 1u, 6u}) c4.drop(col);
    // Past the book, solved: a stop that never stops gives solve_with's answer.
    const auto with = c4.solve_with(unbooked);
    const auto until = c4.solve_until(unbooked, [] { return false; });
    CHECK(with.winner == until.winner && with.plies == until.plies && until.plies > 0);
    auto alone = c4.solve(), together = c4.solve_threads(2);
    CHECK(alone.winner == together.winner && alone.plies == together.plies && alone.plies > 0);
    CHECK(tictactoe::game::mnk(4, 4, 3).solve().winner == 1);
}

void test_perfect_actions() {
    tictactoe::batch b(3, 3, 0);
    // Game 0: X at 0, O at 4, X at 1; O must block at 2. Game 1: X at 4. Game 2: won by X.
    b.step_games({0, 1, 2}, {0, 4, 0});
    b.step_games({0, 2}, {4, 3});
    b.step_games({0, 2}, {1, 1});
    b.step_games({2}, {4});
    b.step_games({2}, {2});
    CHECK(b.winners() == std::vector<std::uint8_t>({0, 0, 1}));
    auto perfect = b.perfect_actions();
    CHECK(perfect.size() == 3 && perfect[0] == 2 && perfect[2] == TICTACTOE_NO_ACTION);
    // Against X in the centre, only a corner draws.
    CHECK(perfect[1] == 0 || perfect[1] == 2 || perfect[1] == 6 || perfect[1] == 8);
    const std::vector<std::uint8_t> cells = b.cells();
    CHECK_THROWS(tictactoe::batch(2, 4, 0).perfect_actions(), TICTACTOE_RESULT_UNSUPPORTED_SIZE);
    CHECK_THROWS(tictactoe::batch(2, tictactoe::rules::connect_four(), 0).perfect_actions(),
                 TICTACTOE_RESULT_UNSUPPORTED_RULES);
    CHECK(b.cells() == cells);
    // Perfect play on both sides of every game is a draw.
    tictactoe::batch d(4, 3, 1);
    for (int ply = 0; ply < 9; ply++) d.step(d.perfect_actions());
    CHECK(d.winners() == std::vector<std::uint8_t>(4, 0) && d.terminated() == std::vector<bool>(4, true));
    CHECK(d.perfect_actions() == std::vector<std::uint32_t>(4, TICTACTOE_NO_ACTION));
}

void test_computer_actions() {
    // Gomoku: every game gets a free cell, the same for a seed; a finished game none.
    tictactoe::batch b(3, tictactoe::rules::gomoku(), 4);
    b.step(b.random_legal_actions());
    auto all = b.computer_actions(40, 9);
    CHECK(all == b.computer_actions(40, 9) && all.size() == 3);
    const std::vector<std::uint8_t> cells = b.cells();
    for (std::size_t g = 0; g < 3; g++) CHECK(all[g] < 225 && cells[g * 225 + all[g]] == 0);
    // The games listed: the whole call's actions; with seeds of their own, best_move's.
    CHECK(b.computer_actions_of({2, 0, 2}, 40, 9) == std::vector<std::uint32_t>({all[2], all[0], all[2]}));
    CHECK(b.computer_actions_of({1}, 40, 9) == std::vector<std::uint32_t>({all[1]}));
    auto seeded = b.computer_actions_seeded({1, 2}, {5, 6}, 40);
    for (std::size_t i = 0; i < 2; i++) {
        auto move = b.game(static_cast<std::uint32_t>(i + 1)).best_move(40, 5 + i);
        CHECK(seeded[i] == move.row * 15 + move.col);
    }
    CHECK(b.computer_actions_of({}, 40, 9).empty());
    CHECK_THROWS(b.computer_actions_of({0, 3}, 40, 9), TICTACTOE_RESULT_GAME_INDEX);
    CHECK_THROWS(b.computer_actions_seeded({0, 1}, {5}, 40), TICTACTOE_RESULT_LENGTH_MISMATCH);
    CHECK_THROWS(b.computer_actions_seeded({0, 3}, {5, 6}, 40), TICTACTOE_RESULT_GAME_INDEX);
    CHECK(b.cells() == cells);
    // Connect Four: a column; a won game gets TICTACTOE_NO_ACTION.
    tictactoe::batch c(2, tictactoe::rules::connect_four(), 1);
    for (std::uint32_t column : {0u, 1u, 0u, 1u, 0u, 1u, 0u}) c.step_games({0}, {column});
    auto drops = c.computer_actions(40, 2);
    CHECK(drops[0] == TICTACTOE_NO_ACTION && drops[1] < 7);
}

void test_step_games_and_forfeits() {
    tictactoe::batch b(3, 3, 5);
    CHECK(b.step_games({2, 0}, {4, 0}) == std::vector<std::uint32_t>({0, 0}));
    auto cells = b.cells();
    CHECK(cells[0] == 1 && cells[9] == 0 && cells[18 + 4] == 1);
    CHECK(b.next_players() == std::vector<std::uint8_t>({2, 1, 2}));
    // Refusals change no game; the index says which entry.
    std::size_t refused = 99;
    CHECK_THROWS(b.step_games({1, 1}, {0, 1}, TICTACTOE_ILLEGAL_RAISE, &refused), TICTACTOE_RESULT_REPEATED_GAME);
    CHECK(refused == 1);
    CHECK_THROWS(b.step_games({0, 3}, {1, 1}, TICTACTOE_ILLEGAL_LOSE, &refused), TICTACTOE_RESULT_GAME_INDEX);
    CHECK(refused == 1);
    CHECK_THROWS(b.step_games({0, 1}, {1}), TICTACTOE_RESULT_LENGTH_MISMATCH);
    CHECK_THROWS(b.step_games({1, 2}, {1, 4}, TICTACTOE_ILLEGAL_RAISE, &refused), TICTACTOE_RESULT_OCCUPIED);
    CHECK(refused == 1);
    CHECK_THROWS(b.step({4, 4, 9}, TICTACTOE_ILLEGAL_RAISE, &refused), TICTACTOE_RESULT_OUT_OF_BOUNDS);
    CHECK(refused == 2 && b.cells() == cells);
    CHECK(b.step_games({}, {}).empty());
    // LOSE: game 2's O plays the taken centre and loses; the others play on.
    CHECK(b.step({4, 4, 4}, TICTACTOE_ILLEGAL_LOSE) == std::vector<std::uint32_t>({0, 0, 1}));
    CHECK(b.winners() == std::vector<std::uint8_t>({0, 0, 1}));
    CHECK(b.terminated() == std::vector<bool>({false, false, true}));
    // The observation from the player to move: game 0 (X at 0, O at 4) has X to move.
    auto planes = b.observation();
    CHECK(planes.size() == 3 * 2 * 9 && planes[0] && planes[9 + 4] && !planes[4]);
    // Resets of listed games; an index out of range changes nothing.
    const std::vector<std::uint8_t> played_cells = b.cells();
    CHECK_THROWS(b.reset({0, 3}), TICTACTOE_RESULT_GAME_INDEX);
    CHECK(b.cells() == played_cells);
    b.reset({2, 2});
    CHECK(b.winners() == std::vector<std::uint8_t>({0, 0, 0}) && b.next_players()[2] == 1);
}

void test_step_random() {
    // A random step plays the draws a copy makes and then steps with, game by game.
    const auto c4 = tictactoe::rules::connect_four();
    tictactoe::batch played(4, c4, 11);
    tictactoe::batch drawn = played.clone();
    for (int i = 0; i < 42; i++) {
        auto over = drawn.terminated();
        if (over[0] || over[1] || over[2] || over[3]) break;  // step() would refuse its NO_ACTION
        auto actions = drawn.random_legal_actions();
        CHECK(played.step_random() == drawn.step(actions));
        CHECK(played.cells() == drawn.cells());
    }
    // Listed games only: the others do not move.
    played.reset();
    auto winners = played.step_random({3, 1});
    CHECK(winners == std::vector<std::uint32_t>({0, 0}));
    auto cells = played.cells();
    for (std::size_t g = 0; g < 4; g++) {
        std::size_t marks = 0;
        for (std::size_t c = 0; c < 42; c++) marks += cells[g * 42 + c] != 0;
        CHECK(marks == (g == 1 || g == 3 ? 1u : 0u));
    }
    std::size_t refused = 99;
    CHECK_THROWS(played.step_random({0, 4}, &refused), TICTACTOE_RESULT_GAME_INDEX);
    CHECK(refused == 1);
    CHECK_THROWS(played.step_random({2, 2}, &refused), TICTACTOE_RESULT_REPEATED_GAME);
    CHECK(refused == 1 && played.cells() == cells);
}

void test_step_against_random() {
    // The learner is X in games 0 and 2, O in games 1 and 3: restarted, the opponent opens
    // games 1 and 3; then every game takes the learner's move and the opponent's reply.
    const auto c4 = tictactoe::rules::connect_four();
    tictactoe::batch b(4, c4, 5);
    const std::vector<std::uint32_t> sides{1, 2, 1, 2};
    auto winners = b.step_against_random(sides, {0, 0, 0, 0}, {1, 1, 1, 1});
    CHECK(winners == std::vector<std::uint32_t>({0, 0, 0, 0}));
    CHECK(b.next_players() == std::vector<std::uint8_t>({1, 2, 1, 2}));
    b.step_against_random(sides, {3, 3, 3, 3});
    auto cells = b.cells();
    for (std::size_t g = 0; g < 4; g++) {
        std::size_t marks = 0;
        for (std::size_t c = 0; c < 42; c++) marks += cells[g * 42 + c] != 0;
        CHECK(marks == (g % 2 ? 3u : 2u));
    }
    // Refusals change nothing; the refused game's index is given.
    std::size_t refused = 99;
    CHECK_THROWS(b.step_against_random(sides, {0, 0, 7, 0}, {}, TICTACTOE_ILLEGAL_RAISE, &refused),
                 TICTACTOE_RESULT_OUT_OF_BOUNDS);
    CHECK(refused == 2);
    CHECK_THROWS(b.step_against_random({1, 2, 3, 2}, {0, 0, 0, 0}, {}, TICTACTOE_ILLEGAL_RAISE, &refused),
                 TICTACTOE_RESULT_INVALID_PLAYER);
    CHECK(refused == 2);
    CHECK_THROWS(b.step_against_random(sides, {0, 0, 0}), TICTACTOE_RESULT_LENGTH_MISMATCH);
    CHECK_THROWS(b.step_against_random(sides, {0, 0, 0, 0}, {1, 0}), TICTACTOE_RESULT_LENGTH_MISMATCH);
    CHECK(b.cells() == cells);
}

void test_limits() {
    constexpr tictactoe::limits fallback{};
    static_assert(fallback.max_bytes == TICTACTOE_DEFAULT_MAX_BYTES);
    static_assert(tictactoe::limits::none().max_bytes == SIZE_MAX);
    const std::string text = "tictactoe/1 n=3 moves=1,1,1";
    CHECK(tictactoe::game::parse(text, tictactoe::limits{}).serialize() == text);
    CHECK(tictactoe::game::parse(text, tictactoe::limits::none()).marks() == 1);
    CHECK_THROWS(tictactoe::game::parse(text, tictactoe::limits{16}), TICTACTOE_RESULT_LIMIT_EXCEEDED);
    // 27 bytes asking for a 65535 x 65535 board: refused by the default limit, before allocating.
    CHECK_THROWS(tictactoe::game::parse("tictactoe/1 n=65535 moves="), TICTACTOE_RESULT_LIMIT_EXCEEDED);
    CHECK_THROWS(tictactoe::game::parse("tictactoe/1 n=3 moves=9,9,1", tictactoe::limits::none()),
                 TICTACTOE_RESULT_OUT_OF_BOUNDS);
    const std::vector<std::uint8_t> cells = {1, 0, 0, 0, 2, 0, 0, 0, 0};
    CHECK(tictactoe::game::from_cells(3, cells, tictactoe::limits{}).marks() == 2);
    CHECK_THROWS(tictactoe::game::from_cells(3, cells, tictactoe::limits{16}), TICTACTOE_RESULT_LIMIT_EXCEEDED);
    CHECK_THROWS(tictactoe::game::from_cells(0, {}, tictactoe::limits{16}), TICTACTOE_RESULT_INVALID_SIZE);
    const auto c4 = tictactoe::rules::connect_four();
    // A new game under rules from outside: the same game within the limit, refused above it.
    CHECK(tictactoe::game(c4, tictactoe::limits{}).serialize() == tictactoe::game(c4).serialize());
    CHECK(tictactoe::game(c4, tictactoe::limits::none()).rules() == c4);
    CHECK_THROWS(tictactoe::game(c4, tictactoe::limits{64}), TICTACTOE_RESULT_LIMIT_EXCEEDED);
    CHECK_THROWS(tictactoe::game(tictactoe::rules::mnk(2000, 2000, 5), tictactoe::limits{}),
                 TICTACTOE_RESULT_LIMIT_EXCEEDED);
    CHECK_THROWS(tictactoe::game(tictactoe::rules::mnk(6, 7, 4, 8), tictactoe::limits{64}),
                 TICTACTOE_RESULT_INVALID_ARGUMENT);
    std::vector<std::uint8_t> c4_cells(42, 0);
    c4_cells[38] = 1;
    CHECK(tictactoe::game::from_cells(c4, c4_cells, tictactoe::limits{}).rules() == c4);
    CHECK_THROWS(tictactoe::game::from_cells(c4, c4_cells, tictactoe::limits{64}), TICTACTOE_RESULT_LIMIT_EXCEEDED);
    CHECK_THROWS(tictactoe::game::from_cells(tictactoe::rules::mnk(6, 7, 8), c4_cells, tictactoe::limits{64}),
                 TICTACTOE_RESULT_INVALID_RULES);
    // Batches: the size, rules and count are checked first, then the limit.
    CHECK(tictactoe::batch(4, 3, 0, tictactoe::limits{}).count() == 4);
    CHECK(tictactoe::batch(4, c4, 0, tictactoe::limits{}).actions() == 7);
    CHECK_THROWS(tictactoe::batch(4, 3, 0, tictactoe::limits{64}), TICTACTOE_RESULT_LIMIT_EXCEEDED);
    CHECK_THROWS(tictactoe::batch(4, c4, 0, tictactoe::limits{64}), TICTACTOE_RESULT_LIMIT_EXCEEDED);
    CHECK_THROWS(tictactoe::batch(4, 0, 0, tictactoe::limits{1}), TICTACTOE_RESULT_INVALID_SIZE);
    CHECK_THROWS(tictactoe::batch(0, c4, 0, tictactoe::limits{1}), TICTACTOE_RESULT_INVALID_COUNT);
    CHECK_THROWS(tictactoe::batch(4, tictactoe::rules::mnk(6, 7, 4, 8), 0, tictactoe::limits{1}),
                 TICTACTOE_RESULT_INVALID_ARGUMENT);
    CHECK_THROWS(tictactoe::batch(1, 65535, 0, tictactoe::limits{}), TICTACTOE_RESULT_LIMIT_EXCEEDED);
}

void test_arrays_and_names() {
    tictactoe::game g = played(3, {4, 0});
    CHECK(g.cells() == std::vector<std::uint8_t>({2, 0, 0, 0, 1, 0, 0, 0, 0}));
    CHECK(g.legal_moves() == std::vector<std::uint32_t>({1, 2, 3, 5, 6, 7, 8}));
    tictactoe::game c4(tictactoe::rules::connect_four());
    c4.drop(3);
    CHECK(c4.legal_moves() == std::vector<std::uint32_t>({31, 35, 36, 37, 39, 40, 41}));
    CHECK(c4.cells().size() == 42 && c4.cells()[38] == 1);
    CHECK(played(3, {0, 3, 1, 4, 2}).legal_moves().empty());
    try {
        g.play(1, 1);
        CHECK(false);
    } catch (const tictactoe::error &e) {
        CHECK(e.name() == "occupied" && e.code() == TICTACTOE_RESULT_OCCUPIED);
    }
    CHECK(tictactoe::error(TICTACTOE_RESULT_COLUMN_FULL).name() == "column_full");
    // A code the library does not have (made by the caller): no name, not a crash.
    CHECK(tictactoe::error(static_cast<tictactoe_result>(9999)).name().empty());
    CHECK(tictactoe::status_name(TICTACTOE_STATUS_WON) == "won");
    CHECK(tictactoe::status_name(g.status()) == "in_progress");
    CHECK(tictactoe::line_kind_name(TICTACTOE_LINE_KIND_ANTI_DIAGONAL) == "anti_diagonal");
}

// A batch's state to compare: every game's cells and winner, and what its generators draw next
// (on a copy).
struct batch_state {
    std::vector<std::uint8_t> cells, winners;
    std::vector<std::uint32_t> draws;
    bool operator==(const batch_state &o) const { return cells == o.cells && winners == o.winners && draws == o.draws; }
};

batch_state state_of(const tictactoe::batch &b) {
    tictactoe::batch copy = b.clone();
    return {b.cells(), b.winners(), copy.random_legal_actions()};
}

// Each operation over a selection against the first members on a copy, a listed call against
// the call over every game, and their refusals, each changing nothing.
void test_operations_over_selections() {
    const auto c4 = tictactoe::rules::connect_four();
    const auto all = tictactoe::selection::all();
    tictactoe::batch b(4, c4, 3);
    tictactoe::batch old = b.clone();
    for (int i = 0; i < 3; i++) {
        auto actions = b.random_legal_actions();
        CHECK(actions == old.random_legal_actions());
        CHECK(tictactoe::detail::widened(b.step(all, actions)) == old.step(actions));
    }
    const std::vector<std::uint32_t> some{3, 0};
    CHECK(tictactoe::detail::widened(b.step(some, {6, 6}, TICTACTOE_ILLEGAL_LOSE)) ==
          old.step_games(some, {6, 6}, TICTACTOE_ILLEGAL_LOSE));
    CHECK(tictactoe::detail::widened(b.step_random(tictactoe::selection(some))) == old.step_random(some));
    CHECK(tictactoe::detail::widened(b.step_random(all)) == old.step_random());
    CHECK(tictactoe::detail::widened(b.step_against_random(all, {1, 2, 2, 1}, {0, 1, 2, 3})) ==
          old.step_against_random({1, 2, 2, 1}, {0, 1, 2, 3}));
    CHECK(state_of(b) == state_of(old));
    // A list takes from each game what the call over every game takes from it.
    tictactoe::batch every = b.clone();
    auto draws = every.random_legal_actions(all);
    auto listed = b.random_legal_actions(some);
    CHECK(listed.size() == 2 && listed[0] == draws[3] && listed[1] == draws[0]);
    b.seed(some, {9, 9});
    every.seed(all, {9, 5, 5, 9});
    b.reset(some);
    every.reset(all);
    auto mine = b.random_legal_actions(), theirs = every.random_legal_actions();
    CHECK(mine[0] == theirs[0] && mine[3] == theirs[3] && mine[0] == mine[3]);
    b.reset_terminated(some);
    CHECK(b.cells()[0] == 0 && b.threads() == 1);
    // Refusals: the index of the entry refused, nothing changed.
    const batch_state before = state_of(b);
    std::size_t refused = 99;
    CHECK_THROWS(b.step(std::vector<std::uint32_t>{1, 4}, {0, 0}, TICTACTOE_ILLEGAL_RAISE, &refused),
                 TICTACTOE_RESULT_GAME_INDEX);
    CHECK(refused == 1);
    refused = 99;
    CHECK_THROWS(b.step(some, {0}), TICTACTOE_RESULT_LENGTH_MISMATCH);
    CHECK_THROWS(b.step(all, {0, 0, 0}), TICTACTOE_RESULT_LENGTH_MISMATCH);
    CHECK(refused == 99);
    CHECK_THROWS(b.step_random(std::vector<std::uint32_t>{2, 2}, &refused), TICTACTOE_RESULT_REPEATED_GAME);
    CHECK(refused == 1);
    CHECK_THROWS(b.step_against_random(all, {1, 2, 0, 1}, {0, 0, 0, 0}, {}, TICTACTOE_ILLEGAL_RAISE, &refused),
                 TICTACTOE_RESULT_INVALID_PLAYER);
    CHECK(refused == 2);
    CHECK_THROWS(b.step_against_random(all, {1, 2, 1, 1}, {0, 0, 0, 0}, {0, 0}), TICTACTOE_RESULT_LENGTH_MISMATCH);
    CHECK_THROWS(b.random_legal_actions(std::vector<std::uint32_t>{4}, &refused), TICTACTOE_RESULT_GAME_INDEX);
    CHECK(refused == 0);
    CHECK_THROWS(b.reset(std::vector<std::uint32_t>{0, 7}, &refused), TICTACTOE_RESULT_GAME_INDEX);
    CHECK_THROWS(b.reset_terminated(std::vector<std::uint32_t>{5}), TICTACTOE_RESULT_GAME_INDEX);
    CHECK_THROWS(b.seed(some, {1}), TICTACTOE_RESULT_LENGTH_MISMATCH);
    CHECK_THROWS(b.set_threads(0), TICTACTOE_RESULT_INVALID_ARGUMENT);
    CHECK(refused == 1 && b.threads() == 1);
    CHECK(state_of(b) == before);
}

// A step restarting some games: a reset of those and a step of the others, on a copy; over
// every game and a list; its refusals, each changing nothing.
void test_step_restarting() {
    const auto c4 = tictactoe::rules::connect_four();
    const auto all = tictactoe::selection::all();
    tictactoe::batch b(4, c4, 8);
    b.step(all, {3, 3, 3, 3});
    tictactoe::batch model = b.clone();
    // Games 0 and 2 start again (game 2's action, off the board, ignored; any non-zero byte
    // restarts); 1 and 3 play.
    auto winners = b.step_restarting(all, {5, 4, 7, 3}, {1, 0, 255, 0});
    model.reset(std::vector<std::uint32_t>{0, 2});
    CHECK(winners == std::vector<std::uint8_t>({0, 0, 0, 0}));
    CHECK(model.step(std::vector<std::uint32_t>{1, 3}, {4, 3}) == std::vector<std::uint8_t>({0, 0}));
    CHECK(state_of(b) == state_of(model));
    CHECK(b.next_players() == std::vector<std::uint8_t>({1, 1, 1, 1}));
    // A list: game 3 restarted, game 0 plays.
    const std::vector<std::uint32_t> some{3, 0};
    std::size_t refused = 99;
    CHECK(b.step_restarting(some, {9, 6}, {1, 0}, TICTACTOE_ILLEGAL_RAISE, &refused) ==
          std::vector<std::uint8_t>({0, 0}));
    model.reset(std::vector<std::uint32_t>{3});
    model.step(std::vector<std::uint32_t>{0}, {6});
    CHECK(refused == 99 && state_of(b) == state_of(model));
    // Refusals: the index of the entry refused, nothing changed; LOSE forfeits instead.
    const batch_state before = state_of(b);
    CHECK_THROWS(b.step_restarting(all, {0, 0, 7, 7}, {0, 0, 0, 1}, TICTACTOE_ILLEGAL_RAISE, &refused),
                 TICTACTOE_RESULT_OUT_OF_BOUNDS);
    CHECK(refused == 2);
    CHECK_THROWS(b.step_restarting(std::vector<std::uint32_t>{1, 1}, {0, 0}, {1, 1}, TICTACTOE_ILLEGAL_RAISE, &refused),
                 TICTACTOE_RESULT_REPEATED_GAME);
    CHECK(refused == 1);
    CHECK_THROWS(b.step_restarting(std::vector<std::uint32_t>{4}, {0}, {1}, TICTACTOE_ILLEGAL_LOSE, &refused),
                 TICTACTOE_RESULT_GAME_INDEX);
    CHECK(refused == 0);
    refused = 99;
    CHECK_THROWS(b.step_restarting(all, {0, 0, 0, 0}, {}), TICTACTOE_RESULT_LENGTH_MISMATCH);
    CHECK_THROWS(b.step_restarting(all, {0, 0, 0}, {0, 0, 0}), TICTACTOE_RESULT_LENGTH_MISMATCH);
    CHECK_THROWS(b.step_restarting(some, {0, 0}, {0}, TICTACTOE_ILLEGAL_RAISE, &refused),
                 TICTACTOE_RESULT_LENGTH_MISMATCH);
    CHECK_THROWS(b.step_restarting(all, {0, 0, 0, 0}, {0, 0, 0, 0}, static_cast<tictactoe_illegal>(2), &refused),
                 TICTACTOE_RESULT_INVALID_ARGUMENT);
    CHECK(refused == 99 && state_of(b) == before);
    CHECK(b.step_restarting(all, {0, 0, 7, 0}, {0, 0, 0, 0}, TICTACTOE_ILLEGAL_LOSE) ==
          std::vector<std::uint8_t>({0, 0, 2, 0}));
}

// Reads from a side, and rewards, against the reads they extend.
void test_observation_from_a_side_and_rewards() {
    tictactoe::batch b(3, 3, 2);
    b.step({4, 0, 8}, TICTACTOE_ILLEGAL_LOSE);
    b.step(tictactoe::selection::all(), {0, 9, 0}, TICTACTOE_ILLEGAL_LOSE);  // game 1's O forfeits
    auto next = b.next_players();
    CHECK(b.observation(next) == b.observation());
    auto swapped = b.observation({2, 2, 2});
    auto from_x = b.observation({1, 1, 1});
    for (std::size_t g = 0; g < 3; g++)
        for (std::size_t c = 0; c < 9; c++) CHECK(swapped[g * 18 + c] == from_x[g * 18 + 9 + c]);
    CHECK(b.rewards({1, 1, 2}) == std::vector<double>({0.0, 1.0, 0.0}));  // X won game 1 only
    CHECK(b.rewards({2, 2, 1}) == std::vector<double>({0.0, -1.0, 0.0}));
    CHECK_THROWS(b.observation({1, 3, 1}), TICTACTOE_RESULT_INVALID_PLAYER);
    CHECK_THROWS(b.observation({1, 1}), TICTACTOE_RESULT_LENGTH_MISMATCH);
    CHECK_THROWS(b.rewards({1, 1}), TICTACTOE_RESULT_LENGTH_MISMATCH);
    CHECK_THROWS(b.rewards({0, 1, 1}), TICTACTOE_RESULT_INVALID_PLAYER);
    // The index of the first bad side, given only for INVALID_PLAYER.
    std::size_t refused = 99;
    CHECK(b.observation(next, &refused) == b.observation() && b.rewards({1, 1, 2}, &refused).size() == 3);
    CHECK(refused == 99);
    CHECK_THROWS(b.observation({1, 1}, &refused), TICTACTOE_RESULT_LENGTH_MISMATCH);
    CHECK_THROWS(b.rewards({0, 0}, &refused), TICTACTOE_RESULT_LENGTH_MISMATCH);
    CHECK(refused == 99);
    CHECK_THROWS(b.observation({1, 3, 0}, &refused), TICTACTOE_RESULT_INVALID_PLAYER);
    CHECK(refused == 1);
    CHECK_THROWS(b.rewards({1, 2, 7}, &refused), TICTACTOE_RESULT_INVALID_PLAYER);
    CHECK(refused == 2);
}

// Threads change no result: a batch large enough to split, against one thread.
void test_threads() {
    tictactoe::batch one(1024, tictactoe::rules::gomoku(), 4);
    tictactoe::batch two = one.clone();
    two.set_threads(2);
    CHECK(two.threads() == 2 && two.clone().threads() == 2);
    for (int i = 0; i < 20; i++) {
        CHECK(one.step_random(tictactoe::selection::all()) == two.step_random(tictactoe::selection::all()));
        CHECK(one.random_legal_actions() == two.random_legal_actions());
    }
    CHECK(one.cells() == two.cells() && one.observation() == two.observation() && one.legal_mask() == two.legal_mask());
}

// The learned search: a lambda evaluator, an exception it throws coming back out of run() with
// the trees as they were, kept subtrees, and the refusals as errors.
void test_puct() {
    tictactoe::batch b(2, tictactoe::rules::connect_four(), 1);
    tictactoe::puct search(b), twin(b);
    int calls = 0;
    auto uniform = [&calls](std::size_t leaves, const bool *, const bool *, float *logits, float *values) {
        calls++;
        std::fill(logits, logits + leaves * 7, 0.0f);
        std::fill(values, values + leaves, 0.0f);
    };
    auto first = search.run(b, uniform, 30, true);
    CHECK(calls == 31 && first.visits.size() == 14 && first.values.size() == 2);
    std::uint32_t sum = 0;
    for (std::size_t a = 0; a < 7; a++) sum += first.visits[a];
    CHECK(sum == 30);
    CHECK(twin.run(b, uniform, 30, true).visits == first.visits);
    bool caught = false;
    try {
        search.run(b, [](std::size_t, const bool *, const bool *, float *, float *) { throw std::logic_error("broke"); },
                   10);
    } catch (const std::logic_error &e) {
        caught = std::string(e.what()) == "broke";
    }
    CHECK(caught);
    CHECK(search.run(b, uniform, 20).visits == twin.run(b, uniform, 20).visits);
    auto moves = search.choose(first.visits, 0.0f, 2);
    auto before = search.run(b, uniform, 0);
    search.play(b, moves);
    auto kept = search.run(b, uniform, 0);
    sum = 0;
    for (std::size_t a = 0; a < 7; a++) sum += kept.visits[a];
    CHECK(sum + 1 == before.visits[moves[0]]);
    search.clear();
    tictactoe::puct fresh(b);
    CHECK(search.run(b, uniform, 10).visits == fresh.run(b, uniform, 10).visits);
    auto too_high = [](std::size_t leaves, const bool *, const bool *, float *logits, float *values) {
        std::fill(logits, logits + leaves * 7, 0.0f);
        std::fill(values, values + leaves, 2.0f);
    };
    CHECK_THROWS(search.run(b, too_high, 5), TICTACTOE_RESULT_BAD_EVALUATION);
    CHECK_THROWS(search.choose(first.visits, -1.0f, 2), TICTACTOE_RESULT_INVALID_ARGUMENT);
    CHECK_THROWS(search.play(b, {0}), TICTACTOE_RESULT_LENGTH_MISMATCH);
    // Empty lists are lengths refused, whatever data() an empty vector has.
    CHECK_THROWS(search.play(b, {}), TICTACTOE_RESULT_LENGTH_MISMATCH);
    CHECK_THROWS(search.choose({}, 0.0f, 2), TICTACTOE_RESULT_LENGTH_MISMATCH);
    // A batch other than the search's: refused by every call that takes one.
    tictactoe::batch other(3, tictactoe::rules::connect_four(), 1);
    CHECK_THROWS(search.run(other, uniform, 5), TICTACTOE_RESULT_INVALID_ARGUMENT);
    CHECK_THROWS(search.play(other, {0, 0, 0}), TICTACTOE_RESULT_INVALID_ARGUMENT);
    CHECK_THROWS(search.bytes_needed(other, 5), TICTACTOE_RESULT_INVALID_ARGUMENT);
    CHECK_THROWS(tictactoe::puct(b, tictactoe::puct::options{-1.0f, 0.3f, 0.25f, 0, 0}),
                 TICTACTOE_RESULT_INVALID_ARGUMENT);
    const std::uint64_t needed = tictactoe::puct(b).bytes_needed(b, 100);
    tictactoe::puct bounded(b, tictactoe::puct::options{1.25f, 0.3f, 0.25f, 0, needed - 1});
    CHECK_THROWS(bounded.run(b, uniform, 100), TICTACTOE_RESULT_LIMIT_EXCEEDED);
    // Several leaves a step: the same simulations in fewer calls; 0 refused.
    tictactoe::puct::options four;
    four.leaves = 4;
    tictactoe::puct wide(b, four);
    calls = 0;
    auto found = wide.run(b, uniform, 40);
    sum = 0;
    for (std::size_t a = 0; a < 7; a++) sum += found.visits[a];
    CHECK(sum == 40 && calls > 1 && calls <= 21);
    CHECK_THROWS(wide.set_leaves(0), TICTACTOE_RESULT_INVALID_ARGUMENT);
    calls = 0;
    wide.clear();
    CHECK(wide.run(b, uniform, 40).visits == found.visits && calls == 11);  // still 4 leaves a step
    four.leaves = 0;
    CHECK_THROWS(tictactoe::puct(b, four), TICTACTOE_RESULT_INVALID_ARGUMENT);
    // More games than visits (a count of -1 is SIZE_MAX): refused before any memory is taken.
    CHECK_THROWS(search.choose(first.visits, 0.0f, static_cast<std::size_t>(-1)), TICTACTOE_RESULT_LENGTH_MISMATCH);
    // A move assignment frees the search it replaces and leaves the moved-from one empty: a
    // run on it refused as a NULL search, as after a move construction.
    tictactoe::puct target(b), source(b);
    target = std::move(source);
    CHECK_THROWS(source.run(b, uniform, 5), TICTACTOE_RESULT_NULL_PARAMETER);
    CHECK(target.run(b, uniform, 10).visits.size() == 14);
    // The evaluator's calls into the search running it, or changing its batch, throw BUSY (the
    // search stops and rethrows it); its reads of the batch, and clear(), do no harm.
    tictactoe::puct busy(b), calm(b);
    auto reentering = [&](std::size_t leaves, const bool *o, const bool *l, float *logits, float *values) {
        uniform(leaves, o, l, logits, values);
        busy.run(b, uniform, 1);
    };
    CHECK_THROWS(busy.run(b, reentering, 5), TICTACTOE_RESULT_BUSY);
    auto stepping = [&](std::size_t leaves, const bool *o, const bool *l, float *logits, float *values) {
        uniform(leaves, o, l, logits, values);
        b.step(tictactoe::selection::all(), {3, 3});
    };
    const std::uint64_t marks = b.game(0).marks() + b.game(1).marks();
    CHECK_THROWS(busy.run(b, stepping, 5), TICTACTOE_RESULT_BUSY);
    CHECK(b.game(0).marks() + b.game(1).marks() == marks);
    auto reading = [&](std::size_t leaves, const bool *o, const bool *l, float *logits, float *values) {
        uniform(leaves, o, l, logits, values);
        CHECK(b.count() == 2);
        busy.clear();
    };
    CHECK(busy.run(b, reading, 10).visits == calm.run(b, uniform, 10).visits);
}

// Gumbel MuZero's search: its improved policy and move, refused beside several leaves, its
// draws from the seed.
void test_puct_gumbel() {
    tictactoe::batch b(2, tictactoe::rules::connect_four(), 1);
    auto shaped = [](std::size_t leaves, const bool *, const bool *, float *logits, float *values) {
        for (std::size_t i = 0; i < leaves * 7; i++) logits[i] = 0.25f * static_cast<float>(i % 7);
        std::fill(values, values + leaves, 0.0f);
    };
    tictactoe::puct::options o;
    o.gumbel = 4;
    tictactoe::puct search(b, o), twin(b, o);
    auto found = search.run(b, shaped, 32);
    auto policy = search.policy(b);
    auto selected = search.selected(b);
    CHECK(policy.size() == 14 && selected.size() == 2);
    for (std::size_t g = 0; g < 2; g++) {
        float sum = 0.0f;
        for (std::size_t a = 0; a < 7; a++) sum += policy[g * 7 + a];
        CHECK(sum > 1.0f - 1e-5f && sum < 1.0f + 1e-5f);
        const auto row = found.visits.begin() + static_cast<std::ptrdiff_t>(g * 7);
        CHECK(selected[g] < 7 && found.visits[g * 7 + selected[g]] == *std::max_element(row, row + 7));
    }
    // Without noise, deterministic; with it, from the seed.
    CHECK(twin.run(b, shaped, 32).visits == found.visits && twin.selected(b) == selected);
    search.clear();
    twin.clear();
    CHECK(search.run(b, shaped, 24, true).visits == twin.run(b, shaped, 24, true).visits);
    CHECK(search.selected(b) == twin.selected(b));
    search.play(b, search.selected(b));
    CHECK(search.selected(b) == std::vector<std::uint32_t>(2, TICTACTOE_NO_ACTION));
    search.clear();
    CHECK(search.policy(b) == std::vector<float>(14, 0.0f));
    // Refusals: several leaves beside Gumbel's search, a batch of another size.
    CHECK_THROWS(search.set_leaves(2), TICTACTOE_RESULT_INVALID_ARGUMENT);
    o.leaves = 2;
    CHECK_THROWS(tictactoe::puct(b, o), TICTACTOE_RESULT_INVALID_ARGUMENT);
    o.gumbel = 0;
    tictactoe::puct wide(b, o);
    CHECK_THROWS(wide.set_gumbel(4), TICTACTOE_RESULT_INVALID_ARGUMENT);
    wide.set_gumbel(0);
    tictactoe::batch three(3, tictactoe::rules::connect_four(), 1);
    CHECK_THROWS(search.policy(three), TICTACTOE_RESULT_LENGTH_MISMATCH);
    CHECK_THROWS(search.selected(three), TICTACTOE_RESULT_LENGTH_MISMATCH);
}

}  // namespace

int main() {
    test_moves_and_queries();
    test_refusals_change_nothing();
    test_move_many();
    test_undo_and_ownership();
    test_positions_and_text();
    test_rules();
    test_connect_four();
    test_gomoku_exact();
    test_positions_under_rules();
    test_batch();
    test_computer_player();
    test_perfect_actions();
    test_computer_actions();
    test_step_games_and_forfeits();
    test_step_random();
    test_step_against_random();
    test_operations_over_selections();
    test_step_restarting();
    test_observation_from_a_side_and_rewards();
    test_threads();
    test_limits();
    test_arrays_and_names();
    test_puct();
    test_puct_gumbel();
    std::printf("test_wrapper.cpp: %d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
