-- sysbench.cmdline: option declarations, custom commands, argv.

local cmdline = sysbench.cmdline

cmdline.ARG_NONE = 0
cmdline.ARG_BOOL = 1
cmdline.ARG_INT = 2
cmdline.ARG_SIZE = 3
cmdline.ARG_DOUBLE = 4
cmdline.ARG_STRING = 5
cmdline.ARG_LIST = 6
cmdline.ARG_FILE = 7

-- A command declared as { fn, sysbench.cmdline.PARALLEL_COMMAND } runs in
-- every worker thread.
cmdline.PARALLEL_COMMAND = true

function cmdline.print_test_options()
   sysbench.__print_options()
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
