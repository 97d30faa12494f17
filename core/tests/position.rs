//! A search's position ([`Position`]) and the one-word masks ([`Bits`]) against the brute-force
//! model: random rule sets (exact, gravity, k from 1 to the longer side, boards either side of
//! one word), random placements by either player (refusals included), undos and reloads; every
//! answer a search asks for is compared with the model's after every step.

mod common;

use common::{kind, winning_runs, Kind, Model};
use proptest::prelude::*;
use std::collections::HashSet;
use tictactoe_core::{
    Batch, Bits, Error, Game, Illegal, Lines, OverLines, Player, Position, Rules, Selection,
};

/// The four directions, (rows, cols) a step, in the crate's order.
const DIRECTIONS: [(isize, isize); 4] = [(0, 1), (1, 0), (1, 1), (1, -1)];

/// Every k-window of the board: its cells' indices.
fn windows(rules: &Rules) -> Vec<Vec<usize>> {
    let (rows, cols, k) = (rules.rows as isize, rules.cols as isize, rules.k as isize);
    let mut all = Vec::new();
    for (dr, dc) in DIRECTIONS {
        for r in 0..rows {
            for c in 0..cols {
                let cells: Option<Vec<usize>> = (0..k)
                    .map(|i| {
                        let (r, c) = (r + dr * i, c + dc * i);
                        (r >= 0 && c >= 0 && r < rows && c < cols)
                            .then_some((r * cols + c) as usize)
                    })
                    .collect();
                all.extend(cells);
            }
        }
    }
    all
}

/// Whether a mark of p on the free `cell` of `grid` makes a winning run through it: in some
/// direction, p's marks walked on both sides of it and the cell make k or more (exactly k
/// under the exact rule).
fn wins_at(rules: &Rules, grid: &[u8], cell: usize, p: u8) -> bool {
    let (rows, cols) = (rules.rows as isize, rules.cols as isize);
    let (r, c) = (cell as isize / cols, cell as isize % cols);
    let own = |r: isize, c: isize| {
        r >= 0 && c >= 0 && r < rows && c < cols && grid[(r * cols + c) as usize] == p
    };
    grid[cell] == 0
        && DIRECTIONS.iter().any(|&(dr, dc)| {
            let walk = |sign: isize| {
                (1..).take_while(|&i| own(r + sign * dr * i, c + sign * dc * i)).count()
            };
            let len = walk(-1) + 1 + walk(1);
            if rules.exact {
                len == rules.k
            } else {
                len >= rules.k
            }
        })
}

/// Whether some k cells in a row hold no mark of p's opponent.
fn open_to(rules: &Rules, grid: &[u8], p: u8) -> bool {
    windows(rules).iter().any(|w| w.iter().all(|&c| grid[c] != 3 - p))
}

/// How many distinct cells a move of p on `cell` (none unless a move may take it) would make
/// winning cells through a window holding `cell`, which a move may take after it (two or more
/// as 2).
fn threats_made(rules: &Rules, grid: &[u8], cell: usize, p: u8) -> usize {
    if grid[cell] != 0 || !playable(rules, grid, cell) {
        return 0;
    }
    let mut after = grid.to_vec();
    after[cell] = p;
    let mut found = Vec::new();
    for window in windows(rules).iter().filter(|w| w.contains(&cell)) {
        let empties: Vec<usize> = window.iter().copied().filter(|&c| after[c] == 0).collect();
        if window.iter().all(|&c| after[c] != 3 - p)
            && empties.len() == 1
            && playable(rules, &after, empties[0])
            && wins_at(rules, &after, empties[0], p)
        {
            found.push(empties[0]);
        }
    }
    found.sort_unstable();
    found.dedup();
    found.len().min(2)
}

/// Whether a move may take the free `cell` of `grid`: under gravity, on the bottom row or on a
/// mark.
fn playable(rules: &Rules, grid: &[u8], cell: usize) -> bool {
    let below = cell + rules.cols;
    !rules.gravity || below >= grid.len() || grid[below] != 0
}

/// Everything a search may ask of a position, for comparing two positions.
fn answers(position: &Position) -> Vec<String> {
    let cells = position.cell_count();
    let mut out = vec![format!(
        "{:?} {:?} {} {:?} {} {}",
        position.rules(),
        position.winner(),
        position.marks(),
        position.next_player(),
        position.is_over(),
        position.is_draw_certain()
    )];
    for p in Player::ALL {
        let mut winning: Vec<usize> = position.winning_cells(p).collect();
        winning.sort_unstable();
        out.push(format!("{p:?} {} {winning:?}", position.can_win(p)));
    }
    for cell in 0..cells {
        let mut windows: Vec<[usize; 2]> = position.windows_through(cell).collect();
        windows.sort_unstable();
        out.push(format!(
            "{cell}: {:?} {} {:?} {:?} {windows:?}",
            position.holder(cell),
            position.is_playable(cell),
            Player::ALL.map(|p| position.wins_at(cell, p)),
            position.action_cell(cell),
        ));
    }
    out
}

/// Asserts that every answer of the position equals the model's, whose grid it holds (with the
/// winner `winner`: the position's win, made by a move).
fn assert_same(position: &mut Position, model: &Model, winner: u8) {
    let rules = model.rules;
    let (rows, cols) = (rules.rows, rules.cols);
    let grid = &model.grid;
    assert_eq!(position.rules(), rules);
    assert_eq!(
        (position.rows(), position.cols(), position.cell_count()),
        (rows, cols, rows * cols)
    );
    assert_eq!(position.winner().map_or(0, Player::number), winner);
    assert_eq!(position.marks(), model.count(1) + model.count(2));
    assert_eq!(position.next_player().number(), model.next_player());
    let full = grid.iter().all(|&v| v != 0);
    assert_eq!(position.is_over(), winner != 0 || full);
    for p in Player::ALL {
        let n = p.number();
        // The winner can, the loser cannot; on a full board nobody can.
        let can_win = winner == n || (winner == 0 && !full && open_to(&rules, grid, n));
        assert_eq!(position.can_win(p), can_win, "can_win({p})\n{grid:?}");
        if winner == 0 {
            let mut winning: Vec<usize> = position.winning_cells(p).collect();
            winning.sort_unstable();
            let expected: Vec<usize> =
                (0..rows * cols).filter(|&c| wins_at(&rules, grid, c, n)).collect();
            assert_eq!(winning, expected, "winning cells of {p}, {rules:?}\n{grid:?}");
        }
    }
    let open = |n| !full && open_to(&rules, grid, n);
    assert_eq!(position.is_draw_certain(), winner == 0 && !open(1) && !open(2));
    let all = windows(&rules);
    for cell in 0..rows * cols {
        let (r, c) = (cell / cols, cell % cols);
        assert_eq!(position.cell(r, c), Ok(cell));
        assert_eq!(position.row_col(cell), (r, c));
        assert_eq!(position.holder(cell).map_or(0, Player::number), grid[cell]);
        assert_eq!(position.is_playable(cell), grid[cell] == 0 && playable(&rules, grid, cell));
        let opens = (rules.gravity && r > 0).then(|| cell - cols);
        assert_eq!(position.opens(cell), opens);
        for radius in 0..3 {
            let near: Vec<usize> = (0..rows * cols)
                .filter(|&other| (other / cols).abs_diff(r) <= radius)
                .filter(|&other| (other % cols).abs_diff(c) <= radius)
                .collect();
            assert_eq!(position.near(cell, radius).collect::<Vec<_>>(), near, "near {cell}");
        }
        // A radius past any board takes the board.
        assert_eq!(position.near(cell, usize::MAX).count(), rows * cols);
        for p in Player::ALL {
            if winner == 0 {
                assert_eq!(position.wins_at(cell, p), wins_at(&rules, grid, cell, p.number()));
                let made = threats_made(&rules, grid, cell, p.number());
                assert_eq!(
                    position.threats_made(cell, p),
                    made,
                    "{p} on {cell}, {rules:?}\n{grid:?}"
                );
            }
        }
        let mut through: Vec<[usize; 2]> = position.windows_through(cell).collect();
        through.sort_unstable();
        let mut expected: Vec<[usize; 2]> = all
            .iter()
            .filter(|w| w.contains(&cell))
            .map(|w| [1, 2].map(|p| w.iter().filter(|&&c| grid[c] == p).count()))
            .collect();
        expected.sort_unstable();
        assert_eq!(through, expected, "windows through {cell}");
    }
    for col in 0..cols {
        let landing = (0..rows).rev().map(|r| r * cols + col).find(|&c| grid[c] == 0);
        assert_eq!(position.landing(col), landing, "column {col}");
        // Action `col` is the column under gravity, else the cell `col` of the top row.
        let expected = if rules.gravity { landing } else { (grid[col] == 0).then_some(col) };
        assert_eq!(position.action_cell(col), expected);
    }
    assert_eq!(position.landing(cols), None);
    assert_eq!(position.holder(rows * cols), None);
    assert!(!position.is_playable(rows * cols));
    assert_eq!(position.windows_through(rows * cols).count(), 0);
    assert_eq!(position.near(rows * cols, 2).count(), 0);
    assert_eq!(position.action_count(), if rules.gravity { cols } else { rows * cols });
}

#[derive(Clone, Debug)]
enum Op {
    Place(usize, bool),
    Undo,
    Reload,
    Copy,
}

fn rules() -> impl Strategy<Value = Rules> {
    (1usize..=7, 1usize..=8, any::<bool>(), any::<bool>(), 0usize..100).prop_map(
        |(rows, cols, exact, gravity, k)| Rules {
            rows,
            cols,
            k: 1 + k % rows.max(cols),
            exact,
            gravity,
        },
    )
}

fn ops(rules: Rules) -> impl Strategy<Value = Vec<Op>> {
    // Cells go one past the board so that refusals happen too.
    let cells = rules.rows * rules.cols + 1;
    let op = prop_oneof![
        8 => (0..cells, any::<bool>()).prop_map(|(cell, o)| Op::Place(cell, o)),
        3 => Just(Op::Undo),
        1 => Just(Op::Reload),
        1 => Just(Op::Copy),
    ];
    prop::collection::vec(op, 0..60)
}

fn run(rules: Rules, ops: Vec<Op>) {
    let mut game = Game::new(rules).unwrap();
    let mut model = Model::new(rules);
    let mut position = Position::new(&game).unwrap();
    // The position's own placements, which it can take back (a reload keeps none).
    let mut placed: Vec<(usize, u8)> = Vec::new();
    let mut winner = 0;
    assert_same(&mut position, &model, winner);
    for op in ops {
        match op {
            Op::Place(cell, o) => {
                let player = if o { Player::O } else { Player::X };
                let before = answers(&position);
                let got = position.place(cell, player).map_err(kind);
                let (r, c) = (cell / rules.cols, cell % rules.cols);
                let expected = model.make_move(r, c, u32::from(player.number()));
                assert_eq!(got.map(|w| w.map_or(0, Player::number)), expected);
                if expected.is_ok() {
                    game.make_move(r, c, u32::from(player.number())).unwrap();
                    placed.push((cell, player.number()));
                    winner = model.winner();
                } else {
                    assert_eq!(answers(&position), before, "a refused move changed the position");
                }
            }
            Op::Undo => match placed.pop() {
                Some((cell, p)) => {
                    assert_eq!(position.undo().map(|(c, p)| (c, p.number())), Ok((cell, p)));
                    model.undo().unwrap();
                    game.undo().unwrap();
                    winner = 0;
                }
                None => {
                    let before = answers(&position);
                    assert_eq!(position.undo(), Err(Error::NothingToUndo));
                    assert_eq!(answers(&position), before);
                }
            },
            Op::Reload => {
                position.load(&game).unwrap();
                placed.clear();
                assert_eq!(answers(&position), answers(&Position::new(&game).unwrap()));
            }
            Op::Copy => {
                // Into a position of other rules first, as a search reuses one.
                let mut copy = Position::new(&Game::new(Rules::CONNECT_FOUR).unwrap()).unwrap();
                copy.clone_from(&position);
                assert_eq!(answers(&copy), answers(&position));
                position = copy;
            }
        }
        assert_same(&mut position, &model, winner);
        // The game's own answers, which the position's repeat.
        for p in Player::ALL {
            assert_eq!(position.can_win(p), game.can_win(p), "can_win({p}) of {game:?}");
        }
        assert_eq!(position.is_draw_certain(), game.is_draw_certain());
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn a_position_answers_as_the_model_does(
        (rules, ops) in rules().prop_flat_map(|rules| (Just(rules), ops(rules)))
    ) {
        run(rules, ops);
    }
}

/// Positions of one-word boards as masks: the winning cells, the playable cells, whether a
/// player can still win and whether marks hold k in a row, against the model.
fn check_bits(rules: Rules, grid: &[u8]) {
    let Some(bits) = Bits::of(&rules) else { return };
    let [x, o] = bits.marks(grid.iter().copied());
    let taken = x | o;
    let cells = rules.rows * rules.cols;
    let mask = |pick: &dyn Fn(usize) -> bool| {
        (0..cells).filter(|&c| pick(c)).fold(0, |bits_, c| bits_ | bits.bit(c))
    };
    assert_eq!(bits.cells(), mask(&|_| true));
    let playable = mask(&|c| grid[c] == 0 && playable(&rules, grid, c));
    assert_eq!(bits.playable(taken), playable, "{rules:?}\n{grid:?}");
    for (p, mine, theirs) in [(1, x, o), (2, o, x)] {
        let winning = mask(&|c| grid[c] == 0 && wins_at(&rules, grid, c, p));
        assert_eq!(bits.winning(mine) & !taken, winning, "{rules:?} {p}\n{grid:?}");
        // Bits off the board (the spare column's) change nothing.
        assert_eq!(bits.winning(mine | !bits.cells()), bits.winning(mine));
        let completing: u64 = (0..cells)
            .flat_map(|cell| bits.windows_through(cell))
            .fold(0, |made, window| made | Bits::completes(window, mine, theirs));
        // Under the exact rule a completed window may be an overline's part.
        let won = if bits.is_exact() { bits.winning(mine) } else { u64::MAX };
        assert_eq!(
            completing & won & !taken,
            winning,
            "completing windows, {rules:?} {p}\n{grid:?}"
        );
        assert_eq!(bits.can_win(theirs), open_to(&rules, grid, p));
        assert_eq!(bits.wins(mine), !winning_runs(&rules, grid, p).is_empty());
        // The lines a search runs over (unrolled for the usual k) answer as the masks do.
        assert_eq!(
            bits.with_lines(Ask { mine, theirs }),
            (bits.winning(mine), bits.can_win(theirs))
        );
    }
    let all = windows(&rules);
    for cell in 0..cells {
        assert_eq!(bits.cell(bits.bit(cell)), cell);
        let mut through: Vec<u64> = bits.windows_through(cell).collect();
        through.sort_unstable();
        let mut expected: Vec<u64> = all
            .iter()
            .filter(|w| w.contains(&cell))
            .map(|w| w.iter().fold(0, |m, &c| m | bits.bit(c)))
            .collect();
        expected.sort_unstable();
        assert_eq!(through, expected, "windows through {cell}, {rules:?}");
        let above = (rules.gravity && cell >= rules.cols).then(|| bits.bit(cell - rules.cols));
        assert_eq!(bits.opens(bits.bit(cell)), above.unwrap_or(0));
        let below =
            (rules.gravity && cell + rules.cols < cells).then(|| bits.bit(cell + rules.cols));
        assert_eq!(bits.openers(bits.bit(cell)), below.unwrap_or(0));
    }
    assert_eq!(bits.windows_through(cells).count(), 0);
    assert_eq!(
        bits.cells_in(taken).collect::<Vec<_>>(),
        (0..cells).filter(|&c| grid[c] != 0).collect::<Vec<_>>()
    );
    assert_eq!(bits.bit(cells), 0);
    for col in 0..rules.cols {
        assert_eq!(bits.column(col), mask(&|c| c % rules.cols == col));
    }
    assert_eq!(bits.column(rules.cols), 0);
}

/// Asks a board's [`Lines`] where `mine` wins and whether `theirs` leaves the mover a run.
struct Ask {
    mine: u64,
    theirs: u64,
}

impl OverLines for Ask {
    type Output = (u64, bool);

    fn run<L: Lines>(self, lines: L) -> (u64, bool) {
        (lines.winning(self.mine), lines.can_win(self.theirs))
    }
}

/// A grid of `codes` on `rules`' board, emptied from the bottom up under gravity (marks sit on
/// the bottom row or on marks).
fn settled(rules: &Rules, codes: &[u8]) -> Vec<u8> {
    let mut grid = codes[..rules.rows * rules.cols].to_vec();
    if rules.gravity {
        for c in (0..grid.len()).rev() {
            let below = c + rules.cols;
            if below < grid.len() && grid[below] == 0 {
                grid[c] = 0;
            }
        }
    }
    grid
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Boards seven columns wide under gravity, Connect Four's among them, whose lines are
    /// compiled for that width.
    #[test]
    fn masks_of_seven_columns_under_gravity_answer_as_the_model_does(
        rows in 1usize..=8,
        k in 1usize..=8,
        exact: bool,
        codes in prop::collection::vec(0u8..3, 56),
    ) {
        let rules = Rules { rows, cols: 7, k: k.min(7), exact, gravity: true };
        prop_assert_eq!(Bits::of(&rules).unwrap().is_exact(), exact && rules.k < rows.max(7));
        check_bits(rules, &settled(&rules, &codes));
    }

    #[test]
    fn masks_answer_as_the_model_does(
        rules in rules(),
        codes in prop::collection::vec(0u8..3, 64),
    ) {
        // Any grid (unreachable ones too): the masks judge cells, not games.
        check_bits(rules, &settled(&rules, &codes));
    }
}

#[test]
fn masks_exist_for_boards_of_one_word() {
    let gravity = |rows, cols, k| Rules { rows, cols, k, exact: false, gravity: true };
    for (rules, fits) in [
        (Rules::CONNECT_FOUR, true),
        (Rules { exact: true, ..Rules::CONNECT_FOUR }, true),
        (Rules { exact: true, ..Rules::tic_tac_toe(5) }, true),
        (Rules::mnk(1, 63, 2), true),
        (Rules::mnk(1, 64, 2), false),
        (Rules::mnk(32, 1, 3), true),
        (Rules::mnk(33, 1, 3), false),
        (gravity(7, 7, 4), true),
        (gravity(8, 7, 4), true),
        (gravity(8, 8, 4), false),
        (Rules::mnk(3, 3, 4), false),
    ] {
        assert_eq!(Bits::of(&rules).is_some(), fits, "{rules:?}");
    }
    // Long lines of one word: the shifts past the word's end, and the exact rule's ends there.
    let exact = |rules: Rules| Rules { exact: true, ..rules };
    for rules in [
        Rules::mnk(1, 63, 63),
        Rules::mnk(32, 1, 32),
        Rules::mnk(2, 21, 2),
        gravity(7, 7, 7),
        exact(Rules::mnk(1, 63, 62)),
        exact(Rules::mnk(32, 1, 31)),
        exact(Rules::mnk(2, 21, 2)),
        exact(gravity(7, 7, 6)),
    ] {
        let mut state = 3;
        for _ in 0..50 {
            let grid: Vec<u8> = (0..rules.rows * rules.cols)
                .map(|_| tictactoe_core::random::below(&mut state, 3) as u8)
                .collect();
            if !rules.gravity {
                check_bits(rules, &grid);
            }
        }
        check_bits(rules, &vec![1; rules.rows * rules.cols]);
        check_bits(rules, &vec![0; rules.rows * rules.cols]);
    }
}

/// Every grid gravity allows on small boards (each column filled from the bottom, any marks),
/// read as the mover's marks (1) and the other's (2): one key each, below `2^key_bits`.
#[test]
fn keys_name_every_gravity_position_once() {
    let gravity = |rows, cols| Rules { rows, cols, k: 3, exact: false, gravity: true };
    for rules in [gravity(3, 4), gravity(4, 3), gravity(2, 5), gravity(1, 6), gravity(5, 2)] {
        let bits = Bits::of(&rules).unwrap();
        let key_bits = bits.key_bits().unwrap();
        // A column of height h holds one of 2^h words of marks: 2^(rows+1) - 1 columns.
        let column_count = (1usize << (rules.rows + 1)) - 1;
        let mut keys = HashSet::new();
        let mut grids = 0;
        for pick in 0..column_count.pow(rules.cols as u32) {
            let mut grid = vec![0u8; rules.rows * rules.cols];
            let mut rest = pick;
            for col in 0..rules.cols {
                // 2^height + the column's marks (bit i: the mark i above the bottom).
                let word = rest % column_count + 1;
                let height = word.ilog2() as usize;
                rest /= column_count;
                for up in 0..height {
                    let row = rules.rows - 1 - up;
                    grid[row * rules.cols + col] = 1 + (word >> up & 1) as u8;
                }
            }
            let [mine, theirs] = bits.marks(grid.iter().copied());
            let key = bits.key(mine, mine | theirs);
            assert!(key < 1 << key_bits, "{rules:?}");
            assert!(keys.insert(key), "{rules:?}: two positions share {key:#x}\n{grid:?}");
            grids += 1;
        }
        assert_eq!(grids, column_count.pow(rules.cols as u32));
    }
    assert!(Bits::of(&Rules::mnk(7, 8, 4)).unwrap().key_bits().is_none(), "without gravity");
}

#[test]
fn a_refused_placement_names_the_cell_it_was_given() {
    let game = Game::new(Rules::CONNECT_FOUR).unwrap();
    let mut position = Position::new(&game).unwrap();
    assert_eq!(
        position.place(42, Player::X),
        Err(Error::OutOfBounds { row: 6, col: 0, rows: 6, cols: 7 })
    );
    assert_eq!(position.place(0, Player::X), Err(Error::Floating { row: 0, col: 0 }));
    assert_eq!(position.place(38, Player::O), Ok(None));
    assert_eq!(
        position.place(38, Player::X),
        Err(Error::Occupied { row: 5, col: 3, by: Player::O })
    );
    assert_eq!(position.undo(), Ok((38, Player::O)));
    assert_eq!(kind(position.undo().unwrap_err()), Kind::NothingToUndo);
}

/// Every symmetry a rule set keeps is a permutation of its cells that sends each k-window to a
/// k-window and, under gravity, each row to itself (a column's bottom stays one).
#[test]
fn the_symmetries_rules_keep_send_windows_to_windows() {
    let gravity = |rules: Rules| Rules { gravity: true, ..rules };
    for rules in [
        Rules::tic_tac_toe(1),
        Rules::tic_tac_toe(3),
        Rules::mnk(5, 5, 4),
        Rules::mnk(3, 5, 3),
        Rules::mnk(5, 3, 3),
        Rules::mnk(2, 7, 2),
        gravity(Rules::mnk(4, 4, 3)),
        Rules::CONNECT_FOUR,
    ] {
        let (rows, cols) = (rules.rows, rules.cols);
        let mut all: Vec<Vec<usize>> = windows(&rules);
        for window in &mut all {
            window.sort_unstable();
        }
        all.sort();
        let symmetries = rules.symmetries();
        assert_eq!(symmetries[0], tictactoe_core::Symmetry::Identity);
        for &symmetry in symmetries {
            let image = |cell: usize| {
                let (row, col) = symmetry.image(rows, cols, cell / cols, cell % cols);
                assert_eq!(symmetry.cell_image(rows, cols, cell), row * cols + col);
                row * cols + col
            };
            let mut images: Vec<usize> = (0..rows * cols).map(image).collect();
            if rules.gravity {
                assert!((0..rows * cols).all(|cell| image(cell) / cols == cell / cols));
            }
            images.sort_unstable();
            assert_eq!(images, (0..rows * cols).collect::<Vec<_>>(), "{symmetry:?} of {rules:?}");
            for window in &all {
                let mut mapped: Vec<usize> = window.iter().map(|&cell| image(cell)).collect();
                mapped.sort_unstable();
                assert!(all.binary_search(&mapped).is_ok(), "{symmetry:?} of {rules:?}");
            }
        }
    }
    // A rectangle has no quarter turn, gravity no up-down mirror.
    assert_eq!(Rules::mnk(3, 4, 3).symmetries().len(), 4);
    assert_eq!(Rules::CONNECT_FOUR.symmetries().len(), 2);
}

/// [`Bits::random_move`] draws as a batch draws its random actions: the same moves from the
/// same generator state.
#[test]
fn masks_draw_the_moves_a_batch_draws() {
    for rules in
        [Rules::tic_tac_toe(3), Rules::CONNECT_FOUR, Rules::mnk(4, 5, 3), Rules::mnk(1, 7, 3)]
    {
        let bits = Bits::of(&rules).unwrap();
        for seed in 0..50 {
            let mut batch = Batch::new(1, rules, seed).unwrap();
            let mut state = batch.generator_states()[0];
            let mut taken = 0;
            while !batch.games().is_terminated(0).unwrap() {
                let mut action = [0];
                batch.random_legal_actions(Selection::All, &mut action).unwrap();
                let drawn = bits.random_move(taken, &mut state);
                let (row, col) = batch.action_cell(i64::from(action[0]));
                let landing = if rules.gravity {
                    let game = batch.game(0).unwrap();
                    (0..rules.rows).rev().find(|&r| game.cell(r, col as usize) == Ok(None))
                } else {
                    Some(row as usize)
                };
                let cell = landing.unwrap() * rules.cols + col as usize;
                assert_eq!(drawn, bits.bit(cell), "{rules:?}, seed {seed}");
                assert_eq!(state, batch.generator_states()[0]);
                batch.step(Selection::All, &action, &mut [0], Illegal::Refuse).unwrap();
                taken |= drawn;
            }
        }
    }
}

/// A copy (made whole, or into a position of another shape) has the room for a move on every
/// cell, as a loaded position has: its moves allocate nothing.
#[test]
fn a_copy_keeps_room_for_every_move() {
    let game = Game::new(Rules::mnk(9, 11, 5)).unwrap();
    let original = Position::new(&game).unwrap();
    let mut into = Position::new(&Game::new(3).unwrap()).unwrap();
    into.copy_from(&original).unwrap();
    for mut copy in [original.clone(), original.try_clone().unwrap(), into] {
        let room = copy.heap_bytes();
        assert!(room >= original.heap_bytes());
        for (i, cell) in (0..copy.cell_count()).enumerate() {
            let player = if i % 2 == 0 { Player::X } else { Player::O };
            if copy.place(cell, player).unwrap().is_some() {
                break;
            }
        }
        assert!(copy.marks() > 40);
        assert_eq!(copy.heap_bytes(), room);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// On masks, a position in a learner's terms answers as the game does: the action count,
    /// the cell each action marks (none for an illegal one), the legal actions, the two
    /// planes from the side to move; along random games of random one-word rule sets.
    #[test]
    fn masks_play_by_actions_as_the_game_does(rules in rules(), seed in any::<u64>()) {
        let Some(bits) = Bits::of(&rules) else { return Ok(()) };
        let mut game = Game::new(rules).unwrap();
        let mut state = seed;
        let actions = game.action_count();
        prop_assert_eq!(bits.action_count(), actions);
        loop {
            let [x, o] = bits.marks(game.cells());
            let taken = x | o;
            let legal: Vec<u32> = game.legal_actions().collect();
            let mut flags = vec![false; actions];
            bits.legal_into(taken, &mut flags);
            if game.winner().is_none() {
                let expected: Vec<u32> = (0..actions as u32).filter(|&a| flags[a as usize]).collect();
                prop_assert_eq!(&expected, &legal);
            }
            for action in 0..=actions as u32 {
                let mut after = game.clone();
                let bit = bits.action(action, taken);
                match after.apply(action) {
                    Ok(((row, col), _)) => prop_assert_eq!(bit, bits.bit(row * rules.cols + col)),
                    Err(_) if game.winner().is_none() => prop_assert_eq!(bit, 0, "action {}", action),
                    Err(_) => {}
                }
            }
            let me = game.next_player();
            let (mine, theirs) = if me == Player::X { (x, o) } else { (o, x) };
            let mut planes = vec![false; 2 * rules.cells()];
            bits.planes_into(mine, theirs, &mut planes);
            let codes: Vec<u8> = game.cells().collect();
            let expected: Vec<bool> = codes
                .iter()
                .map(|&c| c == me.number())
                .chain(codes.iter().map(|&c| c == me.opponent().number()))
                .collect();
            prop_assert_eq!(planes, expected);
            if game.is_over() || legal.is_empty() {
                break;
            }
            let action = legal[tictactoe_core::random::below(&mut state, legal.len() as u64) as usize];
            game.apply(action).unwrap();
        }
    }
}

proptest! {
    /// The planes on masks, on one-word boards of every width (rows of more than eight cells
    /// are written a byte of them at a time): each flag is its cell's bit, and nothing past
    /// the two planes is written.
    #[test]
    fn planes_on_masks_are_the_cells_bits(
        rows in 1usize..=7,
        cols in 1usize..=63,
        mine in any::<u64>(),
        theirs in any::<u64>(),
    ) {
        let rules = Rules { rows, cols, k: 1, exact: false, gravity: false };
        let Some(bits) = Bits::of(&rules) else { return Ok(()) };
        let cells = rules.cells();
        let (mine, theirs) = (mine & bits.cells(), theirs & bits.cells() & !mine);
        let mut planes = vec![true; 2 * cells + 9];
        bits.planes_into(mine, theirs, &mut planes);
        let expected: Vec<bool> = (0..cells)
            .map(|cell| mine & bits.bit(cell) != 0)
            .chain((0..cells).map(|cell| theirs & bits.bit(cell) != 0))
            .chain([true; 9])
            .collect();
        prop_assert_eq!(planes, expected);
    }
}
