"""The result row of a solved (deal, rules), and row files: CSV or JSON lines, written as rows
arrive, each line whole, flushed so that ``tail -f`` follows a batch."""

from __future__ import annotations

import csv
import json
import os
from pathlib import Path
from typing import TYPE_CHECKING

from .codes import GameCode
from .errors import InputError
from .rules import Rules

if TYPE_CHECKING:  # the solver imports numba: only the processes that solve load it
    from .deals import DealItem
    from .solver import Solution

OUT_COLUMNS = ("number", "code", "rules", "winnable", "max_removed", "best_score",
               "solution_moves", "states", "ms")
OUT_SUFFIXES = (".csv", ".jsonl")


def result_row(item: DealItem, rules: Rules, solution: Solution) -> dict:
    """A row of a batch: the OUT_COLUMNS and ``deal``, the key a database stores it under."""
    if item.number is not None:
        code = str(GameCode(rules, item.number)) if rules.letter else None
    else:
        code = item.label
    return {
        "deal": item.key, "number": item.number, "code": code, "rules": rules.name,
        "winnable": solution.winnable, "max_removed": solution.max_removed,
        "best_score": solution.best_score,
        "solution_moves": " ".join(m.token for m in solution.moves),
        "states": solution.states, "ms": round(solution.seconds * 1000, 3),
    }


def check_out_path(path: str) -> str:
    """The suffix of a row file we can write (.csv or .jsonl); InputError otherwise."""
    suffix = Path(path).suffix.lower()
    if suffix not in OUT_SUFFIXES:
        raise InputError(f"--out writes .csv or .jsonl files, not {suffix or 'no suffix'}: {path}")
    if Path(path).is_dir():
        raise InputError(f"--out {path} is a directory")
    if not Path(path).resolve().parent.is_dir():
        raise InputError(f"--out {path}: no such directory")
    return suffix


class RowWriter:
    """Rows to a CSV or JSON-lines file, opened (and so checked) before any work."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.suffix = check_out_path(path)
        try:
            self.file = open(path, "w", encoding="utf-8", newline="")  # noqa: SIM115
        except OSError as exc:
            raise InputError(f"cannot write {path}: {exc.strerror or exc}") from None
        self._csv = None
        if self.suffix == ".csv":
            self._csv = csv.DictWriter(self.file, fieldnames=OUT_COLUMNS, extrasaction="ignore")
            self._guard(self._csv.writeheader)
        self.count = 0

    def _guard(self, action, *args) -> None:
        try:
            action(*args)
        except OSError as exc:
            raise InputError(f"cannot write {self.path}: {exc.strerror or exc}") from None

    def write(self, rows: list[dict]) -> None:
        """Write rows and flush them to the file."""
        if self._csv is not None:
            lines = [{**row, "winnable": str(row["winnable"]).lower()} for row in rows]
            self._guard(self._csv.writerows, lines)
        else:
            text = "".join(json.dumps({k: row[k] for k in OUT_COLUMNS}) + "\n" for row in rows)
            self._guard(self.file.write, text)
        self._guard(self.file.flush)
        self.count += len(rows)

    def close(self) -> None:
        try:
            self.file.close()
        except OSError as exc:
            raise InputError(f"cannot write {self.path}: {exc.strerror or exc}") from None

    def __enter__(self) -> RowWriter:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def same_file(a: str, b: str) -> bool:
    """Whether two paths name one file (also through links), existing or not."""
    try:
        return os.path.samefile(a, b)
    except OSError:
        return Path(a).resolve() == Path(b).resolve()
