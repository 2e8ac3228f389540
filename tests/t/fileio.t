The fileio workload (lua/fileio.lua, src/native/fileio.c): sysbench's file
I/O test plus io_uring, --validate and per-operation latency percentiles
(with --report-statements=on). tests/t/compat_fileio.t runs sysbench
1.0.20 side by side.
Everything runs in cram's temporary directory on small files.

  $ . "$BENCH_SRCDIR/tests/lib/errs.sh"
  $ B="$BENCH"
  $ O="--file-num=2 --file-total-size=4M"

Help: sysbench 1.0.20's lines in its order, plus --file-iodepth, io_uring
and --file-huge-buffers; --file-block-size takes a size (16K), as sysbench
reads it:

  $ $B fileio help
  bench 0.1.0 (using system LuaJIT 2.1.0-beta3)
  
  fileio options:
    --file-num=N                  number of files to create [128]
    --file-block-size=SIZE        block size to use in all IO operations [16384]
    --file-total-size=SIZE        total size of files to create [2G]
    --file-test-mode=STRING       test mode {seqwr, seqrewr, seqrd, rndrd, rndwr, rndrw}
    --file-io-mode=STRING         file operations mode {sync,async,mmap,io_uring} [sync]
    --file-async-backlog=N        number of asynchronous operatons to queue per thread [128]
    --file-iodepth=N              number of io_uring requests in flight per thread [16]
    --file-extra-flags=[LIST,...] list of additional flags to use to open files {sync,dsync,direct} []
    --file-fsync-freq=N           do fsync() after this number of requests (0 - don't use fsync()) [100]
    --file-fsync-all[=on|off]     do fsync() after each write operation [off]
    --file-fsync-end[=on|off]     do fsync() at the end of test [on]
    --file-fsync-mode=STRING      which method to use for synchronization {fsync, fdatasync} [fsync]
    --file-merged-requests=N      merge at most this number of IO requests if possible (0 - don't merge) [0]
    --file-rw-ratio=N             reads/writes ratio for combined test [1.5]
    --file-huge-buffers[=on|off]  I/O buffers in transparent huge pages: one DMA segment per request [on]
  

A run before prepare names the missing file:

  $ $B fileio $O --file-test-mode=rndrd run 2>&1 | grep FATAL; echo "rc=${PIPESTATUS[0]}"
  FATAL: Cannot open file 'test_file.0' errno = 2 (No such file or directory)
  rc=1

Prepare: sysbench's lines, files of total/num bytes each.

  $ $B fileio $O prepare
  bench 0.1.0 (using system LuaJIT 2.1.0-beta3)
  
  2 files, 2048Kb each, 4Mb total
  Creating files for the test...
  Extra file open flags: (none)
  Creating file test_file.0
  Creating file test_file.1
  4194304 bytes written in \d+\.\d\d seconds \(\d+\.\d\d MiB/sec\)\. (re)
  $ stat -c '%n %s' test_file.*
  test_file.0 2097152
  test_file.1 2097152

The run header and the report, byte for byte apart from the numbers (the
per-operation latency block only with --report-statements=on, below):

  $ $B fileio $O --file-test-mode=rndrw --events=200 --time=0 --report-interval=1 run
  bench 0.1.0 (using system LuaJIT 2.1.0-beta3)
  
  Running the test with following options:
  Number of threads: 1
  Report intermediate results every 1 second(s)
  Initializing random number generator from current time
  
  
  Extra file open flags: (none)
  2 files, 2MiB each
  4MiB total file size
  Block size 16KiB
  Number of IO requests: 200
  Read/Write ratio for combined random IO test: 1.50
  Periodic FSYNC enabled, calling fsync() each 100 requests.
  Calling fsync() at the end of test, Enabled.
  Using synchronous I/O mode
  Doing random r/w test
  Initializing worker threads...
  
  Threads started!
  
  
  File operations:
      reads/s:                      \d+\.\d\d (re)
      writes/s:                     \d+\.\d\d (re)
      fsyncs/s:                     \d+\.\d\d (re)
  
  Throughput:
      read, MiB/s:                  \d+\.\d\d (re)
      written, MiB/s:               \d+\.\d\d (re)
  
  General statistics:
      total time:                          \d+\.\d{4}s (re)
      total number of events:              200
  
  Latency (ms):
           min: +\d+\.\d\d (re)
           avg: +\d+\.\d\d (re)
           max: +\d+\.\d\d (re)
           95th percentile: +\d+\.\d\d (re)
           sum: +\d+\.\d\d (re)
  
  Threads fairness:
      events \(avg/stddev\):           200.0000/0.00 (re)
      execution time \(avg/stddev\):   \d+\.\d{4}/0.00 (re)
  

With --report-statements=on (as for SQL statement kinds), a latency block
per operation kind follows the report; rndrw keeps sysbench's exact
read/write ratio (a read while reads+1 < 1.5 (writes+1)): 120 reads and 80
writes of 200, and an fsync of both files after each 100 requests:

  $ $B fileio $O --file-test-mode=rndrw --events=204 --time=0 --report-statements=on run | sed -n '/Threads fairness/,$p'
  Threads fairness:
      events \(avg/stddev\):           204.0000/0.00 (re)
      execution time \(avg/stddev\):   \d+\.\d{4}/0.00 (re)
  
  Latency per I/O operation, from submission to completion (ms):
      read:  count: 120  50%: \d+\.\d{3}  95%: \d+\.\d{3}  99%: \d+\.\d{3}  99.9%: \d+\.\d{3}  max: \d+\.\d{3} (re)
      write: count: 80  50%: \d+\.\d{3}  95%: \d+\.\d{3}  99%: \d+\.\d{3}  99.9%: \d+\.\d{3}  max: \d+\.\d{3} (re)
      fsync: count: 6  50%: \d+\.\d{3}  95%: \d+\.\d{3}  99%: \d+\.\d{3}  99.9%: \d+\.\d{3}  max: \d+\.\d{3} (re)
  

With queued I/O the two blocks time different things, and the second says
so: an event queues one request (waiting only for a free slot of the
--file-iodepth queue), an operation runs from submission to completion.
Each event is one request here, so both blocks count the same 200:

  $ for io in io_uring async; do
  >   $B fileio $O --file-test-mode=rndrd --file-io-mode=$io --file-iodepth=16 --file-async-backlog=16 --events=200 --time=0 --report-statements=on run > q.txt
  >   grep -E 'total number of events|^Latency|^    read: |^    \(|^    (queues|above)' q.txt | sed -E 's/  50%.*//'
  > done
      total number of events:              200
  Latency (ms):
  Latency per I/O operation, from submission to completion (ms):
      read:  count: 200
      (--file-io-mode=io_uring, up to 16 requests in flight per thread: an event
      queues one request and waits only for a free slot, so "Latency (ms)"
      above is the time per event, not per I/O operation)
      total number of events:              200
  Latency (ms):
  Latency per I/O operation, from submission to completion (ms):
      read:  count: 200
      (--file-io-mode=async, up to 16 requests in flight per thread: an event
      queues one request and waits only for a free slot, so "Latency (ms)"
      above is the time per event, not per I/O operation)

Without --report-statements there is one block, sysbench's, unchanged:

  $ $B fileio $O --file-test-mode=rndrd --file-io-mode=io_uring --events=200 --time=0 run | grep -cE '^Latency|in flight per thread: an event'
  1

The same kinds go to the json final line's "statements" and, as one
Tag=stmt.<kind> histogram each, to --hdr-log (bench merge reads them back):

  $ $B fileio $O --file-test-mode=rndrw --events=204 --time=0 --report-statements=on --report-format=json --hdr-log=ops.hlog run 2>/dev/null | tail -n 1 |
  >   python3 -c 'import json, sys; st = json.load(sys.stdin)["statements"]; print(" ".join("%s %d %d" % (k, v["count"], v["errors"]) for k, v in st.items()))'
  read 120 0 write 80 0 fsync 6 0
  $ grep -o '^Tag=stmt\.[a-z]*' ops.hlog
  Tag=stmt.read
  Tag=stmt.write
  Tag=stmt.fsync
  $ $B merge ops.hlog 2>/dev/null | grep -E '^    (read|write|fsync) ' | awk '{ print $1, $2 }'
  read 120
  write 80
  fsync 6

The interval line, on a run long enough to have one:

  $ $B fileio $O --file-test-mode=rndrd --time=2 --report-interval=1 run | grep '^\[ 1s'
  \[ 1s \] reads: \d+\.\d\d MiB/s writes: 0.00 MiB/s fsyncs: 0.00/s latency \(ms,95%\): \d+\.\d{3} (re)

Every mode in every io-mode, with --validate: each event is one request of
one block, so the counts are exact. The helper prints the counts of the
per-operation block and checks that MiB/s times the total time is the bytes
asked for (within 3%, the rounding of the printed figures).

  $ counts() {
  >   awk '/total time:/ { t = $3 + 0 }
  >        /read, MiB\/s:/ { rm = $3 }  /written, MiB\/s:/ { wm = $3 }
  >        /^    read: / { r = $3 } /^    write: / { w = $3 } /^    fsync: / { f = $3 }
  >        /FATAL/ { print; bad = 1 }
  >        END { if (bad) exit; r += 0; w += 0; f += 0
  >              ok = "ok"
  >              if (t > 0 && (rm * t - r / 64 > 0.03 * r / 64 + 0.02 || r / 64 - rm * t > 0.03 * r / 64 + 0.02)) ok = "read MiB off"
  >              if (t > 0 && (wm * t - w / 64 > 0.03 * w / 64 + 0.02 || w / 64 - wm * t > 0.03 * w / 64 + 0.02)) ok = "written MiB off"
  >              printf "reads=%d writes=%d fsyncs=%d %s\n", r, w, f, ok }'
  > }
  $ for io in sync async mmap io_uring; do
  >   for m in seqwr seqrewr seqrd rndrd rndwr; do
  >     echo "$io $m $($B fileio $O --file-test-mode=$m --file-io-mode=$io --validate --events=256 --time=0 --file-fsync-freq=0 --file-async-backlog=8 --file-iodepth=8 --report-statements=on run 2>&1 | counts)"
  >   done
  > done
  sync seqwr reads=0 writes=256 fsyncs=2 ok
  sync seqrewr reads=0 writes=256 fsyncs=2 ok
  sync seqrd reads=256 writes=0 fsyncs=0 ok
  sync rndrd reads=256 writes=0 fsyncs=0 ok
  sync rndwr reads=0 writes=256 fsyncs=2 ok
  async seqwr reads=0 writes=256 fsyncs=2 ok
  async seqrewr reads=0 writes=256 fsyncs=2 ok
  async seqrd reads=256 writes=0 fsyncs=0 ok
  async rndrd reads=256 writes=0 fsyncs=0 ok
  async rndwr reads=0 writes=256 fsyncs=2 ok
  mmap seqwr reads=0 writes=256 fsyncs=2 ok
  mmap seqrewr reads=0 writes=256 fsyncs=2 ok
  mmap seqrd reads=256 writes=0 fsyncs=0 ok
  mmap rndrd reads=256 writes=0 fsyncs=0 ok
  mmap rndwr reads=0 writes=256 fsyncs=2 ok
  io_uring seqwr reads=0 writes=256 fsyncs=2 ok
  io_uring seqrewr reads=0 writes=256 fsyncs=2 ok
  io_uring seqrd reads=256 writes=0 fsyncs=0 ok
  io_uring rndrd reads=256 writes=0 fsyncs=0 ok
  io_uring rndwr reads=0 writes=256 fsyncs=2 ok

rndrw mixes reads and writes (1.5 reads per write on average: both occur); the
requests still add up to the events:

  $ for io in sync async mmap io_uring; do
  >   $B fileio $O --file-test-mode=rndrw --file-io-mode=$io --validate --events=200 --time=0 --file-fsync-freq=0 --report-statements=on run 2>&1 |
  >     counts | awk -v io=$io '{ split($1, r, "="); split($2, w, "=");
  >       print io, r[2] + w[2], (r[2] > 0 && w[2] > 0) ? "mixed" : "not mixed", $3, $4 }'
  > done
  sync 200 mixed fsyncs=2 ok
  async 200 mixed fsyncs=2 ok
  mmap 200 mixed fsyncs=2 ok
  io_uring 200 mixed fsyncs=2 ok

Two threads split the events; periodic fsync covers every file each
--file-fsync-freq requests of a thread, and each fsync is an event:

  $ $B fileio $O --file-test-mode=rndwr --threads=2 --events=220 --time=0 --file-fsync-freq=50 --file-fsync-end=off --report-statements=on run | grep -E 'total number of events|^    (write|fsync):' | sed -E 's/  50%.*//'
      total number of events:              220
      write: count: \d+ (re)
      fsync: count: \d+ (re)
  $ $B fileio $O --file-test-mode=seqwr --events=100 --time=0 --file-fsync-freq=50 --file-fsync-end=off --report-statements=on run | grep -E '^    (write|fsync):' | sed -E 's/  50%.*//'
      write: count: 98
      fsync: count: 2
  $ $B fileio $O --file-test-mode=seqwr --events=10 --time=0 --file-fsync-all --file-fsync-end=off --file-fsync-mode=fdatasync --report-statements=on run | grep -E '^    (write|fsync):' | sed -E 's/  50%.*//'
      write: count: 10
      fsync: count: 10

seqwr is sysbench's creation test: it starts from new, empty files (so
prepare extends them again, as sysbench's prepare does):

  $ stat -c '%n %s' test_file.*
  test_file.0 163840
  test_file.1 0
  $ $B fileio $O prepare | grep -E 'file test_file|written'
  Extending existing file test_file.0
  Creating file test_file.1
  4030464 bytes written in \d+\.\d\d seconds \(\d+\.\d\d MiB/sec\)\. (re)

Extra flags: sync, dsync and direct (O_DIRECT with aligned buffers) with
validation:

  $ for f in sync dsync direct sync,direct; do
  >   echo "$f $($B fileio $O --file-test-mode=rndrw --file-extra-flags=$f --validate --events=50 --time=0 --file-fsync-freq=0 run 2>&1 | grep -E 'Extra file|FATAL')"
  > done
  sync Extra file open flags: sync 
  dsync Extra file open flags: dsync 
  direct Extra file open flags: directio
  sync,direct Extra file open flags: sync directio
  $ $B fileio $O --file-test-mode=rndrd --file-io-mode=io_uring --file-extra-flags=direct --validate --events=100 --time=0 --report-statements=on run | grep -E '^    read:' | sed -E 's/  50%.*//'
      read:  count: 100

I/O buffers: one mapping for all threads, every buffer 4 KiB-aligned, in
transparent huge pages unless --file-huge-buffers=off; --verbosity=5 says
how much the kernel gave as huge pages (all of it, where THP is not
"never"). 3 threads x (1 + 8) buffers of 5000 bytes, each rounded up to
8192: 221184 bytes; validated reads and writes go through them:

  $ mkdir odd && cd odd
  $ thp=$(grep -o '\[[a-z]*\]' /sys/kernel/mm/transparent_hugepage/enabled 2>/dev/null)
  $ $B fileio $O --file-block-size=5000 prepare > /dev/null
  $ for h in on off; do
  >   $B fileio $O --file-block-size=5000 --file-test-mode=rndrw --file-io-mode=async --file-async-backlog=8 --threads=3 --validate --events=300 --time=0 --file-fsync-freq=0 --file-huge-buffers=$h --verbosity=5 run 2>&1 |
  >     awk -v h=$h -v thp="$thp" '/FATAL/ { print }
  >       /total number of events/ { print h, "events", $NF }
  >       /DEBUG: fileio: .* bytes of I\/O buffers/ { need = $3; huge = $8
  >         want = (h == "on" && thp != "[never]" && thp != "") ? need : 0
  >         print h, need, "bytes of buffers,", (huge == want ? "huge pages as expected" : "huge pages: " huge " of " need) }'
  > done
  on 221184 bytes of buffers, huge pages as expected
  on events 300
  off 221184 bytes of buffers, huge pages as expected
  off events 300
  $ cd ..

--file-merged-requests merges that many blocks into one request in the
sequential modes, as sysbench (10 requests of 64 KiB, validated):

  $ $B fileio $O --file-test-mode=seqrewr --file-merged-requests=4 --events=10 --time=0 --validate run | grep -E 'Merging|FATAL'
  Merging requests up to 64KiB for sequential IO.
  $ $B fileio $O --file-test-mode=seqrd --file-merged-requests=4 --events=10 --time=0 --validate --report-statements=on run | grep -E 'FATAL|^    read:' | sed -E 's/  50%.*//'
      read:  count: 10

--validate catches a damaged block and names the file and offset (a freshly
prepared set carries a checksum in every block):

  $ $B fileio $O prepare > /dev/null
  $ printf 'XXXX' | dd of=test_file.1 bs=1 seek=32800 conv=notrunc 2>/dev/null
  $ $B fileio $O --file-test-mode=seqrd --validate --events=256 --time=0 run 2>&1 | grep FATAL; echo "rc=${PIPESTATUS[0]}"
  FATAL: `thread_run' function failed: Validation failed on file test_file.1, offset 32768
  rc=1

Files too small are refused (bigger ones are fine, as in sysbench):

  $ $B fileio --file-num=2 --file-total-size=8M --file-test-mode=rndrd run 2>&1 | grep -E 'FATAL|WARNING'; echo "rc=${PIPESTATUS[0]}"
  FATAL: Size of file 'test_file.0' is 2MiB, but at least 4MiB is expected.
  WARNING: Did you run 'prepare' with different --file-total-size or --file-num values?
  rc=1
  $ $B fileio --file-num=2 --file-total-size=2M --file-test-mode=rndrd --events=10 --time=0 run 2>&1 | grep -E 'FATAL|total number of events'
      total number of events:              10

Cleanup removes the files:

  $ $B fileio $O cleanup
  bench 0.1.0 (using system LuaJIT 2.1.0-beta3)
  
  Removing test files...
  $ ls test_file.* 2>/dev/null | wc -l
  0

Disk full during prepare (a 2 MiB tmpfs, or without the right to mount one
a 2 MiB file size limit): prepare fails, and the half-prepared set is
never taken as prepared. Messages go outside: the tmpfs is full.

  $ mkdir small
  $ if mount -t tmpfs -o size=2M tmpfs small 2>/dev/null; then lim=unlimited; else lim=2048; fi
  $ cd small
  $ (trap '' XFSZ; ulimit -f $lim; $B fileio --file-num=2 --file-total-size=8M prepare > ../err 2>&1; echo "rc=$?"; grep -c 'FATAL: Failed to write file! errno = [0-9]* (' ../err)
  rc=1
  1
  $ $B fileio --file-num=2 --file-total-size=8M --file-test-mode=rndrd run 2>&1 | grep FATAL | sed -E "s/'test_file\.[0-9]+' is [0-9.]+[KM]iB/'test_file.N' is S/"; echo "rc=${PIPESTATUS[0]}"
  FATAL: Size of file 'test_file.N' is S, but at least 4MiB is expected.
  rc=1
  $ cd ..
  $ umount small 2>/dev/null; true

O_DIRECT refused by the file system (ramfs has no direct I/O; mounting it
needs root, as the database tests do): one FATAL line naming the file,
exit 1:

  $ mkdir ram
  $ mount -t ramfs ramfs ram && cd ram
  $ $B fileio --file-num=2 --file-total-size=1M prepare > /dev/null
  $ errs $B fileio --file-num=2 --file-total-size=1M --file-extra-flags=direct --file-test-mode=rndrd --time=1 run; echo "rc=$?"
  FATAL: O_DIRECT is not supported by the file system of test_file.0 (open: Invalid argument)
  rc=1
  $ cd .. && umount ram

perf/uring_floor.c, the plain liburing loop perf/fileio.sh runs next to
bench and fio, builds and does I/O (a positive IOPS figure, one line), and
refuses bad arguments:

  $ mkdir floor && cd floor
  $ cc -O2 -o uring_floor "$BENCH_SRCDIR/perf/uring_floor.c" -luring -lpthread
  $ $B fileio $O prepare > /dev/null
  $ ./uring_floor read 2 4 1 16384 0 test_file.0 test_file.1 | grep -cE '^[1-9][0-9]*$'
  1
  $ ./uring_floor write 1 4 1 16384 0 test_file.0 test_file.1 | grep -cE '^[1-9][0-9]*$'
  1
  $ SMALL_PAGES=1 ./uring_floor read 1 4 1 16384 0 test_file.0 test_file.1 | grep -cE '^[1-9][0-9]*$'
  1
  $ ./uring_floor read 0 4 1 16384 0 test_file.0; echo "rc=$?"
  uring_floor: bad arguments
  rc=2
  $ ./uring_floor read 1 4 1 16384 0 no_such_file; echo "rc=$?"
  uring_floor: no_such_file: No such file or directory
  rc=1
  $ cd ..
