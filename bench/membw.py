#!/usr/bin/env python3
"""Memory bandwidth: STREAM triad against what translated memory-bound code reaches.

Works on the folder that bench/rodinia_vs_omp.py builds (its --build-only
also builds bench/triad/ there, or give --build-only here):

  python3 bench/membw.py --build-only out/ --cucpu build/cucpu     # triad, triad_cu
  python3 bench/membw.py --run-only out/ --threads 1,16            # writes out/membw.md

At each thread count it reports:
- triad: bench/triad/triad.c (gcc -O3 -fopenmp), best of 10, GB/s;
- triad_cu: bench/triad/triad.cu built with cucpu, the same loop as a kernel;
- for memory-bound kernels of the Rodinia CUDA programs (the cucpu build
  of the folder's first cucpu configuration), run with
  CUCPU_PROFILE=json:FILE (docs/usage.md), the bytes each kernel must move
  divided by its total kernel time, and that as a fraction of triad.

Bytes are compulsory traffic, counted like STREAM: every array element a
launch reads or writes, once (neighbours of a stencil come from cache);
write-allocate traffic is not counted. Per kernel (n = elements):
- hotspot3D hotspotOpt1, n = 512*512*8 floats: reads tIn and p, writes tOut:
  12 n bytes per launch;
- srad_v1 srad, n = Nr*Nc floats: reads I, writes dN, dS, dW, dE, c:
  24 n bytes per launch (the row/column index arrays are negligible);
  srad2: reads dN, dS, dW, dE, c and I, writes I: 28 n bytes per launch;
  run at 2048x2048 (16 MiB per array; the benchmark's 502x458 image, 0.9 MB per array,
  stays in the caches);
- pathfinder dynproc_kernel, cols x rows ints: the wall once,
  4 cols (rows-1) bytes over all launches, plus per launch the source row
  read and the result row written, 8 cols bytes;
- nn euclid, N records: reads a LatLong (8 bytes), writes a float: 12 N.
"""
import argparse, json, os, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))
TRIAD_N = 1 << 26          # 3 arrays of 512 MiB: far beyond any cache
SRAD = (2048, 2048, 20)    # Nr, Nc, iterations of the srad_v1 probe

# app: (command in the app's folder, {kernel name: bytes(launches)})
def kernels(sizes):
    n3 = 512 * 512 * 8
    ne = SRAD[0] * SRAD[1]
    cols, rows = 100000, 500
    recs = sizes["nn_records"] // sizes["nn_files"] * sizes["nn_files"]
    return {
        "hotspot3D": ("./3D 512 8 %d {D}/h3d_power_512x8 {D}/h3d_temp_512x8 out.txt" % sizes["h3d_iters"],
                      {"hotspotOpt1": lambda L: 12 * n3 * L}),
        "srad_v1": ("./srad %d 0.5 %d %d" % (SRAD[2], SRAD[0], SRAD[1]),
                    {"srad": lambda L: 24 * ne * L, "srad2": lambda L: 28 * ne * L}),
        "pathfinder": ("./pathfinder %d %d 20" % (cols, rows),
                       {"dynproc_kernel": lambda L: 4 * cols * (rows - 1) + 8 * cols * L}),
        "nn": ("./nn {D}/nn/filelist.txt -r 5 -lat 30 -lng 90", {"euclid": lambda L: 12 * recs * L}),
    }


def build(out, cucpu):
    d = os.path.join(out, "triad")
    os.makedirs(d, exist_ok=True)
    src = os.path.join(HERE, "triad")
    subprocess.run(["gcc", "-O3", "-fopenmp", os.path.join(src, "triad.c"), "-o", os.path.join(d, "triad")],
                   check=True)
    subprocess.run([cucpu, "-O3", os.path.join(src, "triad.cu"), "-o", os.path.join(d, "triad_cu")], check=True)


def gbs(line):
    return float(line.rsplit("GB/s=", 1)[1])


def run(out, threads, log=sys.stdout):
    m = json.load(open(os.path.join(out, "manifest.json")))
    data = os.path.join(out, "data")
    cfg = [c for c in m["configs"] if c != "omp"][0]
    sys.path.insert(0, HERE)
    import rodinia_vs_omp
    rodinia_vs_omp.make_inputs(data, [a for a in ("hotspot3D", "nn") if a in m["apps"]])
    sizes = m.get("sizes", rodinia_vs_omp.SIZES)
    rows = ["| threads | what | GB/s | of triad |", "|---:|---|---:|---:|"]
    result = {}
    for t in threads:
        env = dict(os.environ, OMP_NUM_THREADS=str(t))
        tri = subprocess.run([os.path.join(out, "triad", "triad"), str(TRIAD_N), "10"], env=env,
                             capture_output=True, text=True)
        cu = subprocess.run([os.path.join(out, "triad", "triad_cu"), str(TRIAD_N), "10"], env=env,
                            capture_output=True, text=True)
        if tri.returncode or cu.returncode:
            print(tri.stdout, tri.stderr, cu.stdout, cu.stderr, file=log)
            continue
        base = gbs(tri.stdout)
        result[t] = {"triad": base, "triad_cu": gbs(cu.stdout)}
        rows.append(f"| {t} | triad (gcc -O3 -fopenmp) | {base:.1f} | 1.00 |")
        rows.append(f"| {t} | triad kernel (cucpu) | {gbs(cu.stdout):.1f} | {gbs(cu.stdout) / base:.2f} |")
        for app, (cmd, ks) in kernels(sizes).items():
            e = m["apps"].get(app, {}).get(cfg)
            if not e:
                continue
            prof = os.path.join(out, f"membw-{app}-{t}.json")
            r = subprocess.run(cmd.replace("{D}", data), shell=True, cwd=os.path.join(out, e["dir"]),
                               env=dict(env, CUCPU_PROFILE="json:" + prof), stdin=subprocess.DEVNULL,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            if r.returncode or not os.path.exists(prof):
                rows.append(f"| {t} | {app}: run failed (rc {r.returncode}) | | |")
                continue
            for k in json.load(open(prof))["kernels"]:
                name = k["name"].split("(")[0].split("<")[0]
                if name in ks:
                    g = ks[name](k["launches"]) / (k["total_ms"] / 1e3) / 1e9
                    result[t][f"{app}/{name}"] = g
                    rows.append(f"| {t} | {app} `{name}` ({k['launches']} launches, "
                                f"{k['total_ms']:.1f} ms) | {g:.1f} | {g / base:.2f} |")
    json.dump(result, open(os.path.join(out, "membw.json"), "w"), indent=1)
    open(os.path.join(out, "membw.md"), "w").write("\n".join(rows) + "\n")
    print("\n".join(rows), file=log)


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--build-only", help="build triad and triad_cu into DIR/triad")
    p.add_argument("--cucpu", help="cucpu for triad_cu (with --build-only)")
    p.add_argument("--run-only", help="measure in DIR (built by rodinia_vs_omp.py --build-only)")
    p.add_argument("--threads", default="1,16")
    a = p.parse_args()
    if a.build_only:
        if not a.cucpu:
            p.error("--build-only needs --cucpu")
        build(os.path.abspath(a.build_only), a.cucpu)
    if a.run_only:
        run(os.path.abspath(a.run_only), [int(t) for t in a.threads.split(",")])
    if not a.build_only and not a.run_only:
        p.error("give --build-only DIR and/or --run-only DIR")


if __name__ == "__main__":
    main()
