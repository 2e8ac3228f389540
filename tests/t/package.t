The Debian packages (debian/): built from a copy of the sources with
`dpkg-buildpackage -us -uc -b` (tests/lib/debpkg.sh; .ci/run builds them
once before `make check` and passes BENCH_DEB_DIR), checked with lintian,
unpacked into a throwaway root with `dpkg -x` (the machine's own sysbench
stays installed: it is the reference of sysbench's suite) and run from the
installed paths: bench cpu, an OLTP prepare/run/cleanup on a throwaway
MariaDB with the installed scripts, the installed manual page, the
installed bash completion, and sysbench 1.0.20's own suite against the
compat package's /usr/bin/sysbench. The unpacked bench finds its
workloads through BENCH_LUA_DIR (installed, it reads /usr/share/bench).
Skipped without dpkg-buildpackage and lintian, without the sysbench suite
(shared/peer), and in the sanitizer stages (the package is built with
Debian's flags, not the stage's).

  $ PEER=${BENCH_PEER_DIR:-$BENCH_SRCDIR/../shared/peer}
  $ skip() { echo "$*" > "${BENCH_SKIP_FILE:-/dev/null}"; exit 80; }
  $ command -v dpkg-buildpackage >/dev/null && command -v lintian >/dev/null || skip "no dpkg-buildpackage or lintian"
  $ [ -f "$PEER/run-sysbench-suite.sh" ] || skip "no sysbench suite in $PEER (set BENCH_PEER_DIR)"
  $ [ -z "${BENCH_SANITIZER_LOGS:-}" ] || skip "a sanitizer stage: the package is checked in the normal one"

The build (the build-time tests ran in it, unless nocheck) and lintian on
the .changes: no error, no warning.

  $ D=${BENCH_DEB_DIR:-}
  $ if [ -z "$D" ]; then D=$PWD/deb; bash "$BENCH_SRCDIR/tests/lib/debpkg.sh" "$BENCH_SRCDIR" "$D" || tail -30 "$D/build.log"; fi
  $ ls "$D" | grep -E '\.(deb|changes)$' | sed -E 's/_[^_]+_/_V_/'
  bench-dbgsym_V_amd64.deb
  bench-sysbench-compat_V_all.deb
  bench_V_amd64.changes
  bench_V_amd64.deb
  $ grep -E '^# (TOTAL|FAIL|ERROR):' "$D/build.log" | sed -E 's/[0-9]+/N/; s/ +/ /g'
  # TOTAL: N
  # FAIL: N
  # ERROR: N
  $ grep -E '^# (FAIL|ERROR):' "$D/build.log" | grep -v ' 0$'
  [1]
  $ lintian --tag-display-limit 0 "$D"/bench_*.changes 2>/dev/null | grep -E '^[EW]: '
  [1]
  $ lintian --tag-display-limit 0 -I --pedantic "$D"/bench_*.changes 2>/dev/null | grep -cE '^[EWIXP]: '
  0
  [1]

What the packages hold:

  $ R=$PWD/root && mkdir "$R"
  $ for p in "$D"/bench_*.deb "$D"/bench-sysbench-compat_*.deb; do dpkg -x "$p" "$R"; done
  $ cd "$R" && find usr/bin usr/share/bench usr/share/sysbench usr/share/man usr/share/bash-completion \
  >   -name '*.lua' -prune -o -print | sort; cd - >/dev/null
  usr/bin
  usr/bin/bench
  usr/bin/sysbench
  usr/share/bash-completion
  usr/share/bash-completion/completions
  usr/share/bash-completion/completions/bench
  usr/share/bash-completion/completions/sysbench
  usr/share/bench
  usr/share/man
  usr/share/man/man1
  usr/share/man/man1/bench.1.gz
  usr/share/man/man1/sysbench.1.gz
  usr/share/sysbench
  $ readlink "$R/usr/bin/sysbench" "$R/usr/share/sysbench" "$R/usr/share/man/man1/sysbench.1.gz"
  bench
  bench
  bench.1.gz
  $ diff <(cd "$BENCH_SRCDIR/lua" && ls *.lua) <(ls "$R/usr/share/sysbench/")
  $ ls "$R/usr/share/doc/bench" "$R/usr/share/doc/bench/examples" | grep -cE '\.(md\.gz|lua|sh)$'
  12
  $ dpkg-deb -f "$D"/bench_*_amd64.deb Depends | tr ',' '\n' | grep -oE 'lib(mariadb|pq|sqlite3|luajit|jansson|uring|aio)[^ ]*' | sort
  libaio1
  libjansson4
  libluajit-5.1-2
  libluajit2-5.1-2
  libmariadb3
  libpq5
  libsqlite3-0
  liburing2
  $ dpkg-deb -f "$D"/bench-sysbench-compat_*.deb Conflicts Replaces Provides
  Conflicts: sysbench
  Replaces: sysbench
  Provides: sysbench (= 1.0.20)
  $ dpkg -s sysbench | grep -E "^Status:"
  Status: install ok installed

Installed, the binary reads /usr/share/bench (not there on this machine):
BENCH_LUA_DIR points it at the unpacked root.

  $ "$R/usr/bin/bench" cpu run 2>&1 | tail -1
  FATAL: Cannot find benchmark 'cpu': no such built-in test, file or module
  $ export BENCH_LUA_DIR=$R/usr/share/bench
  $ "$R/usr/bin/bench" cpu --cpu-max-prime=2000 --events=200 --time=0 run | grep -E 'total number of events|^bench'
  bench * (glob)
      total number of events:              200

An OLTP workload against a throwaway MariaDB, by name (the installed
script) and by the compat path:

  $ . "$BENCH_SRCDIR/tests/lib/dbtest.sh"
  $ dbtest_start mysql pgsql
  $ . "$BENCH_SRCDIR/tests/lib/counts.sh"
  $ IB="timeout 120 $R/usr/bin/bench"
  $ $IB oltp_read_write $MY --tables=1 --table-size=500 prepare | tail -2
  Inserting 500 records into 'sbtest1'
  Creating a secondary index on 'sbtest1'...
  $ $IB oltp_read_write $MY --tables=1 --table-size=500 --events=50 --time=0 run | cnt
  read 700 write 200 other 100 total 1000 transactions 50 events 50 ignored 0 reconnects 0
  $ $IB "$R/usr/share/sysbench/oltp_read_write.lua" $MY --tables=1 cleanup | tail -1
  Dropping table 'sbtest1'...
  $ dbserver_mysql_sql "SELECT COUNT(*) FROM information_schema.tables WHERE table_schema = 'sbtest'"
  0

The installed manual page (and sysbench's name for it):

  $ export MANPATH=$R/usr/share/man MANWIDTH=80
  $ man bench 2>/dev/null | col -b | sed -n '/^NAME/,/^$/p'
  NAME
         bench - scriptable multi-threaded database and system benchmark
  
  $ man -w sysbench | sed "s|$R|ROOT|"
  ROOT/usr/share/man/man1/bench.1.gz

The installed bash completion, through the unpacked binary on PATH:

  $ BC=/usr/share/bash-completion/bash_completion
  $ OLDPATH=$PATH PATH=$R/usr/bin:$PATH
  $ [ -f "$BC" ] && . "$BC" && . "$R/usr/share/bash-completion/completions/sysbench"
  $ . "$BENCH_SRCDIR/tests/lib/bashcomp.sh"
  $ complete -p bench sysbench
  complete -F _bench bench
  complete -F _bench sysbench
  $ bashcomp_line 'bench oltp_read_write --mysql-' | tr '\n' ' '
  --mysql-compression --mysql-connect-timeout= --mysql-db= --mysql-debug --mysql-dry-run --mysql-host= --mysql-ignore-errors= --mysql-password= --mysql-port= --mysql-socket= --mysql-ssl --mysql-ssl-ca= --mysql-ssl-cert= --mysql-ssl-cipher= --mysql-ssl-key= --mysql-user=  (no-eol)
  $ bashcomp_line 'sysbench oltp_read_o'
  oltp_read_only
  $ PATH=$OLDPATH

sysbench 1.0.20's own suite against the installed compat /usr/bin/sysbench
(through a two-line wrapper that runs it under the name sysbench, as a
shell does: the harness resolves symbolic links, and would otherwise run
bench by its own name), judged as tests/t/sysbench_suite.t
judges bench: against the real sysbench, with the compat package's
/usr/share/sysbench as bench's scripts.

  $ printf '#!/bin/bash\nexec -a sysbench "%s" "$@"\n' "$R/usr/bin/sysbench" > sysbench-compat && chmod +x sysbench-compat
  $ BENCH=$PWD/sysbench-compat bash "$BENCH_SRCDIR/tests/lib/sysbench-suite.sh" "$PEER" "$R/usr/share/sysbench"
  sysbench scripts: 48 tests, 0 failed with bench alone, 0 failed otherwise than with sysbench
  bench scripts: 48 tests, 0 failed with bench alone, 0 failed otherwise than with sysbench
  sysbench suite: ok
