Percentile lists and --report-format=text|json|csv.

  $ . "$BENCH_SRCDIR/tests/lib/errs.sh"
  $ B="$BENCH"
  $ printf 'function event() end\n' > empty.lua

Help keeps sysbench's --percentile line:

  $ $B --help | grep -E -- '^ +--percentile='
    --percentile=N       percentile to calculate in latency statistics (1-100). Use the special value of 0 to disable percentile calculations [95]

A list of percentiles: one value per percentile on the interval line, one
line per percentile in the final Latency block (values masked):

  $ $B empty.lua --events=20000 --time=0 --rate=10000 --report-lag --rate-overload=continue --percentile=50,95,99.9 --report-interval=0.5 run > text.out
  $ grep -E '^\[' text.out | head -2 | sed -E 's/^\[ [0-9.]+s \]/[ Ns ]/; s/eps: [0-9.]+/eps: N/; s/: [0-9.]+\/[0-9.]+\/[0-9.]+$/: N\/N\/N/; s/length: [0-9]+ concurrency: [0-9]+/length: N concurrency: N/'
  [ Ns ] thds: 1 eps: N lat (ms,50%/95%/99.9%): N/N/N
  [ Ns ] queue length: N concurrency: N
  $ sed -n '/^Latency (ms):/,/sum:/p' text.out | sed -E 's/ +[0-9]+\.[0-9][0-9]$/ N/'
  Latency (ms):
           min: N
           avg: N
           max: N
           50th percentile: N
           95th percentile: N
           99.9th percentile: N
           sum: N
  $ sed -n '/^Schedule lag (ms):/,/^$/p' text.out | grep -c 'th percentile:'
  3

Alignment: the value ends at column 53 as in sysbench:

  $ grep 'th percentile:' text.out | awk '{ print length($0) }' | sort -u
  53

A single value keeps sysbench's layout; the value is right-aligned, so
the line's length (53) does not depend on how many digits it has. (An
interval that ends after the thread has finished its events shows
"thds: 0".)

  $ $B empty.lua --events=1000 --time=0 --rate=4000 --report-lag --rate-overload=continue --percentile=99 --report-interval=0.1 run > single.txt
  $ grep -E 'lat \(ms' single.txt | sed -E 's/^\[ [0-9.]+s \]/[ Ns ]/; s/thds: [01] /thds: T /; s/[0-9]+\.[0-9][0-9]$/N/; s/eps: [0-9.]+/eps: N/' | awk '!seen[$0]++'
  [ Ns ] thds: T eps: N lat (ms,99%): N
  $ grep percentile single.txt | awk '{ n = length($0); sub(/[0-9]+\.[0-9][0-9]$/, "N"); gsub(/ +/, " ") } !seen[n $0]++ { print n ":" $0 }'
  53: 99th percentile: N

Bad lists: one error line, exit 1:

  $ errs $B empty.lua --percentile=50,101 run
  Invalid value for the 'percentile' option: '101' (expected 0..100)
  [1]
  $ errs $B empty.lua --percentile=50,,99 run
  Invalid value for the 'percentile' option: '' (expected 0..100)
  [1]
  $ errs $B empty.lua --percentile=50,abc run
  Invalid value for the 'percentile' option: 'abc' (expected 0..100)
  [1]
  $ errs $B empty.lua --percentile=0,99 run
  Invalid value for the 'percentile' option: '0,99' (0 disables percentiles and cannot be combined with others)
  [1]
  $ errs $B empty.lua --report-format=xml run
  Invalid value for the 'report-format' option: 'xml' (expected text, json or csv)
  [1]

Scripts still see sysbench.opt.percentile as a number, the first value:

  $ printf 'function event() end\nfunction init() print(type(sysbench.opt.percentile), sysbench.opt.percentile) end\n' > pct.lua
  $ $B pct.lua --events=1 --time=0 --percentile=99.9,50 run | grep '^number'
  number\t99.9 (esc)

JSON: stdout has only JSON lines, one per interval plus the final one;
everything else goes to stderr:

  $ $B empty.lua --events=1000 --time=0 --rate=2000 --report-lag --rate-overload=continue --report-interval=0.1 --percentile=50,95,99.9 --report-format=json --mysql-password=secretpw run > out.json 2> err.txt
  $ grep -c 'Running the test' err.txt
  1
  $ grep secretpw out.json err.txt || echo none
  none
  $ cat > check_json.py <<'PY'
  > import json, sys
  > lines = open(sys.argv[1]).read().splitlines()
  > objs = [json.loads(l) for l in lines]
  > iv = [o for o in objs if o["type"] == "interval"]
  > fin = [o for o in objs if o["type"] == "final"]
  > assert len(fin) == 1 and objs[-1] is fin[0], "one final line, last"
  > assert len(iv) >= 2, len(iv)
  > assert len(iv) + 1 == len(objs)
  > keys = ["time", "threads", "events", "eps", "tps", "reads", "writes", "other",
  >         "errors", "reconnects", "reads_per_sec", "errors_per_sec", "latency_ms",
  >         "queue_length", "concurrency", "lag_ms"]
  > for o in iv:
  >     for k in keys:
  >         assert k in o, k
  >     assert sorted(o["latency_ms"]["percentiles"]) == ["50", "95", "99.9"]
  > f = fin[0]
  > assert f["events"] == 1000, f["events"]
  > assert f["threads"] == 1
  > assert sum(o["events"] for o in iv) <= 1000
  > lat = f["latency_ms"]
  > for k in ["min", "avg", "max", "stddev", "sum"]:
  >     assert isinstance(lat[k], (int, float)), k
  > p = lat["percentiles"]
  > assert lat["min"] <= p["50"] <= p["95"] <= p["99.9"] <= lat["max"], lat
  > assert abs(lat["avg"] * 1000 - lat["sum"]) < 1e-6 * lat["sum"] + 1e-9
  > assert f["fairness"]["events_avg"] == 1000
  > for k in ["events_stddev", "time_avg", "time_stddev"]:
  >     assert k in f["fairness"], k
  > assert f["bench_version"] and f["hostname"]
  > assert len(f["start_time"]) == 20 and f["start_time"].endswith("Z")
  > opts = f["options"]
  > assert opts["events"] == 1000 and opts["report-format"] == "json"
  > assert opts["percentile"] == "50,95,99.9"
  > assert not [k for k in opts if "password" in k], "password leaked"
  > assert "mysql-user" in opts
  > print("ok", len(iv), "intervals")
  > PY
  $ python3 check_json.py out.json | sed -E 's/[0-9]+ intervals/N intervals/'
  ok N intervals

Checkpoints are "type":"checkpoint" lines:

  $ $B empty.lua --time=1 --report-checkpoints=0.3 --report-format=json run 2>/dev/null | python3 -c '
  > import json, sys
  > print([json.loads(l)["type"] for l in sys.stdin])'
  ['checkpoint', 'final']

JSON strings are escaped (a workload option holding quotes, a backslash and
a tab):

  $ printf 'sysbench.cmdline.options = { label = {"a label", "x"} }\nfunction event() end\n' > opt.lua
  $ $B opt.lua --events=10 --time=0 --report-format=json "--label=say \"hi\" \\ now	tab" run 2>/dev/null | python3 -c '
  > import json, sys
  > print(repr(json.loads(sys.stdin.read())["options"]["label"]))'
  'say "hi" \\ now\ttab'

CSV: a header, then one row per interval and a final row, all with the
header's column count, the last column the status; then comment lines
describing the run (# key: value):

  $ $B empty.lua --events=2000 --time=0 --rate=4000 --report-lag --rate-overload=continue --report-interval=0.1 --percentile=50,99 --report-format=csv run 2>/dev/null > all.csv
  $ grep -v '^#' all.csv > out.csv
  $ head -1 out.csv
  type,time,threads,events,eps,reads,writes,other,errors,reconnects,lat_min_ms,lat_avg_ms,lat_max_ms,p50_ms,p99_ms,lag_avg_ms,lag_max_ms,svc_avg_ms,svc_max_ms,status
  $ awk -F, '{ print NF }' out.csv | sort -u
  20
  $ tail -1 out.csv | cut -d, -f1,3,4,20
  final,1,2000,completed
  $ grep -c ',running$' out.csv | awk '$1 >= 2 { print "ok" }'
  ok
  $ grep '^#' all.csv | sed 's/[0-9a-f]\{64\}/SHA/'
  # workload: empty.lua
  # workload_path: empty.lua
  # workload_sha256: SHA
  # command_line: */bench empty.lua --events=2000 --time=0 --rate=4000 --report-lag --rate-overload=continue --report-interval=0.1 --percentile=50,99 --report-format=csv run (glob)
  $ grep -c '^interval,' out.csv | awk '$1 >= 2 { print "ok" }'
  ok
  $ python3 -c '
  > import csv
  > rows = list(csv.DictReader(open("out.csv")))
  > assert all(float(r["lat_min_ms"]) <= float(r["p50_ms"]) <= float(r["p99_ms"]) <= float(r["lat_max_ms"]) for r in rows if int(r["events"]))
  > print("ok")'
  ok

--percentile=0 drops the percentile columns:

  $ $B empty.lua --events=100 --time=0 --percentile=0 --report-format=csv run 2>/dev/null | grep -v '^#'
  type,time,threads,events,eps,reads,writes,other,errors,reconnects,lat_min_ms,lat_avg_ms,lat_max_ms,status
  final,\d+(\.\d+)?,1,100,.*,completed (re)
