"""replay reads a deal's record from a batch's rows of any size: a file past the size it
reads whole is read a line at a time for the deal's own records."""

from __future__ import annotations

import pytest


@pytest.fixture(scope="module")
def rows(tmp_path_factory):
    """Deals 1-30 under Easy and Classic as a batch writes them, as JSON lines and CSV."""
    from golfsolve.cli import run

    where = tmp_path_factory.mktemp("rows")
    files = {}
    for suffix in ("jsonl", "csv"):
        files[suffix] = where / f"rows.{suffix}"
        assert run(["batch", "1-30", "--rules", "easy,classic", "--out",
                    str(files[suffix]), "--jobs", "1", "--quiet"]) == 0
    return files


@pytest.mark.parametrize("suffix", ["jsonl", "csv"])
def test_a_file_past_the_size_read_whole_gives_the_same_replay_read_a_line_at_a_time(
        cli, monkeypatch, rows, suffix):
    import golfsolve.cli.inputs

    whole = [cli("replay", str(n), str(rows[suffix]), "--rules", rules).out
             for n in (3, 17, 30) for rules in ("easy", "classic")]
    monkeypatch.setattr(golfsolve.cli.inputs, "MAX_MOVES_BYTES", 1000)
    scanned = [cli("replay", str(n), str(rows[suffix]), "--rules", rules).out
               for n in (3, 17, 30) for rules in ("easy", "classic")]
    assert scanned == whole and all("Removed:" in out for out in whole)
    both = cli("replay", "17", str(rows[suffix]))
    assert (both.code, both.err) == (2, "golfsolve: error: the moves hold 2 records for deal "
                                        "17 (easy, classic): give --rules to choose\n")
    absent = cli("replay", "31", str(rows[suffix]))
    assert (absent.code, absent.err) == (2, f"golfsolve: error: {rows[suffix]} holds no record "
                                            "of deal 31\n")


def test_a_line_cut_short_is_passed_over_unless_it_may_be_the_deals(cli, monkeypatch, rows,
                                                                    tmp_path):
    import golfsolve.cli.inputs

    lines = rows["jsonl"].read_text(encoding="utf-8").splitlines(keepends=True)
    cut = tmp_path / "cut.jsonl"  # deal 1's rows whole, then half of deal 2's first
    cut.write_text("".join(lines[:2]) + lines[2][: len(lines[2]) // 2], encoding="utf-8")
    monkeypatch.setattr(golfsolve.cli.inputs, "MAX_MOVES_BYTES", 100)
    assert cli("replay", "1", str(cut), "--rules", "easy").code == 0
    damaged = cli("replay", "2", str(cut), "--rules", "easy")
    assert damaged.code == 2 and damaged.err.startswith(
        "golfsolve: error: invalid JSON record on line 3: Expecting value (column ")
    assert damaged.err.count("line") == 1  # a line's own column, not "line 1" of it


def test_a_file_too_large_for_a_deal_without_a_number_says_what_to_do(cli, monkeypatch, rows,
                                                                      tmp_path):
    import golfsolve.cli.inputs

    board = tmp_path / "d.board"
    assert cli("show", "3", "--format", "board").code == 0
    board.write_text(cli("show", "3", "--format", "board").out, encoding="utf-8")
    monkeypatch.setattr(golfsolve.cli.inputs, "MAX_MOVES_BYTES", 1000)
    result = cli("replay", str(board), str(rows["jsonl"]))
    assert result.code == 2 and result.err == (
        f"golfsolve: error: {rows['jsonl']} is larger than 1,000 bytes: replay reads a larger "
        "file of records only for a deal by number: grep the deal's rows\n")


def test_a_saved_game_given_as_moves_is_named_as_a_deal_or_saved_game(cli, tmp_path):
    game = tmp_path / "g.json"
    layout = ("AC | 6C 5S QS TS 6H | 2S KC 4S 2C 8C | TC AH 2D 5D JS | 3D QH AS KD 4C | JH 3C "
              "7D 8H 9C | TH 4H 7H 7C 8D | 3S 7S 3H 9S 5C")
    cli("play", layout, "--lang", "en", input=f"d 8s\ns {game}\nq\n")
    result = cli("replay", "12", str(game))
    assert (result.code, result.err) == (2, f"golfsolve: error: {game} is a deal or a saved "
                                            "game, not moves: give it as DEAL (golfsolve play "
                                            "FILE takes a saved game up)\n")
