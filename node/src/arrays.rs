//! Typed arrays in and out of a batch call, without a copy: the caller's `Uint8Array`,
//! `Int32Array` or `Int8Array` written in place (or a new one made), and actions read from an
//! `Int32Array` or a `BigInt64Array`. The only `unsafe` code of the crate is here.

use napi::bindgen_prelude::{BigInt64ArraySlice, Int32ArraySlice, Int8ArraySlice, Uint8ArraySlice};
use napi::{Either, Env};
use tictactoe_core::Error;

use crate::errors::Refusal;

/// The actions of a step as the caller gives them.
pub(crate) type Actions<'env> = Either<Int32ArraySlice<'env>, BigInt64ArraySlice<'env>>;

/// The caller's actions into `out` as the core's `u32`s: a value no `u32` holds (negative, or
/// beyond 32 bits) becomes `u32::MAX`, an action no board has, which the core refuses as off
/// the board, naming the entry.
pub(crate) fn read_actions(actions: &Actions<'_>, out: &mut Vec<u32>) {
    out.clear();
    match actions {
        Either::A(values) => {
            out.extend(values.iter().map(|&a| u32::try_from(a).unwrap_or(u32::MAX)))
        }
        Either::B(values) => {
            out.extend(values.iter().map(|&a| u32::try_from(a).unwrap_or(u32::MAX)))
        }
    }
}

/// The action at `index` as the caller gave it (for the cell a refusal names).
pub(crate) fn given_action(actions: &Actions<'_>, index: usize) -> Option<i64> {
    match actions {
        Either::A(values) => values.get(index).map(|&a| i64::from(a)),
        Either::B(values) => values.get(index).copied(),
    }
}

/// The refusal of an output of the wrong length (before anything is written or played).
fn check_len(len: usize, expected: usize) -> Result<(), Refusal> {
    if len == expected {
        Ok(())
    } else {
        Err(Refusal::of(Error::LengthMismatch { len, expected }, Default::default()))
    }
}

/// Makes a typed array type the caller's output, checked, or a new zeroed one of `len`.
macro_rules! output {
    ($name:ident, $slice:ident, $item:ty) => {
        /// The caller's array when given (refused unless it holds `len` values), else a new
        /// one of `len` zeros.
        pub(crate) fn $name<'env>(
            env: &'env Env,
            given: Option<$slice<'env>>,
            len: usize,
        ) -> napi::Result<$slice<'env>> {
            match given {
                Some(array) => {
                    check_len(array.len(), len).map_err(|refusal| refusal.into_error(env))?;
                    Ok(array)
                }
                None => $slice::from_data(env, vec![0 as $item; len]),
            }
        }
    };
}

output!(bytes_output, Uint8ArraySlice, u8);
output!(int32_output, Int32ArraySlice, i32);
output!(int8_output, Int8ArraySlice, i8);

/// The bytes of a `Uint8Array` to write.
pub(crate) fn bytes<'a>(array: &'a mut Uint8ArraySlice<'_>) -> &'a mut [u8] {
    // SAFETY: the array's memory is alive while the argument is (the call's scope), and
    // JavaScript cannot touch it while this native call runs on its thread.
    unsafe { array.as_mut() }
}

/// The values of an `Int32Array` to write.
pub(crate) fn int32s<'a>(array: &'a mut Int32ArraySlice<'_>) -> &'a mut [i32] {
    // SAFETY: as in `bytes`.
    unsafe { array.as_mut() }
}

/// The flags of a `Uint8Array` to write as the core's `bool`s: zeroed first (every byte then a
/// valid `false`); the core writes only `bool`s, 0 or 1.
pub(crate) fn flags<'a>(array: &'a mut Uint8ArraySlice<'_>) -> &'a mut [bool] {
    let bytes = bytes(array);
    bytes.fill(0);
    // SAFETY: `bool` is one byte with the same alignment as `u8`, and every byte is 0 (false).
    unsafe { core::slice::from_raw_parts_mut(bytes.as_mut_ptr().cast::<bool>(), bytes.len()) }
}

/// The values of an `Int8Array` to write.
pub(crate) fn int8s<'a>(array: &'a mut Int8ArraySlice<'_>) -> &'a mut [i8] {
    // SAFETY: as in `bytes`.
    unsafe { array.as_mut() }
}

/// The flags of an `Int8Array` to write as the core's `bool`s, as [`flags`].
pub(crate) fn signed_flags<'a>(array: &'a mut Int8ArraySlice<'_>) -> &'a mut [bool] {
    let values = int8s(array);
    values.fill(0);
    // SAFETY: as in `flags`: `i8` is one byte, and every byte is 0 (false).
    unsafe { core::slice::from_raw_parts_mut(values.as_mut_ptr().cast::<bool>(), values.len()) }
}
