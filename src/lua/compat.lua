-- Legacy sysbench 0.5 globals, so old scripts keep working.

local rand = sysbench.rand
local C = ffi.C

sb_rand = C.rand_default
sb_rand_uniform = C.rand_uniform
sb_rand_gaussian = C.rand_gaussian
sb_rand_special = C.rand_special
sb_rand_pareto = C.rand_pareto
sb_rand_str = rand.string

-- As sysbench: draw from the 32-bit permutation until a value falls in
-- [a, b], so values stay unique (a modulo would repeat them).
function sb_rand_uniq(a, b)
   a = a or 0
   b = b or 4294967295
   local unique = C.sb_rand_unique
   local v
   repeat
      v = unique()
   until v >= a and v <= b
   return v
end

function sb_rnd()
   return C.rand_uniform(0, 4294967295)
end
