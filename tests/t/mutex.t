The mutex workload (lua/mutex.lua): sysbench's mutex test. Every thread
runs exactly one event, then stops.

  $ . "$BENCH_SRCDIR/tests/lib/errs.sh"
  $ B="$BENCH"

Help, byte for byte as sysbench 1.0.20's (its order, not sorted):

  $ $B mutex help
  bench 0.1.0 (using system LuaJIT 2.1.0-beta3)
  
  mutex options:
    --mutex-num=N   total size of mutex array [4096]
    --mutex-locks=N number of mutex locks to do per thread [50000]
    --mutex-loops=N number of empty loops to do outside mutex lock [10000]
  

Two threads, two events, in sysbench's layout (no block of its own):

  $ $B mutex --threads=2 run
  bench 0.1.0 (using system LuaJIT 2.1.0-beta3)
  
  Running the test with following options:
  Number of threads: 2
  Initializing random number generator from current time
  
  
  Initializing worker threads...
  
  Threads started!
  
  
  General statistics:
      total time:                          \d+\.\d{4}s (re)
      total number of events:              2
  
  Latency (ms):
           min: +\d+\.\d\d (re)
           avg: +\d+\.\d\d (re)
           max: +\d+\.\d\d (re)
           95th percentile: +\d+\.\d\d (re)
           sum: +\d+\.\d\d (re)
  
  Threads fairness:
      events \(avg/stddev\):           1.0000/0.00 (re)
      execution time \(avg/stddev\):   \d+\.\d{4}/\d+\.\d\d (re)
  

The run ends when the threads are done, not at --time; one event per
thread whatever the thread count:

  $ $B mutex --threads=3 --mutex-locks=1000 --mutex-loops=10 --time=100 run > three.txt
  $ grep -E 'total number of events|events \(avg' three.txt
      total number of events:              3
      events (avg/stddev):           1.0000/0.00
  $ awk '/total time:/ { print ($3 + 0 < 10) ? "quick" : "slow: " $3 }' three.txt
  quick

The empty loops are real work: a thread's event takes longer with more of
them:

  $ $B mutex --mutex-locks=2000 --mutex-loops=0 run | awk '/^ +sum:/ { print $2 }' > l0.txt
  $ $B mutex --mutex-locks=2000 --mutex-loops=100000 run | awk '/^ +sum:/ { print $2 }' > l1.txt
  $ awk 'NR == FNR { a = $1; next } { print ($1 > a * 3) ? "slower" : "loops 0: " a " ms, 100000: " $1 " ms" }' l0.txt l1.txt
  slower

Bad values: one line on stderr, exit 1:

  $ errs $B mutex --mutex-num=0 run
  FATAL: (`init' function failed: )?Invalid value for mutex-num: 0 (re)
  [1]
  $ errs $B mutex --mutex-locks=-1 run
  FATAL: (`init' function failed: )?Invalid value for mutex-locks: -1 (re)
  [1]
  $ errs $B mutex --mutex-loops=-3 run
  FATAL: (`init' function failed: )?Invalid value for mutex-loops: -3 (re)
  [1]
