"""Renderings of games and solutions as text and JSON, shared by the commands."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .game import Game
from .i18n import count_cards, short_name, text

if TYPE_CHECKING:  # the solver imports numba: only the commands that solve load it
    from .solver import Solution


def render_grid(game: Game, title: str, lang: str = "en") -> str:
    lines = [f"{title}, {game.rules.name} rules" if title else f"{game.rules.name} rules"]
    stock = text(lang, "stock_line", cards=count_cards(game.stock_left, lang),
                 waste=short_name(game.waste, lang))
    lines.append(f"{stock}  {text(lang, 'score')}: {game.score}  "
                 f"{text(lang, 'moves')}: {game.move_count}")
    for c, column in enumerate(game.columns(), 1):
        cards = [short_name(card, lang) for card in column]
        if cards:
            cards[-1] = f"[{cards[-1]}]"
        lines.append(f"  {c}: " + (" ".join(cards) if cards else f"({text(lang, 'empty')})"))
    return "\n".join(lines)


def render_solution(title: str, solution: Solution) -> str:
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
    lines = [head, intro]
    width = len(str(len(solution.moves)))
    lines += [f"  {i:>{width}}. {m}" for i, m in enumerate(solution.moves, 1)]
    lines.append(
        f"Max removed: {solution.max_removed} of 35. Best score: {solution.best_score}. "
        f"({solution.states:,} states, {solution.seconds:.3f} s)"
    )
    return "\n".join(lines)
