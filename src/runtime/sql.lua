-- SPDX-License-Identifier: GPL-2.0-or-later
-- sysbench.sql: drivers, connections, prepared statements, result sets and
-- bulk inserts over the C database layer (src/ffi/db.h: sysbench
-- 1.0.20's types and functions), plus the legacy sysbench 0.5 db_*
-- globals.
--
-- The objects are the C structs themselves (ffi metatypes), printing as
-- sysbench's: <sql_driver>, <sql_connection>, <sql_statement>,
-- <sql_result>; bind parameters are tables printing as <sql_param>.
-- Where a misuse raises an error, the call structure (tail calls, error
-- levels) is the one that gives sysbench's messages and locations.

local ffi = ffi
local C = ffi.C

local sql = {}
sysbench.sql = sql

sql.type = {
   NONE = C.SQL_TYPE_NONE, TINYINT = C.SQL_TYPE_TINYINT,
   SMALLINT = C.SQL_TYPE_SMALLINT, INT = C.SQL_TYPE_INT,
   BIGINT = C.SQL_TYPE_BIGINT, FLOAT = C.SQL_TYPE_FLOAT,
   DOUBLE = C.SQL_TYPE_DOUBLE, TIME = C.SQL_TYPE_TIME, DATE = C.SQL_TYPE_DATE,
   DATETIME = C.SQL_TYPE_DATETIME, TIMESTAMP = C.SQL_TYPE_TIMESTAMP,
   CHAR = C.SQL_TYPE_CHAR, VARCHAR = C.SQL_TYPE_VARCHAR,
}
sql.error = {
   NONE = C.DB_ERROR_NONE, IGNORABLE = C.DB_ERROR_IGNORABLE,
   FATAL = C.DB_ERROR_FATAL,
}

local T = sql.type
local E = sql.error
local RESTART_EVENT = sysbench.error.RESTART_EVENT

-- Under --connections this state runs one connection's coroutine: the
-- calls below that wait for the server send their request and yield the
-- coroutine until the reply is there (the database layer has told the
-- thread's loop which socket to wait for).
local co_mode = C.bench_co_active() ~= 0
local yield = coroutine.yield
local nb_continue = C.db_nb_continue

-- Yield until the operation in flight on con is done: 0, or -1 failed.
local function nb_finish(con)
   local rc
   repeat
      yield()
      rc = nb_continue(con)
   until rc ~= 1
   return rc
end

-- ---- errors ---------------------------------------------------------------

-- The outcome of the last call on `con` that returned rs (nil on failure).
-- Success returns rs. An API error (no SQL state: closed connection,
-- failed prepare) raises "SQL API error"; an ignorable error (by the
-- driver's ignore list, or made so by sysbench.hooks.sql_error_ignorable)
-- raises the error descriptor with errcode RESTART_EVENT, so the event
-- restarts; a fatal one raises the SQL error text at the caller. Called
-- as a tail call from the methods, as sysbench does, so the levels point
-- at the script.
local function check_error(con, rs, query, where)
   if rs ~= nil or con.error == E.NONE then
      return rs
   end
   if con.sql_state == nil or con.sql_errmsg == nil then
      if where then error(where .. "SQL API error", 0) end
      error("SQL API error", 3)
   end
   local err = {
      connection = con,
      query = query,
      sql_errno = con.sql_errno,
      sql_state = ffi.string(con.sql_state),
      sql_errmsg = ffi.string(con.sql_errmsg),
   }
   local ignorable = con.error == E.IGNORABLE
   local hook = (co_mode and sysbench.__envs[C.bench_co_current()] or _G)
      .sysbench.hooks.sql_error_ignorable
   if type(hook) == "function" then
      local r = hook(err)
      if r ~= nil then ignorable = r and true or false end
   end
   if ignorable then
      C.db_count_ignored_error()
      err.errcode = RESTART_EVENT
      error(err, 3)
   end
   local msg = string.format("SQL error, errno = %d, state = '%s': %s",
                             err.sql_errno, err.sql_state, err.sql_errmsg)
   if where then error(where .. msg, 0) end
   error(msg, 2)
end

-- "file:line: " of the innermost caller outside this module, for errors
-- raised deep inside it (bulk load), so they name the script's line.
local function user_where()
   for level = 3, 40 do
      local info = debug.getinfo(level, "Sl")
      if info == nil then
         break
      end
      if info.currentline > 0 and info.source ~= "sysbench.sql.lua" then
         return info.short_src .. ":" .. info.currentline .. ": "
      end
   end
   return ""
end

-- ---- result sets --------------------------------------------------------

local result_methods = {}

-- The next row as an array of strings (nil for SQL NULL), or nil.
function result_methods.fetch_row(self)
   local row = C.db_fetch_row(self)
   if row == nil then
      return nil
   end
   local t = {}
   local v = row.values
   for i = 0, self.nfields - 1 do
      if v[i].ptr ~= nil then
         t[i + 1] = ffi.string(v[i].ptr, v[i].len)
      end
   end
   return t
end

function result_methods.free(self)
   return assert(C.db_free_results(self) == 0, "db_free_results() failed")
end

ffi.metatype("sql_result", {
   __index = result_methods,
   __tostring = function() return "<sql_result>" end,
})

-- ---- bind parameters ---------------------------------------------------------

local param_methods = {}
local param_mt = {
   __index = param_methods,
   __tostring = function() return "<sql_param>" end,
}

-- Buffers by type: sysbench widens the integer types to BIGINT and the
-- floating ones to DOUBLE, and sends text as VARCHAR.
local int64_buf = ffi.typeof("int64_t[1]")
local double_buf = ffi.typeof("double[1]")
local ulong_buf = ffi.typeof("unsigned long[1]")
local char_buf = ffi.typeof("char[?]")
local is_int = { [T.TINYINT] = true, [T.SMALLINT] = true, [T.INT] = true,
                 [T.BIGINT] = true }
local is_float = { [T.FLOAT] = true, [T.DOUBLE] = true }
local is_text = { [T.CHAR] = true, [T.VARCHAR] = true }

function param_methods.set(self, v)
   if v == nil then
      self.is_null[0] = 1
      return
   end
   self.is_null[0] = 0
   local t = self.type
   if t == T.BIGINT or t == T.DOUBLE then
      self.buffer[0] = v
   elseif t == T.VARCHAR then
      local s = tostring(v)
      local n = #s
      if n > self.max_len then n = self.max_len end
      ffi.copy(self.buffer, s, n)
      self.data_len[0] = n
   else
      error("Unsupported argument type: " .. t, 2)
   end
end

-- Fill the text parameter from a sysbench.rand.string() pattern ('#' a
-- digit, '@' a letter), in place: no Lua string is made.
function param_methods.set_rand_str(self, fmt)
   if self.type ~= T.VARCHAR then
      error("Unsupported argument type: " .. self.type, 2)
   end
   local n = #fmt
   if n > self.max_len then n = self.max_len end
   C.rand_string(self.buffer, fmt, n)
   self.data_len[0] = n
   self.is_null[0] = 0
end

-- ---- prepared statements --------------------------------------------------

-- What C only points to (the bound parameters' buffers) is kept alive here
-- for as long as the statement is.
local stmt_params = setmetatable({}, { __mode = "k" })

local stmt_methods = {}

-- Statements closed so far (weak keys: the cdata the script holds). close()
-- frees the C statement, so a method called on it afterwards would read
-- freed memory (sysbench 1.0.20 crashes there); these raise an error
-- instead, and a second close() does nothing. The table is one per state,
-- empty in a script that never closes early, so the look-up stays cheap.
local closed_stmts = setmetatable({}, { __mode = "k" })
local function closed_use(level)
   error("SQL API error: a statement used after its close()", level + 1)
end

function stmt_methods.bind_create(self, btype, max_len)
   local p = setmetatable({}, param_mt)
   if is_int[btype] then
      p.type, p.buffer, p.max_len = T.BIGINT, int64_buf(), 8
   elseif is_float[btype] then
      p.type, p.buffer, p.max_len = T.DOUBLE, double_buf(), 8
   elseif is_text[btype] then
      p.max_len = max_len or 255
      p.type, p.buffer = T.VARCHAR, char_buf(p.max_len + 1)
   else
      error("Unsupported argument type: " .. tostring(btype), 2)
   end
   p.data_len = ulong_buf()
   p.is_null = char_buf(1)
   return p
end

-- Bind parameters made by bind_create, in placeholder order. sysbench
-- returns nil when given none, else db_bind_param's result (0 on success;
-- 1 after a FATAL line, e.g. a wrong number of parameters).
function stmt_methods.bind_param(self, ...)
   if closed_stmts[self] then closed_use(2) end
   local n = select("#", ...)
   if n < 1 then return nil end
   local params = { ... }
   local binds = ffi.new("sql_bind[?]", n)
   for i = 1, n do
      local p = params[i]
      local b = binds[i - 1]
      b.type = p.type
      b.buffer = p.buffer
      b.data_len = p.data_len
      b.max_len = p.max_len
      b.is_null = p.is_null
   end
   stmt_params[self] = params
   return C.db_bind_param(self, binds, n)
end

-- The statement's result, or nil with the connection's error set (the
-- C calls; under --connections they yield while the server answers:
-- db_*_nb and db_nb_resume return WAIT while the reply is not there, also
-- while a lost connection is being reconnected).
local run_query, run_execute = C.db_query, C.db_execute
local WAIT = ffi.cast("sql_result *", 1)
if co_mode then
   local query_nb, execute_nb, resume_nb = C.db_query_nb, C.db_execute_nb, C.db_nb_resume
   function run_query(con, query, len)
      local rs = query_nb(con, query, len)
      while rs == WAIT do
         yield()
         rs = resume_nb(con)
      end
      return rs
   end
   -- st.connection is read after each yield, not kept in a local across
   -- it: a pointer live across the yield is a cdata box allocated per
   -- statement.
   function run_execute(st)
      local rs = execute_nb(st)
      while rs == WAIT do
         yield()
         rs = resume_nb(st.connection)
      end
      return rs
   end
end

function stmt_methods.execute(self)
   if closed_stmts[self] then closed_use(2) end
   local rs = run_execute(self)
   return check_error(self.connection, rs, "<prepared statement>")
end
-- Under --connections, the same with run_execute's wait inline: one Lua
-- frame fewer on the coroutine's stack at each yield. The compiled event
-- writes its frames there when it leaves for the yield, and the resume
-- reads them again after the thread's other connections have run: each
-- line of them is a cache miss per statement.
if co_mode then
   local execute_nb, resume_nb = C.db_execute_nb, C.db_nb_resume
   function stmt_methods.execute(self)
      if closed_stmts[self] then closed_use(2) end
      local rs = execute_nb(self)
      while rs == WAIT do
         yield()
         rs = resume_nb(self.connection)
      end
      return check_error(self.connection, rs, "<prepared statement>")
   end
end

-- Closing may wait for the server (PostgreSQL's DEALLOCATE).
local function close_stmt(st)
   if co_mode then
      local con = st.connection
      if C.db_close_nb(st) == 1 then
         nb_finish(con)   -- st is freed by now
      end
      return 0
   end
   return C.db_close(st)
end

function stmt_methods.close(self)
   if closed_stmts[self] then return 0 end
   closed_stmts[self] = true
   stmt_params[self] = nil
   return close_stmt(self)
end

ffi.metatype("sql_statement", {
   __index = stmt_methods,
   __tostring = function() return "<sql_statement>" end,
})

ffi.metatype("sql_bind", {
   __tostring = function() return "<sql_bind>" end,
})

-- ---- connections ----------------------------------------------------------

local conn_methods = {}

function conn_methods.query(self, query)
   local rs = run_query(self, query, #query)
   return check_error(self, rs, query)
end

function conn_methods.check_error(self, rs, query)
   return check_error(self, rs, query)
end

-- The first row of the result as separate values, or nil when the
-- statement returned no rows.
function conn_methods.query_row(self, query)
   local rs = self:query(query)
   if rs == nil or rs.nrows == 0 then
      return nil
   end
   return unpack(rs:fetch_row(), 1, rs.nfields)
end

local prepare = co_mode and C.db_prepare_nb or C.db_prepare

-- The prepared statement, or nil with the connection's error set.
local function run_prepare(con, query)
   local st = prepare(con, query, #query)
   if st ~= nil and co_mode and C.db_nb_waiting(con) ~= 0 and nb_finish(con) ~= 0 then
      st = nil   -- freed by the database layer
   end
   return st
end

function conn_methods.prepare(self, query)
   local st = run_prepare(self, query)
   if st == nil then
      check_error(self, nil, query)
   end
   -- no finalizer: it could run after its connection was freed
   return st
end

-- A failed bulk statement raises its SQL error (an ignorable one restarts
-- the event); a misuse, sysbench's "db_bulk_insert_*() failed".
function conn_methods.bulk_insert_init(self, query)
   return assert(C.db_bulk_insert_init(self, query, #query) == 0,
                 "db_bulk_insert_init() failed")
end

-- Under --connections the rows go without blocking the thread: sent here
-- when the next row would not fit, and by bulk_insert_done.
local function bulk_flush(self)
   local rc = C.db_bulk_flush_nb(self)
   if rc == 1 then
      rc = nb_finish(self)
   end
   return rc
end

-- db_bulk_insert_next and _done; under --connections the rows that do
-- not fit (and at the end the rest) are sent first, yielding.
local function bulk_next(con, val)
   local rc = 0
   if co_mode and C.db_bulk_insert_full(con, #val) ~= 0 then
      rc = bulk_flush(con)
   end
   if rc == 0 then
      rc = C.db_bulk_insert_next(con, val, #val)
   end
   return rc
end

local function bulk_done(con)
   local rc = co_mode and bulk_flush(con) or 0
   if rc == 0 then
      rc = C.db_bulk_insert_done(con)
   end
   return rc
end

function conn_methods.bulk_insert_next(self, val)
   local rc = bulk_next(self, val)
   if rc ~= 0 and self.error ~= E.NONE and self.sql_state ~= nil then
      return check_error(self, nil, "<bulk insert>")
   end
   return assert(rc == 0, "db_bulk_insert_next() failed")
end

function conn_methods.bulk_insert_done(self)
   local rc = bulk_done(self)
   if rc ~= 0 and self.error ~= E.NONE and self.sql_state ~= nil then
      return check_error(self, nil, "<bulk insert>")
   end
   return assert(rc == 0, "db_bulk_insert_done() failed")
end

-- Wait while the thread has as many connects in flight as it allows.
local function connect_slot()
   while C.db_nb_connect_busy() ~= 0 do
      yield()
   end
end

function conn_methods.reconnect(self)
   if co_mode then
      connect_slot()
      local rc = C.db_connection_reconnect_nb(self)
      if rc == 1 then
         rc = nb_finish(self)
      end
      return assert(rc == 0)
   end
   return assert(C.db_connection_reconnect(self) == 0)
end

function conn_methods.disconnect(self)
   return assert(C.db_connection_close(self) == 0)
end

function conn_methods.driver_name(self)
   return ffi.string(self.driver.sname)
end

-- ---- bulk load (bench's extension) ------------------------------------------
-- bulk_load_init(table, "col1, col2") returns false when the driver or the
-- server has no bulk path (use bulk_insert_*); then bulk_load_next(row) per
-- row -- the values joined by tabs -- and bulk_load_done(). The rows are
-- collected in a string.buffer (one allocation reused batch after batch,
-- handed to C by pointer); LuaJITs without string.buffer get
-- table.concat.
local has_sbuf, sbuf = pcall(require, "string.buffer")
local LOAD_MAX = 1024 * 1024   -- bytes per COPY / LOAD DATA
local loads = setmetatable({}, { __mode = "k" })

local function load_call(self, b, data, len)
   local rc
   if co_mode then
      -- the rows, table and column names stay alive here while it waits
      rc = C.db_load_nb(self, b.table, b.cols, data, len)
      if rc == 2 then
         rc = nb_finish(self)
         if rc == 2 then rc = 1 end   -- refused: use INSERT
      end
   else
      rc = C.db_load(self, b.table, b.cols, data, len)
   end
   if rc < 0 then
      check_error(self, nil, "bulk load into " .. b.table, user_where())
   end
   return rc == 0
end

local function load_flush(self, b)
   if b.n == 0 then return end
   local data, len
   if b.buf then
      b.buf:put("\n\0")
      data, len = b.buf:ref()
      len = len - 1
   else
      data = table.concat(b.parts, "\n", 1, b.n) .. "\n"
      len = #data
   end
   b.n, b.size = 0, 0
   if not load_call(self, b, data, len) then
      error("bulk load into " .. b.table .. ": the server stopped accepting it", 0)
   end
end

function conn_methods.bulk_load_init(self, tbl, cols)
   local b = { table = tbl, cols = cols, n = 0, size = 0,
               buf = has_sbuf and sbuf.new() or nil, parts = {} }
   if not load_call(self, b, "", 0) then
      return false
   end
   loads[self] = b
   return true
end

function conn_methods.bulk_load_next(self, row)
   local b = loads[self]
   if b == nil then
      error("bulk_load_next() called before bulk_load_init()", 2)
   end
   if b.size + #row + 1 > LOAD_MAX and b.n > 0 then
      load_flush(self, b)
   end
   if b.buf then
      if b.n == 0 then
         b.buf:reset()   -- the last batch's text is sent by now
         b.buf:put(row)
      else
         b.buf:put("\n", row)
      end
   else
      b.parts[b.n + 1] = row
   end
   b.n = b.n + 1
   b.size = b.size + #row + 1
end

function conn_methods.bulk_load_done(self)
   local b = loads[self]
   if b then
      load_flush(self, b)
      loads[self] = nil
   end
end

ffi.metatype("sql_connection", {
   __index = conn_methods,
   __tostring = function() return "<sql_connection>" end,
})

-- ---- drivers ----------------------------------------------------------------

local driver_methods = {}

local connect = co_mode and C.db_connection_create_nb or C.db_connection_create

function driver_methods.connect(self)
   if co_mode then
      connect_slot()
   end
   local con = connect(self)
   if con == nil then
      error("connection creation failed", 2)
   end
   con = ffi.gc(con, C.db_connection_free)
   if co_mode and C.db_nb_waiting(con) ~= 0 and nb_finish(con) ~= 0 then
      error("connection creation failed", 2)
   end
   return con
end

function driver_methods.name(self)
   return ffi.string(self.sname)
end

ffi.metatype("sql_driver", {
   __index = driver_methods,
   __tostring = function() return "<sql_driver>" end,
})

-- A handle to driver `name` (nil: --db-driver), to create connections.
function sql.driver(name)
   local drv = C.db_create(name)
   if drv == nil then
      error("failed to initialize the DB driver", 2)
   end
   return ffi.gc(drv, C.db_destroy)
end

-- ---- legacy sysbench 0.5 API --------------------------------------------------
-- One connection per Lua state, opened on first use by db_query,
-- db_prepare and db_bulk_insert_init (and again after db_disconnect), as
-- sysbench's compatibility layer does. db_connect() also sets the global
-- db_driver to the driver's name.

-- The functions and their connection live in the globals table G: _G,
-- and under --connections with shared states each connection's
-- environment (sysbench.__new_env), so each has its own connection.
function sql.__legacy(G)

   local legacy_con

   function G.db_connect()
      local drv = C.db_create(nil)
      if drv == nil then
         error("DB initialization failed", 0)
      end
      G.db_driver = ffi.string(drv.sname)
      if legacy_con == nil then
         if co_mode then
            connect_slot()
         end
         local c = connect(drv)
         if c == nil then
            error("Failed to connect to the database", 0)
         end
         c = ffi.gc(c, C.db_connection_free)
         if co_mode and C.db_nb_waiting(c) ~= 0 and nb_finish(c) ~= 0 then
            error("Failed to connect to the database", 0)
         end
         legacy_con = c
      end
   end

   function G.db_disconnect()
      if legacy_con then
         C.db_connection_close(legacy_con)
         legacy_con = nil
      end
   end

   local function legacy_connected()
      if legacy_con == nil then
         G.db_connect()
      end
      return legacy_con
   end

   local function legacy_required()
      if legacy_con == nil then
         error("Uninitialized database connection", 0)
      end
      return legacy_con
   end

   -- Raise as sysbench's legacy functions (C functions there) do: no
   -- location; an ignorable error restarts the event, anything else is
   -- "<fn>() failed".
   local function legacy_fail(con, fn)
      if con.error == E.IGNORABLE then
         C.db_count_ignored_error()
         error({ errcode = RESTART_EVENT }, 0)
      end
      error(fn .. "() failed", 0)
   end

   -- Runs the statement and frees its result: returns nothing.
   function G.db_query(query)
      local con = legacy_connected()
      local rs = run_query(con, query, #query)
      if rs == nil then
         if con.error ~= E.NONE then legacy_fail(con, "db_query") end
         return
      end
      if rs.counter == C.SB_CNT_READ then
         C.db_free_results(rs)
      end
   end

   -- 0.5's db_prepare/db_bind_param bind Lua values by table: the values are
   -- read again at each db_execute.
   local legacy_binds = setmetatable({}, { __mode = "k" })

   function G.db_prepare(query)
      local con = legacy_connected()
      local st = run_prepare(con, query)
      if st == nil then
         error("db_prepare() failed", 0)
      end
      return st
   end

   function G.db_bind_param(stmt, values)
      legacy_required()
      if type(values) ~= "table" then
         error("table was expected", 0)
      end
      local keys = {}
      for k in pairs(values) do keys[#keys + 1] = k end
      if #keys == 0 then
         error("table is empty", 0)
      end
      -- placeholders in key order: 1, 2, ..., 10 (numbers before others)
      table.sort(keys, function(a, b)
         local na, nb = type(a) == "number", type(b) == "number"
         if na and nb then return a < b end
         if na ~= nb then return na end
         return tostring(a) < tostring(b)
      end)
      local params = {}
      for i, k in ipairs(keys) do
         local v = values[k]
         if type(v) == "number" then
            params[i] = stmt:bind_create(T.BIGINT)
         elseif type(v) == "string" then
            params[i] = stmt:bind_create(T.VARCHAR, math.max(#v, 255))
         else
            error("Unsupported variable type: " .. type(v), 0)
         end
      end
      if stmt:bind_param(unpack(params, 1, #keys)) ~= 0 then
         error("db_bind_param() failed", 0)
      end
      legacy_binds[stmt] = { values = values, keys = keys, params = params }
   end

   -- Result binding is not supported (see db_bind_result in src/ffi/db.h).
   function G.db_bind_result(stmt, values)
      legacy_required()
      if type(values) ~= "table" then
         error("table was expected", 0)
      end
      if closed_stmts[stmt] then closed_use(2) end
      if C.db_bind_result(stmt, nil, 0) ~= 0 then
         error("db_bind_result() failed", 0)
      end
   end

   function G.db_execute(stmt)
      local con = legacy_required()
      local b = legacy_binds[stmt]
      if b then
         for i = 1, #b.keys do
            b.params[i]:set(b.values[b.keys[i]])
         end
      end
      if closed_stmts[stmt] then closed_use(2) end
      local rs = run_execute(stmt)
      if rs == nil and con.error ~= E.NONE then
         legacy_fail(con, "db_execute")
      end
      return rs
   end

   function G.db_close(stmt)
      legacy_required()
      legacy_binds[stmt] = nil
      stmt:close()
   end

   function G.db_store_results(rs)
      legacy_required()
      return rs
   end

   function G.db_free_results(rs)
      legacy_required()
      if rs ~= nil and rs.counter == C.SB_CNT_READ then
         C.db_free_results(rs)
      end
   end

   function G.db_bulk_insert_init(query)
      local con = legacy_connected()
      if C.db_bulk_insert_init(con, query, #query) ~= 0 then
         error("db_bulk_insert_init() failed", 0)
      end
   end

   function G.db_bulk_insert_next(values)
      local con = legacy_required()
      if bulk_next(con, values) ~= 0 then
         error("db_bulk_insert_next() failed", 0)
      end
   end

   function G.db_bulk_insert_done()
      bulk_done(legacy_required())
   end


   -- sysbench 1.0.20 keeps these in sysbench.db (the globals above are its
   -- aliases), with the 0.5 error codes.
   G.sysbench.db = {
      connect = G.db_connect, disconnect = G.db_disconnect, query = G.db_query,
      bulk_insert_init = G.db_bulk_insert_init,
      bulk_insert_next = G.db_bulk_insert_next,
      bulk_insert_done = G.db_bulk_insert_done, prepare = G.db_prepare,
      bind_param = G.db_bind_param, bind_result = G.db_bind_result,
      execute = G.db_execute, close = G.db_close,
      store_results = G.db_store_results, free_results = G.db_free_results,
      DB_ERROR_NONE = E.NONE, DB_ERROR_RESTART_TRANSACTION = E.IGNORABLE,
      DB_ERROR_FAILED = E.FATAL,
   }
end

sql.__legacy(_G)

-- --connections: a connection makes its own 0.5 db_* functions (and its
-- sysbench.db) on its first call of one of them, not when its environment
-- is made: a script of sysbench 1.0 never calls them, and they are about
-- 1.9 KB of Lua heap a connection (thousands of connections). Until then
-- the environment reads the state's, which are these dispatchers: they
-- find the running connection's environment, make its functions and call
-- its own (the one made then, even if the script has since set a global
-- of that name).
function sql.__legacy_lazy(G)
   local envs = G.sysbench.__envs
   local own = setmetatable({}, { __mode = "k" })
   local db = G.sysbench.db
   for key, f in pairs(db) do
      if type(f) == "function" then
         local name = "db_" .. key
         local function dispatch(...)
            local env = envs[C.bench_co_current()]
            if env == nil then
               error(name .. "() called outside a connection", 2)
            end
            local fns = own[env]
            if fns == nil then
               sql.__legacy(env)
               fns = {}
               for k in pairs(db) do
                  fns["db_" .. k] = rawget(env, "db_" .. k)
               end
               own[env] = fns
            end
            return fns[name](...)
         end
         G[name] = dispatch
         db[key] = dispatch
      end
   end
end
