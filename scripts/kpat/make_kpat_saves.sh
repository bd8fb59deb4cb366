#!/bin/bash
# Write KPat Golf saved games by hand (kpat_savegame.py), check each with KPat:
#  1. `kpat --solvegame FILE` (its output recorded; see NOTES.md: in 22.12.3 it never reads the piles)
#  2. loaded into KPat's GUI (headless) and re-saved by KPat on exit (kpat_gui_roundtrip.sh);
#     the position KPat re-saves must equal the position we wrote (kpat_save_to_board.py).
# Also records KPat's own files: deal 2 loaded then 3 x "move_draw" triggered over D-Bus.
set -u
S=$(cd "$(dirname "$0")" && pwd); D=${KPAT_VECTORS:-$PWD/vectors}/kpat-saves
mkdir -p "$D"; rm -f "$D"/*
export XDG_RUNTIME_DIR=/tmp/runtime-peers QT_QPA_PLATFORM=offscreen
mk() { python3 "$S/kpat_savegame.py" "$@"; }
mk legacy 2 "" "$D/save1-deal2-start.legacy.xml"
mk current 2 "d,1,1,0,d,1,3,3,d,6" "$D/save2-deal2-mid10.current.xml"
mk legacy 100000 "d,1,0,2,2,0,1,6,2,6" "$D/save3-deal100000-mid10.legacy.xml"
mk current 100000 "" "$D/save4-deal100000-start.current.xml"
mk legacy 2147483647 "" "$D/save5-deal2147483647-start.legacy.xml"
mk current 2 "d,d,d" "$D/save6-deal2-3draws.current.xml"
: > "$D/RESULTS.txt"
for f in "$D"/save*.xml; do
  b=$(basename "$f" .xml)
  sg=$(/usr/games/kpat --solvegame "$f" 2>/dev/null); rc=$?
  timeout 120 dbus-run-session -- bash "$S/kpat_gui_roundtrip.sh" "$f" "$D/$b.kpat-resaved.xml" > /dev/null 2>&1
  if [ -f "$D/$b.kpat-resaved.xml" ]; then
    python3 "$S/kpat_save_to_board.py" "$D/$b.kpat-resaved.xml" > "$D/$b.kpat-resaved.board" 2>/dev/null
    if cmp -s "$D/$b.kpat-resaved.board" "$f.board"; then same="position-equal"; else same="POSITION-DIFFERS"; fi
  else same="NOT-RESAVED"; fi
  bytes=""; case $b in *current*) cmp -s "$f" "$D/$b.kpat-resaved.xml" && bytes=", resaved file byte-equal to ours" || bytes=", resaved file NOT byte-equal";; esac
  echo "$b: solvegame='$sg' rc=$rc; gui-roundtrip: $same$bytes" | tee -a "$D/RESULTS.txt"
done
# KPat's own moves: load deal 2 at start, trigger Draw 3 times, KPat saves
timeout 120 dbus-run-session -- bash "$S/kpat_gui_roundtrip.sh" "$D/save1-deal2-start.legacy.xml" "$D/kpat-own-deal2-3draws.xml" move_draw move_draw move_draw > /dev/null 2>&1
python3 "$S/kpat_save_to_board.py" "$D/kpat-own-deal2-3draws.xml" > "$D/kpat-own-deal2-3draws.board" 2>/dev/null
cmp -s "$D/kpat-own-deal2-3draws.board" "$D/save6-deal2-3draws.current.xml.board" && r=position-equal || r=POSITION-DIFFERS
cmp -s "$D/kpat-own-deal2-3draws.xml" "$D/save6-deal2-3draws.current.xml" && t=byte-equal || t=NOT-BYTE-EQUAL
echo "kpat-own-deal2-3draws vs save6 (hand-written): $r, $t" | tee -a "$D/RESULTS.txt"
# KPat's own new deal: load deal 100000, "Restart game" (game_restart = startNew(same number)), draw twice
timeout 120 dbus-run-session -- bash "$S/kpat_gui_roundtrip.sh" "$D/save4-deal100000-start.current.xml" "$D/kpat-own-deal100000-restart-2draws.xml" game_restart move_draw move_draw > /dev/null 2>&1
python3 "$S/kpat_savegame.py" current 100000 "d,d" "$D/hand-deal100000-2draws.current.xml"
cmp -s "$D/kpat-own-deal100000-restart-2draws.xml" "$D/hand-deal100000-2draws.current.xml" && t=byte-equal || t=NOT-BYTE-EQUAL
echo "kpat-own-deal100000-restart-2draws (KPat dealt it itself) vs hand-written: $t" | tee -a "$D/RESULTS.txt"
# KPat's demo (its solver plays) for ~2 s on deal 2, then saved: a mid-game file with plays, written by KPat
timeout 120 dbus-run-session -- bash "$S/kpat_gui_roundtrip.sh" "$D/save1-deal2-start.legacy.xml" "$D/kpat-own-deal2-demo.xml" move_demo > /dev/null 2>&1
if [ -f "$D/kpat-own-deal2-demo.xml" ]; then python3 "$S/kpat_save_to_board.py" "$D/kpat-own-deal2-demo.xml" > "$D/kpat-own-deal2-demo.board" 2>> "$D/RESULTS.txt"; echo "kpat-own-deal2-demo: $(grep -c '<state' "$D/kpat-own-deal2-demo.xml") states" | tee -a "$D/RESULTS.txt"; fi
# --solvegame on files that are not Golf saves
printf '<?xml version="1.0"?>\n<dealer id="0" options="" number="5" moves="0" started="0" data=""/>\n' > "$D/probe-klondike-legacy.xml"
printf '' > "$D/probe-empty.xml"
printf 'garbage\n' > "$D/probe-garbage.xml"
printf '<?xml version="1.0"?>\n<dealer id="99"/>\n' > "$D/probe-unknown-id.xml"
for f in "$D"/probe-*.xml; do
  sg=$(timeout 60 /usr/games/kpat --solvegame "$f" 2>/dev/null); rc=$?
  echo "$(basename "$f"): solvegame='$sg' rc=$rc" | tee -a "$D/RESULTS.txt"
done
