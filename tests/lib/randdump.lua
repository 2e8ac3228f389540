-- SPDX-License-Identifier: GPL-2.0-or-later
-- Prints N values of every sysbench.rand function (and the 0.5 globals)
-- for a cycle of argument sets, under sysbench and bench alike
-- (tests/t/rand_compat.t diffs the two).
local N = tonumber(os.getenv("RAND_N") or "10000")
local R = sysbench.rand
local U32 = 4294967295
local ranges = {
   {1, 0}, {0, 0}, {1, 1}, {0, 1}, {1, 100}, {5, 2}, {0, U32}, {U32, U32},
   {U32, 0}, {100, U32}, {2147483648, 10}, {1, 1000000}, {0, 9},
   {4294967290, 4294967295}, {3, 3000000000},
}
local formats = { "", "#", "@", "abc-###-@@@-xyz", "###########-###########",
   "@@@@@@@@@@", "no specials", "#@#@#@" }
local out, concat = {}, table.concat

local function flush()
   io.write(concat(out, "\n"), "\n")
   out = {}
end

local function ranged(name, f)
   for i = 1, N do
      local r = ranges[(i - 1) % #ranges + 1]
      out[#out + 1] = name .. " " .. r[1] .. " " .. r[2] .. " " .. tostring(f(r[1], r[2]))
      if #out >= 4096 then flush() end
   end
   flush()
end

local function plain(name, f)
   for i = 1, N do
      out[#out + 1] = name .. " " .. f(i)
      if #out >= 4096 then flush() end
   end
   flush()
end

function init()
   for i = 1, 3 do
      print("main " .. tostring(R.uniform_uint64()) .. " " .. R.uniform(1, 1000))
   end
end

function event()
   ranged("default", R.default)
   ranged("uniform", R.uniform)
   ranged("gaussian", R.gaussian)
   ranged("special", R.special)
   ranged("pareto", R.pareto)
   plain("unique", function() return tostring(R.unique()) end)
   plain("uint64", function() return tostring(R.uniform_uint64()) end)
   plain("double", function() return string.format("%.17g", R.uniform_double()) end)
   plain("string", function(i) return "[" .. R.string(formats[(i - 1) % #formats + 1]) .. "]" end)
   ranged("sb_rand", sb_rand)
   ranged("sb_rand_uniform", sb_rand_uniform)
   ranged("sb_rand_gaussian", sb_rand_gaussian)
   ranged("sb_rand_special", sb_rand_special)
   plain("sb_rnd", function() return tostring(sb_rnd()) end)
   plain("sb_rand_str", function() return sb_rand_str("###-@@@") end)
   plain("sb_rand_uniq", function(i)
      local r = ranges[(i - 1) % #ranges + 1]
      local a, b = math.min(r[1], r[2]), math.max(r[1], r[2])
      if b - a < 1000000 then a, b = 0, U32 end  -- a narrow range would take ages
      return a .. " " .. b .. " " .. tostring(sb_rand_uniq(a, b))
   end)
end

function thread_done()
   print("thread_done " .. tostring(R.uniform_uint64()))
end
