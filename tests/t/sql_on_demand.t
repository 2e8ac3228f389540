sysbench.sql is loaded on first use (src/runtime/sysbench.lua,
sysbench.__sql_on_demand): a state whose script uses no SQL does not carry
it. What a script sees is the same: sysbench.sql, sysbench.db and the 0.5
db_* globals all work, whichever comes first. SQLite, so no server.

  $ B="timeout 60 $BENCH"
  $ S="--db-driver=sqlite --sqlite-db=$PWD/l.db"

A script that never touches SQL leaves the module unloaded; the first
access to sysbench.sql loads it, and every db_* global (a stub until then)
is replaced by the module's own function: the stubs' list in runtime.c
matches what sql.__legacy defines.

  $ cat > lazy.lua <<'X'
  > local before = {}
  > for k, v in pairs(_G) do
  >   if type(k) == "string" and k:match("^db_") and type(v) == "function" then before[k] = v end
  > end
  > local loaded_at_start = rawget(sysbench, "sql") ~= nil
  > local q = db_query            -- a stub, captured before the module loads
  > function thread_init()
  >   if sysbench.tid ~= 0 then return end
  >   print("loaded at start: " .. tostring(loaded_at_start))
  >   print("sysbench.sql.driver: " .. type(sysbench.sql.driver))
  >   local n, all = 0, true
  >   for k, v in pairs(_G) do
  >     if type(k) == "string" and k:match("^db_") and type(v) == "function" then
  >       n = n + 1
  >       if before[k] == nil or before[k] == v then all = false; print("not a replaced stub: " .. k) end
  >     end
  >   end
  >   for k in pairs(before) do if type(_G[k]) ~= "function" then all = false; print("stub left: " .. k) end end
  >   print(n .. " db_* functions, every one a stub before: " .. tostring(all))
  >   print("sysbench.db.query == db_query: " .. tostring(sysbench.db.query == db_query))
  > end
  > function event()
  >   q("CREATE TABLE IF NOT EXISTS t (a INTEGER)")
  >   db_query("SELECT COUNT(*) FROM t")
  > end
  > X
  $ $B lazy.lua $S --events=1 --time=0 run | grep -E '^(loaded|sysbench|[0-9]+ db_)|read:|other:'
  loaded at start: false
  sysbench.sql.driver: function
  13 db_* functions, every one a stub before: true
  sysbench.db.query == db_query: true
          read:                            1
          other:                           1

A 0.5 script whose first SQL is a db_* call (the stub loads the module and
forwards the call), and one that reaches sysbench.db first:

  $ cat > legacy.lua <<'X'
  > function event()
  >   db_query("CREATE TABLE IF NOT EXISTS t (a INTEGER)")
  >   db_query("INSERT INTO t VALUES (1)")
  > end
  > X
  $ $B legacy.lua $S --events=2 --time=0 run | grep -E 'write:|other:'
          write:                           2
          other:                           2
  $ cat > db.lua <<'X'
  > function event()
  >   sysbench.db.query("SELECT COUNT(*) FROM t")
  >   print("sysbench.db.DB_ERROR_FAILED: " .. sysbench.db.DB_ERROR_FAILED)
  > end
  > X
  $ $B db.lua $S --events=1 --time=0 run | grep -E 'DB_ERROR|read:'
  sysbench.db.DB_ERROR_FAILED: 2
          read:                            1

Errors read as when the module was loaded with the state:

  $ cat > err.lua <<'X'
  > function event() sysbench.sql.driver("nosuch") end
  > X
  $ $B err.lua --events=1 --time=0 run > out.txt 2>&1; echo "exit $?"; grep FATAL out.txt
  exit 1
  FATAL: invalid database driver name: 'nosuch'
  FATAL: `thread_run' function failed: err.lua:1: failed to initialize the DB driver
