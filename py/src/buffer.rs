//! Zero-copy reading of a (k, 3) integer buffer (a numpy array, say) through the buffer
//! protocol.
//!
//! The wheel targets the stable ABI of Python 3.10, where `PyObject_GetBuffer` and `Py_buffer`
//! are not yet part of the limited API (they joined it in 3.11, unchanged), so pyo3 does not
//! offer them. Every CPython 3 exports the function, and the struct has had this layout since
//! 3.3 — the layout 3.11 froze into the stable ABI — so they are declared here. The copy-based
//! alternative (`memoryview.tobytes`) cost more than the moves themselves.

use core::ffi::{c_char, c_int, c_void, CStr};

use pyo3::exceptions::PyTypeError;
use pyo3::ffi::PyObject;
use pyo3::prelude::*;

/// What a batch of moves must be, the start of every `TypeError` about its shape.
pub(crate) const SHAPE_ERROR: &str =
    "moves must be a sequence of (row, col, player) or a (k, 3) buffer of integers";

/// `Py_buffer`, as CPython defines it since 3.3 (stable ABI since 3.11).
#[repr(C)]
struct RawBuffer {
    buf: *mut c_void,
    obj: *mut PyObject,
    len: isize,
    itemsize: isize,
    readonly: c_int,
    ndim: c_int,
    format: *mut c_char,
    shape: *mut isize,
    strides: *mut isize,
    suboffsets: *mut isize,
    internal: *mut c_void,
}

extern "C" {
    fn PyObject_GetBuffer(obj: *mut PyObject, view: *mut RawBuffer, flags: c_int) -> c_int;
    fn PyBuffer_Release(view: *mut RawBuffer);
}

/// `PyBUF_RECORDS_RO`: strides and format wanted, read-only is fine.
const RECORDS_RO: c_int = 0x0010 | 0x0008 | 0x0004;

/// An integer type a buffer may hold, from its `struct` format.
#[derive(Clone, Copy)]
struct Integer {
    size: usize,
    signed: bool,
    big_endian: bool,
}

impl Integer {
    fn from_format(format: &[u8]) -> Option<Integer> {
        let (big_endian, letter) = match format {
            [letter] => (false, *letter),
            [b'@' | b'=' | b'<', letter] => (false, *letter),
            [b'>' | b'!', letter] => (true, *letter),
            _ => return None,
        };
        let (size, signed) = match letter {
            b'b' => (1, true),
            b'B' => (1, false),
            b'h' => (2, true),
            b'H' => (2, false),
            b'i' => (4, true),
            b'I' => (4, false),
            b'l' | b'q' | b'n' => (8, true),
            b'L' | b'Q' | b'N' => (8, false),
            _ => return None,
        };
        Some(Integer { size, signed, big_endian })
    }

    /// The integer at `at`, widened to i128, which holds every buffer integer type.
    ///
    /// # Safety
    /// `at` must be valid for reads of `size` bytes.
    #[inline]
    unsafe fn read(self, at: *const u8) -> i128 {
        /// Reads a `$t` (any alignment) in the buffer's byte order.
        macro_rules! read {
            ($t:ty) => {{
                // SAFETY: the caller's promise; `size` is `size_of::<$t>()` in this arm.
                let raw = unsafe { at.cast::<$t>().read_unaligned() };
                i128::from(if self.big_endian { <$t>::from_be(raw) } else { <$t>::from_le(raw) })
            }};
        }
        // One arm per type, so that each read is a single load (the branch always goes the same
        // way within a buffer).
        match (self.size, self.signed) {
            (1, true) => read!(i8),
            (1, false) => read!(u8),
            (2, true) => read!(i16),
            (2, false) => read!(u16),
            (4, true) => read!(i32),
            (4, false) => read!(u32),
            (_, true) => read!(i64),
            (_, false) => read!(u64),
        }
    }
}

/// A held view of a (k, 3) integer buffer; released when dropped (with the GIL held, as every
/// `IntegerRows` lives inside a call from Python).
pub(crate) struct IntegerRows {
    raw: RawBuffer,
    integer: Integer,
    rows: usize,
    strides: [isize; 2],
}

impl IntegerRows {
    /// A view of `object`'s buffer, or `None` when it has no buffer protocol; `TypeError` for
    /// a buffer that is not a (k, 3) array of integers.
    pub(crate) fn new(object: &Bound<'_, PyAny>) -> PyResult<Option<IntegerRows>> {
        let mut raw = core::mem::MaybeUninit::<RawBuffer>::uninit();
        // SAFETY: `object` is a live object and we hold the GIL; on success CPython fills
        // `raw`, which must then be released exactly once (done in `Drop`).
        if unsafe { PyObject_GetBuffer(object.as_ptr(), raw.as_mut_ptr(), RECORDS_RO) } != 0 {
            // The exporter refused (or there is no exporter): not a buffer we can read.
            let err = PyErr::take(object.py());
            return match err {
                Some(err) if err.is_instance_of::<PyTypeError>(object.py()) => Ok(None),
                Some(err) => Err(err),
                None => Ok(None),
            };
        }
        // SAFETY: filled by the successful call above.
        let raw = unsafe { raw.assume_init() };
        let mut view = IntegerRows {
            raw,
            integer: Integer { size: 1, signed: false, big_endian: false },
            rows: 0,
            strides: [0; 2],
        };
        // SAFETY: `format` is NUL-terminated text when requested with PyBUF_FORMAT; `shape` and
        // `strides` hold `ndim` entries when requested with PyBUF_STRIDES.
        let (format, shape, strides) = unsafe {
            let format = CStr::from_ptr(view.raw.format).to_bytes();
            let ndim = usize::try_from(view.raw.ndim).unwrap_or(0);
            if ndim == 0 || !view.raw.suboffsets.is_null() {
                (format, &[][..], &[][..])
            } else {
                (
                    format,
                    core::slice::from_raw_parts(view.raw.shape, ndim),
                    core::slice::from_raw_parts(view.raw.strides, ndim),
                )
            }
        };
        let integer = Integer::from_format(format)
            .filter(|integer| isize::try_from(integer.size).ok() == Some(view.raw.itemsize));
        let Some(integer) = integer else {
            let format = String::from_utf8_lossy(format);
            return Err(PyTypeError::new_err(format!("{SHAPE_ERROR}; this one holds '{format}'")));
        };
        let (rows, row_stride, col_stride) = match (shape, strides) {
            ([k, 3], [s0, s1]) => (usize::try_from(*k).unwrap_or(0), *s0, *s1),
            ([0], [s0]) => (0, *s0, 0),
            _ => {
                return Err(PyTypeError::new_err(format!(
                    "{SHAPE_ERROR}; this one has shape {shape:?}"
                )))
            }
        };
        view.integer = integer;
        view.rows = rows;
        view.strides = [row_stride, col_stride];
        Ok(Some(view))
    }

    /// The number of moves.
    pub(crate) fn len(&self) -> usize {
        self.rows
    }

    /// The integer at (i, j), i < `len()`, j < 3.
    #[inline]
    pub(crate) fn get(&self, i: usize, j: usize) -> i128 {
        let offset = i as isize * self.strides[0] + j as isize * self.strides[1];
        // SAFETY: (i, j) is inside the shape, so the exporter guarantees `size` readable bytes
        // at this offset from `buf` while the view is held; nothing writes them during the call
        // (we hold the GIL and run no Python code while reading).
        unsafe { self.integer.read(self.raw.buf.cast::<u8>().offset(offset)) }
    }
}

impl Drop for IntegerRows {
    fn drop(&mut self) {
        // SAFETY: the view was filled by a successful PyObject_GetBuffer and is released once;
        // every IntegerRows is dropped inside the call from Python that made it, GIL held.
        unsafe { PyBuffer_Release(&mut self.raw) }
    }
}
