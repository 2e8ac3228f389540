--server-stats against a real, throwaway MariaDB server: SHOW GLOBAL STATUS
read on a connection of bench's own at the start, at each interval report
and at the end (docs/observe.md). Twin of observe_pgsql.t; both share
tests/lib/observe.sh.

  $ . "$BENCH_SRCDIR/tests/lib/dbtest.sh"
  $ . "$BENCH_SRCDIR/tests/lib/observe.sh"
  $ dbtest_start mysql

The intervals' deltas and the tail after the last one add up to the run's
total, and the total is what two reads by hand around the run saw the
counters move (Questions: plus bench's own reads and the connects):

  $ observe_run mysql
  Com_commit: ok
  Com_rollback: ok
  Innodb_row_lock_waits: ok
  Questions: ok
  intervals: ok, >= 3, >= 2 with counters

Commits are the run's transactions; no warning (MariaDB lacks the default
set's Innodb_rows_*, which is not one; on a loaded machine a late read may
be skipped, which is); the final object says where the counters came from
and what the sampling cost:

  $ python3 -c 'import json; d = [json.loads(l) for l in open("run.json")][-1]; s = d["server"]
  > print(s["source"], s["end_sample"], s["skipped"] < 3, s["counters"]["Com_commit"] == d["events"])
  > print(sorted(s["gauges"])); print(s["reads"] >= 5, s["read_ms_max"] >= s["read_ms_avg"] > 0, 0 < s["cpu_ms"] < 1000 * s["time"])'
  mysql True True True
  ['Innodb_buffer_pool_pages_dirty', 'Threads_connected', 'Threads_running']
  True True True
  $ grep WARNING run.err | grep -v 'were not read within'
  [1]

Text reports stay sysbench's unless asked: no srv line by default, one
per interval with --server-stats-line:

  $ R="$B oltp_read_write $MY --tables=1 --table-size=1000 --threads=2 --time=2 --report-interval=1 --server-stats=on"
  $ $R run | grep -c 'srv:'
  0
  [1]
  $ $R --server-stats-line=on run | grep 'srv:' | head -1
  \[ \d+s \] srv: commit/s: \d+\.\d\d bp_req/s: \d+\.\d\d bp_miss/s: \d+\.\d\d fsync/s: \d+\.\d\d log_MB/s: \d+\.\d\d lock_waits/s: \d+\.\d\d running: \d+ (re)

A name the server does not have, and one that is not a name, are one
warning each at the start; the run goes on with the rest:

  $ $R --server-stats-counters=Innodb_pages_written,No_such_counter,bad-name --report-format=json run 2>err | tail -1 |
  >   python3 -c 'import json,sys; c = json.load(sys.stdin)["server"]["counters"]; print("Innodb_pages_written" in c, "No_such_counter" in c)'
  True False
  $ grep WARNING err
  WARNING: --server-stats: cannot read bad-name (not a counter name): going on without it
  WARNING: --server-stats: the server has no counter No_such_counter: going on without it

A driver without server counters (SQLite) is one warning; the run and its
report go on:

  $ $B oltp_point_select --db-driver=sqlite --sqlite-db=t.db --tables=1 --table-size=10 prepare > /dev/null
  $ $B oltp_point_select --db-driver=sqlite --sqlite-db=t.db --tables=1 --table-size=10 --events=10 --time=0 --server-stats=on run 2>&1 | grep -E 'WARNING|transactions:'
  WARNING: --server-stats: text reports show its figures only with --server-stats-line=on (json reports carry them all)
  WARNING: --server-stats: the sqlite driver has no server counters: going on without them
      transactions:                        10     \(\d+\.\d+ per sec\.\) (re)

csv reports carry the counters as columns (observe_views.t): no warning
about the format there (text reports without --server-stats-line say so,
above), only that a cpu run has no database:

  $ $B cpu --events=10 --time=0 --server-stats=on --report-format=csv run 2>&1 >/dev/null | grep WARNING
  WARNING: --server-stats: this run's script uses no database: no server counters

A workload without a database (cpu) says so once:

  $ $B cpu --events=10 --time=0 --server-stats=on run 2>&1 | grep WARNING
  WARNING: --server-stats: text reports show its figures only with --server-stats-line=on (json reports carry them all)
  WARNING: --server-stats: this run's script uses no database: no server counters

A stalled server (stopped for 2.5 s in a 6 s run): the interval reports
still come at their ticks, the ticks whose sample is late are skipped with
one warning, their counts go to the next sample, and everything still adds
up:

  $ observe_stall mysql "$DB_MYSQL_PID"
  Com_commit: ok
  Com_rollback: ok
  Innodb_row_lock_waits: ok
  Questions: ok
  $ python3 -c 'import json; o = [json.loads(l) for l in open("stall.json")]; iv = [x for x in o if x["type"] == "interval"]
  > sk = [x for x in iv if x["server"].get("skipped")]; print(len(iv) >= 5, len(sk) >= 2, len(sk) == o[-1]["server"]["skipped"])'
  True True True
  $ grep -c WARNING stall.err
  1
  $ grep -o 'WARNING: --server-stats: the server.s counters were not read within 250 ms' stall.err
  WARNING: --server-stats: the server's counters were not read within 250 ms

A script's own counters: its global server_counters(), called at each
sample in a Lua state of the observer's own, returns a table of counters
and one of gauges; they go beside the server's, and add up the same way:

  $ dbserver_mysql_sql "CREATE TABLE sbtest.sc (id INT AUTO_INCREMENT PRIMARY KEY)"
  $ cat > sc.lua <<'LUA'
  > function thread_init() con = sysbench.sql.driver():connect() end
  > function event() con:query("INSERT INTO sc VALUES (NULL)") end
  > local c, calls = nil, 0
  > function server_counters()
  >   c = c or sysbench.sql.driver():connect()
  >   calls = calls + 1
  >   if os.getenv("SC_FAIL") and calls > 2 then error("no more") end
  >   return { sc_rows = tonumber(c:query_row("SELECT count(*) FROM sc")) }, { sc_calls = calls }
  > end
  > LUA
  $ $B sc.lua $MY --threads=2 --time=3 --report-interval=1 --server-stats=on --report-format=json run 2> err > sc.json
  $ python3 -c 'import json; o = [json.loads(l) for l in open("sc.json")]; iv = [x["server"] for x in o[:-1]]; s = o[-1]["server"]
  > print(s["counters"]["sc_rows"] == o[-1]["events"], sum(x.get("counters", {}).get("sc_rows", 0) for x in iv) + s["tail"]["counters"]["sc_rows"] == s["counters"]["sc_rows"])
  > print(3 <= s["gauges"]["sc_calls"] <= len(iv) + 2, "Com_commit" in s["counters"])'
  True True
  True True
  $ grep WARNING err | grep -v 'were not read within'
  [1]

A server_counters() that fails is one warning; its counters are null from
then on, the server's go on:

  $ SC_FAIL=1 $B sc.lua $MY --threads=2 --time=3 --report-interval=1 --server-stats=on --report-format=json run 2> err > scf.json
  $ grep WARNING err | grep -v 'were not read within'
  WARNING: --server-stats: server_counters() failed: sc.lua:7: no more
  $ python3 -c 'import json; o = [json.loads(l) for l in open("scf.json")]; s = o[-1]["server"]
  > print(s["end_sample"], s["counters"]["sc_rows"], s["counters"]["Questions"] >= o[-1]["events"] > 0)'
  True None True

information_schema.INNODB_METRICS by name, "innodb_metrics.NAME" (a second
statement per sample, only when such names are asked for). Reading it
needs the PROCESS privilege: without it, one warning with the server's
message, the run goes on with the rest:

  $ $R --server-stats-counters=innodb_metrics.lock_row_lock_waits --report-format=json run 2>err > /dev/null
  $ grep WARNING err
  WARNING: --server-stats: cannot read innodb_metrics.lock_row_lock_waits (Access denied; you need (at least one of) the PROCESS privilege(s) for this operation): going on without it

With it, its counters count as the status variables do (the run's totals
from the start sample to the end sample, where no worker runs: exactly
equal), its levels are gauges, and a name it does not have is one warning:

  $ dbserver_mysql_sql "GRANT PROCESS ON *.* TO 'sbtest'@'127.0.0.1'"
  $ $R --server-stats-counters=innodb_metrics.lock_row_lock_waits,innodb_metrics.buffer_pool_pages_dirty,innodb_metrics.no_such --report-format=json run 2>err | tail -1 |
  >   python3 -c 'import json,sys; s = json.load(sys.stdin)["server"]; c = s["counters"]
  > print(c["innodb_metrics.lock_row_lock_waits"] == c["Innodb_row_lock_waits"], "innodb_metrics.buffer_pool_pages_dirty" in s["gauges"], "innodb_metrics.no_such" in c)'
  True True False
  $ grep WARNING err
  WARNING: --server-stats: the server has no counter innodb_metrics.no_such: going on without it
  $ dbserver_mysql_sql "REVOKE PROCESS ON *.* FROM 'sbtest'@'127.0.0.1'"
