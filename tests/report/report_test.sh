#!/bin/sh
# report_test.sh CUCPU SRCDIR TESTS WORKDIR CASE: one test of --report.
# TESTS is tests/ (its profile/prof_app.cu, diag/ and e2e/ programs).
set -u
CUCPU=$1 SRC=$2 TESTS=$3 WORK=$4 CASE=$5
rm -rf "$WORK" && mkdir -p "$WORK" && cd "$WORK" || exit 1
APP=$TESTS/profile/prof_app.cu BAD=$TESTS/diag/barrier_thread_dependent.cu

fail() { echo "FAIL [$CASE]: $*" >&2; exit 1; }
# json FILE EXPR...: each Python expression over the report r holds.
json() {
    f=$1; shift
    python3 - "$f" "$@" <<'PY' || fail "$f: $(cat "$f")"
import json, sys
r = json.load(open(sys.argv[1]))
files = {e["file"].rsplit("/", 1)[-1]: e for e in r["files"]}
for expr in sys.argv[2:]:
    if not eval(expr):
        sys.exit("does not hold: " + expr)
PY
}

# Several inputs, in one run or several, merge into one report; a file
# translated again replaces its own entry.
case_merge() {
    cp "$APP" a.cu && cp "$TESTS/e2e/vector_add.cu" b.cu || fail "copy"
    "$CUCPU" --report=r.json -c a.cu b.cu || fail "two inputs"
    json r.json 'sorted(files) == ["a.cu", "b.cu"]' \
        '[k["name"] for k in files["a.cu"]["kernels"]] == ["add_one", "scale", "block_sum"]'
    "$CUCPU" --report=r.json --emit-source "$APP" -o /dev/null || fail "third file"
    "$CUCPU" --report=r.json -c a.cu || fail "a.cu again"
    json r.json 'len(r["files"]) == 3' 'files["a.cu"]["status"] == "translated"' \
        'files["a.cu"]["kernels"][2]["pass_effects"]["barrier-elim"] == "0 of 2 barriers removed"' \
        'files["a.cu"]["kernels"][2]["pass_effects"]["split"] == "3 thread loops"'
    # make -j: four cucpu at once, one report
    for i in 1 2 3 4; do cp "$TESTS/e2e/vector_add.cu" "p$i.cu"; done
    for i in 1 2 3 4; do "$CUCPU" --report=par.json --emit-source "p$i.cu" -o "p$i.cpp" & done
    wait
    json par.json 'sorted(files) == ["p1.cu", "p2.cu", "p3.cu", "p4.cu"]'
}

# A file that does not translate has an entry too: failed, with each
# diagnostic and its source line.
case_failed() {
    "$CUCPU" --report=r.json -c "$BAD" 2>err.txt && fail "the bad file translated"
    e='files["barrier_thread_dependent.cu"]'
    json r.json "$e[\"status\"] == \"failed\"" "$e[\"kernels\"] == []" \
        "$e[\"diagnostics\"][0][\"kind\"] == \"error\"" "$e[\"diagnostics\"][0][\"line\"] == 7" \
        "$e[\"diagnostics\"][0][\"source\"] == \"    if (threadIdx.x < 16) {\"" \
        "\"__syncthreads() under a condition\" in $e[\"diagnostics\"][0][\"message\"]"
    grep -q "barrier_thread_dependent.cu:7:9: error: __syncthreads()" err.txt || fail "stderr: $(cat err.txt)"
}

# GCC's notes on vectorized loops, in the .cu's lines, land in the entry.
case_vectorized() {
    c++ --version | grep -q 'Free Software' || { echo "not GCC: skipped"; exit 77; }
    "$CUCPU" --report=r.json -c "$APP" -o app.o || fail "compile"
    json r.json '11 in files["prof_app.cu"]["vectorized_lines"]' \
        '19 in files["prof_app.cu"]["vectorized_lines"]'
}

# The page: per file and kernel, the diagnostics with their lines, the
# data it merges from; after --report-profile, the plots.
case_html() {
    "$CUCPU" --report=r.html "$APP" -o app || fail "build"
    "$CUCPU" --report=r.html -c "$BAD" 2>/dev/null && fail "the bad file translated"
    grep -q '<h2><code>[^<]*prof_app.cu</code> <span class="translated">translated</span></h2>' r.html ||
        fail "no section of prof_app.cu"
    grep -q '<span class="failed">failed</span>' r.html && grep -q '    if (threadIdx.x &lt; 16) {' r.html ||
        fail "no failed file with its source line"
    grep -q '<code>block_sum</code>: what each pass did' r.html || fail "no pass effects"
    grep -q 'id="plot-time"' r.html && fail "plots without a profile"
    CUCPU_PROFILE=json:prof.json ./app >/dev/null || fail "run"
    "$CUCPU" --report=r.html --report-profile=prof.json || fail "--report-profile"
    grep -q '<svg id="plot-time"' r.html && grep -q '<svg id="plot-choices"' r.html || fail "no plots"
    grep -c '<section class="file">' r.html | grep -qx 2 || fail "the profile lost a file"
    err=$("$CUCPU" --report-profile=prof.json 2>&1) && fail "--report-profile without --report"
    echo "$err" | grep -q "needs --report=FILE" || fail "message: $err"
    err=$("$CUCPU" --report=r.html --report-profile="$APP" 2>&1) && fail "a .cu taken for a profile"
    echo "$err" | grep -q "is not a profile" || fail "message: $err"
}

# A real browser shows the plots: headless Chromium's screenshot of the
# page has the bars of time per kernel and the points below them.
case_browser() {
    browser=$(command -v chromium || command -v chromium-browser || command -v google-chrome) ||
        { echo "no chromium: skipped"; exit 77; }
    "$CUCPU" --report=r.html "$APP" -o app && CUCPU_PROFILE=json:prof.json ./app >/dev/null &&
        "$CUCPU" --report=r.html --report-profile=prof.json || fail "report"
    HOME=$WORK timeout 120 "$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars \
        --window-size=1000,900 --screenshot="$WORK/shot.png" "file://$WORK/r.html" >browser.log 2>&1 ||
        fail "$browser: $(cat browser.log)"
    python3 "$SRC/find_plot.py" shot.png || fail "see $WORK/shot.png"
}

"case_$CASE"
