-- SPDX-License-Identifier: GPL-2.0-or-later
-- One INSERT per event, in autocommit mode, as a plain (not prepared)
-- statement. With --auto_inc the server assigns the id (MySQL: id 0,
-- PostgreSQL: the column's DEFAULT, SQLite: the rowid); without it the ids come from
-- sysbench.rand.unique(), mapped above --table_size so that they collide
-- neither with the prepared rows nor with each other.
local oltp = require("oltp_common")

local opt = sysbench.opt
local INT_MAX = 2147483647

-- The quoted c and pad values and the closing parenthesis, filled by one
-- random-string call.
local ROW_TAIL = ", '" .. oltp.C_TEMPLATE .. "', '" .. oltp.PAD_TEMPLATE .. "')"

-- rand.unique() is a permutation of the 32-bit integers over a counter
-- shared by all threads; keeping only the values below the span keeps
-- them distinct. N instances (--instance=I/N) split the span into N
-- ranges, instance I drawing from the I-th only: no key of one instance
-- meets another's.
local function fresh_id()
   local n, i = sysbench.instances or 1, sysbench.instance or 0
   local span = math.floor((INT_MAX - opt.table_size) / n)
   local v
   repeat
      v = sysbench.rand.unique()
   until v < span
   return opt.table_size + 1 + i * span + v
end

-- As sysbench's oltp_insert: with --auto_inc off, prepare creates empty
-- tables (the ids the run draws never meet prepared ones).
sysbench.cmdline.commands.prepare = {
   function()
      if not opt.auto_inc then
         opt.table_size = 0
      end
      oltp.cmd_prepare()
   end,
   sysbench.cmdline.PARALLEL_COMMAND,
}

function prepare_statements()
   -- nothing to prepare: the INSERTs are sent as text
end

local make_insert

local function choose_form()
   if not opt.auto_inc then
      return function(t, k, tail)
         return "INSERT INTO sbtest" .. t .. " (id, k, c, pad) VALUES (" ..
            fresh_id() .. ", " .. k .. tail
      end
   elseif oltp.driver_name == "pgsql" or oltp.driver_name == "sqlite" then
      return function(t, k, tail)
         return "INSERT INTO sbtest" .. t .. " (k, c, pad) VALUES (" .. k .. tail
      end
   else
      return function(t, k, tail)
         return "INSERT INTO sbtest" .. t .. " (id, k, c, pad) VALUES (0, " .. k .. tail
      end
   end
end

function event()
   if make_insert == nil then
      make_insert = choose_form()
   end
   local t = oltp.rand_table()
   local k = oltp.rand_id()
   con:query(make_insert(t, k, sysbench.rand.string(ROW_TAIL)))
   oltp.after_event()
end
