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
Times are wall-clock seconds of the whole program (input reading included,
the same for both sides); summary.md gives OpenMP time / cucpu time.
"""
import argparse, json, lzma, os, shutil, statistics, subprocess, sys, time

# name: (omp dir, omp make args, omp binary, omp command {T}=threads,
#        cuda dir, cuda make args, cuda binary, cuda command)
# {D} is the data folder (absolute), {TK} cucpu's toolkit folder (make args).
APPS = {
    "backprop": ("backprop", ["CC_FLAGS=-O3 -fopenmp"], "backprop", "./backprop 1048560",
                 "backprop", [], "backprop", "./backprop 1048560"),
    "hotspot": ("hotspot", ["hotspot", "CC_FLAGS=-O3 -fopenmp"], "hotspot",
                "./hotspot 1024 1024 400 {T} {D}/temp_1024 {D}/power_1024 out.txt",
                "hotspot", [], "hotspot", "./hotspot 1024 2 400 {D}/temp_1024 {D}/power_1024 out.txt"),
    "lud": ("lud", ["lud_omp"], "omp/lud_omp", "./omp/lud_omp -s 2048",
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
    # The Makefile includes ~/rodinia_3.0/common/make.config: make runs with
    # HOME pointing at a folder that has it (see HOME_FOR). It also says
    # -g -G (nvcc: unoptimized device code); cucpu optimizes anyway.
    "hotspot3D": ("hotspot3D", [], "3D", "./3D 512 8 %(h3d_iters)d {D}/h3d_power_512x8 {D}/h3d_temp_512x8 out.txt",
                  "hotspot3D", [], "3D", "./3D 512 8 %(h3d_iters)d {D}/h3d_power_512x8 {D}/h3d_temp_512x8 out.txt"),
    # mode 0: one instance, parallel inside it (the suite's run files).
    "myocyte": ("myocyte", [], "myocyte.out", "./myocyte.out %(myo_span)d 1 0 {T}",
                "myocyte", [], "myocyte.out", "./myocyte.out %(myo_span)d 1 0"),
    "heartwall": ("heartwall", [], "heartwall", "./heartwall {D}/heartwall.avi %(hw_frames)d {T}",
                  "heartwall", [], "heartwall", "./heartwall {D}/heartwall.avi %(hw_frames)d"),
    "cfd": ("cfd", ["euler3d_cpu"], "euler3d_cpu", "./euler3d_cpu {D}/cfd.domn",
            "cfd", ["euler3d", "SDK_DIR={SDK}"], "euler3d", "./euler3d {D}/cfd.domn"),
    "bfs": ("bfs", ["bfs", "CC_FLAGS=-O3 -fopenmp"], "bfs", "./bfs {T} {D}/bfs_graph.txt",
            "bfs", [], "bfs.out", "./bfs.out {D}/bfs_graph.txt"),
    # The CUDA makefile links with `gcc ... -L/usr/local/cuda/lib64 -lcuda
    # -lcudart`; a -L of cucpu's toolkit put in C_C comes first, so -lcudart
    # is cucpu's runtime whatever /usr/local/cuda holds.
    "lavaMD": ("lavaMD", [], "lavaMD", "./lavaMD -cores {T} -boxes1d %(lava_boxes)d",
               "lavaMD", ["C_C=gcc -L{TK}/lib64"], "lavaMD", "./lavaMD -boxes1d %(lava_boxes)d"),
    # The OpenMP Makefile compiles without -O (CFLAGS = -lm -fopenmp -Wall).
    "nn": ("nn", ["nn", "CFLAGS=-O3 -lm -fopenmp -Wall"], "nn", "./nn {D}/nn/filelist.txt 5 30 90",
           "nn", ["nn"], "nn", "./nn {D}/nn/filelist.txt -r 5 -lat 30 -lng 90"),
    "b+tree": ("b+tree", [], "b+tree.out", "./b+tree.out core {T} file {D}/btree_keys.txt command {D}/btree_cmd.txt",
               "b+tree", [], "b+tree.out", "./b+tree.out file {D}/btree_keys.txt command {D}/btree_cmd.txt"),
}

# cfd includes the CUDA samples' helper_cuda.h and helper_timer.h from
# $(SDK_DIR)/common/inc: bench's own stand-ins (the few calls it makes).
SDK = os.path.join(os.path.dirname(os.path.abspath(__file__)), "rodinia_sdk")

# Sizes of the generated inputs and the arguments that go with them: chosen
# so that each OpenMP program runs at least 0.5 s at 1 thread on the 16-core
# machine. Both sides get the same input and arguments.
SIZES = {
    "h3d_iters": 100,
    "myo_span": 100,
    "hw_frames": 4,
    "lava_boxes": 10,
    "bfs_nodes": 1000000, "bfs_degree": 4,
    "nn_records": 8000000, "nn_files": 4,
    "btree_keys": 1000000, "btree_cmd": "k 65535\nj 65535 1000\n",
    "cfd_grid": (256, 256, 4),
    "hw_size": (609, 590),
}


def make_inputs(data, apps, log=sys.stdout):
    """Generate, into the data folder, the inputs the suite's data lacks
    (bench/rodinia_inputs.py, our own generators); existing files are kept."""
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import rodinia_inputs as gen
    S = SIZES
    todo = {
        "hotspot3D": [("h3d_temp_512x8", lambda p: gen.hotspot3d(p, 512, 8, 320.0, 20.0, 1)),
                      ("h3d_power_512x8", lambda p: gen.hotspot3d(p, 512, 8, 0.0, 0.002, 2))],
        "bfs": [("bfs_graph.txt", lambda p: gen.bfs(p, S["bfs_nodes"], S["bfs_degree"], 3))],
        "nn": [("nn/cane_%d.db" % (S["nn_files"] - 1),
                lambda p: gen.nn(os.path.dirname(p), S["nn_records"], S["nn_files"], 4))],
        "b+tree": [("btree_keys.txt", lambda p: gen.btree(p, os.path.join(data, "btree_cmd.txt"),
                                                          S["btree_keys"], S["btree_cmd"], 5))],
        "cfd": [("cfd.domn", lambda p: gen.cfd(p, *S["cfd_grid"]))],
        "heartwall": [("heartwall.avi", lambda p: gen.avi(p, *S["hw_size"], S["hw_frames"] + 1))],
    }
    for app in apps:
        for name, fn in todo.get(app, []):
            p = os.path.join(data, name)
            if not os.path.exists(p):
                t0 = time.perf_counter()
                os.makedirs(os.path.dirname(p), exist_ok=True)
                fn(p) if app == "nn" else fn(p + ".part")
                if os.path.exists(p + ".part"):
                    os.rename(p + ".part", p)
                print(f"input {name}: {time.perf_counter() - t0:.1f}s", file=log, flush=True)
    if "nn" in apps:
        # nn's list names its files by absolute path: rewritten for where the folder is now
        nd = os.path.join(data, "nn")
        open(os.path.join(nd, "filelist.txt"), "w").write(
            "".join(os.path.join(nd, "cane_%d.db" % k) + "\n" for k in range(S["nn_files"])))


def sh(cmd, cwd, log, path_first=None, home=None):
    env = dict(os.environ)
    if home:
        env["HOME"] = home
    if path_first:
        env["PATH"] = path_first + os.pathsep + env.get("PATH", "")
    r = subprocess.run(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
    log.write(f"$ {' '.join(cmd)}  (in {cwd})\n{r.stdout}\n")
    return r.returncode == 0


def fresh_tree(src, dst, sub, data, dirs):
    """A copy of the suite's common/ and the apps' folders of one side
    (cuda/ or openmp/), with the inputs the programs find by a relative path
    (srad's image, myocyte's y.txt and params.txt under ../../data), and the
    ~/rodinia_3.0/common/make.config that hotspot3D's Makefile includes."""
    if os.path.exists(dst):
        shutil.rmtree(dst)
    os.makedirs(dst)
    shutil.copytree(os.path.join(src, "common"), os.path.join(dst, "common"))
    for d in sorted(set(dirs)) + (["util"] if sub == "cuda" else []):
        if os.path.isdir(os.path.join(src, sub, d)):
            shutil.copytree(os.path.join(src, sub, d), os.path.join(dst, sub, d))
    for f in ("srad/image.pgm", "myocyte/y.txt", "myocyte/params.txt"):
        if os.path.exists(os.path.join(data, f)):
            os.makedirs(os.path.join(dst, "data", os.path.dirname(f)), exist_ok=True)
            shutil.copy(os.path.join(data, f), os.path.join(dst, "data", f))
    os.makedirs(os.path.join(dst, "home", "rodinia_3.0"))
    os.symlink("../../common", os.path.join(dst, "home", "rodinia_3.0", "common"))


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
    manifest = {"apps": {}, "configs": ["omp"] + [c.split("=", 1)[0] for c in a.cucpu], "sizes": SIZES}
    omp_tree = os.path.join(out, "tree-omp")
    fresh_tree(a.rodinia, omp_tree, "openmp", a.data, [APPS[x][0] for x in apps])
    trees = {}
    for spec in a.cucpu:
        name, path = spec.split("=", 1)
        trees[name] = (os.path.join(out, "tree-" + name), toolkit_of(path))
        fresh_tree(a.rodinia, trees[name][0], "cuda", a.data, [APPS[x][4] for x in apps])
    for app in apps:
        od, oargs, obin, orun, cd, cargs, cbin, crun = APPS[app]
        entry = {"omp": None}
        d = os.path.join(omp_tree, "openmp", od)
        if os.path.exists(os.path.join(d, obin)):
            os.remove(os.path.join(d, obin))      # some folders ship a binary
        if sh(["make"] + oargs, d, log, home=os.path.join(omp_tree, "home")) and os.path.exists(os.path.join(d, obin)):
            entry["omp"] = {"dir": os.path.relpath(d, out), "cmd": orun % SIZES}
        for name, (tree, tk) in trees.items():
            d = os.path.join(tree, "cuda", cd)
            if os.path.exists(os.path.join(d, cbin)):
                os.remove(os.path.join(d, cbin))
            margs = [x.replace("{TK}", tk).replace("{SDK}", SDK) for x in cargs]
            ok = sh(["make", f"CUDA_DIR={tk}"] + margs, d, log, os.path.join(tk, "bin"),
                    home=os.path.join(tree, "home")) and os.path.exists(os.path.join(d, cbin))
            entry[name] = {"dir": os.path.relpath(d, out), "cmd": crun % SIZES} if ok else None
        manifest["apps"][app] = entry
        print(app, " ".join(f"{k}:{'ok' if v else 'FAIL'}" for k, v in entry.items()), flush=True)
    json.dump(manifest, open(os.path.join(out, "manifest.json"), "w"), indent=1)


def run(a):
    out = os.path.abspath(a.run_only)
    m = json.load(open(os.path.join(out, "manifest.json")))
    data = os.path.join(out, "data")
    threads = [int(t) for t in a.threads.split(",")]
    make_inputs(data, list(m["apps"]))
    res = {}
    for app, entry in m["apps"].items():
        for t in threads:
            for rep in range(a.reps):
                for cfg in m["configs"]:
                    e = entry.get(cfg)
                    if not e:
                        continue
                    cmd = e["cmd"].replace("{T}", str(t)).replace("{D}", data)
                    env = dict(os.environ, OMP_NUM_THREADS=str(t))
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
