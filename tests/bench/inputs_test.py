"""Checks bench/rodinia_inputs.py's files with readers written here from the
formats the Rodinia programs read (not from the generators), on small sizes:
nn's fixed columns and the OpenMP version's "%f %f" from column 27, bfs's
node table against its edge list, b+tree's permutation and trailing NUL,
cfd's neighbour symmetry, hotspot3D's line count, and the AVI's chunks as
the suite's avilib walks them (RIFF 'AVI ', hdrl with a vids strh and a
strf, movi with one 00db chunk of w*h bytes per frame)."""
import os
import struct
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "bench"))
import rodinia_inputs as gen  # noqa: E402

fails = 0


def check(what, ok):
    global fails
    if not ok:
        fails += 1
        print("FAIL", what)


d = tempfile.mkdtemp()

# nn: 4 files of 250 records, 48 characters and a newline each
gen.nn(os.path.join(d, "nn"), 1000, 4, 1)
recs = []
for k in range(4):
    recs += open(os.path.join(d, "nn", "cane_%d.db" % k)).read().split("\n")[:-1]
check("nn record count", len(recs) == 1000)
for r in recs:
    lat, lng = float(r[28:33]), float(r[33:38])             # the CUDA reader's columns
    a, b = r[27:].split()[:2]                                # the OpenMP reader's "%f %f" from 27
    if not (len(r) == 48 and r[27] == " " and float(a) == lat and float(b) == lng
            and 7 <= lat < 63 and 0 <= lng < 358):
        check("nn record " + repr(r), False)
        break

# bfs: 500 nodes, degree 3
p = os.path.join(d, "graph.txt")
gen.bfs(p, 500, 3, 2)
tok = [int(x) for x in open(p).read().split()]
n = tok[0]
nodes = [(tok[1 + 2 * i], tok[2 + 2 * i]) for i in range(n)]
src, m = tok[1 + 2 * n], tok[2 + 2 * n]
edges = tok[3 + 2 * n:]
check("bfs counts", n == 500 and src == 0 and len(edges) == 2 * m)
check("bfs starts", all(nodes[i][0] + nodes[i][1] == (nodes[i + 1][0] if i + 1 < n else m) for i in range(n)))
adj = [sorted(edges[2 * j] for j in range(s, s + c)) for s, c in nodes]
check("bfs symmetric", all(adj[v].count(w) == adj[w].count(v) for v in range(n) for w in adj[v]))
check("bfs ids and costs", all(0 <= edges[2 * j] < n and 1 <= edges[2 * j + 1] <= 10 for j in range(m)))

# b+tree
gen.btree(os.path.join(d, "keys"), os.path.join(d, "cmd"), 1000, "k 10\nj 10 5\n", 3)
keys = [int(x) for x in open(os.path.join(d, "keys")).read().split()]
check("b+tree keys", keys[0] == 1000 and sorted(keys[1:]) == list(range(1000)))
check("b+tree command NUL", open(os.path.join(d, "cmd"), "rb").read() == b"k 10\nj 10 5\n\0")

# hotspot3D
gen.hotspot3d(os.path.join(d, "t"), 16, 2, 300.0, 10.0, 4)
vals = [float(x) for x in open(os.path.join(d, "t"))]
check("hotspot3D lines", len(vals) == 16 * 16 * 2 and all(300 <= v <= 310 for v in vals))

# cfd: 4x3x2
gen.cfd(os.path.join(d, "m"), 4, 3, 2)
lines = open(os.path.join(d, "m")).read().split("\n")
nel = int(lines[0])
nb = [[int(x) for x in ln.split()[1::4]] for ln in lines[1:1 + nel]]
check("cfd count", nel == 24 and all(len(x) == 4 for x in nb))
check("cfd symmetric", all(v - 1 < 0 or (i + 1) in nb[v - 1] for i, row in enumerate(nb) for v in row if v > 0))

# avi: 3 frames of 40x30
gen.avi(os.path.join(d, "v.avi"), 40, 30, 3)
b = open(os.path.join(d, "v.avi"), "rb").read()
check("avi RIFF", b[:4] == b"RIFF" and b[8:12] == b"AVI " and struct.unpack("<I", b[4:8])[0] == len(b) - 8)
pos, found = 12, {}
while pos < len(b):
    tag, size = b[pos:pos + 4], struct.unpack("<I", b[pos + 4:pos + 8])[0]
    if tag == b"LIST":
        found[b[pos + 8:pos + 12]] = b[pos + 12:pos + 8 + size]
    pos += 8 + size + (size & 1)
hdrl, movi = found.get(b"hdrl", b""), found.get(b"movi", b"")
i = hdrl.find(b"strh")
check("avi vids", i >= 0 and hdrl[i + 8:i + 12] == b"vids")
j = hdrl.find(b"strf")
check("avi size", j >= 0 and struct.unpack("<ii", hdrl[j + 12:j + 20]) == (40, 30))
frames, q = 0, 0
while q < len(movi):
    tag, size = movi[q:q + 4], struct.unpack("<I", movi[q + 4:q + 8])[0]
    frames += tag == b"00db" and size == 40 * 30
    q += 8 + size + (size & 1)
check("avi frames", frames == 3)

print("FAIL" if fails else "PASS")
sys.exit(1 if fails else 0)
