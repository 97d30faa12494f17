//! Plays LeetCode 348's example through `tictactoe-core` with no standard library: its own
//! panic handler, an allocator over libc's `malloc`, and `main` as the C entry point. The exit
//! status is 0 only when the game ends as the example says.
#![no_std]
#![no_main]

extern crate alloc;

use core::alloc::{GlobalAlloc, Layout};
use tictactoe_core::{Game, Player};
use tictactoe_search::{Computer, Options, Solution};

#[link(name = "c")]
extern "C" {
    fn malloc(size: usize) -> *mut u8;
    fn free(ptr: *mut u8);
    fn abort() -> !;
}

/// `malloc` aligns to 16 bytes on the targets this proof runs on; larger alignments are refused.
struct Malloc;

unsafe impl GlobalAlloc for Malloc {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if layout.align() > 16 {
            return core::ptr::null_mut();
        }
        // SAFETY: malloc accepts any size; a null result is reported as a failed allocation.
        unsafe { malloc(layout.size()) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, _layout: Layout) {
        // SAFETY: `ptr` came from `malloc` above.
        unsafe { free(ptr) }
    }
}

#[global_allocator]
static ALLOCATOR: Malloc = Malloc;

#[panic_handler]
fn panic(_: &core::panic::PanicInfo) -> ! {
    // SAFETY: abort never returns and needs no arguments.
    unsafe { abort() }
}

fn play() -> Result<bool, tictactoe_core::Error> {
    let mut game = Game::new(3)?;
    let moves = [(0, 0, 1), (0, 2, 2), (2, 2, 1), (1, 1, 2), (2, 0, 1), (1, 0, 2), (2, 1, 1)];
    let mut last = None;
    for (row, col, player) in moves {
        last = game.make_move(row, col, player)?;
    }
    let refused = game.make_move(0, 1, 2).is_err();
    let undone = game.undo()?;
    Ok(last == Some(Player::X) && refused && undone.player == Player::X && game.winner().is_none())
}

/// The computer player without std: the empty 3 x 3 board solves to a draw, and a searched move
/// on 5 x 5 is a free cell.
fn search() -> bool {
    let (Ok(empty), Ok(large)) = (Game::new(3), Game::new(5)) else {
        return false;
    };
    let mut computer = Computer::new();
    let solved = computer.solve(&empty, u64::MAX) == Ok(Solution { winner: None, plies: 9 });
    let options =
        Options { simulations: 100, seed: 1, max_nodes: Some(0), perfect: true, book: true };
    let free = matches!(
        computer.best_move(&large, &options).map(|(row, col)| large.cell(row, col)),
        Ok(Ok(None))
    );
    solved && free
}

/// The precompiled `alloc` refers to the unwinding personality even under `panic = "abort"`;
/// with nothing to unwind it is never called.
#[no_mangle]
pub extern "C" fn rust_eh_personality() {}

#[no_mangle]
pub extern "C" fn main(_argc: i32, _argv: *const *const u8) -> i32 {
    match (play(), search()) {
        (Ok(true), true) => 0,
        _ => 1,
    }
}
