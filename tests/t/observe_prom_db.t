--prom-scrape with the database exporters: a real prometheus-mysqld-exporter
and prometheus-postgres-exporter on loopback, reading the throwaway
servers of tests/lib/dbserver.sh, scraped with the default metrics beside
--server-stats (docs/observe.md).

  $ command -v prometheus-mysqld-exporter > /dev/null && command -v prometheus-postgres-exporter > /dev/null || exit 80
  $ . "$BENCH_SRCDIR/tests/lib/dbtest.sh"
  $ . "$BENCH_SRCDIR/tests/lib/promexp.sh"
  $ dbtest_start mysql pgsql
  $ trap promexp_stop_all EXIT
  $ promexp_start mysqld
  $ promexp_start postgres
  $ $B oltp_read_write $MY --tables=1 --table-size=1000 prepare > /dev/null
  $ $B oltp_read_write $PG --tables=1 --table-size=1000 prepare > /dev/null

MariaDB: the run's commits, from mysqld_exporter, are exactly what
--server-stats read (both sampled while the workers wait at the start and
after they ended) and the run's transactions; the status counters it
leaves untyped (buffer pool reads, fsyncs, log bytes) are counters by the
default set's rate(); no warning:

  $ R="oltp_read_write --tables=1 --table-size=1000 --threads=2 --time=3 --report-interval=1 --server-stats=on --report-format=json"
  $ $B $R $MY --prom-scrape="my=$PROM_MYSQLD_URL" run > my.json 2> my.err
  $ grep WARNING my.err | grep -v 'not read within\|not scraped at'
  [1]
  $ python3 - <<'PY'
  > import json
  > objs = [json.loads(l) for l in open("my.json")]
  > fin = objs[-1]; p = fin["prom"]["my"]
  > c = p["counters"]
  > print(c['mysql_global_status_commands_total{command="commit"}'] == fin["server"]["counters"]["Com_commit"] == fin["events"])
  > print(sorted(k for k in c if "innodb" in k))
  > print(sorted(p["gauges"]))
  > iv = [o["prom"]["my"] for o in objs if o["type"] == "interval" and "skipped" not in o["prom"]["my"]]
  > print("intervals", len(iv) >= 2, "rates >= 0:", all(v >= 0 for o in iv for v in o["rates"].values()))
  > PY
  True
  ['mysql_global_status_innodb_buffer_pool_read_requests', 'mysql_global_status_innodb_buffer_pool_reads', 'mysql_global_status_innodb_data_fsyncs', 'mysql_global_status_innodb_os_log_written', 'mysql_global_status_innodb_row_lock_waits']
  ['mysql_global_status_threads_running']
  intervals True rates >= 0: True

PostgreSQL: pg_stat_database per database (sum by datname); the run
database's commits count the run's transactions plus the exporter's and
the sampling's own statements, so they are at least the transactions and
at most a few hundred more per scrape:

  $ $B $R $PG --prom-scrape="pg=$PROM_POSTGRES_URL" run > pg.json 2> pg.err
  $ grep WARNING pg.err | grep -v 'not read within\|not scraped at'
  [1]
  $ python3 - <<'PY'
  > import json
  > objs = [json.loads(l) for l in open("pg.json")]
  > fin = objs[-1]; p = fin["prom"]["pg"]
  > x = p["counters"]['pg_stat_database_xact_commit{datname="sbtest"}']
  > print(fin["events"] <= x <= fin["events"] + 300 * p["scrapes"], fin["events"] <= fin["server"]["counters"]["pg_stat_database.xact_commit"])
  > print(sorted(k.split("{")[0] for k in p["counters"] if "sbtest" in k or "{" not in k))
  > PY
  True True
  ['pg_stat_bgwriter_buffers_backend_total', 'pg_stat_bgwriter_buffers_checkpoint_total', 'pg_stat_bgwriter_checkpoints_req_total', 'pg_stat_bgwriter_checkpoints_timed_total', 'pg_stat_database_blks_hit', 'pg_stat_database_blks_read', 'pg_stat_database_deadlocks', 'pg_stat_database_temp_bytes', 'pg_stat_database_xact_commit', 'pg_stat_database_xact_rollback']

A selector that matches nothing there is one warning:

  $ $B cpu --time=1 --prom-scrape="$PROM_MYSQLD_URL" --prom-metrics=no_such_metric run 2>&1 | grep WARNING | sed 's/:[0-9]*:/:PORT:/'
  WARNING: --prom-scrape: text reports show its figures only with --prom-stats-line=on (json reports carry them all)
  WARNING: --prom-metrics: 'no_such_metric' matches nothing on 127.0.0.1:PORT: going on without it
