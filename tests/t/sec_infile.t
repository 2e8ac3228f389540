A MySQL server must not be able to read the client's files (issue 16).
prepare loads the OLTP tables with LOAD DATA LOCAL INFILE, the rows served
from memory; afterwards the client library's guard must be back: a file
request in reply to any statement that is not itself a LOAD DATA is refused.
A rogue server (tests/lib/rogue_mysql.py) takes the bulk load, then answers
the next statement (CREATE INDEX) with an unsolicited
LOCAL INFILE request for a secret file:

  $ . "$BENCH_SRCDIR/tests/lib/rogue.sh"
  $ trap rogue_stop EXIT
  $ echo "the secret of $$" > secret.txt
  $ rogue_start infile "$PWD/secret.txt"
  $ timeout 60 $BENCH oltp_read_write --mysql-host=127.0.0.1 --mysql-port=$ROGUE_PORT \
  >   --mysql-user=u --mysql-password=p --tables=1 --table-size=10 prepare
  bench * (glob)
  
  Creating table 'sbtest1'...
  Inserting 10 records into 'sbtest1'
  Creating a secondary index on 'sbtest1'...
  FATAL: mysql_drv_query() returned error 2000 (Load data local infile forbidden) for query 'CREATE INDEX k_1 ON sbtest1(k)'
  FATAL: `prepare' function failed: *oltp_common.lua:*: SQL error, errno = 2000, state = 'HY000': Load data local infile forbidden (glob)
  [1]

The server got the rows of the bench's own loads, and not one byte of the
file:

  $ rogue_stop
  $ cat "$ROGUE_LOG"
  query: CREATE TABLE sbtest1(
  query: LOAD DATA LOCAL INFILE 'bench-rows' INTO TABLE sbtest1 (* (glob)
  load: 0 bytes
  query: LOAD DATA LOCAL INFILE 'bench-rows' INTO TABLE sbtest1 (* (glob)
  load: * bytes (glob)
  query: CREATE INDEX k_1 ON sbtest1(k)
  stolen: 0 bytes

Even in reply to bench's own LOAD DATA, the handler serves its rows only:
a request for another name is refused.

  $ rogue_start loadname "$PWD/secret.txt"
  $ timeout 60 $BENCH oltp_read_write --mysql-host=127.0.0.1 --mysql-port=$ROGUE_PORT \
  >   --mysql-user=u --tables=1 --table-size=10 prepare | grep -c 'the server asked for a file other than the rows of its LOAD DATA; refused'
  2
  $ rogue_stop
  $ grep load: "$ROGUE_LOG"
  load: 0 bytes
