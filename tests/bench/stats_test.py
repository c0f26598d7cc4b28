"""Checks bench/stats.py against values worked out by hand.

Sign-test interval of the median: with n = 11 sorted ratios, P(B <= 1) =
12/2048 for B ~ Binomial(11, 1/2), so x(2)..x(10) covers the median with
probability 1 - 24/2048; with n = 20, P(B <= 5) = 21700/2^20, so
x(6)..x(15); with n = 5 no pair of order statistics reaches 95% and the
interval is min..max (1 - 2/32).
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "bench"))
import stats  # noqa: E402

fails = 0


def check(what, got, want):
    global fails
    ok = got == want if not isinstance(want, float) else abs(got - want) < 1e-12
    if not ok:
        print("FAIL %s: got %r, want %r" % (what, got, want))
        fails += 1


check("P(B<=2), n=11", stats.binom_cdf_half(2, 11), 67 / 2048)
check("P(B<=-1)", stats.binom_cdf_half(-1, 11), 0.0)

# hotspot3D, 1 thread, paired naive/all ratios of bench/results/paired
r11 = [1.44, 0.79, 0.90, 0.95, 0.97, 0.98, 1.00, 1.01, 1.05, 1.10, 1.22]
check("n=11 interval", stats.median_interval(r11), (0.90, 1.22, 1 - 24 / 2048))
check("n=11 median", stats.compare(r11, [1.0] * 11)["median"], 1.00)

r20 = [float(i) for i in range(20, 0, -1)]
check("n=20 interval", stats.median_interval(r20), (6.0, 15.0, 1 - 2 * 21700 / 2 ** 20))
check("n=20 median", stats.compare(r20, [1.0] * 20)["median"], 10.5)

check("n=5 interval", stats.median_interval([1.5, 1.1, 1.3, 1.2, 1.4]), (1.1, 1.5, 1 - 2 / 32))

c = stats.compare([2.0, 4.0, 6.0, 9.0], [1.0, 2.0, 3.0])   # unpaired tail ignored
check("compare faster n", c["n"], 3)
check("compare faster", c["verdict"], "faster")
check("compare slower", stats.compare([1.0] * 7, [2.0] * 7)["verdict"], "slower")
check("compare same", stats.compare([0.9, 1.1, 1.0, 0.95, 1.05], [1.0] * 5)["verdict"], "same")
check("compare empty", stats.compare([], [1.0]), None)

if fails:
    sys.exit(1)
print("PASS")
