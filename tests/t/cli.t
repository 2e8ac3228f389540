Command-line rules: help, version, and one clear error line per bad input.

  $ . "$BENCH_SRCDIR/tests/lib/errs.sh"
  $ B="$BENCH"
  $ cat > empty.lua <<'X'
  > function event() end
  > X
  $ cat > opts.lua <<'X'
  > sysbench.cmdline.options = {
  >   foo = {"foo desc", 5},
  >   bar_baz = {"bb", "x"},
  >   flag = {"a flag", false},
  >   lst = {"list", {1, 2}},
  >   ratio = {"a ratio", 1.5},
  >   sz = {"a size", "1K", sysbench.cmdline.ARG_SIZE},
  > }
  > function event() end
  > function init()
  >   print(string.format("foo=%s bar_baz=%s flag=%s lst=%s ratio=%s sz=%s",
  >     sysbench.opt.foo, sysbench.opt.bar_baz, tostring(sysbench.opt.flag),
  >     table.concat(sysbench.opt.lst, "+"), sysbench.opt.ratio, sysbench.opt.sz))
  >   os.exit(0)
  > end
  > X

Version and general help:

  $ $B --version
  bench 0.1.0
  $ $B --help | head -4
  Usage:
    bench [options]... [testname] [command]
  
  Commands implemented by most tests: prepare run cleanup help
  $ $B --help | grep -E -- '^  --(threads|events|time|report-checkpoints|percentile|histogram|rand-type)='
    --threads=N                     number of threads to use [1]
    --events=N                      limit for total number of events [0]
    --time=N                        limit for total execution time in seconds [10]
    --report-checkpoints=[LIST,...] dump full statistics and reset all counters at specified points in time. The argument is a list of comma-separated values representing the amount of time in seconds elapsed from start of test when report checkpoint(s) must be performed. Report checkpoints are off by default. []
    --rand-type=STRING random numbers distribution {uniform,gaussian,special,pareto} [special]
    --percentile=N       percentile to calculate in latency statistics (1-100). Use the special value of 0 to disable percentile calculations [95]
  $ $B --help | grep -E -- '--(debug|histogram)\['
    --debug[=on|off]                print more debugging info [off]
    --histogram[=on|off] print latency histogram in report [off]

bench's own part of the usage, before sysbench's list of compiled-in tests
(sysbench's lines stay as sysbench prints them): its commands, the
built-in workloads, sweeps and percentile lists. "bench help" prints the
same usage (sysbench looks for a test named help):

  $ $B --help | sed -n '/^bench commands/,/^Compiled-in tests:/p'
  bench commands (no workload; each takes --help):
    bench compare RUN...        saved runs side by side, with ratios
    bench plot RUN... -o FILE   saved runs drawn over time and across a sweep
    bench merge FILE...         runs made at the same time on several hosts, as one
    bench slap [OPTIONS]        mysqlslap's load and summary (bench slap help)
  
  Built-in workloads ('bench NAME help' lists a workload's options; a path
  to a .lua file runs your own):
    oltp_read_write oltp_read_only oltp_write_only oltp_point_select
    oltp_update_index oltp_update_non_index oltp_insert oltp_delete
    bulk_insert select_random_points select_random_ranges slap
    fileio cpu memory threads mutex
  Their commands: prepare, prewarm (load the tables into the server's cache),
  run, cleanup, help.
  
  Thread sweeps: --threads=1,8,32 runs one step per count (--sweep-pause
  between steps). --percentile takes a list: --percentile=50,95,99.9.
  
  Compiled-in tests:
  $ $B help > help.out; echo $?; $B --help | cmp - help.out && echo same
  0
  same
  $ for w in $($B --help | sed -n '/^Built-in workloads/,/^Their/p' | sed -n 's/^  //p'); do
  >   [ -f "$BENCH_SRCDIR/lua/$w.lua" ] || echo "no lua/$w.lua"; done

Each bench command's --help: its usage and options on stdout, exit 0;
"bench slap --help" is slap's own help:

  $ for c in compare plot merge; do $B $c --help > h.out 2>h.err; echo "$c $? $(head -c 19 h.out) $(wc -c < h.err)"; done
  compare 0 Usage: bench compar 0
  plot 0 Usage: bench plot [ 0
  merge 0 Usage: bench merge  0
  $ $B slap --help | grep -cE '^  --(concurrency|create-schema)='
  2
  $ $B slap --help | grep -c '^Usage:'
  0
  [1]

Workload help lists the script's options sorted, in sysbench's layout:

  $ $B opts.lua help
  bench 0.1.0 (using system LuaJIT 2.1.0-beta3)
  
  opts.lua options:
    --bar_baz=STRING bb [x]
    --flag[=on|off]  a flag [off]
    --foo=N          foo desc [5]
    --lst=[LIST,...] list [1,2]
    --ratio=N        a ratio [1.5]
    --sz=SIZE        a size [1K]
  
Option values reach sysbench.opt with their types; '-' and '_' are the same:

  $ $B opts.lua run | tail -1
  foo=5 bar_baz=x flag=false lst=1+2 ratio=1.5 sz=1024
  $ $B opts.lua --foo=7 --bar-baz=y --flag --lst=a,b,c --ratio=0.25 --sz=2M run | tail -1
  foo=7 bar_baz=y flag=true lst=a+b+c ratio=0.25 sz=2097152
  $ $B opts.lua --flag=off --foo=-3 run | tail -1
  foo=-3 bar_baz=x flag=false lst=1+2 ratio=1.5 sz=1024

A config file gives values; the command line wins:

  $ printf '# comment\nfoo=11\nbar_baz=from_file\n\nflag=on\n' > my.cfg
  $ $B opts.lua --config-file=my.cfg --foo=12 run | tail -1
  foo=12 bar_baz=from_file flag=true lst=1+2 ratio=1.5 sz=1024
  $ $B opts.lua --config-file=nonexistent.cfg run
  nonexistent.cfg: No such file or directory
  [1]

Bad input: one line on stderr naming it, exit code 1, nothing run:

  $ errs $B empty.lua --threads=abc run
  Invalid value for the 'threads' option: 'abc'
  [1]
  $ $B empty.lua --threads=abc run >/dev/null 2>&1
  [1]
  $ errs $B empty.lua --time=-1 run
  Invalid value for the 'time' option: '-1' (expected 0..1000000000)
  [1]
  $ $B empty.lua --time=-1 run >/dev/null 2>&1
  [1]
  $ errs $B empty.lua --percentile=101 run
  Invalid value for the 'percentile' option: '101' (expected 0..100)
  [1]
  $ $B empty.lua --percentile=101 run >/dev/null 2>&1
  [1]
  $ errs $B empty.lua --threads=0 run
  Invalid value for the 'threads' option: '0' (expected 1..100000)
  [1]
  $ errs $B empty.lua --report-interval=x run
  Invalid value for the 'report-interval' option: 'x'
  [1]
  $ errs $B empty.lua --thread-stack-size=12Q run
  Invalid value for the 'thread-stack-size' option: '12Q'
  [1]
  $ errs $B empty.lua --rand-type=cubic run
  Invalid value for the 'rand-type' option: 'cubic' (expected uniform, gaussian, special, pareto or zipfian)
  [1]
  $ errs $B empty.lua --forced-shutdown=soon run
  Invalid value for the 'forced-shutdown' option: 'soon' (expected off, N or N%)
  [1]
  $ errs $B empty.lua --report-checkpoints=1,x run
  Invalid value for the 'report-checkpoints' option: 'x'
  [1]
  $ errs $B opts.lua --nosuch=1 run
  invalid option: --nosuch=1
  [1]
  $ $B opts.lua --nosuch=1 run >/dev/null 2>&1
  [1]

A misspelled name: sysbench's line, then the nearest names on stderr (a
core option, a script's option, a driver's; none when no name is near):

  $ $B cpu --treads=4 run 2>&1 >/dev/null
  invalid option: --treads=4
  did you mean --threads?
  [1]
  $ $B oltp_read_only --table_szie=3 --mysql-hsot=h run 2>&1 >/dev/null
  invalid option: --table_szie=3
  did you mean --table_size?
  [1]
  $ $B cpu --mysql-hsot=h run 2>&1 >/dev/null
  invalid option: --mysql-hsot=h
  did you mean --mysql-host?
  [1]
  $ $B cpu --warmup-tim=1 run 2>&1 >/dev/null
  invalid option: --warmup-tim=1
  did you mean --warmup-time?
  [1]
  $ $B cpu --zz=1 run 2>&1 >/dev/null
  invalid option: --zz=1
  [1]
  $ errs $B opts.lua --foo=abc run
  Invalid value for the 'foo' option: 'abc'
  [1]
  $ $B nosuch run 2>/dev/null
  bench * (glob)
  
  FATAL: Cannot find benchmark 'nosuch': no such built-in test, file or module
  [1]
  $ $B nosuch run >/dev/null 2>&1
  [1]
  $ errs $B empty.lua frob
  Unknown command: frob
  [1]
  $ $B empty.lua frob >/dev/null 2>&1
  [1]
  $ errs $B empty.lua prepare
  'empty.lua' test does not implement the 'prepare' command.
  [1]
  $ errs $B empty.lua help
  'empty.lua' test does not implement the 'help' command.
  [1]

A script without a command runs its main chunk and nothing else (sysbench:
a script can be a plain Lua program); a C-era built-in test asks for one:

  $ printf 'print("main chunk")\nfunction event() print("event") end\n' > chunk.lua
  $ $B chunk.lua
  bench * (glob)
  
  main chunk
  $ errs $B cpu
  The 'cpu' test requires a command argument. See 'bench cpu help'
  [1]

A word after the command is refused (sysbench's line), not ignored, and
nothing runs:

  $ $B empty.lua --events=1 --time=0 run extra
  Unrecognized command line argument: extra
  [1]
  $ $B cpu -x run
  Unrecognized command line argument: -x (bench has no short options; options are --name=value)
  [1]
  $ $B cpu --time=1 run extra more
  Unrecognized command line argument: extra
  [1]
  $ $B empty.lua --events=1 --time=0 run extra >/dev/null 2>&1
  [1]

Deprecated aliases still work, with a warning:

  $ $B empty.lua --max-requests=5 run 2>&1 | grep -E 'WARNING|total number of events'
  WARNING: --max-requests is deprecated, use --events instead
      total number of events:              5
  $ $B --test=empty.lua --num-threads=2 --max-requests=8 run 2>&1 | grep -E 'WARNING|Number of threads|total number of events'
  WARNING: the --test option is deprecated. You can pass a script name or path on the command line without any options.
  WARNING: --num-threads is deprecated, use --threads instead
  WARNING: --max-requests is deprecated, use --events instead
  Number of threads: 2
      total number of events:              8

A script from standard input (no workload, or '-') runs its main chunk
only; a command word after '-' is ignored, and a first word that names no
workload is not taken for a command (sysbench's rules: 'bench run' never
reads standard input: here its standard input is a pipe that never ends,
held open by this shell, and bench must not wait on it; a bench that read
it would be killed by timeout, exit 124):

  $ printf 'function prepare() print("prepare") end\nprint("global")\n' | $B --verbosity=0
  global
  $ printf 'function prepare() print("prepare") end\nprint("global")\n' | $B --verbosity=0 - prepare
  global
  $ mkfifo never-ends && exec 3<> never-ends
  $ timeout 60 $B run < never-ends 2>&1; echo "exit=$?"
  bench * (glob)
  
  FATAL: Cannot find benchmark 'run': no such built-in test, file or module
  exit=1
  $ exec 3>&-

--verbosity below 3 leaves only the script's own output and errors:

  $ printf 'function event() print("ev") end\n' > quiet.lua
  $ $B --verbosity=2 --events=2 --time=0 quiet.lua run
  ev
  ev
  $ printf 'function event() error("boom") end\n' > boom.lua
  $ $B --verbosity=0 --events=1 --time=0 boom.lua run 2>/dev/null
  FATAL: `thread_run' function failed: boom.lua:1: boom
  [1]

Modules are found through LUA_PATH when no file has the name:

  $ mkdir -p mods && printf 'print("module loaded")\nfunction event() end\n' > mods/mymod.lua
  $ LUA_PATH="$PWD/mods/?.lua;;" $B --verbosity=0 --events=1 --time=0 mymod run
  module loaded
  module loaded
  $ $B --verbosity=0 mymod run 2>&1
  FATAL: Cannot find benchmark 'mymod': no such built-in test, file or module
  [1]

Legacy scripts that declare no options accept any option as a global:

  $ cat > legacy.lua <<'X'
  > function init() print("oltp_tables_count=" .. tostring(oltp_tables_count) .. " debug=" .. type(debug)) end
  > function thread_init() print("worker oltp_tables_count=" .. tostring(oltp_tables_count)) end
  > function event() end
  > X
  $ $B legacy.lua --oltp-tables-count=4 --debug=off --events=1 --time=0 run | grep oltp_
  oltp_tables_count=4 debug=table
  worker oltp_tables_count=4

The manual page lints clean:

  $ groff -man -ww -z "$BENCH_SRCDIR/man/bench.1" 2>&1

It names every general option, every built-in workload and every option
that the workload's help lists (more than 60 options in all, so the check cannot pass empty):

  $ sed 's/\\-/-/g' "$BENCH_SRCDIR/man/bench.1" > man.txt
  $ n=0; for f in "$BENCH_SRCDIR"/lua/*.lua; do
  >   w=$(basename "$f" .lua)
  >   case $w in oltp_common|workload_util) continue ;; esac
  >   grep -qE "(^|[ \"])$w([ \",;]|\$)" man.txt || echo "workload $w missing"
  >   for o in $($B "$w" help 2>/dev/null | grep -oE '^  --[a-z_-]+'); do
  >     n=$((n + 1))
  >     grep -qF -- "$o" man.txt || echo "$w: $o missing"
  >   done
  > done; [ "$n" -gt 60 ] || echo "only $n options checked"
  $ for o in $($B --help | grep -oE '^  --[a-z_-]+'); do
  >   grep -qF -- "$o" man.txt || echo "general: $o missing"
  > done

The README's build line names every package that demo.sh and .ci/run
install for the build (tests/lib/debian-deps.sh):

  $ . "$BENCH_SRCDIR/tests/lib/debian-deps.sh"
  $ awk '/^    apt-get install build-essential/ { on = 1 }
  >      on { print; if ($0 !~ /\\$/) exit }' "$BENCH_SRCDIR/README.md" | tr -s ' \\' '\n\n' > readme-deps.txt
  $ for p in $BENCH_DEPS_BUILD; do grep -qx -- "$p" readme-deps.txt || echo "README lacks $p"; done
  $ grep -cx 'libjansson-dev' readme-deps.txt
  1
