-- SPDX-License-Identifier: GPL-2.0-or-later
-- Helpers shared by the built-in system workloads.
local M = {}

-- Option `name` (as spelled in help, e.g. "mutex-num") as an integer in
-- [min, 2^32), or a fatal error naming the option and the value.
function M.uint_option(name, min)
   local key = name:gsub("-", "_")
   local v = tonumber(sysbench.opt[key])
   if v == nil or v < min or v > 4294967295 or v ~= math.floor(v) then
      -- a FATAL line, then a quiet error: the runtime adds nothing
      ffi.C.native_log(0, string.format("Invalid value for %s: %s", name,
                                        tostring(sysbench.opt[key])))
      error({ quiet = true }, 0)
   end
   return v
end

-- "[ 1s ]" for an interval report at t seconds, with as many decimals as
-- --report-interval has (the C reports use the same rule).
function M.stamp(t)
   local step = tonumber(sysbench.opt.report_interval) or 1
   local d = 0
   while d < 3 and math.abs(step * 10^d - math.floor(step * 10^d + 0.5)) > 1e-9 do
      d = d + 1
   end
   return string.format("[ %." .. d .. "fs ]", t)
end

-- print() for a notice: sysbench's C tests print their parameters and
-- progress at the notice level, which --verbosity below 3 hides.
function M.notice(...)
   local v = tonumber(sysbench.opt.verbosity) or 3
   if v >= 3 or sysbench.opt.debug then
      print(...)
   end
end

return M
