"""Batch analysis: which deals, solving them in worker processes (or on a Dask cluster),
win rates with Wilson intervals, histograms and rule-set comparisons."""

from __future__ import annotations

import glob
import hashlib
import math
import os
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from .codes import CodeError, GameCode, check_number
from .deal import Deal, DealError, read_text
from .errors import InputError
from .rules import STRICTNESS_ORDER, Rules, rules_by_name

Z95 = 1.959963984540054  # the 97.5% point of the standard normal distribution


class DealsError(InputError):
    """A DEALS argument that names no deals, or names them wrongly."""


# ----- which deals ---------------------------------------------------------------------------
@dataclass(frozen=True)
class DealItem:
    key: str  # the database key: the deal number, or "board:" and a hash of the board
    number: int | None
    label: str  # the code's number or the file path, as the results show it
    board: str | None = None  # the board text of a file deal

    def deal(self) -> Deal:
        if self.number is not None:
            return Deal.from_number(self.number)
        assert self.board is not None
        return Deal.parse(self.board)


_RANGE = re.compile(r"^(\d+)\s*-\s*(\d+)$")


def _number_item(number: int) -> DealItem:
    return DealItem(str(number), number, str(number))


def _code_number(text: str) -> int:
    try:
        return GameCode.parse(text).number
    except CodeError as exc:
        raise DealsError(str(exc)) from None


def parse_deals(specs: Iterable[str], count: int | None = None) -> list[DealItem]:
    """Deal ranges (1-100), code ranges (GO1-C-AAAAAAB..GO1-C-AAAABMM), a code with ``count``,
    numbers, codes, board files or globs, and @files listing codes or numbers."""
    unique: dict[str, DealItem] = {}  # the first of each deal, in the order given
    for spec in specs:
        for item in _parse_one(spec.strip(), count):
            unique.setdefault(item.key, item)
    if not unique:
        raise DealsError("no deals given")
    return list(unique.values())


def _numbers(first: int, last: int, spec: str) -> list[DealItem]:
    if last < first:
        raise DealsError(f"the range {spec} is reversed: {last} comes before {first}")
    for n in (first, last):
        try:
            check_number(n)
        except CodeError as exc:
            raise DealsError(f"{spec}: {exc}") from None
    return [_number_item(n) for n in range(first, last + 1)]


def _parse_one(spec: str, count: int | None) -> list[DealItem]:
    if not spec:
        raise DealsError("an empty DEALS argument")
    if spec.startswith("@"):
        try:
            text = read_text(spec[1:], limit=1 << 28)
        except DealError as exc:
            raise DealsError(str(exc)) from None
        lines = [ln.split("#")[0].strip() for ln in text.splitlines()]
        found = [item for ln in lines if ln for item in _parse_one(ln, None)]
        if not found:
            raise DealsError(f"{spec[1:]} lists no deals")
        return found
    match = _RANGE.match(spec)
    if match:
        return _numbers(int(match.group(1)), int(match.group(2)), spec)
    if ".." in spec:
        first, _, last = spec.partition("..")
        return _numbers(_code_number(first), _code_number(last), spec)
    if spec.isdigit():
        start = int(spec)
        return _numbers(start, start + (count or 1) - 1, spec)
    if GameCode.looks_like_code(spec) and not Path(spec).exists():
        start = _code_number(spec)
        return _numbers(start, start + (count or 1) - 1, spec)
    paths = sorted(glob.glob(spec)) if glob.has_magic(spec) else [spec]
    if not paths:
        raise DealsError(f"no files match {spec}")
    return [_file_item(p) for p in paths]


def _file_item(path: str) -> DealItem:
    try:
        deal = Deal.parse(read_text(path))
    except DealError as exc:
        raise DealsError(f"{path}: {exc}") from None
    board = deal.to_board()
    digest = hashlib.sha1(board.encode()).hexdigest()[:16]
    return DealItem(f"board:{digest}", None, path, board)


# ----- solving -------------------------------------------------------------------------------
def solve_chunk(chunk: list[tuple[int, DealItem]], rule_names: list[str],
                fewest_moves: bool) -> list[dict]:
    """Solve (seq, deal) pairs under each rule set: result rows. Runs in worker processes."""
    from .game import Game
    from .solver import solve_game

    rows = []
    for seq, item in chunk:
        deal = item.deal()
        for name in rule_names:
            rules = rules_by_name(name)
            solution = solve_game(Game(deal, rules), fewest_moves=fewest_moves)
            if item.number is not None:
                code = str(GameCode(rules, item.number)) if rules.letter else None
            else:
                code = item.label
            rows.append({
                "deal": item.key, "seq": seq, "number": item.number, "code": code,
                "rules": rules.name, "winnable": solution.winnable,
                "max_removed": solution.max_removed, "best_score": solution.best_score,
                "solution_moves": " ".join(m.token for m in solution.moves),
                "states": solution.states, "ms": round(solution.seconds * 1000, 3),
            })
    return rows


def chunked(items: list, size: int) -> Iterator[list]:
    for i in range(0, len(items), size):
        yield items[i:i + size]


def default_jobs() -> int:
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


def run_chunks(chunks: list[list], rule_names: list[str], fewest_moves: bool, jobs: int,
               dask_address: str | None, on_rows: Callable[[list[dict]], None]) -> None:
    """Solve every chunk and hand each one's rows to ``on_rows`` as soon as it is finished."""
    if dask_address:
        _run_dask(chunks, rule_names, fewest_moves, dask_address, on_rows)
    elif jobs <= 1 or len(chunks) <= 1:
        for chunk in chunks:
            on_rows(solve_chunk(chunk, rule_names, fewest_moves))
    else:
        _run_pool(chunks, rule_names, fewest_moves, jobs, on_rows)


def _run_pool(chunks, rule_names, fewest_moves, jobs, on_rows) -> None:
    import concurrent.futures as cf
    import multiprocessing

    context = multiprocessing.get_context("spawn")
    with cf.ProcessPoolExecutor(max_workers=jobs, mp_context=context) as pool:
        futures = [pool.submit(solve_chunk, c, rule_names, fewest_moves) for c in chunks]
        try:
            for future in cf.as_completed(futures):
                on_rows(future.result())
        except BaseException:
            for future in futures:
                future.cancel()
            raise


def _run_dask(chunks, rule_names, fewest_moves, address, on_rows) -> None:
    try:
        from dask.distributed import Client, as_completed
    except ImportError:
        raise InputError("--dask needs Dask: pip install 'golfsolve[dask]'") from None
    try:
        client = Client(address, timeout="10s")
    except (OSError, TimeoutError, ValueError) as exc:
        raise InputError(f"cannot reach the Dask scheduler at {address}: {exc}") from None
    with client:
        futures = client.map(solve_chunk, chunks, rule_names=rule_names,
                             fewest_moves=fewest_moves, pure=False)
        try:
            for future in as_completed(futures):
                on_rows(future.result())
        except BaseException:
            client.cancel(futures)
            raise


# ----- statistics ----------------------------------------------------------------------------
def wilson_interval(won: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a win rate of ``won`` out of ``n``."""
    if n == 0:
        return (0.0, 1.0)
    p = won / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass(frozen=True)
class RulesSummary:
    rules: str
    deals: int
    won: int
    interval: tuple[float, float]
    mean_best_score: float
    histogram: dict[int, int]  # max_removed -> deals

    @property
    def win_rate(self) -> float:
        return self.won / self.deals if self.deals else 0.0

    def to_dict(self) -> dict:
        return {"rules": self.rules, "deals": self.deals, "won": self.won,
                "win_rate": round(self.win_rate, 6),
                "wilson_95": [round(self.interval[0], 6), round(self.interval[1], 6)],
                "mean_best_score": round(self.mean_best_score, 3),
                "max_removed_histogram": {str(k): v for k, v in sorted(self.histogram.items())}}


def summarize(rows: list[dict], rule_names: list[str]) -> list[RulesSummary]:
    result = []
    for name in rule_names:
        mine = [r for r in rows if r["rules"] == name]
        won = sum(1 for r in mine if r["winnable"])
        histogram: dict[int, int] = {}
        for r in mine:
            histogram[r["max_removed"]] = histogram.get(r["max_removed"], 0) + 1
        mean = sum(r["best_score"] for r in mine) / len(mine) if mine else 0.0
        result.append(RulesSummary(name, len(mine), won, wilson_interval(won, len(mine)), mean,
                                   histogram))
    return result


def render_summary(summaries: list[RulesSummary], width: int = 40) -> str:
    lines = []
    for s in summaries:
        lo, hi = s.interval
        lines.append(f"{s.rules}: {s.deals} deals, {s.won} won, win rate {100 * s.win_rate:.1f}% "
                     f"(95% Wilson interval {100 * lo:.1f}-{100 * hi:.1f}%), "
                     f"mean best score {s.mean_best_score:.1f}")
        top = max(s.histogram.values(), default=0)
        for removed in sorted(s.histogram, reverse=True):
            n = s.histogram[removed]
            bar = "#" * max(1, round(width * n / top)) if n else ""
            lines.append(f"  {removed:>2} removed {n:>7}  {bar}")
    return "\n".join(lines)


@dataclass(frozen=True)
class Comparison:
    easier: str
    stricter: str
    both: int
    only_easier: int
    only_stricter: list[str]  # deals won only under the stricter rules: a solver bug
    neither: int

    def to_dict(self) -> dict:
        return {"easier": self.easier, "stricter": self.stricter, "won_both": self.both,
                f"won_only_{self.easier}": self.only_easier,
                f"won_only_{self.stricter}": len(self.only_stricter), "won_neither": self.neither}


def compare(rows: list[dict], rule_names: list[str]) -> list[Comparison]:
    """A 2x2 table for each pair of the rule sets, the easier first."""
    ordered = [r.name for r in STRICTNESS_ORDER if r.name in rule_names]
    won: dict[tuple[str, str], bool] = {(r["deal"], r["rules"]): r["winnable"] for r in rows}
    labels = {r["deal"]: f"deal {r['number']}" if r["number"] is not None else r["code"]
              for r in rows}
    deals = list(dict.fromkeys(r["deal"] for r in rows))
    tables = []
    for i, easier in enumerate(ordered):
        for stricter in ordered[i + 1:]:
            both = only_easier = neither = 0
            only_stricter = []
            for d in deals:
                a, b = won.get((d, easier)), won.get((d, stricter))
                if a is None or b is None:
                    continue
                if a and b:
                    both += 1
                elif a:
                    only_easier += 1
                elif b:
                    only_stricter.append(labels[d])
                else:
                    neither += 1
            tables.append(Comparison(easier, stricter, both, only_easier, only_stricter, neither))
    return tables


def render_comparison(table: Comparison) -> str:
    a, b = table.easier, table.stricter
    width = max(len(a), len(b)) + 10
    rows = [
        f"{'':<{width}} {b + ' won':>14} {b + ' lost':>14}",
        f"{a + ' won':<{width}} {table.both:>14} {table.only_easier:>14}",
        f"{a + ' lost':<{width}} {len(table.only_stricter):>14} {table.neither:>14}",
    ]
    return "\n".join(rows)


PLOT_SUFFIXES = (".png", ".svg")


def check_plot_path(path: str) -> None:
    """Everything --plot needs, checked before any solving: matplotlib and a directory."""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise InputError("--plot needs matplotlib: pip install 'golfsolve[plot]'") from None
    if not Path(path).resolve().parent.is_dir():
        raise InputError(f"--plot {path}: no such directory")


def plot_histograms(summaries: list[RulesSummary], path: str) -> None:
    """Bars of the max_removed distribution per rule set, to a PNG or SVG file (the suffix,
    one of PLOT_SUFFIXES, says which)."""
    check_plot_path(path)
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    values = sorted({k for s in summaries for k in s.histogram})
    fig, ax = plt.subplots(figsize=(9, 4.5))
    width = 0.8 / max(1, len(summaries))
    for i, s in enumerate(summaries):
        xs = [v + (i - (len(summaries) - 1) / 2) * width for v in values]
        ax.bar(xs, [s.histogram.get(v, 0) for v in values], width=width,
               label=f"{s.rules} ({100 * s.win_rate:.1f}% won)")
    ax.set_xlabel("most tableau cards removable")
    ax.set_ylabel("deals")
    ax.set_title(f"Golf: max removed per deal ({summaries[0].deals} deals)")
    ax.legend()
    fig.tight_layout()
    try:
        fig.savefig(path)
    except OSError as exc:
        raise InputError(f"cannot write {path}: {exc.strerror or exc}") from None
    finally:
        plt.close(fig)


# ----- a whole batch ---------------------------------------------------------------------------
OUT_COLUMNS = ("number", "code", "rules", "winnable", "max_removed", "best_score",
               "solution_moves", "states", "ms")


def check_out_path(path: str) -> str:
    suffix = Path(path).suffix.lower()
    if suffix not in (".csv", ".jsonl"):
        raise InputError(f"--out writes .csv or .jsonl files, not {suffix or 'no suffix'}: {path}")
    if Path(path).is_dir():
        raise InputError(f"--out {path} is a directory")
    if not Path(path).resolve().parent.is_dir():
        raise InputError(f"--out {path}: no such directory")
    return suffix


def write_rows(rows: list[dict], path: str) -> None:
    """Write result rows to a CSV or JSON-lines file, replacing it only when complete."""
    import csv
    import json
    import tempfile

    suffix = check_out_path(path)
    target = Path(path)
    try:
        with tempfile.NamedTemporaryFile("w", encoding="utf-8", newline="", delete=False,
                                         dir=target.parent or ".", suffix=".part") as tmp:
            if suffix == ".csv":
                writer = csv.DictWriter(tmp, fieldnames=OUT_COLUMNS, extrasaction="ignore")
                writer.writeheader()
                for row in rows:
                    writer.writerow({**row, "winnable": str(row["winnable"]).lower()})
            else:
                for row in rows:
                    tmp.write(json.dumps({k: row[k] for k in OUT_COLUMNS}) + "\n")
        os.replace(tmp.name, target)
    except OSError as exc:
        raise InputError(f"cannot write {path}: {exc.strerror or exc}") from None


class Progress:
    """A progress bar on stderr with rate, ETA and the running win rate per rule set."""

    def __init__(self, total: int, done: int, rule_names: list[str], enabled: bool,
                 file=None) -> None:
        self.rule_names = rule_names
        self.won = dict.fromkeys(rule_names, 0)
        self.seen = dict.fromkeys(rule_names, 0)
        self.bar = None
        if enabled:
            from tqdm import tqdm

            self.bar = tqdm(total=total, initial=done, unit="deal", dynamic_ncols=True,
                            smoothing=0.1, desc="solving", file=file)

    def count(self, rows: list[dict]) -> None:
        """Take rows into the win rates without moving the bar (rows stored before)."""
        for row in rows:
            if row["rules"] in self.seen:
                self.seen[row["rules"]] += 1
                self.won[row["rules"]] += bool(row["winnable"])

    def update(self, rows: list[dict]) -> None:
        self.count(rows)
        if self.bar is not None:
            self.bar.update(len({row["deal"] for row in rows}))
            self.bar.set_postfix_str(" ".join(
                f"{name} {100 * self.won[name] / self.seen[name]:.1f}%"
                for name in self.rule_names if self.seen[name]), refresh=False)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()


def run_batch(items: list[DealItem], rules: list[Rules], *, jobs: int = 1,
              db: str | None = None, fewest_moves: bool = False, dask: str | None = None,
              progress: bool = False, options: dict | None = None) -> list[dict]:
    """Solve every (deal, rules) not yet in ``db``; return all rows of the batch, in order."""
    from .store import ResultStore

    rule_names = [r.name for r in rules]
    store = None
    if db:
        store = ResultStore(db)
        store.claim(options or {})
    try:
        done = store.done() if store else set()
        pending = [(seq, item) for seq, item in enumerate(items)
                   if any((item.key, name) not in done for name in rule_names)]
        rows: list[dict] = []
        bar = Progress(len(items), len(items) - len(pending), rule_names, progress)
        if store and progress and done:
            keys = {item.key for item in items}
            bar.count([r for r in store.rows() if r["deal"] in keys])

        def finished(chunk_rows: list[dict]) -> None:
            if store:
                store.add(chunk_rows)
            else:
                rows.extend(chunk_rows)
            bar.update(chunk_rows)

        size = 1 if jobs <= 1 and not dask else max(1, min(16, len(pending) // (jobs * 4)))
        try:
            run_chunks(list(chunked(pending, size)), rule_names, fewest_moves, jobs, dask,
                       finished)
        finally:
            bar.close()
        if store:
            keys = {item.key for item in items}
            rows = [r for r in store.rows() if r["deal"] in keys and r["rules"] in rule_names]
        order = {name: i for i, name in enumerate(rule_names)}
        rows.sort(key=lambda r: (r["seq"], order[r["rules"]]))
        return rows
    finally:
        if store:
            store.close()
