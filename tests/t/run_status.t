How a run ended and what it was, in every result (issue 28 items 3 and 6).
A SIGINT at 1-2 s of a --time=30 run leaves a mark in each format: the
text report gets one line after it, json and csv a status (before: the
report of an interrupted run looked like a finished one). bench compare and
bench merge warn about such inputs, and compare says what differs between
its runs (workload, options, server settings) above its table.

  $ B=$BENCH
  $ started() { local i; for i in $(seq 300); do cat "$@" 2>/dev/null | grep -q 'Threads started' && return; sleep 0.1; done; echo "not started"; }

intr OUT ERR CMD...: run CMD, SIGINT it 1.5 s after its threads started
(env --default-signal: a background job of this shell starts with SIGINT
ignored, which bench keeps):

  $ intr() { local out=$1 err=$2 pid; shift 2; env --default-signal=INT "$@" > "$out" 2> "$err" & pid=$!; started "$out" "$err"; sleep 1.5; kill -INT $pid; wait $pid; echo "exit $?"; }
  $ final() { python3 -c 'import json, sys; f = [json.loads(l) for l in open(sys.argv[1]) if "\"final\"" in l][-1]; print(eval(sys.argv[2]))' "$@"; }

cpu, text: one line after the report, nothing for a completed run:

  $ intr text.out text.err $B cpu --time=30 run
  exit 1
  $ tail -2 text.out | sed -E 's/after [0-9]+\.[0-9]{2} s/after N s/'
  
  Run status: interrupted after N s of --time=30: the figures cover only the part that ran
  $ awk '/total time:/ { print ($3 + 0 < 20) ? "stopped early" : "ran " $3 }' text.out
  stopped early
  $ $B cpu --events=200 --time=0 run | grep -c 'Run status'
  0
  [1]

json: "status" in the final line, with the workload (its name, path and
the SHA-256 of its text) and the command line:

  $ intr i.json i.err $B cpu --time=30 --report-format=json run
  exit 1
  $ final i.json 'f["status"], f["total_time"] < 20, f["workload"]["name"], f["database"]'
  ('interrupted', True, 'cpu', None)
  $ final i.json 'f["workload"]["sha256"]' > sha.txt; sha256sum < "$BENCH_SRCDIR/lua/cpu.lua" | cut -d' ' -f1 | cmp - sha.txt && echo "sha256 of cpu.lua"
  sha256 of cpu.lua
  $ final i.json 'f["command_line"].split(" ", 1)[1]'
  cpu --time=30 --report-format=json run
  $ $B cpu --events=200 --time=0 --report-format=json run 2> /dev/null > done.json; final done.json 'f["status"]'
  completed

csv: a last column "status" (running, then the final row's), and the
description as comment lines after the final row:

  $ intr i.csv i.err $B cpu --time=30 --report-interval=1 --report-format=csv run
  exit 1
  $ head -1 i.csv | awk -F, '{ print $NF }'; grep '^final,' i.csv | awk -F, '{ print $NF }'; grep -c ',running$' i.csv | awk '{ print ($1 >= 1) ? "intervals running" : $1 }'
  status
  interrupted
  intervals running
  $ grep '^#' i.csv | cut -d: -f1
  # workload
  # workload_path
  # workload_sha256
  # command_line

A failed run and one whose --rate queue overflowed: json and csv still get
a final line saying so; text prints no report, as sysbench:

  $ cat > fail.lua <<'X'
  > local n = 0
  > function event() n = n + 1; if n == 50 then error("boom") end end
  > X
  $ $B fail.lua --time=10 --report-format=json run 2> /dev/null > f.json; echo "exit $?"; final f.json 'f["status"], f["events"] >= 49'
  exit 1
  ('failed', True)
  $ $B fail.lua --time=10 run 2>&1 | grep -c -e 'General statistics' -e 'Run status'
  0
  [1]
  $ cat > slow.lua <<'X'
  > ffi.cdef("int usleep(unsigned int)")
  > function event() ffi.C.usleep(20000) end
  > X
  $ $B slow.lua --rate=2000000 --time=10 --report-format=json run 2> /dev/null > ov.json; echo "exit $?"; final ov.json 'f["status"]'
  exit 1
  overloaded

A run cut by --forced-shutdown (exit status 2, as sysbench) says so too:

  $ cat > stuck.lua <<'X'
  > ffi.cdef("unsigned int sleep(unsigned int)")
  > function event() ffi.C.sleep(30) end
  > X
  $ timeout 20 $B stuck.lua --time=1 --forced-shutdown=1 run 2>&1 | tail -1 | sed -E 's/after [0-9]+\.[0-9]{2} s/after N s/'
  Run status: forced_shutdown after N s of --time=1: --forced-shutdown cut it short, events in progress are not counted
  $ timeout 20 $B stuck.lua --time=1 --forced-shutdown=1 --report-format=json run 2> /dev/null > fs.json; echo "exit $?"; final fs.json 'f["status"]'
  exit 2
  forced_shutdown

bench compare and bench merge warn about runs that did not complete (a
json status, or the text report's line); compare shows what differs:

  $ $B compare done.json i.json text.out 2>&1 >/dev/null
  WARNING: compare: 'i' did not complete (status: interrupted): its figures cover only part of the run
  WARNING: compare: 'text' did not complete (status: interrupted): its figures cover only part of the run
  $ $B compare done.json i.json 2>/dev/null | sed -n '1,/^$/p'
  Differences between the runs (as their result files state them):
      status: done=completed, i=interrupted
      option events: done=200, i=0
      option time: done=0, i=30
  
  $ $B merge done.json i.json 2>&1 | grep WARNING
  WARNING: merge: 'i.json' did not complete (status: interrupted): its figures cover only part of the run

SQLite: its version and pragmas (and no server settings of another kind):

  $ SQ="--db-driver=sqlite --sqlite-db=$PWD/st.db --table-size=100"
  $ $B oltp_point_select $SQ prepare > /dev/null
  $ $B oltp_point_select $SQ --events=10 --time=0 --report-format=json run 2> /dev/null > sq.json
  $ final sq.json 'f["database"]["product"], sorted(f["database"]["settings"]), f["reads"]'
  ('SQLite', ['cache_size', 'journal_mode', 'locking_mode', 'page_size', 'synchronous', 'temp_store'], 10)

An OLTP run on MariaDB: the same marks, and the server's product, version
and the settings that decide OLTP results, read on a connection of its own
after the run (not in the SQL statistics):

  $ . "$BENCH_SRCDIR/tests/lib/dbtest.sh"
  $ dbtest_start mysql pgsql
  $ trap 'kill -CONT $DB_MYSQL_PID 2>/dev/null; dbserver_stop_all' EXIT
  $ $B oltp_read_write $MY --table-size=1000 prepare > /dev/null
  $ intr rw.out rw.err $BENCH oltp_read_write $MY --table-size=1000 --time=30 run
  exit 1
  $ tail -1 rw.out | sed -E 's/after [0-9]+\.[0-9]{2} s/after N s/'
  Run status: interrupted after N s of --time=30: the figures cover only the part that ran
  $ intr rw.json rw.err $BENCH oltp_read_write $MY --table-size=1000 --time=30 --report-format=json run
  exit 1
  $ final rw.json 'f["status"], f["database"]["product"], f["workload"]["name"]'
  ('interrupted', 'MariaDB', 'oltp_read_write')
  $ final rw.json 'f["database"]["version"].startswith(tuple("0123456789")), sorted(f["database"]["settings"])'
  (True, ['binlog_format', 'innodb_buffer_pool_size', 'innodb_doublewrite', 'innodb_flush_log_at_trx_commit', 'innodb_flush_method', 'innodb_log_file_size', 'log_bin', 'max_connections', 'read_only', 'replication_role', 'sync_binlog', 'tx_isolation', 'version_comment'])
  $ final rw.json 'f["database"]["settings"]["innodb_flush_log_at_trx_commit"], f["database"]["settings"]["log_bin"], f["database"]["settings"]["replication_role"]'
  ('2', 'OFF', 'none (not a replica, binary log off)')
  $ final rw.json 'f["command_line"].split(" ", 1)[1]'
  oltp_read_write --db-driver=mysql --mysql-host=127.0.0.1 --mysql-port=* --mysql-user=sbtest --mysql-password=*** --mysql-db=sbtest --table-size=1000 --time=30 --report-format=json run (glob)

csv: the status in the final row, the server in the comment lines:

  $ intr rw.csv rw.err $BENCH oltp_read_write $MY --table-size=1000 --time=30 --report-format=csv run
  exit 1
  $ grep '^final,' rw.csv | awk -F, '{ print $NF }'; grep -E '^# database_(product|setting.log_bin|setting.innodb_flush_log_at_trx_commit):' rw.csv
  interrupted
  # database_product: MariaDB
  # database_setting.innodb_flush_log_at_trx_commit: 2
  # database_setting.log_bin: OFF

The settings connection is not in the statistics: a run of 10 events of
oltp_point_select counts exactly 10 reads:

  $ $B oltp_point_select $MY --table-size=1000 --events=10 --time=0 --report-format=json run 2> /dev/null > ps.json; final ps.json 'f["reads"], f["other"], f["database"]["product"]'
  (10, 0, 'MariaDB')

bench merge refuses runs of different workloads (they are not one run):

  $ $B merge done.json ps.json 2>&1 | grep -E 'WARNING|FATAL'
  FATAL: merge: 'ps.json' ran another workload (or another version of it) than 'done.json': not one run
  [1]

PostgreSQL's settings, as current_setting() shows them (the test server
runs with fsync off):

  $ $B oltp_point_select $PG --table-size=100 prepare > /dev/null
  $ $B oltp_point_select $PG --table-size=100 --events=10 --time=0 --report-format=json run 2> /dev/null > pg.json
  $ final pg.json 'f["database"]["product"], f["reads"], sorted(f["database"]["settings"])'
  ('PostgreSQL', 10, ['checkpoint_timeout', 'default_transaction_isolation', 'fsync', 'full_page_writes', 'max_connections', 'max_wal_size', 'pg_is_in_recovery', 'shared_buffers', 'synchronous_commit', 'synchronous_standby_names', 'wal_compression', 'wal_level'])
  $ final pg.json 'f["database"]["settings"]["fsync"], f["database"]["settings"]["pg_is_in_recovery"]'
  ('off', 'false')

Comparing a read-only run with the interrupted read-write one: warnings for
both problems, then the differences, then the table:

  $ $B oltp_read_only $MY --table-size=1000 --events=50 --time=0 --report-format=json run 2> /dev/null > ro.json
  $ $B compare ro.json rw.json > cmp.out 2> cmp.err; echo "exit $?"; cat cmp.err
  exit 0
  WARNING: compare: 'rw' did not complete (status: interrupted): its figures cover only part of the run
  WARNING: compare: the runs ran different workloads (or different versions of one): compare their figures with care
  $ sed -n '1,/^$/p' cmp.out | sed -E 's/sha256 [0-9a-f]{12}/sha256 X/g'
  Differences between the runs (as their result files state them):
      workload: ro=oltp_read_only (sha256 X), rw=oltp_read_write (sha256 X)
      status: ro=completed, rw=interrupted
      option events: ro=50, rw=0
      option time: ro=0, rw=30
  
  $ grep -c '^tps ' cmp.out
  1

A server that stops answering: the workers abandoned after SIGINT, the
json result is written without reading the server (a connection would
block too) instead of hanging:

  $ timeout --foreground -s KILL 40 $BENCH oltp_point_select $MY --table-size=1000 --threads=2 --time=0 --report-format=json run > hang.json 2> hang.err & pid=$!
  $ started hang.err; sleep 1; kill -STOP $DB_MYSQL_PID; sleep 1
  $ kill -INT $pid; wait $pid; echo "exit $?"; kill -CONT $DB_MYSQL_PID
  exit 1
  $ final hang.json 'f["status"], f["database"]'
  ('interrupted', None)

The password is in no output:

  $ cat *.json *.out *.err | grep -c sbtest_pw
  0
  [1]
