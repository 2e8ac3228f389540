The README's recipe "Compare two storage setups" runs end to end
(examples/compare-setups.sh, short): two throwaway MariaDB servers, one
with its data on disk and one on a RAM disk, the same OLTP run against
each with json results and hdr logs, then bench compare and bench plot.

  $ command -v gnuplot >/dev/null || echo "FAIL: gnuplot is not installed (Debian package gnuplot-nox)"
  $ THREADS=2 TIME=2 TABLES=1 TABLE_SIZE=500 BENCH="$BENCH" timeout 300 \
  >   "$BENCH_SRCDIR/examples/compare-setups.sh" out > run.out 2>&1; echo "exit $?"
  exit 0
  $ grep '^==' run.out
  == disk: MariaDB with its data in /var/tmp
  == ram: MariaDB with its data in /dev/shm
  == $ bench compare out/disk.json out/disk.hlog out/ram.json out/ram.hlog
  == wrote out/compare.md and out/compare.png
  $ sed -n '/^metric/,/^reconnects/p' run.out | awk '{ print $1 }' | tr '\n' ' '; echo
  metric threads time events tps qps reads/s writes/s other/s latency latency latency latency errors reconnects 
  $ grep -E '^(metric|threads) ' run.out | awk '{ $1 = $1; print }'
  metric disk ram ram/disk
  threads 2 2 1.00x
  $ head -2 out/compare.md
  | metric           |* | (glob)
  |---|---:|---:|---:|
  $ python3 "$BENCH_SRCDIR/tests/lib/png_pixels.py" out/compare.png '#1f77b4' '#d62728' |
  >   awk '/^#/ { print $1, ($2 > 100) ? "many" : $2; next } $1 != "distinct"'
  1000x1200
  #1f77b4 many
  #d62728 many
The password is in no output:

  $ cat run.out out/*.json out/*.log out/compare.md | grep -c sbtest_pw
  0
  [1]
