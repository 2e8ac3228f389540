--connections, the rest of issue 18 against real, throwaway MariaDB and
PostgreSQL servers: connect, reconnect, prepare and bulk inserts that do
not block the worker thread; warm-up, --hdr-log and --report-statements
with exact counts; sweeps over --threads with a fixed --connections;
every connection gets its share; a blocking call is named only at
--verbosity=4.

  $ . "$BENCH_SRCDIR/tests/lib/dbtest.sh"
  $ dbtest_start mysql pgsql
  $ . "$BENCH_SRCDIR/tests/lib/counts.sh"
  $ cnt() { cnt_wo --no-total; }

Nothing waits with the thread blocked. Two connections on one thread: each
runs its first event up to the first call that waits for the server, so
when that call yields, connection 1 starts its event before connection 0
has finished its call; a blocking call would print "after 0" first. libpq
always waits for the socket after sending (nothing is read before the
server can have answered), so on PostgreSQL the order is certain:

  $ cat > order.lua <<'EOF'
  > local first = true
  > local op = os.getenv("OP")
  > function thread_init() con = sysbench.sql.driver():connect() end
  > function event()
  >   if not first then return end
  >   first = false
  >   print("before", sysbench.tid)
  >   if op == "prepare" then
  >     con:prepare("SELECT 1"):close()
  >   elseif op == "execute-first" then
  >     -- with parameters the PREPARE goes with the first execute
  >     local st = con:prepare("SELECT ? + 1")
  >     local p = st:bind_create(sysbench.sql.type.INT)
  >     st:bind_param(p)
  >     p:set(sysbench.tid)
  >     local v = st:execute():fetch_row()[1]
  >     print("value", sysbench.tid, v)
  >     st:close()
  >   elseif op == "connect" then
  >     sysbench.sql.driver():connect():disconnect()
  >   elseif op == "reconnect" then
  >     con:reconnect()
  >   elseif op == "bulk" then
  >     con:bulk_insert_init("INSERT INTO bt VALUES")
  >     for i = 1, 3 do con:bulk_insert_next("(" .. (sysbench.tid * 10 + i) .. ")") end
  >     con:bulk_insert_done()
  >   end
  >   print("after", sysbench.tid)
  > end
  > function thread_done() con:disconnect() end
  > EOF
  $ dbserver_pgsql_sql "CREATE TABLE bt (v INT); GRANT ALL ON bt TO sbtest"
  $ for op in connect reconnect prepare execute-first bulk; do
  >   printf '%s: ' $op
  >   OP=$op $B order.lua $PG --threads=1 --connections=2 --events=2 --time=0 run |
  >     awk '$1 == "before" || $1 == "after" { printf "%s%s ", $1, $2 } $1 == "value" { v = v " " $3 } END { print "|" v }'
  > done
  connect: before0 before1 after* after* | (glob)
  reconnect: before0 before1 after* after* | (glob)
  prepare: before0 before1 after* after* | (glob)
  execute-first: before0 before1 after[01] after[01] \| [12] [12] (re)
  bulk: before0 before1 after* after* | (glob)
  $ dbserver_pgsql_sql "SELECT COUNT(*), SUM(v) FROM bt"
  6\t42 (esc)

Connector/C may find MariaDB's answer already there when it first reads
(on loopback the server can be that quick), so there the order is not
certain (and a connection that never waits runs every event); its trace
shows the nonblocking calls in use instead, never the blocking ones:

  $ dbserver_mysql_sql "CREATE TABLE sbtest.bt (v INT)"
  $ for op in prepare reconnect bulk; do
  >   printf '%s:' $op
  >   OP=$op $B order.lua $MY --mysql-debug=on --threads=1 --connections=2 --events=2 --time=0 run 2>&1 |
  >     grep -o -E '(mysql_real_connect|mysql_stmt_prepare|mysql_real_query)(_start)?\(' | sort -u | tr -d '(' | tr '\n' ' '; echo
  > done
  prepare:mysql_real_connect_start mysql_stmt_prepare_start 
  reconnect:mysql_real_connect_start 
  bulk:mysql_real_connect_start mysql_real_query_start 
  $ dbserver_mysql_sql "SELECT COUNT(*) IN (3, 6) AND SUM(v) IN (6, 42) FROM sbtest.bt"
  1

A bulk insert bigger than one statement (512 KiB) sends its rows as it
goes, each statement counted as a write, and every row arrives:

  $ cat > bulk.lua <<'EOF'
  > function thread_init() con = sysbench.sql.driver():connect() end
  > function event()
  >   con:bulk_insert_init("INSERT INTO bt2 VALUES")
  >   for i = 1, 30000 do
  >     con:bulk_insert_next(string.format("(%d, '%s')", sysbench.tid * 100000 + i, string.rep("x", 20)))
  >   end
  >   con:bulk_insert_done()
  > end
  > function thread_done() con:disconnect() end
  > EOF
  $ dbserver_mysql_sql "CREATE TABLE sbtest.bt2 (id INT PRIMARY KEY, s VARCHAR(30))"
  $ dbserver_pgsql_sql "CREATE TABLE bt2 (id INT PRIMARY KEY, s VARCHAR(30)); GRANT ALL ON bt2 TO sbtest"
  $ $B bulk.lua $MY --threads=2 --connections=4 --events=4 --time=0 run | cnt
  read 0 write+other 8 transactions 4 events 4 ignored 0 reconnects 0
  $ $B bulk.lua $PG --threads=2 --connections=4 --events=4 --time=0 run | cnt
  read 0 write+other 8 transactions 4 events 4 ignored 0 reconnects 0
  $ dbserver_mysql_sql "SELECT COUNT(*) FROM sbtest.bt2"
  120000
  $ dbserver_pgsql_sql "SELECT COUNT(*) FROM bt2"
  120000

A server that accepts connections and never answers: the connect timeouts
hold under --connections too (the scheduler wakes the connection at the
deadline), with the threaded mode's messages:

  $ python3 -c 'import socket, sys, time
  > s = socket.socket(); s.bind(("127.0.0.1", 0)); s.listen(64)
  > print(s.getsockname()[1], flush=True); time.sleep(60)' > port & lpid=$!
  $ for i in $(seq 50); do [ -s port ] && break; sleep 0.1; done
  $ $B order.lua --db-driver=pgsql --pgsql-host=127.0.0.1 --pgsql-port=$(cat port) --pgsql-connect-timeout=1 \
  >   --threads=1 --connections=2 --events=1 run 2>&1 | grep -E 'timeout|no answer' | sed "s/$(cat port)/PORT/" | sort -u
  FATAL: Connection to database failed: connection to server at "127.0.0.1", port PORT failed: timeout expired
  FATAL: no answer from the PostgreSQL server within --pgsql-connect-timeout=1 seconds
  [1]
  $ $B order.lua --db-driver=mysql --mysql-host=127.0.0.1 --mysql-port=$(cat port) --mysql-connect-timeout=1 \
  >   --threads=1 --connections=2 --events=1 run 2>&1 | grep -E 'no answer' | sort -u
  FATAL: no answer from the MySQL server within --mysql-connect-timeout=1 seconds
  [1]
  $ kill $lpid

Warm-up: events that began during it count in no statistic; a statement
that ends after it counts, so at most one statement per connection (here:
16, one statement per event) separates the reads from the events. The
events and transactions are exact:

  $ $B oltp_point_select $MY --tables=1 --table-size=1000 prepare > /dev/null
  $ $B oltp_point_select $PG --tables=1 --table-size=1000 prepare > /dev/null
  $ for db in "$MY" "$PG"; do
  >   $B oltp_point_select $db --tables=1 --table-size=1000 --threads=2 --connections=16 \
  >     --warmup-time=1 --events=500 --time=0 run | cnt |
  >     awk '{ print "transactions", $6, "events", $8, ($2 >= $8 && $2 <= $8 + 16) ? "reads in [events, events+16]" : "reads " $2 }'
  > done
  transactions 500 events 500 reads in [events, events+16]
  transactions 500 events 500 reads in [events, events+16]

A thread connects at most 32 connections at a time (thousands at once
would overflow the server's listen backlog); the others wait their turn
without blocking the thread. 80 connections on one thread:

  $ $B oltp_point_select $MY --tables=1 --table-size=1000 --threads=1 --connections=80 --events=400 --time=0 run | cnt
  read 400 write+other 0 transactions 400 events 400 ignored 0 reconnects 0

--report-statements and --hdr-log: exact per-kind counts (oltp_read_only,
100 events on 16 connections), and the hdr log's histograms hold every
event and every statement of a kind:

  $ kinds() { sed -n '/^Statement statistics/,/^$/p' | awk 'NR > 2 && NF >= 3 { if ($2 ~ /^[0-9]+$/) print $1, $2, $3; else print $1 " " $2, $3, $4 }' | tr '\n' ' '; echo; }
  $ $B oltp_read_only $MY --tables=1 --table-size=1000 --threads=2 --connections=16 --events=100 --time=0 \
  >   --report-statements=on --hdr-log=my.hlog run | kinds
  point select 1000 0 range select 100 0 sum range 100 0 order range 100 0 distinct range 100 0 begin 100 0 commit 100 0 total 1600 0 
  $ $B oltp_read_only $PG --tables=1 --table-size=1000 --threads=2 --connections=16 --events=100 --time=0 \
  >   --report-statements=on --hdr-log=pg.hlog run | kinds
  point select 1000 0 range select 100 0 sum range 100 0 order range 100 0 distinct range 100 0 begin 100 0 commit 100 0 total 1600 0 
  $ for f in my.hlog pg.hlog; do
  >   node "$BENCH_SRCDIR/tests/lib/hdrlog_decode.js" $f | grep '^total count'
  >   node "$BENCH_SRCDIR/tests/lib/hdrlog_decode.js" --tag=stmt.point_select $f | grep '^total count'
  > done
  total count: 100
  total count: 1000
  total count: 100
  total count: 1000

A sweep over --threads keeps --connections fixed: each step spreads the
same connections over its threads; a step with more threads than
connections is refused before anything runs, and --connections itself
takes one number:

  $ $B oltp_point_select $MY --tables=1 --table-size=1000 --threads=1,2 --connections=4 --events=200 --time=0 \
  >   run > sweep.txt
  $ grep -E '^(Sweep step|Number of)' sweep.txt
  Sweep step 1/2: 1 thread, 4 connections
  Number of threads: 1
  Number of connections: 4 (coroutines, 4 to 4 per thread)
  Sweep step 2/2: 2 threads, 4 connections
  Number of threads: 2
  Number of connections: 4 (coroutines, 2 to 2 per thread)
  $ awk '$1 == "total" && $4 == "events:" { print $5 }' sweep.txt
  200
  200
  $ $B oltp_point_select $MY --tables=1 --table-size=1000 --threads=1,8 --connections=4 --events=10 run 2>&1 | grep -v '^bench'
  
  Invalid value for the 'connections' option: 4 (at least --threads=8: every thread runs one or more connections)
  [1]
  $ $B oltp_point_select $MY --threads=2 --connections=4,8 --events=10 run 2>&1 | grep -v '^bench'
  Invalid value for the 'connections' option: '4,8'
  [1]

Every connection gets its share: 16 connections on 2 threads for 2
seconds, each event a 20 ms server-side sleep (so the server's speed
hardly matters). Each connection ran events, and none ran more than three
times as many as another:

  $ cat > fair.lua <<'EOF'
  > local n = 0
  > function thread_init() con = sysbench.sql.driver():connect() end
  > function event() con:query(os.getenv("Q")); n = n + 1 end
  > function thread_done() print("conn", sysbench.tid, n) con:disconnect() end
  > EOF
  $ fair() { awk '$1 == "conn" { k++; if (min == "" || $3 < min) min = $3; if ($3 > max) max = $3 }
  >   END { print k " connections,", (min > 0 ? "all ran events," : "one ran none,"), (max <= 3 * min ? "spread within 3x" : "spread " min ".." max) }'; }
  $ Q="SELECT SLEEP(0.02)" $B fair.lua $MY --threads=2 --connections=16 --time=2 run | fair
  16 connections, all ran events, spread within 3x
  $ Q="SELECT pg_sleep(0.02)" $B fair.lua $PG --threads=2 --connections=16 --time=2 run | fair
  16 connections, all ran events, spread within 3x

A script that blocks outside sysbench.sql (an FFI usleep) stalls its own
thread: conn_mysql.t and conn_pgsql.t show which connections wait. The
line that names it is --verbosity=4 output only:

  $ cat > block.lua <<'EOF'
  > ffi.cdef[[int usleep(unsigned int usec);]]
  > function thread_init() con = sysbench.sql.driver():connect() end
  > function event() con:query("SELECT 1"); if sysbench.tid == 0 then ffi.C.usleep(60000) end end
  > function thread_done() con:disconnect() end
  > EOF
  $ $B block.lua $PG --threads=2 --connections=4 --time=1 run 2>&1 | grep -c 'without yielding'
  0
  [1]
  $ $B block.lua $PG --threads=2 --connections=4 --time=1 --verbosity=4 run 2>&1 | grep -o 'connection 0 ran [0-9]* ms without yielding: .*' | sed 's/[0-9]* ms/N ms/' | sort -u
  connection 0 ran N ms without yielding: thread 0 and its other connections waited (a call outside sysbench.sql that blocks, such as an FFI sleep or a database function called through the FFI, or a long computation)

One Lua state per worker thread: a script that declares options (as the
built-in workloads do) runs in an environment of its own per connection,
in the one state its worker thread's connections share. Each connection
keeps its own globals, thread_id, sysbench.tid, modules (a module's
locals), 0.5 db_* connection and hooks; FFI declarations and metatypes
made again by the next connection are skipped (6 connections, 300
events: every connection's own counts add up):

  $ cat > envmod.lua <<'EOF'
  > local n = 0
  > return { inc = function() n = n + 1; return n end }
  > EOF
  $ cat > env.lua <<'EOF'
  > sysbench.cmdline.options = { unused = { "an option, so that the state is shared", 0 } }
  > ffi.cdef[[struct envtest_s { int a; }; int usleep(unsigned int usec);]]
  > require("ffi").metatype("struct envtest_s", { __index = { get = function(self) return self.a end } })
  > local mod = require("envmod")
  > local events = 0
  > function thread_init()
  >   mine = sysbench.tid
  >   con = sysbench.sql.driver():connect()
  >   db_connect()
  > end
  > function event()
  >   con:query("SELECT 1")
  >   db_query("SELECT 2")
  >   events = events + 1
  >   mod.inc()
  > end
  > function thread_done()
  >   print(string.format("conn %d mine %d thread_id %d events %d module %d get %d", sysbench.tid, mine,
  >     thread_id, events, mod.inc() - 1, ffi.new("struct envtest_s", 7):get()))
  >   con:disconnect()
  >   db_disconnect()
  > end
  > EOF
  $ $B env.lua $MY --threads=2 --connections=6 --events=300 --time=0 run > env.txt
  $ awk '$1 == "conn" { ok += ($2 == $4 && $2 == $6 && $8 == $10 && $8 > 0 && $12 == 7); n++; ev += $8 }
  >   END { print n " connections, " ok " with their own globals and module, " ev " events" }' env.txt
  6 connections, 6 with their own globals and module, 300 events
  $ cnt < env.txt
  read 600 write+other 0 transactions 300 events 300 ignored 0 reconnects 0

Hooks are per connection: the injected deadlock again (tests/lib/deadlock.lua
with DL_HOOKS=1), where each connection's sql_error_ignorable hook makes
the deadlock ignorable (the ignore list does not name it here) and its
before_restart_event hook rolls back its own connection and counts: the
restarts add up to the ignored errors, and every transaction commits
once:

  $ dbtest_deadlock_table mysql
  $ DL_HOOKS=1 DL_PAUSE="SELECT SLEEP(0.02)" $B "$DBTEST_DEADLOCK" $MY --mysql-ignore-errors=1062 --threads=2 --connections=4 --events=20 --time=0 run 2>/dev/null > dl.txt
  $ awk '$1 == "restarts" { r += $2 } $1 == "ignored" { e = $3 } $1 == "transactions:" { t = $2 }
  >   END { print "transactions " t ", restarts " (r == e ? "= ignored errors" : r " vs " e) }' dl.txt
  transactions 20, restarts = ignored errors
  $ dbserver_mysql_sql "SELECT SUM(v) FROM sbtest.dl"
  40
