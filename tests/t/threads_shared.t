Shared state between worker threads, the reporter and the signal path: a
few short multi-threaded runs through every path that crosses threads (the
stop flag and the event limit, interval reports reading the workers'
counters, the open-loop arrival lock, warm-up, the memory workload's shared
buffer, statement statistics, and an OLTP run on both servers). They assert
exact counts in every build; in .ci/run's ThreadSanitizer build they are
also the race test (any report fails the test, tests/lib/cram-tap.sh).

  $ . "$BENCH_SRCDIR/tests/lib/dbserver.sh"
  $ trap dbserver_stop_all EXIT
  $ B="timeout 300 $BENCH"
  $ evs() { awk '/total number of events/ { print "events " $5 }'; }

The event limit, claimed by 4 threads at once, and the reporter reading
their counters every 0.2 s:

  $ $B cpu --threads=4 --events=400 --time=0 --cpu-max-prime=2000 --report-interval=0.2 run | evs
  events 400
  $ $B cpu --threads=4 --events=400 --time=0 --cpu-max-prime=2000 --warmup-time=0 --report-statements=on run | evs
  events 400

The time limit and the open loop's shared arrival queue (4 threads, 100/s):

  $ $B cpu --threads=4 --time=1 --rate=100 --cpu-max-prime=1000 --report-interval=0.5 --report-lag run | awk '/total number of events/ { print ($5 > 0) ? "events" : "none" }'
  events

Warm-up, then counting, with every thread running:

  $ $B cpu --threads=4 --warmup-time=1 --time=1 --cpu-max-prime=1000 run | awk '/total number of events/ { print ($5 > 0) ? "events" : "none" }'
  events

The memory workload, global scope (one buffer for all threads, raced on
by design as in sysbench), and local scope:

  $ $B memory --threads=4 --memory-total-size=64M --memory-block-size=64K run | awk '/Total operations/ { print "operations " $3 }'
  operations 1024
  $ $B memory --threads=4 --memory-scope=local --memory-oper=read --memory-total-size=64M --memory-block-size=64K run | awk '/Total operations/ { print "operations " $3 }'
  operations 1024

A short OLTP run on each server: 4 threads, 40 transactions, interval
reports and statement statistics (20 queries a transaction; a deadlock
retried adds some); then the same with 8 connections as coroutines on 2
threads (--connections: each thread's epoll loop, the counters its
coroutines share), and with open-loop arrivals (--rate) handed to them:

  $ dbserver_start mysql
  $ dbserver_start pgsql
  $ for db in mysql pgsql; do
  >   O=$(dbserver_conn_opts $db)
  >   $B oltp_read_write $O --tables=2 --table-size=200 --threads=2 prepare > /dev/null || echo "$db prepare failed"
  >   $B oltp_read_write $O --tables=2 --table-size=200 --threads=4 --events=40 --time=0 --report-interval=0.2 --report-statements=on run | awk -v db=$db '/transactions:/ { t = $2 } $1 == "total:" { q = $2 } END { print db, "transactions", t, (q >= 800 ? "queries >= 800" : "queries " q) }'
  >   $B oltp_read_write $O --tables=2 --table-size=200 --threads=2 --connections=8 --events=40 --time=0 --report-interval=0.2 --report-statements=on run | awk -v db=$db '/transactions:/ { t = $2 } $1 == "total:" { q = $2 } END { print db, "connections: transactions", t, (q >= 800 ? "queries >= 800" : "queries " q) }'
  >   $B oltp_read_write $O --tables=2 --table-size=200 --threads=2 --connections=8 --rate=400 --events=40 --time=0 run | awk -v db=$db '/transactions:/ { print db, "connections and --rate: transactions", $2 }'
  >   $B oltp_read_write $O --tables=2 cleanup > /dev/null || echo "$db cleanup failed"
  > done
  mysql transactions 40 queries >= 800
  mysql connections: transactions 40 queries >= 800
  mysql connections and --rate: transactions 40
  pgsql transactions 40 queries >= 800
  pgsql connections: transactions 40 queries >= 800
  pgsql connections and --rate: transactions 40
