"""The library's face as the README shows it: each documented example, run as written."""

from __future__ import annotations

import re
from pathlib import Path

import golfsolve
from golfsolve import Deal

README = Path(__file__).parent.parent / "README.md"


def readme_examples() -> list[str]:
    section = README.read_text(encoding="utf-8").split("## From Python\n", 1)[1]
    return re.findall(r"```python\n(.*?)```", section.split("\n## ", 1)[0], re.S)


def test_the_readme_example_runs_as_written(monkeypatch, capsys):
    monkeypatch.chdir(README.parent)
    (example,) = readme_examples()
    exec(compile(example, "README.md", "exec"), {})
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "True 35 350"  # as its comment says
    assert lines[1:3] == ["draw None 8H", "remove 4 7S"]
    assert lines[-1].startswith("True d ")


def test_moves_unpack_as_kind_column_card():
    solution = golfsolve.solve(Deal.from_number(1), "classic")
    assert not solution.winnable and solution.max_removed == 29
    for kind, column, card in solution.moves:
        assert (kind == "draw") == (column is None) and card.rank in range(1, 14)
    assert golfsolve.solve(Deal.from_number(1), golfsolve.CLASSIC).line == solution.line
