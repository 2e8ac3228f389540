--connections: the paths that used to block a whole worker thread now
yield their coroutine, against real, throwaway MariaDB and PostgreSQL
servers: the automatic reconnect after a lost connection, PostgreSQL's
DEALLOCATE and the ROLLBACK after an ignorable error, bulk loads
(bulk_load_*) and sysbench 0.5's db_* functions. And the driver's error
fields: a failed automatic reconnect leaves the connection closed, and a
statement that works clears the last error.

How "does not block" is checked: libpq and Connector/C wait for the server
with poll() in their blocking calls, while under --connections every wait
goes back to the thread's epoll. So a run traced with strace (poll and
ppoll only; seccomp keeps the other system calls untraced) must show no
poll that waits (libpq's zero-timeout poll that checks a socket after
reading nothing does not wait). The same runs with the blocking paths
showed 7 to 27.

  $ strace -f --seccomp-bpf -qq -o /dev/null true 2>/dev/null || exit 80
  $ . "$BENCH_SRCDIR/tests/lib/dbtest.sh"
  $ dbtest_start mysql pgsql
  $ . "$BENCH_SRCDIR/tests/lib/counts.sh"
  $ my() { dbserver_mysql_sql "$@"; }
  $ pg() { dbserver_pgsql_sql "$@"; }

polls ARGS... runs bench under strace and prints its report, then the
number of poll calls that wait (leak checking is off under strace: LeakSanitizer
cannot trace a traced process).

  $ waits() { grep 'poll(' trace | grep -cv ', 0)'; }
  $ polls() {
  >   ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" \
  >     strace -f --seccomp-bpf -qq -e trace=poll,ppoll -e signal=none -o trace timeout 120 $BENCH "$@" > out 2>&1
  >   local rc=$?
  >   cnt < out; grep -E 'FATAL|ALERT' out
  >   echo "exit $rc, poll calls: $(waits)"
  > }

The legacy 0.5 functions (db_query, db_prepare / db_bind_param /
db_execute / db_close, db_bulk_insert_*): 4 events on 2 connections of one
thread, each a query, an execute and a bulk insert:

  $ cat > legacy.lua <<'EOF'
  > function event()
  >   db_query("SELECT 1")
  >   local st = db_prepare("SELECT ?")
  >   db_bind_param(st, { sysbench.tid })
  >   db_execute(st)
  >   db_close(st)
  >   db_bulk_insert_init("INSERT INTO lt VALUES")
  >   for i = 1, 3 do db_bulk_insert_next("(" .. i .. ")") end
  >   db_bulk_insert_done()
  > end
  > EOF
  $ my "CREATE TABLE sbtest.lt (v INT)"
  $ pg "CREATE TABLE lt (v INT); GRANT ALL ON lt TO sbtest"
  $ for d in "$MY" "$PG"; do polls legacy.lua $d --threads=1 --connections=2 --events=4 --time=0 run; done
  read 8 write 4 other 0 total 12 transactions 4 events 4 ignored 0 reconnects 0
  exit 0, poll calls: 0
  read 8 write 4 other 0 total 12 transactions 4 events 4 ignored 0 reconnects 0
  exit 0, poll calls: 0
  $ my "SELECT COUNT(*), SUM(v) FROM sbtest.lt"
  12\t24 (esc)
  $ pg "SELECT COUNT(*), SUM(v) FROM lt"
  12\t24 (esc)

Bulk loads (COPY FROM STDIN, LOAD DATA LOCAL INFILE): 4 loads of 50000
rows (1.8 MB) on 2 connections of one thread. Each load is its probe (an
empty load: other) and two statements of at most 1 MiB (writes), whose
rows go as the socket takes them:

  $ cat > load.lua <<'EOF'
  > local n = 0
  > function thread_init() con = sysbench.sql.driver():connect() end
  > function event()
  >   assert(con:bulk_load_init("blt", "id, s"), "refused")
  >   for i = 1, 50000 do
  >     con:bulk_load_next((sysbench.tid * 1000000 + n * 100000 + i) .. "\t" .. string.rep("y", 30))
  >   end
  >   con:bulk_load_done()
  >   n = n + 1
  > end
  > function thread_done() con:disconnect() end
  > EOF
  $ my "CREATE TABLE sbtest.blt (id INT PRIMARY KEY, s VARCHAR(40)); SET GLOBAL local_infile = 1"
  $ pg "CREATE TABLE blt (id INT PRIMARY KEY, s VARCHAR(40)); GRANT ALL ON blt TO sbtest"
  $ for d in "$MY" "$PG"; do polls load.lua $d --threads=1 --connections=2 --events=4 --time=0 run; done
  read 0 write 8 other 4 total 12 transactions 4 events 4 ignored 0 reconnects 0
  exit 0, poll calls: 0
  read 0 write 8 other 4 total 12 transactions 4 events 4 ignored 0 reconnects 0
  exit 0, poll calls: 0
  $ my "SELECT COUNT(*), COUNT(DISTINCT id) FROM sbtest.blt"
  200000\t200000 (esc)
  $ pg "SELECT COUNT(*), COUNT(DISTINCT id) FROM blt"
  200000\t200000 (esc)

A statement of 8 MB, more than the socket takes at once: its sending
yields too (libpq is in nonblocking mode under --connections; Connector/C's
nonblocking calls write as the socket takes it):

  $ cat > bigq.lua <<'EOF'
  > function thread_init() con = sysbench.sql.driver():connect() end
  > function event()
  >   print("length", con:query_row("SELECT length('" .. string.rep("x", 8000000) .. "')"))
  > end
  > function thread_done() con:disconnect() end
  > EOF
  $ for d in "$MY" "$PG"; do polls bigq.lua $d --threads=1 --connections=2 --events=4 --time=0 run; grep -c '^length.8000000$' out; done
  read 4 write 0 other 0 total 4 transactions 4 events 4 ignored 0 reconnects 0
  exit 0, poll calls: 0
  4
  read 4 write 0 other 0 total 4 transactions 4 events 4 ignored 0 reconnects 0
  exit 0, poll calls: 0
  4

A load into a table that does not exist fails as a statement does, with
the same lines as without --connections:

  $ cat > noload.lua <<'EOF'
  > function event()
  >   local con = sysbench.sql.driver():connect()
  >   print(pcall(con.bulk_load_init, con, "no_such_table", "id"))
  >   con:query("SELECT 1")
  >   con:disconnect()
  > end
  > EOF
  $ $B noload.lua $PG --threads=1 --connections=1 --events=1 --time=0 run 2>&1 | grep -E 'false|FATAL'
  FATAL: pgsql_drv_load() returned error 42P01 (relation "no_such_table" does not exist) for query 'bulk load of 0 bytes into no_such_table (id)'
  FATAL: (a table is missing: run the same command with 'prepare' instead of 'run' first to create the tables)
  false\tnoload.lua:3: SQL error, errno = 0, state = '42P01': relation "no_such_table" does not exist (esc)

PostgreSQL's DEALLOCATE when a statement is closed, and the DEALLOCATE and
PREPARE when a statement is bound again with other types: the session's
prepared statements before and after, on 2 connections of one thread:

  $ cat > dealloc.lua <<'EOF'
  > function thread_init()
  >   con = sysbench.sql.driver():connect()
  >   st = con:prepare("SELECT 1")
  >   ps = con:prepare("SELECT ?::text")
  > end
  > local function n()
  >   return con:query_row("SELECT COUNT(*) FROM pg_prepared_statements")
  > end
  > function event()
  >   if done then return end
  >   done = true
  >   local before = n()
  >   st:close()
  >   local after = n()
  >   local p = ps:bind_create(sysbench.sql.type.INT)
  >   ps:bind_param(p)
  >   p:set(42)
  >   local a = ps:execute():fetch_row()[1]
  >   local q = ps:bind_create(sysbench.sql.type.VARCHAR, 10)
  >   ps:bind_param(q)
  >   q:set("x" .. sysbench.tid)
  >   local b = ps:execute():fetch_row()[1]
  >   print(string.format("tid %d: %s prepared, closed: %s, %s and %s: %s (%s with text)", sysbench.tid,
  >     before, after, a, b, n(),
  >     con:query_row("SELECT COUNT(*) FROM pg_prepared_statements WHERE parameter_types = '{text}'")))
  >   ps:close()
  >   print(string.format("tid %d: all closed: %s", sysbench.tid, n()))
  > end
  > EOF
  $ polls dealloc.lua $PG --threads=1 --connections=2 --events=2 --time=0 run
  read 14 write 0 other 0 total 14 transactions 2 events 2 ignored 0 reconnects 0
  exit 0, poll calls: 0
  $ grep '^tid' out | sort
  tid 0: 1 prepared, closed: 0, 42 and x0: 1 (1 with text)
  tid 0: all closed: 0
  tid 1: 1 prepared, closed: 0, 42 and x1: 1 (1 with text)
  tid 1: all closed: 0

The same without --connections (blocking, as before); each thread does it
once, however the events fall:

  $ $B dealloc.lua $PG --threads=2 --events=0 --time=1 run | grep '^tid' | sort
  tid 0: 1 prepared, closed: 0, 42 and x0: 1 (1 with text)
  tid 0: all closed: 0
  tid 1: 1 prepared, closed: 0, 42 and x1: 1 (1 with text)
  tid 1: all closed: 0

The ROLLBACK after an ignorable error inside a transaction block (a
duplicate key, 23505, is ignorable by default): each connection's first
event fails once and restarts; the restarted BEGIN works only because the
aborted block was rolled back:

  $ cat > rollback.lua <<'EOF'
  > local failed, n = false, 0
  > function thread_init() con = sysbench.sql.driver():connect() end
  > function event()
  >   con:query("BEGIN")
  >   con:query("INSERT INTO rb VALUES (" .. (100 + 10 * sysbench.tid + n) .. ")")
  >   if not failed then
  >     failed = true
  >     con:query("INSERT INTO rb VALUES (1)")
  >   end
  >   con:query("COMMIT")
  >   n = n + 1
  > end
  > function thread_done() con:disconnect() end
  > EOF
  $ pg "CREATE TABLE rb (id INT PRIMARY KEY); INSERT INTO rb VALUES (1); GRANT ALL ON rb TO sbtest"
  $ polls rollback.lua $PG --threads=1 --connections=2 --events=4 --time=0 run
  read 0 write 6 other 10 total 16 transactions 4 events 4 ignored 2 reconnects 0
  exit 0, poll calls: 0
  $ pg "SELECT COUNT(*) FROM rb"
  5

The automatic reconnect after a lost connection: one connection of four on
one thread is killed by the server while logins are refused for 2 s, so
its reconnect retries with pauses. Only that connection waits: every
interval of the run has events (the blocking reconnect stalled the thread,
and the interval lines showed tps 0), one reconnect and one ignored error
are counted, and all four connections run to the end:

  $ $B oltp_read_only $MY --tables=1 --table-size=1000 prepare > /dev/null
  $ $B oltp_read_only $PG --tables=1 --table-size=1000 prepare > /dev/null
  $ lost() { # DB: run, refuse logins, kill one connection, allow logins again
  >   local opts ign ids kill lock unlock
  >   if [ $1 = mysql ]; then
  >     opts=$MY ign=--mysql-ignore-errors=1213,1020,1205,2013,2006
  >     ids="SELECT id FROM information_schema.processlist WHERE user = 'sbtest' AND db = 'sbtest'"
  >     lock="ALTER USER sbtest@'%' ACCOUNT LOCK; ALTER USER sbtest@'127.0.0.1' ACCOUNT LOCK"
  >     unlock="ALTER USER sbtest@'%' ACCOUNT UNLOCK; ALTER USER sbtest@'127.0.0.1' ACCOUNT UNLOCK"
  >     killconn() { my "KILL CONNECTION $1"; }
  >   else
  >     opts=$PG ign=--pgsql-ignore-errors=40P01,23505,40001,08006
  >     ids="SELECT pid FROM pg_stat_activity WHERE application_name = 'bench' AND datname = 'sbtest'"
  >     lock="ALTER ROLE sbtest NOLOGIN" unlock="ALTER ROLE sbtest LOGIN"
  >     killconn() { pg "SELECT pg_terminate_backend($1)" > /dev/null; }
  >   fi
  >   sql() { dbserver_${1}_sql "$2"; }
  >   ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" \
  >     strace -f --seccomp-bpf -qq -e trace=poll,ppoll -e signal=none -o trace timeout 120 $BENCH oltp_read_only $opts \
  >     --tables=1 --table-size=1000 --threads=1 --connections=4 --time=10 --report-interval=1 $ign run > out 2>&1 & bpid=$!
  >   for i in $(seq 1200); do sql $1 "$ids" | sort -n > conns; [ "$(wc -l < conns)" -ge 4 ] && break; sleep 0.1; done
  >   [ "$(wc -l < conns)" -ge 4 ] || echo "bench did not connect within 120 s"
  >   sleep 1
  >   sql $1 "$lock"
  >   killconn "$(head -1 conns)"
  >   sleep 2
  >   sql $1 "$unlock"
  >   wait $bpid
  >   echo "exit $?, poll calls: $(waits)"
  >   grep -E 'FATAL|ALERT' out
  >   cnt < out | awk '{ print $13, $14, $15, $16 }'
  >   awk '/^\[/ { n++; if ($7 + 0 > 0) ok++ } END { print (n >= 9 && ok == n) ? "every interval ran events" : ok "/" n " intervals ran events" }' out
  >   grep '^\[ 10s \]' out | awk '{ print $4, $5 }'
  > }
  $ lost mysql
  exit 0, poll calls: 0
  ignored 1 reconnects 1
  every interval ran events
  thds: 4
  $ lost pgsql
  exit 0, poll calls: 0
  ignored 1 reconnects 1
  every interval ran events
  thds: 4

When the server keeps refusing, the reconnect gives up after its retries
(about 13 s of pauses), with the original error, now fatal; the
connection is then closed, as after a failed con:reconnect(): using it is
sysbench's ALERT and an API error, not a call on a connection that is not
there:

  $ cat > giveup.lua <<'EOF'
  > function event()
  >   local con = sysbench.sql.driver():connect()
  >   print(pcall(con.query, con, "SELECT pg_sleep(10)"))
  >   print(tonumber(con.error), con.sql_errno, con.sql_state == nil and "nil" or ffi.string(con.sql_state))
  >   print(pcall(con.query, con, "SELECT 1"))
  > end
  > EOF
  $ $B giveup.lua $PG --threads=1 --connections=1 --events=1 --time=0 \
  >   --pgsql-ignore-errors=08006 run > out 2>&1 & bpid=$!
  $ sleeping="SELECT pid FROM pg_stat_activity WHERE application_name = 'bench' AND query LIKE '%pg_sleep%'"
  $ for i in $(seq 1200); do [ -n "$(pg "$sleeping")" ] && break; sleep 0.1; done
  $ pg "ALTER ROLE sbtest NOLOGIN"
  $ pg "SELECT pg_terminate_backend(pid) FROM ($sleeping) s"
  t
  $ wait $bpid; echo "exit $?"
  exit 0
  $ pg "ALTER ROLE sbtest LOGIN"
  $ grep -E 'false|true|FATAL|ALERT|^[0-9]' out
  FATAL: lost the connection (terminating connection due to administrator command) and could not reconnect: connection to server at "127.0.0.1", port * failed: FATAL:  role "sbtest" is not permitted to log in (glob)
  false\tSQL error, errno = 0, state = '08006': terminating connection due to administrator command (esc)
  2	0	08006 (esc)
  ALERT: attempt to use an already closed connection
  false	giveup.lua:5: SQL API error (esc)

A statement that works clears the last error's number, state and message
(sysbench's fields then read 0, nil, nil), with and without --connections:

  $ cat > errclear.lua <<'EOF'
  > function event()
  >   local con = sysbench.sql.driver():connect()
  >   local function show(what)
  >     print(what, tonumber(con.error), con.sql_errno,
  >       con.sql_state == nil and "nil" or ffi.string(con.sql_state),
  >       con.sql_errmsg == nil and "nil" or ffi.string(con.sql_errmsg))
  >   end
  >   show("new")
  >   pcall(con.query, con, "SELECT * FROM no_such_table")
  >   show("failed")
  >   con:query("SELECT 1")
  >   show("query")
  >   if os.getenv("QUERY_ONLY") then return end
  >   pcall(con.query, con, "SELECT * FROM no_such_table")
  >   con:prepare("SELECT 1"):close()
  >   show("prepare")
  >   pcall(con.query, con, "SELECT * FROM no_such_table")
  >   con:reconnect()
  >   show("reconnect")
  >   con:disconnect()
  > end
  > EOF
  $ for c in "" --connections=1; do
  >   $B errclear.lua $MY --threads=1 $c --events=1 --time=0 run 2>/dev/null | grep -E '^(new|failed|query|prepare|reconnect)'
  >   $B errclear.lua $PG --threads=1 $c --events=1 --time=0 run 2>/dev/null | grep -E '^(new|failed|query|prepare|reconnect)'
  > done
  new\t0\t0\tnil\tnil (esc)
  failed\t2\t1146\t42S02\tTable 'sbtest.no_such_table' doesn't exist (esc)
  query\t0\t0\tnil\tnil (esc)
  prepare\t0\t0\tnil\tnil (esc)
  reconnect\t0\t0\tnil\tnil (esc)
  new\t0\t0\tnil\tnil (esc)
  failed\t2\t0\t42P01\trelation "no_such_table" does not exist (esc)
  query\t0\t0\tnil\tnil (esc)
  prepare\t0\t0\tnil\tnil (esc)
  reconnect\t0\t0\tnil\tnil (esc)
  new\t0\t0\tnil\tnil (esc)
  failed\t2\t1146\t42S02\tTable 'sbtest.no_such_table' doesn't exist (esc)
  query\t0\t0\tnil\tnil (esc)
  prepare\t0\t0\tnil\tnil (esc)
  reconnect\t0\t0\tnil\tnil (esc)
  new\t0\t0\tnil\tnil (esc)
  failed\t2\t0\t42P01\trelation "no_such_table" does not exist (esc)
  query\t0\t0\tnil\tnil (esc)
  prepare\t0\t0\tnil\tnil (esc)
  reconnect\t0\t0\tnil\tnil (esc)

sysbench 1.0.20 reads the same after a query (a prepare after an error
crashes it, so only the query is compared):

  $ command -v sysbench > /dev/null || exit 80
  $ for d in "$MY" "$PG"; do
  >   QUERY_ONLY=1 sysbench errclear.lua $d --threads=1 --events=1 --time=0 run 2>/dev/null | grep -E '^(new|failed|query)'
  > done
  new\t0\t0\tnil\tnil (esc)
  failed\t2\t1146\t42S02\tTable 'sbtest.no_such_table' doesn't exist (esc)
  query\t0\t0\tnil\tnil (esc)
  new\t0\t0\tnil\tnil (esc)
  failed\t2\t0\t42P01\trelation "no_such_table" does not exist (esc)
  query\t0\t0\tnil\tnil (esc)
