"""Moves as replay reads them: a line of tokens, JSON moves, a record, JSON lines of records
or a batch's CSV rows; and which record is a given deal's (by its name, or by the cards its
moves take), each record checked against itself first."""

from __future__ import annotations

import csv
import io
import itertools
import json
import os
import re
from typing import TYPE_CHECKING

from golfsolve.batch.rows import ROW_FIELDS, RecordError, text_of_cell
from golfsolve.errors import InputError
from golfsolve.files import parse_json, same_file, shown_name
from golfsolve.model.codes import GameCode
from golfsolve.model.rules import Rules, rules_by_name
from golfsolve.model.text import shown

if TYPE_CHECKING:
    from golfsolve.model.position import Position


def parse_tokens(text: str) -> tuple[str, ...]:
    """``d 5 2 ...`` (spaces or commas; ``draw`` for d) as tokens ``d`` and ``1``-``7``."""
    tokens = []
    for n, raw in enumerate(text.replace(",", " ").split(), 1):
        token = raw.lower()
        if token in ("d", "draw"):
            tokens.append("d")
        elif token.isascii() and token.isdigit() and len(token) <= 6 and 1 <= int(token) <= 7:
            tokens.append(str(int(token)))
        else:
            raise RecordError(f"move {n}: {shown(raw)} is not a move (d to draw, 1-7 for a column)")
    return tuple(tokens)


def _tokens_of(value: object, where: str) -> tuple[str, ...]:
    """The tokens of a ``moves`` list (of move objects, or of tokens)."""
    if not isinstance(value, list):
        raise RecordError(f"{where}: moves must be a list")
    tokens = []
    for n, move in enumerate(value, 1):
        action = move.get("action") if isinstance(move, dict) else None
        column = move.get("column") if isinstance(move, dict) else None
        if action == "draw" or move == "d":
            tokens.append("d")
        elif action == "remove" and type(column) is int and 1 <= column <= 7:  # not True, 3.0
            tokens.append(str(column))
        elif isinstance(move, str) and move in "1234567" and len(move) == 1:
            tokens.append(move)
        elif isinstance(move, dict) and ("line" in move or "deal" in move):
            raise RecordError(f"{where}: move {n} is a whole record: give records one a line "
                              "(JSON lines), not in a list")
        else:
            shown = json.dumps(move)
            shown = shown if len(shown) <= 60 else shown[:56] + " ..."
            raise RecordError(f"{where}: move {n}: {shown} is not a draw or a removal from "
                              "column 1-7")
    return tuple(tokens)


class MoveSource:
    """Moves as given to replay: plain tokens, or records that say whose moves they are."""

    def __init__(self, tokens: tuple[str, ...] | None = None,
                 records: list[dict] | None = None) -> None:
        self.tokens = tokens
        self.records = records or []
        # the directory of the file the records came from: a record's board path, relative
        # to where it was solved, is also tried from there
        self.directory: str | None = None

    def read_from(self, path: str) -> MoveSource:
        """These moves, noted as read from the file ``path``."""
        self.directory = os.path.dirname(path) or "."
        return self

    @classmethod
    def parse(cls, content: str, name: str | None = None) -> MoveSource:
        """Moves as ``d 5 2 ...``, a JSON list of moves, a record, or JSON lines of records
        (``name``: the file they were read from, for its messages)."""
        text = content.strip().lstrip("\ufeff")
        if text.startswith(",".join(ROW_FIELDS[:4]) + ","):
            return cls(records=_csv_records(text))
        if text[:1] not in "[{":
            # plain moves; # starts a comment, as in boards and listings
            text = "\n".join(line.split("#")[0] for line in text.splitlines()).strip()
        if not text:
            raise RecordError("no moves given")
        if text[0] not in "[{":
            return cls(parse_tokens(text))
        lines = [line for line in text.splitlines() if line.strip()]
        values = ([parse_json(text, "moves")] if text[0] == "[" or len(lines) == 1 else
                  [parse_json(line, f"record on line {n}") for n, line in enumerate(lines, 1)])
        if isinstance(values[0], list):
            return cls(_tokens_of(values[0], "JSON moves"))
        records = []
        for n, value in enumerate(values, 1):
            where = "the record" if len(values) == 1 else f"record {n}"
            named = shown_name(name) if name is not None and len(values) == 1 else where
            records.append(_json_record(value, where, named))
        return cls(records=records)

    @classmethod
    def scan(cls, path: str, number: int) -> MoveSource:
        """The records of deal ``number`` in a file of a batch's JSON lines or CSV rows of any
        size, read a line at a time: a line that names another deal number cannot be its
        record and is passed over unread (a line cut short among them, too)."""
        digits = str(number)
        # a line may be its record if it names that number, or names none
        named = re.compile(rf'"number"\s*:\s*{digits}(?![0-9])')
        records = []
        try:
            with open(path, encoding="utf-8-sig", newline="") as f:
                first = f.readline()
                if first.startswith(",".join(ROW_FIELDS[:4]) + ","):
                    header = next(csv.reader([first]))
                    for n, cells in enumerate(csv.DictReader(f, header), 2):
                        if cells.get("number") == digits:
                            records.append(_csv_record(cells, f"CSV line {n}"))
                else:
                    for n, line in enumerate(itertools.chain([first], f), 1):
                        if line.strip() and (named.search(line) or '"number"' not in line):
                            where = f"record on line {n}"
                            records.append(_json_record(parse_json(line, where), where))
        except UnicodeDecodeError:
            raise RecordError(f"{shown_name(path)} is not UTF-8 text") from None
        except OSError as exc:
            raise RecordError(f"cannot read {shown_name(path)}: {exc.strerror or exc}"
                              ) from None
        except csv.Error as exc:
            raise RecordError(f"{shown_name(path)}: not CSV rows ({exc})") from None
        if not records:
            raise RecordError(f"{shown_name(path)} holds no record of deal {number}")
        return cls(records=records).read_from(path)

    def pick(self, number: int | None, label: str, rules: Rules | None,
             position: Position | None = None) -> tuple[tuple[str, ...], Rules | None]:
        """The tokens for this deal (its number, or its label for a file) and rules (None:
        any), and the rules the chosen record names. A record that names another deal or file
        is still this deal's when its moves take the very cards its line takes on
        ``position`` (a board read from standard input, or copied under another name)."""
        if self.tokens is not None:
            return self.tokens, None
        mine = [r for r in self.records if _same_deal(r, number, label, self.directory)]
        if not mine and position is not None:
            mine = [r for r in self.records if r["cards"] and
                    r["cards"] == _cards_along(position, r["tokens"])]
        if not mine:
            raise RecordError(f"the moves are for {_names(self.records)}, not for "
                              f"{_deal_name(number, label)}")
        if rules is not None:
            fitting = [r for r in mine if r["rules"] == rules.name]
            if not fitting:
                raise RecordError(f"the moves are for {_names(mine)}, not for "
                                  f"{_deal_name(number, label)} under {rules.name} rules")
            mine = fitting
        if len(mine) > 1:
            choose = "give --rules to choose" if len({r["rules"] for r in mine}) > 1 else \
                "keep the one to replay"
            named = list(dict.fromkeys(r["rules"] for r in mine if r["rules"]))
            listed = f" ({', '.join(named)})" if named else ""
            raise RecordError(f"the moves hold {len(mine)} records for "
                              f"{_deal_name(number, label)}{listed}: {choose}")
        chosen = mine[0]
        if position is not None and chosen["cards"]:
            _check_cards_taken(chosen, position, _deal_name(number, label))
        return chosen["tokens"], rules_by_name(chosen["rules"]) if chosen["rules"] else None


def _csv_records(text: str) -> list[dict]:
    """The records of a batch's CSV rows (its header first), checked."""
    records = [_csv_record(cells, f"CSV line {n}")
               for n, cells in enumerate(csv.DictReader(io.StringIO(text)), 2)]
    if not records:
        raise RecordError("the CSV holds a header but no rows")
    return records


def _csv_record(cells: dict, where: str) -> dict:
    """The record of one of a batch's CSV rows (its cells by the header's names), checked."""
    if None in cells or any(value is None for value in cells.values()):
        raise RecordError(f"{where}: not as many fields as the header names")
    row = {key: text_of_cell(value) for key, value in cells.items()}
    number = row.get("number") or None
    if number is not None:
        if not (number.isascii() and number.isdigit()):
            raise RecordError(f"{where}: number {shown(number)} is not a deal number")
        number = int(number)
    value = {"deal": row.get("deal"), "number": number, "code": row.get("code") or None,
             "rules": row.get("rules") or None, "line": row.get("line", "")}
    return _checked_record(value, where)


def _json_record(value: object, where: str, named: str | None = None) -> dict:
    """The record a JSON value holds, checked; RecordError where it is no object, or is a
    deal or a saved game (``named``: how the message names it, else ``where``)."""
    if not isinstance(value, dict):
        raise RecordError(f"{where} is not a JSON object")
    if "tableau" in value and "line" not in value:  # a JSON deal or play's save
        raise RecordError(f"{named or where} is a deal or a saved game, not moves: give it as "
                          "DEAL (golfsolve play FILE takes a saved game up)")
    return _checked_record(value, where)


def _checked_record(value: dict, where: str) -> dict:
    """A record's moves, rules, deal number and name, each checked against the others."""
    tokens = None
    if "line" in value or "solution_moves" in value:
        line = value.get("line", value.get("solution_moves"))
        if not isinstance(line, str):
            raise RecordError(f"{where}: line must be a string of moves")
        tokens = parse_tokens(line)
    if value.get("moves") is not None or tokens is None:
        if "moves" not in value:
            raise RecordError(f"{where} has no line or moves")
        listed = _tokens_of(value["moves"], where)
        if tokens is not None and listed != tokens:
            raise RecordError(f"{where}: its line and its moves are different lines")
        tokens = listed
    rules = value.get("rules")
    if rules is not None:
        if not isinstance(rules, str):
            raise RecordError(f"{where}: rules {shown(rules)} is not a rule set name")
        rules = rules_by_name(rules).name
    number = value.get("number")
    if number is not None and type(number) is not int:
        raise RecordError(f"{where}: number {shown(number)} is not a deal number")
    _check_code(value.get("code"), number, rules, where)
    deal = value.get("deal")
    return {"tokens": tokens, "rules": rules, "number": number,
            "deal": deal if isinstance(deal, str) else None, "cards": _cards_of(value, tokens)}


def _check_code(code: object, number: int | None, rules: str | None, where: str) -> None:
    """A record's game code, which must name its deal number and rules when it has them."""
    if code is None:
        return
    if not isinstance(code, str):
        raise RecordError(f"{where}: code {shown(code)} is not a game code")
    try:
        parsed = GameCode.parse(code)
    except InputError as exc:
        raise RecordError(f"{where}: {exc}") from None
    if number is not None and parsed.number != number:
        raise RecordError(f"{where}: code {code} is deal {parsed.number}, not its number "
                          f"{number}")
    if rules is not None and parsed.rules.letter != rules_by_name(rules).letter:
        raise RecordError(f"{where}: code {code} is {parsed.rules.name} rules, not its rules "
                          f"{rules}")


def _cards_of(value: dict, tokens: tuple[str, ...]) -> tuple[str, ...] | None:
    """The cards a record's moves name, one a move, when it names them all (as ``moves``
    objects do); else None."""
    moves = value.get("moves")
    if not isinstance(moves, list) or len(moves) != len(tokens):
        return None
    cards = tuple(move.get("card") if isinstance(move, dict) else None for move in moves)
    return cards if all(isinstance(card, str) for card in cards) else None


def _check_cards_taken(record: dict, position: Position, name: str) -> None:
    """Refuse a record whose moves name other cards than its line takes on ``position`` (a
    record edited by hand, or made from other cards under the same name)."""
    along = _cards_along(position, record["tokens"])  # (where the line leaves the cards,
    # replay stops at that move and says why: the moves before it are checked)
    for n, (named, taken) in enumerate(zip(record["cards"], along, strict=False), 1):
        if named != taken:
            raise RecordError(f"the moves name {named} for move {n}, which takes {taken} on "
                              f"{name}: they are another deal's, or were changed")


def _cards_along(position: Position, tokens: tuple[str, ...]) -> tuple[str, ...]:
    """The cards a line's moves take from ``position``, whether or not the rules allow
    them, up to the first move that takes none (from an empty column or stock, or an unseen
    stock card): all of them where the line keeps to the cards."""
    columns = [list(column) for column in position.columns]
    stock = iter(position.stock)
    cards = []
    for token in tokens:
        card = next(stock, None) if token == "d" else (
            columns[int(token) - 1].pop() if columns[int(token) - 1] else None)
        if card is None:
            break
        cards.append(str(card))
    return tuple(cards)


def _same_deal(record: dict, number: int | None, label: str, directory: str | None) -> bool:
    """Whether a record names this deal: its number, or its file (by name, through links, or
    relative to the directory the record was read from). A file whose name's bytes are not
    UTF-8 is named in records with those bytes as \\xff escapes (shown_name)."""
    if record["number"] is None and record["deal"] is None:
        return True  # a record that does not say
    if record["number"] is not None or number is not None:
        return record["number"] == number
    deal = record["deal"]
    if deal in (label, shown_name(label)) or same_file(deal, label):
        return True
    if directory is None:
        return False
    beside = os.path.join(directory, deal)
    return same_file(beside, label) or _real(beside) == shown_name(_real(label))


def _real(path: str) -> str:
    try:
        return os.path.realpath(path)
    except (OSError, ValueError):
        return path


def _deal_name(number: int | None, label: str) -> str:
    return f"deal {number}" if number is not None else label


def _names(records: list[dict], most: int = 5) -> str:
    """``deal 5 (easy, classic), deal 6 (easy)``: the deals and rules of records."""
    by_deal: dict[str, list[str]] = {}
    for r in records:
        rules = by_deal.setdefault(_deal_name(r["number"], r["deal"] or "a deal"), [])
        if r["rules"] and r["rules"] not in rules:
            rules.append(r["rules"])
    names = [name + (f" ({', '.join(rules)})" if rules else "")
             for name, rules in by_deal.items()]
    more = f" and {len(names) - most} more deals" if len(names) > most else ""
    return ", ".join(names[:most]) + more
