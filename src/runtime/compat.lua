-- SPDX-License-Identifier: GPL-2.0-or-later
-- Legacy sysbench 0.5 globals, so old scripts keep working. Every script
-- sees them, as in sysbench 1.0.20; the C runtime adds `test` (the
-- script's path as given) and `thread_id` (0 in the main state), and for
-- scripts that declare no options the option values (see legacy_opts.h).

local rand = sysbench.rand
local C = ffi.C

-- sysbench's aliases: the same Lua functions as sysbench.rand's
sb_rand = rand.default
sb_rand_uniform = rand.uniform
sb_rand_gaussian = rand.gaussian
sb_rand_special = rand.special
sb_rand_pareto = rand.pareto       -- (bench)
sb_rand_str = rand.string

-- As sysbench: draw from the 32-bit permutation until a value falls in
-- [a, b], so values stay unique (a modulo would repeat them).
function sb_rand_uniq(a, b)
   if a == nil then a = 0 end
   if b == nil then b = 4294967295 end
   local unique = rand.unique
   local v
   repeat
      v = unique()
   until v >= a and v <= b
   return v
end

-- As sysbench: the low 32 bits of a 64-bit draw
function sb_rnd()
   return tonumber(rand.uniform_uint64() % 4294967296)
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
