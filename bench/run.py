#!/usr/bin/env python3
"""bench/run.py: performance harness of cucpu (python3, standard library only).

Measures every workload under every translator configuration and thread count:
  workloads       rodinia programs (`make -C rodinia list`; TIME_MS = kernel time
                  from cudaEvents) and tests/e2e/*.cu (small: whole-process wall time)
  configurations  all          default flags
                  no-<pass>    -fno-<pass>, one per optional pass of src/passes/passes.def
                  naive        --passes=none -fcpuify=inner-parallel (MCUDA-style)
                  omp          hand-written rodinia/W/P_omp.c (cc -O3 -fopenmp), rodinia only
  threads         OMP_NUM_THREADS, default 1, 2 and os.cpu_count()

  python3 bench/run.py [--size large|small] [--threads 1,2,16] [--reps 5]
                       [--only NAMES] [--configs NAMES] [--out bench/results]
                       [--build-only DIR | --run-only DIR | --report-only JSON]

Default: build every binary into bench/build/bin, then run them.
--build-only DIR   builds into DIR (needs cucpu, i.e. libclang); nothing runs.
--run-only DIR     runs the binaries of DIR (no cucpu needed; omp binaries that are
                   missing are built with cc).
--report-only JSON rewrites summary.md and speedup.svg from a results.json.
Writes OUT/results.json, OUT/summary.md, OUT/speedup.svg; prints the summary.
See bench/README.md.
"""
import argparse
import concurrent.futures
import datetime
import json
import math
import os
import platform
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time

BENCH = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, BENCH)
import stats  # noqa: E402  (bench/stats.py)

ROOT = os.path.dirname(BENCH)
RODINIA = os.path.join(ROOT, "rodinia")
E2E = os.path.join(ROOT, "tests", "e2e")
PASSES_DEF = os.path.join(ROOT, "src", "passes", "passes.def")
NAIVE_FLAGS = ["--passes=none", "-fcpuify=inner-parallel"]
CUCPU_OPT = ["-O3"]
CC_OMP_FLAGS = ["-O3", "-fopenmp"]
MANIFEST = "manifest.json"


def log(msg):
    print(msg, file=sys.stderr, flush=True)


def now_iso():
    return datetime.datetime.now(datetime.timezone.utc).astimezone().isoformat(timespec="seconds")


def sh(cmd, cwd=ROOT, timeout=60):
    """Output of a small informational command, or None."""
    try:
        r = subprocess.run(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           timeout=timeout, universal_newlines=True)
        return r.stdout.strip() if r.returncode == 0 else None
    except (OSError, subprocess.SubprocessError):
        return None


# ---------------------------------------------------------------- discovery

def read_passes():
    """[(name, required)] from passes.def, in pipeline order."""
    out = []
    try:
        with open(PASSES_DEF) as f:
            for line in f:
                m = re.match(r'\s*PASS\(\s*"([A-Za-z_][\w-]*)"\s*,\s*[A-Za-z_]\w*\s*,\s*(\d+)\s*,', line)
                if m:
                    out.append((m.group(1), int(m.group(2)) != 0))
    except OSError as e:
        log("run.py: cannot read %s: %s" % (PASSES_DEF, e))
    return out


def configurations(extra):
    """[{name, kind, flags}] in report order: all, no-<pass>..., naive, omp, extras."""
    cfgs = [{"name": "all", "kind": "cucpu", "flags": []}]
    for name, required in read_passes():
        if not required:
            cfgs.append({"name": "no-" + name, "kind": "cucpu", "flags": ["-fno-" + name]})
    cfgs.append({"name": "naive", "kind": "cucpu", "flags": list(NAIVE_FLAGS)})
    cfgs.append({"name": "omp", "kind": "omp", "flags": list(CC_OMP_FLAGS)})
    for spec in extra:
        name, _, flags = spec.partition("=")
        cfgs.append({"name": name, "kind": "cucpu", "flags": flags.split()})
    return cfgs


def rodinia_programs():
    """[(folder, program)] from `make -C rodinia list` (falls back to a scan)."""
    txt = sh(["make", "-s", "-C", RODINIA, "list"])
    progs = []
    if txt:
        for line in txt.splitlines():
            parts = line.split()
            if len(parts) == 2:
                progs.append((parts[0], parts[1]))
    if not progs:
        log("run.py: `make -C rodinia list` failed; scanning rodinia/*/*.cu")
        for w in sorted(os.listdir(RODINIA)):
            d = os.path.join(RODINIA, w)
            if os.path.isdir(d):
                for f in sorted(os.listdir(d)):
                    if f.endswith(".cu"):
                        progs.append((w, f[:-3]))
    return progs


def workloads():
    """[{name, suite, ...}]: rodinia programs first, then e2e tests."""
    wl = []
    for folder, prog in rodinia_programs():
        cu = os.path.join(RODINIA, folder, prog + ".cu")
        if not os.path.isfile(cu):
            continue
        ref = os.path.join(RODINIA, folder, "reference_%s.c" % prog)
        if not os.path.isfile(ref):
            ref = os.path.join(RODINIA, folder, "reference.c")
        omp = os.path.join(RODINIA, folder, prog + "_omp.c")
        wl.append({"name": prog, "suite": "rodinia", "folder": folder,
                   "sources": [cu] + ([ref] if os.path.isfile(ref) else []),
                   "omp_source": omp if os.path.isfile(omp) else None,
                   "metric": "TIME_MS (kernel time, cudaEvents)"})
    if os.path.isdir(E2E):
        for f in sorted(os.listdir(E2E)):
            if f.endswith(".cu"):
                wl.append({"name": "e2e/" + f[:-3], "suite": "e2e", "folder": "tests/e2e",
                           "sources": [os.path.join(E2E, f)], "omp_source": None,
                           "metric": "whole-process wall time (small test program)"})
    return wl


def select(items, only, key):
    if not only:
        return items
    want = [s.strip() for s in only.split(",") if s.strip()]
    out = []
    for it in items:
        for w in want:
            if w == key(it) or w == it.get("suite") or w == it.get("folder") \
                    or ("/" in key(it) and w == key(it).split("/", 1)[1]):
                out.append(it)
                break
    return out


def tolerance(wl):
    if wl["suite"] != "rodinia":
        return None
    for f in ("TOLERANCE_" + wl["name"], "TOLERANCE"):
        p = os.path.join(RODINIA, wl["folder"], f)
        if os.path.isfile(p):
            try:
                with open(p) as fh:
                    return float(fh.readline().split()[0])
            except (OSError, ValueError, IndexError):
                pass
    return 1e-6


def machine_info():
    model = None
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.lower().startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    if not model:
        model = platform.processor() or platform.machine()
    try:
        affinity = len(os.sched_getaffinity(0))
    except AttributeError:
        affinity = None
    cc = sh(["cc", "--version"])
    mem = None
    try:
        with open("/proc/meminfo") as f:
            mem = f.readline().split(":", 1)[1].strip()
    except (OSError, IndexError):
        pass
    return {"cpu_model": model, "cpu_count": os.cpu_count(), "affinity_cpus": affinity,
            "memory": mem, "hostname": platform.node(), "os": platform.platform(),
            "cc": cc.splitlines()[0] if cc else None, "python": platform.python_version(),
            "date": now_iso(), "git_commit": git_commit(), "loadavg": loadavg(),
            "omp_env": {k: v for k, v in os.environ.items() if k.startswith(("OMP_", "GOMP_", "KMP_"))}}


def loadavg():
    try:
        return [round(x, 2) for x in os.getloadavg()]
    except (AttributeError, OSError):
        return None


def git_commit():
    c = sh(["git", "rev-parse", "HEAD"])
    if not c:
        return None
    dirty = sh(["git", "status", "--porcelain", "--untracked-files=no"])
    return c + ("-dirty" if dirty else "")


# ---------------------------------------------------------------- build

def find_cucpu(arg, build_dir):
    """Path of cucpu: --cucpu, $CUCPU, else build it with cmake into build_dir."""
    cand = arg or os.environ.get("CUCPU")
    if cand:
        if os.path.isfile(cand) and os.access(cand, os.X_OK):
            return os.path.abspath(cand)
        sys.exit("run.py: cucpu not found at %s" % cand)
    bdir = os.path.join(build_dir, "cucpu-build")
    jobs = str(os.cpu_count() or 2)
    log("run.py: building cucpu (Release) in %s" % bdir)
    logf = os.path.join(build_dir, "cucpu-build.log")
    os.makedirs(build_dir, exist_ok=True)
    with open(logf, "w") as lf:
        def call(cmd):
            lf.write("$ " + " ".join(cmd) + "\n")
            lf.flush()
            return subprocess.call(cmd, stdout=lf, stderr=subprocess.STDOUT) == 0
        ok = call(["cmake", "-S", ROOT, "-B", bdir, "-DCMAKE_BUILD_TYPE=Release"])
        # the translator and its runtime library (which every translated program links);
        # if the target names ever change, fall back to building everything
        ok = ok and (call(["cmake", "--build", bdir, "--target", "cucpu", "cucpu_rt", "-j", jobs]) or
                     call(["cmake", "--build", bdir, "-j", jobs]))
    exe = os.path.join(bdir, "cucpu")
    if not ok or not os.path.isfile(exe):
        log("run.py: cannot build cucpu (see %s); translated configurations will fail to build" % logf)
        return None
    return exe


def bin_path(bindir, cfg, wl):
    return os.path.join(bindir, cfg, wl["suite"], wl["name"].split("/")[-1])


def build_one(cucpu, bindir, cfg, wl):
    """Builds one binary; returns a manifest entry {status, seconds, log, cmd}."""
    out = bin_path(bindir, cfg["name"], wl)
    os.makedirs(os.path.dirname(out), exist_ok=True)
    logf = out + ".build.log"
    inc = ["-I", os.path.join(RODINIA, "common")] if wl["suite"] == "rodinia" else []
    if cfg["kind"] == "omp":
        if not wl["omp_source"]:
            return None
        cmd = ["cc"] + cfg["flags"] + inc + ["-o", out, wl["omp_source"], "-lm"]
    else:
        if not cucpu:
            return {"status": "build-failed", "message": "no cucpu", "seconds": 0.0}
        libs = ["-lm"] if wl["suite"] == "rodinia" else []
        cmd = [cucpu] + CUCPU_OPT + cfg["flags"] + inc + ["-o", out] + wl["sources"] + libs
    if os.path.exists(out):
        os.unlink(out)
    t0 = time.time()
    try:
        with open(logf, "w") as lf:
            lf.write("$ " + " ".join(cmd) + "\n")
            lf.flush()
            rc = subprocess.call(cmd, cwd=ROOT, stdout=lf, stderr=subprocess.STDOUT, timeout=900)
    except subprocess.TimeoutExpired:
        rc = "timeout"
    except OSError as e:
        rc = str(e)
    secs = round(time.time() - t0, 3)
    rel = os.path.relpath(cmd[0], ROOT) if cmd[0].startswith(ROOT) else cmd[0]
    entry = {"seconds": secs, "cmd": " ".join([rel] + [os.path.relpath(c, ROOT) if c.startswith(ROOT) else c
                                                        for c in cmd[1:]])}
    if rc == 0 and os.path.isfile(out):
        entry["status"] = "ok"
    else:
        entry["status"] = "build-failed"
        entry["message"] = "exit %s: %s" % (rc, tail_of_file(logf))
    return entry


def tail_of_file(path, n=400):
    try:
        with open(path, errors="replace") as f:
            txt = f.read()
    except OSError:
        return ""
    lines = [l for l in txt.splitlines() if l.strip() and not l.startswith("$ ")]
    # the first error line is usually the most telling
    err = [l for l in lines if "error" in l.lower() or "fatal" in l.lower()]
    s = (err[0] if err else (lines[-1] if lines else "")).strip()
    return s[:n]


def build_all(bindir, cfgs, wls, cucpu, jobs):
    os.makedirs(bindir, exist_ok=True)
    man = load_manifest(bindir) or {}
    builds = man.get("builds", {})
    tasks = []
    for wl in wls:
        for cfg in cfgs:
            if cfg["kind"] == "omp" and not wl["omp_source"]:
                continue
            tasks.append((cfg, wl))
    log("run.py: building %d binaries into %s (%d jobs)" % (len(tasks), bindir, jobs))
    done = 0
    fails = 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as ex:
        futs = {ex.submit(build_one, cucpu, bindir, cfg, wl): (cfg, wl) for cfg, wl in tasks}
        for fut in concurrent.futures.as_completed(futs):
            cfg, wl = futs[fut]
            e = fut.result()
            done += 1
            if e is None:
                continue
            builds.setdefault(wl["name"], {})[cfg["name"]] = e
            if e["status"] != "ok":
                fails += 1
                log("  [%d/%d] BUILD FAILED %s [%s]: %s" % (done, len(tasks), wl["name"], cfg["name"],
                                                             e.get("message", "")))
            elif done % 20 == 0 or done == len(tasks):
                log("  [%d/%d] built" % (done, len(tasks)))
    cfg_by_name = {c["name"]: c for c in man.get("configs", [])}
    for c in cfgs:
        cfg_by_name[c["name"]] = c
    man = {"created": now_iso(), "git_commit": git_commit(), "machine": machine_info(),
           "cucpu": cucpu and os.path.relpath(cucpu, ROOT) if cucpu and cucpu.startswith(ROOT) else cucpu,
           "cucpu_version": sh([cucpu, "--version"]) if cucpu else None,
           "cucpu_flags": CUCPU_OPT, "configs": list(cfg_by_name.values()),
           "passes": [{"name": n, "required": r} for n, r in read_passes()],
           "builds": builds}
    with open(os.path.join(bindir, MANIFEST), "w") as f:
        json.dump(man, f, indent=1, sort_keys=True)
    log("run.py: %d built, %d failed to build" % (len(tasks) - fails, fails))
    return man


def load_manifest(bindir):
    p = os.path.join(bindir, MANIFEST)
    if not os.path.isfile(p):
        return None
    try:
        with open(p) as f:
            return json.load(f)
    except (OSError, ValueError):
        return None


# ---------------------------------------------------------------- run

def run_once(exe, args, threads, timeout, scratch, cpus=None, bind=False, verify=True):
    """One run: {ok, status, time_ms, wall_ms, message, results}. cpus: the CPU
    set the process may use; bind: pin OpenMP threads to cores in it; verify:
    False lets a rodinia program stop after TIME_MS (RD_SKIP_VERIFY=1)."""
    env = dict(os.environ)
    env["OMP_NUM_THREADS"] = str(threads)
    env.pop("RD_SKIP_VERIFY", None)
    if not verify:
        env["RD_SKIP_VERIFY"] = "1"
    if bind:
        env["OMP_PROC_BIND"] = "close"
        env["OMP_PLACES"] = "cores"
    pin = (lambda: os.sched_setaffinity(0, cpus)) if cpus else None
    t0 = time.perf_counter()
    try:
        p = subprocess.Popen([exe] + args, cwd=scratch, env=env, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, universal_newlines=True, errors="replace",
                             start_new_session=True, preexec_fn=pin)
        try:
            out, err = p.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            try:
                os.killpg(p.pid, signal.SIGKILL)
            except OSError:
                pass
            p.communicate()
            return {"status": "timeout", "message": "no exit after %ss" % timeout}
    except OSError as e:
        return {"status": "run-failed", "message": str(e)}
    wall = (time.perf_counter() - t0) * 1e3
    r = {"wall_ms": round(wall, 3), "rc": p.returncode}
    tm = re.findall(r"^TIME_MS\s+([-+0-9.eE]+)", out, re.M)
    if tm:
        r["time_ms"] = float(tm[-1])
    r["results"] = {m.group(1): m.group(2) for m in re.finditer(r"^RESULT\s+(\S+)\s+(\S+)", out, re.M)}
    msg = (err.strip().splitlines() or [""])[-1][:300]
    if p.returncode != 0:
        v = re.search(r"^VERIFY.*$", out, re.M)
        r["status"] = "verify-failed" if v and "PASS" not in v.group(0) else "run-failed"
        r["message"] = "exit %d%s%s" % (p.returncode, (": " + v.group(0)[:200]) if v else "",
                                       (" | " + msg) if msg else "")
    else:
        r["status"] = "ok"
        r["verify"] = out
    return r


def classify(r, wl, cfg, verify=True):
    """Turns run_once's raw record into the final status of one run. A
    repetition run with verify=False must say VERIFY SKIPPED."""
    out = r.pop("verify", None)
    if r["status"] != "ok":
        return r
    if wl["suite"] == "rodinia":
        if not verify:
            if not re.search(r"^VERIFY SKIPPED", out, re.M):
                r["status"], r["message"] = "verify-failed", "no VERIFY SKIPPED line with RD_SKIP_VERIFY=1"
        elif cfg["kind"] == "omp":
            if re.search(r"^VERIFY FAIL", out, re.M):
                r["status"], r["message"] = "verify-failed", "VERIFY FAIL"
        elif not re.search(r"^VERIFY PASS", out, re.M):
            v = re.search(r"^VERIFY.*$", out, re.M)
            r["status"] = "verify-failed"
            r["message"] = v.group(0)[:200] if v else "no VERIFY PASS line"
        if r["status"] == "ok" and "time_ms" not in r:
            r["status"], r["message"] = "no-time", "no TIME_MS line"
    else:
        if not re.search(r"^PASS\r?$", out, re.M):
            r["status"], r["message"] = "verify-failed", "no PASS line"
    return r


def max_relerr(a, b):
    worst = 0.0
    for k, va in a.items():
        if k not in b:
            return float("inf")
        try:
            x, y = float(va), float(b[k])
        except ValueError:
            if va != b[k]:
                return float("inf")
            continue
        if x != x or y != y:
            e = 0.0 if (x != x and y != y) else float("inf")
        else:
            m = max(abs(x), abs(y), 1e-6)
            e = abs(x - y) / m
        worst = max(worst, e)
    return worst


def new_results(args, bindir, man, cfgs, wls, threads_list, machine):
    """The results.json skeleton of a measurement: settings, build, workloads."""
    return {"machine": machine,
            "settings": {"size": args.size, "reps": args.reps, "threads": threads_list,
                         "timeout_s": args.timeout, "bin_dir": bindir,
                         "verify": "every rep" if args.verify_all else "first rep",
                         "parallel_runs": args.parallel_runs, "bind": args.bind},
            "build": {k: man.get(k) for k in ("created", "git_commit", "cucpu", "cucpu_version",
                                              "cucpu_flags", "passes")},
            "build_machine": (man.get("machine") or {}).get("cpu_model"),
            "configs": cfgs,
            "workloads": [{k: wl[k] for k in ("name", "suite", "folder", "metric")} for wl in wls],
            "results": {}, "complete": False, "started": now_iso()}


def new_record(bindir, builds, c, wl):
    """(record, runnable) for configuration c of workload wl before any run;
    None when there is nothing to measure (no hand-written OpenMP version)."""
    if c["kind"] == "omp" and wl["suite"] != "rodinia":
        return None
    exe = bin_path(bindir, c["name"], wl)
    b = builds.get(wl["name"], {}).get(c["name"])
    rec = {"status": "ok", "samples": [], "wall_samples_ms": []}
    if b and b.get("status") != "ok":
        rec.update(status="build-failed", message=b.get("message", ""))
    elif not os.path.isfile(exe):
        if c["kind"] == "omp" and not wl["omp_source"]:
            return None
        rec.update(status="missing", message="no binary %s" % exe)
    return rec, rec["status"] == "ok"


def verifies(args, rep):
    """Whether repetition rep checks the program against its reference."""
    return rep == 0 or args.verify_all


def measure(args, bindir, man, cfgs, wls, threads_list, out_dir, machine):
    if args.parallel_runs > 1:
        return measure_parallel(args, bindir, man, cfgs, wls, threads_list, out_dir, machine)
    res = new_results(args, bindir, man, cfgs, wls, threads_list, machine)
    builds = man.get("builds", {})
    scratch = tempfile.mkdtemp(prefix="cucpu-bench-")
    total = len(wls)
    try:
        for i, wl in enumerate(wls):
            wres = res["results"].setdefault(wl["name"], {})
            run_args = [args.size] if wl["suite"] == "rodinia" else []
            for t in threads_list:
                recs = {}
                live = []
                for c in cfgs:
                    got = new_record(bindir, builds, c, wl)
                    if got is None:
                        continue
                    recs[c["name"]] = got[0]
                    if got[1]:
                        live.append(c)
                for rep in range(args.reps):
                    for c in list(live):  # configurations interleaved within each repetition
                        v = verifies(args, rep)
                        r = classify(run_once(bin_path(bindir, c["name"], wl), run_args, t,
                                              args.timeout, scratch, bind=args.bind, verify=v), wl, c, v)
                        rec = recs[c["name"]]
                        if r["status"] != "ok":
                            rec["status"] = r["status"]
                            rec["message"] = r.get("message", "")
                            rec["failed_rep"] = rep
                            live.remove(c)
                            continue
                        rec["samples"].append(r["time_ms"] if wl["suite"] == "rodinia" else r["wall_ms"])
                        rec["wall_samples_ms"].append(r["wall_ms"])
                        if rep == 0:
                            rec["_results"] = r.get("results", {})
                for name, rec in recs.items():
                    if rec["status"] == "ok" and rec["samples"]:
                        rec["median_ms"] = statistics.median(rec["samples"])
                    else:
                        rec["median_ms"] = None
                # informational: do the RESULT lines of each configuration agree with `all`?
                base = recs.get("all", {}).get("_results")
                tol = tolerance(wl)
                for name, rec in recs.items():
                    got = rec.pop("_results", None)
                    if base and got is not None and name != "all" and tol is not None:
                        e = max_relerr(base, got)
                        rec["result_relerr_vs_all"] = None if math.isinf(e) else e
                        rec["result_agrees_with_all"] = e <= max(tol, 0.0) or e == 0.0
                    wres.setdefault(name, {})[str(t)] = rec
                line = "  ".join("%s=%s" % (n, fmt_ms(r["median_ms"]) if r["status"] == "ok" else r["status"].upper())
                                 for n, r in recs.items())
                log("[%d/%d] %s t=%d  %s" % (i + 1, total, wl["name"], t, line))
                for n, r in recs.items():
                    if r["status"] != "ok":
                        log("    %s [%s] t=%d: %s: %s" % (wl["name"], n, t, r["status"], r.get("message", "")))
            write_json(os.path.join(out_dir, "results.json"), res)
        res["complete"] = True
    except KeyboardInterrupt:
        log("run.py: interrupted; writing the partial results")
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    res["finished"] = now_iso()
    res["loadavg_at_end"] = loadavg()
    write_json(os.path.join(out_dir, "results.json"), res)
    return res


def measure_parallel(args, bindir, man, cfgs, wls, threads_list, out_dir, machine):
    """--parallel-runs N: N workers, each pinned to its own block of cores
    (threads of the run per worker), take (workload, configuration, threads)
    units longest-first; a unit runs its repetitions back to back. Uses the
    machine N times over, at the price of neighbours sharing memory
    bandwidth and caches: ratios between configurations stay comparable,
    absolute times are slower than on an idle machine."""
    import queue
    import threading
    cpus = sorted(os.sched_getaffinity(0))
    res = new_results(args, bindir, man, cfgs, wls, threads_list, machine)
    builds = man.get("builds", {})
    hint = {}
    if args.cost_hint:
        with open(args.cost_hint) as f:
            old = json.load(f)
        for w, per in old.get("results", {}).items():
            for c, byt in per.items():
                for t, r in byt.items():
                    if r.get("wall_samples_ms"):
                        hint[(w, c, int(t))] = statistics.median(r["wall_samples_ms"])
    # one unit = one repetition of every configuration of a workload, run back
    # to back on one worker: within a repetition all configurations see the
    # same neighbours, and each configuration's median is over the same units
    recs, units = {}, []
    for t in threads_list:
        for wl in wls:
            live = []
            for c in cfgs:
                got = new_record(bindir, builds, c, wl)
                if got is None:
                    continue
                got[0]["cpus"] = []
                recs[(wl["name"], c["name"], t)] = got[0]
                if got[1]:
                    live.append(c)
            cost = sum(hint.get((wl["name"], c["name"], t), hint.get((wl["name"], "all", t), 1e9)) for c in live)
            for rep in range(args.reps):
                units.append((-cost, len(units), wl, live, t, rep))
    units.sort(key=lambda u: (u[0], u[1]))
    q = queue.Queue()
    for u in units:
        q.put(u)
    lock = threading.Lock()
    scratch_root = tempfile.mkdtemp(prefix="cucpu-bench-")

    def worker(k):
        while True:
            try:
                _, _, wl, live, t, rep = q.get_nowait()
            except queue.Empty:
                return
            mine = set(cpus[k * t:(k + 1) * t]) if (k + 1) * t <= len(cpus) else None
            scratch = os.path.join(scratch_root, "w%d" % k)
            os.makedirs(scratch, exist_ok=True)
            run_args = [args.size] if wl["suite"] == "rodinia" else []
            for c in live:
                rec = recs[(wl["name"], c["name"], t)]
                with lock:
                    if rec["status"] != "ok":
                        continue
                v = verifies(args, rep)
                r = classify(run_once(bin_path(bindir, c["name"], wl), run_args, t, args.timeout,
                                      scratch, cpus=mine, bind=args.bind, verify=v), wl, c, v)
                with lock:
                    rec["cpus"].append(sorted(mine) if mine else None)
                    if r["status"] != "ok":
                        rec.update(status=r["status"], message=r.get("message", ""), failed_rep=rep)
                        continue
                    rec["samples"].append(r["time_ms"] if wl["suite"] == "rodinia" else r["wall_ms"])
                    rec["wall_samples_ms"].append(r["wall_ms"])
                    if "_results" not in rec:
                        rec["_results"] = r.get("results", {})
            with lock:
                for c in live:
                    rec = recs[(wl["name"], c["name"], t)]
                    rec["median_ms"] = (statistics.median(rec["samples"])
                                        if rec["status"] == "ok" and rec["samples"] else None)
                    res["results"].setdefault(wl["name"], {}).setdefault(c["name"], {})[str(t)] = rec
                log("%s t=%d rep %d on cpus %s: %s" % (wl["name"], t, rep, sorted(mine) if mine else None,
                    "  ".join("%s=%s" % (c["name"], fmt_ms(recs[(wl["name"], c["name"], t)]["median_ms"]))
                              for c in live)))
                write_json(os.path.join(out_dir, "results.json"), {**res, "results": strip_private(res["results"])})

    try:
        for t in threads_list:
            if args.parallel_runs * t > len(cpus):
                log("run.py: %d runs x %d threads > %d CPUs: workers beyond the CPUs run unpinned" %
                    (args.parallel_runs, t, len(cpus)))
        ws = [threading.Thread(target=worker, args=(k,)) for k in range(args.parallel_runs)]
        for w in ws:
            w.start()
        for w in ws:
            w.join()
        res["complete"] = q.empty()
    finally:
        for (w, c, t), rec in recs.items():
            rec.setdefault("median_ms", None)
            res["results"].setdefault(w, {}).setdefault(c, {})[str(t)] = rec
        shutil.rmtree(scratch_root, ignore_errors=True)
    agree_with_all(res, wls)
    res["finished"] = now_iso()
    res["loadavg_at_end"] = loadavg()
    write_json(os.path.join(out_dir, "results.json"), res)
    return res


def strip_private(results):
    return {w: {c: {t: {k: v for k, v in r.items() if not k.startswith("_")} for t, r in byt.items()}
                for c, byt in per.items()} for w, per in results.items()}


def agree_with_all(res, wls):
    """Informational: do the RESULT lines of each configuration agree with `all`?"""
    for wl in wls:
        per = res["results"].get(wl["name"], {})
        tol = tolerance(wl)
        for t in {t for byt in per.values() for t in byt}:
            base = per.get("all", {}).get(t, {}).get("_results")
            for name, byt in per.items():
                rec = byt.get(t)
                if rec is None:
                    continue
                got = rec.get("_results")
                if base and got is not None and name != "all" and tol is not None:
                    e = max_relerr(base, got)
                    rec["result_relerr_vs_all"] = None if math.isinf(e) else e
                    rec["result_agrees_with_all"] = e <= max(tol, 0.0) or e == 0.0
        for byt in per.values():
            for rec in byt.values():
                rec.pop("_results", None)


def merge_results(paths):
    """One results record from several runs (e.g. one per thread count):
    settings and machine of the first, results, configurations and
    workloads of all of them."""
    out = None
    for p in paths:
        with open(p) as f:
            r = json.load(f)
        if out is None:
            out = r
            out["settings"]["threads"] = list(r["settings"]["threads"])
            out["merged_from"] = [{"file": p, "threads": r["settings"]["threads"],
                                   "settings": r["settings"], "started": r.get("started")}]
            continue
        out["merged_from"].append({"file": p, "threads": r["settings"]["threads"],
                                   "settings": r["settings"], "started": r.get("started")})
        out["settings"]["threads"] = sorted(set(out["settings"]["threads"]) | set(r["settings"]["threads"]))
        names = {c["name"] for c in out["configs"]}
        out["configs"] += [c for c in r["configs"] if c["name"] not in names]
        wn = {w["name"] for w in out["workloads"]}
        out["workloads"] += [w for w in r["workloads"] if w["name"] not in wn]
        for w, per in r["results"].items():
            for c, byt in per.items():
                out["results"].setdefault(w, {}).setdefault(c, {}).update(byt)
        out["complete"] = out.get("complete") and r.get("complete")
        out["finished"] = r.get("finished")
    return out


def write_json(path, obj):
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        json.dump(obj, f, indent=1)
    os.replace(tmp, path)


# ---------------------------------------------------------------- report

def fmt_ms(v):
    if v is None:
        return "-"
    if v >= 100:
        return "%.0f" % v
    if v >= 10:
        return "%.1f" % v
    if v >= 1:
        return "%.2f" % v
    return "%.3f" % v


def fmt_x(v):
    return "-" if v is None else ("%.2fx" % v)


def geomean(xs):
    xs = [x for x in xs if x is not None and x > 0 and not math.isinf(x)]
    if not xs:
        return None
    return math.exp(sum(math.log(x) for x in xs) / len(xs))


def ok_record(res, wl, cfg, t):
    """The record of (workload, configuration, threads) when its runs succeeded, else None."""
    r = res["results"].get(wl, {}).get(cfg, {}).get(str(t))
    return r if r and r.get("status") == "ok" else None


def med(res, wl, cfg, t):
    r = ok_record(res, wl, cfg, t)
    return r.get("median_ms") if r else None


def ratio(a, b):
    return a / b if a is not None and b is not None and b > 0 else None


def samples(res, wl, cfg, t):
    r = ok_record(res, wl, cfg, t)
    return r.get("samples", []) if r else []


def paired_table(res, names, threads):
    """Lines of the 'is all slower than naive?' table (see bench/stats.py)."""
    L = ["| workload | threads | pairs | paired naive/all (median) | interval | coverage | verdict |",
         "|---|---:|---:|---:|---|---:|---|"]
    count = {}
    for w in names:
        for t in threads:
            c = stats.compare(samples(res, w, "naive", t), samples(res, w, "all", t))
            if c is None:
                continue
            count[c["verdict"]] = count.get(c["verdict"], 0) + 1
            L.append("| %s | %d | %d | %.2fx | %.2f-%.2f | %.1f%% | %s |" %
                     (w, t, c["n"], c["median"], c["lo"], c["hi"], 100 * c["coverage"], c["verdict"]))
    L.append("")
    L.append("all faster than naive: %d; no difference shown: %d; all slower than naive: %d" %
             (count.get("faster", 0), count.get("same", 0), count.get("slower", 0)))
    return L


def summary_md(res):
    s = res["settings"]
    m = res["machine"]
    threads = s["threads"]
    tmax = max(threads)
    cfgs = [c["name"] for c in res["configs"]]
    ablate = [c for c in cfgs if c.startswith("no-")]
    suites = {}
    for w in res["workloads"]:
        suites.setdefault(w["suite"], []).append(w["name"])
    L = []
    L.append("# cucpu benchmark summary\n")
    L.append("- machine: %s, %s CPUs (affinity %s), %s" % (m.get("cpu_model"), m.get("cpu_count"),
                                                           m.get("affinity_cpus"), m.get("hostname")))
    L.append("- date: %s; git commit (run): %s; binaries built at commit %s" %
             (m.get("date"), m.get("git_commit"), (res.get("build") or {}).get("git_commit")))
    L.append("- load average at start %s, at end %s (a busy machine makes the multi-thread numbers "
             "meaningless)" % (m.get("loadavg"), res.get("loadavg_at_end")))
    L.append("- size: %s; reps: %s (median); threads (OMP_NUM_THREADS): %s%s" %
             (s["size"], s["reps"], ",".join(map(str, threads)),
              "" if res.get("complete") else "; **INCOMPLETE RUN**"))
    L.append("- rodinia: kernel time (TIME_MS, cudaEvents; omp: its own timer). e2e: whole-process "
             "wall time of small test programs (dominated by start-up; indicative only).")
    L.append("- naive = `%s`; all = default flags; omp = hand-written OpenMP (`cc %s`). "
             "speedup = naive/all; translated/omp = all/omp (>1: translation slower)." %
             (" ".join(NAIVE_FLAGS), " ".join(CC_OMP_FLAGS)))
    L.append("")
    for suite in ("rodinia", "e2e"):
        names = suites.get(suite)
        if not names:
            continue
        L.append("## %s: naive vs all vs omp\n" % suite)
        hdr = ["workload", "threads", "naive ms", "all ms", "speedup all/naive"]
        if suite == "rodinia":
            hdr += ["omp ms", "translated/omp"]
        L.append("| " + " | ".join(hdr) + " |")
        L.append("|" + "|".join(["---"] + ["---:"] * (len(hdr) - 1)) + "|")
        for w in names:
            for t in threads:
                nv, al, om = med(res, w, "naive", t), med(res, w, "all", t), med(res, w, "omp", t)
                row = [w, str(t), cell(res, w, "naive", t), cell(res, w, "all", t), fmt_x(ratio(nv, al))]
                if suite == "rodinia":
                    row += [cell(res, w, "omp", t), fmt_x(ratio(al, om))]
                L.append("| " + " | ".join(row) + " |")
        for t in threads:
            sp = geomean([ratio(med(res, w, "naive", t), med(res, w, "all", t)) for w in names])
            row = ["**geomean**", str(t), "", "", fmt_x(sp)]
            if suite == "rodinia":
                to = geomean([ratio(med(res, w, "all", t), med(res, w, "omp", t)) for w in names])
                row += ["", fmt_x(to)]
            L.append("| " + " | ".join(row) + " |")
        L.append("")
        L.append("## %s: is all slower than naive? (paired repetitions, sign-test interval of the "
                 "median ratio; faster/slower only when the whole interval is above/below 1)\n" % suite)
        L.extend(paired_table(res, names, threads))
        L.append("")
        if ablate:
            L.append("## %s: ablation at %d threads (slowdown = no-<pass> ms / all ms; >1: the pass helps)\n"
                     % (suite, tmax))
            L.append("| workload | all ms | " + " | ".join(ablate) + " |")
            L.append("|---|---:|" + "---:|" * len(ablate))
            for w in names:
                al = med(res, w, "all", tmax)
                row = [w, cell(res, w, "all", tmax)]
                for a in ablate:
                    v = med(res, w, a, tmax)
                    row.append(fmt_x(ratio(v, al)) if v is not None else status_of(res, w, a, tmax))
                L.append("| " + " | ".join(row) + " |")
            for t in threads:
                row = ["**geomean t=%d**" % t, ""]
                for a in ablate:
                    row.append(fmt_x(geomean([ratio(med(res, w, a, t), med(res, w, "all", t)) for w in names])))
                L.append("| " + " | ".join(row) + " |")
            L.append("")
        else:
            L.append("(no -fno-<pass> configuration was measured: no ablation table)\n")
    fails = []
    for w, per in res["results"].items():
        for c, byt in per.items():
            for t, r in byt.items():
                if r.get("status") != "ok":
                    fails.append((w, c, t, r.get("status"), r.get("message", "")))
                elif r.get("result_agrees_with_all") is False:
                    fails.append((w, c, t, "RESULT differs from all (informational)",
                                  "max rel. err %s" % r.get("result_relerr_vs_all")))
    L.append("## failures\n")
    if not fails:
        L.append("none\n")
    else:
        L.append("| workload | config | threads | status | message |")
        L.append("|---|---|---:|---|---|")
        for f in fails:
            L.append("| %s | %s | %s | %s | %s |" % (f[0], f[1], f[2], f[3], str(f[4]).replace("|", "\\|")[:200]))
        L.append("")
    return "\n".join(L) + "\n"


def status_of(res, w, c, t):
    r = res["results"].get(w, {}).get(c, {}).get(str(t))
    return "n/a" if not r else r.get("status", "?").upper()


def cell(res, w, c, t):
    v = med(res, w, c, t)
    return fmt_ms(v) if v is not None else status_of(res, w, c, t)


# ---------------------------------------------------------------- svg

PALETTE = ["#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2",
           "#7f7f7f", "#bcbd22", "#17becf", "#393b79", "#637939", "#8c6d31", "#843c39"]


def esc(s):
    return str(s).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def speedup_svg(res):
    """Grouped bars (log scale) of naive/config per workload at the max thread count."""
    threads = res["settings"]["threads"]
    tmax = max(threads)
    bars = [c["name"] for c in res["configs"] if c["name"] != "naive"]
    colors = {b: ("#333333" if b == "all" else "#e6550d" if b == "omp" else PALETTE[i % len(PALETTE)])
              for i, b in enumerate(bars)}
    panels = []
    for suite in ("rodinia", "e2e"):
        names = [w["name"] for w in res["workloads"] if w["suite"] == suite]
        if not names:
            continue
        bs = [b for b in bars if b != "omp" or suite == "rodinia"]
        groups = []
        for w in names:
            groups.append((w.replace("e2e/", ""), {b: ratio(med(res, w, "naive", tmax), med(res, w, b, tmax))
                                                   for b in bs}))
        groups.append(("geomean", {b: geomean([g[1][b] for g in groups]) for b in bs}))
        panels.append((suite, bs, groups))
    vals = [v for _, _, gs in panels for _, d in gs for v in d.values() if v]
    if not vals:
        vals = [1.0]
    lo = min(0.5, min(vals))
    hi = max(2.0, max(vals))
    lmin = math.floor(math.log2(lo))
    lmax = math.ceil(math.log2(hi))
    bw = 10
    gap = 12
    ph = 300
    left = 70
    top = 76
    width = left + 20 + max(len(gs) * (len(bs) * bw + gap) for _, bs, gs in panels)
    width = max(width, left + 20 + 6 * 150, 620 + 8 * len(str(res["machine"].get("cpu_model"))))
    legend_h = 20 * (1 + (len(bars) - 1) // 6)
    panel_h = ph + 140
    height = top + legend_h + len(panels) * panel_h + 20
    o = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" font-family="sans-serif" '
         'font-size="11">' % (width, height),
         '<rect width="100%" height="100%" fill="white"/>']
    m = res["machine"]
    o.append('<text x="%d" y="20" font-size="15" font-weight="bold">Speedup over naive at %d '
             'threads, size %s</text>' % (left, tmax, esc(res["settings"]["size"])))
    o.append('<text x="%d" y="36" fill="#555">%s, %s CPUs, %s, commit %s</text>' %
             (left, esc(m.get("cpu_model")), m.get("cpu_count"), esc(m.get("date")), esc(m.get("git_commit"))))
    o.append('<text x="%d" y="50" fill="#555">speedup = naive ms / config ms; naive = %s; log scale; above 1x = '
             'faster than naive; no bar = failure</text>' % (left, esc(" ".join(NAIVE_FLAGS))))
    for i, b in enumerate(bars):
        x = left + (i % 6) * 150
        y = top - 8 + (i // 6) * 20
        o.append('<rect x="%d" y="%d" width="12" height="12" fill="%s"/>' % (x, y - 10, colors[b]))
        o.append('<text x="%d" y="%d">%s</text>' % (x + 16, y, esc(b)))
    y0 = top + legend_h + 10

    def ypos(v, base):
        return base + ph - (math.log2(v) - lmin) / (lmax - lmin) * ph

    for suite, bs, groups in panels:
        base = y0
        title = "rodinia (kernel time)" if suite == "rodinia" else "tests/e2e (whole-process wall time; small)"
        o.append('<text x="%d" y="%d" font-size="13" font-weight="bold">%s</text>' % (left, base - 4, esc(title)))
        pw = len(groups) * (len(bs) * bw + gap)
        for k in range(lmin, lmax + 1):
            v = 2.0 ** k
            y = ypos(v, base)
            o.append('<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="%s" stroke-width="%s"/>' %
                     (left, y, left + pw, y, "#000" if k == 0 else "#ddd", "1" if k == 0 else "0.5"))
            o.append('<text x="%d" y="%.1f" text-anchor="end">%s</text>' %
                     (left - 4, y + 4, ("%gx" % v)))
        y1 = ypos(1.0, base)
        x = left + gap / 2
        for gname, d in groups:
            if gname == "geomean":
                o.append('<rect x="%.1f" y="%d" width="%d" height="%d" fill="#f3f3f3"/>' %
                         (x - gap / 2, base, len(bs) * bw + gap, ph))
            for b in bs:
                v = d.get(b)
                if v:
                    yv = ypos(min(max(v, 2.0 ** lmin), 2.0 ** lmax), base)
                    o.append('<rect x="%.1f" y="%.1f" width="%d" height="%.1f" fill="%s"><title>%s %s: '
                             '%.3gx</title></rect>' % (x, min(yv, y1), bw - 1, max(abs(y1 - yv), 0.5),
                                                       colors[b], esc(gname), esc(b), v))
                    if gname == "geomean":
                        up = v >= 1.0
                        o.append('<text transform="translate(%.1f,%.1f) rotate(-90)" font-size="9"%s>'
                                 '%.2f</text>' % (x + bw - 2, yv - 3 if up else yv + 3,
                                                  "" if up else ' text-anchor="end"', v))
                x += bw
            cx = x - len(bs) * bw / 2
            o.append('<text transform="translate(%.1f,%d) rotate(-50)" text-anchor="end"%s>%s</text>' %
                     (cx, base + ph + 12, ' font-weight="bold"' if gname == "geomean" else "", esc(gname)))
            x += gap
        o.append('<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="#000"/>' % (left, base, left, base + ph))
        y0 += panel_h
    o.append("</svg>")
    return "\n".join(o) + "\n"


def write_reports(res, out_dir):
    md = summary_md(res)
    with open(os.path.join(out_dir, "summary.md"), "w") as f:
        f.write(md)
    with open(os.path.join(out_dir, "speedup.svg"), "w") as f:
        f.write(speedup_svg(res))
    print(md)
    log("run.py: wrote %s/{results.json,summary.md,speedup.svg}" % out_dir)


# ---------------------------------------------------------------- main

def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--size", choices=["large", "small"], default="large")
    ap.add_argument("--threads", help="comma-separated OMP_NUM_THREADS values (default 1,2,<cpu_count>)")
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("--only", help="comma-separated workloads: program (bfs), folder (srad), "
                                   "e2e test (vector_add or e2e/vector_add), or suite (rodinia, e2e)")
    ap.add_argument("--configs", help="comma-separated configurations to keep (default: all of them); "
                                      "naive is the speedup baseline")
    ap.add_argument("--extra-config", action="append", default=[], metavar="NAME=FLAGS",
                    help="an additional cucpu configuration, e.g. flat=-fcpuify=flat (repeatable)")
    ap.add_argument("--out", default=os.path.join(BENCH, "results"))
    g = ap.add_mutually_exclusive_group()
    g.add_argument("--build-only", metavar="DIR", help="only build the binaries into DIR")
    g.add_argument("--run-only", metavar="DIR", help="only run the binaries of DIR")
    g.add_argument("--report-only", metavar="JSON", help="only rewrite summary.md/speedup.svg from JSON")
    g.add_argument("--merge", nargs="+", metavar="JSON",
                   help="merge results.json files (e.g. one per thread count) into OUT/results.json and report")
    ap.add_argument("--parallel-runs", type=int, default=1, metavar="N",
                    help="run N measurements at once, each pinned to its own cores (default 1: one at a "
                         "time, configurations interleaved)")
    ap.add_argument("--verify-all", action="store_true",
                    help="check every repetition against the reference (default: the first of each "
                         "workload, configuration and thread count; later ones stop after TIME_MS)")
    ap.add_argument("--bind", action="store_true",
                    help="pin OpenMP threads (OMP_PROC_BIND=close, OMP_PLACES=cores)")
    ap.add_argument("--cost-hint", metavar="JSON",
                    help="an earlier results.json: with --parallel-runs, start the longest units first")
    ap.add_argument("--cucpu", help="cucpu executable (default $CUCPU, else built with cmake)")
    ap.add_argument("--jobs", "-j", type=int, default=os.cpu_count() or 2, help="parallel builds")
    ap.add_argument("--timeout", type=float, default=600, help="seconds per run (default 600)")
    args = ap.parse_args()

    out_dir = os.path.abspath(args.out)
    if args.merge:
        res = merge_results(args.merge)
        os.makedirs(out_dir, exist_ok=True)
        write_json(os.path.join(out_dir, "results.json"), res)
        write_reports(res, out_dir)
        return 0
    if args.report_only:
        with open(args.report_only) as f:
            res = json.load(f)
        os.makedirs(out_dir, exist_ok=True)
        write_reports(res, out_dir)
        return 0

    if args.threads:
        threads = sorted({int(x) for x in args.threads.split(",") if x.strip()})
    else:
        threads = sorted({1, 2, os.cpu_count() or 1})
    if args.reps < 1 or not threads or min(threads) < 1:
        ap.error("--reps and --threads must be positive")

    wls = select(workloads(), args.only, lambda w: w["name"])
    if not wls:
        ap.error("no workload matches --only %s" % args.only)
    cfgs = configurations(args.extra_config)

    if args.run_only:
        bindir = os.path.abspath(args.run_only)
        man = load_manifest(bindir)
        if man is None:
            sys.exit("run.py: %s has no %s (make it with --build-only)" % (bindir, MANIFEST))
        # the configurations the binaries were built with (passes.def of the build machine)
        cfgs = man.get("configs") or cfgs
        if not any(c["name"] == "omp" for c in cfgs):
            cfgs.append({"name": "omp", "kind": "omp", "flags": list(CC_OMP_FLAGS)})
        if args.configs:
            keep = set(args.configs.split(","))
            cfgs = [c for c in cfgs if c["name"] in keep]
        # omp binaries need only cc: build those that are missing here
        miss = [wl for wl in wls if wl["omp_source"] and any(c["name"] == "omp" for c in cfgs)
                and not os.path.isfile(bin_path(bindir, "omp", wl))]
        if miss:
            log("run.py: building %d missing omp binaries" % len(miss))
            ocfg = [c for c in cfgs if c["name"] == "omp"][0]
            for wl in miss:
                e = build_one(None, bindir, ocfg, wl)
                man.setdefault("builds", {}).setdefault(wl["name"], {})["omp"] = e
    else:
        if args.configs:
            keep = set(args.configs.split(","))
            cfgs = [c for c in cfgs if c["name"] in keep]
        bindir = os.path.abspath(args.build_only or os.path.join(BENCH, "build", "bin"))
        cucpu = None
        if any(c["kind"] == "cucpu" for c in cfgs):
            cucpu = find_cucpu(args.cucpu, os.path.join(BENCH, "build"))
        man = build_all(bindir, cfgs, wls, cucpu, max(1, args.jobs))
        if args.build_only:
            log("run.py: binaries in %s; run them with: python3 bench/run.py --run-only %s" % (bindir, bindir))
            return 0

    os.makedirs(out_dir, exist_ok=True)
    machine = machine_info()
    log("run.py: %d workloads x %d configurations x threads %s x %d reps, size %s" %
        (len(wls), len(cfgs), threads, args.reps, args.size))
    res = measure(args, bindir, man, cfgs, wls, threads, out_dir, machine)
    write_reports(res, out_dir)
    return 0


if __name__ == "__main__":
    sys.exit(main())
