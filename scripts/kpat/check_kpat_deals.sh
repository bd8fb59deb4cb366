#!/bin/bash
# Have KPat deal N itself (load a hand-written start file for N, trigger "game_restart" over
# D-Bus = DealerScene::startNew(N), close; KPat saves the fresh deal) and compare with
# kpat_savegame.py's model of KPat's deal N, byte for byte.
# Usage: check_kpat_deals.sh N...   Output appended to vectors/kpat-deal-checks.txt
set -u
S=$(cd "$(dirname "$0")" && pwd); V=${KPAT_VECTORS:-$PWD/vectors}; D=$V/kpat-deal-checks; mkdir -p "$D"
for n in "$@"; do
  python3 "$S/kpat_savegame.py" current "$n" "" "$D/hand-$n.xml"
  # start from another deal's file so that the restart really re-deals
  python3 "$S/kpat_savegame.py" legacy "$n" "d" "$D/in-$n.xml"
  timeout 120 dbus-run-session -- bash "$S/kpat_gui_roundtrip.sh" "$D/in-$n.xml" "$D/kpat-$n.xml" game_restart > /dev/null 2>&1
  if cmp -s "$D/hand-$n.xml" "$D/kpat-$n.xml"; then r=byte-equal; else r=DIFFERENT; fi
  python3 "$S/kpat_savegame.py" deal "$n" > "$D/deal-$n.board"
  echo "$n: KPat's own deal vs model: $r" | tee -a "$V/kpat-deal-checks.txt"
done
