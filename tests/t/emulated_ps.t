Prepared statements emulated by the client (--db-ps-mode=disable, or a
driver without server-side ones): the placeholders are found by each
server's quoting rules, and the bound values are sent as SQL literals,
numbers as sysbench 1.0.20 writes them; against throwaway MariaDB and
PostgreSQL servers and SQLite.

  $ . "$BENCH_SRCDIR/tests/lib/dbtest.sh"
  $ dbtest_start mysql pgsql
  $ SQ="--db-driver=sqlite --sqlite-db=$PWD/ps.db"

The script prepares $Q, binds 42 (INT) and x'\y (VARCHAR) and prints the
row it gets back:

  $ cat > ps.lua <<'EOF'
  > function thread_init() con = sysbench.sql.driver():connect() end
  > function event()
  >   local st = con:prepare(os.getenv("Q"))
  >   local i = st:bind_create(sysbench.sql.type.INT)
  >   local t = st:bind_create(sysbench.sql.type.VARCHAR, 10)
  >   st:bind_param(i, t)
  >   i:set(42)
  >   t:set("x'\\y")
  >   local rs = st:execute()
  >   print("row: " .. table.concat(rs:fetch_row(), "|"))
  >   if os.getenv("PREPARED") then
  >     print("prepared: " .. con:query_row("SELECT count(*) FROM pg_prepared_statements"))
  >   end
  >   st:close()
  > end
  > EOF
  $ ps() { $B ps.lua --db-ps-mode=disable "$@" --events=1 --time=0 run 2>&1 | grep -E '^(row|prepared|FATAL):'; }

Quoted text
-----------

MariaDB's rule: a backslash escapes the next character in '...' and
"...", so 'it\'s ?' holds no placeholder; in `...` (an identifier) it is
text, so `a\` ends at its backtick:

  $ Q="SELECT 'a\\\\', 'it\\'s ?', ?, ?" ps $MY
  row: a\|it's ?|42|x'\y
  $ Q="SELECT 'it''s ?', \"a\\\"?\", ?, ?" ps $MY
  row: it's ?|a"?|42|x'\y
  $ Q="SELECT \`a\\\` FROM (SELECT ? AS \`a\\\`, ?) t" ps $MY
  row: 42

PostgreSQL's rule (standard_conforming_strings, on by default since 9.1):
a backslash is text in '...' and "...", so 'a\' ends at its second quote;
only E'...' strings take backslash escapes. A quote doubles in both:

  $ Q="SELECT 'a\\', ?::int, ?::text" ps $PG
  row: a\|42|x'\y
  $ Q="SELECT E'it\\'s ?', 'it''s ?', ?::int, ?::text" ps $PG
  row: it's ?|it's ?|42|x'\y
  $ Q="SELECT \"a\\\" FROM (SELECT ?::int AS \"a\\\", ?::text) t" ps $PG
  row: 42

The server-side prepared statements of PostgreSQL (--db-ps-mode=auto)
have their placeholders rewritten to $1, $2 by the same rule, so they stay
server-side (one in pg_prepared_statements):

  $ Q="SELECT 'a\\', E'\\'?', ?::int, ?::text" PREPARED=1 ps $PG --db-ps-mode=auto
  row: a\|'?|42|x'\y
  prepared: 1

SQLite's rule is the standard one too:

  $ Q="SELECT 'a\\', 'it''s ?', ?, ?" ps $SQ
  row: a\|it's ?|42|x'\y

Numbers
-------

FLOAT and DOUBLE values go as sysbench 1.0.20 writes them: "%f", six
decimals, so 1.5e-7 is sent as 0.000000 (server-side prepared statements
keep every bit). The script writes the bound buffers directly, as
sysbench's own set() of a DOUBLE writes past its buffer and sends 0:

  $ cat > fl.lua <<'EOF'
  > function thread_init() con = sysbench.sql.driver():connect() end
  > function event()
  >   local st = con:prepare("SELECT ?, ?, ?, ?, ?")
  >   local p = {}
  >   for i = 1, 5 do p[i] = st:bind_create(sysbench.sql.type.DOUBLE) end
  >   st:bind_param(unpack(p))
  >   local v = { 0.1, 123456789.123456789, -2 / 3, 1.5e-7, 1e20 }
  >   for i = 1, 5 do p[i].buffer[0] = v[i] end
  >   print("row: " .. table.concat(st:execute():fetch_row(), "|"))
  >   st:close()
  > end
  > EOF
  $ for db in "$MY" "$PG"; do
  >   $B fl.lua $db --db-ps-mode=disable --events=1 --time=0 run | grep '^row:'; done
  row: 0.100000|123456789.123457|-0.666667|0.000000|100000000000000000000.000000
  row: 0.100000|123456789.123457|-0.666667|0.000000|100000000000000000000.000000

sysbench sends the same text:

  $ for db in "$MY" "$PG"; do
  >   timeout 120 sysbench fl.lua $db --db-ps-mode=disable --events=1 --time=0 run | grep '^row:'; done
  row: 0.100000|123456789.123457|-0.666667|0.000000|100000000000000000000.000000
  row: 0.100000|123456789.123457|-0.666667|0.000000|100000000000000000000.000000
