SPDX-License-Identifier: GPL-2.0-or-later

bench merge over N instances of one run (issue 30): the merged interval
series (per tick, the sum of the inputs' interval lines and the merge of
their interval histograms), inputs whose ticks do not line up, inputs
that are not one run, missing instances, and the one stream on stdout
(--hdr-log=-) that `kubectl logs` captures.

  $ B="$BENCH"
  $ test -d "$BENCH_NODE_MODULES/hdr-histogram-js" ||
  >   echo "FAIL: hdr-histogram-js missing: npm install --prefix tests/lib --no-save hdr-histogram-js"

Two runs with ticks of 0.5 s. They ran one after the other; b's times are
moved onto a's (as --start-at or --barrier=db would have started them
together), so the test does not depend on how fast two processes start:

  $ O="cpu --time=2 --report-interval=0.5 --percentile=50,99 --report-format=json"
  $ $B $O --threads=1 --hdr-log=a.hlog run > a.json 2>/dev/null
  $ $B $O --threads=2 --hdr-log=b0.hlog run > b0.json 2>/dev/null
  $ cat > shift.py <<'PY'
  > import json, re, sys
  > # shift.py SRC DST REF SECONDS: DST = SRC's hdr log (and json) with the
  > # times of REF's, plus SECONDS
  > src, dst, ref, plus = sys.argv[1], sys.argv[2], sys.argv[3], float(sys.argv[4])
  > def origin(p):
  >     return float([l for l in open(p + ".hlog") if l[0].isdigit()][0].split(",")[0])
  > d = origin(ref) - origin(src) + plus
  > with open(dst + ".hlog", "w") as f:
  >     for l in open(src + ".hlog"):
  >         if l[0].isdigit():
  >             c = l.split(",", 1); l = "%.3f,%s" % (float(c[0]) + d, c[1])
  >         f.write(l)
  > st = [json.loads(l) for l in open(ref + ".json") if '"final"' in l][0]["start_time"]
  > with open(dst + ".json", "w") as f:
  >     for l in open(src + ".json"):
  >         o = json.loads(l)
  >         if o["type"] == "final" and plus == 0: o["start_time"] = st
  >         f.write(json.dumps(o) + "\n")
  > PY
  $ python3 shift.py b0 b a 0

The series comes before the merged line, one line per tick of both runs:

  $ $B merge --report-format=json a.json b.json a.hlog b.hlog > m.json; echo "exit $?"
  exit 0
  $ python3 - <<'PY'
  > import json
  > ls = lambda p: [json.loads(l) for l in open(p)]
  > m, a, b = ls("m.json"), ls("a.json"), ls("b.json")
  > # tick k: the k-th interval line of each (a loaded machine may end a run
  > # one tick short, or tick late: times are not compared)
  > iv = lambda r: [o for o in r if o["type"] == "interval"]
  > mi, ai, bi = iv(m), iv(a), iv(b)
  > at = lambda r, k: [r[k]] if k < len(r) else []
  > print("types", [o["type"] for o in m][-2:], "ticks", len(mi) == max(len(ai), len(bi)) >= 3)
  > print("times", [o["time"] for o in mi] == [0.5 * (k + 1) for k in range(len(mi))])
  > print("events", all(o["events"] == sum(x["events"] for x in at(ai, k) + at(bi, k)) for k, o in enumerate(mi)))
  > print("threads", all(o["threads"] == sum(x["threads"] for x in at(ai, k) + at(bi, k)) for k, o in enumerate(mi)))
  > print("inputs", all(o["inputs"] == 2 * len(at(ai, k) + at(bi, k)) for k, o in enumerate(mi)))
  > print("eps", all(abs(o["eps"] - o["events"] / 0.5) < 1e-6 for o in mi))
  > print("max", all(o["latency_ms"]["max"] == max(x["latency_ms"]["max"] for x in at(ai, k) + at(bi, k)) for k, o in enumerate(mi)))
  > f = m[-1]
  > print("merged", f["events"] == a[-1]["events"] + b[-1]["events"], f["interval_s"], f["interval_lines"] == len(mi), f["interval_inputs"])
  > PY
  types ['interval', 'merged'] ticks True
  times True
  events True
  threads True
  inputs True
  eps True
  max True
  merged True 0.5 True 4

Each tick's percentiles are those of one histogram holding both runs'
interval histograms of that tick, the k-th of each log but its last (the
cut end of the run): hdr-histogram-js decodes the logs:

  $ cat > ticks.js <<'JS'
  > const fs = require("fs");
  > const hdr = require(process.env.BENCH_NODE_MODULES + "/hdr-histogram-js");
  > const u = [];
  > for (const f of process.argv.slice(2)) {
  >   const r = new hdr.HistogramLogReader(fs.readFileSync(f, "utf8"), 64);
  >   const hs = [];
  >   for (let h; (h = r.nextIntervalHistogram()) !== null;)
  >     if (h.tag === "NO TAG") hs.push(h);
  >   hs.pop();                       // the run's cut end
  >   hs.forEach((h, k) => {
  >     if (!u[k]) u[k] = hdr.build({ bitBucketSize: 64, lowestDiscernibleValue: 1,
  >       highestTrackableValue: 3600e9, numberOfSignificantValueDigits: 3 });
  >     u[k].add(h);
  >   });
  > }
  > u.forEach((h, k) => console.log(k, h.totalCount,
  >   (h.getValueAtPercentile(50) / 1e6).toFixed(6), (h.getValueAtPercentile(99) / 1e6).toFixed(6)));
  > JS
  $ node ticks.js a.hlog b.hlog > js.txt; echo "exit $?"
  exit 0
  $ python3 - <<'PY'
  > import json
  > m = [o for o in map(json.loads, open("m.json")) if o["type"] == "interval"]
  > bad = 0
  > for l in open("js.txt"):
  >     k, n, p50, p99 = l.split(); o = m[int(k)]; p = o["latency_ms"]["percentiles"]
  >     for a, b in ((p["50"], float(p50)), (p["99"], min(float(p99), o["latency_ms"]["max"]))):
  >         bad += not (b > 0 and abs(a - b) <= 0.001 * b)
  > print("ticks", len(m) == sum(1 for _ in open("js.txt")), "differ", bad)
  > PY
  ticks True differ 0

bench compare and bench plot take the merged output like a run:

  $ $B compare a.json m.json > cmp.txt; echo "exit $?"
  exit 0
  $ grep -E '^ *events ' cmp.txt | awk '{ print ($2 < $3) ? "merged has more" : "?" }'
  merged has more
  $ if command -v gnuplot >/dev/null; then $B plot m.json -o m.png && test -s m.png && echo drawn; else echo drawn; fi
  drawn

Inputs whose ticks do not line up are named and left out of the series
(their totals still count): another period, another start.

  $ $B cpu --time=2 --report-interval=1 --report-format=json --hdr-log=c.hlog run > c.json 2>/dev/null
  $ $B merge --report-format=json a.json c.json > m2.json; echo "exit $?"
  WARNING: merge: the ticks of 'c.json' (every 1 s) do not line up with those of 'a.json' (every 0.5 s): left out of the merged interval series
  exit 0
  $ grep -c '"type":"interval"' a.json | cmp - <(grep -c '"type":"interval"' m2.json) && echo the ticks of a.json
  the ticks of a.json
  $ tail -n 1 m2.json | grep -o '"interval_inputs":[0-9]*'
  "interval_inputs":1
  $ python3 shift.py b0 late a 5
  $ $B merge --report-format=json a.hlog late.hlog > m3.json; echo "exit $?"
  WARNING: merge: 'late.hlog' started 5.000 s apart from 'a.hlog': their ticks do not line up (start them together: --start-at, --barrier=db): left out of the merged interval series
  exit 0

Not one run: with "instance"/"instances" in the final lines (--instance,
--instances), another run id, another N or an instance twice is refused,
and a missing instance is reported (a json result without a final line,
a pod that was killed, is left out):

  $ cat > inst.py <<'PY'
  > import json, sys
  > # inst.py OUT INSTANCE N RUN_ID [nofinal]
  > out, i, n, rid = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
  > with open(out, "w") as f:
  >     for l in open("a.json"):
  >         o = json.loads(l)
  >         if o["type"] == "final":
  >             if len(sys.argv) > 5: continue
  >             o.update(instance=i, instances=n, run_id=rid)
  >         f.write(json.dumps(o) + "\n")
  > PY
  $ for i in 0 1 3; do python3 inst.py i$i.json $i 4 00000000000000aa; done
  $ $B merge i0.json i1.json i3.json > mi.txt; echo "exit $?"
  exit 0
  $ grep -E 'WARNING|Instances' mi.txt
  WARNING: merge: instance 2 of 0..3 missing: the merged figures cover 3 of 4 instances
  Instances: 3 of 4 merged (run 00000000000000aa)
  $ $B merge --report-format=json i0.json i1.json i3.json 2>/dev/null | tail -n 1 | python3 -c '
  > import json, sys; m = json.load(sys.stdin)
  > print(m["run_id"], m["instances"], m["instances_merged"], m["instances_missing"])'
  00000000000000aa 4 3 [2]
  $ python3 inst.py i2.json 2 4 00000000000000aa nofinal
  $ $B merge i0.json i1.json i2.json i3.json | grep WARNING
  WARNING: merge: 'i2.json' has no "type":"final" line (an instance that was stopped?): left out
  WARNING: merge: instance 2 of 0..3 missing: the merged figures cover 3 of 4 instances
  $ python3 inst.py x.json 1 4 00000000000000aa; $B merge i0.json i1.json x.json; echo "exit $?"
  FATAL: merge: instance 1 appears twice: 'i1.json' and 'x.json'
  exit 1
  $ python3 inst.py x.json 2 4 00000000000000bb; $B merge i0.json x.json; echo "exit $?"
  FATAL: merge: 'x.json' belongs to run 00000000000000bb, 'i0.json' to run 00000000000000aa: not one run
  exit 1
  $ python3 inst.py x.json 2 5 00000000000000aa; $B merge i0.json x.json; echo "exit $?"
  FATAL: merge: 'x.json' is one of 5 instances, 'i0.json' one of 4: not one run
  exit 1
  $ $B merge i0.json a.json; echo "exit $?"
  FATAL: merge: 'a.json' carries no instance number, but 'i0.json' does: not one run
  exit 1
  $ python3 inst.py x.json 4 4 00000000000000aa; $B merge i0.json x.json; echo "exit $?"
  FATAL: merge: 'x.json': "instance" 4 is not in 0..3
  exit 1

One stream out of a pod: --hdr-log=- writes the log to stdout beside the
json lines, each of its lines prefixed "hdr: "; `kubectl logs` mixes
bench's stderr in, and merge reads such a capture as the json result and
the log it holds (one input file where the split parts are two):

  $ $B $O --threads=1 --hdr-log=- run > pod.log 2>&1; echo "exit $?"
  exit 0
  $ grep -c '^hdr: ' pod.log | awk '{ print ($1 >= 8) ? "log lines" : "few" }'; grep -c '^Threads started' pod.log
  log lines
  1
  $ grep '^{' pod.log > p.json; sed -n 's/^hdr: //p' pod.log > p.hlog; head -n 1 p.hlog
  #[Histogram log format version 1.3]
  $ $B merge --report-format=json pod.log > s1.json; $B merge --report-format=json p.json p.hlog > s2.json
  $ python3 - <<'PY'
  > import json
  > a, b = [[json.loads(l) for l in open(p)] for p in ("s1.json", "s2.json")]
  > strip = lambda o: {k: v for k, v in o.items() if k not in ("files", "inputs", "interval_inputs")}
  > print(len(a), [strip(x) == strip(y) for x, y in zip(a, b)].count(False), a[-1]["hdr_logs"], a[-1]["json_files"])
  > PY
  5 0 1 1

A thread sweep's json: merge takes its last step (its final line and its
interval lines, not those of the steps before). How many ticks a step
prints depends on whether the run's end beat the last one (a loaded
machine): compared with the step's own lines in the file:

  $ $B cpu --threads=1,2 --time=1 --report-interval=0.5 --report-format=json run > sw.json 2>/dev/null
  $ $B merge --report-format=json sw.json > swm.json
  $ python3 - sw.json swm.json <<'PY'
  > import json, sys
  > src = [json.loads(l) for l in open(sys.argv[1])]
  > out = [json.loads(l) for l in open(sys.argv[2])]
  > last = [(o["time"], o["threads"]) for o in src if o["type"] == "interval" and o["step"] == 2]
  > got = [(o["time"], o["threads"]) for o in out if o["type"] == "interval"]
  > print("last step's ticks" if got == last and len(got) >= 1 else "got %s want %s" % (got, last),
  >       out[-1]["threads"], {o["threads"] for o in src if o["type"] == "interval"} == {1, 2})
  > PY
  last step's ticks 2 True

A sweep writes one log per step: not to stdout.

  $ $B cpu --threads=1,2 --time=1 --hdr-log=- run 2>&1 | grep FATAL
  FATAL: --hdr-log=-: a sweep writes one log per step: give a file name or a directory
