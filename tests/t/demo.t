The README's demo runs end to end (short) on both databases, without
showing the password:

  $ SKIP_INSTALL=1 TIME=2 TABLES=2 TABLE_SIZE=500 timeout 300 "$BENCH_SRCDIR/demo.sh" > mysql.out 2>&1; echo rc=$?
  rc=0
  $ grep -E '^== |Dropping table|queries performed|transactions:' mysql.out | sed -E 's/port=[0-9]+/port=P/; s/[0-9]+\.[0-9]+ per sec/R per sec/; s/transactions: +[0-9]+ +/transactions: N /'
  == starting a throwaway mysql server on 127.0.0.1
  == $ */bench oltp_read_write --db-driver=mysql --mysql-host=127.0.0.1 --mysql-port=P --mysql-user=sbtest --mysql-password=***** --mysql-db=sbtest --tables=2 --table-size=500 --threads=2 prepare (glob)
  == $ */bench oltp_read_write --db-driver=mysql --mysql-host=127.0.0.1 --mysql-port=P --mysql-user=sbtest --mysql-password=***** --mysql-db=sbtest --tables=2 --table-size=500 --threads=2 --time=2 --report-interval=1 run (glob)
      queries performed:
      transactions: N (R per sec.)
  == $ */bench oltp_read_write --db-driver=mysql --mysql-host=127.0.0.1 --mysql-port=P --mysql-user=sbtest --mysql-password=***** --mysql-db=sbtest --tables=2 --table-size=500 --threads=2 cleanup (glob)
  Dropping table 'sbtest1'...
  Dropping table 'sbtest2'...
  == done; stopping the server
  $ grep 'Creating table' mysql.out | sort
  Creating table 'sbtest1'...
  Creating table 'sbtest2'...
  $ grep -c sbtest_pw mysql.out
  0
  [1]
  $ DB=pgsql SKIP_INSTALL=1 TIME=2 TABLES=1 TABLE_SIZE=500 timeout 300 "$BENCH_SRCDIR/demo.sh" > pgsql.out 2>&1; echo rc=$?
  rc=0
  $ grep -cE '^\[ [0-9]+s \] thds: 2 tps' pgsql.out
  2
  $ tail -1 pgsql.out
  == done; stopping the server
