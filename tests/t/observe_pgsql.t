--server-stats against a real, throwaway PostgreSQL server: pg_stat_database
(the run's database), pg_stat_bgwriter, pg_stat_wal and pg_stat_activity
read on a connection of bench's own at the start, at each interval report
and at the end (docs/observe.md). Twin of observe_mysql.t; both share
tests/lib/observe.sh.

  $ . "$BENCH_SRCDIR/tests/lib/dbtest.sh"
  $ . "$BENCH_SRCDIR/tests/lib/observe.sh"
  $ dbtest_start pgsql

The intervals' deltas and the tail after the last one add up to the run's
total, and the total is what two reads by hand around the run saw the
counters move (xact_commit: plus bench's own reads and the connects):

  $ observe_run pgsql
  pg_stat_database.tup_inserted: ok
  pg_stat_database.tup_updated: ok
  pg_stat_database.tup_deleted: ok
  pg_stat_database.xact_commit: ok
  intervals: ok, >= 3, >= 2 with counters

The default set of PostgreSQL 14 to 16, no warning:

  $ python3 -c 'import json; d = [json.loads(l) for l in open("run.json")][-1]; s = d["server"]
  > print(s["source"], s["end_sample"], s["skipped"] < 3); print(" ".join(sorted(s["counters"]))); print(sorted(s["gauges"]))'
  pgsql True True
  pg_stat_bgwriter.buffers_backend pg_stat_bgwriter.buffers_checkpoint pg_stat_bgwriter.checkpoints_req pg_stat_bgwriter.checkpoints_timed pg_stat_database.blks_hit pg_stat_database.blks_read pg_stat_database.deadlocks pg_stat_database.temp_bytes pg_stat_database.tup_deleted pg_stat_database.tup_fetched pg_stat_database.tup_inserted pg_stat_database.tup_returned pg_stat_database.tup_updated pg_stat_database.xact_commit pg_stat_database.xact_rollback pg_stat_wal.wal_buffers_full pg_stat_wal.wal_bytes pg_stat_wal.wal_fpi pg_stat_wal.wal_records pg_stat_wal.wal_sync
  ['pg_stat_activity.active', 'pg_stat_activity.wait_Client', 'pg_stat_activity.wait_IO', 'pg_stat_activity.wait_IPC', 'pg_stat_activity.wait_LWLock', 'pg_stat_activity.wait_Lock', 'pg_stat_activity.waiting']
  $ grep WARNING run.err | grep -v 'were not read within'
  [1]

A view.column from a view with a row per table is summed; a view the
server does not have, and a column that is not a number, are one warning
at the start, the run goes on with the rest:

  $ R="$B oltp_read_write $PG --tables=1 --table-size=1000 --threads=2 --time=2 --report-interval=1 --server-stats=on"
  $ $R --server-stats-counters=pg_stat_user_tables.n_tup_upd,pg_stat_nope.x,pg_stat_database.datname,nodot --report-format=json run 2>err | tail -1 |
  >   python3 -c 'import json,sys; s = json.load(sys.stdin)["server"]["counters"]; print(s["pg_stat_user_tables.n_tup_upd"] == s["pg_stat_database.tup_updated"], "pg_stat_nope.x" in s)'
  True False
  $ grep WARNING err
  WARNING: --server-stats: cannot read pg_stat_nope.x, pg_stat_database.datname, nodot (relation "pg_stat_nope" does not exist): going on without them

The text line, only when asked:

  $ $R --server-stats-line=on run | grep 'srv:' | head -1
  \[ \d+s \] srv: commit/s: \d+\.\d\d rollback/s: \d+\.\d\d blks_read/s: \d+\.\d\d blks_hit/s: \d+\.\d\d temp_MB/s: \d+\.\d\d active: \d+ ckpt_req/s: \d+\.\d\d wal_MB/s: \d+\.\d\d (re)

Wait events by wait_event_type, sampled at each tick (gauges: the run
database's sessions waiting on one of that type): a session of the run's
database holds the table locked for 2.5 s of a 6 s run, from just after
its first interval report; the run's 2 workers (read-only: they never wait
for each other's row locks, which are Lock waits too) then wait on it (Lock) at
the ticks in between, on nothing of the kind before it (the first tick's
sample, unless a loaded machine made it skip), nor at the end sample (the
workers have gone):

  $ $B oltp_read_only $PG --tables=1 --table-size=1000 --threads=2 --time=6 --report-interval=1 \
  >   --server-stats=on --report-format=json run > wait.json 2> wait.err &
  $ run=$!
  $ n=0; until grep -q '"type":"interval"' wait.json 2>/dev/null || [ $n -gt 1200 ]; do sleep 0.05; n=$((n + 1)); done
  $ dbserver_pgsql_sql "BEGIN; LOCK TABLE sbtest1 IN ACCESS EXCLUSIVE MODE; SELECT pg_sleep(2.5); COMMIT" > /dev/null
  $ wait $run
  $ python3 -c 'import json; o = [json.loads(l) for l in open("wait.json")]
  > g = [x["server"]["gauges"] for x in o if x["type"] == "interval" and "gauges" in x["server"]]
  > w = [x["pg_stat_activity.wait_Lock"] for x in g]
  > f = [x["server"] for x in o if x["type"] == "interval"][0]
  > print(f["gauges"]["pg_stat_activity.wait_Lock"] if "gauges" in f else 0, max(w), o[-1]["server"]["gauges"]["pg_stat_activity.wait_Lock"], all(x["pg_stat_activity.waiting"] >= x["pg_stat_activity.wait_Lock"] for x in g))'
  0 2 0 True
