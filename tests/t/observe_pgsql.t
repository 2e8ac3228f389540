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
  ['pg_stat_activity.active', 'pg_stat_activity.waiting']
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
