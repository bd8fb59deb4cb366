"""Library errors in the command line's words: where an error names a setting, the CLI says
it with the option that sets it (--db, --count, --dask, ...). An error without a wording here
prints as the library says it."""

from __future__ import annotations

import os

from golfsolve.model.text import shown

# what to do about an SQLite error, by its kind (the library's ADVICE, with the option named)
STORE_ADVICE = {
    "damaged": "it is damaged or not a database; use another --db",
    "locked": "another program is using it; try again when it is done",
    "readonly": "it cannot be written here; check its permissions",
    "full": "free some space, then run the same command again to go on",
    "limit": "raise the limit, then run the same command again to go on",
    "other": "check the file, or use another --db",
}
EXTRA_OPTIONS = {"dask": "--dask"}  # the option that needs each extra


def _out(reason: str, path, **fields) -> str | None:
    if reason == "out_directory":
        return f"--out {path} is a directory"
    if reason == "out_suffix":
        return f"--out writes .csv or .jsonl files, {fields['what']}: {path}"
    if reason == "out_no_directory":
        return f"--out {path}: no such directory"
    if reason == "out_special":
        # (a shell's process substitution, >(gzip > x.gz), is a /dev/fd/N name of the moment)
        there = ("" if str(path).startswith(("/dev/fd/", "/proc/self/fd/"))
                 else f"> {path}, or ")
        return (f"--out {path} is not a regular file: give --out - (with --format) and send "
                f"standard output there instead ({there}| gzip > rows.csv.gz)")
    return None


def _count(reason: str, **fields) -> str | None:
    if reason == "count_specs":
        return ("--count goes with one start number, code or solvitaire:N, not with "
                f"{fields['given']} DEALS arguments")
    if reason == "count_start":
        return ("--count goes with a start number, code or solvitaire:N, not with "
                f"{shown(fields['spec'])}")
    if reason == "count_range":
        return f"{fields['spec']} --count {fields['count']}: {fields['problem']}"
    return None


def _store(reason: str, path, **fields) -> str | None:
    if reason == "no_directory":
        return f"--db {path}: no such directory"
    if reason == "file_read_only":
        return (f"--db {path}: the file cannot be written (check its permissions); a report or "
                "an export only reads it")
    if reason == "directory_read_only":
        if not os.path.lexists(path):
            return f"--db {path}: its directory cannot be written: no database can be made there"
        return (f"--db {path}: its directory cannot be written (SQLite keeps a journal beside "
                "the database); a report or an export only reads it")
    if reason == "sqlite":
        return (f"cannot {fields['doing']} {path} as a results database: {fields['error']} "
                f"({STORE_ADVICE[fields['kind']]})")
    if reason == "damaged":
        return (f"cannot use {path} as a results database: {fields['found']} (it is damaged; "
                "use another --db)")
    if reason == "in_use":
        return (f"{path} is in use by another golfsolve run adding to it: wait for that run to "
                "end, or use another --db")
    if reason == "fewest_moves":
        have, run = ("with", "without") if fields["stored"] else ("without", "with")
        return (f"{path} holds solutions found {have} --fewest-moves: run {have} "
                f"--fewest-moves to add to it, or use another --db for results {run} it")
    if reason == "odds":
        samples, seed = fields["samples"], fields["seed"]
        return (f"{path} holds odds over {samples} sampled stock orders with seed {seed}: run "
                f"with --samples {samples} --seed {seed} to add to it, or use another --db")
    return None


def worded(error: BaseException) -> str:
    """The message of ``error`` as the command line prints it (after "golfsolve: error: ")."""
    reason = getattr(error, "reason", None)
    fields = getattr(error, "fields", {})
    text = None
    if reason == "extra_missing" and fields["extra"] in EXTRA_OPTIONS:
        text = (f"{EXTRA_OPTIONS[fields['extra']]} needs {fields['library']}: pip install "
                f"'golfsolve[{fields['extra']}]'")
    elif reason is not None and reason.startswith("out_"):
        text = _out(reason, **fields)
    elif reason is not None and reason.startswith("count_"):
        text = _count(reason, **fields)
    elif reason is not None and "path" in fields:
        text = _store(reason, **fields)
    return str(error) if text is None else text


def code_note(given: str, first: int, last: int) -> str:
    """The note on the first game code a command is given (``given`` as typed, naming deals
    ``first`` to ``last``): that codes name PySolFC's deals, not the Golf app's, and how to
    give the app's deal instead."""
    named = (f"{given} is PySolFC's deal {first}" if first == last else
             f"{given} names PySolFC's deals {first} to {last}")
    return ("golfsolve: note: game codes name PySolFC's deals, not the Golf app's (whose "
            f"shuffle is not published): {named}. For a deal from the app, type the cards you "
            'see instead: "WASTE | COLUMN 1 | ... | COLUMN 7", each column from the top down')
