#!/bin/sh
# report_check.sh CUCPU SRC OUT: --report=FILE.json records, per kernel,
# what the passes did (here: the min-cut example stores 2 values and
# recomputes 3).
set -eu
"$1" --report="$3" --emit-source "$2" -o /dev/null
tr -d ' \t\n' <"$3" >"$3.flat"
for want in '"name":"k"' '"found":1' '"stored":2' '"recomputed":3' '"stored_names":["x","y"]' \
            '"recomputed_names":["a","b","c"]' '"passes":["sweep","versions","forward","barrier-elim"'; do
    grep -qF "$want" "$3.flat" || { echo "FAIL: $want not in the report"; cat "$3"; exit 1; }
done
echo PASS
