#!/bin/sh
# keep_corpus.sh FUZZ SRC DIR...: replaces SRC/tests/fuzz/corpus by the
# inputs of the corpora DIR... that add coverage beyond the seeds
# (seeds.sh), minimized by FUZZ (cucpu_fuzz -merge=1). The seeds stay out:
# every run adds them itself.
set -eu
fuzz=$1 src=$2
shift 2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
sh "$src/tests/fuzz/seeds.sh" "$src" "$tmp/merged"
CUCPU_PRELUDE_DIR="$tmp/prelude" "$fuzz" -merge=1 -max_len=8192 -timeout=60 -close_fd_mask=3 \
    "$tmp/merged" "$@" >"$tmp/merge.log" 2>&1 || { tail -20 "$tmp/merge.log"; exit 1; }
rm -f "$tmp"/merged/seed_*
rm -f "$src"/tests/fuzz/corpus/*
mkdir -p "$src/tests/fuzz/corpus"
cp "$tmp"/merged/* "$src/tests/fuzz/corpus/" 2>/dev/null || true
echo "keep_corpus: $(ls "$src/tests/fuzz/corpus" | wc -l) inputs kept"
