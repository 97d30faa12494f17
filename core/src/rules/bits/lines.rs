//! The ways a search finds winning cells on a board of one word, chosen once per search
//! ([`Bits::with_lines`]): lines unrolled for the usual k, and with constant shifts on
//! Connect Four's width, so that a search making millions of calls does not choose at each.

use super::{runs, winning, Bits};

/// A board's [`Bits`] with its way of finding winning cells chosen: what a search that asks
/// millions of times is written over ([`Bits::with_lines`]). `Bits` itself is one, choosing
/// at each call.
pub trait Lines: Copy {
    /// The board's masks.
    fn bits(&self) -> Bits;

    /// [`Bits::winning`].
    fn winning(&self, mine: u64) -> u64;

    /// [`Bits::can_win`].
    fn can_win(&self, theirs: u64) -> bool;
}

/// What runs over a board's [`Lines`], whichever they are: [`Bits::with_lines`].
pub trait OverLines {
    /// What the run gives.
    type Output;

    /// Runs over `lines`.
    fn run<L: Lines>(self, lines: L) -> Self::Output;
}

impl Lines for Bits {
    #[inline(always)]
    fn bits(&self) -> Bits {
        *self
    }

    #[inline(always)]
    fn winning(&self, mine: u64) -> u64 {
        Bits::winning(self, mine)
    }

    #[inline(always)]
    fn can_win(&self, theirs: u64) -> bool {
        Bits::can_win(self, theirs)
    }
}

/// Free-style [`Bits`] whose k is `K` and whose lines shift within the word.
#[derive(Clone, Copy)]
struct Unrolled<const K: usize>(Bits);

impl<const K: usize> Lines for Unrolled<K> {
    #[inline(always)]
    fn bits(&self) -> Bits {
        self.0
    }

    #[inline(always)]
    fn winning(&self, mine: u64) -> u64 {
        self.0.winning_unrolled::<K>(mine)
    }

    #[inline(always)]
    fn can_win(&self, theirs: u64) -> bool {
        // K a constant: the halvings unroll.
        runs(self.0.cells & !theirs, self.0.steps, K as u32)
    }
}

/// [`Unrolled`] under gravity on a board `COLS` columns wide (Connect Four's 7): every shift
/// a constant, as in solvers written for that one board.
#[derive(Clone, Copy)]
struct Shaped<const K: usize, const COLS: u32>(Bits);

impl<const K: usize, const COLS: u32> Shaped<K, COLS> {
    /// `step` of each direction on this board.
    const STEPS: [u32; 4] = [1, COLS + 1, COLS + 2, COLS];
}

impl<const K: usize, const COLS: u32> Lines for Shaped<K, COLS> {
    #[inline(always)]
    fn bits(&self) -> Bits {
        self.0
    }

    #[inline(always)]
    fn winning(&self, mine: u64) -> u64 {
        let (cells, mine) = (self.0.cells, mine & self.0.cells);
        winning::<K, true, false>(mine, Self::STEPS, K, true) & cells & !mine
    }

    #[inline(always)]
    fn can_win(&self, theirs: u64) -> bool {
        runs(self.0.cells & !theirs, Self::STEPS, K as u32)
    }
}

impl Bits {
    /// Runs `over` on this board's [`Lines`]: for the free-style rule, its k a type where it is
    /// one of the usual (3 to 5, and 7), so that a search making millions of calls chooses its
    /// way of finding winning cells once, not at each call.
    ///
    /// ```
    /// use tictactoe_core::{Bits, Lines, OverLines, Rules};
    /// /// How many cells X wins on after its marks on the bottom row's first three.
    /// struct Count(u64);
    /// impl OverLines for Count {
    ///     type Output = u32;
    ///     fn run<L: Lines>(self, lines: L) -> u32 {
    ///         lines.winning(self.0).count_ones()
    ///     }
    /// }
    /// let bits = Bits::of(&Rules::CONNECT_FOUR).unwrap();
    /// let marks = (0..3).fold(0, |marks, col| marks | bits.bit(5 * 7 + col));
    /// assert_eq!(bits.with_lines(Count(marks)), 1);
    /// ```
    pub fn with_lines<O: OverLines>(&self, over: O) -> O::Output {
        if self.exact {
            // The exact rule's few boards ask the masks as they are.
            return over.run(*self);
        }
        let connect_four = self.gravity && self.shape.cols() == 7;
        match (self.k, self.short) {
            (4, true) if connect_four => over.run(Shaped::<4, 7>(*self)),
            (3, true) => over.run(Unrolled::<3>(*self)),
            (4, true) => over.run(Unrolled::<4>(*self)),
            (5, true) => over.run(Unrolled::<5>(*self)),
            (7, true) => over.run(Unrolled::<7>(*self)),
            _ => over.run(*self),
        }
    }
}
