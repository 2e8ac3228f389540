The README's recipe "Compare two storage setups" runs end to end
(examples/compare-setups.sh, short): two throwaway MariaDB servers, one
with its data on disk and one on a RAM disk, the same OLTP run against
each with json results and hdr logs, then bench compare and bench plot.

  $ command -v gnuplot >/dev/null || echo "FAIL: gnuplot is not installed (Debian package gnuplot-nox)"
  $ THREADS=1,2 TIME=2 TABLES=1 TABLE_SIZE=500 BENCH="$BENCH" timeout 300 \
  >   "$BENCH_SRCDIR/examples/compare-setups.sh" out > run.out 2>&1; echo "exit $?"
  exit 0
  $ grep '^==' run.out
  == disk: MariaDB with its data in /var/tmp
  == ram: MariaDB with its data in /dev/shm
  == $ bench compare out/disk.json out/disk-step1-t1.hlog out/disk-step2-t2.hlog out/ram.json out/ram-step1-t1.hlog out/ram-step2-t2.hlog
  == wrote out/compare.md and out/compare.png
A thread sweep of 1 and 2 threads on each: the sweeps at a glance, then
one table per step, the two setups side by side:

  $ sed -n '/^Step 1/,/^reconnects/p' run.out | awk '{ print $1 }' | tr '\n' ' '; echo
  Step  metric threads time events tps qps reads/s writes/s other/s latency latency latency latency errors reconnects 
  $ grep -E '^(Step|metric|threads) ' run.out | awk '{ $1 = $1; print }'
  threads disk tps p95 (ms) p99 (ms) ram tps p95 (ms) p99 (ms) ram/disk tps
  Step 1 of 2: 1 thread(s)
  metric disk ram ram/disk
  threads 1 1 1.00x
  Step 2 of 2: 2 thread(s)
  metric disk ram ram/disk
  threads 2 2 1.00x
Above the tables, what differs between the runs as their result files
state it (here the server's port; hdr log names are left out):

  $ head -3 out/compare.md
  Differences between the runs (as their result files state them):
      option mysql-port: disk@1t=["*"], disk@2t=["*"], ram@1t=["*"], ram@2t=["*"] (glob)
  
  $ sed -n '4,6p' out/compare.md
  **Sweeps side by side: tps, latency percentiles, tps over disk's**
  
  | threads | disk tps | p95 (ms) | p99 (ms) | ram tps | p95 (ms) | p99 (ms) | ram/disk tps |
  $ grep -A 2 '^\*\*Step 1' out/compare.md | sed -n 3p | cut -c1-20
  | metric           |
  $ python3 "$BENCH_SRCDIR/tests/lib/png_pixels.py" out/compare.png '#1f77b4' '#d62728' |
  >   awk '/^#/ { print $1, ($2 > 100) ? "many" : $2; next } $1 != "distinct"'
  1000x1800
  #1f77b4 many
  #d62728 many
The password is in no output:

  $ cat run.out out/*.json out/*.log out/compare.md | grep -c sbtest_pw
  0
  [1]
