Passwords stay out of the process list (issue 16): the values of
--mysql-password and --pgsql-password (any --...password= option) are
overwritten in argv once parsed, as the mysql client does, so ps and
/proc/PID/cmdline show x's; and MYSQL_PWD (like PGPASSWORD, and
--config-file) keeps a password off the command line altogether.

  $ . "$BENCH_SRCDIR/tests/lib/dbserver.sh"
  $ trap dbserver_stop_all EXIT
  $ dbserver_start mysql
  $ dbserver_start pgsql
  $ MYNOPW="--mysql-host=$DB_HOST --mysql-port=$DB_MYSQL_PORT --mysql-user=$DB_USER --mysql-db=$DB_NAME"
  $ PGNOPW="--db-driver=pgsql --pgsql-host=$DB_HOST --pgsql-port=$DB_PGSQL_PORT --pgsql-user=$DB_USER --pgsql-db=$DB_NAME"
  $ $BENCH oltp_point_select $MYNOPW --mysql-password=$DB_PASSWORD --tables=1 --table-size=100 prepare > /dev/null

A running bench, both passwords on its command line:

  $ $BENCH oltp_point_select $MYNOPW --mysql-password=$DB_PASSWORD --pgsql-password=pg-secret-42 \
  >   --tables=1 --table-size=100 --time=30 run > run.out 2>&1 &
  $ pid=$!
  $ for i in $(seq 300); do grep -qs 'Threads started' run.out && break; sleep 0.1; done
  $ tr '\0' ' ' < /proc/$pid/cmdline | grep -o -e '--[a-z]*-password=[^ ]*'
  --mysql-password=xxxxxxxxx
  --pgsql-password=xxxxxxxxxxxx
  $ grep -c -e "$DB_PASSWORD" -e pg-secret-42 /proc/$pid/cmdline
  0
  [1]
  $ kill -TERM $pid; wait $pid > /dev/null 2>&1; true

The run itself got the password (the events are there):

  $ grep -c 'queries performed' run.out
  1

MYSQL_PWD when no --mysql-password is given; a --mysql-password wins:

  $ $BENCH oltp_point_select $MYNOPW --tables=1 --events=10 --time=0 run | grep -E '^FATAL: error'
  FATAL: error 1045: Access denied for user 'sbtest'@'127.0.0.1' (using password: NO)
  $ MYSQL_PWD=$DB_PASSWORD $BENCH oltp_point_select $MYNOPW --tables=1 --events=10 --time=0 run | grep -E 'FATAL|total number of events'
      total number of events:              10
  $ MYSQL_PWD=$DB_PASSWORD $BENCH oltp_point_select $MYNOPW --mysql-password=wrong --tables=1 --events=10 --time=0 run | grep -E '^FATAL: error'
  FATAL: error 1045: Access denied for user 'sbtest'@'127.0.0.1' (using password: YES)
  $ printf 'mysql-password=%s\n' "$DB_PASSWORD" > my.conf
  $ $BENCH oltp_point_select $MYNOPW --config-file=my.conf --tables=1 --events=10 --time=0 run | grep -E 'FATAL|total number of events'
      total number of events:              10

PGPASSWORD likewise (libpq's own):

  $ PGPASSWORD=$DB_PASSWORD $BENCH oltp_point_select $PGNOPW --tables=1 --table-size=10 prepare | grep FATAL
  [1]
  $ PGPASSWORD=$DB_PASSWORD $BENCH oltp_point_select $PGNOPW --tables=1 cleanup | grep FATAL
  [1]
  $ $BENCH oltp_point_select $MYNOPW --mysql-password=$DB_PASSWORD --tables=1 cleanup > /dev/null
