The threads workload (lua/threads.lua): sysbench's scheduler test.

  $ . "$BENCH_SRCDIR/tests/lib/errs.sh"
  $ B="$BENCH"

Help, byte for byte as sysbench 1.0.20's (its order, not sorted):

  $ $B threads help
  bench 0.1.0 (using system LuaJIT 2.1.0-beta3)
  
  threads options:
    --thread-yields=N number of yields to do per request [1000]
    --thread-locks=N  number of locks per thread [8]
  

A run limited by events: no block of its own before "General statistics":

  $ $B threads --events=50 --time=0 run
  bench 0.1.0 (using system LuaJIT 2.1.0-beta3)
  
  Running the test with following options:
  Number of threads: 1
  Initializing random number generator from current time
  
  
  Initializing worker threads...
  
  Threads started!
  
  
  General statistics:
      total time:                          \d+\.\d{4}s (re)
      total number of events:              50
  
  Latency (ms):
           min: +\d+\.\d\d (re)
           avg: +\d+\.\d\d (re)
           max: +\d+\.\d\d (re)
           95th percentile: +\d+\.\d\d (re)
           sum: +\d+\.\d\d (re)
  
  Threads fairness:
      events \(avg/stddev\):           50.0000/0.00 (re)
      execution time \(avg/stddev\):   \d+\.\d{4}/0.00 (re)
  

More threads than locks, so threads contend; the events are shared out:

  $ $B threads --threads=4 --thread-locks=2 --thread-yields=100 --events=200 --time=0 run > four.txt
  $ grep -E 'Number of threads|total number of events|events \(avg' four.txt
  Number of threads: 4
      total number of events:              200
      events \(avg/stddev\):           50.0000/\d+\.\d\d (re)

Zero yields make empty events:

  $ $B threads --thread-yields=0 --events=1000 --time=0 run | grep 'total number of events'
      total number of events:              1000

Every event yields the CPU --thread-yields times: the sched_yield calls,
counted by strace (a count, not a speed, so a loaded machine cannot
change it), are events x yields, with 4 threads as with 1 (LeakSanitizer
cannot run under ptrace: off for these runs in an ASan build):

  $ ycount() { ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0 strace -f -qq -c -e trace=sched_yield -o yc.txt "$@" > /dev/null && awk '$NF == "sched_yield" { print $(NF-1) }' yc.txt; }
  $ ycount $B threads --thread-yields=10 --events=100 --time=0 run
  1000
  $ ycount $B threads --threads=4 --thread-yields=1000 --events=100 --time=0 run
  100000
  $ ycount $B threads --thread-yields=0 --events=100 --time=0 run; echo "none: $(grep -c sched_yield yc.txt)"
  none: 0

Bad values: one line on stderr, exit 1:

  $ errs $B threads --thread-locks=0 run
  FATAL: (`init' function failed: )?Invalid value for thread-locks: 0 (re)
  [1]
  $ errs $B threads --thread-yields=-1 run
  FATAL: (`init' function failed: )?Invalid value for thread-yields: -1 (re)
  [1]
