--hdr-log=FILE writes an HdrHistogram interval log (format version 1.3, V2
compressed base64 histograms, absolute start times) that another
HdrHistogram implementation decodes: tests/lib/hdrlog_decode.js reads it
with the npm package hdr-histogram-js (.ci/run installs it into
tests/lib/node_modules).

  $ . "$BENCH_SRCDIR/tests/lib/errs.sh"
  $ command -v node >/dev/null || echo "FAIL: node is not installed (Debian package nodejs)"
  $ test -d "$BENCH_NODE_MODULES/hdr-histogram-js" ||
  >   echo "FAIL: hdr-histogram-js missing: npm install --prefix tests/lib --no-save hdr-histogram-js"

A run with interval reports; every harvest of the statistics becomes one
untagged interval line:

  $ $BENCH cpu --events=2000 --time=0 --report-interval=0.5 --percentile=99 --hdr-log=lat.hlog run > report.txt
  $ sed -n 1p lat.hlog
  #[Histogram log format version 1.3]
  $ sed -n 2p lat.hlog
  #\[StartTime: \d{10}\.\d{3} \(seconds since epoch\), .+\] (re)
  $ sed -n 3p lat.hlog
  #\[bench run [0-9a-f]{16} threads 1 interval 0.5\] (re)
  $ sed -n 4p lat.hlog
  "StartTimestamp","Interval_Length","Interval_Max","Interval_Compressed_Histogram"
  $ awk '!/^[#"]/ { n++
  >   if ($0 !~ /^[0-9]+\.[0-9][0-9][0-9],[0-9]+\.[0-9][0-9][0-9],[0-9]+\.[0-9][0-9][0-9],HISTF[A-Za-z0-9+\/]+=*$/) bad++ }
  >   END { print (n >= 1 && !bad) ? "well-formed" : n + 0 " lines, " bad + 0 " malformed" }' lat.hlog
  well-formed

Start times are absolute (seconds since the epoch, from StartTime on) and
the intervals follow each other without gaps (3-decimal rounding aside):

  $ awk -F'[ ,]' 'NR == 2 { st = $2 }
  >   !/^[#"]/ { if ($1 < st - 0.001 || $1 > st + 60) bad = "start " $1 " vs StartTime " st
  >            if (end && ($1 - end > 0.0025 || end - $1 > 0.0025)) bad = "gap before " $1
  >            end = $1 + $2 }
  >   END { print bad ? bad : "absolute, contiguous" }' lat.hlog
  absolute, contiguous

hdr-histogram-js decodes every line; the union of the intervals holds
exactly the report's events, and its p99 agrees with the report's
99th percentile within 0.1% (bench's histogram and the JS one bucket
alike) plus 0.005 ms, half a unit of the report's last printed digit:

  $ node "$BENCH_SRCDIR/tests/lib/hdrlog_decode.js" lat.hlog > js.txt; echo "exit $?"
  exit 0
  $ awk '/total number of events:/ { print "report", $NF }' report.txt
  report 2000
  $ awk '/^total count:/ { print "hdr log", $NF }' js.txt
  hdr log 2000
  $ awk 'FNR == NR && /99th percentile:/ { r = $NF }
  >      FNR != NR && /^p99:/ { j = $2 }
  >      END { d = j - r; if (d < 0) d = -d
  >            print (r > 0 && d <= 0.001 * r + 0.005) ? "p99 agrees" : "p99: report " r " ms, hdr log " j " ms" }' report.txt js.txt
  p99 agrees
  $ grep '^tags:' js.txt
  tags: -

Without --report-interval the log holds the whole run:

  $ $BENCH cpu --events=500 --time=0 --hdr-log=one.hlog run > /dev/null
  $ grep -v '^[#"]' one.hlog | wc -l | tr -d ' '
  1
  $ node "$BENCH_SRCDIR/tests/lib/hdrlog_decode.js" one.hlog | grep '^total count:'
  total count: 500

A file that cannot be created is a fatal error before the run, naming it:

  $ errs $BENCH cpu --events=10 --time=0 --hdr-log=/nonexistent-dir/x.hlog run | grep hdr-log; echo "exit ${PIPESTATUS[0]}"
  FATAL: cannot create --hdr-log file '/nonexistent-dir/x.hlog': No such file or directory
  exit 1
