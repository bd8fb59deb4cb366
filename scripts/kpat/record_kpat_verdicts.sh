#!/bin/bash
# Record KPat's own Golf solver verdicts: `kpat --start A --end B --solve Golf`, headless.
# Output: vectors/kpat-golf-verdicts.csv (deal,verdict), raw outputs vectors/kpat-raw-A-B.txt,
# timing of the 1-1000 run in vectors/kpat-1-1000.time (GNU time -v).
# KPat's loop `for (int i = start; i <= end; i++)` never ends when end = INT_MAX (2147483647):
# i overflows to -2147483648 and it goes on (startNew clamps to deal 1). So the last range is
# cut with head after its 48 lines.
set -u
V=${KPAT_VECTORS:-$PWD/vectors}
export XDG_RUNTIME_DIR=/tmp/runtime-peers QT_QPA_PLATFORM=offscreen
mkdir -p "$V"
/usr/bin/time -v -o "$V/kpat-1-1000.time" nice -n 10 /usr/games/kpat --start 1 --end 1000 --solve Golf > "$V/kpat-raw-1-1000.txt" 2>/dev/null
for r in "31990 32010" "100000 100100"; do set -- $r
  nice -n 10 /usr/games/kpat --start $1 --end $2 --solve Golf > "$V/kpat-raw-$1-$2.txt" 2>/dev/null
done
nice -n 10 /usr/games/kpat --start 2147483600 --end 2147483647 --solve Golf 2>/dev/null | head -n 48 > "$V/kpat-raw-2147483600-2147483647.txt"
{ echo "deal,verdict"
  cat "$V"/kpat-raw-1-1000.txt "$V"/kpat-raw-31990-32010.txt "$V"/kpat-raw-100000-100100.txt "$V"/kpat-raw-2147483600-2147483647.txt \
    | awk '$2=="won"||$2=="lost"||$2=="unknown" {print $1","$2}'
} > "$V/kpat-golf-verdicts.csv"
echo "rows: $(($(wc -l < "$V/kpat-golf-verdicts.csv") - 1))"
