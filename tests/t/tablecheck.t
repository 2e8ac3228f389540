Issue 28 item 4, on MariaDB and on PostgreSQL (one sequence for both,
tests/lib/tablecheck.sh). Ctrl-C during prepare says which tables it left
(partly loaded) and how to remove them; a later run warns that the tables
do not look like its options. Before: exit 130 without a word, and a run
that silently used the half-loaded tables.

  $ . "$BENCH_SRCDIR/tests/lib/dbtest.sh"
  $ . "$BENCH_SRCDIR/tests/lib/tablecheck.sh"
  $ dbtest_start mysql pgsql
  $ tablecheck_all mysql > mysql.out
  $ tablecheck_all pgsql > pgsql.out

Both servers give the same transcript (driver words masked as DB):

  $ diff mysql.out pgsql.out && echo same
  same
  $ cat mysql.out
  == SIGINT during prepare: exit status and message
  exit 130
  FATAL: prepare interrupted (SIGINT): left partly loaded: sbtest1, sbtest2. Remove what it created with: bench oltp_read_write --db-driver=DB --DB-host=127.0.0.1 --DB-port=PORT --DB-user=sbtest --DB-password=*** --DB-db=sbtest --tables=3 --table-size=5000000 --bulk_load=off --threads=2 cleanup
  == the two tables begun are partly loaded, the third missing
  sbtest1: partly loaded
  sbtest2: partly loaded
  sbtest3: missing
  == run with the prepare's options: warnings before the threads start
  WARNING: 1 of the 3 tables of --tables=3 not found (sbtest3): run 'prepare' with the same options first
  WARNING: 2 table(s) hold fewer rows than --table-size=5000000: sbtest1 (ids up to N), sbtest2 (ids up to N); events will look up ids that have no row (prepare with the same --table-size, or run with the size the tables have)
  == run on the two tables: the short ones still run
  2
  == the cleanup command of the message (password filled in)
  exit 0; left: 0 0 rows
  == the issue's case: --table-size=1000000 against 10000 rows
  WARNING: 1 table(s) hold fewer rows than --table-size=1000000: sbtest1 (ids up to N); events will look up ids that have no row (prepare with the same --table-size, or run with the size the tables have)
  == a run that fits says nothing
  0
