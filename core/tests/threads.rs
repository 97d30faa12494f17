//! A batch's calls split between threads ([`Batch::set_threads`]) give the results and the
//! refusals of one thread: random sequences of every operation on a threaded batch and on one
//! that is not, compared after every call, with runners that split the smallest batch, run the
//! parts at once on threads of their own, backwards, or not at all.

use core::sync::atomic::{AtomicUsize, Ordering};

use proptest::prelude::*;
use tictactoe_core::{
    Batch, Error, Illegal, ListError, Player, Rules, Runner, Selection, GAMES_PER_THREAD,
};

/// Runs each job on a thread of its own, all at once, and splits any batch (a part may be one
/// game).
struct Scoped;

impl Runner for Scoped {
    fn run(&self, jobs: &mut [&mut (dyn FnMut() + Send)]) {
        std::thread::scope(|scope| {
            for job in jobs.iter_mut() {
                scope.spawn(job);
            }
        });
    }

    fn min_part(&self) -> usize {
        1
    }
}

/// Runs the jobs last first, on the caller's thread.
struct Backwards;

impl Runner for Backwards {
    fn run(&self, jobs: &mut [&mut (dyn FnMut() + Send)]) {
        jobs.iter_mut().rev().for_each(|job| job());
    }

    fn min_part(&self) -> usize {
        1
    }
}

/// Runs no job: the batch must run what a runner leaves.
struct Idle;

impl Runner for Idle {
    fn run(&self, _: &mut [&mut (dyn FnMut() + Send)]) {}

    fn min_part(&self) -> usize {
        1
    }
}

static SCOPED: Scoped = Scoped;
static BACKWARDS: Backwards = Backwards;
static IDLE: Idle = Idle;

#[derive(Clone, Debug)]
enum Op {
    /// Every game's random action, some replaced by wild ones; refused or lost.
    Step(Vec<Option<u32>>, bool),
    /// As `Step`, the games flagged starting again instead.
    StepRestarting(Vec<(bool, Option<u32>)>, bool),
    StepRandom,
    Draw,
    /// A learner of these sides (a bad one now and then) against the random opponent,
    /// restarting where flagged.
    AgainstRandom(Vec<(u8, bool, Option<u32>)>, bool),
    ResetTerminated,
    /// The games listed (a call over a list runs on the caller's thread), and the call.
    Listed(Vec<usize>, ListedCall),
    /// The planes and rewards from these sides (a bad one now and then).
    Observe(Vec<u8>),
    /// A wrong length.
    Short,
}

/// A call over a list of games.
#[derive(Clone, Copy, Debug)]
enum ListedCall {
    StepRandom,
    Reset,
    /// Each game listed plays its drawn action.
    Step,
    /// Each game listed gets its index as its seed.
    Seed,
}

fn op(count: usize) -> impl Strategy<Value = Op> {
    let wild = prop::collection::vec(prop::option::weighted(0.05, 0u32..90), count);
    let side = || prop_oneof![40 => 1u8..3, 1 => 0u8..4];
    let restarts = prop::collection::vec(
        (prop::bool::weighted(0.2), prop::option::weighted(0.05, 0u32..90)),
        count,
    );
    let learner = prop::collection::vec(
        (side(), prop::bool::weighted(0.1), prop::option::weighted(0.05, 0u32..90)),
        count,
    );
    let listed = prop_oneof![
        Just(ListedCall::StepRandom),
        Just(ListedCall::Reset),
        Just(ListedCall::Step),
        Just(ListedCall::Seed),
    ];
    prop_oneof![
        5 => (wild, any::<bool>()).prop_map(|(wild, lose)| Op::Step(wild, lose)),
        2 => (restarts, any::<bool>()).prop_map(|(r, lose)| Op::StepRestarting(r, lose)),
        2 => Just(Op::StepRandom),
        2 => Just(Op::Draw),
        3 => (learner, any::<bool>()).prop_map(|(l, lose)| Op::AgainstRandom(l, lose)),
        1 => Just(Op::ResetTerminated),
        1 => (prop::collection::vec(0..count + 1, 0..4), listed).prop_map(|(g, c)| Op::Listed(g, c)),
        2 => prop::collection::vec(side(), count).prop_map(Op::Observe),
        1 => Just(Op::Short),
    ]
}

/// Applies `op` to `batch`; what every output held after it, and the outcome.
fn apply(batch: &mut Batch, op: &Op, draws: &[u32]) -> (Vec<u64>, Result<(), ListError>) {
    let count = batch.count();
    let illegal = |lose: bool| if lose { Illegal::Lose } else { Illegal::Refuse };
    let mut winners = vec![9u8; count];
    let outcome = match op {
        Op::Step(wild, lose) => {
            let actions: Vec<u32> = draws.iter().zip(wild).map(|(&a, w)| w.unwrap_or(a)).collect();
            batch.step(Selection::All, &actions, &mut winners, illegal(*lose))
        }
        Op::StepRestarting(flags, lose) => {
            let restart: Vec<bool> = flags.iter().map(|&(again, _)| again).collect();
            let actions: Vec<u32> =
                draws.iter().zip(flags).map(|(&a, &(_, w))| w.unwrap_or(a)).collect();
            batch.step_restarting(Selection::All, &actions, &restart, &mut winners, illegal(*lose))
        }
        Op::StepRandom => batch.step_random(Selection::All, &mut winners),
        Op::Draw => {
            let mut out = vec![7u32; count];
            let outcome = batch.random_legal_actions(Selection::All, &mut out);
            winners = out.iter().map(|&a| a as u8).collect();
            outcome
        }
        Op::AgainstRandom(learner, lose) => {
            let sides: Vec<u8> = learner.iter().map(|&(side, ..)| side).collect();
            let restart: Vec<bool> = learner.iter().map(|&(_, again, _)| again).collect();
            let actions: Vec<u32> =
                draws.iter().zip(learner).map(|(&a, &(.., w))| w.unwrap_or(a)).collect();
            batch.step_against_random(
                Selection::All,
                &sides,
                &actions,
                &restart,
                &mut winners,
                illegal(*lose),
            )
        }
        Op::ResetTerminated => batch.reset_terminated(Selection::All),
        Op::Listed(games, call) => {
            let mut out = vec![9u8; games.len()];
            let listed = Selection::Listed(games);
            let outcome = match call {
                ListedCall::StepRandom => batch.step_random(listed, &mut out),
                ListedCall::Reset => batch.reset(listed),
                ListedCall::Step => {
                    let actions: Vec<u32> =
                        games.iter().map(|&g| draws.get(g).copied().unwrap_or(0)).collect();
                    batch.step(listed, &actions, &mut out, Illegal::Refuse)
                }
                ListedCall::Seed => {
                    let seeds: Vec<u64> = games.iter().map(|&g| g as u64).collect();
                    batch.seed(listed, &seeds)
                }
            };
            winners = out;
            outcome
        }
        Op::Observe(sides) => {
            let mut planes = vec![false; count * 2 * batch.rules().cells()];
            let mut rewards = vec![9.0; count];
            let outcome = batch
                .observation_into(Some(sides), &mut planes)
                .and_then(|()| batch.rewards_into(sides, &mut rewards));
            winners = planes.iter().map(|&flag| u8::from(flag)).collect();
            winners.extend(rewards.iter().map(|&reward| (reward + 2.0) as u8));
            outcome
        }
        Op::Short => batch.step_random(Selection::All, &mut winners[1..]),
    };
    let mut seen: Vec<u64> = winners.iter().map(|&w| u64::from(w)).collect();
    let cells = batch.rules().cells();
    let mut planes = vec![false; count * 2 * cells];
    batch.observation_into(None, &mut planes).unwrap();
    let mut mask = vec![false; count * batch.actions()];
    batch.legal_mask_into(&mut mask).unwrap();
    let mut board = vec![0u8; count * cells];
    batch.cells_into(&mut board).unwrap();
    seen.extend(planes.iter().chain(&mask).map(|&flag| u64::from(flag)));
    seen.extend(board.iter().map(|&code| u64::from(code)));
    (seen, outcome)
}

fn rule_sets() -> impl Strategy<Value = Rules> {
    prop_oneof![
        Just(Rules::tic_tac_toe(3)),
        Just(Rules::CONNECT_FOUR),
        Just(Rules { rows: 5, cols: 6, k: 4, exact: true, gravity: false }),
        Just(Rules::mnk(4, 4, 3)),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(60))]

    #[test]
    fn threads_give_one_thread_s_results_and_refusals(
        (rules, count, threads, runner, seed, ops) in (rule_sets(), 1usize..24, 1usize..6, 0usize..3, any::<u64>())
            .prop_flat_map(|(rules, count, threads, runner, seed)| {
                (Just(rules), Just(count), Just(threads), Just(runner), Just(seed), prop::collection::vec(op(count), 1..25))
            })
    ) {
        let mut one = Batch::new(count, rules, seed).unwrap();
        let mut many = one.clone();
        let runner: &'static dyn Runner = [&SCOPED as &dyn Runner, &BACKWARDS, &IDLE][runner];
        many.set_threads(threads, runner);
        prop_assert_eq!(many.threads(), threads);
        for op in &ops {
            // The actions come from a copy's draws, legal ones mostly.
            let mut draws = vec![0; count];
            one.clone().random_legal_actions(Selection::All, &mut draws).unwrap();
            let expected = apply(&mut one, op, &draws);
            let got = apply(&mut many, op, &draws);
            prop_assert_eq!(&got, &expected, "{:?}", op);
            prop_assert_eq!(&many, &one);
        }
    }
}

/// A refusal found in any part names the action's index in the whole call and changes no game
/// in any part.
#[test]
fn a_refusal_in_any_part_changes_no_game() {
    let mut batch = Batch::new(6, 3, 2).unwrap();
    batch.set_threads(2, &SCOPED);
    batch.step(Selection::All, &[4; 6], &mut [0; 6], Illegal::Refuse).unwrap();
    let before = batch.clone();
    // Game 4, in the second part, takes its centre again.
    let refusal = batch.step(Selection::All, &[0, 1, 2, 3, 4, 5], &mut [0; 6], Illegal::Refuse);
    let occupied = Error::Occupied { row: 1, col: 1, by: Player::X };
    assert_eq!(refusal, Err(ListError { index: Some(4), error: occupied }));
    assert_eq!(batch, before);
    // A bad side in the second part of a learner's step.
    let refusal = batch.step_against_random(
        Selection::All,
        &[1, 2, 1, 2, 3, 1],
        &[0; 6],
        &[false; 6],
        &mut [0; 6],
        Illegal::Lose,
    );
    assert_eq!(
        refusal,
        Err(ListError { index: Some(4), error: Error::InvalidPlayer { player: 3 } })
    );
    assert_eq!(batch, before);
}

/// Counts the calls it runs, each job on the caller's thread.
struct Counting(AtomicUsize);

impl Runner for Counting {
    fn run(&self, jobs: &mut [&mut (dyn FnMut() + Send)]) {
        self.0.fetch_add(1, Ordering::SeqCst);
        jobs.iter_mut().for_each(|job| job());
    }
}

static COUNTING: Counting = Counting(AtomicUsize::new(0));

/// A call splits only when each thread gets at least [`GAMES_PER_THREAD`] games (the default
/// of [`Runner::min_part`]); a call over a list never does.
#[test]
fn a_call_splits_when_each_thread_has_enough_games() {
    let calls = || COUNTING.0.load(Ordering::SeqCst);
    for (count, splits) in [(2 * GAMES_PER_THREAD - 1, false), (2 * GAMES_PER_THREAD, true)] {
        let mut batch = Batch::new(count, 3, 1).unwrap();
        batch.set_threads(2, &COUNTING);
        let before = calls();
        batch.step_random(Selection::All, &mut vec![0; count]).unwrap();
        assert_eq!(calls() > before, splits, "{count} games");
        let before = calls();
        batch.step_random(Selection::Listed(&[0, 1]), &mut [0; 2]).unwrap();
        assert_eq!(calls(), before);
    }
}

/// Every name of [`Batch::OPERATIONS`] is called here as the batch's method of that name, once
/// each: a name added to the list without its method fails.
#[test]
fn the_operations_every_face_offers_are_the_batch_s() {
    let mut batch = Batch::new(2, 3, 0).unwrap();
    let all = Selection::All;
    let mut called = Vec::new();
    for operation in Batch::OPERATIONS {
        let name = operation.name;
        let (mut bytes, mut flags, mut actions) = ([0u8; 18], [false; 36], [0u32; 2]);
        match name {
            "step" => batch.step(all, &[0, 1], &mut bytes[..2], Illegal::Refuse).unwrap(),
            "random_legal_actions" => batch.random_legal_actions(all, &mut actions).unwrap(),
            "step_random" => batch.step_random(all, &mut bytes[..2]).unwrap(),
            "step_against_random" => batch
                .step_against_random(
                    all,
                    &[1, 2],
                    &[4, 4],
                    &[false; 2],
                    &mut bytes[..2],
                    Illegal::Lose,
                )
                .unwrap(),
            "step_restarting" => batch
                .step_restarting(all, &[4, 4], &[true, false], &mut bytes[..2], Illegal::Lose)
                .unwrap(),
            "reset" => batch.reset(all).unwrap(),
            "reset_terminated" => batch.reset_terminated(all).unwrap(),
            "seed" => batch.seed(all, &[1, 2]).unwrap(),
            "next_players" => batch.next_players(&mut bytes[..2]).unwrap(),
            "winners" => batch.winners(&mut bytes[..2]).unwrap(),
            "terminated" => batch.terminated(&mut flags[..2]).unwrap(),
            "cells" => batch.cells_into(&mut bytes).unwrap(),
            "observation" => batch.observation_into(None, &mut flags).unwrap(),
            "legal_mask" => batch.legal_mask_into(&mut flags[..18]).unwrap(),
            "rewards" => batch.rewards_into(&[1, 2], &mut [0.0; 2]).unwrap(),
            "set_threads" => batch.set_threads(1, &SCOPED),
            "threads" => assert_eq!(batch.threads(), 1),
            other => panic!("{other} is no operation of a batch"),
        }
        called.push(name);
        // The calls that change games take a selection; the reads and threads do not.
        let changes = !["next_players", "winners", "terminated", "cells", "observation"]
            .into_iter()
            .chain(["legal_mask", "rewards", "set_threads", "threads"])
            .any(|read| read == name);
        assert_eq!(operation.takes_games, changes, "{name}");
    }
    let listed = called.len();
    called.sort_unstable();
    called.dedup();
    assert_eq!(called.len(), listed, "every operation once");
}
