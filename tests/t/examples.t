The example workloads of docs/lua-api.md (examples/*.lua) run as documented:
a non-database CPU workload with options and a report_summary block, custom
report hooks (CSV interval lines, a replaced final report), and a database
workload with its own prepare/check/cleanup commands against throwaway
MariaDB and PostgreSQL servers.

  $ . "$BENCH_SRCDIR/tests/lib/errs.sh"
  $ set -o pipefail
  $ B="timeout 60 $BENCH"
  $ EX="$BENCH_SRCDIR/examples"

sort_cpu.lua: options in the declared order, types inferred from the defaults:

  $ $B $EX/sort_cpu.lua help | tail -n +2 | sed "s|$EX/||"
  
  sort_cpu.lua options:
    --sort-size=N         Number of integers sorted by each event [1000]
    --sort-dist=STRING    Distribution of the values: uniform, gaussian, pareto, zipfian [uniform]
    --sort-check[=on|off] Check that each sorted array is in order [on]
  

Exact event counts with --events, and the report_summary block printed just
before "General statistics":

  $ $B $EX/sort_cpu.lua --events=20 --time=0 --threads=2 run > out.txt
  $ grep -E '^Sorting [0-9]|^Sorting speed:|arrays sorted|integers sorted:|^General statistics:|total number of events' out.txt
  Sorting 1000 integers per event (uniform values)
  Sorting speed:
      arrays sorted:                       20
      integers sorted:                     20000
  General statistics:
      total number of events:              20
  $ grep -cE '^    integers per second: +[0-9]+\.[0-9]{2}$' out.txt
  1
  $ $B $EX/sort_cpu.lua --events=7 --time=0 --sort-size=5000 --sort-dist=zipfian --sort-check=off run | grep -E '^Sorting [0-9]|sorted:|number of events'
  Sorting 5000 integers per event (zipfian values)
      arrays sorted:                       7
      integers sorted:                     35000
      total number of events:              7

A time-limited run with interval reports:

  $ $B $EX/sort_cpu.lua --time=1 --report-interval=0.5 --threads=2 --sort-size=200 run > out.txt
  $ grep -cE '^\[ [0-9.]+s \] thds: 2 eps: [0-9.]+ lat \(ms,95%\): [0-9.]+$' out.txt | awk '{ print ($1 >= 1 && $1 <= 2) ? "1-2 lines" : $1 " lines" }'
  1-2 lines
  $ awk '/arrays sorted/ { a = $3 } /total number of events/ { e = $5 } END { print (a == e && a > 0) ? "same" : "differ " a " " e }' out.txt
  same

Bad option values fail in init() with the script's message:

  $ errs $B $EX/sort_cpu.lua --sort-dist=normal run
  FATAL: `init' function failed: --sort-dist must be uniform, gaussian, pareto or zipfian, not 'normal'
  [1]
  $ errs $B $EX/sort_cpu.lua --sort-size=0 --events=1 --time=0 run
  FATAL: `init' function failed: --sort-size must be in [1, 10000000], not 0
  [1]

report_hook.lua: report_intermediate prints a header once, then one CSV line
of 10 columns per interval (sysbench.report_csv: reads/s about tps, writes/s
16 times that with the default --words); report_cumulative replaces the
final report:

  $ $B $EX/report_hook.lua --time=3 --report-interval=1 --threads=2 run > out.txt
  $ grep -A100 'Threads started' out.txt | grep -vE '^[0-9]+,2,([0-9]+\.[0-9]{2},){7}[0-9]+\.[0-9]{2}$' | sed -E 's/[0-9]+\.[0-9]+/X/g; s/: [0-9]+$/: N/'
  Threads started!
  
  time,threads,tps,qps,reads,writes,other,latency_ms,errors,reconnects
  -- final report (report_cumulative) --
  events: N
  reads: N
  writes: N
  events/s: X
  latency ms: min X avg X max X p95 X
  $ grep -E '^[0-9]+,' out.txt | awk -F, 'NR <= 2 { print NF, $1, $2, ($3 > 0 && $5 > 0 && $6 / $5 > 15.9 && $6 / $5 < 16.1 && $7 == 0) ? "rates ok" : "rates wrong: " $0 }'
  10 1 2 rates ok
  10 2 2 rates ok
  $ grep -c 'General statistics' out.txt
  0
  [1]

The CSV time column counts whole seconds and the header stays out with
--csv-header=off:

  $ $B $EX/report_hook.lua --time=2 --report-interval=1 --csv-header=off run | grep -E '^(time,|[0-9]+,)' | cut -d, -f1,2 | sed -n 1p
  1,1

The final numbers are exact with --events:

  $ $B $EX/report_hook.lua --events=1000 --time=0 --threads=2 --words=4 run | grep -E '^(events|reads|writes):'
  events: 1000
  reads: 1000
  writes: 4000
  $ $B $EX/report_hook.lua --events=500 --time=0 --percentile=99 run | grep -cE '^latency ms: min [0-9.]+ avg [0-9.]+ max [0-9.]+ p99 [0-9.]+$'
  1

db_workload.lua against a throwaway MariaDB: its options, then prepare ->
run -> check -> cleanup with exact SQL statistics:

  $ $B $EX/db_workload.lua help | tail -n +2 | sed "s|$EX/||"
  
  db_workload.lua options:
    --rows=N            Number of accounts created by prepare [1000]
    --reads=N           Point SELECTs per transaction [4]
    --table-name=STRING Name of the accounts table (its history table gets a _log suffix) [accounts]
    --amount-max=N      Largest amount moved by one transfer [100]
  
  $ . "$BENCH_SRCDIR/tests/lib/dbserver.sh"
  $ dbserver_start mysql
  $ trap dbserver_stop_all EXIT
  $ MY=$(dbserver_conn_opts mysql)
  $ cnt() { awk '$1 == "read:" { r = $2 } $1 == "write:" { w = $2 } $1 == "other:" { o = $2 }
  >   $1 == "total:" { t = $2 } $1 == "transactions:" { x = $2 } $1 == "ignored" { e = $3 }
  >   $1 == "total" && $4 == "events:" { n = $5 }
  >   END { printf "read %s write %s other %s total %s transactions %s events %s\n", r, w, o, t, x, n }'; }

  $ $B $EX/db_workload.lua $MY --rows=200 prepare | tail -n +2
  
  Creating table 'accounts' with 200 rows...
  $ dbserver_mysql_sql "SHOW TABLES"
  accounts
  accounts_log
  $ dbserver_mysql_sql "SELECT COUNT(*), SUM(balance) FROM accounts"
  200\t2000000 (esc)

One thread, 60 events of 5 reads, 3 writes (2 UPDATEs, 1 INSERT) and
BEGIN/COMMIT ("other"):

  $ $B $EX/db_workload.lua $MY --rows=200 --reads=5 --events=60 --time=0 --threads=1 run | cnt
  read 300 write 180 other 120 total 600 transactions 60 events 60
  $ $B $EX/db_workload.lua $MY --rows=200 check | tail -1
  accounts: 200  total balance: 2000000  transfers logged: 60

Eight threads on two hot accounts of another table (--table-name): the
transfers deadlock (ignorable error 1213), each deadlock restarts its event
after the before_restart_event hook rolled back; still exactly 400 transfers
commit (attempts that were rolled back count their statements too) and no
money is lost:

  $ HOT="--table-name=hot --rows=2 --reads=1"
  $ $B $EX/db_workload.lua $MY $HOT prepare | tail -1
  Creating table 'hot' with 2 rows...
  $ $B $EX/db_workload.lua $MY $HOT --events=400 --time=0 --threads=8 run > out.txt
  $ cnt < out.txt | awk '{ print "transactions", $10, "events", $12, ($4 >= 1200) ? "writes >= 1200" : "writes " $4 }'
  transactions 400 events 400 writes >= 1200
  $ $B $EX/db_workload.lua $MY $HOT check | tail -1
  accounts: 2  total balance: 20000  transfers logged: 400
  $ $B $EX/db_workload.lua $MY $HOT cleanup | tail -1
  Dropping tables 'hot' and 'hot_log'...

Interval reports switch to the SQL layout:

  $ $B $EX/db_workload.lua $MY --rows=200 --time=1 --report-interval=0.5 --threads=2 run | grep -E '^\[ ' | sed -n 1p | sed -E 's/[0-9]+\.[0-9]+/X/g'
  [ Xs ] thds: 2 tps: X qps: X (r/w/o: X/X/X) lat (ms,95%): X err/s: X reconn/s: X

A wrong --rows is caught in the event, naming the cause:

  $ errs $B $EX/db_workload.lua $MY --rows=100000 --events=50 --time=0 run | sort -u
  FATAL: `thread_run' function failed: account missing: did prepare run with the same --rows?
  [1]

cleanup drops both tables:

  $ $B $EX/db_workload.lua $MY cleanup | tail -1
  Dropping tables 'accounts' and 'accounts_log'...
  $ dbserver_mysql_sql "SHOW TABLES" | wc -l
  0

The same script on PostgreSQL (SERIAL in place of AUTO_INCREMENT):

  $ dbserver_start pgsql
  $ PG=$(dbserver_conn_opts pgsql)
  $ $B $EX/db_workload.lua $PG --rows=200 prepare | tail -1
  Creating table 'accounts' with 200 rows...
  $ $B $EX/db_workload.lua $PG --rows=200 --events=60 --time=0 --threads=2 run | cnt
  read 240 write 180 other 120 total 540 transactions 60 events 60
  $ $B $EX/db_workload.lua $PG --rows=200 check | tail -1
  accounts: 200  total balance: 2000000  transfers logged: 60
  $ $B $EX/db_workload.lua $PG cleanup | tail -1
  Dropping tables 'accounts' and 'accounts_log'...
  $ dbserver_pgsql_sql --db=sbtest "SELECT COUNT(*) FROM pg_tables WHERE schemaname = 'public'"
  0
