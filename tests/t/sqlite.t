The SQLite driver on real database files (no server): every OLTP workload
through prepare, run and cleanup with exact statement counts, the schema
prepare creates, prepared and emulated statements, reconnects, and the
sysbench.sql Lua API. The sqlite3 shell looks into the files.

  $ set -o pipefail
  $ B="timeout 120 $BENCH"
  $ S="--db-driver=sqlite"
  $ . "$BENCH_SRCDIR/tests/lib/counts.sh"
  $ tables() { sqlite3 "${1:-sbtest.db}" "SELECT COUNT(*) FROM sqlite_master"; }

The driver and its options are in the help:

  $ $BENCH --help | grep -E '^  sqlite|^  --sqlite'
    sqlite - SQLite driver
    --sqlite-db=STRING                SQLite database file, created if missing (not ':memory:': each connection would see its own database; for a database in memory use a file on tmpfs, e.g. /dev/shm/sbtest.db) [sbtest.db]
    --sqlite-journal-mode=STRING      journal mode {wal, delete, truncate, persist, memory, off} [wal]
    --sqlite-synchronous=STRING       when to sync to disk {off, normal, full} [normal]
    --sqlite-busy-timeout=N           milliseconds a statement waits for a locked database before failing with SQLITE_BUSY (0: fail at once) [5000]
    --sqlite-cache-size=SIZE          page cache size of each connection (default: SQLite's, 2 MiB)
    --sqlite-mmap-size=SIZE           bytes of the database file read through mmap (0: no memory-mapped I/O) [0]
    --sqlite-ignore-errors=[LIST,...] list of SQLite result codes to ignore (restart the event), by name or number, primary or extended (SQLITE_BUSY, 5, SQLITE_BUSY_SNAPSHOT, 517), or "all" [SQLITE_BUSY,SQLITE_LOCKED]

Done-when check of the issue: 2 tables of 1000 rows in sbtest.db of the
current folder (the default), 100 transactions of oltp_read_write: read
1400, write 400, other 200.

  $ $B oltp_read_write $S --tables=2 --table-size=1000 prepare
  bench 0.1.0 (using system LuaJIT 2.1.0-beta3)
  
  Creating table 'sbtest1'...
  Inserting 1000 records into 'sbtest1'
  Creating a secondary index on 'sbtest1'...
  Creating table 'sbtest2'...
  Inserting 1000 records into 'sbtest2'
  Creating a secondary index on 'sbtest2'...
  $ $B oltp_read_write $S --tables=2 --table-size=1000 --events=100 --time=0 --threads=1 run
  bench 0.1.0 (using system LuaJIT 2.1.0-beta3)
  
  Running the test with following options:
  Number of threads: 1
  Initializing random number generator from current time
  
  
  Initializing worker threads...
  
  Threads started!
  
  SQL statistics:
      queries performed:
          read:                            1400
          write:                           400
          other:                           200
          total:                           2000
      transactions:                        100    \(\d+\.\d\d per sec\.\) (re)
      queries:                             2000   \(\d+\.\d\d per sec\.\) (re)
      ignored errors:                      0      (0.00 per sec.)
      reconnects:                          0      (0.00 per sec.)
  
  General statistics:
      total time:                          \d+\.\d{4}s (re)
      total number of events:              100
  
  Latency (ms):
           min: +\d+\.\d\d (re)
           avg: +\d+\.\d\d (re)
           max: +\d+\.\d\d (re)
           95th percentile: +\d+\.\d\d (re)
           sum: +\d+\.\d\d (re)
  
  Threads fairness:
      events (avg/stddev):           100.0000/0.00
      execution time \(avg/stddev\):   \d+\.\d{4}/0\.00 (re)
  

The schema: SQLite's dialect (the id is an INTEGER PRIMARY KEY, that is the
rowid, which numbers the rows an INSERT adds after the loaded ones; no
engine clause), the secondary index built after the load, the file in WAL
mode:

  $ sqlite3 sbtest.db .schema
  CREATE TABLE sbtest1(
    id INTEGER PRIMARY KEY,
    k INTEGER DEFAULT '0' NOT NULL,
    c CHAR(120) DEFAULT '' NOT NULL,
    pad CHAR(60) DEFAULT '' NOT NULL
  );
  CREATE INDEX k_1 ON sbtest1(k);
  CREATE TABLE sbtest2(
    id INTEGER PRIMARY KEY,
    k INTEGER DEFAULT '0' NOT NULL,
    c CHAR(120) DEFAULT '' NOT NULL,
    pad CHAR(60) DEFAULT '' NOT NULL
  );
  CREATE INDEX k_2 ON sbtest2(k);
  $ sqlite3 sbtest.db "PRAGMA journal_mode; SELECT COUNT(*), MIN(id), MAX(id), COUNT(DISTINCT id) FROM sbtest2;
  >   SELECT COUNT(*) FROM sbtest1 WHERE length(c) = 119 AND length(pad) = 59 AND k BETWEEN 1 AND 1000"
  wal
  1000|1|1000|1000
  1000

Each transaction deletes a row and inserts it again: the row count is
unchanged.

  $ sqlite3 sbtest.db "SELECT (SELECT COUNT(*) FROM sbtest1) + (SELECT COUNT(*) FROM sbtest2)"
  2000

Two threads count the same (the write transactions take the write lock at
BEGIN, waiting for it, so none is restarted), and so do emulated
statements (--db-ps-mode=disable), the transaction shape options and
reconnects (statements prepared again on the new connection):

  $ $B oltp_read_write $S --tables=2 --table-size=1000 --events=100 --time=0 --threads=2 run | cnt
  read 1400 write 400 other 200 total 2000 transactions 100 events 100 ignored 0 reconnects 0
  $ $B oltp_read_write $S --tables=2 --table-size=1000 --events=100 --time=0 --db-ps-mode=disable run | cnt
  read 1400 write 400 other 200 total 2000 transactions 100 events 100 ignored 0 reconnects 0
  $ $B oltp_read_write $S --tables=2 --table-size=1000 --events=10 --time=0 --skip-trx run | cnt
  read 140 write 40 other 0 total 180 transactions 10 events 10 ignored 0 reconnects 0
  $ $B oltp_read_write $S --tables=2 --table-size=1000 --events=10 --time=0 --point-selects=3 --simple-ranges=2 \
  >   --index-updates=2 --non-index-updates=0 --delete-inserts=2 run | cnt
  read 80 write 60 other 20 total 160 transactions 10 events 10 ignored 0 reconnects 0
  $ $B oltp_read_write $S --tables=2 --table-size=1000 --events=30 --time=0 --reconnect=10 run | cnt
  read 420 write 120 other 60 total 600 transactions 30 events 30 ignored 0 reconnects 3

The other workloads on the same tables:

  $ for w in oltp_read_only oltp_write_only oltp_point_select oltp_update_index oltp_update_non_index; do
  >   printf '%-22s ' $w; $B $w $S --tables=2 --table-size=1000 --events=100 --time=0 run | cnt
  > done
  oltp_read_only         read 1400 write 0 other 200 total 1600 transactions 100 events 100 ignored 0 reconnects 0
  oltp_write_only        read 0 write 400 other 200 total 600 transactions 100 events 100 ignored 0 reconnects 0
  oltp_point_select      read 100 write 0 other 0 total 100 transactions 100 events 100 ignored 0 reconnects 0
  oltp_update_index      read 0 write 100 other 0 total 100 transactions 100 events 100 ignored 0 reconnects 0
  oltp_update_non_index  read 0 write 100 other 0 total 100 transactions 100 events 100 ignored 0 reconnects 0
  $ $B oltp_read_only $S --tables=2 --table-size=1000 --events=100 --time=0 --threads=2 run | cnt
  read 1400 write 0 other 200 total 1600 transactions 100 events 100 ignored 0 reconnects 0

prewarm reads every table, cleanup drops them and leaves no table behind;
the file prepare created, empty now, is removed:

  $ $B oltp_read_write $S --tables=2 --table-size=1000 prewarm
  bench 0.1.0 (using system LuaJIT 2.1.0-beta3)
  
  Prewarming table sbtest1
  Prewarming table sbtest2
  $ $B oltp_read_write $S --tables=2 --table-size=1000 cleanup
  bench 0.1.0 (using system LuaJIT 2.1.0-beta3)
  
  Dropping table 'sbtest1'...
  Dropping table 'sbtest2'...
  Removed the SQLite database 'sbtest.db' (created by prepare, now empty)
  $ ls sbtest.db*
  ls: cannot access 'sbtest.db*': No such file or directory
  [2]

Cleanup creates no file, and keeps one bench did not create (or that holds
more than bench's tables):

  $ $B oltp_read_write $S cleanup
  bench 0.1.0 (using system LuaJIT 2.1.0-beta3)
  
  FATAL: the SQLite database 'sbtest.db' does not exist: nothing to clean up
  FATAL: `cleanup' function failed: */oltp_common.lua:*: failed to initialize the DB driver (glob)
  [1]
  $ ls sbtest.db*
  ls: cannot access 'sbtest.db*': No such file or directory
  [2]
  $ sqlite3 mine.db "CREATE TABLE keep (a)"
  $ $B oltp_read_write $S --sqlite-db=mine.db --table-size=10 prepare > /dev/null
  $ $B oltp_read_write $S --sqlite-db=mine.db cleanup | tail -1
  Dropping table 'sbtest1'...
  $ sqlite3 mine.db "SELECT name FROM sqlite_master"
  keep
  $ $B oltp_read_write $S --sqlite-db=own.db --table-size=10 prepare > /dev/null
  $ sqlite3 own.db "CREATE TABLE other (a)"
  $ $B oltp_read_write $S --sqlite-db=own.db cleanup | tail -1
  Dropping table 'sbtest1'...
  $ sqlite3 own.db "SELECT name FROM sqlite_master"
  other

oltp_delete: a DELETE that finds its row is a write, one that does not (the
row is already gone) is other; the rows left agree with the writes. A
--sqlite-db elsewhere; prepare with more threads than tables loads them
one after another in the first thread (SQLite takes one writer at a time):

  $ D="$S --sqlite-db=$PWD/del.db"
  $ $B oltp_delete $D --table-size=100 --threads=4 prepare
  bench 0.1.0 (using system LuaJIT 2.1.0-beta3)
  
  Initializing worker threads...
  
  Creating table 'sbtest1'...
  Inserting 100 records into 'sbtest1'
  Creating a secondary index on 'sbtest1'...
  $ $B oltp_delete $D --table-size=100 --events=10 --time=0 --threads=1 run > out
  $ awk '$1 == "read:" || $1 == "total:" || $1 == "transactions:" { print $1, $2 }
  >   $1 == "write:" { w = $2 } $1 == "other:" { o = $2 } END { print "write+other:", w + o }' out
  read: 0
  total: 10
  transactions: 10
  write+other: 10
  $ echo $(( $(sqlite3 del.db "SELECT COUNT(*) FROM sbtest1") + $(awk '$1 == "write:" { print $2 }' out) ))
  100
  $ $B oltp_delete $D cleanup | tail -2 | sed "s#$PWD/##"; ls del.db 2>&1
  Dropping table 'sbtest1'...
  Removed the SQLite database 'del.db' (created by prepare, now empty)
  ls: cannot access 'del.db': No such file or directory
  [2]

oltp_insert: rowids after the loaded rows (and client-generated, unique ids
with --auto-inc=off):

  $ $B oltp_insert $S --table-size=100 prepare | tail -1
  Creating a secondary index on 'sbtest1'...
  $ $B oltp_insert $S --table-size=100 --events=10 --time=0 --threads=1 run | cnt
  read 0 write 10 other 0 total 10 transactions 10 events 10 ignored 0 reconnects 0
  $ sqlite3 sbtest.db "SELECT COUNT(*), MIN(id), MAX(id) FROM sbtest1 WHERE id > 100"
  10|101|110
  $ $B oltp_insert $S --table-size=100 --events=10 --time=0 --threads=1 --auto-inc=off run | cnt
  read 0 write 10 other 0 total 10 transactions 10 events 10 ignored 0 reconnects 0
  $ sqlite3 sbtest.db "SELECT COUNT(*) FROM sbtest1 WHERE id > 110"
  10
  $ $B oltp_insert $S cleanup | tail -1; tables
  Removed the SQLite database 'sbtest.db' (created by prepare, now empty)
  0

--auto-inc=off and --secondary: the id is a plain column, the key an index:

  $ $B oltp_read_write $S --table-size=100 --auto-inc=off prepare > /dev/null
  $ sqlite3 sbtest.db "SELECT sql FROM sqlite_master WHERE name = 'sbtest1'" | grep -E 'id|KEY'
    id INTEGER NOT NULL,
    PRIMARY KEY (id)
  $ $B oltp_read_write $S --table-size=100 --events=10 --time=0 run | cnt
  read 140 write 40 other 20 total 200 transactions 10 events 10 ignored 0 reconnects 0
  $ $B oltp_read_write $S cleanup > /dev/null
  $ $B oltp_read_write $S --table-size=100 --secondary prepare > /dev/null
  $ sqlite3 sbtest.db "SELECT sql FROM sqlite_master WHERE tbl_name = 'sbtest1'" | grep -E 'id|KEY|INDEX'
    id INTEGER NOT NULL,
  CREATE INDEX xid_1 ON sbtest1(id)
  CREATE INDEX k_1 ON sbtest1(k)
  $ $B oltp_read_write $S --table-size=100 --events=10 --time=0 --secondary run | cnt
  read 140 write 40 other 20 total 200 transactions 10 events 10 ignored 0 reconnects 0
  $ $B oltp_read_write $S cleanup > /dev/null; tables
  0

bulk_insert: one table per thread (ids 1, 2, 3... in each), rows batched
into multi-row INSERTs of up to 512 KiB:

  $ $B bulk_insert $S prepare
  bench 0.1.0 (using system LuaJIT 2.1.0-beta3)
  
  Creating table 'sbtest1'...
  $ $B bulk_insert $S --events=10 --time=0 --threads=1 run | cnt
  read 0 write 1 other 0 total 1 transactions 10 events 10 ignored 0 reconnects 0
  $ $B bulk_insert $S cleanup | tail -1; tables
  Dropping table 'sbtest1'...
  0
  $ $B bulk_insert $S --threads=2 prepare | tail -2
  Creating table 'sbtest1'...
  Creating table 'sbtest2'...
  $ $B bulk_insert $S --events=50000 --time=0 --threads=2 run | cnt
  read 0 write [1-4] other 0 total [1-4] transactions 50000 events 50000 ignored 0 reconnects 0 (re)
  $ sqlite3 sbtest.db "SELECT (SELECT COUNT(*) FROM sbtest1) + (SELECT COUNT(*) FROM sbtest2),
  >   (SELECT COALESCE(MAX(id), 0) = COUNT(*) FROM sbtest1), (SELECT COALESCE(MAX(id), 0) = COUNT(*) FROM sbtest2)"
  50000|1|1
  $ $B bulk_insert $S --threads=2 cleanup | tail -2; tables
  Dropping table 'sbtest1'...
  Dropping table 'sbtest2'...
  0

select_random_points and select_random_ranges:

  $ $B select_random_points $S --table-size=100 prepare | tail -1
  Creating a secondary index on 'sbtest1'...
  $ $B select_random_points $S --table-size=100 --events=10 --time=0 --threads=1 run | cnt
  read 10 write 0 other 0 total 10 transactions 10 events 10 ignored 0 reconnects 0
  $ $B select_random_ranges $S --table-size=100 --events=10 --time=0 --threads=2 run | cnt
  read 10 write 0 other 0 total 10 transactions 10 events 10 ignored 0 reconnects 0
  $ $B select_random_points $S cleanup | tail -1; tables
  Dropping table 'sbtest1'...
  0

Loading without the bulk path (--bulk-load=off: multi-row INSERT text)
gives the same rows:

  $ $B oltp_read_write $S --table-size=3000 --bulk-load=off prepare > /dev/null
  $ sqlite3 sbtest.db "SELECT COUNT(*), MIN(id), MAX(id), SUM(length(c) = 119) FROM sbtest1"
  3000|1|3000|3000
  $ $B oltp_read_write $S cleanup > /dev/null; tables
  0

The sysbench.sql API: queries, prepared statements with typed binds (NULL
too), result sets, bulk insert, error tables, emulated statements (text of
more than one statement), and a ROLLBACK outside a transaction that does
nothing (as on the server drivers):

  $ cat > api.lua <<'EOF'
  > function event()
  >   local drv = sysbench.sql.driver()
  >   local con = drv:connect()
  >   print(drv:name(), con:driver_name())
  >   con:query("CREATE TABLE t (i INTEGER, b BIGINT, f REAL, d DOUBLE, s VARCHAR(10), n TEXT)")
  >   local rs = con:query("INSERT INTO t VALUES (1, 2, 1.5, 2.25, 'abc', NULL)")
  >   print("insert", tonumber(rs.counter), rs.nrows)
  >   local T = sysbench.sql.type
  >   local st = con:prepare("INSERT INTO t VALUES (?, ?, ?, ?, ?, ?)")
  >   local p = { st:bind_create(T.TINYINT), st:bind_create(T.BIGINT), st:bind_create(T.FLOAT),
  >               st:bind_create(T.DOUBLE), st:bind_create(T.VARCHAR, 10), st:bind_create(T.CHAR, 5) }
  >   st:bind_param(unpack(p))
  >   p[1]:set(7); p[2]:set(9007199254740993ULL); p[3]:set(0.5); p[4]:set(-0.125); p[5]:set("it's"); p[6]:set(nil)
  >   rs = st:execute()
  >   print("execute", tonumber(rs.counter), rs.nrows)
  >   p[1]:set(8); p[5]:set("0123456789abc"); p[6]:set("x")
  >   st:execute()
  >   st:close()
  >   rs = con:query("SELECT i, b, f, d, s, n FROM t ORDER BY i")
  >   print("select", tonumber(rs.counter), rs.nrows, rs.nfields)
  >   for _ = 1, rs.nrows do print(unpack(rs:fetch_row(), 1, 6)) end
  >   print("count, sum:", con:query_row("SELECT COUNT(*), SUM(i) FROM t"))
  >   print("no row:", con:query_row("SELECT i FROM t WHERE i < 0"))
  >   con:bulk_insert_init("INSERT INTO t (i, s) VALUES")
  >   for i = 1, 30000 do con:bulk_insert_next("(" .. i .. ", 'x" .. i .. "')") end
  >   con:bulk_insert_done()
  >   print("after bulk insert:", con:query_row("SELECT COUNT(*) FROM t"))
  >   local e
  >   sysbench.hooks.sql_error_ignorable = function(err) e = err end
  >   print(pcall(con.query, con, "INSERT INTO nope VALUES (1)"))
  >   print("error table:", e.sql_errno, e.sql_state, e.sql_errmsg, e.query)
  >   print(pcall(con.query, con, "INSERT INTO t (i) VALUES ('x'); SELECT nope"))
  >   print("error table:", e.sql_errno, e.sql_state, e.sql_errmsg)
  >   local st2 = con:prepare("UPDATE t SET s = ? WHERE i = 2; SELECT s FROM t WHERE i = 2")
  >   local q = st2:bind_create(T.VARCHAR, 20)
  >   st2:bind_param(q)
  >   q:set("o'brien")
  >   rs = st2:execute()
  >   print("emulated", rs.nrows, rs:fetch_row()[1])
  >   con:query("BEGIN"); con:query("ROLLBACK"); con:query("ROLLBACK")
  >   con:disconnect()
  >   print("done")
  > end
  > EOF
  $ $B api.lua $S --sqlite-db=api.db --events=1 --time=0 run 2>&1 | sed -n '/^sqlite/,/^done/p'
  sqlite\tsqlite (esc)
  insert\t2\t1 (esc)
  execute\t2\t1 (esc)
  select\t1\t3\t6 (esc)
  1\t2\t1.5\t2.25\tabc\tnil (esc)
  7\t9007199254740993\t0.5\t-0.125\tit's\tnil (esc)
  8\t9007199254740993\t0.5\t-0.125\t0123456789\tx (esc)
  count, sum:\t3\t16 (esc)
  no row:\tnil (esc)
  after bulk insert:\t30003 (esc)
  FATAL: sqlite_drv_query() returned error 1 (no such table: nope (SQLITE_ERROR)) for query 'INSERT INTO nope VALUES (1)'
  FATAL: (a table is missing: run the same command with 'prepare' instead of 'run' first to create the tables)
  false\tSQL error, errno = 1, state = 'HY000': no such table: nope (SQLITE_ERROR) (esc)
  error table:\t1\tHY000\tno such table: nope (SQLITE_ERROR)\tINSERT INTO nope VALUES (1) (esc)
  FATAL: sqlite_drv_query() returned error 1 (no such column: nope (SQLITE_ERROR)) for query 'INSERT INTO t (i) VALUES ('x'); SELECT nope'
  false\tSQL error, errno = 1, state = 'HY000': no such column: nope (SQLITE_ERROR) (esc)
  error table:\t1\tHY000\tno such column: nope (SQLITE_ERROR) (esc)
  emulated\t1\to'brien (esc)
  done
