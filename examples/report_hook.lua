-- SPDX-License-Identifier: GPL-2.0-or-later
-- report_hook.lua: custom report hooks, written against the sysbench Lua
-- API as bench implements it (docs/lua-api.md).
--
-- The event does some string work and counts it with bench_stat_add, so
-- the reports have reads and writes to show:
--   * report_intermediate prints each --report-interval report as one CSV
--     line (sysbench.report_csv), after a header line of its own;
--   * report_cumulative replaces the whole final report with a few
--     "key: value" lines.
--
--   bench examples/report_hook.lua --time=5 --report-interval=1 run > out.csv
--   bench examples/report_hook.lua --events=1000 --threads=2 run

sysbench.cmdline.options = {
   ["words"] = {"Words built and scanned by each event", 16},
   ["csv-header"] = {"Print a header line before the first CSV line", true},
}

local stat_add = ffi.C.bench_stat_add   -- its counters: ffi.C.BENCH_CTR_*
local READS, WRITES = ffi.C.BENCH_CTR_READS, ffi.C.BENCH_CTR_WRITES

local words

function thread_init(tid)
   words = sysbench.opt.words
end

-- One event: build `words` random words (each counts as a "write"), then
-- scan them for a letter (each scan counts as a "read").
function event(tid)
   local t = {}
   for i = 1, words do
      t[i] = sysbench.rand.string("@@@@@@@@")
   end
   stat_add(WRITES, words)
   local s = table.concat(t, " ")
   local hits = 0
   for _ in s:gmatch("q") do
      hits = hits + 1
   end
   stat_add(READS, 1)
end

-- The hooks run in the main Lua state (the one init() ran in), in the
-- reporting thread; `stat` is an sb_stat_t (times in seconds).

local header_done = false

sysbench.hooks.report_intermediate = function(stat)
   if sysbench.opt.csv_header and not header_done then
      print("time,threads,tps,qps,reads,writes,other,latency_ms,errors,reconnects")
      header_done = true
   end
   -- time,threads,tps,qps,r/s,w/s,o/s,latency(ms, --percentile),err/s,reconn/s
   sysbench.report_csv(stat)
end

sysbench.hooks.report_cumulative = function(stat)
   local t = stat.time_total > 0 and stat.time_total or 1
   print("-- final report (report_cumulative) --")
   print(string.format("events: %d", tonumber(stat.events)))
   print(string.format("reads: %d", tonumber(stat.reads)))
   print(string.format("writes: %d", tonumber(stat.writes)))
   print(string.format("events/s: %.2f", tonumber(stat.events) / t))
   print(string.format("latency ms: min %.3f avg %.3f max %.3f p%s %.3f",
      stat.latency_min * 1000, stat.latency_avg * 1000, stat.latency_max * 1000,
      string.format("%.10g", sysbench.opt.percentile), stat.latency_pct * 1000))
end
