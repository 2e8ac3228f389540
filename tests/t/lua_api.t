The Lua API without a database: callbacks, cmdline, commands, rand, hooks,
histograms, errors.

  $ . "$BENCH_SRCDIR/tests/lib/errs.sh"
  $ B="$BENCH"

Callbacks run in sysbench's order; every thread has its own state and tid;
event() returning true ends that thread (that call is no event, as in
sysbench):

  $ cat > cb.lua <<'X'
  > local n = 0
  > function init() print("init tid=" .. tostring(sysbench.tid)) end
  > function thread_init(tid) n = 0 end
  > function event(tid)
  >   n = n + 1
  >   if n == 5 then return true end
  > end
  > function thread_done(tid) io.stdout:write(string.format("thread_done %d n=%d\n", tid, n)) end
  > function done() print("done") end
  > X
  $ $B cb.lua --threads=2 run | grep -E '^(init|thread_done|done)|total number of events' | sort
      total number of events:              8
  done
  init tid=0
  thread_done 0 n=5
  thread_done 1 n=5

sysbench.cmdline, the ffi global and sysbench.version:

  $ cat > cmd.lua <<'X'
  > sysbench.cmdline.options = { rows = {"rows", 3} }
  > local function show()
  >   print(string.format("command=%s script=%s argv1=%s rows=%d ffi=%s version=%s",
  >     sysbench.cmdline.command, sysbench.cmdline.script_path:match("[^/]+$"),
  >     sysbench.cmdline.argv[1], sysbench.opt.rows, type(ffi), sysbench.version))
  > end
  > local function par() print("parallel tid " .. sysbench.tid) end
  > sysbench.cmdline.commands = {
  >   show = {show},
  >   par = {par, sysbench.cmdline.PARALLEL_COMMAND},
  > }
  > function prepare() print("prepare rows=" .. sysbench.opt.rows) end
  > function event() end
  > X
  $ $B cmd.lua --rows=9 show | tail -1
  command=show script=cmd.lua argv1=cmd.lua rows=9 ffi=table version=1.0.20
  $ $B cmd.lua --threads=3 par | grep parallel | sort
  parallel tid 0
  parallel tid 1
  parallel tid 2
  $ $B cmd.lua prepare | tail -1
  prepare rows=3

Random numbers: ranges, formats, reproducibility with --rand-seed:

  $ cat > rnd.lua <<'X'
  > function init()
  >   local r = sysbench.rand
  >   local ok = true
  >   for i = 1, 10000 do
  >     for _, f in ipairs({r.uniform, r.gaussian, r.special, r.pareto, r.zipfian, r.default}) do
  >       local v = f(10, 20)
  >       if v < 10 or v > 20 then ok = false end
  >     end
  >   end
  >   print("in range: " .. tostring(ok))
  >   print("string: " .. r.string("###-@@@"):gsub("%d", "9"):gsub("%l", "a"))
  >   local s = r.varstring(5, 8)
  >   print("varstring length ok: " .. tostring(#s >= 5 and #s <= 8))
  >   local seen, dup = {}, false
  >   for i = 1, 100000 do
  >     local u = r.unique()
  >     if seen[u] then dup = true end
  >     seen[u] = true
  >   end
  >   print("unique repeats: " .. tostring(dup))
  >   print("legacy: " .. tostring(sb_rand(1, 1) == 1 and sb_rand_uniform(3, 3) == 3))
  >   print("uniform_double ok: " .. tostring(r.uniform_double() < 1))
  >   os.exit(0)
  > end
  > function event() end
  > X
  $ $B rnd.lua run | tail -6
  in range: true
  string: 999-aaa
  varstring length ok: true
  unique repeats: false
  legacy: true
  uniform_double ok: true
  $ cat > seed.lua <<'X'
  > function thread_init(tid)
  >   local t = {}
  >   for i = 1, 5 do t[#t + 1] = sysbench.rand.uniform(1, 1000000) end
  >   io.stdout:write("tid " .. tid .. ": " .. table.concat(t, " ") .. "\n")
  > end
  > function event() return true end
  > X
  $ $B seed.lua --threads=2 --rand-seed=42 run | grep '^tid' | sort > a.txt
  $ $B seed.lua --threads=2 --rand-seed=42 run | grep '^tid' | sort > b.txt
  $ $B seed.lua --threads=2 --rand-seed=43 run | grep '^tid' | sort > c.txt
  $ cmp a.txt b.txt && echo same
  same
  $ cmp -s a.txt c.txt || echo different
  different
  $ grep -c '^tid' a.txt
  2

Report hooks: report_intermediate replaces the interval line; the Lua
report helpers print sysbench's formats; report_cumulative replaces the
final report. time_interval is the real period, 0.5 s here, more when
a loaded machine wakes the reporter late:

  $ cat > hooks.lua <<'X'
  > function event() ffi.C.bench_stat_add(ffi.C.BENCH_CTR_READS, 2) end
  > sysbench.hooks.report_intermediate = function(st)
  >   print(string.format("INT events>0=%s reads>0=%s interval=%s",
  >     tostring(st.events > 0), tostring(st.reads > 0),
  >     (st.time_interval > 0.45 and st.time_interval < 2) and "ok" or st.time_interval))
  >   sysbench.report_csv(st)
  >   sysbench.report_default(st)
  > end
  > sysbench.hooks.report_cumulative = function(st)
  >   print(string.format("CUM events=%d reads=%d", tonumber(st.events), tonumber(st.reads)))
  > end
  > X
  $ $B hooks.lua --events=2000 --rate=2000 --report-interval=0.5 run > out.txt; echo rc=$?
  rc=0
  $ grep -m1 '^INT' out.txt
  INT events>0=true reads>0=true interval=ok
  $ grep -m1 -E '^[0-9]+,1,[0-9.]+,[0-9.]+,[0-9.]+,0\.00,0\.00,[0-9.]+,0\.00,0\.00$' out.txt | wc -l
  1
  $ grep -m1 -E '^\[ [0-9]+s \] thds: 1 tps: [0-9.]+ qps: [0-9.]+ \(r/w/o: [0-9.]+/0\.00/0\.00\) lat \(ms,95%\): [0-9.]+ err/s 0\.00 reconn/s: 0\.00$' out.txt | wc -l
  1
  $ grep -E '^CUM|General statistics' out.txt
  CUM events=2000 reads=4000
  $ cat > json.lua <<'X'
  > function event() end
  > sysbench.hooks.report_intermediate = function(st) sysbench.report_json(st) end
  > X
  $ $B json.lua --time=1 --report-interval=0.3 run | sed -n '/^\[$/,/^\]$/p' > j.txt
  $ python3 -c 'import json; d = json.load(open("j.txt")); print(len(d), sorted(d[0].keys()), sorted(d[0]["qps"].keys()))'
  3 ['errors', 'latency', 'qps', 'reconnects', 'threads', 'time', 'tps'] ['other', 'reads', 'total', 'writes']

A failing report hook is reported, the default report is printed instead,
and the run exits non-zero:

  $ printf 'function event() end\nsysbench.hooks.report_cumulative = function(st) error("boom") end\n' > hf.lua
  $ $B hf.lua --events=10 run 2>&1 | grep -E 'FATAL|total number of events'
  FATAL: `report_cumulative' hook failed: hf.lua:2: boom
      total number of events:              10
  $ $B hf.lua --events=10 run >/dev/null 2>&1
  [1]

A workload's report_summary block follows the SQL statistics of a script
that uses the database layer:

  $ cat > sum.lua <<'X'
  > function thread_init() sysbench.sql.driver() end
  > function event() ffi.C.bench_stat_add(ffi.C.BENCH_CTR_READS, 1) end
  > sysbench.hooks.report_summary = function(st) print("MY BLOCK reads=" .. tonumber(st.reads)) end
  > X
  $ $B sum.lua --events=3 run | sed -n '/Threads started/,/General/p' | grep -E 'SQL statistics|read:|MY BLOCK|General'
  SQL statistics:
          read:                            3
  MY BLOCK reads=3
  General statistics:

A restartable error restarts the event, after before_restart_event:

  $ cat > restart.lua <<'X'
  > local fails = 0
  > function event()
  >   if fails < 3 then
  >     fails = fails + 1
  >     error({errcode = sysbench.error.RESTART_EVENT, msg = "retry me"})
  >   end
  > end
  > sysbench.hooks.before_restart_event = function(err) print("restart: " .. err.msg) end
  > X
  $ $B restart.lua --events=10 run | grep -E 'restart|total number of events'
  restart: retry me
  restart: retry me
  restart: retry me
      total number of events:              10

Restarts of one event are bounded by --event-retries:

  $ cat > always.lua <<'X'
  > function event() error({errcode = sysbench.error.RESTART_EVENT, msg = "always"}) end
  > X
  $ errs $B always.lua --event-retries=5 --events=10 run
  FATAL: `thread_run' function failed: event restarted 5 times, giving up (--event-retries); last error: always
  [1]

Without a bound, the end of the run still ends the restarts; the event that
never finished counts in no statistic:

  $ timeout 20 $B always.lua --event-retries=0 --time=1 run | grep 'total number of events'
      total number of events:              0

A script may drive the loop itself with sysbench 1.0's FFI calls:

  $ cat > own.lua <<'X'
  > function thread_run(tid)
  >   local n = 0
  >   while ffi.C.sb_more_events(tid) do
  >     ffi.C.sb_event_start(tid)
  >     n = n + 1
  >     ffi.C.sb_event_stop(tid)
  >   end
  >   print("own loop ran " .. n)
  > end
  > X
  $ $B own.lua --events=77 run | grep -E 'own loop|total number of events'
  own loop ran 77
      total number of events:              77

sysbench.histogram:

  $ cat > hist.lua <<'X'
  > function prepare()
  >   local h = sysbench.histogram.new(100, 1, 1000)
  >   for i = 1, 90 do h:update(10) end
  >   for i = 1, 10 do h:update(500) end
  >   h:print()
  >   print(string.format("p50 near 10: %s, p99 near 500: %s",
  >     tostring(math.abs(h:percentile(50) - 10) < 1), tostring(math.abs(h:percentile(99) - 500) < 40)))
  > end
  > X
  $ $B hist.lua prepare | tail -4
         value  ------------- distribution ------------- count
        10.000 |**************************************** 90
       497.702 |****                                     10
  p50 near 10: true, p99 near 500: true

Errors in scripts name the file and line and exit non-zero:

  $ printf 'function event(\n  x = = 1\nend\n' > syntax.lua
  $ errs $B syntax.lua run
  FATAL: syntax.lua:2: ')' expected near '='
  [1]
  $ $B syntax.lua run >/dev/null 2>&1
  [1]
  $ printf 'function event()\n  local t = nil\n  return t.x\nend\n' > rt.lua
  $ errs $B rt.lua --threads=2 run | sort -u
  FATAL: `thread_run' function failed: rt.lua:3: attempt to index local 't' (a nil value)
  $ $B rt.lua run >/dev/null 2>&1
  [1]
  $ printf 'function thread_init()\n  error("cannot connect")\nend\nfunction event() end\n' > ti.lua
  $ errs $B ti.lua run
  FATAL: `thread_init' function failed: ti.lua:2: cannot connect
  FATAL: Thread initialization failed!
  [1]
  $ $B ti.lua run >/dev/null 2>&1
  [1]
  $ printf 'function init()\n  error("bad setting")\nend\nfunction event() end\n' > in.lua
  $ errs $B in.lua run
  FATAL: `init' function failed: in.lua:2: bad setting
  [1]
  $ $B in.lua run >/dev/null 2>&1
  [1]
  $ printf 'function event()\nend\nerror("top level")\n' > top.lua
  $ errs $B top.lua run
  FATAL: top.lua:3: top level
  [1]
  $ printf 'x = 1\n' > noevent.lua
  $ errs $B noevent.lua run
  FATAL: cannot find the event() function in noevent.lua
  [1]
  $ $B noevent.lua run >/dev/null 2>&1
  [1]

sysbench.barrier() (bench): the threads of a parallel command wait for each
other between phases; a thread that fails releases the others with an
error instead of leaving them waiting (the failing thread's error is the
one line printed); outside a parallel command it returns at once:

  $ cat > bar.lua <<'X'
  > sysbench.cmdline.commands = { phases = { function()
  >   local tid = sysbench.tid
  >   print("one " .. tid)
  >   sysbench.barrier()
  >   if tid == 0 then print("-- all passed one") end
  >   sysbench.barrier()
  >   if tid == 2 and sysbench.opt.threads == 3 then error("thread 2 gives up") end
  >   sysbench.barrier()
  >   print("two " .. tid)
  > end, sysbench.cmdline.PARALLEL_COMMAND } }
  > function event() sysbench.barrier() end
  > X
  $ timeout 20 $B bar.lua --threads=4 phases | sed -n '5,$p' | sed -E 's/[0-9]$/N/' | uniq -c | sed -E 's/^ +//'
  4 one N
  1 -- all passed one
  4 two N
  $ timeout 20 $B bar.lua --threads=3 phases 2>&1 | grep -E 'FATAL|^two' | sort; echo "rc=${PIPESTATUS[0]}"
  FATAL: `phases' function failed: bar.lua:7: thread 2 gives up
  rc=1
  $ timeout 20 $B bar.lua --events=3 run | grep -c 'total number of events: *3'
  1

Every worker whose thread_init succeeded runs thread_done, as sysbench's
do, also one that reaches the start after the event limit was already
used up by the others (8 threads, 1 event: 8 thread_done calls):

  $ cat > td.lua <<'X'
  > function event() end
  > function thread_done() print("done " .. sysbench.tid) end
  > X
  $ for i in 1 2 3; do timeout 20 $B td.lua --threads=8 --events=1 run | grep -c '^done'; done
  8
  8
  8
