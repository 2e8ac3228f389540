-- SPDX-License-Identifier: GPL-2.0-or-later
-- sort_cpu.lua: a CPU workload without a database, written against the
-- sysbench Lua API as bench implements it (docs/lua-api.md).
--
-- Each event fills an array with --sort-size random integers and sorts it
-- with table.sort (optionally checking the order). The final report gets
-- a "Sorting speed" block before "General statistics".
--
--   bench examples/sort_cpu.lua --threads=4 --time=10 run
--   bench examples/sort_cpu.lua --sort-size=100000 --sort-check=off --events=50 run
--   bench examples/sort_cpu.lua help

-- Options: name = {description, default}. The type comes from the default
-- (1000 -> integer, false -> boolean, "uniform" -> string).
sysbench.cmdline.options = {
   ["sort-size"] = {"Number of integers sorted by each event", 1000},
   ["sort-check"] = {"Check that each sorted array is in order", true},
   ["sort-dist"] = {"Distribution of the values: uniform, gaussian, pareto, zipfian", "uniform"},
}
-- bench extension: list the options in this order in `help`
sysbench.cmdline.options_order = { "sort-size", "sort-dist", "sort-check" }

-- Option values are read through sysbench.opt, with '-' spelled '_'.
local function sort_size()
   local n = sysbench.opt.sort_size
   if n < 1 or n > 10000000 then
      error("--sort-size must be in [1, 10000000], not " .. n, 0)
   end
   return n
end

local DISTS = { uniform = true, gaussian = true, pareto = true, zipfian = true }

-- init() runs once, in the main Lua state, before any worker starts.
function init()
   local dist = sysbench.opt.sort_dist
   if not DISTS[dist] then
      error("--sort-dist must be uniform, gaussian, pareto or zipfian, not '" ..
            tostring(dist) .. "'", 0)
   end
   print(string.format("Sorting %d integers per event (%s values)\n",
                       sort_size(), dist))
end

-- Per-thread state: every worker thread has its own Lua state, so these
-- locals are private to the thread that set them in thread_init().
local n, arr, rnd, check

function thread_init(tid)
   n = sort_size()
   arr = {}
   rnd = sysbench.rand[sysbench.opt.sort_dist]
   check = sysbench.opt.sort_check
end

function event(tid)
   for i = 1, n do
      arr[i] = rnd(1, 1000000)
   end
   table.sort(arr)
   if check then
      for i = 2, n do
         if arr[i - 1] > arr[i] then
            error(string.format("thread %d: array not sorted at %d", tid, i), 0)
         end
      end
   end
end

-- report_summary (bench): runs in the main Lua state after the run and
-- prints its block just before "General statistics". Times are seconds.
sysbench.hooks.report_summary = function(stat)
   local t = stat.time_interval > 0 and stat.time_interval or stat.time_total
   local events = tonumber(stat.events)
   print("Sorting speed:")
   print(string.format("    arrays sorted:                       %d", events))
   print(string.format("    integers sorted:                     %d",
                       events * sysbench.opt.sort_size))
   print(string.format("    integers per second:                 %.2f",
                       t > 0 and events * sysbench.opt.sort_size / t or 0))
   print(string.format("    average event time (ms):             %.3f",
                       stat.latency_avg * 1000))
end
