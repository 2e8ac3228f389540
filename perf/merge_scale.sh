#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# bench merge at scale-out size: N instances (default 64) of a T-second run
# (default 3600) with one-second ticks, each a json result (T interval
# lines and a final line) and an hdr log (T interval histograms and the
# cut end), as an Indexed Job of N pods leaves them after an hour. The
# inputs are made from one real short run of bench (its interval lines and
# histograms reused with shifted times), so they decode as bench's own.
# Prints the seconds and peak RSS of `bench merge --report-format=json`
# over all of them, and over half the instances and half the time (the
# ratios show how it scales with the input; memory must not grow with it).
#
# Goal (issue 30): 64 x 3600 in <= 30 s on 2 cores, peak RSS <= 512 MB.
# Usage: perf/merge_scale.sh [N [T]]   (BENCH=path/to/bench, default ./bench)
# Not a test: timings move with the machine's load.
set -euo pipefail
N=${1:-64}
T=${2:-3600}
B=${BENCH:-./bench}
B=$(cd "$(dirname "$B")" && pwd)/$(basename "$B")
[ -x /usr/bin/time ] || { echo "/usr/bin/time not found (apt-get install time)"; exit 1; }
dir=$(mktemp -d)
trap '[ -n "${KEEP:-}" ] || rm -rf "$dir"' EXIT
cd "$dir"

# one real run: 40 ticks of 0.05 s, json and hdr log
"$B" cpu --time=2 --report-interval=0.05 --percentile=50,95,99 --report-format=json \
	--hdr-log=seed.hlog run > seed.json 2>/dev/null

python3 - "$N" "$T" <<'PY'
import json, sys
n, T = int(sys.argv[1]), int(sys.argv[2])
lines = open("seed.json").read().splitlines()
ivs = [json.loads(l) for l in lines if '"type":"interval"' in l]
fin = json.loads(lines[-1])
hl = [l for l in open("seed.hlog").read().splitlines() if l and l[0].isdigit()]
hists = [l.split(",", 3)[3] for l in hl]
t0 = 1796300000.0
for i in range(n):
    fin.update({"run_id": "5ca1ab1e00000000", "instance": i, "instances": n,
                "total_time": T + 0.0004, "time": T + 0.0004,
                "start_time": "2026-12-03T10:13:20Z"})
    fin["options"]["report-interval"] = 1
    with open("i%03d.json" % i, "w") as f:
        ev = 0
        for t in range(T):
            iv = ivs[(i + t) % len(ivs)]
            iv["time"] = t + 1
            ev += iv["events"]
            f.write(json.dumps(iv, separators=(",", ":")) + "\n")
        fin["events"] = ev
        f.write(json.dumps(fin, separators=(",", ":")) + "\n")
    with open("i%03d.hlog" % i, "w") as f:
        f.write("#[Histogram log format version 1.3]\n")
        f.write("#[StartTime: %.3f (seconds since epoch), Thu Dec 03 10:13:20 UTC 2026]\n" % t0)
        f.write("#[bench run 5ca1ab1e00000000 threads 1 interval 1]\n")
        f.write('"StartTimestamp","Interval_Length","Interval_Max","Interval_Compressed_Histogram"\n')
        for t in range(T):
            f.write("%.3f,1.000,1.000,%s\n" % (t0 + t, hists[(i + t) % len(hists)]))
        f.write("%.3f,0.001,1.000,%s\n" % (t0 + T, hists[0]))
PY
# the events of the json results must match the logs' for merge to say nothing:
# they do not (reused lines), so its one warning is expected and dropped
run() {
	local files=("${@:2}")
	/usr/bin/time -o time.txt -f '%e %M' "$B" merge --report-format=json "${files[@]}" \
		> "$1.out" 2> "$1.err" || { cat "$1.err"; exit 1; }
	read -r secs kib < time.txt
	echo "$secs $((kib / 1024))"
}
half=$((N / 2))
read -r s_full m_full < <(run full i*.json i*.hlog)
# half the instances
read -r s_half m_half < <(run half $(seq -f 'i%03g.json' 0 $((half - 1))) $(seq -f 'i%03g.hlog' 0 $((half - 1))))
lines=$(grep -c '"type":"interval"' full.out)
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }'; }
echo "bench merge of $N instances x $T ticks: ${s_full} s, peak RSS ${m_full} MB ($lines merged interval lines)"
echo "bench merge of $half instances x $T ticks: ${s_half} s, peak RSS ${m_half} MB"
echo "time ratio full/half: $(ratio "$s_full" "$s_half") (2.00 = linear); RSS ratio: $(ratio "$m_full" "$m_half")"
echo "goal: <= 30 s and <= 512 MB on 2 cores (figures on a loaded machine are not meaningful)"
