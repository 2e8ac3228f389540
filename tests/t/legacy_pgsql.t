Legacy scripts on a real PostgreSQL, unmodified and with their era's option
names: sysbench 1.0.20's tests/include/oltp_legacy/*.lua and sysbench 0.5's
tests/db/*.lua, read from the peer directory ($BENCH_PEER_DIR, default
$BENCH_SRCDIR/../shared/peer; the test skips without it). Each runs
prepare, run (one thread, exact statement counts) and cleanup, which leaves
no table. Where the real sysbench 1.0.20 is installed, it runs the same
1.0.20 scripts and must count the same.

  $ . "$BENCH_SRCDIR/tests/lib/legacy.sh"
  $ legacy_peer || exit 80
  $ . "$BENCH_SRCDIR/tests/lib/dbserver.sh"
  $ trap dbserver_stop_all EXIT
  $ dbserver_start pgsql
  $ B="timeout 120 $BENCH"
  $ PG=$(dbserver_conn_opts pgsql)
  $ tables() { dbserver_pgsql_sql "SELECT COUNT(*) FROM pg_tables WHERE schemaname = 'public'"; }
  $ nowarn() { grep -v '^WARNING: '; }

One 1.0.20 script through the three commands, whole output (the
deprecation warnings of --test and the other old names aside):

  $ $B --test=$L10/oltp.lua $PG --oltp-table-size=100 prepare 2>&1 | nowarn
  bench 0.1.0 (using system LuaJIT 2.1.0-beta3)
  
  Creating table 'sbtest1'...
  Inserting 100 records into 'sbtest1'
  Creating secondary indexes on 'sbtest1'...
  $ $B --test=$L10/oltp.lua $PG --oltp-table-size=100 --max-requests=10 --num-threads=1 run 2>&1 | nowarn
  bench 0.1.0 (using system LuaJIT 2.1.0-beta3)
  
  Running the test with following options:
  Number of threads: 1
  Initializing random number generator from current time
  
  
  Initializing worker threads...
  
  Threads started!
  
  SQL statistics:
      queries performed:
          read:                            140
          write:                           40
          other:                           20
          total:                           200
      transactions:                        10     \(\d+\.\d\d per sec\.\) (re)
      queries:                             200    \(\d+\.\d\d per sec\.\) (re)
      ignored errors:                      0      (0.00 per sec.)
      reconnects:                          0      (0.00 per sec.)
  
  General statistics:
      total time:\s+\d+\.\d+s (re)
      total number of events:              10
  
  Latency (ms):
           min:\s+\d+\.\d+ (re)
           avg:\s+\d+\.\d+ (re)
           max:\s+\d+\.\d+ (re)
           95th percentile:\s+\d+\.\d+ (re)
           sum:\s+\d+\.\d+ (re)
  
  Threads fairness:
      events (avg/stddev):           10.0000/0.00
      execution time \(avg/stddev\):\s+\d+\.\d{4}/\d+\.\d\d (re)
  
  $ $B --test=$L10/oltp.lua $PG cleanup 2>&1 | nowarn
  bench 0.1.0 (using system LuaJIT 2.1.0-beta3)
  
  Dropping table 'sbtest1'...
  $ tables
  0

Every script: prepare, ten events on one thread, cleanup. (A DELETE that
finds no row counts as "other", as in sysbench: delete.lua's split between
write and other is random.)

  $ each() { legacy_each "$PG" "$@"; }   # DIR SCRIPT... (bulk_insert and parallel_prepare: below)
  $ SCRIPTS="delete insert oltp oltp_simple select select_random_points select_random_ranges update_index update_non_index"
  $ each $L10 $SCRIPTS
  delete:                read 0 write+other 10 total 10 transactions 10 events 10 ignored 0 reconnects 0
  insert:                read 0 write 10 other 0 total 10 transactions 10 events 10 ignored 0 reconnects 0
  oltp:                  read 140 write 40 other 20 total 200 transactions 10 events 10 ignored 0 reconnects 0
  oltp_simple:           read 10 write 0 other 0 total 10 transactions 10 events 10 ignored 0 reconnects 0
  select:                read 10 write 0 other 0 total 10 transactions 10 events 10 ignored 0 reconnects 0
  select_random_points:  read 10 write 0 other 0 total 10 transactions 10 events 10 ignored 0 reconnects 0
  select_random_ranges:  read 10 write 0 other 0 total 10 transactions 10 events 10 ignored 0 reconnects 0
  update_index:          read 0 write 10 other 0 total 10 transactions 10 events 10 ignored 0 reconnects 0
  update_non_index:      read 0 write 10 other 0 total 10 transactions 10 events 10 ignored 0 reconnects 0

The 0.5 scripts read option values as they come: sysbench 1.0.20 passes
--oltp-table-size=100 to them as the string "100" and they fail ("bad
argument #2 to 'sb_rand' (cannot convert 'string' to 'unsigned int')").
bench gives legacy scripts plain numbers as numbers. (0.5's
select_random_points and select_random_ranges cannot create their table on
PostgreSQL, see below.)

  $ each $L05 ${SCRIPTS/select_random_points select_random_ranges/}
  delete:                read 0 write+other 10 total 10 transactions 10 events 10 ignored 0 reconnects 0
  insert:                read 0 write 10 other 0 total 10 transactions 10 events 10 ignored 0 reconnects 0
  oltp:                  read 140 write 40 other 20 total 200 transactions 10 events 10 ignored 0 reconnects 0
  oltp_simple:           read 10 write 0 other 0 total 10 transactions 10 events 10 ignored 0 reconnects 0
  select:                read 10 write 0 other 0 total 10 transactions 10 events 10 ignored 0 reconnects 0
  update_index:          read 0 write 10 other 0 total 10 transactions 10 events 10 ignored 0 reconnects 0
  update_non_index:      read 0 write 10 other 0 total 10 transactions 10 events 10 ignored 0 reconnects 0

bulk_insert: prepare makes one table per thread (sbtest0...), run fills
them, one row per event (1.0.20's; 0.5's creates MySQL-only tables):

  $ for d in $L10; do
  >   $B --test=$d/bulk_insert.lua $PG prepare 2>&1 | nowarn
  >   $B --test=$d/bulk_insert.lua $PG --max-requests=25 run 2>&1 | cnt
  >   dbserver_pgsql_sql "SELECT COUNT(*), SUM(k) FROM sbtest0"
  >   $B --test=$d/bulk_insert.lua $PG cleanup 2>&1 | nowarn
  >   tables
  > done
  bench 0.1.0 (using system LuaJIT 2.1.0-beta3)
  
  read 0 write 1 other 0 total 1 transactions 25 events 25 ignored 0 reconnects 0
  25\t325 (esc)
  bench 0.1.0 (using system LuaJIT 2.1.0-beta3)
  
  Dropping table 'sbtest0'...
  0

parallel_prepare: run creates and fills the tables (thread N takes tables
N+1, N+1+threads...), cleanup drops them:

  $ for d in $L10 $L05; do
  >   $B --test=$d/parallel_prepare.lua $PG --oltp-table-size=50 --oltp-tables-count=3 --max-requests=1 run 2>&1 | grep -E '^(thread|Creating|Inserting)'
  >   dbserver_pgsql_sql "SELECT COUNT(*) FROM sbtest3"
  >   $B --test=$d/parallel_prepare.lua $PG --oltp-tables-count=3 cleanup 2>&1 | grep -c Dropping
  >   tables
  > done
  thread prepare0
  Creating table 'sbtest1'...
  Inserting 50 records into 'sbtest1'
  Creating secondary indexes on 'sbtest1'...
  Creating table 'sbtest2'...
  Inserting 50 records into 'sbtest2'
  Creating secondary indexes on 'sbtest2'...
  Creating table 'sbtest3'...
  Inserting 50 records into 'sbtest3'
  Creating secondary indexes on 'sbtest3'...
  50
  3
  0
  thread prepare0
  Creating table 'sbtest1'...
  Inserting 50 records into 'sbtest1'
  Creating secondary indexes on 'sbtest1'...
  Creating table 'sbtest2'...
  Inserting 50 records into 'sbtest2'
  Creating secondary indexes on 'sbtest2'...
  Creating table 'sbtest3'...
  Inserting 50 records into 'sbtest3'
  Creating secondary indexes on 'sbtest3'...
  50
  3
  0

--oltp-read-only, --oltp-skip-trx, --oltp-point-selects and the other
--oltp-* values reach the script (numbers as numbers, on/off as strings):

  $ $B --test=$L05/oltp.lua $PG --oltp-table-size=100 prepare > /dev/null 2>&1
  $ $B --test=$L05/oltp.lua $PG --oltp-table-size=100 --oltp-read-only=on --max-requests=10 run 2>&1 | cnt
  read 140 write 0 other 20 total 160 transactions 10 events 10 ignored 0 reconnects 0
  $ $B --test=$L05/oltp.lua $PG --oltp-table-size=100 --oltp-skip-trx=on --oltp-point-selects=3 --oltp-range-selects=off --max-requests=10 run 2>&1 | cnt
  read 30 write 40 other 0 total 70 transactions 10 events 10 ignored 0 reconnects 0
  $ $B --test=$L05/oltp.lua $PG cleanup > /dev/null 2>&1; tables
  0

Scripts of 0.5 that cannot work on PostgreSQL, with sysbench 1.0.20 as with
bench: bulk_insert.lua creates "INTEGER UNSIGNED" columns, and
select_random_points.lua and select_random_ranges.lua build their CREATE
TABLE from an undefined global `sb`:

  $ $B --test=$L05/bulk_insert.lua $PG prepare > out 2>&1; echo "exit $?"; grep -q 'syntax error at or near "UNSIGNED"' out && echo rejected
  exit 1
  rejected
  $ $B --test=$L05/select_random_points.lua $PG prepare > out 2>&1; echo "exit $?"; grep -o "attempt to index global 'sb' (a nil value)" out
  exit 1
  attempt to index global 'sb' (a nil value)
  $ tables
  0

The real sysbench 1.0.20 counts the same statements for the 1.0.20 scripts
(not for the 0.5 ones, which it cannot run with explicit values):

  $ legacy_as_sysbench "$PG" $SCRIPTS
  $ tables
  0
