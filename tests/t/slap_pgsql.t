bench slap (lua/slap.lua, issue 17) against a real, throwaway PostgreSQL
server: the same generated statements in PostgreSQL's dialect, run in a
schema of the connected database (--create-schema, default mysqlslap).

  $ . "$BENCH_SRCDIR/tests/lib/dbserver.sh"
  $ trap dbserver_stop_all EXIT
  $ dbserver_start pgsql
  $ set -o pipefail
  $ PG=$(dbserver_conn_opts pgsql)
  $ sql() { dbserver_pgsql_sql --db=sbtest "$@"; }
  $ slap() { timeout 120 "$BENCH" slap $PG "$@"; }
  $ schemas() { sql "SELECT COUNT(*) FROM information_schema.schemata WHERE schema_name IN ('mysqlslap', 'slaptest')"; }
  $ cnt() { awk '$1 == "read:" { r = $2 } $1 == "write:" { w = $2 } $1 == "other:" { o = $2 }
  >   $1 == "transactions:" { printf "read %s write %s other %s events %s\n", r, w, o, $2 }'; }

The generated t1 (a bigserial id, a GUID column per secondary index, two
INT and two VARCHAR(128) columns), kept with --no-drop:

  $ slap -a -y 2 -x 2 --auto-generate-sql-add-autoincrement --auto-generate-sql-secondary-indexes=2 \
  >   --auto-generate-sql-write-number=4 --number-of-queries=2 --no-drop --verbosity=0
  Benchmark
  \tAverage number of seconds to run all queries: *.??? seconds (esc) (glob)
  \tMinimum number of seconds to run all queries: *.??? seconds (esc) (glob)
  \tMaximum number of seconds to run all queries: *.??? seconds (esc) (glob)
  \tNumber of clients running queries: 1 (esc)
  \tAverage number of queries per client: 2 (esc)
  
  $ sql "SELECT column_name, data_type, character_maximum_length FROM information_schema.columns WHERE table_schema = 'mysqlslap' AND table_name = 't1' ORDER BY ordinal_position"
  id\tbigint\t (esc)
  id0\tcharacter varying\t36 (esc)
  id1\tcharacter varying\t36 (esc)
  intcol1\tinteger\t (esc)
  intcol2\tinteger\t (esc)
  charcol1\tcharacter varying\t128 (esc)
  charcol2\tcharacter varying\t128 (esc)
  $ sql "SELECT COUNT(*), MIN(id), MAX(id), MIN(LENGTH(charcol2)), COUNT(DISTINCT id1) FROM mysqlslap.t1"
  4\t1\t4\t126\t4 (esc)
  $ slap cleanup
  bench 0.1.0 (using system LuaJIT 2.1.0-beta3)
  
  Dropping schema 'mysqlslap'...
  $ schemas
  0

Statement counts per load type (24 over 2 clients; one SET search_path
per client is the other), and the key types on a GUID primary key:

  $ for t in mixed read write update; do echo "$t: $(slap -a -c 2 --number-of-queries=24 --auto-generate-sql-load-type=$t | cnt)"; done
  mixed: read 10 write 14 other 2 events 24
  read: read 24 write 0 other 2 events 24
  write: read 0 write 24 other 2 events 24
  update: read 0 write 24 other 2 events 24
  $ for t in key update mixed; do echo "$t: $(slap -a -c 2 --number-of-queries=8 --auto-generate-sql-guid-primary --auto-generate-sql-load-type=$t | cnt)"; done
  key: read 8 write 0 other 2 events 8
  update: read 0 write 8 other 2 events 8
  mixed: read 4 write 4 other 2 events 8

Concurrency list and iterations: one summary block per concurrency, every
iteration in a fresh schema, nothing left afterwards:

  $ slap -a -c 1,2 -i 2 --threads=2 --number-of-queries=4 --create-schema=slaptest > out.txt
  $ grep -E '^Sweep step|^Benchmark|clients|per client' out.txt
  Sweep step 1/4: 1 thread (concurrency 1, iteration 1)
  Sweep step 2/4: 1 thread (concurrency 1, iteration 2)
  Benchmark
  \tNumber of clients running queries: 1 (esc)
  \tAverage number of queries per client: 4 (esc)
  Sweep step 3/4: 2 threads (concurrency 2, iteration 1)
  Sweep step 4/4: 2 threads (concurrency 2, iteration 2)
  Benchmark
  \tNumber of clients running queries: 2 (esc)
  \tAverage number of queries per client: 2 (esc)
  $ schemas
  0

The user's own SQL:

  $ slap --create="CREATE TABLE a (x int);INSERT INTO a VALUES (1),(2)" \
  >   --query="SELECT x FROM a;UPDATE a SET x = x + 1" --delimiter=';' -c 2 --number-of-queries=8 --no-drop | cnt
  read 4 write 4 other 2 events 8
  $ sql "SELECT SUM(x) FROM mysqlslap.a"
  11
  $ slap cleanup > /dev/null

--engine is MySQL's; on PostgreSQL it is an error, before anything runs:

  $ slap -a --engine=innodb
  bench 0.1.0 (using system LuaJIT 2.1.0-beta3)
  
  FATAL: --engine applies to MySQL/MariaDB only (--db-driver=pgsql)
  [1]
  $ slap --query=/nonexistent/load.sql
  bench 0.1.0 (using system LuaJIT 2.1.0-beta3)
  
  FATAL: --query: cannot open '/nonexistent/load.sql': No such file or directory
  [1]
  $ schemas
  0
