bench merge FILE... combines the --report-format=json results and the
--hdr-log files of runs made at the same time by several clients: counts
and rates add up, and the latency percentiles are exact over the union of
all events (computed from the hdr logs, never averaged).

  $ B="$BENCH"
  $ command -v node >/dev/null || echo "FAIL: node is not installed (Debian package nodejs)"
  $ test -d "$BENCH_NODE_MODULES/hdr-histogram-js" ||
  >   echo "FAIL: hdr-histogram-js missing: npm install --prefix tests/lib --no-save hdr-histogram-js"

Two clients at the same time:

  $ $B cpu --threads=1 --events=3000 --time=0 --percentile=50,95,99 --report-format=json --hdr-log=a.hlog run > a.json 2>/dev/null &
  $ $B cpu --threads=2 --events=2000 --time=0 --percentile=50,95,99 --report-interval=0.2 --report-format=json --hdr-log=b.hlog run > b.json 2>/dev/null &
  $ wait

The text report, in the layout of the final report (values masked):

  $ $B merge a.json b.json a.hlog b.hlog > merged.txt; echo "exit $?"
  exit 0
  $ sed -E 's/ +[0-9]+\.[0-9]+s?$/ N/; s/client host\(s\): .*/client host(s): H/' merged.txt
  Merged 2 json result file(s) and 2 hdr log(s) from client host(s): H
  
  General statistics:
      total time: N
      total number of events:              5000
      events per second: N
      threads:                             3
  
  Latency (ms):
           min: N
           avg: N
           max: N
           50th percentile: N
           95th percentile: N
           99th percentile: N
           sum: N
  
  Threads fairness:
      not available for merged results
  $ grep 'th percentile:' merged.txt | awk '{ print length($0) }' | sort -u
  53

The interval lines of the runs whose ticks line up (here b alone), then
one "type":"merged" JSON line; events and rates add up, total time is the
maximum (to the merged line's 10 significant digits: a run made longer
than 10 s by a loaded machine loses its last nanoseconds):

  $ $B merge --report-format=json a.json b.json a.hlog b.hlog > merged.json 2>/dev/null; echo "exit $?"
  exit 0
  $ python3 -c '
  > import json
  > ev = lambda p: sum(o["events"] for o in map(json.loads, open(p)) if o["type"] == "interval")
  > print("interval events", ev("b.json") == ev("merged.json") > 0)'
  interval events True
  $ tail -n 1 merged.json > merged1.json
  $ python3 - <<'PY'
  > import json
  > m = json.loads(open("merged1.json").read())
  > a = json.loads(open("a.json").read().splitlines()[-1])
  > b = [json.loads(l) for l in open("b.json") if json.loads(l)["type"] == "final"][0]
  > print(m["type"], m["events"], m["threads"], m["json_files"], m["hdr_logs"])
  > print("eps sum", abs(m["eps"] - a["eps"] - b["eps"]) < 1e-6 * m["eps"])
  > t = max(a["total_time"], b["total_time"]); print("time max", abs(m["total_time"] - t) <= 5e-10 * t)
  > lat = m["latency_ms"]
  > print("min/max", lat["min"] == min(a["latency_ms"]["min"], b["latency_ms"]["min"]),
  >       lat["max"] == max(a["latency_ms"]["max"], b["latency_ms"]["max"]))
  > print("percentiles", sorted(lat["percentiles"], key=float), lat["percentiles_exact"], lat["hdr_count"])
  > PY
  merged 5000 3 2 2
  eps sum True
  time max True
  min/max True True
  percentiles ['50', '95', '99'] True 5000

The merged percentiles equal those of one histogram fed the union of both
runs' events: hdr-histogram-js decodes both logs and adds them up.

  $ cat > union.js <<'JS'
  > const fs = require("fs");
  > const hdr = require(process.env.BENCH_NODE_MODULES + "/hdr-histogram-js");
  > let u = null;
  > for (const f of process.argv.slice(2)) {
  >   const r = new hdr.HistogramLogReader(fs.readFileSync(f, "utf8"), 64);
  >   for (let h; (h = r.nextIntervalHistogram()) !== null;) {
  >     if (h.tag !== "NO TAG") continue;
  >     if (u === null) u = hdr.build({ bitBucketSize: 64, lowestDiscernibleValue: 1,
  >       highestTrackableValue: 3600e9, numberOfSignificantValueDigits: h.numberOfSignificantValueDigits });
  >     u.add(h);
  >   }
  > }
  > console.log("count " + u.totalCount);
  > for (const p of [50, 95, 99]) console.log("p" + p + " " + (u.getValueAtPercentile(p) / 1e6).toFixed(6));
  > JS
  $ node union.js a.hlog b.hlog > js.txt; echo "exit $?"
  exit 0
  $ head -1 js.txt
  count 5000
  $ python3 - <<'PY'
  > import json
  > m = json.loads(open("merged1.json").read())["latency_ms"]["percentiles"]
  > js = dict(l.split() for l in open("js.txt"))
  > for p in ("50", "95", "99"):
  >     a, b = m[p], float(js["p" + p])
  >     print(p, "agrees" if b > 0 and abs(a - b) <= 0.001 * b else "differs: merge %s js %s" % (a, b))
  > PY
  50 agrees
  95 agrees
  99 agrees

Percentiles are those of the json lines unless --percentile is given; hdr
logs alone are enough for the latency block:

  $ $B merge --percentile=90,99.9 --report-format=json a.hlog b.hlog 2>/dev/null | tail -n 1 | python3 -c 'import json,sys; m = json.load(sys.stdin); print(m["events"], list(m["latency_ms"]["percentiles"]))'
  5000 ['90', '99.9']

Per-label histograms (Tag= lines) are merged per label. Here each
interval is repeated under the label "new_order", so the label's merged
statistics equal the overall ones:

  $ for f in a b; do awk '!/^[#"]/ { print "Tag=new_order," $0 } { print }' $f.hlog > $f-tag.hlog; done
  $ $B merge --report-format=json a.json b.json a-tag.hlog b-tag.hlog 2>/dev/null | tail -n 1 | python3 -c '
  > import json, sys
  > m = json.load(sys.stdin); l = m["labels"]["new_order"]; lat = m["latency_ms"]
  > print(list(m["labels"]), l["count"], lat["hdr_count"], l["percentiles"] == lat["percentiles"])'
  ['new_order'] 5000 5000 True
  $ $B merge a-tag.hlog b-tag.hlog --percentile=50,99 2>/dev/null | sed -n '/^Latency by label/,/^$/p' | sed -E 's/[0-9]+\.[0-9][0-9]/N/g'
  Latency by label (ms; count, errors, then 50%/99%/max):
      new_order                      5000        -  N/N/N
  

Only json results: counts, but no percentiles (they cannot be exact):

  $ $B merge a.json b.json 2>/dev/null | grep -i percentile
           percentiles: not available: exact merged percentiles need the runs' --hdr-log files
  $ $B merge --report-format=json a.json b.json 2>/dev/null | tail -n 1 | python3 -c 'import json,sys; m = json.load(sys.stdin); print(m["events"], m["latency_ms"]["percentiles"], m["latency_ms"]["percentiles_exact"])'
  5000 None False

SQL counters add up (final lines written by hand, as two clients would):

  $ echo '{"type":"interval","time":1,"events":1}' > c1.json
  $ echo '{"type":"final","total_time":10,"threads":4,"events":100,"eps":10,"reads":1400,"reads_per_sec":140,"writes":400,"writes_per_sec":40,"other":200,"other_per_sec":20,"errors":3,"errors_per_sec":0.3,"reconnects":1,"reconnects_per_sec":0.1,"queries":2000,"qps":200,"latency_ms":{"min":1,"avg":2,"max":9,"sum":200,"percentiles":{"95":5}},"hostname":"c1"}' >> c1.json
  $ echo '{"type":"final","total_time":12,"threads":8,"events":300,"eps":25,"reads":4200,"reads_per_sec":350,"writes":1200,"writes_per_sec":100,"other":600,"other_per_sec":50,"errors":1,"errors_per_sec":0.0833,"reconnects":0,"reconnects_per_sec":0,"queries":6000,"qps":500,"latency_ms":{"min":0.5,"avg":4,"max":20,"sum":1200,"percentiles":{"95":7}},"hostname":"c2"}' > c2.json
  $ $B merge c1.json c2.json
  Merged 2 json result file(s) and 0 hdr log(s) from client host(s): c1, c2
  
  SQL statistics:
      queries performed:
          read:                            5600
          write:                           1600
          other:                           800
          total:                           8000
      transactions:                        400    (35.00 per sec.)
      queries:                             8000   (700.00 per sec.)
      ignored errors:                      4      (0.38 per sec.)
      reconnects:                          1      (0.10 per sec.)
  
  General statistics:
      total time:                          12.0000s
      total number of events:              400
      events per second:                   35.00
      threads:                             12
  
  Latency (ms):
           min:                                    0.50
           avg:                                    3.50
           max:                                   20.00
           percentiles: not available: exact merged percentiles need the runs' --hdr-log files
           sum:                                 1400.00
  
  Threads fairness:
      not available for merged results

Errors: one line naming the file, exit status 1.

  $ $B merge a.json missing.json; echo "exit $?"
  FATAL: merge: cannot open 'missing.json': No such file or directory
  exit 1
  $ echo 'hello world' > neither.txt
  $ $B merge a.json neither.txt; echo "exit $?"
  FATAL: merge: 'neither.txt' is neither a json result nor an hdr log: expected --report-format=json output or an --hdr-log file
  exit 1
  $ : > empty.txt
  $ $B merge empty.txt; echo "exit $?"
  FATAL: merge: 'empty.txt' is empty: expected --report-format=json output or an --hdr-log file
  exit 1
  $ echo '{"type":"interval","time":1}' > nofinal.json
  $ $B merge nofinal.json; echo "exit $?"
  FATAL: merge: 'nofinal.json' has no "type":"final" line (an interrupted run, or not --report-format=json output)
  exit 1
  $ printf '{"type":"final",\n' > broken.json
  $ $B merge broken.json 2>&1 | sed -E 's/object: .*/object: DETAIL/'; echo "exit ${PIPESTATUS[0]}"
  FATAL: merge: 'broken.json' line 1: not a JSON object: DETAIL
  exit 1

A corrupt base64 payload, a corrupt zlib stream, a malformed line:

  $ awk -F, '!/^[#"]/ { $4 = "HISTF!!!" } { print }' OFS=, a.hlog > bad64.hlog
  $ $B merge a.json bad64.hlog; echo "exit $?"
  FATAL: merge: 'bad64.hlog' line 5: cannot decode the histogram: corrupt base64/zlib/V2 payload
  exit 1
  $ awk -F, '!/^[#"]/ { $4 = substr($4, 1, 16) "AAAAAAAAAAAAAAAA" substr($4, 33) } { print }' OFS=, a.hlog > badz.hlog
  $ $B merge badz.hlog; echo "exit $?"
  FATAL: merge: 'badz.hlog' line 5: cannot decode the histogram: corrupt base64/zlib/V2 payload
  exit 1
  $ printf '#[Histogram log format version 1.3]\n1.0,x\n' > badline.hlog
  $ $B merge badline.hlog; echo "exit $?"
  FATAL: merge: 'badline.hlog' line 2: not an hdr log interval line
  exit 1

Logs with different significant digits cannot be merged exactly:

  $ $B cpu --events=200 --time=0 --hdr-sig-figs=2 --hdr-log=sf2.hlog run > /dev/null 2>&1
  $ $B merge a.hlog sf2.hlog; echo "exit $?"
  FATAL: merge: 'sf2.hlog' line 5: histogram with 2 significant digits, but 'a.hlog' has 3: logs with different --hdr-sig-figs cannot be merged exactly
  exit 1

No file, a bad --report-format:

  $ $B merge; echo "exit $?"
  Usage: bench merge [--percentile=LIST] [--report-format=text|json] FILE...
  FILEs: --report-format=json results and --hdr-log files of runs made at the same time
  exit 1
  $ $B merge --report-format=csv a.json; echo "exit $?"
  FATAL: merge: invalid value for the 'report-format' option: 'csv' (expected text or json)
  exit 1
  $ $B merge --no-such-option=1 a.json; echo "exit $?"
  invalid option: --no-such-option=1
  exit 1

A percentile is never above the maximum: the histogram gives a bucket's
highest value, the json lines the exact maximum. With a json maximum below
what the hdr log holds, the 100th percentile stops at it (text and json):

  $ python3 -c '
  > import json
  > lines = [json.loads(l) for l in open("a.json")]
  > for l in lines:
  >     if l.get("type") == "final": l["latency_ms"]["max"] = l["latency_ms"]["max"] / 2
  > open("low.json", "w").write("".join(json.dumps(l) + "\n" for l in lines))'
  $ $B merge --percentile=100 --report-format=json low.json a.hlog | python3 -c '
  > import json, sys
  > l = json.load(sys.stdin)["latency_ms"]
  > print(l["percentiles"]["100"] == l["max"], l["max"] > 0)'
  True True
  $ $B merge --percentile=100 low.json a.hlog | awk '/max:|100th/ { print $NF }' | uniq | wc -l
  1
