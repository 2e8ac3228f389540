-- SPDX-License-Identifier: GPL-2.0-or-later
-- db_workload.lua: a small OLTP-like database workload, written against
-- the sysbench Lua API as bench implements it (docs/lua-api.md).
--
-- One table of --rows accounts. Each event is a transaction that reads
-- --reads random accounts by primary key and moves money between two of
-- them (two UPDATEs), then logs the transfer (one INSERT into a second
-- table), all with prepared statements.
--
--   bench examples/db_workload.lua --db-driver=mysql --mysql-user=... prepare
--   bench examples/db_workload.lua --db-driver=mysql --mysql-user=... --threads=4 --time=30 run
--   bench examples/db_workload.lua --db-driver=mysql --mysql-user=... check
--   bench examples/db_workload.lua --db-driver=mysql --mysql-user=... cleanup
--
-- It runs on MySQL/MariaDB and PostgreSQL (--db-driver=pgsql ...).
-- Per event: --reads reads, 3 writes, 2 other (BEGIN, COMMIT).

sysbench.cmdline.options = {
   ["rows"] = {"Number of accounts created by prepare", 1000},
   ["reads"] = {"Point SELECTs per transaction", 4},
   ["table-name"] = {"Name of the accounts table (its history table gets a _log suffix)", "accounts"},
   ["amount-max"] = {"Largest amount moved by one transfer", 100},
}
sysbench.cmdline.options_order = { "rows", "reads", "table-name", "amount-max" }

local opt = sysbench.opt

local function names()
   local t = opt.table_name
   if not t:match("^[%a_][%w_]*$") then
      error("--table-name must be a plain SQL identifier, not '" .. t .. "'", 0)
   end
   return t, t .. "_log"
end

-- ---- commands --------------------------------------------------------------

-- prepare: create and fill both tables, in one thread (the main state).
local function cmd_prepare()
   local accounts, log = names()
   local drv = sysbench.sql.driver()        -- the --db-driver
   local con = drv:connect()
   local serial = drv:name() == "pgsql" and "SERIAL" or "INTEGER NOT NULL AUTO_INCREMENT"

   print(string.format("Creating table '%s' with %d rows...", accounts, opt.rows))
   con:query(string.format([[
      CREATE TABLE %s (
         id INTEGER NOT NULL PRIMARY KEY,
         balance BIGINT NOT NULL,
         owner VARCHAR(32) NOT NULL
      )]], accounts))
   con:query(string.format([[
      CREATE TABLE %s (
         id %s PRIMARY KEY,
         src INTEGER NOT NULL,
         dst INTEGER NOT NULL,
         amount INTEGER NOT NULL,
         note CHAR(16) NOT NULL
      )]], log, serial))

   -- multi-row INSERTs, flushed by bench as they grow
   con:bulk_insert_init("INSERT INTO " .. accounts .. " (id, balance, owner) VALUES")
   for i = 1, opt.rows do
      con:bulk_insert_next(string.format("(%d, 10000, '%s')", i,
                                         sysbench.rand.varstring(8, 16)))
   end
   con:bulk_insert_done()
   con:disconnect()
end

-- cleanup: drop what prepare created.
function cleanup()
   local accounts, log = names()
   local con = sysbench.sql.driver():connect()
   print(string.format("Dropping tables '%s' and '%s'...", accounts, log))
   con:query("DROP TABLE IF EXISTS " .. log)
   con:query("DROP TABLE IF EXISTS " .. accounts)
   con:disconnect()
end

-- check: a custom command. Money is only moved, so the total stays put.
local function cmd_check()
   local accounts, log = names()
   local con = sysbench.sql.driver():connect()
   local n, total = con:query_row("SELECT COUNT(*), SUM(balance) FROM " .. accounts)
   local transfers = con:query_row("SELECT COUNT(*) FROM " .. log)
   print(string.format("accounts: %s  total balance: %s  transfers logged: %s",
                       n, total, transfers))
   if tonumber(total) ~= 10000 * tonumber(n) then
      error("total balance changed: " .. tostring(total), 0)
   end
   con:disconnect()
end

sysbench.cmdline.commands = {
   prepare = { cmd_prepare },
   check = { cmd_check },
}

-- ---- the run: one connection and its prepared statements per thread --------

local con, st_read, st_debit, st_credit, st_log, st_begin, st_commit
local p_read, p_debit, p_credit, p_log
local in_trx = false

local function prepare_statements()
   local accounts, log = names()
   local T = sysbench.sql.type

   st_begin = con:prepare("BEGIN")
   st_commit = con:prepare("COMMIT")

   st_read = con:prepare("SELECT balance, owner FROM " .. accounts .. " WHERE id = ?")
   p_read = { st_read:bind_create(T.INT) }
   st_read:bind_param(unpack(p_read))

   st_debit = con:prepare("UPDATE " .. accounts .. " SET balance = balance - ? WHERE id = ?")
   p_debit = { st_debit:bind_create(T.BIGINT), st_debit:bind_create(T.INT) }
   st_debit:bind_param(unpack(p_debit))

   st_credit = con:prepare("UPDATE " .. accounts .. " SET balance = balance + ? WHERE id = ?")
   p_credit = { st_credit:bind_create(T.BIGINT), st_credit:bind_create(T.INT) }
   st_credit:bind_param(unpack(p_credit))

   st_log = con:prepare("INSERT INTO " .. log .. " (src, dst, amount, note) VALUES (?, ?, ?, ?)")
   p_log = { st_log:bind_create(T.INT), st_log:bind_create(T.INT),
             st_log:bind_create(T.INT), st_log:bind_create(T.CHAR, 16) }
   st_log:bind_param(unpack(p_log))
end

local function close_statements()
   for _, s in ipairs({ st_read, st_debit, st_credit, st_log, st_begin, st_commit }) do
      s:close()
   end
end

function thread_init(tid)
   con = sysbench.sql.driver():connect()
   prepare_statements()
end

function thread_done(tid)
   close_statements()
   con:disconnect()
end

local rand = sysbench.rand

function event(tid)
   local rows = opt.rows
   st_begin:execute()
   in_trx = true

   for _ = 1, opt.reads do
      p_read[1]:set(rand.default(1, rows))       -- --rand-type distribution
      local rs = st_read:execute()
      local row = rs.nrows > 0 and rs:fetch_row() or nil -- { "balance", "owner" }
      if row == nil then
         error("account missing: did prepare run with the same --rows?", 0)
      end
      rs:free()
   end

   -- two distinct accounts, a random amount
   local src = rand.uniform(1, rows)
   local dst = rand.uniform(1, rows - 1)
   if dst >= src then dst = dst + 1 end
   local amount = rand.uniform(1, opt.amount_max)
   p_debit[1]:set(amount); p_debit[2]:set(src)
   local rs = st_debit:execute()                 -- a result for writes too:
   if rs.nrows ~= 1 then                         -- nrows = rows affected
      error("account " .. src .. " missing", 0)
   end
   p_credit[1]:set(amount); p_credit[2]:set(dst)
   st_credit:execute()
   p_log[1]:set(src); p_log[2]:set(dst); p_log[3]:set(amount)
   p_log[4]:set_rand_str("tx-#########@@@")
   st_log:execute()

   st_commit:execute()
   in_trx = false
end

-- An ignorable error (deadlock, lock wait timeout: --mysql-ignore-errors /
-- --pgsql-ignore-errors) restarts the event from the start: roll back the
-- transaction it left open first.
sysbench.hooks.before_restart_event = function(err)
   if in_trx then
      in_trx = false
      pcall(con.query, con, "ROLLBACK")
   end
end

function init()
   if opt.rows < 2 then
      error("--rows must be at least 2", 0)
   end
   names()
end
