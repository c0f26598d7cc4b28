#!/usr/bin/env python3
"""refdiff.py: e2e programs, and mutants of them, against the reference
mode (`cucpu --reference`: no passes, every CUDA thread a fiber with real
barriers).

For each program P of the list:
  - P is built with `cucpu --reference` (the e2e fixture has already built
    it with the default passes into --e2e-bin);
  - both run at OMP_NUM_THREADS=2 with CUCPU_DIGEST=1 (the runtime then
    prints a hash of each block of device memory the program copies back
    or frees, so what the kernels computed is compared, not only what the
    program prints); their exit status and output must be identical;
  - with --mutate T, P is rewritten by tests/metamorphic/mutate.py's
    transform T, built with the default passes, run the same way, and its
    exit status and output must be those of P's reference build.

    refdiff.py --cucpu BIN --out DIR --e2e-bin DIR [--jobs N]
               [--mutate T --mutants NAME,...] FILE.cu...

Exit 0 when everything matches; 1 with each difference printed.
"""
import argparse
import concurrent.futures as cf
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
MM = os.path.normpath(os.path.join(HERE, "..", "metamorphic"))
sys.dont_write_bytecode = True   # no __pycache__ in the source tree
sys.path.insert(0, MM)
import mutate  # noqa: E402
import run as mmrun  # noqa: E402  (file_flags, predefines, run_cmd)


def run2(exe):
    """exit status and output (stdout and stderr, with the memory digests)
    of exe at OMP_NUM_THREADS=2."""
    env = dict(os.environ, OMP_NUM_THREADS="2", CUCPU_DIGEST="1")
    return mmrun.run_cmd([exe], env=env, timeout=120)


def differ(what, a, b):
    """A report when the runs a and b ((rc, out) pairs) differ, else None."""
    if a == b:
        return None
    return "%s:\n  reference: exit %d, %r\n  other:     exit %d, %r" % (
        what, a[0], a[1][-600:], b[0], b[1][-600:])


def check(job):
    """(name, list of failure texts) for one program."""
    src, a = job
    name = os.path.splitext(os.path.basename(src))[0]
    srcdir = os.path.dirname(src)
    flags = mmrun.file_flags(src)
    ref_exe = os.path.join(a.out, name + ".ref")
    rc, out = mmrun.run_cmd([a.cucpu] + flags + ["--reference", src, "-o", ref_exe])
    if rc:
        return name, ["cucpu --reference cannot build %s:\n%s" % (src, out)]
    ref = run2(ref_exe)
    fails = []
    d = differ("%s: default passes (%s) differ from the reference" % (name, os.path.join(a.e2e_bin, name)),
               ref, run2(os.path.join(a.e2e_bin, name)))
    if d:
        fails.append(d)
    if a.mutate and name in a.mutants:
        predef = mmrun.predefines(a.cucpu, src, flags)
        data, n = mutate.mutate(src, a.mutate, [srcdir, a.include], predef)
        if n == 0:
            return name, fails + ["%s: transform %s applies nowhere (choose another program)" % (name, a.mutate)]
        mcu = os.path.join(a.out, name + ".%s.cu" % a.mutate)
        with open(mcu, "wb") as f:
            f.write(data)
        mexe = mcu[:-3]
        rc, out = mmrun.run_cmd([a.cucpu] + flags + [mcu, "-I" + srcdir, "-o", mexe])
        if rc:
            fails.append("cucpu cannot build the mutant %s (%d edits):\n%s" % (mcu, n, out))
        else:
            d = differ("%s: mutant %s (%d edits) differs from the reference" % (name, mcu, n), ref, run2(mexe))
            if d:
                fails.append(d)
    return name, fails


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cucpu", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--e2e-bin", required=True)
    ap.add_argument("--include", default=os.path.normpath(os.path.join(HERE, "..", "..", "include")))
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--mutate", choices=mutate.TRANSFORMS + ["all"])
    ap.add_argument("--mutants", default="", help="comma-separated programs to mutate")
    ap.add_argument("files", nargs="+")
    a = ap.parse_args()
    a.cucpu = os.path.abspath(a.cucpu)
    a.mutants = set(filter(None, a.mutants.split(",")))
    os.makedirs(a.out, exist_ok=True)
    files = [os.path.abspath(f) for f in a.files]
    bad = 0
    with cf.ProcessPoolExecutor(max_workers=max(1, a.jobs)) as ex:
        for name, fails in ex.map(check, [(f, a) for f in files]):
            for f in fails:
                print("FAIL " + f)
            bad += len(fails)
    print("refdiff: %d programs (%d mutated by %s) against the reference: %s" %
          (len(files), len(a.mutants), a.mutate or "-", "all match" if not bad else "%d differences" % bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
