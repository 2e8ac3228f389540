# SPDX-License-Identifier: GPL-2.0-or-later
"""Decode a PNG (8-bit RGB or RGBA, not interlaced: what gnuplot's pngcairo
writes) with the standard library only, and print its size and how many
pixels have each colour asked for.

usage: png_pixels.py FILE [#rrggbb...]
prints: WIDTHxHEIGHT, then "#rrggbb N" per colour, then "distinct N" (the
number of different colours: a blank image has 1)
"""
import struct
import sys
import zlib


def decode(path):
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        sys.exit("%s: not a PNG file" % path)
    pos, idat = 8, b""
    width = height = bpp = None
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        pos += 12 + n
        if kind == b"IHDR":
            width, height, depth, ctype, _, _, interlace = struct.unpack(">IIBBBBB", body)
            if depth != 8 or ctype not in (2, 6) or interlace:
                sys.exit("%s: only 8-bit RGB/RGBA non-interlaced PNGs are handled" % path)
            bpp = 3 if ctype == 2 else 4
        elif kind == b"IDAT":
            idat += body
        elif kind == b"IEND":
            break
    raw = zlib.decompress(idat)
    stride = width * bpp
    prev = bytearray(stride)
    rows = []
    for y in range(height):
        off = y * (stride + 1)
        ftype = raw[off]
        line = bytearray(raw[off + 1:off + 1 + stride])
        if ftype == 1:
            for i in range(bpp, stride):
                line[i] = (line[i] + line[i - bpp]) & 255
        elif ftype == 2:
            line = bytearray((a + b) & 255 for a, b in zip(line, prev))
        elif ftype == 3:
            for i in range(stride):
                left = line[i - bpp] if i >= bpp else 0
                line[i] = (line[i] + ((left + prev[i]) >> 1)) & 255
        elif ftype == 4:
            for i in range(stride):
                a = line[i - bpp] if i >= bpp else 0
                b = prev[i]
                c = prev[i - bpp] if i >= bpp else 0
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pred = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                line[i] = (line[i] + pred) & 255
        rows.append(bytes(line))
        prev = line
    return width, height, bpp, rows


def main():
    width, height, bpp, rows = decode(sys.argv[1])
    counts = {}
    for row in rows:
        for i in range(0, len(row), bpp):
            px = row[i:i + 3]
            counts[px] = counts.get(px, 0) + 1
    print("%dx%d" % (width, height))
    for colour in sys.argv[2:]:
        rgb = bytes.fromhex(colour.lstrip("#"))
        print("%s %d" % (colour, counts.get(rgb, 0)))
    print("distinct %d" % len(counts))


main()
