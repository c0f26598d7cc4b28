#!/usr/bin/env python3
"""Real Rodinia 3.1: cucpu-translated CUDA against the suite's own OpenMP.

Neither the suite nor its inputs are part of this repository: give the path
of a local checkout of gpu-rodinia (its cuda/, openmp/ and common/ folders)
and of Rodinia's data folder (hotspot/temp_1024 and power_1024, plain or
.xz, and srad/image.pgm; JuliaParallel/rodinia has them).

  # build (needs cucpu, gcc; the CUDA programs through their own Makefiles)
  python3 bench/rodinia_vs_omp.py --rodinia ~/gpu-rodinia --data ~/rodinia-data \\
      --cucpu main=build/cucpu --build-only out/
  # run (needs only gcc's libgomp): every app, OpenMP and each cucpu build,
  # interleaved, at each thread count, median of --reps
  python3 bench/rodinia_vs_omp.py --run-only out/ --threads 1,16 --reps 3

Several --cucpu NAME=PATH builds are compared side by side. Each CUDA
program is built with `make CUDA_DIR=<toolkit>`, where <toolkit> is cucpu's
build or install tree (it has nvcc's layout: bin/nvcc, include, lib64).
The OpenMP programs are built with their own Makefiles (the target without
Intel's offload variant); where a Makefile takes CC_FLAGS, it is given
`-O3 -fopenmp` (gcc -O3, as the comparison's rule says). lavaMD is left out:
its CUDA Makefile links with a hard-coded -L/usr/local/cuda/lib64, which
needs cucpu installed there.
Every run gets OMP_NUM_THREADS=T and OMP_THREAD_LIMIT=T: some OpenMP
versions pick their own thread count (backprop 8, lud 40 unless -n).
Times are wall-clock seconds of the whole program (input reading included,
the same for both sides); summary.md gives OpenMP time / cucpu time.
"""
import argparse, json, lzma, os, shutil, statistics, subprocess, sys, time

# name: (omp dir, omp make args, omp binary, omp command {T}=threads,
#        cuda dir, cuda make args, cuda binary, cuda command)
APPS = {
    "backprop": ("backprop", ["CC_FLAGS=-O3 -fopenmp"], "backprop", "./backprop 1048560",
                 "backprop", [], "backprop", "./backprop 1048560"),
    "hotspot": ("hotspot", ["hotspot", "CC_FLAGS=-O3 -fopenmp"], "hotspot",
                "./hotspot 1024 1024 400 {T} {D}/temp_1024 {D}/power_1024 out.txt",
                "hotspot", [], "hotspot", "./hotspot 1024 2 400 {D}/temp_1024 {D}/power_1024 out.txt"),
    "lud": ("lud", ["lud_omp"], "omp/lud_omp", "./omp/lud_omp -s 2048 -n {T}",
            "lud", [], "cuda/lud_cuda", "./cuda/lud_cuda -s 2048"),
    "nw": ("nw", ["needle", "CC_FLAGS=-O3 -fopenmp"], "needle", "./needle 8192 10 {T}",
           "nw", [], "needle", "./needle 8192 10"),
    "particlefilter": ("particlefilter", [], "particle_filter",
                       "./particle_filter -x 128 -y 128 -z 10 -np 10000",
                       "particlefilter", ["naive"], "particlefilter_naive",
                       "./particlefilter_naive -x 128 -y 128 -z 10 -np 10000"),
    "pathfinder": ("pathfinder", [], "pathfinder", "./pathfinder 100000 1000",
                   "pathfinder", [], "pathfinder", "./pathfinder 100000 1000 20"),
    "srad_v1": ("srad/srad_v1", [], "srad", "./srad 500 0.5 502 458 {T}",
                "srad/srad_v1", [], "srad", "./srad 500 0.5 502 458"),
    "streamcluster": ("streamcluster", ["omp"], "sc_omp", "./sc_omp 10 20 128 16384 16384 1000 none out.txt {T}",
                      "streamcluster", [], "sc_gpu", "./sc_gpu 10 20 128 16384 16384 1000 none out.txt 1"),
}


def sh(cmd, cwd, log, path_first=None):
    env = dict(os.environ)
    if path_first:
        env["PATH"] = path_first + os.pathsep + env.get("PATH", "")
    r = subprocess.run(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
    log.write(f"$ {' '.join(cmd)}  (in {cwd})\n{r.stdout}\n")
    return r.returncode == 0


def fresh_tree(src, dst, sub, data):
    """A copy of the suite's common/ and one side (cuda/ or openmp/), with
    the one input the programs find by a relative path (srad's image)."""
    if os.path.exists(dst):
        shutil.rmtree(dst)
    os.makedirs(dst)
    shutil.copytree(os.path.join(src, "common"), os.path.join(dst, "common"))
    shutil.copytree(os.path.join(src, sub), os.path.join(dst, sub))
    img = os.path.join(data, "srad", "image.pgm")
    if os.path.exists(img):
        os.makedirs(os.path.join(dst, "data", "srad"))
        shutil.copy(img, os.path.join(dst, "data", "srad"))


def toolkit_of(cucpu):
    """cucpu's build or install tree: the folder holding bin/nvcc."""
    d = os.path.dirname(os.path.abspath(cucpu))
    for cand in (d, os.path.dirname(d)):
        if os.path.exists(os.path.join(cand, "bin", "nvcc")):
            return cand
    sys.exit(f"{cucpu}: no bin/nvcc beside it (build or install tree expected)")


def build(a):
    out = os.path.abspath(a.build_only)
    os.makedirs(out, exist_ok=True)
    log = open(os.path.join(out, "build.log"), "w")
    data = os.path.join(out, "data")
    os.makedirs(data, exist_ok=True)
    for f in ("temp_1024", "power_1024"):
        for cand in (os.path.join(a.data, f), os.path.join(a.data, "hotspot", f)):
            if os.path.exists(cand):
                shutil.copy(cand, os.path.join(data, f))
            elif os.path.exists(cand + ".xz"):
                with lzma.open(cand + ".xz") as i, open(os.path.join(data, f), "wb") as o:
                    shutil.copyfileobj(i, o)
    apps = a.only.split(",") if a.only else list(APPS)
    manifest = {"apps": {}, "configs": ["omp"] + [c.split("=", 1)[0] for c in a.cucpu]}
    omp_tree = os.path.join(out, "tree-omp")
    fresh_tree(a.rodinia, omp_tree, "openmp", a.data)
    trees = {}
    for spec in a.cucpu:
        name, path = spec.split("=", 1)
        trees[name] = (os.path.join(out, "tree-" + name), toolkit_of(path))
        fresh_tree(a.rodinia, trees[name][0], "cuda", a.data)
    for app in apps:
        od, oargs, obin, orun, cd, cargs, cbin, crun = APPS[app]
        entry = {"omp": None}
        d = os.path.join(omp_tree, "openmp", od)
        if sh(["make"] + oargs, d, log) and os.path.exists(os.path.join(d, obin)):
            entry["omp"] = {"dir": os.path.relpath(d, out), "cmd": orun}
        for name, (tree, tk) in trees.items():
            d = os.path.join(tree, "cuda", cd)
            ok = sh(["make", f"CUDA_DIR={tk}"] + cargs, d, log, os.path.join(tk, "bin")) and os.path.exists(os.path.join(d, cbin))
            entry[name] = {"dir": os.path.relpath(d, out), "cmd": crun} if ok else None
        manifest["apps"][app] = entry
        print(app, " ".join(f"{k}:{'ok' if v else 'FAIL'}" for k, v in entry.items()), flush=True)
    json.dump(manifest, open(os.path.join(out, "manifest.json"), "w"), indent=1)


def run(a):
    out = os.path.abspath(a.run_only)
    m = json.load(open(os.path.join(out, "manifest.json")))
    data = os.path.join(out, "data")
    threads = [int(t) for t in a.threads.split(",")]
    res = {}
    for app, entry in m["apps"].items():
        for t in threads:
            for rep in range(a.reps):
                for cfg in m["configs"]:
                    e = entry.get(cfg)
                    if not e:
                        continue
                    cmd = e["cmd"].replace("{T}", str(t)).replace("{D}", data)
                    # OMP_THREAD_LIMIT: backprop's OpenMP version calls
                    # omp_set_num_threads(8) whatever OMP_NUM_THREADS says
                    # (lud's sets its -n, 40 by default): the limit keeps
                    # every program to t threads (backprop still runs 8 at
                    # t = 16, its own choice)
                    env = dict(os.environ, OMP_NUM_THREADS=str(t), OMP_THREAD_LIMIT=str(t))
                    t0 = time.perf_counter()
                    try:
                        r = subprocess.run(cmd, shell=True, cwd=os.path.join(out, e["dir"]), env=env,
                                           stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                           stderr=subprocess.DEVNULL, timeout=a.timeout)
                        rc = r.returncode
                    except subprocess.TimeoutExpired:
                        rc = "timeout"
                    dt = time.perf_counter() - t0
                    res.setdefault(app, {}).setdefault(str(t), {}).setdefault(cfg, []).append(
                        dt if rc == 0 else None)
                    print(f"{app} T={t} {cfg} rep={rep} {dt:.3f}s rc={rc}", flush=True)
        json.dump(res, open(os.path.join(out, "results.json"), "w"), indent=1)   # so far
    json.dump(res, open(os.path.join(out, "results.json"), "w"), indent=1)
    report(m["configs"], res, threads, os.path.join(out, "summary.md"))


def report(configs, res, threads, path):
    cu = [c for c in configs if c != "omp"]
    lines = ["| app | threads | omp s | " + " | ".join(f"{c} s | omp/{c}" for c in cu) + " |",
             "|---|---:|---:|" + "---:|---:|" * len(cu)]
    geo = {(c, t): [] for c in cu for t in threads}
    for app, by_t in res.items():
        for t in threads:
            cell = by_t.get(str(t), {})
            def med(c):
                v = [x for x in cell.get(c, []) if x is not None]
                return statistics.median(v) if v else None
            o = med("omp")
            row = f"| {app} | {t} | {o:.3f} |" if o else f"| {app} | {t} | fail |"
            for c in cu:
                x = med(c)
                if x and o:
                    row += f" {x:.3f} | {o / x:.2f} |"
                    geo[(c, t)].append(o / x)
                else:
                    row += " fail | |"
            lines.append(row)
    for t in threads:
        row = f"| **geomean** | {t} | |"
        for c in cu:
            g = geo[(c, t)]
            row += f" | {statistics.geometric_mean(g):.2f} |" if g else " | |"
        lines.append(row)
    open(path, "w").write("\n".join(lines) + "\n")
    print("\n".join(lines))


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--rodinia", help="gpu-rodinia checkout (cuda/, openmp/, common/)")
    p.add_argument("--data", default=".", help="Rodinia's data folder (hotspot/, srad/)")
    p.add_argument("--cucpu", action="append", default=[], help="NAME=PATH of a cucpu to compare (repeatable)")
    p.add_argument("--only", help="comma-separated apps")
    p.add_argument("--build-only", help="build into this folder")
    p.add_argument("--run-only", help="run what --build-only built there")
    p.add_argument("--threads", default="1,16")
    p.add_argument("--reps", type=int, default=3)
    p.add_argument("--timeout", type=int, default=300)
    a = p.parse_args()
    if a.build_only:
        if not a.rodinia or not a.cucpu:
            p.error("--build-only needs --rodinia and at least one --cucpu")
        build(a)
    if a.run_only:
        run(a)
    if not a.build_only and not a.run_only:
        p.error("give --build-only DIR and/or --run-only DIR")


if __name__ == "__main__":
    main()
