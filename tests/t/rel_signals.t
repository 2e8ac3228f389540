SIGINT and SIGTERM while a worker is blocked (issue 16, finding 3): the
first signal asks for a graceful stop; a worker still blocked after a short
grace (1 s, or --forced-shutdown if shorter) is abandoned, its event in
progress not counted, and the report printed; exit status 1 as any
interrupted run. A second signal exits at once with 128 + the signal and a
one-line note. Before the fix, bench waited for the blocked worker forever.
No timing is asserted except generous upper bounds (under 10 s); timeout
kills a bench that hangs (it passes the signals on, to bench only).

  $ . "$BENCH_SRCDIR/tests/lib/dbserver.sh"
  $ trap 'kill -CONT $DB_MYSQL_PID 2>/dev/null; dbserver_stop_all' EXIT
  $ dbserver_start mysql
  $ MY="--db-driver=mysql --mysql-host=127.0.0.1 --mysql-port=$DB_MYSQL_PORT --mysql-user=sbtest --mysql-password=sbtest_pw"
  $ $BENCH oltp_point_select $MY --table-size=100 prepare > /dev/null
  $ T="timeout --foreground -s KILL 40"
  $ started() { local i; for i in $(seq 300); do grep -q "${1:-Threads started}" run.out 2> /dev/null && return; sleep 0.1; done; echo "not started"; }
  $ took() { awk -v a="$1" -v b="$EPOCHREALTIME" 'BEGIN { d = b - a; print (d < 10 ? "in time" : "took " d " s") }'; }

A SIGSTOPped server: both workers block in a socket read.

  $ $T $BENCH oltp_point_select $MY --table-size=100 --threads=2 --time=0 run > run.out & pid=$!
  $ started; sleep 1; kill -STOP $DB_MYSQL_PID; sleep 1
  $ t0=$EPOCHREALTIME; kill -INT $pid; wait $pid; echo "exit $?"; took $t0
  exit 1
  in time
  $ kill -CONT $DB_MYSQL_PID
  $ grep -E '^(FATAL|WARNING)' run.out
  WARNING: Both event and time limits are disabled, running an endless test
  WARNING: 2 worker thread(s) did not stop after the signal: abandoned, their events in progress are not counted
  $ grep -c 'General statistics' run.out
  1

The events reported are the completed ones (the SQL transactions match):

  $ awk '/transactions:/ { t = $2 } /total number of events:/ { e = $NF } END { print (t == e && e > 0 ? "events match" : t " vs " e) }' run.out
  events match

--time running out while the workers are blocked: bench waits for them, as
sysbench does, and its reporter sleeps meanwhile (it polled a past deadline
in a busy loop before: 15000 system calls a second; it polls 20 times a
second for signals, about 40 calls). strace counts
the main thread's calls over five seconds (bench is timeout's child), in
which bench says once, when no worker finished for 5 s, why it goes on;
then SIGINT ends the wait:

  $ $T $BENCH oltp_point_select $MY --table-size=100 --threads=2 --time=2 run > run.out & pid=$!
  $ started; kill -STOP $DB_MYSQL_PID; sleep 4
  $ timeout -s INT 5 strace -p $(pgrep -P $pid) -o calls.txt 2> /dev/null; awk 'END { print (NR < 1000 ? "reporter sleeps" : "reporter spins: " NR " calls") }' calls.txt
  reporter sleeps
  $ t0=$EPOCHREALTIME; kill -INT $pid; wait $pid; echo "exit $?"; took $t0
  exit 1
  in time
  $ kill -CONT $DB_MYSQL_PID
  $ grep -E '^(FATAL|WARNING)' run.out
  WARNING: 2 worker thread\(s\) still in an event [56] s after --time, none finished for 5 s; waiting for them \(--forced-shutdown limits the wait, a signal ends it\) (re)
  WARNING: 2 worker thread(s) did not stop after the signal: abandoned, their events in progress are not counted

With --forced-shutdown shorter than the default grace, and SIGTERM:

  $ $T $BENCH oltp_point_select $MY --table-size=100 --threads=2 --time=0 --forced-shutdown=0 run > run.out & pid=$!
  $ started; sleep 1; kill -STOP $DB_MYSQL_PID; sleep 1
  $ t0=$EPOCHREALTIME; kill -TERM $pid; wait $pid; echo "exit $?"; took $t0
  exit 1
  in time
  $ kill -CONT $DB_MYSQL_PID
  $ grep -c 'did not stop after the signal' run.out
  1

A second signal during the grace exits at once, 130 for SIGINT, 143 for
SIGTERM. The second comes 0.05 s after the first (repeated until bench is
gone), well inside the 1 s grace even on a loaded machine, and late enough
not to merge with the first while it is pending:

  $ $T $BENCH oltp_point_select $MY --table-size=100 --threads=2 --time=0 run > run.out & pid=$!
  $ started; sleep 1; kill -STOP $DB_MYSQL_PID; sleep 1
  $ kill -INT $pid; for i in $(seq 20); do sleep 0.05; kill -INT $pid 2>/dev/null || break; done; wait $pid; echo "exit $?"
  exit 130
  $ kill -CONT $DB_MYSQL_PID
  $ grep -E '^(FATAL|WARNING)' run.out
  WARNING: Both event and time limits are disabled, running an endless test
  FATAL: second signal received, exiting at once
  $ $T $BENCH oltp_point_select $MY --table-size=100 --threads=2 --time=0 run > run.out & pid=$!
  $ started; sleep 1; kill -STOP $DB_MYSQL_PID; sleep 1
  $ kill -TERM $pid; for i in $(seq 20); do sleep 0.05; kill -TERM $pid 2>/dev/null || break; done; wait $pid; echo "exit $?"
  exit 143
  $ kill -CONT $DB_MYSQL_PID

A server that accepts the connection and never answers: the workers block
in the handshake, before the run starts:

  $ python3 -c 'import socket, time
  > s = socket.socket(); s.bind(("127.0.0.1", 0)); s.listen(16)
  > print(s.getsockname()[1], flush=True); time.sleep(60)' > port.txt & spid=$!
  $ while [ ! -s port.txt ]; do sleep 0.1; done
  $ $T $BENCH oltp_point_select --db-driver=mysql --mysql-host=127.0.0.1 --mysql-port=$(cat port.txt) --threads=2 --time=0 run > run.out & pid=$!
  $ started 'Initializing worker threads'; sleep 1; t0=$EPOCHREALTIME; kill -INT $pid; wait $pid; echo "exit $?"; took $t0
  exit 1
  in time
  $ kill $spid
  $ grep -E '^(FATAL|WARNING)' run.out
  WARNING: Both event and time limits are disabled, running an endless test
  WARNING: 2 worker thread(s) did not stop after the signal: abandoned, their events in progress are not counted

A Lua event() that never returns in one of two threads:

  $ cat > loop.lua <<'LUA'
  > function event()
  >   if sysbench.tid == 1 then while true do end end
  > end
  > LUA
  $ $T $BENCH ./loop.lua --threads=2 --time=0 run > run.out & pid=$!
  $ started; sleep 1; t0=$EPOCHREALTIME; kill -INT $pid; wait $pid; echo "exit $?"; took $t0
  exit 1
  in time
  $ grep -E '^(FATAL|WARNING)' run.out
  WARNING: Both event and time limits are disabled, running an endless test
  WARNING: 1 worker thread(s) did not stop after the signal: abandoned, their events in progress are not counted
  $ awk '/total number of events:/ { print ($NF > 0 ? "thread 0 counted" : "none") }' run.out
  thread 0 counted

  $ $BENCH oltp_point_select $MY cleanup > /dev/null
