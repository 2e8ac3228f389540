-- SPDX-License-Identifier: GPL-2.0-or-later
-- slap: mysqlslap's load as a bench workload.
--
--    bench slap -a --concurrency=10,100 --number-of-queries=1000 \
--          --auto-generate-sql-load-type=mixed --engine=myisam,innodb \
--          --mysql-host=... [run]
--
-- Written from the documented and observed behaviour of mysqlslap /
-- mariadb-slap (statement shapes checked against the server's general
-- log): the auto-generated table t1, the five load types, the user's own
-- --create / --query, engines x concurrency x iterations, the schema
-- created and dropped around every iteration, and mysqlslap's summary
-- block after each engine x concurrency block. Each run step is one
-- (engine, concurrency, iteration); bench's own report follows.
--
-- One event is one statement. Every client runs its own share
-- (--number-of-queries / concurrency, or the query list once), walking
-- the same statement list as mysqlslap's clients do; a client that has
-- done its share stops by returning true from event().
--
-- A client is one connection. mysqlslap gives each its own thread; bench
-- runs them as --connections on at most --threads worker threads (default:
-- the online CPUs), each client a coroutine in its thread's Lua state, so
-- that 100 clients do not cost 100 threads and 100 Lua states in the
-- measured time (issue 17: a statement's Lua in one of 100 cache-cold
-- states cost 10 to 20 us of client CPU, about 15 ms of a 100-client run's
-- window). With --threads at or above the concurrency each client has its
-- own thread, as mysqlslap's.

local M = {}

-- ---- options ----------------------------------------------------------------

-- name, description, default, mysqlslap's spelling (for `bench slap help`)
local OPTIONS = {
   { "concurrency", "Number of clients (connections), or a comma-separated list of " ..
     "them: the load runs once per count, the clients on at most --threads worker " ..
     "threads (default: the online CPUs)", "1", "-c, --concurrency" },
   { "iterations", "Number of times to run each engine x concurrency block", 1,
     "-i, --iterations" },
   { "number-of-queries", "Total number of statements across all clients of a run; " ..
     "each client runs number-of-queries / concurrency of them (0: each client runs " ..
     "the query list once)", 0, "--number-of-queries" },
   { "engine", "Comma-separated storage engines (MySQL only): each block creates the " ..
     "schema with ENGINE=<engine>; ENGINE:OPTIONS appends table options", "",
     "-e, --engine" },
   { "auto-generate-sql", "Generate the schema and the load (table t1)", false,
     "-a, --auto-generate-sql" },
   { "auto-generate-sql-load-type", "Load type: mixed (half INSERT, half SELECT), read " ..
     "(SELECT scans), write (INSERT), key (SELECT by primary key), update (UPDATE, by " ..
     "primary key when t1 has one)", "mixed", "--auto-generate-sql-load-type" },
   { "auto-generate-sql-add-autoincrement", "Add an AUTO_INCREMENT (PostgreSQL: " ..
     "bigserial) column id to t1", false, "--auto-generate-sql-add-autoincrement" },
   { "auto-generate-sql-guid-primary", "Add a GUID primary key id to t1 (uuid(); " ..
     "PostgreSQL: gen_random_uuid())", false, "--auto-generate-sql-guid-primary" },
   { "auto-generate-sql-secondary-indexes", "Number of unique GUID columns (secondary " ..
     "indexes) to add to t1", 0, "--auto-generate-sql-secondary-indexes" },
   { "auto-generate-sql-write-number", "Rows written to t1 before each run (the rows " ..
     "inserted up front are this number minus one, as mysqlslap)", 100,
     "--auto-generate-sql-write-number" },
   { "auto-generate-sql-unique-write-number", "Number of distinct INSERTs the up-front " ..
     "rows are drawn from", 10, "--auto-generate-sql-unique-write-number" },
   { "auto-generate-sql-unique-query-number", "Number of distinct generated statements " ..
     "in the load (the list holds one more)", 10,
     "--auto-generate-sql-unique-query-number" },
   { "auto-generate-sql-execute-number", "Statements per client (instead of " ..
     "--number-of-queries)", 0, "--auto-generate-sql-execute-number" },
   { "number-int-cols", "Number of INT columns of t1", 1, "-y, --number-int-cols" },
   { "number-char-cols", "Number of VARCHAR(128) columns of t1", 1,
     "-x, --number-char-cols" },
   { "query", "The load: SQL statements, or a file of them, split at --delimiter", "",
     "-q, --query" },
   { "create", "The schema: SQL statements, or a file of them, split at --delimiter", "",
     "--create" },
   { "pre-query", "SQL (or a file) run before each run, after the schema is created", "",
     "--pre-query" },
   { "post-query", "SQL (or a file) run after each run, before the schema is dropped", "",
     "--post-query" },
   { "delimiter", "Delimiter of the statements of --query, --create, --pre-query and " ..
     "--post-query (empty: a newline)", "", "-F, --delimiter" },
   { "create-schema", "Database (PostgreSQL: schema) the runs use. With -a or --create " ..
     "it is created before each run (an existing one is an error) and dropped after it; " ..
     "without them it must exist, and is neither created nor dropped", "mysqlslap",
     "--create-schema" },
   { "no-drop", "Do not drop the schema this run created after the last run", false,
     "--no-drop" },
   { "debug-info", "Accepted for mysqlslap's command lines; bench's report already " ..
     "shows more", false, "-T, --debug-info" },
}

-- mysqlslap options bench spells differently, or has no use for.
-- The long forms of the first six are accepted as they are (for the
-- driver of --db-driver); src/opt/short_opts.c rewrites them.
local RENAMED = {
   { "-h, --host", "--mysql-host (--pgsql-host); --host is accepted" },
   { "-P, --port", "--mysql-port (--pgsql-port); --port is accepted" },
   { "-S, --socket", "--mysql-socket; --socket is accepted (MySQL)" },
   { "-u, --user", "--mysql-user (--pgsql-user); --user is accepted" },
   { "-p, --password", "--mysql-password (--pgsql-password); --password=P is accepted" },
   { "-C, --compress", "--mysql-compression; --compress is accepted (MySQL)" },
   { "--ssl, --ssl-ca, --ssl-cert, --ssl-key", "--mysql-ssl, --mysql-ssl-ca, --mysql-ssl-cert, --mysql-ssl-key" },
   { "--csv[=FILE]", "--report-format=csv (or json) for bench's report" },
   { "-s, --silent", "--verbosity=0 hides bench's report; the summary stays" },
   { "-v, --verbose", "--verbosity=5, --db-debug" },
}

-- After the option list of `bench slap help`: mysqlslap's names in bench.
function help_more()
   local rows = {}
   for _, o in ipairs(OPTIONS) do
      rows[#rows + 1] = { o[4], "--" .. o[1] }
   end
   for _, r in ipairs(RENAMED) do
      rows[#rows + 1] = r
   end
   local w = 0
   for _, r in ipairs(rows) do w = math.max(w, #r[1]) end
   print("mysqlslap's options and their names in bench (-a, -c, -i, -e, -q, -F, -x, -y, -T")
   print("are accepted as they are; bench's own options apply as for every workload):")
   for _, r in ipairs(rows) do
      print(string.format("  %-" .. w .. "s  %s", r[1], r[2]))
   end
   print("Not supported: --commit, --detach, --only-print, --pre-system, --post-system.")
   print("")
end

sysbench.cmdline.options = {}
for _, o in ipairs(OPTIONS) do
   sysbench.cmdline.options[o[1]] = { o[2], o[3] }
end

-- One FATAL line and a quiet error: the runtime adds nothing.
local function fail(fmt, ...)
   ffi.C.native_log(0, string.format(fmt, ...))
   error({ quiet = true }, 0)
end
M.fail = fail

local function opt(name)
   return sysbench.opt[(name:gsub("-", "_"))]
end

local function int_opt(name, min)
   local v = tonumber(opt(name))
   if v == nil or v < min or v ~= math.floor(v) then
      fail("Invalid value for --%s: %s", name, tostring(opt(name)))
   end
   return v
end

-- "10,100" -> { 10, 100 }
local function count_list(name)
   local t = {}
   for w in (tostring(opt(name)) .. ","):gmatch("([^,]*),") do
      local v = tonumber(w)
      if v == nil or v < 1 or v ~= math.floor(v) or v > 100000 then
         fail("Invalid value for --%s: '%s' (a comma-separated list of counts >= 1)",
              name, tostring(opt(name)))
      end
      t[#t + 1] = v
   end
   return t
end

-- The text of --query/--create/...: the file's contents when the value
-- names a file; a single word that looks like a path but names no file is
-- an error (mysqlslap would run it as SQL and fail later, less clearly).
local function sql_source(name)
   local v = opt(name)
   if v == nil or v == "" then
      return nil
   end
   local f, err = io.open(v, "rb")
   if f then
      local text, rerr = f:read("*a")
      f:close()
      if text == nil then
         fail("--%s: cannot read '%s': %s", name, v, tostring(rerr))
      end
      return text, v
   end
   if not v:find("%s") and (v:find("/", 1, true) or v:lower():find("%.sql$")) then
      fail("--%s: cannot open '%s': %s", name, v, (err or ""):gsub("^[^:]*: ", ""))
   end
   return v
end

local function split_statements(text, delim)
   local out, pos = {}, 1
   while pos <= #text + 1 do
      local s, e = text:find(delim, pos, true)
      local piece = text:sub(pos, (s or #text + 1) - 1)
      piece = piece:gsub("^%s+", ""):gsub("%s+$", "")
      if piece ~= "" then
         out[#out + 1] = piece
      end
      if not s then
         break
      end
      pos = e + 1
   end
   return out
end

local function statements_of(name, delim)
   local text, file = sql_source(name)
   if text == nil then
      return nil
   end
   local list = split_statements(text, delim)
   if #list == 0 then
      fail("--%s: %s holds no SQL statement", name, file and ("'" .. file .. "'") or "the value")
   end
   return list
end

local function schema_name()
   local v = tostring(opt("create-schema"))
   if not v:match("^[%w_$]+$") then
      fail("Invalid value for --create-schema: '%s' (letters, digits, _ and $)", v)
   end
   return v
end

-- All settings, checked; the same in every state (main and workers).
local function settings()
   local s = {}
   -- slap creates and drops its own schema per iteration: N instances
   -- would drop each other's; its keys are the server's (auto-increment,
   -- uuid()), which need no split
   if (sysbench.instances or 1) > 1 then
      fail("slap runs as one instance only (--instance=I/N with N > 1: each would create and drop the schema the others use)")
   end
   s.concurrency = count_list("concurrency")
   s.iterations = int_opt("iterations", 1)
   s.queries = int_opt("number-of-queries", 0)
   s.execute_number = int_opt("auto-generate-sql-execute-number", 0)
   if s.queries > 0 and s.execute_number > 0 then
      fail("Either --auto-generate-sql-execute-number or --number-of-queries can be used")
   end
   s.auto = opt("auto-generate-sql") and true or false
   s.load_type = tostring(opt("auto-generate-sql-load-type"))
   local types = { mixed = true, read = true, write = true, key = true, update = true }
   if not types[s.load_type] then
      fail("Invalid value for --auto-generate-sql-load-type: '%s' " ..
           "(mixed, read, write, key or update)", s.load_type)
   end
   s.autoinc = opt("auto-generate-sql-add-autoincrement") and true or false
   s.guid = opt("auto-generate-sql-guid-primary") and true or false
   if s.autoinc and s.guid then
      fail("Either --auto-generate-sql-guid-primary or " ..
           "--auto-generate-sql-add-autoincrement can be used")
   end
   s.secondary = int_opt("auto-generate-sql-secondary-indexes", 0)
   s.write_number = int_opt("auto-generate-sql-write-number", 0)
   s.unique_write = int_opt("auto-generate-sql-unique-write-number", 1)
   s.unique_query = int_opt("auto-generate-sql-unique-query-number", 1)
   s.int_cols = int_opt("number-int-cols", 0)
   s.char_cols = int_opt("number-char-cols", 0)
   if s.int_cols + s.char_cols == 0 then
      fail("t1 needs a column: --number-int-cols and --number-char-cols are both 0")
   end
   s.schema = schema_name()
   s.no_drop = opt("no-drop") and true or false
   local d = tostring(opt("delimiter"))
   if d == "" or d == "\\n" then
      d = "\n"
   end
   s.delimiter = d
   s.query = statements_of("query", d)
   s.create = statements_of("create", d)
   s.pre_query = statements_of("pre-query", d)
   s.post_query = statements_of("post-query", d)
   if s.query == nil and not s.auto then
      fail("Nothing to run: give --auto-generate-sql (-a) or --query")
   end
   if s.load_type == "key" and s.auto and s.query == nil and not (s.autoinc or s.guid) then
      fail("Can't perform key test without a primary key! (add " ..
           "--auto-generate-sql-add-autoincrement or --auto-generate-sql-guid-primary)")
   end
   s.engines = {}
   local e = tostring(opt("engine"))
   if e ~= "" then
      for w in (e .. ","):gmatch("([^,]*),") do
         if not w:match("^[%w_]+:?[%w_=, ]*$") then
            fail("Invalid value for --engine: '%s'", e)
         end
         s.engines[#s.engines + 1] = w
      end
   end
   return s
end

-- ---- dialects ----------------------------------------------------------------

local function driver_name()
   local d = tostring(sysbench.opt.db_driver or "mysql")
   if d == "" then d = "mysql" end
   return d
end

local DIALECTS = {
   mysql = {
      drop = "DROP SCHEMA IF EXISTS `%s`",
      create = "CREATE SCHEMA `%s`",
      use = "USE `%s`",
      table = "CREATE TABLE `t1` (%s)",
      autoinc_col = "id serial", autoinc_val = "NULL",
      guid_col = "id varchar(36) primary key", guid_val = "uuid()",
      secondary_col = "id%d varchar(36) unique key",
      int_col = "intcol%d INT(32) ",
   },
   pgsql = {
      drop = "DROP SCHEMA IF EXISTS %s CASCADE",
      create = "CREATE SCHEMA %s",
      use = "SET search_path TO %s",
      table = "CREATE TABLE t1 (%s)",
      autoinc_col = "id bigserial unique", autoinc_val = "DEFAULT",
      guid_col = "id varchar(36) primary key", guid_val = "gen_random_uuid()",
      secondary_col = "id%d varchar(36) unique",
      int_col = "intcol%d INT ",
   },
}

-- mysqlslap needs no database but its own: unless --mysql-db is given,
-- connect without a default database (sbtest need not exist), before the
-- driver reads its options on the first connection. Returns the database
-- the schema's own connections use ("": none).
local function no_default_db()
   if driver_name() ~= "mysql" then
      return ""
   end
   for _, a in pairs(sysbench.cmdline.argv or {}) do
      if a:match("^%-%-mysql[-_]db=") then
         return tostring(sysbench.opt.mysql_db or "")
      end
   end
   ffi.C.native_opt_set("mysql-db", "")
   return ""
end

-- As mysqlslap's, the clients of a run connect to the schema itself (the
-- MySQL driver reads --mysql-db at each connect): no USE per client, a
-- statement mysqlslap does not send. `db` is the schema while the run's
-- clients connect, the base database around it.
local function connect_db(db)
   if driver_name() == "mysql" and ffi.C.native_opt_set("mysql-db", db) ~= 0 then
      fail("slap: cannot set --mysql-db to '%s'", db)
   end
end

local function dialect()
   local d = DIALECTS[driver_name()]
   if d == nil then
      fail("slap runs on MySQL/MariaDB and PostgreSQL, not with --db-driver=%s", driver_name())
   end
   return d
end

-- ---- statement generation ------------------------------------------------------

-- A private generator with a fixed seed: every state builds the same
-- statement lists, as mysqlslap's clients share one list.
local Rand = {}
Rand.__index = Rand
local function new_rand(seed)
   return setmetatable({ x = seed }, Rand)
end
-- Park-Miller minimal standard generator: small, and the same in every state.
function Rand:next()
   self.x = (self.x * 16807) % 2147483647
   return self.x
end
local ALNUM = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
function Rand:string(n)
   local t = {}
   for i = 1, n do
      local k = self:next() % #ALNUM + 1
      t[i] = ALNUM:sub(k, k)
   end
   return table.concat(t)
end

local CHAR_LEN = 126   -- mysqlslap's random strings

local function key_kind(s)
   return s.autoinc or s.guid
end

local function create_table_sql(s, d)
   local cols = {}
   if s.autoinc then cols[#cols + 1] = d.autoinc_col end
   if s.guid then cols[#cols + 1] = d.guid_col end
   for i = 0, s.secondary - 1 do
      cols[#cols + 1] = string.format(d.secondary_col, i)
   end
   for i = 1, s.int_cols do
      cols[#cols + 1] = string.format(d.int_col, i)
   end
   for i = 1, s.char_cols do
      cols[#cols + 1] = string.format("charcol%d VARCHAR(128)", i)
   end
   return string.format(d.table, table.concat(cols, ","))
end

local function insert_sql(s, d, r)
   local v = {}
   if s.autoinc then v[#v + 1] = d.autoinc_val end
   if s.guid then v[#v + 1] = d.guid_val end
   for _ = 1, s.secondary do v[#v + 1] = d.guid_val end
   for _ = 1, s.int_cols do v[#v + 1] = tostring(r:next()) end
   for _ = 1, s.char_cols do v[#v + 1] = "'" .. r:string(CHAR_LEN) .. "'" end
   return "INSERT INTO t1 VALUES (" .. table.concat(v, ",") .. ") "
end

local function column_list(s)
   local c = {}
   for i = 1, s.int_cols do c[#c + 1] = "intcol" .. i end
   for i = 1, s.char_cols do c[#c + 1] = "charcol" .. i end
   return table.concat(c, ",")
end

local KEY_WHERE = " WHERE id =  '"

local function update_sql(s, r)
   local set = {}
   for i = 1, s.int_cols do set[#set + 1] = string.format("intcol%d = %d", i, r:next()) end
   for i = 1, s.char_cols do
      set[#set + 1] = string.format("charcol%d = '%s'", i, r:string(CHAR_LEN))
   end
   return "UPDATE t1 SET " .. table.concat(set, ",")
end

-- The load: a list of { sql = ..., key = true when a primary key value
-- and "'" are appended at run time }.
local function load_list(s, d)
   if s.query then
      local l = {}
      for i, q in ipairs(s.query) do l[i] = { sql = q } end
      return l
   end
   local r = new_rand(20050101)
   local scan = "SELECT " .. column_list(s) .. " FROM t1"
   local l = {}
   for i = 1, s.unique_query + 1 do
      local t = s.load_type
      if t == "mixed" then
         t = (i % 2 == 1) and "write" or (key_kind(s) and "key" or "read")
      end
      if t == "write" then
         l[i] = { sql = insert_sql(s, d, r) }
      elseif t == "read" then
         l[i] = { sql = scan }
      elseif t == "key" then
         l[i] = { sql = scan .. KEY_WHERE, key = true }
      else
         local u = update_sql(s, r)
         l[i] = key_kind(s) and { sql = u .. KEY_WHERE, key = true } or { sql = u }
      end
   end
   return l
end

-- The schema statements of one run (after the schema is created).
local function create_list(s, d, engine)
   local l = {}
   local eng, eopts
   if engine then
      eng, eopts = engine:match("^([^:]*):?(.*)$")
   end
   local suffix = ""
   if eng then
      suffix = " Engine = " .. eng .. (eopts ~= "" and (" " .. eopts) or "")
   end
   if s.create then
      for _, q in ipairs(s.create) do
         if suffix ~= "" and q:upper():match("^CREATE%s+TABLE") then
            q = q .. suffix
         end
         l[#l + 1] = q
      end
   end
   if s.auto and s.query == nil then
      l[#l + 1] = create_table_sql(s, d) .. suffix
      local r = new_rand(19700101)
      local uniq = {}
      for i = 1, math.min(s.unique_write, math.max(s.write_number - 1, 0)) do
         uniq[i] = insert_sql(s, d, r)
      end
      for i = 1, s.write_number - 1 do
         l[#l + 1] = uniq[(i - 1) % #uniq + 1]
      end
   elseif s.auto and s.create == nil then
      -- -a with --query: the generated table still holds the schema
      l[#l + 1] = create_table_sql(s, d) .. suffix
   end
   return l
end

M.settings = settings
M.load_list = load_list
M.create_list = create_list
M.dialect = dialect
M.create_table_sql = create_table_sql

-- ---- the run steps -------------------------------------------------------------

-- The worker threads the clients of a run share: --threads as typed (one
-- number), else the online CPUs.
ffi.cdef [[ long sysconf(int name); ]]
local SC_NPROCESSORS_ONLN = 84   -- Linux (glibc and musl)
local function worker_threads()
   -- the text typed for --threads (command line, --num-threads or
   -- --config-file): the core knows whether it was given, which the parsed
   -- value cannot tell from its default of 1
   local given = ffi.C.bench_opt_given("threads")
   if given ~= nil then
      local typed = ffi.string(given)
      local n = tonumber(typed)
      if n == nil or n < 1 or n ~= math.floor(n) then
         fail("Invalid value for --threads: '%s' (slap: one number, the worker " ..
              "threads the clients share)", typed)
      end
      return n
   end
   local n = tonumber(ffi.C.sysconf(SC_NPROCESSORS_ONLN)) or 1
   return n >= 1 and n or 1
end
M.worker_threads = worker_threads

-- A run of `clients` clients: its threads and connections (0: one client
-- per thread).
local function step_shape(clients, workers)
   if clients <= workers then
      return clients, 0
   end
   return workers, clients
end
M.step_shape = step_shape

-- Blocks in mysqlslap's order: each engine, each concurrency within it;
-- each block runs `iterations` steps.
local function blocks(s)
   local engines = #s.engines > 0 and s.engines or { false }
   local out = {}
   for _, e in ipairs(engines) do
      for _, c in ipairs(s.concurrency) do
         out[#out + 1] = { engine = e or nil, concurrency = c }
      end
   end
   return out
end
M.blocks = blocks

-- Statements per client: mysqlslap's client limit.
local function per_client(s, list, concurrency)
   -- fewer queries than clients: a limit of 0, which mysqlslap takes as
   -- none (the list once)
   if s.queries >= concurrency then
      return math.floor(s.queries / concurrency)
   elseif s.execute_number > 0 then
      return s.execute_number
   end
   return #list
end
M.per_client = per_client

-- mysqlslap's summary block of one engine x concurrency block.
local function print_summary(s, block, times)
   local sum, mn, mx = 0, math.huge, 0
   for _, t in ipairs(times) do
      sum = sum + t
      mn = math.min(mn, t)
      mx = math.max(mx, t)
   end
   local avg = #times > 0 and sum / #times or 0
   if #times == 0 then mn = 0 end
   local q = s.queries > 0 and math.floor(s.queries / block.concurrency) or s.execute_number
   local out = { "Benchmark" }
   if block.engine then
      out[#out + 1] = "\tRunning for engine " .. block.engine:match("^[^:]*")
   end
   -- mysqlslap prints whole milliseconds, truncated
   local function secs(v)
      local ms = math.floor(v * 1000 + 1e-9)
      return string.format("%d.%03d seconds", math.floor(ms / 1000), ms % 1000)
   end
   out[#out + 1] = "\tAverage number of seconds to run all queries: " .. secs(avg)
   out[#out + 1] = "\tMinimum number of seconds to run all queries: " .. secs(mn)
   out[#out + 1] = "\tMaximum number of seconds to run all queries: " .. secs(mx)
   out[#out + 1] = "\tNumber of clients running queries: " .. block.concurrency
   out[#out + 1] = "\tAverage number of queries per client: " .. q
   io.stdout:write(table.concat(out, "\n"), "\n\n")
   io.stdout:flush()
end
M.print_summary = print_summary

-- ---- main state: schema around each run --------------------------------------

local function run_all(con, list)
   for _, q in ipairs(list or {}) do
      con:query(q)
   end
end

-- Whether the run creates its schema: only with create statements (-a or
-- --create), as mysqlslap. Without them the load runs in a schema that
-- must exist, and nothing is created or dropped.
local function creates_schema(s)
   return s.auto or s.create ~= nil
end
M.creates_schema = creates_schema

-- Whether the schema exists (PostgreSQL folds the unquoted name to lower
-- case); the name is checked by schema_name().
local function schema_exists(con, s)
   local q
   if driver_name() == "mysql" then
      q = "SELECT COUNT(*) FROM information_schema.schemata WHERE schema_name = '%s'"
   else
      q = "SELECT COUNT(*) FROM pg_namespace WHERE nspname = lower('%s')"
   end
   return tonumber(con:query_row(string.format(q, s.schema))) > 0
end

-- One line and the end when the schema is not as the run needs it: absent
-- when it must exist, present when the run creates it.
local function check_schema(con, s)
   local exists = schema_exists(con, s)
   if creates_schema(s) and exists then
      con:disconnect()
      fail("Cannot create schema %s: it exists (bench slap drops only what it " ..
           "created; give another --create-schema, or drop it yourself)", s.schema)
   elseif not creates_schema(s) and not exists then
      con:disconnect()
      fail("Unknown schema %s: without -a or --create the load runs in an existing " ..
           "one (--create-schema)", s.schema)
   end
end

-- The schema this process created and has not dropped yet (a --no-drop
-- step keeps it for the next step, which drops and creates it again).
-- Nothing else is ever dropped: an existing schema is an error, as for
-- mysqlslap's plain CREATE SCHEMA, and bench does not drop it first.
local owned = {}

local function drop_owned(con, s)
   if owned[s.schema] then
      con:query(string.format(dialect().drop, s.schema))
      owned[s.schema] = nil
   end
end

-- Create the schema and its contents for one run of `block` (when there
-- are create statements); returns the primary key values of t1 for key
-- lookups (nil when there are none).
local function setup(s, block)
   local d = dialect()
   if block.engine and driver_name() ~= "mysql" then
      fail("--engine applies to MySQL/MariaDB only (--db-driver=%s)", driver_name())
   end
   local con = sysbench.sql.driver():connect()
   if creates_schema(s) then
      drop_owned(con, s)
   end
   check_schema(con, s)
   if creates_schema(s) then
      con:query(string.format(d.create, s.schema))
      owned[s.schema] = true
      con:query(string.format(d.use, s.schema))
      run_all(con, create_list(s, d, block.engine))
   else
      con:query(string.format(d.use, s.schema))
   end
   run_all(con, s.pre_query)
   local keys
   if s.auto and s.query == nil and key_kind(s) then
      keys = {}
      local rs = con:query("SELECT id from t1")
      local row = rs and rs:fetch_row()
      while row do
         keys[#keys + 1] = tostring(row[1])
         row = rs:fetch_row()
      end
      if rs then rs:free() end
   end
   con:disconnect()
   return keys
end

local function teardown(s)
   local d = dialect()
   local con = sysbench.sql.driver():connect()
   if s.post_query then
      con:query(string.format(d.use, s.schema))
      run_all(con, s.post_query)
   end
   if not s.no_drop then
      drop_owned(con, s)
   end
   con:disconnect()
end
M.setup = setup
M.teardown = teardown

-- Workers learn the keys of t1 through the environment: it is set by the
-- main state before the workers of a run start (no extra statement in the
-- measured load, and no file to clean up).
local KEYS_ENV = "BENCH_SLAP_KEYS"
ffi.cdef [[ int setenv(const char *name, const char *value, int overwrite); ]]
local function publish_keys(keys)
   ffi.C.setenv(KEYS_ENV, keys and table.concat(keys, ",") or "", 1)
end
local function read_keys()
   local v = os.getenv(KEYS_ENV)
   local keys = {}
   if v then
      for k in v:gmatch("[^,]+") do keys[#keys + 1] = k end
   end
   return keys
end
M.publish_keys = publish_keys

-- ---- workers ---------------------------------------------------------------------

local S, LIST, NLIST, KEYS, NKEYS, DRIVER
local con, done, limit, pos

-- The worker's step: its concurrency is the run's thread count.
function thread_init()
   S = settings()
   local d = dialect()
   LIST = load_list(S, d)
   NLIST = #LIST
   KEYS = read_keys()
   NKEYS = #KEYS
   local needs_key = false
   for _, q in ipairs(LIST) do
      if q.key then needs_key = true end
   end
   if needs_key and NKEYS == 0 then
      fail("slap: t1 holds no rows to look up by key (--auto-generate-sql-write-number " ..
           "is %d)", S.write_number)
   end
   -- the run's clients: its connections, or one per thread
   local clients = tonumber(sysbench.opt.connections) or 0
   if clients == 0 then
      clients = tonumber(sysbench.opt.threads)
   end
   limit = per_client(S, LIST, clients)
   -- sysbench.sql loads on first use: here, before the start, not in
   -- the measured time
   DRIVER = sysbench.sql.driver()
   done = 0
   -- clients start at the top of the list, as mysqlslap's
   pos = 1
end

-- As mysqlslap's clients, connect once the run started: the summary's
-- seconds include connecting (not the statements' latencies). MySQL
-- connects to the schema (connect_db); PostgreSQL sets the search path.
function thread_run(tid)
   con = DRIVER:connect()
   if driver_name() ~= "mysql" then
      con:query(string.format(dialect().use, S.schema))
   end
   return sysbench.thread_run_default(tid)
end

function event()
   if done >= limit then
      return true
   end
   local q = LIST[pos]
   if q.key then
      con:query(q.sql .. KEYS[sysbench.rand.uniform(1, NKEYS)] .. "'")
   else
      con:query(q.sql)
   end
   -- counted once it succeeded: an ignorable error (a deadlock between
   -- two clients' UPDATEs) raises above and the event runs the same
   -- statement again, so each client still runs exactly its share
   done = done + 1
   pos = pos < NLIST and pos + 1 or 1
end

function thread_done()
   if con then
      con:disconnect()
   end
end

-- ---- main state: the steps ---------------------------------------------------------

local run_state = {}   -- settings, blocks, the times of the current block

-- One step per (engine, concurrency, iteration), in mysqlslap's order.
-- Clients stop themselves (event() returns true): no time or event limit.
function sweep_steps()
   local s = settings()
   dialect()
   run_state.base_db = no_default_db()
   if #s.engines > 0 and driver_name() ~= "mysql" then
      fail("--engine applies to MySQL/MariaDB only (--db-driver=%s)", driver_name())
   end
   run_state.s = s
   -- before the first step: a step's failure adds the sweep's own line
   local con = sysbench.sql.driver():connect()
   check_schema(con, s)
   con:disconnect()
   run_state.blocks = blocks(s)
   run_state.times = {}
   local workers = worker_threads()
   local steps = {}
   for bi, b in ipairs(run_state.blocks) do
      for it = 1, s.iterations do
         local label = {}
         if b.engine then label[#label + 1] = "engine " .. b.engine end
         label[#label + 1] = "concurrency " .. b.concurrency
         if s.iterations > 1 then label[#label + 1] = "iteration " .. it end
         local threads, connections = step_shape(b.concurrency, workers)
         steps[#steps + 1] = { threads = threads, connections = connections,
                               events = 0, time = 0,
                               label = table.concat(label, ", "),
                               block = bi, iteration = it }
      end
   end
   return steps
end

-- A failed step ends the sweep without sweep_step_end: the main state's
-- end (lua_close, while the driver is still up) drops the schema then.
local function drop_on_close()
   if run_state.guard then
      return
   end
   run_state.guard = newproxy(true)
   getmetatable(run_state.guard).__gc = function()
      if run_state.pending and not run_state.s.no_drop and owned[run_state.s.schema] then
         run_state.pending = false
         pcall(function()
            local ffi = require("ffi")
            connect_db(run_state.base_db)
            local con = sysbench.sql.driver():connect()
            pcall(drop_owned, con, run_state.s)
            con:disconnect()
            -- this finalizer may run while the Lua state closes, when a
            -- finalizer set now would never run: free the connection here
            ffi.C.db_connection_free(ffi.gc(con, nil))
         end)
      end
   end
end

function sweep_step_begin(step)
   local s = run_state.s
   if step.iteration == 1 then
      run_state.times = {}
   end
   run_state.recorded = false
   drop_on_close()
   run_state.pending = true
   publish_keys(setup(s, run_state.blocks[step.block]))
   connect_db(s.schema)
end

-- The step's time; after the block's last iteration, mysqlslap's summary.
local function step_time(step, t)
   if run_state.recorded then
      return
   end
   run_state.recorded = true
   local times = run_state.times
   times[#times + 1] = t
   if step.iteration == run_state.s.iterations then
      print_summary(run_state.s, run_state.blocks[step.block], times)
   end
end

-- Text reports: the summary comes first, bench's report follows (the
-- hook returns false). Other formats print it from sweep_step_end.
-- (Checkpoint reports call the same hook: with --report-checkpoints the
-- time comes from sweep_step_end too.)
local function summary_in_report()
   local cp = sysbench.opt.report_checkpoints
   return tostring(sysbench.opt.report_format or "text") == "text" and
      not (type(cp) == "table" and #cp > 0)
end

-- mysqlslap's seconds run from the start of its clients (which then
-- connect) to the end of the last one's last statement: time_events, the
-- core's time from the start of the run to the end of the last event
-- (clients connect in thread_run, after the start). Not what follows it
-- (thread_done, closing the Lua states). The step's total time when the
-- core has no such figure (a forced shutdown).
local function client_seconds(t)
   return t.time_events or t.time_total or t.time
end

sysbench.hooks.report_cumulative = function(stat)
   if sysbench.step and summary_in_report() then
      step_time(sysbench.step, client_seconds(stat))
   end
   return false
end

function sweep_step_end(step, result)
   step_time(step, client_seconds(result))
   connect_db(run_state.base_db)
   teardown(run_state.s)
   run_state.pending = false
end

-- "bench slap cleanup": drop the schema a --no-drop run left behind.
function cleanup()
   local s = { schema = schema_name() }
   no_default_db()
   local con = sysbench.sql.driver():connect()
   print(string.format("Dropping schema '%s'...", s.schema))
   con:query(string.format(dialect().drop, s.schema))
   con:disconnect()
end

return M
