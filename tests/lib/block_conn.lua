-- SPDX-License-Identifier: GPL-2.0-or-later
-- tests/t/conn_mysql.t and conn_pgsql.t: a script that blocks its worker
-- thread outside sysbench.sql. Connection 0 sleeps 100 ms (usleep through
-- the FFI) after each query and prints "sleep T0 T1"; every other
-- connection prints "ev CID T" at the end of each event; at the end each
-- prints "conn CID EVENTS". T: CLOCK_MONOTONIC seconds, so that the test
-- can check an order (no event of thread 0 ends while connection 0
-- sleeps, thread 1's do) that no load can change, where counts compared
-- between the threads could.
pcall(ffi.cdef, [[
int usleep(unsigned int usec);
typedef struct { long s; long ns; } blk_ts_t;
int clock_gettime(int clk, blk_ts_t *ts);
]])
local ts = ffi.new("blk_ts_t")
local function now()
   ffi.C.clock_gettime(1, ts)
   return tonumber(ts.s) + tonumber(ts.ns) * 1e-9
end
local n = 0
function thread_init() con = sysbench.sql.driver():connect() end
function event()
   con:query("SELECT 1")
   n = n + 1
   if sysbench.tid == 0 then
      local t0 = now()
      ffi.C.usleep(100000)
      print(string.format("sleep %.6f %.6f", t0, now()))
   else
      print(string.format("ev %d %.6f", sysbench.tid, now()))
   end
end
function thread_done() print("conn", sysbench.tid, n) con:disconnect() end
