Database faults, against throwaway MariaDB and PostgreSQL servers without
TLS (tests/lib/dbserver.sh): wrong password, unreachable port, missing
database, run before prepare, unknown driver, TLS demanded from a server
without it, a server that stops during a run and one stopped before the run. Each ends with FATAL
lines on stderr naming the cause and exit code 1, quickly (timeout turns a
hang into exit 124).

  $ . "$BENCH_SRCDIR/tests/lib/dbtest.sh"
  $ dbtest_start mysql pgsql
  $ MP=$DB_MYSQL_PORT PP=$DB_PGSQL_PORT
  $ MY="--db-driver=mysql --mysql-host=127.0.0.1 --mysql-port=$MP --mysql-user=sbtest --mysql-password=sbtest_pw"
  $ PG="--db-driver=pgsql --pgsql-host=127.0.0.1 --pgsql-port=$PP --pgsql-user=sbtest --pgsql-password=sbtest_pw"

Only stderr, with the ports and the workload's path masked (all output is
also kept, to look for the password at the end):

  $ err() { local rc; "$@" >one.out 2>&1; rc=$?; cat one.out >>all.out
  >   grep -E '^(FATAL|ALERT|WARNING): ' one.out | tee -a all.err | sed -e "s/port $MP\([^0-9]\)/port MYPORT\1/g" -e "s/port $PP\([^0-9]\)/port PGPORT\1/g" \
  >   -e "s/PGSQL\.$PP\"/PGSQL.PGPORT\"/" -e 's#[^ ]*/oltp_common\.lua:[0-9]*:#oltp_common.lua:N:#'; return $rc; }
  $ tables() { dbserver_mysql_sql "SELECT COUNT(*) FROM information_schema.tables WHERE table_schema = 'sbtest'"
  >   dbserver_pgsql_sql "SELECT COUNT(*) FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')"; }

MariaDB
-------

Wrong password:

  $ err $B oltp_point_select $MY --mysql-password=wrong --events=10 --time=0 run
  FATAL: unable to connect to MySQL server on host '127.0.0.1', port MYPORT, aborting...
  FATAL: error 1045: Access denied for user 'sbtest'@'127.0.0.1' (using password: YES)
  FATAL: `thread_init' function failed: oltp_common.lua:N: connection creation failed
  FATAL: Thread initialization failed!
  [1]

At 16 threads the cause is said once, with the count of the threads that
failed the same way (sysbench repeats the three lines for every thread).
A thread still starting when the first failure stops the run does not try
its connect and is not counted (seen under ASan: 14 more):

  $ err $B oltp_point_select $MY --mysql-password=wrong --threads=16 --events=10 --time=0 run
  FATAL: unable to connect to MySQL server on host '127.0.0.1', port MYPORT, aborting...
  FATAL: error 1045: Access denied for user 'sbtest'@'127.0.0.1' (using password: YES)
  FATAL: `thread_init' function failed: oltp_common.lua:N: connection creation failed
  FATAL: Thread initialization failed!
  FATAL: ([1-9]|1[0-5]) more threads failed the same way \(their messages above not repeated\) (re)
  [1]
  $ err $B oltp_point_select $MY --mysql-password=wrong --table-size=10 prepare
  FATAL: unable to connect to MySQL server on host '127.0.0.1', port MYPORT, aborting...
  FATAL: error 1045: Access denied for user 'sbtest'@'127.0.0.1' (using password: YES)
  FATAL: `prepare' function failed: oltp_common.lua:N: connection creation failed
  [1]

Unreachable port:

  $ err $B oltp_point_select $MY --mysql-port=1 --events=10 --time=0 run
  FATAL: unable to connect to MySQL server on host '127.0.0.1', port 1, aborting...
  FATAL: error 2002: Can't connect to server on '127.0.0.1' \(\d+\) (re)
  FATAL: `thread_init' function failed: oltp_common.lua:N: connection creation failed
  FATAL: Thread initialization failed!
  [1]

Missing database:

  $ err $B oltp_point_select $MY --mysql-db=nosuch --events=10 --time=0 run
  FATAL: unable to connect to MySQL server on host '127.0.0.1', port MYPORT, aborting...
  FATAL: error 1044: Access denied for user 'sbtest'@'127.0.0.1' to database 'nosuch'
  FATAL: `thread_init' function failed: oltp_common.lua:N: connection creation failed
  FATAL: Thread initialization failed!
  [1]

Run before prepare (no table): a WARNING suggests prepare before the
threads' errors (issue 28 item 4):

  $ err $B oltp_point_select $MY --events=10 --time=0 run
  WARNING: 1 of the 1 tables of --tables=1 not found (sbtest1): run 'prepare' with the same options first
  FATAL: mysql_stmt_prepare() failed
  FATAL: MySQL error: 1146 "Table 'sbtest.sbtest1' doesn't exist"
  FATAL: (a table is missing: run the same command with 'prepare' instead of 'run' first to create the tables)
  FATAL: `thread_init' function failed: oltp_common.lua:N: SQL API error
  FATAL: Thread initialization failed!
  [1]

TLS required from a server without it:

  $ err $B oltp_point_select $MY --mysql-ssl=REQUIRED --events=10 --time=0 run
  FATAL: unable to connect to MySQL server on host '127.0.0.1', port MYPORT, aborting...
  FATAL: error 2026: .*SSL.* (re)
  FATAL: `thread_init' function failed: oltp_common.lua:N: connection creation failed
  FATAL: Thread initialization failed!
  [1]

Unknown driver:

  $ err $B oltp_point_select --db-driver=foo --events=10 --time=0 run
  FATAL: invalid database driver name: 'foo'
  FATAL: `thread_init' function failed: oltp_common.lua:N: failed to initialize the DB driver
  FATAL: Thread initialization failed!
  [1]
  $ err $B oltp_point_select --db-driver=foo prepare
  FATAL: invalid database driver name: 'foo'
  FATAL: `prepare' function failed: oltp_common.lua:N: failed to initialize the DB driver
  [1]

None of that left a table behind:

  $ tables
  0
  0

The server stops during a run (once both threads are connected, and a little
later): both threads report the lost connection and the run ends long
before its --time:

  $ conns() { if [ "$1" = mysql ]; then
  >     dbserver_mysql_sql "SELECT COUNT(*) FROM information_schema.processlist WHERE user = 'sbtest'"
  >   else dbserver_pgsql_sql "SELECT COUNT(*) FROM pg_stat_activity WHERE usename = 'sbtest'"; fi; }
  $ waitconn() { for _ in $(seq 1 300); do [ "$(conns "$1")" -ge 2 ] && break; sleep 0.1; done; sleep 0.3; }

  $ $B oltp_point_select $MY --table-size=100 prepare >/dev/null
  $ SECONDS=0
  $ $B oltp_point_select $MY --table-size=100 --threads=2 --time=60 run > out 2>&1 &
  > waitconn mysql; dbserver_stop mysql; wait $!
  [1]
  $ [ $SECONDS -lt 30 ] && echo "ended in time"
  ended in time
  $ sed -e 's/errno = [0-9]*/errno = N/' -e 's/error [0-9]* ([^)]*)/error N (MSG)/' -e 's/state = .*/state .../' \
  >   -e 's#[^ ]*/oltp_common\.lua:[0-9]*:#oltp_common.lua:N:#' out | grep FATAL | sort -u
  FATAL: `thread_run' function failed: oltp_common.lua:N: SQL error, errno = N, state ...
  FATAL: mysql_stmt_execute() returned error N (MSG) for query 'SELECT c FROM sbtest1 WHERE id=?'

Stopped before the run: the connection fails in thread_init (and cleanup
fails the same way):

  $ err $B oltp_point_select $MY --table-size=100 --events=10 --time=0 run
  FATAL: unable to connect to MySQL server on host '127.0.0.1', port MYPORT, aborting...
  FATAL: error 2002: Can't connect to server on '127.0.0.1' \(\d+\) (re)
  FATAL: `thread_init' function failed: oltp_common.lua:N: connection creation failed
  FATAL: Thread initialization failed!
  [1]
  $ err $B oltp_point_select $MY cleanup
  FATAL: unable to connect to MySQL server on host '127.0.0.1', port MYPORT, aborting...
  FATAL: error 2002: Can't connect to server on '127.0.0.1' \(\d+\) (re)
  FATAL: `cleanup' function failed: oltp_common.lua:N: connection creation failed
  [1]

PostgreSQL
----------

Wrong password:

  $ err $B oltp_point_select $PG --pgsql-password=wrong --events=10 --time=0 run
  FATAL: Connection to database failed: connection to server at "127.0.0.1", port PGPORT failed: FATAL:  password authentication failed for user "sbtest"
  FATAL: `thread_init' function failed: oltp_common.lua:N: connection creation failed
  FATAL: Thread initialization failed!
  [1]
  $ err $B oltp_point_select $PG --pgsql-password=wrong --table-size=10 prepare
  FATAL: Connection to database failed: connection to server at "127.0.0.1", port PGPORT failed: FATAL:  password authentication failed for user "sbtest"
  FATAL: `prepare' function failed: oltp_common.lua:N: connection creation failed
  [1]

Unreachable port:

  $ err $B oltp_point_select $PG --pgsql-port=1 --events=10 --time=0 run
  FATAL: Connection to database failed: connection to server at "127.0.0.1", port 1 failed: Connection refused
  FATAL: `thread_init' function failed: oltp_common.lua:N: connection creation failed
  FATAL: Thread initialization failed!
  [1]

Missing database:

  $ err $B oltp_point_select $PG --pgsql-db=nosuch --events=10 --time=0 run
  FATAL: Connection to database failed: connection to server at "127.0.0.1", port PGPORT failed: FATAL:  database "nosuch" does not exist
  FATAL: `thread_init' function failed: oltp_common.lua:N: connection creation failed
  FATAL: Thread initialization failed!
  [1]

Run before prepare (no table): the error names the missing relation, with
server-side prepared statements (the default) as without them:

  $ err $B oltp_point_select $PG --events=10 --time=0 run | grep -c 'relation "sbtest1" does not exist'
  [1-9] (re)
  [1]
  $ err $B oltp_point_select $PG --events=10 --time=0 --db-ps-mode=disable run
  WARNING: 1 of the 1 tables of --tables=1 not found (sbtest1): run 'prepare' with the same options first
  FATAL: PQexec() failed: 7 relation "sbtest1" does not exist
  FATAL: failed query was: SELECT c FROM sbtest1 WHERE id=\d+ (re)
  FATAL: (a table is missing: run the same command with 'prepare' instead of 'run' first to create the tables)
  FATAL: `thread_run' function failed: oltp_common.lua:N: SQL error, errno = 0, state = '42P01': relation "sbtest1" does not exist
  [1]

TLS required from a server without it:

  $ err $B oltp_point_select $PG --pgsql-sslmode=require --events=10 --time=0 run
  FATAL: Connection to database failed: connection to server at "127.0.0.1", port PGPORT failed: server does not support SSL, but SSL was required
  FATAL: `thread_init' function failed: oltp_common.lua:N: connection creation failed
  FATAL: Thread initialization failed!
  [1]

  $ dbserver_pgsql_sql "SELECT COUNT(*) FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')"
  0

The server stops during a run:

  $ $B oltp_point_select $PG --table-size=100 prepare >/dev/null
  $ SECONDS=0
  $ $B oltp_point_select $PG --table-size=100 --threads=2 --time=60 run > out 2>&1 &
  > waitconn pgsql; dbserver_stop pgsql; wait $!
  [1]
  $ [ $SECONDS -lt 30 ] && echo "ended in time"
  ended in time
  $ sed -e 's/failed: 7 .*/failed: 7 MSG/' -e 's/state = .*/state .../' \
  >   -e 's#[^ ]*/oltp_common\.lua:[0-9]*:#oltp_common.lua:N:#' out | grep FATAL | sort -u
  FATAL: PQexecPrepared() failed: 7 MSG
  FATAL: `thread_run' function failed: oltp_common.lua:N: SQL error, errno = 0, state ...

Stopped before the run:

  $ err $B oltp_point_select $PG --table-size=100 --events=10 --time=0 run
  FATAL: Connection to database failed: connection to server at "127.0.0.1", port PGPORT failed: Connection refused
  FATAL: `thread_init' function failed: oltp_common.lua:N: connection creation failed
  FATAL: Thread initialization failed!
  [1]
  $ err $B oltp_point_select $PG cleanup
  FATAL: Connection to database failed: connection to server at "127.0.0.1", port PGPORT failed: Connection refused
  FATAL: `cleanup' function failed: oltp_common.lua:N: connection creation failed
  [1]

No password in any of these outputs:

  $ cat out >> all.out
  $ [ "$(grep -c FATAL all.err)" -ge 50 ] && echo "all FATAL lines kept"
  all FATAL lines kept
  $ grep -c sbtest_pw all.out all.err
  all.out:0
  all.err:0
  [1]
