The parser-compatible banner (issue 32): under the name "sysbench" (a
symlink in any directory), with BENCH_AS_SYSBENCH or with --as-sysbench,
bench's first line and --version take sysbench 1.0.20's form, and every
line of its reports is one sysbench prints for the same command. bench
names itself inside the banner's parentheses.

  $ command -v sysbench >/dev/null || echo "sysbench 1.0.20 is not installed"
  $ mkdir -p bin/deeper && ln -s "$BENCH" bin/deeper/sysbench
  $ SB="$PWD/bin/deeper/sysbench"
  $ "$SB" --version; sysbench --version
  sysbench 1.0.20
  sysbench 1.0.20
  $ BENCH_AS_SYSBENCH=1 "$BENCH" --version; "$BENCH" --as-sysbench --version
  sysbench 1.0.20
  sysbench 1.0.20
  $ "$SB" cpu --time=1 run | head -1
  sysbench 1.0.20 (using bench * (glob)
  $ BENCH_AS_SYSBENCH=yes "$BENCH" cpu --time=1 run | head -1
  sysbench 1.0.20 (using bench * (glob)
  $ cd bin/deeper && ./sysbench cpu --time=1 run | head -1 && cd ../..
  sysbench 1.0.20 (using bench * (glob)

sysbench.version_string is what --version prints:

  $ echo 'print(sysbench.version_string)' > vs.lua
  $ "$SB" vs.lua | tail -1; sysbench vs.lua | tail -1; "$BENCH" vs.lua | tail -1
  sysbench 1.0.20
  sysbench 1.0.20
  bench * (glob)

Otherwise bench keeps its own name:

  $ "$BENCH" --version
  bench * (glob)
  $ BENCH_AS_SYSBENCH=0 "$BENCH" cpu --time=1 run | head -1
  bench * (using system LuaJIT *) (glob)
  $ "$SB" --help | grep -E "^  sysbench \[options\]|^See 'sysbench"
    sysbench [options]... [testname] [command]
  See 'sysbench <testname> help' for a list of options for each test.

Reports, masked (tests/lib/sbmask.pl: numbers to N with their decimals,
padding to one space, the banner's parentheses to "..."), and with repeated
interval lines counted once (how many fit in the run depends on the
machine), are the same as sysbench's line by line (each tool in a
directory of its own, for fileio's files):

  $ M="$BENCH_SRCDIR/tests/lib/sbmask.pl"
  $ mkdir s b
  $ both() {
  >   (cd s && sysbench "$@" 2>&1) | perl "$M" | uniq > s.out
  >   (cd b && "$SB" "$@" 2>&1) | perl "$M" | uniq > b.out
  >   if cmp -s s.out b.out; then echo "same $(wc -l < b.out) lines"
  >   else diff s.out b.out; fi
  > }
  $ both cpu --time=2 --report-interval=1 run
  same 32 lines
  $ both memory --time=2 --report-interval=1 run
  same 37 lines
  $ F="--file-total-size=8M --file-num=4"
  $ both fileio $F prepare
  same * lines (glob)
  $ both fileio $F --file-test-mode=rndrw --time=2 --report-interval=1 run
  same 47 lines
  $ both fileio $F --file-test-mode=seqwr --time=2 --report-interval=1 run
  same * lines (glob)
  $ both fileio $F cleanup
  same * lines (glob)
  $ head -1 b.out
  sysbench N.d.N (using ...)

oltp_read_write's report is compared against the same database servers in
rand_oltp_log.t.
