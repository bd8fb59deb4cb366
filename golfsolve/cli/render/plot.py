"""Drawing the distributions of the most cards removable (matplotlib, optional)."""

from __future__ import annotations

from pathlib import Path

from golfsolve.batch.tally import RulesSummary
from golfsolve.errors import InputError

PLOT_SUFFIXES = (".png", ".svg")


def check_plot_path(path: str) -> None:
    """Everything --plot needs, checked before any solving: matplotlib, and a file that can
    be written."""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise InputError("--plot needs matplotlib: pip install 'golfsolve[plot]'") from None
    target = Path(path)
    if not target.resolve().parent.is_dir():
        raise InputError(f"--plot {path}: no such directory")
    existed = target.exists()
    try:
        with open(target, "ab"):
            pass
    except OSError as exc:
        raise InputError(f"cannot write {path}: {exc.strerror or exc}") from None
    if not existed:
        target.unlink()


def legend_label(summary: RulesSummary) -> str:
    """A rule set's name in the legend, with its win rate (or that it has no deals)."""
    if not summary.deals:
        return f"{summary.rules} (no deals)"
    return f"{summary.rules} ({100 * summary.win_rate:.1f}% won)"


def plot_histograms(summaries: list[RulesSummary], path: str) -> None:
    """Bars of the max_removed distribution per rule set, to a PNG or SVG file (the suffix,
    one of PLOT_SUFFIXES, says which)."""
    check_plot_path(path)
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.ticker import MaxNLocator

    values = sorted({k for s in summaries for k in s.histogram})
    fig, ax = plt.subplots(figsize=(9, 4.5))
    width = 0.8 / max(1, len(summaries))
    for i, s in enumerate(summaries):
        xs = [v + (i - (len(summaries) - 1) / 2) * width for v in values]
        ax.bar(xs, [s.histogram.get(v, 0) for v in values], width=width,
               label=legend_label(s))
    ax.set_xlabel("most tableau cards removable")
    ax.set_ylabel("deals")
    ax.yaxis.set_major_locator(MaxNLocator(integer=True))  # a count of deals: whole ticks
    ax.set_title(f"Golf: max removed per deal ({summaries[0].deals} deals)")
    ax.legend()
    fig.tight_layout()
    try:
        fig.savefig(path)
    except OSError as exc:
        raise InputError(f"cannot write {path}: {exc.strerror or exc}") from None
    finally:
        plt.close(fig)
