"""Copy the wording of the Golf rules pages that golfsolve must match into
tests/data/rules-sentences.json.

Usage: python scripts/extract_sentences.py SPEC_DIR
SPEC_DIR holds rules-fi.txt, rules-id.txt and rules-tr.txt. Each page describes three states
of the rules-page deal, in order: the start, after the 3-move example, and the move-35 state;
and it quotes three messages, in order: the wrong-rank refusal, the blocked-card refusal and
the dead-end message.
"""

import json
import re
import sys
from pathlib import Path

QUOTED = re.compile(r"[”«“]([^”»]+)[”»]")
MESSAGES = ("rank", "blocked", "stuck")

OPENINGS = {"fi": "Nostopakka:", "id": "Tumpukan ambil:", "tr": "Çekme destesi:"}
STATES = ("start", "after_3_moves", "move_35")


def fail(message: str) -> None:
    print(f"extract_sentences: error: {message}", file=sys.stderr)
    sys.exit(2)


def main(spec_dir: str) -> None:
    result = {}
    for lang, opening in OPENINGS.items():
        page = Path(spec_dir) / f"rules-{lang}.txt"
        try:
            text = page.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            fail(f"cannot read {page}: {getattr(exc, 'strerror', exc)} (give the directory "
                 "that holds the rules pages)")
        lines = [line.strip() for line in text.splitlines() if line.startswith(opening)]
        if len(lines) != len(STATES):
            fail(f"rules-{lang}.txt: expected {len(STATES)} descriptions, found {len(lines)}")
        result[lang] = dict(zip(STATES, lines, strict=True))
        quoted = QUOTED.findall(text)
        if len(quoted) != len(MESSAGES):
            fail(f"rules-{lang}.txt: expected {len(MESSAGES)} messages, found {quoted}")
        result[lang].update(zip(MESSAGES, quoted, strict=True))
    out = Path(__file__).resolve().parent.parent / "tests" / "data" / "rules-sentences.json"
    out.write_text(json.dumps(result, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {out}")


if __name__ == "__main__":
    if len(sys.argv) == 2 and sys.argv[1] in ("-h", "--help"):
        print(__doc__.strip())
    elif len(sys.argv) != 2:
        fail("give SPEC_DIR, the directory that holds the rules pages (see --help)")
    else:
        main(sys.argv[1])
