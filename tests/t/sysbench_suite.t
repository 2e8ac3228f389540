sysbench 1.0.20's own test suite (shared/peer beside the checkout, not part
of bench) against bench and against the real sysbench on the same throwaway
MariaDB and PostgreSQL servers, once with bench's own workload scripts and
once with sysbench's (/usr/share/sysbench). tests/lib/sysbench-suite.sh
says what is checked; tests/sysbench-suite.patch holds the only changes to
the suite's expectations (bench's extra options in help texts; bench runs
as "sysbench" and prints sysbench's name); tests/sysbench-suite.known names the tests where bench
differs on purpose (documented in docs/compat.md). Without the suite the
test is skipped.

  $ PEER=${BENCH_PEER_DIR:-$BENCH_SRCDIR/../shared/peer}
  $ [ -f "$PEER/run-sysbench-suite.sh" ] && [ -d "$PEER/sysbench-1.0.20/tests" ] || {
  >   echo "no sysbench suite in $PEER (set BENCH_PEER_DIR)" > "${BENCH_SKIP_FILE:-/dev/null}"; exit 80; }
  $ . "$BENCH_SRCDIR/tests/lib/dbserver.sh"
  $ trap dbserver_stop_all EXIT
  $ dbserver_start mysql
  $ dbserver_start pgsql

Both runs (sysbench's scripts, then bench's), judged against the real
sysbench running its own scripts. With sysbench's scripts, the oltp help
test (patched for bench's extra script options) prints what sysbench prints,
so it counts among the same diffs:

  $ bash "$BENCH_SRCDIR/tests/lib/sysbench-suite.sh" "$PEER" "$BENCH_SRCDIR/lua"
  sysbench scripts: 48 tests, 0 failed with bench alone, 0 failed otherwise than with sysbench
  bench scripts: 48 tests, 0 failed with bench alone, 0 failed otherwise than with sysbench
  sysbench suite: ok
