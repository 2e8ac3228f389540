bench merge against crafted inputs (issue 16, finding 10): the json fields it
uses must have the right type and a sane range (missing ones every result
has are an error, not zeros), and an hdr log histogram's declared payload is
bounded by its precision and range before anything is inflated. Before the
fix each of these merged (exit 0, zeros or garbage), and the zlib bomb made
merge take over 250 MB.

  $ $BENCH cpu --events=100 --time=0 --report-format=json run 2> /dev/null | grep '"type":"final"' > good.json
  $ m() { $BENCH merge "$@" > out.txt; local rc=$?; grep -E '^(FATAL|WARNING)' out.txt; return $rc; }
  $ m good.json; grep 'total number of events' out.txt
      total number of events:              100

  $ sed 's/"events":100,/"events":1e300,/' good.json > big.json; m big.json
  FATAL: merge: 'big.json': "events" must be a non-negative integer, not 1.0000000000000001e300
  [1]
  $ sed 's/"events":100,/"events":-3,/' good.json > neg.json; m neg.json
  FATAL: merge: 'neg.json': "events" must be a non-negative integer, not -3
  [1]
  $ sed 's/"events":100,//' good.json > noev.json; m noev.json
  FATAL: merge: 'noev.json': "events" is missing (it must be a non-negative integer)
  [1]
  $ sed -e 's/"total_time":[0-9.e-]*,/"total_time":-5,/' good.json > negt.json; m negt.json
  FATAL: merge: 'negt.json': "total_time" must be a number from 0 to 1e+09, not -5
  [1]
  $ sed -e 's/"total_time":[0-9.e-]*,//' -e 's/"time":[0-9.e-]*,//' good.json > not.json; m not.json
  FATAL: merge: 'not.json': "total_time" is missing (it must be a number of seconds)
  [1]
  $ sed 's/"reads":0,/"reads":"12",/' good.json > str.json; m str.json
  FATAL: merge: 'str.json': "reads" must be a non-negative integer, not "12"
  [1]
  $ sed 's/"eps":[0-9.e-]*,/"eps":null,/' good.json > eps.json; m eps.json
  FATAL: merge: 'eps.json': "eps" must be a number from 0 to 1e+15, not null
  [1]
  $ sed 's/"min":[0-9.e-]*,/"min":"x",/' good.json > lat.json; m lat.json
  FATAL: merge: 'lat.json': "latency_ms.min" must be a number from 0 to 1e+12, not "x"
  [1]
  $ sed 's/"max":[0-9.e-]*,"stddev"/"max":-1,"stddev"/' good.json > latneg.json; m latneg.json
  FATAL: merge: 'latneg.json': "latency_ms.max" must be a number from 0 to 1e+12, not -1
  [1]
  $ sed 's/"hostname":"[^"]*"/"hostname":7/' good.json > host.json; m host.json
  FATAL: merge: 'host.json': "hostname" must be a string, not 7
  [1]
  $ sed 's/"type":"final",/"type":"final","labels":{"a":{"events":1.5}},/' good.json > lbl.json; m lbl.json
  FATAL: merge: 'lbl.json': "labels.a.events" must be a non-negative integer, not 1.5
  [1]
  $ sed 's/"type":"final",/"type":"final","labels":[1],/' good.json > lbl2.json; m lbl2.json
  FATAL: merge: 'lbl2.json': "labels" must be an object, not [1]
  [1]

A histogram declaring a 4 GiB payload, followed by 256 MiB of compressed
zeros: refused after its 40-byte header, in little memory:

  $ python3 "$BENCH_SRCDIR/tests/lib/rel_hlog_bomb.py" 4294967295 256 > bomb.hlog
  $ /usr/bin/time -o rss.txt -f '%M' $BENCH merge bomb.hlog | grep FATAL
  FATAL: merge: 'bomb.hlog' line 2: cannot decode the histogram: corrupt base64/zlib/V2 payload
  $ tail -n 1 rss.txt | awk '{ print ($1 < 100000 ? "small" : "took " $1 " KiB") }' 
  small

A plausible payload length with the bomb after it: only that much is
inflated:

  $ python3 "$BENCH_SRCDIR/tests/lib/rel_hlog_bomb.py" 1000 256 > bomb2.hlog
  $ /usr/bin/time -o rss.txt -f '%M' $BENCH merge bomb2.hlog | grep 'total number of events'
      total number of events:              0
  $ tail -n 1 rss.txt | awk '{ print ($1 < 100000 ? "small" : "took " $1 " KiB") }' 
  small
