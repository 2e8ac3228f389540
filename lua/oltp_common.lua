-- SPDX-License-Identifier: GPL-2.0-or-later
-- oltp_common: the shared part of the OLTP workloads (oltp_*.lua,
-- select_random_*.lua): options, schema, parallel prepare/prewarm,
-- cleanup, and a table-driven catalogue of statements and transaction
-- steps.
--
-- A workload script does
--
--    local oltp = require("oltp_common")
--    oltp.workload{ transaction = true, steps = { "point_selects", ... } }
--
-- and gets thread_init/event/thread_done. Scripts written for sysbench's
-- oltp_common keep working: they define prepare_statements() and event()
-- themselves and call the global helpers (prepare_point_selects(),
-- execute_point_selects(), begin(), commit(), stmt, param, con, drv ...)
-- that this module also provides under sysbench's names.

-- As sysbench's oltp_common: these workloads need a command.
if sysbench.cmdline.command == nil then
   error("Command is required. Supported commands: prepare, prewarm, run, " ..
         "cleanup, help")
end

local M = {}

-- Random digit groups: 11 digits, '-' separated. c holds 10 groups (119
-- characters), pad 5 (59 characters).
local function digit_groups(n)
   local g = {}
   for i = 1, n do
      g[i] = "###########"
   end
   return table.concat(g, "-")
end

local C_TEMPLATE = digit_groups(10)
local PAD_TEMPLATE = digit_groups(5)
M.C_TEMPLATE = C_TEMPLATE
M.PAD_TEMPLATE = PAD_TEMPLATE

-- ---- options ---------------------------------------------------------------

local OPTIONS = {
   -- name                  description                                   default
   { "table_size",           "Number of rows per table", 10000 },
   { "range_size",           "Range size for range SELECT queries", 100 },
   { "tables",               "Number of tables", 1 },
   { "point_selects",        "Number of point SELECT queries per transaction", 10 },
   { "simple_ranges",        "Number of simple range SELECT queries per transaction", 1 },
   { "sum_ranges",           "Number of SELECT SUM() queries per transaction", 1 },
   { "order_ranges",         "Number of SELECT ORDER BY queries per transaction", 1 },
   { "distinct_ranges",      "Number of SELECT DISTINCT queries per transaction", 1 },
   { "index_updates",        "Number of UPDATE index queries per transaction", 1 },
   { "non_index_updates",    "Number of UPDATE non-index queries per transaction", 1 },
   { "delete_inserts",       "Number of DELETE/INSERT combinations per transaction", 1 },
   { "range_selects",        "Enable/disable all range SELECT queries", true },
   { "auto_inc",             "Use AUTO_INCREMENT column as Primary Key (for MySQL), " ..
                             "or its alternatives in other DBMS. When disabled, use " ..
                             "client-generated IDs", true },
   { "skip_trx",             "Don't start explicit transactions and execute all " ..
                             "queries in the AUTOCOMMIT mode", false },
   { "secondary",            "Use a secondary index in place of the PRIMARY KEY", false },
   { "create_secondary",     "Create a secondary index in addition to the PRIMARY KEY", true },
   { "mysql_storage_engine", "Storage engine, if MySQL is used", "innodb" },
   { "pgsql_variant",        "Use this PostgreSQL variant when running with the " ..
                             "PostgreSQL driver. The only currently supported variant " ..
                             "is 'redshift'. When enabled, create_secondary is " ..
                             "automatically disabled, and delete_inserts is set to 0",
                             nil },
   { "create_table_options", "Extra options appended to each CREATE TABLE of prepare " ..
                             "(after the ENGINE clause on MySQL), e.g. " ..
                             "'ROW_FORMAT=COMPRESSED' or 'WITH (fillfactor=90)'", "" },
   { "reconnect",            "Reconnect the database connection every N events and " ..
                             "prepare the statements again (0 = never)", 0 },
   { "bulk_load",            "Load the rows of prepare with COPY (PostgreSQL) or LOAD DATA " ..
                             "LOCAL INFILE (MySQL) where the server allows it; off: " ..
                             "multi-row INSERTs", true },
}

sysbench.cmdline.options = {}
for _, o in ipairs(OPTIONS) do
   sysbench.cmdline.options[o[1]] = { o[2], o[3] }
end

local opt = sysbench.opt

-- ---- drivers and schema ----------------------------------------------------

local function is_mysql(name)
   return name == "mysql" or name == "attachsql" or name == "drizzle"
end

local function is_sqlite(name)
   return name == "sqlite"
end

local function check_driver(name)
   if not is_mysql(name) and name ~= "pgsql" and not is_sqlite(name) then
      error("Unsupported database driver: " .. tostring(name), 0)
   end
end

-- The only PostgreSQL variant is Redshift: no secondary index, no
-- DELETE/INSERT pairs, IDENTITY instead of SERIAL.
local function redshift(driver_name)
   local v = opt.pgsql_variant
   if v == nil or v == "" or driver_name ~= "pgsql" then
      return false
   end
   if v ~= "redshift" then
      error("Unsupported PostgreSQL variant: '" .. v .. "' (the only one is 'redshift')", 0)
   end
   return true
end

-- CREATE TABLE for sbtest<n>, and the statements that must follow it
-- before the load (PostgreSQL has no inline non-unique index).
local function schema_sql(driver_name, n)
   local id_def
   local key_def
   local after = {}
   local tail

   if is_mysql(driver_name) then
      id_def = opt.auto_inc and "INTEGER NOT NULL AUTO_INCREMENT" or "INTEGER NOT NULL"
      key_def = (opt.secondary and "KEY xid" or "PRIMARY KEY") .. " (id)"
      tail = "/*! ENGINE = " .. opt.mysql_storage_engine .. " */"
   elseif is_sqlite(driver_name) then
      -- an INTEGER PRIMARY KEY is the rowid: it takes max(id) + 1 when an
      -- INSERT leaves it out, which is auto-increment as the scripts use it
      if opt.secondary then
         id_def = "INTEGER NOT NULL"
         after[1] = string.format("CREATE INDEX xid_%d ON sbtest%d(id)", n, n)
      elseif opt.auto_inc then
         id_def = "INTEGER PRIMARY KEY"
      else
         id_def = "INTEGER NOT NULL"
         key_def = "PRIMARY KEY (id)"
      end
      tail = ""
   else
      if not opt.auto_inc then
         id_def = "INTEGER NOT NULL"
      elseif redshift(driver_name) then
         id_def = "INTEGER IDENTITY(1,1)"
      else
         id_def = "SERIAL"
      end
      if opt.secondary then
         after[1] = string.format("CREATE INDEX xid_%d ON sbtest%d(id)", n, n)
      else
         key_def = "PRIMARY KEY (id)"
      end
      tail = ""
   end

   local extra = opt.create_table_options or ""
   if extra ~= "" then
      tail = tail == "" and extra or tail .. " " .. extra
   end

   local cols = {
      "id " .. id_def,
      "k INTEGER DEFAULT '0' NOT NULL",
      "c CHAR(120) DEFAULT '' NOT NULL",
      "pad CHAR(60) DEFAULT '' NOT NULL",
      key_def,
   }
   local sql = string.format("CREATE TABLE sbtest%d(\n  %s\n) %s", n,
                             table.concat(cols, ",\n  "), tail)
   return sql, after
end

-- Fill sbtest<n> with table_size rows: through the server's bulk path
-- (COPY / LOAD DATA, rows as tab-separated lines: less work for the server)
-- where --bulk_load allows and the server takes it, else through multi-row
-- INSERTs. Either way the same values in the same order. Each row is two
-- strings: the random part (c and pad with the separators folded into one
-- template) and the head with the numbers, so that a row costs one
-- random-string call and one concat.
local ROW_TAIL = ",'" .. C_TEMPLATE .. "','" .. PAD_TEMPLATE .. "')"
local LOAD_TAIL = "\t" .. C_TEMPLATE .. "\t" .. PAD_TEMPLATE

-- The next auto-increment id of sbtest<n> := table_size + 1, as after
-- INSERTs of the rows into a fresh table.
local function set_next_id(con, driver_name, n)
   local size = opt.table_size
   if is_mysql(driver_name) then
      con:query(string.format("ALTER TABLE sbtest%d AUTO_INCREMENT = %d", n, size + 1))
   else
      con:query(string.format("SELECT setval('sbtest%d_id_seq', %d, %s)", n,
                              math.max(size, 1), size > 0 and "true" or "false"))
   end
end

-- lo, hi: rows with explicit ids lo..hi (a part of a table split across
-- threads); nil: the whole table, ids as --auto_inc says. total: the rows
-- the instance loads (the progress line's end; by default all of its
-- tables').
local function load_rows(con, n, driver_name, lo, hi, total)
   local size = opt.table_size
   local explicit_ids = lo ~= nil or not opt.auto_inc
   local rand_default, rand_string = sysbench.rand.default, sysbench.rand.string
   local tbl = "sbtest" .. n
   local cols = explicit_ids and "id, k, c, pad" or "k, c, pad"
   lo, hi = lo or 1, hi or size
   -- the progress line of a terminal (all tables, all threads)
   local progress = sysbench.progress.add
   sysbench.progress.begin("Loading", total or #M.instance_tables() * size)

   -- MySQL: LOAD DATA takes its auto-increment values in batches per
   -- statement and loses the rest of each batch, which would leave gaps in
   -- the ids of a table loaded in several statements; explicit ids 1..N
   -- are what INSERTs give, and leave the counter at N + 1.
   local load_ids = explicit_ids or is_mysql(driver_name) or is_sqlite(driver_name)
   if hi >= lo and opt.bulk_load and not redshift(driver_name) and
      con:bulk_load_init(tbl, load_ids and "id, k, c, pad" or cols) then
      if load_ids then
         for i = lo, hi do
            con:bulk_load_next(i .. "\t" .. rand_default(1, size) .. rand_string(LOAD_TAIL))
            progress(1)
         end
      else
         for _ = lo, hi do
            con:bulk_load_next(rand_default(1, size) .. rand_string(LOAD_TAIL))
            progress(1)
         end
      end
      con:bulk_load_done()
      return
   end
   con:bulk_insert_init("INSERT INTO " .. tbl .. "(" .. cols .. ") VALUES")
   if explicit_ids then
      for i = lo, hi do
         con:bulk_insert_next("(" .. i .. "," .. rand_default(1, size) ..
                              rand_string(ROW_TAIL))
         progress(1)
      end
   else
      for _ = lo, hi do
         con:bulk_insert_next("(" .. rand_default(1, size) .. rand_string(ROW_TAIL))
         progress(1)
      end
   end
   con:bulk_insert_done()
end

local function create_empty(con, name, n, quiet_rows)
   local ddl, after = schema_sql(name, n)
   print(string.format("Creating table 'sbtest%d'...", n))
   sysbench.leftover("sbtest" .. n, "partial")
   con:query(ddl)
   for _, q in ipairs(after) do
      con:query(q)
   end
   if opt.table_size > 0 and not quiet_rows then
      print(string.format("Inserting %d records into 'sbtest%d'", opt.table_size, n))
   end
end

local function create_index(con, name, n)
   if opt.create_secondary and not redshift(name) then
      print(string.format("Creating a secondary index on 'sbtest%d'...", n))
      con:query(string.format("CREATE INDEX k_%d ON sbtest%d(k)", n, n))
   end
end

-- SQLite: rows per transaction of the load (about 20 MB of WAL).
local SQLITE_LOAD_CHUNK = 100000

-- Create, load and index one table (sysbench's create_table()).
function M.create_table(drv, con, n)
   local name = drv:name()
   check_driver(name)
   create_empty(con, name, n)
   if is_sqlite(name) then
      -- one transaction per chunk: a commit per statement would make
      -- SQLite write the WAL's frame headers and take its lock each time
      for lo = 1, opt.table_size, SQLITE_LOAD_CHUNK do
         con:query("BEGIN")
         load_rows(con, n, name, lo, math.min(lo + SQLITE_LOAD_CHUNK - 1, opt.table_size))
         con:query("COMMIT")
      end
   else
      load_rows(con, n, name)
   end
   create_index(con, name, n)
   sysbench.leftover("sbtest" .. n, "done")
end

-- More threads than tables (sysbench leaves the extra threads idle): each
-- table is loaded by several threads, each an id range of it, with
-- explicit ids -- the ids auto-increment gives a fresh table. Thread tid
-- takes part tid // tables of table tid % tables + 1; part 0 creates the
-- table before the others load and, once all have, sets the id counter
-- past the rows and builds the secondary index.
local function prepare_part(drv, con, list)
   local name = drv:name()
   check_driver(name)
   local tid, tables, size = sysbench.tid, #list, opt.table_size
   local idx = tid % tables + 1
   local n = list[idx]
   local part = math.floor(tid / tables)
   local parts = math.floor((opt.threads - idx) / tables) + 1
   if part == 0 then
      create_empty(con, name, n)
   end
   sysbench.barrier()
   load_rows(con, n, name, math.floor(size * part / parts) + 1,
             math.floor(size * (part + 1) / parts))
   sysbench.barrier()
   if part == 0 then
      if opt.auto_inc then
         set_next_id(con, name, n)
      end
      create_index(con, name, n)
      sysbench.leftover("sbtest" .. n, "done")
   end
end

-- A table shared by several instances (fewer tables than instances):
-- each loads its id range (M.instance_rows), divided among its threads
-- as prepare_part divides a table, with explicit ids. The first sharer,
-- instance n-1, creates the table, and once all sharers loaded their rows
-- sets the id counter past them and builds the secondary index, as one
-- process does after its threads. The instances meet through rows of
-- bench_barrier in the database (sysbench.scale), the waits bounded by
-- --barrier-timeout; the creator removes the rows at the end.
local function prepare_shared(drv, con, n)
   local name = drv:name()
   local N, i, T = sysbench.instances, sysbench.instance, opt.tables
   local lo, hi, part, parts = M.instance_rows(n)
   local tid, threads = sysbench.tid, opt.threads or 1
   if type(tid) ~= "number" or tid >= threads then
      tid, threads = 0, 1
   end
   local tbl = "sbtest" .. n
   local created, loaded = "prepare." .. tbl .. ".created", "prepare." .. tbl .. ".loaded"
   if tid == 0 then
      if part == 0 then
         create_empty(con, name, n, true)
         sysbench.scale.mark(created, "prepare: creating '" .. tbl .. "'")
      else
         sysbench.scale.wait(created, n - 1, N,
                             string.format("prepare: waited for instance %d to create '%s'",
                                           n - 1, tbl))
      end
      print(string.format("Inserting records %d..%d of %d into '%s' (instance %d of %d, " ..
                          "part %d of %d)", lo, hi, opt.table_size, tbl, i, N, part + 1, parts))
   end
   sysbench.barrier()
   local count = hi - lo + 1
   local a = lo + math.floor(count * tid / threads)
   local b = lo + math.floor(count * (tid + 1) / threads) - 1
   if b >= a then
      load_rows(con, n, name, a, b, count)
   end
   sysbench.barrier()
   if tid ~= 0 then
      return
   end
   if part > 0 then
      sysbench.scale.mark(loaded, "prepare: loading '" .. tbl .. "'")
      return
   end
   local ok, err = pcall(sysbench.scale.wait, loaded, n - 1 + T, T,
                         string.format("prepare: waited for the instances sharing '%s' to " ..
                                       "load their rows", tbl))
   if not ok then
      sysbench.scale.clear(created)
      sysbench.scale.clear(loaded)
      error(err, 0)
   end
   if opt.auto_inc then
      set_next_id(con, name, n)
   end
   create_index(con, name, n)
   sysbench.scale.clear(created)
   sysbench.scale.clear(loaded)
   sysbench.leftover(tbl, "done")
end

-- --tables below 1 or a negative --table-size: an error in every command
-- (sysbench 1.0.20 takes them silently: prepare and cleanup do nothing,
-- run fails on a nil value).
local function check_sizes()
   if opt.tables < 1 then
      error(string.format("--tables must be at least 1 (got %d)", opt.tables), 0)
   end
   if opt.table_size < 0 then
      error(string.format("--table-size must not be negative (got %d)", opt.table_size), 0)
   end
end

-- The tables of this instance of sysbench.instances (--instance=I/N):
-- I+1, I+1+N, ... (all of them for a lone process), so that N instances
-- prepare, prewarm and clean up each table exactly once. With fewer
-- tables than instances, table t is shared by the instances t-1, t-1+T,
-- ... (T = --tables), as one process's threads share a table in prepare,
-- each instance taking an id range of it (M.instance_rows): the list is
-- then that one table. verb: kept for scripts that pass it (no message is
-- printed any more: every instance has a table).
function M.instance_tables(verb)
   local n, i = sysbench.instances or 1, sysbench.instance or 0
   local _ = verb
   if opt.tables < n then
      return { i % opt.tables + 1 }
   end
   local list = {}
   for t = i + 1, opt.tables, n do
      list[#list + 1] = t
   end
   return list
end

-- This instance's share of table n's ids: lo, hi, part, parts. A table
-- that is the instance's alone: 1, table_size, 0, 1. A table shared by
-- `parts` instances (fewer tables than instances): part floor(I / T) of
-- parts equal ranges (1..table_size each id once over the sharers). A
-- table this instance has no part in: nil.
function M.instance_rows(n)
   local N, i, T, size = sysbench.instances or 1, sysbench.instance or 0, opt.tables,
      opt.table_size
   if T >= N then
      if (n - 1) % N ~= i then
         return nil
      end
      return 1, size, 0, 1
   end
   if n ~= i % T + 1 then
      return nil
   end
   local part, parts = math.floor(i / T), math.floor((N - n) / T) + 1
   return math.floor(size * part / parts) + 1, math.floor(size * (part + 1) / parts),
      part, parts
end

-- The table this instance shares with other instances (fewer tables than
-- instances and not its alone), or nil.
local function shared_table()
   local T, N = opt.tables, sysbench.instances or 1
   if T >= N then
      return nil
   end
   local n = (sysbench.instance or 0) % T + 1
   local _, _, _, parts = M.instance_rows(n)
   return parts > 1 and n or nil
end

-- Rows can be split among instances when the database takes explicit ids
-- and the coordination (rows of bench_barrier): MySQL/MariaDB, PostgreSQL.
local function rows_split(name)
   return (is_mysql(name) or name == "pgsql") and not redshift(name)
end

-- The tables this thread handles in a parallel command: entries tid+1,
-- tid+1+threads, ... of the instance's list (all of them outside a
-- parallel command).
local function owned_tables(verb)
   local list = M.instance_tables(verb)
   local threads, tid = opt.threads or 1, sysbench.tid
   local first, stride = 1, 1
   if type(tid) == "number" and tid >= 0 and tid < threads then
      first, stride = tid + 1, threads
   end
   local own = {}
   for k = first, #list, stride do
      own[#own + 1] = list[k]
   end
   return own
end

function M.cmd_prepare()
   check_sizes()
   local drv = sysbench.sql.driver()
   local threads, tid = opt.threads or 1, sysbench.tid
   local list = M.instance_tables("prepare")
   local shared = shared_table()
   if shared and not rows_split(drv:name()) then
      -- SQLite, Redshift: the first instance sharing the table loads it whole
      if (sysbench.instance or 0) >= opt.tables then
         if (tid or 0) == 0 then
            print(string.format("Instance %d of %d: table 'sbtest%d' is loaded whole by " ..
                                "instance %d (%s takes no rows split among instances): " ..
                                "nothing to prepare", sysbench.instance, sysbench.instances,
                                shared, shared - 1, drv:name()))
         end
         return
      end
      shared = nil
   end
   if is_sqlite(drv:name()) then
      -- one writer at a time per database file: the first thread loads
      -- every table, one after another, and the others have nothing to do
      if type(tid) == "number" and tid > 0 then
         return
      end
      local con = drv:connect()
      for _, n in ipairs(list) do
         M.create_table(drv, con, n)
      end
      con:disconnect()
      return
   end
   local con = drv:connect()
   if shared then
      prepare_shared(drv, con, shared)
   elseif threads > #list and opt.table_size > 0 and
      not redshift(drv:name()) and type(tid) == "number" and tid < threads then
      prepare_part(drv, con, list)
   else
      for _, n in ipairs(owned_tables()) do
         M.create_table(drv, con, n)
      end
   end
   con:disconnect()
end

-- Read each table and its indexes once so that the run starts with a warm
-- cache: a full scan of the data, then index scans of id and k.
function M.cmd_prewarm()
   check_sizes()
   local drv = sysbench.sql.driver()
   local con = drv:connect()
   local name = drv:name()
   check_driver(name)
   for _, n in ipairs(owned_tables("prewarm")) do
      local t = "sbtest" .. n
      -- a table shared by instances: each reads its id range (the data
      -- and the id index) and the same range of k (k is drawn from
      -- 1..table_size); the first sharer runs ANALYZE
      local lo, hi, part, parts = M.instance_rows(n)
      local ids, ks, analyze = " WHERE id > 0", " WHERE k > 0", true
      if parts ~= nil and parts > 1 then
         local range = string.format(" BETWEEN %d AND %d", lo, hi)
         ids, ks, analyze = " WHERE id" .. range, " WHERE k" .. range, part == 0
         print(string.format("Prewarming table %s (ids %d..%d: instance %d of %d)", t, lo, hi,
                             sysbench.instance, sysbench.instances))
      else
         print("Prewarming table " .. t)
      end
      local scan = "SELECT SUM(LENGTH(c) + LENGTH(pad)) FROM " .. t ..
         (ids == " WHERE id > 0" and "" or ids)
      if is_mysql(name) then
         if analyze then
            con:query("ANALYZE TABLE " .. t)
         end
         con:query(scan)
      elseif is_sqlite(name) then
         con:query("ANALYZE " .. t)
         con:query(scan)
      else
         if analyze then
            con:query("ANALYZE " .. t)
         end
         con:query("SET enable_seqscan = on")
         con:query(scan)
         -- from here on the planner must walk the indexes
         con:query("SET enable_seqscan = off")
      end
      con:query("SELECT COUNT(id) FROM " .. t .. ids)
      con:query("SELECT COUNT(k) FROM " .. t .. ks)
   end
   con:disconnect()
end

function M.cleanup()
   check_sizes()
   local drv = sysbench.sql.driver()
   local con = drv:connect()
   for _, n in ipairs(M.instance_tables("clean up")) do
      local _, _, part = M.instance_rows(n)
      if part == 0 then
         print(string.format("Dropping table 'sbtest%d'...", n))
         con:query("DROP TABLE IF EXISTS sbtest" .. n)
      else
         -- a table shared by instances: its creator drops it
         print(string.format("Instance %d of %d: table 'sbtest%d' is dropped by instance %d, " ..
                             "which created it: nothing to clean up", sysbench.instance,
                             sysbench.instances, n, n - 1))
      end
   end
   -- SQLite: prewarm's ANALYZE made the statistics table, and the drops
   -- emptied it; an empty one would be the only table left behind
   if is_sqlite(drv:name()) and
      con:query_row("SELECT COUNT(*) FROM sqlite_master WHERE name = 'sqlite_stat1'") ~= "0" and
      con:query_row("SELECT COUNT(*) FROM sqlite_stat1") == "0" then
      con:query("DROP TABLE sqlite_stat1")
   end
   con:disconnect()
end

sysbench.cmdline.commands = {
   prepare = { function() M.cmd_prepare() end, sysbench.cmdline.PARALLEL_COMMAND },
   prewarm = { function() M.cmd_prewarm() end, sysbench.cmdline.PARALLEL_COMMAND },
}

-- ---- statement catalogue ------------------------------------------------------

-- Each entry: SQL with %d for the table number, then the parameter types
-- (a type name, or {type name, max length}).
local STATEMENTS = {
   point_selects     = { "SELECT c FROM sbtest%d WHERE id=?", "INT" },
   simple_ranges     = { "SELECT c FROM sbtest%d WHERE id BETWEEN ? AND ?", "INT", "INT" },
   sum_ranges        = { "SELECT SUM(k) FROM sbtest%d WHERE id BETWEEN ? AND ?", "INT", "INT" },
   order_ranges      = { "SELECT c FROM sbtest%d WHERE id BETWEEN ? AND ? ORDER BY c",
                         "INT", "INT" },
   distinct_ranges   = { "SELECT DISTINCT c FROM sbtest%d WHERE id BETWEEN ? AND ? ORDER BY c",
                         "INT", "INT" },
   index_updates     = { "UPDATE sbtest%d SET k=k+1 WHERE id=?", "INT" },
   non_index_updates = { "UPDATE sbtest%d SET c=? WHERE id=?", { "CHAR", 120 }, "INT" },
   deletes           = { "DELETE FROM sbtest%d WHERE id=?", "INT" },
   inserts           = { "INSERT INTO sbtest%d (id, k, c, pad) VALUES (?, ?, ?, ?)",
                         "INT", "INT", { "CHAR", 120 }, { "CHAR", 60 } },
}
M.STATEMENTS = STATEMENTS

-- Statements that write: a transaction with one of them takes SQLite's
-- write lock at BEGIN (IMMEDIATE), waiting for it up to the busy timeout.
-- A deferred BEGIN would take it at the first write, and a transaction
-- that already read while another one committed cannot have it at all:
-- SQLite fails it at once (SQLITE_BUSY_SNAPSHOT), so with a few threads
-- most transactions would be restarted.
local WRITES = { index_updates = true, non_index_updates = true, deletes = true,
                 inserts = true }
M.trx_writes = false


-- sysbench.rand, the state's table (the same for every connection of a
-- thread): read once here rather than through this environment's own
-- `sysbench` at every call (its fields are still looked up per call, so a
-- script that replaces sysbench.rand.default changes what the workloads
-- draw).
local rand = sysbench.rand

-- What the event path runs that is the same for every connection of this
-- Lua state is made once per state, by its first connection, and shared
-- by the others: the functions below use only the state's sysbench.rand
-- and sysbench.opt. Under --connections this chunk runs once per
-- connection (a module's locals are the connection's own), and each
-- connection's own copy of these closures and of their upvalues was a
-- cold cache line at each of its events, since the thread's other
-- connections had run in between; one copy per state stays in cache.
local SHARED = "oltp_common/state"
local state = package.loaded[SHARED]
if state == nil then
   state = { plans = {} }
   function state.rand_table()
      return rand.uniform(1, opt.tables)
   end
   function state.rand_id()
      return rand.default(1, opt.table_size)
   end
   package.loaded[SHARED] = state
end
local rand_table, rand_id = state.rand_table, state.rand_id

M.rand_table = rand_table
M.rand_id = rand_id

-- [lo, hi]: the calling thread's share of 1..table_size, for workloads
-- whose threads must not touch the same keys.
function M.thread_slice()
   local threads = opt.threads
   local tid = sysbench.tid % threads
   local lo = math.floor(opt.table_size * tid / threads) + 1
   local hi = math.floor(opt.table_size * (tid + 1) / threads)
   if hi < lo then
      hi = lo
   end
   return lo, hi
end

-- Each step's fill function, made once per state (above).
local fills = state.fills
if fills == nil then
   local function fill_range(key)
      return function(p)
         local id = rand_id()
         local b = p[key]
         b[1]:set(id)
         b[2]:set(id + opt.range_size - 1)
      end
   end
   fills = {
      point_selects = function(p) p.point_selects[1]:set(rand_id()) end,
      simple_ranges = fill_range("simple_ranges"),
      sum_ranges = fill_range("sum_ranges"),
      order_ranges = fill_range("order_ranges"),
      distinct_ranges = fill_range("distinct_ranges"),
      index_updates = function(p) p.index_updates[1]:set(rand_id()) end,
      non_index_updates = function(p)
         local b = p.non_index_updates
         b[1]:set_rand_str(C_TEMPLATE)
         b[2]:set(rand_id())
      end,
      deletes = function(p) p.deletes[1]:set(rand_id()) end,
      delete_inserts = function(p)
         local id, k = rand_id(), rand_id()
         p.deletes[1]:set(id)
         local b = p.inserts
         b[1]:set(id)
         b[2]:set(k)
         b[3]:set_rand_str(C_TEMPLATE)
         b[4]:set_rand_str(PAD_TEMPLATE)
      end,
   }
   state.fills = fills
end

-- Transaction steps. A step picks one table, then `count` times (count =
-- the option of the same name) fills the parameters and executes its
-- statements in order.
local STEPS = {
   point_selects = { stmts = { "point_selects" }, fill = fills.point_selects },
   simple_ranges = { stmts = { "simple_ranges" }, range = true,
                     fill = fills.simple_ranges },
   sum_ranges = { stmts = { "sum_ranges" }, range = true, fill = fills.sum_ranges },
   order_ranges = { stmts = { "order_ranges" }, range = true,
                    fill = fills.order_ranges },
   distinct_ranges = { stmts = { "distinct_ranges" }, range = true,
                       fill = fills.distinct_ranges },
   index_updates = { stmts = { "index_updates" }, fill = fills.index_updates },
   non_index_updates = { stmts = { "non_index_updates" },
                         fill = fills.non_index_updates },
   -- oltp_delete's single DELETE (no option: one per event)
   deletes = { stmts = { "deletes" }, fill = fills.deletes },
   -- the row deleted is inserted again with the same id
   delete_inserts = { stmts = { "deletes", "inserts" }, fill = fills.delete_inserts },
}
M.STEPS = STEPS

-- ---- per-thread state --------------------------------------------------------
-- Globals under sysbench's names: drv, con, stmt[table][key],
-- param[table][key][i], plus stmt.begin / stmt.commit.

local in_trx = false

-- Prepare statement `key` of the catalogue on every table.
local function prepare_on_all_tables(key)
   local def = STATEMENTS[key]
   if def == nil then
      error("unknown statement '" .. tostring(key) .. "'", 2)
   end
   local types = sysbench.sql.type
   for t = 1, opt.tables do
      local s = con:prepare(string.format(def[1], t))
      stmt[t][key] = s
      local n = #def - 1
      if n > 0 then
         local ps = {}
         for i = 1, n do
            local spec = def[i + 1]
            if type(spec) == "table" then
               ps[i] = s:bind_create(types[spec[1]], spec[2])
            else
               ps[i] = s:bind_create(types[spec])
            end
         end
         param[t][key] = ps
         s:bind_param(unpack(ps))
      end
   end
end

local function close_all_statements()
   if stmt == nil then
      return
   end
   for t = 1, opt.tables do
      local st = stmt[t]
      if st then
         for key, s in pairs(st) do
            s:close()
            st[key] = nil
         end
      end
   end
   for _, key in ipairs({ "begin", "commit" }) do
      if stmt[key] then
         stmt[key]:close()
         stmt[key] = nil
      end
   end
end

local function step_runner(step)
   local names = step.stmts
   local nstmts = #names
   local fill = step.fill
   return function(count)
      local t = rand_table()
      local st, p = stmt[t], param[t]
      for _ = 1, count do
         fill(p)
         for j = 1, nstmts do
            st[names[j]]:execute()
         end
      end
   end
end

local runners = {}
for name, step in pairs(STEPS) do
   runners[name] = step_runner(step)
end

local function trx_begin()
   stmt.begin:execute()
   in_trx = true
end

local function trx_commit()
   stmt.commit:execute()
   in_trx = false
end

function thread_init()
   check_sizes()
   drv = sysbench.sql.driver()
   con = drv:connect()
   M.driver_name = drv:name()
   check_driver(M.driver_name)
   if redshift(M.driver_name) then
      opt.delete_inserts = 0
   end
   -- not under --connections: the check mutes the log and pauses the
   -- statistics of its worker thread, and its queries yield to the
   -- thread's other connections, which would run muted meanwhile
   if sysbench.tid == 0 and (tonumber(sysbench.opt.connections) or 0) == 0 then
      M.check_tables(con, M.driver_name)
   end
   stmt, param = {}, {}
   for t = 1, opt.tables do
      stmt[t], param[t] = {}, {}
   end
   in_trx = false
   prepare_statements()
end

function thread_done()
   close_all_statements()
   con:disconnect()
end

-- Errors the MySQL client reports when the connection is gone; the
-- statements must then be prepared again on the new connection.
local CONNECTION_LOST = { [2006] = true, [2011] = true, [2013] = true, [2055] = true }

local function connection_lost(err)
   return CONNECTION_LOST[err.sql_errno] or
      (type(err.sql_state) == "string" and err.sql_state:sub(1, 2) == "08")
end

local function statement_count()
   local n = 0
   for t = 1, opt.tables do
      for _ in pairs(stmt[t]) do
         n = n + 1
      end
   end
   return n
end

-- After a lost connection: prepare everything again. sysbench's drivers
-- reconnect by themselves before raising the error; if this one did not
-- (preparing fails, or there is nothing to prepare that would tell),
-- reconnect here.
local function reestablish()
   close_all_statements()
   local ok, e = pcall(prepare_statements)
   if ok and statement_count() > 0 then
      return
   end
   if not ok and type(e) ~= "table" then
      error(e, 0)
   end
   close_all_statements()
   con:reconnect()
   prepare_statements()
end

-- An ignorable error interrupted the event, which the core restarts from
-- the beginning: roll back the transaction the event had opened (MySQL
-- keeps it open after a lock wait timeout, PostgreSQL refuses every
-- statement of an aborted one), or re-prepare after a lost connection.
function sysbench.hooks.before_restart_event(err)
   local was_in_trx = in_trx
   in_trx = false
   if connection_lost(err) then
      reestablish()
   elseif was_in_trx then
      pcall(con.query, con, "ROLLBACK")
   end
end

-- --reconnect=N: drop and reopen the connection after every N events.
local events_since_connect = 0

function M.after_event()
   local every = opt.reconnect
   if every == nil or every <= 0 then
      return
   end
   events_since_connect = events_since_connect + 1
   if events_since_connect >= every then
      events_since_connect = 0
      close_all_statements()
      con:reconnect()
      prepare_statements()
   end
end

-- Define prepare_statements() and event() for a workload made of steps.
-- spec.transaction: wrap each event in BEGIN/COMMIT (unless --skip_trx);
-- spec.steps: step names, or {name, count = n} to fix the repetitions.
--
-- The event's path is kept to a few objects of the connection's own: under
-- --connections a thread runs one event of each of its connections in turn,
-- and whatever the event touches of a connection (its closures, their
-- upvalues, its tables) is out of the CPU's cache again by that
-- connection's next turn. So the plan is one flat array read by event()
-- itself, rather than a table per step and a closure per step run, and it
-- is the state's (the same plan for every connection: the plans are
-- interned, state.plans), as are the functions it holds:
-- plan[1] says BEGIN/COMMIT, plan[2] is rand_table, plan[3] sysbench.opt,
-- then 4 slots per step: the repetitions, the fill function, the first
-- statement's key and the second's (or false). The statements and
-- parameters are still looked up in the connection's stmt and param
-- tables at every step, as sysbench does.
-- (the first step's slot, 4, is written as a literal below: a local here
-- would be one more upvalue of the connection's own at each event)

-- The state's plan equal to p, p itself if none is.
local function intern_plan(p)
   for _, q in ipairs(state.plans) do
      if #q == #p then
         local same = true
         for i = 1, #p do
            if q[i] ~= p[i] then
               same = false
               break
            end
         end
         if same then
            return q
         end
      end
   end
   table.insert(state.plans, p)
   return p
end

function M.workload(spec)
   local plan

   local function build_plan()
      local p = { spec.transaction and not opt.skip_trx or false, rand_table, opt }
      for _, s in ipairs(spec.steps) do
         local name, fixed = s, nil
         if type(s) == "table" then
            name, fixed = s[1], s.count
         end
         local step = STEPS[name]
         if step == nil then
            error("unknown step '" .. tostring(name) .. "'", 0)
         end
         local count = fixed or opt[name]
         if count > 0 and (not step.range or opt.range_selects) then
            local keys = step.stmts
            p[#p + 1] = count
            p[#p + 1] = step.fill
            p[#p + 1] = keys[1]
            p[#p + 1] = keys[2] or false
            for _, key in ipairs(keys) do
               M.trx_writes = M.trx_writes or WRITES[key] or false
            end
         end
      end
      plan = intern_plan(p)
   end

   function prepare_statements()
      if plan == nil then
         build_plan()
      end
      if spec.transaction and not opt.skip_trx then
         prepare_begin()
         prepare_commit()
      end
      for i = 6, #plan, 4 do
         prepare_on_all_tables(plan[i])
         if plan[i + 1] then
            prepare_on_all_tables(plan[i + 1])
         end
      end
   end

   function event()
      local pl = plan
      local trx = pl[1]
      if trx then
         trx_begin()
      end
      for i = 4, #pl, 4 do
         local t = pl[2]()
         local st, p = stmt[t], param[t]
         local fill, k1, k2 = pl[i + 1], pl[i + 2], pl[i + 3]
         for _ = 1, pl[i] do
            fill(p)
            st[k1]:execute()
            if k2 then
               st[k2]:execute()
            end
         end
      end
      if trx then
         trx_commit()
      end
      local every = pl[3].reconnect
      if every ~= nil and every > 0 then
         M.after_event()
      end
   end
end

-- Before a run: do the tables look like the options? One query lists the
-- sbtest tables, then MAX(id) of each (a lookup at the end of the primary
-- key). A WARNING names what does not fit; the run goes on (a script may
-- have made its tables its own way). Thread 0 runs it in thread_init, on
-- its connection, before preparing its statements (a missing table then
-- fails as it did), outside the statistics.
local function check_tables(con, name)
   -- SQLite: the check's reads lock the file while the other threads open
   -- it, and under --sqlite-busy-timeout=0 their connect could then fail
   -- (seen on a loaded machine); a missing table still fails the run there.
   if redshift(name) or is_sqlite(name) or opt.tables < 1 then
      return
   end
   local list = "SELECT table_name FROM information_schema.tables WHERE table_schema = " ..
      (is_mysql(name) and "DATABASE()" or "current_schema()") ..
      " AND table_name LIKE 'sbtest%'"
   local have = {}
   local rs = con:query(list)
   for _ = 1, rs and rs.nrows or 0 do
      have[tostring(rs:fetch_row()[1]):lower()] = true
   end
   local missing, short = {}, {}
   for n = 1, opt.tables do
      local t = "sbtest" .. n
      if not have[t] then
         missing[#missing + 1] = t
      elseif opt.table_size > 0 then
         local max = tonumber(con:query_row("SELECT MAX(id) FROM " .. t)) or 0
         if max < opt.table_size then
            short[#short + 1] = string.format("%s (ids up to %d)", t, max)
         end
      end
   end
   return missing, short
end

-- The check, quiet: a statement the server refuses is for the run to
-- report, as without it.
function M.check_tables(con, name)
   ffi.C.native_log_mute(1)
   ffi.C.native_stats_pause(1)
   local ok, missing, short = pcall(check_tables, con, name)
   ffi.C.native_stats_pause(0)
   ffi.C.native_log_mute(0)
   if not ok or missing == nil then
      return
   end
   local WARNING = 2
   if #missing > 0 then
      ffi.C.native_log(WARNING, string.format(
         "%d of the %d tables of --tables=%d not found (%s%s): run 'prepare' with the same options first",
         #missing, opt.tables, opt.tables, table.concat(missing, ", ", 1, math.min(#missing, 5)),
         #missing > 5 and ", ..." or ""))
   end
   if #short > 0 then
      ffi.C.native_log(WARNING, string.format(
         "%d table(s) hold fewer rows than --table-size=%d: %s%s; events will look up ids that have no row (prepare with the same --table-size, or run with the size the tables have)",
         #short, opt.table_size, table.concat(short, ", ", 1, math.min(#short, 5)),
         #short > 5 and ", ..." or ""))
   end
end

function init()
   assert(event ~= nil, "oltp_common is a library for the OLTP workloads; " ..
          "run one of them (e.g. oltp_read_write) instead")
end

-- ---- sysbench-compatible globals -----------------------------------------------

cmd_prepare = M.cmd_prepare
cmd_prewarm = M.cmd_prewarm
cleanup = M.cleanup
create_table = M.create_table
close_statements = close_all_statements
prepare_for_each_table = prepare_on_all_tables
begin = trx_begin
commit = trx_commit

function get_c_value()
   return sysbench.rand.string(C_TEMPLATE)
end

function get_pad_value()
   return sysbench.rand.string(PAD_TEMPLATE)
end

function prepare_begin()
   local sql = "BEGIN"
   if M.trx_writes and is_sqlite(M.driver_name) then
      sql = "BEGIN IMMEDIATE"
   end
   stmt.begin = con:prepare(sql)
end

function prepare_commit()
   stmt.commit = con:prepare("COMMIT")
end

for name, step in pairs(STEPS) do
   if sysbench.cmdline.options[name] == nil then
      goto continue
   end
   _G["prepare_" .. name] = function()
      for _, key in ipairs(step.stmts) do
         prepare_on_all_tables(key)
      end
   end
   local run = runners[name]
   _G["execute_" .. name] = function()
      run(opt[name])
   end
   ::continue::
end

return M
