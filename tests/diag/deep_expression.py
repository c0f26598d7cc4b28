#!/usr/bin/env python3
"""deep_expression.py CUCPU OUTDIR: a kernel whose initializer is a sum of
35,000 terms must translate (clang and the front end recurse once per
level: the front end runs on a large stack), not crash. Its typed tree
(--emit-ir=typed) is cut into an opaque node, so walks over trees stay
shallow."""
import subprocess, sys, os
cucpu, out = sys.argv[1], sys.argv[2]
terms = " + ".join("n" for _ in range(35000))
src = os.path.join(out, "deep_expression.cu")
with open(src, "w") as f:
    f.write("__global__ void k(float *a, int n)\n{\n    __shared__ float s[32];\n"
            "    int v = %s;\n    s[threadIdx.x] = v;\n    __syncthreads();\n"
            "    a[threadIdx.x] = s[31 - threadIdx.x];\n}\n" % terms)
r = subprocess.run([cucpu, "--emit-source", src, "-o", os.path.join(out, "deep_expression.cpp")])
print("deep_expression: exit status", r.returncode)
if r.returncode != 0:
    sys.exit(1)
t = subprocess.run([cucpu, "--emit-ir=typed", src, "-o", "-"], stdout=subprocess.PIPE, text=True)
init = [l for l in t.stdout.splitlines() if l.strip().startswith("; init (+ (+")]
print("deep_expression --emit-ir=typed: exit status", t.returncode, "cut:", bool(init and "(opaque " in init[0]))
sys.exit(0 if t.returncode == 0 and init and "(opaque " in init[0] else 1)
