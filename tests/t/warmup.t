--warmup-time: an event that begins in the warm-up counts nowhere, and
neither do its statements; every event that begins after it counts, with
all of its statements. So events, queries and --report-statements agree
exactly, and --events counts only what is reported, whenever the reporting
thread gets to notice the warm-up's end (a busy machine wakes it late).

  $ . "$BENCH_SRCDIR/tests/lib/dbserver.sh"
  $ trap dbserver_stop_all EXIT
  $ dbserver_start mysql
  $ set -o pipefail
  $ B="timeout 120 $BENCH"
  $ MY="$(dbserver_conn_opts mysql) --tables=1 --table-size=100"
  $ $B oltp_point_select $MY prepare > /dev/null
  $ counts() { awk '$1 == "read:" { r = $2 } $1 == "transactions:" { x = $2 }
  >   $1 == "queries:" { q = $2 } $1 == "total" && $4 == "events:" { n = $5 }
  >   $1 == "point" && $2 == "select" { s = $3 }
  >   END { printf "read %s queries %s transactions %s events %s statements %s\n", r, q, x, n, s }'; }

Threads, then connections; each run's warm-up does thousands of events:

  $ $B oltp_point_select $MY --threads=2 --events=200 --time=0 --warmup-time=1 --report-statements run | counts
  read 200 queries 200 transactions 200 events 200 statements 200
  $ $B oltp_point_select $MY --threads=2 --connections=8 --events=300 --time=0 --warmup-time=1 --report-statements run | counts
  read 300 queries 300 transactions 300 events 300 statements 300

A script's own counters (sb_counter_inc) follow the same rule: one read
per event, in a run of its time limit:

  $ cat > reads.lua <<'LUA'
  > function event() ffi.C.sb_counter_inc(sysbench.tid, ffi.C.SB_CNT_READ) end
  > LUA
  $ $B reads.lua --threads=2 --time=2 --warmup-time=1 --report-format=json run 2>/dev/null | python3 -c '
  > import json, sys
  > f = [json.loads(l) for l in sys.stdin if l.startswith("{")][-1]
  > print("reads = events" if f["reads"] == f["events"] > 0 else (f["reads"], f["events"]))'
  reads = events

The end of the warm-up is said (issue 28, item 11: it was silent): one
NOTICE line after "Threads started!" and before the first interval line,
and with --report-format=json an event line before the first interval
(time 0 of the reports). Without --warmup-time nothing changes:

  $ $B cpu --time=2 --warmup-time=1 --report-interval=1 run | grep -e 'Threads started' -e 'Warm-up' -e '^\[ 1s \]' | sed 's/eps:.*/eps: .../'
  Threads started!
  Warm-up done after 1 s: statistics count from here
  [ 1s ] thds: 1 eps: ...
  $ $B cpu --time=2 --warmup-time=1 --report-interval=1 --report-format=json run 2>/dev/null | sed -n 1,2p | cut -c1-64
  {"type":"event","event":"warmup_done","time":0,"warmup_time":1}
  {"type":"interval","time":1,"threads":1,"events":* (glob)
  $ $B cpu --time=2 --warmup-time=1 --verbosity=2 run | grep -c 'Warm-up'
  0
  [1]
  $ $B cpu --time=1 run | grep -c 'Warm-up'
  0
  [1]
  $ $B cpu --time=1 --report-format=json run 2>/dev/null | grep -c '"type":"event"'
  0
  [1]

  $ $B oltp_point_select $MY cleanup > /dev/null
