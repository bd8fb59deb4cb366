"""The progress bar of a batch: deals done, rate, ETA and the running win rate per rule set."""

from __future__ import annotations

import sys

from golfsolve.batch.tally import SpanCount


def narrow(stream) -> bool:
    """Whether a text stream cannot show tqdm's block characters, so that its bars must be
    drawn in ASCII (the real encoding of a stream that replaces what it cannot show, which
    tells click and tqdm it is UTF-8)."""
    encoding = getattr(stream, "shows", None) or getattr(stream, "encoding", None) or "ascii"
    try:
        "\u2588\u258f".encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return True
    return False


def _has_width(stream) -> bool:
    """Whether ``stream`` is a terminal that tells its size (one that says 0 columns and 0
    rows, as a pseudo-terminal given no size, would get no bar at all)."""
    import os

    try:
        return os.get_terminal_size(stream.fileno()).columns > 0
    except (AttributeError, ValueError, OSError):  # (io.UnsupportedOperation is both)
        return True  # not a terminal: tqdm's own choice


class Progress:
    """A progress bar on stderr (tqdm). Deals found already solved move the bar without
    counting in its rate, so that the ETA is that of the solving left."""

    def __init__(self, total: int | None, rule_names: list[str], enabled: bool,
                 file=None) -> None:
        self.rule_names = rule_names
        self.won = dict.fromkeys(rule_names, 0)
        self.seen = dict.fromkeys(rule_names, 0)
        self.bar = None
        if enabled:
            from tqdm import tqdm

            stream = file or sys.stderr
            sized = _has_width(stream)  # a terminal that says no size: a bar of 80 on 24
            self.bar = tqdm(total=total, unit="deal", dynamic_ncols=sized,
                            ncols=None if sized else 80, nrows=None if sized else 24,
                            smoothing=0.1, file=stream,
                            desc=None if len(rule_names) > 1 else "solving",
                            ascii=True if narrow(stream) else None)

    def _count(self, rows: list[dict]) -> None:
        for row in rows:
            if row["rules"] in self.seen:
                self.seen[row["rules"]] += 1
                self.won[row["rules"]] += bool(row["winnable"])
        self._show_rates()

    def _show_rates(self) -> None:
        """The running win rate of each rule set after the bar; with three or four, each
        named by its initials (E, C, DK, S) to whole percents, so that the line fits 80
        columns."""
        if self.bar is not None:
            short = len(self.rule_names) > 2
            self.bar.set_postfix_str(" ".join(
                f"{_initials(name) if short else name} "
                f"{100 * self.won[name] / self.seen[name]:.{0 if short else 1}f}%"
                for name in self.rule_names if self.seen[name]), refresh=False)

    def update(self, rows: list[dict], deals: int) -> None:
        """``deals`` deals were solved in this run; ``rows`` are their results."""
        self._count(rows)
        if self.bar is not None:
            self.bar.update(deals)

    def skip(self, rows: list[dict], deals: int) -> None:
        """``deals`` deals were already solved (stored): move on, leaving the rate alone."""
        self._count(rows)
        if self.bar is not None and deals:
            self.bar.n += deals
            self.bar.last_print_n += deals  # tqdm's rate counts from here
            self.bar.initial += deals  # and its average, before the rate's first measure
            self.bar.refresh()

    def skip_counts(self, counts: list[SpanCount], deals: int) -> None:
        """Like skip, for deals counted elsewhere (by the database)."""
        for count in counts:
            if count.rules in self.seen:
                self.seen[count.rules] += count.deals
                self.won[count.rules] += count.won
        self._show_rates()
        self.skip([], deals)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()


def _initials(name: str) -> str:
    return "".join(part[0] for part in name.split("-")).upper()


class StatusLine:
    """One line on a terminal's stderr that says what long work is doing, redrawn in place
    as it changes and each second (its clock), cleared before anything else is printed and
    at the end. ``describe()`` gives the line's words."""

    TICK_SECONDS = 1.0

    def __init__(self, describe, file=None) -> None:
        import threading
        import time

        self._describe = describe
        self._file = file or sys.stderr
        self._began = time.monotonic()
        self._clock = time.monotonic
        self._shown = 0  # characters on the line now
        self._words = ""  # the line's words now
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._ticker = threading.Thread(target=self._tick, name="status-line", daemon=True)
        self._ticker.start()

    def _tick(self) -> None:
        while not self._stop.wait(self.TICK_SECONDS):
            self.redraw()

    def _width(self) -> int:
        import shutil

        return max(20, shutil.get_terminal_size((80, 24)).columns - 1)

    def redraw(self) -> None:
        """Draw the line again with what ``describe()`` says now."""
        with self._lock:
            if self._stop.is_set():
                return
            seconds = int(self._clock() - self._began)
            clock = f"  {seconds // 60}:{seconds % 60:02d}"
            # on a narrow terminal the words are cut, never the clock
            words = self._describe()[:max(0, self._width() - len(clock))] + clock
            if words == self._words:
                return
            self._write("\r" + words.ljust(self._shown))
            self._shown, self._words = len(words), words

    def clear(self) -> None:
        """Blank the line, so that what is printed next starts at its beginning."""
        with self._lock:
            if self._shown:
                self._write("\r" + " " * self._shown + "\r")
                self._shown, self._words = 0, ""

    def _write(self, text: str) -> None:
        try:
            self._file.write(text)
            self._file.flush()
        except (OSError, ValueError):  # a terminal gone: the work goes on without its line
            self._stop.set()

    def close(self) -> None:
        self.clear()
        self._stop.set()
        self._ticker.join(2)


def fair_pass_words(stage: str, done: int, total: int, lang: str = "en") -> str:
    """The fair value's pass as a player reads it, in ``lang`` (``stage``: the name of a
    :class:`golfsolve.fair.layered.Stage`, or ``""`` before the first), the values with
    their share made (``done`` of ``total`` entries)."""
    from golfsolve.model.i18n import text

    if stage == "values":
        return text(lang, "work_values", percent=f"{100 * (done / total if total else 1.0):.0f}")
    return text(lang, f"work_{stage or 'starting'}")


def odds_status(names: list[str], states: list) -> str:
    """What golfsolve odds is doing, per rule set: the fair value's pass (its values' share
    made) and the sampled stock orders weighed (``states``: golfsolve.odds.Underway)."""
    parts = []
    for name, state in zip(names, states, strict=True):
        if state.odds is not None:
            words = "done"
        else:
            fair = ("known" if state.fair is not None else
                    fair_pass_words(state.fair_pass, state.fair_done, state.fair_total))
            words = f"fair value: {fair}"
            if state.orders_total:
                words += f", orders weighed: {state.orders_done:,} of {state.orders_total:,}"
            if state.games_total:
                words += f", games: {state.games_done:,} of {state.games_total:,}"
        parts.append(f"{name}: {words}" if len(names) > 1 else words)
    return " | ".join(parts)
