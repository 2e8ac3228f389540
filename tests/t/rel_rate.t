--time under --rate (issue 16, finding 2): workers sleeping until their next
arrival wake when the run ends, so the time limit holds and events/s is
computed over the real run. The bounds are generous (a loaded 2-core
machine); before the fix the first run took about 8.5 s (32 threads each
sleeping up to 32 arrivals past the end) and the second one did not end.

  $ elapsed() { local t0=$EPOCHREALTIME; "$@" > run.out; local rc=$?
  >   awk -v a="$t0" -v b="$EPOCHREALTIME" 'BEGIN { d = b - a; print (d < 6 ? "ends in time" : "overran: " d " s") }'; return $rc; }
  $ stat_of() { awk -v k="$1" 'index($0, k) { print $NF }' run.out | tr -d 's'; }

32 threads at 5 events/s for 2 s:

  $ elapsed timeout -s KILL 60 $BENCH cpu --threads=32 --rate=5 --time=2 run
  ends in time
  $ awk -v t="$(stat_of 'total time:')" 'BEGIN { print (t >= 2 && t < 6 ? "total time ok" : "total time " t) }'
  total time ok

events/s is the events over the run's real duration:

  $ awk -v n="$(stat_of 'total number of events:')" -v t="$(stat_of 'total time:')" -v r="$(stat_of 'events per second:')" \
  >   'BEGIN { d = n / t - r; if (d < 0) d = -d; print (d < 0.02 ? "rate consistent" : "rate " r " for " n " in " t) }'
  rate consistent

An arrival 1000 s away on average (the first one comes a gap after the
start, as every later one: issue 33, finding 8; conn_rate.t has more):

  $ elapsed timeout -s KILL 60 $BENCH cpu --threads=2 --rate=0.001 --time=2 run
  ends in time
  $ stat_of 'total number of events:'
  0

A signal also wakes sleeping workers at once:

  $ timeout --foreground -s KILL 30 $BENCH cpu --threads=4 --rate=0.001 --time=0 run > run.out & pid=$!
  $ for i in $(seq 300); do grep -qs 'Threads started' run.out && break; sleep 0.1; done
  $ sleep 1; t0=$EPOCHREALTIME; kill -INT $pid; wait $pid; echo "exit $?"
  exit 1
  $ awk -v a="$t0" -v b="$EPOCHREALTIME" 'BEGIN { print (b - a < 3 ? "stopped at once" : "took " b - a " s") }'
  stopped at once
  $ grep -c 'General statistics' run.out
  1

Reaching --events under --rate leaves the events already claimed by threads
waiting for their arrival to run (as sysbench: exactly 50; bench ran 43):

  $ timeout -s KILL 60 $BENCH cpu --threads=8 --rate=100 --events=50 --time=0 run | grep 'total number of events'
      total number of events:              50
