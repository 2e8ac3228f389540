What the per-connection memory savings of --connections must not break
(src/db/mysql.c: Connector/C's nonblocking context and a 4 KB starting net
buffer): TLS connections, whose handshake runs on the nonblocking
context's stack, and results and statements far larger than the buffer.
MariaDB with TLS, 8 connections on 2 threads, exact counts.

  $ . "$BENCH_SRCDIR/tests/lib/dbtest.sh"
  $ dbtest_start --tls mysql
  $ T=$DB_MYSQL_TLS_DIR
  $ TLS="--mysql-ssl=VERIFY_CA --mysql-ssl-ca=$T/ca.pem"
  $ C="--threads=2 --connections=8 --time=0"
  $ . "$BENCH_SRCDIR/tests/lib/counts.sh"

Every connection is a verified TLS connection (each asks the server: 8
reads besides the events'), and a whole workload runs over them:

  $ cat > tls.lua <<'X'
  > sysbench.cmdline.options = { rows = { "unused", 1 } }
  > function thread_init()
  >   con = sysbench.sql.driver():connect()
  >   local _, cipher = con:query_row("SHOW SESSION STATUS LIKE 'Ssl_cipher'")
  >   print(string.format("connection %d: tls %s", sysbench.tid, (cipher or "") ~= "" and "on" or "off"))
  > end
  > function event() con:query("SELECT 1") end
  > function thread_done() con:disconnect() end
  > X
  $ $B tls.lua $MY $TLS $C --events=80 run > out.txt; echo "exit $?"
  exit 0
  $ grep -c 'tls on' out.txt; grep -c 'tls off' out.txt
  8
  0
  [1]
  $ cnt < out.txt
  read 88 write 0 other 0 total 88 transactions 80 events 80 ignored 0 reconnects 0
  $ $B oltp_point_select $MY $TLS --table-size=100 prepare > /dev/null
  $ $B oltp_read_only $MY $TLS --table-size=100 $C --events=40 run | cnt
  read 560 write 0 other 80 total 640 transactions 40 events 40 ignored 0 reconnects 0

Results and statements far past the net buffer: each event inserts a 3 MB
value and reads it back (3 MB + the length of a row each way), on every
connection at once; the checksum of what comes back is checked in Lua.

  $ cat > big.lua <<'X'
  > sysbench.cmdline.options = { size = { "value size", 3 * 1024 * 1024 } }
  > function thread_init()
  >   con = sysbench.sql.driver():connect()
  >   con:query("CREATE TABLE IF NOT EXISTS big" .. sysbench.tid .. " (id INT PRIMARY KEY, v LONGTEXT)")
  > end
  > local n = 0
  > function event()
  >   local t, size = "big" .. sysbench.tid, sysbench.opt.size
  >   n = n + 1
  >   local v = string.rep(string.char(97 + (n + sysbench.tid) % 26), size)
  >   con:query(string.format("REPLACE INTO %s VALUES (1, '%s')", t, v))
  >   local rs = con:query("SELECT v FROM " .. t .. " WHERE id = 1")
  >   local got = rs:fetch_row()[1]
  >   if got ~= v then error("connection " .. sysbench.tid .. ": wrong value back (" .. #got .. " bytes)") end
  > end
  > function thread_done()
  >   con:query("DROP TABLE big" .. sysbench.tid)
  >   con:disconnect()
  > end
  > X
  $ $B big.lua $MY $TLS $C --events=24 run | cnt
  read 24 write 24 other 16 total 64 transactions 24 events 24 ignored 0 reconnects 0
