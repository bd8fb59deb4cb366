"""Text made to fit a terminal's width: broken at spaces, a layout between its fields, colour
escapes taking no room."""

from __future__ import annotations

import re
import textwrap

RED, DEFAULT = "\x1b[31m", "\x1b[39m"  # hearts and diamonds; back to the terminal's colour
_TABLE_ROW = re.compile(r" *\S+(?: \S+)* {2,}(?=\S)")  # a row's key and the spaces after it
_SPACES = "\t\n\x0b\x0c\r"  # what textwrap reads as a space besides the space


def shown_width(line: str) -> int:
    """The characters ``line`` takes on the screen: its colour escapes take none."""
    return len(line.replace(RED, "").replace(DEFAULT, ""))


def wrapped(line: str, most: int, indent: str = "", split_words: bool = True) -> list[str]:
    """``line`` in lines of at most ``most`` characters (a word longer than that alone on a
    line, split with ``split_words``, else whole: a path to copy):
    a layout's (fields separated by `` | ``) broken between its fields where they fit, each
    line but the last ending in ``|``, so that no column's cards are split; other text at
    spaces, each line after the first starting with ``indent``, tabs and line breaks read as
    spaces. A line that fits and has neither is kept as it is."""
    if shown_width(line) <= most and not any(c in _SPACES for c in line):
        return [line]
    fields = line.split(" | ")
    if len(fields) < 2 or max(map(len, fields)) > most - 2:
        return textwrap.wrap(line, most, subsequent_indent=indent, break_long_words=split_words,
                             break_on_hyphens=False) or [""]
    lines, current = [], fields[0]
    for field in fields[1:]:
        if len(current) + 3 + len(field) + 2 <= most:  # room for this field and a closing " |"
            current += " | " + field
        else:
            lines.append(current + " |")
            current = field
    return [*lines, current]


def fitted(text: str, most: int) -> str:
    """``text``, each of its lines wrapped to ``most`` characters as ``wrapped`` does (a word
    longer than that whole, alone on its line), a line's continuations indented as it is, or
    where it is a table's row (a key, two spaces or more, what it does) as its second column,
    so long as that is within half the width."""
    return "\n".join(piece for line in text.split("\n")
                     for piece in wrapped(line, most, _indent(line, most), False))


def _indent(line: str, most: int) -> str:
    row = _TABLE_ROW.match(line)
    indent = len(row.group(0)) if row else len(line) - len(line.lstrip(" "))
    return " " * indent if indent <= most // 2 else ""
