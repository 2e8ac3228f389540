-- SPDX-License-Identifier: GPL-2.0-or-later
-- threads: sysbench's scheduler benchmark. Each event takes one of
-- --thread-locks shared mutexes (round-robin over all events) and
-- --thread-yields times locks it, yields the CPU and unlocks it
-- (src/native/threads.c).

sysbench.cmdline.options = {
   ["thread-yields"] = {"number of yields to do per request", 1000},
   ["thread-locks"] = {"number of locks per thread", 8},
}
sysbench.cmdline.options_order = { "thread-yields", "thread-locks" }

local C = ffi.C
local threads_event = C.native_threads_event

local count = require("workload_util").uint_option

function init()
   count("thread-yields", 0)
   local rc = C.native_threads_setup(count("thread-locks", 1))
   if rc ~= 0 then
      error(string.format("cannot create %d mutexes (error %d)",
                          sysbench.opt.thread_locks, -rc), 0)
   end
end

-- After the option summary: sysbench's INFO lines (--verbosity=4 and up).
function print_mode()
   C.native_log(4, "Doing thread subsystem performance test")
   C.native_log(4, string.format("Thread yields per test: %d Locks used: %d",
                                 count("thread-yields", 0), count("thread-locks", 1)))
end

local yields

function thread_init()
   yields = count("thread-yields", 0)
end

function event()
   threads_event(yields)
end

function done()
   C.native_threads_teardown()
end
