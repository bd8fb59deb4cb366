#!/usr/bin/env python3
"""KPat's Golf deal N, and KPat saved-game files written by hand in KPat's own XML formats.

Deal (KDE/kpat v22.12.3):
  deck   src/dealer.cpp DealerScene::setDeckContents: for rank in A..K, for suit in C,D,H,S:
         id = (number << 16) | (suit << 8) | rank, number = 0..51 in creation order
         (src/libkcardgame/kcarddeck.cpp KCardDeck::getId, standardSuits, standardRanks;
          Clubs=0 Diamonds=1 Hearts=2 Spades=3, Ace=1 .. King=13).
  shuffle src/shuffle.h KpatShuffle::shuffled: for i = 52 down to 2:
         seed = 214013*seed + 2531011 (mod 2^32); r = (seed >> 16) & 0x7fff; swap(i-1, r % i)
         seed = deal number (DealerScene::startNew: qBound(1, N, INT_MAX)).
  deal   src/golf.cpp Golf::restart: 5 rounds x 7 columns, each takes the LAST card of the list
         (so column r's bottom card is list[51-r]); the remaining 17 cards go to the talon with
         takeFirst (talon bottom = list[0], talon top = list[16]); then the talon's top card is
         flipped to the waste.

Saved games:
  legacy  DealerScene::saveLegacyFile / loadLegacyFile (<dealer id=12 ...>, piles by index:
          0 talon, 1..7 stack0..6, 8 waste; cards bottom to top, numeric suit/value/faceup).
          This is the only format `kpat --solvegame FILE` reads (src/main.cpp).
  current DealerScene::saveFile / loadFile (<kpat-game game-type="golf" deal-number=N>,
          <state> per undo step, <move pile=NAME position=I> with <card id=... suit= rank= turn=>).

Usage: kpat_savegame.py deal N                 -> prints the deal as a black-hole-solver board
       kpat_savegame.py legacy N MOVES OUT     -> writes a legacy save after MOVES
       kpat_savegame.py current N MOVES OUT    -> writes a current-format save after MOVES
  MOVES: comma-separated list, 'd' = draw from talon, '0'..'6' = play column's top card to the
  waste (checked against KPat's Golf::checkAdd: rank one above or below, no wrap); '' = none.
"""
import sys

SUITS = "CDHS"            # KCardDeck::Suit order: Clubs=0, Diamonds=1, Hearts=2, Spades=3
RANKS = "A23456789TJQK"   # Ace=1 .. King=13
SUIT_NAMES = ["clubs", "diamonds", "hearts", "spades"]
RANK_NAMES = ["ace", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
              "jack", "queen", "king"]


class Card:
    def __init__(self, number, suit, rank):
        self.number, self.suit, self.rank = number, suit, rank
        self.id = (number << 16) | (suit << 8) | rank

    def __str__(self):
        return RANKS[self.rank - 1] + SUITS[self.suit]


def deck():
    cards, number = [], 0
    for rank in range(1, 14):
        for suit in range(4):
            cards.append(Card(number, suit, rank))
            number += 1
    return cards


def shuffled(cards, seed):
    result = list(cards)
    seed &= 0xFFFFFFFF
    for i in range(len(result), 1, -1):
        seed = (214013 * seed + 2531011) & 0xFFFFFFFF
        r = (seed >> 16) & 0x7FFF
        j = r % i
        result[i - 1], result[j] = result[j], result[i - 1]
    return result


def kpat_deal(n):
    """Return (talon bottom->top, columns bottom->top, waste bottom->top) right after the deal."""
    n = max(1, min(n, 2**31 - 1))
    lst = shuffled(deck(), n)
    cols = [[] for _ in range(7)]
    for _ in range(5):
        for r in range(7):
            cols[r].append(lst.pop())
    talon = lst[:]          # takeFirst order: talon[0] is the bottom
    waste = [talon.pop()]   # flip the talon's top card
    return talon, cols, waste


def board(talon, cols, waste):
    lines = ["Talon: " + " ".join(str(c) for c in reversed(talon)),
             "Foundations: " + (str(waste[-1]) if waste else "-")]
    lines += [" ".join(str(c) for c in col) for col in cols]
    return "\n".join(lines) + "\n"


def apply_moves(talon, cols, waste, moves):
    for m in moves:
        if m == "d":
            if not talon:
                raise SystemExit("draw from an empty talon")
            waste.append(talon.pop())
        else:
            col = cols[int(m)]
            if not col:
                raise SystemExit("empty column %s" % m)
            a, b = col[-1].rank, waste[-1].rank
            if abs(a - b) != 1:
                raise SystemExit("illegal move %s: %s on %s" % (m, col[-1], waste[-1]))
            waste.append(col.pop())


def legacy_xml(n, talon, cols, waste, nmoves):
    # Pile order of Golf::initialize: talon (index 0), waste (8), stack0..6 (1..7);
    # z values are cosmetic (loadLegacyFile ignores them).
    piles = [(0, talon, False, "-1e-06"), (8, waste, True, "-1e-06")]
    piles += [(1 + r, cols[r], True, str((7 - r) / 100.0)) for r in range(7)]
    out = ['<?xml version="1.0" encoding="UTF-8"?>', "<!DOCTYPE kpat>",
           '<dealer id="12" options="" number="%d" moves="%d" started="%d" data="">'
           % (n, nmoves, 1 if nmoves else 0)]
    for index, cards, faceup_pile, z in piles:
        out.append('\t<pile index="%d" z="%s">' % (index, z))
        for k, c in enumerate(cards):
            faceup = 1 if faceup_pile else 0
            out.append('\t\t<card suit="%d" value="%d" faceup="%d" z="%d"/>'
                       % (c.suit, c.rank, faceup, k + 1))
        out.append("\t</pile>")
    out.append("</dealer>")
    return "\n".join(out) + "\n"


def current_xml(n, moves):
    """The current format: first <state> places every card; one <state> per move after it."""
    talon, cols, waste = kpat_deal(n)

    def card_el(c, turn=None):
        t = ' turn="%s"' % turn if turn else ""
        return ('\t\t\t<card id="%07d" suit="%s" rank="%s"%s/>'
                % (c.id, SUIT_NAMES[c.suit], RANK_NAMES[c.rank - 1], t))

    states = []
    first = ['\t\t<move pile="talon" position="0">'] + [card_el(c, "face-down") for c in talon]
    first += ["\t\t</move>", '\t\t<move pile="waste" position="0">', card_el(waste[0], "face-up"),
              "\t\t</move>"]
    for r in range(7):
        first += ['\t\t<move pile="stack%d" position="0">' % r]
        first += [card_el(c, "face-up") for c in cols[r]] + ["\t\t</move>"]
    states.append(first)
    for m in moves:
        if m == "d":
            c = talon.pop()
            states.append(['\t\t<move pile="waste" position="%d">' % len(waste),
                           card_el(c, "face-up"), "\t\t</move>"])
            waste.append(c)
        else:
            col = cols[int(m)]
            if abs(col[-1].rank - waste[-1].rank) != 1:
                raise SystemExit("illegal move %s" % m)
            c = col.pop()
            states.append(['\t\t<move pile="waste" position="%d">' % len(waste), card_el(c),
                           "\t\t</move>"])
            waste.append(c)
    out = ['<?xml version="1.0" encoding="UTF-8"?>',
           '<kpat-game game-type="golf" deal-number="%d">' % n]
    for i, body in enumerate(states):
        attrs = ""  # Golf has no game-specific state (DealerScene::getGameState is empty)
        if i == len(states) - 1:
            attrs += ' current="true"'
        out.append("\t<state%s>" % attrs)
        out += body
        out.append("\t</state>")
    out.append("</kpat-game>")
    return "\n".join(out) + "\n", (talon, cols, waste)


def main(argv):
    if argv[1] == "deal":
        t, c, w = kpat_deal(int(argv[2]))
        sys.stdout.write(board(t, c, w))
        return
    kind, n, moves, outpath = argv[1], int(argv[2]), argv[3], argv[4]
    moves = [m for m in moves.split(",") if m]
    if kind == "legacy":
        t, c, w = kpat_deal(n)
        apply_moves(t, c, w, moves)
        text = legacy_xml(n, t, c, w, len(moves))
    elif kind == "current":
        text, (t, c, w) = current_xml(n, moves)
    else:
        raise SystemExit("unknown kind " + kind)
    with open(outpath, "w") as fh:
        fh.write(text)
    # the position as a black-hole-solver board, next to the file
    with open(outpath + ".board", "w") as fh:
        fh.write(board(t, c, w))


if __name__ == "__main__":
    main(sys.argv)
