"""Text made to fit a narrow terminal: broken at spaces, never inside a word, a table's rows
continued under their second column, colour escapes taking no room."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from golfsolve.cli.render.lines import DEFAULT, RED, fitted, shown_width, wrapped


def test_a_help_row_goes_on_under_its_second_column():
    row = "1-7         remove the free card of that column (1 4 taps row 4 of column 1)"
    assert fitted(row, 40).split("\n") == [
        "1-7         remove the free card of that",
        "            column (1 4 taps row 4 of",
        "            column 1)"]


def test_a_sentence_is_broken_between_words_and_a_path_is_kept_whole():
    path = "/home/player/.local/state/golfsolve/unsaved-game.json"
    said = f"golfsolve: note: the moves are kept in {path}; play it to take them up"
    assert fitted(said, 30).split("\n") == [
        "golfsolve: note: the moves are", "kept in", path + ";", "play it to take them up"]


def test_what_fits_is_kept_as_it_is_and_colour_takes_no_room():
    painted = f"Waste: {RED}10♥{DEFAULT}, Stock: 16 cards, the score 10"  # 41 shown
    assert shown_width(painted) == 41 and fitted(painted, 41) == painted
    assert fitted("  two  spaces  kept", 20) == "  two  spaces  kept"


def test_a_layout_is_broken_between_its_columns():
    layout = "JH | TH TD 6C 3S 9S | 8H AC QC KD 9C | 6S 8D 2D 6D 7S"
    assert wrapped(layout, 40) == ["JH | TH TD 6C 3S 9S | 8H AC QC KD 9C |", "6S 8D 2D 6D 7S"]


_WORDS = st.lists(st.text("abcdé♥x-/", min_size=1, max_size=60), min_size=1, max_size=30)


@settings(max_examples=300, deadline=None)
@given(_WORDS, st.integers(0, 12), st.integers(20, 100))
def test_every_line_fits_unless_it_is_one_word_too_long_and_no_word_is_changed(
        words, indent, most):
    text = " " * indent + " ".join(words)
    lines = fitted(text, most).split("\n")
    for line in lines:
        assert len(line) <= most or len(line.split()) == 1
    assert " ".join(" ".join(lines).split()) == " ".join(words)
    continued = " " * indent if indent <= most // 2 else ""
    assert all(line.startswith(continued) for line in lines[1:])
