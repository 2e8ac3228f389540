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

A corrupted block (its payload, so only the checksum tells) is caught
whatever the number of threads. Every block of test_file.1 is corrupted,
so that each of up to 4 threads owns corrupted blocks: an events-limited
run on a loaded machine may give all its events to one thread (with one
corrupted block, a run whose owner thread got no events passed). The
small file set makes every block read many times:

  $ O="--file-num=2 --file-total-size=128K"
  $ $BENCH fileio $O prepare > /dev/null
  $ for b in 0 1 2 3; do printf 'garbage' | dd of=test_file.1 bs=1 seek=$((16384 * b + 100)) conv=notrunc 2> /dev/null; done
  $ for t in 1 2 4; do for m in sync mmap; do $BENCH fileio $O --validate=on --file-test-mode=rndrd --threads=$t --file-io-mode=$m --time=0 --events=4000 run |
  >   grep -E '^FATAL' | sed -E 's/offset (0|16384|32768|49152)$/offset N (a corrupted block)/' | sort -u; done; done
  FATAL: `thread_run' function failed: Validation failed on file test_file.1, offset N (a corrupted block)
  FATAL: `thread_run' function failed: Validation failed on file test_file.1, offset N (a corrupted block)
  FATAL: `thread_run' function failed: Validation failed on file test_file.1, offset N (a corrupted block)
  FATAL: `thread_run' function failed: Validation failed on file test_file.1, offset N (a corrupted block)
  FATAL: `thread_run' function failed: Validation failed on file test_file.1, offset N (a corrupted block)
  FATAL: `thread_run' function failed: Validation failed on file test_file.1, offset N (a corrupted block)

More threads than blocks cannot all own one:

  $ $BENCH fileio $O --validate=on --file-test-mode=rndrd --threads=16 --events=10 --time=0 run | grep -E '^FATAL'
  FATAL: --validate with 16 threads needs at least as many blocks (each thread checks its own), not 8

  $ $BENCH fileio $O cleanup > /dev/null
