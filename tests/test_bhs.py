"""golfsolve-bhs and golfsolve-multi-bhs against black-hole-solver 1.14.0's recorded answers
(tests/data/bhs/: its verdicts and exit statuses with no iteration limit, a few whole outputs,
boards it refuses or reads). black-hole-solver itself is not needed."""

from __future__ import annotations

import csv
import io
import os
import re
import subprocess
import sys

import pytest

from golfsolve.bhs import Answer, Settings, parse_args, read_board, render
from golfsolve.model.actions import Action
from golfsolve.model.deal import Deal
from golfsolve.model.game import Game
from golfsolve.model.rules import CLASSIC, DEAD_KING, EASY, rules_by_name

from .conftest import DATA

BHS = DATA / "bhs"

# PySolFC's BlackHoleSolver_Hint (pysollib/hint.py) reads black-hole-solve's output with these:
# the verdict on the first line that matches, then each line after it.
PYSOLFC_VERDICT = r"^(Intractable|Unsolved|Solved)!"  # on s.rstrip(), with re.search
PYSOLFC_DEAL_TALON = "Deal talon"  # s.strip() == this
PYSOLFC_CHECKED = r"Total number of states checked is ([0-9]+)\."  # re.match
PYSOLFC_GENERATED = r"This scan generated ([0-9]+) states\."  # re.match
PYSOLFC_MOVE = r"Move a card from stack ([0-9]+) to the foundations"  # re.match


def run(main, *args: str, stdin: str = "") -> tuple[int, str, str]:
    """Run a main in this process: (status, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    saved = sys.stdin, sys.stdout, sys.stderr
    sys.stdin, sys.stdout, sys.stderr = io.StringIO(stdin), out, err
    try:
        code = main(list(args))
    finally:
        sys.stdin, sys.stdout, sys.stderr = saved
    return code, out.getvalue(), err.getvalue()


def single(*args, stdin=""):
    from golfsolve.cli.bhs import single as main

    return run(main, *args, stdin=stdin)


def multi(*args):
    from golfsolve.cli.bhs import multi as main

    return run(main, *args)


def pysolfc_reads(output: str) -> tuple[str, list[int | None], int | None, int | None]:
    """What PySolFC takes from the output: the verdict, the moves (a stack 0-6, None a deal
    of the talon), the states checked and generated."""
    lines = iter(output.splitlines(keepends=True))
    verdict = None
    for s in lines:
        if m := re.search(PYSOLFC_VERDICT, s.rstrip()):
            verdict = m.group(1)
            break
    moves, checked, generated = [], None, None
    for s in lines:
        if s.strip() == PYSOLFC_DEAL_TALON:
            moves.append(None)
        elif m := re.match(PYSOLFC_CHECKED, s):
            checked = int(m.group(1))
        elif m := re.match(PYSOLFC_GENERATED, s):
            generated = int(m.group(1))
        elif m := re.match(PYSOLFC_MOVE, s):
            moves.append(int(m.group(1)))
    return verdict, moves, checked, generated


def replays_to_a_win(position, rules, moves) -> bool:
    game = Game(position, rules)
    for stack in moves:
        game.play("d" if stack is None else str(stack + 1))  # MoveRefused if illegal
    return game.status == "won"


def recorded_verdicts() -> list[dict]:
    with open(BHS / "verdicts.csv", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def board_path(name: str, tmp_path) -> str:
    """A recorded row's board: deal:N and golfN.board are PySolFC deal N."""
    if m := re.fullmatch(r"deal:(\d+)|golf(\d+)\.board", name):
        path = tmp_path / f"golf{m.group(1) or m.group(2)}.board"
        if not path.exists():
            path.write_text(Deal.from_number(int(m.group(1) or m.group(2))).to_board())
        return str(path)
    return str(BHS / name if (BHS / name).exists() else DATA / name)


FLAG_SETS = {"easy": "--game golf --wrap-ranks", "classic": "--game golf --queens-on-kings",
             "dead-king": "--game golf"}


@pytest.mark.parametrize("rules", list(FLAG_SETS))
def test_shared_boards_verdicts_statuses_and_moves(rules, tmp_path):
    rows = [r for r in recorded_verdicts() if r["rules"] == rules
            and not r["board"].startswith("deal:")]
    assert len(rows) == 22  # golf1-20, deal 906, the rules pages' deal
    for row in rows:
        path = board_path(row["board"], tmp_path)
        code, out, err = single(*row["flags"].split(), path)
        assert (out.splitlines()[0], code) == (row["first_line"], int(row["exit_status"])), row
        verdict, moves, checked, generated = pysolfc_reads(out)
        assert verdict + "!" == row["first_line"] and checked == generated > 0
        position = read_board(open(path).read())
        if verdict == "Solved":
            assert replays_to_a_win(position, rules_by_name(rules), moves), row
        else:
            assert moves == []


@pytest.mark.parametrize("rules", list(FLAG_SETS))
def test_deals_1_200_in_one_multi_run(rules, tmp_path):
    rows = {r["board"]: r for r in recorded_verdicts() if r["rules"] == rules
            and r["board"].startswith("deal:")}
    assert len(rows) == 200
    paths = [board_path(f"deal:{n}", tmp_path) for n in range(1, 201)]
    code, out, err = multi(*FLAG_SETS[rules].split(), *paths)
    assert code == 0 and err == ""
    blocks = re.findall(r"\[= Starting file (.*?) =\]\n(.*?)\[= END of file \1 =\]\n", out, re.S)
    assert [p for p, _ in blocks] == paths
    for n, (_, block) in enumerate(blocks, 1):
        verdict, moves, _, _ = pysolfc_reads(block)
        assert verdict + "!" == rows[f"deal:{n}"]["first_line"], n
        if verdict == "Solved":
            position = Deal.from_number(n).position()
            assert replays_to_a_win(position, rules_by_name(rules), moves), n


def test_single_exit_statuses_follow_the_verdicts(tmp_path):
    path = board_path("deal:1", tmp_path)
    assert single("--game", "golf", "--wrap-ranks", "--quiet", path)[0] == 0
    assert single("--game", "golf", "--queens-on-kings", "--quiet", path)[0] == 255


# ----- the output's shape, against whole recorded outputs ------------------------------------
def counts_cut(text: str) -> str:
    """An output without its two count figures (golfsolve prints its own)."""
    return re.sub(r"(checked is|generated) \d+", r"\1 N", text)


def test_unsolved_output_is_black_hole_solvers_but_for_the_counts(tmp_path):
    recorded = (BHS / "golf1.classic.default.stdout").read_text()
    code, out, _ = single("--game", "golf", "--queens-on-kings", board_path("deal:1", tmp_path))
    assert code == 255 and counts_cut(out) == counts_cut(recorded)


def bhs_actions(recorded: str) -> tuple[Action, ...]:
    _, moves, _, _ = pysolfc_reads(recorded)
    return tuple(Action(None if m is None else m + 1) for m in moves)


@pytest.mark.parametrize("name, flags", [("golf2.easy.default", []),
                                         ("golf2.easy.display-boards", ["--display-boards"])])
def test_black_hole_solvers_own_line_renders_as_it_prints_it(name, flags, tmp_path):
    """render() given black-hole-solver's moves gives its output byte for byte (but for the
    counts): the move blocks, the boards and the tail are its format."""
    recorded = (BHS / f"{name}.stdout").read_text()
    position = read_board(open(board_path("deal:2", tmp_path)).read())
    settings = parse_args(["--game", "golf", "--wrap-ranks", *flags])
    found = Answer(True, bhs_actions(recorded), 56, 51)
    assert counts_cut(render(position, EASY, found, settings)) == counts_cut(recorded)


def test_our_own_line_has_the_same_shape(tmp_path):
    code, out, _ = single("--game", "golf", "--wrap-ranks", board_path("deal:2", tmp_path))
    block = (r"(Deal talon|Move a card from stack [0-6] to the foundations)\n\n"
             r"Info: Card moved is [A2-9TJQK][HCDS]\n\n\n====================\n\n")
    tail = (r"\n\n--------------------\nTotal number of states checked is \d+\.\n"
            r"This scan generated \d+ states\.\n")
    assert code == 0 and re.fullmatch(f"Solved!\n({block})+{tail}", out)


def test_quiet_multi_is_black_hole_solvers_but_for_the_counts(tmp_path):
    recorded = (BHS / "multi.golf1-3.easy.quiet.stdout").read_text()
    paths = [board_path(f"deal:{n}", tmp_path) for n in (1, 2, 3)]
    code, out, _ = multi("--game", "golf", "--wrap-ranks", "--quiet", *paths)
    recorded = re.sub(r"/\S*/(golf\d\.board)", r"\1", recorded)
    assert code == 0 and counts_cut(out).replace(str(tmp_path) + "/", "") == counts_cut(recorded)


def test_max_played_cards_is_black_hole_solvers_figure(tmp_path):
    recorded = (BHS / "golf1.classic.show-max-num-played-cards.stdout").read_text()
    code, out, _ = single("--game", "golf", "--queens-on-kings", "--show-max-num-played-cards",
                          board_path("deal:1", tmp_path))
    assert counts_cut(out) == counts_cut(recorded)
    assert out.endswith("At most 45 cards could be played.\n")
    _, won, _ = single("--game", "golf", "--wrap-ranks", "--quiet",
                       "--show-max-num-played-cards", board_path("deal:1", tmp_path))
    assert won.endswith("At most 51 cards could be played.\n")


# ----- options -------------------------------------------------------------------------------
@pytest.mark.parametrize("flags, rules", [
    ("--game golf", DEAD_KING),
    ("--game golf --wrap-ranks", EASY),
    ("--game golf --queens-on-kings", CLASSIC),
    ("--wrap-ranks --game golf", DEAD_KING),  # --game golf turns wrapping off
    ("--game golf --wrap-ranks --no-queens-on-kings", EASY),  # wrapping lets Q go on K
    ("--game golf --queens-on-kings --no-queens-on-kings", DEAD_KING),
    ("--game golf --wrap-ranks --no-wrap-ranks", DEAD_KING),
    ("--game golf --no-wrap-ranks --queens-on-kings", CLASSIC),
])
def test_rule_flags_in_black_hole_solvers_order(flags, rules):
    assert parse_args(flags.split()).rules == rules


def test_options_without_effect_are_accepted(tmp_path):
    path = board_path("deal:3", tmp_path)
    plain = single("--game", "golf", "--wrap-ranks", path)
    # PySolFC's own call: the board on standard input
    pysolfc = single("--game", "golf", "--rank-reach-prune", "--max-iters", "100000",
                     "--wrap-ranks", stdin=open(path).read())
    assert pysolfc == plain
    assert single("--game", "golf", "--wrap-ranks", "--iters-display-step", "1000",
                  "--max-iters", "0", "-", stdin=open(path).read()) == plain


def test_output_file(tmp_path):
    target = tmp_path / "out.txt"
    code, out, err = single("--game", "golf", "--quiet", "--output", str(target),
                            board_path("deal:1", tmp_path))
    assert (code, out, err) == (255, "", "") and target.read_text().startswith("Unsolved!\n")


def test_an_output_file_that_is_the_board_is_refused_and_the_board_kept(tmp_path):
    board = board_path("deal:1", tmp_path)
    before = open(board, encoding="utf-8").read()
    code, out, err = single("--game", "golf", "--output", board, board)
    assert (code, out, err) == (2, "", f"golfsolve-bhs: error: --output {board} is the board "
                                f"file {board}: write to another file\n")
    code, out, err = multi("--game", "golf", "--output", board, board_path("deal:2", tmp_path),
                           board)
    assert code == 2 and "is the board file" in err
    assert open(board, encoding="utf-8").read() == before


@pytest.mark.parametrize("args, status, says", [
    (["--game", "golf", "--frobnicate", "B"], 2, "unknown option '--frobnicate'"),
    (["--game", "black_hole", "B"], 2, "golfsolve solves Golf only"),
    (["--game", "all_in_a_row", "B"], 2, "golfsolve solves Golf only"),
    (["B"], 2, "--game golf"),
    (["--game"], 2, "--game requires an argument"),
    (["--game", "golf", "--max-iters"], 2, "--max-iters requires an argument"),
    (["--game", "golf", "--output", "x", "--output", "y", "B"], 2, "only be given once"),
    (["--game", "golf", "--output", "/nonexistent/dir/x", "B"], 2, "cannot write --output"),
    (["--game", "golf", "B", "B"], 2, "one board file at a time"),
    (["--game", "golf", "/nonexistent.board"], 255, "no such file"),
    (["--game", "golf", "-"], 255, "standard input is empty"),
])
def test_bad_command_lines(args, status, says, tmp_path):
    args = [board_path("deal:2", tmp_path) if a == "B" else a for a in args]
    code, out, err = single(*args)
    assert (code, out) == (status, "") and err.count("\n") == 1 and says in err, err


def test_a_binary_file_is_refused_with_255(tmp_path):
    path = tmp_path / "binary.board"
    path.write_bytes(bytes(range(256)) * 12)
    code, out, err = single("--game", "golf", str(path))
    assert (code, out) == (255, "") and err.count("\n") == 1 and "binary" in err


# black-hole-solver's own exit status for each recorded bad board, and golfsolve's: the same,
# but for a duplicate card and an empty foundation, which black-hole-solver reads and solves
# (the empty one by reading outside its rank table) and golfsolve refuses, 255.
BAD_BOARDS = {
    "bad-card-token": (255, 255), "colon-prefixed-columns": (255, 255), "crlf": (255, 255),
    "empty": (255, 255), "extra-spaces": (255, 255), "garbage": (255, 255),
    "no-final-newline": (255, 255), "no-foundations-line": (255, 255),
    "six-card-column": (255, 255), "six-columns": (255, 255), "talon-line-empty": (255, 255),
    "unknown-rank": (255, 255), "unknown-suit": (255, 255),
    "duplicate-card": (0, 255), "foundations-dash": (0, 255),
    # read as black-hole-solver reads them: an 8th line and text after the board ignored, the
    # Talon line after Foundations, blank lines first; a card that is not on the board is
    # under the foundation (a game under way); no Talon line, an empty talon
    "eight-columns": (0, 0), "foundations-before-talon": (0, 0), "leading-blank-lines": (0, 0),
    "missing-column-card": (0, 0), "missing-talon-card": (0, 0), "trailing-text": (0, 0),
    "no-talon-line": (255, 255),
}


@pytest.mark.parametrize("name", sorted(BAD_BOARDS))
def test_boards_black_hole_solver_refuses_or_reads(name):
    _, ours = BAD_BOARDS[name]
    code, out, err = single("--game", "golf", "--wrap-ranks", "--quiet",
                            str(BHS / "bad-boards" / f"{name}.board"))
    assert code == ours
    if out:  # solved or not: its verdict line
        assert err == "" and out.split("\n")[0] in ("Solved!", "Unsolved!")
    else:  # refused: one line naming the file and the problem
        assert err.count("\n") == 1 and f"{name}.board" in err, err


def test_a_game_under_way_is_solved_from_where_it_stands(tmp_path):
    """PySolFC sends the position it shows: the talon left, the foundation's top card, the
    columns as they are (an empty one an empty line), no Talon line once it is empty."""
    game = Game(Deal.from_number(2), EASY)
    for token in "5 d 2 2 1 d".split():
        game.play(token)
    columns = "\n".join(" ".join(map(str, c)) for c in game.columns())
    board = f"Talon: {' '.join(map(str, game.start.stock[game.stock_pos:]))}\n" \
            f"Foundations: {game.waste}\n{columns}\n"
    code, out, _ = single("--game", "golf", "--wrap-ranks", stdin=board)
    _, moves, _, _ = pysolfc_reads(out)
    assert code == 0 and replays_to_a_win(read_board(board), EASY, moves)
    # part way along a win, with a column emptied (an empty line) and the talon gone
    game = Game(Deal.from_number(2), EASY)
    for token in golfsolve_line(2):
        if 0 in game.heights:
            break
        game.play(token)
    while game.stock_left:
        game.draw()  # (a lost cause, perhaps: the verdict is what golfsolve's search says)
    board = f"Foundations: {game.waste}\n" + "".join(
        " ".join(map(str, c)) + "\n" for c in game.columns())
    assert "\n\n" in board and "Talon" not in board
    code, out, _ = single("--game", "golf", "--wrap-ranks", stdin=board)
    import golfsolve

    assert code == (0 if golfsolve.solve(game.position(), EASY).winnable else 255)
    emptied = "Foundations: KC\n" + "\n" * 7  # every card under the foundation: won
    code, out, _ = single("--game", "golf", stdin=emptied)
    assert code == 0 and out.startswith("Solved!\n\n\n--------------------\n")


def golfsolve_line(number: int) -> list[str]:
    import golfsolve

    return [a.token for a in golfsolve.solve(Deal.from_number(number), EASY).actions]


def test_help_and_version():
    code, out, _ = single("--help")
    assert code == 0 and "--max-iters" in out and "golfsolve-bhs" in out
    assert single("-h") == (code, out, "")
    assert "--version" in out and "  1    the output could not be written" in out
    assert max(map(len, out.splitlines())) <= 79
    assert max(map(len, multi("--help")[1].splitlines())) <= 79
    code, out, _ = multi("--version")
    assert code == 0 and re.search(r"version ([0-9]+)\.([0-9]+)\.([0-9]+)", out)


def test_multi_stops_at_a_board_it_cannot_read(tmp_path):
    good = board_path("deal:2", tmp_path)
    code, out, err = multi("--game", "golf", "--quiet", good, "/nonexistent.board", good)
    assert code == 255 and err.count("\n") == 1 and "/nonexistent.board" in err
    assert out.endswith("[= Starting file /nonexistent.board =]\n")
    assert out.count("[= END of file") == 1
    assert multi("--game", "golf") == (0, "", "")


def test_console_scripts_as_processes(tmp_path):
    """Through a real process: the statuses reach the shell, the board from a pipe."""
    board = open(board_path("deal:1", tmp_path)).read()
    for main, rules, status in (("single", "--wrap-ranks", 0), ("single", "--game", 255)):
        flags = ["--game", "golf"] + ([rules] if rules != "--game" else [])
        done = subprocess.run([sys.executable, "-c", "import sys; from golfsolve.cli.bhs import "
                               f"{main}; sys.exit({main}())", *flags], input=board,
                              capture_output=True, text=True, timeout=120)
        assert done.returncode == status and done.stdout.split("\n")[0] in ("Solved!",
                                                                              "Unsolved!")


@pytest.mark.parametrize("main", ["single", "multi"])
def test_numba_settings_it_cannot_use_are_one_line_and_status_2(tmp_path, main):
    board = board_path("deal:1", tmp_path)
    done = subprocess.run([sys.executable, "-c", "import sys; from golfsolve.cli.bhs import "
                           f"{main}; sys.exit({main}())", "--game", "golf", board],
                          env={**os.environ, "NUMBA_NUM_THREADS": "abc"}, capture_output=True,
                          text=True, timeout=120)
    prog = "golfsolve-bhs" if main == "single" else "golfsolve-multi-bhs"
    assert (done.returncode, done.stderr) == (2, f"{prog}: error: NUMBA_NUM_THREADS is 'abc': "
                                              "it must be a whole number of threads, 1 or more "
                                              "(or unset, for every core)\n")


def test_settings_defaults_are_black_hole_solvers():
    assert Settings().wrap_ranks and not Settings().queens_on_kings


def test_spaces_are_not_an_empty_column():
    """black-hole-solver reads a line of spaces as a card it cannot read; so does golfsolve."""
    code, out, err = single("--game", "golf", stdin="Foundations: KC\n   \n" + "\n" * 6)
    assert (code, out) == (255, "") and "line 2, card 1" in err


@pytest.mark.parametrize("main", ["bhs_main", "multi_main"])
@pytest.mark.parametrize("args", [["--game", "golf", "BOARD"], ["--help"], ["--version"]])
def test_output_that_cannot_be_written_is_one_line_and_status_1(tmp_path, main, args):
    """To a full disk (/dev/full) and with standard output closed; a board that cannot be
    read is still said as such where the output is full."""
    board = board_path("deal:1", tmp_path)
    prog = "golfsolve-bhs" if main == "bhs_main" else "golfsolve-multi-bhs"
    command = [sys.executable, "-c", f"from golfsolve.cli.bhs import {main}; {main}()",
               *[board if arg == "BOARD" else arg for arg in args]]
    with open("/dev/full", "w") as full:
        done = subprocess.run(command, stdout=full, stderr=subprocess.PIPE, text=True,
                              timeout=120)
    assert (done.returncode, done.stderr) == (
        1, f"{prog}: error: cannot write the output: No space left on device\n")
    done = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                          text=True, timeout=120, pass_fds=(), close_fds=True,
                          preexec_fn=lambda: os.close(1))
    assert (done.returncode, done.stderr) == (1, f"{prog}: error: standard output is closed\n")


def test_a_missing_board_is_said_as_such_where_the_output_is_full():
    with open("/dev/full", "w") as full:
        done = subprocess.run([sys.executable, "-c", "from golfsolve.cli.bhs import bhs_main; "
                               "bhs_main()", "--game", "golf", "/nonexistent.board"],
                              stdout=full, stderr=subprocess.PIPE, text=True, timeout=120)
    assert (done.returncode, done.stderr) == (
        255, "golfsolve-bhs: error: no such file: /nonexistent.board\n")
