sysbench 1.0.20's SQL API (sysbench.sql and the C functions behind it)
against real MariaDB and PostgreSQL servers: the items of docs/compat.md
"## SQL API" (FF1, DR1-DR6, LA8, LA12) and every exported SQL C function
called through sysbench's own FFI declarations.

  $ . "$BENCH_SRCDIR/tests/lib/dbserver.sh"
  $ trap dbserver_stop_all EXIT
  $ dbserver_start mysql
  $ dbserver_start pgsql
  $ MY=$(dbserver_conn_opts mysql)
  $ PG=$(dbserver_conn_opts pgsql)

The scripts print their findings as "| ..." lines; those and the log lines
(ALERT, FATAL; a repeated one is collapsed as sysbench does) are what is
checked:

  $ run() { timeout 120 "$BENCH" --events=1 --time=0 "$@" run 2>&1 | grep -E '^(\||ALERT|FATAL|WARNING|\(last message)'; }

The object API: what the objects print as (FF1), bind edge cases (DR2),
results of statements without rows (DR6), misuse messages (DR5), a failing
prepare (DR3), errors located inside the module (LA12), and a connection
used after disconnect (DR1), which must not crash:

  $ cat > api.lua <<'EOF'
  > local function out(...)
  >    local t = { ... }
  >    for i = 1, select("#", ...) do t[i] = tostring(t[i]) end
  >    print("| " .. table.concat(t, " "))
  > end
  > local T = sysbench.sql.type
  > 
  > function event()
  >    local drv = sysbench.sql.driver()
  >    local con = drv:connect()
  >    con:query("DROP TABLE IF EXISTS ct")
  >    con:query("CREATE TABLE ct (a INT, b VARCHAR(10))")
  >    local st = con:prepare("INSERT INTO ct VALUES (?, ?)")
  >    local a, b = st:bind_create(T.INT), st:bind_create(T.VARCHAR, 10)
  >    -- FF1: the objects print as sysbench's
  >    out("FF1", drv, con, st, a, con:query("SELECT 1"), ffi.new("sql_bind"))
  >    -- DR2: no date/time parameters; bind_param() without arguments is nil
  >    for _, t in ipairs({ "TIME", "DATE", "DATETIME", "TIMESTAMP" }) do
  >       out("DR2", t, select(2, pcall(st.bind_create, st, T[t])))
  >    end
  >    out("DR2 no args", st:bind_param())
  >    out("DR2 count", st:bind_param(a))
  >    out("DR2 bind", st:bind_param(a, b))
  >    a:set(1) b:set("one")
  >    -- DR6: a statement without a result set still returns a result
  >    local rs = st:execute()
  >    out("DR6 execute", rs, rs.nrows, rs.nfields)
  >    rs = con:query("UPDATE ct SET a = 2 WHERE a = 1")
  >    out("DR6 query", rs, rs.nrows, assert(con:query("UPDATE ct SET a = 3 WHERE a = 0")).nrows)
  >    -- DR5: freeing a result that has no rows; bulk insert misuse
  >    out("DR5 free", pcall(rs.free, rs))
  >    out("DR5 bulk", pcall(function() con:bulk_insert_next("(1)") end))
  >    con:bulk_insert_init("INSERT INTO ct VALUES")
  >    for i = 10, 12 do con:bulk_insert_next("(" .. i .. ", 'x')") end
  >    con:bulk_insert_done()
  >    rs = con:query("SELECT COUNT(*), MAX(a) FROM ct")
  >    out("bulk rows", unpack(rs:fetch_row()))
  >    out("DR5 fetch after end", rs:fetch_row())
  >    rs:free()
  >    out("DR5 fetch freed", rs:fetch_row())
  >    -- DR3: a failing prepare logs the driver's lines and raises an API error
  >    out("DR3", pcall(con.prepare, con, "SELECT * FROM ct_nonexisting"))
  >    -- LA12: an error raised inside the module keeps its location
  >    out("LA12", pcall(con.query_row, con, "SELECT * FROM ct_nonexisting"))
  >    st:close()
  >    con:query("DROP TABLE ct")
  >    -- DR1: use after disconnect
  >    con:disconnect()
  >    out("DR1 query", pcall(con.query, con, "SELECT 1"))
  >    out("DR1 prepare", pcall(con.prepare, con, "SELECT 1"))
  >    out("DR1 disconnect", con:disconnect())
  >    con = drv:connect()
  >    out("DR1 new connection", con:query_row("SELECT 5"))
  > end
  > EOF
  $ run $MY api.lua
  | FF1 <sql_driver> <sql_connection> <sql_statement> <sql_param> <sql_result> <sql_bind>
  | DR2 TIME Unsupported argument type: 7
  | DR2 DATE Unsupported argument type: 8
  | DR2 DATETIME Unsupported argument type: 9
  | DR2 TIMESTAMP Unsupported argument type: 10
  | DR2 no args nil
  FATAL: Wrong number of parameters to mysql_stmt_bind_param
  | DR2 count 1
  | DR2 bind 0
  | DR6 execute <sql_result> 1 0
  | DR6 query <sql_result> 1 0
  ALERT: attempt to free an invalid result set
  | DR5 free false db_free_results() failed
  ALERT: attempt to call bulk_insert_next() before bulk_insert_init()
  | DR5 bulk false api.lua:32: db_bulk_insert_next() failed
  | bulk rows 4 12
  | DR5 fetch after end nil
  ALERT: attempt to fetch row from an invalid result set
  | DR5 fetch freed nil
  FATAL: mysql_stmt_prepare() failed
  FATAL: MySQL error: 1146 "Table 'sbtest.ct_nonexisting' doesn't exist"
  FATAL: (a table is missing: run the same command with 'prepare' instead of 'run' first to create the tables)
  | DR3 false SQL API error
  FATAL: mysql_drv_query() returned error 1146 (Table 'sbtest.ct_nonexisting' doesn't exist) for query 'SELECT * FROM ct_nonexisting'
  | LA12 false [string "sysbench.sql.lua"]:\d+: SQL error, errno = 1146, state = '42S02': Table 'sbtest.ct_nonexisting' doesn't exist (re)
  ALERT: attempt to use an already closed connection
  | DR1 query false api.lua:49: SQL API error
  | DR1 prepare false SQL API error
  (last message repeated 1 times)
  ALERT: attempt to close an already closed connection
  | DR1 disconnect true
  | DR1 new connection 5

PostgreSQL: the same, with its driver's lines (PQprepare's message is
libpq's, several lines; DR4: PQexec's status and the failed query):

  $ run $PG api.lua
  | FF1 <sql_driver> <sql_connection> <sql_statement> <sql_param> <sql_result> <sql_bind>
  | DR2 TIME Unsupported argument type: 7
  | DR2 DATE Unsupported argument type: 8
  | DR2 DATETIME Unsupported argument type: 9
  | DR2 TIMESTAMP Unsupported argument type: 10
  | DR2 no args nil
  FATAL: wrong number of parameters in prepared statement
  FATAL: counted: 2, passed to bind_param(): 1
  | DR2 count 1
  | DR2 bind 0
  | DR6 execute <sql_result> 1 0
  | DR6 query <sql_result> 1 0
  ALERT: attempt to free an invalid result set
  | DR5 free false db_free_results() failed
  ALERT: attempt to call bulk_insert_next() before bulk_insert_init()
  | DR5 bulk false api.lua:32: db_bulk_insert_next() failed
  | bulk rows 4 12
  | DR5 fetch after end nil
  ALERT: attempt to fetch row from an invalid result set
  | DR5 fetch freed nil
  FATAL: PQprepare() failed: ERROR:  relation "ct_nonexisting" does not exist
  FATAL: (a table is missing: run the same command with 'prepare' instead of 'run' first to create the tables)
  | DR3 false SQL API error
  FATAL: PQexec() failed: 7 relation "ct_nonexisting" does not exist
  FATAL: failed query was: SELECT * FROM ct_nonexisting
  | LA12 false [string "sysbench.sql.lua"]:\d+: SQL error, errno = 0, state = '42P01': relation "ct_nonexisting" does not exist (re)
  ALERT: attempt to use an already closed connection
  | DR1 query false api.lua:49: SQL API error
  | DR1 prepare false SQL API error
  (last message repeated 1 times)
  ALERT: attempt to close an already closed connection
  | DR1 disconnect true
  | DR1 new connection 5

DR4: con:reconnect() really reconnects on both servers (a new session,
counted in the report), where sysbench 1.0.20's pgsql driver only says
"reconnect is not supported":

  $ cat > rc.lua <<'EOF'
  > function thread_init() con = sysbench.sql.driver():connect() end
  > function event()
  >   local q = con:driver_name() == "mysql" and "SELECT CONNECTION_ID()" or "SELECT pg_backend_pid()"
  >   local before = con:query_row(q)
  >   con:reconnect()
  >   print("| new session: " .. tostring(con:query_row(q) ~= before))
  > end
  > EOF
  $ for d in "$MY" "$PG"; do timeout 60 "$BENCH" --events=1 --time=0 $d rc.lua run 2>&1 | grep -E '^\||reconnects:'; done
  | new session: true
      reconnects:                          1      (*) (glob)
  | new session: true
      reconnects:                          1      (*) (glob)

LA8: the legacy 0.5 functions connect by themselves on first use and
again after db_disconnect(); db_driver names the driver; errors read as
sysbench's ("db_query() failed", "Uninitialized database connection"
for a statement function without a connection):

  $ cat > legacy.lua <<'EOF'
  > -- sysbench 0.5 style: no db_connect()
  > function event()
  >    db_query("DROP TABLE IF EXISTS lt")
  >    db_query("CREATE TABLE lt (a INT, b VARCHAR(10))")
  >    print("| driver " .. tostring(db_driver))
  >    db_bulk_insert_init("INSERT INTO lt VALUES")
  >    db_bulk_insert_next("(1, 'a')")
  >    db_bulk_insert_next("(2, 'b')")
  >    db_bulk_insert_done()
  >    db_disconnect()
  >    -- connects again by itself
  >    local st = db_prepare("UPDATE lt SET b = ? WHERE a = ?")
  >    local v = { "z", 2 }
  >    db_bind_param(st, v)
  >    local rs = db_execute(st)
  >    v[1], v[2] = "y", 1
  >    db_execute(st)
  >    db_close(st)
  >    db_query("INSERT INTO lt VALUES (3, 'c')")
  >    local ok, err = pcall(db_query, "SELECT * FROM lt_nonexisting")
  >    print("| " .. tostring(ok) .. " " .. tostring(err))
  >    db_disconnect()
  >    print("| " .. tostring(pcall(db_execute, st)))
  > end
  > EOF
  $ cat > check.lua <<'EOF'
  > function event()
  >    local con = sysbench.sql.driver():connect()
  >    local rs = con:query("SELECT a, b FROM lt ORDER BY a")
  >    for i = 1, rs.nrows do print("| " .. table.concat(rs:fetch_row(), " ")) end
  >    con:query("DROP TABLE lt")
  > end
  > EOF
  $ run $MY legacy.lua; run $MY check.lua
  | driver mysql
  FATAL: mysql_drv_query() returned error 1146 (Table 'sbtest.lt_nonexisting' doesn't exist) for query 'SELECT * FROM lt_nonexisting'
  FATAL: (a table is missing: run the same command with 'prepare' instead of 'run' first to create the tables)
  | false db_query() failed
  | false
  | 1 y
  | 2 z
  | 3 c
  $ run $PG legacy.lua; run $PG check.lua
  | driver pgsql
  FATAL: PQexec() failed: 7 relation "lt_nonexisting" does not exist
  FATAL: failed query was: SELECT * FROM lt_nonexisting
  FATAL: (a table is missing: run the same command with 'prepare' instead of 'run' first to create the tables)
  | false db_query() failed
  | false
  | 1 y
  | 2 z
  | 3 c
  $ cat > legacy_many.lua <<'EOF'
  > function event()
  >   local cols, qs = {}, {}
  >   for i = 1, 11 do cols[i] = "c" .. i .. " INT"; qs[i] = "?" end
  >   db_query("DROP TABLE IF EXISTS lm")
  >   db_query("CREATE TABLE lm (" .. table.concat(cols, ", ") .. ")")
  >   local st = db_prepare("INSERT INTO lm VALUES (" .. table.concat(qs, ", ") .. ")")
  >   local v = {}
  >   for i = 1, 11 do v[i] = i * 10 end
  >   db_bind_param(st, v)
  >   db_execute(st)
  >   v[11] = 7
  >   db_execute(st)
  >   db_close(st)
  >   local con = sysbench.sql.driver():connect()
  >   local rs = con:query("SELECT * FROM lm ORDER BY c11")
  >   for i = 1, rs.nrows do print("| " .. table.concat(rs:fetch_row(), " ")) end
  >   con:query("DROP TABLE lm")
  >   print("| " .. tostring(sysbench.db.query == db_query) .. " " .. sysbench.db.DB_ERROR_FAILED)
  > end
  > EOF
  $ run $MY legacy_many.lua
  | 10 20 30 40 50 60 70 80 90 100 7
  | 10 20 30 40 50 60 70 80 90 100 110
  | true 2
  $ run $PG legacy_many.lua
  | 10 20 30 40 50 60 70 80 90 100 7
  | 10 20 30 40 50 60 70 80 90 100 110
  | true 2
  $ cat > legacy_err.lua <<'EOF'
  > function event() print("| " .. select(2, pcall(db_bulk_insert_next, "(1)"))) end
  > EOF
  $ run $MY legacy_err.lua
  | Uninitialized database connection

FF1 + FF2: sysbench's declarations are loaded in every state, with
sysbench's layout (offsets of the fields scripts read), and bench exports
every SQL function of sysbench.sql.lua with its signature and meaning. A
script that calls them directly through ffi.C, declaring nothing:

  $ cat > ffi_sql.lua <<'EOF'
  > -- Every SQL C function through sysbench 1.0.20's FFI declarations.
  > local C = ffi.C
  > local function out(...)
  >    local t = { ... }
  >    for i = 1, select("#", ...) do t[i] = tostring(t[i]) end
  >    print("| " .. table.concat(t, " "))
  > end
  > local function run(con, q) return C.db_query(con, q, #q) end
  > 
  > function event()
  >    -- types and layout
  >    out("sizes", ffi.sizeof("sql_value"), ffi.sizeof("sql_row"), ffi.sizeof("sql_bind"))
  >    out("offsets", ffi.offsetof("sql_connection", "driver"), ffi.offsetof("sql_result", "row"),
  >        ffi.offsetof("sql_bind", "is_null"), ffi.offsetof("sql_result", "ptr"))
  >    out("enums", C.SB_CNT_OTHER, C.SB_CNT_READ, C.SB_CNT_WRITE, C.SB_CNT_RECONNECT,
  >        C.SQL_TYPE_VARCHAR, C.DB_ERROR_FATAL, tonumber(ffi.new("sb_counter_type", "SB_CNT_ERROR")))
  >    -- driver
  >    local drv = C.db_create(nil)
  >    out("db_create", ffi.string(drv.sname), ffi.string(drv.lname))
  >    out("db_create bad", C.db_create("nosuch") == nil)
  >    -- connection
  >    local con = C.db_connection_create(drv)
  >    out("db_connection_create", con ~= nil, con.driver == drv, tonumber(con.error))
  >    run(con, "DROP TABLE IF EXISTS ffi_t")
  >    local rs = run(con, "CREATE TABLE ffi_t (a INT, b VARCHAR(20))")
  >    out("ddl", rs ~= nil, tonumber(rs.counter), rs.nrows, rs.nfields)
  >    -- bulk insert
  >    local head = "INSERT INTO ffi_t VALUES"
  >    out("bulk_init", C.db_bulk_insert_init(con, head, #head))
  >    for i = 1, 5 do
  >       local v = string.format("(%d,'v%d')", i, i)
  >       assert(C.db_bulk_insert_next(con, v, #v) == 0)
  >    end
  >    out("bulk_done", C.db_bulk_insert_done(con))
  >    -- query and rows
  >    rs = run(con, "SELECT a, b, NULL FROM ffi_t WHERE a <= 2 ORDER BY a")
  >    out("select", tonumber(rs.counter), rs.nrows, rs.nfields, rs.statement == nil)
  >    local row = C.db_fetch_row(rs)
  >    while row ~= nil do
  >       local v = row.values
  >       out("row", ffi.string(v[0].ptr, v[0].len), ffi.string(v[1].ptr, v[1].len),
  >           v[2].ptr == nil, v[1].len)
  >       row = C.db_fetch_row(rs)
  >    end
  >    out("free", C.db_free_results(rs))
  >    rs = run(con, "UPDATE ffi_t SET b = 'x' WHERE a > 3")
  >    out("update", tonumber(rs.counter), rs.nrows)
  >    -- errors
  >    rs = run(con, "SELECT * FROM ffi_nonexisting")
  >    out("error", rs == nil, tonumber(con.error), ffi.string(con.sql_state))
  >    -- prepared statement with parameters
  >    local q = "SELECT b FROM ffi_t WHERE a = ?"
  >    local st = C.db_prepare(con, q, #q)
  >    out("db_prepare", st ~= nil, st.connection == con)
  >    local val = ffi.new("int64_t[1]", 4)
  >    local len = ffi.new("unsigned long[1]")
  >    local isnull = ffi.new("char[1]")
  >    local binds = ffi.new("sql_bind[1]")
  >    binds[0].type = C.SQL_TYPE_BIGINT
  >    binds[0].buffer = val
  >    binds[0].data_len = len
  >    binds[0].max_len = 8
  >    binds[0].is_null = isnull
  >    out("db_bind_param", C.db_bind_param(st, binds, 1))
  >    binds = nil
  >    collectgarbage()
  >    rs = C.db_execute(st)
  >    out("db_execute", rs ~= nil, tonumber(rs.counter), rs.nrows, rs.statement == st)
  >    row = C.db_fetch_row(rs)
  >    out("row", ffi.string(row.values[0].ptr, row.values[0].len))
  >    val[0] = 2
  >    rs = C.db_execute(st)
  >    row = C.db_fetch_row(rs)
  >    out("rebound value", ffi.string(row.values[0].ptr, row.values[0].len))
  >    out("db_bind_result", C.db_bind_result(st, ffi.new("sql_bind[1]"), 1))
  >    out("db_close", C.db_close(st))
  >    -- connection life cycle
  >    out("db_connection_reconnect", C.db_connection_reconnect(con))
  >    rs = run(con, "SELECT COUNT(*) FROM ffi_t")
  >    out("after reconnect", ffi.string(C.db_fetch_row(rs).values[0].ptr))
  >    run(con, "DROP TABLE ffi_t")
  >    out("db_connection_close", C.db_connection_close(con))
  >    out("closed query", run(con, "SELECT 1") == nil, tonumber(con.error), con.sql_state == nil)
  >    C.db_connection_free(con)
  >    out("db_destroy", C.db_destroy(drv))
  > end
  > EOF
  $ run $MY ffi_sql.lua
  | sizes 16 16 40
  | offsets 24 32 32 24
  | enums 0 1 2 5 12 2 4
  | db_create mysql MySQL driver
  FATAL: invalid database driver name: 'nosuch'
  | db_create bad true
  | db_connection_create true true 0
  | ddl true 0 0 0
  | bulk_init 0
  | bulk_done 0
  | select 1 2 3 true
  | row 1 v1 true 2
  | row 2 v2 true 2
  | free 0
  | update 2 2
  FATAL: mysql_drv_query() returned error 1146 (Table 'sbtest.ffi_nonexisting' doesn't exist) for query 'SELECT * FROM ffi_nonexisting'
  FATAL: (a table is missing: run the same command with 'prepare' instead of 'run' first to create the tables)
  | error true 2 42S02
  | db_prepare true true
  | db_bind_param 0
  | db_execute true 1 1 true
  | row x
  | rebound value v2
  ALERT: binding results is not supported: fetch rows with db_fetch_row()
  | db_bind_result 1
  | db_close 0
  | db_connection_reconnect 0
  | after reconnect 5
  | db_connection_close 0
  ALERT: attempt to use an already closed connection
  | closed query true 2 true
  | db_destroy 0
  $ run $PG ffi_sql.lua | grep -v -e '^| sizes' -e '^| offsets' -e '^| enums'
  | db_create pgsql PostgreSQL driver
  FATAL: invalid database driver name: 'nosuch'
  | db_create bad true
  | db_connection_create true true 0
  | ddl true 0 0 0
  | bulk_init 0
  | bulk_done 0
  | select 1 2 3 true
  | row 1 v1 true 2
  | row 2 v2 true 2
  | free 0
  | update 2 2
  FATAL: PQexec() failed: 7 relation "ffi_nonexisting" does not exist
  FATAL: failed query was: SELECT * FROM ffi_nonexisting
  FATAL: (a table is missing: run the same command with 'prepare' instead of 'run' first to create the tables)
  | error true 2 42P01
  | db_prepare true true
  | db_bind_param 0
  | db_execute true 1 1 true
  | row x
  | rebound value v2
  ALERT: binding results is not supported: fetch rows with db_fetch_row()
  | db_bind_result 1
  | db_close 0
  | db_connection_reconnect 0
  | after reconnect 5
  | db_connection_close 0
  ALERT: attempt to use an already closed connection
  | closed query true 2 true
  | db_destroy 0

DR9: a bulk insert whose statement fails raises its SQL error, as
con:query() does (sysbench: "db_bulk_insert_done() failed"), and an
ignorable one restarts the event: a unique violation (23505, ignorable on
PostgreSQL as in sysbench's driver) in the first event, then a clean one.

  $ cat > bulkerr.lua <<'EOF'
  > function thread_init()
  >    con = sysbench.sql.driver():connect()
  >    con:query("DROP TABLE IF EXISTS bulkerr")
  >    con:query("CREATE TABLE bulkerr (id INT PRIMARY KEY)")
  >    n = 0
  > end
  > function event()
  >    n = n + 1
  >    if n == 1 then
  >       local ok, err = pcall(function()
  >          con:bulk_insert_init("INSERT INTO nosuch_bulk VALUES")
  >          con:bulk_insert_next("(1)")
  >          con:bulk_insert_done()
  >       end)
  >       print("| missing table " .. tostring(ok) .. " " .. (tostring(err):gsub("^.*: SQL error", "SQL error"):gsub(": .*", "")))
  >    end
  >    con:bulk_insert_init("INSERT INTO bulkerr VALUES")
  >    con:bulk_insert_next("(" .. (n < 3 and 1 or n) .. ")")
  >    con:bulk_insert_next("(1)")
  >    con:bulk_insert_done()
  >    print("| event " .. n .. " done")
  > end
  > function thread_done() con:query("DROP TABLE bulkerr") end
  > EOF
  $ timeout 120 "$BENCH" bulkerr.lua $PG --events=1 --time=0 run 2>&1 | grep -E '^\||ignored errors'
  | missing table false SQL error, errno = 0, state = '42P01'
  | event 3 done
      ignored errors:                      2      \([0-9.]+ per sec.\) (re)
