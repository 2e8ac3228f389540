Thread sweeps (issue 13 item 1): --threads=LIST runs the run phase once per
count, each step a full run with its own report; then the scaling table
(text) or a "sweep" object (json). A script's sweep_steps() and step hooks
(docs/lua-api.md) drive steps of their own.

  $ . "$BENCH_SRCDIR/tests/lib/errs.sh"
  $ B="timeout 120 $BENCH"
  $ set -o pipefail

Three steps of 120 events each: three reports, three table rows.

  $ $B cpu --threads=1,2,4 --events=120 --cpu-max-prime=2000 --time=0 run > out.txt
  $ grep -E '^Sweep step|^Number of threads|total number of events' out.txt
  Sweep step 1/3: 1 thread
  Number of threads: 1
      total number of events:              120
  Sweep step 2/3: 2 threads
  Number of threads: 2
      total number of events:              120
  Sweep step 3/3: 4 threads
  Number of threads: 4
      total number of events:              120
  $ grep -c '^General statistics:' out.txt
  3
  $ sed -n '/^Thread sweep summary:/,$p' out.txt | sed -n 2p
      step  threads          tps          qps   lat avg   lat 95%   lat 99%   lat max     errors reconnects  speed-up
  $ sed -n '/^Thread sweep summary:/,$p' out.txt | awk 'NR > 2 && NF { print $1, $2, $4, $9, $10, ($1 == 1 ? $11 : "x") }'
  1 1 0.00 0 0 1.00x
  2 2 0.00 0 0 x
  3 4 0.00 0 0 x

Each row's tps is the step's own "events per second" (cpu's report):

  $ awk '/events per second:/ { e[++n] = $4 } /^Thread sweep summary:/ { s = 1; next }
  >   s && $1 ~ /^[0-9]+$/ { print $1, ($3 == e[$1] ? "tps ok" : "tps " $3 " vs " e[$1]) }' out.txt
  1 tps ok
  2 tps ok
  3 tps ok

json: one final object per step (with "step"), then the sweep object. Its
figures are the final objects' own; speed-up is tps over the first step's.

  $ $B cpu --threads=2,1 --events=100 --cpu-max-prime=1000 --time=0 --report-format=json run 2>/dev/null > out.json
  $ python3 - out.json <<'PY'
  > import json, sys
  > lines = [json.loads(l) for l in open(sys.argv[1])]
  > print([(o["type"], o.get("step"), o["threads"] if "threads" in o else None) for o in lines])
  > finals, sw = lines[:-1], lines[-1]
  > print(sw["status"], sw["steps_planned"], sw["steps_done"], [s["threads"] for s in sw["steps"]])
  > for f, s in zip(finals, sw["steps"]):
  >     assert f["events"] == s["events"] == 100 and f["tps"] == s["tps"], (f, s)
  >     assert f["latency_ms"]["avg"] == s["latency_ms"]["avg"] and f["latency_ms"]["max"] == s["latency_ms"]["max"]
  >     assert f["options"]["threads"] == s["threads"]
  > print(sw["steps"][0]["speedup"], abs(sw["steps"][1]["speedup"] - finals[1]["tps"] / finals[0]["tps"]) < 1e-12)
  > print(sorted(sw["steps"][0]))
  > PY
  [('final', 1, 2), ('final', 2, 1), ('sweep', None, None)]
  done 2 2 [2, 1]
  1 True
  ['connections', 'errors', 'events', 'hdr_log', 'label', 'latency_ms', 'other', 'qps', 'queries', 'reads', 'reconnects', 'speedup', 'status', 'step', 'threads', 'time', 'tps', 'writes']

Interval lines carry the step too (two steps of a time-limited run):

  $ $B cpu --threads=1,2 --time=1 --report-interval=0.5 --cpu-max-prime=1000 --report-format=json run 2>/dev/null |
  >   python3 -c 'import json, sys; print(sorted(set((json.loads(l)["type"], json.loads(l).get("step")) for l in sys.stdin)))'
  [('final', 1), ('final', 2), ('interval', 1), ('interval', 2), ('sweep', None)]

--hdr-log: one file per step, named after the step and its thread count:

  $ $B cpu --threads=1,3 --events=30 --cpu-max-prime=1000 --time=0 --hdr-log=lat.hlog --report-format=json run 2>/dev/null |
  >   python3 -c 'import json, sys; print([s["hdr_log"] for s in json.loads(sys.stdin.readlines()[-1])["steps"]])'
  ['lat-step1-t1.hlog', 'lat-step2-t3.hlog']
  $ ls lat*
  lat-step1-t1.hlog
  lat-step2-t3.hlog
  $ $BENCH merge lat-step2-t3.hlog | grep 'total number of events'
      total number of events:              30

Ten steps or more: the step number is zero-padded so that a glob lists
the steps in order; a directory holds the step logs; a device (or a pipe)
is refused before the first step, and nothing is created beside it:

  $ $B cpu --threads=1,1,1,1,1,1,1,1,1,2 --events=5 --cpu-max-prime=100 --time=0 --hdr-log=ten.hlog run > /dev/null 2>&1
  $ echo ten*.hlog
  ten-step01-t1.hlog ten-step02-t1.hlog ten-step03-t1.hlog ten-step04-t1.hlog ten-step05-t1.hlog ten-step06-t1.hlog ten-step07-t1.hlog ten-step08-t1.hlog ten-step09-t1.hlog ten-step10-t2.hlog
  $ mkdir logs
  $ $B cpu --threads=1,2 --events=5 --cpu-max-prime=100 --time=0 --hdr-log=logs run > /dev/null 2>&1; ls logs
  step1-t1.hlog
  step2-t2.hlog
  $ $B cpu --threads=1,2 --events=5 --time=0 --hdr-log=/dev/full run | grep -v '^bench\|^$'
  FATAL: --hdr-log=/dev/full: a sweep writes one log per step, named after a regular file or into a directory, and '/dev/full' is neither (a device, a pipe or a socket)
  [1]
  $ mkfifo fifo; $B cpu --threads=1,2 --events=5 --time=0 --hdr-log=fifo run | grep -v '^bench\|^$' | cut -c1-30
  FATAL: --hdr-log=fifo: a sweep
  [1]
  $ ls /dev/full-* fifo-* 2>&1 | grep -c 'No such file'
  2
  [2]

One number is sysbench's run: no step line, no table.

  $ $B cpu --threads=2 --events=10 --time=0 run | grep -cE 'Sweep|sweep'
  0
  [1]

A failing step stops the sweep with one line; the table still shows the
steps done and the failed one; exit status 1.

  $ cat > fail.lua <<'LUA'
  > function event()
  >    if sysbench.opt.threads == 3 then error("boom at three") end
  > end
  > LUA
  $ $B fail.lua --threads=1,2,3,4 --events=20 --time=0 run > fail.txt
  [1]
  $ grep -E '^(FATAL|Sweep step)' fail.txt
  Sweep step 1/4: 1 thread
  Sweep step 2/4: 2 threads
  Sweep step 3/4: 3 threads
  FATAL: `thread_run' function failed: fail.lua:2: boom at three
  FATAL: sweep step 3/4 (3 threads) failed: stopping the sweep after 2 of 4 steps
  $ sed -n '/^Thread sweep summary:/,$p' fail.txt | awk 'NR > 2 && NF { print $1, $2, $NF }'
  1 1 1.00x
  2 2 *x (glob)
  3 3 (failed)
  $ $B fail.lua --threads=1,2,3,4 --events=20 --time=0 --report-format=json run 2>/dev/null |
  >   python3 -c 'import json, sys; s = json.loads(sys.stdin.readlines()[-1]); print(s["status"], s["steps_planned"], s["steps_done"], [(x["threads"], x["status"]) for x in s["steps"]])'
  failed 4 2 [(1, 'done'), (2, 'done'), (3, 'failed')]
  [1]

Bad lists: one line, exit 1, nothing runs.

  $ errs $B cpu --threads=1,,2 run
  Invalid value for the 'threads' option: '1,,2' (an empty item in the list)
  [1]
  $ errs $B cpu --threads=1,0 run
  Invalid value for the 'threads' option: '0' (expected 1..100000)
  [1]
  $ errs $B cpu --threads=4,x run
  Invalid value for the 'threads' option: '4,x'
  [1]
  $ errs $B cpu --sweep-pause=-1 --threads=1,2 run
  Invalid value for the 'sweep-pause' option: '-1' (expected 0..1e+06)
  [1]

--sweep-pause waits between steps (not before the first or after the last):
two steps and a pause of one second take at least a second.

  $ t0=$(date +%s%N); $B cpu --threads=1,1 --events=5 --time=0 --sweep-pause=1 run > /dev/null; t1=$(date +%s%N)
  $ [ $(( (t1 - t0) / 1000000 )) -ge 1000 ] && echo paused
  paused

Commands other than run get the largest count of the list:

  $ cat > cmd.lua <<'LUA'
  > function prepare() print("prepare sees threads = " .. sysbench.opt.threads) end
  > function event() end
  > LUA
  $ $B cmd.lua --threads=2,16,4 prepare | tail -1
  prepare sees threads = 16

The script API: sweep_steps() returns its own steps (threads, label,
events, time, and fields of its own), sweep_step_begin/sweep_step_end run
around each step in the main state, sysbench.step is seen by every state.

  $ cat > steps.lua <<'LUA'
  > function sweep_steps(default)
  >    print("default: " .. #default .. " step(s) of " .. default[1].threads)
  >    return { { threads = 1, events = 10, label = "innodb c=1", engine = "innodb", flag = true },
  >             { threads = 3, events = 30, label = "myisam c=3", engine = "myisam" } }
  > end
  > function sweep_step_begin(s)
  >    print(string.format("begin %d/%d threads=%d label=%s engine=%s opt.threads=%d opt.events=%d",
  >       s.index, s.count, s.threads, s.label, s.engine, sysbench.opt.threads, sysbench.opt.events))
  > end
  > function thread_init()
  >    if sysbench.tid == 0 then
  >       print("worker: step " .. sysbench.step.index .. " engine " .. sysbench.step.engine ..
  >             " flag " .. tostring(sysbench.step.flag) .. " threads " .. sysbench.opt.threads)
  >    end
  > end
  > function event() end
  > function done() print("done of step " .. sysbench.step.index) end
  > function sweep_step_end(s, r)
  >    print(string.format("end %d: events=%d errors=%d time>0=%s", s.index, r.events, r.errors, tostring(r.time > 0)))
  > end
  > LUA
  $ $B steps.lua --threads=7 --time=0 run | grep -E '^(default|begin|worker|done|end|Sweep|Number of threads)|total number of events'
  default: 1 step(s) of 7
  Sweep step 1/2: 1 thread (innodb c=1)
  begin 1/2 threads=1 label=innodb c=1 engine=innodb opt.threads=1 opt.events=10
  Number of threads: 1
  worker: step 1 engine innodb flag true threads 1
      total number of events:              10
  done of step 1
  end 1: events=10 errors=0 time>0=true
  Sweep step 2/2: 3 threads (myisam c=3)
  begin 2/2 threads=3 label=myisam c=3 engine=myisam opt.threads=3 opt.events=30
  Number of threads: 3
  worker: step 2 engine myisam flag nil threads 3
      total number of events:              30
  done of step 2
  end 2: events=30 errors=0 time>0=true
  $ $B steps.lua --time=0 run | sed -n '/^Thread sweep summary:/,$p' | awk 'NR > 2 && NF { print $1, $2, $12, $13 }'
  1 1 innodb c=1
  2 3 myisam c=3
  $ $B steps.lua --time=0 --report-format=json run 2>/dev/null | python3 -c '
  > import json, sys
  > for l in sys.stdin:
  >     o = json.loads(l)
  >     print(o["type"], o.get("step"), o.get("step_label"), o.get("events"), [s["label"] for s in o.get("steps", [])])'
  final 1 innodb c=1 10 []
  final 2 myisam c=3 30 []
  sweep None None None ['innodb c=1', 'myisam c=3']

sweep_steps() returning nil keeps --threads; bad steps are one error line:

  $ printf 'function sweep_steps() return nil end\nfunction event() end\n' > nil.lua
  $ $B nil.lua --threads=2 --events=4 --time=0 run | grep -cE '^Sweep'
  0
  [1]
  $ printf 'function sweep_steps() return {} end\nfunction event() end\n' > empty.lua
  $ errs $B empty.lua run
  FATAL: sweep_steps() must return nil or a non-empty list of steps
  [1]
  $ printf 'function sweep_steps() return {{threads=2},{label="x"}} end\nfunction event() end\n' > nothreads.lua
  $ errs $B nothreads.lua run
  FATAL: sweep_steps(): step 2 has no 'threads'
  [1]
  $ printf 'function sweep_steps() return {{threads=0}} end\nfunction event() end\n' > zero.lua
  $ errs $B zero.lua run
  FATAL: sweep_steps(): step 1: 'threads' must be an integer in 1..100000
  [1]
  $ printf 'function sweep_steps() return {{threads=1, events=1.5}} end\nfunction event() end\n' > frac.lua
  $ errs $B frac.lua run
  FATAL: sweep_steps(): step 1: 'events' must be an integer in 0..9000000000000000000
  [1]

An error in a step hook ends the sweep like a failing step:

  $ printf 'function sweep_step_begin(s) if s.index == 2 then error("no schema") end end\nfunction event() end\n' > hook.lua
  $ $B hook.lua --threads=1,2 --events=5 --time=0 run > hook.txt
  [1]
  $ grep -E '^FATAL' hook.txt
  FATAL: `sweep_step_begin' function failed: hook.lua:1: no schema
  FATAL: sweep step 2/2 (2 threads) failed: stopping the sweep after 1 of 2 steps

A database workload against a real server: exact statement counts per step
in the table's source figures (json), fresh connections per step.

  $ . "$BENCH_SRCDIR/tests/lib/dbserver.sh"
  $ trap dbserver_stop_all EXIT
  $ dbserver_start mysql
  $ MY=$(dbserver_conn_opts mysql)
  $ $B oltp_read_only $MY --tables=1 --table-size=1000 prepare > /dev/null
  $ $B oltp_read_only $MY --tables=1 --table-size=1000 --threads=1,2,3 --events=30 --time=0 --report-format=json run 2>/dev/null |
  >   python3 -c '
  > import json, sys
  > sw = json.loads(sys.stdin.readlines()[-1])
  > for s in sw["steps"]:
  >     print(s["step"], s["threads"], s["events"], s["queries"], s["reads"], s["writes"], s["other"], s["errors"], s["reconnects"])'
  1 1 30 480 420 0 60 0 0
  2 2 30 480 420 0 60 0 0
  3 3 30 480 420 0 60 0 0
  $ $B oltp_read_only $MY --tables=1 --table-size=1000 --threads=1,2 --events=30 --time=0 run |
  >   sed -n '/^Thread sweep summary:/,$p' | awk 'NR > 2 && NF { r = $4 / $3 - 16; print $1, $2, (r < 0.001 && r > -0.001 ? "qps = 16 x tps" : $4 / $3), $9, $10 }'
  1 1 qps = 16 x tps 0 0
  2 2 qps = 16 x tps 0 0
  $ for i in $(seq 100); do n=$(dbserver_mysql_sql "SELECT COUNT(*) FROM information_schema.processlist WHERE user = 'sbtest'"); [ "$n" = 0 ] && break; sleep 0.1; done; echo "$n"
  0
  $ $B oltp_read_only $MY --tables=1 cleanup > /dev/null

A signal during a step stops the sweep: the step's partial report, then the
table, where that step is marked "(interrupted)", not "(failed)"; json says
"interrupted" for the step and the sweep. The script signals itself in its
second step's 50th event, so no timing is involved:

  $ cat > selfterm.lua <<'LUA'
  > ffi.cdef[[int kill(int pid, int sig); int getpid(void);]]
  > local n = 0
  > function event()
  >   n = n + 1
  >   if sysbench.step.index == 2 and n == 50 then ffi.C.kill(ffi.C.getpid(), 15) end
  > end
  > LUA
  $ $B selfterm.lua --threads=1,1,1 --events=0 --time=60 run > term.txt 2> term.err; echo "exit $?"
  exit 1
  $ cat term.err; grep FATAL term.txt
  FATAL: sweep step 2/3 (1 thread) interrupted: stopping the sweep after 1 of 3 steps
  $ sed -n '/^Thread sweep summary:/,$p' term.txt | awk 'NR > 2 && NF { print $1, $2, $NF }'
  1 1 1.00x
  2 1 (interrupted)
  $ $B selfterm.lua --threads=1,1,1 --events=0 --time=60 --report-format=json run 2>/dev/null | python3 -c '
  > import json, sys
  > s = [json.loads(l) for l in sys.stdin if l.startswith("{")][-1]
  > print(s["type"], s["status"], [(x["step"], x["status"]) for x in s["steps"]])'
  sweep interrupted [(1, 'done'), (2, 'interrupted')]
  [1]

--forced-shutdown ends a step the scheduler cannot wait for (its worker
sleeps 20 s in step 2): the step's report, then the table with that step
marked, and sysbench's exit status 2:

  $ cat > hang.lua <<'LUA'
  > ffi.cdef[[int usleep(unsigned);]]
  > function event()
  >   if sysbench.step.index == 2 then ffi.C.usleep(20000000) end
  > end
  > LUA
  $ $B hang.lua --threads=1,1,1 --time=1 --forced-shutdown=1 run > fs.txt; echo "exit $?"
  exit 2
  $ grep -E '^FATAL' fs.txt
  FATAL: The --max-time limit has expired, forcing shutdown...
  FATAL: sweep step 2/3 (1 thread) cut short by --forced-shutdown: stopping the sweep after 1 of 3 steps
  $ sed -n '/^Thread sweep summary:/,$p' fs.txt | awk 'NR > 2 && NF { print $1, $2, $NF }'
  1 1 1.00x
  2 1 (failed)

--forced-shutdown=N% is a share of each step's own time: a step of 1 s
under --time=100000 is cut 0.01 s after its end, not 1000 s after (the
timeout would end it first, exit 124):

  $ cat > hang2.lua <<'LUA'
  > ffi.cdef[[int usleep(unsigned);]]
  > function sweep_steps() return { { threads = 1, time = 1 } } end
  > function event() ffi.C.usleep(60000000) end
  > LUA
  $ timeout 50 $B hang2.lua --time=100000 --forced-shutdown=1% run > fs2.txt; echo "exit $?"
  exit 2
  $ grep -c 'forcing shutdown' fs2.txt
  1
