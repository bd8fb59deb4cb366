import json

import pytest

from golfsolve.model.cards import Card
from golfsolve.model.deal import Deal
from golfsolve.model.game import Game
from golfsolve.model.rules import rules_by_name

from .conftest import DATA, code_note

PAGE = str(DATA / "rules-page-deal.board")
SENTENCES = json.loads((DATA / "rules-sentences.json").read_text(encoding="utf-8"))


# ----- show --------------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", ["fi", "id", "tr"])
def test_show_prints_the_rules_pages_sentence(cli, lang):
    result = cli("show", PAGE, "--lang", lang, "--format", "text")
    assert result.code == 0
    assert result.out == SENTENCES[lang]["start"] + "\n"


@pytest.mark.parametrize(("env", "lang"), [("fi_FI.UTF-8", "fi"), ("tr_TR", "tr"),
                                           ("de_DE.UTF-8", "en"), ("C", "en")])
def test_language_defaults_from_lang(cli, monkeypatch, env, lang):
    for var in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", env)
    out = cli("show", PAGE, "--format", "text").out
    if lang == "en":
        assert out.startswith("Stock: 16 cards; waste: ace of clubs.")
    else:
        assert out == SENTENCES[lang]["start"] + "\n"


def test_show_in_english(cli):
    result = cli("show", PAGE, "--lang", "en", "--format", "text")
    assert result.out.startswith(
        "Stock: 16 cards; waste: ace of clubs. Column 1: 6 of clubs, 5 of spades, queen of "
        "spades, 10 of spades, 6 of hearts (free: 6 of hearts); column 2: 2 of spades, ")
    assert result.out.endswith("(free: 5 of clubs).\n")


def test_show_board_json_and_grid(cli):
    board = cli("show", "GO1-C-AAAAAAB", "--format", "board")
    assert board.out == Deal.from_number(1).to_board()
    assert board.err == code_note("GO1-C-AAAAAAB is PySolFC's deal 1") + (
        "golfsolve: note: the board format does not record the rules; read this board with --rules "
        "classic, or it is taken under easy\n")
    assert cli("show", "GO1-E-AAAAAAB", "--format", "board").err == code_note(
        "GO1-E-AAAAAAB is PySolFC's deal 1")
    assert cli("show", "1", "--rules", "classic", "--format", "board").err == (
        "golfsolve: note: the board format does not record the rules; read this board with --rules "
        "classic, or it is taken under easy\n")
    data = json.loads(cli("show", "GO1-C-AAAAAAB", "--format", "json").out)
    assert (data["deal"], data["number"], data["code"], data["rules"]) == (
        "GO1-C-AAAAAAB", 1, "GO1-C-AAAAAAB", "classic")
    assert Deal.from_dict(data) == Deal.from_number(1)
    grid = cli("show", "1", "--format", "grid", "--lang", "en").out
    assert grid.splitlines()[:3] == ["GO1-E-AAAAAAB (deal 1), easy rules",
                                     "  1     2     3     4     5     6     7",
                                     "  J♦    2♦    9♥    J♣    5♦    7♥    7♣     Stock: 16 cards"]
    assert cli("show", "1", "--lang", "en").out == grid  # the default


def test_show_reads_stdin(cli):
    result = cli("show", "-", "--format", "board", input=Deal.from_number(3).to_json())
    assert result.out == Deal.from_number(3).to_board()


@pytest.mark.parametrize(
    ("args", "input", "message"),
    [
        (["show", "GO1-Q-AAAAAAB"], None,
         "golfsolve: error: unknown rules letter 'Q' in game code 'GO1-Q-AAAAAAB' "
         "(expected E, C or N)"),
        (["show", "GO1-E-AAAAAAA"], None,
         "golfsolve: error: game code 'GO1-E-AAAAAAA' names deal 0, which does not exist"),
        (["show", "nothere.board"], None, "golfsolve: error: no such file: nothere.board"),
        (["show", "-"], "", "golfsolve: error: standard input is empty"),
        (["show", "-"], "Talon: 8S\n", "golfsolve: error: stdin: the board has no waste line "
         "(Foundations: or Waste:)"),
        (["show", "1", "--rules", "hard"], None,
         "golfsolve: error: unknown rules 'hard' (expected one of: easy, classic, dead-king, "
         "strict)"),
        (["solve", "1", "--rules", "easy,nope"], None,
         "golfsolve: error: unknown rules 'nope' (expected easy, classic, dead-king, strict, a "
         "comma list of them, or all)"),
        (["show", "1", "--rules", "all"], None, "golfsolve: error: 'all' names more than one "
         "rule set: this command takes one of easy, classic, dead-king, strict"),
        (["replay", "1", "d", "--rules", "easy,classic"], None, "golfsolve: error: "
         "'easy,classic' names more than one rule set: this command takes one of easy, classic, "
         "dead-king, strict"),
        (["show"], None, "golfsolve show: error: Missing argument 'DEAL'. (see --help)"),
        (["show", "1", "--format", "xml"], None,
         "golfsolve show: error: Invalid value for '--format': 'xml' is not one of 'text', "
         "'grid', 'board', 'json', 'line', 'svg'. (see --help)"),
        (["frobnicate"], None, "golfsolve: error: No such command 'frobnicate'. (see --help)"),
        (["plya", "1"], None, "golfsolve: error: No such command 'plya'. Did you mean 'play'? "
         "(see --help)"),
        (["census", "rn", "1-5"], None, "golfsolve census: error: No such command 'rn'. Did you "
         "mean 'run'? (see --help)"),
    ],
)
def test_bad_input_is_one_line_and_status_2(cli, args, input, message):
    result = cli(*args, input=input)
    assert result.code == 2
    assert result.out == ""
    assert result.err == message + "\n"


def test_a_directory_is_not_a_deal(cli, tmp_path):
    result = cli("show", str(tmp_path))
    assert (result.code, result.err) == (2, f"golfsolve: error: {tmp_path} is a directory, "
                                            "not a file\n")


def test_binary_and_huge_files_are_not_deals(cli, tmp_path):
    binary = tmp_path / "deal.bin"
    binary.write_bytes(b"\x89PNG\xff\xfe" * 10)
    assert cli("show", str(binary)).err == f"golfsolve: error: {binary} is not UTF-8 text\n"
    nul = tmp_path / "deal.dat"
    nul.write_bytes(b"Talon: \0\0\0")
    assert cli("show", str(nul)).err == f"golfsolve: error: {nul} holds binary data, not text\n"
    assert cli("show", "-", input="\0\1\2").err == (
        "golfsolve: error: standard input holds binary data, not text\n")
    huge = tmp_path / "huge.board"
    huge.write_text("x" * (1 << 21))
    result = cli("show", str(huge))
    assert (result.code, result.err) == (
        2, f"golfsolve: error: {huge} is larger than 1,048,576 bytes: not a deal or moves\n")


def test_a_results_database_given_as_a_deal_is_told_to_be_given_as_db(cli, tmp_path):
    db = tmp_path / "runs.sqlite"
    assert cli("batch", "1-3", "--rules", "easy", "--db", str(db), "--quiet").code == 0
    said = (f"golfsolve: error: {db} is a database, not a deal or a list: give a results "
            f"database as --db {db}\n")
    for command in (["solve"], ["batch"], ["compare"], ["show"], ["odds"]):
        result = cli(*command, str(db))
        assert (result.code, result.err) == (2, said), command


def test_a_closed_pipe_is_not_an_error():
    import subprocess
    import sys

    done = subprocess.run(f"'{sys.executable}' -m golfsolve solve 1 2 3 4 | head -1; "
                          "echo \"status ${PIPESTATUS[0]}\"",
                          shell=True, capture_output=True, text=True, check=False,
                          executable="/bin/bash")
    first, status = done.stdout.splitlines()
    assert first.startswith("GO1-E-AAAAAAB (deal 1), easy rules: winnable in ")
    assert status == "status 0"
    assert done.stderr == ""


def test_invalid_board_file_names_file_and_line(cli, tmp_path):
    bad = tmp_path / "bad.board"
    bad.write_text(Deal.from_number(1).to_board().replace("JD 5H KH AS 4H", "JD 5H KH AS 4Z"))
    result = cli("show", str(bad))
    assert result.err == f"golfsolve: error: {bad}: line 3, card 5: unknown card '4Z'\n"
    assert result.code == 2


# ----- solve -------------------------------------------------------------------------------------
def replay_json_moves(deal, rules, moves):
    game = Game(deal, rules)
    for i, move in enumerate(moves, 1):
        assert move["move"] == i
        token = "d" if move["action"] == "draw" else str(move["column"])
        assert str(game.play(token).card) == move["card"]
        assert (move["column"] is None) == (move["action"] == "draw")
    return game


def test_solve_json_fields_and_moves(cli):
    result = cli("solve", "GO1-E-AAAAAAB", "GO1-C-AAAAAAB", "--json")
    assert result.code == 0
    records = [json.loads(line) for line in result.out.splitlines()]
    assert [list(r) for r in records] == [[
        "deal", "number", "code", "rules", "winnable", "max_removed", "best_score",
        "fewest_moves", "line", "moves", "states", "ms"]] * 2
    easy, classic = records
    assert (easy["deal"], easy["number"], easy["code"], easy["rules"], easy["winnable"],
            easy["max_removed"], easy["best_score"]) == (
        "GO1-E-AAAAAAB", 1, "GO1-E-AAAAAAB", "easy", True, 35, 350)
    assert (classic["code"], classic["rules"], classic["winnable"], classic["max_removed"],
            classic["best_score"], classic["fewest_moves"]) == (
        "GO1-C-AAAAAAB", "classic", False, 29, 230, False)
    for record in records:
        assert record["line"] == " ".join(
            "d" if m["action"] == "draw" else str(m["column"]) for m in record["moves"])
        assert isinstance(record["ms"], float)
    deal = Deal.from_number(1)
    assert replay_json_moves(deal, rules_by_name("easy"), easy["moves"]).status == "won"
    end = replay_json_moves(deal, rules_by_name("classic"), classic["moves"])
    assert (end.status, end.removed, end.score) == ("stuck", 29, 230)
    assert easy["states"] > 0 and classic["states"] > 0


def test_solve_rules_all_and_numbers(cli):
    result = cli("solve", "4", "--rules", "all", "--json")
    records = [json.loads(line) for line in result.out.splitlines()]
    assert [(r["deal"], r["number"], r["rules"], r["winnable"]) for r in records] == [
        ("4", 4, "easy", True), ("4", 4, "classic", True), ("4", 4, "dead-king", False),
        ("4", 4, "strict", False)]
    assert records[2]["max_removed"] == 34 and records[2]["best_score"] == 330
    # all beside other rule sets is still all
    also = [json.loads(line) for line in cli("solve", "4", "--rules", "classic,all",
                                             "--json").out.splitlines()]
    assert [r["rules"] for r in also] == ["easy", "classic", "dead-king", "strict"]


def test_solve_text_for_people(cli):
    lines = cli("solve", PAGE, "--fewest-moves").out.splitlines()
    moves = json.loads(cli("solve", PAGE, "--fewest-moves", "--json").out)["moves"]
    draws = sum(m["action"] == "draw" for m in moves)
    expected = [f"{PAGE}, easy rules: winnable in {len(moves)} moves (35 removals, {draws} "
                "draws, the fewest possible)", "Solution:"]
    for m in moves:
        card = Card.parse(m["card"]).pretty
        what = f"draw {card}" if m["action"] == "draw" else f"column {m['column']}: {card}"
        expected.append(f"  {m['move']:>2}. {what}")
    assert lines[:-1] == expected
    assert lines[-1].startswith("Max removed: 35 of 35. Best score: 350. (")


def test_solve_lost_deal_text(cli):
    lines = cli("solve", "GO1-C-AAAAAAB").out.splitlines()
    assert lines[0] == "GO1-C-AAAAAAB (deal 1), classic rules: cannot be won"
    assert lines[1] == "Best line (29 of 35 removed, then no more moves):"
    assert lines[-1].startswith("Max removed: 29 of 35. Best score: 230. (")


def test_help_shows_examples_and_exit_codes(cli):
    result = cli("solve", "--help")
    assert result.code == 0
    assert "golfsolve solve GO1-E-AAAAAAB" in result.out
    top = cli("--help").out
    assert "Exit status: 0 done" in " ".join(top.split())


@pytest.mark.parametrize(("encoding", "written"), [
    ("ascii", b"9S | AS 8S (10H, qD, ?10, S?, resume, pataassa, dagilim, Ipucu, ?, ?, GO1-?-A, "
              b"???.board)"),
    ("latin-1", b"9S | AS 8S (10H, qD, ?10, S?, r\xe9sum\xe9, pata\xe4ss\xe4, dagilim, Ipucu, ?, "
                b"?, GO1-\xc9-A, \xff\xff\xff.board)"),
    ("utf-8", "9♠ | A♠ 8S (10♥, q♦, ♣10, S♦, résumé, pataässä, dağılım, İpucu, \u212a, ☃, "
              "GO1-É-A, ÿÿÿ.board)".encode())])
def test_a_stream_that_cannot_show_suits_writes_a_cards_suit_as_its_letter(encoding, written):
    """What the user typed and golfsolve echoes (a layout with suit symbols) reads as cards
    where the terminal cannot show the symbols; a Latin letter with a mark in a word (the
    Finnish and Turkish words) as its letter; any other character it cannot show (the Kelvin
    sign, which only looks like K; a marked letter alone, as in a quoted code; marked letters
    with no plain letter beside them, as a file name that would read as another's) is ?."""
    import io

    from golfsolve.cli import fit_text_stream

    terminal = io.BytesIO()
    stream = fit_text_stream(io.TextIOWrapper(terminal, encoding=encoding))
    stream.write("9♠ | A♠ 8S (10♥, q♦, ♣10, S♦, résumé, pataässä, dağılım, İpucu, \u212a, ☃, "
                 "GO1-É-A, ÿÿÿ.board)")
    stream.flush()
    assert terminal.getvalue() == written


def test_progress_bars_are_ascii_where_the_terminal_cannot_show_blocks():
    import io

    from golfsolve.cli import fit_text_stream
    from golfsolve.cli.render.progress import Progress, narrow

    def stream(encoding, into=None):
        return io.TextIOWrapper(into or io.BytesIO(), encoding=encoding)

    assert [narrow(stream(e)) for e in ("utf-8", "latin-1", "ascii")] == [False, True, True]
    terminal = io.BytesIO()
    replacing = fit_text_stream(stream("ascii", terminal))  # says UTF-8 to click, replaces
    assert replacing.encoding == "utf-8" and narrow(replacing)
    progress = Progress(10, ["easy"], True, file=replacing)
    progress.update([{"rules": "easy", "winnable": True}] * 4, 4)
    progress.close()
    replacing.flush()
    assert b" 40%|####      | 4/10 " in terminal.getvalue()
    assert b"??" not in terminal.getvalue()  # no block character replaced


def test_a_long_word_in_an_error_is_counted_without_the_punctuation_after_it(cli):
    """A DEAL of 100,000 characters that is no deal is named by its first 40 and its length,
    the colon after it left outside the count; a run of letters by its first 20."""
    done = cli("batch", "Q!" * 50_000)
    assert (done.code, done.err) == (2, "golfsolve: error: " + "Q!" * 20 + "... (100,000 "
                                        "characters): the name is too long for the file "
                                        "system\n")
    done = cli("batch", "Q" * 100_000)
    assert done.err.startswith("golfsolve: error: " + "Q" * 20 + "... (100,000 characters): ")
