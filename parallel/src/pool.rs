//! The helper threads that run the parts of a batch call, kept awake between calls.
//!
//! A batch call of 4096 3 x 3 games is 20-100 us of work; waking a sleeping thread costs about
//! as much on a VM, so a general-purpose pool (rayon's, tried first) made two threads slower
//! than one. Here each helper, after its part of a call, spins for [`SPIN`] waiting for the
//! next call (a training loop makes the next one within microseconds), and only then sleeps.
//! The price is up to [`SPIN`] of one core's time per helper after each call, paid only by
//! callers that asked for more than one thread.

use alloc::boxed::Box;
use alloc::sync::Arc;
use alloc::vec::Vec;
use core::any::Any;
use core::panic::AssertUnwindSafe;
use core::sync::atomic::{AtomicBool, AtomicU8, Ordering::SeqCst};
use core::time::Duration;
use std::panic;
use std::sync::{Mutex, OnceLock, TryLockError};
use std::thread::{self, Thread};
use std::time::Instant;

/// How long a helper waits, awake, for the next call.
const SPIN: Duration = Duration::from_millis(2);

/// A job lent to a helper for the length of one call (see [`run`] for why the lifetime may be
/// erased).
type Job = &'static mut (dyn FnMut() + Send);

const IDLE: u8 = 0;
const READY: u8 = 1;
const DONE: u8 = 2;
const PANICKED: u8 = 3;

/// What a job's panic carries, handed on to the caller.
type Payload = Box<dyn Any + Send>;

/// One helper's mailbox.
struct Slot {
    job: Mutex<Option<Job>>,
    /// The panic of the last job, when it panicked (state [`PANICKED`]).
    payload: Mutex<Option<Payload>>,
    state: AtomicU8,
    /// Set by the helper before it parks, so that the caller knows to unpark it.
    sleeping: AtomicBool,
    thread: OnceLock<Thread>,
}

impl Slot {
    /// The helper's loop: wait (spinning, then parked) for a job, run it, report.
    fn serve(&self) {
        loop {
            self.wait_for_job();
            let job = lock(&self.job).take();
            let outcome = panic::catch_unwind(AssertUnwindSafe(|| job.map(|job| job())));
            // The job is dropped (it is a borrow: nothing of the caller's is touched after this)
            // before the caller is told.
            let state = match outcome {
                Ok(_) => DONE,
                Err(payload) => {
                    *lock(&self.payload) = Some(payload);
                    PANICKED
                }
            };
            self.state.store(state, SeqCst);
        }
    }

    fn wait_for_job(&self) {
        let start = Instant::now();
        let mut spins = 0u32;
        while self.state.load(SeqCst) != READY {
            spins = spins.wrapping_add(1);
            if spins % 64 != 0 || start.elapsed() < SPIN {
                core::hint::spin_loop();
                continue;
            }
            // Past the spin window: announce the sleep, check once more, then park until a
            // caller unparks (a spurious wake-up just loops).
            self.sleeping.store(true, SeqCst);
            while self.state.load(SeqCst) != READY {
                thread::park();
            }
            self.sleeping.store(false, SeqCst);
        }
    }

    /// Hands `job` to the helper.
    fn give(&self, job: Job) {
        *lock(&self.job) = Some(job);
        self.state.store(READY, SeqCst);
        if self.sleeping.load(SeqCst) {
            if let Some(thread) = self.thread.get() {
                thread.unpark();
            }
        }
    }

    /// Waits for the helper to finish its job; its panic, if it panicked.
    fn join(&self) -> Option<Payload> {
        let mut spins = 0u32;
        loop {
            match self.state.load(SeqCst) {
                DONE => break,
                PANICKED => {
                    let payload = lock(&self.payload).take();
                    self.state.store(IDLE, SeqCst);
                    return payload;
                }
                _ if spins < 1 << 16 => {
                    spins += 1;
                    core::hint::spin_loop();
                }
                _ => thread::yield_now(),
            }
        }
        self.state.store(IDLE, SeqCst);
        None
    }
}

/// Locks `mutex`, a panic while it was held notwithstanding: every value kept under a lock
/// here (a mailbox, the helpers) is whole between the statements that change it.
fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// The helpers, grown on demand, and the process they were started in; locked for the length
/// of a call.
struct Helpers {
    process: u32,
    slots: Vec<Arc<Slot>>,
}

fn helpers() -> &'static Mutex<Helpers> {
    static HELPERS: OnceLock<Mutex<Helpers>> = OnceLock::new();
    HELPERS.get_or_init(|| Mutex::new(Helpers { process: std::process::id(), slots: Vec::new() }))
}

/// Waits for the helpers given jobs, even when the caller's own part unwinds: their jobs
/// borrow the caller's stack.
struct Joined<'a> {
    slots: &'a [Arc<Slot>],
}

impl Joined<'_> {
    /// Waits for every helper not yet joined; the first panic of their jobs, if any.
    fn join(&mut self) -> Option<Payload> {
        let panics = self.slots.iter().map(|slot| slot.join());
        let first = panics.fold(None, |first, panic| first.or(panic));
        self.slots = &[];
        first
    }
}

impl Drop for Joined<'_> {
    fn drop(&mut self) {
        self.join();
    }
}

/// Runs each of `jobs` once, the first on the calling thread and each other on a helper,
/// returning when all are done. When another call holds the helpers (two threads with
/// threaded batches at once, or a lock inherited locked by a forked child), this one runs its
/// jobs one after another on its own thread: the results are the same either way.
pub(crate) fn run(jobs: &mut [&mut (dyn FnMut() + Send)]) {
    if jobs.len() <= 1 {
        jobs.iter_mut().for_each(|job| job());
        return;
    }
    let mut helpers = match helpers().try_lock() {
        Ok(helpers) => helpers,
        // A call that panicked left the helpers idle (it joined them all): they serve on.
        Err(TryLockError::Poisoned(poisoned)) => poisoned.into_inner(),
        Err(TryLockError::WouldBlock) => {
            jobs.iter_mut().for_each(|job| job());
            return;
        }
    };
    // A forked child (multiprocessing) inherits the list but not the threads: start afresh.
    if helpers.process != std::process::id() {
        *helpers = Helpers { process: std::process::id(), slots: Vec::new() };
    }
    let pool = &mut helpers.slots;
    while pool.len() < jobs.len() - 1 {
        let slot = Arc::new(Slot {
            job: Mutex::new(None),
            payload: Mutex::new(None),
            state: AtomicU8::new(IDLE),
            sleeping: AtomicBool::new(false),
            thread: OnceLock::new(),
        });
        let served = Arc::clone(&slot);
        let Ok(handle) =
            thread::Builder::new().name("tictactoe-batch".into()).spawn(move || served.serve())
        else {
            break;
        };
        let _ = slot.thread.set(handle.thread().clone());
        pool.push(slot);
    }
    let (first, rest) = jobs.split_first_mut().expect("more than one job");
    let given = pool.len().min(rest.len());
    let (lent, left) = rest.split_at_mut(given);
    // Made before any job is given, so that every helper given one is waited for.
    let mut joined = Joined { slots: &pool[..given] };
    for (slot, job) in joined.slots.iter().zip(lent.iter_mut()) {
        let job: &mut (dyn FnMut() + Send) = &mut **job;
        // SAFETY: the job's borrows outlive its run: `joined` waits for every helper given a
        // job before this function returns or unwinds, and a helper drops the job before it
        // reports DONE or PANICKED. Only the lifetime is changed, not the type.
        let job: Job = unsafe {
            core::mem::transmute::<&mut (dyn FnMut() + Send), &'static mut (dyn FnMut() + Send)>(
                job,
            )
        };
        slot.give(job);
    }
    first();
    // Jobs no helper could be started for (thread creation failed) run here.
    left.iter_mut().for_each(|job| job());
    let panic = joined.join();
    drop(joined);
    // Unlocked before the panic goes on, so that the lock is not left poisoned.
    drop(helpers);
    if let Some(payload) = panic {
        panic::resume_unwind(payload);
    }
}

/// [`run`] for jobs of one type (closures made in a loop): each lent as a `dyn FnMut`.
pub(crate) fn run_each<F: FnMut() + Send>(jobs: &mut [F]) {
    let mut lent: Vec<&mut (dyn FnMut() + Send)> =
        jobs.iter_mut().map(|job| job as &mut (dyn FnMut() + Send)).collect();
    run(&mut lent);
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec;

    /// Jobs that each fill their own part of a buffer on the caller's stack.
    fn fill(parts: usize) -> Vec<u64> {
        let mut buffer = vec![0u64; parts * 1000];
        let mut jobs: Vec<_> = buffer
            .chunks_mut(1000)
            .enumerate()
            .map(|(i, part)| move || part.iter_mut().for_each(|x| *x = i as u64 + 1))
            .collect();
        run_each(&mut jobs);
        drop(jobs);
        buffer
    }

    #[test]
    fn every_job_runs_once_and_a_helper_panic_reaches_the_caller() {
        for parts in [1, 2, 3, 2] {
            let buffer = fill(parts);
            assert!(buffer
                .chunks(1000)
                .enumerate()
                .all(|(i, c)| c.iter().all(|&x| x == i as u64 + 1)));
        }
        let (mut calm, mut wild) = (|| (), || panic!("job"));
        let mut jobs: [&mut (dyn FnMut() + Send); 2] = [&mut calm, &mut wild];
        let panic = panic::catch_unwind(AssertUnwindSafe(|| run(&mut jobs))).unwrap_err();
        assert_eq!(panic.downcast_ref::<&str>(), Some(&"job"));
        // The helpers serve the next call as before: on threads other than the caller's.
        assert_eq!(fill(2)[1500], 2);
        assert!(threads_seen(2) > 1);
        // And after the caller's own job panicked, too.
        let (mut wild, mut calm) = (|| panic!("caller"), || ());
        let mut jobs: [&mut (dyn FnMut() + Send); 2] = [&mut wild, &mut calm];
        assert!(panic::catch_unwind(AssertUnwindSafe(|| run(&mut jobs))).is_err());
        assert!(threads_seen(2) > 1);
    }

    /// How many threads ran `parts` jobs that each wait until all have started (or a while).
    fn threads_seen(parts: usize) -> usize {
        let started = core::sync::atomic::AtomicUsize::new(0);
        let mut ids = vec![None; parts];
        let mut jobs: Vec<_> = ids
            .iter_mut()
            .map(|id| {
                let started = &started;
                move || {
                    *id = Some(thread::current().id());
                    started.fetch_add(1, SeqCst);
                    let begun = Instant::now();
                    while started.load(SeqCst) < parts && begun.elapsed() < Duration::from_secs(1) {
                        core::hint::spin_loop();
                    }
                }
            })
            .collect();
        run_each(&mut jobs);
        drop(jobs);
        let mut ids: Vec<_> = ids.into_iter().flatten().collect();
        ids.sort_by_key(|id| format!("{id:?}"));
        ids.dedup();
        ids.len()
    }
}
