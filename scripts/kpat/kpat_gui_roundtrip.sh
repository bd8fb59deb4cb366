#!/bin/bash
# Load a saved game into KPat's GUI (headless, offscreen, private D-Bus session), optionally
# trigger KPat actions over D-Bus (e.g. move_draw), close the window, and keep the
# savedstate.xml KPat writes on exit (DealerScene::saveFile, current format; needs
# "RememberStateOnExit=true" in [General Settings] of kpatrc, which this script sets).
# Usage: dbus-run-session -- kpat_gui_roundtrip.sh IN_FILE OUT_FILE [ACTION...]
set -u
IN=$1; OUT=$2; shift 2
H=${KPAT_HOME_DIR:-$PWD/kpat-home}  # a private HOME: the real one is never touched
export HOME=$H XDG_DATA_HOME=$H/data XDG_CONFIG_HOME=$H/config XDG_RUNTIME_DIR=/tmp/runtime-peers QT_QPA_PLATFORM=offscreen
mkdir -p "$H/config"; grep -q RememberStateOnExit "$H/config/kpatrc" 2>/dev/null || printf '\n[General Settings]\nRememberStateOnExit=true\n' >> "$H/config/kpatrc"
rm -f "$H/data/kpat/savedstate.xml"
/usr/games/kpat "$IN" > "$OUT.kpat-log" 2>&1 &
KP=$!
sleep 6
for a in "$@"; do
  gdbus call --session --dest org.kde.kpat-$KP --object-path /kpat/MainWindow/actions/$a --method org.qtproject.Qt.QAction.trigger > /dev/null
  sleep 2
done
gdbus call --session --dest org.kde.kpat-$KP --object-path /kpat/MainWindow --method org.qtproject.Qt.QWidget.close > /dev/null
sleep 3
kill $KP 2>/dev/null; wait
if [ -f "$H/data/kpat/savedstate.xml" ]; then cp "$H/data/kpat/savedstate.xml" "$OUT"; echo "saved $OUT"; else echo "no savedstate.xml written"; fi
