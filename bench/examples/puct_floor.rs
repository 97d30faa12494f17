//! A lean PUCT over a batch (issue 33), the search's floor: the same search as
//! `tictactoe_search::Puct` (one new leaf a game a step, the textbook's scores and ties, values
//! summed in f64) with little else: Connect Four alone, its rules hand-written on a word a
//! player (a column of 7 bits a column, as bench/c/c4_reference.c), no noise, no tree kept, no
//! Gumbel, no other board; nor what the library does even with noise off: the evaluator's
//! answers checked, the trees kept to go back to if a search fails, the leaves packed into one
//! call, the root values. Its tree is laid out node by node, a node's statistics side by side in
//! lanes (8 to a node, a lane an action: the scores compile to vector instructions, and a
//! node's weights fill two cache lines), and every game's descent goes a ply a round, so that
//! the games' loads overlap. Timed beside the library's search on the same work (noise off):
//! what a search of this algorithm can be brought to here, and so how far ours is from it.
//! Not a bound: it leaves out prefetching, for one (+7% measured on the library).
//!
//! `cargo run --release -p tictactoe-bench --example puct_floor -- GAMES SIMULATIONS` (1 024
//! and 32 by default), on one core (`taskset -c 1`): first both sides search, with an evaluator
//! whose answers are made up from each position, games from random openings (where descents
//! meet wins) and from near the end of a drawn game (full boards), and the run fails unless
//! their root visits are the same (`cargo test` runs this check alone); then each is timed
//! from fresh games, the best of 11 calls, the sides taking turns, every logit and value 0 (the
//! benchmark's evaluator).

use std::time::Instant;

use tictactoe_core::{Batch, Error, Illegal, Rules, Selection};
use tictactoe_search::{Evaluator, Puct, PuctConfig};

/// Lanes a node: Connect Four's 7 actions, and one never legal.
const LANES: usize = 8;
/// A lane's child not expanded yet (a new leaf's until the step's expansions), and the marks
/// of finished games.
const NONE: u32 = u32::MAX;
const WON: u32 = u32::MAX - 1;
const DRAWN: u32 = u32::MAX - 2;
/// The library's default.
const C_PUCT: f64 = 1.25;
/// Bits a column (6 cells and one always empty above them), the bottom cell first.
const HEIGHT: u32 = 7;
/// The bottom cell of each column, and the top one.
const BOTTOM: u64 = 0x0000_0408_1020_4081;
const TOP: u64 = BOTTOM << 5;
/// Every cell of the board.
const BOARD: u64 = BOTTOM * 0x3f;
/// Spreads the 7 bits of a row (one a column, 7 apart) into bits 36 to 42: bit c lands at
/// 7c + 6(6 - c) = 36 + c, no two products on the same bit.
const GATHER: u64 = 0x0000_0010_4104_1041;

/// The 7 flags of a row's bits (bit c, column c), a byte each: written 8 bytes at a time.
const FLAGS: [u64; 128] = {
    let mut flags = [0; 128];
    let mut bits = 0;
    while bits < 128 {
        let mut c = 0;
        while c < 7 {
            flags[bits] |= (bits as u64 >> c & 1) << (8 * c);
            c += 1;
        }
        bits += 1;
    }
    flags
};

/// An expanded position: for each action (lane) W(s, a) (a cache line), N(s, a) and P(s, a)
/// (another), and where its child is.
#[repr(C, align(64))]
#[derive(Clone, Copy)]
struct Node {
    value: [f64; LANES],
    visits: [u32; LANES],
    prior: [f32; LANES],
    child: [u32; LANES],
    /// Which lanes are legal actions.
    legal: u32,
}

/// Where a game's descent stands: its node, the visits that reached it (N(s) + 1), the two
/// players' marks and the side to move.
#[derive(Clone, Copy, Default)]
struct At {
    node: u32,
    reached: u32,
    marks: [u64; 2],
    mover: usize,
}

/// One game: its position (marks, side to move), its nodes (the root first), its root's visits,
/// and the step's descent: the (node, lane) of each ply, where it stands, and whether it found
/// a new leaf.
struct Game {
    start: ([u64; 2], usize),
    nodes: Vec<Node>,
    root_visits: u32,
    path: [(u32, u8); 43],
    plies: usize,
    at: At,
    leaf: bool,
}

impl Game {
    /// Adds `value` (the last mover's) up the path, negated at each ply, and a visit to the root.
    fn back_up(&mut self, mut value: f64) {
        for &(node, lane) in self.path[..self.plies].iter().rev() {
            let node = &mut self.nodes[node as usize];
            node.value[usize::from(lane)] += value;
            node.visits[usize::from(lane)] += 1;
            value = -value;
        }
        self.root_visits += 1;
    }
}

/// Whether `marks` hold four in a row: across (7 bits apart), up, and both diagonals.
fn four(marks: u64) -> bool {
    [HEIGHT, 1, HEIGHT - 1, HEIGHT + 1].iter().any(|&step| {
        let pairs = marks & (marks >> step);
        pairs & (pairs >> (2 * step)) != 0
    })
}

/// Row `row`'s 7 cells of `marks` (row 0 the top one), a bit a column.
fn row_bits(marks: u64, row: u32) -> usize {
    let cells = (marks >> (5 - row)) & BOTTOM;
    ((cells.wrapping_mul(GATHER) >> 36) & 0x7f) as usize
}

/// The lane PUCT takes at `node` (reached `reached` times): the legal one of highest
/// `Q + c * P * sqrt(N(s)) / (1 + N(s, a))`, the lowest of equals.
fn select(node: &Node, reached: u32) -> usize {
    let explore = C_PUCT * f64::from(reached - 1).sqrt();
    let mut scores = [f64::NEG_INFINITY; LANES];
    for (lane, score) in scores.iter_mut().enumerate() {
        let (visits, prior) = (f64::from(node.visits[lane]), f64::from(node.prior[lane]));
        let found = if node.visits[lane] == 0 {
            explore * prior
        } else {
            node.value[lane] / visits + explore * prior / (1.0 + visits)
        };
        if node.legal >> lane & 1 == 1 {
            *score = found;
        }
    }
    let mut best = 0;
    for lane in 1..LANES {
        if scores[lane] > scores[best] {
            best = lane;
        }
    }
    best
}

/// One ply of a game's descent: `true` while it goes on.
fn descend(game: &mut Game) -> bool {
    let At { node, reached, mut marks, mover } = game.at;
    let at = &game.nodes[node as usize];
    let lane = select(at, reached);
    let column = 0x3f << (lane as u32 * HEIGHT);
    let taken = marks[0] | marks[1];
    // The column's marks plus its bottom bit: the carry lands on its lowest free cell.
    marks[mover] |= ((taken & column) + (1 << (lane as u32 * HEIGHT))) & column;
    game.path[game.plies] = (node, lane as u8);
    game.plies += 1;
    let child = at.child[lane];
    let ended = match child {
        WON => Some(1.0),
        DRAWN => Some(0.0),
        NONE if four(marks[mover]) => Some(1.0),
        NONE if marks[0] | marks[1] == BOARD => Some(0.0),
        NONE => None,
        _ => {
            game.at = At { node: child, reached: at.visits[lane], marks, mover: 1 - mover };
            return true;
        }
    };
    match ended {
        Some(value) => {
            game.nodes[node as usize].child[lane] = if value == 0.0 { DRAWN } else { WON };
            game.back_up(value);
        }
        None => {
            game.at = At { node, reached, marks, mover: 1 - mover };
            game.leaf = true;
        }
    }
    false
}

/// A new node for a game's leaf (legal flags and logits its row of the evaluator's call), under
/// the path's last lane (the root for none): its priors the softmax of the legal logits.
fn expand(game: &mut Game, legal: &[u8], logits: &[f32]) {
    let mut top = f32::NEG_INFINITY;
    for action in 0..7 {
        if legal[action] != 0 && logits[action] > top {
            top = logits[action];
        }
    }
    let (mut weights, mut total, mut mask) = ([0.0f64; LANES], 0.0, 0);
    for action in 0..7 {
        if legal[action] != 0 {
            weights[action] = match f64::from(logits[action]) - f64::from(top) {
                0.0 => 1.0,
                x => x.exp(),
            };
            total += weights[action];
            mask |= 1 << action;
        }
    }
    let prior = weights.map(|weight| (weight / total) as f32);
    let at = game.nodes.len() as u32;
    let node =
        Node { value: [0.0; LANES], visits: [0; LANES], prior, child: [NONE; LANES], legal: mask };
    game.nodes.push(node);
    if let Some(&(parent, lane)) = game.path[..game.plies].last() {
        game.nodes[parent as usize].child[usize::from(lane)] = at;
    }
}

/// The evaluator's call: a row of flags a game (84 for the planes, 7 legal; 8 more of room for
/// the last row's 8-byte store), logits and values.
struct Call {
    planes: Vec<u8>,
    legal: Vec<u8>,
    logits: Vec<f32>,
    values: Vec<f32>,
}

/// Writes a position's logits (in [-3, 3], often equal: ties are broken too) and returns its
/// value (in [-0.8, 0.8]), made up from its planes' flags: the same position, the same answer,
/// on either side.
fn made_up(flags: impl Iterator<Item = bool>, logits: &mut [f32]) -> f32 {
    let marks = flags.enumerate().filter(|&(_, flag)| flag);
    let sum = marks.fold(0u32, |sum, (i, _)| sum.wrapping_mul(31).wrapping_add(i as u32 + 1));
    for (action, logit) in logits.iter_mut().enumerate() {
        *logit = ((sum >> action) % 13) as f32 / 2.0 - 3.0;
    }
    (sum % 17) as f32 / 10.0 - 0.8
}

/// Searches every game of `games` afresh, `simulations` times, the leaves valued by `made_up`
/// (or all 0); their root visits, 7 a game.
fn floor(games: &mut [Game], simulations: u32, call: &mut Call, made: bool) -> Vec<u32> {
    for game in games.iter_mut() {
        game.nodes.clear();
        game.root_visits = 0;
    }
    let mut open: Vec<u32> = Vec::with_capacity(games.len());
    for step in 0..=simulations {
        open.clear();
        for (g, game) in games.iter_mut().enumerate() {
            game.plies = 0;
            let (marks, mover) = game.start;
            game.at = At { node: 0, reached: game.root_visits, marks, mover };
            // The first step expands the roots.
            game.leaf = step == 0;
            if step > 0 {
                open.push(g as u32);
            }
        }
        while !open.is_empty() {
            open.retain(|&g| descend(&mut games[g as usize]));
        }
        for (g, game) in games.iter().enumerate().filter(|(_, game)| game.leaf) {
            let At { marks, mover, .. } = game.at;
            for (plane, mine) in [marks[mover], marks[1 - mover]].into_iter().enumerate() {
                for row in 0..6 {
                    let at = g * 84 + plane * 42 + row as usize * 7;
                    call.planes[at..at + 8]
                        .copy_from_slice(&FLAGS[row_bits(mine, row)].to_le_bytes());
                }
            }
            let free = row_bits(!(marks[0] | marks[1]) & TOP, 0);
            call.legal[g * 7..g * 7 + 8].copy_from_slice(&FLAGS[free].to_le_bytes());
        }
        call.logits.fill(0.0);
        call.values.fill(0.0);
        if made {
            for (g, _) in games.iter().enumerate().filter(|(_, game)| game.leaf) {
                let flags = call.planes[g * 84..(g + 1) * 84].iter().map(|&flag| flag != 0);
                call.values[g] = made_up(flags, &mut call.logits[g * 7..(g + 1) * 7]);
            }
        }
        for (g, game) in games.iter_mut().enumerate().filter(|(_, game)| game.leaf) {
            expand(game, &call.legal[g * 7..g * 7 + 7], &call.logits[g * 7..g * 7 + 7]);
            match game.plies {
                0 => game.root_visits = 1,
                _ => game.back_up(-f64::from(call.values[g])),
            }
        }
    }
    games.iter().flat_map(|game| game.nodes[0].visits[..7].to_vec()).collect()
}

/// The library's search's evaluator: [`made_up`], or every logit and value 0 (the search zeroes
/// them).
struct Leaves {
    made: bool,
}

impl Evaluator for Leaves {
    type Error = core::convert::Infallible;

    fn evaluate(
        &mut self,
        observation: &[bool],
        _: &[bool],
        logits: &mut [f32],
        values: &mut [f32],
    ) -> Result<(), Self::Error> {
        if self.made {
            for ((planes, logits), value) in
                observation.chunks_exact(84).zip(logits.chunks_exact_mut(7)).zip(values)
            {
                *value = made_up(planes.iter().copied(), logits);
            }
        }
        Ok(())
    }
}

/// The floor's games at `batch`'s positions (in progress), room made for `simulations`.
fn games_of(batch: &Batch, simulations: u32) -> Result<Vec<Game>, Error> {
    (0..batch.count())
        .map(|g| {
            let mut marks = [0u64; 2];
            let history = batch.history(g)?;
            for (ply, &cell) in history.iter().enumerate() {
                let column = 0x3f << (cell % 7 * HEIGHT);
                let taken = marks[0] | marks[1];
                marks[ply % 2] |= ((taken & column) + (1 << (cell % 7 * HEIGHT))) & column;
            }
            Ok(Game {
                start: (marks, history.len() % 2),
                nodes: Vec::with_capacity(simulations as usize + 1),
                root_visits: 0,
                path: [(0, 0); 43],
                plies: 0,
                at: At::default(),
                leaf: false,
            })
        })
        .collect()
}

/// The evaluator's call for `games` games.
fn call_for(games: usize) -> Call {
    Call {
        planes: vec![0; games * 84 + 8],
        legal: vec![0; games * 7 + 8],
        logits: vec![0.0; games * 7],
        values: vec![0.0; games],
    }
}

/// A whole game of Connect Four that fills the board without four in a row (found by random
/// play): its columns, X first.
const DRAWN_GAME: [u32; 42] = [
    3, 3, 1, 6, 5, 0, 1, 1, 4, 2, 6, 6, 1, 4, 1, 2, 3, 1, 4, 3, 4, 4, 5, 2, 3, 6, 3, 0, 6, 4, 2, 6,
    0, 5, 5, 5, 5, 2, 0, 2, 0, 0,
];

/// `games` games, each from its own random opening (up to 40 plies, the games that end started
/// again), where descents meet wins.
fn random_openings(games: usize) -> Result<Batch, Box<dyn core::error::Error>> {
    let mut batch = Batch::new(games, Rules::CONNECT_FOUR, 7)?;
    let (mut actions, mut winners) = (vec![0; games], vec![0; games]);
    for _ in 0..40 {
        batch.random_legal_actions(Selection::All, &mut actions)?;
        batch.step(Selection::All, &actions, &mut winners, Illegal::Refuse)?;
        batch.reset_terminated(Selection::All)?;
    }
    Ok(batch)
}

/// `games` games 30 to 41 plies into [`DRAWN_GAME`], where descents fill the board.
fn drawn_endings(games: usize) -> Result<Batch, Box<dyn core::error::Error>> {
    let mut batch = Batch::new(games, Rules::CONNECT_FOUR, 0)?;
    for (ply, &column) in DRAWN_GAME[..41].iter().enumerate() {
        let playing: Vec<usize> = (0..games).filter(|g| 30 + g % 12 > ply).collect();
        let (actions, mut winners) = (vec![column; playing.len()], vec![0; playing.len()]);
        batch.step(Selection::Listed(&playing), &actions, &mut winners, Illegal::Refuse)?;
    }
    Ok(batch)
}

/// Searches `batch`'s games (in progress) with the library and with the floor, the leaves
/// valued by [`made_up`]: an error unless their root visits are the same.
fn compare(batch: &Batch, simulations: u32) -> Result<(), Box<dyn core::error::Error>> {
    let games = batch.count();
    let mut puct = Puct::new(batch, PuctConfig { seed: 1, ..PuctConfig::default() })?;
    let (mut visits, mut values) = (vec![0; games * 7], vec![0.0; games]);
    puct.run(batch, &mut Leaves { made: true }, simulations, false, &mut visits, &mut values)?;
    let floor_visits =
        floor(&mut games_of(batch, simulations)?, simulations, &mut call_for(games), true);
    if floor_visits != visits {
        return Err("the floor's root visits differ from the search's".into());
    }
    Ok(())
}

/// The check before the timing: the floor and the library visit alike from random openings
/// (wins) and from near the end of a drawn game (full boards).
fn check(games: usize, simulations: u32) -> Result<(), Box<dyn core::error::Error>> {
    compare(&random_openings(games)?, simulations)?;
    compare(&drawn_endings(games)?, simulations)
}

fn main() -> Result<(), Box<dyn core::error::Error>> {
    let mut args = std::env::args().skip(1).map(|arg| arg.parse::<usize>());
    let games = args.next().transpose()?.unwrap_or(1024);
    let simulations = u32::try_from(args.next().transpose()?.unwrap_or(32))?;
    check(games, simulations)?;
    // Timed from fresh games, as the benchmark against mctx searches.
    let batch = Batch::new(games, Rules::CONNECT_FOUR, 0)?;
    let mut puct = Puct::new(&batch, PuctConfig { seed: 1, ..PuctConfig::default() })?;
    let (mut visits, mut values) = (vec![0; games * 7], vec![0.0; games]);
    let (mut floor_games, mut call) = (games_of(&batch, simulations)?, call_for(games));
    let (mut ours, mut least) = (f64::MAX, f64::MAX);
    for _ in 0..11 {
        puct.clear();
        let start = Instant::now();
        let uniform = &mut Leaves { made: false };
        puct.run(&batch, uniform, simulations, false, &mut visits, &mut values)?;
        ours = ours.min(start.elapsed().as_secs_f64());
        let start = Instant::now();
        let floor_visits = floor(&mut floor_games, simulations, &mut call, false);
        least = least.min(start.elapsed().as_secs_f64());
        if floor_visits != visits {
            return Err("the floor's root visits differ from the search's".into());
        }
    }
    let simulated = games as f64 * f64::from(simulations);
    println!(
        "{games} x {simulations}: the search {:.2}M simulations/s ({:.1} ns a simulation), its floor {:.2}M ({:.1} ns): {:.2}x; the same visits",
        simulated / ours / 1e6,
        ours * 1e9 / simulated,
        simulated / least / 1e6,
        least * 1e9 / simulated,
        ours / least,
    );
    Ok(())
}

#[test]
fn the_floor_and_the_search_visit_alike() {
    for (games, simulations) in [(64, 16), (32, 100), (128, 64)] {
        check(games, simulations).unwrap();
    }
}
