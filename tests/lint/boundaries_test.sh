#!/bin/sh
# boundaries_test.sh ROOT CASE: one check of the stage boundaries.
ROOT=$1
CASE=$2
fail() { printf 'FAIL: %s\n' "$*"; exit 1; }

# The translator's sources without comments, one file at a time: FILE: LINE.
code_lines() {
    for f in "$@"; do
        perl -0777 -ne 's{/\*.*?\*/}{ my $c = $&; $c =~ s/[^\n]//g; $c }gse; s{//[^\n]*}{}g;
                        my $n = 0; for (split /\n/, $_, -1) { $n++; print "$ARGV:$n: $_\n" }' "$f"
    done
}

# names.def: each row NAME(ID, "spelling"), IDs and spellings unique, every
# spelling cucpu's own.
case_names_table() {
    def="$ROOT/src/ir/names.def"
    rows=$(grep -c '^NAME(' "$def")
    [ "$rows" -gt 50 ] || fail "names.def has $rows rows"
    bad=$(grep '^NAME(' "$def" | grep -vE '^NAME\([A-Z0-9_]+, "(cucpu_|CUCPU_)[A-Za-z0-9_]*"\)')
    [ -z "$bad" ] || fail "malformed rows: $bad"
    dup=$(grep -oE '^NAME\([A-Z0-9_]+' "$def" | sort | uniq -d)
    [ -z "$dup" ] || fail "IDs twice: $dup"
    dup=$(grep -oE '"[^"]*"' "$def" | sort | uniq -d)
    [ -z "$dup" ] || fail "spellings twice: $dup"
}

# No string literal of the translator spells a generated name: they come
# from names.def (NM(ID)).
case_names_from_table() {
    files=$(cd "$ROOT" && ls src/frontend/*.c src/frontend/*.h src/ir/*.c src/ir/*.h src/passes/*.c \
            src/analysis/*.c src/codegen/*.c src/codegen/*.h)
    hits=$(cd "$ROOT" && code_lines $files | grep -E '"([^"]*[^A-Za-z0-9_"])?(cucpu_|CUCPU_)')
    [ -z "$hits" ] || fail "generated names spelled outside src/ir/names.def:
$hits"
}

# The front end records facts; codegen makes every edit and writes its text.
case_frontend_writes_no_text() {
    hits=$(cd "$ROOT" && code_lines src/frontend/*.c src/frontend/*.h | grep -E 'FeEdit|fe_edit|ED_(INSERT|REPLACE|DELETE|KERNEL)|CgEdit')
    [ -z "$hits" ] || fail "edits made in the front end:
$hits"
    hits=$(cd "$ROOT" && code_lines src/ir/host.h | grep -E 'text')
    [ -z "$hits" ] || fail "a host fact carries text:
$hits"
}

# Passes rewrite the IR; they write no C. What they generate is typed
# (IrExpr nodes in made ranges, ir_made_range) and codegen prints it: no
# pass sets a range's text (lit), a ref's replacement text or a use's
# pre/post text, and the strings a pass formats are names (`%s_%d`).
case_passes_write_no_text() {
    hits=$(cd "$ROOT" && code_lines src/passes/*.c | grep -E '(\.|->)(lit|text|pre|post) *=[^=]')
    [ -z "$hits" ] || fail "C text set in a pass:
$hits"
    hits=$(cd "$ROOT" && code_lines src/passes/*.c | grep -E 'ar_(v?printf|strn?dup) *\(' |
           grep -vE 'ar_printf\([^,]+, *"[%A-Za-z0-9_]*"')
    [ -z "$hits" ] || fail "a pass formats C text:
$hits"
}

case_$CASE
echo "PASS: $CASE"
