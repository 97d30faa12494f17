//! ns per move over whole random games, game creation included, for the core's checked
//! `make_move`, the same algorithm written in plain C (`c/reference.c`, what the core is held
//! to), the seed's unchecked +1/-1 counters (the baseline of the report) and a naive scan of
//! the move's row, column and diagonals. All play the same pre-generated games in one run,
//! interleaved round by round; the table gives the median round and the ratios.
//!
//! `cargo bench -p tictactoe-bench --bench moves` (or `make bench`). With `BENCH_JSON=path`
//! set, the medians are also written there as JSON records for `bench/report.py`.

use core::hint::black_box;
use std::time::Instant;

use tictactoe_bench::CReference;
use tictactoe_core::{winner_number, Game};

/// The seed's O(1) solution: one +1/-1 sum per line, no validation, no board.
struct Unchecked {
    n: i32,
    rows: Vec<i32>,
    cols: Vec<i32>,
    diagonal: i32,
    anti_diagonal: i32,
}

impl Unchecked {
    fn new(n: usize) -> Unchecked {
        Unchecked { n: n as i32, rows: vec![0; n], cols: vec![0; n], diagonal: 0, anti_diagonal: 0 }
    }

    #[inline(never)]
    fn make_move(&mut self, row: usize, col: usize, player: u32) -> u32 {
        let add = if player == 1 { 1 } else { -1 };
        let n = self.n;
        self.rows[row] += add;
        self.cols[col] += add;
        if row == col {
            self.diagonal += add;
        }
        if row + col == n as usize - 1 {
            self.anti_diagonal += add;
        }
        let won = self.rows[row].abs() == n
            || self.cols[col].abs() == n
            || self.diagonal.abs() == n
            || self.anti_diagonal.abs() == n;
        if won {
            player
        } else {
            0
        }
    }
}

/// The O(n) approach: a full board, and after each move a scan of the lines through it.
struct Naive {
    n: usize,
    board: Vec<u8>,
}

impl Naive {
    fn new(n: usize) -> Naive {
        Naive { n, board: vec![0; n * n] }
    }

    #[inline(never)]
    fn make_move(&mut self, row: usize, col: usize, player: u32) -> u32 {
        let n = self.n;
        let p = player as u8;
        self.board[row * n + col] = p;
        let at = |r: usize, c: usize| self.board[r * n + c] == p;
        let won = (0..n).all(|c| at(row, c))
            || (0..n).all(|r| at(r, col))
            || (row == col && (0..n).all(|i| at(i, i)))
            || (row + col == n - 1 && (0..n).all(|i| at(i, n - 1 - i)));
        if won {
            player
        } else {
            0
        }
    }
}

/// A random game: the cells in random order, players alternating from 1, cut at the first win.
struct RandomGame {
    n: usize,
    moves: Vec<(u16, u16)>,
}

fn xorshift(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

fn random_game(n: usize, state: &mut u64) -> RandomGame {
    let mut cells: Vec<u32> = (0..(n * n) as u32).collect();
    for i in (1..cells.len()).rev() {
        let j = (xorshift(state) % (i as u64 + 1)) as usize;
        cells.swap(i, j);
    }
    let mut judge = Unchecked::new(n);
    let mut moves = Vec::with_capacity(cells.len());
    for (i, &cell) in cells.iter().enumerate() {
        let (row, col) = (cell as usize / n, cell as usize % n);
        moves.push((row as u16, col as u16));
        if judge.make_move(row, col, 1 + (i % 2) as u32) != 0 {
            break;
        }
    }
    RandomGame { n, moves }
}

fn player(i: usize) -> u32 {
    1 + (i & 1) as u32
}

/// The core's move behind a call that is not inlined, as the baseline's is.
#[inline(never)]
fn core_move(game: &mut Game, row: usize, col: usize, player: u32) -> u32 {
    match game.make_move(row, col, player) {
        Ok(winner) => u32::from(winner_number(winner)),
        Err(_) => 9,
    }
}

fn play_core(game: &RandomGame) -> u32 {
    let mut g = Game::new(game.n).expect("valid size");
    let mut winner = 0;
    for (i, &(row, col)) in game.moves.iter().enumerate() {
        winner = core_move(&mut g, row as usize, col as usize, player(i));
    }
    winner
}

fn play_reference(game: &RandomGame) -> u32 {
    let mut g = CReference::new(game.n as u32).expect("valid size");
    let mut winner = 0;
    for (i, &(row, col)) in game.moves.iter().enumerate() {
        winner = g.make_move(u32::from(row), u32::from(col), player(i));
    }
    u32::try_from(winner).expect("no move of a random game is refused")
}

fn play_unchecked(game: &RandomGame) -> u32 {
    let mut g = Unchecked::new(game.n);
    let mut winner = 0;
    for (i, &(row, col)) in game.moves.iter().enumerate() {
        winner = g.make_move(row as usize, col as usize, player(i));
    }
    winner
}

fn play_naive(game: &RandomGame, limit: usize) -> u32 {
    let mut g = Naive::new(game.n);
    let mut winner = 0;
    for (i, &(row, col)) in game.moves.iter().take(limit).enumerate() {
        winner = g.make_move(row as usize, col as usize, player(i));
    }
    winner
}

/// ns per move of one pass over all games.
fn time(games: &[RandomGame], moves: usize, play: impl Fn(&RandomGame) -> u32) -> f64 {
    let start = Instant::now();
    let mut check = 0u32;
    for game in games {
        check = check.wrapping_add(play(black_box(game)));
    }
    black_box(check);
    start.elapsed().as_nanos() as f64 / moves as f64
}

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(f64::total_cmp);
    xs[xs.len() / 2]
}

const CORE: &str = "tictactoe-core make_move";
const REFERENCE: &str = "the same algorithm in plain C (reference)";

fn main() {
    // (n, games, rounds): about 10^7 moves a round up to n = 1000; one game of 10^8 at 10^4.
    // Arguments, if any, pick the sizes to run: `cargo bench --bench moves -- 3 8 100`; a size
    // not in the table plays about 10^7 moves a round (at most 10^6 games), 7 rounds.
    let sizes: Vec<usize> =
        std::env::args().skip(1).filter_map(|a| a.parse().ok()).filter(|&n| n > 0).collect();
    let table = [(3, 1_000_000, 7), (100, 1_000, 7), (1000, 10, 5), (10_000, 1, 3)];
    let plan: Vec<(usize, usize, usize)> = if sizes.is_empty() {
        table.to_vec()
    } else {
        let planned = |n: usize| table.into_iter().find(|&(size, _, _)| size == n);
        let fill = |n: usize| (n, (10_000_000 / (n * n)).clamp(1, 1_000_000), 7);
        sizes.iter().map(|&n| planned(n).unwrap_or_else(|| fill(n))).collect()
    };
    // The naive scan costs O(n) a move: it plays only this many moves of each game.
    let naive_limit = |n: usize| if n >= 10_000 { 100_000 } else { usize::MAX };
    let mut state = 0x9E37_79B9_7F4A_7C15;
    println!("| n | moves/round | checked core (ns/move) | same algorithm in C | unchecked +1/-1 baseline | naive scan | core / C | core / baseline | naive / baseline |");
    println!("|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    let mut records = Vec::new();
    for (n, count, rounds) in plan {
        let games: Vec<RandomGame> = (0..count).map(|_| random_game(n, &mut state)).collect();
        let moves: usize = games.iter().map(|g| g.moves.len()).sum();
        let naive_moves: usize = games.iter().map(|g| g.moves.len().min(naive_limit(n))).sum();
        // The core, the C reference and the baseline agree on every game before anything is
        // timed.
        for game in &games {
            assert_eq!(play_core(game), play_unchecked(game));
            assert_eq!(play_reference(game), play_unchecked(game));
        }
        let (mut core, mut reference, mut base, mut naive) =
            (Vec::new(), Vec::new(), Vec::new(), Vec::new());
        for _ in 0..rounds {
            core.push(time(&games, moves, play_core));
            reference.push(time(&games, moves, play_reference));
            base.push(time(&games, moves, play_unchecked));
            naive.push(time(&games, naive_moves, |g| play_naive(g, naive_limit(n))));
        }
        let (core, reference, base, naive) =
            (median(core), median(reference), median(base), median(naive));
        for (implementation, ns, baseline) in [
            (CORE, core, false),
            (REFERENCE, reference, false),
            ("seed +1/-1 counters in Rust (unchecked)", base, true),
            ("naive O(n) scan in Rust", naive, false),
        ] {
            records.push(serde_json::json!({
                "face": "Rust", "implementation": implementation, "n": n,
                "ns_per_move": ns, "baseline": baseline,
            }));
        }
        // Issue #13's target: the core within 1.1x of its own algorithm written in C.
        records.push(serde_json::json!({
            "face": "Rust", "implementation": CORE, "n": n, "ns": core,
            "against": REFERENCE, "against_ns": reference, "target": 1.1,
        }));
        let note = if naive_moves < moves { " (first 10^5 moves)" } else { "" };
        println!(
            "| {n} | {moves} | {core:.2} | {reference:.2} | {base:.2} | {naive:.2}{note} | {:.2}x | {:.2}x | {:.2}x |",
            core / reference,
            core / base,
            naive / base
        );
    }
    for n in [3, 100, 1000] {
        let bytes = core::mem::size_of::<Game>() + Game::new(n).expect("valid size").heap_bytes();
        records
            .push(serde_json::json!({ "face": "Rust", "memory": "Game", "n": n, "bytes": bytes }));
    }
    if let Ok(path) = std::env::var("BENCH_JSON") {
        std::fs::write(path, serde_json::to_string_pretty(&records).unwrap()).unwrap();
    }
}
