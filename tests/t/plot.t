bench plot RUN... -o FILE.png|FILE.svg|FILE.html draws the runs through
gnuplot: throughput over time, queries split into reads/writes/other,
latency percentiles per interval, the latency percentile distribution and
per-label throughput, the runs overlaid and named.

  $ B="$BENCH"
  $ command -v gnuplot >/dev/null || echo "FAIL: gnuplot is not installed (Debian package gnuplot-nox)"
  $ px() { python3 "$BENCH_SRCDIR/tests/lib/png_pixels.py" "$@"; }
  $ svg() { python3 -c '
  > import sys, xml.etree.ElementTree as ET
  > root = ET.parse(sys.argv[1]).getroot()
  > ns = "{http://www.w3.org/2000/svg}"
  > texts = ["".join(t.itertext()).strip() for t in root.iter(ns + "text")]
  > strokes = [e.get("stroke") for e in root.iter(ns + "path")]
  > print(root.tag == ns + "svg", root.get("width"), root.get("height"))
  > print("blue lines", strokes.count("rgb( 31, 119, 180)") > 0)
  > for w in sys.argv[2:]:
  >     print(w, any(w == t for t in texts))' "$@"; }

A real run with interval lines and its hdr log: three charts (events per
second, latency per interval, latency by percentile) of 300 pixels each,
1000 wide; the first series is drawn in #1f77b4:

  $ $B cpu --threads=2 --time=2 --report-interval=0.5 --percentile=50,95,99 --report-format=json --hdr-log=cpu.hlog run > cpu.json 2>/dev/null
  $ $B plot cpu.json cpu.hlog -o cpu.png; echo "exit $?"
  exit 0
  $ px cpu.png '#1f77b4' '#ffffff' | awk '$1 == "#1f77b4" { print "blue", ($2 > 300) ? "many" : $2; next }
  >   $1 == "#ffffff" { print "white", ($2 > 500000) ? "most" : $2; next }
  >   $1 == "distinct" { print "colours", ($2 > 20) ? "many" : $2; next } { print }'
  1000x900
  blue many
  white most
  colours many

--size sets the size of each chart (here three of 640x200: the picture is
640x600, no chart squeezed or cut off):

  $ $B plot cpu.json cpu.hlog -o small.png --size=640x200 --title="cpu, 2 threads"; echo "exit $?"
  exit 0
  $ px small.png '#1f77b4' | awk '$1 == "#1f77b4" { print "blue", ($2 > 100) ? "many" : $2; next } $1 != "distinct"'
  640x600
  blue many

An SVG that parses, with its titles and legend (a run name alone is the
events-per-second line; the latency series carry p50/p95/p99/max):

  $ $B plot cpu.json cpu.hlog -o cpu.svg; echo "exit $?"
  exit 0
  $ svg cpu.svg "Events per second" "Latency per interval" "Latency by percentile" "cpu" "cpu p50" "cpu p99" "cpu max" "99.9%"
  True 1000 900
  blue lines True
  Events per second True
  Latency per interval True
  Latency by percentile True
  cpu True
  cpu p50 True
  cpu p99 True
  cpu max True
  99.9% True

Several runs overlaid and named (--label), one of them sysbench 1.0.20's
text output with its interval lines; SQL runs add a chart of reads /
writes / other per second; a run without hdr log shows the percentiles
its final line states:

  $ sysbench cpu --threads=1 --time=2 --report-interval=1 --cpu-max-prime=2000 run > sb.txt
  $ cat > sql.json <<'J'
  > {"type":"interval","time":1,"threads":4,"events":100,"tps":100,"qps":2000,"reads_per_sec":1400,"writes_per_sec":400,"other_per_sec":200,"latency_ms":{"avg":40,"max":90,"percentiles":{"95":70}}}
  > {"type":"interval","time":2,"threads":4,"events":120,"tps":120,"qps":2400,"reads_per_sec":1680,"writes_per_sec":480,"other_per_sec":240,"latency_ms":{"avg":33,"max":80,"percentiles":{"95":60}}}
  > {"type":"final","time":2,"total_time":2,"threads":4,"events":220,"tps":110,"qps":2200,"latency_ms":{"min":5,"avg":36,"max":90,"percentiles":{"95":65,"99":85}}}
  > J
  $ $B plot --label=bench,sysbench,db cpu.json cpu.hlog sb.txt sql.json -o all.svg; echo "exit $?"
  exit 0
  $ svg all.svg "Transactions per second" "Queries per second (solid: reads, dashed: writes, dotted: other)" \
  >   "Latency per interval (solid: p50, dashed: p95, dotted: p99, dash-dot: max)" "bench" "sysbench" "db" \
  >   "db (stated percentiles)" "db reads/s"
  True 1000 1200
  blue lines True
  Transactions per second True
  Queries per second (solid: reads, dashed: writes, dotted: other) True
  Latency per interval (solid: p50, dashed: p95, dotted: p99, dash-dot: max) True
  bench True
  sysbench True
  db True
  db (stated percentiles) True
  db reads/s False

With one run, each series has its own colour and legend entry:

  $ $B plot sql.json -o sql.svg; echo "exit $?"
  exit 0
  $ svg sql.svg "sql reads/s" "sql writes/s" "sql other/s" "sql p95" "sql max" | tail -5
  sql reads/s True
  sql writes/s True
  sql other/s True
  sql p95 True
  sql max True

One interval line is enough (a chart needs no range of times), and names
with quotes are drawn as they are:

  $ head -1 sql.json > one.json; tail -1 sql.json >> one.json
  $ $B plot --label="it's \"one\"" one.json -o one.svg; echo "exit $?"
  exit 0
  $ svg one.svg "it's \"one\" reads/s" | tail -1
  it's "one" reads/s True

Per-label lines where the run used sysbench.stats.label: events per
second, and latency per interval at the highest percentile the interval
lines state per label:

  $ cat > labels.lua <<'L'
  > function event()
  >   local x = 0
  >   if sysbench.rand.uniform(1, 2) == 1 then
  >     sysbench.stats.label("short")
  >     for i = 1, 100 do x = x + i end
  >   else
  >     sysbench.stats.label("long")
  >     for i = 1, 10000 do x = x + i end
  >   end
  > end
  > L
  $ $B labels.lua --threads=1 --time=1 --report-interval=0.25 --report-format=json run > lbl.json 2>/dev/null
  $ $B plot lbl.json -o lbl.svg; echo "exit $?"
  exit 0
  $ svg lbl.svg "Events per second by label" "lbl short" "lbl long" "Latency by label per interval" "lbl short p95" "lbl long p95" | tail -6
  Events per second by label True
  lbl short True
  lbl long True
  Latency by label per interval True
  lbl short p95 True
  lbl long p95 True

A short trailing interval (the end of the run cut it: under half the one
before) is left out rather than drawn as a full one: its 5 events in 0.1 s
would be a spike to 50 events per second at the right edge:

  $ for t in 1 2 3; do echo "{\"type\":\"interval\",\"time\":$t,\"eps\":10,\"latency_ms\":{\"avg\":1,\"max\":2,\"percentiles\":{\"95\":1.5}}}"; done > tail.json
  $ echo '{"type":"interval","time":3.1,"eps":50,"latency_ms":{"avg":90,"max":99,"percentiles":{"95":95}}}' >> tail.json
  $ echo '{"type":"final","events":35,"total_time":3.1,"eps":11.3,"latency_ms":{"min":0.5,"avg":3,"max":99}}' >> tail.json
  $ $B plot tail.json -o tail.svg; echo "exit $?"
  exit 0
  $ python3 -c '
  > import sys, xml.etree.ElementTree as ET
  > ns = "{http://www.w3.org/2000/svg}"
  > texts = ["".join(t.itertext()).strip() for t in ET.parse("tail.svg").getroot().iter(ns + "text")]
  > print("y up to 50:", any(t in ("45", "50") for t in texts), "x to 3.1:", "3.1" in texts)'
  y up to 50: False x to 3.1: False

A thread sweep adds its scaling curves: throughput, and latency p95
(solid) and p99 (dashed), against the thread count, one colour per sweep:

  $ $B cpu --threads=1,2,4 --events=200 --cpu-max-prime=2000 --time=0 --percentile=95,99 --report-format=json --hdr-log=sw.hlog run > sw.json 2>/dev/null
  $ $B plot sw.json sw-step*.hlog -o sw.svg; echo "exit $?"
  exit 0
  $ svg sw.svg "Throughput by threads" "Latency by threads (solid: p95, dashed: p99)" "threads" "sw" "sw p95" "sw p99" | tail -6
  Throughput by threads True
  Latency by threads (solid: p95, dashed: p99) True
  threads True
  sw True
  sw p95 True
  sw p99 True
  $ $B plot sw.json sw-step*.hlog -o sw.png; px sw.png | sed -n 1p
  1000x1200

A self-contained HTML page: the SVG inline, no script, nothing fetched:

  $ $B plot cpu.json cpu.hlog -o cpu.html --title='cpu <2 threads>'; echo "exit $?"
  exit 0
  $ grep -c '<script\|src=\|href="http\|@import\|url(' cpu.html
  0
  [1]
  $ grep -o '<title>[^<]*</title>' cpu.html | head -1
  <title>cpu &lt;2 threads&gt;</title>
  $ grep -c '<svg' cpu.html
  1

Headless Chromium (Debian package chromium) draws it with the network
cut off (every host name unresolvable, a proxy that does not exist): the
charts' colours are on the screenshot:

  $ command -v chromium >/dev/null || echo "FAIL: chromium is not installed (Debian package chromium)"
  $ timeout 120 chromium --headless --no-sandbox --disable-gpu --user-data-dir="$PWD/chrome" \
  >   --host-resolver-rules='MAP * ~NOTFOUND' --proxy-server=127.0.0.1:9 --window-size=1000,900 \
  >   --screenshot="$PWD/shot.png" "file://$PWD/cpu.html" > chrome.log 2>&1; echo "exit $?"
  exit 0
  $ px shot.png '#1f77b4' | awk '$1 == "#1f77b4" { print "blue", ($2 > 300) ? "many" : $2; next } $1 != "distinct"'
  1000x900
  blue many

Errors: one line, exit status 1, nothing written:

  $ PATH=/nonexistent $B plot cpu.json -o none.png
  FATAL: plot: gnuplot is not installed (Debian: apt-get install gnuplot-nox)
  [1]
  $ $B plot cpu.json -o cpu.jpg
  FATAL: plot: 'cpu.jpg': the output file name must end in .png, .svg or .html
  [1]
  $ $B plot cpu.json
  Usage: bench plot [--label=A,B,...] [--size=WxH] [--title=TEXT] [--metric=LIST] RUN... -o FILE.png|FILE.svg|FILE.html
  RUNs: --report-format=json results (each optionally followed by its --hdr-log file) and sysbench 1.0.x text output
  [1]
  $ $B plot cpu.json -o
  FATAL: plot: -o needs a file name
  [1]
  $ $B plot cpu.json -o x.png --size=huge
  FATAL: plot: invalid value for the 'size' option: 'huge' (expected WIDTHxHEIGHT of each chart in pixels, e.g. 1000x300, 200 to 10000 wide, 100 to 5000 high)
  [1]
  $ echo '{"type":"final","events":0,"total_time":1}' > idle.json
  $ $B plot idle.json -o x.png
  FATAL: plot: the runs hold nothing to draw (no interval lines, no latency figures)
  [1]
  $ echo nothing > nothing.txt
  $ $B plot nothing.txt -o x.png
  FATAL: plot: 'nothing.txt' is neither a bench json result nor sysbench text output (no "General statistics:" and "Latency (ms):" blocks)
  [1]
  $ $B plot cpu.json -o /nonexistent/dir/x.png
  FATAL: plot: cannot create '/nonexistent/dir/x.png': No such file or directory
  [1]
  $ ls none.png cpu.jpg x.png 2>&1 | sed 's/.*cannot access/cannot access/'
  cannot access 'none.png': No such file or directory
  cannot access 'cpu.jpg': No such file or directory
  cannot access 'x.png': No such file or directory

Names gnuplot would take for a command or that would break its script
are refused before gnuplot sees them (a leading '|' is a pipe to
`set output`); nothing runs, nothing is created:

  $ $B plot cpu.json -o '|touch pwned.png'
  FATAL: plot: refusing the output file name '|touch pwned.png': it starts with '|' or '<', which gnuplot takes for a command to run
  [1]
  $ $B plot cpu.json -o "$(printf 'a\nset output "b.png')"
  FATAL: plot: refusing the output file name 'a
  set output "b.png': it holds a control character (a line break, a tab...)
  [1]
  $ ls pwned* '|touch pwned.png' b.png 2>&1 | grep -c 'No such file'
  3

A quote in the temporary directory's name or in the output's, a leading
'~' (gnuplot's home directory) and a relative '<' directory are plain
names:

  $ mkdir "q'uote" '<tmp' '~'
  $ TMPDIR="$PWD/q'uote" $B plot cpu.json -o "it's.png"; echo "exit $?"
  exit 0
  $ TMPDIR='<tmp' $B plot cpu.json -o '~/t.png'; echo "exit $?"
  exit 0
  $ px "it's.png" | sed -n 1p; px '~/t.png' | sed -n 1p
  1000x900
  1000x900
  $ ls "q'uote" '<tmp' | grep -c bench-plot
  0
  [1]
  $ TMPDIR="$(printf '/tmp/x\ny')" $B plot cpu.json -o x.png
  FATAL: plot: refusing TMPDIR '/tmp/x
  y': it holds a control character (a line break, a tab...)
  [1]

The temporary directory of the data and the script is gone:

  $ ls "${TMPDIR:-/tmp}" | grep -c '^bench-plot-'
  0
  [1]

--help:

  $ $B plot --help | sed -n '1p;/^Options:/,$p'
  Usage: bench plot [--label=A,B,...] [--size=WxH] [--title=TEXT] [--metric=LIST] RUN... -o FILE.png|FILE.svg|FILE.html
  Options:
    -o FILE, --output=FILE  the picture: FILE.png, FILE.svg or FILE.html (one page,
                            the SVG inline, nothing fetched)
    --label=A,B,...         names of the runs, one per result file [the file names]
    --size=WxH              size of each chart in pixels [1000x300]
    --title=TEXT            a title above the charts
    --metric=LIST           the metric charts instead: one per name or pattern
                            (server.counters.Com_commit, host.disks.*.w/s); counters
                            as rates per second
