#!/bin/sh
# lit.sh CUCPU FILECHECK TEST.cu: a tiny lit. Every line of TEST.cu that
# contains `// RUN:` holds a shell command; in it %cucpu becomes the cucpu
# path, %s the test path and FileCheck the FileCheck path. Each command runs
# in a shell under `set -o pipefail` (bash: Debian's /bin/sh is dash, which
# has no pipefail); the test fails when any command fails (the failing
# command is printed) or when there is no RUN line.
if [ $# -ne 3 ]; then
    echo "usage: lit.sh CUCPU FILECHECK TEST.cu" >&2
    exit 2
fi
cucpu=$1 filecheck=$2 test=$3

# Substitute in the text with awk's index/substr (no regex or sed escaping of
# the paths). %cucpu goes before %s so that "%s" inside it is never touched.
cmds=$(awk -v cucpu="$cucpu" -v fc="$filecheck" -v src="$test" '
function subst(line, pat, rep,    out, k) {
    out = ""
    while ((k = index(line, pat)) > 0) {
        out = out substr(line, 1, k - 1) rep
        line = substr(line, k + length(pat))
    }
    return out line
}
/\/\/ RUN:/ {
    cmd = substr($0, index($0, "// RUN:") + 7)
    cmd = subst(cmd, "%cucpu", "\001C")
    cmd = subst(cmd, "%s", "\001S")
    cmd = subst(cmd, "FileCheck", "\001F")
    cmd = subst(cmd, "\001C", cucpu)
    cmd = subst(cmd, "\001S", src)
    cmd = subst(cmd, "\001F", fc)
    print cmd
}' "$test") || exit 1

if [ -z "$cmds" ]; then
    echo "lit.sh: $test: no // RUN: line" >&2
    exit 1
fi

status=0
n=0
while IFS= read -r cmd; do
    n=$((n + 1))
    echo "RUN[$n]: $cmd"
    if ! bash -c "set -o pipefail; $cmd" </dev/null; then
        echo "lit.sh: $test: RUN line $n failed: $cmd" >&2
        status=1
    fi
done <<EOT
$cmds
EOT
exit $status
