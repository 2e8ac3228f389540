A server that accepts the connection and never answers must not hang any
command (issue 16): --mysql-connect-timeout and --pgsql-connect-timeout
(default 60 seconds, 0: forever) bound the connect and the handshake, and
bench ends with a clear FATAL line. A silent server
(tests/lib/rogue_mysql.py silent) on 127.0.0.1:

  $ . "$BENCH_SRCDIR/tests/lib/rogue.sh"
  $ trap rogue_stop EXIT
  $ rogue_start silent
  $ timeout 60 $BENCH oltp_read_write --mysql-host=127.0.0.1 --mysql-port=$ROGUE_PORT \
  >   --mysql-connect-timeout=1 --tables=1 prepare
  bench * (glob)
  
  FATAL: unable to connect to MySQL server on host '127.0.0.1', port *, aborting... (glob)
  FATAL: error 2013: Lost connection to server at 'handshake: reading initial communication packet', system error: 110
  FATAL: no answer from the MySQL server within --mysql-connect-timeout=1 seconds
  FATAL: `prepare' function failed: *oltp_common.lua:*: connection creation failed (glob)
  [1]
  $ timeout 60 $BENCH oltp_read_write --db-driver=pgsql --pgsql-host=127.0.0.1 \
  >   --pgsql-port=$ROGUE_PORT --pgsql-connect-timeout=2 --tables=1 cleanup | grep FATAL
  FATAL: Connection to database failed: connection to server at "127.0.0.1", port * failed: timeout expired (glob)
  FATAL: no answer from the PostgreSQL server within --pgsql-connect-timeout=2 seconds
  FATAL: `cleanup' function failed: *oltp_common.lua:*: connection creation failed (glob)

A server that sends its greeting and then never answers the login:

  $ rogue_stop
  $ rogue_start stall
  $ timeout 60 $BENCH oltp_read_write --mysql-host=127.0.0.1 --mysql-port=$ROGUE_PORT \
  >   --mysql-connect-timeout=1 --tables=1 cleanup | grep FATAL
  FATAL: unable to connect to MySQL server on host '127.0.0.1', port *, aborting... (glob)
  FATAL: error 2013: Lost connection to server at 'reading authorization packet', system error: 110
  FATAL: no answer from the MySQL server within --mysql-connect-timeout=1 seconds
  FATAL: `cleanup' function failed: *oltp_common.lua:*: connection creation failed (glob)
  $ rogue_stop
  $ rogue_start silent

run as well:

  $ timeout 60 $BENCH oltp_point_select --mysql-host=127.0.0.1 --mysql-port=$ROGUE_PORT \
  >   --mysql-connect-timeout=1 --tables=1 --time=1 run | grep -c 'within --mysql-connect-timeout=1 seconds'
  1

The default is 60 seconds; a negative value is an option error:

  $ $BENCH --help oltp_read_write | grep -e '-connect-timeout'
    --mysql-connect-timeout=N        seconds to wait for the connection and the server's handshake before giving up (0: forever) [60]
    --pgsql-connect-timeout=N seconds to wait for the connection and the server's startup reply before giving up (0: forever) [60]
  $ $BENCH oltp_read_write --mysql-connect-timeout=-1 prepare 2>&1 >/dev/null
  Invalid value for the 'mysql-connect-timeout' option: '-1' (expected 0..86400)
  [1]
