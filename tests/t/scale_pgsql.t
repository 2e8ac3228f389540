N bench processes as one benchmark against a real, throwaway PostgreSQL server
(--instance=I/N, --start-at, --barrier=db; docs/scale-out.md). Twin of
scale_mysql.t; the scenario is scale_twin in tests/lib/scale.sh: instances
started in the background, each after a random delay of up to 0.4 s
(the last one of a run with a common start 2 s more). scale_rows: fewer
tables than instances, the sharers of a table splitting its rows.

  $ . "$BENCH_SRCDIR/tests/lib/dbtest.sh"
  $ . "$BENCH_SRCDIR/tests/lib/scale.sh"
  $ dbtest_start pgsql
  $ scale_twin pgsql
  pgsql: 29 checks, 0 failed
  $ scale_rows pgsql
  pgsql: 18 checks, 0 failed
