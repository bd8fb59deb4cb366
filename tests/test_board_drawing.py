import io
import os
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from golfsolve.cli.render.board import DEFAULT, RED, WIDTH, draw_board
from golfsolve.cli.streams import wants_color
from golfsolve.model.cards import FULL_DECK
from golfsolve.model.deal import Deal
from golfsolve.model.game import Game
from golfsolve.model.i18n import LANGUAGES
from golfsolve.model.position import Position
from golfsolve.model.rules import ALL_RULES, CLASSIC, EASY

from .conftest import DATA

LAYOUT = ("AC | 6C 5S QS TS 6H | 2S KC 4S 2C 8C | TC AH 2D 5D JS | 3D QH AS KD 4C | "
          "JH 3C 7D 8H 9C | TH 4H 7H 7C 8D | 3S 7S 3H 9S 5C")
PAGE = str(DATA / "rules-page-deal.board")
HEAD = ["AC | 6C 5S QS TS 6H | 2S KC 4S 2C 8C | TC AH 2D 5D JS | 3D QH AS KD 4C |",
        "JH 3C 7D 8H 9C | TH 4H 7H 7C 8D | 3S 7S 3H 9S 5C, "]  # the layout as its title,
# wrapped between columns
EN = [
    "  1     2     3     4     5     6     7",
    "  6♣    2♠   10♣    3♦    J♥   10♥    3♠     Stock: 16 cards",
    "  5♠    K♣    A♥    Q♥    3♣    4♥    7♠     Waste: A♣",
    "  Q♠    4♠    2♦    A♠    7♦    7♥    3♥     Score: 0",
    " 10♠    2♣    5♦    K♦    8♥    7♣    9♠     Moves: 0",
    " [6♥]  [8♣]  [J♠]  [4♣]  [9♣]  [8♦]  [5♣]"]
FI = [
    "  1     2     3     4     5     6     7",
    "  6♣    2♠   10♣    3♦    J♥   10♥    3♠     Nostopakka: 16 korttia",
    "  5♠    R♣    A♥    Q♥    3♣    4♥    7♠     Poistopino: A♣",
    "  Q♠    4♠    2♦    A♠    7♦    7♥    3♥     Pisteet:    0",
    " 10♠    2♣    5♦    R♦    8♥    7♣    9♠     Siirrot:    0",
    " [6♥]  [8♣]  [J♠]  [4♣]  [9♣]  [8♦]  [5♣]"]
# deal 1 after 30 moves of its Easy solution, as play saves it (the manual's position)
POSITION = """Talon: ?? ?? ?? ?? ?? ?? ?? ?? ?? ??
Foundations: JS
Removed: TH 8H 7S 2C 3S 4D 5C 4H 3C 2S AC KC AS KH AH JH TD 9D 7D 6D 5S 4S 3H 4C 5H 8S 9H TS JD QH
-
2D KD
-
JC 9S KS
5D
7H AD QD
7C QC
"""


def plain(drawing: str) -> str:
    return drawing.replace(RED, "").replace(DEFAULT, "")


# ----- what is drawn ---------------------------------------------------------------------------
@pytest.mark.parametrize(("lang", "rules", "board"), [("en", "easy rules", EN),
                                                      ("fi", "Helppo-säännöt", FI)])
def test_show_draws_the_rules_pages_deal(cli, lang, rules, board):
    shown = cli("show", LAYOUT, "--lang", lang)
    assert (shown.code, shown.err) == (0, "")
    assert shown.out.splitlines() == [HEAD[0], HEAD[1] + rules, *board]


def test_play_draws_the_same_board(cli):
    played = cli("play", PAGE, "--lang", "en", input="q\n").out.splitlines()
    assert played[-6:] == EN  # after the title (the file, which may take two lines)


def test_a_position_mid_game(cli):
    game = Game(Position.from_board(POSITION), CLASSIC)
    assert draw_board(game, "saved.board", "en").splitlines() == [
        "saved.board, classic rules",
        "  1     2     3     4     5     6     7",
        "empty   2♦  empty   J♣   [5♦]   7♥    7♣     Stock: 10 cards",
        "       [K♦]         9♠          A♦   [Q♣]    Waste: J♠",
        "                   [K♠]        [Q♦]          Score: 240",
        "                                             Moves: 30"]


def test_a_won_game_in_indonesian_has_seven_empty_columns():
    deal = Deal.from_number(1)
    won = Game.at_position(deal, EASY, [0] * 7, 16, deal.waste)
    assert draw_board(won, "", "id").splitlines() == [
        "aturan Mudah",
        "  1      2      3      4      5      6      7",
        "kosong kosong kosong kosong kosong kosong kosong    Tumpukan ambil: 0 kartu",
        "                                                    Buangan:        10♥",
        "                                                    Skor:           350",
        "                                                    Langkah:        0"]


def test_an_indonesian_board_is_as_wide_as_the_others_until_a_column_is_empty():
    # "kosong" is one character wider than a card in brackets: only a board with an empty
    # column makes room for it (41 columns otherwise, as in the other languages)
    deal = Deal.from_number(1)
    start = draw_board(Game(deal, EASY), "", "id").splitlines()
    assert start[1] == "  1     2     3     4     5     6     7"
    assert max(len(line.split("    ")[0]) for line in start[1:]) == 41
    one_empty = Game.at_position(deal, EASY, [0, 5, 5, 5, 5, 5, 5], 0, deal.waste)
    assert draw_board(one_empty, "", "id").splitlines()[1:3] == [
        "  1      2      3      4      5      6      7",
        "kosong   2♦     9♥     J♣     5♦     7♥     7♣      Tumpukan ambil: 16 kartu"]


def test_what_does_not_fit_beside_goes_below():
    game = Game(Deal.from_number(1), EASY)
    game.move_count = 10 ** 40
    lines = draw_board(game, "deal 1", "tr").splitlines()
    assert lines[-5:] == [" [4♥]  [A♣]  [4♦]  [7♠]  [3♠] [10♦]  [4♠]",
                          "Çekme destesi: 16 kart", "Açık yığın:    10♥", "Puan:          0",
                          "Hamleler:      1" + "0" * 40]


@st.composite
def positions(draw):
    """A game anywhere: any cards, columns of 0-5, any stock left, seen or unseen, a long
    title or none, a move counter up to a million."""
    deal = Deal(*_split(draw(st.permutations(FULL_DECK))))
    start = deal.position().hidden() if draw(st.booleans()) else deal.position()
    heights = draw(st.lists(st.integers(0, 5), min_size=7, max_size=7))
    game = Game.at_position(start, draw(st.sampled_from(ALL_RULES)), heights,
                            draw(st.integers(0, 16)), draw(st.sampled_from(FULL_DECK)))
    game.move_count = draw(st.integers(0, 10 ** 6))
    return game, draw(st.text(max_size=200)), draw(st.sampled_from(LANGUAGES))


def _split(cards):
    return tuple(tuple(cards[5 * c:5 * c + 5]) for c in range(7)), cards[35], tuple(cards[36:])


@settings(max_examples=200, deadline=None)
@given(positions(), st.booleans(), st.integers(42, WIDTH))
def test_every_line_fits_in_80_columns_or_a_terminal_down_to_42(drawn, color, most):
    game, title, lang = drawn
    drawing = draw_board(game, title, lang, color, most)
    lines = plain(drawing).split("\n")  # a title's \x1e is no line break to a terminal
    assert max(len(line) for line in lines) <= most
    assert all(line == line.rstrip(" ") for line in lines)
    assert plain(drawing).count("[") - plain(title).count("[") == sum(1 for h in game.heights if h)
    assert plain(drawing) == draw_board(game, title, lang, most=most)


def test_a_terminal_narrower_than_41_columns_gets_the_columns_without_spaces_between():
    # a phone's 40 columns: seven cards of 5 and six spaces would be 41
    game = Game(Deal.from_number(1), EASY)
    lines = draw_board(game, "deal 1", "en", most=40).splitlines()
    assert lines[1:3] == ["  1    2    3    4    5    6    7", "  J♦   2♦   9♥   J♣   5♦   7♥   7♣"]
    assert lines[6] == " [4♥] [A♣] [4♦] [7♠] [3♠][10♦] [4♠]"
    assert lines[7:] == ["Stock: 16 cards", "Waste: 10♥", "Score: 0", "Moves: 0"]
    assert draw_board(game, "deal 1", "en", most=41).splitlines()[6].startswith(" [4♥]  [A♣]")
    assert max(map(len, draw_board(game, "deal 1", "fi", most=20).splitlines())) == 35


@settings(max_examples=200, deadline=None)
@given(st.lists(st.text("AKQJT98765432CDHS ", min_size=1, max_size=40), min_size=2, max_size=9))
def test_a_layout_as_title_is_wrapped_between_its_fields(fields):
    fields = [f.strip() or "-" for f in fields]
    game = Game(Deal.from_number(1), EASY)
    below = len(draw_board(game, "").split("\n")) - 1  # the lines under a one-line head
    head = draw_board(game, " | ".join(fields)).split("\n")[:-below]
    assert all(len(line) <= WIDTH for line in head)
    joined = " ".join(head)
    assert joined == " | ".join(fields) + ", easy rules"  # broken only at spaces
    for line in head[:-1]:
        assert line.endswith(" |")  # each break between two fields


# ----- colour ----------------------------------------------------------------------------------
def test_red_suits_are_painted_only_when_asked():
    game = Game(Deal.from_board((DATA / "rules-page-deal.board").read_text()), EASY)
    assert "\x1b" not in draw_board(game, "page", "en")
    painted = draw_board(game, "page", "en", color=True).splitlines()
    assert painted[2] == (f"  6♣    2♠   10♣    {RED}3♦{DEFAULT}    {RED}J♥{DEFAULT}   "
                          f"{RED}10♥{DEFAULT}    3♠     Stock: 16 cards")
    assert painted[3].endswith("Waste: A♣") and painted[6].startswith(f" [{RED}6♥{DEFAULT}]")


class _Stream(io.StringIO):
    def __init__(self, tty: bool) -> None:
        super().__init__()
        self.tty = tty

    def isatty(self) -> bool:
        return self.tty


@pytest.mark.parametrize(("tty", "asked", "env", "wanted"), [
    (True, None, {}, True),
    (True, None, {"NO_COLOR": "1"}, False),
    (True, None, {"NO_COLOR": ""}, True),  # no-color.org: set and not empty
    (True, None, {"TERM": "dumb"}, False),
    (False, None, {}, False),
    (True, False, {}, False),
    (False, True, {"NO_COLOR": "1"}, True)])  # an option given is the user's latest word
def test_colour_only_on_a_terminal_that_wants_it(tty, asked, env, wanted):
    assert wants_color(_Stream(tty), asked, env) is wanted


def test_a_closed_stream_is_no_terminal():
    stream = io.StringIO()
    stream.close()  # its isatty raises
    assert wants_color(stream, None, {}) is False


@pytest.mark.parametrize(("no_color", "painted"), [(None, True), ("1", False)])
def test_show_on_a_terminal_paints_unless_no_color(monkeypatch, no_color, painted):
    from golfsolve.cli import run

    monkeypatch.delenv("TERM", raising=False)
    monkeypatch.delenv("NO_COLOR", raising=False)
    if no_color:
        monkeypatch.setenv("NO_COLOR", no_color)
    terminal = _Stream(True)
    monkeypatch.setattr(sys, "stdout", terminal)
    assert run(["show", LAYOUT, "--lang", "en"]) == 0
    assert (f"{RED}J♥{DEFAULT}" in terminal.getvalue()) is painted
    assert plain(terminal.getvalue()).splitlines()[2:] == EN


def test_show_paints_only_when_asked(cli):
    assert "\x1b" not in cli("show", LAYOUT, "--lang", "en").out  # no terminal here
    painted = cli("show", LAYOUT, "--lang", "en", "--color").out
    assert "Waste: A♣" in painted and f"{RED}J♥{DEFAULT}" in painted
    assert "\x1b" not in cli("show", LAYOUT, "--lang", "en", "--color",
                             "--format", "text").out


def test_an_ascii_stdout_draws_cards_as_in_files():
    env = {**os.environ, "PYTHONIOENCODING": "ascii"}
    shown = subprocess.run([sys.executable, "-m", "golfsolve", "show", LAYOUT, "--lang", "fi"],
                           capture_output=True, env=env, check=False)
    assert (shown.returncode, shown.stderr) == (0, b"")
    assert shown.stdout.decode("ascii").splitlines()[2:] == [
        "  1     2     3     4     5     6     7",
        "  6C    2S    TC    3D    JH    TH    3S     Nostopakka: 16 korttia",
        "  5S    RC    AH    QH    3C    4H    7S     Poistopino: AC",
        "  QS    4S    2D    AS    7D    7H    3H     Pisteet:    0",
        "  TS    2C    5D    RD    8H    7C    9S     Siirrot:    0",
        " [6H]  [8C]  [JS]  [4C]  [9C]  [8D]  [5C]"]


def test_a_narrow_terminal_gets_the_title_wrapped_and_the_side_below(monkeypatch):
    """On a terminal 40 characters wide the title wraps to it and the stock, waste, score and
    moves go below the columns; not on a terminal, and never wider than 80."""
    from golfsolve.cli.render.views import render_grid

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    game = Game(Deal.from_board((DATA / "rules-page-deal.board").read_text()), EASY)
    title = "AC | 6C 5S QS TS 6H | 2S KC 4S 2C 8C | TC AH 2D 5D JS | 3D QH AS KD 4C"
    monkeypatch.setenv("COLUMNS", "40")
    narrow = render_grid(game, title, stream=Terminal()).splitlines()
    assert all(len(line) <= 40 for line in narrow if not line.startswith(("  ", " [")))
    assert narrow[-4:] == ["Stock: 16 cards", "Waste: A♣", "Score: 0", "Moves: 0"]
    wide = render_grid(game, title, stream=io.StringIO()).splitlines()
    assert wide == render_grid(game, title).splitlines() and wide[-1].startswith(" [")
    monkeypatch.setenv("COLUMNS", "200")
    assert render_grid(game, title, stream=Terminal()) == "\n".join(wide)
