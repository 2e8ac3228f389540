N bench processes as one benchmark against a real, throwaway PostgreSQL
server (--instance=I/N, --start-at, --barrier=db; docs/scale-out.md). Twin
of scale_mysql.t; both share tests/lib/scale.sh.

  $ . "$BENCH_SRCDIR/tests/lib/dbtest.sh"
  $ . "$BENCH_SRCDIR/tests/lib/scale.sh"
  $ dbtest_start pgsql
  $ K=pgsql; OPTS=$PG

prepare: each table is created and loaded by exactly one of 3 instances
(table t by instance (t-1) % 3), each instance's threads sharing its own:

  $ scale_start 3 $B oltp_read_only $OPTS --tables=5 --table-size=100 --threads=2 prepare
  exit: 0 0 0
  $ cat inst.*.out | grep -o "Creating table 'sbtest[0-9]*'" | sort | uniq -c
        1 Creating table 'sbtest1'
        1 Creating table 'sbtest2'
        1 Creating table 'sbtest3'
        1 Creating table 'sbtest4'
        1 Creating table 'sbtest5'
  $ grep -o "sbtest[0-9]" inst.1.out | sort -u
  sbtest2
  sbtest5
  $ for t in 1 2 3 4 5; do scale_sql $K "SELECT COUNT(*) FROM sbtest$t"; done | tr '\n' ' '; echo
  100 100 100 100 100 

run with --barrier=db: the 3 instances meet in bench_barrier, start at one
moment of the server's clock, split --events=100 (34 33 33), and share
one derived run id; the barrier's rows are gone afterwards:

  $ scale_start 3 $B oltp_read_only $OPTS --tables=5 --table-size=100 --threads=2 --events=100 --time=0 --report-format=json --barrier=db --barrier-timeout=60 run
  exit: 0 0 0
  $ scale_events
  events: 34 33 33 sum: 100 run ids: 1 instances: [3]
  $ scale_began
  finals: 3 start spread < 1 s: yes
  $ scale_sql $K "SELECT COUNT(*) FROM bench_barrier"
  0
  $ $BENCH merge inst.0.out inst.1.out inst.2.out 2>&1 | grep -E "^ +(total number of events|transactions):"
      transactions:                        100    (*) (glob)
      total number of events:              100
  $ scale_sql $K "SELECT COUNT(*) FROM bench_barrier"
  0

--start-at: both instances begin at the given second (a late one would
warn and start at once):

  $ at=$(( $(date +%s) + 3 ))
  $ scale_start 2 $B oltp_point_select $OPTS --tables=5 --table-size=100 --time=1 --report-format=json --start-at=$at run
  exit: 0 0
  $ scale_began
  finals: 2 start spread < 1 s: yes
  $ python3 -c "import json,sys; b=[json.loads(l)['run_began'] for f in sys.argv[2:] for l in open(f) if 'final' in l]; print(all(x >= int(sys.argv[1]) - 0.01 for x in b))" $at inst.*.out
  True

A missing peer: --barrier-timeout ends the wait, naming who is missing,
and the instance's own row is removed:

  $ $B oltp_point_select $OPTS --tables=5 --table-size=100 --time=1 --instance=0/3 --run-id=lonely --barrier=db --barrier-timeout=1 run 2>&1 | grep -E "FATAL|barrier"
  Waiting for 3 instance(s) of run * at the database barrier... (glob)
  FATAL: --barrier=db: 1 of 3 instances of run * came within --barrier-timeout=1 s; missing: 1, 2 (glob)
  [1]
  $ scale_sql $K "SELECT COUNT(*) FROM bench_barrier"
  0

cleanup: each table dropped by one instance; with fewer tables than
instances, the instances without one say so and do nothing:

  $ scale_start 3 $B oltp_read_only $OPTS --tables=5 cleanup
  exit: 0 0 0
  $ cat inst.*.out | grep -o "Dropping table 'sbtest[0-9]*'" | sort | uniq -c | wc -l
  5
  $ scale_start 3 $B oltp_read_only $OPTS --tables=2 --table-size=10 prepare
  exit: 0 0 0
  $ grep -h "nothing to" inst.*.out
  Instance 2 of 3: none of the 2 table(s) is this instance's (table t goes to instance (t-1) % 3): nothing to prepare
  $ scale_start 3 $B oltp_read_only $OPTS --tables=2 cleanup
  exit: 0 0 0

oltp_insert with --auto_inc=off: 3 instances with the same --rand-seed
draw from disjoint id ranges (a shared id would end a run with a duplicate
key error):

  $ $B oltp_insert $OPTS --tables=2 --auto_inc=off prepare >/dev/null
  $ scale_start 3 $B oltp_insert $OPTS --tables=2 --auto_inc=off --threads=2 --events=600 --time=0 --rand-seed=7 --report-format=json run
  exit: 0 0 0
  $ scale_events
  events: 200 200 200 sum: 600 run ids: 1 instances: [3]
  $ scale_sql $K "SELECT COUNT(*), COUNT(DISTINCT id) FROM (SELECT id FROM sbtest1 UNION ALL SELECT id FROM sbtest2) AS u"
  600\t600 (esc)
  $ $B oltp_insert $OPTS --tables=2 cleanup >/dev/null

bulk_insert: 2 instances of 2 threads share sbtest1..2 (each creates one)
with interleaved ids (the same id twice in a table would end a run with a
duplicate key error):

  $ scale_start 2 $B bulk_insert $OPTS --threads=2 prepare
  exit: 0 0
  $ cat inst.*.out | grep -c "Creating table"
  2
  $ scale_start 2 $B bulk_insert $OPTS --threads=2 --events=400 --time=0 run
  exit: 0 0
  $ scale_sql $K "SELECT (SELECT COUNT(*) FROM sbtest1) + (SELECT COUNT(*) FROM sbtest2)"
  400
  $ scale_start 2 $B bulk_insert $OPTS --threads=2 cleanup
  exit: 0 0
