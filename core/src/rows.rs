//! A board as rows of text: `X`, `O`, and `.` (or a space, when read) for an empty cell. What the
//! board's `Display`, the text form's `board=` and positions given as rows share.

use core::fmt;

use crate::shape::Shape;
use crate::Player;

/// Writes the rows of a board on `shape`, `cell(row, col)` telling each cell's holder, separated
/// by `separator`.
pub(crate) fn write_rows(
    f: &mut fmt::Formatter<'_>,
    shape: Shape,
    separator: &str,
    cell: impl Fn(usize, usize) -> Option<Player>,
) -> fmt::Result {
    for row in 0..shape.rows() {
        if row > 0 {
            f.write_str(separator)?;
        }
        for col in 0..shape.cols() {
            fmt::Write::write_char(f, cell(row, col).map_or('.', Player::symbol))?;
        }
    }
    Ok(())
}

/// The holder a character of a row stands for: `X`, `O`, or nobody for `'.'` and `' '`; `Err`
/// for any other character.
pub(crate) fn holder_of_char(c: char) -> Result<Option<Player>, ()> {
    match c {
        'X' => Ok(Some(Player::X)),
        'O' => Ok(Some(Player::O)),
        ' ' | '.' => Ok(None),
        _ => Err(()),
    }
}
