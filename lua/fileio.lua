-- fileio: sysbench's file I/O benchmark. prepare creates --file-num files
-- ./test_file.N of --file-total-size/--file-num bytes; run issues requests
-- of --file-block-size to them (src/native/fileio.c does the I/O: each
-- event is one request, or one fsync); cleanup removes them.
--
-- Additions to sysbench: --file-io-mode=io_uring with --file-iodepth
-- requests in flight per thread, --validate (checksummed blocks, checked on
-- every read), latency percentiles per operation type after the report, and
-- --file-huge-buffers (on by default; see src/native/fileio.c).
-- --file-merged-requests is accepted but requests are never merged: every
-- request goes to the kernel on its own, which is what the latency and
-- IOPS figures then describe.

local ARG_INT = sysbench.cmdline.ARG_INT
local ARG_SIZE = sysbench.cmdline.ARG_SIZE
local ARG_STRING = sysbench.cmdline.ARG_STRING
local ARG_LIST = sysbench.cmdline.ARG_LIST
local ARG_DOUBLE = sysbench.cmdline.ARG_DOUBLE

sysbench.cmdline.options = {
   ["file-num"] = {"number of files to create", 128, ARG_INT},
   ["file-block-size"] = {"block size to use in all IO operations", 16384, ARG_INT},
   ["file-total-size"] = {"total size of files to create", "2G", ARG_SIZE},
   ["file-test-mode"] = {"test mode {seqwr, seqrewr, seqrd, rndrd, rndwr, rndrw}", nil, ARG_STRING},
   ["file-io-mode"] = {"file operations mode {sync,async,mmap,io_uring}", "sync", ARG_STRING},
   ["file-async-backlog"] = {"number of asynchronous operatons to queue per thread", 128, ARG_INT},
   ["file-iodepth"] = {"number of io_uring requests in flight per thread", 16, ARG_INT},
   ["file-extra-flags"] = {"list of additional flags to use to open files {sync,dsync,direct}", {}, ARG_LIST},
   ["file-fsync-freq"] = {"do fsync() after this number of requests (0 - don't use fsync())", 100, ARG_INT},
   ["file-fsync-all"] = {"do fsync() after each write operation", false},
   ["file-fsync-end"] = {"do fsync() at the end of test", true},
   ["file-fsync-mode"] = {"which method to use for synchronization {fsync, fdatasync}", "fsync", ARG_STRING},
   ["file-merged-requests"] = {"merge at most this number of IO requests if possible (0 - don't merge)", 0, ARG_INT},
   ["file-rw-ratio"] = {"reads/writes ratio for combined test", 1.5, ARG_DOUBLE},
   ["file-huge-buffers"] = {"I/O buffers in transparent huge pages: one DMA segment per request", true},
}
sysbench.cmdline.options_order = {
   "file-num", "file-block-size", "file-total-size", "file-test-mode",
   "file-io-mode", "file-async-backlog", "file-iodepth", "file-extra-flags",
   "file-fsync-freq", "file-fsync-all", "file-fsync-end", "file-fsync-mode",
   "file-merged-requests", "file-rw-ratio", "file-huge-buffers",
}

local C = ffi.C

local MODES = {
   seqwr = C.NATIVE_FIO_SEQWR, seqrewr = C.NATIVE_FIO_SEQREWR,
   seqrd = C.NATIVE_FIO_SEQRD, rndrd = C.NATIVE_FIO_RNDRD,
   rndwr = C.NATIVE_FIO_RNDWR, rndrw = C.NATIVE_FIO_RNDRW,
}
local MODE_TEXT = {
   seqwr = "sequential write (creation)", seqrewr = "sequential rewrite",
   seqrd = "sequential read", rndrd = "random read", rndwr = "random write",
   rndrw = "random r/w",
}
local IO_MODES = {
   sync = C.NATIVE_FIO_SYNC, async = C.NATIVE_FIO_ASYNC,
   mmap = C.NATIVE_FIO_MMAP, io_uring = C.NATIVE_FIO_URING,
}
local FLAGS = {
   sync = C.NATIVE_FIO_F_SYNC, dsync = C.NATIVE_FIO_F_DSYNC,
   direct = C.NATIVE_FIO_F_DIRECT,
}

local function fatal(fmt, ...)
   error(string.format(fmt, ...), 0)
end

local function int_opt(name, min)
   local v = tonumber(sysbench.opt[name:gsub("-", "_")])
   if v == nil or v ~= math.floor(v) or v < min then
      fatal("Invalid value for --%s: %s", name,
            tostring(sysbench.opt[name:gsub("-", "_")]))
   end
   return v
end

local function flag_list()
   local v = sysbench.opt.file_extra_flags
   local list = {}
   if type(v) == "string" then
      for w in v:gmatch("[^,%s]+") do list[#list + 1] = w end
   elseif type(v) == "table" then
      for _, w in ipairs(v) do
         if w ~= "" then list[#list + 1] = w end
      end
   end
   return list
end

-- The options, checked. need_mode: run wants --file-test-mode.
local function config(need_mode)
   local o = sysbench.opt
   local num = int_opt("file-num", 1)
   local bs = int_opt("file-block-size", 1)
   local total = tonumber(o.file_total_size)
   if total == nil or total < 0 then
      fatal("Invalid value for --file-total-size: %s", tostring(o.file_total_size))
   end
   -- As sysbench: each file is total/num, rounded down.
   local fsize = math.floor(total / num)
   if fsize < bs then
      fatal("Invalid file size %d: each of the %d files must hold at least one block of %d bytes (raise --file-total-size)",
            fsize, num, bs)
   end
   -- Whole blocks only: a request never crosses the end of a file.
   fsize = fsize - fsize % bs
   local mode
   if need_mode then
      if o.file_test_mode == nil or o.file_test_mode == "" then
         fatal("Missing required argument: --file-test-mode")
      end
      mode = MODES[o.file_test_mode]
      if mode == nil then
         fatal("Invalid IO operations mode: %s.", tostring(o.file_test_mode))
      end
   end
   local io_mode = IO_MODES[o.file_io_mode]
   if io_mode == nil then
      fatal("Invalid IO mode: %s.", tostring(o.file_io_mode))
   end
   local flags, names = 0, flag_list()
   for _, w in ipairs(names) do
      if FLAGS[w] == nil then
         fatal("Invalid value for file-extra-flags: %s", w)
      end
      flags = bit.bor(flags, FLAGS[w])
   end
   local fsync_mode = o.file_fsync_mode
   if fsync_mode ~= "fsync" and fsync_mode ~= "fdatasync" then
      fatal("Invalid value of file-fsync-mode: %s", tostring(fsync_mode))
   end
   local ratio = tonumber(o.file_rw_ratio)
   if ratio == nil or ratio < 0 then
      fatal("Invalid value for --file-rw-ratio: %s", tostring(o.file_rw_ratio))
   end
   local qd = 0
   if io_mode == C.NATIVE_FIO_ASYNC then
      qd = int_opt("file-async-backlog", 1)
   elseif io_mode == C.NATIVE_FIO_URING then
      qd = int_opt("file-iodepth", 1)
   end
   if o.validate and bs < 16 then
      fatal("--validate needs --file-block-size of at least 16")
   end
   int_opt("file-merged-requests", 0)
   return {
      file_size = fsize, num_files = num, block_size = bs,
      threads = tonumber(o.threads) or 1, mode = mode or 0, io_mode = io_mode,
      extra_flags = flags, fsync_freq = int_opt("file-fsync-freq", 0),
      fsync_all = o.file_fsync_all and 1 or 0,
      fsync_end = o.file_fsync_end and 1 or 0,
      fdatasync = fsync_mode == "fdatasync" and 1 or 0,
      validate = o.validate and 1 or 0, queue_depth = qd, rw_ratio = ratio,
      huge_buffers = o.file_huge_buffers and 1 or 0,
   }, names
end

local function flags_text(names)
   return #names > 0 and table.concat(names, " ") or "(none)"
end

local function native_error()
   return ffi.string(C.native_fio_error())
end

-- ---- commands ------------------------------------------------------------

function prepare()
   local cfg, names = config(false)
   local ccfg = ffi.new("native_fio_cfg", cfg)
   print(string.format("%d files, %dKb each, %dMb total", cfg.num_files,
                       math.floor(cfg.file_size / 1024),
                       math.floor(cfg.file_size * cfg.num_files / 1048576)))
   print("Creating files for the test...")
   print("Extra file open flags: " .. flags_text(names))
   local t0 = C.native_fio_now()
   for i = 0, cfg.num_files - 1 do
      print(string.format("Creating file test_file.%d", i))
      io.stdout:flush()
      if C.native_fio_create_file(ccfg, i) ~= 0 then
         fatal("%s", native_error())
      end
   end
   local secs = C.native_fio_now() - t0
   local bytes = cfg.file_size * cfg.num_files
   print(string.format("%d bytes written in %.2f seconds (%.2f MiB/sec).", bytes,
                       secs, secs > 0 and bytes / 1048576 / secs or 0))
end

function cleanup()
   local num = int_opt("file-num", 1)
   print("Removing test files...")
   for i = 0, num - 1 do
      if C.native_fio_remove_file(i) ~= 0 then
         fatal("%s", native_error())
      end
   end
end

function init()
   config(true)
end

-- After sysbench's option block, as sysbench's C test prints it; the files
-- are opened after the parameters are shown (errors name them).
sysbench.hooks.print_mode = function()
   local cfg, names = config(true)
   local o = sysbench.opt
   local print = require("workload_util").notice
   print("Extra file open flags: " .. flags_text(names))
   print(string.format("%d files, %dMiB each", cfg.num_files,
                       math.floor(cfg.file_size / 1048576)))
   print(string.format("%dMiB total file size",
                       math.floor(cfg.file_size * cfg.num_files / 1048576)))
   print(string.format("Block size %dKiB", math.floor(cfg.block_size / 1024)))
   print(string.format("Number of IO requests: %d", tonumber(o.events) or 0))
   print(string.format("Read/Write ratio for combined random IO test: %.2f", cfg.rw_ratio))
   if cfg.fsync_freq > 0 then
      print(string.format("Periodic FSYNC enabled, calling fsync() each %d requests.",
                          cfg.fsync_freq))
   end
   if cfg.fsync_end == 1 then
      print("Calling fsync() at the end of test, Enabled.")
   end
   if cfg.fsync_all == 1 then
      print("Calling fsync() after each write operation.")
   end
   if cfg.fdatasync == 1 then
      print("Using fdatasync() to synchronize files.")
   end
   local merged = tonumber(o.file_merged_requests) or 0
   if merged > 0 then
      print(string.format("Merging at most %d requests: not implemented, every request is issued on its own.",
                          merged))
   end
   if cfg.io_mode == C.NATIVE_FIO_SYNC then
      print("Using synchronous I/O mode")
   elseif cfg.io_mode == C.NATIVE_FIO_ASYNC then
      print("Using asynchronous I/O mode")
   elseif cfg.io_mode == C.NATIVE_FIO_MMAP then
      print("Using mmap'ed I/O mode")
   else
      print(string.format("Using io_uring I/O mode, %d requests in flight per thread",
                          cfg.queue_depth))
   end
   print("Doing " .. MODE_TEXT[o.file_test_mode] .. " test")
   if C.native_fio_setup(ffi.new("native_fio_cfg", cfg)) ~= 0 then
      fatal("%s", native_error())
   end
end

local fio_event = C.native_fio_event

function thread_init(tid)
   if C.native_fio_thread_init(tid) ~= 0 then
      fatal("%s", native_error())
   end
end

function event(tid)
   if fio_event(tid) ~= 0 then
      fatal("%s", native_error())
   end
end

function thread_done(tid)
   if C.native_fio_thread_done(tid) ~= 0 then
      fatal("%s", native_error())
   end
end

-- After the sysbench report: what each kind of operation cost.
function done()
   local n = ffi.new("uint64_t[1]")
   local rows = {}
   for op, name in ipairs({"read", "write", "fsync"}) do
      C.native_fio_latency_ms(op - 1, 50, n)
      if n[0] > 0 then
         local p = function(x) return C.native_fio_latency_ms(op - 1, x, nil) end
         rows[#rows + 1] = string.format(
            "    %-6s count: %d  50%%: %.3f  95%%: %.3f  99%%: %.3f  99.9%%: %.3f  max: %.3f",
            name .. ":", tonumber(n[0]), p(50), p(95), p(99), p(99.9), p(100))
      end
   end
   if #rows > 0 then
      print("Latency per operation (ms):")
      for _, r in ipairs(rows) do print(r) end
      print("")
   end
   C.native_fio_teardown()
end

-- ---- reports (in the reporter's state: only options and stat) ------------

local MiB = 1024 * 1024

local stamp = require("workload_util").stamp

sysbench.hooks.report_intermediate = function(stat)
   local t = stat.time_interval > 0 and stat.time_interval or 1
   print(string.format("%s reads: %4.2f MiB/s writes: %4.2f MiB/s fsyncs: %4.2f/s latency (ms,%s%%): %4.3f",
                       stamp(stat.time_total),
                       tonumber(stat.bytes_read) / MiB / t,
                       tonumber(stat.bytes_written) / MiB / t,
                       tonumber(stat.other) / t,
                       tostring(sysbench.opt.percentile or 95),
                       stat.latency_pct * 1000))
end

-- Printed before "General statistics".
sysbench.hooks.report_summary = function(stat)
   local t = stat.time_interval > 0 and stat.time_interval or stat.time_total
   local function per_s(x) return t > 0 and tonumber(x) / t or 0 end
   print("")
   print("File operations:")
   print(string.format("    %-30s%4.2f", "reads/s:", per_s(stat.reads)))
   print(string.format("    %-30s%4.2f", "writes/s:", per_s(stat.writes)))
   print(string.format("    %-30s%4.2f", "fsyncs/s:", per_s(stat.other)))
   print("")
   print("Throughput:")
   print(string.format("    %-30s%4.2f", "read, MiB/s:", per_s(stat.bytes_read) / MiB))
   print(string.format("    %-30s%4.2f", "written, MiB/s:", per_s(stat.bytes_written) / MiB))
end
