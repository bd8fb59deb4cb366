"""Deals: dealing PySolFC deal n, the board format and JSON in and out, validation.

The board format is the field's (black-hole-solver, pysol_cards)::

    Talon: 8S KS 5H ...        the stock, first card drawn first (``Stock:`` also read)
    Foundations: AC            the waste card (``Waste:`` also read)
    6C 5S QS TS 6H             7 lines of 5 cards, top to bottom; the last card is free
    ...
"""

from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import dataclass

from .cards import FULL_DECK, Card, CardError
from .codes import CodeError, GameCode, check_number
from .errors import InputError
from .files import exists, parse_json, read_text
from .rules import Rules

COLUMNS = 7
ROWS = 5
STOCK_SIZE = 16
TABLEAU_SIZE = COLUMNS * ROWS

_STOCK_KEYS = ("talon", "stock")
_WASTE_KEYS = ("foundations", "waste")


class DealError(InputError):
    """A board, JSON deal or deal source that is not a valid deal; the message says why."""


@dataclass(frozen=True)
class Deal:
    tableau: tuple[tuple[Card, ...], ...]  # 7 columns, each top to bottom
    waste: Card
    stock: tuple[Card, ...]  # draw order

    def __post_init__(self) -> None:
        if len(self.tableau) != COLUMNS:
            raise DealError(f"the tableau has {len(self.tableau)} columns, expected {COLUMNS}")
        for i, column in enumerate(self.tableau, 1):
            if len(column) != ROWS:
                raise DealError(f"column {i} has {len(column)} cards, expected {ROWS}")
        if len(self.stock) != STOCK_SIZE:
            raise DealError(f"the stock has {len(self.stock)} cards, expected {STOCK_SIZE}")
        _check_full_deck(self.cards())

    def cards(self) -> list[Card]:
        return [*self.stock, self.waste, *(c for column in self.tableau for c in column)]

    # ----- dealing -------------------------------------------------------------------------
    @classmethod
    def from_number(cls, number: int) -> Deal:
        """PySolFC's Golf deal ``number``, as dealt by pysol_cards."""
        from pysol_cards.cards import CardRenderer
        from pysol_cards.deal_game import Game
        from pysol_cards.random_base import RandomBase

        check_number(number)
        game = Game("golf", number, RandomBase.DEALS_PYSOLFC)
        return cls.from_board(game.calc_layout_string(CardRenderer(True)))

    # ----- board format --------------------------------------------------------------------
    @classmethod
    def from_board(cls, text: str) -> Deal:
        stock = waste = None
        columns: list[tuple[Card, ...]] = []
        column_lines: list[int] = []
        for lineno, raw in enumerate(text.splitlines(), 1):
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            key, sep, rest = line.partition(":")
            key = key.strip().lower()
            if sep and key in _STOCK_KEYS + _WASTE_KEYS:
                cards = _parse_cards(rest, lineno)
                if key in _STOCK_KEYS:
                    if stock is not None:
                        raise DealError(f"line {lineno}: a second stock line")
                    if len(cards) != STOCK_SIZE:
                        raise DealError(
                            f"line {lineno}: the stock has {len(cards)} cards, "
                            f"expected {STOCK_SIZE}"
                        )
                    stock = tuple(cards)
                else:
                    if waste is not None:
                        raise DealError(f"line {lineno}: a second waste line")
                    if len(cards) != 1:
                        raise DealError(
                            f"line {lineno}: the waste line has {len(cards)} cards, expected 1"
                        )
                    waste = cards[0]
                continue
            if sep and key == "":  # ": 9D TS 5C 7D 7H", as black-hole-solver prints columns
                line = rest
            elif sep:
                raise DealError(f"line {lineno}: unknown line label {key!r}")
            cards = _parse_cards(line, lineno)
            if len(cards) != ROWS:
                raise DealError(
                    f"line {lineno}: column {len(columns) + 1} has {len(cards)} cards, "
                    f"expected {ROWS}"
                )
            columns.append(tuple(cards))
            column_lines.append(lineno)
        if stock is None:
            raise DealError("the board has no stock line (Talon: or Stock:)")
        if waste is None:
            raise DealError("the board has no waste line (Foundations: or Waste:)")
        if len(columns) != COLUMNS:
            raise DealError(f"the board has {len(columns)} column lines, expected {COLUMNS}")
        return cls(tuple(columns), waste, stock)

    def to_board(self) -> str:
        lines = [
            "Talon: " + " ".join(map(str, self.stock)),
            f"Foundations: {self.waste}",
            *(" ".join(map(str, column)) for column in self.tableau),
        ]
        return "\n".join(lines) + "\n"

    # ----- JSON ----------------------------------------------------------------------------
    def to_dict(self) -> dict:
        return {
            "stock": [str(c) for c in self.stock],
            "waste": str(self.waste),
            "tableau": [[str(c) for c in column] for column in self.tableau],
        }

    @classmethod
    def from_dict(cls, data: object) -> Deal:
        if not isinstance(data, dict):
            raise DealError("a JSON deal must be an object with stock, waste and tableau")
        for key in ("stock", "waste", "tableau"):
            if key not in data:
                raise DealError(f"the JSON deal has no {key!r}")
        stock, waste, tableau = data["stock"], data["waste"], data["tableau"]
        if not (isinstance(stock, list) and isinstance(tableau, list) and isinstance(waste, str)):
            raise DealError("JSON deal: stock and tableau must be lists, waste a card string")
        if any(not isinstance(col, list) for col in tableau):
            raise DealError("JSON deal: each tableau column must be a list of cards")
        return cls(
            tuple(tuple(_json_card(c, f"tableau column {i}") for c in col)
                  for i, col in enumerate(tableau, 1)),
            _json_card(waste, "waste"),
            tuple(_json_card(c, "stock") for c in stock),
        )

    def to_json(self) -> str:
        return json.dumps(self.to_dict())

    @classmethod
    def parse(cls, text: str) -> Deal:
        """A board or a JSON deal, told apart by the first character."""
        return parse_deal_text(text)[0]


def looks_like_json(text: str) -> bool:
    return text.lstrip()[:1] in ("{", "[", '"')


def parse_deal_text(text: str) -> tuple[Deal, dict]:
    """A board or JSON deal, and what a JSON deal says of itself (its ``number``, ``code``
    and ``rules``, where given)."""
    if not text.strip():
        raise DealError("the deal is empty")
    if not looks_like_json(text):
        return Deal.from_board(text), {}
    try:
        data = parse_json(text, "deal")
    except InputError as exc:
        raise DealError(str(exc)) from None
    deal = Deal.from_dict(data)
    assert isinstance(data, dict)
    return deal, {key: data[key] for key in ("number", "code", "rules")
                  if data.get(key) is not None}


def _parse_cards(text: str, lineno: int) -> list[Card]:
    cards = []
    for position, token in enumerate(text.split(), 1):
        try:
            cards.append(Card.parse(token))
        except CardError:
            raise DealError(f"line {lineno}, card {position}: unknown card {token!r}") from None
    return cards


def _json_card(value: object, where: str) -> Card:
    if not isinstance(value, str):
        raise DealError(f"JSON deal, {where}: {value!r} is not a card string")
    try:
        return Card.parse(value)
    except CardError:
        raise DealError(f"JSON deal, {where}: unknown card {value!r}") from None


def _check_full_deck(cards: list[Card]) -> None:
    counts = Counter(cards)
    problems = []
    duplicates = sorted(c for c, n in counts.items() if n > 1)
    if duplicates:
        problems.append("duplicate cards: " + " ".join(map(str, duplicates)))
    missing = [c for c in FULL_DECK if c not in counts]
    if missing:
        problems.append("missing cards: " + " ".join(map(str, missing)))
    if problems:
        raise DealError("; ".join(problems))


# ----- where a deal comes from ---------------------------------------------------------------
@dataclass(frozen=True)
class DealSource:
    """A deal with what the user gave: ``label`` is the code, number or path as typed."""

    label: str
    deal: Deal
    number: int | None = None
    code_rules: Rules | None = None  # the rules a game code or JSON deal names, else None

    def code_for(self, rules: Rules) -> str | None:
        if self.number is None or rules.letter is None:
            return None
        return str(GameCode(rules, self.number))


_NUMBER = re.compile(r"^[0-9]+$")  # ASCII digits only: int() takes others, people do not
_RANGE_LIKE = re.compile(r"^[0-9][0-9\s,.-]*$")


def _checked_number(number: int) -> int:
    try:
        return check_number(number)
    except CodeError as exc:
        raise DealError(str(exc)) from None


def _checked_code(text: str) -> GameCode:
    try:
        return GameCode.parse(text)
    except CodeError as exc:
        raise DealError(str(exc)) from None


def resolve(arg: str) -> DealSource:
    """A game code, a bare deal number, a board or JSON file path, or ``-`` for stdin."""
    text = arg.strip()
    if _NUMBER.match(text):
        number = _checked_number(int(text))
        return DealSource(text, Deal.from_number(number), number)
    if text != "-" and not exists(text):
        if GameCode.looks_like_code(text):
            code = _checked_code(text)
            return DealSource(text, Deal.from_number(code.number), code.number, code.rules)
        if _RANGE_LIKE.match(text):
            raise DealError(f"{text!r} is not a deal: give one deal number, game code or file "
                            "(batch takes ranges)")
        if text.isdigit() or text.isdecimal():
            raise DealError(f"{text!r} is not a deal number: write it with the digits 0-9")
    where = "stdin" if arg == "-" else arg
    try:
        deal, said = parse_deal_text(read_text(arg))
        number, rules = _what_json_says(deal, said)
    except DealError as exc:
        raise DealError(f"{where}: {exc}") from None
    return DealSource(arg, deal, number, rules)


def _what_json_says(deal: Deal, said: dict) -> tuple[int | None, Rules | None]:
    """The deal number and rules a JSON deal names, checked against each other and its cards."""
    from .rules import RulesError, rules_by_name

    number = rules = None
    if "code" in said:
        if not isinstance(said["code"], str):
            raise DealError(f"JSON deal: code {said['code']!r} is not a game code")
        code = _checked_code(said["code"])
        number, rules = code.number, code.rules
    if "number" in said:
        given = said["number"]
        if type(given) is not int:
            raise DealError(f"JSON deal: number {given!r} is not a deal number")
        if number is not None and given != number:
            raise DealError(f"JSON deal: number {given} and code {said['code']} name "
                            "different deals")
        number = _checked_number(given)
    if "rules" in said:
        try:
            named = rules_by_name(str(said["rules"]))
        except RulesError as exc:
            raise DealError(f"JSON deal: {exc}") from None
        if rules is not None and named.letter != rules.letter:
            raise DealError(f"JSON deal: rules {named.name} and code {said['code']} "
                            "disagree")
        rules = named
    if number is not None and Deal.from_number(number) != deal:
        raise DealError(f"JSON deal: its cards are not those of deal {number}")
    return number, rules
