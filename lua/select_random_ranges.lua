-- SPDX-License-Identifier: GPL-2.0-or-later
-- One SELECT per event counting the rows of sbtest1 whose k falls in any
-- of --number_of_ranges random ranges [v, v + delta]. Each thread draws
-- from its own slice of 1..table_size so that threads do not overlap.
local oltp = require("oltp_common")

sysbench.cmdline.options.number_of_ranges =
   { "Number of random BETWEEN ranges per SELECT", 10 }
sysbench.cmdline.options.delta =
   { "Size of BETWEEN ranges", 5 }

local opt = sysbench.opt
local bounds, lo, hi

function prepare_statements()
   local n = opt.number_of_ranges
   local where = string.rep("k BETWEEN ? AND ? OR ", n - 1) .. "k BETWEEN ? AND ?"
   local s = con:prepare("SELECT count(k) FROM sbtest1 WHERE " .. where)
   bounds = {}
   for i = 1, 2 * n do
      bounds[i] = s:bind_create(sysbench.sql.type.INT)
   end
   s:bind_param(unpack(bounds))
   stmt[1].random_ranges = s
end

function event()
   if lo == nil then
      lo, hi = oltp.thread_slice()
   end
   local rand, delta = sysbench.rand.default, opt.delta
   for i = 1, #bounds, 2 do
      local v = rand(lo, hi)
      bounds[i]:set(v)
      bounds[i + 1]:set(v + delta)
   end
   stmt[1].random_ranges:execute()
   oltp.after_event()
end
