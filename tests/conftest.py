"""Shared test helpers: the rules pages' deal, the CLI runner, data paths."""

from __future__ import annotations

import hashlib
import io
import os
import random
import shutil
import sys
from pathlib import Path

import pytest

from golfsolve.model.deal import Deal

DATA = Path(__file__).parent / "data"
# The rules pages' move-35 state is reached by this line of 34 moves (found by a search over
# the rules-page deal; the tests check that every move is legal and where it ends).
MOVE_35_LINE = "d 5 2 d d 1 7 4 d 1 7 5 5 6 6 d 6 d 3 1 4 4 2 5 2 3 d d 7 3 d d 4 2"


@pytest.fixture(autouse=True)
def _state_directory(tmp_path_factory, monkeypatch):
    """play keeps a followed game that a stop signal ended in the user's state directory:
    in the tests, a directory of each test's own (their pseudo-terminal games are ended so,
    and a game one of them kept is no other's)."""
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path_factory.mktemp("state")))


def code_note(named: str) -> str:
    """The note on stderr for the first game code a command is given, ``named`` naming its
    deal (``GO1-E-AAAAAAB is PySolFC's deal 1``), with its line's end."""
    return ("golfsolve: note: game codes name PySolFC's deals, not the Golf app's (whose shuffle "
            f"is not published): {named}. For a deal from the app, type the cards you see "
            'instead: "WASTE | COLUMN 1 | ... | COLUMN 7", each column from the top down\n')


def spread(count: int, high: int, seed: int) -> list[int]:
    """``count`` numbers in 1..high, log-uniform (random bit lengths), so that small and large
    numbers, of every 32-bit word count, are all drawn."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        n = rng.getrandbits(rng.randint(1, high.bit_length()))
        if 1 <= n <= high:
            out.append(n)
    return out


def pytest_sessionstart(session) -> None:
    """Every kernel the suite runs compiled before the tests start, where numba's cache lacks
    them: once, the parts side by side, instead of in each test process at once (the
    controller's work where the tests run in several processes)."""
    if hasattr(session.config, "workerinput"):  # a worker: its controller compiled them
        return
    from golfsolve.compiling import EXPECTIMAX, LAYERS, SEARCH, STRICT_SEARCH, ready

    ready([SEARCH, STRICT_SEARCH, LAYERS, EXPECTIMAX], processes=os.cpu_count() or 1)


def compiled_cache(folder: Path, leaving_out: str = "") -> Path:
    """``folder`` made a numba cache, as NUMBA_CACHE_DIR names one, that holds the kernels of
    golfsolve.kernels this session compiled at its start (the solver's among them), less the
    files whose names contain ``leaving_out`` where it is given: a copy, so that a test of
    what a cache holds needs no compiling of its own but what it leaves out. Returns the
    kernels' folder in it, named as numba names it (the package's folder and its hash)."""
    import golfsolve.kernels
    from golfsolve.kernels.search import layered

    source = Path(layered._cache._cache_path)  # where this process's numba keeps them
    package = os.path.dirname(os.path.abspath(golfsolve.kernels.__file__))
    kernels = folder / f"{os.path.basename(package)}_{hashlib.sha1(package.encode()).hexdigest()}"
    kernels.mkdir(parents=True)
    for path in source.iterdir():
        if path.suffix in (".nbi", ".nbc") and not (leaving_out and leaving_out in path.name):
            shutil.copy2(path, kernels / path.name)
    return kernels


@pytest.fixture(scope="session")
def page_deal() -> Deal:
    return Deal.from_board((DATA / "rules-page-deal.board").read_text(encoding="utf-8"))


class CliResult:
    def __init__(self, code: int, out: str, err: str) -> None:
        self.code, self.out, self.err = code, out, err

    def __repr__(self) -> str:
        return f"CliResult(code={self.code}, out={self.out[:200]!r}, err={self.err!r})"


@pytest.fixture
def cli(capsys, monkeypatch):
    """Run golfsolve in this process: cli("solve", "1", input="...") -> CliResult. The fair
    value counts nothing as held already (the test process's own memory varies), so that the
    figures it prints are the computation's alone."""
    import golfsolve.fair.layered
    from golfsolve.cli import run

    monkeypatch.setattr(golfsolve.fair.layered, "resident_memory", lambda: 0)

    def invoke(*args: str, input: str | None = None) -> CliResult:
        monkeypatch.setattr(sys, "stdin", io.StringIO(input or ""))
        capsys.readouterr()
        code = run(list(args))
        captured = capsys.readouterr()
        return CliResult(code, captured.out, captured.err)

    return invoke
