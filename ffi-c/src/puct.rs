//! The search a learned network guides, from C: a handle over a batch's games, searched with
//! the caller's evaluator callback (a function pointer and a user pointer), its moves played
//! through the handle so that each tree keeps the subtree of the move.

use core::ffi::c_void;

use tictactoe_search::{Evaluator, Puct, PuctConfig, PuctError};

use crate::guard::{buffer, entries, guard, Out};
use crate::handle::{hand_out, read, read_held, release, Guarded, GuardedHandle, Handle};
use crate::{tictactoe_batch, tictactoe_result};

/// A flag of `tictactoe_puct_run`: mix Dirichlet noise into the roots' priors for this search
/// (AlphaZero's self-play exploration); with Gumbel MuZero's search
/// (`tictactoe_puct_set_gumbel`), draw a Gumbel variable an action at the roots instead.
pub const TICTACTOE_PUCT_NOISE: u32 = 1u32;

/// The evaluator of `tictactoe_puct_run`: values `leaves` positions. `observation` holds
/// `leaves * 2 * rows * cols` flags (each position's marks of the side to move, then the
/// opponent's, row-major), `legal_mask` `leaves * actions` flags (its legal actions). Write each
/// position's logits over the actions into `logits` (`leaves * actions`; those of illegal
/// actions are not read) and its value in [-1, 1] from the side to move into `values`
/// (`leaves`). Return 0; any other value stops the search with `EVALUATOR_FAILED` (the value
/// itself is not kept: details travel through `user`).
///
/// The callback runs on the thread that called `tictactoe_puct_run`, once a simulation step,
/// with `leaves` >= 1. The arrays are the library's, valid only during the call: `observation`
/// and `legal_mask` read-only, `logits` and `values` zero-filled on entry. It may read the
/// batch and use other handles (another search, another batch). A call of its into the search
/// running it, or one that would change the batch searched (read during the whole call),
/// returns `BUSY` and does nothing (their `_free` and `tictactoe_puct_clear` do nothing: the
/// handles stay the caller's).
/// It must not unwind out of the call (a C++ exception, `longjmp`): catch and return non-zero,
/// as the C++ wrapper does.
pub type tictactoe_evaluate = Option<
    unsafe extern "C" fn(
        user: *mut c_void,
        leaves: usize,
        observation: *const bool,
        legal_mask: *const bool,
        logits: *mut f32,
        values: *mut f32,
    ) -> i32,
>;

/// How `tictactoe_puct_new` searches. NULL in its place means `{1.25, 0.3, 0.25, 0, 0}`.
/// The caller owns it; the function only reads it during the call.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct tictactoe_puct_options {
    /// The exploration constant (finite, >= 0): how much the priors weigh against values.
    pub c_puct: f32,
    /// The Dirichlet noise's concentration (finite, > 0).
    pub dirichlet_alpha: f32,
    /// The share of noise in the roots' priors when a search asks for noise (0 to 1).
    pub dirichlet_fraction: f32,
    /// The seed of the noise and of `tictactoe_puct_choose`.
    pub seed: u64,
    /// The most bytes the trees and buffers may take (`tictactoe_puct_bytes_needed`); 0 for
    /// no bound.
    pub max_bytes: u64,
}

/// PUCT over the games of one batch: the trees, kept from one search to the next. Opaque: made
/// by `tictactoe_puct_new`, released by `tictactoe_puct_free`. While `tictactoe_puct_run` runs,
/// a call on the same search from its evaluator returns `BUSY` once the pointer is found
/// non-NULL (`tictactoe_puct_free` and `tictactoe_puct_clear` do nothing).
pub struct tictactoe_puct(Guarded<Puct>);

impl GuardedHandle for tictactoe_puct {
    type Inner = Puct;
    type Parts = Puct;

    fn around(puct: Puct) -> Result<tictactoe_puct, tictactoe_result> {
        Ok(tictactoe_puct(Guarded::new(puct)))
    }

    fn guarded(&self) -> &Guarded<Puct> {
        &self.0
    }

    fn value(puct: &Puct) -> &Puct {
        puct
    }

    fn value_mut(puct: &mut Puct) -> &mut Puct {
        puct
    }
}

/// The C code of a refused or failed search.
fn code<E>(error: PuctError<E>) -> tictactoe_result {
    match error {
        PuctError::Evaluator(_) => tictactoe_result::EvaluatorFailed,
        PuctError::Value { .. } | PuctError::Logits { .. } => tictactoe_result::BadEvaluation,
        PuctError::Memory { .. } => tictactoe_result::LimitExceeded,
        PuctError::Setting { .. } | PuctError::OtherBatch => tictactoe_result::InvalidArgument,
        PuctError::Search(error) => error.into(),
        PuctError::Action { error, .. } => error.into(),
    }
}

/// The caller's callback and pointer as an [`Evaluator`].
struct Callback {
    evaluate: unsafe extern "C" fn(
        *mut c_void,
        usize,
        *const bool,
        *const bool,
        *mut f32,
        *mut f32,
    ) -> i32,
    user: *mut c_void,
}

impl Evaluator for Callback {
    type Error = i32;

    fn evaluate(
        &mut self,
        observation: &[bool],
        legal: &[bool],
        logits: &mut [f32],
        values: &mut [f32],
    ) -> Result<(), i32> {
        let leaves = values.len();
        let (observation, legal) = (observation.as_ptr(), legal.as_ptr());
        // SAFETY: the arrays are valid for the lengths the callback's contract gives; the rest
        // is the promise of whoever passed the callback.
        let status = unsafe {
            (self.evaluate)(
                self.user,
                leaves,
                observation,
                legal,
                logits.as_mut_ptr(),
                values.as_mut_ptr(),
            )
        };
        if status == 0 {
            Ok(())
        } else {
            Err(status)
        }
    }
}

/// Makes a search over the games of `batch` (its size and rules; the trees empty) and stores
/// it in `*puct_out`.
///
/// Returns `INVALID_ARGUMENT` for an option out of its range, `ALLOC_FAILED`, `NULL_PARAMETER`.
/// `*puct_out` is written only on success.
///
/// Ownership: the caller owns the new search and releases it with `tictactoe_puct_free`; the
/// batch stays the caller's (the search keeps no pointer to it). Thread safety: other threads
/// may read the batch meanwhile, not change it.
///
/// # Safety
/// `batch` must be NULL or a live batch; `options` NULL or valid for reads; `puct_out` NULL or
/// valid for writes of a pointer.
#[no_mangle]
pub unsafe extern "C" fn tictactoe_puct_new(
    batch: *const tictactoe_batch,
    options: *const tictactoe_puct_options,
    puct_out: *mut *mut tictactoe_puct,
) -> tictactoe_result {
    // SAFETY: the caller's promise, for each.
    guard(|| unsafe {
        // The batch first (NULL, BUSY), then the out-param, then the options.
        read(batch, |batch| {
            let puct_out = Out::new(puct_out)?;
            let puct = Puct::new(batch, config_of(options)).map_err(code)?;
            hand_out(puct, puct_out)
        })
    })
}

/// The search's settings from C's options (NULL: the defaults).
///
/// # Safety
/// `options` must be NULL or valid for reads.
unsafe fn config_of(options: *const tictactoe_puct_options) -> PuctConfig {
    let defaults = PuctConfig::default();
    // SAFETY: the caller's promise.
    let Some(&options) = (unsafe { options.as_ref() }) else { return defaults };
    PuctConfig {
        c_puct: options.c_puct,
        dirichlet_alpha: options.dirichlet_alpha,
        dirichlet_fraction: options.dirichlet_fraction,
        seed: options.seed,
        max_bytes: (options.max_bytes != 0)
            .then(|| usize::try_from(options.max_bytes).unwrap_or(usize::MAX)),
        ..defaults
    }
}

/// Releases a search. NULL does nothing, and so does a search running (a call from its
/// evaluator): that search stays the caller's, to release once it has returned.
///
/// Ownership: takes back the search; it must not be used again. Thread safety: no other
/// thread may be using it.
///
/// # Safety
/// `puct` must be NULL or a search from this library not yet released.
#[no_mangle]
pub unsafe extern "C" fn tictactoe_puct_free(puct: *mut tictactoe_puct) {
    // SAFETY: the caller's promise.
    unsafe { release(puct) }
}

/// Runs `simulations` simulations of PUCT (or, after `tictactoe_puct_set_gumbel`, of Gumbel
/// MuZero's search) in every unfinished game of `batch` (the batch the search was made for),
/// calling `evaluate(user, ...)` once a step with every new leaf (`tictactoe_evaluate`; at most
/// `tictactoe_puct_set_leaves`' count a game a step); `flags` 0 or `TICTACTOE_PUCT_NOISE`.
/// Writes each game's root visits by action into `visits` (`visits_len` = count * actions;
/// zero rows for finished games) and its root value from the side to move into `values`
/// (`values_len` = count). With noise off, fresh trees and one leaf a step the visits are the
/// textbook PUCT's (with more, its version with virtual losses); trees kept by
/// `tictactoe_puct_play` go on growing.
///
/// Returns `EVALUATOR_FAILED` when the callback returns non-zero, `BAD_EVALUATION` for a value
/// outside [-1, 1] or unusable logits, `LIMIT_EXCEEDED` past the options' `max_bytes`,
/// `LENGTH_MISMATCH` for arrays of the wrong length, `INVALID_ARGUMENT` for an unknown flag
/// or a batch of another size or rules, `ALLOC_FAILED`, `NULL_PARAMETER`, `BUSY` (the search
/// or batch checked for NULL and `BUSY` before the other arguments). The trees are
/// then as they were before the call, and nothing is written. After `PANIC` (a defect of the
/// library's) the search's state is not known: free it.
///
/// Ownership: the caller keeps everything. Thread safety: the search must not be used by
/// another thread during the call; other threads may read the batch (it is only read here),
/// not change it.
///
/// # Safety
/// `puct` and `batch` NULL or live; `evaluate` NULL or a function keeping its contract with
/// `user`; `visits` and `values` NULL or valid for writes of their lengths.
#[no_mangle]
pub unsafe extern "C" fn tictactoe_puct_run(
    puct: *mut tictactoe_puct,
    batch: *const tictactoe_batch,
    evaluate: tictactoe_evaluate,
    user: *mut c_void,
    simulations: u32,
    flags: u32,
    visits: *mut u32,
    visits_len: usize,
    values: *mut f32,
    values_len: usize,
) -> tictactoe_result {
    // The search held as changed and the batch as read through the evaluator's calls: a call
    // of its into either that would break that hold is refused with BUSY. The handles are
    // checked first, then the other arguments.
    // SAFETY: the caller's promise, for each.
    guard(|| unsafe {
        tictactoe_puct::change(puct, |puct| {
            read_held(batch, |batch| {
                let evaluate = evaluate.ok_or(tictactoe_result::NullParameter)?;
                if flags & !TICTACTOE_PUCT_NOISE != 0 {
                    return Err(tictactoe_result::InvalidArgument);
                }
                let (visits, values) = (buffer(visits, visits_len)?, buffer(values, values_len)?);
                let mut callback = Callback { evaluate, user };
                let noise = flags & TICTACTOE_PUCT_NOISE != 0;
                puct.run(batch, &mut callback, simulations, noise, visits, values).map_err(code)
            })
        })
    })
}

/// Plays `actions[g]` (`count` values, one a game; entries of finished games not read) in each
/// unfinished game g of `batch`, and keeps each move's subtree for the next search.
///
/// Returns the core's code for the first refused action (`OUT_OF_BOUNDS`, `OCCUPIED`,
/// `COLUMN_FULL`; nothing is played then), `LENGTH_MISMATCH`, `INVALID_ARGUMENT` for a batch
/// of another size or rules, `ALLOC_FAILED` (nothing played either), `NULL_PARAMETER`, `BUSY`
/// while the search runs or a search's evaluator holds the batch. A game
/// the batch moved by other means since the last search keeps no tree (the next search starts
/// it afresh).
///
/// Ownership: the caller keeps everything. Thread safety: neither may be used by another
/// thread during the call.
///
/// # Safety
/// `puct` and `batch` NULL or live; `actions` NULL or valid for reads of `count` values.
#[no_mangle]
pub unsafe extern "C" fn tictactoe_puct_play(
    puct: *mut tictactoe_puct,
    batch: *mut tictactoe_batch,
    actions: *const u32,
    count: usize,
) -> tictactoe_result {
    guard(|| {
        // SAFETY: the caller's promise, for each.
        unsafe {
            tictactoe_puct::change(puct, |puct| {
                tictactoe_batch::change(batch, |batch| {
                    let actions = entries(actions, count)?;
                    puct.play(tictactoe_batch::inner_mut(batch), actions).map_err(code)
                })
            })
        }
    })
}

/// Forgets every tree of the search, keeping their memory: the next `tictactoe_puct_run` starts
/// from fresh roots (evaluation games, a search repeated from the same positions). NULL does
/// nothing.
///
/// Ownership: the caller keeps the search. Thread safety: no other thread may be using it.
///
/// # Safety
/// `puct` must be NULL or a live search.
#[no_mangle]
pub unsafe extern "C" fn tictactoe_puct_clear(puct: *mut tictactoe_puct) {
    // A NULL search has nothing to forget: NULL_PARAMETER is not worth a result here.
    let _ = guard(|| {
        // SAFETY: the caller's promise.
        unsafe {
            tictactoe_puct::change(puct, |puct| {
                puct.clear();
                Ok(())
            })
        }
    });
}

/// Sets how many new leaves each game's descents may find a simulation step, for the searches
/// to come: 1 (the default) is the textbook algorithm; more, each descent after the first
/// steered off the earlier ones' paths by a virtual loss, make fewer and larger calls of the
/// evaluator. Each game still makes `simulations` simulations a search.
///
/// Returns `INVALID_ARGUMENT` for 0, or more than 1 with Gumbel's search
/// (`tictactoe_puct_set_gumbel`), `NULL_PARAMETER` for a NULL `puct`, `BUSY` while it runs;
/// nothing changes then.
///
/// Ownership: the caller keeps the search. Thread safety: no other thread may be using it.
///
/// # Safety
/// `puct` must be NULL or a live search.
#[no_mangle]
pub unsafe extern "C" fn tictactoe_puct_set_leaves(
    puct: *mut tictactoe_puct,
    leaves: u32,
) -> tictactoe_result {
    guard(|| {
        // SAFETY: the caller's promise.
        unsafe { tictactoe_puct::change(puct, |puct| puct.set_leaves(leaves).map_err(code)) }
    })
}

/// Sets which search the searches to come make: 0 (the default) PUCT's, AlphaZero's; n >= 1
/// Gumbel MuZero's (as mctx's `gumbel_muzero_policy`), sequential halving at each root over at
/// most n actions (mctx's `max_num_considered_actions`, 16 in its examples), below the roots
/// the action whose visits lag most behind the improved policy. `TICTACTOE_PUCT_NOISE` then
/// draws a Gumbel variable an action at the roots instead of the Dirichlet noise; without it
/// the search is deterministic. `tictactoe_puct_policy` and `tictactoe_puct_selected` give its
/// training target and its move; the last search's `tictactoe_puct_selected` is kept.
///
/// Returns `INVALID_ARGUMENT` for gumbel > 0 while the search takes more than one leaf a step
/// (`tictactoe_puct_set_leaves`), `NULL_PARAMETER` for a NULL `puct`, `BUSY` while it runs;
/// nothing changes then.
///
/// Ownership: the caller keeps the search. Thread safety: no other thread may be using it.
///
/// # Safety
/// `puct` must be NULL or a live search.
#[no_mangle]
pub unsafe extern "C" fn tictactoe_puct_set_gumbel(
    puct: *mut tictactoe_puct,
    gumbel: u32,
) -> tictactoe_result {
    guard(|| {
        // SAFETY: the caller's promise.
        unsafe { tictactoe_puct::change(puct, |puct| puct.set_gumbel(gumbel).map_err(code)) }
    })
}

/// Writes each game's improved policy into `policy_out` (`policy_len` = count * actions, a row
/// a game): the softmax of its root's logits + completed Q values over the root's actions, the
/// target Gumbel MuZero trains its policy on (mctx's `action_weights`; a tree of PUCT's search
/// has one too); zero on actions the root does not have (illegal ones), and a row of zeros for
/// a game without a tree (not searched yet, over, or cleared by `tictactoe_puct_clear`). A game
/// the batch moved by other means keeps its old tree's row until the next search that
/// succeeds.
///
/// Returns `LENGTH_MISMATCH` unless `policy_len` is count * actions, `NULL_PARAMETER`, `BUSY`
/// while the search runs;
/// `policy_out` is written only on success.
///
/// Ownership: the caller keeps everything. Thread safety: the search must not be used by
/// another thread during the call.
///
/// # Safety
/// `puct` NULL or live; `policy_out` NULL or valid for writes of `policy_len` values.
#[no_mangle]
pub unsafe extern "C" fn tictactoe_puct_policy(
    puct: *mut tictactoe_puct,
    policy_out: *mut f32,
    policy_len: usize,
) -> tictactoe_result {
    guard(|| {
        // The core checks the length before it writes anything.
        // SAFETY: the caller's promise, for each.
        unsafe {
            tictactoe_puct::change(puct, |puct| {
                puct.policy(buffer(policy_out, policy_len)?).map_err(code)
            })
        }
    })
}

/// Writes into `actions_out` (`count` values, one a game) the action Gumbel MuZero plays after
/// the last search (mctx's `action`): of the root's actions that search visited most, the one
/// of highest Gumbel draw + logit + completed Q; `TICTACTOE_NO_ACTION` for a game not searched
/// since its tree last moved (`tictactoe_puct_play`, `tictactoe_puct_clear`) or over. A game
/// the batch moved by other means keeps its last search's action until the next search that
/// succeeds.
///
/// Returns `LENGTH_MISMATCH` unless `count` is the number of games, `NULL_PARAMETER`, `BUSY`
/// while the search runs;
/// `actions_out` is written only on success.
///
/// Ownership: the caller keeps everything. Thread safety: the search must not be used by
/// another thread during the call.
///
/// # Safety
/// `puct` NULL or live; `actions_out` NULL or valid for writes of `count` values.
#[no_mangle]
pub unsafe extern "C" fn tictactoe_puct_selected(
    puct: *mut tictactoe_puct,
    actions_out: *mut u32,
    count: usize,
) -> tictactoe_result {
    guard(|| {
        // The core checks the length before it writes anything.
        // SAFETY: the caller's promise, for each.
        unsafe {
            tictactoe_puct::change(puct, |puct| {
                puct.selected(buffer(actions_out, count)?).map_err(code)
            })
        }
    })
}

/// Draws a move a game from `visits` (`visits_len` = count * actions, as `tictactoe_puct_run`
/// writes them) under `temperature`: in proportion to visits^(1 / temperature), at 0 the most
/// visited (ties to the lowest action); `TICTACTOE_NO_ACTION` for a game without visits. Into
/// `actions_out` (`count` values), from the search's seed.
///
/// Returns `INVALID_ARGUMENT` for a temperature below 0 or not finite, `LENGTH_MISMATCH`,
/// `NULL_PARAMETER`, `BUSY` while the search runs; `actions_out` is written only on success.
///
/// Ownership: the caller keeps everything. Thread safety: the search must not be used by
/// another thread during the call (its seed's state advances).
///
/// # Safety
/// `puct` NULL or live; `visits` NULL or valid for reads of `visits_len` values;
/// `actions_out` NULL or valid for writes of `count` values.
#[no_mangle]
pub unsafe extern "C" fn tictactoe_puct_choose(
    puct: *mut tictactoe_puct,
    visits: *const u32,
    visits_len: usize,
    temperature: f32,
    actions_out: *mut u32,
    count: usize,
) -> tictactoe_result {
    guard(|| {
        // SAFETY: the caller's promise, for each.
        unsafe {
            tictactoe_puct::change(puct, |puct| {
                let (visits, out) = (entries(visits, visits_len)?, buffer(actions_out, count)?);
                puct.choose(visits, temperature, out).map_err(code)
            })
        }
    })
}

/// Stores in `*bytes_out` an upper bound of the bytes the search's trees and buffers take
/// after a search of `simulations` on `batch`: what the options' `max_bytes` is checked against.
///
/// Returns `INVALID_ARGUMENT` for a batch of another size or rules than the search's (as
/// `tictactoe_puct_run` does), `NULL_PARAMETER`, `BUSY` while the search runs; `*bytes_out` is
/// written only on success.
///
/// Ownership: the caller keeps everything. Thread safety: may run while other threads read the
/// search and the batch.
///
/// # Safety
/// `puct` and `batch` NULL or live; `bytes_out` NULL or valid for writes.
#[no_mangle]
pub unsafe extern "C" fn tictactoe_puct_bytes_needed(
    puct: *const tictactoe_puct,
    batch: *const tictactoe_batch,
    simulations: u32,
    bytes_out: *mut u64,
) -> tictactoe_result {
    guard(|| {
        // SAFETY: the caller's promise, for each.
        let (bytes, bytes_out) = unsafe {
            read(puct, |puct| {
                read(batch, |batch| {
                    let bytes_out = Out::new(bytes_out)?;
                    Ok((puct.bytes_needed(batch, simulations).map_err(code)?, bytes_out))
                })
            })
        }?;
        // SAFETY: checked non-NULL; valid by the caller's promise.
        unsafe { bytes_out.write(u64::try_from(bytes).unwrap_or(u64::MAX)) };
        Ok(())
    })
}
