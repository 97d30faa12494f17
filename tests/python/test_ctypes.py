"""Another language on the C ABI with no compile step: ctypes loads libtictactoe.so, declares
the functions from the header's signatures, and plays the shared vectors."""

import ctypes
import json
import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
VECTORS = ROOT / "tests" / "vectors"
LIBRARY = Path(os.environ.get("TICTACTOE_LIB", ROOT / "target" / "release" / "libtictactoe.so"))

# Result codes, statuses and line kinds by name, as the library names them
# (tictactoe_result_name, ...): filled in when the library is loaded, so no list is typed here.
RESULTS: dict[str, int] = {}
STATUS: dict[int, str] = {}
LINE_KINDS: dict[int, str] = {}


class Move(ctypes.Structure):
    _fields_ = [("row", ctypes.c_uint32), ("col", ctypes.c_uint32), ("player", ctypes.c_uint32)]


class Line(ctypes.Structure):
    _fields_ = [("kind", ctypes.c_uint32), ("index", ctypes.c_uint32)]


class Run(ctypes.Structure):
    _fields_ = [(name, ctypes.c_uint32) for name in ("first_row", "first_col", "last_row", "last_col")]


class Rules(ctypes.Structure):
    _fields_ = [(name, ctypes.c_uint32) for name in ("rows", "cols", "k", "flags")]


class Limits(ctypes.Structure):
    _fields_ = [("max_bytes", ctypes.c_size_t)]


u32, game_p, size_t = ctypes.c_uint32, ctypes.c_void_p, ctypes.c_size_t
P = ctypes.POINTER
SIGNATURES = {
    "tictactoe_version": (ctypes.c_char_p, []),
    "tictactoe_result_str": (ctypes.c_char_p, [u32]),
    "tictactoe_result_name": (ctypes.c_char_p, [u32]),
    "tictactoe_status_name": (ctypes.c_char_p, [u32]),
    "tictactoe_line_kind_name": (ctypes.c_char_p, [u32]),
    "tictactoe_game_new": (u32, [u32, P(game_p)]),
    "tictactoe_game_free": (None, [game_p]),
    "tictactoe_game_move": (u32, [game_p, u32, u32, u32, P(u32)]),
    "tictactoe_game_play": (u32, [game_p, u32, u32, P(u32)]),
    "tictactoe_game_undo": (u32, [game_p, P(Move)]),
    "tictactoe_game_status": (u32, [game_p, P(u32)]),
    "tictactoe_game_winner": (u32, [game_p, P(u32)]),
    "tictactoe_game_next_player": (u32, [game_p, P(u32)]),
    "tictactoe_game_can_win": (u32, [game_p, u32, P(ctypes.c_bool)]),
    "tictactoe_game_is_draw_certain": (u32, [game_p, P(ctypes.c_bool)]),
    "tictactoe_game_winning_lines": (u32, [game_p, P(Line), size_t, P(size_t)]),
    "tictactoe_game_history": (u32, [game_p, P(Move), size_t, P(size_t)]),
    "tictactoe_game_board_text": (u32, [game_p, ctypes.c_char_p, size_t, P(size_t)]),
    "tictactoe_game_serialize": (u32, [game_p, ctypes.c_char_p, size_t, P(size_t)]),
    "tictactoe_game_parse": (u32, [ctypes.c_char_p, size_t, P(game_p)]),
    "tictactoe_game_from_cells": (u32, [u32, P(ctypes.c_uint8), size_t, P(game_p)]),
    "tictactoe_position_validate": (u32, [u32, P(ctypes.c_uint8), size_t]),
    "tictactoe_game_new_mnk": (u32, [u32, u32, u32, u32, P(game_p)]),
    "tictactoe_game_rules": (u32, [game_p, P(u32), P(u32), P(u32), P(u32)]),
    "tictactoe_game_drop": (u32, [game_p, u32, P(u32), P(u32)]),
    "tictactoe_game_winning_runs": (u32, [game_p, P(Run), size_t, P(size_t)]),
    "tictactoe_game_new_rules": (u32, [P(Rules), P(Limits), P(game_p)]),
    "tictactoe_game_from_cells_rules": (u32, [P(Rules), P(ctypes.c_uint8), size_t, P(Limits), P(game_p)]),
    "tictactoe_position_validate_rules": (u32, [P(Rules), P(ctypes.c_uint8), size_t]),
    "tictactoe_batch_new_rules": (u32, [u32, P(Rules), ctypes.c_uint64, P(Limits), P(game_p)]),
    "tictactoe_batch_free": (None, [game_p]),
}


def named(name_of) -> dict[int, str]:
    """The values below 64 that name_of names (it gives NULL for the others), with their names."""
    names = {value: name_of(value) for value in range(64)}
    return {value: name.decode() for value, name in names.items() if name is not None}


@pytest.fixture(scope="module")
def lib():
    if not LIBRARY.exists():
        pytest.fail(f"{LIBRARY} is missing: build it with `cargo build --release -p tictactoe-ffi`")
    lib = ctypes.CDLL(str(LIBRARY))
    for name, (restype, argtypes) in SIGNATURES.items():
        function = getattr(lib, name)
        function.restype, function.argtypes = restype, argtypes
    RESULTS.update({name: code for code, name in named(lib.tictactoe_result_name).items()})
    STATUS.update(named(lib.tictactoe_status_name))
    LINE_KINDS.update(named(lib.tictactoe_line_kind_name))
    assert len(RESULTS) == 28 and len(STATUS) == 3 and len(LINE_KINDS) == 4
    family = ["invalid_rules", "floating", "column_full", "unsupported_rules"]
    assert [RESULTS[name] for name in family] == [21, 22, 23, 24]
    assert [RESULTS[name] for name in ("evaluator_failed", "bad_evaluation", "busy")] == [25, 26, 27]
    return lib


def load(name):
    return json.loads((VECTORS / name).read_text())


def text(lib, function, game):
    length = size_t()
    assert function(game, None, 0, ctypes.byref(length)) == RESULTS["buffer_too_small"]
    buf = ctypes.create_string_buffer(length.value + 1)
    assert function(game, buf, len(buf), ctypes.byref(length)) == RESULTS["ok"]
    return buf.value.decode()


def new_game(lib, n):
    game = game_p()
    assert lib.tictactoe_game_new(n, ctypes.byref(game)) == RESULTS["ok"]
    return game


def query(function, game, *args, kind=u32):
    out = kind()
    assert function(game, *args, ctypes.byref(out)) == RESULTS["ok"]
    return out.value


def test_version(lib):
    assert lib.tictactoe_version().decode().count(".") == 2
    assert lib.tictactoe_result_str(6) == b"the cell is already taken"
    assert lib.tictactoe_result_str(999) == b"unknown result code"


@pytest.mark.parametrize("case", load("games.json")["games"], ids=lambda c: c["name"])
def test_games(lib, case):
    game = new_game(lib, case["n"])
    try:
        for op in case["ops"]:
            before = text(lib, lib.tictactoe_game_serialize, game)
            winner, undone = u32(), Move()
            if op[0] == "move":
                got = lib.tictactoe_game_move(game, op[1], op[2], op[3], ctypes.byref(winner))
            elif op[0] == "play":
                got = lib.tictactoe_game_play(game, op[1], op[2], ctypes.byref(winner))
            else:
                got = lib.tictactoe_game_undo(game, ctypes.byref(undone))
            expect = op[-1]
            if isinstance(expect, str):
                assert got == RESULTS[expect], op
                assert text(lib, lib.tictactoe_game_serialize, game) == before
            elif isinstance(expect, list):
                assert got == RESULTS["ok"]
                assert [undone.row, undone.col, undone.player] == expect
            else:
                assert got == RESULTS["ok"]
                assert winner.value == expect, op
        final = case["final"]
        assert text(lib, lib.tictactoe_game_board_text, game) == "\n".join(final["board"])
        assert STATUS[query(lib.tictactoe_game_status, game)] == final["status"]
        assert query(lib.tictactoe_game_winner, game) == final["winner"]
        assert query(lib.tictactoe_game_next_player, game) == final["next_player"]
        can_win = [query(lib.tictactoe_game_can_win, game, p, kind=ctypes.c_bool) for p in (1, 2)]
        assert can_win == final["can_win"]
        assert query(lib.tictactoe_game_is_draw_certain, game, kind=ctypes.c_bool) == final["draw_certain"]
        lines, count = (Line * 4)(), size_t()
        assert lib.tictactoe_game_winning_lines(game, lines, 4, ctypes.byref(count)) == 0
        names = [LINE_KINDS[line.kind] + (f" {line.index}" if line.kind < 2 else "") for line in lines[: count.value]]
        assert names == final["winning_lines"]
    finally:
        lib.tictactoe_game_free(game)


@pytest.mark.parametrize("case", load("games.json")["sizes"], ids=lambda c: str(c["n"]))
def test_sizes(lib, case):
    game = game_p()
    got = lib.tictactoe_game_new(case["n"], ctypes.byref(game))
    assert got == RESULTS[case["error"] or "ok"]
    lib.tictactoe_game_free(game)


@pytest.mark.parametrize("case", load("positions.json")["positions"], ids=lambda c: c["name"])
def test_positions(lib, case):
    codes = {"X": 1, "O": 2, " ": 0, ".": 0}
    cells = [codes.get(c, 3) for row in case["rows"] for c in row]
    array = (ctypes.c_uint8 * max(len(cells), 1))(*cells)
    expected = "ok" if case["valid"] else ("invalid_size" if case["reason"] == "invalid_size" else "invalid_position")
    n = len(case["rows"])
    assert lib.tictactoe_position_validate(n, array, len(cells)) == RESULTS[expected]
    game = game_p()
    assert lib.tictactoe_game_from_cells(n, array, len(cells), ctypes.byref(game)) == RESULTS[expected]
    if case["valid"]:
        assert query(lib.tictactoe_game_winner, game) == case["winner"]
        lib.tictactoe_game_free(game)


@pytest.mark.parametrize("case", load("texts.json")["texts"], ids=lambda c: c["text"] or "empty")
def test_texts(lib, case):
    raw = case["text"].encode()
    game = game_p()
    got = lib.tictactoe_game_parse(raw, len(raw), ctypes.byref(game))
    assert got == RESULTS[case["error"] or "ok"]
    if case["error"] is None:
        assert text(lib, lib.tictactoe_game_board_text, game) == "\n".join(case["board"])
        assert text(lib, lib.tictactoe_game_serialize, game) == case["text"]
        lib.tictactoe_game_free(game)


def test_family_games(lib):
    """The family's games of the shared vectors, through new_mnk, drop and winning_runs."""
    for case in load("family.json")["games"]:
        rules = case["rules"]
        flags = (1 if rules["exact"] else 0) | (2 if rules["gravity"] else 0)
        game = game_p()
        assert lib.tictactoe_game_new_mnk(rules["rows"], rules["cols"], rules["k"], flags, ctypes.byref(game)) == 0
        try:
            read = [u32() for _ in range(4)]
            assert lib.tictactoe_game_rules(game, *map(ctypes.byref, read)) == RESULTS["ok"]
            assert [r.value for r in read] == [rules["rows"], rules["cols"], rules["k"], flags]
            for op in case["ops"]:
                before = text(lib, lib.tictactoe_game_serialize, game)
                winner, row, undone = u32(), u32(), Move()
                if op[0] == "move":
                    got = lib.tictactoe_game_move(game, op[1], op[2], op[3], ctypes.byref(winner))
                elif op[0] == "play":
                    got = lib.tictactoe_game_play(game, op[1], op[2], ctypes.byref(winner))
                elif op[0] == "drop":
                    got = lib.tictactoe_game_drop(game, op[1], ctypes.byref(row), ctypes.byref(winner))
                else:
                    got = lib.tictactoe_game_undo(game, ctypes.byref(undone))
                expect = op[-1]
                if isinstance(expect, str):
                    assert got == RESULTS[expect], (case["name"], op)
                    assert text(lib, lib.tictactoe_game_serialize, game) == before
                elif isinstance(expect, list):
                    assert [undone.row, undone.col, undone.player] == expect
                else:
                    assert (got, winner.value) == (RESULTS["ok"], expect), (case["name"], op)
            final = case["final"]
            assert text(lib, lib.tictactoe_game_board_text, game) == "\n".join(final["board"])
            runs, count = (Run * 4)(), size_t()
            assert lib.tictactoe_game_winning_runs(game, runs, 4, ctypes.byref(count)) == RESULTS["ok"]
            got_runs = [[r.first_row, r.first_col, r.last_row, r.last_col] for r in runs[: count.value]]
            assert got_runs == final["winning_runs"], case["name"]
        finally:
            lib.tictactoe_game_free(game)


def rules_of(rules):
    """A rule set of the vectors as one tictactoe_rules."""
    flags = (1 if rules["exact"] else 0) | (2 if rules["gravity"] else 0)
    return Rules(rules["rows"], rules["cols"], rules["k"], flags)


@pytest.mark.parametrize("case", load("family.json")["rules"], ids=lambda c: str(c["rules"]))
def test_family_rules_in_one_struct(lib, case):
    """Each rule set of the vectors as a tictactoe_rules: a game, a batch and a position of them
    refused with one code (invalid_size for n x n tic-tac-toe's bad n), with or without limits."""
    rules, expected = rules_of(case["rules"]), RESULTS[case["error"] or "ok"]
    unlimited = Limits(ctypes.c_size_t(-1).value)
    for limits in (None, ctypes.byref(unlimited)):
        game, batch = game_p(), game_p()
        assert lib.tictactoe_game_new_rules(ctypes.byref(rules), limits, ctypes.byref(game)) == expected
        assert lib.tictactoe_batch_new_rules(2, ctypes.byref(rules), 0, limits, ctypes.byref(batch)) == expected
        assert (game.value is None, batch.value is None) == (case["error"] is not None,) * 2
        lib.tictactoe_game_free(game)
        lib.tictactoe_batch_free(batch)
    if case["error"] is not None:
        empty = (ctypes.c_uint8 * 1)()
        assert lib.tictactoe_position_validate_rules(ctypes.byref(rules), empty, 0) == expected
        game = game_p()
        assert lib.tictactoe_game_from_cells_rules(ctypes.byref(rules), empty, 0, None, ctypes.byref(game)) == expected
        assert game.value is None


def test_family_positions_in_one_struct(lib):
    """The family's positions through the _rules functions, and a limit refusing them first."""
    codes = {"X": 1, "O": 2, " ": 0, ".": 0}
    for case in load("family.json")["positions"]:
        rules = rules_of(case["rules"])
        cells = [codes.get(c, 3) for row in case["rows"] for c in row]
        array = (ctypes.c_uint8 * len(cells))(*cells)
        expected = RESULTS["ok" if case["valid"] else "invalid_position"]
        assert lib.tictactoe_position_validate_rules(ctypes.byref(rules), array, len(cells)) == expected
        game = game_p()
        got = lib.tictactoe_game_from_cells_rules(ctypes.byref(rules), array, len(cells), None, ctypes.byref(game))
        assert got == expected, case["name"]
        if case["valid"]:
            assert query(lib.tictactoe_game_winner, game) == case["winner"]
            lib.tictactoe_game_free(game)
        nothing = Limits(0)
        got = lib.tictactoe_game_from_cells_rules(
            ctypes.byref(rules), array, len(cells), ctypes.byref(nothing), ctypes.byref(game)
        )
        assert got == RESULTS["limit_exceeded"], case["name"]
