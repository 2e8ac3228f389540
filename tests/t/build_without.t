Builds without a client library: `./configure --without-mysql`,
`--without-pgsql` and `--without-sqlite` leave a driver out; the build says which drivers it has
(configure's summary, `bench --help`), the first one left becomes
--db-driver's default, and asking for a missing one is one clear FATAL line.
The source is copied from the git checkout and built on its own (skipped
where the sources are no checkout of their own, such as .ci/run's
sanitizer copies inside one).

  $ [ "$(git -C "$BENCH_SRCDIR" rev-parse --show-toplevel 2>/dev/null)" = "$(cd "$BENCH_SRCDIR" && pwd -P)" ] || {
  >   echo "not a git checkout: $BENCH_SRCDIR (.ci/run's sanitizer copies are not)" > "${BENCH_SKIP_FILE:-/dev/null}"; exit 80; }
  $ src=$PWD/src && mkdir "$src"
  $ (cd "$BENCH_SRCDIR" && git ls-files -co --exclude-standard | grep -v '^tests/lib/node_modules' | tar -cf - -T -) | tar -xf - -C "$src"
  $ cd "$src" && ./autogen.sh >/dev/null 2>&1 && echo ok
  ok
  $ build() { mkdir "$1" && (cd "$1" && shift && "$src/configure" "$@" >configure.out 2>&1 && make -s -j2 >make.out 2>&1) || { tail -5 "$1"/*.out; return 1; }; }

Without MySQL: PostgreSQL and SQLite, and the default driver is pgsql.

  $ build $PWD/../nomy --without-mysql
  $ cd ../nomy
  $ grep -E '^ +(MySQL|libpq):' configure.out | sed 's/[0-9][0-9.]*$/N/'
      MySQL:   not built (--without-mysql)
      libpq:   N
  $ ./bench --help | sed -n '/^Compiled-in database drivers:/,/^$/p'
  Compiled-in database drivers:
    pgsql - PostgreSQL driver
    sqlite - SQLite driver
  
  $ ./bench --help | grep -c -- '--mysql-'
  0
  [1]
  $ ./bench oltp_read_write --db-driver=mysql prepare 2>&1 | grep FATAL; echo "exit ${PIPESTATUS[0]}"
  FATAL: this bench was built without the mysql driver (configure --without-mysql)
  FATAL: `prepare' function failed: */oltp_common.lua:*: failed to initialize the DB driver (glob)
  exit 1

It runs a real workload against PostgreSQL with no --db-driver option:

  $ . "$BENCH_SRCDIR/tests/lib/dbserver.sh"
  $ trap dbserver_stop_all EXIT
  $ dbserver_start pgsql
  $ PG="--pgsql-host=$DB_HOST --pgsql-port=$DB_PGSQL_PORT --pgsql-user=$DB_USER --pgsql-password=$DB_PASSWORD --pgsql-db=$DB_NAME"
  $ ./bench oltp_read_write $PG --tables=1 --table-size=100 prepare >/dev/null && echo prepared
  prepared
  $ ./bench oltp_read_write $PG --tables=1 --table-size=100 --events=10 --time=0 run | grep -E '^ +(read|write|other):'
          read:                            140
          write:                           40
          other:                           20
  $ ./bench oltp_read_write $PG --tables=1 cleanup | tail -1
  Dropping table 'sbtest1'...

Without PostgreSQL and SQLite: MySQL only.

  $ build $PWD/../nopg --without-pgsql --without-sqlite
  $ cd ../nopg
  $ grep -E '^ +(MySQL|libpq|SQLite):' configure.out | sed 's/[0-9][0-9.]*$/N/'
      MySQL:   N
      libpq:   not built (--without-pgsql)
      SQLite:  not built (--without-sqlite)
  $ ./bench --help | sed -n '/^Compiled-in database drivers:/,/^$/p'
  Compiled-in database drivers:
    mysql - MySQL driver
  
  $ ./bench --help | grep -c -- '--sqlite-'
  0
  [1]
  $ ./bench oltp_read_write --db-driver=pgsql prepare 2>&1 | grep -c 'built without the pgsql driver (configure --without-pgsql)'
  1
  $ ./bench oltp_read_write --db-driver=sqlite prepare 2>&1 | grep FATAL; echo "exit ${PIPESTATUS[0]}"
  FATAL: this bench was built without the sqlite driver (configure --without-sqlite)
  FATAL: `prepare' function failed: */oltp_common.lua:*: failed to initialize the DB driver (glob)
  exit 1
  $ ls *.db
  ls: cannot access '*.db': No such file or directory
  [2]

Without either, and without libmicrohttpd: the workloads that need no
database still run; a database workload says there is no driver, and
--metrics-listen (still in the help, which says so) that it was left out:

  $ build $PWD/../nodb --without-mysql --without-pgsql --without-sqlite --without-curl --without-microhttpd
  $ cd ../nodb
  $ grep -E '^ +microhttpd:' configure.out
      microhttpd: not built (--without-microhttpd)
  $ ./bench --help | grep -o -- '--metrics-listen=.*(not in this build: configured --without-microhttpd)'
  --metrics-listen=STRING * (not in this build: configured --without-microhttpd) (glob)
  $ ./bench cpu --events=10 --time=0 --metrics-listen=9464 run 2>&1 | grep -vE '^(bench [0-9.]+ .*|)$'; echo "exit ${PIPESTATUS[0]}"
  FATAL: --metrics-listen: this bench was built without libmicrohttpd (configure --without-microhttpd)
  exit 1
  $ ./bench --help | sed -n '/^Compiled-in database drivers:/,/^$/p'
  Compiled-in database drivers:
    (none: this build was configured without database drivers)
  
  $ ./bench cpu --events=10 --time=0 run | grep 'total number of events'
      total number of events:              10
  $ ./bench oltp_read_write prepare 2>&1 | grep FATAL | head -1; echo "exit ${PIPESTATUS[0]}"
  FATAL: no database driver: this build was configured without any (--without-mysql --without-pgsql --without-sqlite)
  exit 1

Without libcurl (the same build, --without-curl): the summary says so, and
--prom-scrape is one FATAL line naming the switch:

  $ grep -E '^ +libcurl:' configure.out
      libcurl: not built (--without-curl)
  $ ./bench cpu --events=1 --time=0 --prom-scrape=http://127.0.0.1:1/metrics run 2>&1 | grep FATAL; echo "exit ${PIPESTATUS[0]}"
  FATAL: --prom-scrape: this bench was built without libcurl (configure --without-curl)
  exit 1
