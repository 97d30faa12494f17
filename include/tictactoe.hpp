// tictactoe.hpp: a header-only C++17 wrapper over the C ABI of libtictactoe (tictactoe.h).
//
// Hand-written and small: every call goes through the C functions, so the rules, the checks
// and the result codes are the library's. What it adds is C++ ownership and errors:
// - tictactoe::game owns one tictactoe_game (RAII, move-only; copies are explicit, clone());
// - a refused call throws tictactoe::error, carrying the tictactoe_result code and its text;
//   a refused call changes nothing, as in C;
// - std::optional where a value may be absent (no winner, an empty cell);
// - out-of-memory in the wrapper's own buffers is std::bad_alloc, as for any C++ container.
//
// Threads: as in C, const methods may run on one game from several threads at once; the others
// need the game to themselves. Link with tictactoe::tictactoe or tictactoe::tictactoe_static
// (CMake), or `pkg-config --libs tictactoe`.
#ifndef TICTACTOE_HPP
#define TICTACTOE_HPP

#include <cstddef>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "tictactoe.h"

namespace tictactoe {

// A refused call: code() is the C result code, what() its text (tictactoe_result_str).
class error : public std::runtime_error {
public:
    explicit error(tictactoe_result code) : std::runtime_error(tictactoe_result_str(code)), code_(code) {}
    tictactoe_result code() const noexcept { return code_; }

private:
    tictactoe_result code_;
};

namespace detail {
inline void check(tictactoe_result result) {
    if (result != TICTACTOE_RESULT_OK) throw error(result);
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
}  // namespace detail

// An n x n game (1 <= n <= 65535). Owns its tictactoe_game; get() lends it to C calls.
class game {
public:
    // An empty game, X to move. Throws error (INVALID_SIZE, ALLOC_FAILED).
    explicit game(std::uint32_t n) { detail::check(tictactoe_game_new(n, &raw_)); }

    // A game at a position: n*n cells 0 (empty), 1 (X), 2 (O), row-major, reachable by a legal
    // game. Throws error (INVALID_SIZE, INVALID_POSITION, ALLOC_FAILED).
    static game from_cells(std::uint32_t n, const std::vector<std::uint8_t> &cells) {
        tictactoe_game *raw = nullptr;
        detail::check(tictactoe_game_from_cells(n, detail::items(cells.data(), cells.size()), cells.size(), &raw));
        return game(adopt{}, raw);
    }

    // The game a serialized text describes (what serialize() writes). Throws error.
    static game parse(std::string_view text) {
        tictactoe_game *raw = nullptr;
        detail::check(tictactoe_game_parse(detail::items(text.data(), text.size()), text.size(), &raw));
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

    // Every move in order, all or nothing; the winner afterwards. On a refused move the game is
    // unchanged and the error's code says why; refused_index (when given) gets its index.
    std::uint32_t move_many(const std::vector<tictactoe_move> &moves, std::size_t *refused_index = nullptr) {
        std::uint32_t winner = 0;
        std::size_t refused = 0;
        tictactoe_result result = tictactoe_game_move_many(raw_, moves.data(), moves.size(), &winner, &refused);
        if (result != TICTACTOE_RESULT_OK && refused_index) *refused_index = refused;
        detail::check(result);
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

    std::uint32_t n() const { return query<std::uint32_t>(tictactoe_game_n); }
    std::uint64_t marks() const { return query<std::uint64_t>(tictactoe_game_marks); }
    std::uint32_t next_player() const { return query<std::uint32_t>(tictactoe_game_next_player); }
    tictactoe_status status() const { return query<tictactoe_status>(tictactoe_game_status); }
    bool is_draw_certain() const { return query<bool>(tictactoe_game_is_draw_certain); }

    // The winner (1 or 2), std::nullopt while nobody has won.
    std::optional<std::uint32_t> winner() const {
        std::uint32_t winner = query<std::uint32_t>(tictactoe_game_winner);
        return winner ? std::optional<std::uint32_t>(winner) : std::nullopt;
    }

    // Whether player (1 or 2) can still complete a line. Throws error (INVALID_PLAYER).
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

    std::vector<tictactoe_line> winning_lines() const {
        return detail::read_all<tictactoe_line>(
            [this](tictactoe_line *buf, std::size_t capacity, std::size_t *count) {
                return tictactoe_game_winning_lines(raw_, buf, capacity, count);
            });
    }

    // The lossless text form, read back by parse().
    std::string serialize() const {
        return detail::read_text([this](char *buf, std::size_t capacity, std::size_t *len) {
            return tictactoe_game_serialize(raw_, buf, capacity, len);
        });
    }

    // The board: n lines of X, O and '.', separated by '\n'.
    std::string board_text() const {
        return detail::read_text([this](char *buf, std::size_t capacity, std::size_t *len) {
            return tictactoe_game_board_text(raw_, buf, capacity, len);
        });
    }

    // The C handle, still owned by this object; for calls the wrapper does not make.
    tictactoe_game *get() noexcept { return raw_; }
    const tictactoe_game *get() const noexcept { return raw_; }

private:
    // Takes ownership of a handle from the library. Tagged, so that game(0) is the size 0.
    struct adopt {};
    game(adopt, tictactoe_game *raw) noexcept : raw_(raw) {}

    template <typename T>
    T query(tictactoe_result (*call)(const tictactoe_game *, T *)) const {
        T value{};
        detail::check(call(raw_, &value));
        return value;
    }

    tictactoe_game *raw_ = nullptr;
};

// Whether n*n cells (as for game::from_cells) form a position a legal game reaches; builds
// nothing. Throws error only for a bad size (INVALID_SIZE).
inline bool is_valid_position(std::uint32_t n, const std::vector<std::uint8_t> &cells) {
    tictactoe_result result = tictactoe_position_validate(n, detail::items(cells.data(), cells.size()), cells.size());
    if (result == TICTACTOE_RESULT_INVALID_POSITION) return false;
    detail::check(result);
    return true;
}

// The library's version, e.g. "0.1.0".
inline std::string_view version() noexcept { return tictactoe_version(); }

}  // namespace tictactoe

#endif
