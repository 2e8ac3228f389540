--connections against a real, throwaway MariaDB server: sysbench threads as
coroutines (N connections on J threads, one epoll per thread) over MariaDB
Connector/C's nonblocking API. Every OLTP workload with exact counts, a lost
connection, a deadlock, --rate, and a script that blocks its thread.

  $ . "$BENCH_SRCDIR/tests/lib/dbtest.sh"
  $ dbtest_start mysql
  $ C="--threads=2 --connections=16 --time=0"
  $ . "$BENCH_SRCDIR/tests/lib/counts.sh"
  $ cnt() { cnt_wo --no-total; }
  $ sql() { dbserver_mysql_sql "$@"; }

The run header names the connections:

  $ $B oltp_read_write $MY --tables=2 --table-size=1000 prepare > /dev/null
  $ $B oltp_point_select $MY --tables=2 --table-size=1000 --events=10 --time=0 $C run | sed -n '3,6p'
  Running the test with following options:
  Number of threads: 2
  Number of connections: 16 (coroutines, 8 to 8 per thread)
  Initializing random number generator from current time

Every OLTP workload, 100 events on 16 connections over 2 threads. Reads are
exact; writes and others together are exact (an UPDATE or DELETE that
finds no row counts as other, so the split depends on the data):

  $ for w in oltp_read_only oltp_point_select select_random_points select_random_ranges \
  >          oltp_update_index oltp_update_non_index oltp_insert; do
  >   printf '%s: ' $w; $B $w $MY --tables=2 --table-size=1000 --events=100 --time=0 $C run | cnt; done
  oltp_read_only: read 1400 write+other 200 transactions 100 events 100 ignored 0 reconnects 0
  oltp_point_select: read 100 write+other 0 transactions 100 events 100 ignored 0 reconnects 0
  select_random_points: read 100 write+other 0 transactions 100 events 100 ignored 0 reconnects 0
  select_random_ranges: read 100 write+other 0 transactions 100 events 100 ignored 0 reconnects 0
  oltp_update_index: read 0 write+other 100 transactions 100 events 100 ignored 0 reconnects 0
  oltp_update_non_index: read 0 write+other 100 transactions 100 events 100 ignored 0 reconnects 0
  oltp_insert: read 0 write+other 100 transactions 100 events 100 ignored 0 reconnects 0
  $ sql "SELECT (SELECT COUNT(*) FROM sbtest.sbtest1) + (SELECT COUNT(*) FROM sbtest.sbtest2)"
  2100

Without transactions and delete/insert pairs no two connections can
deadlock, so the mixed workloads' counts are exact too:

  $ for w in oltp_read_write oltp_write_only; do
  >   printf '%s: ' $w; $B $w $MY --tables=2 --table-size=1000 --events=100 --time=0 $C --skip_trx=on --delete_inserts=0 run | cnt; done
  oltp_read_write: read 1400 write+other 200 transactions 100 events 100 ignored 0 reconnects 0
  oltp_write_only: read 0 write+other 200 transactions 100 events 100 ignored 0 reconnects 0

With transactions, 16 connections on 1000-row tables deadlock now and then:
the victim's event restarts (ignored errors), every event commits exactly
once, and each delete/insert pair keeps the row count:

  $ for w in oltp_read_write oltp_write_only oltp_delete; do
  >   $B $w $MY --tables=2 --table-size=1000 --events=100 --time=0 $C run | cnt | awk '{ print $5, $6, $7, $8 }'; done
  transactions 100 events 100
  transactions 100 events 100
  transactions 100 events 100
  $ sql "SELECT (SELECT COUNT(*) FROM sbtest.sbtest1) + (SELECT COUNT(*) FROM sbtest.sbtest2) <= 2100"
  1
  $ $B oltp_read_write $MY --tables=2 cleanup > /dev/null

An injected deadlock (as in db_mysql.t, with the pause a server-side sleep,
which yields; tests/lib/deadlock.lua): connections of even and odd ids
update rows 1 and 2 in opposite orders. Only the victim's event restarts;
all 20 transactions commit exactly once:

  $ dbtest_deadlock_table mysql
  $ DL_PAUSE="SELECT SLEEP(0.02)" $B "$DBTEST_DEADLOCK" $MY --threads=2 --connections=4 --events=20 --time=0 run > out
  $ cnt < out | awk '{ print $5, $6, $7, $8, "ignored>0", ($10 > 0 ? "yes" : "no") }'
  transactions 20 events 20 ignored>0 yes
  $ sql "SELECT SUM(v) FROM sbtest.dl; DROP TABLE sbtest.dl"
  40

A lost connection (KILL CONNECTION mid-run) reconnects that
connection only: one reconnect, one ignored error, and all 16 connections
keep running:

  $ $B oltp_read_only $MY --tables=1 --table-size=1000 prepare > /dev/null
  $ $B oltp_read_only $MY --tables=1 --table-size=1000 --threads=2 --connections=16 --time=6 \
  >   --report-interval=1 --mysql-ignore-errors=1213,1020,1205,2013,2006 run > out & bpid=$!
  $ for i in $(seq 100); do
  >   n=$(sql "SELECT COUNT(*) FROM information_schema.processlist WHERE user = 'sbtest' AND db = 'sbtest'")
  >   [ "$n" = 16 ] && break; sleep 0.1; done; sleep 1
  $ sql "SELECT MIN(id) FROM information_schema.processlist WHERE user = 'sbtest' AND db = 'sbtest'" > id
  $ sql "KILL CONNECTION $(cat id)"
  $ wait $bpid
  $ cnt < out | awk '{ print $9, $10, $11, $12 }'
  ignored 1 reconnects 1
  $ grep '^\[ 6s \]' out | awk '{ print $4, $5 }'
  thds: 16

--rate with connections: arrivals go to idle connections on schedule (300
a second for 2 seconds: about 600 events; the count is Poisson, so the test
allows a wide band):

  $ $B oltp_point_select $MY --tables=1 --table-size=1000 --threads=2 --connections=16 \
  >   --time=2 --rate=300 run | cnt | awk '{ print ($8 >= 400 && $8 <= 800) ? "on schedule" : "off: " $8 }'
  on schedule

A script that blocks outside sysbench.sql (here usleep through the FFI)
stalls its own thread: connection 0 sleeps 100 ms per event, so the other
connections of thread 0 (even ids) wait with it, while thread 1's (odd ids)
keep going; --verbosity=4 names the connection that blocked (and any other
that ran more than 50 ms at once, as a slow connect may). Checked as an
order, not as counts (tests/lib/block_conn.lua; under load thread 1 may
get less CPU than thread 0, and "odd connections ran 2x more" failed with
1040 vs 607): no event of thread 0 ends while connection 0 sleeps, and
some of thread 1's do:

  $ $B "$BENCH_SRCDIR/tests/lib/block_conn.lua" $MY --threads=2 --connections=8 --time=2 --verbosity=4 run > out
  $ grep -c 'connection 0 ran [0-9]* ms without yielding: thread 0 and its other connections waited' out | awk '{ print ($1 >= 1) ? "named" : "not named" }'
  named
  $ . "$BENCH_SRCDIR/tests/lib/block_conn.sh"; block_conn_order out
  only thread 1 ran while connection 0 slept
  $ awk '$1 == "conn" { k++ } END { print k, "connections ended" }' out
  8 connections ended

Errors: fewer connections than threads, and the legacy driver check:

  $ $B oltp_point_select $MY --threads=4 --connections=2 run
  bench 0.1.0 (using system LuaJIT 2.1.0-beta3)
  
  Invalid value for the 'connections' option: 2 (at least --threads=4: every thread runs one or more connections)
  [1]
  $ $B oltp_read_only $MY --tables=1 cleanup > /dev/null

A driver without a nonblocking mode (SQLite) says so once, and its
connections take turns on their thread (each statement blocks it); counts
stay exact:

  $ $B oltp_point_select --db-driver=sqlite --sqlite-db=lite.db --table-size=100 prepare > /dev/null
  $ $B oltp_point_select --db-driver=sqlite --sqlite-db=lite.db --table-size=100 --threads=2 \
  >   --connections=4 --events=100 --time=0 run 2>&1 | grep -E 'WARNING|transactions:' | awk '{ print $1, $2 }'
  WARNING: the
  transactions: 100
  $ $B oltp_point_select --db-driver=sqlite --sqlite-db=lite.db --table-size=100 --threads=2 \
  >   --connections=4 --events=10 --time=0 run 2>&1 | grep WARNING
  WARNING: the sqlite driver has no nonblocking mode: under --connections each of its statements blocks the whole thread (its connections take turns)
