perf/mysql_floor.c, the bare C client perf/myfloor.sh runs next to bench and
sysbench (MariaDB oltp_read_write on Connector/C's nonblocking API, no Lua),
builds, runs transactions on a real server with and without the library's
read right after each request, leaves the table's rows as it found them
(each transaction deletes and inserts the same id), and refuses bad
arguments with one line:

  $ . "$BENCH_SRCDIR/tests/lib/dbtest.sh"
  $ dbtest_start mysql
  $ $B oltp_read_write $MY --tables=2 --table-size=1000 prepare > /dev/null
  $ cc -O2 -pthread -o mysql_floor "$BENCH_SRCDIR/perf/mysql_floor.c" $(mariadb_config --cflags --libs)
  $ F="$DB_HOST $DB_MYSQL_PORT $DB_USER $DB_PASSWORD $DB_NAME"
  $ for nr in 0 1; do
  >   MYSQL_FLOOR_NOREAD=$nr timeout 60 ./mysql_floor $F 2 1000 8 2 1 |
  >     awk '/transactions:/ { print ($2 > 0 && $3 ~ /^[(][0-9.]+$/) ? "transactions ok" : $0 }'
  > done
  transactions ok
  transactions ok
  $ dbserver_mysql_sql "SELECT (SELECT COUNT(*) FROM sbtest.sbtest1) + (SELECT COUNT(*) FROM sbtest.sbtest2)"
  2000
  $ ./mysql_floor $F 2 1000 8; echo "rc=$?"
  usage: ./mysql_floor HOST PORT USER PASSWORD DB TABLES TABLE_SIZE CONNS THREADS SECS
  rc=2
  $ ./mysql_floor $F 2 1000 2 4 1; echo "rc=$?"
  FATAL: arguments: TABLES >= 1, TABLE_SIZE >= 100, 1 <= THREADS <= CONNS, SECS >= 1
  rc=1
  $ ./mysql_floor $DB_HOST $DB_MYSQL_PORT $DB_USER wrong $DB_NAME 2 1000 2 2 1 2>&1 | sed 's/(using password: YES)/(...)/'; echo "rc=${PIPESTATUS[0]}"
  FATAL: mysql_real_connect: Access denied for user 'sbtest'@'127.0.0.1' (...)
  rc=1
