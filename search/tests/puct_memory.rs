//! The search's memory, seen by a global allocator of its own (this file is a test binary of
//! its own; its tests take turns, and only their own thread's allocations are counted or
//! refused, so that the harness's never are): `Puct::bytes_needed` is an upper bound of every
//! byte a search holds, and `Puct::play` refused memory changes nothing.

extern crate alloc;

mod textbook;

use core::alloc::{GlobalAlloc, Layout};
use core::cell::Cell;
use core::sync::atomic::{AtomicIsize, Ordering::SeqCst};
use std::alloc::System;
use std::sync::Mutex;

use textbook::Even;
use tictactoe_core::{Batch, Error, Rules, Selection};
use tictactoe_search::{Puct, PuctConfig, PuctError, SearchError};

/// The system's allocator, counting the bytes a watched thread has live and their peak, and
/// refusing the watched thread's [`REFUSE`]th allocation from now (0 the next; -1 none).
struct Counting;

static LIVE: AtomicIsize = AtomicIsize::new(0);
static PEAK: AtomicIsize = AtomicIsize::new(0);
static REFUSE: AtomicIsize = AtomicIsize::new(-1);

thread_local! {
    /// Whether this thread's allocations are a test's (its batch runs on it: one thread).
    static WATCHED: Cell<bool> = const { Cell::new(false) };
}

/// Held by each test for its whole run, its thread watched meanwhile.
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

/// A test's turn: its thread watched until the end of it.
struct Turn(#[allow(dead_code)] std::sync::MutexGuard<'static, ()>);

impl Turn {
    fn take() -> Turn {
        let turn = Turn(ONE_AT_A_TIME.lock().unwrap_or_else(|poisoned| poisoned.into_inner()));
        WATCHED.with(|watched| watched.set(true));
        turn
    }
}

impl Drop for Turn {
    fn drop(&mut self) {
        WATCHED.with(|watched| watched.set(false));
    }
}

fn watched() -> bool {
    WATCHED.with(Cell::get)
}

/// Whether the watched allocation asked now is refused ([`REFUSE`] counts down to it, and
/// stays at -1 once it has refused it).
fn refused() -> bool {
    watched() && REFUSE.load(SeqCst) >= 0 && REFUSE.fetch_sub(1, SeqCst) <= 0
}

fn counted(change: isize) {
    if watched() {
        let live = LIVE.fetch_add(change, SeqCst) + change;
        PEAK.fetch_max(live, SeqCst);
    }
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

/// How a game gets to the search measured.
#[derive(Clone, Copy, Debug)]
enum Before {
    /// A search, and nothing else.
    Searched,
    /// A search, then a move of the batch's own.
    Moved,
    /// This many moves played through `Puct::play`, a search before each (the histories
    /// growing move by move).
    Played(usize),
}

/// The most bytes live during a search of `simulations` in `count` games of `rules` (after
/// `before`), counted from before `Puct::new`, and what `bytes_needed` said before it.
fn peak_and_needed(
    rules: Rules,
    count: usize,
    simulations: u32,
    config: PuctConfig,
    before: Before,
) -> (usize, usize) {
    let mut batch = Batch::new(count, rules, 3).unwrap();
    let mut winners = vec![0u8; count];
    let (mut visits, mut values) = (vec![0; count * batch.actions()], vec![0.0; count]);
    let base = LIVE.load(SeqCst);
    let mut puct = Puct::new(&batch, config).unwrap();
    puct.run(&batch, &mut Even, simulations, true, &mut visits, &mut values).unwrap();
    if let Before::Played(moves) = before {
        let mut chosen = vec![0; count];
        for _ in 0..moves {
            puct.run(&batch, &mut Even, 1, false, &mut visits, &mut values).unwrap();
            puct.choose(&visits, 1.0, &mut chosen).unwrap();
            puct.play(&mut batch, &chosen).unwrap();
        }
    }
    if let Before::Moved = before {
        batch.step_random(Selection::All, &mut winners).unwrap();
    }
    let needed = puct.bytes_needed(&batch, simulations).unwrap();
    PEAK.store(LIVE.load(SeqCst), SeqCst);
    puct.run(&batch, &mut Even, simulations, true, &mut visits, &mut values).unwrap();
    let peak = PEAK.load(SeqCst) - base;
    (peak as usize, needed)
}

#[test]
fn bytes_needed_bounds_every_byte_a_search_holds() {
    let _turn = Turn::take();
    let config = PuctConfig::default();
    let (searched, moved) = (Before::Searched, Before::Moved);
    let cases = [
        // A search of nothing still holds each game's search: the bound counts it.
        (Rules::tic_tac_toe(3), 64, 0, config, searched),
        (Rules::tic_tac_toe(3), 64, 1, config, moved),
        (Rules::tic_tac_toe(3), 16, 64, config, searched),
        (Rules::tic_tac_toe(3), 16, 64, config, moved),
        (Rules::CONNECT_FOUR, 16, 64, config, searched),
        (Rules::CONNECT_FOUR, 16, 64, PuctConfig { leaves: 4, ..config }, searched),
        (Rules::CONNECT_FOUR, 16, 64, PuctConfig { gumbel: 16, ..config }, moved),
        // Boards past one word: the games themselves move.
        (Rules::mnk(9, 9, 5), 16, 64, config, moved),
        (Rules::mnk(9, 9, 5), 16, 1, config, moved),
        (Rules::GOMOKU, 8, 1, config, moved),
        // Histories grown by `play` past a power of two (64 moves of 81 cells, 33 of 42).
        (Rules::mnk(9, 9, 9), 16, 1, config, Before::Played(65)),
        (Rules::mnk(9, 9, 9), 16, 64, config, Before::Played(65)),
        (Rules::CONNECT_FOUR, 16, 1, config, Before::Played(33)),
    ];
    for (rules, count, simulations, config, before) in cases {
        let (peak, needed) = peak_and_needed(rules, count, simulations, config, before);
        assert!(
            peak <= needed,
            "{rules:?}, {count} games x {simulations} ({config:?}, {before:?}): \
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
    puct.run(&batch, &mut Even, 40, false, &mut visits, &mut values).unwrap();
    let mut chosen = vec![0; count];
    puct.choose(&visits, 0.0, &mut chosen).unwrap();
    (batch, puct, chosen)
}

/// Each game's history, and the visits of a search of 10 more simulations after `play`.
fn after_play(batch: &mut Batch, puct: &mut Puct, chosen: &[u32]) -> (Vec<Vec<u32>>, Vec<u32>) {
    puct.play(batch, chosen).unwrap();
    let count = batch.count();
    let (mut visits, mut values) = (vec![0; count * batch.actions()], vec![0.0; count]);
    puct.run(batch, &mut Even, 10, false, &mut visits, &mut values).unwrap();
    ((0..count).map(|g| batch.history(g).unwrap().to_vec()).collect(), visits)
}

#[test]
fn play_refused_memory_changes_nothing() {
    let _turn = Turn::take();
    for rules in [Rules::CONNECT_FOUR, Rules::mnk(9, 9, 5)] {
        let (mut clean_batch, mut clean, chosen) = searched(rules, 6);
        let expected = after_play(&mut clean_batch, &mut clean, &chosen);
        // Each allocation of `play` refused in turn, its first, its second, ..., until it
        // makes fewer than that.
        for nth in 0.. {
            let (mut batch, mut puct, chosen) = searched(rules, 6);
            let histories: Vec<Vec<u32>> =
                (0..6).map(|g| batch.history(g).unwrap().to_vec()).collect();
            REFUSE.store(nth, SeqCst);
            let played = puct.play(&mut batch, &chosen);
            let refused = REFUSE.swap(-1, SeqCst) < 0;
            if !refused {
                played.unwrap();
                break;
            }
            let error = played.unwrap_err();
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
