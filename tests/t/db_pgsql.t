The database layer against a real, throwaway PostgreSQL server
(tests/lib/dbserver.sh): every OLTP workload through prepare, run and cleanup
with exact statement counts, the schema, prepared and non-prepared modes, a
host list, TLS, an injected deadlock, and no password in any output.

  $ . "$BENCH_SRCDIR/tests/lib/errs.sh"
  $ . "$BENCH_SRCDIR/tests/lib/dbtest.sh"
  $ dbtest_start --tls pgsql

The counters of the SQL statistics block on one line:

  $ . "$BENCH_SRCDIR/tests/lib/counts.sh"
  $ tables() { dbserver_pgsql_sql "SELECT COUNT(*) FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')"; }
  $ sql() { dbserver_pgsql_sql "$@"; }

Done-when check of the database issue: 2 tables of 1000 rows, 100
transactions of oltp_read_write: read 1400, write 400, other 200.

  $ $B oltp_read_write $PG --tables=2 --table-size=1000 prepare
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
  $ $B oltp_read_write $PG --tables=2 --table-size=1000 --events=100 --time=0 --threads=1 run
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

  $ $B oltp_read_write $PG --tables=2 --table-size=1000 --events=100 --time=0 --db-ps-mode=disable run | cnt
  read 1400 write 400 other 200 total 2000 transactions 100 events 100 ignored 0 reconnects 0

and really use server-side prepared statements, or not (the server logs
"execute NAME: ..." for a prepared statement, "statement: ..." for a plain
query):

  $ sql "ALTER ROLE sbtest SET log_statement = 'all'"
  $ log=$DB_PGSQL_DIR/server.log
  $ n=$(wc -l < "$log"); $B oltp_point_select $PG --tables=2 --table-size=1000 --events=10 --time=0 run | cnt
  read 10 write 0 other 0 total 10 transactions 10 events 10 ignored 0 reconnects 0
  $ tail -n +$((n + 1)) "$log" | grep -c 'LOG:  execute [^:]*: SELECT c FROM sbtest[12] WHERE id=\$1$'
  10
  $ tail -n +$((n + 1)) "$log" | grep -c 'LOG:  statement: SELECT c FROM sbtest'
  0
  [1]
  $ n=$(wc -l < "$log"); $B oltp_point_select $PG --tables=2 --table-size=1000 --events=10 --time=0 --db-ps-mode=disable run | cnt
  read 10 write 0 other 0 total 10 transactions 10 events 10 ignored 0 reconnects 0
  $ tail -n +$((n + 1)) "$log" | grep -c 'LOG:  execute [^:]*: SELECT c FROM sbtest'
  0
  [1]
  $ tail -n +$((n + 1)) "$log" | grep -c 'LOG:  statement: SELECT c FROM sbtest[12] WHERE id=[0-9]*$'
  10
  $ sql "ALTER ROLE sbtest RESET log_statement"

Transaction shape options, as in sysbench 1.0.20:

  $ $B oltp_read_write $PG --tables=2 --table-size=1000 --events=10 --time=0 --skip-trx run | cnt
  read 140 write 40 other 0 total 180 transactions 10 events 10 ignored 0 reconnects 0
  $ $B oltp_read_write $PG --tables=2 --table-size=1000 --events=10 --time=0 --range-selects=off run | cnt
  read 100 write 40 other 20 total 160 transactions 10 events 10 ignored 0 reconnects 0
  $ $B oltp_read_write $PG --tables=2 --table-size=1000 --events=10 --time=0 --point-selects=3 --simple-ranges=2 \
  >   --index-updates=2 --non-index-updates=0 --delete-inserts=2 run | cnt
  read 80 write 60 other 20 total 160 transactions 10 events 10 ignored 0 reconnects 0
  $ $B oltp_point_select $PG --tables=2 --table-size=1000 --events=10 --time=0 --reconnect=3 run | cnt
  read 10 write 0 other 0 total 10 transactions 10 events 10 ignored 0 reconnects 3

A host list (TCP and the server's socket directory): connections go
round-robin over it (io.write, not print, so that the lines of the threads
cannot interleave):

  $ cat > who.lua <<'EOF'
  > function thread_init()
  >   con = sysbench.sql.driver():connect()
  >   io.write("connected over " .. con:query_row("SELECT COALESCE(host(inet_client_addr()), 'socket')") .. "\n")
  > end
  > function event() end
  > function thread_done() con:disconnect() end
  > EOF
  $ $B who.lua $PG --threads=4 --events=4 --time=0 --pgsql-host=127.0.0.1,$DB_PGSQL_SOCKETDIR run | grep '^connected' | sort
  connected over 127.0.0.1
  connected over 127.0.0.1
  connected over socket
  connected over socket
  $ $B oltp_read_only $PG --tables=2 --table-size=1000 --events=100 --time=0 --threads=2 \
  >   --pgsql-host=127.0.0.1,$DB_PGSQL_SOCKETDIR run | cnt
  read 1400 write 0 other 200 total 1600 transactions 100 events 100 ignored 0 reconnects 0

Of two threads over (TCP, a directory without a socket) exactly one fails:

  $ errs $B who.lua $PG --threads=2 --events=2 --time=0 --pgsql-host=127.0.0.1,/nonexistent run
  FATAL: Connection to database failed: connection to server on socket "/nonexistent/.s.PGSQL.\d+" failed: No such file or directory (re)
  FATAL: `thread_init' function failed: who.lua:2: connection creation failed
  FATAL: Thread initialization failed!
  [1]

  $ $B oltp_read_write $PG --tables=2 cleanup
  bench 0.1.0 (using system LuaJIT 2.1.0-beta3)
  
  Dropping table 'sbtest1'...
  Dropping table 'sbtest2'...
  $ tables
  0

The schema is sysbench's: columns, types, defaults and indexes:

  $ columns() { sql "SELECT column_name, data_type, character_maximum_length, is_nullable, column_default
  >   FROM information_schema.columns WHERE table_name = 'sbtest1' ORDER BY ordinal_position"; }
  $ indexes() { sql "SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'sbtest1' ORDER BY 1"; }
  $ $B oltp_read_write $PG --table-size=100 prepare >/dev/null
  $ columns
  id\tinteger\t\tNO\tnextval('sbtest1_id_seq'::regclass) (esc)
  k\tinteger\t\tNO\t0 (esc)
  c\tcharacter\t120\tNO\t''::bpchar (esc)
  pad\tcharacter\t60\tNO\t''::bpchar (esc)
  $ indexes
  k_1\tCREATE INDEX k_1 ON public.sbtest1 USING btree (k) (esc)
  sbtest1_pkey\tCREATE UNIQUE INDEX sbtest1_pkey ON public.sbtest1 USING btree (id) (esc)

with ids 1..table_size, k spread over them, c ten groups of 11 digits, pad five:

  $ sql "SELECT COUNT(*), MIN(id), MAX(id), MIN(k) >= 1, MAX(k) <= 100, COUNT(DISTINCT k) > 1 FROM sbtest1"
  100\t1\t100\tt\tt\tt (esc)
  $ sql "SELECT SUM((rtrim(c) ~ '^([0-9]{11}-){9}[0-9]{11}\$')::int), SUM((rtrim(pad) ~ '^([0-9]{11}-){4}[0-9]{11}\$')::int), COUNT(DISTINCT c) > 90 FROM sbtest1"
  100\t100\tt (esc)
  $ $B oltp_read_write $PG cleanup >/dev/null

--secondary (sysbench 1.0.20 fails there on PostgreSQL, with "KEY xid (id)"
in CREATE TABLE; bench makes an index), --auto-inc=off, --create-secondary=off
and extra table options:

  $ $B oltp_read_write $PG --table-size=10 --secondary prepare >/dev/null
  $ indexes
  k_1\tCREATE INDEX k_1 ON public.sbtest1 USING btree (k) (esc)
  xid_1\tCREATE INDEX xid_1 ON public.sbtest1 USING btree (id) (esc)
  $ $B oltp_read_write $PG cleanup >/dev/null
  $ $B oltp_read_write $PG --table-size=10 --auto-inc=off --create-secondary=off \
  >   --create-table-options="WITH (fillfactor=90)" prepare
  bench 0.1.0 (using system LuaJIT 2.1.0-beta3)
  
  Creating table 'sbtest1'...
  Inserting 10 records into 'sbtest1'
  $ columns
  id\tinteger\t\tNO\t (esc)
  k\tinteger\t\tNO\t0 (esc)
  c\tcharacter\t120\tNO\t''::bpchar (esc)
  pad\tcharacter\t60\tNO\t''::bpchar (esc)
  $ indexes
  sbtest1_pkey\tCREATE UNIQUE INDEX sbtest1_pkey ON public.sbtest1 USING btree (id) (esc)
  $ sql "SELECT reloptions FROM pg_class WHERE relname = 'sbtest1'"
  {fillfactor=90}
  $ $B oltp_read_write $PG cleanup >/dev/null
  $ tables
  0

Prepare is parallel over tables, one table per thread at a time:

  $ $B oltp_read_only $PG --tables=3 --table-size=50 --threads=2 prepare | sort
  
  
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
  $ sql "SELECT (SELECT COUNT(*) FROM sbtest1), (SELECT COUNT(*) FROM sbtest2), (SELECT COUNT(*) FROM sbtest3)"
  50\t50\t50 (esc)
  $ $B oltp_read_only $PG --tables=3 cleanup >/dev/null
  $ tables
  0

Every workload: prepare, run 10 events on one thread, cleanup, nothing left.

  $ $B oltp_read_only $PG --table-size=100 prepare
  bench 0.1.0 (using system LuaJIT 2.1.0-beta3)
  
  Creating table 'sbtest1'...
  Inserting 100 records into 'sbtest1'
  Creating a secondary index on 'sbtest1'...
  $ $B oltp_read_only $PG --table-size=100 --events=10 --time=0 --threads=1 run | cnt
  read 140 write 0 other 20 total 160 transactions 10 events 10 ignored 0 reconnects 0
  $ $B oltp_read_only $PG cleanup
  bench 0.1.0 (using system LuaJIT 2.1.0-beta3)
  
  Dropping table 'sbtest1'...
  $ tables
  0

  $ $B oltp_write_only $PG --table-size=100 prepare
  bench 0.1.0 (using system LuaJIT 2.1.0-beta3)
  
  Creating table 'sbtest1'...
  Inserting 100 records into 'sbtest1'
  Creating a secondary index on 'sbtest1'...
  $ $B oltp_write_only $PG --table-size=100 --events=10 --time=0 --threads=1 run | cnt
  read 0 write 40 other 20 total 60 transactions 10 events 10 ignored 0 reconnects 0
  $ sql "SELECT COUNT(*) FROM sbtest1"
  100
  $ $B oltp_write_only $PG cleanup
  bench 0.1.0 (using system LuaJIT 2.1.0-beta3)
  
  Dropping table 'sbtest1'...
  $ tables
  0

  $ $B oltp_point_select $PG --table-size=100 prepare
  bench 0.1.0 (using system LuaJIT 2.1.0-beta3)
  
  Creating table 'sbtest1'...
  Inserting 100 records into 'sbtest1'
  Creating a secondary index on 'sbtest1'...
  $ $B oltp_point_select $PG --table-size=100 --events=10 --time=0 --threads=1 run | cnt
  read 10 write 0 other 0 total 10 transactions 10 events 10 ignored 0 reconnects 0
  $ $B oltp_point_select $PG cleanup
  bench 0.1.0 (using system LuaJIT 2.1.0-beta3)
  
  Dropping table 'sbtest1'...
  $ tables
  0

oltp_update_index adds 1 to k per event:

  $ $B oltp_update_index $PG --table-size=100 prepare
  bench 0.1.0 (using system LuaJIT 2.1.0-beta3)
  
  Creating table 'sbtest1'...
  Inserting 100 records into 'sbtest1'
  Creating a secondary index on 'sbtest1'...
  $ s0=$(sql "SELECT SUM(k) FROM sbtest1")
  $ $B oltp_update_index $PG --table-size=100 --events=10 --time=0 --threads=1 run | cnt
  read 0 write 10 other 0 total 10 transactions 10 events 10 ignored 0 reconnects 0
  $ echo $(( $(sql "SELECT SUM(k) FROM sbtest1") - s0 ))
  10
  $ $B oltp_update_index $PG cleanup
  bench 0.1.0 (using system LuaJIT 2.1.0-beta3)
  
  Dropping table 'sbtest1'...
  $ tables
  0

  $ $B oltp_update_non_index $PG --table-size=100 prepare
  bench 0.1.0 (using system LuaJIT 2.1.0-beta3)
  
  Creating table 'sbtest1'...
  Inserting 100 records into 'sbtest1'
  Creating a secondary index on 'sbtest1'...
  $ $B oltp_update_non_index $PG --table-size=100 --events=10 --time=0 --threads=1 run | cnt
  read 0 write 10 other 0 total 10 transactions 10 events 10 ignored 0 reconnects 0
  $ $B oltp_update_non_index $PG cleanup
  bench 0.1.0 (using system LuaJIT 2.1.0-beta3)
  
  Dropping table 'sbtest1'...
  $ tables
  0

oltp_delete: a DELETE that finds its row is a write, one that does not (the
row is already gone) is other; the rows left agree with the writes:

  $ $B oltp_delete $PG --table-size=100 prepare
  bench 0.1.0 (using system LuaJIT 2.1.0-beta3)
  
  Creating table 'sbtest1'...
  Inserting 100 records into 'sbtest1'
  Creating a secondary index on 'sbtest1'...
  $ $B oltp_delete $PG --table-size=100 --events=10 --time=0 --threads=1 run > out
  $ awk '$1 == "read:" || $1 == "total:" || $1 == "transactions:" { print $1, $2 }
  >   $1 == "write:" { w = $2 } $1 == "other:" { o = $2 } END { print "write+other:", w + o }' out
  read: 0
  total: 10
  transactions: 10
  write+other: 10
  $ echo $(( $(sql "SELECT COUNT(*) FROM sbtest1") + $(awk '$1 == "write:" { print $2 }' out) ))
  100
  $ $B oltp_delete $PG cleanup
  bench 0.1.0 (using system LuaJIT 2.1.0-beta3)
  
  Dropping table 'sbtest1'...
  $ tables
  0

oltp_insert: SERIAL ids after the loaded rows (and client-generated, unique
ids with --auto-inc=off):

  $ $B oltp_insert $PG --table-size=100 prepare
  bench 0.1.0 (using system LuaJIT 2.1.0-beta3)
  
  Creating table 'sbtest1'...
  Inserting 100 records into 'sbtest1'
  Creating a secondary index on 'sbtest1'...
  $ $B oltp_insert $PG --table-size=100 --events=10 --time=0 --threads=1 run | cnt
  read 0 write 10 other 0 total 10 transactions 10 events 10 ignored 0 reconnects 0
  $ sql "SELECT COUNT(*), MIN(id), MAX(id) FROM sbtest1 WHERE id > 100"
  10\t101\t110 (esc)
  $ $B oltp_insert $PG --table-size=100 --events=10 --time=0 --threads=1 --auto-inc=off run | cnt
  read 0 write 10 other 0 total 10 transactions 10 events 10 ignored 0 reconnects 0
  $ sql "SELECT COUNT(*) FROM sbtest1 WHERE id > 110"
  10
  $ $B oltp_insert $PG cleanup
  bench 0.1.0 (using system LuaJIT 2.1.0-beta3)
  
  Dropping table 'sbtest1'...
  $ tables
  0

bulk_insert: one table per thread (ids 1, 2, 3... in each), rows batched into
few multi-row INSERTs (one thread may get all the events):

  $ $B bulk_insert $PG prepare
  bench 0.1.0 (using system LuaJIT 2.1.0-beta3)
  
  Creating table 'sbtest1'...
  $ $B bulk_insert $PG --events=10 --time=0 --threads=1 run | cnt
  read 0 write 1 other 0 total 1 transactions 10 events 10 ignored 0 reconnects 0
  $ $B bulk_insert $PG cleanup
  bench 0.1.0 (using system LuaJIT 2.1.0-beta3)
  
  Dropping table 'sbtest1'...
  $ tables
  0
  $ $B bulk_insert $PG --threads=2 prepare
  bench 0.1.0 (using system LuaJIT 2.1.0-beta3)
  
  Creating table 'sbtest1'...
  Creating table 'sbtest2'...
  $ $B bulk_insert $PG --events=50000 --time=0 --threads=2 run | cnt
  read 0 write [1-4] other 0 total [1-4] transactions 50000 events 50000 ignored 0 reconnects 0 (re)
  $ sql "SELECT (SELECT COUNT(*) FROM sbtest1) + (SELECT COUNT(*) FROM sbtest2),
  >   (SELECT COALESCE(MAX(id), 0) = COUNT(*) FROM sbtest1), (SELECT COALESCE(MAX(id), 0) = COUNT(*) FROM sbtest2)"
  50000\tt\tt (esc)
  $ $B bulk_insert $PG --threads=2 cleanup
  bench 0.1.0 (using system LuaJIT 2.1.0-beta3)
  
  Dropping table 'sbtest1'...
  Dropping table 'sbtest2'...
  $ tables
  0

  $ $B select_random_points $PG --table-size=100 prepare
  bench 0.1.0 (using system LuaJIT 2.1.0-beta3)
  
  Creating table 'sbtest1'...
  Inserting 100 records into 'sbtest1'
  Creating a secondary index on 'sbtest1'...
  $ $B select_random_points $PG --table-size=100 --events=10 --time=0 --threads=1 run | cnt
  read 10 write 0 other 0 total 10 transactions 10 events 10 ignored 0 reconnects 0
  $ $B select_random_points $PG cleanup
  bench 0.1.0 (using system LuaJIT 2.1.0-beta3)
  
  Dropping table 'sbtest1'...
  $ tables
  0

  $ $B select_random_ranges $PG --table-size=100 prepare
  bench 0.1.0 (using system LuaJIT 2.1.0-beta3)
  
  Creating table 'sbtest1'...
  Inserting 100 records into 'sbtest1'
  Creating a secondary index on 'sbtest1'...
  $ $B select_random_ranges $PG --table-size=100 --events=10 --time=0 --threads=1 run | cnt
  read 10 write 0 other 0 total 10 transactions 10 events 10 ignored 0 reconnects 0
  $ $B select_random_ranges $PG cleanup
  bench 0.1.0 (using system LuaJIT 2.1.0-beta3)
  
  Dropping table 'sbtest1'...
  $ tables
  0

TLS against the server's certificate (made by dbserver.sh with openssl). A
script shows whether its own session is encrypted:

  $ cat > ssl.lua <<'EOF'
  > sysbench.cmdline.commands = { ssl = { function ()
  >   local con = sysbench.sql.driver():connect()
  >   print("ssl: " .. con:query_row("SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()"))
  >   con:disconnect()
  > end } }
  > EOF
  $ T=$DB_PGSQL_TLS_DIR
  $ $B ssl.lua $PG --pgsql-sslmode=disable ssl | grep ssl
  ssl: f
  $ $B ssl.lua $PG --pgsql-sslmode=require ssl | grep ssl
  ssl: t
  $ $B ssl.lua $PG --pgsql-sslmode=verify-ca --pgsql-ssl-root-cert=$T/ca.pem ssl | grep ssl
  ssl: t
  $ $B ssl.lua $PG --pgsql-sslmode=verify-full --pgsql-ssl-root-cert=$T/ca.pem ssl | grep ssl
  ssl: t

A whole workload over a verified TLS connection:

  $ $B oltp_point_select $PG --pgsql-sslmode=verify-ca --pgsql-ssl-root-cert=$T/ca.pem --table-size=100 prepare >/dev/null
  $ $B oltp_point_select $PG --pgsql-sslmode=verify-ca --pgsql-ssl-root-cert=$T/ca.pem --table-size=100 --events=10 --time=0 run | cnt
  read 10 write 0 other 0 total 10 transactions 10 events 10 ignored 0 reconnects 0
  $ $B oltp_point_select $PG --pgsql-sslmode=verify-ca --pgsql-ssl-root-cert=$T/ca.pem cleanup >/dev/null

An unrelated CA is refused with one FATAL line naming the error, exit 1:

  $ errs $B oltp_point_select $PG --pgsql-sslmode=verify-ca --pgsql-ssl-root-cert=$T/wrong-ca.pem --events=10 --time=0 run
  FATAL: Connection to database failed: connection to server at "127.0.0.1", port \d+ failed: SSL error: certificate verify failed (re)
  FATAL: `thread_init' function failed: /.*/oltp_common.lua:\d+: connection creation failed (re)
  FATAL: Thread initialization failed!
  [1]
  $ errs $B oltp_point_select $PG --pgsql-sslmode=verify-full --pgsql-ssl-root-cert=$T/wrong-ca.pem --table-size=10 prepare
  FATAL: Connection to database failed: connection to server at "127.0.0.1", port \d+ failed: SSL error: certificate verify failed (re)
  FATAL: `prepare' function failed: /.*/oltp_common.lua:\d+: connection creation failed (re)
  [1]
  $ errs $B ssl.lua $PG --pgsql-sslmode=bogus ssl
  FATAL: Invalid value for --pgsql-sslmode: 'bogus' (expected disable, allow, prefer, require, verify-ca or verify-full)
  FATAL: `ssl' function failed: ssl.lua:2: failed to initialize the DB driver
  [1]
  $ tables
  0

An injected deadlock: two threads update rows 1 and 2 in opposite orders
inside a transaction. PostgreSQL aborts one of them with SQLSTATE 40P01,
which is ignorable by default: the victim rolls back (before_restart_event)
and its event restarts, so every one of the 20 transactions commits exactly
once (tests/lib/deadlock.lua). deadlock_timeout is lowered so that
detection takes 0.1 s, not 1 s.

  $ sql "ALTER DATABASE sbtest SET deadlock_timeout = '100ms'"
  $ dbtest_deadlock_table pgsql

Every committed transaction counts BEGIN, 2 UPDATEs and COMMIT; every
restarted one BEGIN, the first UPDATE and the ROLLBACK (the failed UPDATE is
the ignored error):

  $ dl() { awk '{ print "transactions", $10, "events", $12, "ignored>0", ($14 > 0 ? "yes" : "no"), "read", $2,
  >   "write-ignored", $4 - $14, "other-2*ignored", $6 - 2 * $14, "reconnects", $16 }'; }
  $ $B "$DBTEST_DEADLOCK" $PG --threads=2 --events=20 --time=0 run > out
  $ cnt < out | dl
  transactions 20 events 20 ignored>0 yes read 0 write-ignored 40 other-2*ignored 40 reconnects 0
  $ sql "SELECT SUM(v) FROM dl"
  40

Without 40P01 in the list, the deadlock is fatal:

  $ sql "UPDATE dl SET v = 0"
  $ errs $B "$DBTEST_DEADLOCK" $PG --threads=2 --events=20 --time=0 --pgsql-ignore-errors=23505 run |
  >   sed 's/id = [12]/id = N/' | sort -u
  FATAL: PQexec() failed: 7 deadlock detected
  FATAL: `thread_run' function failed: \S*deadlock\.lua:\d+: SQL error, errno = 0, state = '40P01': deadlock detected (re)
  FATAL: failed query was: UPDATE dl SET v = v + 1 WHERE id = N
  [1]

and "all" ignores it too:

  $ sql "UPDATE dl SET v = 0"
  $ $B "$DBTEST_DEADLOCK" $PG --threads=2 --events=20 --time=0 --pgsql-ignore-errors=all run > out
  $ cnt < out | dl
  transactions 20 events 20 ignored>0 yes read 0 write-ignored 40 other-2*ignored 40 reconnects 0
  $ sql "SELECT SUM(v) FROM dl; DROP TABLE dl"
  40
  $ tables
  0

The password never shows, not even in debug output nor in a failed login (a
wrong password that starts with the real one; libpq's whole message is
printed, as sysbench does, which names each attempt it made):

  $ { $B oltp_point_select $PG --table-size=10 --db-debug prepare
  >   $B oltp_point_select $PG --table-size=10 --events=5 --time=0 --db-debug --verbosity=5 run
  >   $B oltp_point_select $PG --table-size=10 --events=5 --time=0 --db-debug --db-ps-mode=disable run
  >   $B oltp_point_select $PG --pgsql-password=sbtest_pwX --events=5 --time=0 --db-debug --verbosity=5 run
  >   $B oltp_point_select $PG --db-debug cleanup; } > all.out 2>&1
  $ grep -c 'DEBUG: Prepare: SELECT c FROM sbtest1 WHERE id=?$' all.out
  1
  $ grep -c 'DEBUG: Query: SELECT c FROM sbtest1 WHERE id=[0-9]*$' all.out
  [1-5] (re)
  $ grep -c 'DEBUG: Query: DROP TABLE IF EXISTS sbtest1$' all.out
  1
  $ grep -c 'password authentication failed for user "sbtest"' all.out
  [12] (re)
  $ grep -c sbtest_pw all.out
  0
  [1]
  $ tables
  0
