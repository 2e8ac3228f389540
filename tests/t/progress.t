The progress line of long prepares (issue 13 item 4): on a terminal's
stderr only (here a pseudo-terminal from script(1)), never on stdout, off
in a pipe, with --verbosity below 3 and with --progress=off.

  $ B="timeout 120 $BENCH"
  $ set -o pipefail

What a pseudo-terminal shows, as lines (a carriage return or an erase
sequence starts a new piece):

  $ pieces() { tr '\r' '\n' | sed 's/\x1b\[K/\n<erase>\n/g' | grep -v '^$'; }
  $ left() { awk '/^(Loading|Writing files):/ { l = 1; next } /^<erase>$/ { l = 0 } END { print (l ? "line left" : "erased") }'; }

fileio prepare: a "Writing files" line from 0 B up, erased at the end;
the notices still come through, each after the line is erased:

  $ script -q -e -c "$B fileio --file-num=2 --file-total-size=8M prepare" /dev/null < /dev/null > tty.txt
  $ pieces < tty.txt | grep -m1 '^Writing files'
  Writing files: 0 B of 8.0 MiB (0.0%), -/s, ETA -
  $ pieces < tty.txt | grep -E '^(Creating file test|<erase>|[0-9]+ bytes written)' | uniq
  <erase>
  Creating file test_file.0
  <erase>
  Creating file test_file.1
  <erase>
  8388608 bytes written in * seconds (* MiB/sec). (glob)
  $ pieces < tty.txt | left
  erased
  $ pieces < tty.txt | grep -E '^Writing files' | grep -vE '^Writing files: [0-9.]+ (B|KiB|MiB) of 8.0 MiB \([0-9.]+%\), ([0-9.]+ (B|KiB|MiB|GiB)|-)/s, ETA ([0-9]+:[0-9][0-9]|-)$'
  [1]
  $ $BENCH fileio --file-num=2 --file-total-size=8M cleanup > /dev/null

In a pipe, or with stderr to a file: nothing but the usual output.

  $ $B fileio --file-num=2 --file-total-size=8M prepare 2> err.txt | grep -c 'Writing files'
  0
  [1]
  $ cat err.txt
  $ $BENCH fileio --file-num=2 --file-total-size=8M cleanup > /dev/null

On a terminal but --progress=off or --verbosity=2: no line either.

  $ script -q -e -c "$B fileio --file-num=2 --file-total-size=8M --progress=off prepare" /dev/null < /dev/null | grep -c 'Writing files'
  0
  [1]
  $ $BENCH fileio --file-num=2 --file-total-size=8M cleanup > /dev/null
  $ script -q -e -c "$B fileio --file-num=2 --file-total-size=8M --verbosity=2 prepare" /dev/null < /dev/null | grep -c 'Writing files'
  0
  [1]
  $ $BENCH fileio --file-num=2 --file-total-size=8M cleanup > /dev/null

stdout is never written: with stdout to a file and stderr on the terminal,
the file holds exactly what a run without a terminal prints.

  $ script -q -e -c "$B fileio --file-num=2 --file-total-size=8M prepare > out-tty.txt" /dev/null < /dev/null > tty2.txt
  $ grep -c 'Writing files' tty2.txt
  1
  $ $BENCH fileio --file-num=2 --file-total-size=8M cleanup > /dev/null
  $ $B fileio --file-num=2 --file-total-size=8M prepare > out-pipe.txt
  $ diff <(sed 's/in [0-9.]* seconds ([0-9.]* MiB/in T seconds (R MiB/' out-tty.txt) <(sed 's/in [0-9.]* seconds ([0-9.]* MiB/in T seconds (R MiB/' out-pipe.txt)
  $ $BENCH fileio --file-num=2 --file-total-size=8M cleanup > /dev/null

The OLTP prepare (all tables and threads in one line, "rows"):

  $ . "$BENCH_SRCDIR/tests/lib/dbserver.sh"
  $ trap dbserver_stop_all EXIT
  $ dbserver_start mysql
  $ MY=$(dbserver_conn_opts mysql)
  $ script -q -e -c "$B oltp_read_write $MY --tables=2 --table-size=3000 --threads=2 prepare" /dev/null < /dev/null > oltp.txt
  $ pieces < oltp.txt | grep -m1 '^Loading'
  Loading: 0 of 6000 rows (0.0%), - rows/s, ETA -
  $ pieces < oltp.txt | grep -E '^Loading' | grep -vE '^Loading: [0-9]+ of 6000 rows \([0-9.]+%\), ([0-9]+|-) rows/s, ETA ([0-9]+:[0-9][0-9]|-)$'
  [1]
  $ pieces < oltp.txt | grep -cE '^(Creating table|Inserting 3000 records|Creating a secondary index)'
  6
  $ pieces < oltp.txt | left
  erased
  $ dbserver_mysql_sql "SELECT COUNT(*) FROM sbtest.sbtest1; SELECT COUNT(*) FROM sbtest.sbtest2"
  3000
  3000
  $ $B oltp_read_write $MY --tables=2 --table-size=3000 prepare 2>&1 >/dev/null | grep -c Loading
  0
  [1]
  $ $B oltp_read_write $MY --tables=2 cleanup > /dev/null
