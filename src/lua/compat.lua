-- Legacy sysbench 0.5 globals, so old scripts keep working.

local rand = sysbench.rand
local C = ffi.C

sb_rand = C.rand_default
sb_rand_uniform = C.rand_uniform
sb_rand_gaussian = C.rand_gaussian
sb_rand_special = C.rand_special
sb_rand_pareto = C.rand_pareto
sb_rand_str = rand.string

function sb_rand_uniq(a, b)
   if a == nil then
      return C.rand_unique()
   end
   return a + C.rand_unique() % (b - a + 1)
end

function sb_rnd()
   return C.rand_uniform(0, 4294967295)
end
