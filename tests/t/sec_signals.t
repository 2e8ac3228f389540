A program started with SIGINT ignored (a background job of a
non-interactive shell, nohup-like wrappers) keeps it ignored (issue 16):
bench installs its SIGINT/SIGTERM handlers only over signals that are not
ignored, so the run below goes on to its --time and exits 0.

  $ wait_started() { for i in $(seq 300); do grep -qs 'Threads started' "$1" && return; sleep 0.1; done; }
  $ (trap '' INT; exec $BENCH cpu --time=3 run) > int.out 2>&1 &
  $ pid=$!
  $ wait_started int.out
  $ kill -INT $pid; wait $pid; echo "exit $?"
  exit 0
  $ awk '/total time:/ { print ($3 + 0 >= 2.5) ? "ran to --time" : "stopped early: " $3 }' int.out
  ran to --time

A signal that is not ignored still stops the run, with its report and
exit status 1:

  $ $BENCH cpu --time=30 run > term.out 2>&1 &
  $ pid=$!
  $ wait_started term.out
  $ kill -TERM $pid; wait $pid; echo "exit $?"
  exit 1
  $ grep -c 'total time:' term.out
  1
