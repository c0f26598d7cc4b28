"""Checks bench/rodinia_vs_omp.py without the suite: its timer and its sizes.

- timed(): a run's wall time is measured when it ends, not at the next poll
  (subprocess.run(timeout=) polled with sleeps growing to 50 ms, so a
  0.12 s run measured about 0.163 s); its exit status comes back; a run
  past the timeout is killed with its children and reported as "timeout".
- SIZES: within the limits the CUDA programs hard-code (backprop's grid y,
  the 16-wide blocks of lud and nw, myocyte's 1e9-byte check) and no
  myocyte mode 0, whose OpenMP version reads an unset thread id."""
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "bench"))
import rodinia_vs_omp as rv  # noqa: E402

fails = 0


def check(what, ok):
    global fails
    if not ok:
        fails += 1
        print("FAIL", what)


env = dict(os.environ)
runs = [rv.timed("sleep 0.12", "/", env, 30) for _ in range(5)]
best = min(dt for _, dt, _ in runs)
check("exit status 0 %r" % (runs,), all(rc == 0 for rc, _, _ in runs))
# at least the sleep; under the old poll's next step (0.163 s on an idle machine)
check("0.12 s run measured %.3f s" % best, 0.12 <= best < 0.16)

rc, dt, cpu = rv.timed("exit 3", "/", env, 30)
check("exit status 3: %r" % (rc,), rc == 3)

t0 = time.perf_counter()
marker = "/tmp/rodinia_bench_test_%d" % os.getpid()
rc, dt, cpu = rv.timed("(sleep 2; touch %s) & sleep 30" % marker, "/", env, 1)
check("timeout reported: %r" % (rc,), rc == "timeout")
check("timeout after %.1f s" % dt, 1 <= dt < 5)
time.sleep(2.5)
# the background child was in the killed process group: it never touched
check("children killed", not os.path.exists(marker))
if os.path.exists(marker):
    os.remove(marker)

rc, dt, cpu = rv.timed("i=0; while [ $i -lt 20000 ]; do i=$((i+1)); done", "/", env, 60)
check("user+system seconds %.3f of a busy loop" % cpu, rc == 0 and 0 < cpu <= dt + 0.05)

S = rv.SIZES
check("backprop grid y %d" % (S["bp_in"] // 16), S["bp_in"] % 16 == 0 and S["bp_in"] // 16 <= 65535)
check("lud size %d" % S["lud_size"], S["lud_size"] % 16 == 0)
check("nw size %d" % S["nw_size"], S["nw_size"] % 16 == 0)
check("myocyte memory", S["myo_workload"] * (S["myo_span"] + 1) * 91 * 4 <= 1000000000)
myo = rv.APPS["myocyte"]
check("myocyte mode 1: %s / %s" % (myo[3], myo[7]),
      (myo[3] % S).split()[3] == "1" and (myo[7] % S).split()[3] == "1")

print("FAIL" if fails else "PASS")
sys.exit(1 if fails else 0)
