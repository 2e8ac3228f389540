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
