A checkpoint report is labelled with the checkpoint asked for, also when
it comes late: on a loaded machine the scheduler's thread can wake up
half a second or more after the time (sysbench's suite test
opt_report_checkpoints.t then saw "[ 2s ]" for the checkpoint at 1 s).
Here the whole process is stopped (SIGSTOP) across the checkpoints, which
makes every report late by more than a second whatever the load; the
reports' "total time" lines keep the real time. Before the fix the labels
were the late clock rounded ("[ 2s ]", "[ 3s ]").

  $ started() { local i; for i in $(seq 300); do grep -q 'Threads started' run.out 2> /dev/null && return; sleep 0.1; done; echo "not started"; }
  $ late() { "$BENCH" cpu --cpu-max-prime=2000 "$@" run > run.out & pid=$!; started; sleep 0.2; kill -STOP $pid; sleep "$stop"; kill -CONT $pid; wait $pid; echo "exit $?"; }

One checkpoint at 1 s, the process stopped for 1.5 s from about 0.2 s:

  $ stop=1.5 late --time=3 --report-checkpoints=1
  exit 0
  $ grep 'Checkpoint report' run.out
  [ 1s ] Checkpoint report:
  $ awk '/total time/ { t[++n] = $3 + 0 } END { print (n == 2 && t[1] >= 1 && t[2] >= 3 && t[2] >= t[1]) ? "checkpoint after 1 s, end after 3 s" : "times " t[1] " " t[2] }' run.out
  checkpoint after 1 s, end after 3 s

Two checkpoints both overdue when the process resumes (stopped for 2.5 s):
each is reported once, in order, with its own label:

  $ stop=2.5 late --time=4 --report-checkpoints=2,1
  exit 0
  $ grep 'Checkpoint report' run.out
  [ 1s ] Checkpoint report:
  [ 2s ] Checkpoint report:
  $ grep -c 'General statistics' run.out
  3

Fractional checkpoints: whole seconds, halves rounded up as sysbench
prints them (1.5 s is "[ 2s ]", 2.5 s is "[ 3s ]"):

  $ "$BENCH" cpu --cpu-max-prime=2000 --time=3 --report-checkpoints=1.5,2.5 run | grep 'Checkpoint report'
  [ 2s ] Checkpoint report:
  [ 3s ] Checkpoint report:
