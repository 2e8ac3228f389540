-- SPDX-License-Identifier: GPL-2.0-or-later
-- An injected deadlock, for the database transcript tests (tests/lib/dbtest.sh
-- creates its table dl with dbtest_deadlock_table). Connections of even and
-- odd sysbench.tid update rows 1 and 2 in opposite orders inside a
-- transaction, with a pause in between; the server kills one of them with a
-- deadlock error, which is ignorable by default: the victim rolls back
-- (before_restart_event) and its event restarts, so every transaction
-- commits once and SUM(v) is 2 per event.
--
-- Environment:
--   DL_PAUSE  the pause as an SQL statement, e.g. "SELECT SLEEP(0.02)": a
--             server-side sleep, which yields under --connections; unset:
--             20 ms of usleep() in the client (blocking its thread)
--   DL_HOOKS  "1": also the per-connection hooks test: the script declares an
--             option (so that --connections shares one Lua state per thread),
--             its sql_error_ignorable hook makes MySQL's deadlock (1213)
--             ignorable whatever the ignore list says, and each connection
--             counts its restarts and prints "restarts N" at thread_done
local pause = os.getenv("DL_PAUSE")
local hooks = os.getenv("DL_HOOKS") == "1"
local restarts = 0

if hooks then
  sysbench.cmdline.options = { unused = { "an option, so that the state is shared", 0 } }
end
if not pause then
  ffi.cdef[[int usleep(unsigned int usec);]]
end

function thread_init()
  con = sysbench.sql.driver():connect()
end

function event()
  local a, b = 1, 2
  if sysbench.tid % 2 == 1 then a, b = 2, 1 end
  con:query("BEGIN")
  con:query("UPDATE dl SET v = v + 1 WHERE id = " .. a)
  if pause then con:query(pause) else ffi.C.usleep(20000) end
  con:query("UPDATE dl SET v = v + 1 WHERE id = " .. b)
  con:query("COMMIT")
end

function thread_done()
  if hooks then print("restarts", restarts) end
  con:disconnect()
end

if hooks then
  sysbench.hooks.sql_error_ignorable = function(err) return err.sql_errno == 1213 or nil end
end
sysbench.hooks.before_restart_event = function(err)
  restarts = restarts + 1
  con:query("ROLLBACK")
end
