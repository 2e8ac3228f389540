The same oltp command sends the same statements in the same order (issue
32): a one-thread oltp_read_write run with the same --rand-seed, by
sysbench 1.0.20 and by bench, on the same throwaway MariaDB and PostgreSQL
servers, compared through the servers' own logs: MariaDB's general log
(as a table: command and text, no times or connection ids) and
PostgreSQL's log_statement=all (times, pids and statement names masked).
Both runs start from the same prepared tables (sysbench's prepare): ids and
strings come from the scripts' random draws, which rand_compat.t compares
value by value. bench's own check at run start (thread 0 lists the sbtest
tables and reads MAX(id) of each, to warn when they do not fit the options;
issue 28) sends three statements sysbench does not: they are left out.

  $ . "$BENCH_SRCDIR/tests/lib/dbtest.sh"
  $ dbtest_start mysql pgsql
  $ set +o pipefail
  $ C="--tables=2 --table-size=1000 --threads=1 --rand-seed=11 --events=30 --time=0"
  $ sysbench oltp_read_write $MY $C prepare > /dev/null
  $ nocheck() { grep -v -e 'information_schema.tables WHERE table_schema' -e 'SELECT MAX(id) FROM sbtest'; }
  $ sysbench oltp_read_write $PG $C prepare > /dev/null

MariaDB:

  $ dbserver_mysql_sql "SET GLOBAL log_output='TABLE'; TRUNCATE mysql.general_log; SET GLOBAL general_log=1"
  $ mylog() {
  >   dbserver_mysql_sql "SELECT command_type, argument FROM mysql.general_log WHERE user_host LIKE 'sbtest%' ORDER BY event_time" > "$1"
  >   dbserver_mysql_sql "SET GLOBAL general_log=0; TRUNCATE mysql.general_log; SET GLOBAL general_log=1"
  > }
  $ sysbench oltp_read_write $MY $C run > s.report; mylog my.s
  $ "$BENCH" oltp_read_write $MY $C run > b.report; mylog my.b
  $ grep -c Execute my.s
  600
  $ nocheck < my.b | cmp my.s - && echo same statements
  same statements

The reports, masked as in sysbench_banner.t, under the name sysbench:

  $ ln -s "$BENCH" sysbench
  $ ./sysbench oltp_read_write $MY $C --report-interval=1 run > b.report
  $ sysbench oltp_read_write $MY $C --report-interval=1 run > s.report
  $ M="$BENCH_SRCDIR/tests/lib/sbmask.pl"
  $ perl "$M" s.report | uniq > s.masked; perl "$M" b.report | uniq > b.masked
  $ cmp s.masked b.masked && echo "same $(wc -l < b.masked) lines"
  same * lines (glob)

PostgreSQL (bench also DEALLOCATEs its statements when the script closes
them at the end; sysbench leaves them to the session's end: those lines
are left out):

  $ dbserver_pgsql_sql "ALTER SYSTEM SET log_statement='all'; SELECT pg_reload_conf()"
  t
  $ sleep 1
  $ pglog() {
  >   local n; n=$(wc -l < "$DB_PGSQL_DIR/server.log")
  >   "$@" > /dev/null
  >   sleep 1
  >   tail -n +$((n + 1)) "$DB_PGSQL_DIR/server.log" |
  >     sed -E 's/^[^]]*\] //; s/execute [^:]*:/execute S:/' | grep -v 'DEALLOCATE'
  > }
  $ pglog sysbench oltp_read_write $PG $C run > pg.s
  $ pglog "$BENCH" oltp_read_write $PG $C run > pg.b
  $ grep -c 'LOG:  execute' pg.s
  600
  $ nocheck < pg.b | cmp pg.s - && echo same statements
  same statements
