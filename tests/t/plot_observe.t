bench plot draws what --server-stats and --host-stats sampled under the
throughput and latency charts, on the same time axis (docs/observe.md,
"In the reports"), checked in the page headless Chromium (Debian package
chromium) built from the HTML output; skipped without chromium or gnuplot.

  $ command -v chromium >/dev/null || { echo "chromium is not installed" > "${BENCH_SKIP_FILE:-/dev/null}"; exit 80; }
  $ command -v gnuplot >/dev/null || { echo "gnuplot is not installed" > "${BENCH_SKIP_FILE:-/dev/null}"; exit 80; }
  $ . "$BENCH_SRCDIR/tests/lib/dbtest.sh"
  $ dbtest_start mysql
  $ DEV=$(df --output=source . | tail -1); DEV=${DEV#/dev/}
  $ grep -qw "$DEV" /proc/diskstats || DEV=$(awk '$4 > 0 { print $3; exit }' /proc/diskstats)
  $ $B oltp_read_write $MY --tables=1 --table-size=1000 prepare > /dev/null
  $ $B oltp_read_write $MY --tables=1 --table-size=1000 --threads=2 --time=4 --report-interval=1 \
  >   --server-stats=on --host-stats=on --host-stats-devices="$DEV" --report-format=json run > db.json 2>/dev/null
  $ $B cpu --time=4 --report-interval=1 --host-stats=on --host-stats-devices="$DEV" --report-format=json run > cpu.json 2>/dev/null

dom FILE.html: Chromium loads the page (network cut off) and dumps the
DOM it built; per chart (gnuplot's SVG names each chart's lines
gnuplot_plot_<n><chart letter>): its title, and per line the x
coordinates of its points (the data line, not the legend's sample):

  $ dom() {
  >   timeout 120 chromium --headless --no-sandbox --disable-gpu --user-data-dir="$PWD/chrome" \
  >     --host-resolver-rules='MAP * ~NOTFOUND' --proxy-server=127.0.0.1:9 --dump-dom "file://$PWD/$1" 2> chrome.log > dom.html || { cat chrome.log; return 1; }
  >   python3 - <<'PY'
  > import html.parser, json, re
  > class P(html.parser.HTMLParser):
  >     def __init__(s):
  >         super().__init__(); s.titles, s.lines, s.cur, s.depth, s.text = [], {}, None, 0, None
  >     def handle_starttag(s, tag, a):
  >         a = dict(a)
  >         if tag == "g":
  >             s.depth += 1
  >             m = re.fullmatch(r"gnuplot_plot_(\d+)([a-z]+)", a.get("id") or "")
  >             if m: s.cur, s.cdepth = (m.group(2), int(m.group(1))), s.depth
  >         if tag == "path" and s.cur and (a.get("stroke") or "").startswith("rgb"):
  >             xs = [float(x) for x in re.findall(r"[ML]([\d.]+),", a.get("d") or "")]
  >             old = s.lines.get(s.cur, [])
  >             if len(xs) > len(old): s.lines[s.cur] = xs
  >         if tag == "text": s.text = ""
  >     def handle_endtag(s, tag):
  >         if tag == "g":
  >             if s.cur and s.depth == s.cdepth: s.cur = None
  >             s.depth -= 1
  >         if tag == "text": s.titles.append(s.text.strip()); s.text = None
  >     def handle_data(s, d):
  >         if s.text is not None: s.text += d
  > p = P(); p.feed(open("dom.html").read())
  > charts = sorted({k[0] for k in p.lines}, key=lambda c: (len(c), c))
  > known = [t for t in p.titles if re.match(r"(Transactions|Events|Queries|Latency|Server|Host|Disk|server\.|host\.)", t)]
  > json.dump({"titles": known, "charts": charts,
  >            "lines": {c: [p.lines[k] for k in sorted(p.lines) if k[0] == c] for c in charts}}, open("dom.json", "w"))
  > for t in known: print(t)
  > PY
  > }

Both runs, the default metric charts: under throughput, queries and
latency per interval come the server's page reads, fsyncs and log bytes
(the database run's), the host's CPU and the disk's writes and
utilisation (both runs'), then the latency percentile chart:

  $ $B plot db.json cpu.json -o both.html; echo "exit $?"
  exit 0
  $ dom both.html
  Transactions per second
  Queries per second (solid: reads, dashed: writes, dotted: other)
  Latency per interval (solid: p50, dashed: p95, dotted: p99, dash-dot: max)
  Server page reads per second (buffer pool misses, blks_read)
  Server fsyncs per second
  Server log MB per second (redo, WAL)
  Host CPU % (solid: user, dashed: system, dotted: iowait)
  Disk writes per second
  Disk utilisation %
  Latency by percentile

Every chart has its lines: the server's charts one (the database run's),
the CPU chart three per run (user, system, iowait), the disk charts one
per run. Each metric line has a point per full interval, at exactly the x
positions of the same run's throughput line (one time axis):

  $ python3 <<'PY'
  > import json
  > d = json.load(open("dom.json")); L = d["lines"]; c = d["charts"]
  > print(len(c), [len(L[x]) for x in c[3:9]])
  > tps = L[c[0]]
  > print(all(len(l) >= 3 for x in c[3:9] for l in L[x]))
  > print(L[c[3]][0] == tps[0], L[c[7]][0] == tps[0], L[c[7]][1] == tps[1], L[c[6]][5] == tps[1])
  > PY
  10 [1, 1, 1, 6, 2, 2]
  True
  True True True True

--metric picks the charts instead, one per name or pattern, titled by it
(a pattern that matches nothing is one warning and no chart):

  $ $B plot db.json --metric='server.counters.Com_commit,host.disks.*.w/s,nope' -o pick.html 2> pick.err; echo "exit $?"
  exit 0
  $ cat pick.err
  WARNING: plot: --metric=nope matches no metric of the runs' intervals (names as in docs/observe.md: server.counters.Com_commit, host.disks.vda.w/s, ...): no chart for it
  $ dom pick.html | sed 1,3d
  server.counters.Com_commit
  host.disks.*.w/s
  Latency by percentile

Com_commit is drawn per second: the interval's delta over its time, which
for oltp_read_write is the run's tps:

  $ python3 <<'PY'
  > import json
  > iv = [json.loads(l) for l in open("db.json")][:-1]
  > print(all(abs(o["server"]["counters"]["Com_commit"] / o["server"]["time"] - o["tps"]) <= 0.05 * o["tps"] + 2 for o in iv if "counters" in o["server"]))
  > PY
  True

Runs without metrics draw what they did before (no metric chart):

  $ $B cpu --time=2 --report-interval=1 --report-format=json run > plain.json 2>/dev/null
  $ $B plot plain.json -o plain.html; echo "exit $?"
  exit 0
  $ dom plain.html
  Events per second
  Latency per interval
  Latency by percentile

A long run's series is downsampled (at most 4096 points, docs of plot):
the metrics of a point's intervals are merged too, counters added over
their added times, levels averaged by time. 9000 intervals (from the cpu
run's first line) whose counter X alternates 100 and 200 a second and
gauge G 0 and 10, beside Y at 150 and H at 5: each metric line lies
exactly on its constant twin:

  $ python3 - <<'PY'
  > import json
  > L = [json.loads(l) for l in open("cpu.json")]
  > with open("big.json", "w") as out:
  >     for i in range(9000):
  >         o = dict(L[0], time=i + 1)
  >         o["server"] = {"time": 1, "counters": {"X": 100 * (i % 2 + 1), "Y": 150}, "gauges": {"G": 10 * (i % 2), "H": 5}}
  >         out.write(json.dumps(o) + "\n")
  >     out.write(json.dumps(dict(L[-1], time=9000, total_time=9000)) + "\n")
  > PY
  $ $B plot big.json --metric='server.counters.*,server.gauges.*' -o big.svg 2> big.err; echo "exit $?"
  exit 0
  $ grep -o 'drawn as [0-9]* points' big.err
  drawn as 2250 points
  $ python3 - <<'PY'
  > import re, xml.etree.ElementTree as ET
  > ns = "{http://www.w3.org/2000/svg}"; lines = {}
  > for g in ET.parse("big.svg").getroot().iter(ns + "g"):
  >     m = re.fullmatch(r"gnuplot_plot_(\d+)([a-z]+)", g.get("id") or "")
  >     for p in g.iter(ns + "path") if m else ():
  >         pts = re.findall(r"[ML]([\d.]+),([\d.]+)", p.get("d") or "")[2:]
  >         if len(pts) > len(lines.get(m.groups(), [])): lines[m.groups()] = pts
  > for c in ("c", "d"):
  >     x, const = lines[("1", c)], lines[("2", c)]
  >     print(len(x), x == const, len(set(y for _, y in x)))
  > PY
  2250 True 1
  2250 True 1
