"""The exact values behind play's hints: one fair table a game, made at its first hint and
asked at every later one."""

from __future__ import annotations

import sys
from fractions import Fraction

from golfsolve.model.actions import Action
from golfsolve.model.game import Game
from golfsolve.model.i18n import text

SLOW_UNSEEN = 15  # unseen cards from which a game's exact values take seconds, not less


class HintTables:
    """The exact values a hint gives: a table made at the game's first hint, of every position
    the game can reach from where it stands then (its stock unseen), where it fits in
    ``memory`` bytes (None: 80% of the free memory), which answers every later position at
    once, whatever was removed, drawn or undone since; where the game goes back before it,
    the table of the whole game from its start, once. One table at a time."""

    def __init__(self, memory: int | None) -> None:
        self.memory = memory
        self.refused = False  # the last exact value needed more than the memory
        self._key: tuple | None = None
        self._table = None  # the FairTable kept for the game at _key, or None
        self._whole = False  # the game's start was tried already: no other table is made

    def values(self, game: Game, say_why_in: str | None = None
               ) -> dict[Action, Fraction] | None:
        """The exact value of each legal action where ``game`` stands, as the player sees it
        (the stock face down); None where there is no stock left or it needs more memory
        than allowed. ``say_why_in``: the language of a note on stderr before a table is made
        (seconds, for some deals minutes), and of the status line at a terminal while it
        is."""
        from golfsolve import fair
        from golfsolve.packing import position_arrays

        self.refused = False
        start = game.start.hidden()
        if not game.stock_left or fair.method(start, game.rules) is not fair.Method.LAYERS:
            return None
        view = game.position().hidden()
        h0, waste0, unseen0 = self._keyed(game, position_arrays(start))
        _, heights, waste_rank, _, unseen = position_arrays(view)
        found = (self._table.position(heights, waste_rank, unseen)
                 if self._table is not None else None)
        if found is None and not self._whole:
            # the game's first table, from where it stands; where the game went back before
            # that table's position, the whole game's from its start
            at_start = (heights == h0).all() and waste_rank == waste0 and (
                unseen == unseen0).all()
            origin = start if at_start or self._table is not None else view
            made = self._made(origin, game, origin is start and not at_start, say_why_in)
            # refused, or too large to keep: not tried again (later hints take their own)
            self._whole = origin is start or made is None or made.table is None
            if made is None:
                return None
            if made.table is not None:
                self._table = made.table
                found = made.table.position(heights, waste_rank, unseen)
            elif origin is view or at_start:
                return dict(made.actions)
        if found is not None:
            return _fractions(found)
        made = self._value(view, game)  # not kept: this position's own values
        return None if made is None else dict(made.actions)

    def known(self, game: Game) -> dict[Action, Fraction] | None:
        """What :meth:`values` gives where the game's table answers it at once; None where
        only new work would (no table yet, or the game's position is not in it)."""
        from golfsolve.packing import position_arrays

        if not game.stock_left:
            return None
        self._keyed(game, position_arrays(game.start.hidden()))
        if self._table is None:
            return None
        _, heights, waste_rank, _, unseen = position_arrays(game.position().hidden())
        found = self._table.position(heights, waste_rank, unseen)
        return None if found is None else _fractions(found)

    def _keyed(self, game: Game, start_arrays) -> tuple:
        """The table kept only where it is of ``game``'s start (``start_arrays``, as
        packing.position_arrays gives them) and rules, else let go; the start's heights,
        waste rank and unseen ranks."""
        col_ranks, h0, waste0, _, unseen0 = start_arrays
        key = (col_ranks.tobytes(), h0.tobytes(), waste0, unseen0.tobytes(), game.rules.name)
        if key != self._key:
            self._key, self._table, self._whole = key, None, False
        return h0, waste0, unseen0

    def _made(self, origin, game: Game, back_to_start: bool, say_why_in: str | None):
        """The fair value of ``origin`` (the game's start, where ``back_to_start``: the game
        is past it) with its table kept where it fits; None where it needs more memory than
        allowed (``refused``)."""
        from golfsolve import fair
        from golfsolve.compiling import ready

        ready(fair.kernel_parts(origin, game.rules))  # compiled first where the cache lacks
        status = None
        told = ["", 0, 0]  # the pass the layers report, and its entries done of all
        if say_why_in is not None:
            lang = say_why_in
            from golfsolve.cli.streams import echo_err

            where = text(lang, "work_from_start" if back_to_start else "work_from_here")
            slow = text(lang, "work_slow") if len(origin.unseen) >= SLOW_UNSEEN else ""
            echo_err("golfsolve: note: " + text(lang, "work_note", where=where) + slow)
            if sys.stderr.isatty():
                from golfsolve.cli.render.progress import StatusLine, fair_pass_words

                status = StatusLine(lambda: text(lang, "work_status",
                                                 step=fair_pass_words(*told, lang=lang)))

        def report(stage, done: int, total: int) -> None:
            told[:] = [stage.value, done, total]

        try:
            return self._value(origin, game, keep=True, progress=report)
        finally:
            if status is not None:
                status.close()

    def _value(self, position, game: Game, keep: bool = False, progress=None):
        """The layers' fair value of ``position`` (its table kept with ``keep``, where it
        fits; ``progress`` told of each pass as :func:`golfsolve.fair.value` tells it); None
        where it needs more memory than allowed (``refused`` set)."""
        from golfsolve import fair
        from golfsolve.errors import MemoryRefused
        from golfsolve.fair.memory import NeedsMemory

        try:
            return fair.value(position, game.rules, fair.Limit(budget=None, memory=self.memory),
                              keep=keep, progress=progress)
        except (NeedsMemory, MemoryRefused):
            self.refused = True
            return None


def _fractions(found) -> dict[Action, Fraction]:
    return {action: Fraction(w, found.orders) for action, w in found.actions.items()}
