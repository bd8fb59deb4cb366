"""Speed and reach of the exact fair value under an unseen stock: the memoised expectimax
(golfsolve.fair.expectimax) beside the layers (golfsolve.fair.layered) mid-game, and the layers
on whole deals at their first card.

    python benchmarks/bench_fair.py [--sizes 4,6,8,10,12] [--per-size 6] [--rules easy,classic]
                                    [--budget N] [--first-deal 1] [--deviate 0.1]
    python benchmarks/bench_fair.py --whole-deals 1-20 [--rules easy,classic] [--jobs 2]
                                    [--memory BYTES] [--layout auto|fast|compact|tight]
                                    [--verbose]

Positions come from real deals: deal n is played along the solver's best line (re-solved after
a random move now and then, with probability --deviate a move) until the stock holds exactly
the wanted number of cards, all of which are then unseen. Deals that end or skip past that
size are passed over. For each size and rule set it prints how many solves completed within
the budget, the memo states used and the seconds per solve (median and max), the mean fair
value of those completed and the largest memo table (MB), then the layers' seconds on the
same positions (median and max) and the ratio of the two medians. Timings are rough on a
shared machine.

With --odds-processes each case is ``golfsolve odds`` as a player runs it, one whole process
(its start, its clairvoyant samples and its fair value), on deals FIRST-LAST under each rule set
of --rules, and, where Easy is one, under Easy on the rules pages' deal typed as a layout (no
stock); it prints per
rule set the total, median and max wall seconds and the max peak resident memory. With
--baseline REF the same commands of the project at git REF (a worktree made for the run)
alternate with them, case by case, each of the two first in turn, and each figure's ratio,
ours over REF's, is printed too.

    python benchmarks/bench_fair.py --odds-processes 1-20 [--rules easy,classic]
                                    [--baseline REF] [--timeout 600]

With --whole-deals each deal's fair value at its first card is computed by the layers in a
child process of its own (so that its peak resident memory is its own); it prints per rule
set and for all together the median and max seconds of the computation (the process's start
and imports, numba's among them, about a second, apart; loading the compiled kernels
from numba's cache counted) and of peak memory, the mean fair value and
the deals refused for memory, then the same figures of the C prototype measured on deals 1-20
(../shared/DESIGN.md) and the ratios against them.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import signal
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from compiled import compile_kernels  # noqa: E402

from golfsolve.fair import expectimax  # noqa: E402
from golfsolve.fair.layered import stock_fair_game  # noqa: E402
from golfsolve.fair.memory import default_limit  # noqa: E402
from golfsolve.model.deal import Deal  # noqa: E402
from golfsolve.model.game import Game  # noqa: E402
from golfsolve.model.oneline import to_oneline  # noqa: E402
from golfsolve.model.rules import parse_rules_list  # noqa: E402
from golfsolve.solver import solve_game  # noqa: E402

# The C prototype with exact support on 2 threads, PySolFC deals 1-20 at the first card:
# median and max seconds, median and max peak GB (../shared/DESIGN.md).
PROTOTYPE = {"classic": (4.0, 34.0, 0.7, 3.2), "easy": (21.0, 145.0, 2.2, 10.9),
             "both": (8.0, 145.0, 1.0, 10.9)}


def play_to(number: int, rules, left: int, rnd: random.Random, deviate: float) -> Game | None:
    """Deal ``number`` played until ``left`` stock cards remain; None if it ends before."""
    game = Game(Deal.from_number(number), rules)
    line: list = []
    while game.stock_left > left and game.status == "playing":
        if line and rnd.random() < deviate:
            moves = [str(c) for c in game.playable_columns()] + ["d"]
            game.play(rnd.choice(moves))
            line = []
            continue
        if not line:
            line = list(solve_game(game).moves)
            if not line:
                return None
        game.play(line.pop(0))
    if game.stock_left != left or game.status != "playing":
        return None
    return game


def positions(rules, left: int, count: int, first: int, deviate: float) -> list[tuple]:
    found = []
    number = first
    while len(found) < count and number < first + 50 * count:
        game = play_to(number, rules, left, random.Random(number * 100 + left), deviate)
        if game is not None:
            found.append((number, game))
        number += 1
    return found


WHOLE_CHILD = """
import json, sys, time
sys.path.insert(0, {root!r})
from golfsolve.model.deal import Deal
from golfsolve.model.game import Game
from golfsolve.model.rules import rules_by_name
from golfsolve.fair.layered import stock_fair_game
from golfsolve.fair.memory import NeedsMemory
import golfsolve.fair.kernels.compact_values, golfsolve.fair.kernels.values  # numba's import too
game = Game(Deal.from_number({number}), rules_by_name({rules!r}))
began = time.perf_counter()
try:
    result = stock_fair_game(game, limit={limit}, jobs={jobs}, layout={layout!r})
except NeedsMemory as refused:
    print(json.dumps({{"needs": refused.needed}}))
else:
    best = max(result.actions, key=result.actions.get) if result.actions else None
    best = None if best is None else "draw" if best.is_draw else str(best.column)
    print(json.dumps({{"wins": result.wins, "orders": result.orders,
                      "seconds": time.perf_counter() - began,
                      "best": best, "layout": result.counters["layout"],
                      "entries": result.counters["support"]}}))
"""


LAYOUTS = {"auto": None, "fast": "fast", "compact": "compact", "tight": "tight"}  # --layout


def whole_deal(number: int, rules: str, limit: int, jobs: int, layout: str = "auto") -> dict:
    """One deal's fair value at its first card in a child process: the figures it printed,
    with its wall seconds and peak resident memory."""
    code = WHOLE_CHILD.format(root=str(ROOT), number=number, rules=rules, limit=limit,
                              jobs=jobs, layout=LAYOUTS[layout])
    began = time.perf_counter()
    child = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    out = child.stdout.read()
    _, status, usage = os.wait4(child.pid, 0)
    child.returncode = status
    figures = json.loads(out) if status == 0 and out.strip() else {"failed": status}
    figures["wall"] = time.perf_counter() - began
    figures["peak_gb"] = usage.ru_maxrss * 1024 / 1e9
    return figures


def whole_deals(numbers: list[int], rules_names: list[str], limit: int, jobs: int,
                verbose: bool, layout: str = "auto") -> None:
    """Prints each rule set's and all deals' median and max seconds and peak memory."""
    whole_deal(1, "classic", limit, jobs, layout)  # loads (or compiles) the kernels once
    print(f"whole deals {numbers[0]}-{numbers[-1]} at the first card, {jobs} thread(s), "
          f"memory limit {limit / 1e9:.1f} GB, layout {layout}")
    header = (f"{'rules':8} {'deals':>5} {'s med':>7} {'s max':>7} {'GB med':>7} {'GB max':>7} "
              f"{'mean value':>10} {'refused':>7}")
    print(header)
    print("-" * len(header))
    every = []
    by_rules: dict[str, list[dict]] = {}
    for rules in rules_names:
        rows = []
        for number in numbers:
            figures = whole_deal(number, rules, limit, jobs, layout)
            rows.append(figures)
            if verbose:
                value = (f"{figures['wins'] / figures['orders']:.4f} best {figures['best']}"
                         f"{'' if figures['layout'] == 'fast' else ' (' + figures['layout'] + ')'}"
                         if "wins" in figures else f"needs {figures.get('needs', 0) / 1e9:.1f} GB")
                seconds = figures.get("seconds", 0.0)
                print(f"   deal {number} {rules}: {value}, {seconds:.1f} s "
                      f"({figures['wall']:.1f} s with the process's start), "
                      f"{figures['peak_gb']:.2f} GB", flush=True)
        every += rows
        print(_whole_line(rules, rows), flush=True)
        by_rules[rules] = rows
    print(_whole_line("both", every))
    by_rules["both"] = every
    print("the C prototype, deals 1-20 (../shared/DESIGN.md), and each figure's ratio, ours over"
          " its")
    for label, rows in by_rules.items():
        if label not in PROTOTYPE:
            continue
        done = [r for r in rows if "wins" in r] or [{"seconds": 0.0, "peak_gb": 0.0}]
        ours = (statistics.median(r["seconds"] for r in done), max(r["seconds"] for r in done),
                statistics.median(r["peak_gb"] for r in done), max(r["peak_gb"] for r in done))
        theirs = PROTOTYPE[label]
        print(f"{label:8} {'':>5} " + " ".join(f"{t:>7.1f}" for t in theirs) + "   ratios "
              + " ".join(f"{o / t:.2f}" for o, t in zip(ours, theirs, strict=True)))


def _whole_line(label: str, rows: list[dict]) -> str:
    done = [r for r in rows if "wins" in r]
    seconds = [r["seconds"] for r in done] or [0.0]
    peaks = [r["peak_gb"] for r in done] or [0.0]
    values = [r["wins"] / r["orders"] for r in done]
    mean = f"{statistics.mean(values):.3f}" if values else "-"
    return (f"{label:8} {len(done):>5} {statistics.median(seconds):>7.1f} {max(seconds):>7.1f} "
            f"{statistics.median(peaks):>7.2f} {max(peaks):>7.2f} {mean:>10} "
            f"{len(rows) - len(done):>7}")


PAGE_BOARD = ROOT / "tests" / "data" / "rules-page-deal.board"


def page_layout() -> str:
    """The rules pages' deal as an app player types it: the waste, then each column."""
    return to_oneline(Deal.from_board(PAGE_BOARD.read_text(encoding="utf-8")), with_stock=False)


def odds_process(root: Path, deal: str, rules: str, timeout: float) -> dict:
    """``golfsolve odds DEAL --rules RULES`` of the project at ``root``, one process: its wall
    seconds, peak resident memory (GB) and exit status (None where it ran past ``timeout``
    and was killed)."""
    env = {**os.environ, "PYTHONPATH": str(root)}
    began = time.perf_counter()
    child = subprocess.Popen([sys.executable, "-m", "golfsolve", "odds", deal, "--rules", rules],
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env,
                             cwd=root, start_new_session=True)
    killed = False
    while True:  # reaped here, not by Popen, so that its own resource use is read
        pid, code, usage = os.wait4(child.pid, os.WNOHANG)
        if pid:
            break
        if not killed and time.perf_counter() - began > timeout:
            os.killpg(child.pid, signal.SIGKILL)  # its workers too
            killed = True
        time.sleep(0.02)
    status = None if killed else os.waitstatus_to_exitcode(code)
    child.returncode = -9 if killed else status  # Popen must not wait for it again
    wall = time.perf_counter() - began
    return {"wall": wall, "peak_gb": usage.ru_maxrss * 1024 / 1e9, "status": status}


def odds_processes(numbers: list[int], rules_names: list[str], baseline: str | None,
                   timeout: float) -> None:
    """Prints each rule set's total, median and max seconds and max peak of ``golfsolve odds``
    processes, beside those of the project at git ``baseline`` where one is named."""
    import tempfile

    cases = [(str(n), rules) for rules in rules_names for n in numbers]
    if "easy" in rules_names:
        cases.append((page_layout(), "easy"))
    roots = {"ours": ROOT}
    with tempfile.TemporaryDirectory() as scratch:
        if baseline:
            roots["base"] = Path(scratch) / "baseline"
            subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach",
                            str(roots["base"]), baseline], check=True, capture_output=True)
        try:
            for root in roots.values():  # compiled (or loaded) once, outside the figures
                compile_kernels(root, ["odds", "1", "--rules", "classic"])
            rows = {name: [] for name in roots}
            for i, (deal, rules) in enumerate(cases):
                # each first in turn: with ours always first, Classic's total leaned 1.06
                # where each deal's runs paired over and over gave 0.98-1.00
                for name, root in list(roots.items())[::-1 if i % 2 else 1]:
                    figures = odds_process(root, deal, rules, timeout)
                    figures["rules"] = rules if len(deal) < 12 else "page-easy"
                    rows[name].append(figures)
                    label = deal if len(deal) < 12 else "rules pages' layout"
                    print(f"   {name} odds {label} --rules {rules}: {figures['wall']:.1f} s, "
                          f"{figures['peak_gb']:.2f} GB"
                          + ("" if figures["status"] == 0 else f", status {figures['status']}"),
                          flush=True)
        finally:
            if baseline:
                subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force",
                                str(roots["base"])], check=False, capture_output=True)
    print(f"golfsolve odds, one process each (start-up included), deals {numbers[0]}-"
          f"{numbers[-1]}" + (" and the rules pages' layout under Easy" if "easy" in rules_names
                             else "") + f", load {os.getloadavg()[0]:.1f}")
    header = (f"{'':5} {'rules':10} {'cases':>5} {'s total':>8} {'s med':>7} {'s max':>7} "
              f"{'GB max':>7} {'failed':>6}")
    print(header)
    print("-" * len(header))
    groups = [*rules_names, "page-easy", "all"]
    for group in groups:
        figures = {}
        for name, found in rows.items():
            chosen = [r for r in found if group == "all" or r["rules"] == group]
            if not chosen:
                continue
            walls = [r["wall"] for r in chosen]
            figures[name] = (sum(walls), statistics.median(walls), max(walls),
                             max(r["peak_gb"] for r in chosen))
            failed = sum(r["status"] != 0 for r in chosen)
            print(f"{name:5} {group:10} {len(chosen):>5} " + " ".join(
                f"{x:>{w}.{d}f}" for x, w, d in zip(figures[name], (8, 7, 7, 7), (1, 1, 1, 2),
                                                     strict=True)) + f" {failed:>6}")
        if len(figures) == 2:
            print(f"{'ratio':5} {group:10} {'':>5} " + " ".join(
                f"{a / b:>{w}.2f}" for a, b, w in zip(figures["ours"], figures["base"],
                                                      (8, 7, 7, 7), strict=True)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="4,6,8,10,12")
    parser.add_argument("--per-size", type=int, default=6)
    parser.add_argument("--rules", default="easy,classic")
    parser.add_argument("--budget", type=int, default=expectimax.DEFAULT_BUDGET)
    parser.add_argument("--first-deal", type=int, default=1)
    parser.add_argument("--deviate", type=float, default=0.1)
    parser.add_argument("--verbose", action="store_true", help="a line per position")
    parser.add_argument("--odds-processes", metavar="FIRST-LAST",
                        help="golfsolve odds on these deals, one process each, instead")
    parser.add_argument("--baseline", metavar="REF",
                        help="with --odds-processes: the project at git REF beside it")
    parser.add_argument("--timeout", type=float, default=600.0,
                        help="with --odds-processes: seconds a process may run")
    parser.add_argument("--whole-deals", metavar="FIRST-LAST",
                        help="the layers at the first card of these deals instead")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                        help="threads of the layers (with --whole-deals)")
    parser.add_argument("--memory", type=int, default=None,
                        help="bytes each deal's process may hold in all (default: what it "
                             "holds and 80%% of the free memory)")
    parser.add_argument("--layout", choices=sorted(LAYOUTS), default="auto",
                        help="how the layers are stored (auto: the fastest under 2 GB "
                             "where one is, else the fastest that fits)")
    args = parser.parse_args()
    if args.odds_processes:
        first, _, last = args.odds_processes.partition("-")
        odds_processes(list(range(int(first), int(last or first) + 1)), args.rules.split(","),
                       args.baseline, args.timeout)
        return
    if args.whole_deals:
        first, _, last = args.whole_deals.partition("-")
        whole_deals(list(range(int(first), int(last or first) + 1)), args.rules.split(","),
                    args.memory or default_limit(), args.jobs, args.verbose, args.layout)
        return
    sizes = [int(x) for x in args.sizes.split(",")]

    began = time.perf_counter()
    warm = play_to(1, parse_rules_list("easy")[0], 2, random.Random(0), 0.0)
    if warm is not None:
        expectimax.fair_value_game(warm)
    print(f"kernel load/compile {time.perf_counter() - began:.1f} s; budget {args.budget:,} "
          f"states; positions from deal {args.first_deal} on")
    header = (f"{'rules':8} {'unseen':>6} {'done':>6} {'states med':>11} {'states max':>11} "
              f"{'s med':>7} {'s max':>7} {'value':>6} {'MB max':>7} {'layers med':>10} "
              f"{'layers max':>10} {'ratio':>6}")
    print(header)
    print("-" * len(header))
    for rules in parse_rules_list(args.rules):
        for left in sizes:
            cases = positions(rules, left, args.per_size, args.first_deal, args.deviate)
            states, seconds, values, megabytes, layered = [], [], [], [], []
            done = 0
            for number, game in cases:
                t0 = time.perf_counter()
                result = expectimax.fair_value_game(game, budget=args.budget)
                dt = time.perf_counter() - t0
                states.append(result.states)
                seconds.append(dt)
                if result.complete:
                    done += 1
                    values.append(float(result.value))
                megabytes.append(result.counters.get("capacity", 0) * 16 / 1e6)
                t0 = time.perf_counter()
                by_layers = stock_fair_game(game)
                layered.append(time.perf_counter() - t0)
                if result.complete and by_layers.wins != result.wins:
                    raise SystemExit(f"deal {number}: the two methods disagree")
                if args.verbose:
                    value = f"{float(result.value):.4f}" if result.complete else "-"
                    print(f"   deal {number} {rules.name} unseen {left}: cards left "
                          f"{sum(game.heights)}, {result.states:,} states, {dt:.3f} s, "
                          f"value {value}")
            if not cases:
                print(f"{rules.name:8} {left:>6}  no positions found")
                continue
            mean_value = f"{statistics.mean(values):.3f}" if values else "-"
            print(f"{rules.name:8} {left:>6} {done:>3}/{len(cases):<2} "
                  f"{statistics.median(states):>11,.0f} {max(states):>11,} "
                  f"{statistics.median(seconds):>7.3f} {max(seconds):>7.3f} {mean_value:>6} "
                  f"{max(megabytes):>7.1f} {statistics.median(layered):>10.3f} "
                  f"{max(layered):>10.3f} "
                  f"{statistics.median(seconds) / statistics.median(layered):>6.1f}", flush=True)


if __name__ == "__main__":
    main()
