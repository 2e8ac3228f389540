--connections without epoll_pwait2: a worker thread waits for its
connections' sockets and for its timers (--rate arrivals, the end of the
run) in one epoll wait; one with a deadline is epoll_pwait2 (Linux 5.11,
nanoseconds). Where it is missing (an older kernel, a seccomp filter,
valgrind) it fails with ENOSYS, and the thread then waits with epoll_wait
and the deadline in milliseconds, rounded up. Here strace makes every
epoll_pwait2 fail with ENOSYS; the run must still keep --rate's schedule
and its exact counts. Before the fallback it stopped at once with
"FATAL: epoll_wait: Function not implemented".

  $ strace -f -qq -e trace=epoll_pwait2 -e inject=epoll_pwait2:error=ENOSYS -o /dev/null true 2>/dev/null || exit 80
  $ . "$BENCH_SRCDIR/tests/lib/dbtest.sh"
  $ dbtest_start pgsql
  $ . "$BENCH_SRCDIR/tests/lib/counts.sh"
  $ $B oltp_point_select $PG --tables=1 --table-size=1000 prepare > /dev/null

nopwait2 ARGS... runs bench with every epoll_pwait2 failing, prints its
counts and any error, then how many epoll_pwait2 calls it made (a thread
tries once, then no more) and whether epoll_wait took over.

  $ nopwait2() {
  >   ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" \
  >     strace -f -qq -e trace=epoll_pwait2,epoll_wait -e inject=epoll_pwait2:error=ENOSYS \
  >     -e signal=none -o trace $B "$@" > out 2>&1
  >   local rc=$?
  >   cnt < out; grep -E 'FATAL|ALERT' out
  >   local p w
  >   p=$(grep -c 'epoll_pwait2(' trace); w=$(grep -c 'epoll_wait(' trace)
  >   echo "exit $rc, epoll_pwait2 calls: $([ "$p" -ge 1 ] && [ "$p" -le 4 ] && echo 1-4 || echo "$p"), epoll_wait: $([ "$w" -gt 0 ] && echo used || echo none)"
  > }

--rate arrivals handed to idle coroutines: each waits for its arrival time
in the thread's epoll wait. 200 events at 400 per second, on 8
connections of 2 threads:

  $ nopwait2 oltp_point_select $PG --tables=1 --table-size=1000 --threads=2 --connections=8 \
  >   --rate=400 --events=200 --time=0 run
  read 200 write 0 other 0 total 200 transactions 200 events 200 ignored 0 reconnects 0
  exit 0, epoll_pwait2 calls: 1-4, epoll_wait: used

The schedule is kept: --rate=400 for 1 s gives about 400 events; and the
waits for an arrival sleep (milliseconds rounded down to 0 would spin:
tens of thousands of epoll_wait calls where a few per event are made):

  $ nopwait2 oltp_point_select $PG --tables=1 --table-size=1000 --threads=2 --connections=8 \
  >   --rate=400 --time=1 run
  read * write 0 other 0 total * transactions * events * ignored 0 reconnects 0 (glob)
  exit 0, epoll_pwait2 calls: 1-4, epoll_wait: used
  $ n=$(awk '/transactions:/ { print $2 }' out)
  $ [ "$n" -ge 250 ] && [ "$n" -le 550 ] && echo on schedule || echo "off: $n"
  on schedule
  $ w=$(grep -c 'epoll_wait(' trace)
  $ [ "$w" -lt $((10 * n)) ] && echo "no busy wait" || echo "$w epoll_wait calls for $n events"
  no busy wait

  $ $B oltp_point_select $PG --tables=1 cleanup > /dev/null
