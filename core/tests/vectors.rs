//! The shared vectors in `tests/vectors/`, which the C and Python faces play too.

use serde_json::Value;
use tictactoe_core::{Batch, Error, Game, Line, Player, Rules, Run};

fn load(name: &str) -> Value {
    let path = format!("{}/../tests/vectors/{name}", env!("CARGO_MANIFEST_DIR"));
    serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap()
}

/// Names come from the core (`ErrorKind::name`, `Status::name`, ...): no list is typed here.
fn kind(error: &Error) -> &'static str {
    error.kind().name()
}

fn reason(error: &Error) -> &'static str {
    match error {
        Error::InvalidPosition(reason) => reason.name(),
        other => kind(other),
    }
}

fn num(v: &Value) -> usize {
    v.as_u64().unwrap() as usize
}

/// The winner as a vector writes it, or the error kind.
fn outcome(result: Result<Option<Player>, Error>) -> Value {
    match result {
        Ok(winner) => Value::from(winner.map_or(0, Player::number)),
        Err(e) => Value::from(kind(&e)),
    }
}

fn line_name(line: Line) -> String {
    match line {
        Line::Row(i) | Line::Column(i) => format!("{} {i}", line.kind_name()),
        Line::Diagonal | Line::AntiDiagonal => line.kind_name().into(),
    }
}

fn rows(game: &Game) -> Value {
    game.to_string().lines().collect::<Vec<_>>().into()
}

/// Applies a case's `ops` to `game`, checking each result and that a refusal changes nothing.
fn play_ops(game: &mut Game, case: &Value) {
    let name = case["name"].as_str().unwrap();
    for op in case["ops"].as_array().unwrap() {
        let op = op.as_array().unwrap();
        let before = game.clone();
        let (got, expected) = match op[0].as_str().unwrap() {
            "move" => {
                let player = u32::try_from(op[3].as_u64().unwrap()).unwrap();
                (outcome(game.make_move(num(&op[1]), num(&op[2]), player)), &op[4])
            }
            "play" => (outcome(game.play(num(&op[1]), num(&op[2]))), &op[3]),
            "drop" => (outcome(game.drop(num(&op[1])).map(|(_, winner)| winner)), &op[2]),
            "undo" => {
                let got = match game.undo() {
                    Ok(m) => serde_json::json!([m.row, m.col, m.player.number()]),
                    Err(e) => Value::from(kind(&e)),
                };
                (got, &op[1])
            }
            other => panic!("unknown op {other}"),
        };
        assert_eq!(&got, expected, "{name}: {op:?}");
        if got.is_string() {
            assert_eq!(*game, before, "{name}: {op:?} was refused but changed the game");
        }
    }
}

/// Checks a case's `final`: what every game has, and its `winning_lines` or `winning_runs`.
fn check_final(game: &Game, case: &Value) {
    let (name, fin) = (case["name"].as_str().unwrap(), &case["final"]);
    assert_eq!(rows(game), fin["board"], "{name}");
    assert_eq!(game.status().name(), fin["status"], "{name}");
    assert_eq!(game.winner().map_or(0, Player::number), fin["winner"], "{name}");
    assert_eq!(game.next_player().number(), fin["next_player"], "{name}");
    let can_win = [game.can_win(Player::X), game.can_win(Player::O)];
    assert_eq!(Value::from(can_win.to_vec()), fin["can_win"], "{name}");
    assert_eq!(game.is_draw_certain(), fin["draw_certain"], "{name}");
    if let Some(expected) = fin.get("winning_lines") {
        let lines: Vec<_> = game.winning_lines().map(line_name).collect();
        assert_eq!(&Value::from(lines), expected, "{name}");
    }
    if let Some(expected) = fin.get("winning_runs") {
        let runs: Vec<_> = game
            .winning_runs()
            .map(|Run { first, last }| serde_json::json!([first.0, first.1, last.0, last.1]))
            .collect();
        assert_eq!(&Value::from(runs), expected, "{name}");
    }
    // Every game survives the text form.
    assert_eq!(game.text().to_string().parse::<Game>().unwrap(), *game, "{name}");
}

/// The rules a vector writes as `{"rows", "cols", "k", "exact", "gravity"}`.
fn rules(value: &Value) -> Rules {
    Rules {
        rows: num(&value["rows"]),
        cols: num(&value["cols"]),
        k: num(&value["k"]),
        exact: value["exact"].as_bool().unwrap(),
        gravity: value["gravity"].as_bool().unwrap(),
    }
}

#[test]
fn games() {
    let vectors = load("games.json");
    for case in vectors["games"].as_array().unwrap() {
        let mut game = Game::new(num(&case["n"])).unwrap();
        play_ops(&mut game, case);
        check_final(&game, case);
    }
    for case in vectors["sizes"].as_array().unwrap() {
        let n = num(&case["n"]);
        let got = Game::new(n).err().map(|e| kind(&e));
        assert_eq!(Value::from(got), case["error"], "n = {n}");
    }
}

#[test]
fn family_games() {
    let vectors = load("family.json");
    for case in vectors["games"].as_array().unwrap() {
        let mut game = Game::new(rules(&case["rules"])).unwrap();
        play_ops(&mut game, case);
        check_final(&game, case);
    }
    for case in vectors["rules"].as_array().unwrap() {
        let asked = rules(&case["rules"]);
        let got = Game::new(asked).map(|game| game.rules());
        match got {
            Ok(made) => assert_eq!((made, &Value::Null), (asked, &case["error"])),
            Err(e) => assert_eq!(Value::from(kind(&e)), case["error"], "{asked:?}"),
        }
        // A batch of them is judged by the same check (every other way: tests/construction.rs).
        let batch = Batch::new(1, asked, 0).err().map(|e| kind(&e));
        assert_eq!(Value::from(batch), case["error"], "{asked:?}");
    }
}

/// Checks a position case: whether `validate` accepts the rows, and what `build` makes of them.
fn check_position(
    case: &Value,
    validate: impl Fn(&[&str]) -> Result<(), Error>,
    build: impl Fn(&[&str]) -> Result<Game, Error>,
) {
    let name = case["name"].as_str().unwrap();
    let rows: Vec<&str> =
        case["rows"].as_array().unwrap().iter().map(|r| r.as_str().unwrap()).collect();
    let checked = validate(&rows);
    assert_eq!(checked.is_ok(), case["valid"], "{name}: {checked:?}");
    match build(&rows) {
        Ok(game) => {
            assert_eq!(game.status().name(), case["status"], "{name}");
            assert_eq!(game.winner().map_or(0, Player::number), case["winner"], "{name}");
        }
        Err(e) => {
            assert_eq!(reason(&e), case["reason"], "{name}");
            assert_eq!(checked, Err(e), "{name}");
        }
    }
}

#[test]
fn positions() {
    for case in load("positions.json")["positions"].as_array().unwrap() {
        check_position(
            case,
            |rows| tictactoe_core::validate_rows(rows.len(), rows),
            |rows| Game::from_rows(rows.len(), rows),
        );
    }
}

#[test]
fn family_positions() {
    for case in load("family.json")["positions"].as_array().unwrap() {
        let rules = rules(&case["rules"]);
        check_position(
            case,
            |rows| tictactoe_core::validate_rows(rules, rows),
            |rows| Game::from_rows(rules, rows),
        );
    }
}

#[test]
fn texts() {
    for file in ["texts.json", "family.json"] {
        for case in load(file)["texts"].as_array().unwrap() {
            check_text(case);
        }
    }
}

fn check_text(case: &Value) {
    let text = case["text"].as_str().unwrap();
    match text.parse::<Game>() {
        Ok(game) => {
            assert_eq!(case["error"], Value::Null, "{text}");
            assert_eq!(rows(&game), case["board"], "{text}");
            assert_eq!(game.history().len(), num(&case["moves"]), "{text}");
            assert_eq!(game.text().to_string(), text);
        }
        Err(e) => {
            assert_eq!(e.name(), case["error"], "{text}: {e}");
        }
    }
}
