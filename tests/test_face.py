"""The library's face as the README shows it: each documented example, run as written."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import golfsolve
from golfsolve import Deal

README = Path(__file__).parent.parent / "README.md"


def readme_examples() -> list[str]:
    section = README.read_text(encoding="utf-8").split("## From Python\n", 1)[1]
    return re.findall(r"```python\n(.*?)```", section.split("\n## ", 1)[0], re.S)


def test_the_readme_examples_run_as_written(monkeypatch, capsys):
    monkeypatch.chdir(README.parent)
    solving, fair = readme_examples()
    names: dict = {}
    exec(compile(solving, "README.md", "exec"), names)
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "True 35 350"  # as its comment says
    assert lines[1:3] == ["draw None 8H", "remove 4 7S"]
    assert lines[-1].startswith("True d ")
    exec(compile(fair, "README.md", "exec"), names)  # the second goes on from the first
    assert capsys.readouterr().out.splitlines() == [
        "640397327/1135134000 0.5641601141363046",
        "d {Action(column=None): Fraction(640397327, 1135134000)}"]


def test_the_fair_value_of_a_position_hides_its_stock_and_refuses_past_its_memory():
    from fractions import Fraction

    from golfsolve.fair.memory import NeedsMemory
    from golfsolve.model.actions import DRAW

    fair = golfsolve.fair_value(Deal.from_number(1).position(), golfsolve.CLASSIC)
    assert (fair.value, fair.actions, fair.best_action) == (0, {DRAW: Fraction(0)}, DRAW)
    with pytest.raises(NeedsMemory) as refused:
        golfsolve.fair_value(Deal.from_number(1), "classic", memory=1000)
    assert refused.value.limit == 1000 and refused.value.needed > 10**8


def test_moves_unpack_as_kind_column_card():
    solution = golfsolve.solve(Deal.from_number(1), "classic")
    assert not solution.winnable and solution.max_removed == 29
    for kind, column, card in solution.moves:
        assert (kind == "draw") == (column is None) and card.rank in range(1, 14)
    assert golfsolve.solve(Deal.from_number(1), golfsolve.CLASSIC).line == solution.line
