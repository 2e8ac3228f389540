-- SPDX-License-Identifier: GPL-2.0-or-later
-- The core of the `sysbench` table every script sees: error codes, hooks,
-- random numbers, histograms and the default thread loop.
-- The C runtime has already created `sysbench` (tid, cmdline.argv, ...),
-- made `ffi` a global and loaded the FFI declarations of src/ffi/core.h.

local ffi = ffi
local C = ffi.C

sysbench.error = { NONE = 0, RESTART_EVENT = 1 }

-- print() writes its arguments and the newline in separate calls, so lines
-- of threads printing at once could interleave; write each line at once.
do
   local stdout, tostring, select, concat = io.stdout, tostring, select, table.concat
   function print(...)
      local n = select("#", ...)
      local t = {}
      for i = 1, n do
         t[i] = tostring((select(i, ...)))
      end
      C.bench_progress_hide()     -- a prepare's progress line on the terminal
      stdout:write(concat(t, "\t", 1, n) .. "\n")
   end
end
sysbench.hooks = sysbench.hooks or {}
sysbench.opt = sysbench.opt or {}

-- (bench) In a parallel command: wait for the command's other threads
-- (see sched/par.h); outside one it returns at once. When another thread
-- failed, the error raised is marked quiet: that thread has printed the
-- cause, and the command fails without a line per waiting thread.
local barrier_failed = setmetatable({ quiet = true }, {
   __tostring = function() return "another thread of the command failed" end })
function sysbench.barrier()
   if C.bench_par_barrier() < 0 then
      error(barrier_failed, 0)
   end
end

-- (bench) N instances sharing work (--instance=I/N; docs/lua-api.md):
-- rows of bench_barrier in the database under test, keyed by the run id
-- and a tag. mark(tag, who): this instance's row; wait(tag, first,
-- stride, who): until the instances first, first+stride, ... below N
-- marked tag (at most --barrier-timeout s); clear(tag, who): every row of
-- tag. A failure prints one FATAL line starting with who (what is waited
-- for, and who is missing) and raises a quiet error.
local scale_failed = setmetatable({ quiet = true }, {
   __tostring = function() return "the instances' coordination failed" end })
sysbench.scale = {
   mark = function(tag, who)
      if C.native_scale_mark(tag, who or tag) ~= 0 then
         error(scale_failed, 0)
      end
   end,
   wait = function(tag, first, stride, who)
      if C.native_scale_wait(tag, first or 0, stride or 1, who or tag) ~= 0 then
         error(scale_failed, 0)
      end
   end,
   clear = function(tag, who)
      C.native_scale_clear(tag, who or tag)
   end,
}

-- (bench) A live progress line on a terminal's stderr for long commands
-- (prepare): begin(label, total[, "bytes"]) -- the first call while none is
-- active starts it, so every thread of a parallel prepare may call it with
-- the same total; add(n); done(). Off unless stderr is a terminal, with
-- --verbosity below 3, --progress=off and during run.
sysbench.progress = {
   begin = function(label, total, unit)
      return C.bench_progress_begin(label, total, unit == "bytes" and 1 or 0) == 1
   end,
   add = C.bench_progress_add,
   done = C.bench_progress_done,
}

-- (bench) leftover(name, "partial" | "done"): what an interrupted prepare
-- leaves behind. Mark an object (a table) "partial" once created and
-- "done" once complete; a SIGINT/SIGTERM during prepare then lists them
-- with the way to remove them ('cleanup').
function sysbench.leftover(name, state)
   C.bench_leftover(tostring(name), state == "done" and 2 or 1)
end

-- ---- random numbers ------------------------------------------------------

local rand_buf_len = 256
local rand_buf = ffi.new("char[?]", rand_buf_len)

local function rand_buffer(n)
   if n > rand_buf_len then
      rand_buf_len = n
      rand_buf = ffi.new("char[?]", n)
   end
   return rand_buf
end

-- sysbench's functions under sysbench's names (ffi/core.h), each a Lua
-- function around the FFI call as in sysbench (type() "function"; the
-- same trace shapes, see docs/compat.md "Random numbers"); zipfian,
-- varstring and the histogram's percentile are bench's.
do
   local uniform_uint64, default, uniform, gaussian, special, pareto,
         zipfian, unique, uniform_double, rand_string, rand_varstring =
      C.sb_rand_uniform_uint64, C.sb_rand_default, C.sb_rand_uniform,
      C.sb_rand_gaussian, C.sb_rand_special, C.sb_rand_pareto,
      C.rand_zipfian, C.sb_rand_unique, C.sb_rand_uniform_double,
      C.rand_string, C.rand_varstring
   local fstring = ffi.string
   sysbench.rand = {
      uniform_uint64 = function() return uniform_uint64() end,
      default = function(a, b) return default(a, b) end,
      uniform = function(a, b) return uniform(a, b) end,
      gaussian = function(a, b) return gaussian(a, b) end,
      special = function(a, b) return special(a, b) end,
      pareto = function(a, b) return pareto(a, b) end,
      zipfian = function(a, b) return zipfian(a, b) end,
      unique = function() return unique() end,
      uniform_double = function() return uniform_double() end,
      string = function(fmt)
         if type(fmt) ~= "string" then
            -- sysbench's error, word for word (its #fmt fails there)
            error(string.format("[string \"sysbench.rand.lua\"]:66: attempt to "
                     .. "get length of local 'fmt' (a %s value)", type(fmt)), 0)
         end
         local n = #fmt
         local buf = rand_buffer(n)
         rand_string(buf, fmt, n)
         return fstring(buf, n)
      end,
      varstring = function(min, max)
         local buf = rand_buffer(math.max(min, max))
         local n = rand_varstring(buf, min, max)
         return fstring(buf, n)
      end,
   }
end

-- ---- histograms for scripts ------------------------------------------------

ffi.metatype("sb_histogram_t", {
   __index = {
      update = C.sb_histogram_update,
      print = C.sb_histogram_print,
      percentile = C.bench_hist_percentile,
   },
   __tostring = function() return "<sb_histogram>" end,
})

sysbench.histogram = {
   new = function(size, min, max)
      local h = C.sb_histogram_new(size or 1024, min or 0.001, max or 100000)
      if h == nil then
         error("sysbench.histogram.new: invalid arguments (size >= 1, "
                  .. "0 < min < max)", 2)
      end
      return ffi.gc(h, C.sb_histogram_delete)
   end,
}

-- ---- event labels (bench) --------------------------------------------------
-- sysbench.stats.label("new_order") inside event() files the event under
-- that label too: the final report, json results and --hdr-log then break
-- latency and errors down per label.

do
   local label_ids = {}   -- name -> id, per lua_State (no lock per call)
   local label_id, event_label = C.bench_label_id, C.bench_event_label
   sysbench.stats = sysbench.stats or {}
   sysbench.stats.label = function(name)
      local id = label_ids[name]
      if id == nil then
         if type(name) ~= "string" then
            error("sysbench.stats.label: the label must be a string, not a "
                     .. type(name), 2)
         end
         id = label_id(name)
         if id == -28 then
            error("sysbench.stats.label: too many labels (at most 64)", 2)
         elseif id < 0 then
            error(string.format("sysbench.stats.label: invalid label '%s' "
                     .. "(1..63 characters of A-Z a-z 0-9 _ . -, not "
                     .. "starting with 'stmt.')", name), 2)
         end
         label_ids[name] = id
      end
      event_label(id)
   end
end

-- ---- the event loop ----------------------------------------------------------

-- Runs events until the scheduler says stop. pcall wraps the whole loop,
-- not each event, to keep it off the per-event path; after an error the
-- same event is restarted (`resume`) without starting a new one.
-- Under --connections this state is one connection's coroutine: waiting
-- for a --rate arrival yields to the thread's loop (bench_event_next
-- returns 2) instead of sleeping.
local next_event = C.bench_event_next
if C.bench_co_active() ~= 0 then
   local raw, yield = C.bench_event_next, coroutine.yield
   next_event = function(tid)
      local r = raw(tid)
      while r == 2 do
         yield()
         r = raw(tid)
      end
      return r
   end
end

-- The thread loop of the globals table G (a connection's environment
-- under --connections with shared states, else _G): its event() and its
-- sysbench.hooks.
local function make_thread_run(G)

local function run_events(tid, resume)
   local finish = C.bench_event_finish
   local ev = G.event
   if ev == nil then
      error("the script defines no event() function", 0)
   end
   if resume and ev(tid) then
      finish(tid)
      return
   end
   while next_event(tid) ~= 0 do
      if ev(tid) then
         finish(tid)
         return
      end
   end
end

-- Restarts of one event are bounded (--event-retries): an error that keeps
-- coming back fails the run instead of spinning forever.
return function(tid)
   local resume = false
   local limit = tonumber(sysbench.opt.event_retries) or 0
   local tries, last_events = 0, nil
   while true do
      local ok, err = pcall(run_events, tid, resume)
      if ok then
         return
      end
      if type(err) == "table" and err.errcode == sysbench.error.RESTART_EVENT then
         if C.bench_stopping() ~= 0 then
            -- the run is over: do not restart into it; the unfinished
            -- event counts in no statistic
            C.bench_event_finish(tid)
            return
         end
         local n = C.bench_thread_events()
         if n ~= last_events then
            tries, last_events = 0, n
         end
         tries = tries + 1
         if limit > 0 and tries > limit then
            error(string.format("event restarted %d times, giving up (--event-retries); last error: %s",
               limit, tostring(err.sql_errmsg or err.message or err.msg or "?")), 0)
         end
         local hook = G.sysbench.hooks.before_restart_event
         if hook then
            hook(err)
         end
         resume = true
      else
         error(err, 0)
      end
   end
end

end

sysbench.thread_run_default = make_thread_run(_G)
thread_run = sysbench.thread_run_default

-- ---- connection environments (--connections, shared states) -----------------
-- All connections of a worker thread share one Lua state; each runs the
-- script in an environment of its own, so its globals (thread_init,
-- event, con, ...) are its own, as in a state of its own. The environment
-- reads what it does not have from the state's globals; it has its own
-- `sysbench` (tid, hooks, the thread loop; the rest read through), its
-- own modules (require runs a module's compiled chunk again in it), an
-- `ffi` whose cdef and metatype skip what another connection of the
-- thread already declared, and its own 0.5 db_* connection.
-- sysbench.__envs[tid] is connection tid's environment; the running one's
-- tid is C.bench_co_current() (looked up only when needed: an SQL error's
-- hook; keeping a "current environment" up to date cost Lua API calls and
-- cache misses at every resume of a coroutine).
sysbench.__envs = {}
do
   local chunks = {}             -- module name -> compiled chunk
   local declared = {}           -- cdef text / metatype ctype -> true
   local loaders = package.loaders
   local real_ffi = ffi
   local env_ffi = setmetatable({
      cdef = function(def, ...)
         if declared[def] then return end
         real_ffi.cdef(def, ...)
         declared[def] = true
      end,
      metatype = function(ct, mt)
         local key = type(ct) == "string" and ct or tostring(real_ffi.typeof(ct))
         if declared[key] then return real_ffi.typeof(ct) end
         local r = real_ffi.metatype(ct, mt)
         declared[key] = true
         return r
      end,
   }, { __index = real_ffi })

   local function find_chunk(name)
      local chunk = chunks[name]
      if chunk then return chunk end
      local msg = ""
      for i = 2, #loaders do      -- [1] is package.preload
         local f = loaders[i](name)
         if type(f) == "function" then
            chunks[name] = f
            return f
         elseif type(f) == "string" then
            msg = msg .. f
         end
      end
      error("module '" .. name .. "' not found:" .. msg, 3)
   end

   local function make_require(env, loaded)
      return function(name)
         local m = loaded[name]
         if m ~= nil then return m end
         if name == "ffi" then return env_ffi end
         m = package.loaded[name]
         if m ~= nil and chunks[name] == nil then
            return m                -- a library of the state (string, jit, ...)
         end
         local chunk = find_chunk(name)
         setfenv(chunk, env)
         loaded[name] = true        -- as require: a module that requires itself
         local r = chunk(name)
         if r ~= nil then loaded[name] = r end
         return loaded[name]
      end
   end

   local shared = sysbench
   local legacy_lazy = false

   function sysbench.__new_env(cid)
      local env = setmetatable({}, { __index = _G })
      local sb = setmetatable({
         tid = cid,
         hooks = setmetatable({}, { __index = shared.hooks }),
      }, { __index = shared })
      env._G = env
      env.sysbench = sb
      env.ffi = env_ffi
      env.thread_id = cid
      env.require = make_require(env, {})
      sb.thread_run_default = make_thread_run(env)
      env.thread_run = sb.thread_run_default
      if not legacy_lazy then       -- the 0.5 db_*: sql.__legacy_lazy
         shared.sql.__legacy_lazy(_G)
         legacy_lazy = true
      end
      shared.__envs[cid] = env
      return env
   end

   -- the script's chunk, compiled once, run in env
   function sysbench.__run_in_env(chunk, env)
      setfenv(chunk, env)
      return chunk()
   end
end

-- ---- report hooks, called by the C reporter ---------------------------------

-- stat: a plain table of numbers with sysbench's fields (runtime.c).
-- A hook that returns false (not nil: sysbench's hooks return nothing)
-- has printed a block of its own and lets the default report follow.
function sysbench.__call_hook(name, stat)
   local hook = sysbench.hooks[name]
   if hook == nil then
      return false
   end
   return hook(stat) ~= false
end

-- ---- sysbench.sql on first use (bench) --------------------------------------

-- A state loads sysbench.sql (src/runtime/sql.lua: about 37 KB of Lua heap
-- per state) when its script first reaches it: sysbench.sql, sysbench.db
-- or one of the 0.5 db_* globals. A state whose script uses no SQL (an
-- empty event, cpu, fileio, memory) does not carry it, so 1000 threads
-- take about 37 MB less. `load` runs the compiled module (the C runtime's
-- loader); `names` are the globals sql.__legacy defines, as stubs until
-- then (tests/t/sql_on_demand.t checks that the list matches).
function sysbench.__sql_on_demand(load, names)
   local G = _G
   local loaded = false
   local function need()
      if not loaded then
         loaded = true
         setmetatable(sysbench, nil)
         load()
      end
   end
   setmetatable(sysbench, { __index = function(t, k)
      if k == "sql" or k == "db" then
         need()
         return rawget(t, k)
      end
   end })
   for _, name in ipairs(names) do
      local stub
      stub = function(...)
         need()
         local f = rawget(G, name)
         if f == stub then
            error("sysbench.sql defines no " .. name, 2)
         end
         return f(...)
      end
      G[name] = stub
   end
end
