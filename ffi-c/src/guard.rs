//! The panic boundary and the pointer checks every function starts with.

use core::panic::AssertUnwindSafe;
use std::panic::catch_unwind;

use crate::tictactoe_result;

/// What a function body returns: `Ok` for success, or the code to return.
pub(crate) type Outcome = Result<(), tictactoe_result>;

/// Runs `body`, turning a panic into `TICTACTOE_RESULT_PANIC` so that no unwinding crosses
/// `extern "C"`.
#[inline]
pub(crate) fn guard(body: impl FnOnce() -> Outcome) -> tictactoe_result {
    match catch_unwind(AssertUnwindSafe(body)) {
        Ok(Ok(())) => tictactoe_result::Ok,
        Ok(Err(code)) => code,
        Err(_) => tictactoe_result::Panic,
    }
}

/// A shared reference from a pointer the caller promises valid, or `NULL_PARAMETER`.
///
/// # Safety
/// A non-NULL `ptr` must point to a live `T` not mutated for `'a`, except through an
/// `UnsafeCell` (a guarded handle's parts, and its count of holds).
pub(crate) unsafe fn borrow<'a, T>(ptr: *const T) -> Result<&'a T, tictactoe_result> {
    // SAFETY: the caller's promise, for non-NULL pointers.
    unsafe { ptr.as_ref() }.ok_or(tictactoe_result::NullParameter)
}

/// An exclusive reference from a pointer the caller promises valid, or `NULL_PARAMETER`.
///
/// # Safety
/// A non-NULL `ptr` must point to a live `T` used by nobody else for `'a`.
pub(crate) unsafe fn borrow_mut<'a, T>(ptr: *mut T) -> Result<&'a mut T, tictactoe_result> {
    // SAFETY: the caller's promise, for non-NULL pointers.
    unsafe { ptr.as_mut() }.ok_or(tictactoe_result::NullParameter)
}

/// An out-param, checked for NULL before anything is done, written only at the end.
pub(crate) struct Out<T>(*mut T);

impl<T> Out<T> {
    /// Checks `ptr` for NULL.
    pub(crate) fn new(ptr: *mut T) -> Result<Out<T>, tictactoe_result> {
        if ptr.is_null() {
            Err(tictactoe_result::NullParameter)
        } else {
            Ok(Out(ptr))
        }
    }

    /// Writes the value.
    ///
    /// # Safety
    /// The pointer given to [`Out::new`] must be valid for writes of a `T`.
    pub(crate) unsafe fn write(self, value: T) {
        // SAFETY: non-NULL (checked in `new`) and valid (the caller's promise).
        unsafe { self.0.write(value) }
    }
}

/// A caller buffer of `capacity` elements, which may be NULL only when `capacity` is 0.
///
/// # Safety
/// A non-NULL `ptr` must be valid for writes of `capacity` elements, used by nobody else.
pub(crate) unsafe fn buffer<'a, T>(
    ptr: *mut T,
    capacity: usize,
) -> Result<&'a mut [T], tictactoe_result> {
    if capacity == 0 {
        return Ok(&mut []);
    }
    if ptr.is_null() {
        return Err(tictactoe_result::NullParameter);
    }
    // SAFETY: non-NULL, and valid for `capacity` elements by the caller's promise.
    Ok(unsafe { core::slice::from_raw_parts_mut(ptr, capacity) })
}

/// A caller array of `len` elements to read.
///
/// # Safety
/// A non-NULL `ptr` must be valid for reads of `len` elements, not mutated during the call.
pub(crate) unsafe fn input<'a, T>(ptr: *const T, len: usize) -> Result<&'a [T], tictactoe_result> {
    if ptr.is_null() {
        return Err(tictactoe_result::NullParameter);
    }
    // SAFETY: non-NULL, and valid for `len` elements by the caller's promise.
    Ok(unsafe { core::slice::from_raw_parts(ptr, len) })
}

/// A caller list of `count` entries to read, which may be NULL when it has none (an empty list
/// of moves or games).
///
/// # Safety
/// As for [`input`], with `count` for `len`.
pub(crate) unsafe fn entries<'a, T>(
    ptr: *const T,
    count: usize,
) -> Result<&'a [T], tictactoe_result> {
    if count == 0 {
        return Ok(&[]);
    }
    // SAFETY: the caller's promise.
    unsafe { input(ptr, count) }
}

/// The `len` items of `items` in a new vector, or `ALLOC_FAILED`: the scratch space of a call
/// that must not write the caller's arrays until it has succeeded.
pub(crate) fn collected<T>(
    len: usize,
    items: impl IntoIterator<Item = T>,
) -> Result<Vec<T>, tictactoe_result> {
    let mut vec = Vec::new();
    vec.try_reserve_exact(len).map_err(|_| tictactoe_result::AllocFailed)?;
    vec.extend(items.into_iter().take(len));
    Ok(vec)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panic_becomes_a_result_code() {
        assert_eq!(guard(|| panic!("a bug")), tictactoe_result::Panic);
        assert_eq!(guard(|| Err(tictactoe_result::Occupied)), tictactoe_result::Occupied);
        assert_eq!(guard(|| Ok(())), tictactoe_result::Ok);
    }

    #[test]
    fn null_pointers_are_refused() {
        assert_eq!(
            Out::<u32>::new(core::ptr::null_mut()).err(),
            Some(tictactoe_result::NullParameter)
        );
        // SAFETY: NULL is always accepted by these helpers.
        unsafe {
            assert_eq!(
                borrow::<u32>(core::ptr::null()).err(),
                Some(tictactoe_result::NullParameter)
            );
            assert_eq!(
                input::<u8>(core::ptr::null(), 0).err(),
                Some(tictactoe_result::NullParameter)
            );
            assert_eq!(buffer::<u8>(core::ptr::null_mut(), 0).map(|b| b.len()), Ok(0));
            assert_eq!(
                buffer::<u8>(core::ptr::null_mut(), 1).err(),
                Some(tictactoe_result::NullParameter)
            );
        }
    }
}
