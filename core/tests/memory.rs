//! Large empty games and batches cost address space, not memory: their blocks are allocated
//! zeroed, so pages become resident only where they are played (Linux: resident set read from
//! /proc). One test in this binary, so that no other test's allocations move the figures.

use tictactoe_core::{Batch, Game, Illegal, Selection};

/// The resident memory of this process, in bytes.
fn resident() -> usize {
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    let line = status.lines().find(|line| line.starts_with("VmRSS:")).unwrap();
    let kib: usize = line.split_whitespace().nth(1).unwrap().parse().unwrap();
    kib << 10
}

#[test]
#[cfg_attr(not(target_os = "linux"), ignore = "reads /proc")]
fn empty_boards_are_resident_only_where_played() {
    const MIB: usize = 1 << 20;
    let before = resident();
    // 30000 x 30000: a 225 MB board.
    let mut game = Game::new(30_000).unwrap();
    assert!(game.heap_bytes() > 200 * MIB);
    for cell in 0..40 {
        // Cells far apart, past the first history growths.
        game.play(cell * 700, (cell * 7919) % 30_000).unwrap();
    }
    let copy = game.try_clone().unwrap();
    assert_eq!(copy, game);
    // 8 games of 10000 x 10000 with room for every move: 3.4 GB of address space.
    let mut batch = Batch::new(8, 10_000, 1).unwrap();
    let mut actions = [0u32; 8];
    let mut winners = [0u8; 8];
    for _ in 0..10 {
        batch.random_legal_actions(Selection::All, &mut actions).unwrap();
        batch.step(Selection::All, &actions, &mut winners, Illegal::Refuse).unwrap();
    }
    let grown = resident().saturating_sub(before);
    assert!(grown < 32 * MIB, "{} MiB resident for boards barely played", grown / MIB);
}
