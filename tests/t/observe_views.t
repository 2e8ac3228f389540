What --server-stats and --host-stats sampled, in the views that are not
json (docs/observe.md, "In the reports"): csv columns per interval and in
the final row, and bench compare's per-transaction rows, against real
throwaway MariaDB and PostgreSQL servers.

  $ . "$BENCH_SRCDIR/tests/lib/dbtest.sh"
  $ dbtest_start mysql pgsql
  $ DEV=$(df --output=source . | tail -1); DEV=${DEV#/dev/}
  $ grep -qw "$DEV" /proc/diskstats || DEV=$(awk '$4 > 0 { print $3; exit }' /proc/diskstats)
  $ O="--tables=1 --table-size=1000"
  $ $B oltp_read_write $MY $O prepare > /dev/null
  $ $B oltp_read_write $PG $O prepare > /dev/null
  $ S="--server-stats=on --host-stats=on --host-stats-devices=$DEV"

csv: sysbench's (and bench's) columns first, unchanged, then one column
per metric, named by its json path; every row has every column:

  $ $B oltp_read_write $MY $O --threads=2 --time=1 --report-format=csv run > plain.csv 2>/dev/null
  $ $B oltp_read_write $MY $O --threads=2 --time=4 --report-interval=1 $S --report-format=csv run > my.csv 2> my.err
  $ python3 -c 'a, b = (open(f).readline().rstrip("\n") for f in ("plain.csv", "my.csv")); print(a.endswith(",status"), b.startswith(a + ","))'
  True True
  $ python3 - "$DEV" <<'PY'
  > import csv, sys
  > rows = [r for r in csv.reader(open("my.csv")) if r and not r[0].startswith("#")]
  > head, body = rows[0], rows[1:]
  > print(head[head.index("status") + 1], len(set(map(len, rows))) == 1)
  > m = head[head.index("status") + 1:]
  > print(sorted({c.split(".")[0] for c in m}))
  > for c in ("server.counters.Com_commit", "server.gauges.Threads_running", "server.tail.counters.Com_commit",
  >           "server.reads", "host.cpu.iowait", "host.disks.%s.w/s" % sys.argv[1]):
  >     print(c, c in m)
  > PY
  host.time True
  ['host', 'server']
  server.counters.Com_commit True
  server.gauges.Threads_running True
  server.tail.counters.Com_commit True
  server.reads True
  host.cpu.iowait True
  host.disks.*.w/s True (glob)

The numbers: each interval row carries its deltas, the final row the
run's; the intervals plus the tail add up to the run's total, which is
the run's transactions (one COMMIT each); final-only fields are empty in
interval rows; the host's CPU shares add up to 100:

  $ python3 <<'PY'
  > import csv
  > rows = [r for r in csv.DictReader(l for l in open("my.csv") if not l.startswith("#"))]
  > iv = [r for r in rows if r["type"] == "interval"]; fin = rows[-1]
  > c = "server.counters.Com_commit"
  > print(fin["type"], len(iv) >= 3, all(r["server.reads"] == "" for r in iv), fin["server.source"])
  > total = sum(int(r[c]) for r in iv if r[c]) + int(fin["server.tail." + "counters.Com_commit"])
  > print(total == int(fin[c]), int(fin[c]) == int(fin["events"]), int(fin[c]) > 0)
  > print(all(abs(sum(float(r["host.cpu." + k]) for k in ("user", "system", "iowait", "steal", "idle")) - 100) < 1 for r in rows))
  > PY
  final True True mysql
  True True True
  True
  $ grep WARNING my.err | grep -v 'were not read within'
  [1]

A checkpoint row before any interval: the columns are there all the
same (the header holds every name), its cells empty, the final row's
filled:

  $ $B cpu --time=2 --report-checkpoints=1 --host-stats=on --report-format=csv run 2> ck.err > ck.csv
  $ python3 -c 'import csv; r = list(csv.DictReader(l for l in open("ck.csv") if l[0] != "#"))
  > print([x["type"] for x in r], r[0]["host.cpu.user"] == "", float(r[1]["host.time"]) > 1)'
  ['checkpoint', 'final'] True True
  $ grep -c WARNING ck.err
  0
  [1]

bench compare: with the runs' json results, the per-transaction view
after the usual rows, each run beside the first with its ratio. A run
without metrics (no --server-stats, --host-stats) is one warning, its
cells missing:

  $ $B oltp_read_write $MY $O --threads=2 --time=3 --report-interval=1 $S --report-format=json run > my.json 2>/dev/null
  $ $B oltp_read_write $PG $O --threads=2 --time=3 --report-interval=1 $S --report-format=json run > pg.json 2>/dev/null
  $ $B oltp_read_write $MY $O --threads=2 --time=1 --report-format=json run > plain.json 2>/dev/null
  $ $B compare my.json pg.json plain.json > cmp.txt 2> cmp.err
  $ cat cmp.err
  WARNING: compare: 'plain' has no metrics sampled beside the run (others have: host, server; run with --server-stats / --host-stats): its cells of those rows are missing
  $ sed -n '/^reconnects/,$p' cmp.txt | sed -E 's/  +/|/g' | cut -d'|' -f1 | sed 's/disk [^ ]* /disk DEV /'
  reconnects
  server page reads/tx
  server logical reads/tx
  fsyncs/tx
  log bytes/tx
  row lock waits/tx
  disk DEV reads/tx
  disk DEV writes/tx
  disk DEV kB written/tx
  host CPU user+system (%)
  host CPU iowait (%)
  $ grep '^log bytes/tx' cmp.txt
  log bytes/tx +[0-9.]+ +[0-9.]+ +[0-9.]+x +- +-$ (re)

The figures are the final objects' counters over the run's transactions
(MariaDB: Innodb_*; PostgreSQL: pg_stat_database.blks_read, blks_hit,
pg_stat_wal.wal_sync, wal_bytes), the disks' rates times the host's
seconds, and the ratios each run's over the first's:

  $ $B compare my.json pg.json --report-format=json 2>/dev/null > cmp.json
  $ python3 - "$DEV" <<'PY'
  > import json, sys
  > dev = sys.argv[1]
  > c = json.load(open("cmp.json"))["metrics"]
  > runs = [[json.loads(l) for l in open(f)][-1] for f in ("my.json", "pg.json")]
  > def per_tx(r, name): return r["server"]["counters"][name] / r["events"]
  > exp = {"server_reads_per_tx": [per_tx(runs[0], "Innodb_buffer_pool_reads"), per_tx(runs[1], "pg_stat_database.blks_read")],
  >        "server_logical_reads_per_tx": [per_tx(runs[0], "Innodb_buffer_pool_read_requests"), per_tx(runs[1], "pg_stat_database.blks_hit")],
  >        "fsyncs_per_tx": [per_tx(runs[0], "Innodb_data_fsyncs"), per_tx(runs[1], "pg_stat_wal.wal_sync")],
  >        "log_bytes_per_tx": [per_tx(runs[0], "Innodb_os_log_written"), per_tx(runs[1], "pg_stat_wal.wal_bytes")],
  >        "row_lock_waits_per_tx": [per_tx(runs[0], "Innodb_row_lock_waits"), None],
  >        "disk_writes_per_tx": [r["host"]["disks"][dev]["w/s"] * r["host"]["time"] / r["events"] for r in runs],
  >        "host_cpu_busy_pct": [r["host"]["cpu"]["user"] + r["host"]["cpu"]["system"] for r in runs]}
  > close = lambda a, b: a is None and b is None or abs(a - b) <= 1e-9 * max(1, abs(b))
  > for k, v in exp.items():
  >     got = c[k]["values"]; rat = c[k]["ratios"][1]
  >     print(k, all(close(a, b) for a, b in zip(got, v)),
  >           rat is None if not got[0] or got[1] is None else close(rat, got[1] / got[0]))
  > print(c["log_bytes_per_tx"]["values"][0] > 0, c["log_bytes_per_tx"]["values"][1] > 0)
  > PY
  server_reads_per_tx True True
  server_logical_reads_per_tx True True
  fsyncs_per_tx True True
  log_bytes_per_tx True True
  row_lock_waits_per_tx True True
  disk_writes_per_tx True True
  host_cpu_busy_pct True True
  True True

--metric adds any metric by name or pattern (a counter per transaction,
anything else as the final object states it); MariaDB's COMMITs are one
per transaction; a pattern that matches nothing is one warning:

  $ $B compare my.json pg.json --metric='server.counters.Com_c*,host.ctxt_per_sec,nope.*' --report-format=csv > m.csv 2> m.err
  $ grep -E '^(server.counters|host.ctxt)' m.csv | cut -d, -f1,2 | sed -E 's/ctxt_per_sec,[0-9.]+$/ctxt_per_sec,N/'
  host.ctxt_per_sec,N
  server.counters.Com_commit/tx,1
  $ cat m.err | grep WARNING
  WARNING: compare: --metric=nope.* matches no metric of the runs (names as in docs/observe.md: server.counters.Com_commit, host.disks.vda.w/s, ...)

Results without any metrics: no such rows, no warning:

  $ $B compare plain.json plain.json 2>&1 | grep -c -E 'per tx|/tx|WARNING'
  0
  [1]
