//! Connect Four's opening book: the perfect move and value of the early positions the computer
//! player meets, solved ahead of time (`make book`), so that the first moves, which take the
//! solver minutes, cost a lookup.
//!
//! The book is a file kept in the source tree (`search/book/connect-four.book`) and compiled
//! into the library, so every face (the C library, the Python package) carries it. Its format,
//! little-endian: the magic `TTTBOOK1`; the rules, as the core's text form of a game that has
//! not started (`tictactoe/1 rows=6 cols=7 k=4 gravity moves=`) after its length (a byte); the
//! count of entries (u32); then the entries, sorted by key, each a key (u64),
//! the winner's code (0 a draw, 1 `X`, 2 `O`), the plies to the end under perfect play, and
//! the column of a perfect move. A position's key is [`Bits::key`] of it or of its mirror
//! image (columns reversed), the smaller: a position and its mirror share an entry, whose
//! column is the mirror's when the key is.

use alloc::collections::btree_map::{BTreeMap, Entry};
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use tictactoe_core::{Error, Game, Player, Rules};

use crate::solve::keyed;
use crate::{PerfectMove, Solution};

/// The book's first bytes.
const MAGIC: &[u8; 8] = b"TTTBOOK1";
/// The bytes of an entry: the key, the winner, the plies and the column.
const ENTRY: usize = 8 + 3;

/// Connect Four's book, as `make book` wrote it.
static CONNECT_FOUR: &[u8] = include_bytes!("../book/connect-four.book");

/// A book of positions and their perfect moves, for one rule set: a view of the bytes of a
/// book file.
///
/// ```
/// use tictactoe_core::Game;
/// use tictactoe_search::{Book, Solution};
/// use tictactoe_core::{Player, Rules};
/// let book = Book::connect_four();
/// let perfect = book.perfect_move(&Game::new(Rules::CONNECT_FOUR)?).expect("the empty board");
/// // The first player wins with the 41st stone, starting in the middle column.
/// assert_eq!(perfect.solution, Solution { winner: Some(Player::X), plies: 41 });
/// assert_eq!((perfect.row, perfect.col), (5, 3));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Book {
    rules: Rules,
    entries: &'static [u8],
}

/// Why bytes are not a book.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BookError {
    /// The bytes do not start with the magic, or their length is not the count's.
    Malformed,
    /// The rules in the header are not a rule set.
    Rules,
    /// The entries are not sorted by key, or a key repeats.
    Unsorted,
    /// An entry no book writes: a winner other than 0, 1 or 2, more plies than cells, or a
    /// column off the board.
    Entry,
}

impl core::fmt::Display for BookError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(match self {
            BookError::Malformed => "not a book: its magic or its length is wrong",
            BookError::Rules => "not a book: its rules are not a game's",
            BookError::Unsorted => "not a book: its entries are not sorted by key, each once",
            BookError::Entry => "not a book: an entry's winner, plies or column is off",
        })
    }
}

impl core::error::Error for BookError {}

impl Book {
    /// Connect Four's book, compiled into the library: its header read (the order of its
    /// entries is checked by the tests, and `make test` checks the file's checksum), so that a
    /// lookup costs the binary search alone.
    pub fn connect_four() -> Book {
        let entries = framed(CONNECT_FOUR).map_or(&[][..], |(_, entries)| entries);
        Book { rules: Rules::CONNECT_FOUR, entries }
    }

    /// The book compiled into the library for games under `rules`, if there is one (Connect
    /// Four's).
    pub fn for_rules(rules: &Rules) -> Option<Book> {
        let book = Book::connect_four();
        (book.rules == *rules).then_some(book)
    }

    /// The book in `bytes`, checked.
    ///
    /// ```
    /// use tictactoe_search::{Book, BookError};
    /// assert_eq!(Book::parse(b"not a book").unwrap_err(), BookError::Malformed);
    /// ```
    ///
    /// # Errors
    /// [`BookError`] when `bytes` are not a book (what it says is wrong).
    pub fn parse(bytes: &'static [u8]) -> Result<Book, BookError> {
        let (text, entries) = framed(bytes)?;
        let text = core::str::from_utf8(text).map_err(|_| BookError::Rules)?;
        let rules = text.parse::<Game>().map_err(|_| BookError::Rules)?.rules();
        let book = Book { rules, entries };
        if (1..book.len()).any(|i| book.key(i - 1) >= book.key(i)) {
            return Err(BookError::Unsorted);
        }
        if !entries.chunks_exact(ENTRY).all(|entry| holds(&rules, split(entry).1)) {
            return Err(BookError::Entry);
        }
        Ok(book)
    }

    /// The rules the book's positions are played under.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// The number of positions in the book.
    pub fn len(&self) -> usize {
        self.entries.len() / ENTRY
    }

    /// Whether the book has no positions.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The perfect move of `game`'s position and its value, when the book has the position
    /// (and `game` is played under the book's rules): the fastest win, the slowest loss.
    pub fn perfect_move(&self, game: &Game) -> Option<PerfectMove> {
        if game.rules() != self.rules || game.is_over() {
            return None;
        }
        let (key, mirrored) = book_key(game)?;
        let (mut low, mut high) = (0, self.len());
        while low < high {
            let mid = low + (high - low) / 2;
            match self.key(mid).cmp(&key) {
                core::cmp::Ordering::Less => low = mid + 1,
                core::cmp::Ordering::Greater => high = mid,
                core::cmp::Ordering::Equal => return self.entry(mid, game, mirrored),
            }
        }
        None
    }

    /// The value of `game`'s position, when the book has it.
    pub fn solution(&self, game: &Game) -> Option<Solution> {
        self.perfect_move(game).map(|perfect| perfect.solution)
    }

    /// Entry `i`: its key and its winner, plies and column.
    fn at(&self, i: usize) -> (u64, [u8; 3]) {
        split(&self.entries[i * ENTRY..(i + 1) * ENTRY])
    }

    /// Entry `i`'s key.
    fn key(&self, i: usize) -> u64 {
        self.at(i).0
    }

    /// Entry `i` read for `game`, whose position or its mirror (`mirrored`) it names.
    fn entry(&self, i: usize, game: &Game, mirrored: bool) -> Option<PerfectMove> {
        entry(game, mirrored, self.at(i).1)
    }
}

/// Whether a book of `rules` holds an entry of this winner, plies and column: a winner 0, 1 or
/// 2, no more plies than cells, a column on the board. The one check of the reader and the
/// writer.
fn holds(rules: &Rules, [winner, plies, col]: [u8; 3]) -> bool {
    winner <= 2 && usize::from(plies) <= rules.cells() && usize::from(col) < rules.cols
}

/// An entry's key and its winner, plies and column, from its bytes.
fn split(entry: &[u8]) -> (u64, [u8; 3]) {
    let (key, value) = entry.split_at(8);
    (u64::from_le_bytes(core::array::from_fn(|b| key[b])), [value[0], value[1], value[2]])
}

/// The rules' text and the entries of the book in `bytes`, its frame checked.
fn framed(bytes: &'static [u8]) -> Result<(&'static [u8], &'static [u8]), BookError> {
    let rest = bytes.strip_prefix(MAGIC).ok_or(BookError::Malformed)?;
    let (&len, rest) = rest.split_first().ok_or(BookError::Malformed)?;
    let (text, rest) = rest.split_at_checked(len.into()).ok_or(BookError::Malformed)?;
    let (count, entries) = rest.split_first_chunk::<4>().ok_or(BookError::Malformed)?;
    let count = u32::from_le_bytes(*count) as usize;
    if entries.len() != count.checked_mul(ENTRY).ok_or(BookError::Malformed)? {
        return Err(BookError::Malformed);
    }
    Ok((text, entries))
}

/// An entry's winner, plies and column read for `game`, whose position or its mirror image
/// (`mirrored`) the entry names: `None` for bytes no book writes.
fn entry(game: &Game, mirrored: bool, [winner, plies, col]: [u8; 3]) -> Option<PerfectMove> {
    let winner = match winner {
        0 => None,
        1 => Some(Player::X),
        2 => Some(Player::O),
        _ => return None,
    };
    let col = usize::from(col);
    if col >= game.cols() {
        return None;
    }
    let col = if mirrored { game.cols() - 1 - col } else { col };
    // The column's lowest free cell, read top to bottom.
    let column = game.cells().skip(col).step_by(game.cols());
    let row = column.enumerate().filter(|&(_, code)| code == 0).last()?.0;
    Some(PerfectMove { row, col, solution: Solution { winner, plies: plies.into() } })
}

/// The compiled book's perfect move for `game`'s position, when there is a book for its rules
/// and it has the position: the one place the solver and the computer player read the book.
pub(crate) fn opening(game: &Game) -> Option<PerfectMove> {
    Book::for_rules(&game.rules())?.perfect_move(game)
}

/// The key of `game`'s position in a book, and whether it is its mirror image's: `None` where
/// positions have no key (the board is not on one word under gravity).
pub(crate) fn book_key(game: &Game) -> Option<(u64, bool)> {
    let bits = keyed(game)?;
    let cols = game.cols();
    // Each player's marks on the board as it is and mirrored.
    let mut marks = [[0u64; 2]; 2];
    for (cell, code) in game.cells().enumerate() {
        if let Some(player) = usize::from(code).checked_sub(1) {
            let mirror = cell - cell % cols + (cols - 1 - cell % cols);
            marks[0][player] |= bits.bit(cell);
            marks[1][player] |= bits.bit(mirror);
        }
    }
    let mover = game.next_player().index();
    let [key, mirror] = marks.map(|marks| bits.key(marks[mover], marks[0] | marks[1]));
    Some(if mirror < key { (mirror, true) } else { (key, false) })
}

/// A book being written: positions and their perfect moves, collected, then written out as
/// the bytes of a book file (what `make book` does).
///
/// ```
/// use tictactoe_core::{Game, Rules};
/// use tictactoe_search::{Book, BookWriter, Solver};
/// let mut game = Game::new(Rules::CONNECT_FOUR)?;
/// for col in [4, 6, 1, 6, 2, 5, 5, 3, 6, 2, 1, 1, 6, 0, 6, 4, 4] {
///     game.drop(col)?;
/// }
/// let perfect = Solver::new().perfect_move(&game, u64::MAX)?;
/// let mut writer = BookWriter::new(Rules::CONNECT_FOUR)?;
/// assert!(writer.insert(&game, perfect));
/// let bytes: &'static [u8] = Vec::leak(writer.to_bytes());
/// let book = Book::parse(bytes)?;
/// assert_eq!(book.perfect_move(&game), Some(perfect));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct BookWriter {
    rules: Rules,
    /// The rules as the header writes them: the text form of a game not started.
    text: String,
    /// Each position's key and its entry's winner, plies and column (in the key's orientation).
    entries: BTreeMap<u64, [u8; 3]>,
}

/// Its rules and how many positions it holds (the entries are data, not to be printed).
impl core::fmt::Debug for BookWriter {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("BookWriter").field("rules", &self.rules).field("len", &self.len()).finish()
    }
}

impl BookWriter {
    /// An empty book of positions played under `rules`.
    ///
    /// # Errors
    /// As [`Game::new`], for rules no game has.
    pub fn new(rules: Rules) -> Result<BookWriter, Error> {
        // Under 64 bytes whatever the rules: its length fits the header's byte.
        let text = Game::new(rules)?.text().to_string();
        Ok(BookWriter { rules, text, entries: BTreeMap::new() })
    }

    /// A book of `book`'s positions, to add to: what a long run that was stopped takes up again.
    pub fn from_book(book: &Book) -> BookWriter {
        let entries = book.entries.chunks_exact(ENTRY).map(split);
        let text = Game::new(book.rules).map(|game| game.text().to_string()).unwrap_or_default();
        BookWriter { rules: book.rules, text, entries: entries.collect() }
    }

    /// The number of positions written so far.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether no position has been written.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Adds `game`'s position with its perfect move; `false` (and nothing added) when the book
    /// has it, or its mirror image, already, the position has no key (not the book's rules,
    /// not on one word under gravity), or the move is none a book holds (its column off the
    /// board or full, more plies than a byte counts): what is written reads back.
    #[must_use = "false says the position was not written"]
    pub fn insert(&mut self, game: &Game, perfect: PerfectMove) -> bool {
        let Some((key, mirrored)) = self.key(game) else { return false };
        let col = match mirrored {
            true => (game.cols() - 1).checked_sub(perfect.col),
            false => Some(perfect.col),
        };
        let (Some(Ok(col)), Ok(plies)) =
            (col.map(u8::try_from), u8::try_from(perfect.solution.plies))
        else {
            return false;
        };
        let winner = perfect.solution.winner.map_or(0, Player::number);
        let entry = [winner, plies, col];
        // What the reader gives back: an entry it holds, a column with room.
        if !holds(&self.rules, entry) || self::entry(game, mirrored, entry).is_none() {
            return false;
        }
        match self.entries.entry(key) {
            Entry::Occupied(_) => false,
            Entry::Vacant(vacant) => {
                vacant.insert(entry);
                true
            }
        }
    }

    /// The perfect move written for `game`'s position (or its mirror image), if any.
    pub fn perfect_move(&self, game: &Game) -> Option<PerfectMove> {
        let (key, mirrored) = self.key(game)?;
        entry(game, mirrored, *self.entries.get(&key)?)
    }

    /// `game`'s key in this book, and whether it is its mirror image's.
    fn key(&self, game: &Game) -> Option<(u64, bool)> {
        (game.rules() == self.rules).then(|| book_key(game)).flatten()
    }

    /// The book's bytes, as [`Book::parse`] reads them.
    pub fn to_bytes(&self) -> Vec<u8> {
        let header = MAGIC.len() + 1 + self.text.len() + 4;
        let mut bytes = Vec::with_capacity(header + self.entries.len() * ENTRY);
        bytes.extend_from_slice(MAGIC);
        bytes.push(small(self.text.len()));
        bytes.extend_from_slice(self.text.as_bytes());
        let count = u32::try_from(self.entries.len()).expect("fewer than 2^32 entries");
        bytes.extend_from_slice(&count.to_le_bytes());
        for (key, entry) in &self.entries {
            bytes.extend_from_slice(&key.to_le_bytes());
            bytes.extend_from_slice(entry);
        }
        bytes
    }
}

/// A count or index of a board on one word, as a byte.
fn small(n: usize) -> u8 {
    u8::try_from(n).expect("a board on one word")
}
