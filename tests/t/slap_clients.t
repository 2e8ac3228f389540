How bench slap runs its clients (issue 17): a step of C clients runs them
as C connections (coroutines) on min(C, --threads) worker threads, by
default the online CPUs; --threads at or above C gives each client its own
thread. The core side: a sweep step may set its own connections.

  $ . "$BENCH_SRCDIR/tests/lib/dbserver.sh"
  $ trap dbserver_stop_all EXIT
  $ set -o pipefail
  $ B="timeout 120 $BENCH"

A script's sweep steps with connections: the step header, the run's
"Number of connections" line, sysbench.opt.connections and sysbench.step
in the main state and in every connection's environment; a step without
the field takes --connections (0 here: one per thread).

  $ cat > steps.lua <<'LUA'
  > function sweep_steps()
  >    return { { threads = 1, connections = 3, events = 6, label = "c=3" },
  >             { threads = 2, events = 4 } }
  > end
  > function sweep_step_begin(s)
  >    print(string.format("begin %d: threads=%d connections=%s opt.connections=%d",
  >       s.index, s.threads, tostring(s.connections), sysbench.opt.connections))
  > end
  > function thread_init()
  >    print(string.format("client %d: opt.connections=%d step.connections=%s",
  >       sysbench.tid, sysbench.opt.connections, tostring(sysbench.step.connections)))
  > end
  > function event() end
  > LUA
  $ $B steps.lua run > out.txt
  $ grep -E '^(Sweep step|begin|client|Number of (threads|connections))|total number of events' out.txt | LC_ALL=C sort
      total number of events:              4
      total number of events:              6
  Number of connections: 3 (coroutines, 3 to 3 per thread)
  Number of threads: 1
  Number of threads: 2
  Sweep step 1/2: 1 thread, 3 connections (c=3)
  Sweep step 2/2: 2 threads
  begin 1: threads=1 connections=3 opt.connections=3
  begin 2: threads=2 connections=nil opt.connections=0
  client 0: opt.connections=0 step.connections=nil
  client 0: opt.connections=3 step.connections=3
  client 1: opt.connections=0 step.connections=nil
  client 1: opt.connections=3 step.connections=3
  client 2: opt.connections=3 step.connections=3

Fewer connections than threads, or not a count, is one error line before
anything runs:

  $ printf 'function sweep_steps() return { { threads = 3, connections = 2 } } end\nfunction event() end\n' > bad.lua
  $ $B bad.lua run 2>&1 | grep -v '^bench '
  
  FATAL: sweep_steps(): step 1: 'connections' (2) is below its 'threads' (3): every thread runs one or more connections
  [1]
  $ printf 'function sweep_steps() return { { threads = 1, connections = -1 } } end\nfunction event() end\n' > bad.lua
  $ $B bad.lua run 2>&1 | grep FATAL
  FATAL: sweep_steps(): step 1: 'connections' must be an integer in 0..1000000
  [1]

A --threads sweep keeps --connections for every step, which must cover each
step's threads (as a script's step without the field):

  $ $B cpu --threads=1,2 --connections=2 --events=10 --cpu-max-prime=100 --time=0 run | grep -E '^Sweep step|^Number of conn'
  Sweep step 1/2: 1 thread, 2 connections
  Number of connections: 2 (coroutines, 2 to 2 per thread)
  Sweep step 2/2: 2 threads, 2 connections
  Number of connections: 2 (coroutines, 1 to 1 per thread)

The summary gets a conns column (only when a step ran with connections),
and json gives every step's connections (its threads when one each):

  $ $B cpu --threads=1,2 --connections=2 --events=10 --cpu-max-prime=100 --time=0 run | awk '/^Thread sweep summary/ { on = 1; next } on && NF { print $1, $2, $3 }'
  step threads conns
  1 1 2
  2 2 2
  $ $B cpu --threads=1,2 --events=10 --cpu-max-prime=100 --time=0 run | awk '/^Thread sweep summary/ { on = 1; next } on && NF { print $1, $2, $3 }'
  step threads tps
  1 1 * (glob)
  2 2 * (glob)
  $ $B cpu --threads=1,2 --connections=2 --events=10 --cpu-max-prime=100 --time=0 --report-format=json run 2>/dev/null | grep -o '"step":[0-9],"threads":[0-9],"connections":[0-9]'
  "step":1,"threads":1,"connections":2
  "step":2,"threads":2,"connections":2
  $ $B cpu --threads=1,2 --events=10 --cpu-max-prime=100 --time=0 --report-format=json run 2>/dev/null | grep -o '"step":[0-9],"threads":[0-9],"connections":[0-9]'
  "step":1,"threads":1,"connections":1
  "step":2,"threads":2,"connections":2

A step with more threads than connections fails:

  $ $B cpu --threads=1,4 --connections=2 --events=10 --cpu-max-prime=100 --time=0 run 2>&1 | tail -1
  Invalid value for the 'connections' option: 2 (at least --threads=4: every thread runs one or more connections)
  [1]
  $ printf 'function sweep_steps() return { { threads = 1 }, { threads = 3 } } end\nfunction event() end\n' > few.lua
  $ $B few.lua --connections=2 --events=4 run 2>&1 | grep -E 'FATAL|^Sweep step'
  Sweep step 1/2: 1 thread, 2 connections
  FATAL: sweep step 2/2: --connections=2 is below its 3 threads: every thread runs one or more connections
  [1]

bench slap on MariaDB: 5 clients on 2 threads are 5 connections to the
server, each running its share of statements (the load records each
statement's connection id):

  $ dbserver_start mysql
  $ MY=$(dbserver_conn_opts mysql)
  $ dbserver_mysql_sql "GRANT ALL PRIVILEGES ON mysqlslap.* TO 'sbtest'@'127.0.0.1'"
  $ slap() { $B slap $MY "$@"; }
  $ cnt() { awk '$1 == "read:" { r = $2 } $1 == "write:" { w = $2 } $1 == "other:" { o = $2 }
  >   $1 == "transactions:" { printf "read %s write %s other %s events %s\n", r, w, o, $2 }'; }
  $ slap --create="CREATE TABLE ids (id int)" --query="INSERT INTO ids VALUES (CONNECTION_ID());SELECT COUNT(*) FROM ids" \
  >   -F ';' -c 5 --threads=2 --number-of-queries=20 --no-drop > out.txt
  $ grep -E '^Sweep step|^Number of (threads|connections)|clients running|per client' out.txt
  Sweep step 1/1: 2 threads, 5 connections (concurrency 5)
  Number of threads: 2
  Number of connections: 5 (coroutines, 2 to 3 per thread)
  \tNumber of clients running queries: 5 (esc)
  \tAverage number of queries per client: 4 (esc)
  $ cnt < out.txt
  read 10 write 10 other 0 events 20
  $ dbserver_mysql_sql "SELECT COUNT(*), COUNT(DISTINCT id) FROM mysqlslap.ids"
  10\t5 (esc)
  $ slap cleanup > /dev/null

--threads at or above the concurrency: a thread per client, as mysqlslap;
the generated mixed load gives the same counts either way:

  $ slap -a -c 3 --threads=3 --number-of-queries=12 --auto-generate-sql-add-autoincrement | grep -E '^Sweep step|^Number of (threads|conn)'
  Sweep step 1/1: 3 threads (concurrency 3)
  Number of threads: 3
  $ for t in 1 2 8; do echo "threads $t: $(slap -a -c 4 --threads=$t --number-of-queries=12 --auto-generate-sql-add-autoincrement | cnt)"; done
  threads 1: read 4 write 8 other 0 events 12
  threads 2: read 4 write 8 other 0 events 12
  threads 8: read 4 write 8 other 0 events 12
--threads from --config-file or its old spelling --num-threads counts as
typed (without it, 4 clients would share the machine's CPUs):

  $ echo 'threads=3' > slap.cfg
  $ slap --config-file=slap.cfg -a -c 4 --number-of-queries=12 | grep -E '^Sweep step'
  Sweep step 1/1: 3 threads, 4 connections (concurrency 4)
  $ slap --num-threads=3 -a -c 4 --number-of-queries=12 2>&1 | grep -E '^Sweep step'
  Sweep step 1/1: 3 threads, 4 connections (concurrency 4)
  $ slap -a -c 4 --number-of-queries=12 2>&1 | grep -cE '^Sweep step 1/1: [0-9]+ threads(, 4 connections)? \(concurrency 4\)$'
  1
  $ slap -a -c 2 --threads=1,2 2>&1 | grep FATAL
  FATAL: Invalid value for --threads: '1,2' (slap: one number, the worker threads the clients share)
  [1]

PostgreSQL: 3 clients on one thread, each with its own SET search_path:

  $ dbserver_start pgsql
  $ PG=$(dbserver_conn_opts pgsql)
  $ $B slap $PG -a -c 3 --threads=1 --number-of-queries=12 | grep -E '^Sweep step|^Number of conn|clients running'
  Sweep step 1/1: 1 thread, 3 connections (concurrency 3)
  Number of connections: 3 (coroutines, 3 to 3 per thread)
  \tNumber of clients running queries: 3 (esc)
  $ $B slap $PG -a -c 3 --threads=1 --number-of-queries=12 | cnt
  read 6 write 6 other 3 events 12
