N bench processes as one benchmark against a real, throwaway MariaDB server
(--instance=I/N, --start-at, --barrier=db; docs/scale-out.md). Twin of
scale_pgsql.t; the scenario is scale_twin in tests/lib/scale.sh: instances
started in the background, each after a random delay of up to 0.4 s
(the last one of a run with a common start 2 s more). scale_rows: fewer
tables than instances, the sharers of a table splitting its rows.

  $ . "$BENCH_SRCDIR/tests/lib/dbtest.sh"
  $ . "$BENCH_SRCDIR/tests/lib/scale.sh"
  $ dbtest_start mysql
  $ scale_twin mysql
  mysql: 29 checks, 0 failed
  $ scale_rows mysql
  mysql: 18 checks, 0 failed
