-- SPDX-License-Identifier: GPL-2.0-or-later
-- memory: sysbench's memory benchmark. Each event reads, writes or just
-- visits one --memory-block-size block (src/native/memory.c), until
-- each thread has done its share of --memory-total-size (the blocks
-- divided by the threads, rounded down, as sysbench 1.0.20 splits them)
-- or the time limit. --memory-working-set (a bench addition) makes every
-- thread walk a buffer of that size block by block instead of one block
-- that stays in the cache, so the test can measure memory bandwidth.
-- By default an event does sysbench's per-word work, so MiB/s compare with
-- sysbench's; --memory-fast=on (a bench addition) takes the fastest path
-- instead (docs/compat.md, "Memory rates").
--
-- As sysbench 1.0.20: init() checks the options (before the option
-- summary) and lifts --events (the test ends at --memory-total-size or
-- --time, never at an event count); print_mode() prints the settings
-- after the summary; messages are NOTICE (hidden below --verbosity=3).

local ARG_SIZE = sysbench.cmdline.ARG_SIZE

sysbench.cmdline.options = {
   ["memory-block-size"] = {"size of memory block for test", "1K", ARG_SIZE},
   ["memory-total-size"] = {"total size of data to transfer", "100G", ARG_SIZE},
   ["memory-scope"] = {"memory access scope {global,local}", "global"},
   ["memory-hugetlb"] = {"allocate memory from HugeTLB pool", false},
   ["memory-oper"] = {"type of memory operations {read, write, none}", "write"},
   ["memory-access-mode"] = {"memory access mode {seq,rnd}", "seq"},
   ["memory-working-set"] = {"size of the buffer each thread walks block by block, a multiple of the block size (0: one block)", "0", ARG_SIZE},
   ["memory-fast"] = {"move blocks with memset and vectorised reads, the fastest way (not comparable with sysbench's figures)", false},
}
sysbench.cmdline.options_order = {
   "memory-block-size", "memory-total-size", "memory-scope", "memory-hugetlb",
   "memory-oper", "memory-access-mode", "memory-working-set", "memory-fast",
}

local C = ffi.C
local mem_event = C.native_mem_event

local OPERS = { none = C.NATIVE_MEM_NONE, read = C.NATIVE_MEM_READ,
                write = C.NATIVE_MEM_WRITE }
local SCOPES = { global = 0, ["local"] = 1 }
local MODES = { seq = 0, rnd = 1 }

-- A byte count the way it was probably typed: "3K", "1G", "1000".
local function size_text(n)
   for _, u in ipairs({ {"T", 2^40}, {"G", 2^30}, {"M", 2^20}, {"K", 2^10} }) do
      if n ~= 0 and n % u[2] == 0 then
         return string.format("%d%s", n / u[2], u[1])
      end
   end
   return string.format("%d", n)
end

local FATAL, NOTICE = 0, 3

local function notice(fmt, ...)
   C.native_log(NOTICE, string.format(fmt, ...))
end

-- A FATAL message, then fail quietly (the runtime adds nothing).
local function fatal(fmt, ...)
   C.native_log(FATAL, string.format(fmt, ...))
   error({ quiet = true }, 0)
end

-- The value of --name as typed on the command line (the last one), or nil.
local function typed(name)
   local v
   for _, a in pairs(sysbench.cmdline.argv or {}) do
      local x = type(a) == "string" and a:match("^%-%-" .. name:gsub("%-", "[-_]") .. "=(.*)$")
      if x then v = x end
   end
   return v
end

local function invalid(name, value)
   fatal("Invalid value for %s: %s", name, typed(name) or value)
end

-- The options, checked, as a native_mem_cfg table (and the texts shown).
local function config()
   local o = sysbench.opt
   local bs = tonumber(o.memory_block_size)
   local pow2 = 8
   while bs and pow2 < bs do
      pow2 = pow2 * 2
   end
   -- a power of two, at least a word; "-1" arrives as 2^64 - 1, which a
   -- double rounds to 2^64
   if bs == nil or pow2 ~= bs or bs >= 2^63 then
      invalid("memory-block-size", size_text(bs or 0))
   end
   local total = tonumber(o.memory_total_size)
   if total == nil or total < 0 then
      invalid("memory-total-size", size_text(total or 0))
   end
   local scope = SCOPES[o.memory_scope]
   if scope == nil then
      invalid("memory-scope", tostring(o.memory_scope))
   end
   local oper = OPERS[o.memory_oper]
   if oper == nil then
      invalid("memory-oper", tostring(o.memory_oper))
   end
   local rnd = MODES[o.memory_access_mode]
   if rnd == nil then
      invalid("memory-access-mode", tostring(o.memory_access_mode))
   end
   local ws = tonumber(o.memory_working_set) or 0
   if ws == 0 then
      ws = bs
   elseif ws < bs or ws % bs ~= 0 then
      fatal("Invalid value for memory-working-set: %s (must be a multiple of memory-block-size)",
            typed("memory-working-set") or size_text(ws))
   end
   return {
      block_size = bs, total_size = total, working_set = ws,
      threads = tonumber(o.threads) or 1, scope_local = scope,
      hugetlb = o.memory_hugetlb and 1 or 0, oper = oper, access_rnd = rnd,
      fast = o.memory_fast and 1 or 0,
   }
end

local run_cfg

function init()
   local cfg = config()
   local o = sysbench.opt
   local rc = C.native_mem_setup(ffi.new("native_mem_cfg", cfg))
   if rc ~= 0 then
      local what = o.memory_hugetlb and "memory-hugetlb" or "memory"
      fatal("%s: %s", what, ffi.string(C.native_mem_error()))
   end
   -- as sysbench: the event limit does not apply to this test
   C.native_opt_set("events", "0")
   run_cfg = cfg
end

function print_mode()
   local cfg, o = run_cfg, sysbench.opt
   local lines = {
      "Running memory speed test with the following options:",
      string.format("  block size: %dKiB", math.floor(cfg.block_size / 1024)),
      string.format("  total size: %dMiB", math.floor(cfg.total_size / 1048576)),
      "  operation: " .. o.memory_oper,
      "  scope: " .. o.memory_scope,
   }
   if cfg.working_set ~= cfg.block_size then
      lines[#lines + 1] = string.format("  working set: %dKiB", math.floor(cfg.working_set / 1024))
   end
   if cfg.fast == 1 then
      lines[#lines + 1] = "  fast path: memset and vectorised reads (not comparable with sysbench)"
   end
   lines[#lines + 1] = ""
   notice("%s", table.concat(lines, "\n"))
end

function thread_init(tid)
   C.native_mem_thread_init(tid)
end

-- Returning true ends this thread: the total size is used up.
function event(tid)
   if mem_event(tid) == 0 then
      return true
   end
end

function done()
   C.native_mem_teardown()
end

-- ---- reports (in the reporter's state: only options and stat) ------------

local MiB = 1024 * 1024

local stamp = require("workload_util").stamp

-- As sysbench: MiB/s from the events of the interval.
sysbench.hooks.report_intermediate = function(stat)
   local t = stat.time_interval > 0 and stat.time_interval or 1
   local mib = tonumber(stat.events) * sysbench.opt.memory_block_size / MiB
   notice("%s %4.2f MiB/sec", stamp(stat.time_total), mib / t)
end

-- Printed before "General statistics".
sysbench.hooks.report_summary = function(stat)
   local t = stat.time_interval > 0 and stat.time_interval or stat.time_total
   local ops = tonumber(stat.events)
   local function per_s(x) return t > 0 and x / t or 0 end
   notice("Total operations: %d (%8.2f per second)\n", ops, per_s(ops))
   if sysbench.opt.memory_oper ~= "none" then
      local mib = ops * sysbench.opt.memory_block_size / MiB
      notice("%4.2f MiB transferred (%4.2f MiB/sec)\n", mib, per_s(mib))
   end
end
