"""Faults and hostile input: results never lost or damaged, no traceback, one true line."""

import json
import os
import shlex
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from golfsolve.batch.store import ResultStore
from golfsolve.model.deal import Deal

from .conftest import DATA, code_note
from .test_batch import file_digest, read_csv

GOLFSOLVE = [sys.executable, "-m", "golfsolve"]


def error(message):
    return f"golfsolve: error: {message}\n"


# ----- results are never lost or damaged ---------------------------------------------------------
def test_an_out_file_that_is_the_database_is_refused(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    same = cli("batch", "1-5", "--jobs", "1", "--db", "same.csv", "--out", "same.csv")
    assert (same.code, same.err) == (2, error("--out same.csv is the database given to --db: "
                                              "write to another file"))
    assert not (tmp_path / "same.csv").exists()
    assert cli("batch", "1-5", "--jobs", "1", "--db", "r.csv").code == 0
    before = file_digest(tmp_path / "r.csv")
    (tmp_path / "link.csv").symlink_to(tmp_path / "r.csv")
    for out in ("link.csv", "./r.csv", str(tmp_path / "r.csv")):
        result = cli("batch", "1-6", "--jobs", "1", "--db", "r.csv", "--out", out)
        assert (result.code, result.err) == (
            2, error(f"--out {out} is the database given to --db: write to another file"))
        exported = cli("export", "--db", "r.csv", "--out", out)
        assert exported.code == 2
    plot = cli("compare", "1-2", "--jobs", "1", "--db", "r.csv", "--plot", "r.csv")
    assert plot.code == 2
    assert file_digest(tmp_path / "r.csv") == before


def test_an_out_file_that_cannot_be_written_is_refused_before_solving(cli, tmp_path,
                                                                       monkeypatch):
    import golfsolve.batch.run

    def no_solving(*args, **kwargs):
        raise AssertionError("solved before checking the output")

    monkeypatch.setattr(golfsolve.batch.run, "solve_unit", no_solving)
    result = cli("batch", "1-1500", "--out", "/proc/results.csv")
    assert (result.code, result.err) == (
        2, error("cannot write /proc/results.csv: No such file or directory"))
    plot = cli("compare", "1-5", "--plot", "/proc/removed.png")
    assert (plot.code, plot.err) == (
        2, error("cannot write /proc/removed.png: No such file or directory"))


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_a_full_disk_part_way_keeps_every_finished_row(cli, tmp_path):
    (tmp_path / "full.jsonl").symlink_to("/dev/full")
    db = tmp_path / "kept.sqlite"
    result = cli("batch", "1-50", "--jobs", "1", "--db", str(db), "--out",
                 str(tmp_path / "full.jsonl"))
    assert (result.code, result.out, result.err) == (
        1, "", error(f"cannot write {tmp_path / 'full.jsonl'}: No space left on device; the "
                     f"finished results are kept in {db}"))
    rows = tmp_path / "rows.csv"
    assert cli("export", "--db", str(db), "--out", str(rows)).code == 0
    # the rows go out deal by deal: the first write fails once the first unit (12 deals) is
    # stored, and the batch stops there, its finished deals kept
    kept = [r["number"] for r in read_csv(rows)]
    assert kept == [str(n) for n in range(1, len(kept) // 2 + 1) for _ in "ec"]
    assert len(kept) >= 24


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_a_full_disk_before_any_deal_is_finished_claims_no_result_kept(cli, tmp_path):
    (tmp_path / "full.csv").symlink_to("/dev/full")  # the header cannot be written
    db = tmp_path / "new.sqlite"
    result = cli("batch", "1-50", "--rules", "easy", "--jobs", "1", "--db", str(db), "--out",
                 str(tmp_path / "full.csv"))
    assert (result.code, result.out, result.err) == (
        1, "", error(f"cannot write {tmp_path / 'full.csv'}: No space left on device"))


def test_a_damaged_database_is_one_line_and_left_as_it_is(cli, tmp_path):
    db = tmp_path / "damaged.sqlite"
    assert cli("batch", "1-300", "--jobs", "1", "--db", str(db)).code == 0
    size = db.stat().st_size
    with open(db, "r+b") as f:
        for page in range(2, size // 4096):
            f.seek(page * 4096 + 100)
            f.write(b"\xde\xad\xbe\xef" * 64)
    before = file_digest(db)
    for args in (["batch", "1-300"], ["batch", "301-302"], ["compare", "1-300"],
                 ["compare"], ["export", "--out", str(tmp_path / "x.csv")]):
        result = cli(*args, "--db", str(db), *(["--jobs", "1"] if args[0] != "export"
                                               and len(args) > 1 else []))
        assert result.code == 2 and result.out == ""
        assert result.err.startswith("golfsolve: error: cannot ") and (
            f" {db} as a results database: " in result.err)
        assert result.err.endswith("use another --db)\n") and "damaged" in result.err
        assert result.err.count("\n") == 1
    assert file_digest(db) == before


@pytest.mark.skipif(sys.platform == "win32", reason="no advisory file locks")
def test_a_database_that_fills_its_disk_keeps_what_it_stored_and_exits_1(cli, tmp_path,
                                                                         monkeypatch):
    """A full disk once the work has begun is output that could not be written (1), not bad
    input (2); the rows stored before are kept and a rerun goes on."""
    db = tmp_path / "full.sqlite"
    real_add = ResultStore.add

    def add_on_a_full_disk(store, rows, boards=None):
        pages = store.db.execute("PRAGMA page_count").fetchone()[0]
        store.db.execute(f"PRAGMA max_page_count = {max(pages, 3)}")  # no page more
        real_add(store, rows, boards)

    monkeypatch.setattr(ResultStore, "add", add_on_a_full_disk)
    full = cli("batch", "1-400", "--rules", "easy", "--jobs", "1", "--db", str(db))
    assert full.code == 1
    assert full.err.startswith(f"golfsolve: error: cannot write {db} as a results database: "
                               "database or disk is full (free some space, then run the same "
                               f"command again to go on); the finished results are kept in {db}")
    monkeypatch.undo()
    with ResultStore(db, create=False) as store:
        kept = store.count(1, 400, ["easy"])
    assert 0 < kept < 400
    again = cli("batch", "1-400", "--rules", "easy", "--jobs", "1", "--db", str(db))
    assert again.code == 0 and again.out.startswith("easy: 400 deals, ")


def test_a_database_on_read_only_media_is_reported_but_not_added_to(cli, tmp_path,
                                                                    monkeypatch):
    """Where the directory cannot be written, SQLite cannot make a WAL database's shared
    memory file; a report reads it as immutable, and a batch is refused, saying why."""
    import sqlite3

    from golfsolve.batch import store as store_module

    db = tmp_path / "ro.sqlite"
    cli("batch", "1-5", "--rules", "easy", "--jobs", "1", "--db", str(db))
    before = db.read_bytes()
    real_connect = sqlite3.connect

    def connect(database, *args, **kwargs):  # as on read-only media: no shared memory file
        if "mode=ro" in str(database) and "immutable=1" not in str(database):
            database = (tmp_path / "no such directory" / "x.sqlite").as_uri() + "?mode=ro"
        return real_connect(database, *args, **kwargs)

    monkeypatch.setattr(store_module.sqlite3, "connect", connect)
    real_access = os.access
    monkeypatch.setattr(store_module.os, "access",  # nothing can be written
                        lambda path, mode: mode != os.W_OK and real_access(path, mode))
    reported = cli("batch", "--db", str(db))
    assert reported.code == 0 and reported.out.startswith("easy: 5 deals, 5 won")
    refused = cli("batch", "6-7", "--db", str(db))
    assert (refused.code, refused.err) == (2, error(
        f"--db {db}: its directory cannot be written (SQLite keeps a journal beside the "
        "database); a report or an export only reads it"))
    assert db.read_bytes() == before
    new = tmp_path / "new.sqlite"  # none there yet: no report to speak of
    refused = cli("batch", "6-7", "--db", str(new))
    assert (refused.code, refused.err) == (2, error(
        f"--db {new}: its directory cannot be written: no database can be made there"))
    assert not new.exists()


def test_a_report_of_a_read_only_database_leaves_nothing_beside_it(cli, tmp_path,
                                                                     monkeypatch):
    """A database file this process may not write is read as immutable: SQLite would leave
    its shared-memory file and log beside it, with the file's own permissions, and those
    refused every later run's writes once the file could be written again."""
    from golfsolve.batch import store as store_module

    db = tmp_path / "ro.sqlite"
    assert cli("batch", "1-5", "--rules", "easy", "--jobs", "1", "--db", str(db)).code == 0
    beside = [tmp_path / "ro.sqlite-shm", tmp_path / "ro.sqlite-wal"]
    assert not any(path.exists() for path in beside)  # a run that ended folds its log in
    real_access = os.access
    with monkeypatch.context() as patched:
        patched.setattr(store_module.os, "access",  # the file alone may not be written
                        lambda path, mode: not (mode == os.W_OK and str(path) == str(db))
                        and real_access(path, mode))
        for command in (["batch", "--db", str(db)],
                        ["compare", "--db", str(db), "--rules", "easy,classic"],
                        ["export", "--db", str(db), "--out", str(tmp_path / "rows.csv")]):
            assert cli(*command).code == 0, command
            assert not any(path.exists() for path in beside), command
        refused = cli("batch", "6-7", "--rules", "easy", "--jobs", "1", "--db", str(db))
        assert (refused.code, refused.err) == (2, error(  # at once: nothing was written
            f"--db {db}: the file cannot be written (check its permissions); a report or an "
            "export only reads it"))
        assert not any(path.exists() for path in beside)
    added = cli("batch", "6-7", "--rules", "easy", "--jobs", "1", "--db", str(db))
    assert added.code == 0 and added.out.startswith("easy: 2 deals, ")
    assert cli("batch", "--db", str(db)).out.startswith("easy: 7 deals, ")


def test_a_report_of_a_database_that_may_be_written_leaves_it_as_it_was(cli, tmp_path):
    """Reports and exports only read: they leave no shared-memory file or log beside the
    database, and its bytes unchanged."""
    import hashlib

    db = tmp_path / "w.sqlite"
    assert cli("batch", "1-5", "--rules", "easy", "--jobs", "1", "--db", str(db)).code == 0
    before = hashlib.sha256(db.read_bytes()).hexdigest()
    beside = [tmp_path / "w.sqlite-shm", tmp_path / "w.sqlite-wal"]
    for command in (["batch", "--db", str(db)],
                    ["compare", "--db", str(db), "--rules", "easy,classic"],
                    ["export", "--db", str(db), "--out", str(tmp_path / "rows.csv")],
                    ["batch", "1-5", "--rules", "easy", "--db", str(db)]):
        assert cli(*command).code == 0, command
        assert not any(path.exists() for path in beside), command
    assert hashlib.sha256(db.read_bytes()).hexdigest() == before


def test_a_second_run_adding_to_a_database_in_use_is_refused(cli, tmp_path):
    """Two runs adding to one database at once would each write the other's rows to their
    --out files too, interleaved."""
    db, out = tmp_path / "shared.sqlite", tmp_path / "rows.csv"
    assert cli("batch", "1-5", "--rules", "easy", "--jobs", "1", "--db", str(db)).code == 0
    out.write_text("kept\n")
    with ResultStore(db) as running:
        running.claim(fewest_moves=False)  # as a batch does before its first row
        before = file_digest(db)
        for command in ("batch", "compare"):
            refused = cli(command, "6-9", "--rules", "easy" if command == "batch" else "all",
                          "--jobs", "1", "--db", str(db),
                          *(["--out", str(out)] if command == "batch" else []))
            assert (refused.code, refused.out) == (2, "")
            assert refused.err == error(f"{db} is in use by another golfsolve run adding to "
                                        "it: wait for that run to end, or use another --db")
        # what only reads it goes on
        assert cli("batch", "--db", str(db), "--rules", "easy").out.startswith("easy: 5 deals")
        assert cli("export", "--db", str(db), "--out", str(tmp_path / "x.csv")).code == 0
        assert file_digest(db) == before and out.read_text() == "kept\n"
    added = cli("batch", "6-9", "--rules", "easy", "--jobs", "1", "--db", str(db))
    assert added.code == 0 and added.out.startswith("easy: 4 deals")


def damaged_in_the_middle(cli, db):
    """``db`` holding deals 1-1000 under Easy, with one page in the middle overwritten: far
    from the rows a run of other deals reads."""
    assert cli("batch", "1-1000", "--rules", "easy", "--jobs", "1", "--db", str(db)).code == 0
    with open(db, "r+b") as f:
        f.seek(db.stat().st_size // 2 // 4096 * 4096 + 100)
        f.write(b"\xde\xad\xbe\xef" * 64)
    return db


def test_a_database_damaged_where_a_run_would_not_read_is_refused_before_writing(cli, tmp_path):
    db = damaged_in_the_middle(cli, tmp_path / "damaged.sqlite")
    before = file_digest(db)
    result = cli("batch", "1001-1002", "--rules", "easy", "--jobs", "1", "--db", str(db))
    assert result.code == 2 and result.out == ""
    assert result.err.startswith(f"golfsolve: error: cannot use {db} as a results database: ")
    assert result.err.endswith(" (it is damaged; use another --db)\n")
    assert file_digest(db) == before


def test_a_json_deal_keeps_its_rules_and_number(cli, tmp_path):
    shown = cli("show", "GO1-C-AAAAAAB", "--format", "json").out
    path = tmp_path / "c.json"
    path.write_text(shown)
    solved = json.loads(cli("solve", str(path), "--json").out)
    assert (solved["rules"], solved["number"], solved["code"], solved["winnable"]) == (
        "classic", 1, "GO1-C-AAAAAAB", False)
    assert json.loads(cli("solve", str(path), "--rules", "easy", "--json").out)["rules"] == "easy"
    dead = tmp_path / "dk.json"
    dead.write_text(cli("show", "5", "--rules", "dead-king", "--format", "json").out)
    again = json.loads(cli("show", str(dead), "--format", "json").out)
    assert (again["number"], again["rules"], again["code"]) == (5, "dead-king", None)
    assert Deal.from_dict(again) == Deal.from_number(5)
    data = json.loads(shown)
    for change, message in [({"number": 2}, "number 2 and code GO1-C-AAAAAAB name different "
                                            "deals"),
                            ({"code": None, "number": 2}, "its cards are not those of deal 2"),
                            ({"rules": "easy"}, "rules easy and code GO1-C-AAAAAAB disagree"),
                            ({"number": "1"}, "number '1' is not a deal number"),
                            ({"number": 10**30}, f"deal number {10**30} is out of range (1 to "
                                                 "99999999999999999999)"),
                            ({"stock": ["??"] * 16}, "its cards are not those of deal 1 (a "
                             "position with unseen stock cards names no deal)")]:
        path.write_text(json.dumps({**data, **change}))
        result = cli("solve", str(path))
        assert (result.code, result.err) == (2, error(f"{path}: JSON deal: {message}"))


# ----- no traceback, ever ----------------------------------------------------------------------
def test_long_moves_arguments_are_moves(cli, tmp_path):
    record = cli("solve", "1", "--json").out.strip()
    assert len(record.encode()) > 255
    result = cli("replay", "1", record)
    assert (result.code, result.out.splitlines()[-1]) == (0, "You won!")
    long_line = cli("replay", "1", "d " * 200)
    assert (long_line.code, long_line.out.splitlines()[-1]) == (
        1, "Move 17 (draw): The stock is empty")


@pytest.mark.parametrize("number", ["²", "٣", "１"])
def test_deal_numbers_are_ascii_digits(cli, number):
    result = cli("solve", number)
    assert (result.code, result.err) == (
        2, error(f"{number!r} is not a deal number: write it with the digits 0-9"))


def test_deeply_nested_json_is_refused_in_one_line(cli, tmp_path):
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000)
    result = cli("solve", str(deep))
    assert (result.code, result.err) == (
        2, error(f"{deep}: the JSON deal is nested too deeply"))
    moves = cli("replay", "1", str(deep))
    assert (moves.code, moves.err) == (2, error("the JSON moves is nested too deeply"))


@pytest.mark.parametrize("encoding", ["latin-1", "ascii", "cp1252"])
def test_output_falls_back_to_what_the_stream_can_encode(encoding):
    env = {**os.environ, "PYTHONIOENCODING": encoding}
    solved = subprocess.run([*GOLFSOLVE, "solve", "1"], capture_output=True, env=env,
                            check=False)
    assert solved.returncode == 0 and solved.stderr == b""
    assert b"   1. draw 8H\n" in solved.stdout or "   1. draw 8♥\n".encode() in solved.stdout
    shown = subprocess.run([*GOLFSOLVE, "show", "1", "--lang", "tr", "--format", "grid"],
                           capture_output=True, env=env, check=False)
    assert shown.returncode == 0 and shown.stderr == b""
    assert b"Traceback" not in solved.stderr + shown.stderr
    shown.stdout.decode(encoding)  # what the stream cannot show is not another encoding's:
    assert b"(dagilim 1), Kolay kurali" in shown.stdout  # a marked letter (g, i) as its letter
    refused = subprocess.run([*GOLFSOLVE, "replay", "1", "d \u2660 4"], capture_output=True,
                             env=env, check=False)
    assert (refused.returncode, refused.stderr) == (
        2, b"golfsolve: error: move 2: '?' is not a move (d to draw, 1-7 for a column)\n")


def test_json_on_a_narrow_stream_escapes_what_it_cannot_show(tmp_path):
    """A name written as ?? would no longer name its file: replay would refuse the record."""
    board = tmp_path / "ñé ♠.board"
    board.write_text(Deal.from_number(7).to_board())
    env = {**os.environ, "PYTHONIOENCODING": "ascii"}
    record = tmp_path / "record.json"
    with open(record, "wb") as f:
        solved = subprocess.run([*GOLFSOLVE, "solve", str(board), "--json"], stdout=f,
                                stderr=subprocess.PIPE, env=env, check=False)
    assert solved.returncode == 0 and solved.stderr == b""
    assert json.loads(record.read_bytes())["deal"] == str(board)
    assert b"\\u00f1\\u00e9 \\u2660.board" in record.read_bytes()
    replayed = subprocess.run([*GOLFSOLVE, "replay", str(board), str(record)],
                              capture_output=True, env=env, check=False)
    assert replayed.returncode == 0 and replayed.stderr == b""
    shown = subprocess.run([*GOLFSOLVE, "show", str(board), "--format", "json"],
                           capture_output=True, env=env, check=False)
    assert json.loads(shown.stdout)["deal"] == str(board)


# ----- clear, true messages --------------------------------------------------------------------
def test_a_byte_order_mark_is_accepted(cli, tmp_path):
    board = tmp_path / "bom.board"
    board.write_bytes(b"\xef\xbb\xbf" + (DATA / "rules-page-deal.board").read_bytes())
    assert cli("show", str(board), "--format", "board").code == 0
    board_2 = Deal.from_number(2).to_board()
    assert cli("show", "-", "--format", "board", input="\ufeff" + board_2).out == board_2


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-be-bom"])
def test_utf16_with_its_byte_order_mark_is_read(cli, tmp_path, encoding):
    """As Windows PowerShell writes `golfsolve show 7 --format board > deal.board`."""
    def utf16(text: str) -> bytes:
        return (text.encode("utf-16") if encoding == "utf-16"
                else b"\xfe\xff" + text.encode("utf-16-be"))

    board = Deal.from_number(7).to_board()
    (tmp_path / "deal.board").write_bytes(utf16(board))
    (tmp_path / "deal.json").write_bytes(utf16(cli("show", "7", "--format", "json").out))
    (tmp_path / "deals.txt").write_bytes(utf16("# two deals\n3-4\n"))
    def moves(out: str) -> list[str]:  # the line, without the heading and the timing
        return out.splitlines()[1:-1]

    expected = moves(cli("solve", "7").out)
    assert expected[0] == "Solution:" and len(expected) > 40
    for name in ("deal.board", "deal.json"):
        solved = cli("solve", str(tmp_path / name))
        assert solved.code == 0 and moves(solved.out) == expected
    assert cli("show", str(tmp_path / "deal.board"), "--format", "board").out == board
    listed = cli("batch", f"@{tmp_path / 'deals.txt'}", "--rules", "classic", "--jobs", "1")
    assert listed.code == 0 and listed.out.startswith("classic: 2 deals, ")
    (tmp_path / "broken.board").write_bytes(utf16(board)[:-1])  # half a character at the end
    assert cli("solve", str(tmp_path / "broken.board")).err == error(
        f"{tmp_path / 'broken.board'} is not UTF-16 text")
    (tmp_path / "nul.board").write_bytes(utf16(board + "\0"))
    assert cli("solve", str(tmp_path / "nul.board")).err == error(
        f"{tmp_path / 'nul.board'} holds binary data, not text")
    (tmp_path / "broken.txt").write_bytes(utf16("3-4\n")[:-1])
    assert cli("batch", f"@{tmp_path / 'broken.txt'}").err == error(
        f"{tmp_path / 'broken.txt'} is not UTF-16 text")


def test_play_reads_piped_commands_as_files_are_read():
    """UTF-16 with its byte-order mark (as Windows PowerShell pipes text), or UTF-8 with one."""
    commands = "d\n4\n5\nq\n"

    def play(data: bytes) -> subprocess.CompletedProcess:
        return subprocess.run([*GOLFSOLVE, "play", "1"], input=data, capture_output=True,
                              check=False)

    plain = play(commands.encode())
    assert (plain.returncode, plain.stderr) == (0, b"")
    assert b"Unknown input" not in plain.stdout
    assert plain.stdout.count("4♣".encode()) >= 2  # the move was made: 4♣ left column 4
    for data in (commands.encode("utf-16"), b"\xef\xbb\xbf" + commands.encode(),
                 b"d\n4\n5\n"):  # the last ended by the input's end, not by q
        played = play(data)
        assert (played.stdout, played.stderr) == (plain.stdout, b"")
    garbled = play(b"d\n\xe94\nq\n")
    assert garbled.returncode == 0 and "Unknown input '\ufffd4'".encode() in garbled.stdout


@pytest.mark.skipif(not os.path.exists("/dev/stdin"), reason="no /dev/stdin")
def test_a_listing_from_a_pipe_is_read_once_and_kept():
    """A listing is read twice (checked whole first); a pipe can be read only once."""
    def batch(listing: bytes) -> subprocess.CompletedProcess:
        return subprocess.run([*GOLFSOLVE, "batch", "@/dev/stdin", "--rules", "classic",
                               "--jobs", "1", "--quiet"], input=listing, capture_output=True,
                              check=False)

    piped = batch(b"# from a pipe\n3-4\nGO1-C-AAAAAAL\n")
    assert piped.returncode == 0
    assert piped.stderr.decode() == code_note("GO1-C-AAAAAAL is PySolFC's deal 11")
    assert piped.stdout.decode().startswith("classic: 3 deals, ")
    assert batch("3-4\n".encode("utf-16")).stdout.decode().startswith("classic: 2 deals, ")
    for listing, message in ((b"# nothing\n", "/dev/stdin lists no deals"),
                             (b"3-4\nx\n", "/dev/stdin line 2: no such file: x"),
                             (b"\xff\xfe\x00\xd8", "/dev/stdin is not UTF-16 text")):
        refused = batch(listing)
        assert (refused.returncode, refused.stderr.decode()) == (2, error(message))


@pytest.mark.skipif(not os.path.exists("/dev/stdin"), reason="no /dev/stdin")
def test_replay_reads_moves_from_a_pipe_or_device(cli):
    """MOVES naming a pipe (/dev/stdin, <(...)) or a device is read like a file."""
    def replay(moves: bytes) -> subprocess.CompletedProcess:
        return subprocess.run([*GOLFSOLVE, "replay", "1", "/dev/stdin"], input=moves,
                              capture_output=True, check=False)

    record = cli("solve", "1", "--json").out.encode()
    assert replay(record).stdout.decode().splitlines()[-1] == "You won!"
    piped = replay(b"d 4\n")
    assert (piped.returncode, piped.stdout.decode().splitlines()[-1], piped.stderr) == (
        0, "Removed: 1 of 35. Score: 10. Moves: 2.", b"")
    assert cli("replay", "1", os.devnull).err == error("no moves given")


def test_replay_of_a_draw_from_an_unseen_stock_is_refused_as_input(cli, tmp_path):
    """Not a move the rules refuse (status 1): a card the position does not name."""
    board = tmp_path / "hidden.board"
    board.write_text(Deal.from_number(2).position().hidden().to_board())
    drawn = cli("replay", str(board), "3 d")
    assert (drawn.code, drawn.out, drawn.err) == (2, "", error(
        f"move 2 draws a stock card that {board} does not name (??): replay needs known "
        f"cards; golfsolve odds {board} gives the chances"))
    refused = cli("replay", str(board), "d")
    assert refused.code == 2
    assert cli("replay", str(board), "1").code == 1  # the rules refuse that one
    assert cli("replay", str(board), "3").code == 0


def test_only_code_shaped_arguments_are_codes(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert cli("solve", "gone.board").err == error("no such file: gone.board")
    assert cli("solve", "GOX-E-AAAAAAB").err == error("no such file: GOX-E-AAAAAAB")
    assert cli("solve", "go1-e-aaaaaab").code == 0
    (tmp_path / "good1.board").write_text(Deal.from_number(4).to_board())
    (tmp_path / "good2.board").write_text(Deal.from_number(5).to_board())
    result = cli("batch", "good*.board", "--rules", "easy", "--jobs", "1")
    assert result.out.splitlines()[0].startswith("easy: 2 deals, 2 won")


def test_bare_golfsolve_prints_the_usual_help():
    done = subprocess.run(GOLFSOLVE, capture_output=True, text=True, check=False)
    assert done.returncode == 2 and done.stdout == ""
    lines = done.stderr.splitlines()
    assert lines[0] == "Usage: golfsolve [OPTIONS] COMMAND [ARGS]..."
    assert any(line.split()[:1] == ["batch"] for line in lines)
    help_text = subprocess.run([*GOLFSOLVE, "play", "--help"], capture_output=True, text=True,
                               check=False).stdout
    assert "    printf 'd\\n5\\n2\\nq\\n' | golfsolve play my.board --lang fi\n" in help_text
    # every command play takes, and every exit status golfsolve gives
    words = " ".join(help_text.split())
    for said in ("d to draw", "u to undo", "h for a fair hint", "p to peek", "s FILE to save",
                 "n for a new deal", "? for the commands", "q to quit"):
        assert said in words
    statuses = " ".join(done.stderr.split())
    assert "2 bad input, 128 + the signal's number when stopped (130 Ctrl-C, 143 SIGTERM, 129 " \
        "SIGHUP)" in statuses


def test_empty_and_null_rules_are_not_a_default(cli, tmp_path):
    for command in (["solve", "1"], ["show", "1"], ["batch", "1"], ["replay", "1", "d"]):
        result = cli(*command, "--rules", "")
        assert result.code == 2 and result.err.startswith(error("no rules given")[:-1])
    moves = tmp_path / "null.json"
    moves.write_text('{"line": "d 4", "rules": null}')
    result = cli("replay", "1", str(moves))
    assert result.code == 0


def test_moves_that_name_another_deal_are_refused(cli, tmp_path):
    sol = tmp_path / "sol.json"
    sol.write_text(cli("solve", "7", "--rules", "classic", "--json").out)
    other = cli("replay", "GO1-E-AAAAAAB", str(sol))
    assert (other.code, other.err) == (
        2, error("the moves are for deal 7 (classic), not for deal 1"))
    letter = cli("replay", "GO1-E-AAAAAAH", str(sol))
    assert (letter.code, letter.err) == (
        2, error("the moves are for deal 7 (classic), not for deal 7 under easy rules"))
    assert cli("replay", "7", str(sol)).code == 0
    assert cli("replay", "GO1-C-AAAAAAH", str(sol)).code == 0


def test_replay_finds_a_board_record_made_in_the_records_directory(cli, tmp_path,
                                                                  monkeypatch):
    """A record names a board by the path solve was given, relative to where it ran."""
    games = tmp_path / "games"
    games.mkdir()
    (games / "d7.board").write_text(Deal.from_number(7).to_board())
    monkeypatch.chdir(games)
    (games / "r.json").write_text(cli("solve", "d7.board", "--json").out)
    monkeypatch.chdir(tmp_path)
    for board in ("games/d7.board", str(games / "d7.board")):
        replayed = cli("replay", board, "games/r.json")
        assert replayed.code == 0 and replayed.out.splitlines()[-1] == "You won!"
    (tmp_path / "other.board").write_text(Deal.from_number(8).to_board())  # other cards
    assert cli("replay", "other.board", "games/r.json").err == error(
        "the moves are for d7.board (easy), not for other.board")


def test_a_record_edited_out_of_agreement_with_itself_is_refused(cli, tmp_path):
    """A record's code, number, rules, line and the cards its moves name must agree."""
    record = json.loads(cli("solve", "7", "--rules", "classic", "--json").out)
    moved = [dict(move) for move in record["moves"]]
    moved[2]["card"] = "KS" if moved[2]["card"] != "KS" else "QS"
    cases = [({"code": "GO1-C-AAAAAAI"}, "the record: code GO1-C-AAAAAAI is deal 8, not its "
              "number 7"),
             ({"code": "GO1-E-AAAAAAH"}, "the record: code GO1-E-AAAAAAH is easy rules, not "
              "its rules classic"),
             ({"code": "GO1-C-AAA"}, "the record: game code 'GO1-C-AAA' needs 7 deal letters "
              "A-Z, not 3"),
             ({"line": "d " + record["line"]}, "the record: its line and its moves are "
              "different lines"),
             ({"line": ""}, "the record: its line and its moves are different lines"),
             ({"moves": moved, "line": None}, f"the moves name {moved[2]['card']} for move 3, "
              f"which takes {record['moves'][2]['card']} on deal 7: they are another deal's, "
              "or were changed")]
    for n, (change, message) in enumerate(cases):
        edited = {key: value for key, value in {**record, **change}.items()
                  if value is not None}
        path = tmp_path / f"edited{n}.json"
        path.write_text(json.dumps(edited))
        assert cli("replay", "7", str(path)).err == error(message), change
    kept = tmp_path / "line-only.json"
    kept.write_text(json.dumps({**record, "moves": None}))
    assert cli("replay", "7", str(kept)).code == 0


def test_replay_reads_a_batch_csv_and_comments_in_moves(cli, tmp_path):
    rows = tmp_path / "rows.csv"
    cli("batch", "5-7", "--rules", "all", "--jobs", "1", "--out", str(rows))
    classic = [row for row in read_csv(rows) if (row["number"], row["rules"]) == ("7", "classic")]
    replayed = cli("replay", "7", str(rows), "--rules", "classic", "--format", "json")
    assert json.loads(replayed.out)["cards_removed"] == int(classic[0]["max_removed"])
    assert cli("replay", "7", str(rows)).err == error(
        "the moves hold 4 records for deal 7 (easy, classic, dead-king, strict): give --rules "
        "to choose")
    header = tmp_path / "header.csv"
    header.write_text(rows.read_text().splitlines()[0] + "\n")
    assert cli("replay", "7", str(header)).err == error("the CSV holds a header but no rows")
    short = tmp_path / "short.csv"
    short.write_text(rows.read_text() + "7,7,GO1-E-AAAAAAH\n")
    assert cli("replay", "7", str(short)).err == error(
        "CSV line 14: not as many fields as the header names")
    commented = tmp_path / "moves.txt"
    commented.write_text("# deal 1, then 4\nd 4  # the 4 goes on the drawn card\n")
    assert cli("replay", "1", str(commented)).out.splitlines()[-1] == (
        "Removed: 1 of 35. Score: 10. Moves: 2.")
    assert cli("replay", "1", "# nothing").err == error("no moves given")


def test_replay_knows_a_record_by_the_cards_its_moves_take(cli, tmp_path, monkeypatch):
    """A record made from standard input, or naming a deal number, replays on a board file of
    the same cards; a record whose moves name other cards does not."""
    monkeypatch.chdir(tmp_path)
    board = Deal.from_number(7).to_board()
    Path("copy.board").write_text(board)
    Path("piped.json").write_text(cli("solve", "-", "--json", input=board).out)
    Path("numbered.json").write_text(cli("solve", "7", "--rules", "classic", "--json").out)
    for moves, rules in (("piped.json", "easy"), ("numbered.json", "classic")):
        replayed = cli("replay", "copy.board", moves, "--format", "json")
        assert replayed.code == 0, replayed.err
        record, end = json.loads(Path(moves).read_text()), json.loads(replayed.out)
        assert (end["rules"], end["cards_removed"], end["status"]) == (
            rules, record["max_removed"], "won" if record["winnable"] else "stuck")
    assert json.loads(Path("numbered.json").read_text())["winnable"] is False  # a best line
    edited = json.loads(Path("piped.json").read_text())
    edited["moves"][0]["card"] = "2C" if edited["moves"][0]["card"] != "2C" else "3C"
    Path("edited.json").write_text(json.dumps(edited))
    assert cli("replay", "copy.board", "edited.json").err == error(
        "the moves are for - (easy), not for copy.board")
    assert cli("replay", "8", "piped.json").err == error(
        "the moves are for - (easy), not for deal 8")


def test_replay_picks_its_record_from_a_batch_file(cli, tmp_path):
    rows = tmp_path / "rows.jsonl"
    cli("batch", "5-8", "--rules", "all", "--jobs", "1", "--out", str(rows))
    several = cli("replay", "7", str(rows))
    assert (several.code, several.err) == (
        2, error("the moves hold 4 records for deal 7 (easy, classic, dead-king, strict): give "
                 "--rules to choose"))
    picked = cli("replay", "7", str(rows), "--rules", "dead-king", "--format", "json")
    record = [json.loads(line) for line in rows.read_text().splitlines()][10]
    assert (record["number"], record["rules"]) == (7, "dead-king")
    assert json.loads(picked.out)["cards_removed"] == record["max_removed"]
    missing = cli("replay", "9", str(rows))
    assert missing.err == error(
        "the moves are for deal 5 (easy, classic, dead-king, strict), deal 6 (easy, classic, "
        "dead-king, strict), deal 7 (easy, classic, dead-king, strict), deal 8 (easy, classic, "
        "dead-king, strict), not for deal 9")


@pytest.mark.parametrize(
    ("args", "input", "message"),
    [(["replay", "1", "sol.json"], None, "no such file: sol.json"),
     (["export", "--db", ".", "--out", "x.csv"], None, ". is a directory, not a database"),
     (["solve", "-"], "\0\1binary", "standard input holds binary data, not text"),
     (["solve", "list.json"], None, "list.json: a JSON deal must be an object with stock, "
      "waste and tableau"),
     (["solve", "-"], " null\n", "stdin: a JSON deal must be an object with stock, "
      "waste and tableau"),
     (["solve", "1-"], None, "'1-' is not a deal: give one deal number, game code or file "
      "(batch takes ranges)"),
     (["solve", "1-3,5"], None, "'1-3,5' is not a deal: give one deal number, game code or "
      "file (batch takes ranges)"),
     (["batch", "1-3,5"], None, "'1-3,5' is not a deal number or range (expected like 1-100)"),
     (["solve", "-", "-"], "", "standard input can be read only once: give - once"),
     (["batch", "-", "@-"], "1\n", "standard input can be read only once: give - or @- once"),
     (["compare", "@-", "@-"], "1\n", "standard input can be read only once: give - or @- "
      "once"),
     (["solve", ""], None, "an empty DEAL argument: give a deal number, game code or file, "
      "or the cards you see: \"WASTE | COLUMN 1 | ... | COLUMN 7\""),
     (["replay", "1", "adir"], None, "adir is a directory, not moves or a file of them"),
     (["batch", "1-2", "--out", "rows"], None, "--out writes .csv or .jsonl files, and this "
      "name has no suffix: rows"),
     (["batch", "1-2", "--out", ""], None, "--out needs a file name"),
     (["batch", "1-2", "--db", "nodir/new.db"], None, "--db nodir/new.db: no such directory"),
     (["batch", "1-2", "--out", "adir"], None, "--out adir is a directory"),
     (["batch", "1-2", "--db", " "], None, "--db needs a file name"),
     (["batch", "1-2", "--db", ":memory:"], None, "--db :memory: is SQLite's name for a database "
      "that is not kept: give a file name"),
     (["compare", "1-2", "--plot", ""], None, "--plot needs a file name"),
     (["export", "--db", "", "--out", "x.csv"], None, "--db needs a file name"),
     (["batch", "@"], None, "@ names no listing: write @FILE"),
     (["solve", "--", "-1"], None, "deal number -1 is out of range (1 to 99999999999999999999)"),
     (["batch", "--", "-5"], None, "deal number -5 is out of range (1 to 99999999999999999999)"),
     (["odds", "-1"], None, "deal number -1 is out of range (1 to 99999999999999999999)"),
     (["solve", "7", "-12"], None, "deal number -12 is out of range (1 to 99999999999999999999)"),
     (["batch", "@deal.board"], None, "deal.board holds a deal, not a listing of deals: give "
      "it without the @"),
     (["batch", "@-"], "3-4\n@more.txt\n", "standard input line 2: @more.txt: a listing cannot "
      "name another listing"),
     (["batch", "1-3", "--dask", ""], None, "--dask needs a scheduler's address (like "
      "tcp://host:8786)"),
     (["batch", "1", "--count", "9" * 300], None, "1 --count 99999999999999999999... (300 "
      "characters): deal number 99999999999999999999... (300 characters) is out of range (1 "
      "to 99999999999999999999)")],
)
def test_messages_name_the_real_problem(cli, tmp_path, monkeypatch, args, input, message):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "list.json").write_text("[1, 2, 3]")
    (tmp_path / "deal.board").write_text(Deal.from_number(7).to_board())
    (tmp_path / "adir").mkdir()
    result = cli(*args, input=input)
    assert (result.code, result.out, result.err) == (2, "", error(message))


def test_a_deal_given_twice_is_solved_once_and_the_summary_says_so(cli, tmp_path):
    solved = cli("solve", "1", "GO1-E-AAAAAAB", "--json")
    assert len(solved.out.splitlines()) == 1
    assert solved.err == code_note("GO1-E-AAAAAAB is PySolFC's deal 1") + (
        "golfsolve: note: deal 1 was given more than once (under easy rules); it is solved "
        "once\n")
    board = tmp_path / "d7.board"
    board.write_text(Deal.from_number(7).to_board())
    copied = cli("solve", "7", str(board), "--rules", "all", "--json")
    assert [json.loads(line)["deal"] for line in copied.out.splitlines()] == ["7"] * 4
    assert copied.err == (f"golfsolve: note: {board} holds the same cards as deal 7 (under "
                          "easy, classic, dead-king, strict rules); it is solved once\n")
    assert cli("solve", "GO1-E-AAAAAAH", "GO1-C-AAAAAAH").err == code_note(
        "GO1-E-AAAAAAH is PySolFC's deal 7")  # two rule sets: solved twice, no note of it
    batch = cli("batch", "1-3", "2", "3-4", "--rules", "easy", "--jobs", "1")
    assert batch.out.splitlines()[0].startswith("easy: 4 deals, ")
    assert batch.out.splitlines()[-1] == "(2 deals were named more than once and counted once)"
    data = json.loads(cli("batch", "1-3", "2", "--rules", "easy", "--jobs", "1", "--json").out)
    assert data["repeated"] == 1


def test_texts_count_right_and_line_up(cli):
    one = cli("batch", "1", "--rules", "easy", "--jobs", "1").out.splitlines()[0]
    assert one == ("easy: 1 deal, 1 won, win rate 100.0% (95% Wilson interval [20.7%, 100.0%]),"
                   " mean best score 350.0")
    tables = cli("compare", "1-20", "--rules", "classic,dead-king", "--jobs", "1").out
    assert tables.splitlines()[3:] == [
        "                 dead-king won   dead-king lost",
        "classic won                  6                3",
        "classic lost                 0               11"]
    line = json.loads(cli("solve", "1", "--json").out)["line"]
    lines = cli("replay", "1", line, "--format", "grid", "--lang", "en").out.splitlines()
    assert lines[1:6] == ["  1     2     3     4     5     6     7",
                          "empty empty empty empty empty empty empty    Stock: 3 cards",
                          " " * 45 + "Waste: 7♥", " " * 45 + "Score: 350", " " * 45 + "Moves: 48"]
    assert all(text == text.rstrip() for text in lines)


# ----- limits a user can reach by accident -------------------------------------------------------
def test_more_jobs_than_a_machine_can_hold_are_refused_before_any_work(cli):
    from golfsolve.runners import MAX_JOBS_PER_CORE, available_cores

    cores = available_cores()
    most = MAX_JOBS_PER_CORE * cores
    for command in (["batch", "1-3"], ["odds", "1", "--samples", "5"]):
        result = cli(*command, "--jobs", str(most + 1))
        assert (result.code, result.out, result.err) == (2, "", error(
            f"--jobs {most + 1} is more than {MAX_JOBS_PER_CORE} workers for each of the "
            f"{cores} cores this process may use (at most {most})"))


def test_a_small_batch_starts_no_more_workers_than_it_has_units(cli, monkeypatch):
    import golfsolve.batch.run

    started = []
    real_pool = golfsolve.batch.run.WorkerPool

    def counting_pool(jobs, function):
        started.append(jobs)
        return real_pool(jobs, function)

    monkeypatch.setattr(golfsolve.batch.run, "WorkerPool", counting_pool)
    result = cli("batch", "1-3", "--rules", "easy", "--jobs", "4", "--quiet")
    assert result.code == 0 and result.out.startswith("easy: 3 deals, 3 won")
    assert started == [3]


@pytest.mark.parametrize(("args", "message"), [
    (["solve", "9" * 5000], "deal number 999999999999... (5000 digits) is out of range (1 to "
     "99999999999999999999)"),
    (["show", "0" * 4990 + "12"], None),
    (["batch", "1-" + "9" * 5000], "1-999999999999999999...: deal number 999999999999... (5000 "
     "digits) is out of range (1 to 99999999999999999999)"),
    (["batch", "9" * 5000], "deal number 999999999999... (5000 digits) is out of range (1 to "
     "99999999999999999999)"),
    (["solve", "big.json"], "big.json: invalid JSON deal: a number with too many digits"),
])
def test_numbers_too_long_to_convert_are_one_line(cli, tmp_path, monkeypatch, args, message):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "big.json").write_text('{"number": ' + "9" * 5000 + "}")
    result = cli(*args)
    if message is None:  # leading zeros: deal 12 itself
        assert result.code == 0 and result.out == cli("show", "12").out
    else:
        assert (result.code, result.out, result.err) == (2, "", error(message))


# ----- output that cannot be written, and stops --------------------------------------------------
def test_standard_output_that_cannot_be_written_is_one_line():
    with open("/dev/full", "w") as full:
        done = subprocess.run([*GOLFSOLVE, "solve", "1"], stdout=full, stderr=subprocess.PIPE,
                              text=True, check=False)
    assert (done.returncode, done.stderr) == (
        1, error("cannot write standard output: No space left on device"))
    closed = subprocess.run(["sh", "-c", 'exec "$@" >&-', "sh", *GOLFSOLVE, "solve", "1"],
                            capture_output=True, text=True, check=False)
    assert (closed.returncode, closed.stderr) == (1, error("standard output is closed"))


def test_closed_standard_input_is_named_closed_not_empty():
    for command in (["show", "-"], ["batch", "@-"]):
        done = subprocess.run(["sh", "-c", 'exec "$@" <&-', "sh", *GOLFSOLVE, *command],
                              capture_output=True, text=True, check=False)
        assert (done.returncode, done.stdout, done.stderr) == (
            2, "", error("standard input is closed"))
    empty = subprocess.run([*GOLFSOLVE, "show", "-"], stdin=subprocess.DEVNULL,
                           capture_output=True, text=True, check=False)
    assert (empty.returncode, empty.stderr) == (2, error("standard input is empty"))


@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGHUP])
def test_a_stopped_game_says_so_once_with_the_signals_status(stop):
    proc = subprocess.Popen([*GOLFSOLVE, "play", "1"], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    proc.stdout.readline()  # the game has begun: it waits for a move
    proc.send_signal(stop)
    _, err = proc.communicate(timeout=30)
    assert (proc.returncode, err) == (128 + stop, "golfsolve: interrupted\n")


# ----- standard input ----------------------------------------------------------------------------
def test_batch_reads_a_board_from_standard_input(cli):
    board = cli("show", "42", "--format", "board").out
    result = cli("batch", "-", "--rules", "easy", "--jobs", "1", input=board)
    assert result.code == 0 and result.out.startswith("easy: 1 deal, 1 won")


def test_a_batch_refuses_a_position_it_cannot_solve_and_a_json_deal_that_contradicts_itself(
        cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    saved = tmp_path / "seen.json"
    assert cli("play", "GO1-C-AAAAAAB", "--lang", "en", input=f"d\ns {saved}\nq\n").code == 0
    deal = json.loads(cli("show", "1", "--format", "json").out)
    (tmp_path / "two.json").write_text(json.dumps({**deal, "number": 2}))
    (tmp_path / "bogus.json").write_text(json.dumps({**deal, "rules": "bogus"}))
    for args, message in [
            (["batch", str(saved)], f"{saved} has 15 unknown stock cards: a batch solves deals "
             f"whose stock is known; golfsolve odds {saved} gives the chances"),
            (["compare", "seen*.json"], "seen.json has 15 unknown stock cards: a batch solves "
             "deals whose stock is known; golfsolve odds seen.json gives the chances"),
            (["batch", "two.json"], "two.json: JSON deal: number 2 and code GO1-E-AAAAAAB name "
             "different deals"),
            (["batch", "bogus.json"], "bogus.json: JSON deal: unknown rules 'bogus' (expected "
             "one of: easy, classic, dead-king, strict)")]:
        result = cli(*args, "--jobs", "1")
        assert (result.code, result.out, result.err) == (2, "", error(message))


def test_closed_standard_input_and_error_streams_are_read_and_written_as_empty():
    played = subprocess.run(["sh", "-c", 'exec "$@" <&-', "sh", *GOLFSOLVE, "play", "1",
                             "--lang", "en"], capture_output=True, text=True, check=False)
    assert played.returncode == 0 and played.stderr == ""
    assert played.stdout.startswith("GO1-E-AAAAAAB (deal 1), easy")
    solved = subprocess.run(["sh", "-c", 'exec "$@" 2>&-', "sh", *GOLFSOLVE, "batch", "1-3",
                             "--rules", "easy", "--jobs", "2"], capture_output=True, text=True,
                            check=False)
    assert solved.returncode == 0 and solved.stdout.startswith("easy: 3 deals, 3 won")


def test_an_export_from_a_damaged_database_leaves_the_out_file_alone(cli, tmp_path):
    db, out = damaged_in_the_middle(cli, tmp_path / "damaged.sqlite"), tmp_path / "keep.csv"
    out.write_text("kept\n")
    for args in (["export", "--db", str(db)], ["batch", "--db", str(db)]):
        result = cli(*args, "--out", str(out))
        assert result.code == 2 and result.err.endswith(" (it is damaged; use another --db)\n")
    assert out.read_text() == "kept\n"


def test_a_report_on_rules_with_no_stored_deals_says_so(cli, tmp_path):
    db = tmp_path / "easy.sqlite"
    assert cli("batch", "1-5", "--rules", "easy", "--jobs", "1", "--db", str(db)).code == 0
    report = cli("batch", "--db", str(db), "--rules", "easy,classic")
    assert report.out.splitlines()[-1] == "classic: no deals"
    compared = cli("compare", "--db", str(db), "--rules", "easy,classic")
    assert "classic    no deals" in compared.out.splitlines()
    as_json = json.loads(cli("batch", "--db", str(db), "--rules", "classic", "--json").out)
    assert as_json["summary"] == [{"rules": "classic", "deals": 0, "won": 0, "win_rate": None,
                                   "wilson_95": None, "mean_best_score": None,
                                   "mean_cards_left": None, "traditional_per_9_deals": None,
                                   "max_removed_histogram": {}}]



def test_a_move_of_thousands_of_digits_is_no_move(cli):
    digits = "9" * 5000
    played = cli("play", "1", "--lang", "en", input=f"{digits}\n1 {digits}\n")
    assert played.code == 0 and played.err == ""
    assert played.out.splitlines()[-1] == (f"Unknown input '1 {digits[:38]}...': type ? for "
                                           "the commands")
    replayed = cli("replay", "1", digits)
    assert (replayed.code, replayed.err) == (2, error(
        f"move 1: '{'9' * 40}'... (5,000 characters) is not a move (d to draw, 1-7 for a "
        "column)"))


def test_the_odds_of_a_won_position_count_every_order(cli, tmp_path):
    line = json.loads(cli("solve", "1", "--json").out)["line"]
    won = tmp_path / "won.board"
    won.write_text(cli("replay", "1", line, "--format", "board").out)
    odds = json.loads(cli("odds", str(won), "--json").out.splitlines()[0])
    assert odds["orders"] == 6 and odds["max_removed"] == {"35": 6}
    assert (odds["clairvoyant"]["wins"], odds["clairvoyant"]["out_of"]) == (6, 6)


# ----- third round: databases and text ---
def hostile(text):
    """How a message quotes ``text``: its repr, with combining marks escaped."""
    from golfsolve.model.text import shown

    return shown(text)


KNOWN_RULES = "(expected one of: easy, classic, dead-king, strict)"
KNOWN_LISTS = "(expected easy, classic, dead-king, strict, a comma list of them, or all)"
LAYOUT = ("AC | 6C 5S QS TS 6H | 2S KC 4S 2C 8C | TC AH 2D 5D JS | 3D QH AS KD 4C | JH 3C 7D 8H 9C "
          "| TH 4H 7H 7C 8D | 3S 7S 3H 9S 5C")


@pytest.mark.parametrize(("args", "message"), [
    # the Kelvin sign K lowers to k: dead-king was taken
    (["show", "1", "--rules", "dead-\u212aing"], f"unknown rules 'dead-\u212aing' {KNOWN_RULES}"),
    (["batch", "1-2", "--rules", "easy,\u212a"], f"unknown rules '\u212a' {KNOWN_LISTS}"),
    (["show", "1", "--rules", "EA\u017fY"], f"unknown rules 'EA\u017fY' {KNOWN_RULES}"),
    (["show", "1", "--rules", "e\u0301asy"], "unknown rules 'e\\u0301asy' " + KNOWN_RULES),
    (["show", "1", "--rules", "\uff45asy"], f"unknown rules '\uff45asy' {KNOWN_RULES}"),
    (["show", "1", "--rules", "\u0130"], f"unknown rules '\u0130' {KNOWN_RULES}"),
    # the long s and the dotless i upper to S and I: a code of another deal was taken
    (["show", "go1-e-aaaaaa\u017f"], "malformed game code 'go1-e-aaaaaa\u017f' (expected like "
     "GO1-E-AAAAAAB)"),
    (["show", "GO1-C-AAAAAA\u0131"], "malformed game code 'GO1-C-AAAAAA\u0131' (expected like "
     "GO1-E-AAAAAAB)"),
    # the ligature ff uppers to two letters: counted as 8 deal letters
    (["show", "GO1-E-AAAAAA\ufb00"], "malformed game code 'GO1-E-AAAAAA\ufb00' (expected like "
     "GO1-E-AAAAAAB)"),
    (["show", "GO1-\u0130-AAAAAAB"], "malformed game code 'GO1-\u0130-AAAAAAB' (expected like "
     "GO1-E-AAAAAAB)"),
    # re.IGNORECASE matched ms and kpat: by Unicode case: ms5 and kpat:5 were taken
    (["show", "m\u017f5"], "no such file: m\u017f5"),
    (["show", "\u212apat:5"], "no such file: \u212apat:5"),
    # a card of the long s was the ace of spades
    (["show", LAYOUT.replace("AS", "A\u017f")], "column 4: 'A\u017f' is not a card (write "
     "cards like TS, 10S, 10\u2660)"),
    (["show", LAYOUT.replace("AC |", "\uff21C |")], "waste: '\uff21C' is not a card (write "
     "cards like TS, 10S, 10\u2660)"),
    (["show", LAYOUT.replace("6H", "6H\u0301")], "column 1: '6H\\u0301' is not a card (write "
     "cards like TS, 10S, 10\u2660)"),
    (["show", "--lang", "\uff45n", "1"], None),
])
def test_letters_that_fold_into_ascii_are_not_the_ascii_word(cli, args, message):
    result = cli(*args)
    if message is None:  # click's own refusal of a choice it does not know
        assert (result.code, result.out, result.err) == (2, "", (
            "golfsolve show: error: Invalid value for '--lang': '\uff45n' is not one of 'en', "
            "'fi', 'id', 'tr'. (see --help)\n"))
        return
    assert (result.code, result.out, result.err) == (2, "", error(message))


def test_a_board_line_label_spelled_with_other_letters_is_unknown(cli, tmp_path):
    board = Deal.from_number(7).to_board()
    assert board.startswith("Talon:")
    (tmp_path / "k.board").write_text(board.replace("Talon:", "Stoc\u212a:"), encoding="utf-8")
    (tmp_path / "s.board").write_text(board.replace("Talon:", "\u017ftock:"), encoding="utf-8")
    (tmp_path / "card.board").write_text(board.replace("Talon: ", "Talon: A\u017f "),
                                         encoding="utf-8")
    for name, message in (("k.board", "line 1: unknown line label 'stoc\u212a'"),
                          ("s.board", "line 1: unknown line label '\u017ftock'"),
                          ("card.board", "line 1, card 1: unknown card 'A\u017f'")):
        result = cli("show", str(tmp_path / name))
        assert (result.code, result.err) == (2, error(f"{tmp_path / name}: {message}"))


def test_moves_and_cards_spelled_with_other_letters_are_refused_as_given():
    from golfsolve.model.actions import Action
    from golfsolve.model.cards import Card, CardError
    from golfsolve.model.game import Game
    from golfsolve.model.rules import EASY

    assert Action.from_token(" DRAW ") == Action.from_token("d")
    assert Card.parse("ks") == Card(13, "S") and Card.parse("10\u2660") == Card(10, "S")
    for token in ("d\u0301", "\uff44", "\u0661", "DRA\u1d21"):
        with pytest.raises(ValueError) as refused:
            Action.from_token(token)
        assert str(refused.value) == f"not a move: {hostile(token)}"
        with pytest.raises(ValueError) as refused:
            Game(Deal.from_number(1).position(), EASY).play(token)
        assert str(refused.value) == f"not a move: {hostile(token)}"
    for token in ("A\u017f", "10\u017f", "\u212aS", "\u0131S", "\uff21S", "A\u0301S", "Q\x00S"):
        with pytest.raises(CardError) as refused:
            Card.parse(token)
        assert str(refused.value) == f"unknown card {hostile(token)}"
    assert hostile("A\u0301S") == "'A\\u0301S'" and hostile("Q\x00S") == "'Q\\x00S'"


def stored(number, rules="easy", **values):
    """A results row as a batch stores it (deal ``number`` lost in 30 removals)."""
    return {"key": str(number), "deal": str(number), "number": number, "code": None,
            "rules": rules, "winnable": False, "max_removed": 30, "best_score": 250,
            "fewest_moves": False, "line": "d 1 d", "states": 7, "ms": 1.5, **values}


def a_database(path, rows=5, odds=None):
    """A golfsolve database of deals 1..rows, made without solving anything."""
    with ResultStore(path) as store:
        store.claim(False, odds)
        store.add([stored(n, **({"odds_wins": 1, "odds_samples": odds[0],
                                 "fair_value": "1/3"} if odds else {})) for n in
                   range(1, rows + 1)])
    return path


def no_solving(monkeypatch):
    import golfsolve.batch.run

    def refuse(*args, **kwargs):
        raise AssertionError("solved before the database was found unusable")

    monkeypatch.setattr(golfsolve.batch.run, "solve_unit", refuse)


def altered(db, *statements):
    import sqlite3

    con = sqlite3.connect(db)
    with con:
        for statement in statements:
            con.execute(statement)
    con.close()
    return db


COPY_RESULTS = ("CREATE TABLE r2 AS SELECT * FROM results", "DROP TABLE results",
                "ALTER TABLE r2 RENAME TO results")
UNTYPED_META = ("CREATE TABLE m2 (key, value)", "INSERT INTO m2 SELECT * FROM meta",
                "DROP TABLE meta", "ALTER TABLE m2 RENAME TO meta")


@pytest.mark.parametrize(("statements", "what"), [
    (["UPDATE meta SET value = 'four' WHERE key = 'schema'"],
     "schema 'four' in its meta table is not a schema number"),
    (["UPDATE meta SET value = '4.0' WHERE key = 'schema'"],
     "schema '4.0' in its meta table is not a schema number"),
    (["UPDATE meta SET value = '0' WHERE key = 'schema'"],
     "schema '0' in its meta table is not a schema number"),
    (["UPDATE meta SET value = '\uff14' WHERE key = 'schema'"],
     "schema '\uff14' in its meta table is not a schema number"),
    (["UPDATE meta SET value = x'00ff' WHERE key = 'schema'"],
     "schema in its meta table is a blob, not text"),
    (["DELETE FROM meta WHERE key = 'schema'"], "its meta table has no schema row"),
    (["DELETE FROM meta WHERE key = 'fewest_moves'"], "its meta table has no fewest_moves row"),
    (["UPDATE meta SET value = 'yes' WHERE key = 'fewest_moves'"],
     "fewest_moves 'yes' in its meta table is neither 0 nor 1"),
    (["INSERT INTO meta VALUES ('odds_samples', 'x'), ('odds_seed', '1')"],
     "odds_samples 'x' in its meta table is not a whole number from 1 on"),
    (["INSERT INTO meta VALUES ('odds_samples', '5'), ('odds_seed', '0x1')"],
     "odds_seed '0x1' in its meta table is not a whole number"),
    (["INSERT INTO meta VALUES ('odds_samples', '5')"],
     "odds_samples in its meta table without odds_seed"),
    (["INSERT INTO meta VALUES ('options', '{}')"], "unknown row 'options' in its meta table"),
    (["UPDATE meta SET value = '1' WHERE key = 'schema'",
      "DELETE FROM meta WHERE key = 'fewest_moves'",
      "INSERT INTO meta VALUES ('options', '{not json')"],
     "options in its meta table are not the JSON object of golfsolve's first databases"),
    (["UPDATE meta SET value = '1' WHERE key = 'schema'",
      "DELETE FROM meta WHERE key = 'fewest_moves'",
      "INSERT INTO meta VALUES ('options', '{\"fewest_moves\": \"no\"}')"],
     "options in its meta table are not the JSON object of golfsolve's first databases"),
    (UNTYPED_META, "column 1 of its meta table is key (no type), not key TEXT (in the primary "
     "key)"),
    (["ALTER TABLE results ADD COLUMN extra TEXT"], "its results table has an unknown column "
     "'extra'"),
    (["ALTER TABLE results DROP COLUMN ms"], "its results table has no column 'ms'"),
    (COPY_RESULTS, "column 1 of its results table is key TEXT, not key TEXT NOT NULL (in the "
     "primary key)"),
    (["DROP TABLE boards"], "it has no boards table"),
    (["UPDATE results SET states = 'many' WHERE key = '2'"],
     "the row of deal 2 under easy: states 'many' is not what golfsolve stores there"),
    (["UPDATE results SET line = 'd9' WHERE key = '2'"],
     "the row of deal 2 under easy: line 'd9' is not a line of moves"),
    (["UPDATE results SET odds_wins = 3, odds_samples = 2 WHERE key = '2'"],
     "the row of deal 2 under easy: odds_wins 3 is not what golfsolve stores there"),
    (["UPDATE results SET odds_wins = 1 WHERE key = '2'"],
     "the row of deal 2 under easy: odds_wins and odds_samples, one without the other"),
    (["UPDATE results SET number_high = -1 WHERE key = '2'"],
     "the row of deal 2 under easy: number_high -1 is not what golfsolve stores there"),
    (["UPDATE results SET code = x'01' WHERE key = '2'"],
     "the row of deal 2 under easy: code is a blob, not text"),
    (["UPDATE results SET odds_wins = 1, odds_samples = 2, fair_value = 'abc' WHERE key = '2'"],
     "the row of deal 2 under easy: fair_value 'abc' is not a fraction from 0 to 1"),
    (["UPDATE results SET odds_wins = 1, odds_samples = 2, fair_value = '"
      + "9" * 5000 + "/1' WHERE key = '2'"],
     f"the row of deal 2 under easy: fair_value '{'9' * 40}'... (5,002 characters) is not a "
     "fraction from 0 to 1"),  # (a long value is quoted by its first 40 characters)
])
def test_a_database_damaged_in_its_meta_or_rows_is_one_line_and_left_as_it_is(
        cli, tmp_path, monkeypatch, statements, what):
    db = altered(a_database(tmp_path / "d.sqlite"), *statements)
    before = file_digest(db)
    no_solving(monkeypatch)
    for args in (["batch", "--db", str(db)], ["export", "--db", str(db), "--out",
                                              str(tmp_path / "x.csv")],
                 ["batch", "1-5", "--jobs", "1", "--db", str(db)]):
        result = cli(*args)
        assert (result.code, result.out, result.err) == (
            2, "", error(f"{db}: damaged golfsolve database ({what})")), args
    assert file_digest(db) == before
    assert not (tmp_path / "x.csv").exists()


def test_a_damaged_value_in_a_span_counted_by_sqlite_is_refused(cli, tmp_path, monkeypatch):
    """A report counts stored spans in SQL, where text sums as 0: it checks them there."""
    import golfsolve.batch.run

    monkeypatch.setattr(golfsolve.batch.run, "SPAN", 1)
    for value, what in (("'x'", "winnable 'x' is not what golfsolve stores there"),
                        ("2", "winnable 2 is not what golfsolve stores there")):
        db = altered(a_database(tmp_path / f"{len(value)}.sqlite"),
                     f"UPDATE results SET winnable = {value} WHERE key = '3'")
        before = file_digest(db)
        for command in ("batch", "compare"):
            result = cli(command, "--db", str(db))
            assert (result.code, result.out, result.err) == (2, "", error(
                f"{db}: damaged golfsolve database (the row of deal 3 under easy: {what})"))
        assert file_digest(db) == before
    fine = cli("batch", "--db", str(a_database(tmp_path / "fine.sqlite")))
    assert fine.out.startswith("easy: 5 deals, 0 won")


def test_a_schema_2_database_written_with_the_odds_columns_is_read_as_schema_3(cli, tmp_path):
    db = altered(a_database(tmp_path / "two.sqlite"), "DROP INDEX results_by_number",
                 "ALTER TABLE results DROP COLUMN number_high",
                 "UPDATE meta SET value = '2' WHERE key = 'schema'")
    report = cli("batch", "--db", str(db))
    assert (report.code, report.out.splitlines()[0]) == (0, "easy: 5 deals, 0 won, win rate "
                                                         "0.0% (95% Wilson interval [0.0%, "
                                                         "43.4%]), mean best score 250.0")


def hold_write_lock(db, how):
    import sqlite3

    con = sqlite3.connect(db, isolation_level=None)
    con.execute(f"BEGIN {how}")
    return con


@pytest.mark.parametrize("how", ["IMMEDIATE", "EXCLUSIVE"])
def test_a_database_another_program_holds_locked_is_refused_before_any_work(
        cli, tmp_path, monkeypatch, how):
    db = a_database(tmp_path / "held.sqlite")
    before = file_digest(db)
    locked = error(f"cannot write {db} as a results database: database is locked (another "
                   "program is using it; try again when it is done)")
    holder = hold_write_lock(db, how)
    try:
        no_solving(monkeypatch)
        refused = cli("batch", "6-9", "--rules", "easy", "--jobs", "1", "--db", str(db))
        assert (refused.code, refused.out, refused.err) == (2, "", locked)
        # quickly: within the claim's short wait, not the 30 s a stored row waits
        alone = subprocess.run([*GOLFSOLVE, "batch", "6-9", "--rules", "easy", "--jobs", "1",
                                "--db", str(db)], capture_output=True, text=True, timeout=20)
        assert (alone.returncode, alone.stdout, alone.stderr) == (2, "", locked)
        # what only reads a WAL database goes on
        read = cli("batch", "--db", str(db))
        assert (read.code, read.out.splitlines()[0][:14]) == (0, "easy: 5 deals,")
        assert cli("export", "--db", str(db), "--out", str(tmp_path / "x.csv")).code == 0
    finally:
        holder.close()
    assert file_digest(db) == before


def test_a_rollback_journal_database_held_exclusively_is_named_locked_when_read(cli, tmp_path):
    db = altered(a_database(tmp_path / "old-journal.sqlite"))
    import sqlite3

    con = sqlite3.connect(db)
    con.execute("PRAGMA journal_mode = DELETE")
    con.close()
    holder = hold_write_lock(db, "EXCLUSIVE")
    try:
        read = subprocess.run([*GOLFSOLVE, "batch", "--db", str(db)], capture_output=True,
                              text=True, timeout=20)
    finally:
        holder.close()
    assert (read.returncode, read.stdout, read.stderr) == (2, "", error(
        f"cannot open {db} as a results database: database is locked (another program is "
        "using it; try again when it is done)"))


@pytest.mark.parametrize("name", ["file:x.sqlite?mode=ro", "file:y.sqlite", "q?x.sqlite",
                                  "h#x.sqlite", "p%41.sqlite", "sp ace.sqlite"])
def test_a_db_name_sqlite_would_read_as_a_uri_is_a_plain_file(cli, tmp_path, monkeypatch, name):
    monkeypatch.chdir(tmp_path)
    a_database(name)
    assert sorted(os.listdir(tmp_path)) == [name]
    added = cli("batch", "--db", name)
    assert (added.code, added.out.splitlines()[0][:14]) == (0, "easy: 5 deals,")
    exported = cli("export", "--db", name, "--out", "x.csv")
    assert (exported.code, exported.out) == (0, "5 rows written to x.csv\n")
    assert {f for f in os.listdir(tmp_path) if not f.startswith(name)} == {"x.csv"}


def test_a_memory_name_given_to_the_library_is_a_file_that_is_kept(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    a_database(":memory:")
    with ResultStore(":memory:", create=False) as store:
        assert store.count(1, 5, ["easy"]) == 5


@pytest.mark.parametrize(("setup", "message"), [
    (lambda db: db.write_bytes(b""), "{db} holds no golfsolve results"),
    (lambda db: altered(db, "CREATE TABLE notes (x)"),
     "{db} is an SQLite database, but not a golfsolve one"),
    (lambda db: altered(db, "CREATE TABLE meta (a)", "CREATE TABLE results (b)"),
     "{db}: damaged golfsolve database (its meta table has no column 'key')"),
    (lambda db: (a_database(db), Path(f"{db}-wal").mkdir()),
     "cannot open {db} as a results database: unable to open database file (check the file, "
     "or use another --db)"),
])
def test_files_that_are_not_a_usable_golfsolve_database_are_one_line(cli, tmp_path, setup,
                                                                      message):
    db = tmp_path / "other.sqlite"
    setup(db)
    before = file_digest(db)
    result = cli("batch", "--db", str(db))
    assert (result.code, result.out, result.err) == (2, "", error(message.format(db=db)))
    assert file_digest(db) == before


# ----- third round: inputs and outputs ---
def _board(path, number=7):
    Path(path).write_text(Deal.from_number(number).to_board(), encoding="utf-8")
    return path


def _loop(path):
    """``path`` and ``path``.2 two symbolic links to each other."""
    os.symlink(f"{path}.2", path)
    os.symlink(path, f"{path}.2")


def test_count_errors_name_the_option(cli):
    """The deal list says "a count of deals"; the command line says --count."""
    for args, message in (
            (["1-3", "--count", "5"], "--count goes with a start number, code or "
             "solvitaire:N, not with '1-3'"),
            (["1", "9", "--count", "5"], "--count goes with one start number, code or "
             "solvitaire:N, not with 2 DEALS arguments"),
            (["99999999999999999995", "--count", "10"], "99999999999999999995 --count 10: "
             "deal number 100000000000000000004 is out of range (1 to 99999999999999999999)")):
        result = cli("batch", *args)
        assert (result.code, result.out, result.err) == (2, "", error(message))


def _limited(size):
    def limit():  # a file grown past ``size`` bytes fails with EFBIG, not the signal
        import resource

        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (size, size))
    return limit


@pytest.mark.parametrize(("name", "size"), [("rows.jsonl", 30_000), ("rows.csv", 3_000)])
def test_a_row_file_cut_short_by_a_write_that_fails_holds_whole_lines(cli, tmp_path, name,
                                                                       size):
    """A write that fails part way (a full disk, here a file size limit) is cut back to the
    last whole line: the rows in the file are whole, and replay reads them."""
    import csv

    out = tmp_path / name
    batch = subprocess.run([*GOLFSOLVE, "batch", "1-40", "--jobs", "1", "--quiet", "--out",
                            str(out)], preexec_fn=_limited(size), capture_output=True,
                           text=True, timeout=300, check=False)
    assert (batch.returncode, batch.stdout, batch.stderr) == (
        1, "", error(f"cannot write {out}: File too large"))
    data = out.read_bytes()
    assert 0 < len(data) <= size and data.endswith(b"\n")
    if name.endswith(".jsonl"):
        records = [json.loads(line) for line in data.splitlines()]
        assert [r["deal"] for r in records] == ["1", "1", "2", "2", "3", "3", "4", "4", "5"]
        replayed = cli("replay", "1", str(out), "--rules", "easy")
        assert (replayed.code, replayed.out.splitlines()[-1]) == (0, "You won!")
    else:
        rows = list(csv.reader(data.decode().splitlines()))
        assert len(rows) > 2 and {len(row) for row in rows} == {11}


@pytest.mark.parametrize(
    "args",
    [["batch", "1", "--db", "loop"], ["batch", "1", "--out", "loop.csv"],
     ["compare", "1-2", "--plot", "loop.png"], ["batch", "loop"], ["batch", "@loop"],
     ["solve", "loop"], ["replay", "1", "loop"], ["show", "loop"],
     ["export", "--db", "loop", "--out", "x.csv"]],
)
def test_a_symbolic_link_loop_is_named_in_one_line(cli, tmp_path, monkeypatch, args):
    monkeypatch.chdir(tmp_path)
    for name in ("loop", "loop.csv", "loop.png"):
        _loop(name)
    named = next(arg.lstrip("@") for arg in args if arg.lstrip("@").startswith("loop"))
    shown = next((f"{flag} {named}" for flag in ("--db", "--out", "--plot")
                  if flag in args and args[args.index(flag) + 1] == named), named)
    result = cli(*args)
    assert (result.code, result.out, result.err) == (
        2, "", error(f"{shown} is a symbolic link loop"))


LONG = "a" * 300 + ".board"


@pytest.mark.parametrize(
    ("args", "message"),
    [(["solve", "gone.board"], "gone.board is a symbolic link to missing.board, which does "
      "not exist"),
     (["batch", "@gone.board"], "gone.board is a symbolic link to missing.board, which does "
      "not exist"),
     (["replay", "1", "gone.board"], "gone.board is a symbolic link to missing.board, which "
      "does not exist"),
     (["solve", "deal.board/x.board"], "deal.board/x.board: deal.board is not a directory"),
     (["show", "deal.board/"], "deal.board/: deal.board is not a directory"),
     (["batch", "1", "--out", "new.csv/"], "--out new.csv/ names a directory (it ends in /): "
      "give a file name"),
     (["batch", "1", "--db", "deal.board/x.sqlite"], "--db deal.board/x.sqlite: deal.board is "
      "not a directory"),
     (["compare", "1-2", "--plot", "deal.board/x.png"], "--plot deal.board/x.png: deal.board "
      "is not a directory"),
     (["solve", LONG], "aaaaaaaaaaaaaaaaaaaa... (300 characters).board: the name is too long "
      "for the file system"),
     (["batch", "1", "--out", LONG + ".csv"], "--out aaaaaaaaaaaaaaaaaaaa... (300 characters)"
      ".board.csv: the name is too long for the file system"),
     (["batch", "@nul.txt"], "nul.txt line 2: x\\x00y.board: a file name cannot hold a NUL "
      "byte"),
     (["batch", "1", "--out", "~/rows.csv"], "--out ~/rows.csv: no such directory ~ (the ~ was "
      "not expanded: a shell expands it only at the start of a word; or give $HOME)"),
     (["batch", "@deal.board/"], "deal.board/: deal.board is not a directory")],
)
def test_names_the_system_cannot_look_up_are_named_in_one_line(cli, tmp_path, monkeypatch,
                                                               args, message):
    monkeypatch.chdir(tmp_path)
    os.symlink("missing.board", "gone.board")
    _board("deal.board")
    (tmp_path / "nul.txt").write_text("1\nx\0y.board\n")
    result = cli(*args)
    assert (result.code, result.out, result.err) == (2, "", error(message))
    assert sorted(os.listdir(tmp_path)) == ["deal.board", "gone.board", "nul.txt"]


def test_a_file_name_that_is_not_utf8_is_shown_and_stored_escaped(tmp_path):
    """Python reads such a name with lone surrogates, which no text file or database takes."""
    name = os.fsencode(tmp_path) + b"/x\xff.board"
    with open(name, "w", encoding="utf-8") as f:
        f.write(Deal.from_number(3).to_board())
    rows, db = tmp_path / "rows.csv", tmp_path / "rows.sqlite"
    batch = subprocess.run([*map(os.fsencode, GOLFSOLVE), b"batch", name, b"--rules",
                            b"classic", b"--jobs", b"1", b"--quiet", b"--out", os.fsencode(rows),
                            b"--db", os.fsencode(db)], capture_output=True, timeout=120,
                           check=False)
    assert (batch.returncode, batch.stderr) == (0, b"")
    assert [row["deal"] for row in read_csv(rows)] == [f"{tmp_path}/x\\xff.board"]
    with ResultStore(db, create=False) as store:
        assert [row["deal"] for rows in store.board_rows(["classic"]) for row in rows] == [
            f"{tmp_path}/x\\xff.board"]


def test_a_deal_in_a_named_pipe_or_a_descriptor_is_read_once(tmp_path):
    """A pipe gives its text once: the deal is read once, checked and solved from what was
    read (a second open of a named pipe would wait for a writer forever)."""
    import threading

    fifo = tmp_path / "deal.board"
    os.mkfifo(fifo)
    board = Deal.from_number(7).to_board()

    def writer():
        with open(fifo, "w", encoding="utf-8") as f:
            f.write(board)

    threading.Thread(target=writer, daemon=True).start()
    command = [*GOLFSOLVE, "batch", "--rules", "classic", "--jobs", "1", "--quiet"]
    piped = subprocess.run([*command, str(fifo)], capture_output=True, text=True, timeout=120,
                           check=False)
    assert (piped.returncode, piped.stderr) == (0, "")
    assert piped.stdout.startswith("classic: 1 deal, 0 won, win rate 0.0%")
    read, write = os.pipe()  # as <(golfsolve show 7 --format board) gives it
    os.write(write, board.encode())
    os.close(write)
    try:
        described = subprocess.run([*command, f"/dev/fd/{read}"], capture_output=True,
                                   text=True, timeout=120, pass_fds=(read,), check=False)
    finally:
        os.close(read)
    assert (described.returncode, described.stdout, described.stderr) == (
        0, piped.stdout, "")


@pytest.mark.parametrize(
    ("args", "message"),
    [(["batch", "@list.csv", "--out", "list.csv"],
      "--out list.csv is the listing @list.csv: write to another file"),
     (["batch", "deal.csv", "--out", "deal.csv"],
      "--out deal.csv is the deal file deal.csv (in DEALS): write to another file"),
     (["export", "@list.csv", "--db", "ref.sqlite", "--out", "list.csv"],
      "--out list.csv is the listing @list.csv: write to another file"),
     (["batch", "@names.txt", "--out", "deal.csv"],
      "names.txt line 2: --out deal.csv is the deal file deal.csv: write to another file"),
     (["batch", "deal.csv", "--db", "deal.csv"],
      "--db deal.csv is the deal file deal.csv (in DEALS): write to another file"),
     (["batch", "@list.csv", "--out", "hard.csv"],  # a hard link to the listing
      "--out hard.csv is the listing @list.csv: write to another file"),
     (["batch", "@won.txt", "--rules", "classic", "--won-only", "--out", "./won.txt"],
      "--out ./won.txt is the listing @won.txt: write to another file"),
     (["compare", "@list.png", "--plot", "list.png"],
      "--plot list.png is the listing @list.png: write to another file"),
     (["batch", "boards/*", "--out", "boards/rows.csv"],  # not made yet: the glob would read it
      "--out boards/rows.csv is a file the glob boards/* (in DEALS) matches: write to another "
      "file")],
)
def test_an_output_that_is_an_input_is_refused_before_either_is_opened(cli, tmp_path,
                                                                        monkeypatch, args,
                                                                        message):
    monkeypatch.chdir(tmp_path)
    assert cli("batch", "1-3", "--jobs", "1", "--db", "ref.sqlite").code == 0
    for name in ("list.csv", "won.txt", "list.png"):
        (tmp_path / name).write_text("1-3\n")
    os.link("list.csv", "hard.csv")
    _board("deal.csv")
    (tmp_path / "names.txt").write_text("2\ndeal.csv\n")
    (tmp_path / "boards").mkdir()
    _board("boards/a.board")
    before = {path: file_digest(path) for path in tmp_path.rglob("*") if path.is_file()}
    result = cli(*args, "--jobs", "1") if args[0] != "export" else cli(*args)
    assert (result.code, result.out, result.err) == (2, "", error(message))
    assert {path: file_digest(path) for path in tmp_path.rglob("*") if path.is_file()} == before


@pytest.mark.parametrize("args", [
    ["odds", "1", "--samples", "５"], ["odds", "1", "--seed", "٣"], ["batch", "1", "--jobs", "２"],
    ["batch", "1", "--odds", "--seed", "１"], ["play", "1", "--seed", "５"],
    ["odds", "1", "--memory", "５G"], ["odds", "1", "--policy", "²"],
])
def test_numbers_in_options_are_ascii_digits(cli, args):
    option, value = args[-2], args[-1]
    result = cli(*args)
    what = "a size (say 8G or 500M)" if option == "--memory" else "a valid integer."
    assert (result.code, result.out) == (2, "")
    assert result.err == (f"golfsolve {args[0]}: error: Invalid value for '{option}': "
                          f"'{value}' is not {what} (see --help)\n")


# ----- third round: processes, signals and exit statuses ---
def start_in_group(*args, **kwargs):
    """golfsolve started as a process group of its own, as a shell starts a job."""
    return subprocess.Popen([*GOLFSOLVE, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, start_new_session=True, **kwargs)


def children(pid):
    """The worker processes of ``pid`` (not multiprocessing's resource tracker)."""
    found = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        for child in (task / "children").read_text().split():
            try:
                command = Path(f"/proc/{child}/cmdline").read_bytes()
            except OSError:
                continue
            if b"spawn_main" in command and b"resource_tracker" not in command:
                found.append(int(child))
    return found


def wait_for(condition, seconds=30.0):
    import time

    deadline = time.monotonic() + seconds
    while not (found := condition()):
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.02)
    return found


def group_is_gone(pgid):
    def gone():
        try:
            os.killpg(pgid, 0)
        except ProcessLookupError:
            return True
        return False
    return wait_for(gone, 10)


@pytest.fixture
def deadline():
    """Fail, rather than hang, a test that runs past its seconds: deadline(seconds)."""
    def expire(signum, frame):  # pytest.fail: no OSError, which the code under test may catch
        pytest.fail("the pool did not answer in time")

    previous = signal.signal(signal.SIGALRM, expire)
    yield lambda seconds: signal.setitimer(signal.ITIMER_REAL, seconds)
    signal.setitimer(signal.ITIMER_REAL, 0)
    signal.signal(signal.SIGALRM, previous)


def test_a_worker_that_kills_itself_is_reported_after_the_parent_was_busy(deadline):
    import operator
    import time
    from functools import partial

    from golfsolve.runners import WorkerError, WorkerPool

    deadline(20)
    with WorkerPool(2, operator.call) as pool:
        pool.submit(1, partial(abs, -1))
        pool.submit(2, partial(signal.raise_signal, signal.SIGKILL))
        time.sleep(1.5)  # busy storing: the worker is dead before the parent waits
        with pytest.raises(WorkerError) as died:
            while pool.outstanding:
                assert pool.next_result() == (1, 1)
    assert str(died.value) == "a worker process died (killed by SIGKILL)"


def test_a_worker_killed_before_its_first_task_or_while_at_work_is_reported(deadline):
    import operator
    import time
    from functools import partial

    from golfsolve.runners import WorkerError, WorkerPool

    deadline(20)
    with WorkerPool(1, operator.call) as pool:
        os.kill(pool.pids[0], signal.SIGKILL)
        time.sleep(0.5)
        pool.submit(1, partial(abs, -1))  # the send to it fails: no BrokenPipeError here
        with pytest.raises(WorkerError, match=r"^a worker process died \(killed by SIGKILL\)$"):
            pool.next_result()
    with WorkerPool(1, operator.call) as pool:
        pool.submit(1, partial(time.sleep, 30))
        time.sleep(0.5)
        os.kill(pool.pids[0], signal.SIGTERM)  # ignored: the parent decides when to stop
        os.kill(pool.pids[0], signal.SIGINT)
        pool.submit(2, partial(abs, -2))
        time.sleep(0.5)
        os.kill(pool.pids[0], signal.SIGKILL)
        with pytest.raises(WorkerError, match=r"^a worker process died \(killed by SIGKILL\)$"):
            pool.next_result()


def test_a_workers_bad_input_is_bad_input_and_an_unsendable_result_a_failure(deadline):
    import operator
    from functools import partial

    from golfsolve.errors import InputError
    from golfsolve.model.rules import parse_rules_list
    from golfsolve.runners import WorkerError, WorkerPool

    deadline(20)
    with WorkerPool(1, operator.call) as pool:
        pool.submit(1, partial(parse_rules_list, "bogus"))
        with pytest.raises(InputError) as bad:
            pool.next_result()
        assert str(bad.value) == ("unknown rules 'bogus' (expected easy, classic, dead-king, "
                                  "strict, a comma list of them, or all)")
        pool.submit(2, partial(eval, "lambda: 0"))  # a result that cannot be pickled
        with pytest.raises(WorkerError) as failed:
            pool.next_result()
        assert str(failed.value).startswith("a worker failed: its result cannot be sent back: ")
        pool.submit(3, partial(abs, -3))  # the same worker goes on
        assert pool.next_result() == (3, 3)


def test_a_batch_whose_worker_is_killed_stops_with_1_and_keeps_its_results(tmp_path):
    from .test_streaming import stored_rows

    db = tmp_path / "runs.sqlite"
    proc = start_in_group("batch", "1-30000", "--rules", "easy", "--jobs", "2", "--quiet",
                          "--db", str(db))
    try:
        worker = wait_for(lambda: children(proc.pid))[0]
        wait_for(lambda: db.exists() and stored_rows(db), 60)
        os.kill(worker, signal.SIGKILL)
        out, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    assert (proc.returncode, out, err) == (1, "", error(
        f"a worker process died (killed by SIGKILL); the finished results are kept in {db}"))
    assert stored_rows(db) > 0
    group_is_gone(proc.pid)


def group_members(pgid):
    """The processes of group ``pgid`` and their states, exited ones whose status nobody
    collected too."""
    from .test_streaming import process_stats

    return [(pid, fields[0]) for pid, fields in process_stats() if int(fields[2]) == pgid]


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
@pytest.mark.parametrize("args, said", [
    (["batch", "1-20", "--rules", "classic", "--jobs", "2"], "classic: 20 deals, 9 won"),
    (["compare", "1-20", "--jobs", "2"], "easy              19 of 20 won")])
def test_a_command_with_workers_leaves_no_process_behind_not_even_one_to_reap(args, said):
    # multiprocessing's resource tracker outlives its parent unless stopped: an orphan whose
    # exit status waits for the system's first process (some containers' never collects it)
    proc = start_in_group(*args, "--quiet")
    out, err = proc.communicate(timeout=60)
    assert (proc.returncode, err, out[:len(said)]) == (0, "", said)
    assert group_members(proc.pid) == []


def test_the_resource_tracker_a_pool_started_is_stopped_only_when_asked_and_no_pool_is_open():
    # (a library's caller may track its own shared memory there, which a stop would unlink)
    from multiprocessing import resource_tracker

    from golfsolve.runners import WorkerPool, stop_idle_tracker

    tracker = resource_tracker._resource_tracker
    stop_idle_tracker()
    if tracker._pid is not None:
        pytest.skip("a tracker this process started otherwise is running")
    for _ in range(2):
        with WorkerPool(1, abs) as pool:
            pool.submit(0, -3)
            assert pool.next_result() == (0, 3)
            started = tracker._pid
            assert started is not None
            stop_idle_tracker()  # a pool is open: nothing done
            assert tracker._pid == started
        assert tracker._pid == started  # closed: left running
        stop_idle_tracker()
        assert tracker._pid is None
        with pytest.raises(ChildProcessError):  # reaped
            os.waitpid(started, os.WNOHANG)
    resource_tracker.ensure_running()  # started otherwise: left alone
    stop_idle_tracker()
    assert tracker._pid is not None


@pytest.mark.parametrize("stop, after", [(signal.SIGINT, 0.0), (signal.SIGINT, 0.15),
                                         (signal.SIGINT, 0.4), (signal.SIGTERM, 0.05),
                                         (signal.SIGHUP, 0.3)])
def test_a_stop_to_the_group_while_workers_start_is_one_line_and_its_status(stop, after):
    import time

    proc = start_in_group("batch", "1-30000", "--rules", "easy", "--jobs", "2", "--quiet")
    try:
        wait_for(lambda: children(proc.pid))  # the first worker is starting
        time.sleep(after)
        os.killpg(proc.pid, stop)
        out, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    assert (proc.returncode, out, err) == (128 + stop, "", "golfsolve: interrupted\n")
    group_is_gone(proc.pid)


def stderr_gone(*args, **kwargs):
    """golfsolve run with standard error a pipe whose reader has gone."""
    read, write = os.pipe()
    os.close(read)
    try:
        return subprocess.run([*GOLFSOLVE, *args], stdout=subprocess.PIPE, stderr=write,
                              text=True, check=False, **kwargs)
    finally:
        os.close(write)


@pytest.mark.parametrize("args, status, printed", [
    (["solve", "1", "1"], 0, "GO1-E-AAAAAAB (deal 1), easy rules: winnable in 48 moves"),
    (["batch", "1-3", "--rules", "easy", "--jobs", "2"], 0, "easy: 3 deals, 3 won"),
    (["solve", "GO1-Q-AAAAAAB"], 2, ""), (["solve", "--bogus"], 2, ""), ([], 2, ""),
    (["show", "-"], 2, ""), (["replay", "1", "9"], 2, ""),
])
def test_standard_error_whose_reader_is_gone_keeps_the_status_and_the_output(args, status,
                                                                             printed):
    done = stderr_gone(*args, stdin=subprocess.DEVNULL)
    assert done.returncode == status and done.stdout.startswith(printed)


def test_standard_output_whose_reader_is_gone_is_a_quiet_end_and_nothing_else_is():
    read, write = os.pipe()
    os.close(read)
    try:
        done = subprocess.run([*GOLFSOLVE, "solve", "1", "2", "3"], stdout=write,
                              stderr=subprocess.PIPE, text=True, check=False)
    finally:
        os.close(write)
    assert (done.returncode, done.stderr) == (0, "")


def test_odds_whose_reader_leaves_stops_its_work_not_at_its_next_line():
    """odds | head -1: the first line out, the reader gone; the next line (Easy deal 19's fair
    value, some 50 s of work here) is not worked out: the command and its workers end
    quietly."""
    proc = subprocess.Popen([*GOLFSOLVE, "odds", "19", "--rules", "easy"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            start_new_session=True)
    try:
        assert proc.stdout.readline().startswith(b"GO1-E-AAAAAAT (deal 19), easy rules:")
        proc.stdout.close()
        assert proc.wait(timeout=20) == 0
        assert proc.stderr.read() == b""
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    group_is_gone(proc.pid)


def test_batch_rows_to_a_reader_that_leaves_early_end_quietly_and_keep_what_is_stored(tmp_path):
    db = tmp_path / "r.sqlite"
    done = subprocess.run(  # as | head -2: the reader gone once the rows are under way
        ["bash", "-c", f"{shlex.join(GOLFSOLVE)} batch 1-3000 --rules easy --jobs 2 --quiet "
         f"--out - --db {shlex.quote(str(db))} | head -2; echo \"${{PIPESTATUS[0]}}\" >&2"],
        capture_output=True, text=True, check=False, timeout=300)
    assert done.stdout.splitlines()[0].startswith("deal,number,code,rules,")
    assert len(done.stdout.splitlines()) == 2 and done.stderr == "0\n"
    stored = subprocess.run([*GOLFSOLVE, "batch", "--db", str(db), "--rules", "easy"],
                            capture_output=True, text=True, check=True)
    assert stored.stdout.startswith("easy: ")  # a database still whole


def test_a_broken_pipe_or_an_exit_inside_a_command_keeps_its_meaning(cli, monkeypatch):
    import golfsolve.cli.commands.show as show

    def broken(*args, **kwargs):
        raise BrokenPipeError(32, "Broken pipe")

    monkeypatch.setattr(show, "resolve", broken)
    result = cli("show", "1")
    assert (result.code, result.err) == (1, error("cannot write a pipe: its reader has gone"))

    def leaves(status):
        def leave(*args, **kwargs):
            sys.exit(status)
        return leave

    for status, code in ((3, 3), (None, 0), ("gone", 1)):
        monkeypatch.setattr(show, "resolve", leaves(status))
        result = cli("show", "1")
        assert (result.code, result.err) == (code, error("gone") if status == "gone" else "")


def test_a_dead_worker_of_odds_is_one_line_and_1(cli, monkeypatch):
    from golfsolve import runners

    def dies(self):
        raise runners.WorkerError("a worker process died (killed by SIGKILL)")

    monkeypatch.setattr(runners.WorkerPool, "next_result", dies)
    result = cli("odds", "3", "--jobs", "2", "--samples", "4")
    assert (result.code, result.out, result.err) == (  # what is weighed is said at once
        1, "GO1-E-AAAAAAD (deal 3), easy rules: 16 unseen stock cards (217,945,728,000 "
        "orders of their ranks)\n", error("a worker process died (killed by SIGKILL)"))


@pytest.mark.parametrize("value", ["0", "abc", "", "-2"])
def test_a_thread_count_numba_cannot_use_is_bad_input(value):
    message = error(f"NUMBA_NUM_THREADS is {value!r}: it must be a whole number of threads, "
                    "1 or more (or unset, for every core)")
    env = {**os.environ, "NUMBA_NUM_THREADS": value}
    for args in (["solve", "1"], ["batch", "1-40", "--rules", "easy", "--jobs", "2"]):
        done = subprocess.run([*GOLFSOLVE, *args], capture_output=True, text=True, env=env,
                              check=False)
        assert (done.returncode, done.stdout, done.stderr) == (2, "", message)


@pytest.mark.parametrize(("value", "why"), [
    ("bogus", "it must be one of default, safe, forksafe, threadsafe, tbb, omp, workqueue "
     "(or unset)"),
    ("", "it must be one of default, safe, forksafe, threadsafe, tbb, omp, workqueue (or unset)"),
])
def test_a_threading_layer_numba_does_not_have_is_bad_input_before_a_database_is_made(
        tmp_path, value, why):
    env = {**{k: v for k, v in os.environ.items() if k != "NUMBA_NUM_THREADS"},
           "NUMBA_THREADING_LAYER": value}
    db = tmp_path / "x.sqlite"
    for args in (["odds", "3", "--rules", "classic"],
                 ["batch", "1-40", "--rules", "easy", "--jobs", "2", "--db", str(db)],
                 ["census", "run", "1-40", "--dir", str(tmp_path / "c"), "--rules", "easy",
                  "--jobs", "1"]):
        done = subprocess.run([*GOLFSOLVE, *args], capture_output=True, text=True, env=env,
                              check=False)
        assert (done.returncode, done.stdout, done.stderr) == (
            2, "", error(f"NUMBA_THREADING_LAYER is {value!r}: {why}"))
    assert list(tmp_path.iterdir()) == []  # no database, no census directory


def test_workers_in_a_removed_current_directory_are_refused_by_name(tmp_path):
    gone = tmp_path / "gone"
    gone.mkdir()
    done = subprocess.run(["sh", "-c", 'cd "$1" && rmdir "$1" && shift && exec "$@"', "sh",
                           str(gone), *GOLFSOLVE, "batch", "1-40", "--rules", "easy", "--jobs",
                           "2"], capture_output=True, text=True, check=False,
                          env={**os.environ, "PYTHONPATH": str(Path(__file__).parents[1])})
    assert (done.returncode, done.stdout, done.stderr) == (2, "", error(
        "the current directory has been removed, and worker processes start in it: cd to a "
        "directory that exists"))


@pytest.mark.parametrize("numba_cache_dir", [None, "numba-cache"])
def test_an_install_its_user_cannot_write_caches_the_kernels_in_a_private_temp_dir(
        tmp_path, numba_cache_dir):
    import shutil

    import golfsolve

    copy = tmp_path / "site"
    shutil.copytree(Path(golfsolve.__file__).parent, copy / "golfsolve",
                    ignore=shutil.ignore_patterns("__pycache__"))
    # Unwritable for any user, root too: a file where numba would make its directories.
    (copy / "golfsolve" / "kernels" / "__pycache__").write_text("")
    blocked = tmp_path / "not-a-directory"
    blocked.write_text("")
    (tmp_path / "tmp").mkdir()
    env = {**os.environ, "HOME": str(blocked), "XDG_CACHE_HOME": str(blocked),
           "TMPDIR": str(tmp_path / "tmp"), "PYTHONDONTWRITEBYTECODE": "1"}
    env.pop("NUMBA_CACHE_DIR", None)
    tried = ""
    if numba_cache_dir is not None:  # one that cannot be written either: passed over so too
        env["NUMBA_CACHE_DIR"] = str(blocked / numba_cache_dir)
        tried = f"in NUMBA_CACHE_DIR ({blocked / numba_cache_dir}) nor "
    code = ("import golfsolve.kernels.layout, golfsolve.kernels.search, "
            "golfsolve.kernels.bound, golfsolve.kernels.dealer; print(golfsolve.__file__)")
    runs = [subprocess.run([sys.executable, "-c", code], cwd=copy, env=env, capture_output=True,
                           text=True, check=False) for _ in range(2)]
    private = tmp_path / "tmp" / f"golfsolve-numba-{os.getuid()}"
    assert [(run.returncode, run.stdout) for run in runs] == [
        (0, f"{copy / 'golfsolve' / '__init__.py'}\n")] * 2
    assert runs[0].stderr == (
        f"golfsolve: note: the compiled kernels cannot be cached {tried}beside the package nor "
        f"in {blocked / 'numba'}: they are cached in {private}, and this first run compiles "
        "those it needs\n")
    assert runs[1].stderr == ""
    assert oct(private.stat().st_mode & 0o777) == "0o700"
    if numba_cache_dir is not None:  # and a command compiles its kernels there, and solves
        # (the strict solver: the smallest of the solvers to compile)
        solved = subprocess.run([sys.executable, "-m", "golfsolve", "solve", "1", "--rules",
                                 "strict"], cwd=copy, env=env, capture_output=True, text=True,
                                check=False)
        assert (solved.returncode, solved.stderr) == (0, "")
        assert any(private.rglob("strict.strict_search-*.nbi"))


@pytest.mark.parametrize("module", ["golfsolve.cli.app", "golfsolve.compiling"])
def test_a_stop_while_the_command_line_is_imported_is_one_line_and_its_status(module):
    # Ctrl-C as the command line's modules load (click, the commands): a meta-path hook sends
    # the signal at the import of golfsolve.cli.app, before its handlers exist, or of
    # golfsolve.compiling, once they exist but before the command runs
    script = (
        "import os, signal, sys\n"
        "class Stop:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name == %r:\n"
        "            os.kill(os.getpid(), signal.SIG%s)\n"
        "        return None\n"
        "sys.meta_path.insert(0, Stop())\n"
        "sys.argv = ['golfsolve', 'show', '1']\n"
        "from golfsolve.cli import main\n"
        "main()\n")
    for stop, status in (("INT", 130), ("TERM", 143)):
        done = subprocess.run([sys.executable, "-c", script % (module, stop)],
                              capture_output=True, text=True, timeout=60, check=False)
        assert (done.returncode, done.stdout, done.stderr) == (
            status, "", "golfsolve: interrupted\n")


def test_a_won_list_names_a_board_file_with_a_newline_on_one_line(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    name = "we'ird\nname.board"
    (tmp_path / name).write_text(cli("show", "7", "--format", "board").out, encoding="utf-8")
    for out in ("w.py", "w.txt"):
        assert cli("batch", "1", name, "--rules", "easy", "--won-only", "--out", out).code == 0
    module = (tmp_path / "w.py").read_text(encoding="utf-8")
    assert "    # we'ird\\nname.board (a board file, no deal number)\n" in module
    namespace: dict = {}
    exec(compile(module, "w.py", "exec"), namespace)  # a module that compiles
    assert namespace["SOLVABLE_SEEDS"] == (1,)
    assert (tmp_path / "w.txt").read_text(encoding="utf-8").splitlines()[-2:] == [
        "1", "we'ird\\nname.board"]


def test_replay_reads_a_record_file_larger_than_a_deal_file(cli, tmp_path):
    # 100 deals under every rule set write 1.3 MB of records, more than a deal file may hold
    rows = tmp_path / "rows.jsonl"
    assert cli("batch", "1-100", "--rules", "all", "--out", str(rows), "--quiet").code == 0
    assert rows.stat().st_size > 1 << 20
    replayed = cli("replay", "42", str(rows), "--rules", "classic")
    assert (replayed.code, replayed.out.splitlines()[-1]) == (0, "You won!")


@pytest.mark.parametrize("spec", ["５", "1-３", "٣-٩"])
def test_batch_deal_numbers_in_other_digits_are_named_so(cli, spec):
    result = cli("batch", spec)
    assert (result.code, result.err) == (2, error(
        f"{spec!r} is not a deal number or range: write it with the digits 0-9"))


def test_a_name_whose_bytes_are_not_utf8_is_named_with_escapes_in_errors():
    done = subprocess.run([*GOLFSOLVE, "solve", os.fsdecode(b"\xff\xfe.board")],
                          capture_output=True, check=False)
    assert (done.returncode, done.stderr) == (2, b"golfsolve: error: no such file: "
                                              b"\\xff\\xfe.board\n")


def test_a_stop_during_a_batch_fair_value_run_in_process_ends_it_at_once(tmp_path):
    # one deal: its work runs in the batch's own process; its fair value (here a stand-in
    # that is stopped and would then take a minute) is given up at the signal, as a worker's
    # is, not waited for
    script = (
        "import os, signal, sys, time\n"
        "import golfsolve.odds\n"
        "from golfsolve.interrupts import check_point\n"
        "def slow(*args, **kwargs):\n"
        "    os.kill(os.getpid(), signal.SIGTERM)\n"
        "    for _ in range(600):  # ranges of rows, as the fair value's, each a check point\n"
        "        time.sleep(0.1)\n"
        "        check_point()\n"
        "    raise AssertionError('not stopped')\n"
        "golfsolve.odds.layout_odds = slow\n"
        "sys.argv = ['golfsolve', 'batch', '3', '--rules', 'easy', '--odds', '--db', {!r},\n"
        "            '--quiet']\n"
        "from golfsolve.cli import main\n"
        "main()\n").format(str(tmp_path / "runs.sqlite"))
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=50, check=False)
    assert (done.returncode, done.stdout, done.stderr) == (143, "", (
        f"golfsolve: interrupted; the finished results are kept in {tmp_path / 'runs.sqlite'}: "
        "run the same command again to go on\n"))


def test_a_byte_of_an_argument_that_was_not_utf8_is_quoted_as_a_file_name_shows_it(cli):
    from golfsolve.model.text import shown

    assert [shown(v) for v in ("e\udcffasy", "x\udc80", "\\udc8f", "a\\\udc8f")] == [
        "'e\\xffasy'", "'x\\x80'", "'\\\\udc8f'", "'a\\\\\\x8f'"]
    refused = cli("batch", "1-3", "--rules", "e\udcffasy")
    assert (refused.code, refused.err) == (2, f"golfsolve: error: unknown rules 'e\\xffasy' "
                                               f"{KNOWN_LISTS}\n")


def test_an_out_of_process_substitution_is_not_advised_as_a_redirection(cli):
    read, write = os.pipe()  # what >(gzip > x.gz) names: /dev/fd/N, a pipe of the moment
    try:
        refused = cli("batch", "1-3", "--out", f"/dev/fd/{write}")
    finally:
        os.close(read)
        os.close(write)
    assert refused.code == 2
    assert refused.err.endswith("send standard output there instead (| gzip > rows.csv.gz)\n")


def test_the_fair_value_stops_at_a_signal_noted_while_it_runs_as_a_task_inline():
    # a stop noted (deferred) while the fair value runs inline stops it at its next report;
    # deferred work that is not such a task goes on to its end
    from golfsolve import fair
    from golfsolve.interrupts import Interrupted, _on_signal, deferred, handled, stoppable
    from golfsolve.model.rules import CLASSIC

    view = Deal.from_number(3).position().hidden()
    try:
        with pytest.raises(Interrupted) as stopped, deferred(), stoppable():
            _on_signal(signal.SIGTERM, None)  # as the signal arrives: noted
            fair.value(view, CLASSIC)
        assert stopped.value.signum == signal.SIGTERM
        with pytest.raises(Interrupted), deferred():
            _on_signal(signal.SIGTERM, None)
            done = fair.value(view, CLASSIC)
        assert (done.wins, done.orders) == (52_765_324_267, 217_945_728_000)
    finally:
        handled()  # this process received no signal, for the tests after
