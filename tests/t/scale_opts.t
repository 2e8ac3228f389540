The scale-out options without a server (src/scale, docs/scale-out.md):
bad values are one line and exit 1; what an instance does with --events,
--rate and the seed; its identity in the json final and the hdr log.

  $ B=$BENCH

Bad values and conflicts:

  $ $B cpu --instance=3/3 run
  Invalid value for the 'instance' option: '3/3' (expected I/N, 0 <= I < N)
  [1]
  $ $B cpu --instance=1 run
  Invalid value for the 'instance' option: '1' (expected I/N, 0 <= I < N)
  [1]
  $ $B cpu --instance=0/0 run
  Invalid value for the 'instance' option: '0/0' (expected I/N, 0 <= I < N)
  [1]
  $ $B cpu --instance=1/2 --instances=3 run
  --instance=1/2 and --instances=3 disagree on the number of instances
  [1]
  $ env -u JOB_COMPLETION_INDEX $B cpu --instances=3 run
  --instances=3 needs this instance's number: --instance=I/3 or the environment variable JOB_COMPLETION_INDEX
  [1]
  $ JOB_COMPLETION_INDEX=1x $B cpu --instances=3 run
  Invalid JOB_COMPLETION_INDEX '1x' (expected a whole number 0..2 for --instances=3)
  [1]
  $ JOB_COMPLETION_INDEX=3 $B cpu --instances=3 run
  JOB_COMPLETION_INDEX=3 is not below --instances=3
  [1]
  $ $B cpu --barrier=db run
  --barrier=db needs --instance=I/N or --instances=N: it waits for the N instances
  [1]
  $ $B cpu --instance=0/2 --barrier=sometimes run
  Invalid value for the 'barrier' option: 'sometimes' (expected off or db)
  [1]
  $ $B cpu --instance=0/2 --barrier=db --start-at=$(date +%s) run
  --start-at and --barrier=db both set the start: give one of them
  [1]
  $ $B cpu --start-at=tomorrow run
  Invalid value for the 'start-at' option: 'tomorrow' (expected RFC 3339 like 2026-12-03T14:00:00Z, or epoch seconds)
  [1]
  $ $B cpu --start-at=2026-12-03T14:00:00 run
  Invalid value for the 'start-at' option: '2026-12-03T14:00:00' (expected RFC 3339 like 2026-12-03T14:00:00Z, or epoch seconds)
  [1]
  $ $B cpu --start-at=$(( $(date +%s) + 90000 )) run
  Invalid value for the 'start-at' option: '*' is * s ahead (at most 86400 s, one day) (glob)
  [1]
  $ $B cpu --instance=0/4 --events=3 run >/dev/null
  --events=3 is below the 4 instances: each needs at least one event
  [1]
  $ $B cpu --run-id="a b" run
  Invalid value for the 'run-id' option: 'a b' (letters, digits and . _ - : only)
  [1]
  $ $B cpu --barrier=db --instance=0/2 --time=1 run 2>&1 | grep FATAL; echo "exit ${PIPESTATUS[0]}"
  FATAL: --barrier=db: cannot connect to the database: the workload opened no database connection
  exit 1

--events=10 over 4 instances: 3 3 2 2 (the remainder to the first ones);
--rate=100 is 25 each; Lua sees sysbench.instance and sysbench.instances;
the run id is derived from the command line (the same in each instance),
or --run-id's (16 hex digits as given, other text hashed):

  $ cat > inst.lua <<'LUA'
  > function event() end
  > function done() print("lua:", sysbench.instance, sysbench.instances, sysbench.opt.events, sysbench.opt.rate) end
  > LUA
  $ for i in 0 1 2 3; do $B inst.lua --instance=$i/4 --events=10 --rate=100 --time=0 --report-format=json run 2>&1 | python3 -c '
  > import json, sys
  > for l in sys.stdin:
  >     if l.startswith("lua:"): print(l.strip())
  >     elif "\"final\"" in l:
  >         d = json.loads(l); print(d["instance"], d["instances"], d["events"], d["run_id"])'; done
  0 4 3 ([0-9a-f]{16}) (re)
  lua:\t0\t4\t3\t25 (esc)
  1 4 3 ([0-9a-f]{16}) (re)
  lua:\t1\t4\t3\t25 (esc)
  2 4 2 ([0-9a-f]{16}) (re)
  lua:\t2\t4\t2\t25 (esc)
  3 4 2 ([0-9a-f]{16}) (re)
  lua:\t3\t4\t2\t25 (esc)
  $ for i in 0 1 2 3; do $B inst.lua --instance=$i/4 --events=10 --time=0 --report-format=json run 2>/dev/null | grep -o '"run_id":"[0-9a-f]*"'; done | sort -u | wc -l
  1
  $ $B inst.lua --instance=0/4 --events=10 --time=0 --report-format=json run 2>/dev/null | grep -o '"run_id":"[0-9a-f]*"' > a
  $ $B inst.lua --instance=0/4 --events=11 --time=0 --report-format=json run 2>/dev/null | grep -o '"run_id":"[0-9a-f]*"' > b
  $ cmp -s a b || echo differs
  differs
  $ JOB_COMPLETION_INDEX=2 $B inst.lua --instances=4 --events=10 --time=0 --run-id=0123456789abcdef --report-format=json run 2>/dev/null | grep -o '"run_id":"[0-9a-f]*","instance":2,"instances":4'
  "run_id":"0123456789abcdef","instance":2,"instances":4
  $ $B inst.lua --events=1 --time=0 --run-id=job-7f3a --report-format=json run 2>/dev/null | grep -o '"run_id":"[0-9a-f]*"'
  "run_id":"49af0a19b6832cfc"
  $ echo -n job-7f3a | sha256sum | cut -c1-16
  49af0a19b6832cfc

The hdr log's header names the instance after the threads:

  $ $B cpu --instance=1/2 --events=4 --time=0 --hdr-log=h.hlog run >/dev/null
  $ grep "bench run" h.hlog
  \#\[bench run [0-9a-f]{16} threads 1 instance 1/2\] (re)

Each instance draws its own stream, reproducibly for a --rand-seed:

  $ cat > draw.lua <<'LUA'
  > function event() end
  > function thread_done() print(sysbench.rand.uniform(1, 1000000000)) end
  > LUA
  $ for i in 0 1 2 0 1 2; do $B draw.lua --instance=$i/3 --events=3 --time=0 --rand-seed=42 --verbosity=0 run; done > d
  $ sort -u d | wc -l
  3
  $ head -3 d | tr '\n' ' ' > d1; tail -3 d | tr '\n' ' ' > d2; cmp d1 d2 && echo reproducible
  reproducible

--start-at in the past: a warning, and the run starts at once:

  $ $B cpu --start-at=$(( $(date +%s) - 5 )) --events=1 --time=0 run 2>&1 | grep WARNING
  WARNING: instance 0/1 came late: the common start time passed * s ago: starting at once (glob)
  $ $B cpu --start-at=2020-01-01T00:00:00.5+01:00 --events=1 --time=0 --report-format=json run 2>/dev/null | grep -o '"run_began":[0-9.]*'
  "run_began":\d+\.\d{3} (re)

--start-at and --barrier start the run phase: another command says it
begins at once:

  $ $B cpu --start-at=$(date +%s) help 2>&1 | grep WARNING
  [1]
  $ $B oltp_read_only --db-driver=sqlite --sqlite-db=x.db --instance=0/2 --barrier=db --tables=1 --table-size=1 prepare 2>&1 | grep -E "WARNING|Creating table"
  WARNING: --barrier=db starts the run phase only: 'prepare' begins at once
  Creating table 'sbtest1'...
  $ $B bulk_insert --db-driver=sqlite --sqlite-db=x.db --instance=1/2 --threads=1 prepare | tail -1
  Instance 1 of 2: none of the 1 table(s) is this instance's (table t goes to instance (t-1) % 2): nothing to prepare

slap creates and drops its own schema: it refuses to be one of several
instances:

  $ $B slap --instance=0/2 --db-driver=sqlite --sqlite-db=s.db 2>&1 | grep FATAL; echo "exit ${PIPESTATUS[0]}"
  FATAL: slap runs as one instance only (--instance=I/N with N > 1: each would create and drop the schema the others use)
  exit 1
