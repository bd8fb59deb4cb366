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
            self.bar = tqdm(total=total, unit="deal", dynamic_ncols=True, smoothing=0.1,
                            desc="solving", file=stream, ascii=True if narrow(stream) else None)

    def _count(self, rows: list[dict]) -> None:
        for row in rows:
            if row["rules"] in self.seen:
                self.seen[row["rules"]] += 1
                self.won[row["rules"]] += bool(row["winnable"])
        self._show_rates()

    def _show_rates(self) -> None:
        if self.bar is not None:
            self.bar.set_postfix_str(" ".join(
                f"{name} {100 * self.won[name] / self.seen[name]:.1f}%"
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
