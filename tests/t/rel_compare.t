SPDX-License-Identifier: GPL-2.0-or-later

bench compare, plot and merge share one validation of a run's numbers
(src/results/runcheck.c): a negative, infinite or absurd figure in a
sysbench log or a json result is refused with one line naming the file and
the field, never printed.

  $ B="$BENCH"
  $ cat > sb.txt <<'T'
  > sysbench 1.0.20 (using system LuaJIT 2.1.0-beta3)
  > 
  > Running the test with following options:
  > Number of threads: 4
  > 
  > [ 1s ] thds: 4 tps: 100.00 qps: 2000.00 (r/w/o: 1400.00/400.00/200.00) lat (ms,95%): 50.00 err/s: 0.00 reconn/s: 0.00
  > [ 2s ] thds: 4 tps: 110.00 qps: 2200.00 (r/w/o: 1540.00/440.00/220.00) lat (ms,95%): 48.00 err/s: 0.00 reconn/s: 0.00
  > SQL statistics:
  >     queries performed:
  >         read:                            2940
  >         write:                           840
  >         other:                           420
  >         total:                           4200
  >     transactions:                        210    (105.00 per sec.)
  >     queries:                             4200   (2100.00 per sec.)
  >     ignored errors:                      0      (0.00 per sec.)
  >     reconnects:                          0      (0.00 per sec.)
  > 
  > General statistics:
  >     total time:                          2.0000s
  >     total number of events:              210
  > 
  > Latency (ms):
  >          min:                                    5.00
  >          avg:                                   38.00
  >          max:                                   90.00
  >          95th percentile:                       49.21
  >          sum:                                 7980.00
  > 
  > Threads fairness:
  >     events (avg/stddev):           52.5000/1.12
  >     execution time (avg/stddev):   1.9950/0.00
  > T
  $ $B compare sb.txt sb.txt | sed -n '/^tps/p;/^latency p95/p'
  tps                105.00   105.00  1.00x
  latency p95 (ms)   49.210   49.210  1.00x

The cases of the issue, each refused by compare, plot and merge alike:

  $ bad() { sed "$1" sb.txt > bad.txt; $B compare bad.txt sb.txt; echo "exit $?"; }
  $ bad 's/2.0000s/-5s/'
  FATAL: compare: 'bad.txt' line 20: "total time" must be a number from 0 to 1e+09, not -5
  exit 1
  $ bad 's/2.0000s/infs/'
  FATAL: compare: 'bad.txt' line 20: "total time" must be a number from 0 to 1e+09, not inf
  exit 1
  $ bad 's/2.0000s/1e400s/'
  FATAL: compare: 'bad.txt' line 20: "total time" must be a number from 0 to 1e+09, not inf
  exit 1
  $ bad 's/ 2940$/ 12345678901234567890123/'
  FATAL: compare: 'bad.txt' line 10: "read" must be a non-negative integer, not 1.2345678901234568e+22
  exit 1
  $ bad 's/events:              210/events:              1e20/'
  FATAL: compare: 'bad.txt' line 21: "total number of events" must be a non-negative integer, not 1e+20
  exit 1
  $ bad 's/(105.00 per sec.)/(-105.00 per sec.)/'
  FATAL: compare: 'bad.txt' line 14: "transactions" must be a number from 0 to 1e+15, not -105
  exit 1
  $ bad 's/max:                                   90.00/max:                                   nan/'
  FATAL: compare: 'bad.txt' line 26: unexpected line in the "Latency (ms):" block of a sysbench report
  exit 1
  $ bad 's/lat (ms,95%): 48.00/lat (ms,95%): -48.00/'
  FATAL: compare: 'bad.txt' line 7: "lat (ms,95%)" must be a number from 0 to 1e+12, not -48
  exit 1
  $ bad 's/1.9950/1.9950/;s/total time:                          2.0000s/total time:                          0.000000000000001s/'
  FATAL: compare: 'bad.txt': "reads per second (read over the total time)" must be a number from 0 to 1e+15, not 2.94e+18
  exit 1

json results: negative counts, the lowest 64-bit integer as tps, a
negative rate in an interval line:

  $ $B cpu --time=1 --report-interval=0.5 --report-format=json run > good.json 2>/dev/null
  $ jbad() { sed "$1" good.json > bad.json; $B "${2:-compare}" bad.json good.json 2>&1 >/dev/null | sed 's/-o x.png//'; }
  $ jbad '/"final"/s/"events":[0-9]*/"events":-5/'
  FATAL: compare: 'bad.json': "events" must be a non-negative integer, not -5
  $ jbad '/"final"/s/"tps":[0-9.e+]*/"tps":-9223372036854775808/'
  FATAL: compare: 'bad.json': "tps" must be a number from 0 to 1e+15, not -9223372036854775808
  $ jbad '/"final"/s/"reads":0/"reads":1e300/'
  FATAL: compare: 'bad.json': "reads" must be a non-negative integer, not 1.0000000000000001e300
  $ jbad '/"final"/s/"max":[0-9.e+]*/"max":0.0000001/'
  FATAL: compare: 'bad.json': latency_ms.min is above latency_ms.max
  $ jbad '1s/"tps":[0-9.e+]*/"tps":-1/'
  FATAL: compare: 'bad.json' line 1: "tps" must be a number from 0 to 1e+15, not -1
  $ jbad '/"final"/s/"percentiles":{"95"/"percentiles":{"250"/'
  FATAL: compare: 'bad.json': "latency_ms.percentiles" must have percentiles in (0, 100] as keys, not 250
  $ sed '/"final"/s/"events":[0-9]*/"events":-5/' good.json > bad.json
  $ $B plot bad.json -o x.png
  FATAL: plot: 'bad.json': "events" must be a non-negative integer, not -5
  [1]
  $ $B merge bad.json
  FATAL: merge: 'bad.json': "events" must be a non-negative integer, not -5
  [1]
  $ ls x.png
  ls: cannot access 'x.png': No such file or directory
  [2]

A fuzz loop: 300 mutated texts and json results (a number replaced by a
negative, infinite, huge or odd one, or a character changed). Each is
either refused with one FATAL line, or compared with figures that are all
finite, non-negative and at most 2^53 (counts; rates below 10^15) in
text, csv and json output alike:

  $ cat > fuzz.py <<'PY'
  > import json, random, re, subprocess, sys
  > B = sys.argv[1]
  > rnd = random.Random(33)
  > odd = ["-5", "-0.5", "inf", "-inf", "nan", "1e400", "12345678901234567890123", "1e20",
  >        "-9223372036854775808", "9007199254740993", "1e-400", "0", "0.000000001", "1e15", "2e9", "-0"]
  > texts = {"sb.txt": open("sb.txt").read(), "good.json": open("good.json").read()}
  > num = re.compile(r"-?\d+(\.\d+)?(e[-+]?\d+)?")
  > refused = accepted = 0
  > bad = []
  > for i in range(300):
  >     name = "sb.txt" if i % 2 else "good.json"
  >     t = texts[name]
  >     if name == "good.json":   # the final line and one interval line
  >         lines = t.splitlines(True)
  >         t = lines[0] + lines[-1]
  >     spans = [m.span() for m in num.finditer(t)]
  >     for _ in range(rnd.choice([1, 1, 2, 3])):
  >         if rnd.random() < 0.8:
  >             a, b = rnd.choice(spans)
  >             t = t[:a] + rnd.choice(odd) + t[b:]
  >         else:
  >             k = rnd.randrange(len(t))
  >             t = t[:k] + rnd.choice("-9e.x ") + t[k + 1:]
  >         spans = [m.span() for m in num.finditer(t)]
  >     f = "m" + name[-4:]
  >     open(f, "w").write(t)
  >     for fmt in ("json", "csv", "text"):
  >         p = subprocess.run([B, "compare", "--report-format=" + fmt, f, f], capture_output=True, text=True)
  >         if p.returncode:
  >             if p.stdout or len(p.stderr.splitlines()) != 1 or not p.stderr.startswith("FATAL: compare: "):
  >                 bad.append((i, fmt, "refusal", p.stderr[:200]))
  >             refused += 1
  >             break
  >         if fmt == "json":
  >             for m, v in json.loads(p.stdout)["metrics"].items():
  >                 for x in v["values"]:
  >                     if x is not None and not (0 <= x <= 9.0072e15):
  >                         bad.append((i, fmt, m, x))
  >         else:
  >             for c in re.split(r"[\s,|]+", p.stdout):
  >                 try:
  >                     x = float(c[:-1] if c.endswith("x") else c)
  >                 except ValueError:
  >                     continue
  >                 if not (0 <= x <= 9.0072e15) or c.startswith("-"):
  >                     bad.append((i, fmt, c))
  >     else:
  >         accepted += 1
  > print("bad", bad[:5])
  > if bad: open("fuzz-bad.txt", "w").write(repr(bad))
  > print("refused", "many" if refused > 100 else refused, "accepted", "many" if accepted > 30 else accepted)
  > PY
  $ python3 fuzz.py "$B"
  bad []
  refused many accepted many
