"""The pictures: a board as SVG (show --format svg, Deal and Position in Jupyter) and a solution
as one HTML page (solve --format html, Solution in Jupyter)."""

import json
import os
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from fractions import Fraction
from html.parser import HTMLParser

import pytest

import golfsolve
from golfsolve.model.actions import Action
from golfsolve.model.cards import SUIT_SYMBOLS, Card
from golfsolve.model.deal import Deal
from golfsolve.model.game import Game
from golfsolve.model.i18n import card_name
from golfsolve.model.position import Position
from golfsolve.pictures.board import board_svg
from golfsolve.pictures.cards import BLACK, RED, STRIP
from golfsolve.pictures.page import solution_html, solution_page

from .conftest import DATA
from .test_board_drawing import LAYOUT, POSITION

NS = "{http://www.w3.org/2000/svg}"
PAGE_BOARD = str(DATA / "rules-page-deal.board")
TITLE = "GO1-E-AAAAAAB (deal 1)"


def named(card: Card) -> str:
    """A card as the pictures write it: ``10♥``, the suit symbol whatever the output."""
    return ("10" if card.rank == 10 else card.rank_char) + SUIT_SYMBOLS[card.suit]


def said(move) -> str:
    """A move as solve writes it, with the suit symbol: ``draw 8♥``, ``column 4: 7♠``."""
    kind, column, card = move
    return f"draw {named(card)}" if kind == "draw" else f"column {column}: {named(card)}"


def of_class(root: ET.Element, name: str, tag: str = "g") -> list[ET.Element]:
    return [el for el in root.iter(NS + tag) if name in el.get("class", "").split()]


def texts(root: ET.Element) -> list[str]:
    return ["".join(t.itertext()) for t in root.iter(NS + "text")]


def titles(root: ET.Element) -> list[str]:
    return [t.text for t in root.iter(NS + "title")]


def drawn(position: Position, lang: str = "en") -> ET.Element:
    return ET.fromstring(board_svg(Game(position), lang))


# ----- a board ---------------------------------------------------------------------------------
def test_a_deal_is_drawn_as_the_app_lays_it_out(page_deal):
    root = drawn(page_deal.position())
    shown = [*(c for column in page_deal.tableau for c in column), page_deal.waste]
    cards = of_class(root, "card")
    assert len(cards) == 36
    words = texts(root)
    for card in shown:  # its name once as text (what a search finds), once as a title
        assert words.count(named(card)) == 1
        assert titles(root).count(card_name(card)) == 1
    for group in cards:  # a card's title and text name the same card, red for hearts, diamonds
        card = next(c for c in shown if card_name(c) == group.find(NS + "title").text)
        name = group.find(NS + "text[@class='name']")
        assert (name.text, name.get("fill")) == (named(card), RED if card.suit in "HD" else BLACK)
        assert group.get("role") == "img"
    assert [g.find(NS + "title").text for g in of_class(root, "free")] == [
        "6 of hearts", "8 of clubs", "jack of spades", "4 of clubs", "9 of clubs",
        "8 of diamonds", "5 of clubs"]
    assert [g.find(NS + "title").text for g in of_class(root, "waste")] == ["ace of clubs"]
    [stock] = of_class(root, "stock")
    assert stock.find(NS + "title").text == "Stock: 16 cards"
    assert texts(stock) == ["16"]
    assert (len(of_class(stock, "card-back")), of_class(stock, "card")) == (1, [])
    for card in page_deal.stock:  # face down: no stock card is named anywhere
        assert named(card) not in words and card_name(card) not in titles(root)
    assert words[-2:] == ["Score: 0", "Moves: 0"]
    assert of_class(root, "slot", "rect") == []


def test_each_column_runs_down_and_its_free_card_shows_whole(page_deal):
    root = drawn(page_deal.position())
    rects = [(g.find(NS + "title").text, g.find(NS + "rect")) for g in of_class(root, "card")]
    places = [(int(r.get("x")), int(r.get("y")), int(r.get("width")), int(r.get("height")))
              for _, r in rects]
    for c, column in enumerate(page_deal.tableau):
        mine = places[5 * c:5 * c + 5]
        assert [name for name, _ in rects[5 * c:5 * c + 5]] == [card_name(x) for x in column]
        assert len({x for x, *_ in mine}) == 1  # one x a column, left to right
        assert [y - mine[0][1] for _, y, *_ in mine] == [STRIP * r for r in range(5)]
    columns_x = [places[5 * c][0] for c in range(7)]
    assert columns_x == sorted(columns_x)
    for i, (x, y, w, h) in enumerate(places):  # what is drawn over a card: only the cards
        over = [(x2, y2) for x2, y2, w2, h2 in places[i + 1:]  # below it in its column, its
                if x < x2 + w2 and x2 < x + w and y < y2 + h2 and y2 < y + h]  # strip left
        assert all(x2 == x and y2 >= y + STRIP for x2, y2 in over)
        assert (i % 5 == 4 or i == 35) == (not over)  # the free cards and the waste show whole


def test_a_position_mid_game_shows_what_is_left():
    position = Position.from_board(POSITION)  # deal 1 after 30 moves, the stock unseen
    root = drawn(position)
    shown = [*(c for column in position.columns for c in column), position.waste]
    assert len(of_class(root, "card")) == len(shown) == 12
    words, names = texts(root), titles(root)
    for card in shown:
        assert words.count(named(card)) == 1 and names.count(card_name(card)) == 1
    for card in (*position.removed, *position.unseen):  # removed or face down: not named
        assert named(card) not in words and card_name(card) not in names
    assert [r.find(NS + "title").text for r in of_class(root, "slot", "rect")] == [
        "Column 1: empty", "Column 3: empty"]
    [stock] = of_class(root, "stock")
    assert (stock.find(NS + "title").text, texts(stock)) == ("Stock: 10 cards", ["10"])
    assert len(of_class(stock, "card-back")) == 1
    assert [g.find(NS + "title").text for g in of_class(root, "waste")] == ["jack of spades"]
    assert words[-2:] == ["Score: 240", "Moves: 30"]


def test_an_empty_stock_is_an_empty_place_with_0(page_deal):
    stock = page_deal.stock
    position = Position(page_deal.tableau, stock[-1], (), (page_deal.waste, *stock[:-1]))
    [drawn_stock] = of_class(drawn(position), "stock")
    assert (drawn_stock.find(NS + "title").text, texts(drawn_stock)) == ("Stock: 0 cards", ["0"])
    assert of_class(drawn_stock, "card-back") == []
    assert len(of_class(drawn_stock, "slot", "rect")) == 1


def test_the_words_are_in_the_language_asked(page_deal):
    root = drawn(page_deal.position(), "fi")
    assert texts(root).count("R♣") == 1 and "K♣" not in texts(root)  # KC, column 2
    assert titles(root).count("ristikuningas") == 1
    assert {"Nostopakka", "Poistopino", "Pisteet: 0", "Siirrot: 0"} <= set(texts(root))
    assert of_class(root, "stock")[0].find(NS + "title").text == "Nostopakka: 16 korttia"


def test_a_name_is_escaped_in_the_markup():
    from golfsolve.pictures.svg import element

    assert element("text", "a", title='<"&>') == '<text title="&lt;&quot;&amp;&gt;">a</text>'


# ----- show --format svg and the Jupyter reprs -------------------------------------------------
def test_show_svg_writes_the_deals_own_picture(cli, page_deal):
    done = cli("show", PAGE_BOARD, "--format", "svg", "--lang", "en")
    assert (done.code, done.err) == (0, "")
    assert done.out == page_deal._repr_svg_() + "\n"
    assert done.out == board_svg(Game(page_deal)) + "\n"
    assert done.out.startswith('<svg xmlns="http://www.w3.org/2000/svg" class="golf-board"')
    assert cli("show", LAYOUT, "--format", "svg", "--lang", "en").out == done.out


def test_show_svg_of_a_position_is_the_positions_own_picture(cli, tmp_path):
    path = tmp_path / "position.board"
    path.write_text(POSITION, encoding="utf-8")
    done = cli("show", str(path), "--format", "svg", "--lang", "en")
    assert (done.code, done.err) == (0, "")
    assert done.out == Position.from_board(POSITION)._repr_svg_() + "\n"
    assert cli("show", str(path), "--format", "svg", "--lang", "tr").out == (
        board_svg(Game(Position.from_board(POSITION)), "tr") + "\n")


def test_an_ascii_stdout_gets_the_same_picture_with_references(page_deal):
    env = {**os.environ, "PYTHONIOENCODING": "ascii"}
    shown = subprocess.run([sys.executable, "-m", "golfsolve", "show", LAYOUT, "--format", "svg",
                            "--lang", "en"], capture_output=True, env=env, check=False)
    assert (shown.returncode, shown.stderr) == (0, b"")
    out = shown.stdout.decode("ascii")
    assert "&#9829;" in out and "?" not in out  # 7♥ as a reference, never a ?
    assert ET.canonicalize(out) == ET.canonicalize(page_deal._repr_svg_())


@pytest.mark.parametrize("encoding", ["cp1252", "latin-1"])
@pytest.mark.parametrize("lang", ["fi", "tr"])
def test_a_picture_written_in_another_encoding_is_the_same_utf8_readable_picture(encoding,
                                                                               lang):
    """ä and Ç, which cp1252 and Latin-1 can write as one byte of their own, are references
    too: a reader takes the picture as UTF-8."""
    env = {**os.environ, "PYTHONIOENCODING": encoding}
    shown = subprocess.run([sys.executable, "-m", "golfsolve", "show", "1", "--format", "svg",
                            "--lang", lang], capture_output=True, env=env, check=False)
    assert (shown.returncode, shown.stderr) == (0, b"")
    out = shown.stdout.decode("ascii")  # nothing past ASCII
    assert ET.canonicalize(out) == ET.canonicalize(
        board_svg(Game(Deal.from_number(1)), lang) + "\n")


def test_a_page_written_in_cp1252_reads_as_its_utf8_self():
    env = {**os.environ, "PYTHONIOENCODING": "cp1252"}
    shown = subprocess.run([sys.executable, "-m", "golfsolve", "solve", "1", "--format", "html"],
                           capture_output=True, env=env, check=False)
    assert (shown.returncode, shown.stderr) == (0, b"")
    out = shown.stdout.decode("ascii")
    assert "&#171; First" in out and "Last &#187;" in out  # not the bytes 0xAB and 0xBB


def test_a_picture_loads_neither_numba_nor_numpy():
    script = ("import sys, golfsolve; assert 'golfsolve.pictures' not in sys.modules; "
              "golfsolve.Deal.from_number(1)._repr_svg_(); "
              "print(sorted(m for m in ('numba', 'numpy') if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          check=False)
    assert (done.returncode, done.stdout, done.stderr) == (0, "[]\n", "")


# ----- the solution page -----------------------------------------------------------------------
@pytest.fixture(scope="module")
def solution():
    return golfsolve.solve(Deal.from_number(1), "easy")


def page_data(root: ET.Element) -> dict:
    return json.loads(root.find(".//script[@type='application/json']").text)


def test_the_page_has_a_step_for_the_start_and_each_move(solution):
    page = solution_page(solution, TITLE)
    assert page.startswith('<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"/>')
    root = ET.fromstring(page)  # well-formed: XML parses it
    assert (root.find("head/title").text, root.find(".//h2").text) == (
        "GO1-E-AAAAAAB (deal 1), easy rules",) * 2
    assert root.find(".//p[@class='gs-verdict']").text == (
        "Winnable in 48 moves (35 removals, 13 draws).")
    assert root.find(".//p[@class='gs-figures']").text == (
        "Max removed: 35 of 35. Best score: 350.")
    items = root.findall(".//ol[@class='gs-moves']/li")
    assert len(items) == len(solution.moves) + 1 == 49
    assert ["".join(li.itertext()) for li in items] == ["Start", *map(said, solution.moves)]
    assert ["".join(li.itertext()) for li in items[1:3]] == ["draw 8♥", "column 4: 7♠"]
    assert [li.get("data-step") for li in items] == [str(n) for n in range(49)]
    assert root.find(".//ol/li[2]/span[@class='gs-red']").text == "8♥"
    data = page_data(root)
    game = Game(Deal.from_number(1))
    for n, step in enumerate(data["steps"]):  # each step as the game stands after n moves
        if n:
            game.play(solution.actions[n - 1])
        assert step == [*game.heights, n, game.stock_left, game.score, game.move_count]
    assert data["steps"][-1][:7] == [0] * 7 and data["end"] == "won"
    assert data["next"] == [a.column or 0 for a in solution.actions]
    assert data["values"] == [None] * 49 and root.find(".//p[@class='gs-values']") is None


def test_the_pages_board_holds_every_card_once(solution):
    root = ET.fromstring(solution_page(solution, TITLE))
    [board] = root.iter("svg")
    assert board.get("xmlns") is None  # part of the page
    cards = [g for g in board.iter("g") if "card" in g.get("class", "").split()]
    laid = [g for g in cards if g.get("data-c")]
    assert sorted((int(g.get("data-c")), int(g.get("data-r"))) for g in laid) == [
        (c, r) for c in range(1, 8) for r in range(5)]
    wastes = [g for g in cards if g.get("data-w")]
    assert [g.find("title").text for g in wastes] == [
        card_name(c) for c in (Deal.from_number(1).waste, *(m.card for m in solution.moves))]
    assert [g.get("display") for g in wastes] == [None] + ["none"] * 48  # the start shows
    assert len(cards) == 35 + 49


def test_the_page_is_self_contained(solution):
    page = solution_page(solution, TITLE)
    for reference in ("http://", "https://", "//", "src=", "href=", "url(", "@import"):
        assert reference not in page
    root = ET.fromstring(page)
    assert [el.tag for el in root.iter() if el.tag in ("img", "link", "iframe", "object")] == []


def test_a_lost_deals_page_ends_at_its_dead_end():
    lost = golfsolve.solve(Deal.from_number(1), "classic")
    root = ET.fromstring(solution_page(lost, "GO1-C-AAAAAAB (deal 1)", traditional=True))
    assert root.find(".//p[@class='gs-verdict']").text == (
        "Cannot be won: the best line removes 29 of 35, then no move is left.")
    assert root.find(".//p[@class='gs-figures']").text == (
        "Max removed: 29 of 35. Best score: 230. Traditional score: 6 (cards left on the "
        "tableau; 0 for a win).")
    data = page_data(root)
    end = data["steps"][-1]
    assert (sum(end[:7]), end[8], data["end"]) == (6, 0, "no more moves")


def test_each_steps_values_show_where_given(solution):
    # (the start has a draw alone, the next step column 4 too, the one after a draw alone)
    values = [None, {Action(None): Fraction(3, 4), Action(4): Fraction(9, 10)}, {Action(): 0.5}]
    root = ET.fromstring(solution_page(solution, TITLE, values))
    assert page_data(root)["values"] == [
        None, "Every legal move: column 4 (7♠) 90.0%, draw 75.0%.",
        "Every legal move: draw 50.0%.", *[None] * 46]
    assert root.find(".//p[@class='gs-values']") is not None
    with pytest.raises(ValueError, match="50 steps' values for 49 steps"):
        solution_html(solution, values=[None] * 50)
    # another position's values: the start has a draw alone
    with pytest.raises(ValueError, match=r"^the values of step 0 name column 1, column 3, "
                       r"column 5: not legal there \(each step's values are of that step's "
                       r"position\)$"):
        solution_html(solution, values=[{Action(1): 0.5, Action(5): 0.2, Action(3): 0.1,
                                         Action(): 0.4}])


def test_a_steps_chance_near_0_or_1_reads_as_plays_hint_says_it(solution):
    # a chance of 1 in 100,000 is not "0.0%" (a player would read it as no chance at all)
    values = [None, {Action(None): Fraction(1, 100_000), Action(4): Fraction(99_999, 100_000)}]
    root = ET.fromstring(solution_page(solution, TITLE, values + [None] * 47, lang="fi"))
    assert page_data(root)["values"][1] == (
        "Jokainen sallittu siirto: sarake 4 (7♠) >99,9 %, nosto <0,1 %.")


def test_a_solution_shows_its_page_in_jupyter(solution):
    fragment = solution._repr_html_()
    assert fragment == solution_html(solution)
    assert fragment.startswith('<div class="gs-solution" tabindex="0">')
    assert ET.fromstring(fragment).find("h2").text == "Easy rules"  # it knows no deal's name
    assert solution_html(solution, TITLE) in solution_page(solution, TITLE)


# ----- solve --format html ---------------------------------------------------------------------
def test_solve_html_writes_the_solutions_page(cli, solution):
    done = cli("solve", "1", "--format", "html")
    assert (done.code, done.err) == (0, "")
    assert done.out == solution_page(solution, TITLE)
    # the page's body is the solution's own Jupyter picture, named
    assert done.out.replace(f"<h2>{TITLE}, easy rules</h2>", "<h2>Easy rules</h2>").count(
        solution._repr_html_()) == 1


def test_solve_html_names_a_file_and_adds_the_traditional_score(cli, tmp_path):
    board = tmp_path / "page.board"
    board.write_text((DATA / "rules-page-deal.board").read_text(encoding="utf-8"),
                     encoding="utf-8")
    done = cli("solve", str(board), "--rules", "dead-king", "--format", "html",
               "--score", "traditional")
    assert done.code == 0
    root = ET.fromstring(done.out)
    assert root.find(".//h2").text == f"{board}, dead-king rules"
    assert "Traditional score: " in root.find(".//p[@class='gs-figures']").text


def test_solve_html_of_a_typed_layout_is_headed_as_the_text_is(cli):
    """A whole deal typed on one line heads its page shortened, as solve's first line."""
    line = ("8S KS 5H JC 6S TD 9D 4D QD JD 9H 6D QC KH 2H AD | AC | 6C 5S QS TS 6H | 2S KC 4S "
            "2C 8C | TC AH 2D 5D JS | 3D QH AS KD 4C | JH 3C 7D 8H 9C | TH 4H 7H 7C 8D | 3S 7S "
            "3H 9S 5C")
    short = "8S KS 5H JC 6S TD 9D 4D QD JD 9H 6D QC KH 2H AD | AC | ... | 3S 7S 3H 9S 5C"
    root = ET.fromstring(cli("solve", line, "--format", "html").out)
    assert root.find(".//h2").text == root.find(".//title").text == f"{short}, easy rules"
    assert cli("solve", line).out.startswith(f"{short}, easy rules: ")


@pytest.mark.parametrize(("args", "message"), [
    (("1", "--json", "--format", "html"),
     "--json and --format html ask for two outputs: give one"),
    (("1", "--json", "--format", "text"),
     "--json and --format text ask for two outputs: give one"),
    (("1", "2", "--format", "html"), "--format html writes one page, for one deal under one "
     "rule set: here 2 (deal, rules) pairs; give them one at a time"),
    (("1", "--rules", "all", "--format", "html"), "--format html writes one page, for one "
     "deal under one rule set: here 4 (deal, rules) pairs; give them one at a time"),
    (("1", "--format", "svg"),
     "Invalid value for '--format': 'svg' is not one of 'text', 'json', 'html'."),
])
def test_solve_refuses_what_one_page_cannot_hold(cli, args, message):
    done = cli("solve", *args)
    assert (done.code, done.out, done.err) == (
        2, "", f"golfsolve solve: error: {message} (see --help)\n")


def test_show_refuses_a_page(cli):
    done = cli("show", "1", "--format", "html")
    assert (done.code, done.out, done.err) == (2, "", (
        "golfsolve show: error: Invalid value for '--format': 'html' is not one of 'text', "
        "'grid', 'board', 'json', 'line', 'svg'. (see --help)\n"))


def test_solves_other_outputs_are_as_they_were(cli):
    def timeless(out: str) -> str:
        return re.sub(r"[0-9.]+ s\)", "s)", out)

    text = cli("solve", "1", "2")
    assert text.out.startswith("GO1-E-AAAAAAB (deal 1), easy rules: winnable in 48 moves")
    assert timeless(cli("solve", "1", "2", "--format", "text").out) == timeless(text.out)
    records = [json.loads(line) for line in cli("solve", "1", "2", "--json").out.splitlines()]
    formatted = [json.loads(line) for line in
                 cli("solve", "1", "2", "--format", "json").out.splitlines()]
    assert len(records) == 2
    for record in (*records, *formatted):
        record.pop("ms")
    assert formatted == records


# ----- in a browser ----------------------------------------------------------------------------
class _Shown(HTMLParser):
    """What a browser's page holds once its script has run: the step's words, which cards of
    the columns are hidden, which waste card shows."""

    def __init__(self) -> None:
        super().__init__()
        self.hidden, self.waste, self.step, self._in_step = [], None, "", False

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if "data-c" in a and a.get("display") == "none":
            self.hidden.append((int(a["data-c"]), int(a["data-r"])))
        if "data-w" in a and a.get("display") != "none":
            self.waste = int(a["data-w"])
        self._in_step = a.get("class") == "gs-step"

    def handle_data(self, data):
        if self._in_step:
            self.step += data
            self._in_step = False


def in_browser(path, html: str, fragment: str = "") -> _Shown:
    """``html`` as Chromium shows it once its scripts have run, its address ending in
    ``fragment``."""
    path.write_text(html, encoding="utf-8")
    done = subprocess.run(["chromium", "--headless", "--no-sandbox", "--disable-gpu",
                           "--dump-dom", path.as_uri() + fragment],
                          capture_output=True, text=True, timeout=120, check=False)
    shown = _Shown()
    shown.feed(done.stdout)
    return shown


needs_chromium = pytest.mark.skipif(shutil.which("chromium") is None,
                                    reason="needs Chromium (apt-get install chromium)")


@needs_chromium
def test_the_page_goes_to_the_step_its_address_names(tmp_path, solution):
    shown = in_browser(tmp_path / "deal1.html", solution_page(solution, TITLE), "#step=10")
    assert shown.step == "Move 10 of 48: column 2: A♣"
    game = Game(Deal.from_number(1))
    for action in solution.actions[:10]:
        game.play(action)
    assert sorted(shown.hidden) == [(c, r) for c in range(1, 8)
                                    for r in range(game.heights[c - 1], 5)]
    assert shown.waste == 10


@needs_chromium
def test_a_turkish_page_steps_in_turkish(tmp_path, solution):
    page = solution_page(solution, TITLE, lang="tr")
    assert in_browser(tmp_path / "tr.html", page, "#step=48").step == (
        "Hamle 48/48: sütun 6: 7♥ (kazanıldı)")
    assert in_browser(tmp_path / "tr0.html", page).step == "Başlangıç"


@needs_chromium
def test_the_keys_and_buttons_step_the_page(tmp_path, solution):
    keys = "".join(f"document.body.dispatchEvent(new KeyboardEvent('keydown', {{key: '{key}', "
                   "bubbles: true}));" for key in ("ArrowRight",) * 3 + ("ArrowLeft",))
    clicks = "document.querySelector('[data-go=forward]').click();"
    page = solution_page(solution, TITLE).replace("</body>", f"<script>{keys}{clicks}</script>"
                                                  "</body>")
    assert in_browser(tmp_path / "keys.html", page).step == "Move 3 of 48: draw 2♣"
    ends = page.replace(clicks, "document.querySelector('[data-step=\"47\"]').click();"
                        "document.body.dispatchEvent(new KeyboardEvent('keydown', "
                        "{key: 'ArrowRight', bubbles: true}));")
    assert in_browser(tmp_path / "end.html", ends).step == "Move 48 of 48: column 6: 7♥ (won)"


@pytest.mark.parametrize(("lang", "title"), [("en", "Golf, classic rules"),
                                             ("fi", "Golf, Klassinen-säännöt"),
                                             ("id", "Golf, aturan Klasik"),
                                             ("tr", "Golf, Klasik kuralı")])
def test_a_board_names_its_language_and_its_rules_for_a_screen_reader(lang, title):
    from golfsolve.model.rules import CLASSIC

    root = ET.fromstring(board_svg(Game(Deal.from_number(1), CLASSIC), lang))
    assert root.get("{http://www.w3.org/XML/1998/namespace}lang") == lang
    assert root[0].tag == "{http://www.w3.org/2000/svg}title" and root[0].text == title


# ----- the page in another language ------------------------------------------------------------
def test_a_page_in_finnish_says_everything_in_finnish(solution):
    from golfsolve.model.i18n import TEXTS

    fi = TEXTS["fi"]
    page = solution_page(solution, "GO1-E-AAAAAAB (jako 1)", lang="fi")
    root = ET.fromstring(page)
    assert root.get("lang") == "fi"
    assert root.find(".//h2").text == "GO1-E-AAAAAAB (jako 1), Helppo-säännöt"
    assert root.find(".//p[@class='gs-verdict']").text == (
        "Voitettavissa 48 siirrolla (poistoja 35, nostoja 13).")
    assert [b.text for b in root.iter("button")] == [
        "« Alku", "◀ Taaksepäin", "Eteenpäin ▶", "Loppu »"]
    assert [b.get("title") for b in root.iter("button")] == [
        fi[f"page_{go}_hint"] for go in ("first", "back", "forward", "last")]
    assert root.find(".//p[@class='gs-figures']").text == (
        "Enintään poistettu: 35/35. Paras pistemäärä: 350.")
    assert root.find(".//p[@class='gs-help']").text == fi["page_help"]
    items = ["".join(li.itertext()) for li in root.iter("li")]
    assert items[:3] == ["Alku", "nosto 8♥", "sarake 4: 7♠"]
    assert "sarake 3: R♣" in items  # the king R, as on the board and the rules pages
    data = page_data(root)
    assert data["words"] == {"start": "Alku", "move": "Siirto {n}/{last}: "}
    assert (data["end"], data["stock"][16]) == ("voitettu", "16 korttia")


@pytest.mark.parametrize("lang", ["en", "fi", "id", "tr"])
def test_solve_html_lang_gives_the_page_in_that_language(cli, lang):
    from golfsolve.model.i18n import text
    from golfsolve.model.rules import CLASSIC

    done = cli("solve", "7", "--rules", "classic", "--format", "html", "--lang", lang)
    assert (done.code, done.err) == (0, "")
    title = f"GO1-C-AAAAAAH ({text(lang, 'deal_number', n=7)})"
    assert done.out == solution_page(golfsolve.solve(Deal.from_number(7), CLASSIC), title,
                                     lang=lang)
    assert text(lang, "page_lost", removed=33) in done.out


def test_solve_lang_is_the_pages_and_refused_without_it(cli):
    done = cli("solve", "1", "--lang", "fi")
    assert (done.code, done.out, done.err) == (2, "", (
        "golfsolve solve: error: --lang is the html page's language (--format html); solve's "
        "text is English (see --help)\n"))


def test_a_pages_language_is_checked(solution):
    with pytest.raises(ValueError, match="lang must be one of en, fi, id, tr, not 'xx'"):
        solution_page(solution, lang="xx")
    with pytest.raises(TypeError, match="lang"):
        solution_html(solution, lang=5)


def test_every_language_has_every_text_with_the_same_fields():
    import string

    from golfsolve.model.i18n import TEXTS

    def fields(words: str) -> set[str]:
        return {name for _, name, _, _ in string.Formatter().parse(words) if name}

    keys = set(TEXTS["en"])
    assert {lang: set(texts) ^ keys for lang, texts in TEXTS.items()} == dict.fromkeys(
        TEXTS, set())
    assert [(lang, key) for lang, texts in TEXTS.items() for key in keys
            if fields(texts[key]) != fields(TEXTS["en"][key])] == []
