"""The no-peek census: the exact fair value of PySolFC deals at their first card (best play by a
player who cannot see the stock) beside the clairvoyant figures, under each rule set, and its
report page.

    python scripts/fair_census.py run 1-1000 --rules strict,dead-king --csv docs/fair-census.csv
    python scripts/fair_census.py report --csv docs/fair-census.csv --out docs/no-peek-census.md

``run`` appends one row a deal and rule set to the CSV as each is done (a stopped run goes on
where it stopped: the rows there are not computed again), ``--jobs`` worker processes at once
(one thread each) or a Dask scheduler's workers (``--dask ADDRESS``), a deal's peak memory
measured from its start. A row: the fair value as W over N (W the stock orders of the unseen
ranks weighed by best play's chance, N the distinct orders), the best first action by it, the
clairvoyant sampler's (the action whose sampled stock orders are most often won with sight of
the stock: 500 orders, seed 1), the share of those orders won, the seconds and the peak
memory of the deal's process. ``report`` writes the Markdown page and its PNG plots
(matplotlib, the project's ``plot`` extra) beside it, in a folder named as the page.
"""

from __future__ import annotations

import argparse
import csv
import math
import os
import sys
import time
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path

FIELDS = ("deal", "rules", "wins", "orders", "fair_value", "best_first_action",
          "clairvoyant_sampler_action", "clairvoyant_share", "seconds", "peak_bytes")
RULES = ("easy", "classic", "dead-king", "strict")  # the report's order: easiest first
SAMPLES, SEED = 500, 1


def deal_row(number: int, rules_name: str) -> dict:
    """One deal's row under one rule set, computed in this process."""
    from golfsolve.compiling import LAYERS, solving
    from golfsolve.model.actions import best_of
    from golfsolve.model.deal import Deal
    from golfsolve.model.rules import rules_by_name
    from golfsolve.odds import Limit, odds

    rules = rules_by_name(rules_name)
    for part in (LAYERS, solving(rules)):  # loaded from numba's cache before the clock starts
        part.load()
    view = Deal.from_number(number).position().hidden()
    peak = PeakMemory()
    began = time.perf_counter()
    found = odds(view, rules, Limit(samples=SAMPLES, seed=SEED))
    seconds = time.perf_counter() - began
    if found.fair.kind != "exact":
        raise RuntimeError(f"deal {number} {rules_name}: fair value {found.fair.kind}")
    by_action = {a.action: a for a in found.actions}
    sampler = best_of(by_action, lambda a: by_action[a].clairvoyant.value)
    value = Fraction(found.fair.value)
    wins = value * found.orders
    assert wins.denominator == 1
    return {"deal": number, "rules": rules_name, "wins": int(wins), "orders": found.orders,
            "fair_value": round(float(value), 6),
            "best_first_action": found.recommended.token,
            "clairvoyant_sampler_action": sampler.token,
            "clairvoyant_share": round(float(found.clairvoyant.value), 6),
            "seconds": round(seconds, 2),
            "peak_bytes": peak.bytes()}


class PeakMemory:
    """The peak resident memory of this process from now on: Linux's high-water mark, reset
    (``/proc/self/clear_refs``) so that a worker's earlier deals do not count; elsewhere
    the process's whole peak."""

    def __init__(self):
        try:
            Path("/proc/self/clear_refs").write_text("5")
            self.reset = True
        except OSError:
            self.reset = False

    def bytes(self) -> int:
        import resource

        if self.reset:
            for line in Path("/proc/self/status").read_text().splitlines():
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) * 1024
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


def _work(task: tuple[int, str]) -> dict:
    return deal_row(*task)


def in_processes(jobs: int, tasks: list) -> Iterator[dict]:
    """The tasks' rows as ``jobs`` local worker processes make them (one thread each where
    they are more than one)."""
    import multiprocessing

    if jobs > 1:  # the deals' processes share the cores
        os.environ["NUMBA_NUM_THREADS"] = "1"
    context = multiprocessing.get_context("spawn")  # numba set up afresh in each worker
    with context.Pool(jobs) as pool:
        yield from pool.imap_unordered(_work, tasks, chunksize=1)


def on_dask(address: str, tasks: list) -> Iterator[dict]:
    """The tasks' rows as the workers of the Dask scheduler at ``address`` make them, a deal a
    task (each takes the memory its fair value needs from its worker's machine, estimated
    before it is allocated: give a worker one thread, ``dask worker ADDRESS --nthreads 1``,
    so that one deal at a time has it)."""
    from golfsolve.runners import DaskRunner

    runner = DaskRunner(address, _work)  # connected now, not at the first row asked for
    return _rows_of(runner, tasks)


def _rows_of(runner, tasks: list) -> Iterator[dict]:
    try:
        for i, task in enumerate(tasks):
            runner.submit(i, task)
        while runner.outstanding:
            yield runner.next_result()[1]
    finally:
        runner.close()


def read_rows(path: Path) -> list[dict]:
    if not path.exists():
        return []
    with open(path, encoding="utf-8", newline="") as f:
        return list(csv.DictReader(f))


def run(first: int, last: int, rules_names: list[str], path: Path, jobs: int,
        dask: str | None = None) -> None:
    """Every (deal, rule set) not in ``path`` yet, appended as each is done, computed in
    ``jobs`` local processes or on the workers of the Dask scheduler at ``dask``; then the
    file rewritten in order (rule set, deal)."""
    done = {(int(r["deal"]), r["rules"]) for r in read_rows(path)}
    tasks = [(n, r) for r in rules_names for n in range(first, last + 1) if (n, r) not in done]
    print(f"{len(tasks)} deals and rule sets to compute ({len(done)} in {path} already)",
          file=sys.stderr)
    new = not path.exists()
    # a scheduler that cannot be used is found before the file is touched
    computed = on_dask(dask, tasks) if dask else in_processes(jobs, tasks)
    with open(path, "a", encoding="utf-8", newline="") as out:
        writer = csv.DictWriter(out, FIELDS, lineterminator="\n")
        if new:
            writer.writeheader()
        began = time.monotonic()
        back, end = ("\r", "") if sys.stderr.isatty() else ("", "\n")
        for i, row in enumerate(computed, 1):
            writer.writerow(row)
            out.flush()
            os.fsync(out.fileno())
            # on a terminal one line redrawn; in a log, a line each
            print(f"{back}{i}/{len(tasks)} done, {time.monotonic() - began:.0f} s", end=end,
                  file=sys.stderr, flush=True)
    if back:
        print(file=sys.stderr)
    rows = read_rows(path)
    rows.sort(key=lambda r: (RULES.index(r["rules"]), int(r["deal"])))
    temporary = path.with_suffix(".tmp")
    with open(temporary, "w", encoding="utf-8", newline="") as f:
        writer = csv.DictWriter(f, FIELDS, lineterminator="\n")
        writer.writeheader()
        writer.writerows(rows)
    temporary.replace(path)


# ----- the report ------------------------------------------------------------------------------
def median(values: list[float]) -> float:
    ordered = sorted(values)
    mid = len(ordered) // 2
    return ordered[mid] if len(ordered) % 2 else (ordered[mid - 1] + ordered[mid]) / 2


def won_with_sight(numbers: list[int], rules_name: str) -> int:
    """How many of the deals can be won by a player who sees their own stock."""
    import golfsolve

    return sum(golfsolve.solve(golfsolve.Deal.from_number(n), rules_name).winnable
               for n in numbers)


def summaries(rows: list[dict]) -> Iterator[dict]:
    from golfsolve.batch.tally import mean_interval  # the batch summary's, the same figure

    for rules_name in RULES:
        mine = [r for r in rows if r["rules"] == rules_name]
        if not mine:
            continue
        numbers = sorted(int(r["deal"]) for r in mine)
        fair = [int(r["wins"]) / int(r["orders"]) for r in mine]
        share = [float(r["clairvoyant_share"]) for r in mine]
        positive = [r for r in mine if int(r["wins"])]
        differ = sum(r["best_first_action"] != r["clairvoyant_sampler_action"] for r in positive)
        yield {"rules": rules_name, "numbers": numbers, "fair": fair, "share": share,
               "mean": mean_interval(len(fair), sum(fair), sum(f * f for f in fair)),
               "share_mean": sum(share) / len(share),
               "won": won_with_sight(numbers, rules_name),
               "zero": sum(1 for f in fair if f == 0), "positive": len(positive),
               "differ": differ, "seconds": [float(r["seconds"]) for r in mine],
               "peak": [int(r["peak_bytes"]) / 1e9 for r in mine]}


def sampled_above(rows: list[dict]) -> tuple[int, float]:
    """The deals whose sampled clairvoyant share is below their fair value, and the most
    standard errors of the sample (500 orders, at the fair value) any falls below it."""
    gaps = []
    for r in rows:
        fair, share = int(r["wins"]) / int(r["orders"]), float(r["clairvoyant_share"])
        if fair > share:
            gaps.append((fair - share) / math.sqrt(fair * (1 - fair) / SAMPLES))
    return len(gaps), max(gaps, default=0.0)


def span(numbers: list[int]) -> str:
    if numbers == list(range(numbers[0], numbers[-1] + 1)):
        return f"{numbers[0]}-{numbers[-1]}"
    return f"{len(numbers)} deals"


def plots(found: list[dict], folder: Path) -> list[str]:
    """The PNGs: the distribution of fair values, and fair value against clairvoyant share
    deal by deal, one panel a rule set. Returns their names."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    folder.mkdir(parents=True, exist_ok=True)
    panels = len(found)
    fig, axes = plt.subplots(1, panels, figsize=(3.2 * panels, 3.0), sharey=True,
                             squeeze=False)
    for ax, s in zip(axes[0], found, strict=True):
        ax.hist([100 * f for f in s["fair"]], bins=[5 * i for i in range(21)],
                weights=[100 / len(s["fair"])] * len(s["fair"]), color="#3b6ea5",
                edgecolor="white")
        ax.axvline(100 * s["mean"][0], color="#c0392b", linewidth=1.5,
                   label=f"mean {100 * s['mean'][0]:.1f}%")
        ax.set_title(f"{s['rules']} ({len(s['fair'])} deals)")
        ax.set_xlabel("fair value (%)")
        ax.legend(loc="upper center", fontsize=8, frameon=False)
    axes[0][0].set_ylabel("share of the deals (%)")
    fig.tight_layout()
    names = ["fair-values.png", "fair-against-clairvoyant.png"]
    fig.savefig(folder / names[0], dpi=110)
    plt.close(fig)
    fig, axes = plt.subplots(1, panels, figsize=(3.2 * panels, 3.3), sharey=True,
                             squeeze=False)
    for ax, s in zip(axes[0], found, strict=True):
        ax.plot([0, 100], [0, 100], color="#999999", linewidth=1)
        ax.scatter([100 * x for x in s["share"]], [100 * f for f in s["fair"]], s=5,
                   color="#3b6ea5", alpha=0.6, linewidths=0)
        ax.set_xlim(0, 100)
        ax.set_ylim(0, 100)
        ax.set_title(s["rules"])
        ax.set_xlabel("clairvoyant share (%)")
        ax.set_aspect("equal")
    axes[0][0].set_ylabel("fair value (%)")
    fig.tight_layout()
    fig.savefig(folder / names[1], dpi=110, bbox_inches="tight", pad_inches=0.1)  # (titles whole)
    plt.close(fig)
    return names


def report(path: Path, page: Path, note: str = "") -> None:
    rows = read_rows(path)
    if not rows:
        raise ValueError("no rows")
    link = os.path.relpath(path, page.parent)
    found = list(summaries(rows))
    folder = page.with_suffix("")
    names = plots(found, folder)
    pct = "{:.1f}%".format

    above, worst = sampled_above(rows)

    def row(label: str, cell) -> str:
        return f"| {label} | " + " | ".join(cell(s) for s in found) + " |"

    lines = [
        "# The no-peek census",
        "",
        "PySolFC deals at their first card under each rule set: the exact fair value (the",
        "chance that best play wins for a player who cannot see the stock, every order of the",
        "unseen cards weighed, none sampled) beside the clairvoyant figures (500 sampled stock",
        "orders, seed 1, won with sight of the stock) and the deal won with sight of its own",
        f"stock. Every deal's figures are in [`{path.name}`]({link}).",
        "",
        "| | " + " | ".join(f"{s['rules']}, deals {span(s['numbers'])}" for s in found) + " |",
        "|---|" + "---|" * len(found),
        row("**a perfect player who cannot see the stock wins** (mean fair value, 95% "
            "interval over the deals)",
            lambda s: f"**{pct(100 * s['mean'][0])}**" + (
                f" [{pct(100 * s['mean'][1][0])}, {pct(100 * s['mean'][1][1])}]"
                if s["mean"][1] else "")),
        row("mean clairvoyant share (stock orders won with sight of the stock)",
            lambda s: pct(100 * s["share_mean"])),
        row("deals won with sight of their own stock",
            lambda s: f"{pct(100 * s['won'] / len(s['fair']))} ({s['won']})"),
        row("deals of fair value 0 (no order can be won without sight of the stock)",
            lambda s: f"{s['zero']} ({pct(100 * s['zero'] / len(s['fair']))})"),
        row("best first move by exact value differs from the clairvoyant sampler's (deals of "
            "value above 0)",
            lambda s: f"{s['differ']} of {s['positive']} "
                      f"({pct(100 * s['differ'] / max(1, s['positive']))})"),
        row("seconds a deal (`odds` in-process), median / max",
            lambda s: f"{median(s['seconds']):.1f} / {max(s['seconds']):.1f}"),
        row("peak memory of a deal's process, median / max (GB)",
            lambda s: f"{median(s['peak']):.2f} / {max(s['peak']):.2f}"),
        "",
        "## The distribution of fair values",
        "",
        f"![Histograms of the deals' fair values, one a rule set]({folder.name}/{names[0]})",
        "",
        "## Fair value against clairvoyant share, deal by deal",
        "",
        "Each dot a deal; the grey line is where a player who cannot see the stock would do as",
        "well as one who can. The fair value never exceeds the share of all orders won with",
        f"sight of the stock; the {above} dots above the line are the sampling of 500 orders",
        f"(each at most {worst:.1f} standard errors of the sample above it, most at shares",
        "near 0).",
        "",
        f"![Fair value against clairvoyant share, one panel a rule set]({folder.name}/"
        f"{names[1]})",
        "",
        "## Reproducing it",
        "",
        "```sh not-run: hours of computing, from the clone's root",
        "pip install -e \".[plot]\"",
        *(f"python scripts/fair_census.py run {span(s['numbers'])} --rules {s['rules']} "
          f"--csv {path}" for s in found),
        f"python scripts/fair_census.py report --csv {path} --out {page}"
        + (' --note "..."' if note else ""),
        "```",
        "",
        "More deals, on a Dask cluster: `run` with `--dask tcp://HOST:8786` gives the same",
        "rows, a deal a task; start each worker with one thread (`dask worker ADDRESS",
        "--nthreads 1`) so that a deal has its machine's memory (its fair value estimates what",
        "it needs before it allocates, as everywhere).",
        "",
        "A deal's row alone: `golfsolve odds N --rules R --samples 500 --seed 1 --json`",
        "(its `fair`, `recommended` and each action's clairvoyant odds). The seconds and",
        "memory are of the runs that made the rows (2 processes on a 2-core machine, one",
        "thread each).",
        *(["", note] if note else []),
        "",
    ]
    page.write_text("\n".join(lines), encoding="utf-8")
    print(f"{page} and {len(names)} plots in {folder}", file=sys.stderr)


def deal_range(text: str) -> tuple[int, int]:
    first, _, last = text.partition("-")
    try:
        a, b = int(first), int(last or first)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a range of deals: {text!r}") from None
    if not 1 <= a <= b:
        raise argparse.ArgumentTypeError(f"not a range of deals: {text!r}")
    return a, b


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    ran = commands.add_parser("run", help="compute the rows not in the CSV yet")
    ran.add_argument("deals", type=deal_range, help="FIRST-LAST, PySolFC deal numbers")
    ran.add_argument("--rules", default="strict", help="a comma list of: " + ", ".join(RULES))
    ran.add_argument("--csv", type=Path, required=True)
    ran.add_argument("--jobs", type=int, default=2, help="processes at once")
    ran.add_argument("--dask", metavar="ADDRESS",
                     help="compute on this Dask scheduler's workers instead (tcp://host:8786)")
    told = commands.add_parser("report", help="the Markdown page and its plots")
    told.add_argument("--csv", type=Path, required=True)
    told.add_argument("--out", type=Path, required=True, help="the page (.md)")
    told.add_argument("--note", default="", help="a paragraph to end the page with")
    args = parser.parse_args(argv)
    if args.command == "run":
        names = [r.strip() for r in args.rules.split(",")]
        unknown = [r for r in names if r not in RULES]
        if unknown or args.jobs < 1:
            parser.error(f"unknown rules {unknown}" if unknown else "--jobs must be 1 or more")
        from golfsolve.errors import InputError
        from golfsolve.runners import WorkerError

        try:
            run(*args.deals, names, args.csv, args.jobs, args.dask)
        except (InputError, WorkerError) as exc:  # a scheduler that cannot be used, a lost one
            print(f"fair_census.py: error: {exc}", file=sys.stderr)
            return 2 if isinstance(exc, InputError) else 1
        except (KeyError, ValueError) as exc:  # the rows there already
            print(f"fair_census.py: error: {args.csv} is not a census of rows with every "
                  f"field ({type(exc).__name__}: {exc})", file=sys.stderr)
            return 2
        except OSError as exc:
            print(f"fair_census.py: error: {args.csv}: {exc.strerror or exc}", file=sys.stderr)
            return 1
    else:
        if not args.csv.is_file():
            parser.error(f"no census file {args.csv}")
        try:
            report(args.csv, args.out, args.note)
        except (KeyError, ValueError, ZeroDivisionError) as exc:
            print(f"fair_census.py: error: {args.csv} is not a census of rows with every "
                  f"field ({type(exc).__name__}: {exc})", file=sys.stderr)
            return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
