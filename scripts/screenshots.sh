#!/usr/bin/env bash
# Draws golfsolve's pictures and has headless Chromium take a screenshot of each, for a person
# to look at: a deal (show --format svg), a position mid-game (short and empty columns, the
# stock unseen; in English and in Indonesian, whose words are longest), the solution page of a
# won deal at its start, at step 10 (#step=10) and at its end, a lost deal's page at its end,
# and a page that shows each step's fair values.
#
#   scripts/screenshots.sh [OUT_DIR]      (default: $TMPDIR or /tmp, golfsolve-screenshots)
#
# Needs Chromium (Debian: apt-get install chromium; CHROMIUM names another binary) and
# golfsolve importable by PYTHON (default python3), as in the project's venv, with Pillow.
# Prints each PNG's path. The drawings' screenshots are the drawings' own size; the pages'
# 1200 x 900.
set -euo pipefail

out=${1:-${TMPDIR:-/tmp}/golfsolve-screenshots}
python=${PYTHON:-python3}
browser=${CHROMIUM:-chromium}
mkdir -p "$out"
out=$(cd "$out" && pwd)

golfsolve() { "$python" -m golfsolve "$@"; }

shot() {  # shot FILE[#FRAGMENT] WIDTH,HEIGHT NAME
    "$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars \
        --screenshot="$out/$3.png" --window-size="$2" "file://$out/$1" >/dev/null 2>&1
    echo "$out/$3.png"
}

# deal 1 after 30 moves of its Easy solution, the stock face down, as play saves it (the
# manual's Positions, docs/player.md)
"$python" - "$out/position.board" <<'PYTHON'
import sys

import golfsolve

deal = golfsolve.Deal.from_number(1)
game = golfsolve.Game(deal)
for action in golfsolve.solve(deal).actions[:30]:
    game.play(action)
with open(sys.argv[1], "w", encoding="utf-8") as board:
    board.write(game.position().hidden().to_board())
PYTHON

golfsolve show 1 --format svg >"$out/deal.svg"
golfsolve show "$out/position.board" --format svg --lang en >"$out/position.svg"
golfsolve show "$out/position.board" --format svg --lang id >"$out/position-id.svg"
golfsolve solve 1 --format html >"$out/solution.html"
golfsolve solve 1 --rules classic --format html >"$out/classic.html"

# a page with each step's fair values: deal 1 after 24 moves of its Easy solution (its stock
# known, so that it can be solved), each step's values with the stock face down
"$python" - "$out/values.html" <<'PYTHON'
import sys

import golfsolve
from golfsolve.pictures.page import solution_page

deal = golfsolve.Deal.from_number(1)
game = golfsolve.Game(deal)
for action in golfsolve.solve(deal).actions[:24]:
    game.play(action)
solution = golfsolve.solve(game.position())
values, replay = [], golfsolve.Game(game.position())
for action in solution.actions:
    values.append(golfsolve.fair_value(replay.position()).actions)
    replay.play(action)
with open(sys.argv[1], "w", encoding="utf-8") as page:
    page.write(solution_page(solution, "deal 1 after 24 moves", values))
PYTHON

size=$("$python" -c "from golfsolve.pictures.board import CANVAS; print('%d,%d' % CANVAS)")
shot deal.svg "$size" deal
shot position.svg "$size" position
shot position-id.svg "$size" position-id
shot solution.html 1200,900 solution
shot 'solution.html#step=10' 1200,900 solution-step10
shot 'solution.html#step=999' 1200,900 solution-end
shot 'classic.html#step=999' 1200,900 classic-end
shot 'values.html#step=2' 1200,900 values
# the manual's pictures (docs/show-svg.png, docs/solve-html.png): the deal, and the page at
# step 10 as wide as its content, each in 64 colours (Pillow, which the test extra brings with
# matplotlib) to stay small
shot 'solution.html#step=10' 900,700 solution-narrow
"$python" - "$out" <<'PYTHON'
import sys

from PIL import Image

for name, shot in (("show-svg", "deal"), ("solve-html", "solution-narrow")):
    picture = Image.open(f"{sys.argv[1]}/{shot}.png").convert("RGB")
    picture.quantize(colors=64, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE).save(
        f"{sys.argv[1]}/{name}.png", optimize=True)
    print(f"{sys.argv[1]}/{name}.png")
PYTHON
