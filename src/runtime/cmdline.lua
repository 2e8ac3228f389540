-- SPDX-License-Identifier: GPL-2.0-or-later
-- sysbench.cmdline: option declarations, custom commands, argv.

local cmdline = sysbench.cmdline

-- sysbench's values, from its enum (ffi/core.h); ARG_NONE is bench's
-- older name for ARG_NULL.
local C = ffi.C
cmdline.ARG_NULL = C.SB_ARG_TYPE_NULL
cmdline.ARG_NONE = C.SB_ARG_TYPE_NULL
cmdline.ARG_BOOL = C.SB_ARG_TYPE_BOOL
cmdline.ARG_INT = C.SB_ARG_TYPE_INT
cmdline.ARG_SIZE = C.SB_ARG_TYPE_SIZE
cmdline.ARG_DOUBLE = C.SB_ARG_TYPE_DOUBLE
cmdline.ARG_STRING = C.SB_ARG_TYPE_STRING
cmdline.ARG_LIST = C.SB_ARG_TYPE_LIST
cmdline.ARG_FILE = C.SB_ARG_TYPE_FILE
cmdline.ARG_MAX = C.SB_ARG_TYPE_MAX

-- A command declared as { fn, sysbench.cmdline.PARALLEL_COMMAND } runs in
-- every worker thread.
cmdline.PARALLEL_COMMAND = true

function cmdline.print_test_options()
   C.sb_print_test_options()
end

-- Call a declared command (or a global function of that name).
function cmdline.call_command(name)
   local c = cmdline.commands and cmdline.commands[name]
   if c then
      return c[1]()
   end
   local f = _G[name]
   if type(f) == "function" then
      return f()
   end
   error("unknown command: " .. tostring(name), 2)
end

-- The declarations' shape, checked before the C side reads them: names are
-- strings, each declaration a table (sysbench's message).
function cmdline.read_cmdline_options()
   local opts = cmdline.options
   if opts == nil then
      return
   end
   if type(opts) ~= "table" then
      error("wrong table structure in sysbench.cmdline.options")
   end
   for name, decl in pairs(opts) do
      if type(name) ~= "string" or type(decl) ~= "table" then
         error("wrong table structure in sysbench.cmdline.options")
      end
   end
end
