"""The README's two set-up commands, as CI and a new user run them."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).parent.parent


def setup_commands() -> list[str]:
    section = (ROOT / "README.md").read_text(encoding="utf-8").split("## Set up\n", 1)[1]
    return re.findall(r"^    (python3 -m venv .*)$", section.split("\n## ", 1)[0], re.M)


def test_ci_runs_the_readmes_test_command_word_for_word():
    run_line = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()[-1]
    install, test = setup_commands()
    assert run_line == test
    assert test.endswith('pip install -e ".[test]" && ruff check && python -m pytest -q')
    assert install.endswith("pip install -e . && golfsolve solve GO1-E-AAAAAAB")


def test_the_test_extra_holds_the_linter_ci_runs():
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"][
        "optional-dependencies"]
    assert any(need.startswith("ruff>=") for need in extras["test"])
