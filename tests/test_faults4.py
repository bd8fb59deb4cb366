"""Faults and hostile input, the fourth round (issue 47): rows never missing behind status 0,
memory bounds, numba's cache, the library's own callers, statuses and words, spreadsheets."""

from __future__ import annotations

import json
import os
import re
import resource
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from .conftest import compiled_cache
from .test_batch import file_digest, read_csv

ROOT = Path(__file__).resolve().parents[1]
GOLFSOLVE = [sys.executable, "-m", "golfsolve"]
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}


def error(message: str) -> str:
    return f"golfsolve: error: {message}\n"


def limited(resource_id: int, value: int):
    """A preexec_fn that sets the child's limit of ``resource_id`` to ``value``."""
    def set_limit() -> None:
        resource.setrlimit(resource_id, (value, value))
    return set_limit


# ----- 1. rows missing behind status 0 -------------------------------------------------------
@pytest.fixture(scope="module")
def stored(tmp_path_factory):
    """A database of deals 1-60 under Easy and Classic (120 rows), and its export as JSON
    lines (about 400 kB)."""
    from golfsolve.cli import run

    folder = tmp_path_factory.mktemp("stored")
    db = folder / "r.sqlite"
    assert run(["batch", "1-60", "--jobs", "1", "--db", str(db), "--quiet", "--json"]) == 0
    whole = subprocess.run([*GOLFSOLVE, "export", "--db", str(db), "--out", "-", "--format",
                            "jsonl"], capture_output=True, env=ENV, check=True)
    assert whole.stderr == b"120 rows written to standard output\n"
    return db, whole.stdout


@pytest.mark.parametrize("unbuffered", ["1", ""])
def test_export_to_standard_output_under_a_file_size_limit_fails_instead_of_losing_rows(
        stored, tmp_path, unbuffered):
    db, whole = stored
    target = tmp_path / "rows.jsonl"
    env = {**ENV, "PYTHONUNBUFFERED": unbuffered}
    # (SQLite's shared-memory file, 32 kB, is a file under the limit too)
    with open(target, "wb") as out:
        done = subprocess.run([*GOLFSOLVE, "export", "--db", str(db), "--out", "-", "--format",
                               "jsonl"], stdout=out, stderr=subprocess.PIPE, text=True, env=env,
                              preexec_fn=limited(resource.RLIMIT_FSIZE, 1 << 16), check=False)
    assert (done.returncode, done.stderr) == (
        1, error("cannot write standard output: File too large"))
    written = target.read_bytes()
    assert len(written) == 1 << 16 and whole.startswith(written)


def test_a_solution_to_standard_output_under_a_file_size_limit_is_refused_whole(tmp_path):
    target = tmp_path / "solution.json"
    with open(target, "wb") as out:
        done = subprocess.run([*GOLFSOLVE, "solve", "1", "--json"], stdout=out,
                              stderr=subprocess.PIPE, text=True,
                              env={**ENV, "PYTHONUNBUFFERED": "1"},
                              preexec_fn=limited(resource.RLIMIT_FSIZE, 1024), check=False)
    assert (done.returncode, done.stderr) == (
        1, error("cannot write standard output: File too large"))
    assert target.stat().st_size == 1024


def test_black_hole_solvers_command_line_checks_its_writes_whole_too(tmp_path):
    target = tmp_path / "answer.txt"
    board = ROOT / "tests" / "data" / "rules-page-deal.board"
    with open(target, "wb") as out:
        done = subprocess.run([sys.executable, "-c", "from golfsolve.cli.bhs import bhs_main; "
                               "bhs_main()", "--game", "golf", "--wrap-ranks",
                               "--display-boards", str(board)], stdout=out,
                              stderr=subprocess.PIPE, text=True,
                              env={**ENV, "PYTHONUNBUFFERED": "1"},
                              preexec_fn=limited(resource.RLIMIT_FSIZE, 100), check=False)
    assert (done.returncode, done.stderr) == (
        1, "golfsolve-bhs: error: cannot write the output: File too large\n")


def _with_rows_in_its_log(db: Path, copy: Path) -> int:
    """Copy ``db`` to the directory ``copy`` as a run killed after committing more rows leaves
    it: those rows in its write-ahead log, no shared-memory file; the rows the copy holds."""
    connection = sqlite3.connect(db)
    try:
        connection.execute("PRAGMA wal_autocheckpoint = 0")
        columns = [row[1] for row in connection.execute("PRAGMA table_info(results)")]
        rows = [dict(zip(columns, row, strict=True)) for row in
                connection.execute("SELECT * FROM results WHERE number <= 3")]
        for row in rows:
            row["number"] += 1000
            row["key"] = row["deal"] = str(row["number"])
        with connection:
            connection.executemany(f"INSERT INTO results VALUES "
                                   f"({', '.join(':' + c for c in columns)})", rows)
        copy.mkdir()
        shutil.copy(db, copy / db.name)
        shutil.copy(f"{db}-wal", copy / f"{db.name}-wal")
        total = connection.execute("SELECT count(*) FROM results").fetchone()[0]
        connection.execute("DELETE FROM results WHERE number > 1000")
        connection.commit()
    finally:
        connection.close()
    return total


def test_a_read_only_copy_whose_log_holds_rows_is_refused_not_read_short(
        cli, stored, tmp_path, monkeypatch):
    # Read-only media, as root cannot make them: the directory says it cannot be written, and
    # SQLite cannot open the copy without the shared-memory file it would make there.
    import golfsolve.batch.store

    db, _ = stored
    copy = tmp_path / "copy"
    assert _with_rows_in_its_log(db, copy) == 126
    copied = copy / db.name
    before = (file_digest(copied), file_digest(f"{copied}-wal"))
    real_connect, real_access = sqlite3.connect, os.access

    def connect(name, *args, **kwargs):
        if "mode=ro" in str(name) and "immutable" not in str(name):
            raise sqlite3.OperationalError("unable to open database file")
        return real_connect(name, *args, **kwargs)

    monkeypatch.setattr(golfsolve.batch.store.sqlite3, "connect", connect)
    monkeypatch.setattr(golfsolve.batch.store.os, "access",
                        lambda path, mode: mode != os.W_OK and real_access(path, mode))
    refusal = error(
        f"cannot read {copied} where it is: its write-ahead log {copied}-wal holds results not "
        "yet in the database file, which SQLite reads only with a file it makes beside them, "
        "and the directory cannot be written: copy both files to a directory that can be, "
        "and read the copy")
    for args in (["export", "--db", str(copied), "--out", "-"], ["batch", "--db", str(copied)],
                 ["compare", "--db", str(copied)]):
        result = cli(*args)
        assert (result.code, result.out, result.err) == (2, "", refusal)
    assert (file_digest(copied), file_digest(f"{copied}-wal")) == before
    # a log that holds nothing: the file is all there is, read as it is
    os.remove(f"{copied}-wal")
    exported = cli("export", "--db", str(copied), "--out", str(tmp_path / "rows.csv"))
    assert (exported.code, exported.out) == (0, f"120 rows written to {tmp_path / 'rows.csv'}\n")


def test_a_read_only_mount_shows_every_committed_row_or_refuses(stored, tmp_path):
    # where this process may make a mount of its own (root, and unshare): the real thing
    if os.geteuid() != 0 or shutil.which("unshare") is None:
        pytest.skip("needs root and unshare for a read-only mount")
    db, _ = stored
    copy, mount = tmp_path / "copy", tmp_path / "mnt"
    _with_rows_in_its_log(db, copy)
    mount.mkdir()
    script = 'mount --bind -o ro "$1" "$2" || exit 99; shift 2; exec "$@"'
    done = subprocess.run(["unshare", "-m", "sh", "-c", script, "sh", str(copy), str(mount),
                           *GOLFSOLVE, "export", "--db", str(mount / db.name), "--out", "-"],
                          capture_output=True, text=True, env=ENV, check=False)
    if done.returncode == 99 or "unshare failed" in done.stderr:
        pytest.skip("no read-only mount to be had here")
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr.startswith(error(f"cannot read {mount / db.name} where it is: its "
                                        "write-ahead log")[:-1])
    assert sorted(p.name for p in copy.iterdir()) == [db.name, f"{db.name}-wal"]


def test_a_database_past_a_limit_of_the_process_names_the_limit_and_keeps_its_rows(tmp_path):
    # SQLite says "disk I/O error" of a write past the file-size limit and "unable to open
    # database file" with no descriptor left: neither is the file's fault, nor bad input
    import sqlite3

    db = tmp_path / "big.sqlite"
    done = subprocess.run([*GOLFSOLVE, "batch", "1-300", "--jobs", "1", "--quiet", "--db",
                           str(db)], capture_output=True, text=True, env=ENV,
                          preexec_fn=limited(resource.RLIMIT_FSIZE, 60_000), check=False)
    assert (done.returncode, done.stderr) == (1, error(
        f"cannot write {db} as a results database: File too large (a file of it reached this "
        "process's file-size limit, 60,000 bytes: ulimit -f) (raise the limit, then run the "
        f"same command again to go on); the finished results are kept in {db}"))
    with sqlite3.connect(db) as kept:
        assert 0 < kept.execute("SELECT count(*) FROM results").fetchone()[0] < 300
    few = tmp_path / "few.sqlite"
    done = subprocess.run([*GOLFSOLVE, "batch", "1-10", "--jobs", "1", "--quiet", "--db",
                           str(few)], capture_output=True, text=True, env=ENV,
                          preexec_fn=limited(resource.RLIMIT_NOFILE, 6), check=False)
    assert done.returncode == 1 and done.stderr.count("\n") == 1
    assert (f"{few} as a results database: too many open files (this process may open 6: "
            "ulimit -n) (raise the limit, then run the same command again to go on)"
            in done.stderr), done.stderr


# ----- 2. memory bounds ----------------------------------------------------------------------
PEAK = ('import resource, subprocess, sys; subprocess.run(sys.argv[1:], stdin=sys.stdin, '
        'stdout=subprocess.DEVNULL); print(resource.getrusage(resource.RUSAGE_CHILDREN)'
        '.ru_maxrss)')  # the peak resident memory of the command given, in kB


def _peak_kb(command: list[str], stdin) -> int:
    done = subprocess.run([sys.executable, "-c", PEAK, *command], stdin=stdin,
                          capture_output=True, text=True, env=ENV, check=True)
    return int(done.stdout)


def test_a_one_line_listing_on_standard_input_is_refused_without_being_held(tmp_path):
    # 64 MB on one line through a pipe: refused at its 10,000th character, never held (it
    # was held whole, three times over and more, before: about 5 times its size at the peak)
    writer = subprocess.Popen([sys.executable, "-c", "import sys\ntry:\n    for _ in range(64):"
                               "\n        sys.stdout.write('1' * (1 << 20))\nexcept "
                               "BrokenPipeError:\n    pass"], stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL)
    try:
        done = subprocess.run([*GOLFSOLVE, "batch", "@-"], stdin=writer.stdout,
                              capture_output=True, text=True, env=ENV, check=False)
    finally:
        writer.stdout.close()
        writer.wait()
    assert (done.returncode, done.stdout, done.stderr) == (
        2, "", error("standard input line 1 is too long to name a deal"))
    listing = tmp_path / "one-line.txt"
    listing.write_text("2" * (64 << 20))
    with open(listing, "rb") as piped:
        assert _peak_kb([*GOLFSOLVE, "batch", "@-"], piped) < 60_000


@pytest.mark.parametrize(("listing", "message"), [
    ("1\n2\n" + "3" * 10_000 + "\n4\n", "standard input line 3 is too long to name a deal"),
    ("\ufeff1\n" + "x" * 12_000, "standard input line 2 is too long to name a deal"),
])
@pytest.mark.parametrize("encoding", ["utf-8", "utf-16"])
def test_a_piped_listings_long_line_is_found_as_it_is_read(listing, message, encoding):
    data = listing.lstrip("\ufeff").encode(encoding)  # (UTF-16's own byte-order mark)
    done = subprocess.run([*GOLFSOLVE, "batch", "@-"], input=data, capture_output=True,
                          env=ENV, check=False)
    assert (done.returncode, done.stdout, done.stderr.decode()) == (2, b"", error(message))


def test_a_piped_listing_is_read_in_pieces_across_which_its_lines_run(cli, monkeypatch):
    import golfsolve.files

    monkeypatch.setattr(golfsolve.files, "HELD_PIECE", 3)  # a line cut by every piece
    listed = cli("batch", "@-", "--jobs", "1", "--rules", "easy", "--json",
                 input="# deals\n12\n 7 # seven\n\n100-101\n")
    named = cli("batch", "12", "7", "100-101", "--jobs", "1", "--rules", "easy", "--json")
    assert (listed.code, listed.out) == (0, named.out)
    too_long = cli("batch", "@-", input="1\n" + "2" * 9_999 + "\n" + "3" * 10_000)
    assert (too_long.code, too_long.err) == (
        2, error("standard input line 3 is too long to name a deal"))


def test_memory_the_system_refuses_is_one_line_and_status_1(cli, monkeypatch, tmp_path):
    import golfsolve.batch.run
    import golfsolve.solver

    def refused(*args, **kwargs):
        raise MemoryError("Unable to allocate 13.9 MiB for an array with shape (3639169,) and "
                          "data type int32")

    monkeypatch.setattr(golfsolve.solver, "solve_game", refused)
    solved = cli("solve", "1")
    assert (solved.code, solved.out, solved.err) == (1, "", error(
        "out of memory: Unable to allocate 13.9 MiB for an array with shape (3639169,) and "
        "data type int32"))
    db = tmp_path / "kept.sqlite"
    assert cli("batch", "4-5", "--jobs", "1", "--db", str(db)).code == 0
    monkeypatch.setattr(golfsolve.batch.run, "solve_unit", refused)
    batch = cli("batch", "1-3", "--jobs", "1", "--db", str(db))
    assert (batch.code, batch.err) == (1, error(
        "out of memory: Unable to allocate 13.9 MiB for an array with shape (3639169,) and "
        f"data type int32; the finished results are kept in {db}"))
    fresh = cli("batch", "1-3", "--jobs", "1", "--db", str(tmp_path / "new.sqlite"))
    assert (fresh.code, fresh.err) == (1, error(  # nothing finished, nothing said kept
        "out of memory: Unable to allocate 13.9 MiB for an array with shape (3639169,) and "
        "data type int32"))


@pytest.mark.parametrize("refusal", [MemoryError(), OSError(12, "Cannot allocate memory")])
def test_odds_goes_on_without_the_fair_value_the_system_has_no_memory_for(cli, monkeypatch,
                                                                           refusal):
    import golfsolve.fair.expectimax
    import golfsolve.fair.layered
    from golfsolve.compiling import LAYERS, ready

    ready([LAYERS])  # compiled first where the cache lacks it: its warm-up runs the layers too

    def refused(*args, **kwargs):
        raise refusal

    monkeypatch.setattr(golfsolve.fair.layered, "stock_fair", refused)
    result = cli("odds", "3", "--rules", "classic", "--jobs", "1", "--samples", "20")
    assert (result.code, result.err) == (0, "")
    assert ("  fair value        not computed: needs more memory than the system gave it (an "
            "allocation failed)\n") in result.out
    # and the expectimax after the layers, refused too: odds goes on all the same
    monkeypatch.setattr(golfsolve.fair.expectimax, "fair_value", refused)
    again = cli("odds", "3", "--rules", "classic", "--jobs", "1", "--samples", "20")
    assert (again.code, again.err) == (0, "")
    assert again.out.splitlines()[1] == ("  fair value        not computed: needs more memory "
                                         "than the system gave it (an allocation failed)")
    assert again.out.splitlines()[-2].endswith(  # a move recommended, or tied ones named
        " by clairvoyant odds (the fair value is not computed)")


def test_a_hint_the_system_has_no_memory_for_weighs_sampled_orders(cli, monkeypatch):
    import golfsolve.fair.layered

    def refused(*args, **kwargs):
        raise MemoryError("Unable to allocate 32.0 MiB for an array")

    monkeypatch.setattr(golfsolve.fair.layered, "stock_fair", refused)
    played = cli("play", "3", "--rules", "classic", input="h\nh\n1\nq\n")
    assert (played.code, played.err) == (0, "")
    hints = [line for line in played.out.splitlines() if line.startswith("Hint: ")]
    assert len(hints) == 2 and all(
        "of sampled stock orders (the exact chance is out of reach here)." in h for h in hints)


def test_a_compiler_library_the_address_space_cannot_map_is_out_of_memory():
    # 200 MB of address space: Python and numpy fit, numba's compiler library (llvmlite's,
    # mapped at numba's import) does not; its loader's words blame the install instead
    env = {**ENV, "OPENBLAS_NUM_THREADS": "1"}  # (numpy's buffers: the same on any machine)
    for command in (["solve", "1"], ["batch", "1-30", "--jobs", "1"]):
        done = subprocess.run([*GOLFSOLVE, *command], capture_output=True, text=True, env=env,
                              preexec_fn=limited(resource.RLIMIT_AS, 200 << 20), check=False)
        if done.stderr.startswith("OpenBLAS"):  # numpy's import itself did not fit here
            pytest.skip("numpy does not start in 200 MB of address space here")
        assert (done.returncode, done.stdout) == (1, ""), command
        assert done.stderr == error(
            "out of memory: the system would not map libllvmlite.so (the compiler the kernels "
            "run on) into this process's memory; a limit such as ulimit -v leaves too little")


def test_only_a_library_the_loader_could_not_map_is_out_of_memory():
    from golfsolve.errors import out_of_memory

    try:
        try:
            raise OSError("/x/y/libllvmlite.so: failed to map segment from shared object")
        except OSError:
            raise OSError("Could not find/load shared object file 'libllvmlite.so'") from None
    except OSError as exc:
        assert out_of_memory(exc).startswith("out of memory: the system would not map "
                                             "libllvmlite.so ")
    assert out_of_memory(OSError("Could not find/load shared object file 'x.so'")) is None
    # an extension module of numpy's that an import could not map: the import's error
    unmapped = ImportError("/v/numpy/random/mtrand.cpython-311-x86_64-linux-gnu.so: failed to "
                           "map segment from shared object")
    assert out_of_memory(unmapped) == (
        "out of memory: the system would not map mtrand.cpython-311-x86_64-linux-gnu.so (a "
        "library golfsolve runs on) into this process's memory; a limit such as ulimit -v "
        "leaves too little")
    assert out_of_memory(ImportError("No module named 'x'")) is None


def test_an_import_the_address_space_cannot_map_is_one_line(cli, monkeypatch):
    # (at 308 MB of address space numba's import of numpy.random met it: a traceback before)
    import golfsolve.solver

    def unmapped(*args, **kwargs):
        raise ImportError("/v/numpy/random/_bounded_integers.cpython-311-x86_64-linux-gnu.so: "
                          "failed to map segment from shared object")

    monkeypatch.setattr(golfsolve.solver, "solve_game", unmapped)
    done = cli("solve", "1")
    assert (done.code, done.out) == (1, "")
    assert done.err == error(
        "out of memory: the system would not map _bounded_integers.cpython-311-x86_64-linux-"
        "gnu.so (a library golfsolve runs on) into this process's memory; a limit such as "
        "ulimit -v leaves too little")


def test_under_a_real_address_space_limit_odds_says_the_fair_value_is_not_computed():
    # 900 MB of address space: numba, the solver and the samples fit, the fair value's layers
    # of Classic deal 3 do not (--memory 8G: its own estimate lets it try). Compiled first
    # without the limit (the session compiled the parts, tests/conftest.py; a run whose fair
    # value stops at once loads whatever else odds compiles): compiling under it runs out of
    # memory before the layers are reached, and LLVM aborts the process when its own
    # allocation fails, which no handler can word.
    odds = [*GOLFSOLVE, "odds", "3", "--rules", "classic", "--jobs", "1", "--samples", "20"]
    subprocess.run([*odds, "--memory", "1M"], capture_output=True, env=ENV, check=True)
    odds.extend(["--memory", "8G"])
    done = subprocess.run(odds, capture_output=True, text=True, env=ENV,
                          preexec_fn=limited(resource.RLIMIT_AS, 900 << 20), check=False)
    if done.returncode == 0 and "fair value         24.2%" in done.stdout:
        pytest.skip("the fair value fits in 900 MB of address space here")
    assert (done.returncode, done.stderr) == (0, "")
    assert ("  fair value        not computed: needs more memory than the system gave it (an "
            "allocation failed)\n") in done.stdout
    # 360 MB: numba and the kernels loaded, the solver's arrays not (on this machine from 324
    # to 396 MB; near 300 and 420 MB Python's own imports and finalizers, and LLVM, fail in
    # ways that differ from run to run)
    solved = subprocess.run([*GOLFSOLVE, "solve", "1"], capture_output=True, text=True,
                            env=ENV, preexec_fn=limited(resource.RLIMIT_AS, 360 << 20),
                            check=False)
    if solved.returncode != 0:  # where it fails (the solver's arrays, here): one line
        assert solved.returncode == 1 and solved.stderr.startswith("golfsolve: error: ")
        assert solved.stderr.count("\n") == 1 and "Traceback" not in solved.stderr


# ----- 3. numba's cache ----------------------------------------------------------------------
@pytest.fixture(scope="module")
def compiled(tmp_path_factory):
    """A numba cache holding the solver's kernels, and what ``solve 1`` prints from it."""
    cache = tmp_path_factory.mktemp("numba-cache")
    kernels = compiled_cache(cache)
    copied = sorted(kernels.iterdir())
    done = subprocess.run([*GOLFSOLVE, "solve", "1"], capture_output=True, text=True,
                          env={**ENV, "NUMBA_CACHE_DIR": str(cache)}, check=True)
    assert done.stderr == "" and sorted(kernels.iterdir()) == copied  # nothing compiled
    return cache, done.stdout


def _timeless(text: str) -> str:
    """A solution's text with its seconds as T."""
    return re.sub(r"[0-9.]+ s\)", "T s)", text)


def _damage(path: Path, how: str) -> None:
    data = path.read_bytes()
    if how == "empty":
        path.write_bytes(b"")
    elif how == "truncated":
        path.write_bytes(data[:len(data) // 3])
    elif how == "garbled":
        path.write_bytes(bytes(b ^ 0x5A for b in data))
    else:  # a run of bytes in its middle turned over
        middle = len(data) // 2
        path.write_bytes(data[:middle] + bytes(b ^ 0xFF for b in data[middle:middle + 64])
                         + data[middle + 64:])


@pytest.mark.parametrize("how", ["empty", "truncated", "garbled", "flipped"])
@pytest.mark.parametrize("suffix", ["nbi", "1.nbc"])
def test_a_damaged_numba_cache_file_is_compiled_again_with_one_note(compiled, tmp_path, how,
                                                                    suffix):
    cache, solved = compiled
    shutil.copytree(cache, tmp_path / "cache")
    if how == "flipped" and suffix == "nbi":
        how = "garbled"  # (an index's middle is its pickle's, which a turn makes garbled)
    damaged = next((tmp_path / "cache").glob(f"*/bound.bound_tables-*.py*.{suffix}"))
    _damage(damaged, how)
    env = {**ENV, "NUMBA_CACHE_DIR": str(tmp_path / "cache")}
    runs = [subprocess.run([*GOLFSOLVE, "solve", "1"], capture_output=True, text=True, env=env,
                           check=False) for _ in range(2)]
    assert [(run.returncode, _timeless(run.stdout)) for run in runs] == [
        (0, _timeless(solved))] * 2
    assert runs[0].stderr == (f"golfsolve: note: numba's cache file {damaged} is damaged: what "
                              "it held is compiled again\n")
    assert runs[1].stderr == ""  # written over, whole


def test_a_damaged_numba_cache_file_met_by_a_batch_with_workers_is_said_once(compiled,
                                                                             tmp_path):
    cache, _ = compiled
    shutil.copytree(cache, tmp_path / "cache")
    damaged = next((tmp_path / "cache").glob("*/bound.bound_tables-*.py*.nbi"))
    _damage(damaged, "garbled")
    env = {**ENV, "NUMBA_CACHE_DIR": str(tmp_path / "cache")}
    batch = [*GOLFSOLVE, "batch", "1-20", "--rules", "classic", "--jobs", "2", "--quiet"]
    runs = [subprocess.run(batch, capture_output=True, text=True, env=env, check=False)
            for _ in range(2)]
    assert [run.returncode for run in runs] == [0, 0] and runs[0].stdout == runs[1].stdout
    assert runs[0].stdout.startswith("classic: 20 deals, 9 won")
    assert runs[0].stderr == (f"golfsolve: note: numba's cache file {damaged} is damaged: what "
                              "it held is compiled again\n")
    assert runs[1].stderr == ""


def test_a_numba_cache_that_cannot_keep_what_it_compiled_says_so_and_solves(tmp_path):
    # a file size limit smaller than a compiled kernel: numba's cache cannot keep it (one
    # kernel missing from a cache that holds the others: the one compiled)
    folder = compiled_cache(tmp_path / "cache", leaving_out="bound.bound_tables-")
    done = subprocess.run([*GOLFSOLVE, "solve", "1"], capture_output=True, text=True,
                          env={**ENV, "NUMBA_CACHE_DIR": str(tmp_path / "cache")},
                          preexec_fn=limited(resource.RLIMIT_FSIZE, 8192), check=False)
    assert (done.returncode, _timeless(done.stdout).splitlines()[-1]) == (
        0, "Max removed: 35 of 35. Best score: 350. (3,418 states searched in T s)")
    assert done.stderr == (f"golfsolve: note: the compiled kernels cannot be kept in numba's "
                           f"cache {folder} (File too large): the next run compiles them "
                           "again\n")


# (an unwritable NUMBA_CACHE_DIR: test_faults.py's test of an unwritable install)


# ----- 4. the library's callers --------------------------------------------------------------
def _library():
    """The library's public calls, each with arguments it takes and, for each argument, what
    kinds of value are of its type (a value of another kind must be refused)."""
    from collections.abc import Mapping

    import golfsolve
    import golfsolve.odds
    from golfsolve import Action, Card, Deal, Game, GameCode, Position, Rules
    from golfsolve.model.i18n import LANGUAGES
    from golfsolve.model.rules import EASY
    from golfsolve.pictures.board import board_svg
    from golfsolve.pictures.page import solution_page
    from golfsolve.solver import Solution

    deal = Deal.from_number(1)
    start = deal.position()
    card = start.waste
    won = golfsolve.solve(deal)

    def number(value):
        return isinstance(value, int) and not isinstance(value, bool)

    def string(value):
        return isinstance(value, str)

    def startlike(value):
        return isinstance(value, (Deal, Position))

    def ruleslike(value):
        return isinstance(value, (Rules, str))

    def cards(value):
        return isinstance(value, (list, tuple)) and all(isinstance(c, Card) for c in value)

    def columns(value):
        return isinstance(value, (list, tuple)) and all(cards(c) for c in value)

    def flag(value):
        return isinstance(value, bool)

    def optional(test):
        return lambda value: value is None or test(value)

    return {
        # rules None: the rules the deal's text named, else easy
        "solve": (golfsolve.solve, [deal, EASY], [startlike, optional(ruleslike)]),
        "solve(fewest_moves=)": (lambda fewest: golfsolve.solve(deal, fewest_moves=fewest),
                                 [False], [flag]),
        "fair_value": (lambda s, r, m: golfsolve.fair_value(s, r, memory=m),
                       [start, EASY, None], [startlike, optional(ruleslike), optional(number)]),
        "Card": (Card, [1, "S"], [number, string]),
        "Card.parse": (Card.parse, ["AS"], [string]),
        "Card.from_index": (Card.from_index, [3], [number]),
        "Action": (Action, [3], [optional(number)]),
        "Action.from_token": (Action.from_token, ["d"], [string]),
        "Rules": (Rules, ["mine", True, False, None, True],
                  [string, flag, flag, optional(string), flag]),
        "GameCode": (GameCode, [EASY, 1], [lambda v: isinstance(v, Rules), number]),
        "GameCode.parse": (GameCode.parse, ["GO1-E-AAAAAAB"], [string]),
        "GameCode.looks_like_code": (GameCode.looks_like_code, ["GO1"], [string]),
        "Deal": (Deal, [deal.tableau, deal.waste, deal.stock],
                 [columns, lambda v: isinstance(v, Card), cards]),
        "Deal.from_position": (Deal.from_position, [start], [lambda v: isinstance(v, Position)]),
        "Deal.from_number": (Deal.from_number, [1], [number]),
        "Deal.from_ms": (Deal.from_ms, [1], [number]),
        "Deal.from_board": (Deal.from_board, [deal.to_board()], [string]),
        "Position": (Position, [start.columns, start.waste, start.stock, ()],
                     [columns, lambda v: isinstance(v, Card),
                      lambda v: isinstance(v, (list, tuple)) and all(
                          c is None or isinstance(c, Card) for c in v), cards]),
        "Position.from_board": (Position.from_board, [start.to_board()], [string]),
        "Game": (Game, [deal, EASY], [startlike, ruleslike]),
        "Game.at_position": (Game.at_position, [deal, EASY, [5] * 7, 0, card],
                             [startlike, ruleslike, lambda v: isinstance(v, (list, tuple)),
                              number, lambda v: isinstance(v, Card)]),
        "Game.remove": (lambda column: Game(deal).remove(column), [4], [number]),
        "Game.draw": (lambda drawn: Game(start.hidden()).draw(drawn), [None],
                      [optional(lambda v: isinstance(v, Card))]),
        "Game.play": (lambda move: Game(deal).play(move), ["d"],
                      [lambda v: isinstance(v, (str, Action))]),
        # beside the face, as docs/library.md shows them
        "odds.odds": (golfsolve.odds.odds, [start.hidden(), EASY, golfsolve.odds.Limit()],
                      [startlike, optional(ruleslike),
                       lambda v: isinstance(v, golfsolve.odds.Limit)]),
        "pictures.board.board_svg": (board_svg, [Game(deal), "en"],
                                     [lambda v: isinstance(v, Game),
                                      lambda v: isinstance(v, str) and v in LANGUAGES]),
        "pictures.page.solution_page": (
            solution_page, [won, "", None, False],
            [lambda v: isinstance(v, Solution), string,
             optional(lambda v: isinstance(v, (list, tuple)) and all(
                 x is None or isinstance(x, Mapping) for x in v)), flag]),
    }


LIBRARY = _library()
_ANY = st.one_of(
    st.none(), st.booleans(), st.integers(), st.floats(), st.text(max_size=12),
    st.binary(max_size=12), st.lists(st.one_of(st.integers(), st.text(max_size=3)), max_size=8),
    st.lists(st.lists(st.integers(), max_size=6), max_size=8),
    st.dictionaries(st.text(max_size=5), st.integers(), max_size=3), st.builds(object),
    st.sampled_from([*(call[1][0] for call in LIBRARY.values())]))


@settings(max_examples=300, deadline=None)
@given(name=st.sampled_from(sorted(LIBRARY)), at=st.integers(0, 4), value=_ANY)
def test_any_argument_of_a_wrong_type_is_a_type_or_value_error_never_a_deep_one(name, at,
                                                                                 value):
    from golfsolve.model.game import MoveRefused

    call, arguments, kinds = LIBRARY[name]
    at %= len(arguments)
    assume(not kinds[at](value))
    given_ = [*arguments[:at], value, *arguments[at + 1:]]
    with pytest.raises((TypeError, ValueError, MoveRefused)) as refused:
        call(*given_)
    assert refused.type not in (AttributeError, KeyError, IndexError)


@pytest.mark.parametrize(("call", "message"), [
    ("golfsolve.solve(None)", "deal must be a Deal or a Position, not None"),
    ("golfsolve.fair_value(7)", "start must be a Deal or a Position, not int"),
    ("golfsolve.Deal.from_board(None)", "text must be a str, not None"),
    ("golfsolve.solve(DEAL, [])", "rules must be a Rules or a rule set's name (easy, classic, "
     "dead-king, strict), not list"),
    ("golfsolve.solve(DEAL, 5)", "rules must be a Rules or a rule set's name (easy, classic, "
     "dead-king, strict), not int"),
    ("golfsolve.solve(DEAL, fewest_moves='yes')", "fewest_moves must be True or False, not str"),
    ("golfsolve.fair_value(DEAL, memory='1G')", "memory must be an int, not str"),
    ("golfsolve.Card(None, 'S')", "rank must be an int, not None"),
    ("golfsolve.Card.from_index(52)", "index must be from 0 to 51, not 52"),
    ("golfsolve.Position(DEAL.tableau, 'AC', DEAL.stock)", "waste must be a Card, not str"),
    ("golfsolve.Deal([[1]] * 7, DEAL.waste, DEAL.stock)",
     "tableau[0][0] must be a Card, not int"),
    ("golfsolve.Game(DEAL).play(None)", "move must be a Move, an Action or a str, not None"),
    ("golfsolve.GameCode(None, 1)", "rules must be a Rules, not None"),
    ("golfsolve.odds.odds(None, 'easy')", "position must be a Deal or a Position, not None"),
    ("golfsolve.odds.odds(DEAL, 'easy', 500)", "limit must be a golfsolve.odds.Limit, not int"),
    ("golfsolve.pictures.board.board_svg(DEAL)", "game must be a Game, not Deal"),
    ("golfsolve.pictures.board.board_svg(golfsolve.Game(DEAL), 'fr')",
     "lang must be one of en, fi, id, tr, not 'fr'"),
    ("golfsolve.pictures.page.solution_page(DEAL)", "solution must be a Solution, not Deal"),
    ("golfsolve.pictures.page.solution_page(golfsolve.solve(DEAL), values=[5])",
     "values[0] must be a mapping from Action to a value, or None, not int"),
    ("golfsolve.pictures.page.solution_page(golfsolve.solve(DEAL), values={})",
     "values must be a list or tuple, not dict"),
])
def test_the_library_names_the_argument_it_refuses(call, message):
    import golfsolve
    import golfsolve.odds
    import golfsolve.pictures.board
    import golfsolve.pictures.page

    deal = golfsolve.Deal.from_number(1)
    with pytest.raises((TypeError, ValueError)) as refused:
        eval(call, {"golfsolve": golfsolve, "DEAL": deal})  # noqa: S307 (the calls above)
    assert str(refused.value) == message


def test_lists_where_tuples_are_expected_make_the_same_value():
    from golfsolve import Deal, Game, Position

    deal = Deal.from_number(1)
    as_lists = Deal([list(column) for column in deal.tableau], deal.waste, list(deal.stock))
    assert as_lists == deal and hash(as_lists) == hash(deal)
    position = deal.position()
    assert Position([list(c) for c in position.columns], position.waste,
                    list(position.stock)) == position
    assert Game(deal, "classic").rules.name == "classic"


# ----- 5. statuses and words -----------------------------------------------------------------
def _hang_up(args: list[str], typed: bytes, ready: bytes, tmp_path: Path) -> tuple[int, str]:
    """golfsolve ``args`` on a terminal of its own (a pseudo-terminal, its controlling one),
    ``typed`` typed once ``ready`` has been shown, the terminal closed (as a window is) a
    second after: (exit status, standard error)."""
    import fcntl
    import select
    import termios
    import time

    try:
        ours, theirs = os.openpty()
    except OSError:
        pytest.skip("no pseudo-terminal here")

    def controlling() -> None:
        os.setsid()
        fcntl.ioctl(0, termios.TIOCSCTTY, 0)

    with open(tmp_path / "stderr", "wb") as err:
        child = subprocess.Popen([*GOLFSOLVE, *args], stdin=theirs, stdout=theirs, stderr=err,
                                 env=ENV, preexec_fn=controlling)
    os.close(theirs)
    shown, deadline = b"", time.monotonic() + 120
    try:
        while ready not in shown and time.monotonic() < deadline:
            if select.select([ours], [], [], 1)[0]:
                shown += os.read(ours, 65536)
        assert ready in shown, shown[-500:]
        os.write(ours, typed)
        time.sleep(1.0)
    finally:
        os.close(ours)  # the terminal goes: SIGHUP, and writes to it fail
    return child.wait(timeout=120), (tmp_path / "stderr").read_text()


def test_closing_the_terminal_during_a_play_hint_ends_with_sighups_status(tmp_path):
    code, err = _hang_up(["play", "3", "--rules", "classic"], b"h\n", b"q quit): ", tmp_path)
    assert code == 129
    assert err.endswith("golfsolve: interrupted\n") and "Traceback" not in err
    assert "cannot write" not in err


def test_closing_the_terminal_during_odds_ends_with_sighups_status(tmp_path):
    code, err = _hang_up(["odds", "3", "--rules", "classic", "--jobs", "1"], b"",
                         b"orders of their ranks)", tmp_path)
    assert (code, err) == (129, "golfsolve: interrupted\n")


@pytest.mark.parametrize("args", [["batch", "1-40", "--jobs", "2", "--quiet"],
                                  ["odds", "3", "--rules", "classic", "--jobs", "2"]])
def test_too_few_file_descriptors_for_the_workers_is_said_so(args):
    done = subprocess.run([*GOLFSOLVE, *args], capture_output=True, text=True, env=ENV,
                          preexec_fn=limited(resource.RLIMIT_NOFILE, 12), check=False)
    assert (done.returncode, done.stderr) == (1, error(
        "cannot start the worker processes (2 asked for): Too many open files"))


@pytest.mark.parametrize(("content", "message"), [
    ("board", "t.board: line 4, card 6: unknown card 'Q!Q!Q!Q!Q!Q!Q!Q!Q!Q!Q!Q!Q!Q!Q!Q!Q!Q!Q!Q!'"
     "... (1,000,000 characters)"),
    ("json", "t.board: JSON deal, waste: unknown card 'Q!Q!Q!Q!Q!Q!Q!Q!Q!Q!Q!Q!Q!Q!Q!Q!Q!"
     "Q!Q!Q!'... (1,000,000 characters)"),
    ("json list", "t.board: JSON deal, stock: [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, ... "
     "(900,000 characters) is not a card string"),
])
def test_a_huge_token_is_quoted_as_a_bounded_excerpt(cli, tmp_path, monkeypatch, content,
                                                      message):
    monkeypatch.chdir(tmp_path)
    token = "Q!" * 500_000
    if content == "board":
        lines = cli("show", "7", "--format", "board").out.splitlines()
        lines[3] += " " + token
        text = "\n".join(lines) + "\n"
    elif content == "json":
        deal = json.loads(cli("show", "7", "--format", "json").out)
        text = json.dumps({**deal, "waste": token})
    else:
        deal = json.loads(cli("show", "7", "--format", "json").out)
        text = json.dumps({**deal, "stock": [[1] * 300_000, *deal["stock"][1:]]})
    (tmp_path / "t.board").write_text(text)
    for command in ("solve", "batch", "show"):
        result = cli(command, "t.board")
        assert (result.code, result.err) == (2, error(message))


def test_huge_moves_and_options_are_quoted_as_bounded_excerpts(cli, tmp_path):
    moves = tmp_path / "moves.txt"
    moves.write_text("d 5 " + "x," * 300_000)
    replayed = cli("replay", "1", str(moves))
    assert (replayed.code, replayed.err) == (2, error(
        "move 3: 'x' is not a move (d to draw, 1-7 for a column)"))
    moves.write_text("d 5 " + "é" * 300_000)
    replayed = cli("replay", "1", str(moves))
    assert (replayed.code, replayed.err) == (2, error(
        f"move 3: '{'é' * 40}'... (300,000 characters) is not a move (d to draw, 1-7 for a "
        "column)"))
    sized = cli("odds", "1", "--memory", "!" * 100_000)
    assert sized.code == 2 and len(sized.err) < 200


def test_a_deal_file_named_with_spaces_around_it_is_read_by_batch_as_by_solve(cli, tmp_path,
                                                                                monkeypatch):
    monkeypatch.chdir(tmp_path)
    board = cli("show", "7", "--format", "board").out
    for name in (" lead.board", "trail.board ", " both.board "):
        (tmp_path / name).write_text(board)
        assert cli("solve", name).code == 0
        rows = tmp_path / "rows.csv"
        batch = cli("batch", name, "--rules", "easy", "--jobs", "1", "--out", str(rows))
        assert batch.code == 0, batch.err
        assert rows.read_text().splitlines()[1].startswith(f"{name},,,easy,true,35,")
    (tmp_path / "list.txt").write_text(" lead.board\n  7  # deal 7\n")
    listed = cli("batch", "@list.txt", "--rules", "easy", "--jobs", "1", "--json")
    assert listed.code == 0 and '"deals": 2' in listed.out
    missing = cli("batch", " none.board")  # no such name, with or without its space
    assert (missing.code, missing.err) == (2, error("no such file: none.board"))


def test_replay_refuses_another_deals_moves_at_the_first_card_they_name(cli, tmp_path,
                                                                        monkeypatch):
    # a record of a position (deal 7, 8 moves in), its file then holding another position
    # (deal 5, 8 moves in) of other heights, where the line leaves the cards later on
    monkeypatch.chdir(tmp_path)
    played = cli("replay", "7", "3 d d d 1 d 5 3", "--format", "board").out
    (tmp_path / "p.board").write_text(played)
    record = cli("solve", "p.board", "--json").out
    (tmp_path / "p.json").write_text(record)
    (tmp_path / "p.board").write_text(cli("replay", "5", "7 7 1 4 d 6 3 4", "--format",
                                          "board").out)
    replayed = cli("replay", "p.board", "p.json")
    assert (replayed.code, replayed.out, replayed.err) == (2, "", error(
        "the moves name KH for move 1, which takes QD on p.board: they are another deal's, or "
        "were changed"))
    # a record that names no deal, of the same position: played to its end
    anonymous = json.loads(record)
    for key in ("deal", "number", "code"):
        del anonymous[key]
    (tmp_path / "anonymous.json").write_text(json.dumps(anonymous))
    (tmp_path / "p.board").write_text(played)
    assert cli("replay", "p.board", "anonymous.json").out.splitlines()[-1] == "You won!"
    (tmp_path / "q.board").write_text(cli("replay", "9", "d d d 2 2 d d 2", "--format",
                                          "board").out)
    other = cli("replay", "q.board", "anonymous.json")
    assert other.code == 2 and other.err.startswith("golfsolve: error: the moves name KH for "
                                                    "move 1, which takes ")


@pytest.mark.parametrize("args", [
    ["batch", "1-5", "--jobs", "1", "--out", "/proc/rows.csv"],
    ["batch", "1-5", "--jobs", "1", "--rules", "easy", "--won-only", "--out", "/proc/won.txt"],
    ["compare", "1-5", "--jobs", "1", "--plot", "/proc/removed.png"],
])
def test_an_output_that_cannot_be_written_is_refused_before_a_new_database_is_made(
        cli, tmp_path, args):
    # (/proc takes no new file, for root too: as a read-only directory would refuse it)
    db = tmp_path / "new.sqlite"
    result = cli(*args, "--db", str(db))
    assert (result.code, result.out, result.err) == (
        2, "", error(f"cannot write {args[-1]}: No such file or directory"))
    assert list(tmp_path.iterdir()) == []


def test_an_output_is_checked_without_being_changed(cli, tmp_path):
    rows = tmp_path / "rows.csv"
    rows.write_text("kept\n")
    refused = cli("batch", "1-5", "--db", str(tmp_path / "x.sqlite"), "--out", str(rows),
                  "--dask", " ")
    assert refused.code == 2 and rows.read_text() == "kept\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["rows.csv"]


def test_a_record_of_a_board_whose_name_is_not_utf8_replays_against_that_board(tmp_path):
    name = os.fsdecode(b"\xff.board")
    board = subprocess.run([*GOLFSOLVE, "show", "7", "--format", "board"], capture_output=True,
                           env=ENV, check=True).stdout
    (tmp_path / name).write_bytes(board)

    def golfsolve(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run([*GOLFSOLVE, *args], capture_output=True, text=True, env=ENV,
                              cwd=tmp_path, check=False)

    record = golfsolve("solve", name, "--json")
    assert json.loads(record.stdout)["deal"] == "\\xff.board"  # as rows name it
    (tmp_path / "record.json").write_text(record.stdout)
    assert golfsolve("batch", name, "--jobs", "1", "--out", "rows.csv").returncode == 0
    assert (tmp_path / "rows.csv").read_text().splitlines()[1].startswith("\\xff.board,")
    for moves in ("record.json", "rows.csv"):
        replayed = golfsolve("replay", name, moves, "--rules", "easy")
        assert (replayed.returncode, replayed.stdout.splitlines()[-1]) == (0, "You won!")


# ----- 6. spreadsheets -----------------------------------------------------------------------
SHEET_NAMES = ['=HYPERLINK("evil","y").board', "+plus.board", "-minus.board", "@sum.board",
               "\tTab.board", "'quoted.board", "plain.board"]


def test_csv_cells_that_a_spreadsheet_would_run_as_formulas_are_written_as_text(
        cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for number, name in enumerate(SHEET_NAMES, 1):  # (each another deal: none is one twice)
        (tmp_path / name).write_text(cli("show", str(number), "--format", "board").out)
    batch = cli("batch", "*.board", "--rules", "easy", "--jobs", "1", "--out", "rows.csv",
                "--db", "rows.sqlite")
    assert batch.code == 0, batch.err
    exported = cli("export", "--db", "rows.sqlite", "--out", "exported.csv")
    assert exported.code == 0
    for rows in ("rows.csv", "exported.csv"):
        cells = [row["deal"] for row in read_csv(tmp_path / rows)]
        assert sorted(cells) == sorted(["'" + name for name in SHEET_NAMES[:-1]]
                                       + ["plain.board"])
    assert '"\'=HYPERLINK(""evil"",""y"").board",,,easy,' in (tmp_path / "rows.csv").read_text()
    # JSON lines keep the names as they are; replay reads the CSV's back as the names
    cli("batch", "*.board", "--rules", "easy", "--jobs", "1", "--out", "rows.jsonl")
    names = [json.loads(line)["deal"] for line in
             (tmp_path / "rows.jsonl").read_text().splitlines()]
    assert sorted(names) == sorted(SHEET_NAMES)
    for name in SHEET_NAMES:
        replayed = cli("replay", "--rules", "easy", "--", name, "rows.csv")
        assert (replayed.code, replayed.out.splitlines()[-1]) == (0, "You won!")


def test_standard_inputs_name_stays_as_it_is_in_csv(cli, tmp_path):
    rows = tmp_path / "rows.csv"
    board = cli("show", "7", "--format", "board").out
    assert cli("batch", "-", "--rules", "easy", "--jobs", "1", "--out", str(rows),
               input=board).code == 0
    assert [row["deal"] for row in read_csv(rows)] == ["-"]


@pytest.mark.parametrize("args", [["compare", "1", "--plot", "p\0.png"],
                                  ["batch", "1", "--db", "\0"], ["batch", "1", "--out", "\0.csv"],
                                  ["export", "--db", "d\0", "--out", "-"]])
def test_a_file_option_with_a_nul_byte_is_a_usage_error(cli, args):
    # (no command line passes one; a program calling run() may: the fuzz test found it)
    result = cli(*args)
    option = args[-2] if args[0] != "export" else "--db"
    assert (result.code, result.out, result.err) == (2, "", (
        f"golfsolve {args[0]}: error: Invalid value for '{option}': a file name cannot hold a NUL "
        "byte (see --help)\n"))


def test_a_change_to_a_kernel_another_module_calls_compiles_its_callers_again(tmp_path):
    # numba keys a kernel's cached code on its own source, and that code holds what it calls
    # from other modules: after an update of one of those, the old code was read (wrong
    # values, or a crash). A copy of the package, the strict solver compiled, then a line
    # added to the module of the fit tables it calls: the next run compiles it again.
    import pickle

    import golfsolve

    copy = tmp_path / "site"
    shutil.copytree(Path(golfsolve.__file__).parent, copy / "golfsolve",
                    ignore=shutil.ignore_patterns("__pycache__"))
    env = {**ENV, "NUMBA_CACHE_DIR": str(tmp_path / "cache"), "PYTHONPATH": str(copy)}

    def solved_and_keys() -> tuple[str, int]:
        done = subprocess.run([sys.executable, "-m", "golfsolve", "solve", "1", "--rules",
                               "strict"], cwd=copy, env=env, capture_output=True, text=True,
                              check=True)
        (index,) = (tmp_path / "cache").rglob("strict.strict_search-*.nbi")
        with open(index, "rb") as f:
            pickle.load(f)  # numba's version
            _, overloads = pickle.loads(f.read())
        return _timeless(done.stdout), len(overloads)

    first = solved_and_keys()
    assert solved_and_keys() == first  # loaded, not compiled again
    layout = copy / "golfsolve" / "kernels" / "layout.py"
    layout.write_text(layout.read_text(encoding="utf-8") + "# changed\n", encoding="utf-8")
    assert solved_and_keys() == (first[0], first[1] + 1)  # compiled again for the new sources
