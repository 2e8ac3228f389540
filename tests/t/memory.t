The memory workload (lua/memory.lua): sysbench's memory test, plus
--memory-working-set.

  $ . "$BENCH_SRCDIR/tests/lib/errs.sh"
  $ B="$BENCH"

Help: sysbench 1.0.20's lines in its order, then bench's working-set and
fast-path options:

  $ $B memory help
  bench 0.1.0 (using system LuaJIT 2.1.0-beta3)
  
  memory options:
    --memory-block-size=SIZE    size of memory block for test [1K]
    --memory-total-size=SIZE    total size of data to transfer [100G]
    --memory-scope=STRING       memory access scope {global,local} [global]
    --memory-hugetlb[=on|off]   allocate memory from HugeTLB pool [off]
    --memory-oper=STRING        type of memory operations {read, write, none} [write]
    --memory-access-mode=STRING memory access mode {seq,rnd} [seq]
    --memory-working-set=SIZE   size of the buffer each thread walks block by block, a multiple of the block size (0: one block) [0]
    --memory-fast[=on|off]      move blocks with memset and vectorised reads, the fastest way (not comparable with sysbench's figures) [off]
  

The total size is split among the threads as sysbench 1.0.20 splits it:
each does floor(floor(total / block) / threads) blocks. 1M in 1K blocks on
2 threads is 512 each:

  $ $B memory --memory-total-size=1M --memory-block-size=1K --threads=2 run
  bench 0.1.0 (using system LuaJIT 2.1.0-beta3)
  
  Running the test with following options:
  Number of threads: 2
  Initializing random number generator from current time
  
  
  Running memory speed test with the following options:
    block size: 1KiB
    total size: 1MiB
    operation: write
    scope: global
  
  Initializing worker threads...
  
  Threads started!
  
  Total operations: 1024 \([ \d]{4,}\d\.\d\d per second\) (re)
  
  1.00 MiB transferred \(\d+\.\d\d MiB/sec\) (re)
  
  
  General statistics:
      total time:                          \d+\.\d{4}s (re)
      total number of events:              1024
  
  Latency (ms):
           min: +\d+\.\d\d (re)
           avg: +\d+\.\d\d (re)
           max: +\d+\.\d\d (re)
           95th percentile: +\d+\.\d\d (re)
           sum: +\d+\.\d\d (re)
  
  Threads fairness:
      events \(avg/stddev\):           512.0000/\d+\.\d\d (re)
      execution time \(avg/stddev\):   \d+\.\d{4}/\d+\.\d\d (re)
  

Reads, local buffers, random access, tiny blocks: still exact counts, and
the bytes also reach the statistics:

  $ $B memory --memory-oper=read --memory-scope=local --memory-access-mode=rnd --memory-block-size=8 --memory-total-size=64K --threads=2 run > rd.txt
  $ grep -E '^  (block size|total size|operation|scope):' rd.txt
    block size: 0KiB
    total size: 0MiB
    operation: read
    scope: local
  $ grep -E '^Total operations|transferred|total number of events' rd.txt
  Total operations: 8192 \([ \d]{4,}\d\.\d\d per second\) (re)
  0.06 MiB transferred \(\d+\.\d\d MiB/sec\) (re)
      total number of events:              8192

A total smaller than one block does nothing; --memory-oper=none prints no
transfer line:

  $ $B memory --memory-total-size=1000 run | grep -E '^Total operations|transferred'
  Total operations: 0 \(\s*0\.00 per second\) (re)
  0.00 MiB transferred (0.00 MiB/sec)
  $ $B memory --memory-oper=none --memory-total-size=100K run | sed -n '/^Threads started/,/total number/p'
  Threads started!
  
  Total operations: 100 \([ \d]{4,}\d\.\d\d per second\) (re)
  
  
  General statistics:
      total time:                          \d+\.\d{4}s (re)
      total number of events:              100

A working set larger than a block: each thread walks it block by block.

  $ $B memory --memory-working-set=4M --memory-block-size=64K --memory-total-size=8M --memory-access-mode=rnd --threads=2 run > ws.txt
  $ grep -E '^  (block size|working set):|^Total operations|transferred' ws.txt
    block size: 64KiB
    working set: 4096KiB
  Total operations: 128 \([ \d]{4,}\d\.\d\d per second\) (re)
  8.00 MiB transferred \(\d+\.\d\d MiB/sec\) (re)

When the blocks do not divide among the threads, the remainder is not
done, as in sysbench 1.0.20: the same totals side by side (10 blocks on 3
threads are 9 events, 3 each; 1023 of 1024 on 3 threads; none when each
thread's share is below one block):

  $ for a in "10K 1K 3" "1M 1K 3" "1M 64K 3" "3K 1K 4" "100K 8 7"; do set -- $a
  >   for tool in sysbench $B; do
  >     $tool memory --memory-total-size=$1 --memory-block-size=$2 --threads=$3 run > cnt.txt
  >     printf '%s ' "$(awk '/^Total operations:/ { o = $3 } /events \(avg\/stddev\)/ { e = $3 } END { print o, e }' cnt.txt)"
  >   done; echo
  > done
  9 3.0000/0.00 9 3.0000/0.00 
  1023 341.0000/0.00 1023 341.0000/0.00 
  15 5.0000/0.00 15 5.0000/0.00 
  0 0.0000/0.00 0 0.0000/0.00 
  12796 1828.0000/0.00 12796 1828.0000/0.00 

Both paths split the total the same way (3001K in 2K blocks is 1500
blocks, 500 a thread on 3). Only the fast path says so in the option block
(the default one is sysbench's); the work each path does to a block is
checked by tests/unit/test_memory.c.

  $ for f in off on; do for th in 1 3; do for op in write read none; do for m in seq rnd; do
  >   $B memory --memory-fast=$f --threads=$th --memory-oper=$op --memory-access-mode=$m --memory-block-size=2K --memory-total-size=3001K run > f.txt
  >   echo "$f $th $op $m $(grep -c '^  fast path:' f.txt) $(awk '/total number of events/ { print $5 }' f.txt) $(grep -o '^[0-9.]* MiB transferred' f.txt)"
  > done; done; done; done
  off 1 write seq 0 1500 2.93 MiB transferred
  off 1 write rnd 0 1500 2.93 MiB transferred
  off 1 read seq 0 1500 2.93 MiB transferred
  off 1 read rnd 0 1500 2.93 MiB transferred
  off 1 none seq 0 1500 
  off 1 none rnd 0 1500 
  off 3 write seq 0 1500 2.93 MiB transferred
  off 3 write rnd 0 1500 2.93 MiB transferred
  off 3 read seq 0 1500 2.93 MiB transferred
  off 3 read rnd 0 1500 2.93 MiB transferred
  off 3 none seq 0 1500 
  off 3 none rnd 0 1500 
  on 1 write seq 1 1500 2.93 MiB transferred
  on 1 write rnd 1 1500 2.93 MiB transferred
  on 1 read seq 1 1500 2.93 MiB transferred
  on 1 read rnd 1 1500 2.93 MiB transferred
  on 1 none seq 1 1500 
  on 1 none rnd 1 1500 
  on 3 write seq 1 1500 2.93 MiB transferred
  on 3 write rnd 1 1500 2.93 MiB transferred
  on 3 read seq 1 1500 2.93 MiB transferred
  on 3 read rnd 1 1500 2.93 MiB transferred
  on 3 none seq 1 1500 
  on 3 none rnd 1 1500 
  $ $B memory --memory-fast=on --memory-working-set=64K --memory-block-size=16K --memory-total-size=1M run | grep -E '^  (working set|fast path):|total number of events'
    working set: 64KiB
    fast path: memset and vectorised reads (not comparable with sysbench)
      total number of events:              64

The json result records the choice with the other options:

  $ $B memory --memory-fast=on --memory-total-size=64K --report-format=json run 2>/dev/null | tail -n 1 |
  >   python3 -c 'import json, sys; o = json.load(sys.stdin)["options"]; print(o.get("memory-fast"), o.get("memory-block-size"))'
  True 1024

Without a total size the time limit ends the run; interval lines report
MiB/sec as sysbench's:

  $ $B memory --memory-total-size=0 --memory-block-size=16K --time=2 --report-interval=1 run > timed.txt
  $ grep -E '^\[ 1s \]' timed.txt
  \[ 1s \] \d+\.\d\d MiB/sec (re)
  $ grep -E '^  total size:' timed.txt
    total size: 0MiB

HugeTLB: either the run works or one line says why it cannot (the pool is
usually empty on a test machine):

  $ $B memory --memory-hugetlb --memory-total-size=1M run > huge.txt 2> huge.err; rc=$?
  $ if [ $rc = 0 ]; then grep -c '^Total operations: 1024 ' huge.txt; else echo "rc=$rc"; grep -c '^FATAL' huge.txt; grep -c '^FATAL: .*memory-hugetlb: cannot allocate [0-9]* bytes from the HugeTLB pool: .*nr_hugepages' huge.txt; fi | tr '\n' ' '; echo
  (1 |rc=1 1 1 ) (re)

Bad values: one line on stderr naming the option and value, exit 1, before
any thread starts:

  $ errs $B memory --memory-oper=frob run
  FATAL: (`init' function failed: )?Invalid value for memory-oper: frob (re)
  [1]
  $ errs $B memory --memory-block-size=0 run
  FATAL: (`init' function failed: )?Invalid value for memory-block-size: 0 (re)
  [1]
  $ errs $B memory --memory-block-size=3K run
  FATAL: (`init' function failed: )?Invalid value for memory-block-size: 3K (re)
  [1]
  $ errs $B memory --memory-block-size=4 run
  FATAL: (`init' function failed: )?Invalid value for memory-block-size: 4 (re)
  [1]
  $ errs $B memory --memory-scope=x run
  FATAL: (`init' function failed: )?Invalid value for memory-scope: x (re)
  [1]
  $ errs $B memory --memory-access-mode=diagonal run
  FATAL: (`init' function failed: )?Invalid value for memory-access-mode: diagonal (re)
  [1]
  $ errs $B memory --memory-working-set=1536 run
  FATAL: (`init' function failed: )?Invalid value for memory-working-set: 1536 \(must be a multiple of memory-block-size\) (re)
  [1]
  $ errs $B memory --memory-block-size=abc run
  .*'?memory-block-size'?.*'?abc'?.* (re)
  [1]
  $ errs $B memory --memory-hugetlb=maybe run
  .*'?memory-hugetlb'?.*'?maybe'?.* (re)
  [1]
  $ $B memory --memory-oper=frob run 2>/dev/null | grep -c 'Threads started'
  0
  [1]
