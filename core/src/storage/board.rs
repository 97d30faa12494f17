//! The cells of a board, 16 to a 32-bit word: one bit a cell for each player, `X`'s marks in
//! the word's low half and `O`'s in its high half (a cell with neither is empty; its code is 0
//! empty, 1 `X`, 2 `O`).
//!
//! The win rule judges wins; the board is kept to answer "is this cell free, and whose is it" in
//! O(1), which a checked move needs and the unchecked counters of the seed solutions cannot tell.
//! One bit a cell and player also makes a player's marks (or the free cells) of 16 cells one
//! mask, which the batch's planes and legal masks turn into flags eight cells at a time. The
//! functions work on borrowed words so that every owner of boards (a game, the starting
//! position it was built from, each game of a batch) shares one encoding.

use crate::Player;

/// Cells per word.
pub(crate) const CELLS_PER_WORD: usize = 16;

/// The words of a board of `cells` cells.
#[inline]
pub(crate) const fn words(cells: usize) -> usize {
    cells.div_ceil(CELLS_PER_WORD)
}

/// The bits of the cells on the board in a word's low half (`O`'s bits are 16 higher).
const HALF: u32 = 0xFFFF;

#[inline(always)]
fn locate(cell: usize) -> (usize, u32) {
    (cell / CELLS_PER_WORD, (cell % CELLS_PER_WORD) as u32)
}

/// The shift of `player`'s bit of the cell at `shift` in its word.
#[inline(always)]
fn bit(shift: u32, player: Player) -> u32 {
    shift + CELLS_PER_WORD as u32 * player.index() as u32
}

/// The code (0 empty, 1 `X`, 2 `O`) of the cell at `shift` in `word`.
#[inline(always)]
fn code(word: u32, shift: u32) -> u32 {
    let at = word >> shift;
    (at & 1) | ((at >> (CELLS_PER_WORD - 1)) & 2)
}

/// Who holds `cell`, if anyone: one test of its two bits for a free cell (what every checked
/// move asks), then which of them is set.
#[inline]
pub(crate) fn get(board: &[u32], cell: usize) -> Option<Player> {
    let (word, shift) = locate(cell);
    let word = board[word];
    if word & (0x1_0001 << shift) == 0 {
        None
    } else if (word >> shift) & 1 == 1 {
        Some(Player::X)
    } else {
        Some(Player::O)
    }
}

/// Whether `cell` holds a mark of `player`: [`get`] asked of one bit.
#[inline(always)]
pub(crate) fn holds(board: &[u32], cell: usize, player: Player) -> bool {
    let (word, shift) = locate(cell);
    (board[word] >> bit(shift, player)) & 1 != 0
}

/// Marks the empty `cell` for `player`.
#[inline]
pub(crate) fn set(board: &mut [u32], cell: usize, player: Player) {
    let (word, shift) = locate(cell);
    board[word] |= 1 << bit(shift, player);
}

/// Empties `cell`.
#[inline]
pub(crate) fn clear(board: &mut [u32], cell: usize) {
    let (word, shift) = locate(cell);
    board[word] &= !(0x1_0001 << shift);
}

/// The holder of each of the first `cells` cells as its code (0 empty, 1 `X`, 2 `O`), in order.
pub(crate) fn codes(board: &[u32], cells: usize) -> impl Iterator<Item = u8> + '_ {
    board
        .iter()
        .flat_map(|&word| (0..CELLS_PER_WORD as u32).map(move |i| code(word, i) as u8))
        .take(cells)
}

/// The cells of `word` that hold `code` (0 empty, 1 `X`, 2 `O`), one bit each in 16 bits.
#[inline(always)]
fn mask(word: u32, code: u8) -> u32 {
    match code {
        1 => word & HALF,
        2 => word >> CELLS_PER_WORD,
        _ => !(word | (word >> CELLS_PER_WORD)) & HALF,
    }
}

/// `FLAGS[byte]`: the eight bits of a byte as eight flags.
pub(crate) static FLAGS: [[bool; 8]; 256] = {
    let mut flags = [[false; 8]; 256];
    let mut byte = 0;
    while byte < 256 {
        let mut i = 0;
        while i < 8 {
            flags[byte][i] = (byte >> i) & 1 == 1;
            i += 1;
        }
        byte += 1;
    }
    flags
};

/// Sets `out[cell]` (for the first `cells` cells, `out.len()` of them) to whether the cell holds
/// `code` (0 empty, 1 `X`, 2 `O`): a word's 16 cells as two 8-flag copies from a table, for the
/// batch's per-step observation and legal mask.
#[inline]
pub(crate) fn flags_into(board: &[u32], code: u8, out: &mut [bool]) {
    let mut parts = out.chunks_exact_mut(CELLS_PER_WORD);
    let mut words = board.iter();
    for (part, &word) in (&mut parts).zip(&mut words) {
        let bits = mask(word, code);
        let (low, high) = part.split_at_mut(8);
        low.copy_from_slice(&FLAGS[(bits & 0xFF) as usize]);
        high.copy_from_slice(&FLAGS[((bits >> 8) & 0xFF) as usize]);
    }
    // The last word's cells, fewer than 16: a whole byte's from the table, then the rest.
    let rest = parts.into_remainder();
    if let Some(&word) = words.next() {
        let mut bits = mask(word, code);
        let mut chunks = rest.chunks_exact_mut(8);
        for chunk in &mut chunks {
            chunk.copy_from_slice(&FLAGS[(bits & 0xFF) as usize]);
            bits >>= 8;
        }
        short_flags(bits, chunks.into_remainder());
    }
}

/// Writes the first `out.len()` (below 8) flags of the low byte of `bits` from the table, as
/// copies of 4, 2 and 1 flags: fixed sizes, where a copy of any length would be a call to
/// memcpy and a loop a branch a flag.
#[inline(always)]
pub(crate) fn short_flags(bits: u32, out: &mut [bool]) {
    let flags = &FLAGS[(bits & 0xFF) as usize];
    let mut at = 0;
    for width in [4, 2, 1] {
        if out.len() & width != 0 {
            out[at..at + width].copy_from_slice(&flags[at..at + width]);
            at += width;
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
        for (cell, shift) in (start..end).zip(0..) {
            f(cell, code(word, shift) as u8);
        }
    }
}

/// The free cells of `word`, the board's `w`-th, among the first `cells` cells.
#[inline(always)]
fn free_in(word: u32, w: usize, cells: usize) -> u32 {
    let in_word = cells.saturating_sub(w * CELLS_PER_WORD).min(CELLS_PER_WORD);
    mask(word, 0) & (HALF >> (CELLS_PER_WORD - in_word))
}

/// `SET_BITS[byte]`: how many bits of the byte are set.
static SET_BITS: [u8; 256] = {
    let mut counts = [0; 256];
    let mut byte = 0;
    while byte < 256 {
        counts[byte] = (byte as u32).count_ones() as u8;
        byte += 1;
    }
    counts
};

/// `SET_BIT[byte][n]`: where the byte's `n`-th set bit (from 0) is; 0 past its last.
static SET_BIT: [[u8; 8]; 256] = {
    let mut places = [[0; 8]; 256];
    let mut byte = 0;
    while byte < 256 {
        let (mut bit, mut n) = (0, 0);
        while bit < 8 {
            if (byte >> bit) & 1 == 1 {
                places[byte][n] = bit as u8;
                n += 1;
            }
            bit += 1;
        }
        byte += 1;
    }
    places
};

/// How many bits of a 16-bit mask are set: two table reads (`count_ones` is a dozen
/// instructions on a target without a population count).
#[inline(always)]
fn set_bits(mask: u32) -> usize {
    usize::from(SET_BITS[(mask & 0xFF) as usize]) + usize::from(SET_BITS[(mask >> 8) as usize])
}

/// Where the `n`-th set bit (from 0, below [`set_bits`]) of a 16-bit mask is, without a branch
/// (a random `n` would mispredict a loop's end): in the low byte or, past its bits, the high.
#[inline(always)]
fn set_bit(mask: u32, n: usize) -> usize {
    let low = usize::from(SET_BITS[(mask & 0xFF) as usize]);
    let high = n >= low;
    let (byte, n) = if high { (mask >> 8, n - low) } else { (mask & 0xFF, n) };
    8 * usize::from(high) + usize::from(SET_BIT[byte as usize][n])
}

/// Where the `n`-th set bit (from 0) of `bits` is, if it has more than `n`: whole bytes are
/// skipped by counting their bits, and within a byte the `n`-th one is read from a table. A
/// mask whose bits sit in its low byte (a board's top row of up to 8 columns) takes one read.
#[inline]
pub(crate) fn nth_set(bits: u64, mut n: usize) -> Option<usize> {
    for (i, byte) in bits.to_le_bytes().into_iter().enumerate() {
        let count = usize::from(SET_BITS[usize::from(byte)]);
        if n < count {
            return Some(8 * i + usize::from(SET_BIT[usize::from(byte)][n]));
        }
        n -= count;
    }
    None
}

/// The number of free cells among the first `cells`.
#[inline]
pub(crate) fn free_count(board: &[u32], cells: usize) -> usize {
    let words = cells.div_ceil(CELLS_PER_WORD);
    board[..words].iter().enumerate().map(|(w, &word)| set_bits(free_in(word, w, cells))).sum()
}

/// The index of the `k`-th free cell (from 0) among the first `cells`, if there are more than
/// `k`: whole words are skipped by counting their free cells, and within a word the `k`-th one
/// is read from a table.
#[inline]
pub(crate) fn nth_free(board: &[u32], cells: usize, mut k: usize) -> Option<usize> {
    let words = cells.div_ceil(CELLS_PER_WORD);
    for (w, &word) in board[..words].iter().enumerate() {
        let free = free_in(word, w, cells);
        let count = set_bits(free);
        if k < count {
            return Some(w * CELLS_PER_WORD + set_bit(free, k));
        }
        k -= count;
    }
    None
}
