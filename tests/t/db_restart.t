A run survives a database server restart: a lost connection whose error is
in --mysql-ignore-errors is reconnected (with retries while the server is
down), the event restarts, the OLTP script prepares its statements again.

  $ . "$BENCH_SRCDIR/tests/lib/dbserver.sh"
  $ dbserver_start mysql
  $ trap dbserver_stop_all EXIT
  $ M="--db-driver=mysql --mysql-host=127.0.0.1 --mysql-port=$DB_MYSQL_PORT --mysql-user=sbtest --mysql-password=sbtest_pw"
  $ $BENCH oltp_read_write $M --tables=2 --table-size=1000 prepare > /dev/null
  $ server=$(tr '\0' ' ' < /proc/$DB_MYSQL_PID/cmdline)
  $ (timeout 120 $BENCH oltp_read_write $M --tables=2 --table-size=1000 --threads=2 --time=15 --report-interval=1 \
  >   --mysql-ignore-errors=1213,1020,1205,2013,2006,2055 run > run.out 2>&1; echo "rc=$?" > run.rc) &
  $ sleep 3; kill -TERM $DB_MYSQL_PID; while kill -0 $DB_MYSQL_PID 2>/dev/null; do sleep 0.1; done
  $ sleep 2; (setsid $server > restarted.log 2>&1 & echo $! > restarted.pid)
  $ while [ ! -f run.rc ]; do sleep 0.5; done; cat run.rc
  rc=0
  $ awk '/reconnects:/ { print ($2 >= 1) ? "reconnected" : "no reconnect" } /ignored errors:/ { print ($3 >= 1) ? "errors ignored" : "no ignored error" }' run.out
  errors ignored
  reconnected

Transactions ran after the restart: an interval line with some after the
last one with none (the server was down for at least 2 s, so some whole
interval had none). A relation within the run, whatever the load: a fixed
number of transactions failed under ASan on a loaded machine (71 < 100):

  $ awk '/^\[ .*tps: / { t = $0; sub(/.*tps: /, "", t); t += 0; if (t == 0) { down = 1; after = 0 } else if (down) after++ }
  >   END { print (!down ? "never down" : after ? "ran on" : "stalled after the restart") }' run.out
  ran on
  $ grep -c FATAL run.out
  0
  [1]

The statistics of the run after the restart are in the final report, and
the data is still there:

  $ dbserver_mysql_sql "SELECT COUNT(*) FROM sbtest1"
  1000
  $ kill -TERM $(cat restarted.pid); sleep 1
