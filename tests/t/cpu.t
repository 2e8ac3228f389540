The cpu workload (lua/cpu.lua): sysbench's prime-counting CPU test.

  $ . "$BENCH_SRCDIR/tests/lib/errs.sh"
  $ B="$BENCH"

Help, byte for byte as sysbench 1.0.20's:

  $ $B cpu help
  bench 0.1.0 (using system LuaJIT 2.1.0-beta3)
  
  cpu options:
    --cpu-max-prime=N upper limit for primes generator [10000]
  

A run limited by events, in sysbench's layout; the CPU speed block comes
right before "General statistics":

  $ $B cpu --events=100 --threads=2 --time=0 run
  bench 0.1.0 (using system LuaJIT 2.1.0-beta3)
  
  Running the test with following options:
  Number of threads: 2
  Initializing random number generator from current time
  
  
  Prime numbers limit: 10000
  
  Initializing worker threads...
  
  Threads started!
  
  CPU speed:
      events per second: [ \d]{4,}\d\.\d\d (re)
  
  General statistics:
      total time:                          \d+\.\d{4}s (re)
      total number of events:              100
  
  Latency (ms):
           min: +\d+\.\d\d (re)
           avg: +\d+\.\d\d (re)
           max: +\d+\.\d\d (re)
           95th percentile: +\d+\.\d\d (re)
           sum: +\d+\.\d\d (re)
  
  Threads fairness:
      events \(avg/stddev\):           50.0000/\d+\.\d\d (re)
      execution time \(avg/stddev\):   \d+\.\d{4}/\d+\.\d\d (re)
  

The limit is printed as given, and a smaller limit makes events cheaper
(events per second = events / total time):

  $ $B cpu --cpu-max-prime=100 --events=2000 --time=0 run > small.txt
  $ grep -E 'Prime numbers limit|total number of events' small.txt
  Prime numbers limit: 100
      total number of events:              2000
  $ awk '/events per second:/ { eps = $4 } /total time:/ { t = $3 + 0 }
  >      END { r = eps * t / 2000; print (r > 0.9 && r < 1.1) ? "consistent" : "eps " eps " time " t }' small.txt
  consistent

The speed line tracks the interval reports (eps) of the same run:

  $ $B cpu --cpu-max-prime=2000 --time=2 --report-interval=1 run > timed.txt
  $ grep -cE '^\[ [12]s \] thds: 1 eps: [0-9.]+ lat \(ms,95%\): [0-9.]+$' timed.txt
  2
  $ awk '/^\[ 1s \]/ { i = $7 } /events per second:/ { s = $4 }
  >      END { r = s / i; print (r > 0.5 && r < 2) ? "close" : "interval " i " summary " s }' timed.txt
  close

Bad limits: one line on stderr naming the option and value, exit 1, and no
worker thread started:

  $ errs $B cpu --cpu-max-prime=0 run
  FATAL: (`init' function failed: )?Invalid value of cpu-max-prime: 0\. (re)
  [1]
  $ errs $B cpu --cpu-max-prime=abc run
  .*'?cpu-max-prime'?.*'?abc'?.* (re)
  [1]
  $ $B cpu --cpu-max-prime=-5 run > out.txt 2> err.txt
  [1]
  $ grep FATAL out.txt
  FATAL: (`init' function failed: )?Invalid value of cpu-max-prime: -5\. (re)
  $ grep -c 'Threads started' out.txt
  0
  [1]
