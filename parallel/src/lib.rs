//! Threads for `tictactoe-core`'s batches: [`POOL`], helper threads kept awake between calls,
//! the [`Runner`] every face gives a batch that may split its calls
//! ([`Batch::set_threads`](tictactoe_core::Batch::set_threads)).
//!
//! The core cuts a call into ranges of games and checks a refusing call whole before any range
//! changes; this crate only runs the ranges at once. It is the workspace's one crate with
//! `std` threads and its one `unsafe` outside the core's allocation: lending the ranges' jobs,
//! which borrow the caller's stack, to threads that outlive the call (`pool.rs`, tested here
//! and under ThreadSanitizer through the C library's thread test, `make c-tsan`).
//!
//! ```
//! use tictactoe_core::{Batch, Selection};
//! let (mut one, mut two) = (Batch::new(4096, 3, 1)?, Batch::new(4096, 3, 1)?);
//! two.set_threads(2, &tictactoe_parallel::POOL);
//! for batch in [&mut one, &mut two] {
//!     batch.step_random(Selection::All, &mut vec![0; 4096])?;
//! }
//! assert_eq!(one, two);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

extern crate alloc;

mod pool;

use alloc::vec::Vec;

use tictactoe_core::Runner;

/// The process's helper threads, started on first use and grown to the most threads a call
/// has asked for.
pub struct Pool {
    /// Keeps the pool made only here, as [`POOL`].
    _private: (),
}

/// The pool every batch of the process shares.
pub static POOL: Pool = Pool { _private: () };

impl Runner for Pool {
    fn run(&self, jobs: &mut [&mut (dyn FnMut() + Send)]) {
        pool::run(jobs);
    }
}

impl Pool {
    /// `work` on each of `items` at once, one a thread (the caller's for the first), the
    /// results in order: for work that is not a batch call, as a search for each of a batch's
    /// games.
    ///
    /// ```
    /// let squares = tictactoe_parallel::POOL.map(vec![1, 2, 3], |x| x * x);
    /// assert_eq!(squares, [1, 4, 9]);
    /// ```
    pub fn map<T: Send, R: Send>(&self, items: Vec<T>, work: impl Fn(T) -> R + Sync) -> Vec<R> {
        let work = &work;
        let mut slots: Vec<(Option<T>, Option<R>)> =
            items.into_iter().map(|item| (Some(item), None)).collect();
        let mut jobs: Vec<_> = slots
            .iter_mut()
            .map(|(item, result)| {
                move || {
                    if let Some(item) = item.take() {
                        *result = Some(work(item));
                    }
                }
            })
            .collect();
        pool::run_each(&mut jobs);
        drop(jobs);
        // The pool runs every job (a panic would have gone on from `run`).
        slots.into_iter().map(|(_, result)| result.expect("every job ran")).collect()
    }
}
