//! The opaque handles the C caller holds (a game, a batch): how each is handed out, borrowed for
//! one call and released, written once for both (rustls-ffi's `Castable`, in small).

use crate::guard::{borrow, borrow_mut, guard, Out, Outcome};
use crate::tictactoe_result;

/// A handle: a boxed value the caller holds by pointer, wrapping what the core made.
pub(crate) trait Handle: Sized {
    /// What the handle wraps (a `Game`, a `Batch`).
    type Inner;

    /// The handle around `inner`, with whatever the handle keeps beside it.
    ///
    /// # Errors
    /// `ALLOC_FAILED` when what it keeps beside cannot be had.
    fn wrap(inner: Self::Inner) -> Result<Self, tictactoe_result>;

    /// The wrapped value.
    fn inner(&self) -> &Self::Inner;

    /// The wrapped value, to change.
    fn inner_mut(&mut self) -> &mut Self::Inner;
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

/// Runs `body` on the value of a handle the call reads; `NULL_PARAMETER` for NULL.
///
/// # Safety
/// `handle` must be NULL or a live handle not being changed by another thread.
pub(crate) unsafe fn reading<H: Handle>(
    handle: *const H,
    body: impl FnOnce(&H::Inner) -> Outcome,
) -> tictactoe_result {
    guard(|| {
        // SAFETY: the caller's promise.
        body(unsafe { borrow(handle) }?.inner())
    })
}

/// Runs `body` on the value of a handle the call may change; `NULL_PARAMETER` for NULL.
///
/// # Safety
/// `handle` must be NULL or a live handle used by no other thread.
pub(crate) unsafe fn changing<H: Handle>(
    handle: *mut H,
    body: impl FnOnce(&mut H::Inner) -> Outcome,
) -> tictactoe_result {
    // SAFETY: the caller's promise.
    unsafe { changing_handle(handle, |handle| body(handle.inner_mut())) }
}

/// Runs `body` on a handle the call may change, with what the handle keeps beside its value.
///
/// # Safety
/// As for [`changing`].
pub(crate) unsafe fn changing_handle<H: Handle>(
    handle: *mut H,
    body: impl FnOnce(&mut H) -> Outcome,
) -> tictactoe_result {
    guard(|| {
        // SAFETY: the caller's promise.
        body(unsafe { borrow_mut(handle) }?)
    })
}

/// Releases a handle; NULL does nothing.
///
/// # Safety
/// `handle` must be NULL or a live handle handed out by [`hand_out`], released once.
pub(crate) unsafe fn release<H: Handle>(handle: *mut H) {
    if !handle.is_null() {
        // Dropping cannot panic; the guard keeps that true if it ever changes.
        let _ = guard(|| {
            // SAFETY: the caller's promise.
            drop(unsafe { Box::from_raw(handle) });
            Ok(())
        });
    }
}
