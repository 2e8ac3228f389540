Command lines from published field reports, sizes and times scaled down,
run the way they were written: era option names (--test, --num-threads,
--max-time, --max-requests, --oltp-*, --mysql-table-engine) and options
sysbench 1.0.20 rejects (--init-rng, --rand-init, --mysql-engine-trx: one
WARNING each, then ignored). Each prints sysbench 1.0.20's report layout
(numbers shown as N, runs of spaces squeezed), on MariaDB and PostgreSQL
where it applies. The legacy scripts come from the peer directory
($BENCH_PEER_DIR, default $BENCH_SRCDIR/../shared/peer). The servers allow
1100 connections: the 0.5 run uses 1000 threads, as reported.

  $ . "$BENCH_SRCDIR/tests/lib/legacy.sh"
  $ legacy_peer || exit 80
  $ . "$BENCH_SRCDIR/tests/lib/dbserver.sh"
  $ trap dbserver_stop_all EXIT
  $ DBSERVER_MYSQL_OPTS="--max-connections=1100 --back-log=1100 --max-prepared-stmt-count=100000" dbserver_start mysql
  $ DBSERVER_PGSQL_OPTS="-c max_connections=1100" dbserver_start pgsql
  $ B="timeout 300 $BENCH"
  $ MY="--mysql-host=$DB_HOST --mysql-port=$DB_MYSQL_PORT --mysql-user=$DB_USER --mysql-password=$DB_PASSWORD --mysql-db=$DB_NAME"
  $ PG="--db-driver=pgsql --pgsql-host=$DB_HOST --pgsql-port=$DB_PGSQL_PORT --pgsql-user=$DB_USER --pgsql-password=$DB_PASSWORD --pgsql-db=$DB_NAME"
  $ my_tables() { dbserver_mysql_sql "SELECT COUNT(*) FROM information_schema.tables WHERE table_schema = 'sbtest'"; }
  $ pg_tables() { dbserver_pgsql_sql "SELECT COUNT(*) FROM pg_tables WHERE schemaname = 'public'"; }
  $ layout() { grep -v '^WARNING: ' | sed -E 's/[0-9]+(\.[0-9]+)?/N/g; s/ +/ /g'; }
  $ warnings() { grep '^WARNING: ' | grep -v 'still in an event' | sort; } # that one: a stall past --time (load)
  $ same_layout() { # ARGS...: bench and the real sysbench (when installed) print the same layout
  >   command -v sysbench > /dev/null || { echo "same layout"; return; }
  >   $B "$@" 2>&1 | layout | sed -e "${CUT:-}" > bench.layout
  >   sysbench "$@" 2>&1 | layout | sed -e 's/^sysbench /bench /' -e "${CUT:-}" > sysbench.layout
  >   diff sysbench.layout bench.layout && echo "same layout"
  > }

1. 1.0.20's oltp_legacy/oltp.lua, prepare:

  $ $B --test=$L10/oltp.lua --oltp-table-size=1000 --mysql-table-engine=innodb $MY prepare > out 2>&1; echo "exit $?"
  exit 0
  $ warnings < out
  WARNING: the --test option is deprecated. You can pass a script name or path on the command line without any options.
  $ layout < out
  bench N.N (using system LuaJIT N.N-betaN)
  
  Creating table 'sbtestN'...
  Inserting N records into 'sbtestN'
  Creating secondary indexes on 'sbtestN'...
  $ dbserver_mysql_sql "SELECT COUNT(*) FROM sbtest1"
  1000
  $ $B --test=$L10/oltp.lua --oltp-table-size=1000 $PG prepare 2>&1 | layout
  bench N.N (using system LuaJIT N.N-betaN)
  
  Creating table 'sbtestN'...
  Inserting N records into 'sbtestN'
  Creating secondary indexes on 'sbtestN'...
  $ dbserver_pgsql_sql "SELECT COUNT(*) FROM sbtest1"
  1000

2. ... and run, read-write and --oltp-read-only=on, 8 threads for 2 seconds:

  $ $B --max-time=2 --max-requests=0 --num-threads=8 --oltp-table-size=1000 --test=$L10/oltp.lua --mysql-table-engine=innodb $MY run > out 2>&1; echo "exit $?"
  exit 0
  $ warnings < out
  WARNING: --max-time is deprecated, use --time instead
  WARNING: --num-threads is deprecated, use --threads instead
  WARNING: the --test option is deprecated. You can pass a script name or path on the command line without any options.
  $ layout < out
  bench N.N (using system LuaJIT N.N-betaN)
  
  Running the test with following options:
  Number of threads: N
  Initializing random number generator from current time
  
  
  Initializing worker threads...
  
  Threads started!
  
  SQL statistics:
   queries performed:
   read: N
   write: N
   other: N
   total: N
   transactions: N (N per sec.)
   queries: N (N per sec.)
   ignored errors: N (N per sec.)
   reconnects: N (N per sec.)
  
  General statistics:
   total time: Ns
   total number of events: N
  
  Latency (ms):
   min: N
   avg: N
   max: N
   Nth percentile: N
   sum: N
  
  Threads fairness:
   events (avg/stddev): N/N
   execution time (avg/stddev): N/N
  
  $ same_layout --max-time=1 --max-requests=0 --num-threads=8 --oltp-table-size=1000 --test=$L10/oltp.lua --mysql-table-engine=innodb $MY run
  same layout
  $ $B --max-time=2 --max-requests=0 --num-threads=8 --oltp-table-size=1000 --test=$L10/oltp.lua $PG run 2>&1 | layout | sed -n '/^SQL statistics/,/^General/p'
  SQL statistics:
   queries performed:
   read: N
   write: N
   other: N
   total: N
   transactions: N (N per sec.)
   queries: N (N per sec.)
   ignored errors: N (N per sec.)
   reconnects: N (N per sec.)
  
  General statistics:

Read-only transactions are always 14 reads and BEGIN/COMMIT, so with an
event limit the counts are exact, on any number of threads:

  $ for db in "$MY" "$PG"; do
  >   $B --max-time=0 --max-requests=200 --num-threads=8 --oltp-table-size=1000 --test=$L10/oltp.lua $db --oltp-read-only=on run 2>&1 | cnt
  > done
  read 2800 write 0 other 400 total 3200 transactions 200 events 200 ignored 0 reconnects 0
  read 2800 write 0 other 400 total 3200 transactions 200 events 200 ignored 0 reconnects 0
  $ $B --max-time=2 --max-requests=0 --num-threads=8 --oltp-table-size=1000 --test=$L10/oltp.lua $MY --oltp-read-only=on run 2>&1 |
  >   awk '$1 == "read:" { r = $2 } $1 == "write:" { w = $2 } $1 == "other:" { o = $2 } $1 == "transactions:" { x = $2 }
  >        END { print (r == 14 * x && w == 0 && o == 2 * x && x > 0) ? "read-only counts agree" : "read " r " write " w " other " o " transactions " x }'
  read-only counts agree
  $ $B --test=$L10/oltp.lua $MY cleanup 2>&1 | layout; my_tables
  bench N.N (using system LuaJIT N.N-betaN)
  
  Dropping table 'sbtestN'...
  0
  $ $B --test=$L10/oltp.lua $PG cleanup 2>&1 | layout; pg_tables
  bench N.N (using system LuaJIT N.N-betaN)
  
  Dropping table 'sbtestN'...
  0

3. sysbench 0.5's tests/db/oltp.lua, prepare through the socket, 50 tables
(sysbench 1.0.20 stops at the first table: "bad argument #2 to 'sb_rand'
(cannot convert 'string' to 'unsigned int')"):

  $ $B --mysql-db=sbtest --num-threads=24 --mysql-engine-trx=yes --mysql-table-engine=innodb --rand-type=special --mysql-socket=$DB_MYSQL_SOCKET --mysql-user=$DB_USER --mysql-password=$DB_PASSWORD --test=$L05/oltp.lua --oltp_tables_count=50 --oltp-table-size=1000 --rand-init=on prepare > out 2>&1; echo "exit $?"
  exit 0
  $ warnings < out
  WARNING: --mysql-engine-trx is deprecated and ignored: whether to use transactions is up to the script (--oltp-skip-trx for the legacy OLTP scripts, --skip-trx for oltp_*)
  WARNING: --num-threads is deprecated, use --threads instead
  WARNING: --rand-init is deprecated and ignored: the random number generator is always initialized, from --rand-seed or, when that is 0 (the default), from the current time
  WARNING: the --test option is deprecated. You can pass a script name or path on the command line without any options.
  $ layout < out | sort | uniq -c | sed -E 's/^ +//'
  1 
  50 Creating secondary indexes on 'sbtestN'...
  50 Creating table 'sbtestN'...
  50 Inserting N records into 'sbtestN'
  1 bench N.N (using system LuaJIT N.N-betaN)
  $ dbserver_mysql_sql "SELECT COUNT(*), SUM(table_rows > 0) FROM information_schema.tables WHERE table_schema = 'sbtest'"
  50\t50 (esc)
  $ dbserver_mysql_sql "SELECT COUNT(*), MIN(id), MAX(id) FROM sbtest50"
  1000\t1\t1000 (esc)
  $ $B --num-threads=24 --mysql-engine-trx=yes --rand-type=special $PG --test=$L05/oltp.lua --oltp_tables_count=50 --oltp-table-size=1000 --rand-init=on prepare 2>&1 | grep -c '^Inserting 1000 records'
  50
  $ dbserver_pgsql_sql "SELECT COUNT(*), MIN(id), MAX(id) FROM sbtest50"
  1000\t1\t1000 (esc)

4. ... and run: 1000 threads, intermediate reports (every second here), 95th
percentile, for 3 seconds:

  $ $B --mysql-db=sbtest --mysql-socket=$DB_MYSQL_SOCKET --mysql-user=$DB_USER --mysql-password=$DB_PASSWORD --test=$L05/oltp.lua --oltp_tables_count=50 --oltp-table-size=1000 --num-threads=1000 --oltp-read-only=off --report-interval=1 --rand-type=uniform --max-time=3 --max-requests=0 --percentile=95 run > out 2>&1; echo "exit $?"
  exit 0
  $ warnings < out
  WARNING: --max-time is deprecated, use --time instead
  WARNING: --num-threads is deprecated, use --threads instead
  WARNING: the --test option is deprecated. You can pass a script name or path on the command line without any options.
  $ layout < out | grep -v '^\[ Ns \]'
  bench N.N (using system LuaJIT N.N-betaN)
  
  Running the test with following options:
  Number of threads: N
  Report intermediate results every N second(s)
  Initializing random number generator from current time
  
  
  Initializing worker threads...
  
  Threads started!
  
  SQL statistics:
   queries performed:
   read: N
   write: N
   other: N
   total: N
   transactions: N (N per sec.)
   queries: N (N per sec.)
   ignored errors: N (N per sec.)
   reconnects: N (N per sec.)
  
  General statistics:
   total time: Ns
   total number of events: N
  
  Latency (ms):
   min: N
   avg: N
   max: N
   Nth percentile: N
   sum: N
  
  Threads fairness:
   events (avg/stddev): N/N
   execution time (avg/stddev): N/N
  
  $ grep -c '^\[ 1s \] thds: 1000 tps: [0-9.]* qps: [0-9.]* (r/w/o: [0-9.]*/[0-9.]*/[0-9.]*) lat (ms,95%): [0-9.]* err/s: [0-9.]* reconn/s: [0-9.]*$' out
  1

On PostgreSQL the last of 1000 SCRAM handshakes, starved by the
connections already running, can come after bench's default 60 s connect
timeout on a loaded machine (it did under AddressSanitizer in CI): this
run allows 240 s, as the server does 600.

  $ $B $PG --pgsql-connect-timeout=240 --test=$L05/oltp.lua --oltp_tables_count=50 --oltp-table-size=1000 --num-threads=1000 --oltp-read-only=off --report-interval=1 --rand-type=uniform --max-time=3 --max-requests=0 --percentile=95 run > out 2>&1; echo "exit $?"
  exit 0
  $ layout < out | sed -n '/^SQL statistics/,/^General/p'
  SQL statistics:
   queries performed:
   read: N
   write: N
   other: N
   total: N
   transactions: N (N per sec.)
   queries: N (N per sec.)
   ignored errors: N (N per sec.)
   reconnects: N (N per sec.)
  
  General statistics:
  $ grep -c '^\[ 1s \] thds: 1000 tps: ' out
  1
  $ $B --mysql-socket=$DB_MYSQL_SOCKET --mysql-user=$DB_USER --mysql-password=$DB_PASSWORD --test=$L05/oltp.lua --oltp_tables_count=50 cleanup 2>&1 | grep -c '^Dropping table'; my_tables
  50
  0
  $ $B $PG --test=$L05/oltp.lua --oltp_tables_count=50 cleanup 2>&1 | grep -c '^Dropping table'; pg_tables
  50
  0

5. fileio with --init-rng (sysbench 1.0.20: "invalid option: --init-rng=on"):

  $ FIO="--test=fileio --file-total-size=8M --file-test-mode=rndrw --init-rng=on --max-time=1 --max-requests=0"
  $ $B $FIO prepare > out 2>&1; echo "exit $?"
  exit 0
  $ warnings < out
  WARNING: --init-rng is deprecated and ignored: the random number generator is always initialized, from --rand-seed or, when that is 0 (the default), from the current time
  WARNING: --max-time is deprecated, use --time instead
  WARNING: the --test option is deprecated. You can pass a script name or path on the command line without any options.
  $ layout < out | uniq -c | sed -E 's/^ +//'
  1 bench N.N (using system LuaJIT N.N-betaN)
  1 
  1 N files, NKb each, NMb total
  1 Creating files for the test...
  1 Extra file open flags: (none)
  128 Creating file test_file.N
  1 N bytes written in N seconds (N MiB/sec).
  $ $B $FIO run > out 2>&1; echo "exit $?"
  exit 0
  $ layout < out
  bench N.N (using system LuaJIT N.N-betaN)
  
  Running the test with following options:
  Number of threads: N
  Initializing random number generator from current time
  
  
  Extra file open flags: (none)
  N files, NKiB each
  NMiB total file size
  Block size NKiB
  Number of IO requests: N
  Read/Write ratio for combined random IO test: N
  Periodic FSYNC enabled, calling fsync() each N requests.
  Calling fsync() at the end of test, Enabled.
  Using synchronous I/O mode
  Doing random r/w test
  Initializing worker threads...
  
  Threads started!
  
  
  File operations:
   reads/s: N
   writes/s: N
   fsyncs/s: N
  
  Throughput:
   read, MiB/s: N
   written, MiB/s: N
  
  General statistics:
   total time: Ns
   total number of events: N
  
  Latency (ms):
   min: N
   avg: N
   max: N
   Nth percentile: N
   sum: N
  
  Threads fairness:
   events (avg/stddev): N/N
   execution time (avg/stddev): N/N
  
  $ same_layout ${FIO/--init-rng=on/} run
  same layout
  $ $B $FIO cleanup 2>&1 | layout; ls test_file.* 2>/dev/null | wc -l
  bench N.N (using system LuaJIT N.N-betaN)
  
  Removing test files...
  0

6. sysbench 1.0.20's own /usr/share/sysbench/oltp_read_write.lua, 10 tables,
256 threads, an interval longer than the run:

  $ S=/usr/share/sysbench/oltp_read_write.lua
  $ [ -f $S ] || S=$BENCH_SRCDIR/lua/oltp_read_write.lua
  $ $B $S --db-driver=mysql --mysql-host=$DB_HOST --mysql-port=$DB_MYSQL_PORT --mysql-db=sbtest --mysql-user=$DB_USER --mysql-password=$DB_PASSWORD --table_size=1000 --tables=10 prepare 2>&1 | grep -c '^Inserting 1000 records'
  10
  $ $B $S --db-driver=mysql --mysql-host=$DB_HOST --mysql-port=$DB_MYSQL_PORT --mysql-db=sbtest --mysql-user=$DB_USER --mysql-password=$DB_PASSWORD --table_size=1000 --tables=10 --threads=256 --time=2 --report-interval=30 run > out 2>&1; echo "exit $?"
  exit 0
  $ layout < out
  bench N.N (using system LuaJIT N.N-betaN)
  
  Running the test with following options:
  Number of threads: N
  Report intermediate results every N second(s)
  Initializing random number generator from current time
  
  
  Initializing worker threads...
  
  Threads started!
  
  SQL statistics:
   queries performed:
   read: N
   write: N
   other: N
   total: N
   transactions: N (N per sec.)
   queries: N (N per sec.)
   ignored errors: N (N per sec.)
   reconnects: N (N per sec.)
  
  General statistics:
   total time: Ns
   total number of events: N
  
  Latency (ms):
   min: N
   avg: N
   max: N
   Nth percentile: N
   sum: N
  
  Threads fairness:
   events (avg/stddev): N/N
   execution time (avg/stddev): N/N
  
  $ same_layout $S --db-driver=mysql --mysql-host=$DB_HOST --mysql-port=$DB_MYSQL_PORT --mysql-db=sbtest --mysql-user=$DB_USER --mysql-password=$DB_PASSWORD --table_size=1000 --tables=10 --threads=256 --time=1 --report-interval=30 run
  same layout
  $ $B $S --db-driver=mysql --mysql-host=$DB_HOST --mysql-port=$DB_MYSQL_PORT --mysql-db=sbtest --mysql-user=$DB_USER --mysql-password=$DB_PASSWORD --tables=10 cleanup 2>&1 | grep -c '^Dropping table'; my_tables
  10
  0
  $ $B $S $PG --table_size=1000 --tables=10 prepare 2>&1 | grep -c '^Inserting 1000 records'
  10
  $ $B $S $PG --table_size=1000 --tables=10 --threads=256 --time=2 --report-interval=30 run 2>&1 | layout | sed -n '/^SQL statistics/,/^General/p'
  SQL statistics:
   queries performed:
   read: N
   write: N
   other: N
   total: N
   transactions: N (N per sec.)
   queries: N (N per sec.)
   ignored errors: N (N per sec.)
   reconnects: N (N per sec.)
  
  General statistics:
  $ $B $S $PG --tables=10 cleanup 2>&1 | grep -c '^Dropping table'; pg_tables
  10
  0
