-- SPDX-License-Identifier: GPL-2.0-or-later
-- Bulk insert: each thread appends rows (id, k) to its own table
-- sbtest<tid+1> through multi-row INSERTs; one event is one row, the rows
-- go to the server in statements of up to 512 KiB. prepare creates
-- sbtest1..sbtest<threads>, cleanup drops them. N instances
-- (--instance=I/N) share the tables: instance I prepares and drops every
-- Nth from I+1, and its rows take the ids I+1, I+1+N, ... so that no two
-- instances write the same key.

local instances = sysbench.instances or 1
local instance = sysbench.instance or 0

local function each_thread_table(fn, verb)
   if instance >= sysbench.opt.threads then
      print(string.format("Instance %d of %d: none of the %d table(s) is this instance's " ..
                          "(table t goes to instance (t-1) %% %d): nothing to %s",
                          instance, instances, sysbench.opt.threads, instances, verb))
   end
   for n = instance + 1, sysbench.opt.threads, instances do
      fn(n)
   end
end

function prepare()
   local con = sysbench.sql.driver():connect()
   each_thread_table(function(n)
      print(string.format("Creating table 'sbtest%d'...", n))
      con:query(string.format("CREATE TABLE IF NOT EXISTS sbtest%d (" ..
                              "id INTEGER NOT NULL, " ..
                              "k INTEGER DEFAULT '0' NOT NULL, " ..
                              "PRIMARY KEY (id))", n))
   end, "prepare")
   con:disconnect()
end

function cleanup()
   local con = sysbench.sql.driver():connect()
   each_thread_table(function(n)
      print(string.format("Dropping table 'sbtest%d'...", n))
      con:query("DROP TABLE IF EXISTS sbtest" .. n)
   end, "clean up")
   con:disconnect()
end

local con
local next_id      -- the thread's id sequence: 1, 2, 3, ... (I+1, I+1+N, ...)
local started = false

function thread_init()
   con = sysbench.sql.driver():connect()
   next_id = instance - instances + 1
end

function event()
   if not started then
      con:bulk_insert_init("INSERT INTO sbtest" .. (sysbench.tid + 1) .. " (id, k) VALUES")
      started = true
   end
   next_id = next_id + instances
   con:bulk_insert_next("(" .. next_id .. "," .. next_id .. ")")
end

function thread_done()
   if started then
      con:bulk_insert_done()
   end
   con:disconnect()
end
