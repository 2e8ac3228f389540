Output that cannot be written is an error (issue 16): a full disk (here
/dev/full) or any other write or flush error on stdout, or on the json/csv
report stream, gives one line on stderr and exit status 1 (sysbench 1.0.20
exits 0 having written nothing).

  $ for f in text json csv; do
  >   $BENCH cpu --events=10 --time=0 --report-format=$f run > /dev/full 2> err.txt; echo "$f: $?"
  >   grep -v -e '^[A-Z ]' -e '^$' -e '^bench [0-9]' err.txt
  > done
  text: 1
  bench: error writing the output: No space left on device
  json: 1
  bench: error writing the output: No space left on device
  csv: 1
  bench: error writing the output: No space left on device
  $ $BENCH --version > /dev/full
  bench: error writing the output: No space left on device
  [1]

Under json the messages go to stderr, the report to stdout; a full stderr
alone loses nothing that was asked for:

  $ $BENCH cpu --events=10 --time=0 --report-format=json run 2> /dev/full | grep -c '"events"'
  1

Written output is fine:

  $ $BENCH cpu --events=10 --time=0 --report-format=json run > out.json 2> /dev/null; echo $?
  0
  $ grep -c '"events"' out.json
  1

A closed standard output (issue 33): the next file opened does not take its
descriptor and get the report; the write fails with the real errno, and
exit status 1. Closed stdin or stderr are harmless:

  $ $BENCH cpu --events=10 --time=0 --hdr-log=x.hlog run >&-; echo $?
  bench: error writing the output: Bad file descriptor
  1
  $ grep -c 'events per second' x.hlog
  0
  [1]
  $ head -1 x.hlog
  #[Histogram log format version 1.3]
  $ $BENCH fileio --file-num=1 --file-total-size=16K prepare >&-; echo $?
  bench: error writing the output: Bad file descriptor
  1
  $ grep -c 'bench' test_file.0
  0
  [1]
  $ $BENCH fileio --file-num=1 --file-total-size=16K cleanup > /dev/null
  $ $BENCH cpu --events=10 --time=0 run <&- 2>&- | grep -c 'total number of events'
  1
