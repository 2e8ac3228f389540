Bad values are errors, not silently accepted (issue 16). sysbench 1.0.20
takes all of these: prepare and cleanup with --tables=0 do nothing and
exit 0, run fails on a nil value; unknown error codes never match. No test
of sysbench's suite uses them. Every command checks them first (no server
is needed to see it: the port here is closed):

  $ NOSRV="--mysql-host=127.0.0.1 --mysql-port=1"
  $ for a in "--tables=0 prepare" "--tables=-1 prepare" "--tables=0 cleanup" \
  >          "--tables=-1 prewarm" "--table-size=-5 prepare" "--tables=0 run" \
  >          "--table-size=-5 run"; do
  >   $BENCH oltp_read_write $NOSRV $a | grep FATAL; echo "rc=${PIPESTATUS[0]}"
  > done
  FATAL: `prepare' function failed: --tables must be at least 1 (got 0)
  rc=1
  FATAL: `prepare' function failed: --tables must be at least 1 (got -1)
  rc=1
  FATAL: `cleanup' function failed: --tables must be at least 1 (got 0)
  rc=1
  FATAL: `prewarm' function failed: --tables must be at least 1 (got -1)
  rc=1
  FATAL: `prepare' function failed: --table-size must not be negative (got -5)
  rc=1
  FATAL: `thread_init' function failed: --tables must be at least 1 (got 0)
  FATAL: Thread initialization failed!
  rc=1
  FATAL: `thread_init' function failed: --table-size must not be negative (got -5)
  FATAL: Thread initialization failed!
  rc=1

--table-size=0 (empty tables) stays valid: it gets as far as the connect.

  $ $BENCH oltp_read_write $NOSRV --table-size=0 prepare | grep -c 'unable to connect'
  1

Error lists: MySQL error numbers or "all"; SQLSTATEs (5 digits and
capitals) or "all":

  $ $BENCH oltp_read_write $NOSRV --mysql-ignore-errors=abc prepare | grep FATAL; echo "rc=${PIPESTATUS[0]}"
  FATAL: Invalid value for --mysql-ignore-errors: 'abc' (expected error numbers, e.g. 1213,1205, or "all")
  FATAL: `prepare' function failed: *oltp_common.lua:*: failed to initialize the DB driver (glob)
  rc=1
  $ $BENCH oltp_read_write $NOSRV --mysql-ignore-errors=1213,x1 --events=1 --time=0 run | grep 'FATAL: Invalid'; echo "rc=${PIPESTATUS[0]}"
  FATAL: Invalid value for --mysql-ignore-errors: 'x1' (expected error numbers, e.g. 1213,1205, or "all")
  rc=1
  $ $BENCH oltp_read_write --db-driver=pgsql --pgsql-host=127.0.0.1 --pgsql-port=1 \
  >   --pgsql-ignore-errors=zzzz cleanup | grep FATAL; echo "rc=${PIPESTATUS[0]}"
  FATAL: Invalid value for --pgsql-ignore-errors: 'zzzz' (expected SQLSTATEs: 5 characters, digits and capitals, e.g. 40P01, or "all")
  FATAL: `cleanup' function failed: *oltp_common.lua:*: failed to initialize the DB driver (glob)
  rc=1
  $ $BENCH oltp_read_write --db-driver=pgsql --pgsql-host=127.0.0.1 --pgsql-port=1 \
  >   --pgsql-ignore-errors=40P01,all,23505 cleanup | grep -c 'Connection to database failed'
  1
  $ $BENCH oltp_read_write $NOSRV --mysql-ignore-errors=all cleanup | grep -c 'unable to connect'
  1
