--prom-scrape: Prometheus exporters scraped at each report tick
(docs/observe.md): a real prometheus-node-exporter on loopback, whose disk
figures must agree with bench's own --host-stats and with iostat -x run
beside it, and a fake exporter (tests/lib/fake_exporter.py) that answers
what the test wants: counter resets, odd text, a hang, errors.

  $ command -v prometheus-node-exporter > /dev/null && command -v iostat > /dev/null || exit 80
  $ . "$BENCH_SRCDIR/tests/lib/promexp.sh"
  $ trap promexp_stop_all EXIT
  $ promexp_start node

The device this test's folder is on; none (tmpfs): skipped.

  $ DEV=$(df --output=source . | tail -1)
  $ case $DEV in /dev/*) DEV=${DEV#/dev/} ;; *) exit 80 ;; esac
  $ DQ="node_disk_written_bytes_total{device=\"$DEV\"}"

dd writes 64 MiB with O_DIRECT to a file on the device during a 4 s run
(of the cpu workload: bench itself writes nothing). The run's totals of
the device's written bytes and write requests, from node_exporter and
from /proc (--host-stats), agree within 10% (other tests on this machine
write too, and both count that). On a loaded machine a scrape may be late
(the tick waits 250 ms at most): that interval is skipped and its counts
go to the next, so the checks hold whatever is skipped:

  $ $BENCH cpu --threads=1 --time=4 --report-interval=1 --host-stats=on --host-stats-devices="$DEV" \
  >   --prom-scrape="$PROM_NODE_URL" --prom-devices="$DEV" --report-format=json run 2> run.err > run.json &
  $ pid=$!
  $ until [ -s run.json ] || ! kill -0 $pid 2> /dev/null; do sleep 0.05; done
  $ dd if=/dev/zero of=dd.out bs=1M count=64 oflag=direct status=none
  $ wait $pid
  $ rm -f dd.out
  $ grep -E 'WARNING|FATAL' run.err | grep -v 'was not scraped at'
  [1]
  $ python3 - "$DEV" <<'PY'
  > import json, sys
  > dev = sys.argv[1]
  > objs = [json.loads(l) for l in open("run.json")]
  > fin = objs[-1]
  > host = fin["host"]["disks"][dev]
  > (name, prom), = fin["prom"].items()
  > t = fin["host"]["time"]
  > wb = prom["counters"]['node_disk_written_bytes_total{device="%s"}' % dev]
  > wr = prom["counters"]['node_disk_writes_completed_total{device="%s"}' % dev]
  > print("dd's 64 MiB seen:", wb >= 64 << 20)
  > for what, p, h in (("written kB", wb / 1024, host["wkB/s"] * t), ("writes", wr, host["w/s"] * t)):
  >     print(what, "within 10%" if abs(p - h) <= 0.1 * h else "prom %.0f host %.0f" % (p, h))
  > print("url", prom["url"] == name.join(("http://", "/metrics")), "end sample", prom["end_sample"],
  >       "scrapes", prom["scrapes"] >= 5)
  > # every interval's counters are non-negative rates, the gauges are there
  > iv = [o["prom"][name] for o in objs if o["type"] == "interval" and "prom" in o and "skipped" not in o["prom"][name]]
  > print("intervals", len(iv) >= 3, "rates >= 0:", all(v is not None and v >= 0 for o in iv for v in o["rates"].values()))
  > print(sorted(k.split("{")[0] for k in iv[0]["gauges"]))
  > modes = sorted(k for k in iv[0]["rates"] if k.startswith("node_cpu"))
  > print(modes[:2], len(modes) >= 8)
  > # the intervals' deltas and the tail add up to the run's
  > tot = sum(o["counters"][k] for o in iv for k in [ 'node_disk_written_bytes_total{device="%s"}' % dev]) + prom["tail"]["counters"]['node_disk_written_bytes_total{device="%s"}' % dev]
  > print("adds up:", tot == wb)
  > PY
  dd's 64 MiB seen: True
  written kB within 10%
  writes within 10%
  url True end sample True scrapes True
  intervals True rates >= 0: True
  ['node_load1', 'node_memory_Dirty_bytes', 'node_memory_MemAvailable_bytes', 'node_memory_MemTotal_bytes']
  ['node_cpu_seconds_total{mode="idle"}', 'node_cpu_seconds_total{mode="iowait"}'] True
  adds up: True

Beside iostat -x: a steady load of direct 16 KiB writes (2000 a second,
10 s); iostat runs for 5 s from bench's first interval report; each json
line is stamped with the time it came out, and the intervals that ended
within iostat's seconds give node_exporter's mean w/s and wkB/s, which
agree with iostat's within 10% (a skipped interval's time goes to the next
one with its counts; the load is steady):

  $ F="--file-num=2 --file-total-size=64M"
  $ $BENCH fileio $F prepare > /dev/null
  $ stamp() { while IFS= read -r l; do printf '%s %s\n' "$EPOCHREALTIME" "$l"; done; }
  $ $BENCH fileio $F --file-test-mode=rndwr --file-extra-flags=direct --file-fsync-freq=0 \
  >   --rate=2000 --time=10 --report-interval=1 --prom-scrape="$PROM_NODE_URL" --prom-devices="$DEV" \
  >   --prom-metrics="node_disk_writes_completed_total{device=\"$DEV\"},$DQ" \
  >   --report-format=json run 2> /dev/null | stamp > run.txt &
  $ pid=$!
  $ until [ -s run.txt ] || ! kill -0 $pid 2> /dev/null; do sleep 0.05; done
  $ t0=$EPOCHREALTIME; iostat -dxky "$DEV" 1 5 > iostat.txt; t1=$EPOCHREALTIME
  $ wait $pid
  $ $BENCH fileio $F cleanup > /dev/null
  $ python3 - "$DEV" "$t0" "$t1" <<'PY'
  > import json, sys
  > dev, t0, t1 = sys.argv[1], float(sys.argv[2]), float(sys.argv[3])
  > objs = [(float(a), json.loads(b)) for a, b in (l.split(" ", 1) for l in open("run.txt"))]
  > pv = [list(o["prom"].values())[0] for a, o in objs if o["type"] == "interval" and t0 + 0.5 <= a <= t1 + 0.5]
  > head = next(l.split() for l in open("iostat.txt") if l.startswith("Device"))
  > io = [dict(zip(head, l.split())) for l in open("iostat.txt") if l.split()[:1] == [dev]]
  > print("intervals", len(pv) >= 4, "iostat seconds", len(io))
  > key = {"w/s": 'node_disk_writes_completed_total{device="%s"}', "wkB/s": 'node_disk_written_bytes_total{device="%s"}'}
  > for k in ("w/s", "wkB/s"):
  >     tot = sum(p["counters"][key[k] % dev] for p in pv if "skipped" not in p)
  >     b = tot / sum(p["time"] for p in pv if "skipped" not in p) / (1024 if k == "wkB/s" else 1)
  >     i = sum(float(r[k]) for r in io) / len(io)
  >     print(k, "prom %.0f iostat %.0f" % (b, i) if abs(b - i) > 0.1 * i else "within 10%")
  > PY
  intervals True iostat seconds 5
  w/s within 10%
  wkB/s within 10%

The text line, only when asked: counters per second (bytes as MB/s),
gauges as read:

  $ $BENCH cpu --time=2 --report-interval=1 --prom-scrape="$PROM_NODE_URL" --prom-devices="$DEV" \
  >   --prom-stats-line=on run | grep ' prom ' | head -1 | sed "s/ $DEV\b/ DEV/g; s/\[$DEV\]/[DEV]/g; s/:[0-9]*:/:PORT:/"
  \[ \d+s \] prom 127.0.0.1:PORT: context_switches/s: [0-9.]+ cpu_seconds\[idle\]/s: [0-9.]+ .* disk_written_MB\[DEV\]/s: [0-9.]+ load1: [0-9.]+ memory_Dirty_MB: [0-9.]+ .* (re)

A dead exporter, or a selector that matches nothing, is one warning at
the start; the run goes on without it (exit 0, the other exporter's
figures are there):

  $ $BENCH cpu --time=2 --report-interval=1 --report-format=json \
  >   --prom-scrape="$PROM_NODE_URL,dead=http://127.0.0.1:1/metrics" \
  >   --prom-metrics="node_load1,no_such_metric,node_disk_read_bytes_total{device=\"no_such_dev\"}" run > dead.json 2> dead.err; echo "exit $?"
  exit 0
  $ grep -E 'WARNING|FATAL' dead.err | grep -v 'was not scraped at' | sed "s/:[0-9]*:/:PORT:/"
  WARNING: --prom-metrics: 'no_such_metric', 'node_disk_read_bytes_total{device="no_such_dev"}' matches nothing on 127.0.0.1:PORT: going on without them
  WARNING: --prom-scrape: cannot scrape dead (http://127.0.0.1:1/metrics): Couldn't connect to server: going on without it
  $ python3 -c 'import json,sys; o=[json.loads(l) for l in open("dead.json")]; print(len(o[-1]["prom"]), list(o[-1]["prom"])[0].startswith("127.0.0.1:"), list(list(o[-1]["prom"].values())[0]["gauges"]))'
  1 True ['node_load1']

A fake exporter answers, in turn: the start (a counter at 100, a gauge,
labels with escapes, a histogram, a NaN gauge, a timestamp, one line that
is not the format), then 200, then 50 (the counter restarted), then a
hang of 3 s (the tick's wait is 250 ms: that report has none, its counts
go to the next), then 80 for good. The checks hold whatever else a loaded
machine skips (a late scrape is skipped too): the totals, the sums, the
signs:

  $ python3 - <<'PY' > bodies.json
  > import json
  > def body(c, g=5):
  >     return ("# HELP jobs_done_total Jobs.\n# TYPE jobs_done_total counter\n"
  >             'jobs_done_total{queue="a\\"b",path="C:\\\\x"} %d 1700000000000\n' % c +
  >             "# TYPE depth gauge\ndepth %d\n" % g +
  >             "# TYPE lat histogram\nlat_bucket{le=\"+Inf\"} %d\nlat_sum 1.5\nlat_count %d\n" % (c, c) +
  >             "weird NaN\nnot a sample line\n")
  > print(json.dumps([{"body": body(100, 5)}, {"body": body(200, 7)}, {"body": body(50, 9)},
  >                   {"body": body(60), "sleep": 3}, {"body": body(80, 11)}]))
  > PY
  $ promexp_start fake bodies.json
  $ $BENCH cpu --time=5 --report-interval=1 --report-format=json --prom-scrape="fake=$PROM_FAKE_URL" \
  >   --prom-metrics='jobs_done_total,depth,weird,sum(lat_count),lat_bucket{le="+Inf"}' run > fake.json 2> fake.err
  $ grep WARNING fake.err | sed 's/scraped at [0-9.]* s/scraped at T s/'
  WARNING: --prom-scrape: fake: 1 line not in the Prometheus text format skipped (the first: line 11: not a number; said once)
  WARNING: --prom-scrape: fake was not scraped at T s (no answer within 250 ms): that report has none of its figures, their counts go to the next one (said once)
  $ python3 - <<'PY'
  > import json
  > objs = [json.loads(l) for l in open("fake.json")]
  > J = 'jobs_done_total{path="C:\\\\x",queue="a\\"b"}'
  > iv = [o["prom"]["fake"] for o in objs if o["type"] == "interval"]
  > fin = objs[-1]["prom"]["fake"]
  > got = [p for p in iv if "skipped" not in p]
  > print("skipped", len(iv) - len(got) >= 1, fin["skipped"] >= 1, "intervals", len(got) >= 2)
  > # the restart from 200 to 50 counts 50: 100 + 50 + 30 in all (a load
  > # that makes the scrape of 200 late too skips it: 50 + 30)
  > tot = fin["counters"][J]
  > print(sorted(fin["counters"]))
  > print("final", tot == 180 or (fin["skipped"] >= 2 and tot == 80), sorted(set(fin["counters"].values())) == [tot], fin["gauges"])
  > print("intervals and tail add up:", sum(p["counters"][J] for p in got) + fin["tail"]["counters"][J] == tot,
  >       "never negative:", all(v >= 0 for p in got for v in list(p["counters"].values()) + list(p["rates"].values())))
  > print("sum() and histogram counts move with it:", all(p["counters"][J] == p["counters"]["lat_count"] == p["counters"]['lat_bucket{le="+Inf"}'] for p in got))
  > print("gauges:", sorted(set(p["gauges"]["depth"] for p in got)) == sorted(set(p["gauges"]["depth"] for p in got) & {7, 9, 11}), set(p["gauges"]["weird"] for p in got))
  > PY
  skipped True True intervals True
  ['jobs_done_total{path="C:\\\\x",queue="a\\"b"}', 'lat_bucket{le="+Inf"}', 'lat_count']
  final True True {'depth': 11, 'weird': None}
  intervals and tail add up: True never negative: True
  sum() and histogram counts move with it: True
  gauges: True {None}

An HTTP error at the start, and an exporter with none of the default set,
are one warning each:

  $ F=$PROM_FAKE_URL
  $ echo '[{"status": 404, "body": "no such page"}]' > e404.json
  $ echo '[{"body": "# TYPE other_total counter\nother_total 1\n"}]' > other.json
  $ promexp_start fake e404.json && E404=$PROM_FAKE_URL
  $ promexp_start fake other.json && OTHER=$PROM_FAKE_URL
  $ $BENCH cpu --time=1 --report-format=json --prom-scrape="e404=$E404,other=$OTHER" run 2>&1 > /dev/null | grep WARNING | sed 's/:[0-9][0-9]*\//:PORT\//'
  WARNING: --prom-scrape: cannot scrape e404 (http://127.0.0.1:PORT/metrics): HTTP status 404: going on without it
  WARNING: --prom-scrape: other has none of the default metrics (node_exporter's, mysqld_exporter's, postgres_exporter's): going on without it; name its metrics with --prom-metrics

Bad input is one FATAL line and exit 1: a selector that does not parse, a
URL that is no http(s) one, a password in the URL (use ~/.netrc), two
exporters of one name:

  $ for a in '--prom-metrics=x{a=1}' '--prom-scrape=ftp://h/m' '--prom-scrape=http://u:pw@h:1/m' \
  >          '--prom-scrape=http://h:1/a,http://h:1/b'; do
  >   case $a in --prom-metrics*) s=--prom-scrape=$PROM_NODE_URL ;; *) s= ;; esac
  >   $BENCH cpu --time=1 $s "$a" run 2>&1 | grep FATAL; echo "exit ${PIPESTATUS[0]}"
  > done
  FATAL: --prom-metrics: 'x{a=1}': the value of label 'a' is not in double quotes
  exit 1
  FATAL: --prom-scrape: 'ftp://h/m' is not an http:// or https:// URL
  exit 1
  FATAL: --prom-scrape: no password in the URL (it would show in the process list and the results): put it in ~/.netrc
  exit 1
  FATAL: --prom-scrape: two exporters named 'h:1': tell them apart as NAME=URL
  exit 1

Its companion options without it are one warning each; with csv reports,
or text without its line, one warning says where the figures are:

  $ $BENCH cpu --events=1 --time=0 --prom-metrics=x --prom-devices=vda --prom-stats-line=on run | grep WARNING
  WARNING: --prom-metrics does nothing without --prom-scrape
  WARNING: --prom-devices does nothing without --prom-scrape
  WARNING: --prom-stats-line does nothing without --prom-scrape
  $ $BENCH cpu --events=1 --time=0 --prom-scrape="$PROM_NODE_URL" run | grep WARNING
  WARNING: --prom-scrape: text reports show its figures only with --prom-stats-line=on (json reports carry them all)
