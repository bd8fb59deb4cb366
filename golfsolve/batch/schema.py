"""The results database's layout and what its rows may hold: the tables of today's schema
and of each earlier one, the statements that read an earlier schema's rows in today's columns,
and the checks that tell a row golfsolve wrote from one it never writes (in SQL, for what the
summaries count there, and in Python, saying what is wrong). golfsolve.batch.store reads and
writes the database by them."""

from __future__ import annotations

import json
import re
import sqlite3
from functools import cache

from golfsolve.batch.rows import ODDS_FIELDS, STORED_FIELDS
from golfsolve.model.position import TABLEAU_SIZE
from golfsolve.model.rules import RULES_BY_NAME
from golfsolve.model.scoring import POINTS, WIN_SCORE, best_score
from golfsolve.model.text import shown

SCHEMA_VERSION = 4  # 3 had no number_high; 2 no odds columns; 1 one set of options, a run order
COLUMNS = (*STORED_FIELDS, "number_high")  # the results table's columns, in order
ODDS_COLUMNS = ODDS_FIELDS


def from_1(table: str, fewest_moves: bool) -> str:
    """Schema 1's rows in today's columns (its options said if wins had the fewest moves)."""
    return f"""SELECT deal AS key, coalesce(CAST(number AS TEXT), code) AS deal, number,
        CASE WHEN number IS NULL THEN NULL ELSE code END AS code, rules, winnable, max_removed,
        best_score, winnable * {int(fewest_moves)} AS fewest_moves,
        replace(solution_moves, ' ', '') AS line, states, ms, NULL AS odds_wins,
        NULL AS odds_samples, NULL AS fair_value, 0 AS number_high FROM {table}"""


INDEX = """
    -- numbered deals in order, covering what the summaries count
    CREATE INDEX results_by_number ON results (number_high, number, rules, winnable,
        max_removed, best_score, odds_samples, odds_wins) WHERE number IS NOT NULL;
"""
CREATE = """
    CREATE TABLE results (            -- the fields of a record (batch/rows.py) but its moves
        key TEXT NOT NULL,            -- the deal number, 'board:' and a hash of the board,
                                      -- or 'solvitaire:' and Solvitaire's seed in 10 digits
        deal TEXT NOT NULL,
        number INTEGER,               -- the deal number's last 18 digits (null: a board)
        code TEXT,
        rules TEXT NOT NULL,
        winnable INTEGER NOT NULL,
        max_removed INTEGER NOT NULL,
        best_score INTEGER NOT NULL,
        fewest_moves INTEGER NOT NULL,
        line TEXT NOT NULL,           -- one character a move: d a draw, 1-7 a column
        states INTEGER NOT NULL,
        ms REAL NOT NULL,
        odds_wins INTEGER,            -- with --odds: stock orders won, of odds_samples
        odds_samples INTEGER,
        fair_value TEXT,              -- an exact fraction, when computed
        number_high INTEGER NOT NULL DEFAULT 0,  -- the deal number's digits above its last 18
        PRIMARY KEY (key, rules));
    CREATE TABLE boards (key TEXT PRIMARY KEY, board TEXT NOT NULL);
""" + INDEX
# the results table of each earlier schema, as it was created
_RESULTS_2 = """key TEXT NOT NULL, deal TEXT NOT NULL, number INTEGER, code TEXT,
    rules TEXT NOT NULL, winnable INTEGER NOT NULL, max_removed INTEGER NOT NULL,
    best_score INTEGER NOT NULL, fewest_moves INTEGER NOT NULL, line TEXT NOT NULL,
    states INTEGER NOT NULL, ms REAL NOT NULL"""
OLD_RESULTS = {
    1: """deal TEXT NOT NULL, rules TEXT NOT NULL, seq INTEGER NOT NULL, number INTEGER,
        code TEXT, winnable INTEGER NOT NULL, max_removed INTEGER NOT NULL,
        best_score INTEGER NOT NULL, solution_moves TEXT NOT NULL, states INTEGER NOT NULL,
        ms REAL NOT NULL, PRIMARY KEY (deal, rules)""",
    2: _RESULTS_2 + ", PRIMARY KEY (key, rules)",
    3: _RESULTS_2 + ", odds_wins INTEGER, odds_samples INTEGER, fair_value TEXT, "
                    "PRIMARY KEY (key, rules)",
}
META = "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);"
# the meta rows of schema 1, and of every later one
META_KEYS = {1: {"schema", "options"}, 2: {"schema", "fewest_moves", "odds_samples", "odds_seed"}}
FROM_2 = ("SELECT " + ", ".join(STORED_FIELDS[:-3]) + ", NULL AS odds_wins, NULL AS "
           "odds_samples, NULL AS fair_value, 0 AS number_high FROM results")
FROM_3 = "SELECT *, 0 AS number_high FROM results"


# a stored fair value "a/b" as a number, in SQL
FAIR = ("(CAST(substr(fair_value, 1, instr(fair_value, '/') - 1) AS REAL) / "
         "CAST(substr(fair_value, instr(fair_value, '/') + 1) AS REAL))")
# true for a row holding what golfsolve never stores (row_problem says what, in Python)
RULE_NAMES = ", ".join(f"'{name}'" for name in RULES_BY_NAME)  # as SQL text values
# a row's best score as its max_removed makes it (model.scoring), in SQL
BEST_SCORE = (f"(CASE WHEN max_removed = {TABLEAU_SIZE} THEN {WIN_SCORE} ELSE "
              f"MAX(0, {2 * POINTS} * max_removed - {POINTS * TABLEAU_SIZE}) END)")
NOT_STORED = f"""(typeof(key) != 'text' OR typeof(deal) != 'text' OR typeof(rules) != 'text'
    OR rules NOT IN ({RULE_NAMES})
    OR (code IS NOT NULL AND typeof(code) != 'text')
    OR typeof(line) != 'text' OR ltrim(line, 'd1234567') != ''
    OR (number IS NOT NULL AND (typeof(number) != 'integer' OR number < 0))
    OR typeof(number_high) != 'integer' OR number_high < 0
    OR typeof(fewest_moves) != 'integer' OR fewest_moves NOT IN (0, 1)
    OR typeof(states) != 'integer' OR states < 0
    OR typeof(ms) NOT IN ('integer', 'real') OR ms < 0
    OR typeof(winnable) != 'integer' OR winnable NOT IN (0, 1)
    OR typeof(max_removed) != 'integer' OR max_removed NOT BETWEEN 0 AND 35
    OR typeof(best_score) != 'integer' OR best_score < 0
    OR (winnable = 1) != (max_removed = {TABLEAU_SIZE}) OR best_score != {BEST_SCORE}
    OR (odds_samples IS NULL) != (odds_wins IS NULL)
    OR (odds_samples IS NOT NULL AND (typeof(odds_samples) != 'integer'
        OR typeof(odds_wins) != 'integer' OR odds_samples < 1
        OR odds_wins NOT BETWEEN 0 AND odds_samples))
    OR (fair_value IS NOT NULL AND (typeof(fair_value) != 'text'
        OR fair_value NOT GLOB '[0-9]*/[1-9]*' OR fair_value GLOB '*[^0-9/]*'
        OR fair_value GLOB '*/*/*' OR length(fair_value) > 8001 OR {FAIR} > 1)))"""
# Databases before schema 4 dealt deal 32000 with pysol_cards' LCG (ms32000); PySolFC's
# application deals it with the Twister, as golfsolve now does. Their rows of deal 32000 are
# of other cards: they are not read, and the upgrade drops them, so that a run solves the deal.
NOT_OLD_32000 = "number IS NOT 32000"
TO_SCHEMA_4 = """
    ALTER TABLE results ADD COLUMN number_high INTEGER NOT NULL DEFAULT 0;
    DELETE FROM results WHERE number = 32000;
    DROP INDEX results_by_number;""" + INDEX


@cache
def layout(of: int | str) -> list[tuple]:
    """The columns (as ResultStore._columns reads them) of the results table of schema
    ``of``, or of the table named ``of``: read from the statements that create them."""
    scratch = sqlite3.connect(":memory:")
    try:
        if of == SCHEMA_VERSION or of == "boards":
            scratch.executescript(CREATE)
        elif of == "meta":
            scratch.executescript(META)
        else:
            scratch.execute(f"CREATE TABLE results ({OLD_RESULTS[of]})")
        table = of if isinstance(of, str) else "results"
        return [table_column(row) for row in scratch.execute(
            f"SELECT * FROM pragma_table_info('{table}')")]
    finally:
        scratch.close()


def table_column(info: tuple) -> tuple:
    """A row of pragma_table_info as compared: (name, type, not null, default, key place),
    the type's case aside."""
    name, kind, notnull, default, pk = info[1:]
    return name, kind.upper() if isinstance(kind, str) else kind, notnull, default, pk


def column_text(column: tuple) -> str:
    """``winnable INTEGER NOT NULL``: a column as a CREATE statement writes it."""
    name, kind, notnull, default, pk = column
    return " ".join(str(part) for part in (
        name, kind or "(no type)", "NOT NULL" if notnull else "", "" if default is None else
        f"DEFAULT {default}", "(in the primary key)" if pk else "") if part != "")


def sql_type(value: object) -> str:
    """What SQLite calls the type of a value read from it, with an article."""
    return {type(None): "null", int: "an integer", float: "a real number",
            bytes: "a blob"}.get(type(value), "text")


_WHOLE = re.compile(r"-?[0-9]{1,4000}\Z")  # ASCII digits, no more than int() converts


def whole_number(text: str, least: int | None) -> int | None:
    """The whole number ``text`` writes (None if it writes none, or one below ``least``)."""
    if not _WHOLE.match(text):
        return None
    number = int(text)
    return number if least is None or number >= least else None


_LINE = re.compile(r"[d1-7]*\Z")  # a stored line: a character a move
_FRACTION = re.compile(r"[0-9]{1,4000}/[1-9][0-9]{0,3999}\Z")


def row_problem(row: dict) -> str | None:
    """What, in a row read from the results table, golfsolve never writes (None: nothing)."""
    def whole(name: str, least: int = 0, most: int | None = None, null: bool = False) -> bool:
        value = row[name]
        return (null and value is None) or (type(value) is int and value >= least
                                            and (most is None or value <= most))

    for name in ("key", "deal", "rules", "line"):
        if not isinstance(row[name], str):
            return f"{name} is {sql_type(row[name])}, not text"
    if row["code"] is not None and not isinstance(row["code"], str):
        return f"code is {sql_type(row['code'])}, not text"
    checks = (("number", whole("number", null=True)), ("number_high", whole("number_high")),
              ("winnable", whole("winnable", 0, 1)), ("fewest_moves", whole("fewest_moves", 0, 1)),
              ("max_removed", whole("max_removed", 0, 35)), ("best_score", whole("best_score")),
              ("states", whole("states")),
              ("ms", type(row["ms"]) in (int, float) and row["ms"] >= 0),
              ("odds_samples", whole("odds_samples", 1, null=True)),
              ("odds_wins", whole("odds_wins", 0, row["odds_samples"] if type(
                  row["odds_samples"]) is int else None, null=row["odds_samples"] is None)))
    for name, good in checks:
        if not good:
            return f"{name} {shown(row[name])} is not what golfsolve stores there"
    if row["rules"] not in RULES_BY_NAME:
        return f"rules {shown(row['rules'])} is no rule set golfsolve has"
    if bool(row["winnable"]) != (row["max_removed"] == TABLEAU_SIZE):
        return (f"winnable {row['winnable']} with max_removed {row['max_removed']} (a deal is "
                f"won when all {TABLEAU_SIZE} cards are removed)")
    if row["best_score"] != best_score(row["max_removed"]):
        return (f"best_score {row['best_score']} where max_removed {row['max_removed']} makes "
                f"{best_score(row['max_removed'])}")
    if (row["odds_samples"] is None) != (row["odds_wins"] is None):
        return "odds_wins and odds_samples, one without the other"
    if not _LINE.match(row["line"]):
        return f"line {shown(row['line'])} is not a line of moves"
    fair = row["fair_value"]
    if fair is not None:
        numerator, _, denominator = fair.partition("/") if isinstance(fair, str) else ("", "", "")
        if not (isinstance(fair, str) and _FRACTION.match(fair)
                and int(numerator) <= int(denominator)):
            return f"fair_value {shown(fair)} is not a fraction from 0 to 1"
    return None

class DamagedMeta(ValueError):
    """What a meta table holds that golfsolve never writes there (the message says what)."""


def meta_settings(rows: list[tuple]) -> dict:
    """The settings a meta table's (key, value) rows record: ``schema`` (an int),
    ``fewest_moves`` (a bool, or None in schema 1 where its options do not say) and ``odds``
    ((samples, seed) or None). A schema past today's is returned with no other row read; any
    other value of another shape, a missing row or an unknown one is DamagedMeta."""
    meta: dict[str, str] = {}
    for key, value in rows:
        if not isinstance(value, str):
            raise DamagedMeta(f"{key} in its meta table is {sql_type(value)}, not text")
        meta[key] = value
    if "schema" not in meta:
        raise DamagedMeta("its meta table has no schema row")
    schema = whole_number(meta["schema"], 1)
    if schema is None:
        raise DamagedMeta(f"schema {shown(meta['schema'])} in its meta table is not a schema "
                          "number")
    settings = {"schema": schema, "fewest_moves": None, "odds": None}
    if schema > SCHEMA_VERSION:
        return settings
    known = META_KEYS[1 if schema == 1 else 2]
    unknown = sorted(set(meta) - known)
    if unknown:
        raise DamagedMeta(f"unknown row {shown(unknown[0])} in its meta table")
    if schema == 1:
        options = meta.get("options", "{}")
        try:
            options = json.loads(options)
        except (ValueError, RecursionError):
            options = None
        if not isinstance(options, dict) or not isinstance(
                options.get("fewest_moves", False), bool):
            raise DamagedMeta("options in its meta table are not the JSON object of golfsolve's "
                              "first databases")
        settings["fewest_moves"] = options.get("fewest_moves", False)
        return settings
    if meta.get("fewest_moves") not in ("0", "1"):
        raise DamagedMeta("its meta table has no fewest_moves row" if "fewest_moves" not in meta
                          else f"fewest_moves {shown(meta['fewest_moves'])} in its meta table is "
                          "neither 0 nor 1")
    settings["fewest_moves"] = meta["fewest_moves"] == "1"
    if "odds_samples" in meta or "odds_seed" in meta:
        for key, other in (("odds_samples", "odds_seed"), ("odds_seed", "odds_samples")):
            if key not in meta:
                raise DamagedMeta(f"{other} in its meta table without {key}")
        samples = whole_number(meta["odds_samples"], 1)
        seed = whole_number(meta["odds_seed"], None)
        if samples is None or seed is None:
            key = "odds_samples" if samples is None else "odds_seed"
            raise DamagedMeta(f"{key} {shown(meta[key])} in its meta table is not a whole number"
                              + (" from 1 on" if samples is None else ""))
        settings["odds"] = (samples, seed)
    return settings

def upgrade(db: sqlite3.Connection, schema: int, fewest_moves: bool) -> None:
    """An earlier schema's database (its results read through the temporary view
    results_now) to today's, in one transaction; ``fewest_moves`` is what schema 1's rows
    are taken to hold. Schemas 2 and 3 keep their rows as they are (each number's high digits
    0, but deal 32000's: see NOT_OLD_32000); schema 1's are copied into today's table."""
    with db:
        if schema == 1:
            db.executescript(
                "BEGIN; DROP VIEW temp.results_now; ALTER TABLE results RENAME TO results_1;"
                + "CREATE TEMP VIEW results_now AS "
                + from_1("results_1 ORDER BY seq", fewest_moves) + ";"
                + CREATE + """
                INSERT INTO results SELECT * FROM temp.results_now WHERE """ + NOT_OLD_32000 + """;
                DROP VIEW temp.results_now;
                DROP TABLE results_1;
                DELETE FROM meta;""")
            db.executemany("INSERT INTO meta VALUES (?, ?)", [
                ("schema", str(SCHEMA_VERSION)), ("fewest_moves", str(int(fewest_moves)))])
            return
        added = ("" if schema > 2 else
                 " ALTER TABLE results ADD COLUMN odds_wins INTEGER;"
                 " ALTER TABLE results ADD COLUMN odds_samples INTEGER;"
                 " ALTER TABLE results ADD COLUMN fair_value TEXT;")
        db.executescript("BEGIN; DROP VIEW temp.results_now;" + added + TO_SCHEMA_4)
        db.execute("UPDATE meta SET value = ? WHERE key = 'schema'", (str(SCHEMA_VERSION),))
