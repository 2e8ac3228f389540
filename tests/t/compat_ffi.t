sysbench 1.0.20's FFI surface outside SQL: every type, enum and C function
its internal modules declare with ffi.cdef (sysbench.lua, sysbench.rand.lua,
sysbench.histogram.lua, sysbench.cmdline.lua), the counter enum of
sysbench.sql.lua and sb_counter_inc/sb_counter_val, called through those
declarations; the report hooks' stat tables; sb_rand_uniq's unique values.
Script lines carry a prefix so that the banner and report are filtered out.

  $ B="$BENCH"

Scripts repeat sysbench's declarations, as third-party workloads do. What
sysbench accepts bench accepts; the two enums fail exactly as in sysbench
(they are declared there already too); sizes and offsets of sb_arg_t match:

  $ cat > decl.lua <<'X'
  > function prepare()
  > -- sysbench 1.0.20's ffi.cdef declarations, repeated as third-party scripts do
  > local blocks = {
  >   { "histogram", [[
  >     typedef struct histogram sb_histogram_t;
  >     sb_histogram_t *sb_histogram_new(size_t size, double range_min, double range_max);
  >     void sb_histogram_delete(sb_histogram_t *h);
  >     void sb_histogram_update(sb_histogram_t *h, double value);
  >     void sb_histogram_print(sb_histogram_t *h);]] },
  >   { "rand", [[
  >     uint64_t sb_rand_uniform_uint64(void);
  >     uint32_t sb_rand_default(uint32_t, uint32_t);
  >     uint32_t sb_rand_uniform(uint32_t, uint32_t);
  >     uint32_t sb_rand_gaussian(uint32_t, uint32_t);
  >     uint32_t sb_rand_special(uint32_t, uint32_t);
  >     uint32_t sb_rand_pareto(uint32_t, uint32_t);
  >     uint32_t sb_rand_unique(void);
  >     void sb_rand_str(const char *, char *);
  >     double sb_rand_uniform_double(void);]] },
  >   { "arg enum", [[
  >     typedef enum { SB_ARG_TYPE_NULL, SB_ARG_TYPE_BOOL, SB_ARG_TYPE_INT,
  >       SB_ARG_TYPE_SIZE, SB_ARG_TYPE_DOUBLE, SB_ARG_TYPE_STRING,
  >       SB_ARG_TYPE_LIST, SB_ARG_TYPE_FILE, SB_ARG_TYPE_MAX } sb_arg_type_t;]] },
  >   { "arg struct", [[
  >     typedef bool sb_opt_validate_t(const char *, const char *);
  >     typedef struct { const char *name; const char *desc; const char *value;
  >       sb_arg_type_t type; sb_opt_validate_t *validate; } sb_arg_t;
  >     int sb_lua_set_test_args(sb_arg_t *args, size_t len);
  >     void sb_print_test_options(void);]] },
  >   { "event loop", [[
  >     void sb_event_start(int thread_id);
  >     void sb_event_stop(int thread_id);
  >     bool sb_more_events(int thread_id);]] },
  >   { "counter enum", [[
  >     typedef enum { SB_CNT_OTHER, SB_CNT_READ, SB_CNT_WRITE, SB_CNT_TRX,
  >       SB_CNT_ERROR, SB_CNT_RECONNECT, SB_CNT_MAX } sb_counter_type;]] },
  >   { "counter functions", [[
  >     void sb_counter_inc(int, sb_counter_type);
  >     uint64_t sb_counter_val(int thread_id, sb_counter_type type);]] },
  > }
  > for _, b in ipairs(blocks) do
  >   local ok, err = pcall(ffi.cdef, b[2])
  >   print("decl: " .. b[1] .. ": " .. (ok and "ok" or err))
  > end
  > print("decl: enums", ffi.C.SB_CNT_OTHER, ffi.C.SB_CNT_TRX, ffi.C.SB_CNT_ERROR,
  >       ffi.C.SB_CNT_RECONNECT, ffi.C.SB_CNT_MAX, ffi.C.SB_ARG_TYPE_FILE, ffi.C.SB_ARG_TYPE_MAX)
  > print("decl: sizes", ffi.sizeof("sb_arg_t"), ffi.sizeof("sb_counter_type"),
  >       ffi.offsetof("sb_arg_t", "type"), ffi.offsetof("sb_arg_t", "validate"))
  > end
  > X
  $ $B decl.lua prepare | grep '^decl:'
  decl: histogram: ok
  decl: rand: ok
  decl: arg enum: attempt to redefine 'SB_ARG_TYPE_NULL'
  decl: arg struct: ok
  decl: event loop: ok
  decl: counter enum: attempt to redefine 'SB_CNT_OTHER'
  decl: counter functions: ok
  decl: enums	0	3	4	5	6	7	8
  decl: sizes	40	4	24	32

sb_counter_inc(tid, SB_CNT_*) counts reads, writes, other, errors,
reconnects and events (SB_CNT_TRX: 10 timed events + 10 counted ones);
sb_counter_val reads them back (TRX includes the thread's events). The
report_cumulative hook gets a plain table with sysbench's fields only, all
Lua numbers (string concatenation and float division work):

  $ cat > cnt.lua <<'X'
  > ffi.cdef[[void sb_counter_inc(int, sb_counter_type);]]
  > local C = ffi.C
  > local n = 0
  > function event(tid)
  >   n = n + 1
  >   C.sb_counter_inc(tid, C.SB_CNT_READ)
  >   for i = 1, 2 do C.sb_counter_inc(tid, C.SB_CNT_WRITE) end
  >   for i = 1, 3 do C.sb_counter_inc(tid, C.SB_CNT_OTHER) end
  >   for i = 1, 4 do C.sb_counter_inc(tid, C.SB_CNT_ERROR) end
  >   for i = 1, 5 do C.sb_counter_inc(tid, C.SB_CNT_RECONNECT) end
  >   C.sb_counter_inc(tid, C.SB_CNT_TRX)
  > end
  > function thread_done(tid)
  >   local v = {}
  >   for _, k in ipairs({"OTHER", "READ", "WRITE", "TRX", "ERROR", "RECONNECT"}) do
  >     v[#v + 1] = k:lower() .. "=" .. tostring(C.sb_counter_val(tid, C["SB_CNT_" .. k]))
  >   end
  >   print("val: " .. table.concat(v, " "))
  > end
  > local function show(tag, s)
  >   local keys = {}
  >   for k, v in pairs(s) do keys[#keys + 1] = k .. ":" .. type(v) end
  >   table.sort(keys)
  >   print(tag .. ": " .. type(s) .. " " .. table.concat(keys, " "))
  > end
  > sysbench.hooks.report_cumulative = function(s)
  >   show("cumulative", s)
  >   print(string.format("cumulative: events=%d reads=%d writes=%d other=%d errors=%d reconnects=%d",
  >     s.events, s.reads, s.writes, s.other, s.errors, s.reconnects))
  >   print("cumulative: " .. "events " .. s.events .. ", half " .. s.events / 2.0 ..
  >         ", double " .. s.events / 0.5 .. ", " .. tostring(s.errors))
  > end
  > X
  $ $B --events=10 --time=0 cnt.lua run | grep -E '^(val|cumulative):'
  val: other=30ULL read=10ULL write=20ULL trx=20ULL error=40ULL reconnect=50ULL
  cumulative: table errors:number events:number latency_avg:number latency_max:number latency_min:number latency_pct:number latency_sum:number other:number reads:number reconnects:number threads_running:number time_interval:number time_total:number writes:number
  cumulative: events=20 reads=10 writes=20 other=30 errors=40 reconnects=50
  cumulative: events 20, half 10, double 40, 40

Without a hook the counted events are in the default report too:

  $ cat > trx.lua <<'X'
  > function event(tid) ffi.C.sb_counter_inc(tid, ffi.C.SB_CNT_TRX) end
  > X
  $ $B --events=10 --time=0 trx.lua run | grep 'total number of events'
      total number of events:              20

report_intermediate gets sysbench's interval fields (queue_length and
concurrency, no latency_min...); errors counted by the script show in
sysbench.report_default's err/s (one more than the events when an interval
ends inside an event: its counters are in, the event itself ends in the
next interval); bench's other figures stay reachable:

  $ cat > inter.lua <<'X'
  > ffi.cdef[[void sb_counter_inc(int, sb_counter_type);]]
  > function event(tid)
  >   ffi.C.sb_counter_inc(tid, ffi.C.SB_CNT_ERROR)
  >   ffi.C.sb_counter_inc(tid, ffi.C.SB_CNT_READ)
  > end
  > local shown = false
  > sysbench.hooks.report_intermediate = function(s)
  >   if not shown then
  >     local keys = {}
  >     for k, v in pairs(s) do keys[#keys + 1] = k .. ":" .. type(v) end
  >     table.sort(keys)
  >     print("intermediate: " .. type(s) .. " " .. table.concat(keys, " "))
  >     -- an event in progress at the interval's end has bumped its
  >     -- counters but is counted in the next interval (as in sysbench)
  >     local near = function(a) return s.events > 0 and a >= s.events and a <= s.events + 1 end
  >     print("intermediate: errors == events: " .. tostring(near(s.errors)) ..
  >           ", reads == events: " .. tostring(near(s.reads)))
  >     shown = true
  >   end
  >   sysbench.report_default(s)
  > end
  > sysbench.hooks.report_cumulative = function(s)
  >   print("extra: " .. type(s.bytes_read) .. " " .. type(s.queue_length) .. " " .. type(s.wait_avg))
  > end
  > X
  $ $B --time=2 --rate=200 --report-interval=1 inter.lua run > inter.out
  $ grep -E '^(intermediate|extra):' inter.out
  intermediate: table concurrency:number errors:number events:number latency_pct:number other:number queue_length:number reads:number reconnects:number threads_running:number time_interval:number time_total:number writes:number
  intermediate: errors == events: true, reads == events: true
  extra: number number number
  $ awk '/^\[ 1s \]/ { print ($7 > 0 && $(NF-2) >= $7 && $(NF-2) <= $7 + 1.01) ? "err/s = tps" : $0 }' inter.out
  err/s = tps

sysbench's own event loop functions, in a thread_run() of the script's own:

  $ cat > loop.lua <<'X'
  > ffi.cdef[[
  > void sb_event_start(int thread_id);
  > void sb_event_stop(int thread_id);
  > bool sb_more_events(int thread_id);
  > ]]
  > local n = 0
  > function event() n = n + 1 end
  > function thread_run(tid)
  >   while ffi.C.sb_more_events(tid) do
  >     ffi.C.sb_event_start(tid)
  >     event(tid)
  >     ffi.C.sb_event_stop(tid)
  >   end
  > end
  > function thread_done(tid) print("loop: thread " .. tid .. " ran " .. n) end
  > X
  $ $B --events=7 --time=0 loop.lua run | grep -E '^loop:|total number of events'
  loop: thread 0 ran 7
      total number of events:              7

Random numbers through sysbench's declarations: ranges, types, formats;
sb_rand_unique (and sysbench.rand.unique) never repeat, and sb_rand_uniq(a,
b) gives unique values in range, as sysbench's (issue #96):

  $ cat > rnd.lua <<'X'
  > function prepare()
  >   local C = ffi.C
  >   local function range(name, a, b, n)
  >     local f, ok, seen, distinct = C[name], true, {}, 0
  >     for i = 1, n do
  >       local v = f(a, b)
  >       if type(v) ~= "number" or v < a or v > b then ok = false end
  >       if not seen[v] then seen[v] = true; distinct = distinct + 1 end
  >     end
  >     print(string.format("rand: %s(%d, %d) in range: %s", name, a, b, tostring(ok)))
  >     return distinct
  >   end
  >   for _, name in ipairs({"default", "uniform", "gaussian", "special", "pareto"}) do
  >     range("sb_rand_" .. name, 10, 19, 20000)
  >   end
  >   print("rand: sb_rand_uniform(10, 19) distinct: " .. range("sb_rand_uniform", 10, 19, 20000))
  >   local u = C.sb_rand_uniform_uint64()
  >   print("rand: sb_rand_uniform_uint64: " .. tostring(ffi.typeof(u)) .. " " .. tostring(ffi.istype("uint64_t", u)))
  >   local dlo, dhi = 1, 0
  >   for i = 1, 10000 do
  >     local d = C.sb_rand_uniform_double()
  >     dlo, dhi = math.min(dlo, d), math.max(dhi, d)
  >   end
  >   print("rand: sb_rand_uniform_double in [0, 1): " .. tostring(dlo >= 0 and dhi < 1 and dhi - dlo > 0.9))
  >   local buf = ffi.new("char[16]", "ZZZZZZZZZZZZZZZ")
  >   C.sb_rand_str("abc-###-@@@-xyz", buf)
  >   local s = ffi.string(buf, 15)
  >   print("rand: sb_rand_str: " .. tostring(s:match("^abc%-%d%d%d%-%l%l%l%-xyz$") ~= nil))
  >   local seen, dup = {}, 0
  >   for i = 1, 100000 do
  >     local v = C.sb_rand_unique()
  >     if seen[v] then dup = dup + 1 end
  >     seen[v] = true
  >   end
  >   for i = 1, 100000 do
  >     local v = sysbench.rand.unique()
  >     if seen[v] then dup = dup + 1 end
  >     seen[v] = true
  >   end
  >   print("rand: sb_rand_unique and sysbench.rand.unique: 200000 values, duplicates " .. dup)
  >   local seen2, dup2, out = {}, 0, 0
  >   for i = 1, 100000 do
  >     local v = sb_rand_uniq(1, 1000000000)
  >     if seen2[v] then dup2 = dup2 + 1 end
  >     if v < 1 or v > 1000000000 then out = out + 1 end
  >     seen2[v] = true
  >   end
  >   print("rand: sb_rand_uniq(1, 1e9): 100000 values, duplicates " .. dup2 .. ", out of range " .. out)
  > end
  > X
  $ $B rnd.lua prepare | grep '^rand:'
  rand: sb_rand_default(10, 19) in range: true
  rand: sb_rand_uniform(10, 19) in range: true
  rand: sb_rand_gaussian(10, 19) in range: true
  rand: sb_rand_special(10, 19) in range: true
  rand: sb_rand_pareto(10, 19) in range: true
  rand: sb_rand_uniform(10, 19) in range: true
  rand: sb_rand_uniform(10, 19) distinct: 10
  rand: sb_rand_uniform_uint64: ctype<uint64_t> true
  rand: sb_rand_uniform_double in [0, 1): true
  rand: sb_rand_str: true
  rand: sb_rand_unique and sysbench.rand.unique: 200000 values, duplicates 0
  rand: sb_rand_uniq(1, 1e9): 100000 values, duplicates 0, out of range 0

Histograms: sysbench.histogram and the sb_histogram_* functions print the
buckets sysbench 1.0.20 prints for the same values (this output is the real
program's; an empty histogram prints nothing); compared live when sysbench
is installed:

  $ cat > hist.lua <<'X'
  > function prepare()
  >   local h = sysbench.histogram.new(1000, 1, 10)
  >   for _, v in ipairs({1, 2, 0, 10, 100, 5.001}) do h:update(v) end
  >   h:print()
  >   h = sysbench.histogram.new(20, 0.5, 2000)
  >   for i = 1, 300 do h:update(i * 1.7) end
  >   for _, v in ipairs({-1, 0.1, 0.5, 1e9}) do h:update(v) end
  >   h:print()
  >   local e = ffi.C.sb_histogram_new(3, 1, 100)
  >   ffi.C.sb_histogram_print(e)
  >   ffi.C.sb_histogram_delete(e)
  >   h = ffi.C.sb_histogram_new(8, 0.001, 1000)
  >   for i = 0, 1000 do ffi.C.sb_histogram_update(h, i * i / 1000) end
  >   ffi.C.sb_histogram_print(h)
  >   ffi.C.sb_histogram_delete(h)
  >   print("histogram: end")
  > end
  > X
  $ $B hist.lua prepare | sed -n '/value/,$p' | tee hist.out
         value  ------------- distribution ------------- count
         1.000 |**************************************** 2
         2.001 |********************                     1
         4.997 |********************                     1
        10.000 |**************************************** 2
         value  ------------- distribution ------------- count
         0.500 |*                                        3
         1.852 |                                         1
         2.866 |                                         1
         4.435 |                                         1
         6.862 |*                                        2
        10.618 |*                                        2
        16.430 |**                                       5
        25.422 |***                                      6
        39.336 |****                                     10
        60.866 |*******                                  16
        94.179 |***********                              24
       145.726 |*****************                        38
       225.486 |*************************                58
       348.900 |**************************************** 91
       539.863 |********************                     45
      2000.000 |                                         1
         value  ------------- distribution ------------- count
         0.001 |                                         2
         0.007 |                                         3
         0.052 |*                                        7
         0.373 |**                                       20
         2.683 |*****                                    53
        19.307 |***************                          143
       138.950 |***************************************  383
      1000.000 |**************************************** 390
  histogram: end
  $ if [ -x /usr/bin/sysbench ]; then /usr/bin/sysbench hist.lua prepare | sed -n '/value/,$p' | diff - hist.out; fi

Script options declared through sb_lua_set_test_args take command-line
values and show in help in their order; sb_print_test_options prints them
(and an empty line) as sysbench does; sysbench.cmdline.ARG_* come from
sb_arg_type_t:

  $ cat > args.lua <<'X'
  > local C = ffi.C
  > local args = ffi.new("sb_arg_t[3]")
  > local keep = {}
  > local function set(i, name, desc, value, t)
  >   keep[#keep + 1] = { name, desc, value }
  >   args[i].name, args[i].desc, args[i].value, args[i].type = name, desc, value, t
  > end
  > set(0, "my-int", "An int option", "7", C.SB_ARG_TYPE_INT)
  > set(1, "my-list", "A list option", "a,b", C.SB_ARG_TYPE_LIST)
  > set(2, "my-flag", "A bool option", "off", C.SB_ARG_TYPE_BOOL)
  > print("args: sb_lua_set_test_args -> " .. C.sb_lua_set_test_args(args, 3))
  > function prepare()
  >   print("args: my_int=" .. sysbench.opt.my_int .. " (" .. type(sysbench.opt.my_int) .. ")"
  >         .. " my_list=" .. table.concat(sysbench.opt.my_list, "+")
  >         .. " my_flag=" .. tostring(sysbench.opt.my_flag))
  >   C.sb_print_test_options()
  >   print("args: ARG_NULL..ARG_MAX = " .. table.concat({sysbench.cmdline.ARG_NULL,
  >     sysbench.cmdline.ARG_BOOL, sysbench.cmdline.ARG_INT, sysbench.cmdline.ARG_SIZE,
  >     sysbench.cmdline.ARG_DOUBLE, sysbench.cmdline.ARG_STRING, sysbench.cmdline.ARG_LIST,
  >     sysbench.cmdline.ARG_FILE, sysbench.cmdline.ARG_MAX}, " "))
  > end
  > X
  $ $B --my-int=42 --my-list=x,y,z --my-flag args.lua prepare | sed -n '/^args:/,$p'
  args: sb_lua_set_test_args -> 0
  args: my_int=42 (number) my_list=x+y+z my_flag=true
    --my-int=N           An int option [7]
    --my-list=[LIST,...] A list option [a,b]
    --my-flag[=on|off]   A bool option [off]
  
  args: ARG_NULL..ARG_MAX = 0 1 2 3 4 5 6 7 8
  $ $B args.lua help | sed -n '/^args.lua options:/,$p'
  args.lua options:
    --my-int=N           An int option [7]
    --my-list=[LIST,...] A list option [a,b]
    --my-flag[=on|off]   A bool option [off]
  
