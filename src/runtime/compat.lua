-- SPDX-License-Identifier: GPL-2.0-or-later
-- Legacy sysbench 0.5 globals, so old scripts keep working. Every script
-- sees them, as in sysbench 1.0.20; the C runtime adds `test` (the
-- script's path as given) and `thread_id` (0 in the main state), and for
-- scripts that declare no options the option values (see legacy_opts.h).

local rand = sysbench.rand
local C = ffi.C

-- Lua functions, as in sysbench (type(sb_rand) == "function"), not the
-- bare FFI functions
local rand_default, rand_uniform, rand_gaussian, rand_special, rand_pareto =
   C.rand_default, C.rand_uniform, C.rand_gaussian, C.rand_special, C.rand_pareto
function sb_rand(a, b) return rand_default(a, b) end
function sb_rand_uniform(a, b) return rand_uniform(a, b) end
function sb_rand_gaussian(a, b) return rand_gaussian(a, b) end
function sb_rand_special(a, b) return rand_special(a, b) end
function sb_rand_pareto(a, b) return rand_pareto(a, b) end
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

-- db_query()'s error classes of the 0.5 API
DB_ERROR_NONE = 0
DB_ERROR_RESTART_TRANSACTION = 1
DB_ERROR_FAILED = 2

-- defaults the 0.5 OLTP scripts put in CREATE TABLE; --mysql-table-engine
-- replaces the first for a legacy script
mysql_table_engine = "innodb"
myisam_max_rows = 1000000

-- The legacy db_* functions (db_query, db_prepare, ...) and their
-- connection on first use are sysbench.sql's (src/runtime/sql.lua).
