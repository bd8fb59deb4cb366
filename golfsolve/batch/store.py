"""The results database: SQLite, one row per finished (deal, rules), safe to kill at any time.

Each batch of finished rows is committed in one transaction (WAL journal), so an interrupted
run keeps everything it finished and never a partial row. With WAL, synchronous=NORMAL is
safe when the process is killed at any moment (only a power cut may lose the last commits).

A database records what it holds, not the command that made it: any run may add deals or rule
sets to it. Only what changes the results themselves is recorded (``--fewest-moves``, and the
samples and seed of ``--odds``), and a run that differs there is refused before anything is
written. Lookups go by blocks of deals, so
resuming a database of millions of rows never holds its keys in memory.

Deal numbers go to 10**20 - 1 and SQLite's integers stop at 2**63 - 1, so a number is kept in
two integer columns: ``number``, its last 18 digits, and ``number_high``, the digits above them
(0 for every number below 10**18, and for board rows, whose ``number`` is null). Both are
exact, (number_high, number) orders as the numbers do and its ranges use the index, every
number a database held before keeps its value in ``number``, and a database of schema 3
gains ``number_high`` as one added column, 0 in every row, without a row rewritten.
"""

from __future__ import annotations

import errno
import os
import resource  # (at the top: limit_reached could not import it with no descriptor left)
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from golfsolve.batch.schema import (
    COLUMNS,
    CREATE,
    FAIR,
    FROM_2,
    FROM_3,
    META,
    NOT_OLD_32000,
    NOT_STORED,
    ODDS_COLUMNS,
    SCHEMA_VERSION,
    DamagedMeta,
    column_text,
    from_1,
    layout,
    meta_settings,
    row_problem,
    table_column,
    upgrade,
)
from golfsolve.batch.tally import SpanCount
from golfsolve.errors import InputError, OutputError
from golfsolve.model.rules import ALL_RULES
from golfsolve.model.text import shown

LOCK_WAIT = 2  # seconds to wait for another program's lock when opening and claiming
WORK_WAIT = 30  # ... and once the work has begun, rather than lose it
WAL_HEADER = 32  # bytes of a write-ahead log before its first page
SHARED_MEMORY_STEP = 32768  # bytes SQLite grows a write-ahead log's shared-memory file by
NUMBER_SPLIT = 10**18  # number = n % NUMBER_SPLIT, number_high = n // NUMBER_SPLIT
_ROWS = "SELECT " + ", ".join(COLUMNS)
# numbered deals first..last: with the split number's two parameters at each end
_SPAN = "(number_high, number) BETWEEN (?, ?) AND (?, ?) AND number IS NOT NULL"


def _split(number: int) -> tuple[int, int]:
    """(number_high, number) of a deal number, as stored."""
    return divmod(number, NUMBER_SPLIT)


def _span(first: int, last: int) -> list[int]:
    """The parameters of _SPAN."""
    return [*_split(first), *_split(last)]


_RULES_ORDER = {r.name: i for i, r in enumerate(ALL_RULES)}


class StoreError(InputError):
    """A database that cannot be used for this run; nothing was written. ``reason`` names the
    case where the command line words it with its options, ``fields`` the values."""


class StoreWriteError(OutputError):
    """Results that could not be stored once the work had begun (a full disk); those stored
    before are kept. Fields as a StoreError's."""

    def __init__(self, message: str, *, reason: str | None = None, **fields: object) -> None:
        super().__init__(message)
        self.reason = reason
        self.fields = fields


# what to do about an SQLite error, by its kind; "other database" where the command line names
# its option instead (see golfsolve.cli.wording)
ADVICE = {
    "damaged": "it is damaged or not a database; use another database",
    "locked": "another program is using it; try again when it is done",
    "readonly": "it cannot be written here; check its permissions",
    "full": "free some space, then run the same command again to go on",
    "limit": "raise the limit, then run the same command again to go on",
    "other": "check the file, or use another database",
}


def limit_reached(paths: list[Path]) -> str | None:
    """Which limit of this process's resources a failed SQLite call on ``paths`` (a database
    and the files SQLite keeps beside it) most likely met, in words; None where none seems
    reached. SQLite words both as "disk I/O error" or "unable to open database file"."""
    try:
        os.listdir("/proc/self/fd")  # (needs a descriptor of its own)
    except OSError as exc:
        if exc.errno == errno.EMFILE:
            files, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
            return f"too many open files (this process may open {files}: ulimit -n)"
    size, _ = resource.getrlimit(resource.RLIMIT_FSIZE)
    if size == resource.RLIM_INFINITY:
        return None
    # a write that would pass the limit fails: a file near it (SQLite grows its shared-memory
    # file 32 KiB at a time), or a limit below that
    grown = max((path.stat().st_size for path in paths if path.exists()), default=0)
    if grown + SHARED_MEMORY_STEP > size:
        return (f"File too large (a file of it reached this process's file-size limit, "
                f"{size:,} bytes: ulimit -f)")
    return None


def pack_line(line: str) -> str:
    """``"d 5 2"`` -> ``"d52"``: every move is one character."""
    return line.replace(" ", "")


def unpack_line(packed: str) -> str:
    return " ".join(packed.replace(" ", ""))


class ResultStore:
    def __init__(self, path: str | Path, *, create: bool = True) -> None:
        self.path = Path(path)
        self._late_close: list[int] = []  # descriptors of the file to close after SQLite's
        if self.path.is_dir():
            raise StoreError(f"{self.path} is a directory, not a database")
        if not create and not self.path.is_file():
            raise StoreError(f"no such database: {self.path}")
        if create and not self.path.resolve().parent.is_dir():
            raise StoreError(f"{self.path}: no such directory", reason="no_directory",
                             path=self.path)
        if create and not os.access(self.path.resolve().parent, os.W_OK):
            raise StoreError(f"{self.path}: its directory cannot be written (SQLite keeps a "
                             "journal beside the database); a report or an export only reads "
                             "it", reason="directory_read_only", path=self.path)
        if create and self.path.is_file() and not os.access(self.path, os.W_OK):
            raise StoreError(f"{self.path} cannot be written (check its permissions); a report "
                             "or an export only reads it", reason="file_read_only",
                             path=self.path)
        with self._errors("open"):
            if create:
                self.db = sqlite3.connect(self._uri(), uri=True, timeout=LOCK_WAIT)
            else:  # reading only: the file is never changed
                self.db = self._read_only()
            self.db.execute("PRAGMA schema_version").fetchone()  # fails on a non-database
            tables = {row[0] for row in self.db.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table'")}
        if tables and not {"meta", "results"} <= tables:
            raise StoreError(f"{self.path} is an SQLite database, but not a golfsolve one")
        self.fresh = not tables
        if not self.fresh:
            self._check_whole()
        self._settings = {} if self.fresh else self._read_meta()
        self.schema = 0 if self.fresh else self._settings["schema"]
        if not self.fresh:
            self._check_tables(tables)
        self._table = "results"  # what every query reads
        if self.schema < SCHEMA_VERSION:  # readable as it is; claim() upgrades it for writing
            old = (from_1("results", bool(self.fewest_moves())) if self.schema == 1 else
                   FROM_2 if self.schema == 2 else FROM_3)
            with self._errors("read"):
                self.db.execute(f"CREATE TEMP VIEW results_now AS SELECT * FROM ({old}) "
                                f"WHERE {NOT_OLD_32000}")
            self._table = "temp.results_now"
        if not self.fresh:
            self._check_rows()
        with self._errors("read"):
            self.db.execute(f"PRAGMA busy_timeout = {WORK_WAIT * 1000}")
            # results of earlier runs, or (add) of this one
            self.holds_results = not self.fresh and self.db.execute(
                "SELECT 1 FROM results LIMIT 1").fetchone() is not None

    def _read_only(self) -> sqlite3.Connection:
        """A connection that only reads, leaving nothing beside the file. Where the directory
        cannot be written (read-only media), SQLite cannot make the shared-memory file a
        database in WAL mode needs to be read; there no one can change the file either, so it
        is read as immutable, which reads the database file alone: where a write-ahead log
        beside it holds pages (results committed by a run that ended without folding them into
        the file), StoreError, since the rows read would lack them. A file this process may
        not write is read as immutable too, where its log holds no pages. One this process may
        write, in a directory it may write, is opened for writing and only read, so that
        SQLite, closing it, takes away the shared-memory file and log it made to read it (a
        connection opened to read only cannot)."""
        if os.access(self.path, os.W_OK) and os.access(self.path.resolve().parent, os.W_OK):
            return sqlite3.connect(self._uri() + "?mode=rw", uri=True, timeout=LOCK_WAIT)
        log = Path(f"{self.path}-wal")
        uri = self._uri() + "?mode=ro"
        if not os.access(self.path, os.W_OK) and not self._log_has_pages(log):
            # a file this process may not write: read as immutable too, since SQLite would
            # leave its shared-memory file and log beside it with the file's own permissions,
            # and they would refuse the writes of a run once the file may be written again
            return sqlite3.connect(uri + "&immutable=1", uri=True, timeout=LOCK_WAIT)
        db = None
        try:
            db = sqlite3.connect(uri, uri=True, timeout=LOCK_WAIT)
            db.execute("PRAGMA schema_version").fetchone()  # opens the file, and its WAL
            return db
        except sqlite3.OperationalError:
            if db is not None:
                db.close()
            if os.access(self.path.resolve().parent, os.W_OK):
                raise
        if self._log_has_pages(log):
            raise StoreError(
                f"cannot read {self.path} where it is: its write-ahead log {log} holds results "
                "not yet in the database file, which SQLite reads only with a file it makes "
                "beside them, and the directory cannot be written: copy both files to a "
                "directory that can be, and read the copy", reason="wal_read_only",
                path=self.path, log=log)
        return sqlite3.connect(uri + "&immutable=1", uri=True, timeout=LOCK_WAIT)

    def _log_has_pages(self, log: Path) -> bool:
        """Whether the write-ahead log beside the database holds pages (results committed but
        not yet in the database file)."""
        try:
            return log.stat().st_size > WAL_HEADER
        except FileNotFoundError:
            return False
        except OSError as exc:  # (a log that cannot be looked at cannot be read either)
            raise StoreError(f"cannot read {self.path}: its write-ahead log {log}: "
                             f"{exc.strerror or exc}") from None

    def _uri(self) -> str:
        """The file's URI, which SQLite reads as that file whatever its name: given as a name,
        SQLite would take ``:memory:`` for no file and ``file:x?mode=ro`` for a URI."""
        return self.path.resolve().as_uri()

    @contextmanager
    def _errors(self, doing: str, during_work: bool = False) -> Iterator[None]:
        """Any SQLite error as one StoreError naming the file and what to do; with
        ``during_work`` (results being stored), as a StoreWriteError: output that could not be
        written once the work had begun."""
        try:
            yield
        except sqlite3.DatabaseError as exc:
            message = str(exc)
            if "malformed" in message or "not a database" in message:
                kind = "damaged"
            elif "locked" in message or "busy" in message:
                kind = "locked"
            elif "readonly" in message or "read-only" in message:
                kind = "readonly"
            elif "full" in message:
                kind = "full"
            else:
                kind = "other"
            reached = None if kind != "other" else limit_reached(
                [self.path, *(Path(f"{self.path}{tail}") for tail in ("-wal", "-shm", "-journal"))])
            if reached is not None:  # not the file's fault: the process's own limit
                kind, message, during_work = "limit", reached, True
            error = StoreWriteError if during_work else StoreError
            raise error(f"cannot {doing} {self.path} as a results database: {message} "
                        f"({ADVICE[kind]})", reason="sqlite", path=self.path, doing=doing,
                        error=message, kind=kind) from None

    def _check_whole(self) -> None:
        """Refuse a database with damaged pages (SQLite's quick_check, about a second for a
        million deals) before anything is read from it or written to it: a damaged page that
        a run does not happen to read would otherwise go unnoticed, and one it reads late would
        stop an export half-written."""
        with self._errors("check"):
            problems = [row[0] for row in self.db.execute("PRAGMA quick_check(1)")]
        if problems != ["ok"]:
            found = problems[0].splitlines()[-1]
            raise StoreError(f"cannot use {self.path} as a results database: {found} (it is "
                             "damaged; use another database)", reason="damaged",
                             path=self.path, found=found)

    # ----- what the database says it is: every value checked where it is read -------------
    def _damaged(self, what: str) -> StoreError:
        """The refusal of a database that is golfsolve's in shape but holds what golfsolve
        never writes there (``what``): nothing is read from it, or written to it, after."""
        return StoreError(f"{self.path}: damaged golfsolve database ({what})")

    def _columns(self, table: str) -> list[tuple]:
        """The columns of ``table``, as table_column gives them."""
        with self._errors("read"):
            return [table_column(row) for row in self.db.execute(
                f"SELECT * FROM pragma_table_info('{table}')")]

    def _check_layout(self, table: str, expected: list[tuple]) -> None:
        """Refuse a table whose columns are not ``expected`` (as _columns gives them)."""
        found = self._columns(table)
        names, known = [c[0] for c in found], [c[0] for c in expected]
        for name in known:
            if name not in names:
                raise self._damaged(f"its {table} table has no column {shown(name)}")
        for name in names:
            if name not in known:
                raise self._damaged(f"its {table} table has an unknown column {shown(name)}")
        for place, (have, want) in enumerate(zip(found, expected, strict=True), 1):
            if have != want:
                raise self._damaged(f"column {place} of its {table} table is "
                                    f"{column_text(have)}, not {column_text(want)}")

    def _read_meta(self) -> dict:
        """The meta table's settings, checked (see golfsolve.batch.schema.meta_settings);
        anything golfsolve never writes there is a damaged database (StoreError)."""
        self._check_layout("meta", layout("meta"))
        with self._errors("read"):
            rows = self.db.execute("SELECT key, value FROM meta").fetchall()
        try:
            settings = meta_settings(rows)
        except DamagedMeta as exc:
            raise self._damaged(str(exc)) from None
        if settings["schema"] > SCHEMA_VERSION:
            raise StoreError(f"{self.path} was written by a newer golfsolve (database schema "
                             f"{settings['schema']}): upgrade golfsolve to use it")
        return settings

    def _check_tables(self, tables: set[str]) -> None:
        """Refuse a results (or boards) table whose columns are not those of the database's
        schema: what another program altered would be read wrong or refuse rows at the end of
        the work."""
        if self.schema == 2 and self._columns("results") == layout(3):
            self.schema = 3  # a schema-2 database written with the odds columns: it is a 3
        self._check_layout("results", layout(self.schema))
        if self.schema >= 2:
            if "boards" not in tables:
                raise self._damaged("it has no boards table")
            self._check_layout("boards", layout("boards"))

    def _check_rows(self) -> None:
        """Refuse a database with a row holding what golfsolve never stores, before anything
        is read from it or added to it: summaries count stored spans in SQL, where text
        counts as 0, and an export would stop half-written at the row. One pass over the
        rows, as the quick check is."""
        with self._errors("check"):
            bad = self.db.execute(f"{self._select} WHERE {NOT_STORED} LIMIT 1").fetchone()
        if bad is not None:
            self._row(bad)  # says what is wrong in it
            raise self._damaged(f"the row of deal {bad[0]} under {bad[4]} holds a value "
                                "golfsolve does not store")

    # ----- writing -------------------------------------------------------------------------
    def fewest_moves(self) -> bool | None:
        """Whether the stored solutions have the fewest moves (None: nothing stored yet)."""
        return None if self.fresh else self._settings["fewest_moves"]

    def odds_settings(self) -> tuple[int, int] | None:
        """The sample count and seed of the stored odds (None: no odds stored yet)."""
        return None if self.fresh else self._settings["odds"]

    def _lock_for_writing(self) -> None:
        """Refuse a second run adding to this database while one is (StoreError).

        An advisory lock on the file, released when this store closes or the process dies,
        however it dies; SQLite's own locks are of another kind and do not see it. The
        descriptor stays open until after SQLite's connection is closed: closing a second
        descriptor of the file would drop SQLite's locks. Where there is no such lock
        (Windows), two runs are not kept apart."""
        try:
            import fcntl
        except ImportError:
            return
        fd = os.open(self.path, os.O_RDONLY)
        self._late_close.append(fd)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            raise StoreError(f"{self.path} is in use by another golfsolve run adding to it: "
                             "wait for that run to end, or use another database",
                             reason="in_use", path=self.path) from None

    def claim(self, fewest_moves: bool, odds: tuple[int, int] | None = None) -> None:
        """Use this database to store results solved with or without ``fewest_moves``, and
        odds over ``odds`` = (samples, seed) stock orders. Only one run at a time may, and
        none while another program holds the database locked for writing: that is found
        here, within LOCK_WAIT seconds, before any work (StoreError)."""
        self._lock_for_writing()
        with self._errors("write"):
            self.db.execute(f"PRAGMA busy_timeout = {LOCK_WAIT * 1000}")
            self.db.execute("BEGIN IMMEDIATE")  # SQLite's write lock, taken and let go
            self.db.execute("ROLLBACK")
        try:
            self._claim(fewest_moves, odds)
        finally:
            with self._errors("write"):
                self.db.execute(f"PRAGMA busy_timeout = {WORK_WAIT * 1000}")

    def _claim(self, fewest_moves: bool, odds: tuple[int, int] | None) -> None:
        stored = self.fewest_moves()
        if stored is not None and stored != fewest_moves:
            have, run = ("with", "without") if stored else ("without", "with")
            raise StoreError(
                f"{self.path} holds solutions found {have} the fewest moves: solve {have} "
                f"fewest_moves to add to it, or use another database for results {run} it",
                reason="fewest_moves", path=self.path, stored=stored)
        stored_odds = self.odds_settings()
        if odds is not None and stored_odds is not None and stored_odds != odds:
            raise StoreError(
                f"{self.path} holds odds over {stored_odds[0]} sampled stock orders with seed "
                f"{stored_odds[1]}: weigh {stored_odds[0]} samples with seed {stored_odds[1]} "
                "to add to it, or use another database", reason="odds", path=self.path,
                samples=stored_odds[0], seed=stored_odds[1])
        with self._errors("write"):
            self.db.execute("PRAGMA journal_mode = WAL")
            if self.fresh:
                with self.db:
                    self.db.executescript("BEGIN;" + CREATE + META)
                    self.db.executemany("INSERT INTO meta VALUES (?, ?)", [
                        ("schema", str(SCHEMA_VERSION)), ("fewest_moves", str(int(fewest_moves)))])
            elif self.schema < SCHEMA_VERSION:
                upgrade(self.db, self.schema, fewest_moves)
                self._table = "results"
            if odds is not None and stored_odds is None:
                with self.db:
                    self.db.executemany("INSERT OR REPLACE INTO meta VALUES (?, ?)", [
                        ("odds_samples", str(odds[0])), ("odds_seed", str(odds[1]))])
            self.db.execute("PRAGMA synchronous = NORMAL")
        self.fresh = False
        self.schema = SCHEMA_VERSION
        self._settings = {"schema": SCHEMA_VERSION, "fewest_moves": fewest_moves,
                          "odds": odds if stored_odds is None else stored_odds}

    def add(self, rows: list[dict], boards: dict[str, str] | None = None) -> None:
        """Store finished rows, and the board text of board-file deals by key, in one
        transaction: all of them or none."""
        odds = ", ".join(f"{c} = excluded.{c}" for c in ODDS_COLUMNS)
        with self._errors("write", during_work=True), self.db:
            self.db.executemany(
                f"INSERT INTO results VALUES ({', '.join(':' + c for c in COLUMNS)}) "
                f"ON CONFLICT (key, rules) DO UPDATE SET {odds} "
                "WHERE (results.odds_samples IS NULL AND excluded.odds_samples IS NOT NULL) "
                "OR (results.fair_value IS NULL AND excluded.fair_value IS NOT NULL)",
                [{**{c: None for c in ODDS_COLUMNS}, **row, "line": pack_line(row["line"]),
                  **_stored_number(row["number"])} for row in rows])
            if boards:
                self.db.executemany("INSERT OR IGNORE INTO boards VALUES (?, ?)",
                                    boards.items())
        self.holds_results = self.holds_results or bool(rows)

    def board(self, key: str) -> str | None:
        """The board text stored for a board-file deal."""
        with self._errors("read"):
            row = self.db.execute("SELECT board FROM boards WHERE key = ?", (key,)).fetchone()
        return row[0] if row else None

    # ----- reading -------------------------------------------------------------------------
    def lookup(self, first: int | None, last: int | None, keys: list[str],
               rule_names: list[str]) -> dict[tuple[str, str], dict]:
        """The stored rows of deals first..last (or of the board keys ``keys``) under these
        rules, by (deal key, rules)."""
        if first is not None:
            sql = f"{self._select} WHERE {_SPAN} AND rules IN ({_marks(rule_names)})"
            queries = [(sql, [*_span(first, last), *rule_names])]
        else:
            queries = [(f"{self._select} WHERE key IN ({_marks(part)}) AND rules IN "
                        f"({_marks(rule_names)})", [*part, *rule_names])
                       for part in (keys[i:i + 500] for i in range(0, len(keys), 500))]
        found: dict[tuple[str, str], dict] = {}
        with self._errors("read"):
            for sql, params in queries:
                for values in self.db.execute(sql, params):
                    row = self._row(values)
                    found[row["key"], row["rules"]] = row
        return found

    def count(self, first: int, last: int, rule_names: list[str], odds: bool = False,
              fair: bool = False) -> int:
        """How many (deal, rules) rows deals first..last have under these rules (with odds,
        with a fair value)."""
        with self._errors("read"):
            return self.db.execute(
                f"SELECT count(*) FROM {self._table} WHERE {_SPAN} AND rules IN "
                f"({_marks(rule_names)})" + (" AND odds_samples IS NOT NULL" if odds else "")
                + (" AND fair_value IS NOT NULL" if fair else ""),
                [*_span(first, last), *rule_names]).fetchone()[0]

    def rule_names(self) -> list[str]:
        """The names of the rule sets this database holds results under."""
        with self._errors("read"):
            return sorted(row[0] for row in self.db.execute(
                f"SELECT DISTINCT rules FROM {self._table}"))

    def next_number(self, at: int) -> int | None:
        """The least stored deal number from ``at`` on."""
        with self._errors("read"):
            found = self.db.execute(
                f"SELECT number_high, number FROM {self._table} WHERE (number_high, number) >= "
                "(?, ?) AND number IS NOT NULL ORDER BY number_high, number LIMIT 1",
                _split(at)).fetchone()
        return None if found is None else found[0] * NUMBER_SPLIT + found[1]

    def span_rows(self, first: int, last: int, rule_names: list[str]) -> Iterator[list[dict]]:
        """The stored rows of deals first..last, a deal at a time in order of number."""
        sql = (f"{self._select} WHERE {_SPAN} AND rules IN ({_marks(rule_names)}) "
               "ORDER BY number_high, number")
        yield from self._groups(sql, [*_span(first, last), *rule_names])

    def span_counts(self, first: int, last: int, rule_names: list[str]) -> list[SpanCount]:
        """The rows of deals first..last counted, one SpanCount a (rules, max_removed) (every
        stored value was checked when the database was opened)."""
        with self._errors("read"):
            return [SpanCount._make(values) for values in self.db.execute(
                "SELECT rules, max_removed, count(*), sum(winnable), sum(best_score), "
                "count(odds_samples), total(CAST(odds_wins AS REAL) / odds_samples), "
                f"count(fair_value), total({FAIR}), total({FAIR} * {FAIR}) "
                f"FROM {self._table} WHERE {_SPAN} "
                f"AND rules IN ({_marks(rule_names)}) GROUP BY rules, max_removed",
                [*_span(first, last), *rule_names])]

    def span_pairs(self, first: int, last: int, easier: str, stricter: str, list_at_most: int,
                   ) -> tuple[dict[tuple[bool, bool], int], list[int]]:
        """Deals first..last by (won under ``easier``, won under ``stricter``), and the first
        numbers of deals won only under ``stricter``."""
        join = (f"FROM {self._table} a JOIN {self._table} b ON b.number = a.number AND "
                "b.number_high = a.number_high AND b.rules = ? WHERE "
                "(a.number_high, a.number) BETWEEN (?, ?) AND (?, ?) AND a.number IS NOT NULL "
                "AND a.rules = ?")
        params = [stricter, *_span(first, last), easier]
        with self._errors("read"):
            counts = {(bool(a), bool(b)): n for a, b, n in self.db.execute(
                f"SELECT a.winnable, b.winnable, count(*) {join} GROUP BY 1, 2", params)}
            odd = [high * NUMBER_SPLIT + n for high, n in self.db.execute(
                f"SELECT a.number_high, a.number {join} AND a.winnable = 0 AND b.winnable = 1 "
                "ORDER BY a.number_high, a.number LIMIT ?", [*params, list_at_most])]
        return counts, odd

    def board_rows(self, rule_names: list[str]) -> Iterator[list[dict]]:
        """The stored rows of the deals without a deal number, a deal at a time in order of
        key: board files (``board:`` keys), then Solvitaire's deals (``solvitaire:`` keys, in
        order of seed)."""
        sql = (f"{self._select} WHERE number IS NULL AND rules IN ({_marks(rule_names)}) "
               "ORDER BY key")
        yield from self._groups(sql, rule_names)

    def _groups(self, sql: str, params: list) -> Iterator[list[dict]]:
        with self._errors("read"):
            group: list[dict] = []
            for values in self.db.execute(sql, params):
                row = self._row(values)
                if group and group[0]["key"] != row["key"]:
                    yield sorted(group, key=_rules_order)
                    group = []
                group.append(row)
            if group:
                yield sorted(group, key=_rules_order)

    def _row(self, values: tuple) -> dict:
        """A stored row as a record's fields, each value checked to be one golfsolve writes
        (a damaged database, StoreError, naming the deal and the value, otherwise)."""
        row = dict(zip(COLUMNS, values, strict=True))
        problem = row_problem(row)
        if problem is not None:
            deal = row["key"] if isinstance(row["key"], str) else "?"
            raise self._damaged(f"the row of deal {deal} under {row['rules']}: {problem}")
        high = row.pop("number_high")
        if row["number"] is not None and high:
            row["number"] += high * NUMBER_SPLIT
        row["winnable"] = bool(row["winnable"])
        row["fewest_moves"] = bool(row["fewest_moves"])
        row["line"] = unpack_line(row["line"])
        return row

    @property
    def _select(self) -> str:
        return f"{_ROWS} FROM {self._table}"

    def close(self) -> None:
        self.db.close()
        for fd in self._late_close:
            os.close(fd)  # only now: see _lock_for_writing
        self._late_close = []

    def __enter__(self) -> ResultStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()




def _stored_number(number: int | None) -> dict:
    """A row's deal number as the two columns that keep it."""
    if number is None:
        return {"number": None, "number_high": 0}
    high, low = _split(number)
    return {"number": low, "number_high": high}


def _marks(values: list) -> str:
    return ",".join("?" * len(values))


def _rules_order(row: dict) -> int:
    return _RULES_ORDER.get(row["rules"], len(_RULES_ORDER))
