Per-statement statistics (--report-statements) and event labels
(sysbench.stats.label): the final text report, json results, --hdr-log
Tag= lines and `bench merge`, against real MariaDB and PostgreSQL servers.

  $ B="timeout 120 $BENCH"
  $ set -o pipefail

Event labels, no database. One thread, every third event "a", the others
"b": exact counts per label, and they add up to the events:

  $ cat > lbl.lua <<'EOF'
  > local n = 0
  > -- outside an event label() only registers the names (so every interval
  > -- of the hdr log below has both, however late the first events run)
  > function thread_init() sysbench.stats.label("b"); sysbench.stats.label("a") end
  > function event()
  >   n = n + 1
  >   if n % 3 == 0 then sysbench.stats.label("a") else sysbench.stats.label("b") end
  >   if n % 3 ~= 0 then local x = 0; for i = 1, 2000 do x = x + i end end
  > end
  > EOF
  $ $B lbl.lua --events=3000 --time=0 --percentile=50,99 run > lbl.txt
  $ sed -n '/^Latency by label/,/^$/p' lbl.txt | sed -E 's/ +[0-9]+\.[0-9][0-9]/ N/g'
  Latency by label (ms):
      label                    events   errors   per sec.       min       avg       50%       99%       max
      b                          2000        0 N N N N N N
      a                          1000        0 N N N N N N
  
The block comes after sysbench's blocks (Threads fairness is not last
any more only when labels are used):

  $ grep -n -e '^Threads fairness' -e '^Latency by label' lbl.txt | cut -d: -f2
  Threads fairness
  Latency by label (ms)

Two threads, every event labelled: the labels' events add up to the total,
in the final json line and in every interval line:

  $ $B lbl.lua --events=5000 --time=0 --threads=2 --report-interval=0.05 --report-format=json run 2>/dev/null > lbl.json
  $ python3 - lbl.json <<'PY'
  > import json, sys
  > lines = [json.loads(l) for l in open(sys.argv[1])]
  > fin = [o for o in lines if o["type"] == "final"][0]
  > print("final", fin["events"], sum(l["events"] for l in fin["labels"].values()), sorted(fin["labels"]))
  > print("latency keys", sorted(fin["labels"]["a"]["latency_ms"]), sorted(fin["labels"]["a"]["latency_ms"]["percentiles"]))
  > bad = [o for o in lines if o["type"] == "interval" and o["events"] != sum(l["events"] for l in o["labels"].values())]
  > print("intervals that do not add up:", len(bad))
  > PY
  final 5000 5000 ['a', 'b']
  latency keys ['avg', 'max', 'min', 'percentiles'] ['95']
  intervals that do not add up: 0

--hdr-log: one Tag= line per label per interval, next to the untagged line;
hdr-histogram-js decodes each label's lines to the label's count:

  $ $B lbl.lua --events=3000 --time=0 --report-interval=0.02 --hdr-log=lbl.hlog run > lbl2.txt
  $ awk -F, '!/^[#"]/ { t = ($1 ~ /^Tag=/) ? $1 : "untagged"; n[t]++ } END { print n["untagged"] == n["Tag=a"] && n["Tag=a"] == n["Tag=b"] ? "one line per label per interval" : "uneven" }' lbl.hlog
  one line per label per interval
  $ node "$BENCH_SRCDIR/tests/lib/hdrlog_decode.js" --tag=a lbl.hlog | grep -e '^total count' -e '^tags'
  total count: 1000
  tags: b,a
  $ node "$BENCH_SRCDIR/tests/lib/hdrlog_decode.js" --tag=b lbl.hlog | grep '^total count'
  total count: 2000

Bad labels: one error line naming the problem, exit 1:

  $ printf 'function event() sysbench.stats.label("no spaces") end\n' > bad1.lua
  $ $B bad1.lua --events=1 --time=0 run 2>&1 | grep -i label
  FATAL: `thread_run' function failed: bad1.lua:1: sysbench.stats.label: invalid label 'no spaces' (1..63 characters of A-Z a-z 0-9 _ . -, not starting with 'stmt.')
  [1]
  $ $B bad1.lua --events=1 --time=0 run > /dev/null 2>&1; echo "exit $?"
  exit 1
  $ printf 'function event() sysbench.stats.label(42) end\n' > bad2.lua
  $ $B bad2.lua --events=1 --time=0 run 2>&1 | grep -i label
  FATAL: `thread_run' function failed: bad2.lua:1: sysbench.stats.label: the label must be a string, not a number
  [1]
  $ printf 'local i = 0\nfunction event() i = i + 1; sysbench.stats.label("l" .. i) end\n' > bad3.lua
  $ $B bad3.lua --events=100 --time=0 run 2>&1 | grep -i label
  FATAL: `thread_run' function failed: bad3.lua:2: sysbench.stats.label: too many labels (at most 64)
  [1]

Statement kinds are classified from the text, so with a database the kinds
of oltp_read_write's 18 statements come out exactly, on both databases, with
and without server-side prepared statements, and they add up to the SQL
statistics' total:

  $ . "$BENCH_SRCDIR/tests/lib/dbserver.sh"
  $ trap dbserver_stop_all EXIT
  $ dbserver_start mysql
  $ dbserver_start pgsql
  $ MY=$(dbserver_conn_opts mysql); PG=$(dbserver_conn_opts pgsql)
  $ kinds() { sed -n '/^Statement statistics/,/^$/p' | awk 'NR > 2 && NF >= 3 { if ($2 ~ /^[0-9]+$/) print $1, $2, $3; else print $1 " " $2, $3, $4 }'; }
  $ total() { awk '$1 == "total:" { print "SQL total", $2 }'; }
  $ $B oltp_read_write $MY --tables=2 --table-size=1000 prepare > /dev/null
  $ $B oltp_read_write $MY --tables=2 --table-size=1000 --events=100 --time=0 --report-statements=on run > my.txt
  $ kinds < my.txt
  point select 1000 0
  range select 100 0
  sum range 100 0
  order range 100 0
  distinct range 100 0
  insert 100 0
  update 200 0
  delete 100 0
  begin 100 0
  commit 100 0
  total 2000 0
  $ total < my.txt
  SQL total 2000
  $ sed -n '/^Statement statistics/,/^    point/p' my.txt | sed -E 's/ +[0-9]+\.[0-9][0-9]/ N/g'
  Statement statistics (ms):
      statement                 count   errors       50%       95%       99%       max
      point select               1000        0 N N N N
  $ $B oltp_read_write $MY --tables=2 --table-size=1000 --events=100 --time=0 --report-statements=on --db-ps-mode=disable run | kinds | tr '\n' ' '
  point select 1000 0 range select 100 0 sum range 100 0 order range 100 0 distinct range 100 0 insert 100 0 update 200 0 delete 100 0 begin 100 0 commit 100 0 total 2000 0  (no-eol)

Without the option, no statement block and no json "statements":

  $ $B oltp_read_write $MY --tables=2 --table-size=1000 --events=10 --time=0 run | grep -c '^Statement statistics'
  0
  [1]

Two threads and a time limit (deadlocks may add rollbacks): still the
statements add up to the SQL total; then json, one thread:

  $ $B oltp_read_write $MY --tables=2 --table-size=1000 --time=2 --threads=2 --report-statements=on run > my2.txt
  $ awk '$1 == "total:" { t = $2 } $1 == "total" && NF == 3 { s = $2 } END { print (t == s && t > 0) ? "adds up" : "SQL " t " vs statements " s }' my2.txt
  adds up
  $ $B oltp_read_write $MY --tables=2 --table-size=1000 --time=2 --report-statements=on --report-format=json --hdr-log=my.hlog run 2>/dev/null > my.json
  $ python3 - my.json <<'PY'
  > import json, sys
  > fin = [json.loads(l) for l in open(sys.argv[1]) if '"final"' in l][0]
  > st = fin["statements"]
  > print(sorted(st))
  > print("adds up" if sum(s["count"] for s in st.values()) == fin["queries"] else "does not add up")
  > print(sorted(st["point_select"]["latency_ms"]["percentiles"], key=float))
  > PY
  ['begin', 'commit', 'delete', 'distinct_range', 'insert', 'order_range', 'point_select', 'range_select', 'sum_range', 'update']
  adds up
  ['50', '95', '99']

--hdr-log holds one Tag=stmt.<kind> line per kind, covering the run:

  $ grep -c '^Tag=stmt\.' my.hlog
  10
  $ node "$BENCH_SRCDIR/tests/lib/hdrlog_decode.js" --tag=stmt.point_select my.hlog | awk '/^total count/ { print $3 }' > js_points.txt
  $ python3 -c 'import json,sys; fin = [json.loads(l) for l in open("my.json") if "\"final\"" in l][0]; print(fin["statements"]["point_select"]["count"])' | cmp - js_points.txt && echo same count
  same count

`bench merge` of two clients' runs at the same time: statement counts add
up, and their percentiles come from the union of the hdr logs:

  $ for c in 1 2; do $B oltp_read_write $MY --tables=2 --table-size=1000 --time=2 --report-statements=on --report-format=json --hdr-log=c$c.hlog run 2>/dev/null > c$c.json & pids="${pids:-} $!"; done; wait $pids
  $ $BENCH merge --report-format=json c1.json c2.json c1.hlog c2.hlog > merged.json
  $ python3 - c1.json c2.json merged.json <<'PY'
  > import json, sys
  > fin = lambda f: [json.loads(l) for l in open(f) if '"final"' in l][0]
  > a, b, m = fin(sys.argv[1]), fin(sys.argv[2]), json.load(open(sys.argv[3]))
  > n = lambda o, k: o["statements"].get(k, {}).get("count", 0)
  > ok = all(n(m, k) == n(a, k) + n(b, k) for k in set(a["statements"]) | set(b["statements"]) | set(m["statements"]))
  > print("counts add up" if ok else "counts differ")
  > print("percentiles" if all(m["statements"][k]["percentiles"] for k in m["statements"]) else "no percentiles")
  > PY
  counts add up
  percentiles
  $ $BENCH merge c1.json c2.json c1.hlog c2.hlog | sed -n '/^Statement statistics/,/^$/p' | head -2 | sed -E 's/[0-9]+\.[0-9][0-9]/N/g; s/^( +[a-z_]+) +[0-9]+ +([0-9]+) +/\1 N \2 /'
  Statement statistics (ms; count, errors, then 50%/95%/99%/max):
      point_select N 0 N/N/N/N
  $ $B oltp_read_write $MY --tables=2 cleanup > /dev/null

PostgreSQL, prepared and not:

  $ $B oltp_read_write $PG --tables=2 --table-size=1000 prepare > /dev/null
  $ $B oltp_read_write $PG --tables=2 --table-size=1000 --events=100 --time=0 --report-statements=on run | kinds | tr '\n' ' '
  point select 1000 0 range select 100 0 sum range 100 0 order range 100 0 distinct range 100 0 insert 100 0 update 200 0 delete 100 0 begin 100 0 commit 100 0 total 2000 0  (no-eol)
  $ $B oltp_read_write $PG --tables=2 --table-size=1000 --events=100 --time=0 --report-statements=on --db-ps-mode=disable run | kinds | tr '\n' ' '
  point select 1000 0 range select 100 0 sum range 100 0 order range 100 0 distinct range 100 0 insert 100 0 update 200 0 delete 100 0 begin 100 0 commit 100 0 total 2000 0  (no-eol)
  $ $B oltp_read_write $PG --tables=2 cleanup > /dev/null

Errors per statement kind and per label: each event inserts a key that
exists (23505, ignored by default on PostgreSQL), and the restarted event a
new one. 20 events: 20 inserts and 19 failed ones, 19 ignored errors, all
under the label (the 3 "other" are thread_init's DROP and CREATE and
thread_done's DROP: statements of the workers count, as in the SQL totals):

  $ cat > dup.lua <<'EOF'
  > function thread_init()
  >   drv = sysbench.sql.driver(); con = drv:connect()
  >   if sysbench.tid == 0 then
  >     con:query("DROP TABLE IF EXISTS dup"); con:query("CREATE TABLE dup (id INT PRIMARY KEY)")
  >   end
  > end
  > local retry, n = false, 0
  > sysbench.hooks.before_restart_event = function(err) retry = true end
  > function event()
  >   sysbench.stats.label("ins")
  >   n = n + 1
  >   con:query("INSERT INTO dup VALUES (" .. (retry and 1000 + n or 1) .. ")")
  >   retry = false
  > end
  > function thread_done() con:query("DROP TABLE dup"); con:disconnect() end
  > EOF
  $ $B dup.lua $PG --events=20 --time=0 --report-statements=on run > dup.txt
  $ grep 'ignored errors' dup.txt | awk '{ print $1, $2, $3 }'
  ignored errors: 19
  $ kinds < dup.txt
  insert 20 19
  other 3 0
  total 23 19
  $ sed -n '/^Latency by label/,/^$/p' dup.txt | awk 'NR == 3 { print $1, $2, $3 }'
  ins 20 19
