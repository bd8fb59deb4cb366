"""A solution as one HTML page: the board at every step, stepped forward and back with
buttons, the arrow keys (Home and End for the ends), a click on a move in the list, or the
page's address (``#step=10``); the card the next move takes is outlined. Where each step's
actions were given values (a player's fair value, say), the step shows them.

The board is one SVG drawing (``board.stage``) holding every card that shows at some step; the
steps are numbers in the page (each column's height, which waste card shows, the stock's count,
score and moves) and a short script shows and hides the cards. Nothing is fetched: the page
opens from a file. The part that ``solution_html`` makes is the page's body, scoped to its own
element (a class, no ids; the keys step it when it has the focus, or when nothing has and it
was the last to have it), so that several can stand in one notebook; ``solution_page`` wraps
it in a document. The page's words are in the language it is given (English by default), as
the catalogue of golfsolve.model.i18n has them.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from numbers import Real
from typing import TYPE_CHECKING

from golfsolve.model.actions import Action
from golfsolve.model.cards import Card
from golfsolve.model.game import Game, Move
from golfsolve.model.i18n import chance_text, count_cards, text
from golfsolve.model.position import STOCK_SIZE, TABLEAU_SIZE
from golfsolve.pictures import board
from golfsolve.pictures.cards import label
from golfsolve.pictures.svg import content, element

if TYPE_CHECKING:  # the solver imports numba: a page of a solution made already needs none
    from golfsolve.solver import Solution

Values = Sequence[Mapping[Action, Real] | None]  # each step's actions' values, where given


def solution_page(solution: Solution, title: str = "", values: Values | None = None,
                  traditional: bool = False, lang: str = "en") -> str:
    """``solution`` as an HTML document of its own (see ``solution_html``)."""
    _check(solution, title, values, traditional, lang)
    head = (element("meta", charset="utf-8")
            + element("meta", name="viewport", content="width=device-width, initial-scale=1")
            + element("title", content(heading(solution, title, lang)))
            + element("style", "body{margin:24px;background:#f6f5f0}"))
    return "<!DOCTYPE html>\n" + element(
        "html", element("head", head),
        element("body", solution_html(solution, title, values, traditional, lang)),
        lang=lang) + "\n"


def _check(solution: object, title: object, values: object, traditional: object,
           lang: object) -> None:
    """The arguments of :func:`solution_page` and :func:`solution_html`, each of its type (a
    TypeError naming the argument; a language golfsolve has not, a ValueError)."""
    from golfsolve import checks
    from golfsolve.solver import Solution

    checks.instance(solution, Solution, "solution", "a Solution")
    checks.text(title, "title")
    checks.flag(traditional, "traditional")
    checks.language(lang)
    if values is not None:
        checks.items(values, "values", lambda value, name: checks.instance(
            value, (Mapping, type(None)), name, "a mapping from Action to a value, or None"))


def solution_html(solution: Solution, title: str = "", values: Values | None = None,
                  traditional: bool = False, lang: str = "en") -> str:
    """``solution`` stepped through, as an HTML element (a ``div`` of class ``gs-solution``):
    a heading (``title``, a deal's name, then the rules), the verdict, the board, the
    buttons, the moves as a list (``Start`` then each move, numbered from 0 as solve numbers
    them from 1), and the figures. ``values``: for each step from the start, the value of
    each legal action there (a Mapping from Action to a Fraction or float from 0 to 1, or
    None where not known), shown at that step; ``traditional`` adds the traditional score;
    its words in ``lang`` (one of golfsolve.model.i18n.LANGUAGES). ValueError for more values
    than steps, or for a step's value of an action not legal at that step; each argument
    checked (golfsolve.checks)."""
    _check(solution, title, values, traditional, lang)
    game = Game(solution.origin.position(), solution.rules)
    start, scene = game.columns(), board.Scene.of(game)
    wastes = [game.waste]
    frames = [_frame(game, 0)]
    legal = [set(game.legal_actions())]
    moves: list[Move] = []
    for action in solution.actions:
        moves.append(game.play(action))
        wastes.append(game.waste)  # every move turns up a new waste card
        frames.append(_frame(game, len(wastes) - 1))
        legal.append(set(game.legal_actions()))
    taking = [0 if m.action == "draw" else m.column for m in moves]  # what each step plays
    if values is not None and len(values) > len(frames):
        raise ValueError(f"{len(values)} steps' values for {len(frames)} steps")
    for step, given in enumerate(values or ()):
        wrong = [("a draw" if a.is_draw else f"column {a.column}") for a in sorted(
            given or {}, key=lambda a: a.column or 0) if a not in legal[step]]
        if wrong:
            raise ValueError(f"the values of step {step} name {', '.join(wrong)}: not legal "
                             "there (each step's values are of that step's position)")
    shown = [None] * len(frames) if values is None else [
        _values(v, start, frame, lang) if v else None
        for v, frame in zip(values, frames, strict=False)]
    shown += [None] * (len(frames) - len(shown))
    data = {"steps": frames, "next": taking, "values": shown,
            "stock": [count_cards(n, lang) for n in range(STOCK_SIZE + 1)],
            "end": {"won": text(lang, "page_end_won"),
                    "stuck": text(lang, "page_end_stuck")}.get(game.status, ""),
            "words": {"start": text(lang, "page_start"),
                      "move": text(lang, "page_move", n="{n}", last="{last}")}}
    drawing = board.document(board.stage(scene, wastes, lang), standalone=False)
    parts = [element("style", _STYLE),
             element("h2", content(heading(solution, title, lang))),
             element("p", content(_verdict(solution, lang)), class_="gs-verdict"),
             drawing,
             _controls(lang),
             element("p", "", class_="gs-values", aria_live="polite") if values else "",
             element("ol", *_items(moves, lang), class_="gs-moves", start=0),
             element("p", content(_figures(solution, traditional, lang)), class_="gs-figures"),
             element("p", content(text(lang, "page_help")), class_="gs-help"),
             element("script", _json(data), type="application/json", class_="gs-data"),
             element("script", f"/*<![CDATA[*/{_SCRIPT}/*]]>*/")]
    return element("div", *parts, class_="gs-solution", tabindex=0)


def heading(solution: Solution, title: str = "", lang: str = "en") -> str:
    """``GO1-E-AAAAAAB (deal 1), easy rules``: ``title`` (where given) and the rules."""
    rules = text(lang, f"rules_{solution.rules.name}")
    return f"{title}, {rules}" if title else rules[0].upper() + rules[1:]


def move_text(move: Move, lang: str = "en") -> str:
    """``draw 8♥``, ``column 4: 7♠``: as solve writes a move, the suit symbol whatever the
    output can show."""
    if move.action == "draw":
        return f"{text(lang, 'move_draw')} {label(move.card, lang)}"
    return f"{text(lang, 'move_column', column=move.column)}: {label(move.card, lang)}"


def _frame(game: Game, waste: int) -> list[int]:
    """A step as the script takes it: the 7 heights, the waste card's place in the list of
    wastes, the stock's count, the score, the moves."""
    return [*game.heights, waste, game.stock_left, game.score, game.move_count]


def _values(values: Mapping[Action, Real], start: list[tuple[Card, ...]],
            frame: list[int], lang: str) -> str:
    """``Every legal move: column 5 (9♣) 97.5%, draw 84.2%.``, highest first, as play's hint
    says it; each column named with its free card at that step (``frame``: the columns
    ``start`` cut to its heights)."""
    def name(action: Action) -> str:
        if action.is_draw:
            return text(lang, "hint_draw")
        column = action.column
        return text(lang, "hint_column", column=column,
                    card=label(start[column - 1][frame[column - 1] - 1], lang))

    ranked = sorted(values, key=lambda a: (-float(values[a]), a.is_draw, a.column or 0))
    return text(lang, "hint_values", moves=", ".join(
        f"{name(a)} {chance_text(values[a], lang)}" for a in ranked))


def _verdict(solution: Solution, lang: str) -> str:
    moves = solution.origin.trace(solution.actions)
    draws = sum(1 for m in moves if m.action == "draw")
    if solution.winnable:
        if not moves:
            return text(lang, "page_won_already")
        fewest = text(lang, "page_fewest") if solution.fewest_moves else ""
        return text(lang, "page_winnable", moves=len(moves), removals=len(moves) - draws,
                    draws=draws, fewest=fewest)
    if not moves:
        return text(lang, "page_lost_stuck", removed=solution.max_removed)
    return text(lang, "page_lost", removed=solution.max_removed)


def _figures(solution: Solution, traditional: bool, lang: str) -> str:
    figures = text(lang, "page_figures", removed=solution.max_removed, score=solution.best_score)
    if traditional:
        figures += text(lang, "page_traditional", left=TABLEAU_SIZE - solution.max_removed)
    return figures


def _controls(lang: str) -> str:
    made = [element("button", content(text(lang, f"page_{go}")), type="button", data_go=go,
                    title=text(lang, f"page_{go}_hint"), aria_label=text(lang, f"page_{go}_hint"))
            for go in ("first", "back", "forward", "last")]
    step = element("span", content(text(lang, "page_start")), class_="gs-step",
                   aria_live="polite")
    return element("div", *made[:2], step, *made[2:], class_="gs-controls")


def _items(moves: list[Move], lang: str) -> list[str]:
    """``Start``, then each move, its card red where its suit is (a ``span`` of class
    ``gs-red``)."""
    items = [element("li", content(text(lang, "page_start")), data_step=0,
                     class_="gs-current")]
    for n, move in enumerate(moves, 1):
        name = label(move.card, lang)
        words = content(move_text(move, lang)[: -len(name)])
        card = element("span", content(name), class_="gs-red") if move.card.suit in "HD" else (
            content(name))
        items.append(element("li", words + card, data_step=n))
    return items


def _json(data: object) -> str:
    """``data`` as JSON that can stand in a script element, in HTML and in XML alike, in
    ASCII (a script's text takes no character references: see ``cli/render/views.py``)."""
    return (json.dumps(data, separators=(",", ":"))
            .replace("&", "\\u0026").replace("<", "\\u003c").replace(">", "\\u003e"))


_STYLE = """
.gs-solution{font-family:system-ui,-apple-system,"Segoe UI","DejaVu Sans",Arial,sans-serif;
color:#1a1a1a;max-width:840px;outline:none}
.gs-solution h2{font-size:1.25rem;margin:0 0 .2em}
.gs-solution .gs-verdict{margin:0 0 .7em}
.gs-solution svg{display:block;max-width:100%;height:auto}
.gs-solution .gs-controls{display:flex;flex-wrap:wrap;align-items:center;gap:8px;
margin:10px 0;max-width:840px}
.gs-solution button{font:inherit;font-size:1rem;padding:5px 14px;border-radius:6px;
border:1px solid #8a8a8a;background:#fff;color:#1a1a1a;cursor:pointer;white-space:nowrap}
.gs-solution button:disabled{opacity:.4;cursor:default}
.gs-solution .gs-step{flex:1;text-align:center;font-weight:600;font-size:1.05rem}
@media (max-width:600px){.gs-solution .gs-step{order:1;flex-basis:100%}}
.gs-solution .gs-values{margin:4px 0 10px;min-height:1.3em}
.gs-solution .gs-moves{columns:5 10em;column-gap:12px;margin:6px 0;padding:0;
list-style-position:inside;font-size:.92rem;max-width:840px}
.gs-solution .gs-moves li{cursor:pointer;padding:1px 6px;border-radius:4px;
white-space:nowrap}
.gs-solution .gs-moves li:hover{background:#eceae0}
.gs-solution .gs-moves li.gs-current{background:#ffd54f}
.gs-solution .gs-red{color:#c8102e}
.gs-solution .gs-next>rect.face,.gs-solution .gs-next>rect.back{stroke:#ffb300;
stroke-width:5}
.gs-solution .gs-figures,.gs-solution .gs-help{color:#555;font-size:.92rem;margin:6px 0}
"""

# Reads the steps from the element's own data; no comment markers of two slashes, no address.
_SCRIPT = """
(function () {
  function init(root) {
    root.setAttribute('data-ready', '1');
    var data = JSON.parse(root.querySelector('script.gs-data').textContent);
    var steps = data.steps, last = steps.length - 1, at = 0;
    function all(selector) { return root.querySelectorAll(selector); }
    function show(el, on) { el.setAttribute('display', on ? 'inline' : 'none'); }
    var items = all('.gs-moves li'), label = root.querySelector('.gs-step');
    var valuesLine = root.querySelector('.gs-values');
    function go(n) {
      at = Math.max(0, Math.min(last, n));
      var s = steps[at];
      all('[data-c]').forEach(function (el) {
        show(el, +el.getAttribute('data-r') < s[+el.getAttribute('data-c') - 1]);
      });
      all('[data-slot]').forEach(function (el) {
        show(el, s[+el.getAttribute('data-slot') - 1] === 0);
      });
      all('[data-w]').forEach(function (el) { show(el, +el.getAttribute('data-w') === s[7]); });
      all('[data-stock]').forEach(function (el) {
        show(el, (s[8] > 0) === (el.getAttribute('data-stock') === '1'));
      });
      root.querySelector('.stock-count').textContent = s[8];
      root.querySelector('.stock > title').textContent = data.stock[s[8]];
      root.querySelector('.score .value').textContent = s[9];
      root.querySelector('.moves .value').textContent = s[10];
      all('.gs-next').forEach(function (el) { el.classList.remove('gs-next'); });
      if (at < last) {
        var column = data.next[at];
        var target = column === 0 ? root.querySelector('[data-stock="1"]') :
          root.querySelector('[data-c="' + column + '"][data-r="' + (s[column - 1] - 1) + '"]');
        if (target) { target.classList.add('gs-next'); }
      }
      items.forEach(function (li, i) { li.classList.toggle('gs-current', i === at); });
      var words = at === 0 ? data.words.start :
        data.words.move.replace('{n}', at).replace('{last}', last) + items[at].textContent;
      if (at === last && data.end) { words += ' (' + data.end + ')'; }
      label.textContent = words;
      if (valuesLine) { valuesLine.textContent = data.values[at] || ''; }
      all('[data-go="first"], [data-go="back"]').forEach(function (b) { b.disabled = at === 0; });
      all('[data-go="forward"], [data-go="last"]').forEach(function (b) {
        b.disabled = at === last;
      });
    }
    var moves = {first: function () { return 0; }, back: function () { return at - 1; },
                 forward: function () { return at + 1; }, last: function () { return last; }};
    root.addEventListener('click', function (e) {
      var button = e.target.closest('[data-go]'), item = e.target.closest('[data-step]');
      if (button) { go(moves[button.getAttribute('data-go')]()); }
      else if (item) { go(+item.getAttribute('data-step')); }
    });
    var keys = {ArrowLeft: 'back', ArrowRight: 'forward', Home: 'first', End: 'last'};
    root.addEventListener('focusin', function () { document.gsActive = root; });
    document.addEventListener('keydown', function (e) {
      var active = document.gsActive || document.querySelector('.gs-solution');
      var mine = root.contains(e.target) || (e.target === document.body && active === root);
      if (!mine || !keys[e.key] || e.altKey || e.ctrlKey || e.metaKey) { return; }
      e.preventDefault();
      go(moves[keys[e.key]]());
    });
    function fromAddress() {
      var asked = /step=([0-9]+)/.exec(window.location.hash);
      if (asked) { go(+asked[1]); }
    }
    window.addEventListener('hashchange', fromAddress);
    go(0);
    fromAddress();
  }
  document.querySelectorAll('.gs-solution:not([data-ready])').forEach(init);
})();
"""
