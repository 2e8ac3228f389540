bench's built-in fileio, memory, cpu, threads and mutex workloads next to
sysbench 1.0.20 (the Debian package): each command runs with both programs,
each in its own folder, and the outputs (stdout and stderr, then the exit
status) must be the same once the banner and the timing figures are masked.
A difference prints as a diff, so any change of text, order, level or exit
status fails here.

  $ command -v sysbench >/dev/null || { echo "sysbench (1.0.20) is not installed: skipped"; exit 80; }
  $ mkdir s b
  $ mask() {
  >   sed -E -e 's/^(bench|sysbench) [0-9][^ ]* \(using .*\)$/BANNER/' \
  >          -e 's/ +[0-9]+\.[0-9]+/ N.N/g' -e 's/[0-9]+\.[0-9]+/N.N/g' -e 's/\( +N\.N/(N.N/g'
  > }
  $ both() {
  >   (cd s && sysbench "$@" 2>&1; echo "exit $?") > s.raw
  >   (cd b && "$BENCH" "$@" 2>&1; echo "exit $?") > b.raw
  >   mask < s.raw | grep -vE "${SKIP:-^@none@$}" > s.out
  >   mask < b.raw | grep -vE "${SKIP:-^@none@$}" > b.out
  >   if cmp -s s.out b.out; then echo same; else diff -u s.out b.out | tail -n +3; fi
  > }

fileio prepare: sysbench's lines; a second prepare reuses the files, a
bigger one extends them (BW4):

  $ F="fileio --file-num=2 --file-total-size=1M"
  $ both $F prepare
  same
  $ both $F prepare
  same
  $ both fileio --file-num=2 --file-total-size=2M prepare
  same
  $ cmp s/test_file.1 b/test_file.1 >/dev/null; stat -c '%s' s/test_file.1 b/test_file.1
  1048576
  1048576
  $ both fileio --file-num=2 --file-total-size=2M cleanup
  same

Extra flags in sysbench's fixed order, with its trailing space (BW4):

  $ both fileio --file-num=1 --file-total-size=16K --file-extra-flags=dsync,sync prepare
  same
  $ grep 'Extra file' b.out | cat -A
  Extra file open flags: sync dsync $
  $ both fileio --file-num=1 --file-total-size=16K --file-extra-flags=dsync prepare
  same
  $ both fileio --file-num=1 --file-total-size=16K cleanup
  same

Sizes printed as sysbench prints them, and file sizes rounded as sysbench
(RO2, BW5): 128 files of 1M/128 bytes in 4097-byte blocks, prepared in
whole blocks (8194 bytes each), read with one short request per file end:

  $ G="fileio --file-num=128 --file-total-size=1M --file-block-size=4097"
  $ both $G prepare
  same
  $ grep written b.out
  1048832 bytes written in N.N seconds (N.N MiB/sec).
  $ both $G --events=300 --time=0 --file-test-mode=seqrd run
  same
  $ both $G --events=5 --time=0 --file-test-mode=rndrd run
  same
  $ grep -E ' each$|total file size|^Block size' b.raw
  128 files, 8KiB each
  1MiB total file size
  Block size 4.001KiB
  $ both $G cleanup
  same

The run's header and report (RO1: "Number of IO requests" and the ratio
only for random modes, no latency block by default), with sysbench's exact
read/write mix for rndrw; --file-block-size takes a size (CL9):

  $ both $F prepare
  same
  $ for m in seqrd seqrewr rndrd rndwr rndrw; do echo "$m $(both $F --events=150 --time=0 --file-test-mode=$m run)"; done
  seqrd same
  seqrewr same
  rndrd same
  rndwr same
  rndrw same
  $ both $F --events=150 --time=0 --file-test-mode=rndrw --file-block-size=16K run
  same
  $ both $F --events=150 --time=0 --file-test-mode=rndrw --file-block-size=8K --file-fsync-all=on run
  same
  $ both $F --events=20 --time=0 --file-test-mode=seqrd --file-merged-requests=2 run
  same
  $ both $F --events=20 --time=0 --file-test-mode=rndrd --file-io-mode=mmap --file-fsync-mode=fdatasync run
  same
  $ both $F --events=20 --time=0 --file-test-mode=rndwr --file-io-mode=async run
  same

Messages, and where they come (BW6): option errors before the option
block, file errors after the parameters, each with sysbench's hint (the
option list after a missing --file-test-mode is the help's, which has
bench's extra options):

  $ SKIP='^  --' both $F run
  same
  $ grep -A2 FATAL b.raw
  FATAL: Missing required argument: --file-test-mode
  
  fileio options:
  $ both $F --file-test-mode=foo run
  same
  $ both $F --file-test-mode=rndrd --file-io-mode=foo run
  same
  $ both $F --file-test-mode=rndrd --file-extra-flags=sync,foo run
  same
  $ both $F --file-test-mode=rndrd --file-fsync-mode=foo run
  same
  $ both $F --file-test-mode=rndrd --file-block-size=0 run
  same
  $ both fileio --file-num=0 prepare
  same
  $ both fileio --file-num=2 --file-total-size=8M --file-test-mode=rndrd run
  same
  $ both $F cleanup
  same
  $ both $F --file-test-mode=rndrd run
  same
  $ cat b.out
  BANNER
  
  Running the test with following options:
  Number of threads: 1
  Initializing random number generator from current time
  
  
  Extra file open flags: (none)
  2 files, 512KiB each
  1MiB total file size
  Block size 16KiB
  Number of IO requests: 0
  Read/Write ratio for combined random IO test: N.N
  Periodic FSYNC enabled, calling fsync() each 100 requests.
  Calling fsync() at the end of test, Enabled.
  Using synchronous I/O mode
  Doing random read test
  FATAL: Cannot open file 'test_file.0' errno = 2 (No such file or directory)
  WARNING: Did you forget to run the prepare step?
  exit 1

seqwr is the creation test: it needs no prepare, creates the files and
does not check their size (BW3):

  $ both $F --events=3 --time=0 --file-test-mode=seqwr run
  same
  $ ls s b
  b:
  test_file.0
  test_file.1
  
  s:
  test_file.0
  test_file.1
  $ both $F --file-total-size=4M --events=1 --time=0 --file-test-mode=seqwr run
  same
  $ both $F cleanup
  same

The notices are NOTICE level: hidden below --verbosity=3 (CL1); errors
show at every level; at 5 the files opened are DEBUG lines:

  $ for v in 0 1 2 3; do echo "$v $(both $F --verbosity=$v prepare) $(both $F --verbosity=$v --events=5 --time=0 --file-test-mode=rndrw run) $(both $F --verbosity=$v cleanup)"; done
  0 same same same
  1 same same same
  2 same same same
  3 same same same
  $ both $F prepare >/dev/null; SKIP='^(DEBUG: [^O]|Event limit|Done|$)' both $F --verbosity=5 --events=5 --time=0 --file-test-mode=rndrw run
  same
  $ grep -c 'DEBUG: Opening file' b.out
  2
  $ both $F cleanup
  same
  $ for v in 0 2 3; do echo "$v $(both $F --verbosity=$v --file-test-mode=rndrd run)"; done  # no files
  0 same
  2 same
  3 same

memory: --events does not limit it, it runs to --memory-total-size (BW1);
a bad block size is reported right after the banner (BW2):

  $ both memory --memory-block-size=4K --memory-total-size=1M --events=1 --time=0 --threads=2 run
  same
  $ grep 'Total operations' b.out
  Total operations: 256 (N.N per second)
  $ both memory --memory-block-size=1K --memory-total-size=64K --memory-oper=read --memory-access-mode=rnd --memory-scope=local run
  same
  $ for bs in 0 3 9 3K; do echo "$bs $(both memory --memory-block-size=$bs run)"; done
  0 same
  3 same
  9 same
  3K same
  $ for o in --memory-scope=foo --memory-oper=foo --memory-access-mode=foo; do echo "$o $(both memory $o run)"; done
  --memory-scope=foo same
  --memory-oper=foo same
  --memory-access-mode=foo same
  $ both memory --memory-total-size=64K --verbosity=2 run
  same

cpu, threads and mutex (their INFO lines at --verbosity=4, as sysbench):

  $ both cpu --events=20 --time=0 --cpu-max-prime=2000 run
  same
  $ both cpu --cpu-max-prime=0 run
  same
  $ both threads --events=20 --time=0 --thread-yields=10 run
  same
  $ both mutex --mutex-locks=100 --mutex-loops=10 --threads=2 run
  same
  $ both cpu --events=20 --time=0 --verbosity=2 run
  same
  $ for a in "cpu --events=10" "threads --events=10 --time=0" "mutex --mutex-locks=10" "memory --memory-total-size=64K"; do
  >   echo "$a $(SKIP='^(DEBUG: |Event limit|Done|$)' both --verbosity=4 $a run)"
  > done
  cpu --events=10 same
  threads --events=10 --time=0 same
  mutex --mutex-locks=10 same
  memory --memory-total-size=64K same
  $ grep -E '^(Doing|Thread yields)' b.raw s.raw
  [1]
  $ SKIP='^(DEBUG: |Event limit|Done|$)' both --verbosity=4 threads --events=10 --time=0 run
  same
  $ grep -E '^(Doing|Thread yields)' b.raw
  Doing thread subsystem performance test
  Thread yields per test: 1000 Locks used: 8
