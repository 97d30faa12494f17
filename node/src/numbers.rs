//! JavaScript numbers into the core's integers. A number is an IEEE double: one that is not an
//! integer (0.5, NaN, Infinity) is refused with a `TypeError` naming the argument, never
//! truncated. An integer out of a Rust type's range is saturated into a value the core refuses
//! for the same reason (a row of -1 or 2**32 is off every board, a player of 2**32 is not 1 or
//! 2), so that the core's order of checks decides the refusal, and its message shows the
//! caller's number ([`Number`]).

use core::fmt;

use napi::Env;

use crate::errors::{range_error, type_error};

/// A number as JavaScript writes it (`String(x)`): `4294967296`, `0.5`, `1e+21`, `Infinity`.
#[derive(Clone, Copy)]
pub(crate) struct Number(pub(crate) f64);

impl fmt::Display for Number {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let x = self.0;
        if x.is_nan() {
            f.write_str("NaN")
        } else if x.is_infinite() {
            f.write_str(if x > 0.0 { "Infinity" } else { "-Infinity" })
        } else if x.abs() >= 1e21 {
            let text = format!("{x:e}");
            match text.split_once('e') {
                Some((mantissa, exponent)) if !exponent.starts_with('-') => {
                    write!(f, "{mantissa}e+{exponent}")
                }
                _ => f.write_str(&text),
            }
        } else {
            // Rust writes integral doubles without ".0" and others in shortest form, as
            // JavaScript does below 1e21 (-0 is "0" there).
            write!(f, "{}", if x == 0.0 { 0.0 } else { x })
        }
    }
}

/// `value` if it is an integer, else a `TypeError` naming `name`.
fn integer(env: &Env, value: f64, name: &str) -> napi::Result<f64> {
    if value.is_finite() && value.fract() == 0.0 {
        Ok(value)
    } else {
        Err(type_error(env, format_args!("{name} must be an integer, not {}", Number(value))))
    }
}

/// An integer as a row, column or size: negative ones, and those beyond `usize`, become
/// `usize::MAX` (off every board).
#[inline]
pub(crate) fn index(env: &Env, value: f64, name: &str) -> napi::Result<usize> {
    let value = integer(env, value, name)?;
    Ok(if value < 0.0 || value >= usize::MAX as f64 { usize::MAX } else { value as usize })
}

/// An integer as a player number: those outside `u32` become 0 (no player).
#[inline]
pub(crate) fn player(env: &Env, value: f64, name: &str) -> napi::Result<u32> {
    let value = integer(env, value, name)?;
    Ok(if (0.0..=f64::from(u32::MAX)).contains(&value) { value as u32 } else { 0 })
}

/// An integer as a number of games: negative ones become 0 (fewer than one, which the core
/// refuses as such), those beyond `usize` `usize::MAX` (more than memory holds).
pub(crate) fn count(env: &Env, value: f64, name: &str) -> napi::Result<usize> {
    let value = integer(env, value, name)?;
    Ok(if value <= 0.0 {
        0
    } else if value >= usize::MAX as f64 {
        usize::MAX
    } else {
        value as usize
    })
}

/// The largest integer a JavaScript number holds exactly, 2**53 - 1: the bound of seeds and
/// budgets.
pub(crate) const MAX_SAFE_INTEGER: u64 = (1 << 53) - 1;

/// An option that is a non-negative integer of at most `max` (a budget, a seed, a number of
/// threads), `default` when not given: a `TypeError` for a non-integer, a `RangeError` outside
/// 0 ..= `max` (no refusal of the core applies to these: the call would silently mean another
/// number).
pub(crate) fn option(
    env: &Env,
    value: Option<f64>,
    name: &str,
    default: u64,
    max: u64,
) -> napi::Result<u64> {
    option_within(env, value, name, default, 0..=max)
}

/// [`option`] for integers in `range`.
pub(crate) fn option_within(
    env: &Env,
    value: Option<f64>,
    name: &str,
    default: u64,
    range: core::ops::RangeInclusive<u64>,
) -> napi::Result<u64> {
    let Some(value) = value else {
        return Ok(default);
    };
    let value = integer(env, value, name)?;
    let (min, max) = (*range.start(), *range.end());
    // Integers above 2**53 are not all doubles: the bounds are checked as doubles.
    if value < min as f64 || value > max as f64 {
        return Err(range_error(
            env,
            format_args!("{name} must be an integer from {min} to {max}, not {}", Number(value)),
        ));
    }
    Ok(value as u64)
}

/// `maxBytes`, a memory bound in bytes: a non-negative integer (bounds above the address space
/// are none).
pub(crate) fn max_bytes(env: &Env, value: f64) -> napi::Result<usize> {
    let max = option(env, Some(value), "maxBytes", 0, u64::MAX)?;
    Ok(usize::try_from(max).unwrap_or(usize::MAX))
}

/// An action as JavaScript receives it: -1 for the core's [`NO_ACTION`] (no legal move).
///
/// [`NO_ACTION`]: tictactoe_core::NO_ACTION
pub(crate) fn action(action: u32) -> i32 {
    if action == tictactoe_core::NO_ACTION {
        -1
    } else {
        // Actions are cells or columns of a board of at most 2^31 of them (a batch's).
        action as i32
    }
}
