"""Renderings of games and solutions as text and JSON, shared by the commands, and the
pictures (golfsolve.pictures) fitted to the stream they go to."""

from __future__ import annotations

from typing import TYPE_CHECKING

from golfsolve.cli.render.board import WIDTH, draw_board
from golfsolve.cli.render.summary import plural, render_interval
from golfsolve.cli.streams import is_terminal, shown_encoding, terminal_width
from golfsolve.model.actions import Action, best_of
from golfsolve.model.game import Game
from golfsolve.model.i18n import chance_text

if TYPE_CHECKING:  # the solver imports numba: only the commands that solve load it
    from golfsolve.odds import ActionOdds, Figure, Odds
    from golfsolve.solver import Solution


def render_grid(game: Game, title: str, lang: str = "en", color: bool = False,
                stream=None) -> str:
    """The board as the app lays it out (``board.draw_board``): what ``show``, ``play`` and
    ``replay --format grid`` print; ``color`` paints the red suits with ANSI escapes. On a
    terminal ``stream`` narrower than the drawing's 80 characters, as narrow as it."""
    return draw_board(game, title, lang, color, board_width(stream))


def board_width(stream) -> int:
    """The characters a line of a drawing may take on ``stream``: 80, or a terminal's width
    where that is less (never below 20)."""
    if stream is None or not is_terminal(stream):
        return WIDTH
    return min(WIDTH, terminal_width())


def fitted_markup(markup: str, stream) -> str:
    """An SVG or HTML document as ``stream`` can write it and a reader reads it: as it is
    where the stream writes UTF-8 (what the documents are read as: an SVG names no other
    encoding, a page names UTF-8), else every character past ASCII as a character
    reference, ``&#9829;``, which reads as the same document (``ä`` written in Windows' cp1252
    would be one byte that no UTF-8 reader takes). The pictures keep such characters out of
    their scripts and styles, where a reference would not be read as one."""
    import codecs

    if codecs.lookup(shown_encoding(stream)).name == "utf-8":
        return markup
    return markup.encode("ascii", "xmlcharrefreplace").decode("ascii")


def render_solution(title: str, solution: Solution, traditional: bool = False) -> str:
    """A solution for people; ``traditional`` adds the traditional score (cards left)."""
    draws = sum(1 for m in solution.moves if m.action == "draw")
    removals = len(solution.moves) - draws
    head = f"{title}, {solution.rules.name} rules: "
    if solution.winnable:
        fewest = ", the fewest possible" if solution.fewest_moves else ""
        head += (f"winnable in {len(solution.moves)} moves "
                 f"({removals} removals, {draws} draws{fewest})")
        intro = "Solution:"
    else:
        head += "cannot be won"
        intro = f"Best line ({solution.max_removed} of 35 removed, then no more moves):"
    if not solution.moves:  # a won position, or one with no move left
        intro = ("Solution: none needed, the tableau is cleared." if solution.winnable else
                 f"Best line: none, no move is left ({solution.max_removed} of 35 removed).")
    lines = [head, intro]
    width = len(str(len(solution.moves)))
    lines += [f"  {i:>{width}}. {m}" for i, m in enumerate(solution.moves, 1)]
    lines.append(
        f"Max removed: {solution.max_removed} of 35. Best score: {solution.best_score}. "
        f"({plural(solution.states, 'state')} searched in {solution.seconds:.3f} s)"
    )
    if traditional:
        lines.append(f"Traditional score: {35 - solution.max_removed} (cards left on the "
                     "tableau; 0 for a win).")
    return "\n".join(lines)


def _figure(figure: Figure, of: str) -> str:
    """``61.9%  estimate: 619 of 1,000 sampled orders, 95% interval [58.9%, 64.9%]``."""
    if figure.kind == "not computed":
        if figure.budget is not None:
            return (f"not computed: {figure.reason} (--budget raises it: about half a million "
                    "states a second)")
        return f"not computed: {figure.reason}"
    percent = f"{100 * float(figure.value):5.1f}%"
    if figure.kind == "exact":  # over the orders counted where they are known
        wins, out_of = ((figure.wins, figure.out_of) if figure.out_of is not None else
                        (figure.value.numerator, figure.value.denominator))
        return f"{percent}  exact ({wins:,}/{out_of:,})"
    return (f"{percent}  estimate: {figure.wins:,} of {figure.out_of:,} {of}, 95% interval "
            f"{render_interval(figure.interval)}")


def _best_first(action) -> tuple[float, float]:
    """An action's place in the table: the highest fair value first, then the highest
    clairvoyant odds (ties in the order given)."""
    def value(figure: Figure) -> float:
        return -1.0 if figure.kind == "not computed" else float(figure.value)

    return -value(action.fair), -value(action.clairvoyant)


def _short(figure: Figure) -> str:
    if figure.kind == "not computed":
        return "-"
    return chance_text(figure.value, "en") + ("" if figure.kind == "exact" else " ~")


def _bound(figure: Figure, which: str) -> str:
    """``an upper bound``, or for an estimate ``estimates an upper bound``: by sampling chance
    an estimate may fall on the wrong side of the fair value."""
    return f"{which} bound" if figure.kind == "exact" else f"estimates {which} bound"


def render_odds(title: str, odds: Odds) -> str:
    """The figures of one rule set, each labelled for what it is, the player's chance first,
    and the move table."""
    cards = {a.action: a.card for a in odds.actions}
    fair_actions = {a.action: a.fair for a in odds.actions}
    return "\n".join([
        odds_head(title, odds.rules.name, odds.unseen, odds.orders, list(cards), cards),
        *odds_fair(odds.fair, fair_actions, odds.score, cards), *odds_rest(odds)])


def odds_head(title: str, rules: str, unseen: int, orders: int, legal: list[Action],
              cards: dict) -> str:
    """What is weighed, and the one legal move where there is only one (known at once)."""
    head = (f"{title}, {rules} rules: {unseen} unseen stock cards "
            f"({plural(orders, 'order')} of their ranks)")
    if len(legal) == 1:
        head += f"\n  only legal move    {_move(legal[0], cards[legal[0]])}"
    return head


def odds_fair(fair: Figure, actions: dict[Action, Figure], score: dict | None,
              cards: dict) -> list[str]:
    """The fair value (the player's real chance) and the best move by it, where it is
    exact; where no move wins, the best for the score and each move's, where they are
    known (``score``: each action's expected final score)."""
    lines = [f"  fair value        {_figure(fair, 'orders')}"
             + (": your chance with best play" if fair.kind == "exact" else "")]
    if fair.kind == "exact" and len(actions) > 1 and not fair.value:
        lines.append("  best move          none: no move wins under any order")
        if score:
            best = best_of(score, score.__getitem__)
            lines.append(f"  for the score      {_move(best, cards[best])}: "
                         f"{float(score[best]):.1f} on average with best play")
            ranked = sorted(score, key=lambda a: -score[a])
            lines += _wrapped("  average score     ", [f"{_move(a, cards[a])} {float(score[a]):.1f}"
                                                      for a in ranked])
    elif fair.kind == "exact" and len(actions) > 1:
        best = best_of(actions, lambda a: actions[a].value)
        lines.append(f"  best move          {_move(best, cards[best])}")
    return lines


def odds_rest(odds: Odds) -> list[str]:
    """The clairvoyant odds (an upper bound), the policy (a lower bound), the most cards
    removable, where no move wins and the score's exact value is out of reach the best move
    for the score over the orders weighed (each played seeing the stock), the move table, and
    the recommended move where the fair value does not name it."""
    of = "sampled orders" if odds.clairvoyant.kind == "estimate" else "orders"
    below = (odds.clairvoyant.kind == "estimate" and odds.fair.kind == "exact"
             and odds.clairvoyant.value < odds.fair.value)
    lines = [f"  clairvoyant odds  {_figure(odds.clairvoyant, of)}; "
             f"{_bound(odds.clairvoyant, 'an upper')} on the fair value"
             + (" (below it here by sampling chance)" if below else "")]
    if odds.policy is not None:
        gap = ""
        if odds.policy.value is not None and odds.fair.kind == "exact":
            points = 100 * float(odds.fair.value - odds.policy.value)
            gap = (f", {points:.1f} points below it" if points >= 0.05 else
                   f", {-points:.1f} points above it by chance" if points <= -0.05 else
                   ", equal to it")
        lines.append(f"  policy            {_figure(odds.policy, 'games')}; "
                     f"{_bound(odds.policy, 'a lower')} on the fair value{gap}")
    total = sum(odds.max_removed.values())
    shares = [f"{removed}: {100 * n / total:.1f}%" for removed, n in
              sorted(odds.max_removed.items(), reverse=True)]
    lines += _wrapped("  most removed      ", shares)
    if odds.sampled_score:  # no move wins, and the score's exact value is out of reach
        sampled = odds.sampled_score
        cards = {a.action: a.card for a in odds.actions}
        best = best_of(sampled, sampled.__getitem__)
        lines.append(f"  for the score      {_move(best, cards[best])}: "
                     f"{float(sampled[best]):.1f} on average over the {of}, each played "
                     "seeing the stock (an estimate: the exact value is out of reach here)")
        ranked = sorted(sampled, key=lambda a: -sampled[a])
        lines += _wrapped("  average score ~   ", [f"{_move(a, cards[a])} "
                                                  f"{float(sampled[a]):.1f}" for a in ranked])
    if odds.actions:
        ranked = sorted(odds.actions, key=_best_first)
        names = [_action_name(a) for a in ranked]
        width = max(len(n) for n in names + ["action"]) + 2
        lines.append(f"  {'action':<{width}}{'fair value':<13}clairvoyant odds")
        for name, action in zip(names, ranked, strict=True):
            lines.append(f"  {name:<{width}}{_short(action.fair):<13}"
                         f"{_short(action.clairvoyant)}")
        if odds.recommended_by != "fair value":
            best = next(a for a in odds.actions if a.action == odds.recommended)
            tied = [a for a in odds.actions if a.clairvoyant.value == best.clairvoyant.value]
            if len(tied) > 1:  # (a stop after a few sampled orders: often all of them)
                names = [_action_name(a) for a in tied]
                lines.append(f"  No move recommended: {', '.join(names[:-1])} and {names[-1]} "
                             f"tie by {odds.recommended_by} (the fair value is not computed)")
            else:
                lines.append(f"  Recommended: {_action_name(best)}, by {odds.recommended_by} "
                             "(the fair value is not computed)")
        if any(a.clairvoyant.kind == "estimate" for a in odds.actions):
            lines.append("  (~ an estimate over the sampled orders)")
    return lines


def _wrapped(head: str, items: list[str], width: int = WIDTH) -> list[str]:
    """``head`` and ``items`` two spaces apart, in lines of at most ``width`` characters (an
    item longer alone excepted), the lines after the first indented as far as ``head``."""
    rows: list[list[str]] = [[]]
    for item in items:
        if rows[-1] and len(head) + len("  ".join([*rows[-1], item])) > width:
            rows.append([])
        rows[-1].append(item)
    return [(head if n == 0 else " " * len(head)) + "  ".join(row) for n, row in enumerate(rows)]


def _move(action: Action, card) -> str:
    if action.is_draw:
        return "draw" + (f" ({card.pretty})" if card else "")
    return f"column {action.column} ({card.pretty})"


def _action_name(entry: ActionOdds) -> str:
    return _move(entry.action, entry.card)
