"""The results database: SQLite, one row per finished (deal, rules), safe to kill at any time.

Each batch of finished rows is committed in one transaction (WAL journal), so an interrupted
run keeps everything it finished and never a partial row. With WAL, synchronous=NORMAL is
safe when the process is killed at any moment (only a power cut may lose the last commits).
The database remembers the options that wrote it; a run with other options is refused before
anything is written.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from .errors import InputError

SCHEMA_VERSION = 1
COLUMNS = ("number", "code", "rules", "winnable", "max_removed", "best_score", "solution_moves",
           "states", "ms")


class StoreError(InputError):
    """A database that cannot be used for this run; nothing was written."""


class ResultStore:
    def __init__(self, path: str | Path, *, create: bool = True) -> None:
        self.path = Path(path)
        if not create and not self.path.is_file():
            raise StoreError(f"no such database: {self.path}")
        if self.path.is_dir():
            raise StoreError(f"{self.path} is a directory, not a database")
        try:
            self.db = sqlite3.connect(self.path, timeout=30)
            self.db.execute("PRAGMA schema_version").fetchone()  # fails on a non-database
        except sqlite3.Error as exc:
            raise StoreError(f"cannot use {self.path} as a results database: {exc}") from None
        self._check_schema()

    def _check_schema(self) -> None:
        try:
            tables = {row[0] for row in self.db.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table'")}
        except sqlite3.Error as exc:
            raise StoreError(f"cannot use {self.path} as a results database: {exc}") from None
        if tables and not {"meta", "results"} <= tables:
            raise StoreError(f"{self.path} is an SQLite database, but not a golfsolve one")
        self.fresh = not tables

    def _create(self) -> None:
        with self.db:
            self.db.execute("PRAGMA journal_mode = WAL")
            self.db.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
            self.db.execute(
                """CREATE TABLE results (
                    deal TEXT NOT NULL, rules TEXT NOT NULL, seq INTEGER NOT NULL,
                    number INTEGER, code TEXT, winnable INTEGER NOT NULL,
                    max_removed INTEGER NOT NULL, best_score INTEGER NOT NULL,
                    solution_moves TEXT NOT NULL, states INTEGER NOT NULL, ms REAL NOT NULL,
                    PRIMARY KEY (deal, rules))""")
            self.db.execute("INSERT INTO meta VALUES ('schema', ?)", (str(SCHEMA_VERSION),))

    def options(self) -> dict | None:
        if self.fresh:
            return None
        row = self.db.execute("SELECT value FROM meta WHERE key = 'options'").fetchone()
        return json.loads(row[0]) if row else None

    def claim(self, options: dict) -> None:
        """Use this database for a run with ``options``: new, or written by the same options."""
        if self.fresh:
            self._create()
            with self.db:
                self.db.execute("INSERT INTO meta VALUES ('options', ?)", (json.dumps(options),))
            self.fresh = False
            self.db.execute("PRAGMA synchronous = NORMAL")
            return
        stored = self.options()
        if stored != options:
            raise StoreError(
                f"{self.path} holds results of other options ({describe_options(stored)}), "
                f"not of these ({describe_options(options)}): use another --db")
        self.db.execute("PRAGMA journal_mode = WAL")
        self.db.execute("PRAGMA synchronous = NORMAL")

    def done(self) -> set[tuple[str, str]]:
        return set(self.db.execute("SELECT deal, rules FROM results"))

    def add(self, rows: list[dict]) -> None:
        """Store finished rows in one transaction: all of them or none."""
        with self.db:
            self.db.executemany(
                "INSERT OR IGNORE INTO results VALUES (:deal, :rules, :seq, :number, :code, "
                ":winnable, :max_removed, :best_score, :solution_moves, :states, :ms)", rows)

    def rows(self) -> list[dict]:
        """Every stored row in batch order, as the export writes them."""
        cursor = self.db.execute(
            "SELECT deal, seq, " + ", ".join(COLUMNS) + " FROM results ORDER BY seq, rules")
        names = [d[0] for d in cursor.description]
        rows = [dict(zip(names, values, strict=True)) for values in cursor]
        for row in rows:
            row["winnable"] = bool(row["winnable"])
        order = (self.options() or {}).get("rules", [])
        rows.sort(key=lambda r: (r["seq"], order.index(r["rules"]) if r["rules"] in order else 9))
        return rows

    def close(self) -> None:
        self.db.close()


def describe_options(options: dict | None) -> str:
    if not options:
        return "none recorded"
    fewest = " --fewest-moves" if options.get("fewest_moves") else ""
    return f"deals {' '.join(options['deals'])} --rules {','.join(options['rules'])}{fewest}"
