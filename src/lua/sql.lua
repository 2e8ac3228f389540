-- sysbench.sql: drivers, connections, prepared statements, result sets and
-- bulk inserts over the C database layer (db/db_ffi.h), plus the legacy
-- sysbench 0.5 db_* globals.

local ffi = ffi
local C = ffi.C
local getinfo = debug.getinfo

local sql = {}
sysbench.sql = sql

sql.type = {
   NONE = 0, TINYINT = 1, SMALLINT = 2, INT = 3, BIGINT = 4, FLOAT = 5,
   DOUBLE = 6, TIME = 7, DATE = 8, DATETIME = 9, TIMESTAMP = 10, CHAR = 11,
   VARCHAR = 12,
}
sql.error = { NONE = 0, IGNORABLE = 1, FATAL = 2 }

local T = sql.type
local RESTART_EVENT = sysbench.error.RESTART_EVENT

-- C types of the fixed-size parameter types
local num_ctype = {
   [T.TINYINT] = ffi.typeof("int8_t[1]"),
   [T.SMALLINT] = ffi.typeof("int16_t[1]"),
   [T.INT] = ffi.typeof("int32_t[1]"),
   [T.BIGINT] = ffi.typeof("int64_t[1]"),
   [T.FLOAT] = ffi.typeof("float[1]"),
   [T.DOUBLE] = ffi.typeof("double[1]"),
}
local num_size = {
   [T.TINYINT] = 1, [T.SMALLINT] = 2, [T.INT] = 4, [T.BIGINT] = 8,
   [T.FLOAT] = 4, [T.DOUBLE] = 8,
}
local num_ptr = {
   [T.TINYINT] = ffi.typeof("int8_t *"),
   [T.SMALLINT] = ffi.typeof("int16_t *"),
   [T.INT] = ffi.typeof("int32_t *"),
   [T.BIGINT] = ffi.typeof("int64_t *"),
   [T.FLOAT] = ffi.typeof("float *"),
   [T.DOUBLE] = ffi.typeof("double *"),
}

-- "file:line: " of the innermost caller outside bench's own modules, so
-- an SQL error points at the user's script whatever path led to it.
local function user_where()
   for level = 3, 40 do
      local info = getinfo(level, "Sl")
      if info == nil then
         break
      end
      if info.currentline > 0 and info.source:sub(1, 8) ~= "=[bench]" then
         return info.short_src .. ":" .. info.currentline .. ": "
      end
   end
   return ""
end

-- Raise the error of the last call on `con` as sysbench does: ignorable
-- errors (possibly reclassified by sysbench.hooks.sql_error_ignorable)
-- restart the event; fatal ones end the thread.
local function check_error(con, query)
   local err = {
      connection = con,
      query = query,
      sql_errno = con.sql_errno,
      sql_state = ffi.string(con.sql_state),
      sql_errmsg = con.sql_errmsg ~= nil and ffi.string(con.sql_errmsg) or "",
   }
   local ignorable = con.error == sql.error.IGNORABLE
   local hook = sysbench.hooks.sql_error_ignorable
   if hook then
      local r = hook(err)
      if r ~= nil then ignorable = r and true or false end
   end
   if ignorable then
      C.db_count_ignored_error()
      err.errcode = RESTART_EVENT
      error(err, 0)
   end
   error(string.format("%sSQL error, errno = %d, state = '%s': %s", user_where(),
                       err.sql_errno, err.sql_state, err.sql_errmsg), 0)
end

-- ---- result sets --------------------------------------------------------

local row_buf = ffi.new("db_row")

local result_methods = {}

function result_methods.fetch_row(self)
   local rc = C.db_fetch_row(self, row_buf)
   if rc <= 0 then
      return nil
   end
   local t = {}
   for i = 0, row_buf.nfields - 1 do
      local v = row_buf.values[i]
      if v ~= nil then
         t[i + 1] = ffi.string(v, row_buf.lengths[i])
      end
   end
   return t
end

function result_methods.free(self)
   C.db_free_results(self)
end

ffi.metatype("db_result", { __index = result_methods })

-- ---- prepared statements --------------------------------------------------

-- Lua-side state of a statement: its parameter objects and bind array,
-- kept alive here because C only holds pointers to them.
local stmt_state = setmetatable({}, { __mode = "k" })

local param_methods = {}
local param_mt = { __index = param_methods }

function param_methods.set(self, v)
   local b = self.b
   if v == nil then
      b.is_null = 1
      return
   end
   b.is_null = 0
   local cast = num_ptr[self.type]
   if cast then
      ffi.cast(cast, b.buffer)[0] = v
   else
      local s = tostring(v)
      local n = #s
      if n > self.max_len then n = self.max_len end
      ffi.copy(b.buffer, s, n)
      b.data_len = n
   end
end

function param_methods.set_rand_str(self, fmt)
   local b = self.b
   local n = #fmt
   if n > self.max_len then n = self.max_len end
   C.rand_string(b.buffer, fmt, n)
   b.data_len = n
   b.is_null = 0
end

local stmt_methods = {}

function stmt_methods.bind_create(self, btype, max_len)
   local p = setmetatable({ type = btype }, param_mt)
   local size = num_size[btype]
   if size then
      p.buf = num_ctype[btype]()
      p.max_len = size
   else
      if btype == nil or btype == T.NONE then
         error("bind_create: unknown parameter type", 2)
      end
      p.max_len = max_len or 255
      p.buf = ffi.new("char[?]", p.max_len + 1)
   end
   p.own = ffi.new("db_bind")
   p.b = p.own
   p.b.type = btype
   p.b.buffer = p.buf
   p.b.max_len = p.max_len
   return p
end

function stmt_methods.bind_param(self, ...)
   local params = { ... }
   local n = select("#", ...)
   local arr = ffi.new("db_bind[?]", n > 0 and n or 1)
   for i = 1, n do
      local p = params[i]
      arr[i - 1] = p.b          -- copies the current value and buffer pointer
      p.b = arr + (i - 1)       -- later set() calls write the bound slot
   end
   local st = stmt_state[self]
   st.params = params
   st.arr = arr
   if C.db_bind_param(self, arr, n) ~= 0 then
      if self.conn.error ~= sql.error.NONE then
         return check_error(self.conn, st.query)
      end
      error("bind_param failed: wrong number of parameters", 2)
   end
end

function stmt_methods.execute(self)
   local rs = C.db_execute(self)
   if rs == nil then
      return check_error(self.conn, stmt_state[self].query)
   end
   return rs
end

function stmt_methods.close(self)
   stmt_state[self] = nil
   C.db_close(self)
end

ffi.metatype("db_stmt", { __index = stmt_methods })

-- ---- connections ----------------------------------------------------------

local conn_methods = {}
local conn_state = setmetatable({}, { __mode = "k" })

function conn_methods.query(self, query)
   local rs = C.db_query(self, query, #query)
   if rs == nil then
      return check_error(self, query)
   end
   if rs.kind == 1 then
      return rs
   end
   return nil
end

function conn_methods.query_row(self, query)
   local rs = conn_methods.query(self, query)
   if rs == nil then
      return nil
   end
   local row = rs:fetch_row()
   if row == nil then
      return nil
   end
   return unpack(row, 1, rs.nfields)
end

function conn_methods.prepare(self, query)
   local st = C.db_prepare(self, query, #query)
   if st == nil then
      return check_error(self, query)
   end
   stmt_state[st] = { query = query }
   -- no finalizer: it could run after its connection was freed
   return st
end

-- ---- batches: bulk insert and bulk load ----------------------------------
-- A batch collects items into one statement (head .. item sep item ...
-- tail). It is built in a string.buffer, one allocation reused batch after
-- batch and handed to C by pointer: a 0.5-1 MiB string made by
-- table.concat for every batch costs a fresh mmap and its page faults
-- (a quarter of the client's CPU in prepare). LuaJITs without
-- string.buffer get table.concat.
local has_sbuf, sbuf = pcall(require, "string.buffer")

-- kind: "insert" or "load" (the Lua method names); flush(self, b) sends
-- the batch when it would grow past max bytes, and at the end.
local function batch_new(kind, head, sep, tail, max, flush)
   return { kind = kind, head = head, sep = sep, tail = tail, max = max,
            flush = flush, n = 0, size = 0,
            buf = has_sbuf and sbuf.new() or nil, parts = {} }
end

-- Append one item to the connection's batch of this kind.
local function batch_add(self, kind, item)
   local b = conn_state[self]
   if b == nil or b.kind ~= kind then
      error(string.format("bulk_%s_next() called before bulk_%s_init()", kind, kind), 3)
   end
   if b.size + #item + 1 > b.max and b.n > 0 then
      b.flush(self, b)
   end
   if b.buf then
      if b.n == 0 then
         b.buf:reset()   -- the last batch's text is sent by now
         b.buf:put(b.head, item)
      else
         b.buf:put(b.sep, item)
      end
   else
      b.parts[b.n + 1] = item
   end
   b.n = b.n + 1
   b.size = b.size + #item + 1
end

-- Send the rest of the connection's batch of this kind and drop it.
local function batch_done(self, kind)
   local b = conn_state[self]
   if b and b.kind == kind then
      b.flush(self, b)
      conn_state[self] = nil
   end
end

-- The batch's text as (pointer or string, length), valid until the next
-- batch_add; the pointer is followed by a NUL (drivers that need one then
-- copy nothing). The batch counts as empty again.
local function batch_take(b)
   local data, len
   if b.buf then
      b.buf:put(b.tail, "\0")
      data, len = b.buf:ref()
      len = len - 1
   else
      data = b.head .. table.concat(b.parts, b.sep, 1, b.n) .. b.tail
      len = #data
   end
   b.n, b.size = 0, 0
   return data, len
end

local BULK_MAX = 512 * 1024   -- flush a multi-row INSERT at this size

local function bulk_flush(self, b)
   if b.n == 0 then return end
   local q, len = batch_take(b)
   if C.db_query(self, q, len) == nil then
      check_error(self, type(q) == "string" and q or ffi.string(q, len))
   end
end

function conn_methods.bulk_insert_init(self, prefix)
   conn_state[self] = batch_new("insert", prefix, ",", "", BULK_MAX, bulk_flush)
end

function conn_methods.bulk_insert_next(self, values)
   batch_add(self, "insert", values)
end

function conn_methods.bulk_insert_done(self)
   batch_done(self, "insert")
end

-- Bulk load through the server's bulk path (see db_load in db/db_ffi.h).
-- bulk_load_init(table, "col1, col2") returns false when the driver or the
-- server has none (use bulk_insert_*); then bulk_load_next(row) per row --
-- the values joined by tabs -- and bulk_load_done().
local LOAD_MAX = 1024 * 1024   -- bytes per COPY / LOAD DATA

local function load_call(self, b, data, len)
   local rc = C.db_load(self, b.table, b.cols, data, len)
   if rc < 0 then
      check_error(self, "bulk load into " .. b.table)
   end
   return rc == 0
end

local function load_flush(self, b)
   if b.n == 0 then return end
   if not load_call(self, b, batch_take(b)) then
      error("bulk load into " .. b.table .. ": the server stopped accepting it", 0)
   end
end

function conn_methods.bulk_load_init(self, tbl, cols)
   local b = batch_new("load", "", "\n", "\n", LOAD_MAX, load_flush)
   b.table, b.cols = tbl, cols
   if not load_call(self, b, "", 0) then
      return false
   end
   conn_state[self] = b
   return true
end

function conn_methods.bulk_load_next(self, row)
   batch_add(self, "load", row)
end

function conn_methods.bulk_load_done(self)
   batch_done(self, "load")
end

function conn_methods.reconnect(self)
   if C.db_reconnect(self) ~= 0 then
      error("reconnect failed", 2)
   end
end

function conn_methods.disconnect(self)
   C.db_disconnect(ffi.gc(self, nil))
end

function conn_methods.driver_name(self)
   return ffi.string(C.db_driver_name(self.driver))
end

ffi.metatype("db_conn", { __index = conn_methods })

-- ---- drivers ----------------------------------------------------------------

local driver_methods = {}
local driver_mt = { __index = driver_methods }

function driver_methods.connect(self)
   local c = C.db_connect(self.ptr)
   if c == nil then
      error("connection creation failed", 2)
   end
   return ffi.gc(c, C.db_disconnect)
end

function driver_methods.name(self)
   return ffi.string(C.db_driver_name(self.ptr))
end

function sql.driver(name)
   local d = C.db_driver_get(name)
   if d == nil then
      error("failed to initialize the DB driver", 2)
   end
   return setmetatable({ ptr = d }, driver_mt)
end

-- ---- legacy sysbench 0.5 API --------------------------------------------------

local legacy_con

function db_connect()
   legacy_con = sql.driver():connect()
   return legacy_con
end

function db_disconnect()
   if legacy_con then
      legacy_con:disconnect()
      legacy_con = nil
   end
end

function db_query(query)
   return legacy_con:query(query)
end

-- 0.5's db_prepare/db_bind_param bind Lua values by table: the values are
-- read again at each db_execute.
local legacy_binds = setmetatable({}, { __mode = "k" })

function db_prepare(query)
   return legacy_con:prepare(query)
end

function db_bind_param(stmt, values)
   local params = {}
   for i = 1, #values do
      local v = values[i]
      if type(v) == "number" then
         params[i] = stmt:bind_create(T.BIGINT)
      else
         params[i] = stmt:bind_create(T.VARCHAR, math.max(#tostring(v), 255))
      end
   end
   stmt:bind_param(unpack(params))
   legacy_binds[stmt] = { values = values, params = params }
end

function db_execute(stmt)
   local b = legacy_binds[stmt]
   if b then
      for i = 1, #b.params do
         b.params[i]:set(b.values[i])
      end
   end
   return stmt:execute()
end

function db_close(stmt)
   legacy_binds[stmt] = nil
   stmt:close()
end

function db_store_results(rs)
   return rs
end

function db_free_results(rs)
   if rs then rs:free() end
end

function db_bulk_insert_init(prefix)
   legacy_con:bulk_insert_init(prefix)
end

function db_bulk_insert_next(values)
   legacy_con:bulk_insert_next(values)
end

function db_bulk_insert_done()
   legacy_con:bulk_insert_done()
end
