"""The whole command line under generated input: every command, generated arguments and files.

Properties: the exit status is 0, 1 or 2; nothing prints a traceback; an error is one line;
a database given to a command keeps every row it held (it may only gain rows).

CI runs a few hundred examples in well under a minute. For a longer hunt:
    GOLFSOLVE_FUZZ_EXAMPLES=5000 python -m pytest -q tests/test_fuzz.py
"""

import hashlib
import io
import json
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from golfsolve.model.deal import Deal

EXAMPLES = int(os.environ.get("GOLFSOLVE_FUZZ_EXAMPLES", "250"))
GOLFSOLVE = [sys.executable, "-m", "golfsolve"]
COMMANDS = ["show", "solve", "batch", "compare", "export", "replay", "play", "odds"]
FILES = ["deal.board", "deal.json", "moves.txt", "rows.jsonl", "data.bin", "db.sqlite",
         "out.csv", "out.jsonl", "plot.png", "missing.board", "adir", "listing.txt"]


def run_in_process(args: list[str], stdin: str) -> tuple[int, str, str]:
    from golfsolve.cli import run

    out, err = io.StringIO(), io.StringIO()
    old_stdin = sys.stdin
    sys.stdin = io.StringIO(stdin)
    try:
        with redirect_stdout(out), redirect_stderr(err):
            code = run(args)
    finally:
        sys.stdin = old_stdin
    return code, out.getvalue(), err.getvalue()


# ----- what users might type -------------------------------------------------------------------
def board_with_one_token_changed(draw) -> str:
    lines = Deal.from_number(draw(st.integers(1, 50))).to_board().splitlines()
    row = draw(st.integers(0, len(lines) - 1))
    tokens = lines[row].split()
    at = draw(st.integers(0, len(tokens) - 1))
    tokens[at] = draw(st.sampled_from(["XX", "10S", "AS", "", "Talon:", "??", "1♠", "KS KS"]))
    lines[row] = " ".join(tokens)
    return "\n".join(lines) + "\n"


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 60) | st.text(max_size=8)
    | st.sampled_from(["TS", "AC", "easy", "classic", "d", "draw", "remove"]),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(
        st.sampled_from(["stock", "waste", "tableau", "rules", "number", "code", "moves",
                         "line", "deal", "action", "column"]), inner, max_size=5),
    max_leaves=20)


@st.composite
def file_contents(draw) -> bytes:
    kind = draw(st.sampled_from(["board", "near", "json", "bytes", "nested", "utf16",
                                 "moves", "record", "listing", "empty"]))
    number = draw(st.integers(1, 30))
    if kind == "board":
        return Deal.from_number(number).to_board().encode()
    if kind == "near":
        return board_with_one_token_changed(draw).encode()
    if kind == "json":
        return json.dumps(draw(json_values)).encode()
    if kind == "bytes":
        return draw(st.binary(max_size=200))
    if kind == "nested":
        depth = draw(st.sampled_from([50, 5000, 200_000]))
        return ("[" * depth + "]" * depth).encode()
    if kind == "utf16":
        return Deal.from_number(number).to_board().encode("utf-16")
    if kind == "moves":
        return " ".join(draw(st.lists(st.sampled_from("d1234567x"), max_size=60))).encode()
    if kind == "record":
        record = {"deal": str(number), "number": number, "rules": draw(st.sampled_from(
            ["easy", "classic", None, "hard"])), "line": "d 4 d"}
        return (json.dumps(record) + "\n").encode() * draw(st.integers(1, 3))
    if kind == "listing":
        return "\n".join(draw(st.lists(st.sampled_from(
            ["1-3", "5", "# note", "GO1-C-AAAAAAC", "x", "@listing.txt", "3-1", ""]),
            max_size=5))).encode()
    return b""


deal_words = st.sampled_from([
    "1", "3", "GO1-E-AAAAAAB", "GO1-C-AAAAAAD", "GO1-X-AAAAAAB", "GO1-E-AAAAAAA", "0",
    "8031810176", "1-3", "2-2", "3-1", "1-", "²", "٣", "-", "go", "GO1-C-AAAAAAB..GO1-C-AAAAAAC",
    "*.board", "@listing.txt", "@missing.txt", "", " ", "d 5 2", "\x00", "é", "1,2"])
option_words = st.sampled_from([
    "--rules", "--format", "--lang", "--json", "--out", "--db", "--count", "--fewest-moves",
    "--seed", "--plot", "--quiet", "--jobs", "--help", "--version", "--frob", "--odds",
    "--samples", "--budget", "--policy", "--memory", "--no-fair", "--color", "--no-color"])
value_words = st.sampled_from([
    "easy", "classic", "dead-king", "all", "easy,classic", "", "hard", "text", "grid", "board",
    "json", "xml", "svg", "html", "en", "fi", "tr", "xx", "2", "0", "-1", "1", "abc"])


@st.composite
def command_lines(draw) -> list[str]:
    command = draw(st.sampled_from(COMMANDS))
    words = [command]
    for _ in range(draw(st.integers(0, 6))):
        kind = draw(st.sampled_from(["deal", "file", "option", "value", "text"]))
        if kind == "deal":
            words.append(draw(deal_words))
        elif kind == "file":
            words.append(draw(st.sampled_from(FILES)))
        elif kind == "option":
            words.append(draw(option_words))
        elif kind == "value":
            words.append(draw(value_words))
        else:
            words.append(draw(st.text(max_size=12)))
    # in-process, no worker processes (their start is slow, not new), and a bounded run: a
    # number past these given to one of these options becomes the bound (what is not a
    # number stays, to be refused)
    for option, most in (("--jobs", 1), ("--count", 5), ("--samples", 3), ("--budget", 2000),
                         ("--memory", 1_000_000)):
        for at, word in enumerate(words[:-1]):
            if word == option and words[at + 1].isdecimal() and int(words[at + 1]) > most:
                words[at + 1] = str(most)
    # the bounds first, after the command: a generated option that takes a value cannot take
    # them as its value (`--db --jobs`), and a generated one after them is bounded above
    bounds = []
    if command in ("batch", "compare", "odds"):
        bounds += ["--jobs", "1", "--quiet"]
    if command == "odds":  # a few orders and states: the figures are not what is tested
        bounds += ["--samples", "3", "--budget", "2000", "--memory", "1M"]
    elif "--odds" in words:  # no deal's whole fair value: seconds each
        bounds += ["--memory", "1M"]
    return [command, *bounds, *words[1:]]


def stored(db: Path) -> dict:
    with sqlite3.connect(db) as con:
        return {row[:2]: row for row in con.execute("SELECT * FROM results")}


@pytest.fixture(scope="module")
def template(tmp_path_factory):
    """A database of deals 1-3 under Easy and Classic, made once."""
    folder = tmp_path_factory.mktemp("template")
    db = folder / "db.sqlite"
    code, _, err = run_in_process(["batch", "1-3", "--jobs", "1", "--quiet", "--db", str(db)],
                                  "")
    assert code == 0, err
    return db


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
@given(words=command_lines(), contents=st.lists(file_contents(), min_size=4, max_size=4),
       stdin=st.one_of(st.just(""), st.text(max_size=40),
                       st.lists(st.sampled_from(["d", "1", "5", "u", "h", "q", "n", "x", "1 4"]),
                                max_size=8).map("\n".join)))
def test_no_input_makes_a_traceback(template, words, contents, stdin):
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for name, content in zip(["deal.board", "deal.json", "moves.txt", "data.bin"], contents,
                                 strict=True):
            (folder / name).write_bytes(content)
        (folder / "rows.jsonl").write_bytes(contents[0])
        (folder / "listing.txt").write_bytes(contents[1])
        (folder / "adir").mkdir()
        shutil.copy(template, folder / "db.sqlite")
        before = stored(folder / "db.sqlite")
        digest = hashlib.sha256((folder / "db.sqlite").read_bytes()).hexdigest()
        cwd = os.getcwd()
        os.chdir(folder)
        try:
            code, out, err = run_in_process(words, stdin)
        finally:
            os.chdir(cwd)
        assert code in (0, 1, 2), (words, code, err)
        assert "Traceback" not in err and "Traceback" not in out, (words, err)
        if code == 2 and not err.startswith("Usage:"):
            assert err.count("\n") == 1 and err.startswith("golfsolve"), (words, err)
        db = folder / "db.sqlite"
        if hashlib.sha256(db.read_bytes()).hexdigest() != digest:
            after = stored(db)
            assert all(after.get(key) == row for key, row in before.items()), words


@pytest.mark.parametrize("encoding", ["ascii", "latin-1"])
@settings(max_examples=max(6, EXAMPLES // 40), deadline=None,
          suppress_health_check=list(HealthCheck))
@given(words=command_lines())
def test_no_input_makes_a_traceback_on_a_narrow_terminal(encoding, words):
    assume(not any("\x00" in word for word in words))  # not an argument a shell can pass
    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / "deal.board").write_text(Deal.from_number(2).to_board())
        done = subprocess.run([*GOLFSOLVE, *words], capture_output=True, cwd=tmp, check=False,
                              env={**os.environ, "PYTHONIOENCODING": encoding}, input=b"q\n",
                              timeout=120)
        assert done.returncode in (0, 1, 2), (words, done.stderr)
        assert b"Traceback" not in done.stderr, (words, done.stderr)
