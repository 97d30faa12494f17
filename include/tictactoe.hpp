// tictactoe.hpp: a header-only C++17 wrapper over the C ABI of libtictactoe (tictactoe.h).
//
// Hand-written and small: every call goes through the C functions, so the rules, the checks
// and the result codes are the library's. What it adds is C++ ownership and errors:
// - tictactoe::game owns one tictactoe_game, tictactoe::batch one tictactoe_batch (RAII,
//   move-only; copies are explicit, clone());
// - tictactoe::rules names a rule set of the k-in-a-row family (rows, cols, k and the
//   TICTACTOE_RULE_ flags) as a plain value: Connect Four, gomoku, m,n,k-games;
// - tictactoe::limits bounds what a game or batch made from outside data may allocate (the
//   C functions' tictactoe_limits), refused before anything is allocated;
// - tictactoe::selection names the games a batch call changes, as the core chooses them: every
//   game (selection::all()) or a list; each batch operation takes one (step, random_legal_actions,
//   step_random, step_against_random, reset, reset_terminated, seed: the core's names), and the
//   calls over every game may split between threads (batch::set_threads);
// - the computer player: game::solve (solve_threads, solve_with), game::analyze (analyze_with),
//   game::best_move (best_move_with), solve_with and best_move_with with a stop (solve_until,
//   best_move_until: any callable; what it throws comes back out), batch::perfect_actions and
//   batch::computer_actions (_of and _seeded for the games listed);
// - tictactoe::puct, the search a learned network guides over a batch's games (its evaluator
//   any callable; an exception it throws comes back out of run()), PUCT's or Gumbel MuZero's
//   (options::gumbel, set_gumbel; policy and selected);
// - a refused call throws tictactoe::error, carrying the tictactoe_result code and its text;
//   a refused call changes nothing, as in C;
// - std::optional where a value may be absent (no winner, an empty cell);
// - out-of-memory in the wrapper's own buffers is std::bad_alloc, as for any C++ container.
//
// Threads: as in C, const methods may run on one game or batch from several threads at once; the
// others need it to themselves. A batch with threads (batch::set_threads) runs its calls over
// every game on the process's helper threads too, with the results of one thread. Link with tictactoe::tictactoe or tictactoe::tictactoe_static
// (CMake), or `pkg-config --libs tictactoe`.
#ifndef TICTACTOE_HPP
#define TICTACTOE_HPP

#include <cstddef>
#include <cstdint>
#include <exception>
#include <initializer_list>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "tictactoe.h"

namespace tictactoe {

// A refused call: code() is the C result code, what() its text (tictactoe_result_str).
class error : public std::runtime_error {
public:
    explicit error(tictactoe_result code) : std::runtime_error(tictactoe_result_str(code)), code_(code) {}
    tictactoe_result code() const noexcept { return code_; }
    // The code's stable name, the core's ("out_of_bounds", ...): tictactoe_result_name; empty
    // for a code the library does not have (an error made by the caller).
    std::string_view name() const noexcept {
        const char *name = tictactoe_result_name(code_);
        return name ? std::string_view(name) : std::string_view();
    }

private:
    tictactoe_result code_;
};

namespace detail {
// What a refused-entry out-parameter holds until the C call writes it (it writes an index, below
// the number of entries, only for a refusal that names one).
constexpr std::size_t not_written = static_cast<std::size_t>(-1);

inline void check(tictactoe_result result) {
    if (result != TICTACTOE_RESULT_OK) throw error(result);
}

// Runs call(&refused), a C call that writes the index of an entry it refuses, passes that index
// on to refused_index (when given) only when the call wrote one, and throws for a refusal.
template <typename Call>
void refusing(std::size_t *refused_index, Call call) {
    std::size_t refused = not_written;
    tictactoe_result result = call(&refused);
    if (refused != not_written && refused_index) *refused_index = refused;
    check(result);
}

// Winners as the wrapper's first members returned them, a uint32_t each.
inline std::vector<std::uint32_t> widened(const std::vector<std::uint8_t> &codes) {
    return std::vector<std::uint32_t>(codes.begin(), codes.end());
}

// Calls fill(buffer, capacity, &len) once to learn the length, then with room for it.
template <typename T, typename Fill>
std::vector<T> read_all(Fill fill) {
    std::size_t len = 0;
    tictactoe_result first = fill(nullptr, 0, &len);
    std::vector<T> items(len);
    if (first == TICTACTOE_RESULT_BUFFER_TOO_SMALL) check(fill(items.data(), items.size(), &len));
    else check(first);
    items.resize(len);
    return items;
}

// A pointer for a C call reading `size` items: never NULL, even for an empty input, so that the
// library judges the input itself (a wrong length, say) instead of refusing a NULL pointer.
template <typename T>
const T *items(const T *data, std::size_t size) {
    static const T none{};
    return size ? data : &none;
}

// The same for text, whose buffer also holds the terminating NUL.
template <typename Fill>
std::string read_text(Fill fill) {
    std::vector<char> text = read_all<char>([&](char *buf, std::size_t capacity, std::size_t *len) {
        tictactoe_result result = fill(buf, capacity, len);
        if (result == TICTACTOE_RESULT_BUFFER_TOO_SMALL) ++*len;  // room for the NUL
        return result;
    });
    return std::string(text.begin(), text.end());
}
// Calls search(trampoline, user) with stop as the C call's tictactoe_stop: stop() returning
// true ends the search; an exception it throws ends it too and is rethrown once the C call
// returns (it never unwinds through the library). Returns the C call's result.
template <typename Stop, typename Search>
tictactoe_result stopping(Stop &stop, Search search) {
    static_assert(std::is_invocable_r_v<bool, Stop &>, "stop() answers whether to stop");
    struct context {
        Stop *stop;
        std::exception_ptr thrown;
    } call{&stop, nullptr};
    auto trampoline = [](void *user) -> std::int32_t {
        auto *c = static_cast<context *>(user);
        // A stop that threw is not asked again: its exception is the one rethrown.
        if (c->thrown) return 1;
        try {
            return (*c->stop)() ? 1 : 0;
        } catch (...) {
            c->thrown = std::current_exception();
            return 1;
        }
    };
    const tictactoe_result code = search(trampoline, &call);
    if (call.thrown) std::rethrow_exception(call.thrown);
    return code;
}

// Calls fill(buffer, len) with room for len flags and returns them: C's bool arrays, which
// std::vector<bool> cannot lend.
template <typename Fill>
std::vector<bool> read_flags(std::size_t len, Fill fill) {
    std::unique_ptr<bool[]> flags(new bool[len ? len : 1]);
    check(fill(flags.get(), len));
    return std::vector<bool>(flags.get(), flags.get() + len);
}
}  // namespace detail

// A rule set of the k-in-a-row family, as the C functions take it: a rows x cols board where
// k marks in a row, column or diagonal win, and flags (TICTACTOE_RULE_EXACT: only exactly k
// win; TICTACTOE_RULE_GRAVITY: a mark sits on the bottom row or on a mark). A plain value: the
// library judges it when a game or batch is made under it (check() asks without making one).
struct rules {
    std::uint32_t rows = 3;
    std::uint32_t cols = 3;
    std::uint32_t k = 3;
    std::uint32_t flags = 0;

    // n x n tic-tac-toe, n in a row: what game(n) plays.
    static constexpr rules tic_tac_toe(std::uint32_t n) noexcept { return {n, n, n, 0}; }
    // The m,n,k-game: rows x cols, k or more in a row; flags as above.
    static constexpr rules mnk(std::uint32_t rows, std::uint32_t cols, std::uint32_t k,
                               std::uint32_t flags = 0) noexcept {
        return {rows, cols, k, flags};
    }
    // 6 rows, 7 columns, four in a row, gravity.
    static constexpr rules connect_four() noexcept { return {6, 7, 4, TICTACTOE_RULE_GRAVITY}; }
    // 15 x 15, five in a row: five or more (freestyle), or with exact = true exactly five.
    static constexpr rules gomoku(bool exact = false) noexcept {
        return {15, 15, 5, exact ? TICTACTOE_RULE_EXACT : 0u};
    }

    constexpr bool exact() const noexcept { return (flags & TICTACTOE_RULE_EXACT) != 0; }
    constexpr bool gravity() const noexcept { return (flags & TICTACTOE_RULE_GRAVITY) != 0; }

    // Throws error for rules no game has: INVALID_ARGUMENT (an unknown flag), INVALID_RULES
    // (unless 1 <= rows, cols <= 65535 and 1 <= k <= the longer side).
    void check() const { detail::check(tictactoe_rules_check(rows, cols, k, flags)); }

    friend constexpr bool operator==(const rules &a, const rules &b) noexcept {
        return a.rows == b.rows && a.cols == b.cols && a.k == b.k && a.flags == b.flags;
    }
    friend constexpr bool operator!=(const rules &a, const rules &b) noexcept { return !(a == b); }
};

// What game::drop did: the row the mark landed on, and the winner after it (0, 1 or 2).
struct drop_result {
    std::uint32_t row;
    std::uint32_t winner;
};

// A bound on the bytes a game or batch made from outside data may take (its board, history
// and state at their largest), as the C functions' max_bytes: for text, cells, rules or counts
// that come from outside. A larger one is refused with LIMIT_EXCEEDED before anything is
// allocated. The default is the one tictactoe_game_parse applies (8 MiB).
struct limits {
    std::size_t max_bytes = TICTACTOE_DEFAULT_MAX_BYTES;

    // No limit beyond the largest board: for the program's own data.
    static constexpr limits none() noexcept { return {SIZE_MAX}; }
};

namespace detail {
// The C structs the _rules functions take, from the wrapper's plain values.
constexpr tictactoe_rules c_rules(const rules &r) noexcept { return {r.rows, r.cols, r.k, r.flags}; }
constexpr tictactoe_limits c_limits(const limits &l) noexcept { return {l.max_bytes}; }
}  // namespace detail

// What game::solve found: who wins when both sides play perfectly (0 for a draw, else 1 or 2)
// and the moves to the end (the winner's fastest win, the loser's slowest loss; for a draw the
// empty cells).
struct solution {
    std::uint32_t winner;
    std::uint32_t plies;
};

// A cell of the board, as game::best_move chooses it.
struct coordinates {
    std::uint32_t row;
    std::uint32_t col;
};

class batch;

// A game of the k-in-a-row family: n x n tic-tac-toe (1 <= n <= 65535), or any rules. Owns its
// tictactoe_game; get() lends it to C calls.
class game {
public:
    // An empty n x n game, X to move. Throws error (INVALID_SIZE, ALLOC_FAILED).
    explicit game(std::uint32_t n) { detail::check(tictactoe_game_new(n, &raw_)); }

    // An empty game under rules, X to move. Throws error (INVALID_ARGUMENT, INVALID_SIZE for
    // n x n tic-tac-toe's bad n, INVALID_RULES, ALLOC_FAILED).
    explicit game(const tictactoe::rules &r) { make(r, nullptr); }

    // The same, refusing a game above the limit (LIMIT_EXCEEDED, before anything is
    // allocated): for rules that come from outside.
    game(const tictactoe::rules &r, tictactoe::limits l) {
        const tictactoe_limits c = detail::c_limits(l);
        make(r, &c);
    }

    // The same as game(rules::mnk(rows, cols, k, flags)).
    static game mnk(std::uint32_t rows, std::uint32_t cols, std::uint32_t k, std::uint32_t flags = 0) {
        return game(tictactoe::rules::mnk(rows, cols, k, flags));
    }

    // A game at a position: n*n cells 0 (empty), 1 (X), 2 (O), row-major, reachable by a legal
    // game. Throws error (INVALID_SIZE, INVALID_POSITION, ALLOC_FAILED).
    static game from_cells(std::uint32_t n, const std::vector<std::uint8_t> &cells) {
        return from_cells(tictactoe::rules::tic_tac_toe(n), cells);
    }

    // A game under rules at a position: rows*cols cells as above, reachable by a legal game
    // under the rules (under gravity, no mark above a free cell). Throws error
    // (INVALID_ARGUMENT, INVALID_SIZE, INVALID_RULES, INVALID_POSITION, ALLOC_FAILED).
    static game from_cells(const tictactoe::rules &r, const std::vector<std::uint8_t> &cells) {
        return from_cells_within(r, cells, nullptr);
    }

    // from_cells(n, cells), refusing a game above the limit (LIMIT_EXCEEDED, decided from n
    // before the cells are read): for cells that come from outside.
    static game from_cells(std::uint32_t n, const std::vector<std::uint8_t> &cells, tictactoe::limits l) {
        return from_cells(tictactoe::rules::tic_tac_toe(n), cells, l);
    }

    // from_cells(rules, cells), refusing a game above the limit (LIMIT_EXCEEDED, decided from
    // the rules before the cells are read).
    static game from_cells(const tictactoe::rules &r, const std::vector<std::uint8_t> &cells, tictactoe::limits l) {
        const tictactoe_limits c = detail::c_limits(l);
        return from_cells_within(r, cells, &c);
    }

    // The game a serialized text describes (what serialize() writes), under the default limit
    // (LIMIT_EXCEEDED above 8 MiB: boards up to 1364 x 1364). Throws error.
    static game parse(std::string_view text) {
        tictactoe_game *raw = nullptr;
        detail::check(tictactoe_game_parse(detail::items(text.data(), text.size()), text.size(), &raw));
        return game(adopt{}, raw);
    }

    // The same under another limit (limits::none() for the program's own saved games).
    static game parse(std::string_view text, tictactoe::limits l) {
        tictactoe_game *raw = nullptr;
        detail::check(tictactoe_game_parse_with_limits(detail::items(text.data(), text.size()), text.size(),
                                                       l.max_bytes, &raw));
        return game(adopt{}, raw);
    }

    game(game &&other) noexcept : raw_(std::exchange(other.raw_, nullptr)) {}
    game &operator=(game &&other) noexcept {
        if (this != &other) {
            tictactoe_game_free(raw_);
            raw_ = std::exchange(other.raw_, nullptr);
        }
        return *this;
    }
    game(const game &) = delete;
    game &operator=(const game &) = delete;
    ~game() { tictactoe_game_free(raw_); }

    // An independent copy, history included.
    game clone() const {
        tictactoe_game *raw = nullptr;
        detail::check(tictactoe_game_clone(raw_, &raw));
        return game(adopt{}, raw);
    }

    // LeetCode 348's move: player's mark at (row, col); the winner after it (0, 1 or 2).
    std::uint32_t move(std::uint32_t row, std::uint32_t col, std::uint32_t player) {
        std::uint32_t winner = 0;
        detail::check(tictactoe_game_move(raw_, row, col, player, &winner));
        return winner;
    }

    // The mark of the player whose turn it is; the winner after the move.
    std::uint32_t play(std::uint32_t row, std::uint32_t col) {
        std::uint32_t winner = 0;
        detail::check(tictactoe_game_play(raw_, row, col, &winner));
        return winner;
    }

    // Connect Four's move: the mark of the player whose turn it is on the lowest free cell of
    // column col. Throws error (OUT_OF_BOUNDS, GAME_OVER, COLUMN_FULL).
    drop_result drop(std::uint32_t col) {
        drop_result result{0, 0};
        detail::check(tictactoe_game_drop(raw_, col, &result.row, &result.winner));
        return result;
    }

    // Every move in order, all or nothing; the winner afterwards. On a refused move the game is
    // unchanged and the error's code says why; refused_index (when given) gets its index.
    std::uint32_t move_many(const std::vector<tictactoe_move> &moves, std::size_t *refused_index = nullptr) {
        std::uint32_t winner = 0;
        detail::refusing(refused_index, [&](std::size_t *refused) {
            return tictactoe_game_move_many(raw_, moves.data(), moves.size(), &winner, refused);
        });
        return winner;
    }

    // Takes back the last move and returns it; std::nullopt when there is none.
    std::optional<tictactoe_move> undo() {
        tictactoe_move undone{};
        tictactoe_result result = tictactoe_game_undo(raw_, &undone);
        if (result == TICTACTOE_RESULT_NOTHING_TO_UNDO) return std::nullopt;
        detail::check(result);
        return undone;
    }

    // The side of a square board; throws error (UNSUPPORTED_SIZE) for a rectangle.
    std::uint32_t n() const { return query<std::uint32_t>(tictactoe_game_n); }

    // The game's rules (rules::tic_tac_toe(n) for game(n)).
    tictactoe::rules rules() const {
        tictactoe::rules r;
        detail::check(tictactoe_game_rules(raw_, &r.rows, &r.cols, &r.k, &r.flags));
        return r;
    }
    std::uint64_t marks() const { return query<std::uint64_t>(tictactoe_game_marks); }
    std::uint32_t next_player() const { return query<std::uint32_t>(tictactoe_game_next_player); }
    tictactoe_status status() const { return query<tictactoe_status>(tictactoe_game_status); }
    bool is_draw_certain() const { return query<bool>(tictactoe_game_is_draw_certain); }

    // The winner (1 or 2), std::nullopt while nobody has won.
    std::optional<std::uint32_t> winner() const {
        std::uint32_t winner = query<std::uint32_t>(tictactoe_game_winner);
        return winner ? std::optional<std::uint32_t>(winner) : std::nullopt;
    }

    // Whether player (1 or 2) can still win. Throws error (INVALID_PLAYER).
    bool can_win(std::uint32_t player) const {
        bool can = false;
        detail::check(tictactoe_game_can_win(raw_, player, &can));
        return can;
    }

    // Who holds (row, col): 1 or 2, std::nullopt when empty. Throws error (OUT_OF_BOUNDS).
    std::optional<std::uint32_t> cell(std::uint32_t row, std::uint32_t col) const {
        std::uint32_t holder = 0;
        detail::check(tictactoe_game_cell(raw_, row, col, &holder));
        return holder ? std::optional<std::uint32_t>(holder) : std::nullopt;
    }

    std::vector<tictactoe_move> history() const {
        return detail::read_all<tictactoe_move>(
            [this](tictactoe_move *buf, std::size_t capacity, std::size_t *count) {
                return tictactoe_game_history(raw_, buf, capacity, count);
            });
    }

    // The whole lines the winning move completed (n x n tic-tac-toe; empty for other rules).
    std::vector<tictactoe_line> winning_lines() const {
        return detail::read_all<tictactoe_line>(
            [this](tictactoe_line *buf, std::size_t capacity, std::size_t *count) {
                return tictactoe_game_winning_lines(raw_, buf, capacity, count);
            });
    }

    // The runs the winning move made that win, under any rules (empty while nobody has won).
    std::vector<tictactoe_run> winning_runs() const {
        return detail::read_all<tictactoe_run>(
            [this](tictactoe_run *buf, std::size_t capacity, std::size_t *count) {
                return tictactoe_game_winning_runs(raw_, buf, capacity, count);
            });
    }

    // The board as an array: rows*cols cells 0 (empty), 1 (X), 2 (O), row-major.
    std::vector<std::uint8_t> cells() const {
        return detail::read_all<std::uint8_t>([this](std::uint8_t *buf, std::size_t capacity, std::size_t *len) {
            return tictactoe_game_cells(raw_, buf, capacity, len);
        });
    }

    // The cells a move may take, as indices row*cols + col in row-major order (under gravity the
    // lowest free cell of each column with room); none once somebody has won.
    std::vector<std::uint32_t> legal_moves() const {
        return detail::read_all<std::uint32_t>([this](std::uint32_t *buf, std::size_t capacity, std::size_t *count) {
            return tictactoe_game_legal_moves(raw_, buf, capacity, count);
        });
    }

    // The computer player: the position's value under perfect play, under any rules, visiting
    // at most max_nodes positions. Throws error (BUDGET_EXCEEDED: nothing is guessed,
    // ALLOC_FAILED).
    tictactoe::solution solve(std::uint64_t max_nodes = TICTACTOE_DEFAULT_MAX_NODES) const {
        tictactoe::solution s{0, 0};
        detail::check(tictactoe_game_solve(raw_, max_nodes, &s.winner, &s.plies));
        return s;
    }

    // solve() on `threads` threads sharing one table: the same value whatever their number,
    // sooner (Connect Four and the gravity boards of one word; others solve on one). Throws
    // error (INVALID_ARGUMENT for 0 threads, BUDGET_EXCEEDED, ALLOC_FAILED).
    tictactoe::solution solve_threads(std::uint32_t threads,
                                      std::uint64_t max_nodes = TICTACTOE_DEFAULT_MAX_NODES) const {
        tictactoe::solution s{0, 0};
        detail::check(tictactoe_game_solve_threads(raw_, max_nodes, threads, &s.winner, &s.plies));
        return s;
    }

    // solve() as options say (tictactoe_solve_options: the budget, the threads, and
    // TICTACTOE_NO_BOOK to solve the positions Connect Four's opening book has). Throws error
    // (INVALID_ARGUMENT for 0 threads or an unknown flag, BUDGET_EXCEEDED, ALLOC_FAILED).
    tictactoe::solution solve_with(const tictactoe_solve_options &options) const {
        tictactoe::solution s{0, 0};
        detail::check(tictactoe_game_solve_with(raw_, &options, &s.winner, &s.plies));
        return s;
    }

    // solve_with() that stop (any callable answering bool) ends: asked every 1 024 positions
    // on this thread, true ends the solve as an exhausted budget does. Throws what stop
    // throws, or error (BUDGET_EXCEEDED once stopped, BUSY for a search started from a stop,
    // and as solve_with()).
    template <typename Stop>
    tictactoe::solution solve_until(const tictactoe_solve_options &options, Stop &&stop) const {
        tictactoe::solution s{0, 0};
        detail::check(detail::stopping(stop, [&](tictactoe_stop trampoline, void *user) {
            return tictactoe_game_solve_until(raw_, &options, trampoline, user, &s.winner, &s.plies);
        }));
        return s;
    }

    // Every legal move with its value (row, col, then winner and plies once it is played and
    // both play perfectly, plies counted from this position), in legal_moves()'s order; none
    // for a finished game. The solves share max_nodes. Throws error (BUDGET_EXCEEDED: nothing
    // is guessed, ALLOC_FAILED).
    std::vector<tictactoe_move_value> analyze(std::uint64_t max_nodes = TICTACTOE_DEFAULT_MAX_NODES) const {
        return detail::read_all<tictactoe_move_value>(
            [this, max_nodes](tictactoe_move_value *buf, std::size_t capacity, std::size_t *count) {
                return tictactoe_game_analyze(raw_, max_nodes, buf, capacity, count);
            });
    }

    // analyze() as options say (see solve_with()). Throws error (INVALID_ARGUMENT,
    // BUDGET_EXCEEDED, ALLOC_FAILED).
    std::vector<tictactoe_move_value> analyze_with(const tictactoe_solve_options &options) const {
        return detail::read_all<tictactoe_move_value>(
            [this, &options](tictactoe_move_value *buf, std::size_t capacity, std::size_t *count) {
                return tictactoe_game_analyze_with(raw_, &options, buf, capacity, count);
            });
    }

    // The computer player's move for the player to move, under any rules: perfect when solving
    // fits, else a win now, a block, or the choice of a tree search of `simulations`
    // simulations drawn from seed (the same position, simulations and seed give the same
    // move). Throws error (GAME_OVER for a finished game, won or drawn; ALLOC_FAILED).
    coordinates best_move(std::uint32_t simulations = TICTACTOE_DEFAULT_SIMULATIONS, std::uint64_t seed = 0) const {
        coordinates c{0, 0};
        detail::check(tictactoe_game_best_move(raw_, simulations, seed, &c.row, &c.col));
        return c;
    }

    // best_move() as options say (tictactoe_move_options: simulations, seed, the solving
    // budget, TICTACTOE_NO_BOOK and TICTACTOE_NOT_PERFECT). Throws error (INVALID_ARGUMENT for
    // an unknown flag, GAME_OVER, ALLOC_FAILED).
    coordinates best_move_with(const tictactoe_move_options &options) const {
        coordinates c{0, 0};
        detail::check(tictactoe_game_best_move_with(raw_, &options, &c.row, &c.col));
        return c;
    }

    // best_move_with() that stop (any callable answering bool) ends: asked before each
    // simulation and every 1 024 positions of a solve, on this thread; once it answers true, the
    // move the search made so far chooses (always legal). Throws what stop throws, or error
    // (BUSY for a search started from a stop, and as best_move_with()).
    template <typename Stop>
    coordinates best_move_until(const tictactoe_move_options &options, Stop &&stop) const {
        coordinates c{0, 0};
        detail::check(detail::stopping(stop, [&](tictactoe_stop trampoline, void *user) {
            return tictactoe_game_best_move_until(raw_, &options, trampoline, user, &c.row, &c.col);
        }));
        return c;
    }

    // The lossless text form, read back by parse().
    std::string serialize() const {
        return detail::read_text([this](char *buf, std::size_t capacity, std::size_t *len) {
            return tictactoe_game_serialize(raw_, buf, capacity, len);
        });
    }

    // The board: one line a row of X, O and '.', separated by '\n'.
    std::string board_text() const {
        return detail::read_text([this](char *buf, std::size_t capacity, std::size_t *len) {
            return tictactoe_game_board_text(raw_, buf, capacity, len);
        });
    }

    // The C handle, still owned by this object; for calls the wrapper does not make.
    tictactoe_game *get() noexcept { return raw_; }
    const tictactoe_game *get() const noexcept { return raw_; }

private:
    friend class batch;

    // Takes ownership of a handle from the library. Tagged, so that game(0) is the size 0.
    struct adopt {};
    game(adopt, tictactoe_game *raw) noexcept : raw_(raw) {}

    // The one call behind game(rules[, limits]); limits NULL for none.
    void make(const tictactoe::rules &r, const tictactoe_limits *l) {
        const tictactoe_rules c = detail::c_rules(r);
        detail::check(tictactoe_game_new_rules(&c, l, &raw_));
    }

    // The one call behind every from_cells; limits NULL for none.
    static game from_cells_within(const tictactoe::rules &r, const std::vector<std::uint8_t> &cells,
                                  const tictactoe_limits *l) {
        const tictactoe_rules c = detail::c_rules(r);
        tictactoe_game *raw = nullptr;
        detail::check(
            tictactoe_game_from_cells_rules(&c, detail::items(cells.data(), cells.size()), cells.size(), l, &raw));
        return game(adopt{}, raw);
    }

    template <typename T>
    T query(tictactoe_result (*call)(const tictactoe_game *, T *)) const {
        T value{};
        detail::check(call(raw_, &value));
        return value;
    }

    tictactoe_game *raw_ = nullptr;
};

// Whether rows*cols cells form a position a legal game under the rules reaches; builds
// nothing. Throws error only for bad rules (INVALID_ARGUMENT, INVALID_SIZE, INVALID_RULES) or
// ALLOC_FAILED.
inline bool is_valid_position(const rules &r, const std::vector<std::uint8_t> &cells) {
    const tictactoe_rules c = detail::c_rules(r);
    tictactoe_result result =
        tictactoe_position_validate_rules(&c, detail::items(cells.data(), cells.size()), cells.size());
    if (result == TICTACTOE_RESULT_INVALID_POSITION) return false;
    detail::check(result);
    return true;
}

// Whether n*n cells (as for game::from_cells) form a position a legal game reaches; builds
// nothing. Throws error only for a bad size (INVALID_SIZE).
inline bool is_valid_position(std::uint32_t n, const std::vector<std::uint8_t> &cells) {
    return is_valid_position(rules::tic_tac_toe(n), cells);
}

// The games a batch call changes, as the core takes them: every game in order (all()), or the
// games of a list, in its order (a std::vector<std::uint32_t> converts to one: distinct indices
// for the steps and draws, repeats allowed for resets and seeds). The call's per-game arrays
// then hold a value for each game taken, in that order. A list is borrowed, not copied: pass
// it straight to the call.
class selection {
public:
    static constexpr selection all() noexcept { return selection(every{}); }
    selection(const std::vector<std::uint32_t> &games) noexcept : list_(&games) {}  // converts, as the core's Listed

private:
    friend class batch;
    // Tags all()'s constructor, so that no braced list of numbers could pick it.
    struct every {};
    constexpr explicit selection(every) noexcept {}

    // NULL for every game (the C functions' convention), else the list's indices.
    const std::uint32_t *games() const noexcept {
        return list_ ? detail::items(list_->data(), list_->size()) : nullptr;
    }

    const std::vector<std::uint32_t> *list_ = nullptr;
};

// count games of one rule set, stepped together. An action is a cell row*cols + col, or under
// gravity a column: actions() of them a game. Owns its tictactoe_batch; get() lends it to C
// calls. A refused call throws error and changes no game; one that would change the batch
// while a puct search reads it (a call from that search's evaluator) throws BUSY.
class batch {
public:
    // count empty n x n games; their random actions come from seed. Throws error
    // (INVALID_SIZE, INVALID_COUNT, ALLOC_FAILED).
    batch(std::uint32_t count, std::uint32_t n, std::uint64_t seed)
        : batch(count, tictactoe::rules::tic_tac_toe(n), seed) {}

    // count empty games under rules. Throws error (INVALID_ARGUMENT, INVALID_SIZE,
    // INVALID_RULES, INVALID_COUNT, ALLOC_FAILED).
    batch(std::uint32_t count, const tictactoe::rules &r, std::uint64_t seed) { make(count, r, seed, nullptr); }

    // The same two, refusing a batch above the limit (LIMIT_EXCEEDED, after the checks of the
    // size, rules and count, before anything is allocated): for a count and size from outside.
    batch(std::uint32_t count, std::uint32_t n, std::uint64_t seed, tictactoe::limits l)
        : batch(count, tictactoe::rules::tic_tac_toe(n), seed, l) {}
    batch(std::uint32_t count, const tictactoe::rules &r, std::uint64_t seed, tictactoe::limits l) {
        const tictactoe_limits c = detail::c_limits(l);
        make(count, r, seed, &c);
    }

    batch(batch &&other) noexcept : raw_(std::exchange(other.raw_, nullptr)) {}
    batch &operator=(batch &&other) noexcept {
        if (this != &other) {
            tictactoe_batch_free(raw_);
            raw_ = std::exchange(other.raw_, nullptr);
        }
        return *this;
    }
    batch(const batch &) = delete;
    batch &operator=(const batch &) = delete;
    ~batch() { tictactoe_batch_free(raw_); }

    // An independent copy: every game and every generator.
    batch clone() const {
        tictactoe_batch *raw = nullptr;
        detail::check(tictactoe_batch_clone(raw_, &raw));
        return batch(raw);
    }

    std::uint32_t count() const { return query(tictactoe_batch_count); }
    // Actions a game: rows*cols, or cols under gravity.
    std::uint32_t actions() const { return query(tictactoe_batch_actions); }
    // The side of square boards; throws error (UNSUPPORTED_SIZE) for rectangles.
    std::uint32_t n() const { return query(tictactoe_batch_n); }

    tictactoe::rules rules() const {
        tictactoe::rules r;
        detail::check(tictactoe_batch_rules(raw_, &r.rows, &r.cols, &r.k, &r.flags));
        return r;
    }

    // The operations over the games a selection takes (the core's Batch::OPERATIONS), each
    // throwing error for a refusal, with no game changed: LENGTH_MISMATCH for per-game arrays
    // not of a value a game taken, GAME_INDEX and REPEATED_GAME (refused_index, when given,
    // gets the position in the list), and each call's own. Per-game codes (winners, sides) are
    // bytes, as next_players() and winners() give them.

    // One move in each game taken: the i-th plays actions[i] (a cell, or under gravity a
    // column); the winners after it (0, 1 or 2). A refused action is handled as `illegal` says:
    // RAISE throws its code (OUT_OF_BOUNDS, GAME_OVER, OCCUPIED, COLUMN_FULL; refused_index
    // gets i); LOSE, its game ends at once, won by the opponent, and the others play on.
    std::vector<std::uint8_t> step(const selection &games, const std::vector<std::uint32_t> &actions,
                                   tictactoe_illegal illegal = TICTACTOE_ILLEGAL_RAISE,
                                   std::size_t *refused_index = nullptr) {
        const std::size_t n = taken(games, {actions.size()});
        std::vector<std::uint8_t> winners(n);
        detail::refusing(refused_index, [&](std::size_t *refused) {
            return tictactoe_batch_games_step(raw_, games.games(), n, detail::items(actions.data(), n), illegal,
                                              winners.data(), refused);
        });
        return winners;
    }

    // A uniformly random legal action for each game taken, TICTACTOE_NO_ACTION for a game that
    // is over, from each game's own generator.
    std::vector<std::uint32_t> random_legal_actions(const selection &games = selection::all(),
                                                    std::size_t *refused_index = nullptr) {
        const std::size_t n = taken(games, {});
        std::vector<std::uint32_t> actions(n);
        detail::refusing(refused_index, [&](std::size_t *refused) {
            return tictactoe_batch_games_random_legal_actions(raw_, games.games(), n, actions.data(), refused);
        });
        return actions;
    }

    // A uniformly random legal move in each game taken that is not over (a game over stays as
    // it is), from each game's own generator: random_legal_actions() then step() in one call.
    // The winners after it.
    std::vector<std::uint8_t> step_random(const selection &games, std::size_t *refused_index = nullptr) {
        const std::size_t n = taken(games, {});
        std::vector<std::uint8_t> winners(n);
        detail::refusing(refused_index, [&](std::size_t *refused) {
            return tictactoe_batch_games_step_random(raw_, games.games(), n, winners.data(), refused);
        });
        return winners;
    }

    // One step of a learner against a random opponent in each game taken, the learner playing
    // side sides[i] (1 for X, 2 for O) of the i-th: a game whose restart[i] is non-zero (restart
    // empty: none) is emptied, its action ignored, and any other plays actions[i], refused as
    // `illegal` says (as step()); then, where the game is not over and the opponent is to move,
    // the opponent plays a random legal move from the game's own generator. The winners after
    // it. Throws error also for INVALID_PLAYER (refused_index gets i).
    std::vector<std::uint8_t> step_against_random(const selection &games, const std::vector<std::uint8_t> &sides,
                                                  const std::vector<std::uint32_t> &actions,
                                                  const std::vector<std::uint8_t> &restart = {},
                                                  tictactoe_illegal illegal = TICTACTOE_ILLEGAL_RAISE,
                                                  std::size_t *refused_index = nullptr) {
        const std::size_t n = restart.empty() ? taken(games, {sides.size(), actions.size()})
                                              : taken(games, {sides.size(), actions.size(), restart.size()});
        std::vector<std::uint8_t> winners(n);
        detail::refusing(refused_index, [&](std::size_t *refused) {
            return tictactoe_batch_games_step_against_random(
                raw_, games.games(), n, detail::items(sides.data(), n), detail::items(actions.data(), n),
                restart.empty() ? nullptr : restart.data(), illegal, winners.data(), refused);
        });
        return winners;
    }

    // One step of each game taken in which some games start again instead: a game whose
    // restart[i] is non-zero is emptied, X to move, its action ignored (a new episode), and any
    // other plays actions[i], refused as `illegal` says (as step(); a restarted game's action is
    // never refused). The winners after it (0 for a game emptied): next-step auto-reset of a
    // vector of environments in one call.
    std::vector<std::uint8_t> step_restarting(const selection &games, const std::vector<std::uint32_t> &actions,
                                              const std::vector<std::uint8_t> &restart,
                                              tictactoe_illegal illegal = TICTACTOE_ILLEGAL_RAISE,
                                              std::size_t *refused_index = nullptr) {
        const std::size_t n = taken(games, {actions.size(), restart.size()});
        std::vector<std::uint8_t> winners(n);
        detail::refusing(refused_index, [&](std::size_t *refused) {
            return tictactoe_batch_games_step_restarting(raw_, games.games(), n, detail::items(actions.data(), n),
                                                         detail::items(restart.data(), n), illegal, winners.data(),
                                                         refused);
        });
        return winners;
    }

    // Empties each game taken, X to move; each game's generator goes on where it was.
    void reset(const selection &games = selection::all(), std::size_t *refused_index = nullptr) {
        over_games(games, refused_index, tictactoe_batch_games_reset);
    }

    // Empties each game taken that is over (won, drawn or forfeited), leaving the others.
    void reset_terminated(const selection &games = selection::all(), std::size_t *refused_index = nullptr) {
        over_games(games, refused_index, tictactoe_batch_games_reset_terminated);
    }

    // Restarts the generators of the games taken: the i-th draws from then on what the single
    // game of batch(1, rules, seeds[i]) draws. The boards are left as they are.
    void seed(const selection &games, const std::vector<std::uint64_t> &seeds, std::size_t *refused_index = nullptr) {
        const std::size_t n = taken(games, {seeds.size()});
        detail::refusing(refused_index, [&](std::size_t *refused) {
            return tictactoe_batch_games_seed(raw_, games.games(), n, detail::items(seeds.data(), n), refused);
        });
    }

    // Lets every call over all games split them between `threads` threads (1: the caller's
    // alone), at least 256 games a thread: the process's helper threads, shared by every batch.
    // The results and refusals are those of one thread. Throws error (INVALID_ARGUMENT for 0).
    void set_threads(std::uint32_t threads) { detail::check(tictactoe_batch_set_threads(raw_, threads)); }
    std::uint32_t threads() const { return query(tictactoe_batch_threads); }

    // The wrapper's first members, kept: each the same as the operation over selection::all()
    // (or over the list given), with the winners widened to uint32_t as they returned them. A
    // std::vector of games given straight to step_random or reset picks these, and so does one
    // given to step_against_random before two braced lists (it is read as the sides) or to step
    // before {} (read as the actions): wrap the games in tictactoe::selection to pick the
    // operations above.

    // step(selection::all(), actions), widened. Throws error (LENGTH_MISMATCH, OUT_OF_BOUNDS,
    // GAME_OVER, OCCUPIED, COLUMN_FULL), and no game changes.
    std::vector<std::uint32_t> step(const std::vector<std::uint32_t> &actions) {
        return detail::widened(step(selection::all(), actions));
    }

    // step(selection::all(), actions, illegal, refused_index), widened.
    std::vector<std::uint32_t> step(const std::vector<std::uint32_t> &actions, tictactoe_illegal illegal,
                                    std::size_t *refused_index = nullptr) {
        return detail::widened(step(selection::all(), actions, illegal, refused_index));
    }

    // step(games, actions, illegal, refused_index), widened.
    std::vector<std::uint32_t> step_games(const std::vector<std::uint32_t> &games,
                                          const std::vector<std::uint32_t> &actions,
                                          tictactoe_illegal illegal = TICTACTOE_ILLEGAL_RAISE,
                                          std::size_t *refused_index = nullptr) {
        return detail::widened(step(games, actions, illegal, refused_index));
    }

    // step_random(selection::all()), widened.
    std::vector<std::uint32_t> step_random() { return detail::widened(step_random(selection::all())); }

    // step_random(games, refused_index), widened.
    std::vector<std::uint32_t> step_random(const std::vector<std::uint32_t> &games,
                                           std::size_t *refused_index = nullptr) {
        return detail::widened(step_random(selection(games), refused_index));
    }

    // step_against_random(selection::all(), sides, ...), widened; a side that no byte holds is
    // refused as any side other than 1 or 2 (INVALID_PLAYER).
    std::vector<std::uint32_t> step_against_random(const std::vector<std::uint32_t> &sides,
                                                   const std::vector<std::uint32_t> &actions,
                                                   const std::vector<std::uint8_t> &restart = {},
                                                   tictactoe_illegal illegal = TICTACTOE_ILLEGAL_RAISE,
                                                   std::size_t *refused_index = nullptr) {
        std::vector<std::uint8_t> bytes(sides.size());
        for (std::size_t g = 0; g < sides.size(); g++) bytes[g] = sides[g] <= 0xFF ? std::uint8_t(sides[g]) : 0;
        return detail::widened(step_against_random(selection::all(), bytes, actions, restart, illegal, refused_index));
    }

    // reset(games): a list given as a vector or in braces.
    void reset(const std::vector<std::uint32_t> &games) { reset(selection(games)); }

    // The computer player's perfect action for every game, TICTACTOE_NO_ACTION for a game that
    // is over: n x n tic-tac-toe up to 3 x 3, from a table built once per process. Throws
    // error (UNSUPPORTED_RULES, UNSUPPORTED_SIZE above 3 x 3).
    std::vector<std::uint32_t> perfect_actions() const {
        std::vector<std::uint32_t> actions(count());
        detail::check(tictactoe_batch_perfect_actions(raw_, actions.data(), actions.size()));
        return actions;
    }

    // The computer player's action for every game under any rules (a cell row * cols + col, or
    // under gravity a column), TICTACTOE_NO_ACTION for a game that is over: game::best_move's
    // choice with `simulations` of tree search where it cannot solve, game g's search seeded
    // from `seed` and g. An opponent for every game at once.
    std::vector<std::uint32_t> computer_actions(std::uint32_t simulations = TICTACTOE_DEFAULT_SIMULATIONS,
                                                std::uint64_t seed = 0) const {
        std::vector<std::uint32_t> actions(count());
        detail::check(tictactoe_batch_computer_actions(raw_, simulations, seed, actions.data(), actions.size()));
        return actions;
    }

    // The computer player's action for the games listed only (an index may repeat), in their
    // order: what computer_actions(simulations, seed) gives them. Throws error (GAME_INDEX).
    // (A name of its own: as an overload, computer_actions({3}) would take 3 for simulations.)
    std::vector<std::uint32_t> computer_actions_of(const std::vector<std::uint32_t> &games,
                                                   std::uint32_t simulations = TICTACTOE_DEFAULT_SIMULATIONS,
                                                   std::uint64_t seed = 0) const {
        return computer_actions_listed(games, nullptr, simulations, seed);
    }

    // As above, game games[i] searched with seeds[i] (one per game listed): its action is then
    // game::best_move's with that seed. Throws error (GAME_INDEX, LENGTH_MISMATCH).
    std::vector<std::uint32_t> computer_actions_seeded(const std::vector<std::uint32_t> &games,
                                                const std::vector<std::uint64_t> &seeds,
                                                std::uint32_t simulations = TICTACTOE_DEFAULT_SIMULATIONS) const {
        if (seeds.size() != games.size()) throw error(TICTACTOE_RESULT_LENGTH_MISMATCH);
        return computer_actions_listed(games, detail::items(seeds.data(), seeds.size()), simulations, 0);
    }

    // Every game's player to move (1 or 2), in order.
    std::vector<std::uint8_t> next_players() const {
        std::vector<std::uint8_t> players(count());
        detail::check(tictactoe_batch_next_players(raw_, players.data(), players.size()));
        return players;
    }

    // Every game's winner (0, 1 or 2), in order.
    std::vector<std::uint8_t> winners() const {
        std::vector<std::uint8_t> winners(count());
        detail::check(tictactoe_batch_winners(raw_, winners.data(), winners.size()));
        return winners;
    }

    // Every game's cells (0, 1 or 2), row-major, game after game.
    std::vector<std::uint8_t> cells() const {
        tictactoe::rules r = rules();
        std::vector<std::uint8_t> cells(std::size_t{count()} * r.rows * r.cols);
        detail::check(tictactoe_batch_cells(raw_, cells.data(), cells.size()));
        return cells;
    }

    // Whether each game is over.
    std::vector<bool> terminated() const {
        return detail::read_flags(count(), [this](bool *out, std::size_t len) {
            return tictactoe_batch_terminated(raw_, out, len);
        });
    }

    // Every game from its player to move's view: per game, that player's marks (rows*cols
    // flags, row-major), then the opponent's; game after game.
    std::vector<bool> observation() const {
        tictactoe::rules r = rules();
        return detail::read_flags(std::size_t{count()} * 2 * r.rows * r.cols, [this](bool *out, std::size_t len) {
            return tictactoe_batch_observation(raw_, out, len);
        });
    }

    // Every game seen from the side players[g] (1 or 2) of game g, whoever is to move: per
    // game, that side's marks, then the opponent's. Throws error (LENGTH_MISMATCH unless a side
    // a game, INVALID_PLAYER: refused_index, when given, gets the game of the first bad side).
    std::vector<bool> observation(const std::vector<std::uint8_t> &players,
                                  std::size_t *refused_index = nullptr) const {
        tictactoe::rules r = rules();
        return detail::read_flags(std::size_t{count()} * 2 * r.rows * r.cols, [&](bool *out, std::size_t len) {
            // The C read takes NULL and writes an index only for a refusal that names an entry.
            return tictactoe_batch_observation_from(raw_, detail::items(players.data(), players.size()),
                                                    players.size(), out, len, refused_index);
        });
    }

    // Every game's legal actions, actions() flags a game, game after game.
    std::vector<bool> legal_mask() const {
        return detail::read_flags(std::size_t{count()} * actions(), [this](bool *out, std::size_t len) {
            return tictactoe_batch_legal_mask(raw_, out, len);
        });
    }

    // Each game's reward from the side players[g] (1 or 2): 1.0 when it has won, -1.0 when the
    // other has, 0.0 while nobody has. Throws error (LENGTH_MISMATCH unless a side a game,
    // INVALID_PLAYER: refused_index, when given, gets the game of the first bad side).
    std::vector<double> rewards(const std::vector<std::uint8_t> &players, std::size_t *refused_index = nullptr) const {
        std::vector<double> rewards(players.size());
        detail::check(tictactoe_batch_rewards(raw_, detail::items(players.data(), players.size()), players.size(),
                                              rewards.data(), refused_index));
        return rewards;
    }

    // Game index as a game of its own, history included. Throws error (GAME_INDEX).
    tictactoe::game game(std::uint32_t index) const {
        tictactoe_game *raw = nullptr;
        detail::check(tictactoe_batch_game(raw_, index, &raw));
        return tictactoe::game(tictactoe::game::adopt{}, raw);
    }

    // The C handle, still owned by this object; for calls the wrapper does not make.
    tictactoe_batch *get() noexcept { return raw_; }
    const tictactoe_batch *get() const noexcept { return raw_; }

private:
    explicit batch(tictactoe_batch *raw) noexcept : raw_(raw) {}

    // The one call behind every constructor; limits NULL for none.
    void make(std::uint32_t count, const tictactoe::rules &r, std::uint64_t seed, const tictactoe_limits *l) {
        const tictactoe_rules c = detail::c_rules(r);
        detail::check(tictactoe_batch_new_rules(count, &c, seed, l, &raw_));
    }

    // tictactoe_batch_computer_actions_games: seeds NULL for the seeds drawn from `seed`.
    std::vector<std::uint32_t> computer_actions_listed(const std::vector<std::uint32_t> &games,
                                                       const std::uint64_t *seeds, std::uint32_t simulations,
                                                       std::uint64_t seed) const {
        std::vector<std::uint32_t> actions(games.size());
        detail::check(tictactoe_batch_computer_actions_games(raw_, simulations, seed,
                                                             detail::items(games.data(), games.size()), seeds,
                                                             games.size(), actions.data()));
        return actions;
    }

    // The count a C call over `games` takes, whose per-game arrays have the lengths `sizes`:
    // the list's length, or for every game the arrays' (the library checks it is the number of
    // games; with no array, the number of games). Throws error (LENGTH_MISMATCH) for an array
    // of another length, as the library does for a count that is not the games'.
    std::size_t taken(const selection &games, std::initializer_list<std::size_t> sizes) const {
        const std::size_t n = games.list_ ? games.list_->size() : sizes.size() ? *sizes.begin() : std::size_t{count()};
        for (std::size_t size : sizes)
            if (size != n) throw error(TICTACTOE_RESULT_LENGTH_MISMATCH);
        return n;
    }

    // A C call over games with no per-game array (the resets).
    void over_games(const selection &games, std::size_t *refused_index,
                    tictactoe_result (*call)(tictactoe_batch *, const std::uint32_t *, std::size_t, std::size_t *)) {
        const std::size_t n = taken(games, {});
        detail::refusing(refused_index, [&](std::size_t *refused) { return call(raw_, games.games(), n, refused); });
    }

    std::uint32_t query(tictactoe_result (*call)(const tictactoe_batch *, std::uint32_t *)) const {
        std::uint32_t value = 0;
        detail::check(call(raw_, &value));
        return value;
    }

    tictactoe_batch *raw_ = nullptr;
};

// The search a learned network guides (PUCT) over every unfinished game of one batch: owns its
// tictactoe_puct (RAII, move-only), whose trees outlive a search. The evaluator is any callable
// evaluate(leaves, observation, legal_mask, logits, values) as tictactoe_evaluate describes it
// (returning nothing: a failure is an exception); an exception it throws stops the search, the
// trees as they were, and is rethrown from run(). As tictactoe_evaluate says, the evaluator may
// read the batch; a call of its that would change the batch, or any call on this search (run,
// play, ...), throws error with code TICTACTOE_RESULT_BUSY (clear() does nothing then): the
// search is using both while it runs.
class puct {
public:
    // tictactoe_puct_options' fields, with its defaults.
    struct options {
        float c_puct = 1.25f;
        float dirichlet_alpha = 0.3f;
        float dirichlet_fraction = 0.25f;
        std::uint64_t seed = 0;
        std::uint64_t max_bytes = 0;  // 0: no bound
        std::uint32_t leaves = 1;     // tictactoe_puct_set_leaves
        std::uint32_t gumbel = 0;     // tictactoe_puct_set_gumbel; 0: PUCT's search
    };

    // A search over b's games (the batch stays the caller's). Throws error (INVALID_ARGUMENT,
    // also for gumbel > 0 with more than one leaf; ALLOC_FAILED).
    explicit puct(const batch &b) : puct(b, options()) {}
    puct(const batch &b, const options &o) {
        const tictactoe_puct_options c{o.c_puct, o.dirichlet_alpha, o.dirichlet_fraction, o.seed, o.max_bytes};
        detail::check(tictactoe_puct_new(b.get(), &c, &raw_));
        tictactoe_result set = tictactoe_puct_set_leaves(raw_, o.leaves);
        if (set == TICTACTOE_RESULT_OK) set = tictactoe_puct_set_gumbel(raw_, o.gumbel);
        if (set != TICTACTOE_RESULT_OK) {
            tictactoe_puct_free(std::exchange(raw_, nullptr));
            detail::check(set);
        }
    }
    puct(puct &&other) noexcept : raw_(std::exchange(other.raw_, nullptr)) {}
    puct &operator=(puct &&other) noexcept {
        if (this != &other) {
            tictactoe_puct_free(raw_);
            raw_ = std::exchange(other.raw_, nullptr);
        }
        return *this;
    }
    puct(const puct &) = delete;
    puct &operator=(const puct &) = delete;
    ~puct() { tictactoe_puct_free(raw_); }

    // What run() gives: the roots' visits by action (count * actions) and values (count).
    struct result {
        std::vector<std::uint32_t> visits;
        std::vector<float> values;
    };

    // tictactoe_puct_run on b (the batch the search was made for). Throws what evaluate
    // throws, or error (BAD_EVALUATION, LIMIT_EXCEEDED, INVALID_ARGUMENT for another batch,
    // ALLOC_FAILED, NULL_PARAMETER for a moved-from search); the trees are then as they were.
    template <typename Evaluate>
    result run(const batch &b, Evaluate &&evaluate, std::uint32_t simulations, bool noise = false) {
        result out{std::vector<std::uint32_t>(std::size_t{b.count()} * b.actions()),
                   std::vector<float>(b.count())};
        struct context {
            std::remove_reference_t<Evaluate> *evaluate;
            std::exception_ptr thrown;
        } call{&evaluate, nullptr};
        static_assert(std::is_void_v<std::invoke_result_t<Evaluate &, std::size_t, const bool *, const bool *,
                                                          float *, float *>>,
                      "the evaluator returns nothing: it reports a failure by throwing");
        auto trampoline = [](void *user, std::size_t leaves, const bool *observation, const bool *legal,
                             float *logits, float *values) -> std::int32_t {
            auto *c = static_cast<context *>(user);
            try {
                (*c->evaluate)(leaves, observation, legal, logits, values);
                return 0;
            } catch (...) {
                c->thrown = std::current_exception();
                return 1;
            }
        };
        const tictactoe_result code =
            tictactoe_puct_run(raw_, b.get(), trampoline, &call, simulations, noise ? TICTACTOE_PUCT_NOISE : 0u,
                               out.visits.data(), out.visits.size(), out.values.data(), out.values.size());
        if (call.thrown) std::rethrow_exception(call.thrown);
        detail::check(code);
        return out;
    }

    // Plays actions (one a game; entries of finished games not read) in b and keeps each
    // move's subtree. Throws error (OUT_OF_BOUNDS, OCCUPIED, COLUMN_FULL, LENGTH_MISMATCH,
    // INVALID_ARGUMENT for a batch other than the search's); nothing is played then.
    void play(batch &b, const std::vector<std::uint32_t> &actions) {
        detail::check(tictactoe_puct_play(raw_, b.get(), actions.data(), actions.size()));
    }

    // A move for each of `count` games drawn from visits under temperature
    // (TICTACTOE_NO_ACTION for none). Throws error (INVALID_ARGUMENT, LENGTH_MISMATCH).
    std::vector<std::uint32_t> choose(const std::vector<std::uint32_t> &visits, float temperature,
                                      std::size_t count) {
        // A row of visits a game, one at least: more games than visits is refused before any
        // memory is taken for them (a count of -1 would be SIZE_MAX).
        if (count > visits.size()) throw error(TICTACTOE_RESULT_LENGTH_MISMATCH);
        std::vector<std::uint32_t> actions(count);
        detail::check(tictactoe_puct_choose(raw_, visits.data(), visits.size(), temperature, actions.data(), count));
        return actions;
    }

    // Forgets every tree (keeping their memory): the next run starts from fresh roots.
    void clear() noexcept { tictactoe_puct_clear(raw_); }

    // tictactoe_puct_set_leaves: at most `leaves` new leaves a game a step. Throws error
    // (INVALID_ARGUMENT for 0, or more than 1 with Gumbel's search; nothing changes then).
    void set_leaves(std::uint32_t leaves) { detail::check(tictactoe_puct_set_leaves(raw_, leaves)); }

    // tictactoe_puct_set_gumbel: Gumbel MuZero's search over at most `gumbel` root actions
    // (run's noise then draws Gumbel variables), 0 for PUCT's. Throws error (INVALID_ARGUMENT
    // for gumbel > 0 with more than one leaf a step; nothing changes then).
    void set_gumbel(std::uint32_t gumbel) { detail::check(tictactoe_puct_set_gumbel(raw_, gumbel)); }

    // Each of b's games' improved policy (b the batch the search was made for, of which only
    // the count and actions are read; count * actions, a row a game, zeros for a game without
    // a tree): Gumbel MuZero's training target. Throws error (LENGTH_MISMATCH for a batch of
    // another size).
    std::vector<float> policy(const batch &b) {
        std::vector<float> policy(std::size_t{b.count()} * b.actions());
        detail::check(tictactoe_puct_policy(raw_, policy.data(), policy.size()));
        return policy;
    }

    // The action Gumbel MuZero plays in each of b's games after the last search (b the batch
    // the search was made for, of which only the count is read; TICTACTOE_NO_ACTION for a game
    // not searched since play() or clear(), or over). Throws error (LENGTH_MISMATCH for a
    // batch of another size).
    std::vector<std::uint32_t> selected(const batch &b) {
        std::vector<std::uint32_t> actions(b.count());
        detail::check(tictactoe_puct_selected(raw_, actions.data(), actions.size()));
        return actions;
    }

    // An upper bound of the bytes after a search of `simulations` on b. Throws error
    // (INVALID_ARGUMENT for a batch other than the search's).
    std::uint64_t bytes_needed(const batch &b, std::uint32_t simulations) const {
        std::uint64_t bytes = 0;
        detail::check(tictactoe_puct_bytes_needed(raw_, b.get(), simulations, &bytes));
        return bytes;
    }

    // The C handle, still owned by this object.
    tictactoe_puct *get() noexcept { return raw_; }

private:
    tictactoe_puct *raw_ = nullptr;
};

// The stable names of a status and a line kind ("won", "anti_diagonal", ...), as every face
// spells them; empty for a value the header does not define.
inline std::string_view status_name(tictactoe_status status) noexcept {
    const char *name = tictactoe_status_name(status);
    return name ? std::string_view(name) : std::string_view();
}
inline std::string_view line_kind_name(tictactoe_line_kind kind) noexcept {
    const char *name = tictactoe_line_kind_name(kind);
    return name ? std::string_view(name) : std::string_view();
}

// The library's version, e.g. "0.1.0".
inline std::string_view version() noexcept { return tictactoe_version(); }

}  // namespace tictactoe

#endif
