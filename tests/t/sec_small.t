Small things of issue 16.

An endless run (--time=0 and --events=0) is warned about as sysbench warns,
before the header, whatever the command:

  $ $BENCH cpu --time=0 --events=0 help | head -2
  WARNING: Both event and time limits are disabled, running an endless test
  bench * (glob)
  $ $BENCH cpu --time=0 help | head -1
  WARNING: Both event and time limits are disabled, running an endless test
  $ $BENCH cpu --time=0 --events=3 run | grep -c WARNING
  0
  [1]
  $ $BENCH cpu --events=0 --time=1 help | grep -c WARNING
  0
  [1]
  $ (trap '' INT; exec $BENCH cpu --time=0 --events=0 run) > endless.txt & pid=$!
  $ for i in $(seq 600); do grep -qs 'Threads started' endless.txt && break; sleep 0.1; done; kill -TERM $pid; wait $pid
  [1]
  $ grep -c 'running an endless test' endless.txt
  1

The configure summary prints the libraries' versions, not the commands
that would print them (configure runs in a copy of the few files it needs):

  $ mkdir cfg && cd cfg
  $ cp "$BENCH_SRCDIR"/configure "$BENCH_SRCDIR"/Makefile.in "$BENCH_SRCDIR"/config.h.in .
  $ cp -r "$BENCH_SRCDIR"/build-aux . && mkdir src && cp "$BENCH_SRCDIR"/src/main.c src/
  $ ./configure > out.txt 2>&1 || tail out.txt
  $ sed -n '/bench .* configured/,$p' out.txt | sed 's/[0-9][0-9.a-z-]*/V/g'
    bench V configured
      LuaJIT:  V (*) (glob)
      ck:      V
      zlib:    V
      jansson: V
      MySQL:   V
      libpq:   V
      SQLite:  V
      libcurl: V
      microhttpd: V
      prefix:  /usr/local
  
  $ grep -c modversion out.txt
  0
  [1]
