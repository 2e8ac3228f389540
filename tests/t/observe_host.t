--host-stats: this machine's CPU and a block device from /proc, per
interval, beside iostat -x (Debian sysstat) run over the same seconds
(docs/observe.md).

The device this test's folder is on (a partition is a device of
/proc/diskstats too); none (tmpfs): skipped.

  $ DEV=$(df --output=source . | tail -1)
  $ case $DEV in /dev/*) DEV=${DEV#/dev/} ;; *) exit 80 ;; esac
  $ command -v iostat > /dev/null || exit 80
  $ F="--file-num=2 --file-total-size=64M"
  $ $BENCH fileio $F prepare > /dev/null

A steady load the device sees at once (2000 direct 16 KiB writes a
second, far above what the other tests on this machine write), 8 s;
iostat -x runs beside it for 5 s from its first interval report, so over
bench's intervals 2 to 6 (what the other tests write in those seconds
counts in both); their mean w/s and wkB/s agree within 10%:

  $ $BENCH fileio $F --file-test-mode=rndwr --file-extra-flags=direct --file-fsync-freq=0 \
  >   --rate=2000 --time=8 --report-interval=1 --host-stats=on --host-stats-devices="$DEV" \
  >   --report-format=json run 2> /dev/null > run.json &
  $ until [ -s run.json ]; do sleep 0.05; done
  $ iostat -dxky "$DEV" 1 5 > iostat.txt
  $ wait
  $ python3 - "$DEV" <<'PY'
  > import json, sys
  > dev = sys.argv[1]
  > objs = [json.loads(l) for l in open("run.json")]
  > allv = [o for o in objs if o["type"] == "interval"]
  > iv = [o["host"] for o in allv if 1 < o["time"] <= 6]
  > head = next(l.split() for l in open("iostat.txt") if l.startswith("Device"))
  > io = [dict(zip(head, l.split())) for l in open("iostat.txt") if l.split()[:1] == [dev]]
  > print("intervals", len(allv) >= 6, len(iv) == 5, "iostat seconds", len(io))
  > for k in ("w/s", "wkB/s"):
  >     b = sum(h["disks"][dev][k] * h["time"] for h in iv) / sum(h["time"] for h in iv)
  >     i = sum(float(r[k]) for r in io) / len(io)
  >     print(k, "bench %.0f iostat %.0f" % (b, i) if abs(b - i) > 0.1 * i else "within 10%")
  > cpu = objs[-1]["host"]["cpu"]
  > print("cpu adds up to 100%:", abs(sum(cpu.values()) - 100) < 1.5, "ctxt/s > 0:", objs[-1]["host"]["ctxt_per_sec"] > 0)
  > print(sorted(objs[-1]["host"]["disks"][dev]))
  > PY
  intervals True True iostat seconds 5
  w/s within 10%
  wkB/s within 10%
  cpu adds up to 100%: True ctxt/s > 0: True
  ['%util', 'aqu-sz', 'r/s', 'r_await', 'rkB/s', 'w/s', 'w_await', 'wkB/s']

The text line, only when asked; a device that is not there is one warning:

  $ $BENCH fileio $F --file-test-mode=rndwr --events=200 --time=0 --report-interval=1 \
  >   --host-stats=on --host-stats-devices="$DEV",no_such_dev run | grep -E 'WARNING|host:'
  WARNING: --host-stats-devices: no device 'no_such_dev' in /proc/diskstats: going on without it
  WARNING: --host-stats: text reports show its figures only with --host-stats-line=on (json reports carry them all)
  $ $BENCH fileio $F --file-test-mode=rndwr --time=2 --report-interval=1 --host-stats=on \
  >   --host-stats-devices="$DEV" --host-stats-line=on run | grep host: | head -1
  \[ 1s \] host: cpu usr/sys/iow/steal %: [0-9.]+/[0-9.]+/[0-9.]+/[0-9.]+ ctxt/s: \d+ \| \w+: r/s: [0-9.]+ w/s: [0-9.]+ rkB/s: [0-9.]+ wkB/s: [0-9.]+ await: [0-9.]+ aqu-sz: [0-9.]+ util: [0-9.]+% (re)

Its companion options without it are one warning each:

  $ $BENCH cpu --events=1 --time=0 --host-stats-devices=vda --host-stats-line=on --server-stats-counters=X run | grep WARNING
  WARNING: --server-stats-counters does nothing without --server-stats=on
  WARNING: --host-stats-devices does nothing without --host-stats=on
  WARNING: --host-stats-line does nothing without --host-stats=on
  $ $BENCH fileio $F cleanup > /dev/null
