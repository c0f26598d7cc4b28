#!/usr/bin/env python3
"""deep_expression.py CUCPU OUTDIR: a kernel whose initializer is a sum of
35,000 terms must translate (clang and the front end recurse once per
level: the front end runs on a large stack), not crash."""
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
sys.exit(0 if r.returncode == 0 else 1)
