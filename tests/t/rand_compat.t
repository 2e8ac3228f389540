Random numbers to the bit (issue 32): with the same --rand-seed and one
thread, every sysbench.rand function and its 0.5 alias draws what sysbench
1.0.20 draws, for 15 argument sets that include empty and inverted ranges,
0, 1 and the uint32 limits, under every --rand-type, --rand-spec-* and
--rand-pareto-h. tests/lib/randdump.lua prints 10,000 values of each
function (in the main state's init(), in event() and in thread_done(), so
the main thread's stream, the worker's and the draws sysbench makes for
itself at each event's end all count).

sysbench's compiled Lua traces read the whole 64-bit register of a uint32
FFI result, so where a + x passes 2^32 (an inverted range that wraps) it can
print the unwrapped number (4294967296 for uniform(4294967295, 0)); bench
returns the uint32. Its numbers are reduced modulo 2^32 before the
comparison (docs/compat.md, "Random numbers").

  $ command -v sysbench >/dev/null || echo "sysbench 1.0.20 is not installed"
  $ D="$BENCH_SRCDIR/tests/lib/randdump.lua"
  $ norm() { awk '{ if ($NF ~ /^[0-9]+$/ && $NF > 4294967295 && $1 != "uint64") $NF = $NF % 4294967296; print }'; }
  $ cmp_both() {
  >   sysbench "$@" --events=2 --verbosity=0 "$D" run 2>&1 | norm > s.out
  >   "$BENCH" "$@" --events=2 --verbosity=0 "$D" run 2>&1 | norm > b.out
  >   if cmp -s s.out b.out; then echo "same $(wc -l < b.out) lines: $*"
  >   else echo "DIFFERENT: $*"; diff s.out b.out | head -5; fi
  > }
  $ cmp_both --rand-seed=5
  same 320004 lines: --rand-seed=5
  $ cmp_both --rand-seed=1
  same 320004 lines: --rand-seed=1
  $ cmp_both --rand-seed=2147483647
  same 320004 lines: --rand-seed=2147483647
  $ cmp_both --rand-seed=42 --rand-type=uniform
  same 320004 lines: --rand-seed=42 --rand-type=uniform
  $ cmp_both --rand-seed=42 --rand-type=gaussian
  same 320004 lines: --rand-seed=42 --rand-type=gaussian
  $ cmp_both --rand-seed=42 --rand-type=pareto
  same 320004 lines: --rand-seed=42 --rand-type=pareto
  $ cmp_both --rand-seed=42 --rand-type=special --rand-spec-iter=1 --rand-spec-pct=0 --rand-spec-res=100
  same 320004 lines: --rand-seed=42 --rand-type=special --rand-spec-iter=1 --rand-spec-pct=0 --rand-spec-res=100
  $ cmp_both --rand-seed=7 --rand-spec-iter=3 --rand-spec-pct=50 --rand-spec-res=0
  same 320004 lines: --rand-seed=7 --rand-spec-iter=3 --rand-spec-pct=50 --rand-spec-res=0
  $ cmp_both --rand-seed=7 --rand-spec-pct=100 --rand-spec-res=99
  same 320004 lines: --rand-seed=7 --rand-spec-pct=100 --rand-spec-res=99
  $ cmp_both --rand-seed=9 --rand-type=pareto --rand-pareto-h=0.9
  same 320004 lines: --rand-seed=9 --rand-type=pareto --rand-pareto-h=0.9
  $ cmp_both --rand-seed=9 --rand-type=pareto --rand-pareto-h=0.01
  same 320004 lines: --rand-seed=9 --rand-type=pareto --rand-pareto-h=0.01

The issue's case: uniform(1, 0) is 1 (an empty range collapses to its lower
bound), in the interpreter and in compiled code alike:

  $ cat > empty.lua <<'X'
  > function event()
  >   local n = {}
  >   for i = 1, 1000 do local v = sysbench.rand.uniform(1, 0); n[v] = (n[v] or 0) + 1 end
  >   for k, c in pairs(n) do print("uniform(1, 0) = " .. k .. " x" .. c) end
  > end
  > X
  $ "$BENCH" --events=1 --verbosity=0 empty.lua run
  uniform(1, 0) = 1 x1000
  $ sysbench --events=1 --verbosity=0 empty.lua run
  uniform(1, 0) = 1 x1000

A script's own histogram updates draw too (as sysbench's slot choice), and
the main state and a command's thread use sysbench's streams (with one
thread sysbench runs a parallel command in the main thread):

  $ cat > streams.lua <<'X'
  > print("top " .. sysbench.tid .. " " .. tostring(sysbench.rand.uniform_uint64()))
  > function init() print("init " .. tostring(sysbench.rand.uniform_uint64())) end
  > local h
  > function thread_init() h = sysbench.histogram.new(10, 1, 100) end
  > function event() h:update(5) print("ev " .. tostring(sysbench.rand.uniform_uint64())) end
  > local function pc() print("cmd " .. sysbench.tid .. " " .. tostring(sysbench.rand.uniform_uint64())) end
  > sysbench.cmdline.commands = { pc = {pc, sysbench.cmdline.PARALLEL_COMMAND} }
  > X
  $ for t in sysbench "$BENCH"; do $t --rand-seed=5 --events=3 --verbosity=0 streams.lua run; $t --verbosity=0 streams.lua pc; done > both.out
  $ sed -n 1,8p both.out
  top 0 14972179374201007161ULL
  init 6937875558910519049ULL
  top 0 11690631621109684197ULL
  ev 7762135257998954424ULL
  ev 9017204789194426746ULL
  ev 10917943214189587023ULL
  top 0 14972179374201007161ULL
  cmd 0 6937875558910519049ULL
  $ [ "$(sed -n 1,8p both.out)" = "$(sed -n 9,16p both.out)" ] && echo bench prints the same 8 lines
  bench prints the same 8 lines

Several threads: sysbench's threads race for libc's random(); bench seeds
worker tid from values 4*tid .. 4*tid+3 of the seed's stream, so its runs
repeat exactly:

  $ cat > mt.lua <<'X'
  > function thread_init()
  >   for i = 1, 10 do print(sysbench.tid .. " " .. sysbench.rand.uniform(1, 1000000)) end
  > end
  > function event() end
  > X
  $ "$BENCH" --rand-seed=3 --threads=4 --events=40 --verbosity=0 mt.lua run | sort > r1
  $ "$BENCH" --rand-seed=3 --threads=4 --events=40 --verbosity=0 mt.lua run | sort > r2
  $ "$BENCH" --rand-seed=4 --threads=4 --events=40 --verbosity=0 mt.lua run | sort > r3
  $ wc -l < r1; cmp r1 r2 && echo same; cmp -s r1 r3 || echo another seed differs
  40
  same
  another seed differs

Edge and bad arguments give sysbench's values, types and error texts
(numbers outside uint32, strings, NaN, nil, a NUL inside a string format):

  $ cat > edge.lua <<'X'
  > local R = sysbench.rand
  > local function show(name, f, ...)
  >   local ok, v = pcall(f, ...)
  >   print(name, ok, type(v), tostring(v))
  > end
  > function event()
  >   for _, k in ipairs({"default", "uniform", "gaussian", "special", "pareto",
  >                       "unique", "uniform_uint64", "uniform_double", "string"}) do
  >     -- sb_rand_pareto is bench's (docs/compat.md)
  >     print(k, type(R[k]), k ~= "pareto" and type(_G["sb_rand_" .. k]) or "-")
  >   end
  >   show("uniform()", R.uniform)
  >   show("uniform(1)", R.uniform, 1)
  >   show("uniform('a', 2)", R.uniform, "a", 2)
  >   show("uniform('3', '5')", R.uniform, "3", "5")
  >   show("uniform(-1, 5)", R.uniform, -1, 5)
  >   show("uniform(1.9, 1.9)", R.uniform, 1.9, 1.9)
  >   show("uniform(2^32, 2^32)", R.uniform, 2^32, 2^32)
  >   show("uniform(2^33+7, 2^33+7)", R.uniform, 2^33 + 7, 2^33 + 7)
  >   show("uniform(0/0, 5)", R.uniform, 0/0, 5)
  >   show("uniform(-1, -1)", R.uniform, -1, -1)
  >   show("default(nil, nil)", R.default, nil, nil)
  >   show("gaussian(true, 1)", R.gaussian, true, 1)
  >   show("pareto(1, 0)", R.pareto, 1, 0)
  >   show("special(5, 5)", R.special, 5, 5)
  >   show("string()", R.string)
  >   show("string(5)", R.string, 5)
  >   show("string('')", R.string, "")
  >   show("string('a\\0#b')", function() return (R.string("a\0#b"):gsub("%z", "0")) end)
  >   show("unique(5)", R.unique, 5)
  >   show("uniform_uint64()", R.uniform_uint64)
  >   show("uniform_double()", R.uniform_double)
  >   show("sb_rnd()", sb_rnd)
  >   show("sb_rand_str(nil)", sb_rand_str, nil)
  >   show("sb_rand(1, 0)", sb_rand, 1, 0)
  >   show("sb_rand_uniq(5, 5)", function() return "not drawn (would take 2^32 draws)" end)
  > end
  > X
  $ sysbench --rand-seed=3 --events=1 --verbosity=0 edge.lua run > e.s 2>&1
  $ "$BENCH" --rand-seed=3 --events=1 --verbosity=0 edge.lua run > e.b 2>&1
  $ cmp e.s e.b && wc -l < e.b
  34
  $ grep -E "^(uniform\(\)|string\(5\)|string\('a|uniform\(-1, -1\))" e.b
  uniform()\tfalse\tstring\tbad argument #1 to '?' (cannot convert 'nil' to 'unsigned int') (esc)
  uniform(-1, -1)\ttrue\tnumber\t4294967295 (esc)
  string(5)\tfalse\tstring\t[string "sysbench.rand.lua"]:66: attempt to get length of local 'fmt' (a number value) (esc)
  string('a\\0#b')\ttrue\tstring\ta000 (esc)
