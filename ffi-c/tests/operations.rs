//! Every operation of the core's batch (`Batch::OPERATIONS`) is offered by the C face and the
//! C++ wrapper under the core's name: `include/tictactoe.h` declares
//! `tictactoe_batch_games_<name>` for an operation over the games a call takes, else
//! `tictactoe_batch_<name>`, and `include/tictactoe.hpp`'s `tictactoe::batch` has a member
//! `<name>`. A face that lacks one fails here (Python's test is `tests/python/test_batch.py`).

use std::path::Path;

use tictactoe_core::Batch;

fn read(file: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../include").join(file);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The C function of each operation, as the header declares it (every batch function returns
/// a `tictactoe_result`, so that a mention in a comment is not taken for one).
fn c_declaration(name: &str, takes_games: bool) -> String {
    let prefix = if takes_games { "tictactoe_batch_games_" } else { "tictactoe_batch_" };
    format!("tictactoe_result {prefix}{name}(")
}

#[test]
fn the_c_header_declares_every_batch_operation() {
    let header = read("tictactoe.h");
    let missing: Vec<String> = Batch::OPERATIONS
        .iter()
        .map(|operation| c_declaration(operation.name, operation.takes_games))
        .filter(|declaration| !header.contains(declaration.as_str()))
        .collect();
    assert!(missing.is_empty(), "include/tictactoe.h lacks {missing:?}");
}

/// The body of `class batch` in the C++ wrapper: from its opening line to the first line that
/// closes a class.
fn batch_class(wrapper: &str) -> Vec<&str> {
    let lines = wrapper.lines().skip_while(|line| *line != "class batch {");
    lines.take_while(|line| *line != "};").collect()
}

/// Whether `line` declares a member function `name`: a return type, then `name(`. A call
/// (`return name(...)`, `x = name(...)`) or a comment does not.
fn declares(line: &str, name: &str) -> bool {
    let line = line.trim_start();
    let Some(at) = line.find(&format!(" {name}(")) else { return false };
    let before = &line[..at];
    !before.starts_with("//") && !before.starts_with("return") && !before.contains(['(', '=', ';'])
}

#[test]
fn the_cpp_wrapper_has_a_member_for_every_batch_operation() {
    let wrapper = read("tictactoe.hpp");
    let class = batch_class(&wrapper);
    assert!(class.len() > 100, "class batch not found in include/tictactoe.hpp");
    let missing: Vec<&str> = Batch::OPERATIONS
        .iter()
        .map(|operation| operation.name)
        .filter(|name| !class.iter().any(|line| declares(line, name)))
        .collect();
    assert!(missing.is_empty(), "tictactoe::batch lacks {missing:?}");
}

#[test]
fn a_declaration_is_told_from_a_call_and_a_comment() {
    assert!(declares("    std::vector<std::uint8_t> step(const selection &games,", "step"));
    assert!(declares("    void set_threads(std::uint32_t threads) {", "set_threads"));
    assert!(!declares("        return detail::widened(step(selection::all(), actions));", "step"));
    assert!(!declares("        return step(selection::all(), actions);", "step"));
    assert!(!declares("    // One move: step(actions) widened", "step"));
    assert!(!declares(
        "    std::uint32_t threads() const { return query(tictactoe_batch_threads); }",
        "query"
    ));
    assert!(c_declaration("seed", true) == "tictactoe_result tictactoe_batch_games_seed(");
}
