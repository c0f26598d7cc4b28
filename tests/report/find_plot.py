#!/usr/bin/env python3
"""find_plot.py SHOT.png: finds the report page's plots in a browser's
screenshot. The bars of "time per kernel" are #d62728 and the points of
"time per launch against the translation" #1f77b4 (report_plot.c); the
bars must form a region of plausible size, above the points. Decodes the
PNG with the standard library only (8-bit RGB or RGBA, not interlaced).
Exits 1 with a message when a plot is missing."""
import struct
import sys
import zlib

BAR = (0xD6, 0x27, 0x28)
POINT = (0x1F, 0x77, 0xB4)


def read_png(path):
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat = 8, b""
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if kind == b"IHDR":
            w, h, depth, color, _, _, interlace = struct.unpack(">IIBBBBB", body)
            assert depth == 8 and color in (2, 6) and not interlace, "unsupported PNG"
            bpp = 3 if color == 2 else 4
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    raw = zlib.decompress(idat)
    stride, rows, prev = w * bpp, [], bytearray(w * bpp)
    for y in range(h):
        f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        if f == 1:
            for i in range(bpp, stride):
                line[i] = (line[i] + line[i - bpp]) & 255
        elif f == 2:
            for i in range(stride):
                line[i] = (line[i] + prev[i]) & 255
        elif f == 3:
            for i in range(stride):
                left = line[i - bpp] if i >= bpp else 0
                line[i] = (line[i] + ((left + prev[i]) >> 1)) & 255
        elif f == 4:
            for i in range(stride):
                a = line[i - bpp] if i >= bpp else 0
                b, c = prev[i], prev[i - bpp] if i >= bpp else 0
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(line)
        prev = line
    return w, h, bpp, rows


def box(w, h, bpp, rows, rgb):
    """The bounding box (x0, y0, x1, y1) of the pixels of colour rgb and their count."""
    x0 = y0 = 1 << 30
    x1 = y1 = -1
    count = 0
    want = bytes(rgb)
    for y, line in enumerate(rows):
        start = line.find(want)
        while start >= 0:
            if start % bpp == 0:
                x = start // bpp
                x0, x1, y0, y1 = min(x0, x), max(x1, x), min(y0, y), max(y1, y)
                count += 1
            start = line.find(want, start + 1)
    return (x0, y0, x1, y1), count


def main():
    w, h, bpp, rows = read_png(sys.argv[1])
    (bx0, by0, bx1, by1), nbar = box(w, h, bpp, rows, BAR)
    if nbar < 2000 or bx1 - bx0 < 100 or by1 - by0 < 40:
        sys.exit("no bar plot in the screenshot: %d pixels of #d62728 in %s" % (nbar, (bx0, by0, bx1, by1)))
    (px0, py0, px1, py1), npoint = box(w, h, bpp, rows, POINT)
    if npoint < 50 or py0 < by1:
        sys.exit("no point plot below the bars: %d pixels of #1f77b4 in %s" % (npoint, (px0, py0, px1, py1)))
    print("bars at %s (%d pixels), points at %s (%d pixels)" % ((bx0, by0, bx1, by1), nbar,
                                                               (px0, py0, px1, py1), npoint))


main()
