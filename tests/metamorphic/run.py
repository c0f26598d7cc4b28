#!/usr/bin/env python3
"""run.py: the metamorphic test. For each self-checking program of
tests/e2e/, writes a mutant with mutate.py's TRANSFORM, builds it with
cucpu, runs it at OMP_NUM_THREADS=1 and 2 and requires the line PASS and
exit status 0, like the original.

  run.py --cucpu BIN --out DIR [--jobs N] [--nvcc NVCC] TRANSFORM FILE.cu...

A mutant that cucpu cannot build, or that builds and does not pass, is a
failure, unless known_failures.txt lists it (transform and program, either
of them `*`, and the reason). A listed mutant that passes is a failure too: remove its line.
When a build fails and nvcc is given, the mutant is also compiled with
`nvcc -c` to tell a cucpu bug (nvcc accepts it) from a wrong mutant.
Programs listed in SKIP are not mutated; a transform that applies nowhere
in a program is not built.
"""
import argparse
import concurrent.futures as cf
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True   # no __pycache__ in the source tree
sys.path.insert(0, HERE)
import mutate  # noqa: E402

# Programs left out: their kernels are covered by others, and leaving them
# out keeps the seven tests within a few minutes on two cores.
SKIP = {
    "relax_1000_launches",   # a thousand launches of a kernel that saxpy covers
    "invalid_config_error",  # tests launch errors, not statements
    "event_timing",          # timing API; one trivial kernel
    "streams",               # stream API; one trivial kernel
    "host_headers",          # host headers; one trivial kernel
}


def known_failures():
    path = os.path.join(HERE, "known_failures.txt")
    out = {}
    with open(path) as f:
        for line in f:
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            t, name, reason = (line.split(None, 2) + ["", ""])[:3]
            out[(t, name)] = reason
    return out


def run_cmd(cmd, env=None, timeout=120):
    try:
        r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           env=env, timeout=timeout)
        return r.returncode, r.stdout.decode(errors="replace")
    except subprocess.TimeoutExpired as e:
        return 124, (e.stdout or b"").decode(errors="replace") + "\n(timed out)"


def file_flags(src, own=True):
    """The flags of a first line `// cucpu-flags: F...`, and with own those
    of `// cucpu-only-flags: F...` (cucpu's own options, which nvcc must
    not see), as e2e/CMakeLists.txt reads them."""
    with open(src, encoding="utf-8", errors="replace") as f:
        line = f.readline()
    for prefix, mine in (("// cucpu-flags: ", False), ("// cucpu-only-flags: ", True)):
        if line.startswith(prefix) and (own or not mine):
            return line[len(prefix):].split()
    return []


def predefines(cucpu, src, flags=()):
    """The -D/-U flags cucpu's driver gives its translator (predef.c), read
    from the translation command of `cucpu -dryrun` (after nvcc's
    environment lines, `#$ NAME=value`)."""
    rc, out = run_cmd([cucpu, "-dryrun"] + list(flags) + [src, "-o", os.devnull])
    lines = [l for l in out.splitlines() if "--emit-source" in l] if rc == 0 else []
    first = lines[0] if lines else ""
    return [w for w in first.split() if w.startswith(("-D", "-U"))]


def check(job):
    """Mutate, build and run one program; returns (name, status, text).
    status: 'pass', 'na' (the transform applies nowhere), 'buildfail'
    (cucpu or the host compiler failed) or 'fail' (it does not pass)."""
    transform, src, a = job
    name = os.path.splitext(os.path.basename(src))[0]
    srcdir = os.path.dirname(os.path.abspath(src))
    outdir = os.path.join(a.out, transform)
    mcu = os.path.join(outdir, name + ".cu")
    exe = os.path.join(outdir, name)
    flags = file_flags(src)
    predef = predefines(a.cucpu, src, flags) if flags else a.predefines
    try:
        data, n = mutate.mutate(src, transform, [srcdir, a.include], predef)
    except Exception as e:   # noqa: BLE001 - a rewriter error is a test failure
        return name, "fail", "mutate.py: %s" % e
    if n == 0:
        return name, "na", ""
    with open(mcu, "wb") as f:
        f.write(data)
    rc, out = run_cmd([a.cucpu] + flags + [mcu, "-I" + srcdir, "-o", exe])
    if rc != 0:
        return name, "buildfail", "cucpu cannot build %s (%d edits):\n%s" % (mcu, n, out)
    for threads in ("1", "2"):
        env = dict(os.environ, OMP_NUM_THREADS=threads)
        rc, out = run_cmd([exe], env=env, timeout=60)
        lines = out.splitlines()
        if rc != 0 or "PASS" not in lines:
            return name, "fail", ("%s at OMP_NUM_THREADS=%s: exit status %d, %s:\n%s"
                                  % (exe, threads, rc,
                                     "PASS" if "PASS" in lines else "no PASS",
                                     "\n".join(lines[-20:])))
    return name, "pass", "%d edits" % n


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cucpu", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--include", default=os.path.normpath(os.path.join(HERE, "..", "..", "include")))
    ap.add_argument("--jobs", type=int, default=int(os.environ.get("CUCPU_MM_JOBS", "2")))
    ap.add_argument("--nvcc", default="")
    ap.add_argument("transform", choices=mutate.TRANSFORMS + ["all"])
    ap.add_argument("files", nargs="+")
    a = ap.parse_args()
    a.cucpu = os.path.abspath(a.cucpu)
    os.makedirs(os.path.join(a.out, a.transform), exist_ok=True)
    a.predefines = predefines(a.cucpu, a.files[0])
    known = known_failures()
    files = [f for f in sorted(a.files)
             if os.path.splitext(os.path.basename(f))[0] not in SKIP]
    paths = {os.path.splitext(os.path.basename(f))[0]: os.path.abspath(f) for f in files}
    t0 = time.time()
    bad = []
    counts = {"pass": 0, "na": 0, "fail": 0, "xfail": 0}
    with cf.ProcessPoolExecutor(max_workers=max(1, a.jobs)) as ex:
        for name, status, text in ex.map(check, [(a.transform, f, a) for f in files]):
            reason = known.get((a.transform, name)) or known.get(("*", name)) \
                or known.get((a.transform, "*"))
            if status == "buildfail" and reason is None and a.nvcc:
                # nvcc tells a cucpu bug from a mutant that is not CUDA
                src = os.path.join(a.out, a.transform, name + ".cu")
                nrc, nout = run_cmd([a.nvcc, "-c"] + file_flags(paths[name], own=False) + ["-I" + os.path.dirname(paths[name]), src,
                                     "-o", os.path.join(a.out, a.transform, name + ".nvcc.o")],
                                    timeout=300)
                text += ("nvcc -c accepts the mutant: a cucpu bug\n" if nrc == 0 else
                         "nvcc -c rejects the mutant too (a mutate.py bug):\n" + nout)
            if status == "buildfail":
                status = "fail"
            if status == "fail" and reason is not None:
                print("XFAIL %s (%s)" % (name, reason))
                counts["xfail"] += 1
                continue
            if status == "pass" and reason is not None:
                print("XPASS %s: passes now; remove its line from known_failures.txt" % name)
                bad.append(name)
                counts["fail"] += 1
                continue
            counts[status] += 1
            if status == "fail":
                print("FAIL %s: %s" % (name, text))
                bad.append(name)
            elif status == "pass":
                print("ok   %s (%s)" % (name, text))
            else:
                print("n/a  %s (the transform applies nowhere)" % name)
    print("metamorphic.%s: %d passed, %d failed, %d known failures, %d not applicable, "
          "%.1f s" % (a.transform, counts["pass"], counts["fail"], counts["xfail"],
                      counts["na"], time.time() - t0))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
