Result rows of prepared statements under --connections on plain MariaDB
connections are counted by the driver rather than stored by the library
(src/db/mysql.c, my_sk_*); a fetch gets them stored after all. What
must not change: every row count, every fetched value, errors that come
in place of a row, results larger than one read, multiple result sets.
Each is checked against the same script run without --connections
(the library's own store_result), on 16 connections and 2 threads.

  $ . "$BENCH_SRCDIR/tests/lib/dbtest.sh"
  $ dbtest_start mysql
  $ sql() { dbserver_mysql_sql "$@"; }
  $ sql "CREATE TABLE r (id INT PRIMARY KEY, pad CHAR(60) NOT NULL)"
  $ sql "INSERT INTO r SELECT seq, CONCAT('row-', seq, '-', REPEAT('x', 40)) FROM seq_1_to_5000"
  $ printf 'DELIMITER //\nCREATE PROCEDURE two(n INT) BEGIN SELECT id FROM r WHERE id <= n; SELECT COUNT(*) FROM r WHERE id <= n * 2; END//\n' | sql

A statement whose rows end in an error is executed again in the next
event: the library left it waiting for the rest of a result that never
comes (bench waited for ever there, with and without --connections,
before my_stmt_failed_rows).

Row counts: none, one, a few, past one 16 KB read, 5000 rows (about 400
KB: many reads, the connection waiting for the socket in between), and a
result whose rows are followed by an error (the subquery fails at id 50,
after 49 rows went). Then fetches: all rows of a 300-row result (their
count, the sum of their ids and the last value), the first row only,
then another statement on the same connection.

  $ cat > rows.lua <<'X'
  > local function say(...)
  >   if sysbench.tid == 0 then print(...) end
  > end
  > function thread_init()
  >   con = sysbench.sql.driver():connect()
  >   le = con:prepare("SELECT id, pad FROM r WHERE id <= ? ORDER BY id")
  >   p = le:bind_create(sysbench.sql.type.INT)
  >   le:bind_param(p)
  >   bad = con:prepare("SELECT id FROM r WHERE id < 100 AND id > (CASE WHEN id < 50 THEN 0 ELSE (SELECT 1 UNION SELECT 2) END) ORDER BY id")
  >   call = con:prepare("CALL two(?)")
  >   q = call:bind_create(sysbench.sql.type.INT)
  >   call:bind_param(q)
  > end
  > function event()
  >   local tid = sysbench.tid
  >   local out = {}
  >   for _, n in ipairs({ 0, 1, 7, 250, 5000, 300 + tid }) do
  >     p:set(n)
  >     out[#out + 1] = le:execute().nrows
  >   end
  >   say("counts " .. table.concat(out, " "))
  >   local ok, e = pcall(bad.execute, bad)
  >   say("error " .. tostring(ok) .. " " .. tostring(e))
  >   p:set(300 + tid)
  >   local rs = le:execute()
  >   local n, sum, last = 0, 0, nil
  >   local row = rs:fetch_row()
  >   while row do
  >     n, sum, last = n + 1, sum + tonumber(row[1]), row[2]
  >     row = rs:fetch_row()
  >   end
  >   if n ~= 300 + tid or sum ~= (300 + tid) * (301 + tid) / 2 or last ~= "row-" .. (300 + tid) .. "-" .. string.rep("x", 40) then
  >     error(string.format("connection %d: fetched %d rows, sum %d, last %s", tid, n, sum, tostring(last)))
  >   end
  >   say("fetched " .. n .. " " .. sum .. " " .. last)
  >   p:set(5000)
  >   local first = le:execute():fetch_row()
  >   say("first " .. first[1] .. " " .. first[2])
  >   q:set(10 + tid)
  >   local rs2 = call:execute()
  >   say("call " .. rs2.nrows .. " " .. rs2:fetch_row()[1])
  >   say("after " .. con:query_row("SELECT COUNT(*) FROM r WHERE id <= " .. (20 + tid)))
  > end
  > X
  $ $B rows.lua $MY --threads=2 --events=4 run 2>&1 | grep -E '^(after|call|counts|error|fetched|first) ' | sort -u
  after 20
  call 10 1
  counts 0 1 7 250 5000 300
  error false SQL error, errno = 1242, state = '21000': Subquery returns more than 1 row
  fetched 300 45150 row-300-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx
  first 1 row-1-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx
  $ $B rows.lua $MY --threads=2 --connections=16 --events=64 --mysql-debug=on run > out.txt 2>&1; echo "exit $?"
  exit 0
  $ grep -E '^(after|call|counts|error|fetched|first) ' out.txt | sort -u
  after 20
  call 10 1
  counts 0 1 7 250 5000 300
  error false SQL error, errno = 1242, state = '21000': Subquery returns more than 1 row
  fetched 300 45150 row-300-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx
  first 1 row-1-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx

Per event, 8 results counted (6 counts, then the 2 fetched ones, which
the library then stores from the same bytes) and 2 left to the library
(the error, and the CALL's first of several result sets):

  $ grep -c 'counted, not stored' out.txt
  512
  $ grep -c 'the counted rows, for a fetch' out.txt
  128
  $ grep -c "left to the library's store_result" out.txt
  128

A connection killed while its rows come (the server has sent 89 rows of
400 bytes, more than its 16 KB buffer, and sleeps 30 s in the 90th): the
rows counted so far are handed to the library, which reads the closed
socket and says so; the event restarts on a new connection, once:

  $ cat > kill.lua <<'X'
  > local slow_done = false
  > function thread_init()
  >   con = sysbench.sql.driver():connect()
  >   le = con:prepare("SELECT id FROM r WHERE id <= 300")
  > end
  > function event()
  >   if sysbench.tid == 0 and not slow_done then
  >     slow_done = true
  >     con:prepare("SELECT id, REPEAT('x', 400) FROM r WHERE id <= 100 AND (id <> 90 OR SLEEP(30) = 0)"):execute()
  >     error("the slow select came back")
  >   end
  >   local n = le:execute().nrows
  >   if n ~= 300 then error("counted " .. n .. " rows of 300") end
  > end
  > X
  $ $B kill.lua $MY --threads=1 --connections=2 --events=20 --time=0 --mysql-debug=on \
  >   --mysql-ignore-errors=1927,2013,2006 run > out.txt 2>&1 & bpid=$!
  $ for i in $(seq 300); do
  >   id=$(sql "SELECT id FROM information_schema.processlist WHERE info LIKE 'SELECT id, REPEAT%' AND state = 'User sleep'")
  >   [ -n "$id" ] && break; sleep 0.1; done; echo "${id:+sleeping}"
  sleeping
  $ sql "KILL CONNECTION $id"
  $ wait $bpid; echo "exit $?"
  exit 0
  $ . "$BENCH_SRCDIR/tests/lib/counts.sh"
  $ cnt < out.txt | awk '{ print $9, $10, $11, $12, $13, $14, $15, $16 }'
  transactions 20 events 20 ignored 1 reconnects 1
  $ grep -c "left to the library's store_result" out.txt
  1
  $ grep -c 'counted, not stored' out.txt
  20

A result kept from one event to the next: its rows were counted and left
in the thread's read buffer, which the thread's other connections then
read into; they are moved out first, and the fetch in the next event
finds them (5 rows per connection, its own ids):

  $ cat > keep.lua <<'X'
  > local rs
  > function thread_init()
  >   con = sysbench.sql.driver():connect()
  >   st = con:prepare("SELECT id, pad FROM r WHERE id BETWEEN ? AND ?")
  >   lo, hi = st:bind_create(sysbench.sql.type.INT), st:bind_create(sysbench.sql.type.INT)
  >   st:bind_param(lo, hi)
  > end
  > local n = 0
  > function event()
  >   local tid = sysbench.tid
  >   if rs then
  >     local first = (n - 1) % 100 * 10 + tid + 1
  >     local k, sum = 0, 0
  >     local row = rs:fetch_row()
  >     while row do
  >       k, sum = k + 1, sum + tonumber(row[1])
  >       if row[2] ~= "row-" .. row[1] .. "-" .. string.rep("x", 40) then error("bad pad " .. row[2]) end
  >       row = rs:fetch_row()
  >     end
  >     if k ~= 5 or sum ~= 5 * first + 10 then
  >       error(string.format("connection %d: %d rows, sum %d (want 5, %d)", tid, k, sum, 5 * first + 10))
  >     end
  >   end
  >   local first = n % 100 * 10 + tid + 1
  >   lo:set(first)
  >   hi:set(first + 4)
  >   rs = st:execute()
  >   n = n + 1
  > end
  > X
  $ $B keep.lua $MY --threads=2 --connections=16 --events=320 --mysql-debug=on run > out.txt 2>&1; echo "exit $?"
  exit 0
  $ cnt < out.txt | awk '{ print $9, $10, $11, $12 }'
  transactions 320 events 320
  $ grep -c 'counted, not stored' out.txt
  320
  $ grep -c 'the counted rows, for a fetch' out.txt | awk '{ print ($1 >= 300 && $1 <= 304) ? "fetched" : "fetched " $1 }'
  fetched
  $ grep -q "moved out of the thread's buffer" out.txt && echo moved
  moved
