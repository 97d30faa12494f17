//! Splitting a batch call's games between threads: the shares of each thread, the ranges of
//! games and output slices cut to them, and the parts run on the helper threads of [`pool`].

use tictactoe_core::{Games, GamesMut};

use crate::pool;

/// Games a thread takes at least: below that, starting a thread costs more than it saves.
pub(crate) const GAMES_PER_THREAD: usize = 256;

/// How many games each of the threads for `count` games takes: as even as can be, in order.
pub(crate) fn shares(count: usize, threads: usize) -> Vec<usize> {
    even_shares(count, threads.min(count / GAMES_PER_THREAD).max(1))
}

/// `count` items cut into `parts` (at least one) consecutive shares, as even as can be.
pub(crate) fn even_shares(count: usize, parts: usize) -> Vec<usize> {
    (0..parts).map(|i| count / parts + usize::from(i < count % parts)).collect()
}

/// What splits into a first part and the rest: ranges of games and output slices, which
/// [`cut`] divides between threads.
pub(crate) trait SplitAt: Sized {
    fn split_at(self, mid: usize) -> (Self, Self);
}

impl SplitAt for Games<'_> {
    fn split_at(self, mid: usize) -> (Self, Self) {
        Games::split_at(self, mid)
    }
}

impl SplitAt for GamesMut<'_> {
    fn split_at(self, mid: usize) -> (Self, Self) {
        GamesMut::split_at(self, mid)
    }
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

/// An optional output or input splits into optional parts: all `None` when it is `None`.
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

/// `items` cut into consecutive parts of `sizes` (times `scale`: values per game) items.
pub(crate) fn cut<S: SplitAt>(mut items: S, sizes: &[usize], scale: usize) -> Vec<S> {
    let mut parts = Vec::with_capacity(sizes.len());
    for &size in sizes {
        let (part, rest) = items.split_at(size * scale);
        parts.push(part);
        items = rest;
    }
    parts
}

/// Runs `work` on each item: the first on the calling thread, the others on the helper threads
/// of [`pool`] (kept awake between calls); the results, in order.
pub(crate) fn run_each<T: Send, R: Send>(
    items: Vec<T>,
    work: impl Fn(T) -> R + Send + Sync,
) -> Vec<R> {
    let work = &work;
    let mut results: Vec<Option<R>> = Vec::new();
    results.resize_with(items.len(), || None);
    let jobs = items
        .into_iter()
        .zip(results.iter_mut())
        .map(|(item, result)| {
            Box::new(move || *result = Some(work(item))) as Box<dyn FnOnce() + Send + '_>
        })
        .collect();
    pool::run(jobs);
    results.into_iter().map(|result| result.expect("every job ran")).collect()
}

/// Runs `work` on each (games, output) pair as [`run_each`] does; the first error, if any.
pub(crate) fn run_parts<G: Send, O: Send, E: Send>(
    parts: Vec<(G, O)>,
    work: impl Fn(G, O) -> Result<(), E> + Send + Sync,
) -> Result<(), E> {
    run_each(parts, |(games, out)| work(games, out)).into_iter().collect()
}
