#!/bin/sh
# batch_test.sh CUCPU SRCDIR WORKDIR CASE: one test of cucpu --batch. Each
# case runs in a fresh WORKDIR holding a copy of SRCDIR/src and, made from
# compile_commands.json.in, a hand-written compilation database: an nvcc
# entry, a clang -x cuda entry, a C++ entry (not CUDA) and an nvcc entry
# that cucpu rejects (through ccache, from another directory).
set -u
CUCPU=$1 SRC=$2 WORK=$3 CASE=$4
rm -rf "$WORK" && mkdir -p "$WORK" && cd "$WORK" || exit 1
cp -r "$SRC/src" . && sed "s|@DIR@|$WORK|g" "$SRC/compile_commands.json.in" >compile_commands.json || exit 1

fail() { echo "FAIL [$CASE]: $*" >&2; exit 1; }

# The summary: counts, and the failure with its first diagnostic (file:line).
check_summary() {
    echo "$1" | grep -q '^cucpu --batch: 2 ok, 1 failed (3 CUDA entries of 4)$' || fail "counts: $1"
    echo "$1" | grep -q '^FAILED src/partial.cu$' || fail "failed entry: $1"
    echo "$1" | grep -q '^    src/partial.cu:6:9: error: __syncthreads() under a condition' ||
        fail "first diagnostic: $1"
    [ -f scale.o ] && [ -f sum.o ] || fail "objects missing: $(ls)"
    [ ! -e host.o ] && [ ! -e partial.o ] || fail "host.o or partial.o written: $(ls)"
}

# Off a terminal: one line per entry in order (-j 1), the summary, exit 1.
case_plain() {
    out=$("$CUCPU" --batch compile_commands.json 2>&1) && fail "exit 0 with a failed entry"
    [ "$(echo "$out" | head -3)" = "[1/3] ok      src/scale.cu
[2/3] ok      src/sum.cu
[3/3] FAILED  src/partial.cu" ] || fail "progress lines: $out"
    check_summary "$out"
}

# -j 3: the same result, whatever order the entries end in.
case_jobs() {
    out=$("$CUCPU" --batch=compile_commands.json -j3 2>&1) && fail "exit 0 with a failed entry"
    [ "$(echo "$out" | grep -c '^\[[123]/3\] ')" -eq 3 ] || fail "progress lines: $out"
    check_summary "$out"
    err=$("$CUCPU" --batch compile_commands.json -j 0 2>&1) && fail "-j 0 accepted"
    echo "$err" | grep -q "expected a number of jobs" || fail "-j 0: $err"
    err=$("$CUCPU" -j4 src/scale.cu 2>&1) && fail "-j without --batch accepted"
    echo "$err" | grep -q "is for --batch" || fail "-j alone: $err"
}

# Options after the database go to every command: with --dryrun nothing is
# translated or written, so even the entry cucpu rejects succeeds.
case_extra_options() {
    out=$("$CUCPU" --batch compile_commands.json --dryrun 2>&1) || fail "--dryrun: $out"
    echo "$out" | grep -q '^cucpu --batch: 3 ok, 0 failed (3 CUDA entries of 4)$' || fail "counts: $out"
    [ ! -e scale.o ] || fail "--dryrun wrote scale.o"
}

# On a terminal, a progress bar redrawn in place ends the same way.
case_terminal() {
    command -v script >/dev/null || { echo "no script(1): skipped"; exit 77; }
    out=$(script -qec "'$CUCPU' --batch compile_commands.json -j2" /dev/null |
          tr '\r' '\n' | sed 's/\x1b\[K//g')
    echo "$out" | grep -q '\[#*  *\] [0-3]/3' || fail "no progress bar: $out"
    echo "$out" | grep -q '^\[[123]/3\] ' && fail "plain lines on a terminal: $out"
    check_summary "$out"
}

# A database that is not JSON, or lacks members, is an error that says where.
case_bad_database() {
    printf '[\n  {"directory": "/tmp",\n   "file": }\n]\n' >bad.json
    err=$("$CUCPU" --batch bad.json 2>&1) && fail "bad JSON accepted"
    [ "$err" = "bad.json:3:12: error: not valid JSON" ] || fail "bad JSON: $err"
    printf '[{"directory": "/tmp", "file": "a.cu"}]\n' >nocmd.json
    err=$("$CUCPU" --batch nocmd.json 2>&1) && fail "entry without command accepted"
    echo "$err" | grep -q "^cucpu: error: nocmd.json: entry 1 needs" || fail "no command: $err"
    err=$("$CUCPU" --batch missing.json 2>&1) && fail "missing database accepted"
    [ "$err" = "cucpu: error: cannot open 'missing.json'" ] || fail "missing: $err"
}

# A Makefile project recorded with `bear -- make`, NVCC being the build
# tree's bin/nvcc (bear knows compilers by name), then rebuilt by --batch.
case_bear() {
    command -v bear >/dev/null || { echo "no bear: skipped"; exit 77; }
    root=$(cd "$(dirname "$CUCPU")" && pwd)
    cp "$SRC/../cli/make/"* . || fail "copy the Makefile project"
    bear --output make.json -- make -s NVCC="$root/bin/nvcc" SRC=. app >/dev/null ||
        fail "bear -- make"
    [ "$(grep -c '"file"' make.json)" -eq 2 ] || fail "bear recorded: $(cat make.json)"
    rm -f main.o twice.o app
    out=$("$CUCPU" --batch make.json -j2) || fail "--batch: $out"
    echo "$out" | grep -q '^cucpu --batch: 2 ok, 0 failed (2 CUDA entries of 2)$' || fail "summary: $out"
    "$CUCPU" main.o twice.o -o app && [ "$(./app)" = "twice(21) = 42" ] || fail "app: $(./app 2>&1)"
}

"case_$CASE"
