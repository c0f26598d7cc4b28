#!/bin/sh
# report_distinct.sh CUCPU DISTINCT.cu ALIAS.cu OUT: --report=FILE.json lists,
# per kernel, the pointer parameter pairs that the launch sites prove
# distinct: in/out of shift_left and of control, and nothing for kernels
# whose launches may pass aliasing pointers.
set -eu
"$1" --report="$4" --emit-source "$2" -o /dev/null
tr -d ' \t\n' <"$4" >"$4.flat"
grep -qF '"name":"shift_left"' "$4.flat" && grep -qF '"distinct_params":[["in","out"]]' "$4.flat" ||
    { echo "FAIL: shift_left in/out not distinct"; cat "$4"; exit 1; }
"$1" --report="$4" --emit-ir "$3" -o /dev/null
tr -d ' \t\n' <"$4" | sed 's/},{/}\n{/g' >"$4.flat"
for k in same_buffer assigned initialized offset_alias by_reference incremented host_param address_taken param_written; do
    grep -F "\"name\":\"$k\"" "$4.flat" | grep -qF '"distinct_params":[]' ||
        { echo "FAIL: $k has distinct params"; cat "$4"; exit 1; }
done
grep -F '"name":"control"' "$4.flat" | grep -qF '"distinct_params":[["in","out"]]' ||
    { echo "FAIL: control in/out not distinct"; cat "$4"; exit 1; }
echo PASS
