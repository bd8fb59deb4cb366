"""The record of a solved (deal, rules): one schema for ``solve --json``, batch rows and what
``replay`` reads; and row files (CSV or JSON lines), written as rows arrive, each line whole
(a write that fails part way is cut back to the last whole line), straight to the file so that
``tail -f`` follows a batch.

A record's fields, in order:

    deal          the deal as given to solve: a game code, a deal number, solvitaire:N or a
                  file path (text); in a batch's rows, the deal number, solvitaire:N or the
                  file path
    number        PySolFC's deal number, or null (a board file, Solvitaire's deal)
    code          the game code under these rules, or null (dead-king rules, board files,
                  Solvitaire's deals, deals past 8031810175, which have no code)
    rules         easy, classic or dead-king
    winnable      whether all 35 tableau cards can be removed
    max_removed   the most tableau cards that can be removed (35 for a win)
    best_score    the best final score: 350 for a win, else the dead-end score of the best line
    fewest_moves  whether the line is a win with the fewest moves possible
    line          the line as replay reads it: d a draw, 1-7 a column (the best line when lost)
    moves         the same line move by move: {"move", "action", "column", "card"}
    states        search states visited
    ms            milliseconds spent solving

A CSV row has every field but ``moves``. A batch with ``--odds`` adds to each row:

    odds_wins     stock orders (of odds_samples) under which the deal can be won
    odds_samples  stock orders weighed (sampled, or every distinct order of the ranks)
    fair_value    the exact fair value as a fraction, or null when not computed
"""

from __future__ import annotations

import csv
import io
import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from golfsolve.errors import InputError
from golfsolve.files import LineFile, StreamLines, path_problem
from golfsolve.model.codes import GameCode, has_code
from golfsolve.model.game import numbered_moves
from golfsolve.model.rules import Rules, rules_by_name

if TYPE_CHECKING:  # the solver imports numba: only the processes that solve load it
    from golfsolve.model.deal import Deal
    from golfsolve.model.game import Move
    from golfsolve.model.position import Position
    from golfsolve.solver import Line

RECORD_FIELDS = ("deal", "number", "code", "rules", "winnable", "max_removed", "best_score",
                 "fewest_moves", "line", "moves", "states", "ms")
ROW_FIELDS = tuple(field for field in RECORD_FIELDS if field != "moves")
ODDS_FIELDS = ("odds_wins", "odds_samples", "fair_value")
# a stored row: its deal's key (the number, Solvitaire's seed, or the board's name), the row,
# the odds
STORED_FIELDS = ("key", *ROW_FIELDS, *ODDS_FIELDS)
OUT_SUFFIXES = (".csv", ".jsonl")
LIST_SUFFIXES = (".txt", ".py")  # lists of winnable deals: batch --won-only (batch/seeds.py)


class RecordError(InputError):
    """Moves or records that cannot be read, or that belong to another deal or rule set."""


def code_of(number: int | None, rules: Rules) -> str | None:
    """The game code of a deal under these rules; None for rules without a letter, board
    files, and deals past the codes' range."""
    if number is None or rules.letter is None or not has_code(number):
        return None
    return str(GameCode(rules, number))


def solution_row(label: str, number: int | None, rules: Rules,
                 solution: Line) -> dict:
    """A record without ``moves``: what a batch stores and writes to CSV (a Solution is a
    Line too)."""
    return {"deal": label, "number": number, "code": code_of(number, rules),
            **solution.fields(rules)}


def full_record(row: dict, moves: list[Move] | tuple[Move, ...] | None,
                odds: bool = False) -> dict:
    """A row with its ``moves`` (null when the deal's cards are not known), fields in the
    record's order (then the odds fields, with ``odds``)."""
    record = {field: row[field] if field != "moves" else
              None if moves is None else numbered_moves(moves) for field in RECORD_FIELDS}
    if odds:
        record.update({field: row.get(field) for field in ODDS_FIELDS})
    return record


def record_moves(row: dict, deal: Deal | Position | None) -> list[Move] | None:
    """The moves of a row's line on its deal; InputError where the rules would not play the
    line there (a row a database holds that something other than golfsolve changed)."""
    from golfsolve.model.game import Game, UnplayableLine

    if deal is None:
        return None
    game = Game(deal, rules_by_name(row["rules"]))
    try:
        moves = game.trace(row["line"].split())
    except UnplayableLine as exc:
        problem = f"cannot be played ({exc})"
    else:
        removed = game.removed + sum(1 for m in moves if m.action == "remove")
        if removed == row["max_removed"]:
            return moves
        problem = f"removes {removed} cards, not the row's max_removed, {row['max_removed']}"
    raise InputError(f"the stored line of {row['deal']} under {row['rules']} {problem}: "
                     "something other than golfsolve changed the database")


# ----- row files -------------------------------------------------------------------------------
def check_out_path(path: str) -> str:
    """The suffix of a row file we can write (.csv or .jsonl); InputError otherwise."""
    if Path(path).is_dir():
        raise InputError(f"{path} is a directory, not a row file", reason="out_directory",
                         path=path)
    suffix = Path(path).suffix.lower()
    if suffix not in OUT_SUFFIXES + LIST_SUFFIXES and os.path.exists(path) and not (
            os.path.isfile(path)):  # /dev/null, a pipe, >(gzip ...)
        raise InputError(f"{path} is not a regular file: a device or a pipe takes the rows "
                         "from standard output", reason="out_special", path=path)
    if suffix not in OUT_SUFFIXES + LIST_SUFFIXES:
        what = f"not {suffix}" if suffix else "and this name has no suffix"
        raise InputError(f"row files are .csv or .jsonl files, {what}: {path}",
                         reason="out_suffix", path=path, what=what)
    if not os.path.isdir(os.path.dirname(os.path.realpath(path))):
        raise InputError(f"{path}: no such directory", reason="out_no_directory", path=path)
    return suffix


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")  # what makes a spreadsheet read a cell as
# a formula (a board file named =HYPERLINK(...) would be a link in a researcher's sheet)


def as_text_cell(value: str) -> str:
    """A CSV cell that spreadsheets show as the text ``value`` is: after a ``'`` where it
    starts as a formula would (one of FORMULA_STARTS; ``-`` alone, standard input's name, is
    no formula) or with a ``'`` itself, which spreadsheets take as the mark of text and do
    not show. ``text_of_cell`` reads it back."""
    if value.startswith("'") or (value.startswith(FORMULA_STARTS) and value != "-"):
        return "'" + value
    return value


def text_of_cell(cell: str) -> str:
    """The text a CSV cell written by ``as_text_cell`` holds."""
    return cell[1:] if cell.startswith("'") else cell


class RowWriter:
    """Rows to a CSV or JSON-lines file, opened (and so checked) before any work. JSON lines
    are whole records, with the moves of each row's deal. The file holds whole lines only: a
    write that fails part way (a full disk) is cut back to the last whole row."""

    def __init__(self, path: str, odds: bool = False, stream: TextIO | None = None,
                 fmt: str | None = None) -> None:
        """Rows to the file ``path``, its suffix naming the format; or, with ``stream``, to
        that stream (standard output) in ``fmt`` (csv or jsonl), ``path`` naming it."""
        self.path = path
        self.suffix = "." + str(fmt) if stream is not None else check_out_path(path)
        if self.suffix in LIST_SUFFIXES:
            raise InputError(f"{path}: a {self.suffix} file lists winnable deals, which batch "
                             "--won-only writes; rows go to .csv or .jsonl files")
        self.odds = odds
        self.file = StreamLines(stream) if stream is not None else open_lines(path)
        self._fields = None
        if self.suffix == ".csv":
            self._fields = ROW_FIELDS + ODDS_FIELDS if odds else ROW_FIELDS
            self.file.write(self._csv_text(None))
        self.count = 0

    def _csv_text(self, rows: list[dict] | None) -> str:
        """CSV lines: the header (``rows`` None), or the rows, each text cell as a
        spreadsheet shows it as text (``as_text_cell``)."""
        text = io.StringIO()
        writer = csv.DictWriter(text, fieldnames=self._fields, extrasaction="ignore")
        if rows is None:
            writer.writeheader()
        else:
            writer.writerows({key: as_text_cell(value) if isinstance(value, str) else value
                              for key, value in row.items()} for row in rows)
        return text.getvalue()

    def write(self, rows: list[dict], deal_of: Callable[[dict], Position | None]) -> None:
        """Write whole rows to the file; ``deal_of(row)`` is the row's deal."""
        if self._fields is not None:
            text = self._csv_text([{**row, "winnable": str(row["winnable"]).lower(),
                                    "fewest_moves": str(row["fewest_moves"]).lower()}
                                   for row in rows])
        else:
            text = "".join(json.dumps(full_record(row, record_moves(row, deal_of(row)),
                                                  self.odds)) + "\n" for row in rows)
        self.file.write(text)
        self.count += len(rows)

    def close(self) -> None:
        self.file.close()

    def __enter__(self) -> RowWriter:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def open_lines(path: str) -> LineFile:
    """``path`` created or emptied to be written whole lines at a time; InputError naming
    why it cannot be (before any work)."""
    try:
        return LineFile(path)
    except (OSError, ValueError) as exc:
        raise InputError(path_problem(path, exc, doing="write")) from None
