//! `Puct::bytes_needed` is an upper bound of what a search holds: every byte allocated from
//! before `Puct::new` to the peak of a search, counted by a global allocator (this file is a
//! test binary of its own, one test, so that nothing else allocates beside it).

use core::alloc::{GlobalAlloc, Layout};
use core::sync::atomic::{AtomicIsize, Ordering::SeqCst};
use std::alloc::System;

use tictactoe_core::{Batch, Rules, Selection};
use tictactoe_search::{Evaluator, Puct, PuctConfig};

/// The system's allocator, counting the bytes live and their peak.
struct Counting;

static LIVE: AtomicIsize = AtomicIsize::new(0);
static PEAK: AtomicIsize = AtomicIsize::new(0);

fn counted(change: isize) {
    let live = LIVE.fetch_add(change, SeqCst) + change;
    PEAK.fetch_max(live, SeqCst);
}

// SAFETY: every call is passed on to the system's allocator as it came; the counts are all this
// adds.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
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
