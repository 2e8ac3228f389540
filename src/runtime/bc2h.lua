-- SPDX-License-Identifier: GPL-2.0-or-later
-- Build step: compile a built-in Lua module to bytecode and write it as a
-- C header, like `luajit -b`, but keeping the debug info (line numbers,
-- variable names) and under a chunk name of our choosing, so that errors
-- raised inside the module read `[string "sysbench.sql.lua"]:NNN: ...` as
-- sysbench's do, instead of losing their location.
--
-- usage: luajit bc2h.lua INPUT.lua CHUNKNAME SYMBOL OUTPUT.h
local input, chunk, sym, output = ...
assert(input and chunk and sym and output,
       "usage: luajit bc2h.lua INPUT.lua CHUNKNAME SYMBOL OUTPUT.h")

local f = assert(io.open(input, "rb"))
local src = f:read("*a")
f:close()

local fn = assert(loadstring(src, chunk))
local bc = string.dump(fn)   -- not stripped: debug info stays

local out = { string.format("#define %s_SIZE %d\n", sym, #bc),
              string.format("static const unsigned char %s[] = {\n", sym) }
local line = {}
for i = 1, #bc do
   line[#line + 1] = tostring(bc:byte(i))
   if #line == 20 or i == #bc then
      out[#out + 1] = table.concat(line, ",") .. (i < #bc and ",\n" or "\n")
      line = {}
   end
end
out[#out + 1] = "};\n"

local tmp = output .. "-t"
f = assert(io.open(tmp, "wb"))
f:write(table.concat(out))
f:close()
assert(os.rename(tmp, output))
