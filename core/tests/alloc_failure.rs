//! Memory that cannot be had is an error value, never an abort: a global allocator that refuses
//! requests above a limit makes `new`, `move` and `from_cells` meet a failed allocation.

use core::alloc::{GlobalAlloc, Layout};
use core::sync::atomic::{AtomicUsize, Ordering};
use std::alloc::System;

use tictactoe_core::{Error, Game};

struct Limited;

/// Requests larger than this many bytes fail.
static LIMIT: AtomicUsize = AtomicUsize::new(usize::MAX);

unsafe impl GlobalAlloc for Limited {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if layout.size() > LIMIT.load(Ordering::SeqCst) {
            return core::ptr::null_mut();
        }
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from `System.alloc` with this layout.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if new_size > LIMIT.load(Ordering::SeqCst) {
            return core::ptr::null_mut();
        }
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static ALLOCATOR: Limited = Limited;

/// One test, so that no other test allocates while the limit is low.
#[test]
fn allocation_failures_are_errors() {
    let empty_1000 = vec![0u8; 1_000_000];
    LIMIT.store(100_000, Ordering::SeqCst);
    // 65535 x 65535 cells at 2 bits is 1 GiB; 1000 x 1000 is 250 kB.
    assert_eq!(Game::new(65_535), Err(Error::AllocFailed));
    assert_eq!(Game::new(1000), Err(Error::AllocFailed));
    assert_eq!(Game::from_cells(1000, &empty_1000), Err(Error::AllocFailed));
    assert_eq!(Game::from_rows(1, &["X"]).map(|g| g.n()), Ok(Some(1)));

    // A history that cannot grow refuses the move and changes nothing.
    let mut game = Game::new(100).unwrap();
    for i in 0..16 {
        game.make_move(i / 100, i % 100, 1 + (i % 2) as u32).unwrap();
    }
    let before = game.clone();
    LIMIT.store(32, Ordering::SeqCst);
    assert_eq!(game.make_move(50, 50, 1), Err(Error::AllocFailed));
    LIMIT.store(usize::MAX, Ordering::SeqCst);
    assert_eq!(game, before);
    assert_eq!(game.make_move(50, 50, 1), Ok(None));

    // Up to 4 x 4 a game keeps everything inside itself: with every allocation refused, games
    // are still made, played to the end, copied and taken back.
    LIMIT.store(0, Ordering::SeqCst);
    for n in 1..=4 {
        let mut game = Game::new(n).unwrap();
        for cell in 0..n * n {
            if game.winner().is_some() {
                break;
            }
            game.play(cell / n, cell % n).unwrap();
        }
        let copy = game.try_clone().unwrap();
        assert_eq!(copy, game);
        while game.undo().is_ok() {}
        assert_eq!(game, Game::new(n).unwrap());
        assert_eq!(game.heap_bytes(), 0);
    }
    assert_eq!(Game::new(5), Err(Error::AllocFailed));
    LIMIT.store(usize::MAX, Ordering::SeqCst);
}
