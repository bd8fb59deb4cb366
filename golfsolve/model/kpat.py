"""KPat's Golf: its deal N (``kpat:N``) and its saved games.

Dealing (KDE/kpat sources):

* ``DealerScene::setDeckContents`` (src/dealer.cpp) makes the deck rank by rank, each rank in
  the suits of ``KCardDeck::standardSuits()``: clubs, diamonds, hearts, spades (card p is rank
  p // 4 + 1 of suit p % 4);
* ``KpatShuffle::shuffled`` (src/shuffle.h) is Microsoft's LCG on an ``unsigned int`` seed N:
  for i = 52 .. 2, ``seed = 214013 * seed + 2531011`` (mod 2**32), swap cards i - 1 and
  ``((seed >> 16) & 0x7fff) % i``;
* ``Golf::restart`` (src/golf.cpp) takes cards from the end of the shuffled list round the 7
  columns, 5 times (each column's first card is its top, the last the free card), puts the
  other 17 on the talon first card first, and turns the talon's top card (the 17th) to the
  waste; each draw then turns the next top card: the stock in draw order is shuffled cards
  15, 14, .., 0.

KPat takes deal numbers 1 .. INT_MAX = 2**31 - 1 (``NumberedDealDialog``: ``setRange(1,
INT_MAX)``; ``DealerScene::startNew``: ``qBound(1, dealNumber, INT_MAX)``). For those seeds the
LCG draws are PySolFC's ``LCRandom31`` draws (bits 16-30 of the state do not depend on bits 32
up) over the same rank-major deck, so ``kpat:N`` is PySolFC's ``msN`` for every N KPat takes,
and PySolFC's game N for N < 32000.

Saved games, both forms KPat reads (src/dealer.cpp):

* ``<kpat-game game-type="golf" deal-number="N">`` (``DealerScene::saveFile``, what KPat
  writes today): a list of ``<state>``s, each a list of ``<move pile="talon|waste|stackK"
  position="i">`` of ``<card id suit rank turn>``; the game stands where the state marked
  ``current="true"`` leaves it (later states are redo).
* ``<dealer id="12" number="N" ...>`` (``saveLegacyFile``, KPat's older form): ``<pile
  index="i">`` of ``<card suit value faceup>``, pile 0 the talon (bottom card first), 1-7 the
  columns, 8 the waste.

The parse is hardened: at most MAX_SAVE_BYTES are read (``files.read_text``'s limit), DTDs
may be named (KPat's legacy form starts ``<!DOCTYPE kpat>``) but may declare no entity and
fetch nothing (defusedxml), and each failure is a :class:`KpatError` with a one-line message.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from golfsolve.files import MAX_DEAL_BYTES, read_text
from golfsolve.model.cards import Card
from golfsolve.model.deal import Deal
from golfsolve.model.position import Position, PositionError
from golfsolve.model.text import shown

KPAT_MAX = 2**31 - 1  # INT_MAX: KPat's largest deal number
MAX_SAVE_BYTES = MAX_DEAL_BYTES  # a Golf save is about 10 KB; KPat's longest games far below
GOLF_ID = 12  # DealerInfo::GolfId, the legacy form's id
GOLF_TYPE = "golf"  # DealerInfo::baseIdString() of Golf, the current form's game-type

# dealerinfo.h's ids and the game names they belong to (legacy form); the current form names
# the game by its baseIdString: the untranslated name, letters and digits only, lower case.
LEGACY_IDS = {
    0: "Klondike", 1: "Grandfather", 2: "Aces Up", 3: "Freecell", 4: "Castle", 5: "Mod3",
    7: "Normandy", 8: "Forty & Eight", 9: "Simple Simon", 10: "Yukon",
    11: "Grandfather's Clock", 12: "Golf", 13: "Klondike", 14: "Spider", 15: "Spider",
    16: "Spider", 17: "Spider", 18: "Klondike", 19: "Baker's Dozen", 20: "Baker's Dozen",
    21: "Baker's Dozen", 22: "Baker's Dozen", 23: "Baker's Dozen", 24: "Baker's Dozen",
    30: "Freecell", 31: "Freecell", 32: "Freecell", 33: "Freecell", 34: "Freecell",
    39: "Freecell", 40: "Castle", 41: "Castle", 42: "Castle", 43: "Castle", 44: "Castle",
    45: "Castle", 49: "Castle", 50: "Spider",
}
GAME_TYPES = {
    "klondike": "Klondike", "grandfather": "Grandfather", "acesup": "Aces Up",
    "freecell": "Freecell", "castle": "Castle", "mod3": "Mod3", "normandy": "Normandy",
    "fortyeight": "Forty & Eight", "simplesimon": "Simple Simon", "yukon": "Yukon",
    "grandfathersclock": "Grandfather's Clock", "golf": "Golf", "spider": "Spider",
    "bakersdozen": "Baker's Dozen", "bizilizi": "Bizilizi",
}
_SUIT_NAMES = {"clubs": "C", "diamonds": "D", "hearts": "H", "spades": "S"}
_RANK_NAMES = {name: i for i, name in enumerate(
    "ace two three four five six seven eight nine ten jack queen king".split(), 1)}
_KCARD_SUITS = "CDHS"  # KCardDeck::Suit: Clubs = 0, Diamonds, Hearts, Spades
_PILES = {"talon": 0, **{f"stack{k}": k + 1 for k in range(7)}, "waste": 8}


class KpatError(PositionError):
    """A ``kpat:N`` or saved game golfsolve cannot use. ``where`` names the file (or None,
    when whoever read it names it), ``game`` the KPat game type of a save of another game."""

    def __init__(self, message: str, where: str | None = None, game: str | None = None) -> None:
        super().__init__(f"{where}: {message}" if where else message, game=game)
        self.where, self.game = where, game


# ----- deals ---------------------------------------------------------------------------------
_KPAT = re.compile(r"kpat:(.*)\Z", re.IGNORECASE | re.DOTALL | re.ASCII)  # no K for k


def looks_like_kpat(text: str) -> bool:
    return _KPAT.match(text.strip()) is not None


def parse_kpat(text: str) -> int:
    """``kpat:N`` -> N, 1 <= N <= 2**31 - 1."""
    spec = text.strip()
    match = _KPAT.match(spec)
    if not match:
        raise KpatError(f"{shown(spec)} is not a KPat deal: write kpat: and its number, like "
                        "kpat:7")
    digits = match.group(1).strip()
    if not re.fullmatch(r"[0-9]+", digits):
        raise KpatError(f"{shown(spec)} names no KPat deal: write kpat: and a number from 1 to "
                        f"{KPAT_MAX}")
    significant = digits.lstrip("0")
    if len(significant) > len(str(KPAT_MAX)) or not 1 <= int(significant or "0") <= KPAT_MAX:
        brief = spec if len(spec) <= 30 else f"{spec[:16]}... ({len(digits)} digits)"
        raise KpatError(f"KPat deal {brief} is out of range (kpat:1 to kpat:{KPAT_MAX})")
    return int(significant)


def shuffled(number: int) -> list[int]:
    """KpatShuffle::shuffled over KPat's deck, as golfsolve card indices (suit * 13 + rank -
    1): the list Golf::restart deals from."""
    if not 1 <= number <= KPAT_MAX:
        raise KpatError(f"KPat deal {number} is out of range (kpat:1 to kpat:{KPAT_MAX})")
    cards = [(p % 4) * 13 + p // 4 for p in range(52)]  # rank-major, suits C D H S
    seed = number
    for i in range(52, 1, -1):
        seed = (214013 * seed + 2531011) & 0xFFFFFFFF
        j = ((seed >> 16) & 0x7FFF) % i
        cards[i - 1], cards[j] = cards[j], cards[i - 1]
    return cards


def layout(number: int) -> tuple[tuple[tuple[Card, ...], ...], Card, tuple[Card, ...]]:
    """KPat's Golf deal ``number`` as (tableau, waste, stock): 7 columns each top to bottom
    (the last card free), the waste card, the 16 stock cards in draw order; ``Deal(*layout(n))``
    is the project's deal."""
    cards = [Card.from_index(i) for i in shuffled(number)]
    tableau = tuple(tuple(cards[51 - (7 * i + r)] for i in range(5)) for r in range(7))
    return tableau, cards[16], tuple(cards[15 - k] for k in range(16))


def indices(number: int) -> list[int]:
    """The deal as 52 card indices in board order (stock, waste, columns), as
    ``golfsolve.dealer``."""
    tableau, waste, stock = layout(number)
    return [c.index for c in (*stock, waste, *(c for col in tableau for c in col))]


def deal(number: int):
    """KPat's Golf deal ``number`` as a golfsolve ``Deal``."""
    return Deal(*layout(number))


# ----- saved games ---------------------------------------------------------------------------
@dataclass(frozen=True)
class KpatSave:
    """A KPat Golf save: ``number`` the deal it was dealt as, ``position`` where the game
    stands (a ``Position``: the talon's face-down cards are named),
    ``deal`` the ``Deal`` when the game stands at its start (else None), ``form``
    ``"kpat-game"`` or ``"legacy"``, ``recorded_moves`` the moves the file records (legacy: its
    ``moves`` attribute; current form: the states before the current one, so a game KPat
    resaved from a legacy file records none)."""

    number: int
    position: Position
    deal: object | None
    form: str
    recorded_moves: int

    @property
    def at_start(self) -> bool:
        return self.deal is not None

    @property
    def is_deal_number(self) -> bool:
        """Whether a save at its start holds KPat's deal ``number`` (a file may be edited)."""
        return self.deal is not None and 1 <= self.number <= KPAT_MAX and (
            self.deal.to_board() == deal(self.number).to_board())


def read_save(path: str) -> KpatSave:
    """The KPat saved game in the file ``path`` (its errors name the file)."""
    return parse_save(read_text(path, MAX_SAVE_BYTES, "not a KPat saved game"), path)


def looks_like_save(text: str) -> bool:
    """Whether text is XML (as KPat's saves are) rather than a board or JSON deal, neither of
    which starts with ``<``."""
    return text.lstrip("\ufeff \t\r\n").startswith("<")


def parse_save(data: bytes | str, where: str | None = None) -> KpatSave:
    """A KPat saved game from its bytes, or its text (already decoded: the encoding its XML
    declaration names is then not used): a Golf game at its start is a deal, one mid-game a
    position."""
    if len(data) > MAX_SAVE_BYTES:
        raise KpatError(f"too large for a KPat saved game (over {MAX_SAVE_BYTES // 1024} KB)",
                        where)
    if not data.strip():
        raise KpatError("the file is empty, not a KPat saved game", where)
    root = _parse_xml(data, where)
    tag = _local(root.tag)
    if tag == "kpat-game":
        return _current_form(root, where)
    if tag == "dealer":
        return _legacy_form(root, where)
    raise KpatError(f"not a KPat saved game (its root element is <{tag}>, not <kpat-game> or "
                    "<dealer>)", where)


def _local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]


def _parse_xml(data: bytes | str, where: str | None):
    """The root element. DTDs may be named (KPat's legacy form starts <!DOCTYPE kpat>), but
    no entity may be declared, and nothing external is fetched."""
    from xml.etree.ElementTree import ParseError

    import defusedxml.ElementTree as safe
    from defusedxml import DefusedXmlException

    try:
        return safe.fromstring(data, forbid_dtd=False, forbid_entities=True,
                               forbid_external=True)
    except DefusedXmlException as exc:
        raise KpatError(f"refused: the XML declares entities or external references "
                        f"({type(exc).__name__})", where) from None
    except ParseError as exc:
        line, column = exc.position
        raise KpatError(_xml_problem(str(exc).split(":")[0], line, column), where) from None
    except (LookupError, ValueError) as exc:  # an encoding Python does not know, say
        raise KpatError(f"not readable XML ({exc})", where) from None


def _xml_problem(text: str, line: int, column: int) -> str:
    if "no element found" in text or "unclosed token" in text:
        return f"not a whole XML file (it ends at line {line}, column {column}: truncated?)"
    return f"not well-formed XML ({text} at line {line}, column {column})"


def _int(element, key: str, where: str | None, what: str) -> int:
    value = element.get(key)
    if value is None or not re.fullmatch(r"\s*[+-]?[0-9]{1,10}\s*", value):
        raise KpatError(f"{what} has no whole-number {key} attribute (found {shown(value)})", where)
    return int(value)


def _legacy_form(root, where: str | None) -> KpatSave:
    game_id = _int(root, "id", where, "<dealer>")
    if game_id != GOLF_ID:
        name = LEGACY_IDS.get(game_id, f"game id {game_id}")
        raise KpatError(f"a saved game of KPat's {name}, not Golf", where, name)
    number = _int(root, "number", where, "<dealer>")
    moves = _int(root, "moves", where, "<dealer>") if root.get("moves") is not None else 0
    piles: dict[int, list[Card]] = {}
    for pile in root:
        if _local(pile.tag) != "pile":
            raise KpatError(f"expected <pile> in <dealer>, found <{_local(pile.tag)}>", where)
        index = _int(pile, "index", where, "<pile>")
        if index not in range(9):
            raise KpatError(f"pile index {index} is not one of Golf's (0 talon, 1-7 columns, "
                            "8 waste)", where)
        if index in piles:
            raise KpatError(f"pile {index} is given twice", where)
        cards = []
        for card in pile:
            if _local(card.tag) != "card":
                raise KpatError(f"expected <card> in <pile>, found <{_local(card.tag)}>", where)
            suit = _int(card, "suit", where, "<card>")
            rank = _int(card, "value", where, "<card>")
            if suit not in range(4) or rank not in range(1, 14):
                raise KpatError(f"no such card: suit {suit}, value {rank}", where)
            cards.append(Card(rank, _KCARD_SUITS[suit]))
        piles[index] = cards
    return _save(number, piles, where, "legacy", moves)


def _current_form(root, where: str | None) -> KpatSave:
    game_type = root.get("game-type", "")
    if not game_type:
        raise KpatError("<kpat-game> names no game type (its game-type attribute)", where)
    if game_type != GOLF_TYPE:
        name = GAME_TYPES.get(game_type, f"game type {shown(game_type)}")
        raise KpatError(f"a saved game of KPat's {name}, not Golf", where, name)
    number = _int(root, "deal-number", where, "<kpat-game>")
    states = list(root)
    for state in states:
        if _local(state.tag) != "state":
            raise KpatError(f"expected <state> in <kpat-game>, found <{_local(state.tag)}>",
                            where)
    if not states:
        raise KpatError("the saved game has no states", where)
    current = next((i for i, s in enumerate(states) if s.get("current") == "true"),
                   len(states) - 1)  # DealerScene::loadFile: no current state, the last
    piles: dict[int, list[Card]] = {k: [] for k in range(9)}
    where_is: dict[Card, int] = {}
    for state in states[:current + 1]:
        for move in state:
            if _local(move.tag) != "move":
                raise KpatError(f"expected <move> in <state>, found <{_local(move.tag)}>",
                                where)
            pile = _PILES.get(move.get("pile", ""))
            if pile is None:
                raise KpatError(f"unknown pile {shown(move.get('pile'))} (Golf's are talon, "
                                "stack0-stack6 and waste)", where)
            at = _int(move, "position", where, "<move>")
            for element in move:
                card = _named_card(element, where)
                if card in where_is:  # KCardPile::insert takes it from its pile first
                    piles[where_is[card]].remove(card)
                target = piles[pile]
                if not 0 <= at <= len(target):
                    raise KpatError(f"a move puts {card} at position {at} of {move.get('pile')},"
                                    f" which holds {len(target)} cards", where)
                target.insert(at, card)
                where_is[card] = pile
                at += 1
    return _save(number, piles, where, "kpat-game", current)


def _named_card(element, where: str | None) -> Card:
    if _local(element.tag) != "card":
        raise KpatError(f"expected <card> in <move>, found <{_local(element.tag)}>", where)
    suit = _SUIT_NAMES.get(element.get("suit", ""))
    rank = _RANK_NAMES.get(element.get("rank", ""))
    if suit is None or rank is None:
        raise KpatError(f"no such card: suit {shown(element.get('suit'))}, rank "
                        f"{shown(element.get('rank'))}", where)
    card = Card(rank, suit)
    ident = element.get("id")
    if ident is not None:  # KCardDeck::getId: (copy << 16) | (suit << 8) | rank
        if not re.fullmatch(r"[0-9]{1,10}", ident) or (int(ident) & 0xFFFF) != (
                _KCARD_SUITS.index(suit) << 8 | rank):
            raise KpatError(f"card id {shown(ident)} is not that of {card}", where)
    return card


def _save(number: int, piles: dict[int, list[Card]], where: str | None, form: str,
          moves: int) -> KpatSave:
    """The position the piles hold (talon bottom card first, waste oldest first, columns top
    to bottom)."""
    talon, waste = piles.get(0, []), piles.get(8, [])
    if not waste:
        raise KpatError("the waste is empty (KPat turns a card to it as it deals)", where)
    try:
        position = Position(tuple(tuple(piles.get(k, [])) for k in range(1, 8)), waste[-1],
                            tuple(reversed(talon)), tuple(waste[:-1]))
    except PositionError as exc:
        raise KpatError(f"not a Golf game golfsolve can read: {exc}", where) from None
    start = position.is_start and not position.removed
    return KpatSave(number, position, Deal.from_position(position) if start else None, form,
                    moves)
