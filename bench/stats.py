"""stats.py: is one configuration faster than another, given noisy samples?

bench/run.py runs the configurations of a workload interleaved, one
repetition of each after the other, so repetition i of `naive` and
repetition i of `all` ran side by side. Their ratio cancels what the machine
did to both; the median of those paired ratios estimates the speedup, and
a sign-test interval (distribution-free: the ratios need not be normal)
says how sure that estimate is. A workload is `faster` or `slower` only
when the whole interval lies above or below 1.
"""
import math
import statistics


def paired_ratios(num, den):
    """num[i] / den[i] for the repetitions both have, sorted."""
    return sorted(a / b for a, b in zip(num, den) if a > 0 and b > 0)


def binom_cdf_half(k, n):
    """P(B <= k) for B ~ Binomial(n, 1/2)."""
    if k < 0:
        return 0.0
    return sum(math.comb(n, j) for j in range(0, min(k, n) + 1)) / 2.0 ** n


def median_interval(xs, level=0.95):
    """(lo, hi, coverage): the order statistics x(k), x(n+1-k) with the
    largest k whose coverage 1 - 2 P(B <= k-1) is at least `level`; with too
    few samples for that, (min, max) and its lower coverage."""
    s = sorted(xs)
    n = len(s)
    if n == 0:
        return None, None, 0.0
    k = 1
    while k + 1 <= (n + 1) // 2 and 1 - 2 * binom_cdf_half(k, n) >= level:
        k += 1
    return s[k - 1], s[n - k], 1 - 2 * binom_cdf_half(k - 1, n)


def compare(num, den, level=0.95):
    """Paired comparison of two sample lists (times: num / den > 1 means den
    is faster). Returns a dict: n, median, lo, hi, coverage, verdict
    ('faster' when the interval lies above 1, 'slower' below 1, 'same'
    otherwise), or None without pairs."""
    r = paired_ratios(num, den)
    if not r:
        return None
    lo, hi, cov = median_interval(r, level)
    verdict = "faster" if lo > 1.0 else "slower" if hi < 1.0 else "same"
    return {"n": len(r), "median": statistics.median(r), "lo": lo, "hi": hi, "coverage": cov, "verdict": verdict}
