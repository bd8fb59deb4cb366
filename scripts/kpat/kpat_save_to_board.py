#!/usr/bin/env python3
"""Read a KPat Golf saved game (legacy <dealer> or current <kpat-game>) and print the current
position as a black-hole-solver board (Talon in draw order, Foundations = waste top, 7 columns
bottom to top). Mirrors DealerScene::loadLegacyFile / loadFile (KDE/kpat src/dealer.cpp):
current format = replay every <state>'s <move pile=P position=I> by inserting its cards at
I, I+1, ... of pile P (taking them out of wherever they were), then undo back to the state
marked current="true" (here: replay only up to and including it).
Usage: kpat_save_to_board.py FILE
"""
import sys
import xml.etree.ElementTree as ET

SUITS = "CDHS"
RANKS = "A23456789TJQK"
SUIT_NAMES = ["clubs", "diamonds", "hearts", "spades"]
RANK_NAMES = ["ace", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
              "jack", "queen", "king"]
LEGACY_INDEX = {0: "talon", 8: "waste", **{1 + r: "stack%d" % r for r in range(7)}}


def card_str(suit, rank):
    return RANKS[rank - 1] + SUITS[suit]


def read(path):
    root = ET.parse(path).getroot()
    piles = {name: [] for name in LEGACY_INDEX.values()}
    faceup = {}
    if root.tag == "dealer":
        if root.get("id") != "12":
            raise SystemExit("not a Golf save: dealer id %s" % root.get("id"))
        for pile in root.findall("pile"):
            name = LEGACY_INDEX[int(pile.get("index"))]
            for c in pile.findall("card"):
                s = card_str(int(c.get("suit")), int(c.get("value")))
                piles[name].append(s)
                faceup[s] = c.get("faceup") == "1"
        number = int(root.get("number"))
    elif root.tag == "kpat-game":
        if root.get("game-type") != "golf":
            raise SystemExit("not a Golf save: game-type %s" % root.get("game-type"))
        number = int(root.get("deal-number"))
        states = root.findall("state")
        cur = max((i for i, s in enumerate(states) if s.get("current") == "true"),
                  default=len(states) - 1)
        for st in states[:cur + 1]:
            for mv in st.findall("move"):
                pile = piles[mv.get("pile")]
                pos = int(mv.get("position"))
                for c in mv.findall("card"):
                    cid = int(c.get("id"))
                    s = card_str((cid >> 8) & 0xFF, cid & 0xFF)
                    assert SUIT_NAMES[(cid >> 8) & 0xFF] == c.get("suit"), c.attrib
                    assert RANK_NAMES[(cid & 0xFF) - 1] == c.get("rank"), c.attrib
                    for p in piles.values():
                        if s in p:
                            p.remove(s)
                    pile.insert(pos, s)
                    pos += 1
                    if c.get("turn"):
                        faceup[s] = c.get("turn") == "face-up"
    else:
        raise SystemExit("not a KPat save: <%s>" % root.tag)
    return number, piles, faceup


def main():
    number, piles, faceup = read(sys.argv[1])
    lines = ["Talon: " + " ".join(reversed(piles["talon"])),
             "Foundations: " + (piles["waste"][-1] if piles["waste"] else "-")]
    lines += [" ".join(piles["stack%d" % r]) for r in range(7)]
    sys.stdout.write("\n".join(lines) + "\n")
    sys.stderr.write("deal-number %d, waste %s\n" % (number, " ".join(piles["waste"])))


if __name__ == "__main__":
    main()
