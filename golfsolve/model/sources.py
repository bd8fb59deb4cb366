"""Where a deal comes from: what a DEAL argument names (a game code, a deal number or PySolFC's
display of one, ``msN``, ``kpat:N``, ``solvitaire:N``, a layout on one line, a board, JSON or
KPat saved-game file, or standard input), read as a :class:`DealSource`."""

from __future__ import annotations

import re
from dataclasses import dataclass

from golfsolve.errors import InputError
from golfsolve.files import exists, parse_json, read_text
from golfsolve.model import codes, kpat, oneline, pysolfc, solvitaire
from golfsolve.model.cards import Card
from golfsolve.model.codes import CodeError, GameCode, check_number, digits_value
from golfsolve.model.deal import Deal, DealError
from golfsolve.model.position import Position
from golfsolve.model.rules import CLASSIC, Rules
from golfsolve.model.text import shown


def parse_deal(text: str) -> Deal:
    """A board, JSON or KPat saved-game deal, told apart by their first characters."""
    return Deal.from_position(parse_deal_text(text)[0])


def looks_like_json(text: str) -> bool:
    """JSON rather than a board: an object, array or string, or a bare null, true or false
    (no board starts with those)."""
    return text.lstrip()[:1] in ("{", "[", '"') or text.strip() in ("null", "true", "false")


def parse_deal_text(text: str) -> tuple[Position, dict]:
    """A board, JSON or KPat saved-game deal or position, or a layout on one line as a DEAL
    argument takes it, and what a JSON one says of itself (its ``number``, ``code`` and
    ``rules``, where given; a KPat save's rules are Classic)."""
    if not text.strip():
        raise DealError("the deal is empty")
    if oneline.looks_like_oneline(text) and not looks_like_json(text):
        return oneline.parse(text.strip()).position(), {}
    if kpat.looks_like_save(text):
        return kpat.parse_save(text).position, {"rules": CLASSIC.name}
    if not looks_like_json(text):
        return Position.from_board(text), {}
    try:
        data = parse_json(text, "deal")
    except InputError as exc:
        raise DealError(str(exc)) from None
    position = Position.from_dict(data)
    assert isinstance(data, dict)
    return position, {key: data[key] for key in ("number", "code", "rules", "moves", "history")
                      if data.get(key) is not None}


# ----- where a deal comes from ---------------------------------------------------------------
@dataclass(frozen=True)
class DealSource:
    """A deal or position with what the user gave: ``label`` is the code, number or path as
    typed (Solvitaire's deal as ``solvitaire:N``, however typed)."""

    label: str
    position: Position
    number: int | None = None  # the deal number of a deal at its start
    code_rules: Rules | None = None  # the rules a game code or JSON deal names, else None
    moves: int | None = None  # the move counter a saved game (JSON) names, else None
    history: object = None  # a saved game's undo history as its JSON holds it (play reads it)

    def code_for(self, rules: Rules) -> str | None:
        """The game code under these rules; None for rules without a letter, positions and
        files, and deals past the codes' range (``codes.has_code``)."""
        if self.number is None or rules.letter is None or not codes.has_code(self.number):
            return None
        return str(GameCode(rules, self.number))


def _checked_number(number: int | str) -> int:
    """A deal number, given as an int or as ASCII digits, checked."""
    try:
        return check_number(number if isinstance(number, int) else digits_value(number))
    except CodeError as exc:
        raise DealError(str(exc)) from None


def _checked_code(text: str) -> GameCode:
    try:
        return GameCode.parse(text)
    except CodeError as exc:
        raise DealError(str(exc)) from None


def resolve(arg: str) -> DealSource:
    """A game code, a bare deal number (or PySolFC's display of one, ``# 12345``), PySolFC's
    ``msN``, KPat's ``kpat:N``, Solvitaire's ``solvitaire:N`` (Classic rules: Solvitaire's
    Golf is Classic), a layout on one line, a board, JSON or KPat saved-game file path, or
    ``-`` for stdin."""
    text = arg.strip()
    if not text:
        raise DealError("an empty DEAL argument: give a deal number, game code or file, or "
                        "the cards you see: \"WASTE | COLUMN 1 | ... | COLUMN 7\"")
    if (text.startswith(pysolfc.SHOWN_MARK) and pysolfc.shown_number(text) is None
            and exists(text)):
        return _read_file(arg)  # a file whose name starts with #, not PySolFC's # 12345
    if text.startswith(pysolfc.SHOWN_MARK) or codes.DEAL_NUMBER.match(text):
        return _numbered(text)
    if text != "-" and not exists(text):
        named = _named_source(text)
        if named is not None:
            return named
        _refuse_unnamed(text)
    return _read_file(arg)


def text_source(text: str) -> DealSource:
    """What ``text`` names, as :func:`resolve` reads a DEAL argument, except that text is never
    a file's path: a board, JSON or KPat saved game is given as its text."""
    if not isinstance(text, str):
        raise TypeError(f"a deal is given as text, not as {type(text).__name__}")
    stripped = text.strip()
    if not stripped:
        raise DealError("the deal is empty")
    if stripped.startswith(pysolfc.SHOWN_MARK) or codes.DEAL_NUMBER.match(stripped):
        return _numbered(stripped)
    named = _named_source(stripped)
    if named is not None:
        return named
    if "\n" not in stripped:  # one line that names nothing: say why, as the command line does
        _refuse_unnamed(stripped)
    return _source_of_text("text", text)


def _numbered(text: str) -> DealSource:
    """A deal number, or PySolFC's display of one (``# 12345``, ``# ms123``)."""
    if text.startswith(pysolfc.SHOWN_MARK):  # PySolFC's display, # 12345: a number, as 12345 is
        number_text = pysolfc.shown_number(text)
        if number_text is None:
            raise DealError(pysolfc.not_shown_number(text))
        text = number_text
        if not codes.DEAL_NUMBER.match(text):  # # ms123
            named = _named_source(text)
            assert named is not None
            return named
    number = _checked_number(text)
    return DealSource(text, Deal.from_number(number).position(), number)


def _named_source(text: str) -> DealSource | None:
    """``solvitaire:N``, a layout on one line, ``msN``, ``kpat:N`` or a game code, as text
    (whether a file has that name is the caller's question); None for any other text."""
    if solvitaire.looks_like_solvitaire(text):
        seed = solvitaire_seed(text)
        return DealSource(solvitaire.label(seed), solvitaire.deal(seed).position(), None,
                          CLASSIC)
    named = _named_position(text)
    if named is not None:
        return DealSource(text, named[0], None, named[1])
    if GameCode.looks_like_code(text):
        code = _checked_code(text)
        codes.code_read(text, code.number)
        return DealSource(text, Deal.from_number(code.number).position(), code.number,
                          code.rules)
    return None


def _refuse_unnamed(text: str) -> None:
    """A DealError for one line that looks like a number or range it is not, or like cards
    (eight or more, or nothing else) typed without a layout's separators; nothing for any
    other text."""
    if codes.NEGATIVE_NUMBER.match(text):
        raise DealError(codes.out_of_range(text))
    if codes.RANGE_LIKE.match(text):
        raise DealError(f"{shown(text)} is not a deal: give one deal number, game code or file "
                        "(batch takes ranges)")
    if text.isdigit() or text.isdecimal():
        raise DealError(f"{shown(text)} is not a deal number: write it with the digits 0-9")
    words = [word for word in re.split(r"[\s,;/]+", text) if word]  # (at commas, slashes too)
    cards = sum(1 for word in words if _is_card(word))
    if oneline.SEPARATOR not in text and (cards >= 8 or words and cards == len(words)):
        # cards, no |: a layout typed without its separators
        raise DealError(f"{shown(text)} names no deal: a layout separates its fields with "
                        f"{oneline.SEPARATOR}: \"WASTE | COLUMN 1 | ... | COLUMN 7\", each column "
                        "from the top down")


def _is_card(word: str) -> bool:
    try:
        Card.parse(word)
    except InputError:
        return False
    return True


def _read_file(arg: str) -> DealSource:
    where = "stdin" if arg == "-" else arg
    try:
        return _source_of_text(arg, read_text(arg))
    except DealError as exc:
        raise DealError(f"{where}: {exc}") from None


def solvitaire_seed(text: str) -> int:
    """The seed of ``solvitaire:N`` (DealError, one line, for anything else after the prefix;
    a range is for a batch)."""
    if solvitaire.parse_range(text) is not None:
        raise DealError(f"{shown(text)} is not a deal: give one seed, like solvitaire:7 (batch "
                        "takes ranges)")
    return solvitaire.parse_solvitaire(text)


def named_position(text: str) -> tuple[Position, Rules | None] | None:
    """The deal or position an argument that is neither a number, a code nor a file names,
    with the rules it implies: ``msN`` (none), ``kpat:N`` (Classic: KPat's Golf is Classic),
    a layout on one line (none); None for any other text (a file of that name is a file).
    ``solvitaire:N`` is not one: a batch keys it by its seed, as a number (``resolve`` takes
    it as a DEAL)."""
    return None if exists(text) else _named_position(text)


def _named_position(text: str) -> tuple[Position, Rules | None] | None:
    if oneline.looks_like_oneline(text):
        return oneline.parse(text).position(), None
    if pysolfc.looks_like_ms(text):
        try:
            return Deal.from_ms(pysolfc.parse_ms(text)).position(), None
        except CodeError as exc:
            raise DealError(str(exc)) from None
    if kpat.looks_like_kpat(text):
        return kpat.deal(kpat.parse_kpat(text)).position(), CLASSIC
    return None


def read_deal_text(text: str) -> tuple[Position, int | None, Rules | None]:
    """A board or JSON deal or position, with the deal number and rules a JSON one names,
    all checked against each other."""
    position, said = parse_deal_text(text)
    return (position, *_what_json_says(position, said))


def _source_of_text(label: str, text: str) -> DealSource:
    """The DealSource of a deal or position's text, with what a JSON one says of itself."""
    position, said = parse_deal_text(text)
    number, rules = _what_json_says(position, said)
    return DealSource(label, position, number, rules, _moves_said(position, said),
                      said.get("history"))


MOST_MOVES = 10**6  # a move counter past this is no game's (an undo counts as a move too)


def _moves_said(position: Position, said: dict) -> int | None:
    """The move counter a saved game names (JSON's ``moves``), checked: a whole number no
    fewer than the position's own actions (the counter never goes down), else None."""
    if "moves" not in said:
        return None
    moves, least = said["moves"], position.moves_taken
    if type(moves) is not int or not least <= moves <= MOST_MOVES:
        raise DealError(f"JSON deal: moves {shown(moves)} is no move counter of this position "
                        f"(a whole number from {least}, its removals and draws, up)")
    return moves


def _what_json_says(position: Position, said: dict) -> tuple[int | None, Rules | None]:
    """The deal number and rules a JSON deal names, checked against each other and its cards
    (a position mid-game has a deal number only as a deal would)."""
    from golfsolve.model.rules import RulesError, rules_by_name

    number = rules = None
    if "code" in said:
        if not isinstance(said["code"], str):
            raise DealError(f"JSON deal: code {shown(said['code'])} is not a game code")
        code = _checked_code(said["code"])
        number, rules = code.number, code.rules
    if "number" in said:
        given = said["number"]
        if type(given) is not int:
            raise DealError(f"JSON deal: number {shown(given)} is not a deal number")
        try:
            given = _checked_number(given)
        except DealError as exc:
            raise DealError(f"JSON deal: {exc}") from None
        if number is not None and given != number:
            raise DealError(f"JSON deal: number {given} and code {said['code']} name "
                            "different deals")
        number = given
    if "rules" in said:
        try:
            named = rules_by_name(str(said["rules"]))
        except RulesError as exc:
            raise DealError(f"JSON deal: {exc}") from None
        if rules is not None and named.letter != rules.letter:
            raise DealError(f"JSON deal: rules {named.name} and code {said['code']} "
                            "disagree")
        rules = named
    if number is not None and Deal.from_number(number).position() != position:
        why = ""
        if not position.is_start:
            why = " (a position mid-game names no deal)"
        elif position.unknown_slots:
            why = " (a position with unseen stock cards names no deal)"
        raise DealError(f"JSON deal: its cards are not those of deal {number}{why}")
    return number, rules
