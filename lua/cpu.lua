-- SPDX-License-Identifier: GPL-2.0-or-later
-- cpu: sysbench's CPU benchmark. Each event counts the primes below
-- --cpu-max-prime by trial division, in C (src/native/cpu.c) so that the
-- events per second compare with sysbench's.

sysbench.cmdline.options = {
   ["cpu-max-prime"] = {"upper limit for primes generator", 10000},
}
-- Help lists the options in this order (as sysbench), not sorted.
sysbench.cmdline.options_order = { "cpu-max-prime" }

local count_primes = ffi.C.native_cpu_primes
local native_log = ffi.C.native_log

-- The limit, checked: an integer in [1, 2^32).
local function max_prime()
   local n = tonumber(sysbench.opt.cpu_max_prime)
   if n == nil or n <= 0 or n > 4294967295 or n ~= math.floor(n) then
      -- as sysbench: a FATAL line, nothing else (a quiet error)
      native_log(0, string.format("Invalid value of cpu-max-prime: %s.",
                                  tostring(sysbench.opt.cpu_max_prime)))
      error({ quiet = true }, 0)
   end
   return n
end

-- Checks before the option summary, the setting after it (NOTICE).
function init()
   max_prime()
end

function print_mode()
   native_log(4, "Doing CPU performance benchmark\n")   -- INFO, as sysbench
   native_log(3, string.format("Prime numbers limit: %d\n", max_prime()))
end

local limit

function thread_init()
   limit = max_prime()
end

function event()
   count_primes(limit)
end

-- Printed before "General statistics" (runs in the reporter's state).
sysbench.hooks.report_summary = function(stat)
   local t = stat.time_interval > 0 and stat.time_interval or stat.time_total
   native_log(3, string.format("CPU speed:\n    events per second: %8.2f",
                               t > 0 and tonumber(stat.events) / t or 0))
end
