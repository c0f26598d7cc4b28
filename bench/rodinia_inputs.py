"""Inputs for bench/rodinia_vs_omp.py that Rodinia's data folder lacks.

Our own generators (no code from the suite): each writes, deterministically
(fixed seeds), a file in the format the suite's programs read, as their
readers document it:

- hotspot3D: one temperature or power value per line, rows*cols*layers lines;
- bfs: node count, then "start degree" per node, the source, the edge count,
  then "destination cost" per edge (an undirected random graph, every node's
  edges listed contiguously);
- nn: 48-character hurricane records plus a newline, latitude in columns
  28-32 and longitude in 33-37, split over several files named by a list file;
- b+tree: the key count, then the keys (a seeded permutation); and the
  command file, ending in a NUL byte (main.c reads it into an unterminated
  buffer and parses up to a 0);
- cfd: euler3d's domain format (element count, then per element its volume
  and four neighbours, each with a normal; 0 = wall, -1 = far field), a
  structured nx x ny x nz grid;
- heartwall: an uncompressed 8-bit grey AVI (RIFF 'AVI ', hdrl with a 'vids'
  stream header and a BITMAPINFOHEADER, movi with '00db' frames and no index:
  the suite's avilib scans movi when idx1 is absent).
"""
import math, os, random, struct


def hotspot3d(path, n, layers, base, spread, seed):
    r = random.Random(seed)
    with open(path, "w") as f:
        for _ in range(n * n * layers // 4096):
            f.write("".join("%.6f\n" % (base + spread * r.random()) for _ in range(4096)))
        for _ in range(n * n * layers % 4096):
            f.write("%.6f\n" % (base + spread * r.random()))


def bfs(path, nodes, degree, seed):
    """Each node gets `degree` random undirected edges (so about 2*degree
    neighbours); a ring keeps the graph connected."""
    r = random.Random(seed)
    adj = [[] for _ in range(nodes)]
    for v in range(nodes):
        adj[v].append((v + 1) % nodes)
        adj[(v + 1) % nodes].append(v)
        for _ in range(degree - 1):
            w = r.randrange(nodes)
            adj[v].append(w)
            adj[w].append(v)
    with open(path, "w") as f:
        f.write("%d\n" % nodes)
        start = 0
        lines = []
        for v in range(nodes):
            lines.append("%d %d\n" % (start, len(adj[v])))
            start += len(adj[v])
        f.write("".join(lines))
        f.write("\n0\n\n%d\n" % start)
        for v in range(nodes):
            f.write("".join("%d %d\n" % (w, 1 + (v ^ w) % 10) for w in adj[v]))


def nn(folder, records, files, seed):
    """Records "YYYY MM DD HH NUM NAME      LAT  LONG SPD PRES": the name
    padded to 10 with at most 9 letters, so column 27 is a blank (the
    OpenMP version scans "%f %f" from there, the CUDA one reads columns
    28-32 and 33-37); latitude 7.0-62.9, longitude 0.0-357.9 in tenths."""
    r = random.Random(seed)
    names = ["ALBERTO", "BERYL", "CHRIS", "DEBBY", "ERNESTO", "FLORENCE", "GORDON", "HELENE"]
    heads = ["%4d %2d %2d %2d %3d %-10s" % (1950 + i % 60, 1 + i % 12, 1 + i % 28, (i % 4) * 6,
                                             1 + i % 997, names[i % 8]) for i in range(4096)]
    tails = [" %4d %4d\n" % (10 + i % 155, 900 + i % 120) for i in range(256)]
    os.makedirs(folder, exist_ok=True)
    per = records // files
    rnd = r.randrange
    for k in range(files):
        with open(os.path.join(folder, "cane_%d.db" % k), "w") as f:
            for start in range(0, per, 8192):
                f.write("".join("%s%4.1f %5.1f%s" % (heads[rnd(4096)], rnd(70, 630) / 10, rnd(3580) / 10,
                                                     tails[rnd(256)]) for _ in range(min(8192, per - start))))


def btree(keys_path, cmd_path, n, commands, seed):
    r = random.Random(seed)
    k = list(range(n))
    r.shuffle(k)
    with open(keys_path, "w") as f:
        f.write("%d\n" % n)
        f.write("".join("%d\n" % x for x in k))
    with open(cmd_path, "wb") as f:
        f.write(commands.encode() + b"\0")


def cfd(path, nx, ny, nz):
    def idx(i, j, k):
        return (k * ny + j) * nx + i
    with open(path, "w") as f:
        f.write("%d\n" % (nx * ny * nz))
        for k in range(nz):
            rows = []
            for j in range(ny):
                for i in range(nx):
                    parts = ["%.6f" % (0.001 * (1 + 0.1 * ((i * 7 + j * 3 + k) % 5)))]
                    for (ii, jj), nrm in (((i - 1, j), "-0.010000 0.000000 0.001000"),
                                          ((i + 1, j), "0.010000 0.000000 -0.001000"),
                                          ((i, j - 1), "0.000000 -0.010000 0.000500"),
                                          ((i, j + 1), "0.000000 0.010000 -0.000500")):
                        if 0 <= ii < nx and 0 <= jj < ny:
                            nb = idx(ii, jj, k) + 1
                        elif jj < 0:
                            nb = 0
                        else:
                            nb = -1
                        parts.append("%d %s" % (nb, nrm))
                    rows.append(" ".join(parts) + "\n")
            f.write("".join(rows))


def avi(path, w, h, frames):
    """Smooth background and bright rings that drift from frame to frame."""
    def chunk(tag, data):
        return tag + struct.pack("<I", len(data)) + data + (b"\0" if len(data) % 2 else b"")
    def lst(kind, body):
        return chunk(b"LIST", kind + body)
    avih = struct.pack("<14I", 33333, w * h * 30, 0, 0, frames, 0, 1, w * h, w, h, 0, 0, 0, 0)
    strh = b"vids" + b"DIB " + struct.pack("<IHHIIIIIIIIhhhh", 0, 0, 0, 0, 1, 30, 0, frames,
                                              w * h, 0xFFFFFFFF, 0, 0, 0, w, h)
    strf = struct.pack("<IiiHHIIiiII", 40, w, h, 1, 8, 0, w * h, 0, 0, 0, 0)
    hdrl = lst(b"hdrl", chunk(b"avih", avih) + lst(b"strl", chunk(b"strh", strh) + chunk(b"strf", strf)))
    # plus fixed pixel noise: a smooth picture makes the tracker's
    # correlation flat, and ties may then be broken either way
    r = random.Random(6)
    bg = [[80 + 40 * math.sin(x * 0.05) * math.cos(y * 0.04) + r.uniform(-25, 25) for x in range(w)]
          for y in range(h)]
    movi = []
    for k in range(frames):
        img = [row[:] for row in bg]
        for c in range(6):
            cx, cy = (0.15 + 0.13 * c) * w + 3 * k, (0.3 + 0.07 * c) * h + 2 * k
            for y in range(max(0, int(cy) - 20), min(h, int(cy) + 21)):
                for x in range(max(0, int(cx) - 20), min(w, int(cx) + 21)):
                    rr = math.hypot(x - cx, y - cy)
                    img[y][x] += 90 * math.exp(-(rr - 12) ** 2 / 8.0)
        movi.append(chunk(b"00db", bytes(max(0, min(255, int(v))) for row in img for v in row)))
    body = b"AVI " + hdrl + lst(b"movi", b"".join(movi))
    with open(path, "wb") as f:
        f.write(b"RIFF" + struct.pack("<I", len(body)) + body)
