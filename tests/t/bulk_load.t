Bulk loading in prepare (--bulk_load, on by default): the OLTP tables are
filled with COPY FROM STDIN (PostgreSQL) or LOAD DATA LOCAL INFILE (MySQL)
instead of multi-row INSERTs, with the same rows; and the Lua API under it
(con:bulk_load_init/next/done), against real MariaDB and PostgreSQL
servers.

  $ . "$BENCH_SRCDIR/tests/lib/errs.sh"
  $ B="timeout 120 $BENCH"
  $ . "$BENCH_SRCDIR/tests/lib/dbserver.sh"
  $ trap dbserver_stop_all EXIT
  $ dbserver_start mysql
  $ dbserver_start pgsql
  $ MY=$(dbserver_conn_opts mysql); PG=$(dbserver_conn_opts pgsql)
  $ my_sum() { dbserver_mysql_sql "SELECT COUNT(*), MIN(id), MAX(id), MIN(k) >= 1, MAX(k) <= 3000, MD5(GROUP_CONCAT(id, ',', k, ',', c, ',', pad ORDER BY id SEPARATOR ';')) FROM sbtest.sbtest$1" | cut -c1-40 | tr '\t' ' '; }
  $ pg_sum() { dbserver_pgsql_sql --db=sbtest "SELECT COUNT(*), MIN(id), MAX(id), (MIN(k) >= 1)::int, (MAX(k) <= 3000)::int, md5(string_agg(id || ',' || k || ',' || c || ',' || pad, ';' ORDER BY id)) FROM sbtest$1" | cut -c1-40 | tr '\t' ' '; }
  $ dbserver_mysql_sql "SET GLOBAL group_concat_max_len = 16777216"

The loads --db-debug printed: identical consecutive lines (two loads of the
same byte count) are collapsed into "(last message repeated N times)", as
sysbench's log does, so those count too:

  $ loads() { awk '/DEBUG: Load: / { n++; last = 1; next }
  >   last && /^\(last message repeated [0-9]+ times\)$/ { n += $4 } { last = 0 }
  >   END { print n + 0 }' out.txt; }

The same seed gives the same tables whichever way they are loaded, with
auto-increment ids and with explicit ones; --db-debug shows the loads
(one per table of 3000 rows: under a MiB each) or the INSERTs:

  $ for ai in on off; do
  >   for bl in on off; do
  >     $B oltp_read_write $MY --tables=2 --table-size=3000 --rand-seed=7 --auto_inc=$ai --bulk_load=$bl --db-debug prepare > out.txt 2>&1 || cat out.txt
  >     echo "mysql auto_inc=$ai bulk_load=$bl loads=$(loads) inserts=$(grep -c 'DEBUG: Query: INSERT INTO sbtest' out.txt) | $(my_sum 1) | $(my_sum 2)"
  >     $B oltp_read_write $MY --tables=2 cleanup > /dev/null
  >     $B oltp_read_write $PG --tables=2 --table-size=3000 --rand-seed=7 --auto_inc=$ai --bulk_load=$bl --db-debug prepare > out.txt 2>&1 || cat out.txt
  >     echo "pgsql auto_inc=$ai bulk_load=$bl loads=$(loads) inserts=$(grep -c 'DEBUG: Query: INSERT INTO sbtest' out.txt) | $(pg_sum 1) | $(pg_sum 2)"
  >     $B oltp_read_write $PG --tables=2 cleanup > /dev/null
  >   done
  > done
  mysql auto_inc=on bulk_load=on loads=4 inserts=0 | 3000 1 3000 1 1 14b47fc369266e6422b5bb0b | 3000 1 3000 1 1 82f32eeb84d16cc0fe623039
  pgsql auto_inc=on bulk_load=on loads=4 inserts=0 | 3000 1 3000 1 1 14b47fc369266e6422b5bb0b | 3000 1 3000 1 1 82f32eeb84d16cc0fe623039
  mysql auto_inc=on bulk_load=off loads=0 inserts=4 | 3000 1 3000 1 1 14b47fc369266e6422b5bb0b | 3000 1 3000 1 1 82f32eeb84d16cc0fe623039
  pgsql auto_inc=on bulk_load=off loads=0 inserts=4 | 3000 1 3000 1 1 14b47fc369266e6422b5bb0b | 3000 1 3000 1 1 82f32eeb84d16cc0fe623039
  mysql auto_inc=off bulk_load=on loads=4 inserts=0 | 3000 1 3000 1 1 14b47fc369266e6422b5bb0b | 3000 1 3000 1 1 82f32eeb84d16cc0fe623039
  pgsql auto_inc=off bulk_load=on loads=4 inserts=0 | 3000 1 3000 1 1 14b47fc369266e6422b5bb0b | 3000 1 3000 1 1 82f32eeb84d16cc0fe623039
  mysql auto_inc=off bulk_load=off loads=0 inserts=4 | 3000 1 3000 1 1 14b47fc369266e6422b5bb0b | 3000 1 3000 1 1 82f32eeb84d16cc0fe623039
  pgsql auto_inc=off bulk_load=off loads=0 inserts=4 | 3000 1 3000 1 1 14b47fc369266e6422b5bb0b | 3000 1 3000 1 1 82f32eeb84d16cc0fe623039

After a load the next auto-increment id is table_size + 1, as after
INSERTs (InnoDB reserves ids in batches for LOAD DATA; prepare sets the
counter back):

  $ $B oltp_insert $MY --tables=1 --table-size=3000 prepare > /dev/null
  $ dbserver_mysql_sql "SELECT AUTO_INCREMENT FROM information_schema.TABLES WHERE TABLE_SCHEMA = 'sbtest' AND TABLE_NAME = 'sbtest1'"
  3001
  $ $B oltp_insert $MY --tables=1 --table-size=3000 --events=5 --time=0 run > /dev/null
  $ dbserver_mysql_sql "SELECT COUNT(*), MIN(id), MAX(id) FROM sbtest.sbtest1 WHERE id > 3000" | tr '\t' ' '
  5 3001 3005
  $ $B oltp_insert $MY --tables=1 cleanup > /dev/null
  $ $B oltp_insert $PG --tables=1 --table-size=3000 prepare > /dev/null
  $ $B oltp_insert $PG --tables=1 --table-size=3000 --events=5 --time=0 run > /dev/null
  $ dbserver_pgsql_sql --db=sbtest "SELECT COUNT(*), MIN(id), MAX(id) FROM sbtest1 WHERE id > 3000" | tr '\t' ' '
  5 3001 3005
  $ $B oltp_insert $PG --tables=1 cleanup > /dev/null

(Each table: a zero-row load first, which tells whether the server takes
the path, then the rows.) Tables larger than a MiB of rows go in several
loads, and the secondary index is still built after them; a run works on
the loaded tables:

  $ $B oltp_read_write $PG --tables=1 --table-size=20000 --db-debug prepare > out.txt 2>&1 || cat out.txt
  $ loads
  5
  $ dbserver_pgsql_sql --db=sbtest "SELECT COUNT(*), COUNT(DISTINCT id) FROM sbtest1; SELECT indexname FROM pg_indexes WHERE tablename = 'sbtest1' ORDER BY 1" | tr '\t' ' '
  20000 20000
  k_1
  sbtest1_pkey
  $ $B oltp_read_write $PG --tables=1 --table-size=20000 --events=20 --time=0 run | grep -E '^ +(read|write|other):'
          read:                            280
          write:                           80
          other:                           40
  $ $B oltp_read_write $PG --tables=1 cleanup > /dev/null

On MySQL too, and the ids of a table loaded in several statements are
1..N without gaps, the next auto-increment id N+1 (LOAD DATA would lose the
rest of each statement's auto-increment batch: ids are sent explicitly):

  $ $B oltp_read_write $MY --tables=1 --table-size=20000 --db-debug prepare > out.txt 2>&1 || cat out.txt
  $ loads
  5
  $ dbserver_mysql_sql "SELECT COUNT(*), MIN(id), MAX(id) FROM sbtest.sbtest1" | tr '\t' ' '
  20000 1 20000
  $ dbserver_mysql_sql "SELECT AUTO_INCREMENT FROM information_schema.TABLES WHERE TABLE_SCHEMA = 'sbtest' AND TABLE_NAME = 'sbtest1'"
  20001
  $ $B oltp_read_write $MY --tables=1 cleanup > /dev/null

A MySQL server with local_infile off refuses LOAD DATA LOCAL: prepare falls
back to INSERT (an INFO line at --verbosity=4 says why) and loads the same
rows:

  $ dbserver_mysql_sql "SET GLOBAL local_infile = 0"
  $ $B oltp_read_write $MY --tables=1 --table-size=3000 --rand-seed=7 --verbosity=4 prepare 2>&1 | grep -i 'bulk'
  mysql: the server refuses bulk loading (*); using INSERT (glob)
  $ my_sum 1
  3000 1 3000 1 1 14b47fc369266e6422b5bb0b
  $ $B oltp_read_write $MY --tables=1 cleanup > /dev/null
  $ dbserver_mysql_sql "SET GLOBAL local_infile = 1"

The Lua API: bulk_load_init(table, columns) is true where the path works;
bulk_load_next(row) takes the values joined by tabs:

  $ cat > load.lua <<'X'
  > function event()
  >   local con = sysbench.sql.driver():connect()
  >   con:query("CREATE TABLE ld (a INTEGER, b VARCHAR(10))")
  >   print("path", con:bulk_load_init("ld", "a, b"))
  >   for i = 1, 1000 do con:bulk_load_next(i .. "\tv" .. i) end
  >   con:bulk_load_done()
  >   print("rows", con:query_row("SELECT COUNT(*) FROM ld"), con:query_row("SELECT SUM(a) FROM ld"),
  >         con:query_row("SELECT b FROM ld WHERE a = 777"))
  >   con:query("DROP TABLE ld")
  > end
  > X
  $ for db in "$MY" "$PG"; do $B load.lua $db --events=1 --time=0 run | grep -E '^(path|rows)'; done
  path	true (esc)
  rows	1000	500500	v777 (esc)
  path	true (esc)
  rows	1000	500500	v777 (esc)

A bulk load leaves the client's LOCAL INFILE setting as it found it (the
client library's default; a script's own LOAD DATA LOCAL behaves the same
before and after a load, as under sysbench):

  $ cat > leak.lua <<'X'
  > function event()
  >   local con = sysbench.sql.driver():connect()
  >   con:query("CREATE TABLE lk (a TEXT)")
  >   local seen = {}
  >   for _, when in ipairs({"before", "after"}) do
  >     seen[when] = pcall(con.query, con, "LOAD DATA LOCAL INFILE '/etc/hostname' INTO TABLE lk")
  >     con:bulk_load_init("lk", "a"); con:bulk_load_next("x"); con:bulk_load_done()
  >   end
  >   print("same", seen.before == seen.after)
  >   print("loaded", con:query_row("SELECT COUNT(*) FROM lk WHERE a = 'x'"))
  >   con:query("DROP TABLE lk")
  > end
  > X
  $ $B leak.lua $MY --events=1 --time=0 run 2>/dev/null | grep -E '^(same|loaded)'
  same\ttrue (esc)
  loaded\t2 (esc)

Errors: a missing table is one FATAL line naming the load and exit 1;
bulk_load_next() before bulk_load_init() is a script error:

  $ cat > bad.lua <<'X'
  > function event()
  >   local con = sysbench.sql.driver():connect()
  >   con:bulk_load_init("no_such_table", "a")
  > end
  > X
  $ errs $B bad.lua $PG --events=1 --time=0 run | grep -c 'FATAL: pgsql_drv_load() returned error 42P01 (relation "no_such_table" does not exist) for query .bulk load of 0 bytes into no_such_table (a).'; echo "rc=${PIPESTATUS[0]}"
  1
  rc=1
  $ errs $B bad.lua $MY --events=1 --time=0 run | grep 'FATAL: mysql_drv_load'; $B bad.lua $MY --events=1 --time=0 run >/dev/null 2>&1; echo "rc=$?"
  FATAL: mysql_drv_load() returned error 1146 (Table 'sbtest.no_such_table' doesn't exist) for query 'bulk load of 0 bytes into no_such_table (a)'
  rc=1
A connection killed in the middle of a COPY: the driver's FATAL line
naming the load, the script's error line (as for any failed statement),
exit 1, no hang:

  $ ($B oltp_read_write $PG --tables=1 --table-size=400000 prepare > killed.txt 2>&1; echo "rc=$?" >> killed.txt) & pid=$!
  $ for i in $(seq 200); do
  >   n=$(dbserver_pgsql_sql "SELECT COUNT(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE state = 'active' AND query LIKE 'COPY sbtest1%' AND pid <> pg_backend_pid()")
  >   [ "$n" -gt 0 ] && break; sleep 0.05; done; echo "terminated $n"
  terminated 1
  $ wait $pid; grep -E '^(FATAL|rc=)' killed.txt | sed -E 's/error [0-9A-Z]+ \(.*\) for query/error S (M) for query/; s/of [0-9]+ bytes/of N bytes/'
  FATAL: pgsql_drv_load() returned error S (M) for query 'bulk load of N bytes into sbtest1 (k, c, pad)'
  FATAL: `prepare' function failed: .*oltp_common.lua:\d+: SQL error, errno = 0, state = '(57P01|08006)': .* (re)
  rc=1
  $ $B oltp_read_write $PG --tables=1 cleanup > /dev/null

  $ cat > early.lua <<'X'
  > function event() sysbench.sql.driver():connect():bulk_load_next("1") end
  > X
  $ $B early.lua $PG --events=1 --time=0 run 2>&1 | grep -c 'bulk_load_next() called before bulk_load_init()'
  1

More threads than tables: each table is loaded by several threads, each an
id range (explicit ids, as auto-increment gives a fresh table); the first
thread of a table creates it before and indexes it after the others,
around sysbench.barrier(). 5 threads on 2 tables (3 + 2 parts): every id
1..N once, the next auto-increment id N + 1, both indexes:

  $ for db in MY PG; do
  >   eval "conn=\$$db"
  >   timeout 120 $B oltp_read_write $conn --tables=2 --table-size=10001 --threads=5 prepare | grep -c '^Inserting 10001 records'
  > done
  2
  2
  $ dbserver_mysql_sql "SELECT COUNT(*), COUNT(DISTINCT id), MIN(id), MAX(id), (SELECT COUNT(*) FROM sbtest2) FROM sbtest1; SELECT GROUP_CONCAT(AUTO_INCREMENT ORDER BY TABLE_NAME) FROM information_schema.TABLES WHERE TABLE_SCHEMA = 'sbtest'; SELECT COUNT(*) FROM information_schema.STATISTICS WHERE TABLE_SCHEMA = 'sbtest' AND INDEX_NAME LIKE 'k\_%'" | tr '\t' ' '
  10001 10001 1 10001 10001
  10002,10002
  2
  $ dbserver_pgsql_sql --db=sbtest "SELECT COUNT(*), COUNT(DISTINCT id), MIN(id), MAX(id), (SELECT COUNT(*) FROM sbtest2) FROM sbtest1; SELECT nextval('sbtest1_id_seq') || ',' || nextval('sbtest2_id_seq'); SELECT COUNT(*) FROM pg_indexes WHERE indexname IN ('k_1', 'k_2')" | tr '\t' ' '
  10001 10001 1 10001 10001
  10002,10002
  2

A failing first part (the tables exist already) releases the other threads
of its table: FATAL lines, exit 1, no hang:

  $ timeout 60 $B oltp_read_write $MY --tables=2 --table-size=10001 --threads=5 prepare 2>&1 | grep FATAL |
  >   sed -E "s/sbtest[12]/sbtestN/g; s/'CREATE TABLE sbtestN\(.*/'CREATE TABLE .../; s#: [^ ]*oltp_common.lua:[0-9]+:#: oltp_common.lua:L:#" | sort | uniq -c | sed -E 's/^ +//'
  2 FATAL: `prepare' function failed: oltp_common.lua:L: SQL error, errno = 1050, state = '42S01': Table 'sbtestN' already exists
  2 FATAL: mysql_drv_query() returned error 1050 (Table 'sbtestN' already exists) for query 'CREATE TABLE ...
  $ timeout 60 $B oltp_read_write $MY --tables=2 --table-size=10001 --threads=5 prepare > /dev/null 2>&1; echo "rc=$?"
  rc=1
  $ for db in "$MY" "$PG"; do $B oltp_read_write $db --tables=2 cleanup > /dev/null; done
