A prepared statement used after its close() (DR10 in docs/compat.md):
sysbench 1.0.20 reads freed memory there and crashes; bench raises one
error, and a second close() does nothing. On MariaDB and PostgreSQL, with
threads and under --connections, through sysbench 1.0's API and 0.5's.

  $ . "$BENCH_SRCDIR/tests/lib/dbtest.sh"
  $ dbtest_start mysql pgsql
  $ cat > closed.lua <<'LUA'
  > function thread_init()
  >   con = sysbench.sql.driver():connect()
  >   st = con:prepare("SELECT 1")
  > end
  > function event()
  >   st:close()
  >   print("second close", st:close())
  >   print(pcall(st.execute, st))
  >   print(pcall(st.bind_param, st, st:bind_create(sysbench.sql.type.INT)))
  >   st:execute()
  > end
  > LUA
  $ for db in mysql pgsql; do
  >   for c in "" --connections=1; do
  >     echo "$db $c"
  >     $B closed.lua $(dbserver_conn_opts $db) --threads=1 $c --events=1 --time=0 run > out 2>&1
  >     echo "exit $?"
  >     grep -E '^(second|true|false|FATAL)' out
  >   done
  > done
  mysql 
  exit 1
  second close\t0 (esc)
  false\tSQL API error: a statement used after its close() (esc)
  false\tSQL API error: a statement used after its close() (esc)
  FATAL: `thread_run' function failed: closed.lua:10: SQL API error: a statement used after its close()
  mysql --connections=1
  exit 1
  second close\t0 (esc)
  false\tSQL API error: a statement used after its close() (esc)
  false\tSQL API error: a statement used after its close() (esc)
  FATAL: `thread_run' function failed: closed.lua:10: SQL API error: a statement used after its close()
  pgsql 
  exit 1
  second close\t0 (esc)
  false\tSQL API error: a statement used after its close() (esc)
  false\tSQL API error: a statement used after its close() (esc)
  FATAL: `thread_run' function failed: closed.lua:10: SQL API error: a statement used after its close()
  pgsql --connections=1
  exit 1
  second close\t0 (esc)
  false\tSQL API error: a statement used after its close() (esc)
  false\tSQL API error: a statement used after its close() (esc)
  FATAL: `thread_run' function failed: closed.lua:10: SQL API error: a statement used after its close()

sysbench 0.5's functions:

  $ cat > legacy.lua <<'LUA'
  > function event()
  >   local s = db_prepare("SELECT 1")
  >   db_execute(s)
  >   db_close(s)
  >   db_close(s)
  >   print(pcall(db_execute, s))
  > end
  > LUA
  $ $B legacy.lua $(dbserver_conn_opts pgsql) --threads=1 --events=1 --time=0 run 2>&1 | grep -E '^(true|false|FATAL)'
  false\tSQL API error: a statement used after its close() (esc)
