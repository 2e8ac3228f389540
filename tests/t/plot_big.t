# SPDX-License-Identifier: GPL-2.0-or-later
bench plot on long runs: a time series of more than 4096 interval lines
is downsampled as it is read (each point: the mean rates of its
intervals, their lowest to highest tps, their highest latencies), so
plot's memory (and gnuplot's) does not grow with the interval lines, and
plot says so. Runs of up to 4096 intervals are drawn as before (plot.t).

  $ B="$BENCH"
  $ command -v gnuplot >/dev/null || echo "FAIL: gnuplot is not installed (Debian package gnuplot-nox)"
  $ [ -x /usr/bin/time ] || echo "FAIL: GNU time is not installed (Debian package time)"

N json interval lines of 1 s, tps 1000 to 1060 (a cycle of 7), one stall
(tps 0) in the middle, latency max 5 to 15 ms, and the final line with
their events:

  $ gen() { awk -v n=$1 'BEGIN { for (i = 1; i <= n; i++) { tps = (i == int(n / 2)) ? 0 : 1000 + (i % 7) * 10; ev += tps
  >     printf "{\"type\":\"interval\",\"time\":%d,\"threads\":2,\"events\":%d,\"tps\":%d,\"latency_ms\":{\"avg\":1.5,\"max\":%d,\"percentiles\":{\"50\":1,\"95\":2,\"99\":%d}}}\n", i, tps, tps, 5 + i % 11, 3 + i % 5 }
  >   printf "{\"type\":\"final\",\"time\":%d,\"total_time\":%d,\"threads\":2,\"events\":%d,\"tps\":%.3f,\"latency_ms\":{\"min\":0.5,\"avg\":1.5,\"max\":15,\"percentiles\":{\"95\":2,\"99\":7}}}\n", n, n, ev, ev / n }'; }
  $ gen 20000 > small.json; gen 200000 > big.json

Peak RSS (of plot and of the gnuplot it runs) on 200,000 lines stays
within 1.5 times that on 20,000 (the whole series in memory took 3.5
times as much: 73 MB against 21 MB). A sanitizer build's quarantine of
freed memory is kept small (it would grow with the lines read):

  $ export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}quarantine_size_mb=1"
  $ rss() { /usr/bin/time -o rss.txt -f '%M' "$@" || echo "exit $?"; cat rss.txt; }
  $ small=$(rss $B plot small.json -o small.svg 2> small.err); big=$(rss $B plot big.json -o big.svg 2> big.err)
  $ cat small.err big.err
  plot: small: 20000 interval lines drawn as 2500 points (each point: the mean rates of its intervals, their lowest to highest tps as a band, their highest latencies)
  plot: big: 200000 interval lines drawn as 3125 points (each point: the mean rates of its intervals, their lowest to highest tps as a band, their highest latencies)
  $ echo "$small $big" | awk '{ print ($2 < 1.5 * $1) ? "flat" : "grows: " $1 " KB, then " $2 " KB" }'
  flat

The picture says it too:

  $ python3 -c '
  > import xml.etree.ElementTree as ET
  > ns = "{http://www.w3.org/2000/svg}"
  > texts = ["".join(t.itertext()).strip() for t in ET.parse("big.svg").getroot().iter(ns + "text")]
  > print([t for t in texts if "drawn as" in t or "band" in t], "200000" in texts)'
  ['big: 200000 intervals drawn as 3125 points', "Events per second (band: lowest to highest of each point's intervals)"] True

What is drawn matches the input: the data files gnuplot reads (kept by a
gnuplot on PATH that copies them): every point's mean tps over its time
span adds up to the events of the final line, the band goes down to the
stall and up to 1060, the latency is the highest of the intervals (max 15,
p99 7), the time axis runs from the first points to the last interval:

  $ mkdir bin; cat > bin/gnuplot <<EOF
  > #!/bin/sh
  > cp -r "\$(dirname "\$1")" $PWD/kept
  > EOF
  $ chmod +x bin/gnuplot
  $ PATH=$PWD/bin:$PATH $B plot big.json -o kept.svg 2>/dev/null; echo "exit $?"
  exit 0
  $ grep -o '"events":[0-9]*' big.json | tail -1
  "events":205998920
  $ awk '{ ev += ($1 - t) * $2; t = $1; lo = (NR == 1 || $7 < lo) ? $7 : lo; if ($8 > hi) hi = $8 }
  >   END { printf "%d points, events %.0f, tps %g to %g, last t %d\n", NR, ev, lo, hi, t }' kept/r0.iv
  3125 points, events 205998920, tps 0 to 1060, last t 200000
  $ awk '$5 > m { m = $5 } $4 > p { p = $4 } END { print NR, "points, max", m, "p99", p }' kept/r0.lat
  3125 points, max 15 p99 7

Labels are downsampled with their run (mean events per second, highest
latency), and a short trailing interval (0.1 s after the last full one,
its 5 events a spike to 50 per second) is still left out:

  $ awk 'BEGIN { for (i = 1; i <= 5000; i++) printf "{\"type\":\"interval\",\"time\":%d,\"tps\":30,\"labels\":{\"a\":{\"eps\":%d,\"latency_ms\":{\"percentiles\":{\"95\":%d}}},\"b\":{\"eps\":%d}}}\n", i, 10 + i % 2 * 10, 1 + i % 4, 10
  >   print "{\"type\":\"interval\",\"time\":5000.1,\"tps\":50,\"labels\":{\"a\":{\"eps\":50,\"latency_ms\":{\"percentiles\":{\"95\":99}}}}}"
  >   print "{\"type\":\"final\",\"events\":150005,\"total_time\":5000.1,\"tps\":30,\"latency_ms\":{\"min\":1,\"avg\":2,\"max\":4}}" }' > lbl.json
  $ rm -rf kept; PATH=$PWD/bin:$PATH $B plot lbl.json -o lbl.svg; echo "exit $?"
  plot: lbl: 5001 interval lines drawn as 2500 points (each point: the mean rates of its intervals, their lowest to highest tps as a band, their highest latencies)
  exit 0
  $ awk '{ a += ($1 - t) * $2; b += ($1 - t) * $3; t = $1; if ($4 > l) l = $4 }
  >   END { print NR, "points, events of a", a, "of b", b, "latency of a up to", l, "last t", t }' kept/r0.lbl
  2500 points, events of a 75000 of b 50000 latency of a up to 4 last t 5000
  $ awk '$8 > m { m = $8 } END { print "tps up to", m, "last t", $1 }' kept/r0.iv
  tps up to 30 last t 5000

sysbench's text output and an hdr log are downsampled the same way (an
hdr log of 10,000 intervals, its first interval line repeated a second
apart):

  $ awk 'BEGIN { for (i = 1; i <= 10000; i++) printf "[ %ds ] thds: 2 tps: %d.00 qps: 0.00 (r/w/o: 0.00/0.00/0.00) lat (ms,95%%): 2.00 err/s: 0.00 reconn/s: 0.00\n", i, 1000 + i % 3
  >   print ""; print "General statistics:"; print "    total time:                          10000.0001s"; print "    total number of events:              10000000"
  >   print ""; print "Latency (ms):"; print "         min:                                    0.50"; print "         avg:                                    1.00"
  >   print "         max:                                   15.00"; print "         95th percentile:                        2.00"; print "         sum:                             10000000.00" }' > sb.txt
  $ $B plot sb.txt -o sb.svg; echo "exit $?"
  plot: sb: 10000 interval lines drawn as 2500 points (each point: the mean rates of its intervals, their lowest to highest tps as a band, their highest latencies)
  exit 0
  $ $B cpu --time=1 --report-interval=0.5 --report-format=json --hdr-log=one.hlog run > one.json 2>/dev/null
  $ { grep '^#\[Hist' one.hlog; grep '^"Start' one.hlog; grep -m1 '^[0-9]' one.hlog | awk -F, '{ for (i = 0; i < 10000; i++) printf "%.3f,1.000,%s,%s\n", $1 + i, $3, $4 }'; } > long.hlog
  $ $B plot one.json long.hlog -o one.svg 2>&1 | sed -E 's/[0-9]+ events, (.one.json.) [0-9]+:/N events, \1 N:/'; echo "exit $?"
  WARNING: plot: 'long.hlog' holds N events, 'one.json' N: were they written by the same run?
  plot: one: 10000 hdr log intervals drawn as 2500 points (each point: the highest latencies of its intervals)
  exit 0
