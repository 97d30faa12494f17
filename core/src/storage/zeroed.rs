//! Zeroed heap memory that costs nothing until it is touched: the allocator's zeroed allocation
//! (calloc, which takes fresh pages from the system for large blocks), rather than allocating and
//! then writing zeros over every page. An empty 65535 x 65535 board is 1 GiB of words; made
//! this way it is resident only where it is played.
//!
//! This is the core's one use of `unsafe`: stable Rust's safe zeroed allocation (`vec![0; n]`)
//! aborts when the memory cannot be had, and every constructor here reports that as
//! [`Error::AllocFailed`] instead.
#![allow(unsafe_code)]

use alloc::alloc::alloc_zeroed;
use alloc::vec::Vec;
use core::alloc::Layout;

use crate::Error;

/// Types for which all-zero bytes are a valid value.
///
/// # Safety
/// Implement only for such types.
pub(crate) unsafe trait Zeroable: Copy {}

// SAFETY: integers and arrays of integers are valid as all-zero bytes.
unsafe impl Zeroable for u8 {}
// SAFETY: as above.
unsafe impl Zeroable for u32 {}
// SAFETY: as above.
unsafe impl Zeroable for u64 {}
// SAFETY: as above.
unsafe impl Zeroable for [u32; 2] {}

/// `len` zeros, in an allocation of exactly `len` items.
///
/// # Errors
/// [`Error::AllocFailed`] when the size overflows or the memory cannot be had.
pub(crate) fn zeroed<T: Zeroable>(len: usize) -> Result<Vec<T>, Error> {
    let layout = Layout::array::<T>(len).map_err(|_| Error::AllocFailed)?;
    if layout.size() == 0 {
        return Ok(Vec::new());
    }
    // SAFETY: the layout's size is not zero.
    let ptr = unsafe { alloc_zeroed(layout) }.cast::<T>();
    if ptr.is_null() {
        return Err(Error::AllocFailed);
    }
    // SAFETY: `ptr` comes from the global allocator with the layout of `[T; len]` (so its
    // alignment is T's and its size `len * size_of::<T>()`, what a Vec of capacity `len` holds),
    // and its `len` items are initialized: all-zero bytes are a valid T (`Zeroable`).
    Ok(unsafe { Vec::from_raw_parts(ptr, len, len) })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zeroed_vectors_hold_zeros_and_grow_like_any_other() {
        let mut words = zeroed::<u32>(1000).unwrap();
        assert_eq!((words.len(), words.capacity()), (1000, 1000));
        assert!(words.iter().all(|&w| w == 0));
        words.push(7);
        words[3] = 1;
        assert_eq!((words[3], words[1000]), (1, 7));
        assert_eq!(zeroed::<[u32; 2]>(3).unwrap(), [[0, 0]; 3]);
        assert!(zeroed::<u64>(0).unwrap().is_empty());
        assert_eq!(zeroed::<u64>(usize::MAX), Err(Error::AllocFailed));
        assert_eq!(zeroed::<u8>(isize::MAX as usize + 1), Err(Error::AllocFailed));
    }
}
