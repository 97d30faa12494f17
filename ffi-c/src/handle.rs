//! The opaque handles the C caller holds (a game, a batch, a learned search): how each is
//! handed out, borrowed for one call and released, written once for all (rustls-ffi's
//! `Castable`, in small).
//!
//! A search's evaluator runs the caller's code in the middle of a call that holds the search and
//! its batch. The handles it can reach so ([`Guarded`]: the batch, the search) count the calls
//! holding them, and refuse with `BUSY` a call that would change one a running call holds (or
//! touch a search that is running), instead of changing what that call is using. A game handle,
//! which no callback reaches while a call holds it (a search with a caller's stop runs on a
//! copy of the game), keeps the cost of a move what it was.

use core::cell::UnsafeCell;
use core::sync::atomic::{AtomicIsize, Ordering};

use crate::guard::{borrow, guard, Out, Outcome};
use crate::tictactoe_result;

/// A handle: a boxed value the caller holds by pointer, wrapping what the core made.
pub(crate) trait Handle: Sized {
    /// What the handle wraps (a `Game`, a `Batch`, a `Puct`).
    type Inner;

    /// What a call that changes the handle works on: its value and what it keeps beside it.
    type Parts;

    /// The handle around `inner`, with whatever the handle keeps beside it.
    ///
    /// # Errors
    /// `ALLOC_FAILED` when what it keeps beside cannot be had.
    fn wrap(inner: Self::Inner) -> Result<Self, tictactoe_result>;

    /// Runs `body` on the value, to read it: `body` must not run the caller's code (nothing
    /// may then change the handle on this thread while it reads; other threads may not, by
    /// the handles' contract).
    ///
    /// # Errors
    /// `BUSY` when a call running is changing it; what `body` fails with.
    fn read<R>(
        &self,
        body: impl FnOnce(&Self::Inner) -> Result<R, tictactoe_result>,
    ) -> Result<R, tictactoe_result>;

    /// Runs `body` on the value, to read it, holding it as read meanwhile: for a `body` that
    /// runs the caller's code (a search's evaluator), whose calls that would change the handle
    /// are then refused. No default: a guarded handle that fell back on [`Handle::read`] would
    /// lose the hold without a word ([`GuardedHandle`] counts it).
    ///
    /// # Errors
    /// As for [`Handle::read`].
    fn read_held<R>(
        &self,
        body: impl FnOnce(&Self::Inner) -> Result<R, tictactoe_result>,
    ) -> Result<R, tictactoe_result>;

    /// Runs `body` on the parts of the handle at `this`, to change them.
    ///
    /// # Errors
    /// `NULL_PARAMETER` for NULL; `BUSY` when a call running holds the handle; what `body`
    /// fails with.
    ///
    /// # Safety
    /// `this` must be NULL or a live handle used by no other thread.
    unsafe fn change<R>(
        this: *mut Self,
        body: impl FnOnce(&mut Self::Parts) -> Result<R, tictactoe_result>,
    ) -> Result<R, tictactoe_result>;

    /// The value among the parts.
    fn inner_mut(parts: &mut Self::Parts) -> &mut Self::Inner;

    /// Whether no call running holds the handle, so that it may be released.
    fn is_free(&self) -> bool;
}

/// A handle a search's evaluator can reach (the batch, the search): its parts [`Guarded`], its
/// value among them. Its [`Handle`] follows, written once for both.
pub(crate) trait GuardedHandle: Sized {
    /// What the handle wraps.
    type Inner;

    /// The value and what the handle keeps beside it.
    type Parts;

    /// The handle around `inner` ([`Handle::wrap`]).
    ///
    /// # Errors
    /// `ALLOC_FAILED` when what it keeps beside cannot be had.
    fn around(inner: Self::Inner) -> Result<Self, tictactoe_result>;

    /// Its guarded parts.
    fn guarded(&self) -> &Guarded<Self::Parts>;

    /// The value among the parts.
    fn value(parts: &Self::Parts) -> &Self::Inner;

    /// The value among the parts, to change.
    fn value_mut(parts: &mut Self::Parts) -> &mut Self::Inner;
}

impl<H: GuardedHandle> Handle for H {
    type Inner = H::Inner;
    type Parts = H::Parts;

    fn wrap(inner: H::Inner) -> Result<H, tictactoe_result> {
        H::around(inner)
    }

    fn read<R>(
        &self,
        body: impl FnOnce(&H::Inner) -> Result<R, tictactoe_result>,
    ) -> Result<R, tictactoe_result> {
        self.guarded().read(|parts| body(H::value(parts)))
    }

    fn read_held<R>(
        &self,
        body: impl FnOnce(&H::Inner) -> Result<R, tictactoe_result>,
    ) -> Result<R, tictactoe_result> {
        self.guarded().read_held(|parts| body(H::value(parts)))
    }

    unsafe fn change<R>(
        this: *mut H,
        body: impl FnOnce(&mut H::Parts) -> Result<R, tictactoe_result>,
    ) -> Result<R, tictactoe_result> {
        // SAFETY: the caller's promise; the parts are changed through the guard alone.
        unsafe { borrow(this) }?.guarded().change(body)
    }

    fn inner_mut(parts: &mut H::Parts) -> &mut H::Inner {
        H::value_mut(parts)
    }

    fn is_free(&self) -> bool {
        self.guarded().is_free()
    }
}

/// What a handle a callback can reach holds: its parts, and how many calls hold them (readers
/// as a count, a call changing them as [`CHANGING`]). Read through a shared reference only, the
/// parts behind an `UnsafeCell`, so that a call made from a callback can look at the count
/// while the running call holds the parts (the pattern of `RefCell`, counted atomically for
/// readers on several threads).
pub(crate) struct Guarded<P> {
    holds: AtomicIsize,
    parts: UnsafeCell<P>,
}

/// The count of a handle a call is changing.
const CHANGING: isize = -1;

/// Gives a handle back when a call ends, however it ends (a panic unwinds through it to the
/// panic boundary): one reader less, or no call changing it.
struct Hold<'a> {
    holds: &'a AtomicIsize,
    changing: bool,
}

impl Drop for Hold<'_> {
    fn drop(&mut self) {
        if self.changing {
            self.holds.store(0, Ordering::Release);
        } else {
            self.holds.fetch_sub(1, Ordering::Release);
        }
    }
}

impl<P> Guarded<P> {
    /// Parts no call holds.
    pub(crate) fn new(parts: P) -> Guarded<P> {
        Guarded { holds: AtomicIsize::new(0), parts: UnsafeCell::new(parts) }
    }

    /// Runs `body` on the parts, to read them, without running the caller's code; `BUSY` while
    /// a call changes them. Not counted: nothing can change them on this thread before it
    /// returns (a count would cost every read of a batch ten times what the read costs).
    pub(crate) fn read<R>(
        &self,
        body: impl FnOnce(&P) -> Result<R, tictactoe_result>,
    ) -> Result<R, tictactoe_result> {
        if self.holds.load(Ordering::Acquire) == CHANGING {
            return Err(tictactoe_result::Busy);
        }
        // SAFETY: no call changes the parts: none was, and none can start on this thread
        // before `body` returns (it runs no code of the caller's), nor on another (the
        // handle's contract).
        body(unsafe { &*self.parts.get() })
    }

    /// Runs `body` on the parts, to read them, counted as a reader meanwhile, so that the
    /// calls the caller's code makes during `body` cannot change them; `BUSY` while a call
    /// changes them.
    pub(crate) fn read_held<R>(
        &self,
        body: impl FnOnce(&P) -> Result<R, tictactoe_result>,
    ) -> Result<R, tictactoe_result> {
        let mut readers = self.holds.load(Ordering::Relaxed);
        loop {
            if readers == CHANGING {
                return Err(tictactoe_result::Busy);
            }
            let more = readers + 1;
            match self.holds.compare_exchange_weak(
                readers,
                more,
                Ordering::Acquire,
                Ordering::Relaxed,
            ) {
                Ok(_) => break,
                Err(now) => readers = now,
            }
        }
        let _hold = Hold { holds: &self.holds, changing: false };
        // SAFETY: counted as a reader: no call changes the parts until the hold ends.
        body(unsafe { &*self.parts.get() })
    }

    /// Runs `body` on the parts, to change them; `BUSY` while any call holds them.
    pub(crate) fn change<R>(
        &self,
        body: impl FnOnce(&mut P) -> Result<R, tictactoe_result>,
    ) -> Result<R, tictactoe_result> {
        self.holds
            .compare_exchange(0, CHANGING, Ordering::Acquire, Ordering::Relaxed)
            .map_err(|_| tictactoe_result::Busy)?;
        let _hold = Hold { holds: &self.holds, changing: true };
        // SAFETY: marked as changed by this call alone: no other call reads or changes the
        // parts until the hold ends.
        body(unsafe { &mut *self.parts.get() })
    }

    /// Whether no call holds the parts.
    pub(crate) fn is_free(&self) -> bool {
        self.holds.load(Ordering::Acquire) == 0
    }
}

/// Hands a new handle around `inner` to the caller through `out` (the caller owns it from then
/// on and releases it with the handle's `_free`).
///
/// # Safety
/// `out` must be valid for writes of a pointer.
pub(crate) unsafe fn hand_out<H: Handle>(inner: H::Inner, out: Out<*mut H>) -> Outcome {
    let handle = Box::into_raw(Box::new(H::wrap(inner)?));
    // SAFETY: the caller's promise.
    unsafe { out.write(handle) };
    Ok(())
}

/// Runs `body` on the value of the handle at `handle`, to read it, in a call of its own:
/// `NULL_PARAMETER` for NULL, `BUSY` while a call running changes it.
///
/// # Safety
/// `handle` must be NULL or a live handle not being changed by another thread.
pub(crate) unsafe fn read<H: Handle, R>(
    handle: *const H,
    body: impl FnOnce(&H::Inner) -> Result<R, tictactoe_result>,
) -> Result<R, tictactoe_result> {
    // SAFETY: the caller's promise.
    unsafe { borrow(handle) }?.read(body)
}

/// Runs `body` on the value of the handle at `handle`, held as read while `body` runs the
/// caller's code ([`Handle::read_held`]): `NULL_PARAMETER` for NULL, `BUSY` while a call running
/// changes it.
///
/// # Safety
/// `handle` must be NULL or a live handle not being changed by another thread.
pub(crate) unsafe fn read_held<H: Handle, R>(
    handle: *const H,
    body: impl FnOnce(&H::Inner) -> Result<R, tictactoe_result>,
) -> Result<R, tictactoe_result> {
    // SAFETY: the caller's promise.
    unsafe { borrow(handle) }?.read_held(body)
}

/// Runs `body` on the value of a handle the call reads: `NULL_PARAMETER` for NULL, `BUSY`
/// while a call running changes it.
///
/// # Safety
/// `handle` must be NULL or a live handle not being changed by another thread.
pub(crate) unsafe fn reading<H: Handle>(
    handle: *const H,
    body: impl FnOnce(&H::Inner) -> Outcome,
) -> tictactoe_result {
    // SAFETY: the caller's promise.
    guard(|| unsafe { read(handle, body) })
}

/// Runs `body` on the value of a handle the call may change: `NULL_PARAMETER` for NULL, `BUSY`
/// while a call running holds it.
///
/// # Safety
/// `handle` must be NULL or a live handle used by no other thread.
pub(crate) unsafe fn changing<H: Handle>(
    handle: *mut H,
    body: impl FnOnce(&mut H::Inner) -> Outcome,
) -> tictactoe_result {
    // SAFETY: the caller's promise.
    unsafe { changing_handle(handle, |parts| body(H::inner_mut(parts))) }
}

/// Runs `body` on a handle the call may change, with what the handle keeps beside its value.
///
/// # Safety
/// As for [`changing`].
pub(crate) unsafe fn changing_handle<H: Handle>(
    handle: *mut H,
    body: impl FnOnce(&mut H::Parts) -> Outcome,
) -> tictactoe_result {
    // SAFETY: the caller's promise.
    guard(|| unsafe { H::change(handle, body) })
}

/// Releases a handle; NULL does nothing, and so does a handle a call running holds (a
/// callback's release of the search or batch that called it: the running call still uses it).
///
/// # Safety
/// `handle` must be NULL or a live handle handed out by [`hand_out`], released once.
pub(crate) unsafe fn release<H: Handle>(handle: *mut H) {
    // SAFETY: the caller's promise.
    let Ok(held) = (unsafe { borrow(handle) }) else { return };
    if !held.is_free() {
        return;
    }
    // Dropping cannot panic; the guard keeps that true if it ever changes.
    let _ = guard(|| {
        // SAFETY: the caller's promise.
        drop(unsafe { Box::from_raw(handle) });
        Ok(())
    });
}

#[cfg(test)]
mod tests {
    use super::{guard, Guarded};
    use crate::tictactoe_result;

    #[test]
    fn readers_share_a_handle_a_changer_holds_alone() {
        let held = Guarded::new(5);
        let inside = held.read_held(|&five| {
            assert_eq!(held.read(|&again| Ok(again + five)), Ok(10));
            assert_eq!(held.read_held(|&again| Ok(again + five)), Ok(10));
            assert_eq!(held.change(|_| Ok(())), Err(tictactoe_result::Busy));
            Ok(five)
        });
        assert_eq!(inside, Ok(5));
        let changed = held.change(|value| {
            *value += 1;
            assert_eq!(held.read(|&value| Ok(value)), Err(tictactoe_result::Busy));
            assert_eq!(held.read_held(|&value| Ok(value)), Err(tictactoe_result::Busy));
            assert_eq!(held.change(|_| Ok(())), Err(tictactoe_result::Busy));
            assert!(!held.is_free());
            Ok(())
        });
        assert_eq!(changed, Ok(()));
        assert!(held.is_free());
        assert_eq!(held.read(|&value| Ok(value)), Ok(6));
    }

    #[test]
    fn a_panic_gives_the_handle_back() {
        let held = Guarded::new(0);
        for changing in [false, true] {
            let result = guard(|| {
                if changing {
                    held.change(|_| panic!("a defect"))
                } else {
                    held.read_held(|_| panic!("a defect"))
                }
            });
            assert_eq!(result, tictactoe_result::Panic);
            assert!(held.is_free());
        }
        assert_eq!(held.change(|value| Ok(*value)), Ok(0));
    }
}
