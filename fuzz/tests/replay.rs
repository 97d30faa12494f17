//! Every input checked into `fuzz/corpus/<target>/` run through its target once, without the
//! fuzzer: the regression inputs that `make test` replays in a few seconds. A crash the fuzzer
//! finds is added to its corpus (minimized) and stays a test from then on.

use std::fs;
use std::path::Path;

/// Runs `run` on every file of the target's corpus; the number of inputs run.
fn replay(target: &str, run: fn(&[u8])) -> usize {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus").join(target);
    let mut inputs = 0;
    for entry in fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.unwrap().path();
        let data = fs::read(&path).unwrap();
        // Named on stderr, shown when the input fails.
        eprintln!("{}", path.display());
        run(&data);
        inputs += 1;
    }
    inputs
}

/// Each target and its body.
const TARGETS: [(&str, fn(&[u8])); 5] = [
    ("core_ops", tictactoe_fuzz::core_ops::run),
    ("parsers", tictactoe_fuzz::parsers::run),
    ("c_abi", tictactoe_fuzz::c_abi::run),
    ("text_limits", tictactoe_fuzz::text_limits::run),
    ("pbrain_protocol", tictactoe_fuzz::pbrain_protocol::run),
];

#[test]
fn every_corpus_input_runs_clean() {
    for (target, run) in TARGETS {
        assert!(replay(target, run) > 0, "{target}: an empty corpus");
    }
}
