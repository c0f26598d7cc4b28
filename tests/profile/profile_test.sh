#!/bin/sh
# profile_test.sh CUCPU SRCDIR WORKDIR CASE [EXACT]: one test of
# CUCPU_PROFILE. prof_app.cu knows how many launches and copies it makes;
# EXACT is the exact_launch program (cucpu_launch_begin/end).
set -u
CUCPU=$1 SRC=$2 WORK=$3 CASE=$4 EXACT=${5:-}
rm -rf "$WORK" && mkdir -p "$WORK" && cd "$WORK" || exit 1

fail() { echo "FAIL [$CASE]: $*" >&2; exit 1; }
build() { "$CUCPU" "$SRC/prof_app.cu" -o prof_app || fail "build prof_app.cu"; }

# The table on stderr: a row per kernel with its launches, per copy
# direction with its calls and bytes; the program's stdout is untouched.
case_table() {
    build
    out=$(CUCPU_PROFILE=1 ./prof_app 2>err.txt) || fail "prof_app: $out $(cat err.txt)"
    [ "$out" = "prof_app ok" ] || fail "stdout: $out"
    head -1 err.txt | grep -q '^==cucpu== Profiling result of ./prof_app ([0-9]* OpenMP threads):$' ||
        fail "title: $(cat err.txt)"
    row() {  # row CALLS SIZE NAME: the row of NAME has CALLS and SIZE
        grep -F -- "$3" err.txt | grep -q -E " $1 +([^ ]+ +){3}$2 +" || fail "row $3: $(cat err.txt)"
    }
    row 5 "" "  add_one(float*, int)"
    row 2 "" "  scale<float>(float*, float, int)"
    row 1 "" "  block_sum(float const*, float*)"
    row 1 256.000KiB "[CUDA memcpy HtoD]"
    row 2 258.000KiB "[CUDA memcpy DtoH]"
    row 1 256.000KiB "[CUDA memcpy DtoD]"
    row 1 2.000KiB "[CUDA memset]"
    grep -q "Kernels:" err.txt && grep -q "Memory:" err.txt || fail "sections: $(cat err.txt)"
    # translated launchers say when they end: no note that times are approximate
    grep -q "Kernel times run from the launch to the host thread's next CUDA call" err.txt &&
        fail "kernel times not exact: $(cat err.txt)"
    out=$(./prof_app 2>&1) && [ "$out" = "prof_app ok" ] || fail "without CUCPU_PROFILE: $out"
    out=$(CUCPU_PROFILE=0 ./prof_app 2>&1) && [ "$out" = "prof_app ok" ] || fail "CUCPU_PROFILE=0: $out"
}

# CUCPU_PROFILE=json:FILE: the same numbers, shares that add up to 1.
case_json() {
    build
    CUCPU_PROFILE=json:prof.json ./prof_app >/dev/null 2>err.txt || fail "prof_app"
    [ ! -s err.txt ] || fail "stderr: $(cat err.txt)"
    python3 - <<'PY' || fail "prof.json: $(cat prof.json)"
import json, sys
p = json.load(open("prof.json"))
k = {e["name"]: e for e in p["kernels"]}
m = {e["kind"]: e for e in p["memory"]}
assert p["kernel_time"] == "launch_to_return", p["kernel_time"]
assert k["add_one(float*, int)"]["launches"] == 5
assert k["scale<float>(float*, float, int)"]["launches"] == 2
assert k["block_sum(float const*, float*)"]["launches"] == 1
assert len(k) == 3, list(k)
assert (m["[CUDA memcpy HtoD]"]["calls"], m["[CUDA memcpy HtoD]"]["bytes"]) == (1, 262144)
assert (m["[CUDA memcpy DtoH]"]["calls"], m["[CUDA memcpy DtoH]"]["bytes"]) == (2, 264192)
assert (m["[CUDA memcpy DtoD]"]["calls"], m["[CUDA memcpy DtoD]"]["bytes"]) == (1, 262144)
assert (m["[CUDA memset]"]["calls"], m["[CUDA memset]"]["bytes"]) == (1, 2048)
rows = p["kernels"] + p["memory"]
assert abs(sum(e["share"] for e in rows) - 1) < 1e-3
for e in rows:
    n = e.get("launches", e.get("calls"))
    assert e["min_ms"] <= e["avg_ms"] <= e["max_ms"] and abs(e["avg_ms"] * n - e["total_ms"]) < 1e-3, e
PY
    CUCPU_PROFILE=json:/nonexistent/dir/p.json ./prof_app >/dev/null 2>err.txt || fail "unwritable file"
    grep -q "^cucpu: warning: cannot write the profile to '/nonexistent/dir/p.json'" err.txt ||
        fail "unwritable file: $(cat err.txt)"
}

# A launcher that calls cucpu_launch_begin/end is timed exactly: three
# launches of about 20 ms, not the 100 ms the host idles afterwards.
case_exact() {
    CUCPU_PROFILE=json:prof.json "$EXACT" || fail "exact_launch"
    python3 - <<'PY' || fail "prof.json: $(cat prof.json)"
import json
p = json.load(open("prof.json"))
assert p["kernel_time"] == "launch_to_return", p["kernel_time"]
(k,) = p["kernels"]
assert k["name"] == "busy(int*)" and k["launches"] == 3, k
assert 19 <= k["min_ms"] and k["max_ms"] < 60, k
PY
}

# A stripped program has no symbols to name its launchers.
case_stripped() {
    build
    strip prof_app || fail "strip"
    CUCPU_PROFILE=1 ./prof_app >/dev/null 2>err.txt || fail "prof_app"
    [ "$(grep -c '  kernel@0x' err.txt)" -eq 3 ] || fail "names: $(cat err.txt)"
}

"case_$CASE"
