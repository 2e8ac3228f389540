What the per-connection memory cuts of --connections on plain MariaDB
connections must not break (src/db/mysql.c, my_slim): the read-ahead
that one buffer per worker thread does for all its connections, the rest
of a read kept per connection across yields, and the smaller nonblocking
stack and net buffer. TLS connections keep the library's own (see
conn_memory.t). 16 connections on 2 threads, exact counts and values.

  $ . "$BENCH_SRCDIR/tests/lib/dbtest.sh"
  $ dbtest_start mysql
  $ C="--threads=2 --connections=16 --time=0"
  $ . "$BENCH_SRCDIR/tests/lib/counts.sh"

Each plain connection takes the shared read-ahead (the trace names each
handle once; 16 connections):

  $ $B oltp_point_select $MY --table-size=100 prepare > /dev/null
  $ $B oltp_point_select $MY --table-size=100 $C --events=160 --mysql-debug=on run > out.txt 2>&1; echo "exit $?"
  exit 0
  $ grep -c 'DEBUG: shared read-ahead on ' out.txt
  16
  $ cnt < out.txt
  read 160 write 0 other 0 total 160 transactions 160 events 160 ignored 0 reconnects 0

Values of every size around the read-ahead's edges (a reply within one
read, a value between the 2 KB direct-read threshold and the 16 KB buffer,
one past the buffer, 3 MB), written and read back on every connection at
once; and a second result set left pending by a multi-statement query
while the thread's other connections read through the same buffer: each
connection finds its own value in it at its next statement. Checked in
Lua, per connection.

  $ cat > sizes.lua <<'X'
  > local sizes = { 10, 1000, 2047, 2048, 3000, 16383, 16384, 20000, 3 * 1024 * 1024 }
  > function thread_init()
  >   con = sysbench.sql.driver():connect()
  >   con:query("CREATE TABLE IF NOT EXISTS v" .. sysbench.tid .. " (id INT PRIMARY KEY, v LONGTEXT)")
  > end
  > local n = 0
  > function event()
  >   local t, tid = "v" .. sysbench.tid, sysbench.tid
  >   n = n + 1
  >   local size = sizes[(n + tid) % #sizes + 1]
  >   local v = string.rep(string.char(97 + (n + tid) % 26), size)
  >   con:query(string.format("REPLACE INTO %s VALUES (1, '%s')", t, v))
  >   local got = con:query("SELECT v FROM " .. t .. " WHERE id = 1"):fetch_row()[1]
  >   if got ~= v then error("connection " .. tid .. ": wrong value back (" .. #got .. " of " .. size .. " bytes)") end
  >   -- two result sets: the first is read, the second waits (in this
  >   -- connection's rest of the read) until the next statement
  >   local row = con:query(string.format("SELECT REPEAT('%s', %d); SELECT %d",
  >                         string.char(65 + tid % 26), 3000, tid)):fetch_row()
  >   if row[1] ~= string.rep(string.char(65 + tid % 26), 3000) then
  >     error("connection " .. tid .. ": wrong first result set")
  >   end
  >   local id = con:query_row("SELECT " .. tid * 1000 + n)
  >   if tonumber(id) ~= tid * 1000 + n then error("connection " .. tid .. ": got " .. tostring(id)) end
  > end
  > function thread_done()
  >   con:query("DROP TABLE v" .. sysbench.tid)
  >   con:disconnect()
  > end
  > X
  $ $B sizes.lua $MY $C --events=144 run | cnt
  read 432 write 144 other 32 total 608 transactions 144 events 144 ignored 0 reconnects 0

Unread bytes of one connection kept across another connection's reads
of the thread's buffer: a multi-statement query's second result set,
read along with the first, is still pending when the same coroutine's
second connection waits for its reply and the thread's other
connections read through the buffer; each connection then reads its own
second result set and its own next reply (exact values, 3 runs):

  $ cat > pending.lua <<'X'
  > function thread_init()
  >   con = sysbench.sql.driver():connect()
  >   con2 = sysbench.sql.driver():connect()
  > end
  > local n = 0
  > function event()
  >   local tid = sysbench.tid
  >   n = n + 1
  >   local s = string.rep(string.char(65 + tid % 26), 100 + n % 50)
  >   local row = con:query(string.format("SELECT '%s'; SELECT %d", s, tid * 1000 + n)):fetch_row()
  >   if row[1] ~= s then error("connection " .. tid .. ": wrong first result set") end
  >   local v = con2:query_row("SELECT " .. tid * 7 + n)
  >   if tonumber(v) ~= tid * 7 + n then error("connection " .. tid .. ": the second got " .. tostring(v)) end
  >   local id = con:query_row("SELECT " .. -(tid * 1000 + n))
  >   if tonumber(id) ~= -(tid * 1000 + n) then error("connection " .. tid .. ": got " .. tostring(id)) end
  > end
  > function thread_done()
  >   con:disconnect()
  >   con2:disconnect()
  > end
  > X
  $ for i in 1 2 3; do $B pending.lua $MY $C --events=400 run | cnt; done
  read 1200 write 0 other 0 total 1200 transactions 400 events 400 ignored 0 reconnects 0
  read 1200 write 0 other 0 total 1200 transactions 400 events 400 ignored 0 reconnects 0
  read 1200 write 0 other 0 total 1200 transactions 400 events 400 ignored 0 reconnects 0
