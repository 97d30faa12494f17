//! Arbitrary call sequences into the C ABI, NULL pointers and out-of-range values included:
//! no call may panic (TICTACTOE_RESULT_PANIC), a refused call leaves its out-params alone,
//! and the handle stays consistent with the core it wraps. A batch's calls go through the
//! `tictactoe_batch_games_*` functions (which the deprecated ones wrap); the enum's variants
//! stay as the kept corpus decodes them.
use arbitrary::{Arbitrary, Unstructured};
use core::ptr::{null, null_mut};
use tictactoe::*;
use tictactoe_core::{batch_bytes, game_bytes};

#[derive(Arbitrary, Debug)]
enum Call {
    New(u32),
    Free,
    Clone,
    Move(u32, u32, u32, bool),
    Play(u32, u32, bool),
    Undo(bool),
    Status,
    CanWin(u32),
    Lines(u8),
    History(u8),
    Cell(u32, u32),
    Serialize(u8),
    Parse(Vec<u8>),
    FromCells(u32, Vec<u8>),
    NullGame(u8),
    MoveMany(Vec<(u32, u32, u32)>),
    BatchNew(u8, u8, u64),
    BatchStep(Vec<u32>, Option<Vec<u32>>, u32),
    BatchRandomStep,
    BatchQuery(u8),
    BatchReset(Option<Vec<u32>>),
    BatchGame(u32),
    ParseWithLimits(Vec<u8>, u16),
    FromCellsWithLimits(u32, Vec<u8>, u16),
    BatchNewWithLimits(u8, u8, u64, u16),
    NewMnk(u8, u8, u8, u32),
    Drop(u32, bool),
    Runs(u8),
    Rules,
    BatchNewMnk(u8, u8, u8, u8, u32, u64),
    BatchStepRandom(Option<Vec<u32>>),
    /// Per game a side, an action and a restart flag; whether restart is NULL; `illegal`. With
    /// `illegal`'s top bit set, `tictactoe_batch_games_step_restarting` instead (see
    /// [`step_restarting`]), so that the corpus decodes as before.
    BatchStepAgainstRandom(Vec<(u32, u32, u8)>, bool, u32),
}

const SENTINEL: u32 = 0xDEAD_BEEF;
/// What a batch step's winners hold until it writes them: no winner's number.
const NO_WINNER: u8 = 0xEE;

/// A batch step's winners (`written` of them given to the call, in `winners` filled with
/// [`NO_WINNER`]) and refused index (`usize::MAX` until written): a winner's number each on
/// success, none written on a failure, and an index only below the entries given.
fn check_step(result: tictactoe_result, winners: &[u8], written: usize, refused: usize) {
    if result == tictactoe_result::Ok {
        assert!(winners[..written].iter().all(|&w| w <= 2));
    } else {
        assert!(winners.iter().all(|&w| w == NO_WINNER), "winners written on failure");
    }
    assert!(refused == usize::MAX || refused < written, "refused_out beyond the entries");
}

/// `tictactoe_batch_games_step_restarting` from a `BatchStepAgainstRandom` call's fields: over
/// every game when `every`, else over the games its sides name (`games + 1` of them, so that
/// one is out of range); the actions; the restart flags as given (any byte), or NULL when
/// `illegal`'s bit 30 is set; `illegal % 3`. A game restarted has no winner after the step.
///
/// # Safety
/// `batch` NULL or a live batch of `games` games.
unsafe fn step_restarting(
    batch: *mut tictactoe_batch,
    games: usize,
    entries: &[(u32, u32, u8)],
    every: bool,
    illegal: u32,
) -> tictactoe_result {
    let listed: Vec<u32> = entries.iter().map(|e| e.0 % (games as u32 + 1)).collect();
    let actions: Vec<u32> = entries.iter().map(|e| e.1).collect();
    let restart: Vec<u8> = entries.iter().map(|e| e.2).collect();
    let mut winners = vec![NO_WINNER; entries.len()];
    let mut refused = usize::MAX;
    // SAFETY: the arrays hold `entries.len()` values each; the rest is the caller's promise.
    let r = unsafe {
        tictactoe_batch_games_step_restarting(
            batch,
            if every { null() } else { listed.as_ptr() },
            entries.len(),
            actions.as_ptr(),
            if illegal >> 30 & 1 == 1 { null() } else { restart.as_ptr() },
            illegal % 3,
            winners.as_mut_ptr(),
            &mut refused,
        )
    };
    check_step(r, &winners, entries.len(), refused);
    if r == tictactoe_result::Ok {
        let won = winners.iter().zip(&restart).any(|(&winner, &again)| again != 0 && winner != 0);
        assert!(!won, "a restarted game has a winner");
    }
    r
}

/// One input, decoded as `cargo fuzz` decodes a typed target's bytes (inputs that do not
/// decode are skipped).
pub fn run(data: &[u8]) {
    let Ok(calls) = <Vec<Call>>::arbitrary_take_rest(Unstructured::new(data)) else {
        return;
    };
    let mut game: *mut tictactoe_game = null_mut();
    let mut batch: *mut tictactoe_batch = null_mut();
    let mut games = 0usize;
    let mut cells = 0usize;
    // A batch game's actions: its cells, or under gravity its columns.
    let mut actions = 0usize;
    // SAFETY: every pointer passed is NULL, a live handle owned here, or a local out-param.
    unsafe {
        for call in calls.into_iter().take(100) {
            let mut out = SENTINEL;
            let result = match call {
                Call::New(n) => {
                    // Large boards are valid but slow to fuzz: keep n small, but try the edges.
                    let n = if n > 64 && n < 65_536 { n % 64 } else { n };
                    let mut fresh = null_mut();
                    let r = tictactoe_game_new(n, &mut fresh);
                    assert_eq!(r == tictactoe_result::Ok, !fresh.is_null());
                    if !fresh.is_null() {
                        tictactoe_game_free(game);
                        game = fresh;
                    }
                    r
                }
                Call::Free => {
                    tictactoe_game_free(game);
                    game = null_mut();
                    tictactoe_result::Ok
                }
                Call::Clone => {
                    let mut copy = null_mut();
                    let r = tictactoe_game_clone(game, &mut copy);
                    if r == tictactoe_result::Ok {
                        tictactoe_game_free(game);
                        game = copy;
                    }
                    r
                }
                Call::Move(row, col, player, null_out) => {
                    let out_ptr = if null_out { null_mut() } else { &mut out };
                    tictactoe_game_move(game, row, col, player, out_ptr)
                }
                Call::Play(row, col, null_out) => {
                    let out_ptr = if null_out { null_mut() } else { &mut out };
                    tictactoe_game_play(game, row, col, out_ptr)
                }
                Call::Undo(null_out) => {
                    let mut m = tictactoe_move { row: SENTINEL, col: SENTINEL, player: SENTINEL };
                    let r = tictactoe_game_undo(game, if null_out { null_mut() } else { &mut m });
                    if r != tictactoe_result::Ok {
                        assert_eq!(
                            m,
                            tictactoe_move { row: SENTINEL, col: SENTINEL, player: SENTINEL }
                        );
                    }
                    r
                }
                Call::Status => tictactoe_game_winner(game, &mut out),
                Call::CanWin(player) => {
                    let mut yes = false;
                    tictactoe_game_can_win(game, player, &mut yes)
                }
                Call::Lines(capacity) => {
                    let mut lines =
                        [tictactoe_line { kind: tictactoe_line_kind::Row, index: 0 }; 4];
                    let mut count = usize::MAX;
                    let capacity = usize::from(capacity % 6).min(4);
                    let r = tictactoe_game_winning_lines(
                        game,
                        lines.as_mut_ptr(),
                        capacity,
                        &mut count,
                    );
                    if r == tictactoe_result::Ok {
                        assert!(count <= capacity);
                    }
                    r
                }
                Call::History(capacity) => {
                    let mut moves =
                        vec![tictactoe_move { row: 0, col: 0, player: 0 }; usize::from(capacity)];
                    let mut count = 0;
                    tictactoe_game_history(game, moves.as_mut_ptr(), moves.len(), &mut count)
                }
                Call::Cell(row, col) => tictactoe_game_cell(game, row, col, &mut out),
                Call::Serialize(capacity) => {
                    let mut buf = vec![0 as core::ffi::c_char; usize::from(capacity)];
                    let mut len = 0;
                    let r = tictactoe_game_serialize(game, buf.as_mut_ptr(), buf.len(), &mut len);
                    if r == tictactoe_result::Ok {
                        // What was written parses back to an equal game.
                        let mut back = null_mut();
                        assert_eq!(
                            tictactoe_game_parse(buf.as_ptr(), len, &mut back),
                            tictactoe_result::Ok
                        );
                        tictactoe_game_free(back);
                    }
                    r
                }
                Call::Parse(bytes) => {
                    let mut parsed = null_mut();
                    let r = tictactoe_game_parse(bytes.as_ptr().cast(), bytes.len(), &mut parsed);
                    tictactoe_game_free(parsed);
                    r
                }
                Call::FromCells(n, cells) => {
                    let mut built = null_mut();
                    let r = tictactoe_game_from_cells(n, cells.as_ptr(), cells.len(), &mut built);
                    assert_eq!(r, tictactoe_position_validate(n, cells.as_ptr(), cells.len()));
                    tictactoe_game_free(built);
                    r
                }
                Call::MoveMany(triples) => {
                    let moves: Vec<tictactoe_move> = triples
                        .iter()
                        .map(|&(row, col, player)| tictactoe_move { row, col, player })
                        .collect();
                    let mut refused = usize::MAX;
                    let r = tictactoe_game_move_many(
                        game,
                        moves.as_ptr(),
                        moves.len(),
                        &mut out,
                        &mut refused,
                    );
                    if r == tictactoe_result::Ok || r == tictactoe_result::NullParameter {
                        assert_eq!(refused, usize::MAX, "refused_out written without a refusal");
                    } else {
                        assert!(refused < moves.len());
                    }
                    r
                }
                Call::BatchNew(count, n, seed) => {
                    let mut fresh = null_mut();
                    let r = tictactoe_batch_new(
                        u32::from(count % 17),
                        u32::from(n % 9),
                        seed,
                        &mut fresh,
                    );
                    assert_eq!(r == tictactoe_result::Ok, !fresh.is_null());
                    if !fresh.is_null() {
                        // 0, 1 or 2 threads from the seed: 0 is refused, the others kept.
                        let (asked, mut kept) = ((seed % 3) as u32, SENTINEL);
                        let set = tictactoe_batch_set_threads(fresh, asked);
                        assert_eq!(set == tictactoe_result::Ok, asked != 0);
                        assert_eq!(tictactoe_batch_threads(fresh, &mut kept), tictactoe_result::Ok);
                        assert_eq!(kept, asked.max(1));
                        tictactoe_batch_free(batch);
                        batch = fresh;
                        games = usize::from(count % 17);
                        cells = usize::from(n % 9).pow(2);
                        actions = cells;
                    }
                    r
                }
                Call::BatchStep(actions, listed, illegal) => {
                    let mut winners = vec![NO_WINNER; actions.len()];
                    let mut refused = usize::MAX;
                    let listed_ptr = listed.as_ref().map_or(null(), |l| l.as_ptr());
                    let count =
                        listed.as_ref().map_or(actions.len(), |l| l.len().min(actions.len()));
                    let r = tictactoe_batch_games_step(
                        batch,
                        listed_ptr,
                        count,
                        actions.as_ptr(),
                        illegal % 3,
                        winners.as_mut_ptr(),
                        &mut refused,
                    );
                    check_step(r, &winners, count, refused);
                    r
                }
                Call::BatchRandomStep => {
                    let mut actions = vec![0u32; games];
                    let mut winners = vec![0u8; games];
                    let mut refused = usize::MAX;
                    let r = tictactoe_batch_games_random_legal_actions(
                        batch,
                        null(),
                        games,
                        actions.as_mut_ptr(),
                        &mut refused,
                    );
                    if r == tictactoe_result::Ok
                        && actions.iter().all(|&a| a != TICTACTOE_NO_ACTION)
                    {
                        // Random legal actions are legal.
                        let step = tictactoe_batch_games_step(
                            batch,
                            null(),
                            games,
                            actions.as_ptr(),
                            tictactoe_illegal::Raise as u32,
                            winners.as_mut_ptr(),
                            &mut refused,
                        );
                        assert_eq!(step, tictactoe_result::Ok);
                    }
                    assert_eq!(refused, usize::MAX, "refused_out written without an entry");
                    r
                }
                Call::BatchStepRandom(listed) => {
                    let count = listed.as_ref().map_or(games, Vec::len);
                    let mut winners = vec![NO_WINNER; count];
                    let mut refused = usize::MAX;
                    let r = tictactoe_batch_games_step_random(
                        batch,
                        listed.as_ref().map_or(null(), |l| l.as_ptr()),
                        count,
                        winners.as_mut_ptr(),
                        &mut refused,
                    );
                    check_step(r, &winners, count, refused);
                    r
                }
                Call::BatchStepAgainstRandom(entries, every, illegal) if illegal >> 31 == 1 => {
                    step_restarting(batch, games, &entries, every, illegal)
                }
                Call::BatchStepAgainstRandom(entries, no_restart, illegal) => {
                    // Sides are bytes: every byte value, the two sides among them.
                    let sides: Vec<u8> = entries.iter().map(|e| e.0 as u8).collect();
                    let actions: Vec<u32> = entries.iter().map(|e| e.1).collect();
                    let restart: Vec<u8> = entries.iter().map(|e| e.2).collect();
                    let mut winners = vec![NO_WINNER; entries.len()];
                    let mut refused = usize::MAX;
                    let r = tictactoe_batch_games_step_against_random(
                        batch,
                        null(),
                        entries.len(),
                        sides.as_ptr(),
                        actions.as_ptr(),
                        if no_restart { null() } else { restart.as_ptr() },
                        illegal % 3,
                        winners.as_mut_ptr(),
                        &mut refused,
                    );
                    check_step(r, &winners, entries.len(), refused);
                    r
                }
                Call::BatchQuery(which) => {
                    let mut bytes = vec![7u8; games * cells * 2 + usize::from(which % 2)];
                    let mut flags = vec![false; games * cells * 2];
                    // A side a game, 0 to 3 from the query's number: the two sides and neither.
                    let sides = vec![which / 8 % 4; games];
                    let mut rewards = vec![f64::NAN; games];
                    // The refused side's index, asked for unless bit 5 is set.
                    let mut refused = usize::MAX;
                    let refused_out = if which & 32 == 0 { &mut refused } else { null_mut() };
                    let r = match which % 8 {
                        6 => {
                            // Set, so that a refusal that wrote a plane shows.
                            flags.fill(true);
                            let r = tictactoe_batch_observation_from(
                                batch,
                                if which / 8 % 4 == 0 { null() } else { sides.as_ptr() },
                                games,
                                flags.as_mut_ptr(),
                                games * cells * 2,
                                refused_out,
                            );
                            if r != tictactoe_result::Ok {
                                assert!(flags.iter().all(|&f| f), "planes written on failure");
                            }
                            r
                        }
                        7 => {
                            let r = tictactoe_batch_rewards(
                                batch,
                                sides.as_ptr(),
                                games,
                                rewards.as_mut_ptr(),
                                refused_out,
                            );
                            let written = rewards.iter().filter(|r| !r.is_nan()).count();
                            assert_eq!(written, if r == tictactoe_result::Ok { games } else { 0 });
                            r
                        }
                        0 => tictactoe_batch_cells(batch, bytes.as_mut_ptr(), games * cells),
                        1 => tictactoe_batch_observation(
                            batch,
                            flags.as_mut_ptr(),
                            games * cells * 2,
                        ),
                        2 => tictactoe_batch_legal_mask(batch, flags.as_mut_ptr(), games * actions),
                        3 => tictactoe_batch_winners(
                            batch,
                            bytes.as_mut_ptr(),
                            bytes.len().min(games + 1),
                        ),
                        4 => tictactoe_batch_terminated(batch, flags.as_mut_ptr(), games),
                        _ => tictactoe_batch_next_players(batch, null_mut(), games),
                    };
                    // Every side is the same: a bad one is named at the first game, and only
                    // an INVALID_PLAYER names one.
                    let named = r == tictactoe_result::InvalidPlayer && which & 32 == 0;
                    assert_eq!(refused, if named { 0 } else { usize::MAX }, "refused_out");
                    r
                }
                Call::BatchReset(listed) => {
                    let listed_ptr = listed.as_ref().map_or(null(), |l| l.as_ptr());
                    let count = listed.as_ref().map_or(games, Vec::len);
                    let mut refused = usize::MAX;
                    let r = tictactoe_batch_games_reset(batch, listed_ptr, count, &mut refused);
                    assert!(refused == usize::MAX || refused < count);
                    r
                }
                Call::BatchGame(index) => {
                    let mut copy = null_mut();
                    let r = tictactoe_batch_game(batch, index, &mut copy);
                    assert_eq!(r == tictactoe_result::Ok, !copy.is_null());
                    tictactoe_game_free(copy);
                    r
                }
                Call::ParseWithLimits(bytes, units) => {
                    let (text, len, max) =
                        (bytes.as_ptr().cast(), bytes.len(), usize::from(units) * 4);
                    let mut parsed = null_mut();
                    let r = tictactoe_game_parse_with_limits(text, len, max, &mut parsed);
                    tictactoe_game_free(parsed);
                    let mut unlimited = null_mut();
                    let free =
                        tictactoe_game_parse_with_limits(text, len, usize::MAX, &mut unlimited);
                    tictactoe_game_free(unlimited);
                    // The limit only ever adds a refusal.
                    if r != tictactoe_result::LimitExceeded {
                        assert_eq!(r, free);
                    }
                    r
                }
                Call::FromCellsWithLimits(n, cells, units) => {
                    let max = usize::from(units) * 4;
                    let mut built = null_mut();
                    let (ptr, len) = (cells.as_ptr(), cells.len());
                    let r = tictactoe_game_from_cells_with_limits(n, ptr, len, max, &mut built);
                    tictactoe_game_free(built);
                    let valid = (1..=65_535).contains(&n);
                    let over = valid && game_bytes(n as usize).is_none_or(|bytes| bytes > max);
                    if over {
                        assert_eq!(r, tictactoe_result::LimitExceeded);
                    } else {
                        assert_eq!(r, tictactoe_position_validate(n, ptr, len));
                    }
                    r
                }
                Call::BatchNewWithLimits(count, n, seed, units) => {
                    let (count, n, max) =
                        (u32::from(count % 17), u32::from(n % 9), usize::from(units) * 4);
                    let mut fresh = null_mut();
                    let r = tictactoe_batch_new_with_limits(count, n, seed, max, &mut fresh);
                    assert_eq!(r == tictactoe_result::Ok, !fresh.is_null());
                    let valid = n >= 1 && count >= 1;
                    let over =
                        batch_bytes(count as usize, n as usize).is_none_or(|bytes| bytes > max);
                    assert_eq!(r == tictactoe_result::LimitExceeded, valid && over);
                    if !fresh.is_null() {
                        tictactoe_batch_free(batch);
                        batch = fresh;
                        games = count as usize;
                        cells = (n as usize).pow(2);
                        actions = cells;
                    }
                    r
                }
                Call::NewMnk(rows, cols, k, flags) => {
                    let (rows, cols, k) =
                        (u32::from(rows % 9), u32::from(cols % 9), u32::from(k % 10));
                    let mut fresh = null_mut();
                    let r = tictactoe_game_new_mnk(rows, cols, k, flags, &mut fresh);
                    assert_eq!(r == tictactoe_result::Ok, !fresh.is_null());
                    assert_eq!(r, tictactoe_rules_check(rows, cols, k, flags));
                    // The same rules in one struct, under a limit: it only ever adds a refusal.
                    let rules = tictactoe_rules { rows, cols, k, flags };
                    let limits = tictactoe_limits { max_bytes: (k as usize) << 6 };
                    let mut limited = null_mut();
                    let within = tictactoe_game_new_rules(&rules, &limits, &mut limited);
                    assert_eq!(within == tictactoe_result::Ok, !limited.is_null());
                    tictactoe_game_free(limited);
                    if within != tictactoe_result::LimitExceeded {
                        assert_eq!(within, r);
                    } else {
                        assert_eq!(r, tictactoe_result::Ok);
                    }
                    if !fresh.is_null() {
                        tictactoe_game_free(game);
                        game = fresh;
                    }
                    r
                }
                Call::Drop(col, null_out) => {
                    let mut row = SENTINEL;
                    let out_ptr = if null_out { null_mut() } else { &mut out };
                    let r = tictactoe_game_drop(game, col, &mut row, out_ptr);
                    if r != tictactoe_result::Ok {
                        assert_eq!(row, SENTINEL, "row_out written on failure");
                    }
                    r
                }
                Call::Runs(capacity) => {
                    let blank =
                        tictactoe_run { first_row: 0, first_col: 0, last_row: 0, last_col: 0 };
                    let mut runs = [blank; 4];
                    let mut count = usize::MAX;
                    let capacity = usize::from(capacity % 6).min(4);
                    let r =
                        tictactoe_game_winning_runs(game, runs.as_mut_ptr(), capacity, &mut count);
                    if r == tictactoe_result::Ok {
                        assert!(count <= capacity);
                    }
                    r
                }
                Call::Rules => {
                    let (mut rows, mut cols, mut k, mut flags) =
                        (SENTINEL, SENTINEL, SENTINEL, SENTINEL);
                    let r = tictactoe_game_rules(game, &mut rows, &mut cols, &mut k, &mut flags);
                    if r == tictactoe_result::Ok {
                        assert_eq!(
                            tictactoe_rules_check(rows, cols, k, flags),
                            tictactoe_result::Ok
                        );
                    } else {
                        assert_eq!([rows, cols, k, flags], [SENTINEL; 4]);
                    }
                    r
                }
                Call::BatchNewMnk(count, rows, cols, k, flags, seed) => {
                    let count = u32::from(count % 17);
                    let (rows, cols, k) =
                        (u32::from(rows % 9), u32::from(cols % 9), u32::from(k % 10));
                    let mut fresh = null_mut();
                    let r = tictactoe_batch_new_mnk(count, rows, cols, k, flags, seed, &mut fresh);
                    assert_eq!(r == tictactoe_result::Ok, !fresh.is_null());
                    if !fresh.is_null() {
                        tictactoe_batch_free(batch);
                        batch = fresh;
                        games = count as usize;
                        cells = (rows * cols) as usize;
                        let mut per_game = SENTINEL;
                        assert_eq!(
                            tictactoe_batch_actions(batch, &mut per_game),
                            tictactoe_result::Ok
                        );
                        actions = per_game as usize;
                    }
                    r
                }
                Call::NullGame(which) => match which % 4 {
                    0 => tictactoe_game_move(null_mut(), 0, 0, 1, &mut out),
                    1 => tictactoe_game_serialize(null(), null_mut(), 0, null_mut()),
                    2 => tictactoe_game_parse(null(), 0, null_mut()),
                    _ => tictactoe_game_from_cells(3, null(), 9, null_mut()),
                },
            };
            assert_ne!(result, tictactoe_result::Panic, "a panic reached the boundary");
            if result != tictactoe_result::Ok {
                assert_eq!(out, SENTINEL, "an out-param was written on failure");
            }
        }
        tictactoe_game_free(game);
        tictactoe_batch_free(batch);
    }
}
