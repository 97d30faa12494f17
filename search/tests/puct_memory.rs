//! The search's memory, seen by a global allocator of its own (this file is a test binary of
//! its own, its tests taking turns, so that nothing else allocates beside them):
//! `Puct::bytes_needed` is an upper bound of every byte a search holds, and `Puct::play`
//! refused memory changes nothing.

use core::alloc::{GlobalAlloc, Layout};
use core::sync::atomic::{AtomicIsize, Ordering::SeqCst};
use std::alloc::System;
use std::sync::Mutex;

use tictactoe_core::{Batch, Error, Rules, Selection};
use tictactoe_search::{Evaluator, Puct, PuctConfig, PuctError, SearchError};

/// The system's allocator, counting the bytes live and their peak; refusing every
/// allocation from the [`REFUSE_FROM`]th on (-1: none).
struct Counting;

static LIVE: AtomicIsize = AtomicIsize::new(0);
static PEAK: AtomicIsize = AtomicIsize::new(0);
static REFUSE_FROM: AtomicIsize = AtomicIsize::new(-1);

/// Held by each test for its whole run: the counts are the process's.
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

/// Whether the allocation asked now is refused ([`REFUSE_FROM`] counts down to it).
fn refused() -> bool {
    REFUSE_FROM.load(SeqCst) >= 0 && REFUSE_FROM.fetch_sub(1, SeqCst) <= 0
}

fn counted(change: isize) {
    let live = LIVE.fetch_add(change, SeqCst) + change;
    PEAK.fetch_max(live, SeqCst);
}

// SAFETY: every call is passed on to the system's allocator as it came; the counts are all this
// adds.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if refused() {
            return core::ptr::null_mut();
        }
        // SAFETY: the caller's contract, passed on.
        let ptr = unsafe { System.alloc(layout) };
        if !ptr.is_null() {
            counted(layout.size() as isize);
        }
        ptr
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: the caller's contract, passed on.
        unsafe { System.dealloc(ptr, layout) };
        counted(-(layout.size() as isize));
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, size: usize) -> *mut u8 {
        if refused() {
            return core::ptr::null_mut();
        }
        // SAFETY: the caller's contract, passed on.
        let moved = unsafe { System.realloc(ptr, layout, size) };
        if !moved.is_null() {
            counted(size as isize - layout.size() as isize);
        }
        moved
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// Every move alike, every position even.
struct Uniform;

impl Evaluator for Uniform {
    type Error = ();

    fn evaluate(&mut self, _: &[bool], _: &[bool], _: &mut [f32], _: &mut [f32]) -> Result<(), ()> {
        Ok(())
    }
}

/// The most bytes live during a search of `simulations` in `count` games of `rules` (after a
/// first one, and the batch's own moves when `moved`), counted from before `Puct::new`, and
/// what `bytes_needed` said before it.
fn peak_and_needed(
    rules: Rules,
    count: usize,
    simulations: u32,
    config: PuctConfig,
    moved: bool,
) -> (usize, usize) {
    let mut batch = Batch::new(count, rules, 3).unwrap();
    let mut winners = vec![0u8; count];
    let (mut visits, mut values) = (vec![0; count * batch.actions()], vec![0.0; count]);
    let base = LIVE.load(SeqCst);
    let mut puct = Puct::new(&batch, config).unwrap();
    puct.run(&batch, &mut Uniform, simulations, true, &mut visits, &mut values).unwrap();
    if moved {
        batch.step_random(Selection::All, &mut winners).unwrap();
    }
    let needed = puct.bytes_needed(&batch, simulations);
    PEAK.store(LIVE.load(SeqCst), SeqCst);
    puct.run(&batch, &mut Uniform, simulations, true, &mut visits, &mut values).unwrap();
    let peak = PEAK.load(SeqCst) - base;
    (peak as usize, needed)
}

#[test]
fn bytes_needed_bounds_every_byte_a_search_holds() {
    let _alone = ONE_AT_A_TIME.lock().unwrap();
    let config = PuctConfig::default();
    let cases = [
        // A search of nothing still holds each game's search: the bound counts it.
        (Rules::tic_tac_toe(3), 64, 0, config, false),
        (Rules::tic_tac_toe(3), 64, 1, config, true),
        (Rules::tic_tac_toe(3), 16, 64, config, false),
        (Rules::tic_tac_toe(3), 16, 64, config, true),
        (Rules::CONNECT_FOUR, 16, 64, config, false),
        (Rules::CONNECT_FOUR, 16, 64, PuctConfig { leaves: 4, ..config }, false),
        (Rules::CONNECT_FOUR, 16, 64, PuctConfig { gumbel: 16, ..config }, true),
        // Boards past one word: the games themselves move.
        (Rules::mnk(9, 9, 5), 16, 64, config, true),
        (Rules::mnk(9, 9, 5), 16, 1, config, true),
        (Rules::GOMOKU, 8, 1, config, true),
    ];
    for (rules, count, simulations, config, moved) in cases {
        let (peak, needed) = peak_and_needed(rules, count, simulations, config, moved);
        assert!(
            peak <= needed,
            "{rules:?}, {count} games x {simulations} ({config:?}, moved {moved}): \
             {peak} bytes held, {needed} said"
        );
    }
}

/// A search over `count` games of `rules` a few moves in, its trees grown by 40 simulations,
/// and the most visited move of each game.
fn searched(rules: Rules, count: usize) -> (Batch, Puct, Vec<u32>) {
    let mut batch = Batch::new(count, rules, 5).unwrap();
    let mut winners = vec![0u8; count];
    batch.step_random(Selection::All, &mut winners).unwrap();
    let mut puct = Puct::new(&batch, PuctConfig::default()).unwrap();
    let (mut visits, mut values) = (vec![0; count * batch.actions()], vec![0.0; count]);
    puct.run(&batch, &mut Uniform, 40, false, &mut visits, &mut values).unwrap();
    let mut chosen = vec![0; count];
    puct.choose(&visits, 0.0, &mut chosen).unwrap();
    (batch, puct, chosen)
}

/// Each game's history, and the visits of a search of 10 more simulations after `play`.
fn after_play(batch: &mut Batch, puct: &mut Puct, chosen: &[u32]) -> (Vec<Vec<u32>>, Vec<u32>) {
    puct.play(batch, chosen).unwrap();
    let count = batch.count();
    let (mut visits, mut values) = (vec![0; count * batch.actions()], vec![0.0; count]);
    puct.run(batch, &mut Uniform, 10, false, &mut visits, &mut values).unwrap();
    ((0..count).map(|g| batch.history(g).unwrap().to_vec()).collect(), visits)
}

#[test]
fn play_refused_memory_changes_nothing() {
    let _alone = ONE_AT_A_TIME.lock().unwrap();
    for rules in [Rules::CONNECT_FOUR, Rules::mnk(9, 9, 5)] {
        let (mut clean_batch, mut clean, chosen) = searched(rules, 6);
        let expected = after_play(&mut clean_batch, &mut clean, &chosen);
        // Every allocation of `play` refused in turn, from its first on, until it needs none
        // past the last refused.
        for first in 0.. {
            let (mut batch, mut puct, chosen) = searched(rules, 6);
            let histories: Vec<Vec<u32>> =
                (0..6).map(|g| batch.history(g).unwrap().to_vec()).collect();
            REFUSE_FROM.store(first, SeqCst);
            let played = puct.play(&mut batch, &chosen);
            REFUSE_FROM.store(-1, SeqCst);
            let Err(error) = played else { break };
            assert!(
                matches!(error, PuctError::Search(SearchError::Game(Error::AllocFailed))),
                "{error:?}"
            );
            let now: Vec<Vec<u32>> = (0..6).map(|g| batch.history(g).unwrap().to_vec()).collect();
            assert_eq!(now, histories, "the batch played nothing");
            assert_eq!(after_play(&mut batch, &mut puct, &chosen), expected, "the trees kept");
        }
    }
}
