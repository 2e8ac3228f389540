-- SPDX-License-Identifier: GPL-2.0-or-later
-- One SELECT per event looking up --random_points random values of the
-- secondary index k of sbtest1 with an IN() list. Each thread draws from
-- its own slice of 1..table_size so that threads do not overlap.
local oltp = require("oltp_common")

sysbench.cmdline.options.random_points =
   { "Number of random points in the IN() clause in generated SELECTs", 10 }

local opt = sysbench.opt
local points, lo, hi

function prepare_statements()
   local n = opt.random_points
   local marks = string.rep("?, ", n - 1) .. "?"
   local s = con:prepare("SELECT id, k, c, pad FROM sbtest1 WHERE k IN (" .. marks .. ")")
   points = {}
   for i = 1, n do
      points[i] = s:bind_create(sysbench.sql.type.INT)
   end
   s:bind_param(unpack(points))
   stmt[1].random_points = s
end

function event()
   if lo == nil then
      lo, hi = oltp.thread_slice()
   end
   local rand = sysbench.rand.default
   for i = 1, #points do
      points[i]:set(rand(lo, hi))
   end
   stmt[1].random_points:execute()
   oltp.after_event()
end
