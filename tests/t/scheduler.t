The scheduler: limits, intervals, checkpoints, open-loop rate, warm-up,
signals, forced shutdown, thread initialisation timeout.

  $ . "$BENCH_SRCDIR/tests/lib/errs.sh"
  $ B="$BENCH"
  $ printf 'function event() end\n' > empty.lua

--events=N runs exactly N events in total across threads:

  $ $B empty.lua --events=1000 --threads=2 --time=0 run | grep -E 'total number of events|events \(avg'
      total number of events:              1000
      events \(avg/stddev\):           500.0000/\d+\.\d\d (re)
  $ $B empty.lua --events=7 --time=0 --threads=3 run | grep 'total number of events'
      total number of events:              7

--time ends the run on time; the report has sysbench's blocks:

  $ $B empty.lua --time=1 --threads=2 --report-interval=1 run > run.txt
  $ sed -E -e 's/[0-9][0-9.]*/N/g' -e 's/ +N$/ N/' run.txt
  bench N (using system LuaJIT N-betaN)
  
  Running the test with following options:
  Number of threads: N
  Report intermediate results every N second(s)
  Initializing random number generator from current time
  
  
  Initializing worker threads...
  
  Threads started!
  
  [ Ns ] thds: N eps: N lat (ms,N%): N
  
  General statistics:
      total time:                          Ns
      total number of events: N
  
  Latency (ms):
           min: N
           avg: N
           max: N
           Nth percentile: N
           sum: N
  
  Threads fairness:
      events (avg/stddev):           N/N
      execution time (avg/stddev):   N/N
  
  $ tt() { awk '/total time/ { t = $3 + 0; print (t >= lo && t < lo + 5) ? "total time ok" : "total time " t }' lo="$1"; }
  $ tt 1 < run.txt
  total time ok

Fractional report intervals:

  $ $B empty.lua --time=2 --report-interval=0.5 run | grep -E '^\[' | cut -d' ' -f1-5
  [ 0.5s ] thds: 1
  [ 1.0s ] thds: 1
  [ 1.5s ] thds: 1
  [ 2.0s ] thds: 1

Report checkpoints print a full report and reset the counters:

  $ $B empty.lua --time=2 --report-checkpoints=1 run > cp.txt
  $ grep -E 'Checkpoint|checkpoint' cp.txt
  Report checkpoint(s) at 1 seconds
  [ 1s ] Checkpoint report:
  $ grep -c 'General statistics' cp.txt
  2
  $ awk '/total time/ { t[++n] = $3 + 0 } END { print (t[1] >= 1 && t[2] >= 2 && t[2] > t[1] && t[2] < 7) ? "checkpoint at 1 s, end at 2 s" : "times " t[1] " " t[2] }' cp.txt
  checkpoint at 1 s, end at 2 s

Open loop (--rate): Poisson arrivals at the target rate, the queue line,
and the schedule lag reported on its own:

  $ $B empty.lua --time=2 --rate=200 --report-lag --rate-overload=continue --report-interval=1 run > rate.txt
  $ grep -E 'Target|queue length' rate.txt | sed -e 's/[0-9][0-9.]*/N/g' | sort -u
  Target transaction rate: N/sec
  [ Ns ] queue length: N concurrency: N

The arrivals come at the rate whatever the load: the events run plus those
still queued at the stop (the last queue line, taken when the run stops)
are the arrivals of at least 2 s (400 expected; 320 is 4 standard
deviations below), and no more events run than 200/s of the real time
allow (plus 20%). A starved worker runs fewer events, never more (under
ASan on a loaded machine 201 of the 400 ran in 2 s):

  $ awk '/queue length/ { q = $6 } /total time/ { t = $3 + 0 } /total number of events/ { e = $5 }
  >   END { print (e + q >= 320 && e <= 240 * t && e > 0) ? "rate ok" : "rate off: " e " run, " q " queued, " t " s" }' rate.txt
  rate ok
  $ grep -A3 'Schedule lag' rate.txt | sed -E -e 's/[0-9][0-9.]*/N/g' -e 's/ +N$/ N/'
  Schedule lag (ms):
           avg: N
           max: N
           Nth percentile: N

A backlog never aborts the run: 1 thread cannot keep up with 1000/s of
5 ms events, and the lag shows it:

  $ cat > slow.lua <<'X'
  > ffi.cdef("int usleep(unsigned int)")
  > function event() ffi.C.usleep(5000) end
  > X
  $ $B slow.lua --time=1 --rate=1000 --report-lag --rate-overload=continue --report-interval=1 run > backlog.txt; echo rc=$?
  rc=0
  $ awk '/queue length/ { print ($5 > 100) ? "queue grows" : "queue " $5 }' backlog.txt
  queue grows
  $ awk '/Schedule lag/ { getline; print ($2 > 100) ? "lag grows" : "lag " $2 }' backlog.txt
  lag grows

Warm-up: events before --warmup-time ends count in no statistic. The
events sleep 1 ms, so a second of warm-up holds hundreds of them even on a
loaded machine (CPU hogs barely delay a sleeping thread); the counted ones
are fewer than the ones run by at least 10 (an uncounted event in flight
at the end is at most 1). A starved machine can hold the thread off for
the whole warm-up second (seen at 16 CPU hogs: 34 events in 2 s, none of
them in the warm-up); when the run itself shows that, under 200 of the
2000 events an idle machine runs, only "no more counted than ran" can be
judged:

  $ cat > count.lua <<'X'
  > ffi.cdef("int usleep(unsigned int)")
  > local n = 0
  > function event() n = n + 1; ffi.C.usleep(1000) end
  > function thread_done() io.stdout:write("ran " .. n .. "\n") end
  > X
  $ $B count.lua --warmup-time=1 --time=1 run > warm.txt
  $ awk '/^ran/ { ran = $2 } /total number of events/ { counted = $5 } END { print (counted > 0 && (ran - counted >= 10 || (ran < 200 && counted <= ran))) ? "warm-up excluded" : "ran " ran " counted " counted }' warm.txt
  warm-up excluded
  $ grep -E 'Warmup' warm.txt
  Warmup time: 1 second(s)
  $ tt 1 < warm.txt
  total time ok

Percentile options:

  $ $B empty.lua --events=100 --time=0 --percentile=0 run | grep percentile
           percentile stats:               disabled
  $ $B empty.lua --events=100 --time=0 --percentile=99.9 --report-interval=1 run | grep percentile
           99.9th percentile: +\d+\.\d\d (re)
  $ $B empty.lua --events=1000 --time=0 --histogram run | grep -A1 'Latency histogram'
  Latency histogram (values are in milliseconds)
         value  ------------- distribution ------------- count

SIGINT stops the workers, prints the report of what ran, exits non-zero
(env --default-signal: a background job of this non-interactive shell
starts with SIGINT ignored, and bench keeps an ignored SIGINT ignored):

  $ env --default-signal=INT $B empty.lua --time=60 run > int.txt & pid=$!; sleep 1; kill -INT $pid; wait $pid; echo rc=$?
  rc=1
  $ grep -c 'General statistics' int.txt
  1
  $ awk '/total time/ { print ($3 + 0 < 5) ? "stopped early" : "ran " $3 }' int.txt
  stopped early

--forced-shutdown ends a run whose events do not finish: sysbench's FATAL
line, the statistics so far, and exit status 2 (as sysbench), so a script
can tell a cut run from a clean one:

  $ cat > stuck.lua <<'X'
  > ffi.cdef("unsigned int sleep(unsigned int)")
  > function event() ffi.C.sleep(30) end
  > X
  $ timeout 20 $B stuck.lua --time=1 --forced-shutdown=1 run > forced.txt 2>&1; echo rc=$?
  rc=2
  $ grep -E 'Forcing|forcing|General statistics' forced.txt
  Forcing shutdown in 2 seconds
  FATAL: The --max-time limit has expired, forcing shutdown...
  General statistics:

The per-statement figures of --report-statements cannot be read from
threads still running; one line says they are missing:

  $ errs timeout 20 $B stuck.lua --time=1 --forced-shutdown=1 --report-statements run; echo rc=$?
  FATAL: The --max-time limit has expired, forcing shutdown...
  WARNING: --report-statements: no per-statement figures, the forced shutdown left worker threads running
  rc=2

--thread-init-timeout bounds a hanging thread_init():

  $ cat > hang.lua <<'X'
  > ffi.cdef("unsigned int sleep(unsigned int)")
  > function thread_init() ffi.C.sleep(30) end
  > function event() end
  > X
  $ timeout 20 $B hang.lua --thread-init-timeout=1 run 2>&1 | grep FATAL
  FATAL: Worker threads failed to initialize within 1 seconds!
  $ timeout 20 $B hang.lua --thread-init-timeout=1 run >/dev/null 2>&1
  [2]

No interval report lies past --time, however long the last events take to
finish (each sleeps 0.7 s here, so the run ends between 1.0 and 1.4 s and
more, and the reporter would otherwise wake for 1.2 s). Which of the
0.3/0.6/0.9 s reports come depends on the machine's load (a reporter woken
late by a busy machine skips one); none may be past 1 s:

  $ cat > slow.lua <<'X'
  > ffi.cdef[[int usleep(unsigned);]]
  > function event() ffi.C.usleep(700000) end
  > X
  $ $B slow.lua --time=1 --report-interval=0.3 run | grep '^\[' |
  >   awk '{ n++; if ($2 + 0 > 1.0) late++ } END { print (n > 0 ? "reports" : "none"), late + 0, "past --time" }'
  reports 0 past --time
