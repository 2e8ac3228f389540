-- SPDX-License-Identifier: GPL-2.0-or-later
-- fileio: sysbench's file I/O benchmark. prepare creates --file-num files
-- ./test_file.N of --file-total-size/--file-num bytes; run issues requests
-- of --file-block-size to them (src/native/fileio.c does the I/O: each
-- event is one request, or one fsync); cleanup removes them.
--
-- The messages, their levels (NOTICE: hidden below --verbosity=3), their
-- order and the checks follow sysbench 1.0.20's fileio test: init()
-- validates the options (before the option summary), print_mode() prints
-- the settings after it and opens the files.
--
-- Additions to sysbench: --file-io-mode=io_uring with --file-iodepth
-- requests in flight per thread, --validate (checksummed blocks, checked on
-- every read), latency percentiles per operation type after the report
-- with --report-statements=on, and --file-huge-buffers (on by default; see
-- src/native/fileio.c).

local ARG_INT = sysbench.cmdline.ARG_INT
local ARG_SIZE = sysbench.cmdline.ARG_SIZE
local ARG_STRING = sysbench.cmdline.ARG_STRING
local ARG_LIST = sysbench.cmdline.ARG_LIST
local ARG_DOUBLE = sysbench.cmdline.ARG_DOUBLE

sysbench.cmdline.options = {
   ["file-num"] = {"number of files to create", 128, ARG_INT},
   -- a size, as sysbench reads it: 16K, 1M
   ["file-block-size"] = {"block size to use in all IO operations", 16384, ARG_SIZE},
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

-- sysbench's message levels (src/util/log.h)
local FATAL, WARNING, NOTICE = 0, 2, 3

local function log(level, fmt, ...)
   C.native_log(level, string.format(fmt, ...))
end

local function notice(fmt, ...)
   log(NOTICE, fmt, ...)
end

-- A FATAL message, then fail without another line (the runtime prints
-- nothing for an error marked quiet).
local function fatal(fmt, ...)
   log(FATAL, fmt, ...)
   error({ quiet = true }, 0)
end

-- A byte count as sysbench prints sizes: "16Ki", "4.001Ki", "512".
local sizebuf = ffi.new("char[32]")
local function size_text(n)
   return ffi.string(C.native_fio_size_text(sizebuf, 32, n))
end

local function num(name)
   return tonumber(sysbench.opt[name]) or 0
end

-- The extra flags as given, and as sysbench's bit set.
local function flag_list()
   local v = sysbench.opt.file_extra_flags
   local list = {}
   if type(v) == "string" then
      for w in v:gmatch("[^,]+") do list[#list + 1] = w end
   elseif type(v) == "table" then
      for _, w in ipairs(v) do list[#list + 1] = w end
   end
   return list
end

-- sysbench's "sync dsync directio" in its fixed order, each with a space.
local function flags_text(flags)
   if flags == 0 then
      return "(none)"
   end
   return (bit.band(flags, C.NATIVE_FIO_F_SYNC) ~= 0 and "sync " or "") ..
      (bit.band(flags, C.NATIVE_FIO_F_DSYNC) ~= 0 and "dsync " or "") ..
      (bit.band(flags, C.NATIVE_FIO_F_DIRECT) ~= 0 and "directio" or "")
end

-- The options, checked in sysbench's order with its messages. The test
-- mode is needed (and checked) by run only.
local function config()
   local o = sysbench.opt
   local run = sysbench.cmdline.command == "run"
   local nfiles = num("file_num")
   if nfiles <= 0 then
      fatal("Invalid value for file-num: %d", nfiles)
   end
   local total = num("file_total_size")
   if total <= 0 then
      fatal("Invalid value for file-total-size: %d", total)
   end
   -- As sysbench: each file is total/num, rounded down.
   local fsize = math.floor(total / nfiles)
   local mode = 0
   if run then
      local m = o.file_test_mode
      if m == nil or m == "" then
         log(FATAL, "Missing required argument: --file-test-mode\n")
         notice("fileio options:")
         sysbench.cmdline.print_test_options()
         error({ quiet = true }, 0)
      end
      mode = MODES[m]
      if mode == nil then
         fatal("Invalid IO operations mode: %s.", tostring(m))
      end
   end
   local io_mode = IO_MODES[o.file_io_mode or "sync"]
   if io_mode == nil then
      fatal("unknown I/O mode: %s", tostring(o.file_io_mode))
   end
   local merged = num("file_merged_requests")
   if merged < 0 then
      fatal("Invalid value for file-merged-requests: %d.", merged)
   end
   local bs = num("file_block_size")
   if bs <= 0 or bs > 0x7fffffff then
      fatal("Invalid value for file-block-size: %d.", bs > 0 and bs or 0)
   end
   local flags = 0
   for _, w in ipairs(flag_list()) do
      if FLAGS[w] == nil then
         -- sysbench names the first value of the list
         fatal("Invalid value for file-extra-flags: %s", flag_list()[1])
      end
      flags = bit.bor(flags, FLAGS[w])
   end
   local fsync_freq = num("file_fsync_freq")
   if fsync_freq < 0 then
      fatal("Invalid value for file-fsync-freq: %d.", fsync_freq)
   end
   local fsync_end, fsync_all = o.file_fsync_end, o.file_fsync_all
   if fsync_all then   -- it overrides --file-fsync-end and --file-fsync-freq
      fsync_end, fsync_freq = false, 0
   end
   local fsync_mode = o.file_fsync_mode
   if fsync_mode ~= "fsync" and fsync_mode ~= "fdatasync" then
      fatal("Invalid fsync mode: %s.", tostring(fsync_mode))
   end
   local ratio = tonumber(o.file_rw_ratio) or 0
   if ratio < 0 then
      fatal("Invalid value for --file-rw-ratio: %f.", ratio)
   end
   local qd = 0
   if run and io_mode == C.NATIVE_FIO_ASYNC then
      qd = num("file_async_backlog")
      if qd <= 0 then
         fatal("Invalid value of file-async-backlog: %d", qd)
      end
   elseif run and io_mode == C.NATIVE_FIO_URING then
      qd = num("file_iodepth")
      if qd <= 0 then
         fatal("Invalid value of file-iodepth: %d", qd)
      end
   end
   if run and o.validate and bs < 16 then
      fatal("--validate needs --file-block-size of at least 16")
   end
   return {
      file_size = fsize, num_files = nfiles, block_size = bs,
      threads = tonumber(o.threads) or 1, mode = mode, io_mode = io_mode,
      extra_flags = flags, fsync_freq = fsync_freq,
      fsync_all = fsync_all and 1 or 0, fsync_end = fsync_end and 1 or 0,
      fdatasync = fsync_mode == "fdatasync" and 1 or 0,
      validate = o.validate and 1 or 0, queue_depth = qd, rw_ratio = ratio,
      huge_buffers = o.file_huge_buffers and 1 or 0,
      merged = merged,
   }
end

local function native_fail()
   local hint = ffi.string(C.native_fio_hint())
   log(FATAL, "%s", ffi.string(C.native_fio_error()))
   if hint ~= "" then
      log(WARNING, "%s", hint)
   end
   error({ quiet = true }, 0)
end

-- ---- commands ------------------------------------------------------------

-- As sysbench: files already big enough are reused, short ones extended.
function prepare()
   local cfg = config()
   local ccfg = ffi.new("native_fio_cfg", cfg)
   notice("%d files, %dKb each, %dMb total", cfg.num_files,
          math.floor(cfg.file_size / 1024),
          math.floor(cfg.file_size * cfg.num_files / 1048576))
   notice("Creating files for the test...")
   notice("Extra file open flags: %s", flags_text(cfg.extra_flags))
   local written = ffi.new("uint64_t[1]")
   local t0 = C.native_fio_now()
   local missing = 0
   for i = 0, cfg.num_files - 1 do
      missing = missing + math.max(0, cfg.file_size - tonumber(C.native_fio_file_size(i)))
   end
   sysbench.progress.begin("Writing files", missing, "bytes")
   for i = 0, cfg.num_files - 1 do
      local have = tonumber(C.native_fio_file_size(i))
      if have >= cfg.file_size then
         notice("Reusing existing file test_file.%d", i)
      elseif have > 0 then
         notice("Extending existing file test_file.%d", i)
      else
         notice("Creating file test_file.%d", i)
      end
      if C.native_fio_create_file(ccfg, i, written) ~= 0 then
         native_fail()
      end
   end
   sysbench.progress.done()
   local secs = C.native_fio_now() - t0
   local bytes = tonumber(written[0])
   if bytes > 0 then
      notice("%d bytes written in %.2f seconds (%.2f MiB/sec).", bytes, secs,
             secs > 0 and bytes / 1048576 / secs or 0)
   else
      notice("No bytes written.")
   end
end

function cleanup()
   local cfg = config()
   notice("Removing test files...")
   for i = 0, cfg.num_files - 1 do
      if C.native_fio_remove_file(i) ~= 0 then
         native_fail()
      end
   end
end

local run_cfg

-- Before the option summary: only the checks (sysbench's file_init).
function init()
   run_cfg = config()
end

-- After the option summary: the settings, then the files are opened
-- (sysbench's print_mode and prepare of the run).
function print_mode()
   local cfg = run_cfg
   local o = sysbench.opt
   local mode = o.file_test_mode
   notice("Extra file open flags: %s", flags_text(cfg.extra_flags))
   notice("%d files, %sB each", cfg.num_files, size_text(cfg.file_size))
   notice("%sB total file size", size_text(cfg.file_size * cfg.num_files))
   notice("Block size %sB", size_text(cfg.block_size))
   if cfg.merged > 0 then
      notice("Merging requests up to %sB for sequential IO.",
             size_text(cfg.block_size * cfg.merged))
   end
   if mode == "rndrd" or mode == "rndwr" or mode == "rndrw" then
      notice("Number of IO requests: %d", num("events"))
      notice("Read/Write ratio for combined random IO test: %2.2f", cfg.rw_ratio)
   end
   if cfg.fsync_freq > 0 then
      notice("Periodic FSYNC enabled, calling fsync() each %d requests.",
             cfg.fsync_freq)
   end
   if cfg.fsync_end == 1 then
      notice("Calling fsync() at the end of test, Enabled.")
   end
   if cfg.fsync_all == 1 then
      notice("Calling fsync() after each write operation.")
   end
   if cfg.io_mode == C.NATIVE_FIO_SYNC then
      notice("Using synchronous I/O mode")
   elseif cfg.io_mode == C.NATIVE_FIO_ASYNC then
      notice("Using asynchronous I/O mode")
   elseif cfg.io_mode == C.NATIVE_FIO_MMAP then
      notice("Using fast mmaped I/O mode")
   else
      notice("Using io_uring I/O mode, %d requests in flight per thread",
             cfg.queue_depth)
   end
   if cfg.validate == 1 then
      notice("Using checksums validation.")
   end
   notice("Doing %s test", MODE_TEXT[mode])
   if C.native_fio_setup(ffi.new("native_fio_cfg", cfg)) ~= 0 then
      native_fail()
   end
end

local fio_event = C.native_fio_event

local function native_error()
   return ffi.string(C.native_fio_error())
end

function thread_init(tid)
   if C.native_fio_thread_init(tid) ~= 0 then
      error(native_error(), 0)
   end
end

function event(tid)
   if fio_event(tid) ~= 0 then
      error(native_error(), 0)
   end
end

function thread_done(tid)
   if C.native_fio_thread_done(tid) ~= 0 then
      error(native_error(), 0)
   end
end

-- With --report-statements=on, the engines record each operation's latency
-- under its kind (read, write, fsync) as the database layer does for SQL
-- statements, and the report prints "Latency per operation (ms)" after
-- sysbench's blocks.
function done()
   C.native_fio_teardown()
end

-- ---- reports (in the reporter's state: only options and stat) ------------

local MiB = 1024 * 1024

local stamp = require("workload_util").stamp

-- NOTICE messages, as sysbench's reports: hidden below --verbosity=3.
sysbench.hooks.report_intermediate = function(stat)
   local t = stat.time_interval > 0 and stat.time_interval or 1
   notice("%s reads: %4.2f MiB/s writes: %4.2f MiB/s fsyncs: %4.2f/s latency (ms,%s%%): %4.3f",
          stamp(stat.time_total),
          tonumber(stat.bytes_read) / MiB / t,
          tonumber(stat.bytes_written) / MiB / t,
          tonumber(stat.other) / t,
          tostring(sysbench.opt.percentile or 95),
          stat.latency_pct * 1000)
end

-- Printed before "General statistics".
sysbench.hooks.report_summary = function(stat)
   local t = stat.time_interval > 0 and stat.time_interval or stat.time_total
   local function per_s(x) return t > 0 and tonumber(x) / t or 0 end
   notice("%s", table.concat({
      "",
      "File operations:",
      string.format("    %-30s%4.2f", "reads/s:", per_s(stat.reads)),
      string.format("    %-30s%4.2f", "writes/s:", per_s(stat.writes)),
      string.format("    %-30s%4.2f", "fsyncs/s:", per_s(stat.other)),
      "",
      "Throughput:",
      string.format("    %-30s%4.2f", "read, MiB/s:", per_s(stat.bytes_read) / MiB),
      string.format("    %-30s%4.2f", "written, MiB/s:", per_s(stat.bytes_written) / MiB),
   }, "\n"))
end
