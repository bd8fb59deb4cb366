"""The summaries of a batch and a comparison as text: a line per rule set (with its
histogram for batch), the lines under it, and the 2x2 tables of compare."""

from __future__ import annotations

from golfsolve.batch.tally import PAR, ROUND, Comparison, RulesSummary


def plural(n: int, word: str) -> str:
    """``1 deal``, ``2 deals``."""
    return f"{n:,} {word}" if n == 1 else f"{n:,} {word}s"


def render_interval(interval: tuple[float, float]) -> str:
    lo, hi = interval
    return f"[{100 * lo:.1f}%, {100 * hi:.1f}%]"


def render_repeated(repeated: int) -> list[str]:
    """The line that says how many deals were named more than once (none when none were)."""
    if not repeated:
        return []
    named = "was named" if repeated == 1 else "were named"
    return [f"({plural(repeated, 'deal')} {named} more than once and counted once)"]


def render_stored(stored: int, solved: int, db: str | None, completed: int = 0) -> list[str]:
    """The line that says how many results a run found in its database already and how many
    it solved, and how many it found there without the odds asked and gave them (none when it
    found none)."""
    if not (stored or completed) or db is None:
        return []
    lines = []
    if stored and not solved and not completed:
        every = "the 1 result (a deal under a rule set) was" if stored == 1 else (
            f"all {stored:,} results (a deal under a rule set) were")
        lines.append(f"({every} in {db} already: nothing was solved)")
    elif stored:
        lines.append(f"({stored:,} of these {stored + solved + completed:,} results (a deal "
                     f"under a rule set) were in {db} already; {solved:,} solved now)")
    if completed:
        found = "1 result (a deal under a rule set) was" if completed == 1 else (
            f"{completed:,} results (a deal under a rule set) were")
        lines.append(f"({found} in {db} without the odds asked: worked out now and added)")
    return lines


def _odds(s: RulesSummary) -> list[str]:
    """The mean clairvoyant odds and fair value of a layout, when the rows had them."""
    lines = []
    if s.odds_deals:
        lines.append(f"  mean clairvoyant odds of a layout {100 * s.mean_odds:.1f}% "
                     f"({plural(s.odds_deals, 'deal')}, stock face down)")
    if s.fair_deals and s.fair_interval is None:
        lines.append(f"  fair value of the layout {100 * s.mean_fair:.1f}% (1 deal, best play "
                     "without sight of the stock; an interval over deals needs two or more)")
    elif s.fair_deals:
        lines.append(f"  mean fair value of a layout {100 * s.mean_fair:.1f}% (95% interval "
                     f"{render_interval(s.fair_interval)}, {plural(s.fair_deals, 'deal')}, "
                     "best play without sight of the stock)")
    return lines


def _traditional(s: RulesSummary) -> list[str]:
    return [f"  traditional score {s.mean_cards_left:.2f} cards left a deal, "
            f"{ROUND * s.mean_cards_left:.1f} per {ROUND} deals (par {PAR})"]


def _extras(s: RulesSummary, traditional: bool) -> list[str]:
    """The lines under a rule set's own: the traditional score when asked, the odds."""
    return (_traditional(s) if traditional else []) + _odds(s)


def render_summary(summaries: list[RulesSummary], width: int = 40,
                   traditional: bool = False) -> str:
    lines = []
    for s in summaries:
        if not s.deals:
            lines.append(f"{s.rules}: no deals")
            continue
        lines.append(f"{s.rules}: {plural(s.deals, 'deal')}, {s.won:,} won, win rate "
                     f"{100 * s.win_rate:.1f}% (95% Wilson interval {render_interval(s.interval)}"
                     f"), mean best score {s.mean_best_score:.1f}")
        lines += _extras(s, traditional)
        top = max(s.histogram.values(), default=0)
        for removed in sorted(s.histogram, reverse=True):
            n = s.histogram[removed]
            bar = "#" * max(1, round(width * n / top)) if n else ""
            lines.append(f"  {removed:>2} removed {n:>9,}  {bar}")
    return "\n".join(lines)


def render_rates(summaries: list[RulesSummary], traditional: bool = False) -> list[str]:
    """One line a rule set, as compare prints them."""
    lines = []
    for s in summaries:
        if not s.deals:
            lines.append(f"{s.rules:<10} no deals")
            continue
        lines.append(f"{s.rules:<10} {s.won:>9,} of {s.deals:,} won  {100 * s.win_rate:5.1f}%  "
                     f"{render_interval(s.interval)}  mean best score {s.mean_best_score:.1f}")
        lines += _extras(s, traditional)
    return lines


def render_comparison(table: Comparison) -> str:
    a, b = table.easier, table.stricter
    width = len(a) + 6
    column = max(len(b) + 5, 11) + 3
    rows = [
        f"{'':<{width}}{b + ' won':>{column}}{b + ' lost':>{column}}",
        f"{a + ' won':<{width}}{table.both:>{column},}{table.only_easier:>{column},}",
        f"{a + ' lost':<{width}}{table.only_stricter_count:>{column},}{table.neither:>{column},}",
    ]
    return "\n".join(rows)
