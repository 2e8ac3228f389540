fileio in mmap mode on a full file system (issue 16, finding 7): a store
the file system cannot back raises SIGBUS; bench turns it into the FATAL
line the other I/O modes give, exit 1 (before the fix: killed by SIGBUS,
exit 135, no message). Needs a 2 MiB tmpfs mount (root); skipped without.

  $ mkdir small
  $ mount -t tmpfs -o size=2m tmpfs small 2> /dev/null || exit 80
  $ trap 'cd "$CRAMTMP"; umount "$PWD/rel_mmap_full.t/small" 2> /dev/null' EXIT
  $ cd small
  $ O="--file-num=2 --file-total-size=8M --file-test-mode=seqwr --time=5"

The sync mode's words, then mmap's, with one and two threads:

  $ $BENCH fileio $O --file-io-mode=sync run | grep -E '^FATAL'; echo "exit ${PIPESTATUS[0]}"
  FATAL: `thread_run' function failed: Write failed on file test_file.0 at offset 2097152: No space left on device
  exit 1
  $ $BENCH fileio $O --file-io-mode=mmap run | grep -E '^FATAL'; echo "exit ${PIPESTATUS[0]}"
  FATAL: `thread_run' function failed: Write failed on file test_file.0 at offset 2097152: No space left on device
  exit 1
  $ $BENCH fileio $O --file-io-mode=mmap --threads=2 run | grep -E '^FATAL' | sed 's/offset [0-9]*/offset N/; s/test_file\.[01]/test_file.I/' | sort -u; echo "exit ${PIPESTATUS[0]}"
  FATAL: `thread_run' function failed: Write failed on file test_file.I at offset N: No space left on device
  exit 1
  $ cd ..
  $ umount small
