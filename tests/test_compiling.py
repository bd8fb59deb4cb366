"""The first run after installing: the note before the kernels are compiled, said once, on a
terminal only, and the parts a computation names, which compile all it runs."""

from __future__ import annotations

import os
import select
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from .conftest import DATA, compiled_cache

ROOT = DATA.parent.parent

NOTE = "golfsolve: compiling the solver, once after installing: about"


def golfsolve(*args: str, cache, terminal: bool) -> tuple[int, str]:
    """golfsolve ``args`` in a process of its own with numba's cache in ``cache``, its
    standard error a terminal (a pseudo-terminal) or a pipe: (exit status, what it wrote
    there)."""
    env = {**os.environ, "NUMBA_CACHE_DIR": str(cache), "PYTHONPATH": str(ROOT)}
    command = [sys.executable, "-m", "golfsolve", *args]
    if not terminal:
        done = subprocess.run(command, env=env, cwd=ROOT, stdin=subprocess.DEVNULL,
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                              timeout=300, check=False)
        return done.returncode, done.stderr
    try:
        ours, theirs = os.openpty()
    except OSError:  # none to be had (a container without /dev/pts)
        pytest.skip("no pseudo-terminal here")
    try:
        child = subprocess.Popen(command, env=env, cwd=ROOT, stdin=subprocess.DEVNULL,
                                 stdout=subprocess.DEVNULL, stderr=theirs)
        os.close(theirs)
        said = b""
        while True:
            if not select.select([ours], [], [], 300)[0]:
                child.kill()
                raise AssertionError("no end within 300 s")
            try:
                chunk = os.read(ours, 4096)
            except OSError:  # the terminal's other end closed (Linux)
                break
            if not chunk:
                break
            said += chunk
        return child.wait(timeout=60), said.decode().replace("\r\n", "\n")
    finally:
        os.close(ours)


@pytest.mark.skipif(not hasattr(os, "openpty"), reason="no pseudo-terminals here")
def test_a_first_solve_says_once_on_a_terminal_that_it_compiles(tmp_path):
    # a cache that lacks one of the solver's kernels (the others copied): the solver is
    # compiled, as after installing, that kernel the one that takes time
    compiled_cache(tmp_path, leaving_out="bound.bound_tables-")
    code, said = golfsolve("solve", "1", cache=tmp_path, terminal=True)
    assert code == 0
    lines = said.split("\n")
    assert [line for line in lines if line.startswith("golfsolve:")] == [
        line for line in lines if line.startswith(NOTE) and line.endswith(" s")]
    assert said.count(NOTE) == 1 and said.startswith(NOTE)
    # the line of progress, if the compiling took a second or more, is wiped at the end
    assert said.endswith(" s\n") or said.endswith("\r")
    code, said = golfsolve("solve", "1", cache=tmp_path, terminal=True)
    assert (code, said) == (0, "")  # compiled once: nothing more to say


def test_the_note_is_not_written_where_standard_error_is_no_terminal(tmp_path):
    # a cache that lacks one of the solver's kernels (the others copied): it is compiled
    kernels = compiled_cache(tmp_path, leaving_out="bound.bound_tables-")
    assert golfsolve("solve", "1", cache=tmp_path, terminal=False) == (0, "")
    assert any(kernels.glob("bound.bound_tables-*.nbc"))


TINY = '''
import os

from numba import njit

@njit(cache=True)
def twice(x):
    return 2 * x

@njit(cache=True)
def thrice(x):
    return 3 * x

def warm_twice():
    twice(1)
    mark("twice")

def warm_thrice():
    thrice(1)
    mark("thrice")

def mark(name):
    with open(os.path.join(os.environ["TINY_MARKS"], name), "w") as f:
        f.write(str(os.getpid()))
'''

READY = '''
import os
import sys
from golfsolve import compiling
from golfsolve.compiling import Part

TWICE = Part("twice", ("tiny:twice",), "tiny:warm_twice", 1.0)
THRICE = Part("thrice", ("tiny:thrice",), "tiny:warm_thrice", 2.0)
compiling.tell(sys.stderr)
compiling.TICK_SECONDS = 0.02  # a line of progress however short the compiling
before = [TWICE.cached(), THRICE.cached()]
compiling.ready({parts}, {processes})
numba_imported = "numba" in sys.modules
# found without numba as numba finds it: its files where numba writes them
seen = [compiling._seems_cached("tiny:twice"), compiling._seems_cached("tiny:thrice")]
assert seen == [TWICE.cached(), THRICE.cached()], seen
print(before, seen, numba_imported, os.getpid())
'''


def ready(tmp_path, parts: str, processes: int = 1) -> tuple[str, str, dict]:
    """compiling.ready(parts) in a process of its own, told to say what it compiles on its
    standard error, of two tiny kernels cached under ``tmp_path``: (out less the process's
    id, err, where each part compiled: "here", or in another process)."""
    tiny = tmp_path / "tiny.py"
    if not tiny.exists():  # written once: a newer source would stand for a changed one
        tiny.write_text(TINY, encoding="utf-8")
    marks = tmp_path / "marks"
    shutil.rmtree(marks, ignore_errors=True)
    marks.mkdir()
    env = {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path / "cache"), "TINY_MARKS": str(marks),
           "PYTHONPATH": os.pathsep.join((str(ROOT), str(tmp_path)))}
    script = textwrap.dedent(READY).format(parts=parts, processes=processes)
    done = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True,
                          timeout=300, check=True)  # bytes: text mode reads \r as \n
    out, pid = done.stdout.decode().rsplit(" ", 1)
    where = {mark.name: "here" if mark.read_text() == pid.strip() else mark.read_text()
             for mark in marks.iterdir()}
    return out + "\n", done.stderr.decode(), where


def wiped(err: str) -> str:
    """What standard error shows at the end: the lines of progress wiped."""
    return "\n".join(line.rsplit("\r", 1)[-1] for line in err.split("\n"))


def test_ready_compiles_what_the_cache_lacks_after_one_line(tmp_path):
    out, err, where = ready(tmp_path, "[TWICE]")
    assert (out, where) == ("[False, False] [True, False] True\n", {"twice": "here"})
    assert "\r  compiling: 0 s" in err and err.endswith("\r")
    assert wiped(err) == "golfsolve: compiling twice, once after installing: about 1 s\n"
    out, err, where = ready(tmp_path, "[TWICE, THRICE]")
    assert (out, where) == ("[True, False] [True, True] True\n", {"thrice": "here"})
    assert wiped(err) == "golfsolve: compiling thrice, once after installing: about 2 s\n"
    # all cached: found so without importing numba
    assert ready(tmp_path, "[TWICE, THRICE]") == ("[True, True] [True, True] False\n", "", {})


def test_ready_compiles_parts_side_by_side_in_processes_of_their_own(tmp_path):
    out, err, where = ready(tmp_path, "[TWICE, THRICE]", processes=2)
    assert out == "[False, False] [True, True] True\n"
    assert "here" not in where.values() and len(set(where.values())) == 2
    # the longer part's seconds and a process's start
    assert wiped(err) == ("golfsolve: compiling twice and thrice, once after installing: "
                          "about 3 s\n")


def test_a_standard_error_that_cannot_be_written_says_nothing(tmp_path, monkeypatch):
    from golfsolve import compiling

    class Gone:
        def write(self, text):
            raise OSError(32, "Broken pipe")

        def flush(self):
            raise ValueError("I/O operation on closed file")

    monkeypatch.setattr(compiling, "_stream", Gone())
    compiling._write("golfsolve: compiling the solver\n")  # no traceback


def test_the_parts_compile_everything_their_computations_run():
    """After SEARCH, STRICT_SEARCH and LAYERS are ready, solving and the fair value compile
    nothing more: their warm functions ran every kernel with every type the work meets. (In
    the suite's cache, which its start filled: what a warm function runs is loaded into the
    process, and what the work runs besides would be loaded or compiled after it.)"""
    script = '''
import sys
import numpy as np
from numba.core.registry import CPUDispatcher
from golfsolve.compiling import LAYERS, SEARCH, STRICT_SEARCH

for part in (SEARCH, STRICT_SEARCH, LAYERS):
    part.load()

def kernels():
    """Each kernel of golfsolve's modules, with the argument types it holds compiled."""
    return {f"{name}:{attribute}": set(value.overloads)
            for name, module in list(sys.modules.items()) if name.startswith("golfsolve")
            for attribute, value in list(vars(module).items())
            if isinstance(value, CPUDispatcher)}

warm = kernels()
from golfsolve.model.deal import Deal
from golfsolve.model.game import Game
from golfsolve.model.rules import CLASSIC, EASY, STRICT
from golfsolve.packing import pack_columns
from golfsolve.solver import solve_game
from golfsolve.fair.layered import stock_fair

for rules in (EASY, CLASSIC, STRICT):
    for number in (1, 2, 3):
        solve_game(Game(Deal.from_number(number), rules), fewest_moves=number == 3)
start = Deal.from_number(9).position()
unseen = np.zeros(14, dtype=np.int64)
for card in start.stock:
    unseen[card.rank] += 1
result = stock_fair(pack_columns(start), [3, 2, 2, 1, 1, 1, 0], start.waste.rank, unseen,
                    CLASSIC.fits_table(), keep=True)
result.table.position([2, 2, 2, 1, 1, 1, 0], 5, unseen)
print(len(warm) > 10, sorted(name for name, types in kernels().items()
                             if types - warm.get(name, set())))
'''
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True,
                          text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout == "True []\n"


def test_odds_names_the_kernels_its_units_run():
    from golfsolve.compiling import EXPECTIMAX, LAYERS, SCORE, SEARCH, STRICT_SEARCH
    from golfsolve.model.deal import Deal
    from golfsolve.model.position import Position
    from golfsolve.model.rules import EASY, STRICT
    from golfsolve.odds import Limit, kernels_for, plan

    dealt = Deal.from_number(1).position()
    hidden = dealt.hidden()
    one_known = Position(dealt.columns, dealt.waste, (dealt.stock[0], *hidden.stock[1:]),
                         dealt.removed)

    def named(position, rules, games=0) -> set:
        _, units = plan(position, rules, Limit(samples=2, seed=0, games=games), 1)
        return {part for unit in units for part in kernels_for(unit)}

    # the score's value where the stock is wholly unseen (for where no move wins)
    assert named(hidden, EASY) == {SEARCH, LAYERS, SCORE}
    assert named(one_known, EASY) == {SEARCH, EXPECTIMAX}
    assert named(one_known, EASY, games=1) == {SEARCH, EXPECTIMAX, LAYERS}
    # strict: the fair value and the policy's games by the layers too (draws when stuck)
    assert named(hidden, STRICT, games=1) == {STRICT_SEARCH, LAYERS, SCORE}
    assert named(one_known, STRICT) == {STRICT_SEARCH, EXPECTIMAX}


def test_a_kernel_module_written_again_with_the_same_text_leaves_its_kernels_found_compiled(
        tmp_path):
    """The check that needs no numba reads what the kernels were saved for by their sources'
    text, not their files' times: a module written again unchanged (a checkout, a copy)
    leaves them found compiled without importing numba; a change to its text does not."""
    import golfsolve

    copy = tmp_path / "site"
    shutil.copytree(Path(golfsolve.__file__).parent, copy / "golfsolve",
                    ignore=shutil.ignore_patterns("__pycache__"))
    env = {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path / "cache"), "PYTHONPATH": str(copy)}
    subprocess.run([sys.executable, "-m", "golfsolve", "solve", "1", "--rules", "strict"],
                   cwd=copy, env=env, capture_output=True, check=True)  # compiled and saved
    asked = ("import sys; from golfsolve.compiling import STRICT_SEARCH as part; "
             "print(part.cached(), 'numba' in sys.modules)")

    def found() -> str:
        return subprocess.run([sys.executable, "-c", asked], cwd=copy, env=env,
                              capture_output=True, text=True, check=True).stdout.strip()

    assert found() == "True False"
    layout = copy / "golfsolve" / "kernels" / "layout.py"
    text = layout.read_text(encoding="utf-8")
    layout.write_text(text, encoding="utf-8")
    later = layout.stat().st_mtime + 60
    os.utime(layout, (later, later))  # written after the cache, the same text
    assert found() == "True False"
    layout.write_text(text + "# changed\n", encoding="utf-8")
    assert found() == "False True"  # numba asked, and it has none for these sources
