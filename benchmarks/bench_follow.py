"""Speed of play's hints in a followed game: the first, and every one after it.

    python benchmarks/bench_follow.py [--deal 27] [--rules classic] [--after MOVES]
                                      [--baseline REF]

It types a deal's layout without its stock into `golfsolve play` (a whole process, its
commands piped in one at a time), takes a hint before every move, plays the hinted move and,
for a draw, names the card the deal's real stock turns up (`d CARD`), to the end of the game.
It prints the seconds each hint took to answer (from the command written to the hint's last
line read), the first apart from the others; and, for the same layout, the seconds
`golfsolve odds` takes to print the fair value (the first answer a player reads) and to
end. The kernels are compiled (or loaded from numba's cache) before anything is timed. With
--after MOVES the game's first MOVES moves are those of the solver's line (the stock known)
and the first hint comes after them, as for a player who asks first in mid-game.

With --baseline REF the same deal is played by the code at the git ref REF (checked out into a
temporary worktree) side by side, the deal given by its number or board (its stock known:
the code before the follow mode could not follow), taking the same actions; the hints'
times are then paired and their ratios printed.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from compiled import compile_kernels  # noqa: E402

from golfsolve.model.deal import Deal  # noqa: E402
from golfsolve.model.rules import rules_by_name  # noqa: E402
from golfsolve.solver import solve  # noqa: E402

HINT = re.compile(r"^Hint: (draw|column (\d))")
LAST_OF_HELP = re.compile(r"^q +quit$")  # the command list's last line (any version's spacing)
END = ("You won!", "No more moves possible")


class Played:
    """`golfsolve play` in a child process, one command at a time."""

    def __init__(self, root: Path, args: list[str]) -> None:
        env = {**os.environ, "PYTHONPATH": str(root)}
        self.process = subprocess.Popen(
            [sys.executable, "-m", "golfsolve", "play", *args, "--lang", "en"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
            text=True, encoding="utf-8", env=env, cwd=root, bufsize=1)

    def send(self, line: str) -> None:
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def hint(self) -> tuple[float, str | None]:
        """(seconds, the hinted column or None for a draw): the hint's lines read whole (a
        hint of several legal moves ends with their values' line)."""
        began = time.perf_counter()
        self.send("h")
        self.send("?")  # the command list after the hint: its last line marks the hint's end
        hinted = None
        for line in self.process.stdout:
            found = HINT.match(line)
            if found:
                hinted = found.group(2)
            if LAST_OF_HELP.match(line.rstrip()):
                return time.perf_counter() - began, hinted
        raise RuntimeError("play ended before its hint")

    def move(self, line: str) -> str | None:
        """Play ``line``; how the game ended, if it has."""
        self.send(line)
        self.send("?")
        ended = None
        for line in self.process.stdout:
            if line.rstrip() in END:
                ended = line.rstrip()
            if LAST_OF_HELP.match(line.rstrip()):
                return ended
        raise RuntimeError("play ended before the move was shown")

    def close(self) -> None:
        self.send("q")
        self.process.stdin.close()
        self.process.wait(timeout=60)


def layout(deal: Deal) -> str:
    return " | ".join([str(deal.waste), *(" ".join(map(str, c)) for c in deal.tableau)])


def warm(root: Path, named: str, rules: str) -> None:
    """Compile (or load) the code's kernels before timing (older code: a first odds of the
    deal)."""
    compile_kernels(root, ["odds", named, "--rules", rules, "--samples", "1", "--jobs", "1",
                           "--quiet"])


def first_answer(deal: Deal, rules: str, root: Path) -> tuple[float, float]:
    """(seconds to odds' fair value line, seconds to its end) for the deal's layout typed."""
    began = time.perf_counter()
    process = subprocess.Popen(
        [sys.executable, "-m", "golfsolve", "odds", layout(deal),
         "--rules", rules], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
        encoding="utf-8", cwd=root, env={**os.environ, "PYTHONPATH": str(root)})
    fair = None
    for line in process.stdout:
        if fair is None and line.startswith("  fair value"):
            fair = time.perf_counter() - began
    process.wait()
    return fair, time.perf_counter() - began


def follow(named: str, rules: str, root: Path, baseline: Path | None, after: int = 0) -> None:
    """``named``: a PySolFC deal number, or a board file of a deal with its stock; ``after``:
    the moves of the solver's line played before the first hint."""
    if named.isdigit():
        deal = Deal.from_number(int(named))
    else:
        named = str(Path(named).resolve())
        deal = Deal.from_board(Path(named).read_text(encoding="utf-8"))
    for code in (root, baseline):
        if code is not None:
            warm(code, named, rules)
    mine = Played(root, [layout(deal), "--rules", rules])
    theirs = Played(baseline, [named, "--rules", rules]) if baseline else None
    times, old_times, drawn, ended = [], [], 0, None
    for move in solve(deal, rules_by_name(rules)).moves[:after]:
        if move.token == "d":
            ended = mine.move(f"d {deal.stock[drawn]}")
            drawn += 1
        else:
            ended = mine.move(move.token)
        if theirs is not None:
            theirs.move(move.token)
    while not ended:
        seconds, hinted = mine.hint()
        times.append(seconds)
        if theirs is not None:
            old_seconds, _ = theirs.hint()
            old_times.append(old_seconds)
        if hinted is None:
            ended = mine.move(f"d {deal.stock[drawn]}")
            if theirs is not None:
                theirs.move("d")
            drawn += 1
        else:
            ended = mine.move(hinted)
            if theirs is not None:
                theirs.move(hinted)
    mine.close()
    fair, whole = first_answer(deal, rules, root)
    later = times[1:]
    print(f"deal {named} {rules}, followed (its layout typed, {drawn} draws named): "
          f"{len(times)} hints, then {ended!r}")
    print(f"  first hint{f' after {after} moves of the solver' if after else ''}: "
          f"{times[0]:.3f} s")
    if later:
        print(f"  later hints: {_spread(later)}")
    print(f"  odds of the layout: the fair value after {fair:.2f} s, all figures after "
          f"{whole:.2f} s")
    if theirs is not None:
        theirs.close()
        old_later = old_times[1:]
        print(f"baseline (deal {named} as given, its stock known): first hint "
              f"{old_times[0]:.2f} s; later hints: {_spread(old_later)}")
        print(f"  ratios (this / baseline): first {times[0] / old_times[0]:.2f}x, later total "
              f"{sum(later) / sum(old_later):.3f}x")


def _spread(seconds: list[float]) -> str:
    return (f"median {1000 * statistics.median(seconds):.1f} ms, max "
            f"{1000 * max(seconds):.1f} ms, total {sum(seconds):.2f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description="Seconds of each hint in a followed game.")
    parser.add_argument("--deal", default="27", help="a PySolFC deal number, or a board file "
                        "of a deal with its stock (as tests/data/rules-page-deal.board)")
    parser.add_argument("--rules", default="classic", help="easy or classic")
    parser.add_argument("--after", type=int, default=0, metavar="MOVES", help="play the first "
                        "MOVES moves of the solver's line before the first hint")
    parser.add_argument("--baseline", metavar="REF", help="a git ref to play side by side")
    args = parser.parse_args()
    if args.after < 0:
        parser.error(f"--after takes a number of moves, 0 or more, not {args.after}")
    with tempfile.TemporaryDirectory(prefix="bench-follow-") as scratch:
        baseline = None
        if args.baseline:
            baseline = Path(scratch) / "baseline"
            subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "-q",
                            str(baseline), args.baseline], check=True)
        try:
            follow(args.deal, args.rules, ROOT, baseline, args.after)
        finally:
            if baseline is not None:
                subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force",
                                str(baseline)], check=False)


if __name__ == "__main__":
    main()
