bench compare RUN... puts the final figures of two or more runs side by
side, each with its ratio to the first run. RUNs are bench json results
(each optionally followed by its --hdr-log file) and sysbench 1.0.x text
output.

  $ B="$BENCH"

Known inputs: an HDD and an SSD run (hand-written final lines, as bench
writes them):

  $ cat > hdd.json <<'J'
  > {"type":"interval","time":1,"threads":16,"events":200,"tps":200,"qps":4000}
  > {"type":"final","time":60,"total_time":60,"threads":16,"events":12000,"eps":200,"tps":200,"reads":168000,"reads_per_sec":2800,"writes":48000,"writes_per_sec":800,"other":24000,"other_per_sec":400,"errors":3,"reconnects":0,"queries":240000,"qps":4000,"latency_ms":{"min":1.5,"avg":88,"max":900,"sum":1056000,"percentiles":{"95":250,"99":480}}}
  > J
  $ cat > ssd.json <<'J'
  > {"type":"final","time":60,"total_time":60,"threads":16,"events":67560,"eps":1126,"tps":1126,"reads":945840,"reads_per_sec":15764,"writes":270240,"writes_per_sec":4504,"other":135120,"other_per_sec":2252,"errors":6,"reconnects":0,"queries":1351200,"qps":22520,"latency_ms":{"min":0.4,"avg":2,"max":45,"sum":135120,"percentiles":{"95":5,"99":12}}}
  > J

The default table: tps 5.63x, writes 5.63x, average latency 44 times lower
(0.0227x); p95 and p99 by default:

  $ $B compare hdd.json ssd.json; echo "exit $?"
  metric                hdd       ssd  ssd/hdd
  threads                16        16    1.00x
  time (s)            60.00     60.00    1.00x
  events              12000     67560    5.63x
  tps                200.00   1126.00    5.63x
  qps               4000.00  22520.00    5.63x
  reads/s           2800.00  15764.00    5.63x
  writes/s           800.00   4504.00    5.63x
  other/s            400.00   2252.00    5.63x
  latency avg (ms)   88.000     2.000  0.0227x
  latency p95 (ms)  250.000     5.000  0.0200x
  latency p99 (ms)  480.000    12.000  0.0250x
  latency max (ms)  900.000    45.000  0.0500x
  errors                  3         6    2.00x
  reconnects              0         0        -
  exit 0

Names from --label; markdown; a percentile the files do not state is
missing (with a warning on stderr saying how to get it, when asked for
with --percentile):

  $ $B compare --label=HDD,SSD --report-format=markdown --percentile=99,99.9 hdd.json ssd.json 2>err
  | metric             |     HDD |      SSD | SSD/HDD |
  |---|---:|---:|---:|
  | threads            |      16 |       16 |   1.00x |
  | time (s)           |   60.00 |    60.00 |   1.00x |
  | events             |   12000 |    67560 |   5.63x |
  | tps                |  200.00 |  1126.00 |   5.63x |
  | qps                | 4000.00 | 22520.00 |   5.63x |
  | reads/s            | 2800.00 | 15764.00 |   5.63x |
  | writes/s           |  800.00 |  4504.00 |   5.63x |
  | other/s            |  400.00 |  2252.00 |   5.63x |
  | latency avg (ms)   |  88.000 |    2.000 | 0.0227x |
  | latency p99 (ms)   | 480.000 |   12.000 | 0.0250x |
  | latency p99.9 (ms) |       - |        - |       - |
  | latency max (ms)   | 900.000 |   45.000 | 0.0500x |
  | errors             |       3 |        6 |   2.00x |
  | reconnects         |       0 |        0 |       - |
  $ cat err
  WARNING: compare: 'hdd.json' (HDD) states no 99.9th percentile: give its --hdr-log file after it for any percentile
  WARNING: compare: 'ssd.json' (SSD) states no 99.9th percentile: give its --hdr-log file after it for any percentile

A '|' in a name is escaped in markdown (it would start a new column):

  $ $B compare --label='HDD|raid,SSD' --report-format=markdown hdd.json ssd.json | head -3
  | metric           | HDD\|raid |      SSD | SSD/HDD\|raid |
  |---|---:|---:|---:|
  | threads          |        16 |       16 |         1.00x |

csv (full precision, empty cells for what is missing) and json:

  $ $B compare --report-format=csv hdd.json ssd.json hdd.json
  metric,hdd,ssd,ssd/hdd,hdd,hdd/hdd
  threads,16,16,1,16,1
  time,60,60,1,60,1
  events,12000,67560,5.63,12000,1
  tps,200,1126,5.63,200,1
  qps,4000,22520,5.63,4000,1
  reads_per_sec,2800,15764,5.63,2800,1
  writes_per_sec,800,4504,5.63,800,1
  other_per_sec,400,2252,5.63,400,1
  lat_avg_ms,88,2,0.02272727273,88,1
  lat_p95_ms,250,5,0.02,250,1
  lat_p99_ms,480,12,0.025,480,1
  lat_max_ms,900,45,0.05,900,1
  errors,3,6,2,3,1
  reconnects,0,0,,0,
  $ $B compare --report-format=json hdd.json ssd.json | python3 -c '
  > import json, sys
  > o = json.load(sys.stdin)
  > print(o["type"], [(r["name"], r["source"], r["hdr_log"]) for r in o["runs"]])
  > for k in ("tps", "lat_avg_ms", "reconnects"):
  >     print(k, o["metrics"][k]["values"], o["metrics"][k]["ratios"])'
  compare [('hdd', 'bench-json', None), ('ssd', 'bench-json', None)] (esc)
  tps [200.0, 1126.0] [1.0, 5.63]
  lat_avg_ms [88.0, 2.0] [1.0, 0.02272727273]
  reconnects [0, 0] [1.0, None]

With its --hdr-log file after it, a run's percentiles are exact and any
percentile can be asked for: they are the ones of the run's own histogram
(the json final line states p50 and p95 from it), and p99.9 is there too:

  $ $B cpu --threads=1 --events=3000 --time=0 --percentile=50,95 --report-format=json --hdr-log=cpu.hlog run > cpu.json 2>/dev/null
  $ $B compare --report-format=json --percentile=50,95,99.9 cpu.json cpu.hlog cpu.json > both.json; echo "exit $?"
  WARNING: compare: 'cpu.json' (cpu) states no 99.9th percentile: give its --hdr-log file after it for any percentile
  exit 0
  $ python3 - <<'PY'
  > import json
  > o = json.load(open("both.json"))
  > fin = json.loads(open("cpu.json").read().splitlines()[-1])
  > m = o["metrics"]
  > print([r["percentiles_exact"] for r in o["runs"]], o["runs"][0]["hdr_log"])
  > print("events", m["events"]["values"])
  > for p in ("50", "95"):
  >     print("p" + p, m["lat_p%s_ms" % p]["values"] == [fin["latency_ms"]["percentiles"][p]] * 2)
  > v = m["lat_p99.9_ms"]["values"]
  > print("p99.9", v[0] is not None and v[0] >= fin["latency_ms"]["percentiles"]["95"], v[1])
  > PY
  [True, False] cpu.hlog
  events [3000, 3000]
  p50 True
  p95 True
  p99.9 True None

sysbench 1.0.20's own text output (the installed sysbench), parsed
strictly: the events, the latency block and the time are read as printed,
and tps is events over the total time when there is no SQL statistics
block (bench's eps):

  $ sysbench cpu --threads=1 --events=2000 --time=0 --cpu-max-prime=2000 run > sb_cpu.txt
  $ head -1 sb_cpu.txt | cut -d' ' -f1,2
  sysbench 1.0.20
  $ $B compare --report-format=json sb_cpu.txt cpu.json > sb.json; echo "exit $?"
  exit 0
  $ python3 - <<'PY'
  > import json, re
  > o = json.load(open("sb.json"))
  > t = open("sb_cpu.txt").read()
  > num = lambda k: float(re.search(r"^\s*" + re.escape(k) + r"\s+([0-9.]+)", t, re.M).group(1))
  > m = {k: v["values"][0] for k, v in o["metrics"].items()}
  > print(o["runs"][0]["source"], m["threads"], m["events"])
  > print("time", m["time"] == num("total time:"), "avg", m["lat_avg_ms"] == num("avg:"),
  >       "max", m["lat_max_ms"] == num("max:"), "p95", m["lat_p95_ms"] == num("95th percentile:"))
  > print("tps", abs(m["tps"] * num("total time:") / 2000 - 1) < 1e-9, "p99", m["lat_p99_ms"])
  > print("ratio", round(o["metrics"]["events"]["ratios"][1], 6))
  > PY
  sysbench-text 1 2000
  time True avg True max True p95 True
  tps True p99 None
  ratio 1.5

bench's own text report too, with what it adds (several percentiles in
the interval lines, checkpoint reports before the final one, the --rate
and --latency-limit blocks, the histogram): the final report's figures are
read:

  $ $B cpu --time=1 --rate=300 --report-lag --latency-limit=1 --histogram --percentile=50,99 \
  >   --report-interval=0.25 --report-checkpoints=0.5 run > bench_cpu.txt 2>&1
  $ grep -c 'Checkpoint report' bench_cpu.txt
  1
  $ $B compare --report-format=json --percentile=50,99 bench_cpu.txt > bc.json; echo "exit $?"
  exit 0
  $ python3 - <<'PY'
  > import json, re
  > m = {k: v["values"][0] for k, v in json.load(open("bc.json"))["metrics"].items()}
  > t = open("bench_cpu.txt").read()
  > lat = t.split("\nLatency (ms):\n")[-1].split("\n\n")[0]
  > last = lambda k, t=t: float(re.findall(r"^\s*" + re.escape(k) + r"\s+([0-9.]+)", t, re.M)[-1])
  > print(m["events"] == last("total number of events:"), m["lat_p50_ms"] == last("50th percentile:", lat),
  >       m["lat_p99_ms"] == last("99th percentile:", lat), m["lat_max_ms"] == last("max:", lat))
  > PY
  True True True True

An OLTP run of sysbench against a throwaway MariaDB: its SQL statistics
block gives tps and qps as printed, reads/writes/other per second over the
total time, errors and reconnects:

  $ . "$BENCH_SRCDIR/tests/lib/dbserver.sh"
  $ trap dbserver_stop_all EXIT
  $ dbserver_start mysql
  $ MY=$(dbserver_conn_opts mysql)
  $ $B oltp_read_write $MY --tables=1 --table-size=1000 prepare > /dev/null
  $ sysbench oltp_read_write $MY --tables=1 --table-size=1000 --threads=2 --events=40 --time=0 --report-interval=1 run > sb_oltp.txt
  $ grep -c 'mysql-password\|sbtest_pw' sb_oltp.txt
  0
  [1]
  $ $B oltp_read_write $MY --tables=1 --table-size=1000 --threads=2 --events=40 --time=0 --report-format=json run > bench_oltp.json 2>/dev/null
  $ $B compare --label=sysbench,bench sb_oltp.txt bench_oltp.json | grep -E '^(metric|threads|events|qps|reads/s) ' | awk '{ print $1, $(NF-2), $(NF-1), $NF }'
  metric sysbench bench bench/sysbench
  threads 2 2 1.00x
  events 40 40 1.00x
  qps * * *x (glob)
  reads/s * * *x (glob)
  $ $B compare --report-format=json sb_oltp.txt > oltp.json 2>/dev/null; echo "exit $?"
  exit 0
  $ python3 - <<'PY'
  > import json, re
  > m = {k: v["values"][0] for k, v in json.load(open("oltp.json"))["metrics"].items()}
  > t = open("sb_oltp.txt").read()
  > g = lambda k: re.search(r"^\s*" + re.escape(k) + r"\s+([0-9.]+)(?:\s+\(([0-9.]+) per sec\.\))?", t, re.M).groups()
  > time = float(g("total time:")[0])
  > print("events", m["events"], "threads", m["threads"], "errors", m["errors"] == float(g("ignored errors:")[0]),
  >       "reconnects", m["reconnects"])
  > print("tps", m["tps"] == float(g("transactions:")[1]), "qps", m["qps"] == float(g("queries:")[1]))
  > for k, key in (("read:", "reads_per_sec"), ("write:", "writes_per_sec"), ("other:", "other_per_sec")):
  >     print(key, round(m[key] * time) == int(g(k)[0]))
  > PY
  events 40 threads 2 errors True reconnects 0
  tps True qps True
  reads_per_sec True
  writes_per_sec True
  other_per_sec True

A thread sweep's json (one final line per step) gives one column per
step, named by its thread count (hand-written here; tests/t/sweep.t has
real sweeps); other line types are skipped. The hdr logs of the steps
follow it, in order:

  $ { sed 's/"threads":16/"threads":1/' hdd.json; sed 's/"threads":16/"threads":8/' ssd.json
  >   echo '{"type":"sweep","steps":2}'; } > sweep.json
  $ $B compare sweep.json | head -5
  metric            sweep@1t  sweep@8t  sweep@8t/sweep@1t
  threads                  1         8              8.00x
  time (s)             60.00     60.00              1.00x
  events               12000     67560              5.63x
  tps                 200.00   1126.00              5.63x

A real sweep (`--threads=1,2 --hdr-log=sw.hlog` writes one log per step,
sw-step1-t1.hlog and sw-step2-t2.hlog):

  $ $B cpu --threads=1,2 --events=500 --time=0 --percentile=95 --report-format=json --hdr-log=sw.hlog run > sw.json 2>/dev/null
  $ ls sw*.hlog
  sw-step1-t1.hlog
  sw-step2-t2.hlog
  $ $B compare --report-format=csv --percentile=99.9 sw.json sw-step1-t1.hlog sw-step2-t2.hlog > sw.csv; echo "exit $?"
  exit 0
  $ sed -n '1p;2p;4p' sw.csv; grep -c '^lat_p99.9_ms,[0-9.]*,[0-9.]*,[0-9.]*$' sw.csv
  metric,sw@1t,sw@2t,sw@2t/sw@1t
  threads,1,2,2
  events,500,500,1
  1
Two sweeps of the same number of steps side by side (two storage setups
swept over the same thread counts): first the sweeps at a glance (one row
per step; per sweep its tps, p95 and p99, and the tps ratio to the
first), then one table per step, the columns named by their files, ratios
to the first file's run of that step:

  $ sed 's/"events":500,/"events":1000,/; s/"tps":\([0-9.]*\),/"tps":2000,/' sw.json > sw_b.json
  $ $B compare --label=A,B sw.json sw-step1-t1.hlog sw-step2-t2.hlog sw_b.json > glance.txt
  $ sed -n '1,/^$/p' glance.txt
  Sweeps side by side: tps, latency percentiles, tps over A's
  
  $ sed -n '3,5p' glance.txt | awk '{ $1 = $1; print }' | sed -E 's/[0-9]+\.[0-9]{3}/MS/g'
  threads A tps p95 (ms) p99 (ms) B tps p95 (ms) p99 (ms) B/A tps
  1 * MS MS 2000.00 MS - *x (glob)
  2 * MS MS 2000.00 MS - *x (glob)
  $ awk 'NR == 4 || NR == 5 { printf "%s ", ($2 > 0 && $8 == sprintf("%.2fx", 2000 / $2)) ? "ratio ok" : "ratio " $2 " " $8 } END { print "" }' glance.txt
  ratio ok ratio ok 
  $ sed -n '/^Step 1/,$p' glance.txt | grep -E '^(Step|metric|threads|events|tps) |^$' | awk '{ $1 = $1; print }'
  Step 1 of 2: 1 thread(s)
  
  metric A B B/A
  threads 1 1 1.00x
  events 500 1000 2.00x
  tps * 2000.00 * (glob)
  
  Step 2 of 2: 2 thread(s)
  
  metric A B B/A
  threads 2 2 1.00x
  events 500 1000 2.00x
  tps * 2000.00 * (glob)
  $ $B compare --report-format=csv sw.json sw_b.json | sed -n '1,3p;/^2,events/p'
  step,metric,sw,sw_b,sw_b/sw
  1,threads,1,1,1
  1,time,*,*,1 (glob)
  2,events,500,1000,2
  $ $B compare --report-format=json sw.json sw_b.json | python3 -c '
  > import json, sys
  > for l in sys.stdin:
  >     o = json.loads(l)
  >     print(o["step"], [(r["name"], r["step_name"]) for r in o["runs"]], o["metrics"]["events"]["ratios"])'
  1 [('sw', 'sw@1t'), ('sw_b', 'sw_b@1t')] [1.0, 2.0]
  2 [('sw', 'sw@2t'), ('sw_b', 'sw_b@2t')] [1.0, 2.0]
  $ $B compare sw.json sw-step1-t1.hlog sw-step2-t2.hlog cpu.hlog
  FATAL: compare: hdr log 'cpu.hlog': every run of 'sw.json' has its hdr log already (one hdr log per run, or per step of a sweep)
  [1]

A 12-step sweep: the step logs are zero-padded (a glob lists them in
order), each log says in its header which run and step it belongs to, and
compare matches a log to its step by that, whatever the order of the
arguments:

  $ $B cpu --threads=1,2,3,4,5,6,7,8,9,10,11,12 --events=40 --cpu-max-prime=2000 --time=0 --report-format=json --hdr-log=s12.hlog run > s12.json 2>/dev/null
  $ echo s12-step*.hlog | wc -w; echo s12-step*.hlog | cut -d' ' -f1,2,10
  12
  s12-step01-t1.hlog s12-step02-t2.hlog s12-step10-t10.hlog
  $ grep -h '^#\[bench run' s12-step02-t2.hlog s12-step10-t10.hlog | sed 's/run [0-9a-f]\{16\}/run ID/'
  #[bench run ID step 2 threads 2]
  #[bench run ID step 10 threads 10]
  $ grep -c "\"run_id\":\"$(grep -o '[0-9a-f]\{16\} step 2 ' s12-step02-t2.hlog | cut -d' ' -f1)\"" s12.json
  12
  $ $B compare --report-format=json s12.json $(ls s12-step*.hlog | sort -r) | python3 -c '
  > import json, sys
  > runs = [r for r in json.load(sys.stdin)["runs"] if r["hdr_log"]]
  > print(len(runs), [r["hdr_log"] for r in runs if not r["hdr_log"].endswith("-t%s.hlog" % r["name"].split("@")[1][:-1])])'
  12 []

Logs named the old way (step1, step10, step11, step2... in a glob) are
matched by their header too; a log of another run, or two logs of one
step, are errors naming both files:

  $ for f in s12-step*.hlog; do cp "$f" "old-$(echo "$f" | sed 's/step0/step/')"; done
  $ $B compare --report-format=json s12.json old-s12-step*.hlog | python3 -c '
  > import json, sys
  > print(all(r["hdr_log"].endswith("-t%s.hlog" % r["name"].split("@")[1][:-1]) for r in json.load(sys.stdin)["runs"]))'
  True
  $ $B compare s12.json s12-step01-t1.hlog cpu.hlog
  FATAL: compare: hdr log 'cpu.hlog' was written by another run (*) than 's12.json' (*) (glob)
  [1]
  $ $B compare s12.json s12-step03-t3.hlog old-s12-step3-t3.hlog
  FATAL: compare: hdr logs 's12-step03-t3.hlog' and 'old-s12-step3-t3.hlog' are both the log of step 3 of 's12.json'
  [1]
  $ $B compare cpu.json s12-step03-t3.hlog
  FATAL: compare: hdr log 's12-step03-t3.hlog' is the log of step 3 of a sweep, and 'cpu.json' has no step 3
  [1]
  $ $B plot s12.json $(ls s12-step*.hlog | sort -r) -o s12.svg; echo "exit $?"
  exit 0

Errors: one line naming the file and the problem, exit status 1:

  $ echo "hello" > hello.txt; : > empty.txt
  $ $B compare hello.txt hdd.json
  FATAL: compare: 'hello.txt' is neither a bench json result nor sysbench text output (no "General statistics:" and "Latency (ms):" blocks)
  [1]
  $ $B compare empty.txt
  FATAL: compare: 'empty.txt' is neither a bench json result nor sysbench text output (no "General statistics:" and "Latency (ms):" blocks)
  [1]
  $ sed 's/total number of events:.*/total number of events:  lots/' sb_cpu.txt > bad.txt
  $ $B compare bad.txt
  FATAL: compare: 'bad.txt' line 19: unexpected line in the "General statistics:" block of a sysbench report
  [1]
  $ sed '/Latency (ms):/,$d' sb_cpu.txt > cut.txt
  $ $B compare cut.txt
  FATAL: compare: 'cut.txt' is neither a bench json result nor sysbench text output (its final report is incomplete)
  [1]
  $ printf 'General statistics:\n    total time:                          10.0012s\n    total time taken by event execution: 9.9956\n' > sb05.txt
  $ $B compare sb05.txt
  FATAL: compare: 'sb05.txt' line 3: unexpected line in the "General statistics:" block of a sysbench report (sysbench 0.4/0.5 output: only 1.0.x reports are read)
  [1]
  $ head -c 200 hdd.json > trunc.json
  $ $B compare trunc.json
  FATAL: compare: 'trunc.json' line 2: not a JSON object: '}' expected near end of file
  [1]
  $ head -1 hdd.json > nofinal.json
  $ $B compare nofinal.json
  FATAL: compare: 'nofinal.json' has no "type":"final" line (an interrupted run, or not --report-format=json output)
  [1]
  $ $B compare missing.json
  FATAL: compare: cannot open 'missing.json': No such file or directory
  [1]
  $ $B compare cpu.hlog cpu.json
  FATAL: compare: hdr log 'cpu.hlog' must follow the result file of its run (one hdr log per result file, after it)
  [1]
  $ $B compare --label=a,b,c hdd.json ssd.json
  FATAL: compare: --label names 3 run(s), but there are 2 result file(s)
  [1]
  $ $B compare --report-format=xml hdd.json
  FATAL: compare: invalid value for the 'report-format' option: 'xml' (expected text, markdown, csv or json)
  [1]
  $ $B compare --percentile=101 hdd.json
  * (glob)
  [1]
  $ $B compare --bogus=1 hdd.json
  invalid option: --bogus=1
  [1]
  $ $B compare
  Usage: bench compare [--label=A,B,...] [--percentile=LIST] [--metric=LIST] [--report-format=text|markdown|csv|json] RUN...
  RUNs: --report-format=json results (each optionally followed by its --hdr-log file) and sysbench 1.0.x text output
  [1]

Messages go to stderr, the table alone to stdout:

  $ $B compare --percentile=99.9 hdd.json 2>/dev/null | tail -1
  reconnects                0
  $ $B compare hello.txt 2>/dev/null
  [1]

--help:

  $ $B compare --help | sed -n '1p;/^Options:/,$p'; echo "exit $?"
  Usage: bench compare [--label=A,B,...] [--percentile=LIST] [--metric=LIST] [--report-format=text|markdown|csv|json] RUN...
  Options:
    --label=A,B,...      names of the runs, one per result file [the file names]
    --percentile=LIST    latency percentiles to show [95,99]
    --metric=LIST        more rows: metrics sampled beside the runs, by name or
                         pattern (server.counters.Com_*, host.disks.*.w/s); a
                         counter per transaction
    --report-format=FMT  text (an aligned table), markdown, csv or json [text]
  exit 0
