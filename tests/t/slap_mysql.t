bench slap (lua/slap.lua, issue 17) against a real, throwaway MariaDB
server: mysqlslap's generated schema, the statement counts of every load
type, mysqlslap's summary block, engines, iterations, the user's own SQL,
cleanup, and bad input.

  $ . "$BENCH_SRCDIR/tests/lib/dbserver.sh"
  $ trap dbserver_stop_all EXIT
  $ dbserver_start mysql
  $ set -o pipefail
  $ MY=$(dbserver_conn_opts mysql)
  $ sql() { dbserver_mysql_sql "$@"; }
  $ sql "GRANT ALL PRIVILEGES ON mysqlslap.* TO 'sbtest'@'127.0.0.1'; GRANT ALL PRIVILEGES ON slaptest.* TO 'sbtest'@'127.0.0.1'"
  $ slap() { timeout 120 "$BENCH" slap $MY "$@"; }
  $ schemas() { sql "SELECT COUNT(*) FROM information_schema.schemata WHERE schema_name IN ('mysqlslap', 'slaptest')"; }

The counters of each step's SQL statistics, one line per step, and the
summary blocks with the seconds masked:

  $ cnt() { awk '$1 == "read:" { r = $2 } $1 == "write:" { w = $2 } $1 == "other:" { o = $2 }
  >   $1 == "transactions:" { printf "read %s write %s other %s events %s\n", r, w, o, $2 }'; }
  $ summary() { sed -n '/^Benchmark$/,/^$/p' | sed -E 's/[0-9]+\.[0-9]{3} seconds/S.SSS seconds/'; }

The generated table t1, kept with --no-drop: an AUTO_INCREMENT id, two INT
and three VARCHAR(128) columns, a unique GUID column per secondary index,
and --auto-generate-sql-write-number minus one rows (as mysqlslap):

  $ slap -a -y 2 -x 3 --auto-generate-sql-add-autoincrement --auto-generate-sql-secondary-indexes=1 \
  >   --auto-generate-sql-write-number=5 --number-of-queries=4 --no-drop --verbosity=0
  Benchmark
  \tAverage number of seconds to run all queries: *.??? seconds (esc) (glob)
  \tMinimum number of seconds to run all queries: *.??? seconds (esc) (glob)
  \tMaximum number of seconds to run all queries: *.??? seconds (esc) (glob)
  \tNumber of clients running queries: 1 (esc)
  \tAverage number of queries per client: 4 (esc)
  
  $ sql "SELECT column_name, column_type, column_key FROM information_schema.columns WHERE table_schema = 'mysqlslap' AND table_name = 't1' ORDER BY ordinal_position"
  id\tbigint(20) unsigned\tPRI (esc)
  id0\tvarchar(36)\tUNI (esc)
  intcol1\tint(32)\t (esc)
  intcol2\tint(32)\t (esc)
  charcol1\tvarchar(128)\t (esc)
  charcol2\tvarchar(128)\t (esc)
  charcol3\tvarchar(128)\t (esc)
  $ sql "SELECT COUNT(*), MIN(id), MAX(id), MIN(LENGTH(charcol1)), COUNT(DISTINCT id0) FROM mysqlslap.t1"
  6\t1\t6\t126\t6 (esc)

(4 rows up front and the 2 INSERTs among the 4 mixed statements.) The kept
schema is no later run's own: a run that creates its schema refuses an
existing one (as mysqlslap's plain CREATE SCHEMA) and drops nothing:

  $ slap -a --number-of-queries=1
  bench 0.1.0 (using system LuaJIT 2.1.0-beta3)
  
  FATAL: Cannot create schema mysqlslap: it exists (bench slap drops only what it created; give another --create-schema, or drop it yourself)
  [1]
  $ sql "SELECT COUNT(*) FROM mysqlslap.t1"
  6
  $ slap cleanup > /dev/null

A GUID primary key instead; "slap cleanup" drops what --no-drop kept:

  $ slap -a --auto-generate-sql-guid-primary --auto-generate-sql-write-number=3 --number-of-queries=1 --no-drop --verbosity=0 | summary | tail -3
  \tNumber of clients running queries: 1 (esc)
  \tAverage number of queries per client: 1 (esc)
  
  $ sql "SELECT column_name, column_type, column_key FROM information_schema.columns WHERE table_schema = 'mysqlslap' AND table_name = 't1' ORDER BY ordinal_position"
  id\tvarchar(36)\tPRI (esc)
  intcol1\tint(32)\t (esc)
  charcol1\tvarchar(128)\t (esc)
  $ sql "SELECT COUNT(*), MIN(LENGTH(id)) FROM mysqlslap.t1"
  3\t36 (esc)
  $ slap cleanup
  bench 0.1.0 (using system LuaJIT 2.1.0-beta3)
  
  Dropping schema 'mysqlslap'...
  $ schemas
  0

Exact statement counts per load type: 24 statements over 2 clients, 12
each, walking mysqlslap's list of 11 (INSERT, SELECT, INSERT, ... for
mixed), and nothing else: as mysqlslap's, the clients connect to the
schema itself, with no USE (the server counts one change of database per
run, the USE of the connection that creates the schema, as mysqlslap's):

  $ changes() { sql "SHOW GLOBAL STATUS LIKE 'Com_change_db'" | cut -f2; }
  $ c0=$(changes); slap -a -c 3 --number-of-queries=9 > /dev/null; echo $(( $(changes) - c0 ))
  1

  $ for t in mixed read write; do echo "$t: $(slap -a -c 2 --number-of-queries=24 --auto-generate-sql-load-type=$t | cnt)"; done
  mixed: read 10 write 14 other 0 events 24
  read: read 24 write 0 other 0 events 24
  write: read 0 write 24 other 0 events 24
  $ for t in key mixed; do echo "$t: $(slap -a -c 3 --number-of-queries=10 --auto-generate-sql-add-autoincrement --auto-generate-sql-load-type=$t | cnt)"; done
  key: read 9 write 0 other 0 events 9
  mixed: read 3 write 6 other 0 events 9

An UPDATE that finds its row already holding the values (the other client
ran the same statement first) changes nothing: MariaDB reports no changed
row and it counts as other, as in sysbench. Writes and others add up:

  $ wo() { awk '{ print $1, $2, "write+other", $4 + $6, $7, $8 }'; }
  $ slap -a -c 2 --number-of-queries=24 --auto-generate-sql-load-type=update | cnt | wo
  read 0 write+other 24 events 24
  $ slap -a -c 3 --number-of-queries=10 --auto-generate-sql-add-autoincrement --auto-generate-sql-load-type=update | cnt | wo
  read 0 write+other 9 events 9

Without --number-of-queries each client runs the list once; with
--auto-generate-sql-execute-number, that many statements:

  $ slap -a -c 2 | cnt
  read 10 write 12 other 0 events 22
  $ slap -a -c 2 --auto-generate-sql-execute-number=3 | cnt
  read 2 write 4 other 0 events 6

Fewer queries than clients: mysqlslap's limit of 0 per client, that is
none (the list once), and 0 in the summary:

  $ slap -a -c 3 --number-of-queries=2 --auto-generate-sql-load-type=write > out.txt
  $ cnt < out.txt; grep 'per client' out.txt
  read 0 write 33 other 0 events 33
  \tAverage number of queries per client: 0 (esc)

The summary block after each engine x concurrency block, in mysqlslap's
words, followed by bench's report; --engine=myisam,innodb gives two
blocks, each on a table of that engine, and the schema is gone afterwards:

  $ slap -a -c 2 --threads=2 --number-of-queries=10 --engine=myisam,innodb > out.txt
  $ summary < out.txt
  Benchmark
  \tRunning for engine myisam (esc)
  \tAverage number of seconds to run all queries: S.SSS seconds (esc)
  \tMinimum number of seconds to run all queries: S.SSS seconds (esc)
  \tMaximum number of seconds to run all queries: S.SSS seconds (esc)
  \tNumber of clients running queries: 2 (esc)
  \tAverage number of queries per client: 5 (esc)
  
  Benchmark
  \tRunning for engine innodb (esc)
  \tAverage number of seconds to run all queries: S.SSS seconds (esc)
  \tMinimum number of seconds to run all queries: S.SSS seconds (esc)
  \tMaximum number of seconds to run all queries: S.SSS seconds (esc)
  \tNumber of clients running queries: 2 (esc)
  \tAverage number of queries per client: 5 (esc)
  
  $ grep -E '^(Sweep step|Benchmark|SQL statistics|General statistics|Latency|         95th)' out.txt
  Sweep step 1/2: 2 threads (engine myisam, concurrency 2)
  Benchmark
  SQL statistics:
  General statistics:
  Latency (ms):
           95th percentile:  * (glob)
  Sweep step 2/2: 2 threads (engine innodb, concurrency 2)
  Benchmark
  SQL statistics:
  General statistics:
  Latency (ms):
           95th percentile:  * (glob)
  $ cnt < out.txt
  read 4 write 6 other 0 events 10
  read 4 write 6 other 0 events 10
  $ slap -a -c 1 --number-of-queries=2 --engine=myisam,innodb --no-drop --verbosity=0 > /dev/null
  $ sql "SELECT engine FROM information_schema.tables WHERE table_schema = 'mysqlslap'"
  InnoDB
  $ slap cleanup > /dev/null
  $ schemas
  0

mysqlslap's short options after "slap", a concurrency list and iterations:
one block per concurrency, its minimum/average/maximum over the
iterations; every iteration creates and drops the schema. 3 clients on
--threads=2 run as 3 connections (tests/t/slap_clients.t):

  $ slap -a -c1,3 -i 2 --threads=2 --number-of-queries=6 --create-schema=slaptest > out.txt
  $ grep -E '^Sweep step' out.txt
  Sweep step 1/4: 1 thread (concurrency 1, iteration 1)
  Sweep step 2/4: 1 thread (concurrency 1, iteration 2)
  Sweep step 3/4: 2 threads, 3 connections (concurrency 3, iteration 1)
  Sweep step 4/4: 2 threads, 3 connections (concurrency 3, iteration 2)
  $ grep -cx Benchmark out.txt
  2
  $ grep -E 'clients|per client' out.txt
  \tNumber of clients running queries: 1 (esc)
  \tAverage number of queries per client: 6 (esc)
  \tNumber of clients running queries: 3 (esc)
  \tAverage number of queries per client: 2 (esc)
  $ schemas
  0

The user's own schema and load, split at --delimiter, from strings and
from files; ENGINE= is added to its CREATE TABLE:

  $ printf 'SELECT x FROM a;SELECT COUNT(*) FROM a;UPDATE a SET x = x + 1\n' > q.sql
  $ slap --create="CREATE TABLE a (x int);INSERT INTO a VALUES (1),(2)" --query=q.sql -F ';' -c 2 \
  >   --number-of-queries=12 --engine=memory --no-drop | cnt
  read 8 write 4 other 0 events 12
  $ sql "SELECT engine FROM information_schema.tables WHERE table_schema = 'mysqlslap'; SELECT SUM(x) FROM mysqlslap.a"
  MEMORY
  11
  $ slap cleanup > /dev/null

Bad input: one clear line and exit status 1, nothing created:

  $ slap --query=/nonexistent/load.sql
  bench 0.1.0 (using system LuaJIT 2.1.0-beta3)
  
  FATAL: --query: cannot open '/nonexistent/load.sql': No such file or directory
  [1]
  $ : > empty.sql; slap --query=empty.sql
  bench 0.1.0 (using system LuaJIT 2.1.0-beta3)
  
  FATAL: --query: 'empty.sql' holds no SQL statement
  [1]
  $ slap -a --auto-generate-sql-load-type=delete 2>&1 | grep FATAL
  FATAL: Invalid value for --auto-generate-sql-load-type: 'delete' (mixed, read, write, key or update)
  [1]
  $ slap -a --auto-generate-sql-load-type=key 2>&1 | grep FATAL
  FATAL: Can't perform key test without a primary key! (add --auto-generate-sql-add-autoincrement or --auto-generate-sql-guid-primary)
  [1]
  $ slap -a -c 2,0 2>&1 | grep FATAL
  FATAL: Invalid value for --concurrency: '2,0' (a comma-separated list of counts >= 1)
  [1]
  $ slap -a --auto-generate-sql-add-autoincrement --auto-generate-sql-guid-primary 2>&1 | grep FATAL
  FATAL: Either --auto-generate-sql-guid-primary or --auto-generate-sql-add-autoincrement can be used
  [1]
  $ slap
  bench 0.1.0 (using system LuaJIT 2.1.0-beta3)
  
  FATAL: Nothing to run: give --auto-generate-sql (-a) or --query
  [1]
  $ slap -a -u root
  slap: -u is mysqlslap's short option; bench spells it --mysql-user
  [1]
  $ slap -a -c
  slap: -c needs a value (--concurrency=VALUE)
  [1]
  $ slap -a -z 3
  slap: unknown option -z ('bench slap help' lists the options, mysqlslap's letters among them)
  [1]

mysqlslap's long connection options are bench's inside slap (--name=VALUE
or --name VALUE; the password is hidden from ps as bench's own), the
others are named:

  $ "$BENCH" slap --host="$DB_HOST" --port "$DB_MYSQL_PORT" --user=sbtest --password "$DB_PASSWORD" \
  >   -a -c 2 --number-of-queries=4 --verbosity=0 | grep 'clients running'
  \tNumber of clients running queries: 2 (esc)
  $ "$BENCH" slap --host="$DB_HOST" --port="$DB_MYSQL_PORT" --user=sbtest --password="$DB_PASSWORD" \
  >   --query="SELECT SLEEP(3)" --create-schema=sbtest --verbosity=0 > /dev/null & pid=$!
  $ sleep 1.5; tr '\0' ' ' < /proc/$pid/cmdline | grep -c "$DB_PASSWORD"; wait $pid
  0
  $ slap -a --silent
  slap: --silent is mysqlslap's option; bench spells it --verbosity=0 (hides bench's report; mysqlslap's summary stays)
  [1]
  $ slap -a --csv
  slap: --csv is mysqlslap's option; bench spells it --report-format=csv (bench's report as CSV on stdout)
  [1]
  $ slap -a --password
  slap: --password needs a value (--mysql-password=VALUE; bench does not prompt)
  [1]
  $ slap -a --db-driver=pgsql --socket=/tmp/x
  slap: --socket is mysqlslap's option; bench spells it --mysql-socket (MySQL only)
  [1]
  $ schemas
  0

A statement that fails ends the run (exit status 1) and the schema it
created is dropped all the same:

  $ slap --create="CREATE TABLE t (a int)" --query="SELECT nosuchcol FROM nosuch" -c 2 > out.txt 2>&1
  [1]
  $ grep -c "Table 'mysqlslap.nosuch' doesn't exist" out.txt > /dev/null && echo failed as expected
  failed as expected
  $ schemas
  0

"bench slap help" lists the options, then mysqlslap's names in bench:

  $ "$BENCH" slap help | tr -s ' ' | grep -E '^ (--concurrency=|--engine=|-c, |-i, |-a, |-u, |-h, |--csv)'
   --concurrency=STRING Number of clients (connections), or a comma-separated list of them: the load runs once per count, the clients on at most --threads worker threads (default: the online CPUs) [1]
   --engine=STRING Comma-separated storage engines (MySQL only): each block creates the schema with ENGINE=<engine>; ENGINE:OPTIONS appends table options []
   -c, --concurrency --concurrency
   -i, --iterations --iterations
   -a, --auto-generate-sql --auto-generate-sql
   -h, --host --mysql-host (--pgsql-host); --host is accepted
   -u, --user --mysql-user (--pgsql-user); --user is accepted
   --csv[=FILE] --report-format=csv (or json) for bench's report

No database is needed but the one slap creates: without --mysql-db the
clients connect without a default database ("run" may be given):

  $ sql "DROP DATABASE sbtest"
  $ timeout 120 "$BENCH" slap $(echo $MY | sed 's/--mysql-db=[^ ]*//') -a -c 2 --number-of-queries=4 run | cnt
  read 2 write 2 other 0 events 4
  $ sql --db= "CREATE DATABASE sbtest"

json: the report lines on stdout, one final object per step; the summary
on stderr:

  $ slap -a -c 2 --number-of-queries=10 --report-format=json 2>err.txt | python3 -c '
  > import json, sys
  > for line in sys.stdin:
  >     o = json.loads(line)
  >     if o.get("type") == "final": print(o["step"], o["events"], o["reads"], o["writes"])
  >     if o.get("type") == "sweep": print(o["steps_done"])'
  1 10 4 6
  1
  $ grep -c 'Average number of seconds' err.txt
  1

--hdr-log: one file per step:

  $ slap -a -c 1,2 --number-of-queries=4 --hdr-log=run.hlog --verbosity=0 > /dev/null
  $ ls run*.hlog
  run-step1-t1.hlog
  run-step2-t2.hlog

The summary's seconds run from the start of the clients (which connect
then, as mysqlslap's) to the end of the last client's last statement, not
to the end of the run: clients whose thread_done sleeps 1 s (slap.lua
loaded by a script of its own) leave the seconds at least 1 s below the
step's total time (a relation load cannot break):

  $ cat > slow_done.lua <<'LUA'
  > dofile(os.getenv("BENCH_SRCDIR") .. "/lua/slap.lua")
  > local slap_done = thread_done
  > function thread_done()
  >    slap_done()
  >    os.execute("sleep 1")
  > end
  > LUA
  $ timeout 120 "$BENCH" slow_done.lua $MY --auto-generate-sql --concurrency=2 --number-of-queries=10 run > out.txt
  $ awk '/Average number of seconds/ { s = $(NF - 1) } /total time:/ { t = $3 + 0 }
  >   END { print (t - s >= 1 ? "seconds >= 1 s below the total time" : "seconds " s " total " t) }' out.txt
  seconds >= 1 s below the total time
