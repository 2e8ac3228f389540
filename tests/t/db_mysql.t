The database layer against a real, throwaway MariaDB server (tests/lib/dbserver.sh):
every OLTP workload through prepare, run and cleanup with exact statement
counts, the schema, prepared and non-prepared modes, host/port/socket lists,
TLS, an injected deadlock, and no password in any output.

  $ . "$BENCH_SRCDIR/tests/lib/errs.sh"
  $ . "$BENCH_SRCDIR/tests/lib/dbtest.sh"
  $ dbtest_start --tls mysql

The counters of the SQL statistics block on one line:

  $ . "$BENCH_SRCDIR/tests/lib/counts.sh"
  $ tables() { dbserver_mysql_sql "SELECT COUNT(*) FROM information_schema.tables WHERE table_schema = 'sbtest'"; }
  $ sql() { dbserver_mysql_sql "$@"; }

Done-when check of the database issue: 2 tables of 1000 rows, 100
transactions of oltp_read_write: read 1400, write 400, other 200.

  $ $B oltp_read_write $MY --tables=2 --table-size=1000 prepare
  bench 0.1.0 (using system LuaJIT 2.1.0-beta3)
  
  Creating table 'sbtest1'...
  Inserting 1000 records into 'sbtest1'
  Creating a secondary index on 'sbtest1'...
  Creating table 'sbtest2'...
  Inserting 1000 records into 'sbtest2'
  Creating a secondary index on 'sbtest2'...
  $ sql "SELECT COUNT(*), MIN(id), MAX(id) FROM sbtest1; SELECT COUNT(*), MIN(id), MAX(id) FROM sbtest2"
  1000\t1\t1000 (esc)
  1000\t1\t1000 (esc)
  $ $B oltp_read_write $MY --tables=2 --table-size=1000 --events=100 --time=0 --threads=1 run
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
  

Each transaction deletes a row and inserts it again: the row count is unchanged.

  $ sql "SELECT COUNT(*) FROM sbtest1; SELECT COUNT(*) FROM sbtest2"
  1000
  1000

Prepared statements (the default) and --db-ps-mode=disable count the same:

  $ $B oltp_read_write $MY --tables=2 --table-size=1000 --events=100 --time=0 --db-ps-mode=disable run | cnt
  read 1400 write 400 other 200 total 2000 transactions 100 events 100 ignored 0 reconnects 0

and really use server-side prepared statements, or not (the server's counter
of executed prepared statements: BEGIN, 14 SELECTs, COMMIT per transaction):

  $ stmt_exec() { sql "SHOW GLOBAL STATUS LIKE 'Com_stmt_execute'" | cut -f2; }
  $ a=$(stmt_exec); $B oltp_read_only $MY --tables=2 --table-size=1000 --events=10 --time=0 run | cnt; echo "executed $(( $(stmt_exec) - a ))"
  read 140 write 0 other 20 total 160 transactions 10 events 10 ignored 0 reconnects 0
  executed 160
  $ a=$(stmt_exec); $B oltp_read_only $MY --tables=2 --table-size=1000 --events=10 --time=0 --db-ps-mode=disable run | cnt; echo "executed $(( $(stmt_exec) - a ))"
  read 140 write 0 other 20 total 160 transactions 10 events 10 ignored 0 reconnects 0
  executed 0

Transaction shape options, as in sysbench 1.0.20:

  $ $B oltp_read_write $MY --tables=2 --table-size=1000 --events=10 --time=0 --skip-trx run | cnt
  read 140 write 40 other 0 total 180 transactions 10 events 10 ignored 0 reconnects 0
  $ $B oltp_read_write $MY --tables=2 --table-size=1000 --events=10 --time=0 --range-selects=off run | cnt
  read 100 write 40 other 20 total 160 transactions 10 events 10 ignored 0 reconnects 0
  $ $B oltp_read_write $MY --tables=2 --table-size=1000 --events=10 --time=0 --point-selects=3 --simple-ranges=2 \
  >   --index-updates=2 --non-index-updates=0 --delete-inserts=2 run | cnt
  read 80 write 60 other 20 total 160 transactions 10 events 10 ignored 0 reconnects 0
  $ $B oltp_point_select $MY --tables=2 --table-size=1000 --events=10 --time=0 --reconnect=3 run | cnt
  read 10 write 0 other 0 total 10 transactions 10 events 10 ignored 0 reconnects 3

Host, port and socket lists: connections go round-robin over them. Two
threads over a list of two TCP endpoints, then over two sockets:

  $ $B oltp_read_only $MY --tables=2 --table-size=1000 --events=100 --time=0 --threads=2 \
  >   --mysql-host=127.0.0.1,127.0.0.1 --mysql-port=$DB_MYSQL_PORT,$DB_MYSQL_PORT run | cnt
  read 1400 write 0 other 200 total 1600 transactions 100 events 100 ignored 0 reconnects 0
  $ $B oltp_read_only $MY --tables=2 --table-size=1000 --events=100 --time=0 --threads=2 \
  >   --mysql-socket=$DB_MYSQL_SOCKET,$DB_MYSQL_SOCKET run | cnt
  read 1400 write 0 other 200 total 1600 transactions 100 events 100 ignored 0 reconnects 0

Which way each thread came in (a TCP login is sbtest@127.0.0.1, a socket
login sbtest@localhost; io.write, not print, so that the lines of the two
threads cannot interleave); sockets take precedence over hosts:

  $ cat > who.lua <<'EOF'
  > function thread_init()
  >   con = sysbench.sql.driver():connect()
  >   io.write("connected as " .. con:query_row("SELECT USER()") .. "\n")
  > end
  > function event() end
  > function thread_done() con:disconnect() end
  > EOF
  $ $B who.lua $MY --threads=2 --events=2 --time=0 --mysql-host=127.0.0.1,127.0.0.1 run | grep '^connected'
  connected as sbtest@127.0.0.1
  connected as sbtest@127.0.0.1
  $ $B who.lua $MY --threads=2 --events=2 --time=0 --mysql-host=127.0.0.1,localhost --mysql-socket=$DB_MYSQL_SOCKET run | grep '^connected'
  connected as sbtest@localhost
  connected as sbtest@localhost

The list is really walked: of two threads over ports (server, 1), exactly
one fails, on port 1:

  $ errs $B who.lua $MY --threads=2 --events=2 --time=0 --mysql-port=$DB_MYSQL_PORT,1 run
  FATAL: unable to connect to MySQL server on host '127.0.0.1', port 1, aborting...
  FATAL: error 2002: Can't connect to server on '127.0.0.1' \(\d+\) (re)
  FATAL: `thread_init' function failed: who.lua:2: connection creation failed
  FATAL: Thread initialization failed!
  [1]

  $ $B oltp_read_write $MY --tables=2 cleanup
  bench 0.1.0 (using system LuaJIT 2.1.0-beta3)
  
  Dropping table 'sbtest1'...
  Dropping table 'sbtest2'...
  $ tables
  0

The schema is sysbench's:

  $ $B oltp_read_write $MY --table-size=100 prepare >/dev/null
  $ sql "SHOW CREATE TABLE sbtest1\G" | tail -n +3 | sed 's/ AUTO_INCREMENT=[0-9]*//'
  CREATE TABLE `sbtest1` (
    `id` int(11) NOT NULL AUTO_INCREMENT,
    `k` int(11) NOT NULL DEFAULT 0,
    `c` char(120) NOT NULL DEFAULT '',
    `pad` char(60) NOT NULL DEFAULT '',
    PRIMARY KEY (`id`),
    KEY `k_1` (`k`)
  \) ENGINE=InnoDB DEFAULT CHARSET=\w+ COLLATE=\w+ (re)

with ids 1..table_size, k spread over them, c ten groups of 11 digits, pad five:

  $ sql "SELECT COUNT(*), MIN(id), MAX(id), MIN(k) >= 1, MAX(k) <= 100, COUNT(DISTINCT k) > 1 FROM sbtest1"
  100\t1\t100\t1\t1\t1 (esc)
  $ sql "SELECT SUM(c REGEXP '^([0-9]{11}-){9}[0-9]{11}\$'), SUM(pad REGEXP '^([0-9]{11}-){4}[0-9]{11}\$'), COUNT(DISTINCT c) > 90 FROM sbtest1"
  100\t100\t1 (esc)
  $ $B oltp_read_write $MY cleanup >/dev/null

--secondary, --create-secondary=off, the storage engine and extra table options:

  $ $B oltp_read_write $MY --table-size=10 --secondary prepare >/dev/null
  $ sql "SHOW CREATE TABLE sbtest1\G" | grep KEY
    KEY `xid` (`id`),
    KEY `k_1` (`k`)
  $ $B oltp_read_write $MY cleanup >/dev/null
  $ $B oltp_read_write $MY --table-size=10 --create-secondary=off --mysql-storage-engine=myisam \
  >   --create-table-options="COMMENT='bench'" prepare
  bench 0.1.0 (using system LuaJIT 2.1.0-beta3)
  
  Creating table 'sbtest1'...
  Inserting 10 records into 'sbtest1'
  $ sql "SHOW CREATE TABLE sbtest1\G" | grep -E 'KEY|ENGINE' | sed 's/ AUTO_INCREMENT=[0-9]*//'
    PRIMARY KEY (`id`)
  \) ENGINE=MyISAM DEFAULT CHARSET=\w+ COLLATE=\w+ COMMENT='bench' (re)
  $ $B oltp_read_write $MY cleanup >/dev/null
  $ tables
  0

Prepare is parallel over tables, one table per thread at a time:

  $ $B oltp_read_only $MY --tables=3 --table-size=50 --threads=2 prepare | sort
  
  
  Creating a secondary index on 'sbtest1'...
  Creating a secondary index on 'sbtest2'...
  Creating a secondary index on 'sbtest3'...
  Creating table 'sbtest1'...
  Creating table 'sbtest2'...
  Creating table 'sbtest3'...
  Initializing worker threads...
  Inserting 50 records into 'sbtest1'
  Inserting 50 records into 'sbtest2'
  Inserting 50 records into 'sbtest3'
  bench 0.1.0 (using system LuaJIT 2.1.0-beta3)
  $ sql "SELECT table_name, table_rows FROM information_schema.tables WHERE table_schema = 'sbtest' ORDER BY 1" | cut -f1
  sbtest1
  sbtest2
  sbtest3
  $ sql "SELECT (SELECT COUNT(*) FROM sbtest1), (SELECT COUNT(*) FROM sbtest2), (SELECT COUNT(*) FROM sbtest3)"
  50\t50\t50 (esc)
  $ $B oltp_read_only $MY --tables=3 cleanup >/dev/null
  $ tables
  0

Every workload: prepare, run 10 events on one thread, cleanup, nothing left.

  $ $B oltp_read_only $MY --table-size=100 prepare
  bench 0.1.0 (using system LuaJIT 2.1.0-beta3)
  
  Creating table 'sbtest1'...
  Inserting 100 records into 'sbtest1'
  Creating a secondary index on 'sbtest1'...
  $ $B oltp_read_only $MY --table-size=100 --events=10 --time=0 --threads=1 run | cnt
  read 140 write 0 other 20 total 160 transactions 10 events 10 ignored 0 reconnects 0
  $ $B oltp_read_only $MY cleanup
  bench 0.1.0 (using system LuaJIT 2.1.0-beta3)
  
  Dropping table 'sbtest1'...
  $ tables
  0

  $ $B oltp_write_only $MY --table-size=100 prepare
  bench 0.1.0 (using system LuaJIT 2.1.0-beta3)
  
  Creating table 'sbtest1'...
  Inserting 100 records into 'sbtest1'
  Creating a secondary index on 'sbtest1'...
  $ $B oltp_write_only $MY --table-size=100 --events=10 --time=0 --threads=1 run | cnt
  read 0 write 40 other 20 total 60 transactions 10 events 10 ignored 0 reconnects 0
  $ sql "SELECT COUNT(*) FROM sbtest1"
  100
  $ $B oltp_write_only $MY cleanup
  bench 0.1.0 (using system LuaJIT 2.1.0-beta3)
  
  Dropping table 'sbtest1'...
  $ tables
  0

  $ $B oltp_point_select $MY --table-size=100 prepare
  bench 0.1.0 (using system LuaJIT 2.1.0-beta3)
  
  Creating table 'sbtest1'...
  Inserting 100 records into 'sbtest1'
  Creating a secondary index on 'sbtest1'...
  $ $B oltp_point_select $MY --table-size=100 --events=10 --time=0 --threads=1 run | cnt
  read 10 write 0 other 0 total 10 transactions 10 events 10 ignored 0 reconnects 0
  $ $B oltp_point_select $MY cleanup
  bench 0.1.0 (using system LuaJIT 2.1.0-beta3)
  
  Dropping table 'sbtest1'...
  $ tables
  0

oltp_update_index adds 1 to k per event:

  $ $B oltp_update_index $MY --table-size=100 prepare
  bench 0.1.0 (using system LuaJIT 2.1.0-beta3)
  
  Creating table 'sbtest1'...
  Inserting 100 records into 'sbtest1'
  Creating a secondary index on 'sbtest1'...
  $ s0=$(sql "SELECT SUM(k) FROM sbtest1")
  $ $B oltp_update_index $MY --table-size=100 --events=10 --time=0 --threads=1 run | cnt
  read 0 write 10 other 0 total 10 transactions 10 events 10 ignored 0 reconnects 0
  $ echo $(( $(sql "SELECT SUM(k) FROM sbtest1") - s0 ))
  10
  $ $B oltp_update_index $MY cleanup
  bench 0.1.0 (using system LuaJIT 2.1.0-beta3)
  
  Dropping table 'sbtest1'...
  $ tables
  0

  $ $B oltp_update_non_index $MY --table-size=100 prepare
  bench 0.1.0 (using system LuaJIT 2.1.0-beta3)
  
  Creating table 'sbtest1'...
  Inserting 100 records into 'sbtest1'
  Creating a secondary index on 'sbtest1'...
  $ $B oltp_update_non_index $MY --table-size=100 --events=10 --time=0 --threads=1 run | cnt
  read 0 write 10 other 0 total 10 transactions 10 events 10 ignored 0 reconnects 0
  $ $B oltp_update_non_index $MY cleanup
  bench 0.1.0 (using system LuaJIT 2.1.0-beta3)
  
  Dropping table 'sbtest1'...
  $ tables
  0

oltp_delete: a DELETE that finds its row is a write, one that does not (the
row is already gone) is other; the rows left agree with the writes:

  $ $B oltp_delete $MY --table-size=100 prepare
  bench 0.1.0 (using system LuaJIT 2.1.0-beta3)
  
  Creating table 'sbtest1'...
  Inserting 100 records into 'sbtest1'
  Creating a secondary index on 'sbtest1'...
  $ $B oltp_delete $MY --table-size=100 --events=10 --time=0 --threads=1 run > out
  $ awk '$1 == "read:" || $1 == "total:" || $1 == "transactions:" { print $1, $2 }
  >   $1 == "write:" { w = $2 } $1 == "other:" { o = $2 } END { print "write+other:", w + o }' out
  read: 0
  total: 10
  transactions: 10
  write+other: 10
  $ echo $(( $(sql "SELECT COUNT(*) FROM sbtest1") + $(awk '$1 == "write:" { print $2 }' out) ))
  100
  $ $B oltp_delete $MY cleanup
  bench 0.1.0 (using system LuaJIT 2.1.0-beta3)
  
  Dropping table 'sbtest1'...
  $ tables
  0

oltp_insert: AUTO_INCREMENT ids after the loaded rows (and client-generated,
unique ids with --auto-inc=off):

  $ $B oltp_insert $MY --table-size=100 prepare
  bench 0.1.0 (using system LuaJIT 2.1.0-beta3)
  
  Creating table 'sbtest1'...
  Inserting 100 records into 'sbtest1'
  Creating a secondary index on 'sbtest1'...
  $ $B oltp_insert $MY --table-size=100 --events=10 --time=0 --threads=1 run | cnt
  read 0 write 10 other 0 total 10 transactions 10 events 10 ignored 0 reconnects 0
  $ sql "SELECT COUNT(*), MIN(id), MAX(id) FROM sbtest1 WHERE id > 100"
  10\t101\t110 (esc)
  $ $B oltp_insert $MY --table-size=100 --events=10 --time=0 --threads=1 --auto-inc=off run | cnt
  read 0 write 10 other 0 total 10 transactions 10 events 10 ignored 0 reconnects 0
  $ sql "SELECT COUNT(*) FROM sbtest1 WHERE id > 110"
  10
  $ $B oltp_insert $MY cleanup
  bench 0.1.0 (using system LuaJIT 2.1.0-beta3)
  
  Dropping table 'sbtest1'...
  $ tables
  0

bulk_insert: one table per thread (ids 1, 2, 3... in each), rows batched into
few multi-row INSERTs (one thread may get all the events):

  $ $B bulk_insert $MY prepare
  bench 0.1.0 (using system LuaJIT 2.1.0-beta3)
  
  Creating table 'sbtest1'...
  $ $B bulk_insert $MY --events=10 --time=0 --threads=1 run | cnt
  read 0 write 1 other 0 total 1 transactions 10 events 10 ignored 0 reconnects 0
  $ $B bulk_insert $MY cleanup
  bench 0.1.0 (using system LuaJIT 2.1.0-beta3)
  
  Dropping table 'sbtest1'...
  $ tables
  0
  $ $B bulk_insert $MY --threads=2 prepare
  bench 0.1.0 (using system LuaJIT 2.1.0-beta3)
  
  Creating table 'sbtest1'...
  Creating table 'sbtest2'...
  $ $B bulk_insert $MY --events=50000 --time=0 --threads=2 run | cnt
  read 0 write [1-4] other 0 total [1-4] transactions 50000 events 50000 ignored 0 reconnects 0 (re)
  $ sql "SELECT (SELECT COUNT(*) FROM sbtest1) + (SELECT COUNT(*) FROM sbtest2),
  >   (SELECT COALESCE(MAX(id), 0) = COUNT(*) FROM sbtest1), (SELECT COALESCE(MAX(id), 0) = COUNT(*) FROM sbtest2)"
  50000\t1\t1 (esc)
  $ $B bulk_insert $MY --threads=2 cleanup
  bench 0.1.0 (using system LuaJIT 2.1.0-beta3)
  
  Dropping table 'sbtest1'...
  Dropping table 'sbtest2'...
  $ tables
  0

  $ $B select_random_points $MY --table-size=100 prepare
  bench 0.1.0 (using system LuaJIT 2.1.0-beta3)
  
  Creating table 'sbtest1'...
  Inserting 100 records into 'sbtest1'
  Creating a secondary index on 'sbtest1'...
  $ $B select_random_points $MY --table-size=100 --events=10 --time=0 --threads=1 run | cnt
  read 10 write 0 other 0 total 10 transactions 10 events 10 ignored 0 reconnects 0
  $ $B select_random_points $MY cleanup
  bench 0.1.0 (using system LuaJIT 2.1.0-beta3)
  
  Dropping table 'sbtest1'...
  $ tables
  0

  $ $B select_random_ranges $MY --table-size=100 prepare
  bench 0.1.0 (using system LuaJIT 2.1.0-beta3)
  
  Creating table 'sbtest1'...
  Inserting 100 records into 'sbtest1'
  Creating a secondary index on 'sbtest1'...
  $ $B select_random_ranges $MY --table-size=100 --events=10 --time=0 --threads=1 run | cnt
  read 10 write 0 other 0 total 10 transactions 10 events 10 ignored 0 reconnects 0
  $ $B select_random_ranges $MY cleanup
  bench 0.1.0 (using system LuaJIT 2.1.0-beta3)
  
  Dropping table 'sbtest1'...
  $ tables
  0

TLS against the server's certificate (made by dbserver.sh with openssl).
--mysql-ssl is sysbench's on/off switch (a bare --mysql-ssl means on) that
also takes the client library's SSL modes; its help line lists them. A
script shows the cipher of its own session:

  $ $B --help | grep -- '--mysql-ssl\['
    --mysql-ssl[=on|off|MODE]        use SSL connections, if available in the client library; MODE: DISABLED, PREFERRED, REQUIRED, VERIFY_CA or VERIFY_IDENTITY (on: REQUIRED, off: DISABLED) [off]

  $ cat > status.lua <<'EOF'
  > sysbench.cmdline.commands = { status = { function ()
  >   local con = sysbench.sql.driver():connect()
  >   local name, value = con:query_row("SHOW STATUS LIKE 'Ssl_cipher'")
  >   print(name .. ": " .. ((value or "") ~= "" and "set" or "empty"))
  >   con:disconnect()
  > end } }
  > EOF
  $ T=$DB_MYSQL_TLS_DIR
  $ $B status.lua $MY status | grep Ssl
  Ssl_cipher: empty
  $ $B status.lua $MY --mysql-ssl=REQUIRED status | grep Ssl
  Ssl_cipher: set
  $ $B status.lua $MY --mysql-ssl=on status | grep Ssl
  Ssl_cipher: set
  $ $B status.lua $MY --mysql-ssl status | grep Ssl
  Ssl_cipher: set
  $ $B status.lua $MY --mysql-ssl=DISABLED status | grep Ssl
  Ssl_cipher: empty
  $ $B status.lua $MY --mysql-ssl=VERIFY_CA --mysql-ssl-ca=$T/ca.pem status | grep Ssl
  Ssl_cipher: set
  $ $B status.lua $MY --mysql-ssl=VERIFY_IDENTITY --mysql-ssl-ca=$T/ca.pem \
  >   --mysql-ssl-cert=$T/client-cert.pem --mysql-ssl-key=$T/client-key.pem status | grep Ssl
  Ssl_cipher: set

A whole workload over a verified TLS connection:

  $ $B oltp_point_select $MY --mysql-ssl=VERIFY_CA --mysql-ssl-ca=$T/ca.pem --table-size=100 prepare >/dev/null
  $ $B oltp_point_select $MY --mysql-ssl=VERIFY_CA --mysql-ssl-ca=$T/ca.pem --table-size=100 --events=10 --time=0 run | cnt
  read 10 write 0 other 0 total 10 transactions 10 events 10 ignored 0 reconnects 0
  $ $B oltp_point_select $MY --mysql-ssl=VERIFY_CA --mysql-ssl-ca=$T/ca.pem cleanup >/dev/null

An unrelated CA is refused: one FATAL line naming the TLS error, exit 1.

  $ errs $B oltp_point_select $MY --mysql-ssl=VERIFY_CA --mysql-ssl-ca=$T/wrong-ca.pem --events=10 --time=0 run
  FATAL: unable to connect to MySQL server on host '127.0.0.1', port \d+, aborting... (re)
  FATAL: error 2026: TLS/SSL error: .*certificate.* (re)
  FATAL: `thread_init' function failed: /.*/oltp_common.lua:\d+: connection creation failed (re)
  FATAL: Thread initialization failed!
  [1]
  $ errs $B oltp_point_select $MY --mysql-ssl=VERIFY_CA --mysql-ssl-ca=$T/wrong-ca.pem --table-size=10 prepare
  FATAL: unable to connect to MySQL server on host '127.0.0.1', port \d+, aborting... (re)
  FATAL: error 2026: TLS/SSL error: .*certificate.* (re)
  FATAL: `prepare' function failed: /.*/oltp_common.lua:\d+: connection creation failed (re)
  [1]
  $ errs $B status.lua $MY --mysql-ssl=VERIFY_CA status
  FATAL: --mysql-ssl=VERIFY_CA needs the CA certificate: --mysql-ssl-ca
  FATAL: `status' function failed: status.lua:2: failed to initialize the DB driver
  [1]
  $ errs $B status.lua $MY --mysql-ssl=bogus status
  FATAL: Invalid value for --mysql-ssl: 'bogus' (expected on, off, DISABLED, PREFERRED, REQUIRED, VERIFY_CA or VERIFY_IDENTITY)
  FATAL: `status' function failed: status.lua:2: failed to initialize the DB driver
  [1]
  $ tables
  0

Compression, and a dry run (nothing is sent; every statement counts as other):

  $ cat > compression.lua <<'EOF'
  > sysbench.cmdline.commands = { status = { function ()
  >   local con = sysbench.sql.driver():connect()
  >   print(con:query_row("SHOW SESSION STATUS LIKE 'Compression'"))
  >   con:disconnect()
  > end } }
  > EOF
  $ $B compression.lua $MY --mysql-compression=on status | grep Compression
  Compression\tON (esc)
  $ $B compression.lua $MY status | grep Compression
  Compression\tOFF (esc)
  $ $B oltp_read_write $MY --mysql-dry-run --events=10 --time=0 run | cnt
  read 0 write 0 other 200 total 200 transactions 10 events 10 ignored 0 reconnects 0
  $ tables
  0

An injected deadlock: two threads update rows 1 and 2 in opposite orders
inside a transaction. InnoDB kills one of them with error 1213, which is
ignorable by default: the victim rolls back (before_restart_event) and its
event restarts, so every one of the 20 transactions commits exactly once
(tests/lib/deadlock.lua).

  $ dbtest_deadlock_table mysql

Every committed transaction counts BEGIN, 2 UPDATEs and COMMIT; every
restarted one BEGIN, the first UPDATE and the ROLLBACK (the failed UPDATE is
the ignored error):

  $ dl() { awk '{ print "transactions", $10, "events", $12, "ignored>0", ($14 > 0 ? "yes" : "no"), "read", $2,
  >   "write-ignored", $4 - $14, "other-2*ignored", $6 - 2 * $14, "reconnects", $16 }'; }
  $ $B "$DBTEST_DEADLOCK" $MY --threads=2 --events=20 --time=0 run > out
  $ cnt < out | dl
  transactions 20 events 20 ignored>0 yes read 0 write-ignored 40 other-2*ignored 40 reconnects 0
  $ sql "SELECT SUM(v) FROM dl"
  40

Without 1213 in the list, the deadlock is fatal:

  $ sql "UPDATE dl SET v = 0"
  $ errs $B "$DBTEST_DEADLOCK" $MY --threads=2 --events=20 --time=0 --mysql-ignore-errors=1062 run |
  >   sed 's/id = [12]/id = N/' | sort -u
  FATAL: `thread_run' function failed: \S*deadlock\.lua:\d+: SQL error, errno = 1213, state = '40001': Deadlock found when trying to get lock; try restarting transaction (re)
  FATAL: mysql_drv_query() returned error 1213 (Deadlock found when trying to get lock; try restarting transaction) for query 'UPDATE dl SET v = v + 1 WHERE id = N'
  [1]

and "all" ignores it too:

  $ sql "UPDATE dl SET v = 0"
  $ $B "$DBTEST_DEADLOCK" $MY --threads=2 --events=20 --time=0 --mysql-ignore-errors=all run > out
  $ cnt < out | dl
  transactions 20 events 20 ignored>0 yes read 0 write-ignored 40 other-2*ignored 40 reconnects 0
  $ sql "SELECT SUM(v) FROM dl; DROP TABLE dl"
  40
  $ tables
  0

The password never shows, not even in debug output nor in a failed login (a
wrong password that starts with the real one):

  $ { $B oltp_point_select $MY --table-size=10 --db-debug prepare
  >   $B oltp_point_select $MY --table-size=10 --events=5 --time=0 --db-debug --mysql-debug --verbosity=5 run
  >   $B oltp_point_select $MY --table-size=10 --events=5 --time=0 --db-debug --mysql-debug --db-ps-mode=disable run
  >   $B oltp_point_select $MY --mysql-password=sbtest_pwX --events=5 --time=0 --db-debug --mysql-debug --verbosity=5 run
  >   $B oltp_point_select $MY --db-debug cleanup; } > all.out 2>&1
  $ grep -c 'DEBUG: Prepare: SELECT c FROM sbtest1 WHERE id=?$' all.out
  1
  $ grep -c 'DEBUG: Query: SELECT c FROM sbtest1 WHERE id=[0-9]*$' all.out
  [1-5] (re)
  $ grep -c 'DEBUG: Query: DROP TABLE IF EXISTS sbtest1$' all.out
  1
  $ grep -c 'Access denied' all.out
  1
  $ grep -c sbtest_pw all.out
  0
  [1]
  $ tables
  0
