//! A batch call split between threads: the games cut into consecutive ranges, each range (with
//! its part of every per-game argument and output) a job, the jobs run at once by a [`Runner`]
//! the caller gives ([`Batch::set_threads`](super::Batch::set_threads)). The core has no
//! threads of its own (it is `no_std`): it cuts, and checks a whole call before any range
//! changes, so that a call's results and refusals are the same whatever the number of threads.

use alloc::vec::Vec;
use core::fmt;

/// Games a thread takes at least: below that, handing a range to a thread costs more than it
/// saves (a range of 256 3 x 3 games is a few microseconds of work).
pub const GAMES_PER_THREAD: usize = 256;

/// What runs the parts of a batch call at once: a pool of threads (the workspace's
/// `tictactoe-parallel` keeps one), or the caller's own. Given to a batch with the number of
/// threads its calls may use ([`Batch::set_threads`](super::Batch::set_threads)).
pub trait Runner: Sync {
    /// Calls every job once and returns when all have returned; the jobs may run one after
    /// another or at once, in any order (each changes its own range of games alone). A job's
    /// panic goes on in the caller once every job has finished. (A job run twice does nothing
    /// the second time; a job not run, the batch runs itself. A panic, the job's or the
    /// runner's, leaves the call half done: the ranges that ran changed, the others not. Every
    /// refusal was decided before any range changed.)
    fn run(&self, jobs: &mut [&mut (dyn FnMut() + Send)]);

    /// The fewest games a part of a call takes: below that, handing a range to a thread costs
    /// more than it saves ([`GAMES_PER_THREAD`] unless the runner knows better; a test's
    /// runner may split the smallest batch).
    fn min_part(&self) -> usize {
        GAMES_PER_THREAD
    }
}

/// How many threads a batch's calls may use, and what runs them.
#[derive(Clone, Copy)]
pub(crate) struct Threads {
    count: usize,
    runner: Option<&'static dyn Runner>,
}

impl fmt::Debug for Threads {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Threads").field("count", &self.count).finish_non_exhaustive()
    }
}

/// One part of a call: its games' arguments until it runs, then its outcome.
struct Part<S, E> {
    items: Option<S>,
    /// The index, in the whole call, of the part's first game.
    first: usize,
    outcome: Result<(), E>,
}

impl<S, E> Part<S, E> {
    /// Runs `work` on the part, unless it has run.
    fn run(&mut self, work: &impl Fn(S) -> Result<(), E>) {
        if let Some(items) = self.items.take() {
            self.outcome = work(items);
        }
    }
}

impl Threads {
    /// One thread: the caller's.
    pub(crate) const ONE: Threads = Threads { count: 1, runner: None };

    /// `count` threads (at least 1) run by `runner`.
    pub(crate) fn new(count: usize, runner: &'static dyn Runner) -> Threads {
        Threads { count: count.max(1), runner: Some(runner) }
    }

    /// The number of threads a call may use.
    pub(crate) fn count(&self) -> usize {
        self.count
    }

    /// Runs `work` on `items` (the arguments of a call over `games` games) cut into
    /// consecutive parts, one a thread, each of at least [`Runner::min_part`] games, at once;
    /// the first error in the order of the parts, `at` adding to it the index of the game
    /// where its part began. Whole, on the caller's thread, when one part is all the call is
    /// worth or the memory for more cannot be had: the results are the same.
    pub(crate) fn run<S: SplitAt + Send, E: Send>(
        &self,
        games: usize,
        items: S,
        work: impl Fn(S) -> Result<(), E> + Sync,
        at: impl Fn(E, usize) -> E,
    ) -> Result<(), E> {
        let Some(runner) = self.runner else { return work(items) };
        let count = self.count.min(games / runner.min_part().max(1));
        if count <= 1 {
            return work(items);
        }
        let (mut parts, mut jobs, mut lent) = (Vec::new(), Vec::new(), Vec::new());
        if parts.try_reserve_exact(count).is_err()
            || jobs.try_reserve_exact(count).is_err()
            || lent.try_reserve_exact(count).is_err()
        {
            return work(items);
        }
        let (mut rest, mut first) = (items, 0);
        for i in 0..count {
            // As even as can be, in order.
            let size = games / count + usize::from(i < games % count);
            let (part, others) = rest.split_at(size);
            parts.push(Part { items: Some(part), first, outcome: Ok(()) });
            (rest, first) = (others, first + size);
        }
        let work = &work;
        jobs.extend(parts.iter_mut().map(|part| move || part.run(work)));
        lent.extend(jobs.iter_mut().map(|job| job as &mut (dyn FnMut() + Send)));
        runner.run(&mut lent);
        drop(lent);
        drop(jobs);
        // A part the runner left (it should run every one) runs here.
        parts.iter_mut().for_each(|part| part.run(work));
        parts.into_iter().try_for_each(|part| part.outcome.map_err(|error| at(error, part.first)))
    }
}

/// What splits into a first part and the rest: ranges of games and the per-game slices of a
/// call, which [`Threads::run`] divides between threads.
pub(crate) trait SplitAt: Sized {
    /// The first `mid` games' part and the rest.
    fn split_at(self, mid: usize) -> (Self, Self);
}

impl<T> SplitAt for &mut [T] {
    fn split_at(self, mid: usize) -> (Self, Self) {
        self.split_at_mut(mid)
    }
}

impl<T> SplitAt for &[T] {
    fn split_at(self, mid: usize) -> (Self, Self) {
        <[T]>::split_at(self, mid)
    }
}

/// One value a game, with the index of the first game: what [`super::Batch::split_work`] cuts.
pub(crate) struct Indexed<'a, T>(pub(crate) usize, pub(crate) &'a mut [T]);

impl<T> SplitAt for Indexed<'_, T> {
    fn split_at(self, mid: usize) -> (Self, Self) {
        let (first, rest) = self.1.split_at_mut(mid);
        (Indexed(self.0, first), Indexed(self.0 + mid, rest))
    }
}

/// A slice of `.1` values a game (planes, masks): cut as its games are.
pub(crate) struct PerGame<S>(pub(crate) S, pub(crate) usize);

impl<S: SplitAt> SplitAt for PerGame<S> {
    fn split_at(self, mid: usize) -> (Self, Self) {
        let (first, rest) = self.0.split_at(mid * self.1);
        (PerGame(first, self.1), PerGame(rest, self.1))
    }
}

/// An optional argument splits into optional parts: all `None` when it is `None`.
impl<S: SplitAt> SplitAt for Option<S> {
    fn split_at(self, mid: usize) -> (Self, Self) {
        match self {
            Some(items) => {
                let (first, rest) = items.split_at(mid);
                (Some(first), Some(rest))
            }
            None => (None, None),
        }
    }
}

/// A call's arguments split together.
macro_rules! split_tuples {
    ($($name:ident),+) => {
        impl<$($name: SplitAt),+> SplitAt for ($($name,)+) {
            #[allow(non_snake_case)]
            fn split_at(self, mid: usize) -> (Self, Self) {
                let ($($name,)+) = self;
                $(let $name = $name.split_at(mid);)+
                (($($name.0,)+), ($($name.1,)+))
            }
        }
    };
}

split_tuples!(A, B);
split_tuples!(A, B, C);
split_tuples!(A, B, C, D);
split_tuples!(A, B, C, D, E);
split_tuples!(A, B, C, D, E, F);
