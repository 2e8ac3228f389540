-- SPDX-License-Identifier: GPL-2.0-or-later
-- sysbench.report_default / report_csv / report_json: the interval report
-- formats sysbench's Lua API offers to report hooks.

local function pct_label()
   return string.format("%.10g", tonumber(sysbench.opt.percentile) or 95)
end

local function rates(stat)
   local t = stat.time_interval
   if t <= 0 then t = 1 end
   local r, w, o = tonumber(stat.reads), tonumber(stat.writes), tonumber(stat.other)
   return tonumber(stat.events) / t, (r + w + o) / t, r / t, w / t, o / t,
      tonumber(stat.errors) / t, tonumber(stat.reconnects) / t
end

function sysbench.report_default(stat)
   local tps, qps, rps, wps, ops, eps, cps = rates(stat)
   -- sysbench prints "err/s" without a colon here; kept for parsers
   io.stdout:write(string.format(
      "[ %.0fs ] thds: %u tps: %4.2f qps: %4.2f (r/w/o: %4.2f/%4.2f/%4.2f) lat (ms,%s%%): %4.2f err/s %4.2f reconn/s: %4.2f\n",
      stat.time_total, stat.threads_running, tps, qps, rps, wps, ops,
      pct_label(), stat.latency_pct * 1000, eps, cps))
end

function sysbench.report_csv(stat)
   local tps, qps, rps, wps, ops, eps, cps = rates(stat)
   io.stdout:write(string.format(
      "%.0f,%u,%4.2f,%4.2f,%4.2f,%4.2f,%4.2f,%4.2f,%4.2f,%4.2f\n",
      stat.time_total, stat.threads_running, tps, qps, rps, wps, ops,
      stat.latency_pct * 1000, eps, cps))
end

local json_started = false

function sysbench.report_json(stat)
   local tps, qps, rps, wps, ops, eps, cps = rates(stat)
   if not json_started then
      io.stdout:write("[\n")
      json_started = true
   else
      io.stdout:write(",\n")
   end
   io.stdout:write(string.format([[
  {
    "time": %4.0f,
    "threads": %u,
    "tps": %4.2f,
    "qps": {
      "total": %4.2f,
      "reads": %4.2f,
      "writes": %4.2f,
      "other": %4.2f
    },
    "latency": %4.2f,
    "errors": %4.2f,
    "reconnects": %4.2f
  }]], stat.time_total, stat.threads_running, tps, qps, rps, wps, ops,
      stat.latency_pct * 1000, eps, cps))
end

-- Called once by the runtime after the last report.
function sysbench.__report_end()
   if json_started then
      io.stdout:write("\n]\n")
      json_started = false
   end
end
