"""The README's and the manual's examples, run as a reader runs them.

docs/development.md states the convention: an example is a fenced block tagged ``sh`` (commands),
``console`` (``$ `` and a command, then what it prints) or ``python``. Each page's examples run
in order in one fresh directory of their own, never the repository's, with the installed
console scripts on the PATH and this tree's code on PYTHONPATH: a block may use the files an
earlier block of its page made, as a reader following the page would. A ``sh`` block runs
whole and must exit 0; each ``console`` command must exit 0 and print what the page shows
(standard error with standard output, as a terminal shows both), where ``...`` alone on a line
stands for any lines and ``...`` inside a line for any text. ``python`` blocks run as a script
(docs/library.md's are run by tests/test_face.py, which checks what each prints). A block whose
tag is followed by ``not-run:`` and a reason is not run.
"""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import time
import tomllib
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
RUN = ("sh", "console", "python")
# docs/library.md's Python is run by tests/test_face.py, which checks what each block prints
PYTHON_ELSEWHERE = {"docs/library.md"}

# Examples that would take minutes as written run here in one cheap way each, the text the page
# shows replaced by a smaller run of the same commands (a stale entry fails the test below).
CHEAPER = {
    # a census of a million deals under four rule sets: about an hour
    "golfsolve batch 1-1000000 --rules all --db census.sqlite --out census.csv":
        "golfsolve batch 1-20 --rules all --db census.sqlite --out census.csv",
    # a million deals' list of winnable Classic deals: about a quarter of an hour
    "golfsolve batch 1-1000000 --rules classic --won-only --out golf_solvable_seeds.py":
        "golfsolve batch 1-20 --rules classic --won-only --out golf_solvable_seeds.py",
    # ten million of Solvitaire's seeds: an hour or more
    "golfsolve census run solvitaire:1-10000000":
        "golfsolve census run solvitaire:1-100",
}


@dataclass
class Block:
    page: str  # relative to the repository, as a failure names it
    line: int  # the line of its opening fence
    tag: str
    info: str  # what follows the tag
    text: str

    def __str__(self) -> str:
        return f"{self.page}:{self.line}"


def blocks(page: Path) -> list[Block]:
    """The fenced blocks of ``page``, in order (a block in a list item without the item's
    indentation)."""
    found, opened, lines = [], None, []
    for number, line in enumerate(page.read_text(encoding="utf-8").splitlines(), 1):
        fence = re.match(r"( *)```(.*)$", line)
        if opened is None:
            if fence:
                tag, _, info = fence.group(2).strip().partition(" ")
                opened, lines = (number, len(fence.group(1)), tag, info.strip()), []
        elif fence:
            start, indent, tag, info = opened
            found.append(Block(str(page.relative_to(ROOT)), start, tag, info,
                               "\n".join(line[indent:] for line in lines) + "\n"))
            opened = None
        else:
            lines.append(line)
    assert opened is None, f"{page.name}: a block opened at line {opened[0]} is never closed"
    return found


def outside_blocks(page: Path) -> str:
    """``page``'s text without its fenced blocks."""
    return re.sub(r"^ *```.*?^ *```$", "", page.read_text(encoding="utf-8"), flags=re.S | re.M)


def runs(block: Block) -> bool:
    return block.tag in RUN and not block.info.startswith("not-run:") and not (
        block.tag == "python" and block.page in PYTHON_ELSEWHERE)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("localhost", 0))
        return sock.getsockname()[1]


PORT = free_port()


def as_run(command: str) -> str:
    """``command`` as the test runs it: cheaper where CHEAPER says so, and a Dask scheduler's
    port one of its own (Dask's default may be taken on this machine)."""
    for shown, cheap in CHEAPER.items():
        command = command.replace(shown, cheap)
    return re.sub(r"(--port |localhost:)8786\b", rf"\g<1>{PORT}", command)


def console_commands(text: str) -> list[tuple[str, list[str]]]:
    """A console block's commands (``$ `` and the lines a ``\\`` continues onto), each with the
    lines it shows printed."""
    commands: list[tuple[str, list[str]]] = []
    going_on = False  # the command's last line ended in a backslash
    for line in text.splitlines():
        if going_on:
            commands[-1] = (f"{commands[-1][0]}\n{line}", [])
        elif line.startswith("$ "):
            commands.append((line[2:], []))
        else:
            assert commands, f"output before any command: {line!r}"
            commands[-1][1].append(line)
        going_on = (going_on or line.startswith("$ ")) and line.endswith("\\")
    return commands


def shown_pattern(lines: list[str]) -> re.Pattern:
    """What a console block shows as a pattern: ``...`` alone any lines, within a line any
    text; lines compared without their trailing spaces."""
    parts = []
    for line in lines:
        if line.strip() == "...":
            parts.append(r"(?:[^\n]*\n)*?")
        else:
            parts.append(".*".join(re.escape(piece) for piece in line.rstrip().split("...")))
            parts.append(r"\n")
    return re.compile("".join(parts))


def environment(home: Path) -> dict[str, str]:
    """The reader's shell: the console scripts installed beside this Python first on the PATH
    (their code this tree's), English, a home of its own (an example may write to ~)."""
    scripts = Path(sys.executable).parent
    names = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"][
        "scripts"]
    missing = [name for name in names if not (scripts / name).exists()]
    assert not missing, f"{missing} not installed beside {sys.executable}: pip install -e ."
    env = {key: value for key, value in os.environ.items()
           if not key.startswith(("LC_", "PYTHONIOENCODING", "NO_COLOR", "GOLFSOLVE_"))}
    env.update(PATH=f"{scripts}{os.pathsep}{os.environ.get('PATH', '')}",
               PYTHONPATH=str(ROOT), HOME=str(home), LC_ALL="C.UTF-8", LANG="C.UTF-8",
               COLUMNS="80")
    return env


def run(command: list[str], where: Path, stdin: str | None = None) -> subprocess.CompletedProcess:
    """``command`` from ``where``; whatever it left running in the background (a Dask
    scheduler, say) is stopped after it."""
    process = subprocess.Popen(command, cwd=where, env=environment(where), text=True,
                               stdin=subprocess.PIPE if stdin is not None else subprocess.DEVNULL,
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                               start_new_session=True)
    try:
        out, _ = process.communicate(stdin, timeout=180)
    finally:
        stop_group(process.pid)
        process.wait()
    return subprocess.CompletedProcess(command, process.returncode, out, None)


def stop_group(group: int) -> None:
    """Stop what is left of the process group ``group``: asked first, then killed."""
    for stop in (signal.SIGTERM, signal.SIGKILL):
        for asked in (stop, *[0] * 20):  # then whether any is left, for two seconds
            try:
                os.killpg(group, asked)
            except ProcessLookupError:
                return
            time.sleep(0.1)


def run_block(block: Block, where: Path) -> None:
    if block.tag == "python":
        done = run([sys.executable, "-"], where, stdin=block.text)
        assert done.returncode == 0, f"{block}: exit status {done.returncode}\n{done.stdout}"
    elif block.tag == "sh":
        done = run(["bash", "-e", "-o", "pipefail", "-c", as_run(block.text)], where)
        assert done.returncode == 0, f"{block}: exit status {done.returncode}\n{done.stdout}"
    else:
        for command, shown in console_commands(block.text):
            done = run(["bash", "-o", "pipefail", "-c", as_run(command)], where)
            assert done.returncode == 0, (
                f"{block}: {command}\nexit status {done.returncode}\n{done.stdout}")
            out = done.stdout if done.stdout.endswith("\n") or not done.stdout else (
                done.stdout + "\n")
            out = "\n".join(line.rstrip() for line in out.split("\n"))
            assert shown_pattern(shown).fullmatch(out), (
                f"{block}: {command}\nshown:\n" + "\n".join(shown) + f"\nprinted:\n{out}")


def run_page(page: Path, where: Path) -> None:
    where.mkdir()
    for block in blocks(page):
        if runs(block):
            run_block(block, where)


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.name)
def test_the_examples_run_as_the_page_shows(page, tmp_path):
    """Each page's examples in turn (a later one may read what an earlier one wrote), in a
    directory of the page's own that is not the repository's: examples must work from
    anywhere. The pages are tests of their own, so that the suite's workers share them."""
    run_page(page, tmp_path / "reader")


# ----- the convention kept ---------------------------------------------------------------------
def test_every_page_is_linked_from_the_readme():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for page in PAGES[1:]:
        assert f"(docs/{page.name}" in readme, page.name


def test_every_command_shown_is_in_a_block_that_runs():
    """A command written as code outside a fenced block, or in a block of another tag, would
    never be run: each is in a sh, console or python block, or says why it is not run."""
    for page in PAGES:
        stray = re.findall(r"^(?: {4,}(?:\$ )?golfsolve[\w-]*|\$ ) *\S.*$", outside_blocks(page),
                           re.M)
        assert not stray, f"{page.name}: commands outside a fenced block: {stray}"
        for block in blocks(page):
            if block.info.startswith("not-run:"):
                assert block.info[len("not-run:"):].strip(), f"{block}: not run, but why?"
            elif block.tag not in RUN:
                assert not re.search(r"^(\$ |golfsolve[\w-]* )", block.text, re.M), (
                    f"{block}: a command in a block tagged {block.tag or 'nothing'}")


def slug(heading: str) -> str:
    """A heading's anchor as GitHub makes it."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def test_every_link_leads_somewhere():
    for page in PAGES:
        for target in re.findall(r"\]\(([^)\s]+)\)", outside_blocks(page)):
            if re.match(r"[a-z]+:", target):
                continue  # a web address
            path, _, anchor = target.partition("#")
            linked = (page.parent / path).resolve() if path else page
            assert linked.exists(), f"{page.name}: {target} names no file"
            if anchor:
                headings = re.findall(r"^#+ (.*)$", outside_blocks(linked), re.M)
                assert anchor in {slug(h) for h in headings}, f"{page.name}: {target}"


def test_each_cheaper_run_stands_for_an_example_the_pages_show():
    shown = "".join(block.text for page in PAGES for block in blocks(page) if runs(block))
    for command in CHEAPER:
        assert command in shown, command


def test_the_patterns_read_the_placeholders():
    pattern = shown_pattern(["a", "...", "b (... s)"])
    assert pattern.fullmatch("a\nb (0.004 s)\n")
    assert pattern.fullmatch("a\nx\ny\nb (1 s)\n")
    assert not pattern.fullmatch("a\nb (1 s)\nc\n")
    assert console_commands("$ a \\\n  b\nout\n$ c\n") == [("a \\\n  b", ["out"]), ("c", [])]
    assert slug("`play`'s hints") == "plays-hints"
    assert slug("A census in bits: `golfsolve census`") == "a-census-in-bits-golfsolve-census"


@pytest.mark.parametrize("command", ["show", "solve", "play", "odds", "replay", "batch",
                                     "compare", "export", "census"])
def test_helps_examples_fit_a_terminal_whole(tmp_path, command):
    """At 80 columns no example of a command's ``--help`` wraps, so that each copies as one
    command."""
    done = run([sys.executable, "-m", "golfsolve", command, "--help"], tmp_path)
    assert "Examples:\n" in done.stdout
    examples = done.stdout.split("Examples:\n", 1)[1].split("\n\n", 1)[0].splitlines()
    assert len(examples) >= 2
    for line in examples:
        assert len(line) <= 80 and line.count('"') % 2 == 0 and line.startswith(
            ("    golfsolve ", '    A="', "    printf ")), line
