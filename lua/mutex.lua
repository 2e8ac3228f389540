-- SPDX-License-Identifier: GPL-2.0-or-later
-- mutex: sysbench's mutex benchmark. Every thread runs exactly one event:
-- --mutex-locks times, an empty loop of --mutex-loops iterations, then a
-- lock/increment/unlock of a random one of --mutex-num mutexes
-- (src/native/mutex.c). The run ends when every thread is done.

sysbench.cmdline.options = {
   ["mutex-num"] = {"total size of mutex array", 4096},
   ["mutex-locks"] = {"number of mutex locks to do per thread", 50000},
   ["mutex-loops"] = {"number of empty loops to do outside mutex lock", 10000},
}
sysbench.cmdline.options_order = { "mutex-num", "mutex-locks", "mutex-loops" }

local C = ffi.C
local mutex_event = C.native_mutex_event

local count = require("workload_util").uint_option

function init()
   count("mutex-locks", 0)
   count("mutex-loops", 0)
   local rc = C.native_mutex_setup(count("mutex-num", 1))
   if rc ~= 0 then
      error(string.format("cannot create %d mutexes (error %d)",
                          sysbench.opt.mutex_num, -rc), 0)
   end
end

-- After the option summary: sysbench's INFO line (--verbosity=4 and up).
function print_mode()
   C.native_log(4, "Doing mutex performance test")
end

local locks, loops
local done_event = false   -- per thread: each thread has its own state

function thread_init()
   locks = count("mutex-locks", 0)
   loops = count("mutex-loops", 0)
end

-- The first call is the thread's event; the second ends the thread
-- (returning true stops it without counting an event, as in sysbench).
function event()
   if done_event then
      return true
   end
   done_event = true
   mutex_event(locks, loops)
end

function done()
   C.native_mutex_teardown()
end
