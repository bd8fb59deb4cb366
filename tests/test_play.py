import io
import json
import random
import sys

import pytest

from golfsolve.model.codes import MAX_NUMBER, GameCode
from golfsolve.model.deal import Deal
from golfsolve.model.i18n import TEXTS
from golfsolve.model.rules import ALL_RULES, CLASSIC, EASY
from golfsolve.solver import solve

from .conftest import DATA, MOVE_35_LINE
from .test_solver import expected_won

PAGE = str(DATA / "rules-page-deal.board")
SENTENCES = json.loads((DATA / "rules-sentences.json").read_text(encoding="utf-8"))
LANGS = ["fi", "id", "tr"]


def tokens(moves):
    return "\n".join(m.token for m in moves) + "\n"


def beside(lines):
    """What the last board in ``lines`` (in English) shows beside its columns: the stock's
    count, the waste card, score and moves."""
    first = max(i for i, line in enumerate(lines) if line[45:].startswith("Stock: "))
    return [line[45:] for line in lines[first:first + 4]]


# ----- the rules pages' three states ---------------------------------------------------------
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("state", "line"), [("after_3_moves", "d 5 2"), ("move_35", MOVE_35_LINE)])
def test_replay_prints_the_rules_pages_states(cli, lang, state, line):
    result = cli("replay", PAGE, line, "--lang", lang)
    assert result.code == 0
    assert result.out.splitlines()[0] == SENTENCES[lang][state]


def test_replay_summary_lines(cli):
    lines = cli("replay", PAGE, MOVE_35_LINE, "--lang", "en").out.splitlines()
    assert lines[1:] == ["Removed: 24 of 35. Score: 240. Moves: 34."]
    fi = cli("replay", PAGE, MOVE_35_LINE, "--lang", "fi").out.splitlines()
    assert fi[1:] == ["Poistettu: 24/35. Pisteet: 240. Siirrot: 34."]


# ----- play through stdin ----------------------------------------------------------------------
def test_play_a_won_line_ends_with_350(cli):
    moves = solve(Deal.from_number(2), EASY).moves
    result = cli("play", "GO1-E-AAAAAAC", "--lang", "en", input=tokens(moves) + "q\n")
    assert result.code == 0
    lines = result.out.splitlines()
    assert lines[-3:] == ["You won!", "Score: 350", "u undoes, n starts a new deal, q quits."]
    assert lines[-7].startswith("empty empty empty empty empty empty empty    Stock: ")
    assert beside(lines) == [f"Stock: {16 - sum(m.action == 'draw' for m in moves)} cards",
                             f"Waste: {moves[-1].card.pretty}", "Score: 350",
                             f"Moves: {len(moves)}"]


def test_play_dead_end_then_undo_removes_the_penalty(cli):
    moves = solve(Deal.from_number(1), CLASSIC).moves
    result = cli("play", "GO1-C-AAAAAAB", "--lang", "en", input=tokens(moves) + "u\n")
    lines = result.out.splitlines()
    at_end = lines.index("No more moves possible")
    assert lines[at_end + 1] == "Score: 230"
    assert beside(lines[:at_end]) == ["Stock: 0 cards", f"Waste: {moves[-1].card.pretty}",
                                      "Score: 230", f"Moves: {len(moves)}"]
    before = 290 if moves[-1].action == "draw" else 280
    stock = 1 if moves[-1].action == "draw" else 0
    assert beside(lines[at_end:]) == [f"Stock: {stock} cards", f"Waste: {moves[-2].card.pretty}",
                                      f"Score: {before}", f"Moves: {len(moves)}"]


@pytest.mark.parametrize("lang", LANGS)
def test_play_dead_end_message_in_each_language(cli, lang):
    moves = solve(Deal.from_number(1), CLASSIC).moves
    lines = cli("play", "GO1-C-AAAAAAB", "--lang", lang, input=tokens(moves)).out.splitlines()
    assert SENTENCES[lang]["stuck"] in lines
    assert lines[lines.index(SENTENCES[lang]["stuck"]) + 1] == TEXTS[lang]["final_score"].format(
        score=230)


@pytest.mark.parametrize("lang", ["en", *LANGS])
def test_play_refusals_in_each_language(cli, lang):
    result = cli("play", PAGE, "--lang", lang, input="1\n1 4\nq\n")
    lines = result.out.splitlines()
    board = cli("play", PAGE, "--lang", lang, input="q\n").out.splitlines()
    expected = {"en": ("Rank must be one higher or lower", "This card is blocked")}.get(
        lang, (SENTENCES.get(lang, {}).get("rank"), SENTENCES.get(lang, {}).get("blocked")))
    assert lines == board + list(expected)  # after the board, nothing changed


def test_peeking_names_the_solvers_move_and_says_it_peeks(cli):
    won = cli("play", PAGE, "--lang", "en", input="p\n").out.splitlines()[-1]
    assert won == "Peeking at the stock: draw (a winning line)."
    lost = cli("play", "GO1-C-AAAAAAB", "--lang", "en", input="p\n").out.splitlines()[-1]
    solution = solve(Deal.from_number(1), CLASSIC)
    first = solution.moves[0]
    move = "draw" if first.action == "draw" else f"column {first.column} ({first.card.pretty})"
    assert lost == (f"Peeking at the stock: no winning line; {move} starts the best one, which "
                    "removes 29 more cards.")
    fi = cli("play", PAGE, "--lang", "fi", input="d\np\n").out.splitlines()[-1]
    assert fi == "Nostopakkaan kurkistaen: sarake 5 (9♣) (voittava siirtosarja)."


def test_play_new_deal_unknown_input_and_eof(cli):
    result = cli("play", PAGE, "--lang", "en", "--seed", "7", input="n\nzap\n")
    number = random.Random(7).randint(1, MAX_NUMBER)
    code = GameCode(EASY, number)
    lines = result.out.splitlines()
    board = cli("play", PAGE, "--lang", "en", input="q\n").out.splitlines()
    assert lines[len(board)] == f"New deal: {code}"
    assert lines[len(board) + 1] == f"{code} (deal {number}), easy rules"
    assert lines[-1] == "Unknown input 'zap': type ? for the commands"
    assert result.code == 0


def test_kings_are_written_r_in_the_pages_languages(cli):
    lines = cli("play", PAGE, "--lang", "fi", input="").out.splitlines()
    assert lines[-4].startswith("  5♠    R♣    A♥ ")  # the second card of column 2
    assert lines[-2].startswith(" 10♠    2♣    5♦    R♦ ")


# ----- replay ----------------------------------------------------------------------------------
@pytest.mark.parametrize("number", range(1, 21))
def test_replay_every_solution_of_deals_1_to_20(cli, tmp_path, number):
    for rules in ALL_RULES:
        out = cli("solve", str(number), "--rules", rules.name, "--json").out
        path = tmp_path / f"{number}-{rules.name}.json"
        path.write_text(out)
        result = cli("replay", str(number), str(path), "--lang", "en")  # rules from the JSON
        assert result.code == 0
        last = result.out.splitlines()[-1]
        assert last == ("You won!" if expected_won(number, rules) else "No more moves possible")


def test_replay_stops_at_the_first_illegal_move(cli):
    result = cli("replay", PAGE, "d 5 2 1 d", "--lang", "en")
    assert result.code == 1
    assert result.out.splitlines()[-1] == "Move 4 (column 1): Rank must be one higher or lower"
    fi = cli("replay", PAGE, "d,5,2" + ",d" * 16, "--lang", "fi")
    assert fi.code == 1
    assert fi.out.splitlines()[-1] == "Siirto 19 (nosto): Nostopakka on tyhjä"
    data = json.loads(cli("replay", PAGE, "d 5 2 1", "--format", "json").out)
    assert data["illegal"] == {"move": 4, "token": "1",
                               "reason": "Rank must be one higher or lower"}
    assert (data["played"], data["status"], data["score"], data["waste"]) == (3, "playing", 20,
                                                                           "8C")


def test_replay_reads_moves_from_stdin_and_classic_rules(cli):
    easy = cli("replay", PAGE, "-", "--lang", "en", input=MOVE_35_LINE + " 3\n")
    assert easy.code == 0
    assert easy.out.splitlines()[1] == "Removed: 25 of 35. Score: 250. Moves: 35."
    # under Classic the same line breaks at move 22: the A♠ of column 4 cannot go on K♦
    classic = cli("replay", PAGE, "-", "--rules", "classic", "--lang", "en",
                  input=MOVE_35_LINE + "\n")
    assert classic.code == 1
    assert classic.out.splitlines()[-1] == "Move 22 (column 4): Rank must be one higher or lower"


@pytest.mark.parametrize(
    ("moves", "message"),
    [("d x 5", "move 2: 'x' is not a move (d to draw, 1-7 for a column)"),
     ("8", "move 1: '8' is not a move (d to draw, 1-7 for a column)"),
     ("", "no moves given"),
     ('{"moves": [{"action": "jump"}]}',
      'the record: move 1: {"action": "jump"} is not a draw or a removal from column 1-7'),
     ('{"moves": 3}', "the record: moves must be a list"),
     ('{"rules": "easy"}', "the record has no line or moves"),
     ('[{"action": "remove", "column": true}]', 'JSON moves: move 1: {"action": "remove", '
      '"column": true} is not a draw or a removal from column 1-7'),
     ('[{"action": "draw"}, {"action": "remove", "column": 3.0}]', 'JSON moves: move 2: '
      '{"action": "remove", "column": 3.0} is not a draw or a removal from column 1-7'),
     ('["d", {"action": "remove", "column": 9, "card": "' + "Q" * 60 + '"}]', 'JSON moves: '
      'move 2: {"action": "remove", "column": 9, "card": "QQQQQQQQQQQQQ ... is not a draw or '
      'a removal from column 1-7'),
     ('[{"deal": "7", "line": "d 4"}]', "JSON moves: move 1 is a whole record: give records "
      "one a line (JSON lines), not in a list"),
     ('{"moves": []}\n{"moves": ["d"]}', "the moves hold 2 records for "
      f"{PAGE}: keep the one to replay"),
     ('{"line": "d", "rules": null}\n[1]', "record 2 is not a JSON object"),
     ("[" * 100000, "the JSON moves is nested too deeply"),
     ("missing.json", "no such file: missing.json")],
)
def test_bad_moves_are_one_line_and_status_2(cli, moves, message):
    result = cli("replay", PAGE, moves)
    assert (result.code, result.out, result.err) == (2, "", f"golfsolve: error: {message}\n")


def test_an_interrupt_at_the_prompt_ends_its_line_first(capsys, monkeypatch):
    """On a terminal, Ctrl-C at play's prompt: the prompt's line is ended, so that the
    message starts a line of its own."""
    import sys

    from golfsolve.cli import run

    class Terminal:
        typed = iter(["d\n"])

        def isatty(self):
            return True

        def readline(self):
            for line in self.typed:
                return line
            raise KeyboardInterrupt

    monkeypatch.setattr(sys, "stdin", Terminal())
    code = run(["play", PAGE, "--rules", "easy", "--lang", "en"])
    captured = capsys.readouterr()
    prompt = TEXTS["en"]["prompt"]
    assert code == 130
    assert captured.out.endswith(prompt + "\n")
    assert captured.err == "golfsolve: interrupted\n"


@pytest.mark.parametrize(("lang", "easy", "dead_king"), [
    ("en", "GO1-E-AAAAAAB (deal 1), easy rules", "deal 1, dead-king rules"),
    ("fi", "GO1-E-AAAAAAB (jako 1), Helppo-säännöt", "jako 1, dead-king-säännöt"),
    ("id", "GO1-E-AAAAAAB (susunan kartu 1), aturan Mudah", "susunan kartu 1, aturan dead-king"),
    ("tr", "GO1-E-AAAAAAB (dağılım 1), Kolay kuralı", "dağılım 1, dead-king kuralı")])
def test_the_grid_names_deal_and_rules_in_the_rules_pages_words(cli, lang, easy, dead_king):
    assert cli("show", "1", "--format", "grid", "--lang", lang).out.splitlines()[0] == easy
    shown = cli("show", "1", "--format", "grid", "--lang", lang, "--rules", "dead-king")
    assert shown.out.splitlines()[0] == dead_king
    played = cli("play", "GO1-C-AAAAAAB", "--lang", lang, input="q\n").out.splitlines()
    assert played[0].startswith("GO1-C-AAAAAAB (") and played[0].endswith(
        {"en": "classic rules", "fi": "Klassinen-säännöt", "id": "aturan Klasik",
         "tr": "Klasik kuralı"}[lang])


class _Terminal(io.TextIOWrapper):
    """Keys typed at a terminal whose encoding is ASCII."""

    def isatty(self) -> bool:
        return True


def test_a_key_the_terminal_cannot_decode_is_unknown_input(capsys, monkeypatch):
    from golfsolve.cli import run

    keys = _Terminal(io.BytesIO("\u00fc\nq\n".encode()), encoding="ascii")
    monkeypatch.setattr(sys, "stdin", keys)
    assert run(["play", "1", "--lang", "en"]) == 0
    captured = capsys.readouterr()
    assert captured.err == ""
    assert "Unknown input '\ufffd\ufffd': type ? for the commands" in captured.out


def test_a_save_to_a_name_with_a_nul_is_refused_and_play_goes_on(cli):
    played = cli("play", "1", "--lang", "en", input="s a\0b.board\nd\nq\n")
    assert played.code == 0 and played.err == ""
    assert "Cannot write a\\x00b.board: embedded null byte" in played.out.splitlines()
    assert played.out.count("Moves: ") == 2  # the draw after it was played


def test_a_position_loaded_at_its_end_says_so(cli, tmp_path):
    line = json.loads(cli("solve", "1", "--json").out)["line"]
    won = tmp_path / "won.board"
    won.write_text(cli("replay", "1", line, "--format", "board").out)
    lines = cli("play", str(won), "--lang", "en", input="q\n").out.splitlines()
    assert lines[-3:] == ["You won!", "Score: 350", "n starts a new deal, q quits."]  # no undo


def _dead_end_by_drawing_first(deal: Deal, rules) -> tuple[list[str], int]:
    """Every draw first, then the first card that fits while one does: a poor game's tokens
    and the cards it removes."""
    from golfsolve import Game

    game, played = Game(deal, rules), ["d"] * 16
    for _ in played:
        game.draw()
    while game.playable_columns():
        column = game.playable_columns()[0]
        game.remove(column)
        played.append(str(column))
    assert game.status == "stuck"
    return played, game.removed


def test_a_dead_end_says_how_many_the_stock_as_it_came_let_best_play_remove(cli):
    deal = Deal.from_number(1)  # under Classic: 29 at most
    best = tokens(solve(deal, CLASSIC).moves)
    lines = cli("play", "GO1-C-AAAAAAB", "--lang", "en", input=best).out.splitlines()
    assert lines[-2:] == ["You removed 29 of 35 cards: with the stock in the order it came, no "
                          "play from this game's start removes more.",
                          "u undoes, n starts a new deal, q quits."]
    poor, removed = _dead_end_by_drawing_first(deal, CLASSIC)
    assert removed < 29
    lines = cli("play", "GO1-C-AAAAAAB", "--lang", "en",
                input="\n".join(poor) + "\n").out.splitlines()
    assert lines[-2] == (f"You removed {removed} of 35 cards; with the stock in the order it came"
                         " (which no player sees ahead), best play from this game's start "
                         "removes 29.")
    # deal 1 under Easy can be won: a game that drew first says so
    poor, removed = _dead_end_by_drawing_first(deal, EASY)
    lines = cli("play", "1", "--lang", "tr", input="\n".join(poor) + "\n").out.splitlines()
    assert lines[-2] == TEXTS["tr"]["debrief_won"].format(removed=removed)


def test_a_followed_game_is_told_at_its_dead_end_what_the_stock_it_named_allowed(cli):
    """The stock unseen, each draw named as it came: the same account as with the deal."""
    deal = Deal.from_number(1)
    named = iter(deal.stock)
    moves = "".join(f"d {next(named)}\n" if m.action == "draw" else f"{m.column}\n"
                    for m in solve(deal, CLASSIC).moves)
    layout = " | ".join([str(deal.waste), *(" ".join(map(str, c)) for c in deal.tableau)])
    lines = cli("play", layout, "--rules", "classic", "--lang", "en", input=moves).out
    assert lines.splitlines()[-2] == ("You removed 29 of 35 cards: with the stock in the order "
                                      "it came, no play from this game's start removes more.")


@pytest.mark.parametrize("lang", ["en", "fi", "id", "tr"])
def test_the_command_list_lines_up_and_names_the_save_as_its_usage_does(lang):
    from golfsolve.model.i18n import text

    lines = text(lang, "help").splitlines()
    # column 13, two spaces at least after the widest key (s TIEDOSTO): a table's row
    assert all(line[10:12] == "  " and line[12] != " " for line in lines), lines
    save = next(line for line in lines if line.startswith("s "))
    assert text(lang, "save_usage").endswith(save[:10].rstrip())


def test_the_catalogue_names_no_command_line_option():
    """The texts are the library's; an option is the command line's, which play fills in."""
    from golfsolve.model.i18n import TEXTS

    assert [(lang, key) for lang, texts in TEXTS.items() for key, words in texts.items()
            if "--" in words] == []


@pytest.mark.parametrize("lang", ["en", "fi", "id", "tr"])
def test_a_board_saved_under_rules_it_cannot_name_says_which_option_to_give(cli, tmp_path,
                                                                           lang):
    path = tmp_path / "saved.board"
    out = cli("play", "2", "--rules", "dead-king", "--lang", lang,
              input=f"s {path}\nq\n").out.splitlines()
    assert out[-1].count("--rules dead-king") == 1 and str(path) in out[-1]


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="a pseudo-terminal")
def test_keys_typed_at_a_terminal_can_edit_the_line_and_recall_the_last():
    """Left arrow moves in the line (q, left, x: 'xq'); up recalls the last line."""
    import os
    import pty
    import select
    import time

    from .test_faults import GOLFSOLVE

    pid, fd = pty.fork()
    if pid == 0:  # the child: golfsolve on the terminal's other end
        os.execvp(GOLFSOLVE[0], [*GOLFSOLVE, "play", "1", "--lang", "en"])
    shown = b""

    def read_until(text: bytes) -> None:
        nonlocal shown
        while text not in shown:
            ready, _, _ = select.select([fd], [], [], 60)
            assert ready, shown[-300:]
            try:
                shown += os.read(fd, 65536)
            except OSError:  # the child is gone
                return

    # the prompt is written before readline takes the terminal over: wait for that, so that
    # keys typed at once on a loaded machine are not read (and echoed) by the terminal alone
    read_until(b"q quit): ")
    time.sleep(0.5)
    os.write(fd, b"q\x1b[Dx\r")
    read_until(b"Unknown input 'xq'")
    time.sleep(0.5)
    os.write(fd, b"\x1b[A\r")
    read_until(b"Unknown input 'xq': type ? for the commands\r\nMove (1-7, d draw, u undo, "
               b"h hint, ? help, q quit): xq\r\nUnknown input 'xq'")
    os.write(fd, b"q\r")
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "is the file this game was read from, and this save would lose its deal: save to "
           "another file"),
    ("tr", "bu oyunun okunduğu dosya ve bu kayıt onun dağılımını kaybettirir: başka bir "
           "dosyaya kaydedin"),
])
def test_a_save_over_the_file_the_deal_came_from_is_refused(cli, tmp_path, monkeypatch, lang,
                                                           said):
    monkeypatch.chdir(tmp_path)
    board = cli("show", "3", "--format", "board").out
    (tmp_path / "deal.board").write_text(board, encoding="utf-8")
    (tmp_path / "link.board").symlink_to(tmp_path / "deal.board")
    out = cli("play", "deal.board", "--lang", lang,
              input="d\ns deal.board\ns link.board\ns other.board\nq\n").out.splitlines()
    assert f"deal.board {said}" in out and f"link.board {said}" in out
    assert (tmp_path / "deal.board").read_text(encoding="utf-8") == board
    assert (tmp_path / "other.board").read_text(encoding="utf-8") != board  # a draw later


@pytest.mark.parametrize("lang", ["en", "fi", "id", "tr"])
def test_a_save_to_an_svg_file_draws_the_board_as_show_does(cli, tmp_path, lang):
    from golfsolve.model.game import Game
    from golfsolve.pictures.board import board_svg

    path = tmp_path / "board.svg"
    out = cli("play", "7", "--lang", lang, input=f"3\ns {path}\nq\n").out.splitlines()
    game = Game(Deal.from_number(7), EASY)
    game.remove(3)
    assert path.read_text(encoding="utf-8") == board_svg(game, lang)
    assert out[-1] == TEXTS[lang]["picture_saved"].format(path=path)


def test_a_picture_is_no_save_of_a_followed_game(tmp_path):
    """Quitting after a picture still says the game's moves are not saved; a .json save
    holds them."""
    from golfsolve.cli.session import PlaySession

    from .test_follow import PAGE_DEAL

    said = []
    session = PlaySession(PAGE_DEAL.position().hidden(), EASY, "t", "en", said.append,
                          interactive=True)
    session.handle("d 8S")
    session.save(str(tmp_path / "now.svg"))
    assert (tmp_path / "now.svg").exists() and session._quit_loses_moves()
    session.save(str(tmp_path / "now.json"))
    assert not session._quit_loses_moves()


@pytest.mark.parametrize("lang", ["en", "fi", "id", "tr"])
@pytest.mark.parametrize("name", ["rows.csv", "game.JSONL", "page.html", "runs.sqlite",
                                  "saved.kpat"])
def test_a_save_under_another_format_s_suffix_is_refused_and_play_goes_on(tmp_path, lang,
                                                                         name):
    from golfsolve.cli.session import PlaySession

    path = tmp_path / name
    said = []
    session = PlaySession(Deal.from_number(7).position(), EASY, "t", lang, said.append)
    session.run([f"s {path}", "3", "q"])
    assert TEXTS[lang]["save_suffix"].format(suffix=path.suffix) in said
    assert not path.exists() and session.game.move_count == 1


@pytest.mark.parametrize("lang", ["en", "fi", "id", "tr"])
def test_the_command_list_fits_an_80_column_terminal(lang):
    from golfsolve.model.i18n import text

    assert max(len(line) for line in text(lang, "help").splitlines()) <= 80


def test_a_save_name_in_quotes_or_under_the_home_directory_is_read_as_a_shell_reads_it(
        cli, tmp_path, monkeypatch):
    from golfsolve.cli.session import typed_path

    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.chdir(tmp_path)
    assert [typed_path(t) for t in (' "my game.json" ', "'a b.board'", "~/x.json", '"~/y.json"',
                                    'say "hi".board', "'")] == [
        "my game.json", "a b.board", str(tmp_path / "x.json"), str(tmp_path / "y.json"),
        'say "hi".board', "'"]
    played = cli("play", "1", "--lang", "en", input='d\ns "my game.json"\ns ~/home.json\nq\n')
    assert played.code == 0, played.err
    assert json.loads((tmp_path / "my game.json").read_text(encoding="utf-8"))["waste"] == \
        json.loads((tmp_path / "home.json").read_text(encoding="utf-8"))["waste"]
    assert sorted(p.name for p in tmp_path.iterdir() if p.suffix == ".json") == [
        "home.json", "my game.json"]
