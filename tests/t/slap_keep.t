SPDX-License-Identifier: GPL-2.0-or-later

bench slap never drops a schema it did not create in this run (issue 28):
side by side with mariadb-slap on an existing schema holding a table, with
and without -a, --create and --no-drop. As mysqlslap, bench creates a
schema only when it has create statements (-a or --create), with a plain
CREATE SCHEMA; unlike mariadb-slap, which drops an existing schema first
unless --no-drop is given, bench then refuses the existing schema.

  $ . "$BENCH_SRCDIR/tests/lib/dbtest.sh"
  $ dbtest_start mysql pgsql
  $ sql() { dbserver_mysql_sql "$@"; }
  $ sql "GRANT ALL PRIVILEGES ON mydb.* TO 'sbtest'@'127.0.0.1'"
  $ fresh() { sql "DROP DATABASE IF EXISTS mydb; CREATE DATABASE mydb; CREATE TABLE mydb.t_keep (a int); INSERT INTO mydb.t_keep VALUES (7)"; }
  $ kept() { [ "$(sql "SELECT a FROM mydb.t_keep" 2>/dev/null)" = 7 ] && echo kept || echo LOST; }
  $ mslap() { timeout 120 mariadb-slap -h"$DB_HOST" -P"$DB_MYSQL_PORT" -u"$DB_USER" -p"$DB_PASSWORD" --create-schema=mydb -c 2 --number-of-queries=10 "$@"; }
  $ bslap() { $B slap $MY --create-schema=mydb -c 2 --number-of-queries=10 "$@"; }
  $ side() {
  >   fresh; mslap "$@" > m.out 2>&1; m=$?; mk=$(kept)
  >   fresh; bslap "$@" > b.out 2>&1; b=$?; bk=$(kept)
  >   echo "mariadb-slap $m $mk, bench $b $bk"
  > }

The issue's command: the load in the existing schema, nothing created or
dropped, with or without --no-drop:

  $ side --query="SELECT count(*) FROM t_keep"
  mariadb-slap 0 kept, bench 0 kept
  $ grep -c 'Number of clients running queries: 2' m.out b.out
  m.out:1
  b.out:1
  $ side --query="SELECT count(*) FROM t_keep" --no-drop
  mariadb-slap 0 kept, bench 0 kept

Create statements with --no-drop: both refuse the existing schema, one line:

  $ side -a --no-drop
  mariadb-slap 1 kept, bench 1 kept
  $ grep -c 'Cannot create schema mydb' m.out
  1
  $ grep -v '^bench \|^$' b.out
  FATAL: Cannot create schema mydb: it exists (bench slap drops only what it created; give another --create-schema, or drop it yourself)
  $ side --create="CREATE TABLE t2 (a int)" --query="SELECT count(*) FROM t2" --no-drop
  mariadb-slap 1 kept, bench 1 kept

Create statements without --no-drop: mariadb-slap drops the existing
schema and its table, bench refuses it and keeps the table:

  $ side -a
  mariadb-slap 0 LOST, bench 1 kept
  $ side --create="CREATE TABLE t2 (a int)" --query="SELECT count(*) FROM t2"
  mariadb-slap 0 LOST, bench 1 kept
  $ grep -c 'Cannot create schema mydb' b.out
  1

Both refuse -a together with --query (mariadb-slap at the start, bench
when it would create the existing schema):

  $ side -a --query="SELECT count(*) FROM t_keep"
  mariadb-slap 1 kept, bench 1 kept

A schema that does not exist: both create it with create statements and
drop it after the run, and keep it with --no-drop. Without create
statements both fail to connect to it; mariadb-slap says so in its
clients and still exits 0, bench says it once and exits 1:

  $ schema() { sql "SELECT COUNT(*) FROM information_schema.schemata WHERE schema_name = 'mydb'"; }
  $ for tool in mslap bslap; do
  >   for args in "-a" "-a --no-drop" "-a -i 2" "--query=SELECT(1)"; do
  >     sql "DROP DATABASE IF EXISTS mydb"
  >     $tool $args > $tool.out 2>&1; echo "$tool $args: $? $(schema)"
  >   done
  > done
  mslap -a: 0 0
  mslap -a --no-drop: 0 1
  mslap -a -i 2: 0 0
  mslap --query=SELECT(1): 0 0
  bslap -a: 0 0
  bslap -a --no-drop: 0 1
  bslap -a -i 2: 0 0
  bslap --query=SELECT(1): 1 0
  $ grep -c "Unknown database 'mydb'" mslap.out
  2
  $ grep FATAL bslap.out
  FATAL: Unknown schema mydb: without -a or --create the load runs in an existing one (--create-schema)

With --no-drop and two iterations, bench drops the schema the first
iteration kept (its own) before the second creates it again:

  $ sql "DROP DATABASE IF EXISTS mydb"
  $ bslap -a -i 2 --no-drop --verbosity=0 | grep -c '^Benchmark'
  1
  $ schema
  1

PostgreSQL: the same for a schema holding a table:

  $ psql() { dbserver_pgsql_sql --db=sbtest "$@"; }
  $ pfresh() { psql "DROP SCHEMA IF EXISTS mydb CASCADE; CREATE SCHEMA mydb AUTHORIZATION sbtest; CREATE TABLE mydb.t_keep (a int); INSERT INTO mydb.t_keep VALUES (7); ALTER TABLE mydb.t_keep OWNER TO sbtest" > /dev/null 2>&1; }
  $ pkept() { [ "$(psql "SELECT a FROM mydb.t_keep" 2>/dev/null)" = 7 ] && echo kept || echo LOST; }
  $ pslap() { pfresh; $B slap $PG --create-schema=mydb -c 2 --number-of-queries=10 "$@" > p.out 2>&1; echo "bench $? $(pkept)"; }
  $ pslap --query="SELECT count(*) FROM t_keep"
  bench 0 kept
  $ pslap --query="SELECT count(*) FROM t_keep" --no-drop
  bench 0 kept
  $ pslap -a
  bench 1 kept
  $ pslap -a --no-drop
  bench 1 kept
  $ pslap --create="CREATE TABLE t2 (a int)" --query="SELECT count(*) FROM t2"
  bench 1 kept
  $ grep FATAL p.out
  FATAL: Cannot create schema mydb: it exists (bench slap drops only what it created; give another --create-schema, or drop it yourself)
  $ psql "DROP SCHEMA mydb CASCADE" > /dev/null 2>&1
  $ $B slap $PG --create-schema=mydb -a -c 2 --number-of-queries=10 > /dev/null; echo $?
  0
  $ psql "SELECT COUNT(*) FROM pg_namespace WHERE nspname = 'mydb'"
  0
