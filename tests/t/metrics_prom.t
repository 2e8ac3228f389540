SPDX-License-Identifier: GPL-2.0-or-later

bench's own live figures for Prometheus (--metrics-listen, docs/observe.md):
GET /metrics in the Prometheus text format 0.0.4 while a run goes, and a
real Prometheus server (Debian prometheus) scraping bench every second
holds, after a 20 s run, the final report's transactions count. OLTP on
SQLite: no database server.

  $ B="timeout 120 $BENCH"
  $ S="--db-driver=sqlite --tables=1 --table-size=1000"
  $ freeport() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
  $ get() { curl -sf "http://127.0.0.1:$BP/metrics"; }
  $ BP=$(freeport)
  $ $B oltp_read_write $S prepare > /dev/null

During a run (ended by SIGTERM once the page counts transactions; the
runs in the background have no timeout(1), which signals its process group
too, and take no SIGINT, which a shell's background jobs ignore: their
--time and --metrics-linger bound them):

  $ $BENCH oltp_read_write $S --threads=2 --time=100 --metrics-listen=$BP --metrics-linger=100 --report-format=json run > run1.json 2> run1.err &
  $ BPID=$!
  $ for i in $(seq 1 600); do get > m.txt && grep -q '^bench_transactions_total [1-9]' m.txt && break; sleep 0.1; done
  $ cp m.txt during.txt

A second bench on the same port, and a bad value: one line, exit 1, before
the run starts:

  $ $B cpu --time=1 --metrics-listen=$BP run 2>&1 | grep -vE '^(bench [0-9.]+ .*|)$'; echo "exit ${PIPESTATUS[0]}"
  FATAL: --metrics-listen=*: cannot listen: Address already in use (glob)
  exit 1
  $ $B cpu --time=1 --metrics-listen=localhost: run 2>&1 | grep -vE '^(bench [0-9.]+ .*|)$'; echo "exit ${PIPESTATUS[0]}"
  FATAL: --metrics-listen=localhost:: expected [HOST:]PORT, PORT 1-65535 (an IPv6 HOST in brackets, 0.0.0.0 for every interface)
  exit 1

Only /metrics, only GET (and HEAD):

  $ curl -s -o /dev/null -w '%{http_code}\n' "http://127.0.0.1:$BP/"
  404
  $ curl -s -o /dev/null -w '%{http_code} %header{allow}\n' -X POST "http://127.0.0.1:$BP/metrics"
  405 GET, HEAD
  $ curl -s -o /dev/null -w '%{http_code} %{content_type}\n' "http://127.0.0.1:$BP/metrics"
  200 text/plain; version=0.0.4; charset=utf-8

SIGTERM ends the run (its final report says interrupted); the linger
then serves the final figures (bench_running 0) until a second SIGTERM;
the exit status is the run's:

  $ kill -TERM $BPID
  $ for i in $(seq 1 600); do get > m.txt && grep -q '^bench_running 0' m.txt && break; sleep 0.1; done
  $ cp m.txt final.txt
  $ kill -TERM $BPID; wait $BPID
  [1]

The page: a HELP and a TYPE line per metric, then its samples (values
masked here, checked below):

  $ grep '^# TYPE' during.txt
  # TYPE bench_run_info gauge
  # TYPE bench_running gauge
  # TYPE bench_threads gauge
  # TYPE bench_threads_running gauge
  # TYPE bench_sweep_step gauge
  # TYPE bench_sweep_steps gauge
  # TYPE bench_transactions_total counter
  # TYPE bench_events_total counter
  # TYPE bench_queries_total counter
  # TYPE bench_errors_total counter
  # TYPE bench_reconnects_total counter
  # TYPE bench_latency_seconds histogram
  $ grep -c '^# HELP bench_[a-z_]* [^ ]' during.txt
  12
  $ grep -v '^#' during.txt | sed -E 's/ [0-9]+(\.[0-9]+)?$/ N/'
  bench_run_info{run_id="[0-9a-f]{16}",workload="oltp_read_write",version="[0-9.]+"} N (re)
  bench_running N
  bench_threads N
  bench_threads_running N
  bench_sweep_step N
  bench_sweep_steps N
  bench_transactions_total N
  bench_events_total N
  bench_queries_total{kind="read"} N
  bench_queries_total{kind="write"} N
  bench_queries_total{kind="other"} N
  bench_errors_total N
  bench_reconnects_total N
  bench_latency_seconds_bucket{le="0.0001"} N
  bench_latency_seconds_bucket{le="0.00025"} N
  bench_latency_seconds_bucket{le="0.0005"} N
  bench_latency_seconds_bucket{le="0.001"} N
  bench_latency_seconds_bucket{le="0.0025"} N
  bench_latency_seconds_bucket{le="0.005"} N
  bench_latency_seconds_bucket{le="0.01"} N
  bench_latency_seconds_bucket{le="0.025"} N
  bench_latency_seconds_bucket{le="0.05"} N
  bench_latency_seconds_bucket{le="0.1"} N
  bench_latency_seconds_bucket{le="0.25"} N
  bench_latency_seconds_bucket{le="0.5"} N
  bench_latency_seconds_bucket{le="1"} N
  bench_latency_seconds_bucket{le="2.5"} N
  bench_latency_seconds_bucket{le="5"} N
  bench_latency_seconds_bucket{le="10"} N
  bench_latency_seconds_bucket{le="30"} N
  bench_latency_seconds_bucket{le="+Inf"} N
  bench_latency_seconds_sum N
  bench_latency_seconds_count N

The values hang together. During the run: a running two-thread run that
is no sweep, cumulative buckets ending in +Inf = count = events =
transactions (one harvest holds an event and its latency). After it:
every counter is the json final line's, the run id too:

  $ python3 - <<'PY'
  > import json, re
  > def page(name):
  >     v = {}
  >     for l in open(name):
  >         if not l.startswith("#"):
  >             k, x = l.rsplit(" ", 1)
  >             v[k] = float(x)
  >     return v
  > def hist_ok(v):
  >     b = [x for k, x in v.items() if k.startswith("bench_latency_seconds_bucket")]
  >     return b == sorted(b) and b[-1] == v["bench_latency_seconds_count"] == v["bench_events_total"] == v["bench_transactions_total"]
  > d, f = page("during.txt"), page("final.txt")
  > print(d["bench_running"], d["bench_threads"], d["bench_threads_running"], d["bench_sweep_step"], d["bench_sweep_steps"], hist_ok(d))
  > fin = [json.loads(l) for l in open("run1.json")][-1]
  > pairs = [("transactions_total", "events"), ('queries_total{kind="read"}', "reads"), ('queries_total{kind="write"}', "writes"),
  >          ('queries_total{kind="other"}', "other"), ("errors_total", "errors"), ("reconnects_total", "reconnects")]
  > print(fin["type"], fin["status"], f["bench_running"], f["bench_threads_running"], hist_ok(f))
  > print([k for k, j in pairs if f["bench_" + k] != fin[j]] or "as the final report", fin["events"] > 0)
  > print("latency sum: %s" % ("as the final report" if abs(f["bench_latency_seconds_sum"] * 1000 - fin["latency_ms"]["sum"]) < 1 else (f["bench_latency_seconds_sum"], fin["latency_ms"])))
  > rid = re.search(r'run_id="([0-9a-f]+)"', open("final.txt").read()).group(1)
  > print("same run_id:", fin["run_id"] == rid)
  > PY
  1.0 2.0 2.0 0.0 0.0 True
  final interrupted 0.0 0.0 True
  as the final report True
  latency sum: as the final report
  same run_id: True

A sweep's steps: the step and the threads of the one going, the totals
add up over the steps; --metrics-linger keeps the final figures up after
the end (a signal ends the wait):

  $ $BENCH cpu --threads=1,2 --events=300 --time=0 --cpu-max-prime=2000 --metrics-listen=$BP --metrics-linger=100 run > sweep.txt 2>&1 &
  $ BPID=$!
  $ for i in $(seq 1 600); do grep -q '^Thread sweep summary' sweep.txt && get > m.txt && grep -q '^bench_running 0' m.txt && break; sleep 0.1; done
  $ grep -E '^bench_(running|threads|sweep_step|sweep_steps|transactions_total|events_total) ' m.txt
  bench_running 0
  bench_threads 2
  bench_sweep_step 2
  bench_sweep_steps 2
  bench_transactions_total 600
  bench_events_total 600
  $ kill -TERM $BPID; wait $BPID
  $ tail -1 sweep.txt
  --metrics-linger ended by a signal

A real Prometheus server (skipped where Debian's prometheus is not
installed): its own port, a storage folder here, bench scraped every
second:

  $ command -v prometheus > /dev/null || { echo "prometheus is not installed" > "${BENCH_SKIP_FILE:-/dev/null}"; exit 80; }
  $ PP=$(freeport); while [ "$PP" = "$BP" ]; do PP=$(freeport); done
  $ cat > prom.yml <<EOF
  > global:
  >   scrape_interval: 1s
  >   scrape_timeout: 1s
  > scrape_configs:
  >   - job_name: bench
  >     static_configs:
  >       - targets: ['127.0.0.1:$BP']
  > EOF
  $ promtool check metrics < during.txt
  $ prometheus --config.file=prom.yml --storage.tsdb.path="$PWD/tsdb" --web.listen-address=127.0.0.1:$PP > prom.log 2>&1 &
  $ PROM=$!
  $ trap 'kill $PROM 2> /dev/null; wait $PROM' EXIT
  $ for i in $(seq 1 1200); do curl -sf "http://127.0.0.1:$PP/-/ready" > /dev/null && break; sleep 0.1; done
  $ curl -sf "http://127.0.0.1:$PP/-/ready"
  Prometheus Server is Ready.
  $ query() { curl -sf --data-urlencode "query=$1" "http://127.0.0.1:$PP/api/v1/query"; }

A 20 s run, its final figures kept up until Prometheus scraped them: a
scrape after the end (bench_running 0) following one during the run (1).
Then SIGTERM ends the linger (exit 0: the run was not interrupted):

  $ $BENCH oltp_read_write $S --threads=2 --time=20 --metrics-listen=$BP --metrics-linger=200 run > run2.txt 2> run2.err &
  $ BPID=$!
  $ for i in $(seq 1 1200); do grep -q '^General statistics' run2.txt && break; sleep 0.2; done
  $ for i in $(seq 1 600); do query 'last_over_time(bench_running[10m]) == 0 and max_over_time(bench_running[10m]) == 1' | grep -q '"value"' && break; sleep 0.2; done
  $ kill -TERM $BPID; wait $BPID

The counter's last value in Prometheus is the final report's transactions:

  $ query 'last_over_time(bench_transactions_total[10m])' > last.json
  $ python3 - <<'PY'
  > import json, re
  > r = json.load(open("last.json"))["data"]["result"]
  > prom = int(r[0]["value"][1])
  > rep = int(re.search(r"^ +transactions: +(\d+)", open("run2.txt").read(), re.M).group(1))
  > print(len(r), r[0]["metric"]["job"], "equal" if prom == rep and rep > 0 else "prometheus %d report %d" % (prom, rep))
  > PY
  1 bench equal
  $ query 'last_over_time(bench_run_info[10m])' | python3 -c 'import json, sys; m = json.load(sys.stdin)["data"]["result"][0]["metric"]; print(m["workload"], sorted(k for k in m if k != "__name__"))'
  oltp_read_write ['instance', 'job', 'run_id', 'version', 'workload']
  $ grep -c WARNING run2.err
  0
  [1]
