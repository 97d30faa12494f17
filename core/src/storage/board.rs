//! The cells of a board, two bits each (0 empty, 1 `X`, 2 `O`), 16 cells to a 32-bit word.
//!
//! The win rule judges wins; the board is kept to answer "is this cell free, and whose is it" in
//! O(1), which a checked move needs and the unchecked counters of the seed solutions cannot tell.
//! The functions work on borrowed words so that every owner of boards (a game, the starting
//! position it was built from, each game of a batch) shares one encoding.

use crate::Player;

/// Cells per word.
pub(crate) const CELLS_PER_WORD: usize = 16;

#[inline]
fn locate(cell: usize) -> (usize, u32) {
    (cell / CELLS_PER_WORD, (cell % CELLS_PER_WORD) as u32 * 2)
}

/// Who holds `cell`, if anyone.
#[inline]
pub(crate) fn get(board: &[u32], cell: usize) -> Option<Player> {
    let (word, shift) = locate(cell);
    Player::from_code((board[word] >> shift) & 3)
}

/// Whether `cell` holds a mark of `player`: [`get`] compared without making the `Option`.
#[inline(always)]
pub(crate) fn holds(board: &[u32], cell: usize, player: Player) -> bool {
    let (word, shift) = locate(cell);
    (board[word] >> shift) & 3 == u32::from(player.number())
}

/// Marks the empty `cell` for `player`.
#[inline]
pub(crate) fn set(board: &mut [u32], cell: usize, player: Player) {
    let (word, shift) = locate(cell);
    board[word] |= u32::from(player.number()) << shift;
}

/// Empties `cell`.
#[inline]
pub(crate) fn clear(board: &mut [u32], cell: usize) {
    let (word, shift) = locate(cell);
    board[word] &= !(3 << shift);
}

/// The holder of each of the first `cells` cells as its code (0 empty, 1 `X`, 2 `O`), in order.
pub(crate) fn codes(board: &[u32], cells: usize) -> impl Iterator<Item = u8> + '_ {
    board
        .iter()
        .flat_map(|&word| (0..CELLS_PER_WORD).map(move |i| ((word >> (2 * i)) & 3) as u8))
        .take(cells)
}

/// `FLAGS[code][byte]`: for the 4 cells a byte of a board word holds, whether each holds `code`.
static FLAGS: [[[bool; 4]; 256]; 3] = {
    let mut flags = [[[false; 4]; 256]; 3];
    let mut code = 0;
    while code < 3 {
        let mut byte = 0;
        while byte < 256 {
            let mut i = 0;
            while i < 4 {
                flags[code][byte][i] = (byte >> (2 * i)) & 3 == code;
                i += 1;
            }
            byte += 1;
        }
        code += 1;
    }
    flags
};

/// Sets `out[cell]` (for the first `cells` cells, `out.len()` of them) to whether the cell holds
/// `code` (0 empty, 1 `X`, 2 `O`): four cells at a time, from a table, for the batch's per-step
/// observation and legal mask.
#[inline]
pub(crate) fn flags_into(board: &[u32], code: u8, out: &mut [bool]) {
    let table = &FLAGS[usize::from(code)];
    let mut bytes = board.iter().flat_map(|word| word.to_le_bytes());
    let mut chunks = out.chunks_exact_mut(4);
    // Whole chunks are one fixed-size copy each; the last, shorter one cell by cell.
    for (chunk, byte) in (&mut chunks).zip(&mut bytes) {
        chunk.copy_from_slice(&table[usize::from(byte)]);
    }
    let rest = chunks.into_remainder();
    if let Some(byte) = bytes.next() {
        for (slot, &flag) in rest.iter_mut().zip(&table[usize::from(byte)]) {
            *slot = flag;
        }
    }
}

/// Calls `f(cell, code)` for each of the first `cells` cells, in order: the loop of
/// [`codes`] written out word by word, for the batch's per-step outputs.
#[inline(always)]
pub(crate) fn for_each_code(board: &[u32], cells: usize, mut f: impl FnMut(usize, u8)) {
    for (w, &word) in board.iter().enumerate() {
        let start = w * CELLS_PER_WORD;
        let end = cells.min(start + CELLS_PER_WORD);
        let mut rest = word;
        for cell in start..end {
            f(cell, (rest & 3) as u8);
            rest >>= 2;
        }
    }
}

/// The index of the `k`-th free cell (from 0) among the first `cells`, if there are more than
/// `k`: whole words are skipped by counting their free cells, and within a word the `k`-th one
/// is found by clearing the lower ones of a mask with one bit per free cell.
pub(crate) fn nth_free(board: &[u32], cells: usize, mut k: usize) -> Option<usize> {
    for (w, &word) in board.iter().enumerate() {
        let start = w * CELLS_PER_WORD;
        let in_word = cells.checked_sub(start)?.min(CELLS_PER_WORD);
        // The low bit of each 2-bit field of a cell on the board...
        let on_board = 0x5555_5555u32 >> (2 * (CELLS_PER_WORD - in_word));
        // ... set when the field holds no mark.
        let mut free = !(word | (word >> 1)) & on_board;
        let count = free.count_ones() as usize;
        if k < count {
            for _ in 0..k {
                free &= free - 1;
            }
            return Some(start + free.trailing_zeros() as usize / 2);
        }
        k -= count;
    }
    None
}
