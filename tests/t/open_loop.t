Open loop (--rate): latency (from the intended start), schedule lag (to the
actual start) and service time (from the actual start) reported apart, as
pgbench does; --latency-limit counts late events and, with --rate, skips
arrivals that are already later than the limit.

  $ B="$BENCH"
  $ cat > sleep2.lua <<'X'
  > ffi.cdef("int usleep(unsigned int)")
  > function event() ffi.C.usleep(2000) end
  > X

Below capacity (50/s of 2 ms events on 2 threads): service time ~2 ms, small
lag (well under a millisecond on an idle machine; tens of milliseconds on a
machine busy with other work, up to a few hundred on an overloaded one,
bounds loose enough that load cannot break them; the overload case below
shows the lag growing far past it), latency = lag + service:

  $ $B sleep2.lua --time=2 --threads=2 --rate=50 --report-lag --rate-overload=continue run > under.txt
  $ sed -n '/^Service time (ms):/,/^$/p' under.txt | sed -E -e 's/[0-9][0-9.]*/N/g' -e 's/ +N$/ N/'
  Service time (ms):
           avg: N
           max: N
           Nth percentile: N
  
  $ awk '/^Service time/ { getline; print ($2 >= 1.9 && $2 < 100) ? "service ok" : "service " $2 }' under.txt
  service ok
  $ awk '/^Schedule lag/ { getline; print ($2 < 500) ? "lag small" : "lag " $2 }' under.txt
  lag small
  $ awk '/^Latency \(ms\)/ { getline; getline; lat = $2 }
  >      /^Schedule lag/ { getline; lag = $2 }
  >      /^Service time/ { getline; svc = $2 }
  >      END { d = lat - lag - svc; print (d > -0.05 && d < 0.05) ? "sum ok" : "sum off " lat " " lag " " svc }' under.txt
  sum ok
  $ grep -q 'Latency limit' under.txt || echo no limit block
  no limit block

Above capacity (1000/s, 1 thread, ~500/s possible): the lag grows, the
service time stays ~2 ms:

  $ $B sleep2.lua --time=2 --rate=1000 --report-lag --rate-overload=continue run > over.txt
  $ awk '/^Schedule lag/ { getline; print ($2 > 100) ? "lag grows" : "lag " $2 }' over.txt
  lag grows
  $ awk '/^Schedule lag/ { getline; if (FILENAME == "under.txt") u = $2; else o = $2 }
  >      END { print (o > 2 * u) ? "over > 2 x under" : "under " u " over " o }' under.txt over.txt
  over > 2 x under
  $ awk '/^Service time/ { getline; print ($2 >= 1.9 && $2 < 100) ? "service ok" : "service " $2 }' over.txt
  service ok
  $ awk '/^Latency \(ms\)/ { getline; getline; print ($2 > 100) ? "latency grows" : "latency " $2 }' over.txt
  latency grows

--latency-limit below the service time: (nearly) every event is late:

  $ $B sleep2.lua --time=1 --latency-limit=1 run > late.txt
  $ grep -A1 '^Latency limit' late.txt | sed -E -e 's/[0-9][0-9.]*/N/g' -e 's/ +/ /g'
  Latency limit (N ms):
   late events: N (N%)
  $ awk '/total number of events/ { ev = $5 } /late events:/ { late = $3 }
  >      END { print (ev > 0 && late >= 0.95 * ev && late <= ev) ? "all late" : "late " late " of " ev }' late.txt
  all late
  $ grep -q 'skipped events' late.txt || echo no skipped line
  no skipped line

With --rate above capacity and a limit, late arrivals are skipped, not run;
events + skipped = arrivals (~1000/s x 2 s):

  $ $B sleep2.lua --time=2 --rate=1000 --report-lag --rate-overload=continue --latency-limit=20 run > skip.txt
  $ sed -n '/^Latency limit/,/^$/p' skip.txt | sed -E -e 's/[0-9][0-9.]*/N/g' -e 's/ +/ /g'
  Latency limit (N ms):
   late events: N (N%)
   skipped events: N (N%)
  
  $ awk '/total number of events/ { ev = $5 } /skipped events:/ { sk = $3 }
  >      END { print (sk > 0) ? "skipped" : "none skipped";
  >            n = ev + sk; print (n >= 1600 && n <= 2400) ? "arrivals ok" : "arrivals " n }' skip.txt
  skipped
  arrivals ok
  $ awk '/^Schedule lag/ { getline; getline; print ($2 <= 25) ? "lag bounded" : "lag " $2 }' skip.txt
  lag bounded

Interval lines: under --latency-limit one more line per interval with the
interval's late (and, with --rate, skipped) events; the sysbench lines are
unchanged:

  $ $B sleep2.lua --time=1 --rate=1000 --report-lag --rate-overload=continue --latency-limit=20 --report-interval=0.5 run > iv.txt
  $ grep -E '^\[' iv.txt | head -3 | sed -E 's/^\[ [0-9.]+s \]/[ Ns ]/; s/[0-9]+(\.[0-9]+)?/N/g'
  [ Ns ] thds: N eps: N lat (ms,N%): N
  [ Ns ] queue length: N concurrency: N
  [ Ns ] late: N skipped: N
  $ awk '/^\[.*skipped:/ { s += $NF } /skipped events:/ { t = $3 } END { print (s <= t && s > 0) ? "interval skips add up" : "intervals " s " total " t }' iv.txt
  interval skips add up
  $ $B sleep2.lua --time=1 --latency-limit=1 --report-interval=0.5 run | grep -E '^\[.*late' | head -1 | sed -E 's/[0-9]+(\.[0-9]+)?/N/g'
  [ Ns ] late: N

Report hooks see the service time and the limit's counters too:

  $ cat > hook.lua <<'EOF'
  > function event() os.execute("sleep 0.002") end
  > sysbench.hooks.report_cumulative = function(st)
  >   print(string.format("service %s late %s skipped %s lag %s",
  >     st.service_avg > 0.0015 and "ok" or st.service_avg,
  >     tonumber(st.late) <= tonumber(st.events) and "ok" or tonumber(st.late),
  >     tonumber(st.skipped) > 0 and "ok" or "none",
  >     st.wait_avg >= 0 and "ok" or st.wait_avg))
  > end
  > EOF
  $ $B hook.lua --time=1 --rate=2000 --report-lag --rate-overload=continue --latency-limit=20 run | tail -1
  service ok late ok skipped ok lag ok

JSON: service_ms next to lag_ms; the limit's counters:

  $ $B sleep2.lua --time=1 --rate=1000 --report-lag --rate-overload=continue --latency-limit=20 --report-interval=0.5 \
  >   --percentile=50,99 --report-format=json run > skip.json 2>/dev/null
  $ python3 - skip.json <<'X'
  > import json, sys
  > lines = [json.loads(l) for l in open(sys.argv[1])]
  > for d in lines:
  >     for k in ("latency_ms", "lag_ms", "service_ms"):
  >         assert set(d[k]["percentiles"]) == {"50", "99"}, (k, d[k])
  >     for k in ("min", "avg", "max"):
  >         assert k in d["service_ms"]
  >     assert d["latency_limit_ms"] == 20
  >     assert isinstance(d["late"], int) and isinstance(d["skipped"], int)
  > f = lines[-1]
  > assert f["type"] == "final"
  > assert f["skipped"] > 0, f["skipped"]
  > assert 1.5 <= f["service_ms"]["avg"], f["service_ms"]
  > assert f["late"] <= f["events"]
  > print("json ok", [d["type"] for d in lines])
  > X
  json ok ['interval', 'interval', 'final']

Without --rate and --latency-limit, none of these fields:

  $ printf 'function event() end\n' > empty.lua
  $ $B empty.lua --events=10 --time=0 --report-format=json run 2>/dev/null |
  >   python3 -c 'import json,sys; d=json.loads(sys.stdin.readline()); print(sorted(k for k in ("lag_ms","service_ms","late","skipped") if k in d))'
  []

CSV: lag and service columns under --rate, late and skipped under the limit,
then the status; every row has the header's column count (the comment
lines after the final row describe the run):

  $ $B sleep2.lua --time=1 --rate=200 --report-lag --rate-overload=continue --latency-limit=1 --report-interval=0.5 \
  >   --report-format=csv run 2>/dev/null > r.csv
  $ head -1 r.csv | tr , '\n' | tail -7
  lag_avg_ms
  lag_max_ms
  svc_avg_ms
  svc_max_ms
  late
  skipped
  status
  $ grep -v '^#' r.csv | awk -F, 'NR == 1 { n = NF } NF != n { bad++ } END { print bad ? "bad rows" : "rows ok" }'
  rows ok

--latency-limit takes milliseconds, 0 = off; negative is refused:

  $ $B empty.lua --events=1 --time=0 --latency-limit=-1 run > /dev/null 2>&1; echo rc=$?
  rc=1
