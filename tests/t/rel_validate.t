fileio --validate=on under concurrency (issue 16, finding 4): in the random
modes each thread owns its own blocks (block i belongs to thread i mod
threads) and a queue never holds two requests on one block, so a read never
races a write of the same block: a healthy disk never fails validation,
and a corrupted block is always caught. Before the fix, two threads on one
small file set failed most mmap runs ("Validation failed on file ...").

  $ O="--file-num=4 --file-total-size=4M"
  $ $BENCH fileio $O prepare > /dev/null
  $ runs() { local n=0 i; for i in 1 2 3; do $BENCH fileio $O --validate=on --time=1 --file-test-mode=rndrw "$@" run > run.out || { n=$((n + 1)); grep FATAL run.out; }; done; echo "$n failed"; }

Several validated runs with 2 and 4 threads, each I/O mode:

  $ runs --threads=2 --file-io-mode=mmap
  0 failed
  $ runs --threads=4 --file-io-mode=mmap
  0 failed
  $ runs --threads=2 --file-io-mode=sync
  0 failed
  $ runs --threads=4 --file-io-mode=sync
  0 failed
  $ runs --threads=4 --file-io-mode=async --file-async-backlog=16
  0 failed

A block corrupted on purpose (its payload, so only the checksum tells) is
caught whatever the number of threads; the small file set makes every
block read many times:

  $ O="--file-num=2 --file-total-size=128K"
  $ $BENCH fileio $O prepare > /dev/null
  $ printf 'garbage' | dd of=test_file.1 bs=1 seek=$((16384 * 2 + 100)) conv=notrunc 2> /dev/null
  $ for t in 1 2 4; do for m in sync mmap; do $BENCH fileio $O --validate=on --file-test-mode=rndrd --threads=$t --file-io-mode=$m --time=0 --events=4000 run | grep -E '^FATAL'; done; done
  FATAL: `thread_run' function failed: Validation failed on file test_file.1, offset 32768
  FATAL: `thread_run' function failed: Validation failed on file test_file.1, offset 32768
  FATAL: `thread_run' function failed: Validation failed on file test_file.1, offset 32768
  FATAL: `thread_run' function failed: Validation failed on file test_file.1, offset 32768
  FATAL: `thread_run' function failed: Validation failed on file test_file.1, offset 32768
  FATAL: `thread_run' function failed: Validation failed on file test_file.1, offset 32768

More threads than blocks cannot all own one:

  $ $BENCH fileio $O --validate=on --file-test-mode=rndrd --threads=16 --events=10 run | grep -E '^FATAL'
  FATAL: --validate with 16 threads needs at least as many blocks (each thread checks its own), not 8

  $ $BENCH fileio $O cleanup > /dev/null
