//! Text out of a game (its serialized form, its board) into caller buffers, and back in.

use core::ffi::c_char;
use core::fmt::{self, Display, Write};

use tictactoe_core::Limits;

use crate::guard::{buffer, guard, input, Out, Outcome};
use crate::handle::{hand_out, reading};
use crate::{tictactoe_game, tictactoe_result};

/// Counts the bytes a text takes, up to `usize::MAX`: a text longer than the address space
/// (a board past 2^16 x 2^16 on a 32-bit target) measures `SIZE_MAX`, which no buffer holds
/// with its NUL, so that it is refused as too small rather than counted short.
struct Measure(usize);

impl Write for Measure {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.0 = self.0.saturating_add(s.len());
        Ok(())
    }
}

/// Copies text into a buffer known to be large enough.
struct Fill<'a> {
    buf: &'a mut [u8],
    at: usize,
}

impl Write for Fill<'_> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        let end = self.at.checked_add(s.len()).ok_or(fmt::Error)?;
        self.buf.get_mut(self.at..end).ok_or(fmt::Error)?.copy_from_slice(s.as_bytes());
        self.at = end;
        Ok(())
    }
}

/// Writes `text` and a NUL into `buf[0..capacity]`, its length (without the NUL) into
/// `*len_out`; or reports the length with `BUFFER_TOO_SMALL` (`SIZE_MAX` for a text longer
/// than the address space: [`Measure`]), leaving `buf` untouched. Writing
/// allocates nothing, so a text larger than memory allows is still measured and copied.
///
/// # Safety
/// `buf` must be NULL or valid for `capacity` writes; `len_out` NULL or valid for writes.
unsafe fn write_text(
    text: impl Display,
    buf: *mut c_char,
    capacity: usize,
    len_out: *mut usize,
) -> Outcome {
    let len_out = Out::new(len_out)?;
    // SAFETY: the caller's promise.
    let buf = unsafe { buffer(buf.cast::<u8>(), capacity) }?;
    let mut measure = Measure(0);
    write!(measure, "{text}").map_err(|_| tictactoe_result::Panic)?;
    let len = measure.0;
    if len >= buf.len() {
        // SAFETY: the caller's promise.
        unsafe { len_out.write(len) };
        return Err(tictactoe_result::BufferTooSmall);
    }
    let mut fill = Fill { buf, at: 0 };
    write!(fill, "{text}").map_err(|_| tictactoe_result::Panic)?;
    fill.buf[len] = 0;
    // SAFETY: the caller's promise.
    unsafe { len_out.write(len) };
    Ok(())
}

/// Writes the serialized form of the game (one line of ASCII, e.g.
/// `tictactoe/1 n=3 moves=0,0,1;1,1,2`, with a starting position as `board=X../.O./...` when
/// there is one) and a terminating NUL into `buf`, and its length without the NUL into
/// `*len_out`. `tictactoe_game_parse` reads it back into an equal game (a game above its
/// default limit of `TICTACTOE_DEFAULT_MAX_BYTES`, a board past 1364 x 1364, through
/// `tictactoe_game_parse_with_limits` with a limit of `SIZE_MAX`).
///
/// Returns `BUFFER_TOO_SMALL` when `capacity` is not at least the length plus one: then
/// `*len_out` holds the length and `buf` is untouched (call with `buf` NULL and `capacity` 0
/// to ask for the size). `NULL_PARAMETER` when `game` or `len_out` is NULL, or `buf` is NULL
/// with a non-zero `capacity`.
///
/// Ownership: the caller owns `buf`. Thread safety: may run while other threads read the same
/// game.
///
/// # Safety
/// `game` must be NULL or a live game; `buf` NULL or valid for `capacity` writes; `len_out`
/// NULL or valid for writes.
#[no_mangle]
pub unsafe extern "C" fn tictactoe_game_serialize(
    game: *const tictactoe_game,
    buf: *mut c_char,
    capacity: usize,
    len_out: *mut usize,
) -> tictactoe_result {
    // SAFETY: the caller's promise.
    unsafe { reading(game, |game| write_text(game.text(), buf, capacity, len_out)) }
}

/// Writes the board as text, a line a row of `X`, `O` and `.` separated by `\n` (no trailing
/// newline), and a terminating NUL into `buf`, and its length without the NUL into
/// `*len_out`. Buffer rules, results, ownership and thread safety as for
/// `tictactoe_game_serialize`.
///
/// # Safety
/// As for `tictactoe_game_serialize`.
#[no_mangle]
pub unsafe extern "C" fn tictactoe_game_board_text(
    game: *const tictactoe_game,
    buf: *mut c_char,
    capacity: usize,
    len_out: *mut usize,
) -> tictactoe_result {
    // SAFETY: the caller's promise.
    unsafe { reading(game, |game| write_text(game, buf, capacity, len_out)) }
}

/// Reads `text_len` bytes of `text` (no NUL needed) in the form `tictactoe_game_serialize`
/// writes, and stores the game they describe in `*game_out`.
///
/// Returns `PARSE_ERROR` when the text is not in that form; when it is but describes something
/// refused, the code of that refusal (`INVALID_SIZE`, `INVALID_RULES`, `INVALID_POSITION`,
/// `OCCUPIED`, `OUT_OF_BOUNDS`, `INVALID_PLAYER`, `GAME_OVER`, `FLOATING`, `COLUMN_FULL`: any
/// of building the game or of `tictactoe_game_move`); `LIMIT_EXCEEDED` for a game above
/// `TICTACTOE_DEFAULT_MAX_BYTES` (use `tictactoe_game_parse_with_limits` for another limit);
/// `ALLOC_FAILED`; `NULL_PARAMETER`. `*game_out` is written only on success.
///
/// Ownership: `text` stays the caller's; the caller owns the new game and releases it with
/// `tictactoe_game_free`. Thread safety: safe from any thread.
///
/// # Safety
/// `text` must be NULL or valid for reads of `text_len` bytes; `game_out` NULL or valid for
/// writes.
#[no_mangle]
pub unsafe extern "C" fn tictactoe_game_parse(
    text: *const c_char,
    text_len: usize,
    game_out: *mut *mut tictactoe_game,
) -> tictactoe_result {
    // SAFETY: the caller's promise, passed on.
    unsafe {
        tictactoe_game_parse_with_limits(text, text_len, TICTACTOE_DEFAULT_MAX_BYTES, game_out)
    }
}

/// The memory limit `tictactoe_game_parse` applies: 8 MiB, every board up to 1364 x 1364.
/// (A literal for cbindgen, held equal to the core's default at compile time.)
pub const TICTACTOE_DEFAULT_MAX_BYTES: usize = 8_388_608;
const _: () = assert!(TICTACTOE_DEFAULT_MAX_BYTES == Limits::DEFAULT.max_bytes);

/// As `tictactoe_game_parse`, with the most bytes the game may take at its largest (history
/// full, starting position included; `SIZE_MAX`: no limit beyond the largest board). A larger game is refused with
/// `TICTACTOE_RESULT_LIMIT_EXCEEDED` as soon as its size is read, before anything is allocated:
/// what a program reading games from outside wants. `*game_out` is written only on success.
///
/// Ownership: `text` stays the caller's; the caller owns the new game and releases it with
/// `tictactoe_game_free`. Thread safety: safe from any thread.
///
/// # Safety
/// `text` must be NULL or valid for reads of `text_len` bytes; `game_out` NULL or valid for
/// writes.
#[no_mangle]
pub unsafe extern "C" fn tictactoe_game_parse_with_limits(
    text: *const c_char,
    text_len: usize,
    max_bytes: usize,
    game_out: *mut *mut tictactoe_game,
) -> tictactoe_result {
    guard(|| {
        // SAFETY: the caller's promise.
        let bytes = unsafe { input(text.cast::<u8>(), text_len) }?;
        let game_out = Out::new(game_out)?;
        let text = core::str::from_utf8(bytes).map_err(|_| tictactoe_result::ParseError)?;
        let game = Limits { max_bytes }
            .parse_game(text)
            .map_err(|e| e.rejection().map_or(tictactoe_result::ParseError, Into::into))?;
        // SAFETY: checked non-NULL; valid by the caller's promise.
        unsafe { hand_out(game, game_out) }
    })
}

#[cfg(test)]
mod tests {
    use core::fmt::Write;

    use super::{Fill, Measure};

    #[test]
    fn a_measure_past_the_address_space_stops_at_its_end() {
        let mut measure = Measure(usize::MAX - 2);
        assert!(measure.write_str("ab").is_ok());
        assert_eq!(measure.0, usize::MAX);
        assert!(measure.write_str("abc").is_ok());
        assert_eq!(measure.0, usize::MAX);
    }

    #[test]
    fn a_fill_past_its_buffer_or_the_address_space_fails_writing_nothing() {
        let mut buf = [7u8; 4];
        let mut fill = Fill { buf: &mut buf, at: 2 };
        assert!(fill.write_str("abc").is_err());
        fill.at = usize::MAX;
        assert!(fill.write_str("a").is_err());
        assert!(Fill { buf: &mut buf, at: 1 }.write_str("abc").is_ok());
        assert_eq!(buf, [7, b'a', b'b', b'c']);
    }
}
