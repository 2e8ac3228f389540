A worker whose run is over (its thread_done ran) keeps its Lua state until
every worker's run is over, then closes it (sched_worker_linger,
src/sched/sched.h): closing a state frees and unmaps its memory, work that
slowed the workers still running inside the measured time (bench slap at
100 clients, issue 17). Thread 0 below ends at once; thread 1 waits for
thread 0's thread_done, then another 0.3 s, and looks whether thread 0's
state was closed (its finalizer leaves a file). After the run both are.
The same with --connections (each connection's environment lives in its
worker thread's state; the two connections run on two threads):

  $ B="timeout 120 $BENCH"
  $ cat > linger.lua <<'LUA'
  > ffi.cdef [[ int usleep(unsigned int usec); ]]
  > local function exists(name)
  >    local f = io.open(name)
  >    if f then f:close() end
  >    return f ~= nil
  > end
  > local function touch(name) io.open(name, "w"):close() end
  > function thread_init(tid)
  >    guard = newproxy(true)
  >    getmetatable(guard).__gc = function() touch("closed" .. tid) end
  > end
  > function thread_run(tid)
  >    if tid == 0 then return end
  >    while not exists("done0") do ffi.C.usleep(10000) end
  >    ffi.C.usleep(300000)
  >    print(exists("closed0") and "thread 0's state was closed while thread 1 ran"
  >       or "thread 0's state is still open while thread 1 runs")
  > end
  > function thread_done(tid) touch("done" .. tid) end
  > LUA
  $ for conns in 0 2; do
  >   rm -f closed* done*
  >   $B linger.lua --threads=2 --connections=$conns run | grep "thread 0"
  >   echo $(ls closed* done*)
  > done
  thread 0's state is still open while thread 1 runs
  closed0 closed1 done0 done1
  thread 0's state is still open while thread 1 runs
  closed0 closed1 done0 done1

Interval reports count the threads still running, not the lingering ones:
thread 0 ends at once, thread 1 runs its events for 3.5 s.

  $ cat > thds.lua <<'LUA'
  > ffi.cdef [[ int usleep(unsigned int usec); ]]
  > local n = 0
  > function event(tid)
  >    if tid == 0 then return true end
  >    n = n + 1
  >    if n > 35 then return true end
  >    ffi.C.usleep(100000)
  > end
  > LUA
  $ $B thds.lua --threads=2 --report-interval=1 run | grep -o 'thds: [0-9]*' | tail -1
  thds: 1

After a signal (to bench, not to its timeout wrapper), a worker that
never stops is abandoned once the grace period is over; the lingering one
is not counted among those:

  $ cat > stuck.lua <<'LUA'
  > ffi.cdef [[ int usleep(unsigned int usec); ]]
  > function event(tid)
  >    if tid == 0 then return true end
  >    io.open("stuck", "w"):close()
  >    while true do ffi.C.usleep(20000) end
  > end
  > LUA
  $ $B stuck.lua --threads=2 --time=0 run > out.txt 2>&1 & pid=$!
  $ for i in $(seq 600); do [ -e stuck ] && break; sleep 0.1; done
  $ kill -TERM $(pgrep -P $pid); wait $pid; echo "exit $?"
  exit 1
  $ grep -o "[0-9]* worker thread(s) did not stop after the signal" out.txt
  1 worker thread(s) did not stop after the signal
