# SPDX-License-Identifier: GPL-2.0-or-later
# An hdr log line whose V2 histogram declares a payload of PLEN bytes and
# holds ZEROS_MB MiB of zlib-compressed zeros after its header (a zlib bomb
# when large). Usage: python3 rel_hlog_bomb.py PLEN ZEROS_MB
import base64, struct, sys, zlib
plen = int(sys.argv[1]); zeros_mb = int(sys.argv[2])
hdr = struct.pack('>IIiiqqd', 0x1c849313, plen, 0, 3, 1, 3600 * 10**9, 1.0)
c = zlib.compressobj(9)
z = c.compress(hdr)
chunk = bytes(1 << 20)
for _ in range(zeros_mb):
    z += c.compress(chunk)
z += c.flush()
blob = struct.pack('>II', 0x1c849314, len(z)) + z
print('"StartTimestamp","Interval_Length","Interval_Max","Interval_Compressed_Histogram"')
print('1.000,1.000,1.000,' + base64.b64encode(blob).decode())
