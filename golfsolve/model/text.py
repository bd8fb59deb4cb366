"""Words people type, read letter for letter: a rule set's name, a game code's letters, a card, a
move, a board's line label, a language.

Python's ``lower``, ``upper`` and ``casefold`` map some other letters onto ASCII ones (the
Kelvin sign K to k, the long s ſ to S, the dotless ı to I, the ligature ﬀ to FF), so a
word compared after them could be taken for one it only resembles. These helpers fold the
case of the ASCII letters A-Z alone: any other character stays as it is and matches nothing.
"""

from __future__ import annotations

import re

_TO_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")
_TO_UPPER = str.maketrans("abcdefghijklmnopqrstuvwxyz", "ABCDEFGHIJKLMNOPQRSTUVWXYZ")


def ascii_lower(text: str) -> str:
    """``text`` with A-Z made a-z, every other character kept as it is."""
    return text.translate(_TO_LOWER)


def ascii_upper(text: str) -> str:
    """``text`` with a-z made A-Z, every other character kept as it is."""
    return text.translate(_TO_UPPER)


SHOWN_MOST = 40  # characters of a value a message quotes: a longer one is cut


def shown(value: object) -> str:
    """``value`` quoted as a message shows it: Python's repr (which escapes what cannot be
    printed), with combining marks escaped too, so that ``e`` and a combining acute accent
    do not show as ``é``; a value longer than SHOWN_MOST characters as its first ones and
    its length (``'QQQQ...'... (1,000,000 characters)``), so that a message stays a line
    however much was given."""
    import unicodedata

    if isinstance(value, str) and len(value) > SHOWN_MOST:
        quoted = repr(value[:SHOWN_MOST]) + f"... ({len(value):,} characters)"
    else:
        quoted = repr(value)
        if len(quoted) > SHOWN_MOST + 2:  # (another value's repr: a list, a dict)
            quoted = quoted[:SHOWN_MOST] + f"... ({len(quoted):,} characters)"
    # a byte of a name that was not UTF-8 (Python's surrogate escape) as a name shows it
    quoted = _UNDECODED.sub(lambda m: m.group(1) + "\\x" + m.group(2), quoted)
    return "".join(f"\\u{ord(ch):04x}" if unicodedata.category(ch) in ("Mn", "Me") else ch
                   for ch in quoted)


# an escape \udcXX in a repr, not a typed backslash's \\ followed by "udcXX"
_UNDECODED = re.compile(r"(?<!\\)((?:\\\\)*)\\udc([89a-f][0-9a-f])")
