#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Side-by-side comparison of bench and sysbench 1.0.20 on the core goals:
#   1. events/s of a script whose event() is empty, 1 and 2 threads (goal >= 2.0x)
#   2. cpu workload events/s (goal: within +-5%: it measures the machine)
#   3. peak RSS with --threads=1000 and an empty event (goal <= sysbench's)
# Runs alternate between the two tools, ROUNDS times, and the median of each
# side is compared. Prints ratios; asserts nothing (speed is not a test).
#
# usage: perf/core.sh [BENCH_BINARY]   env: ROUNDS (3), SECS (5)
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
BENCH=${1:-$here/bench}
SYSBENCH=${SYSBENCH:-sysbench}
ROUNDS=${ROUNDS:-3}
SECS=${SECS:-5}
command -v "$SYSBENCH" >/dev/null || { echo "sysbench not found (apt-get install sysbench)"; exit 1; }
[ -x "$BENCH" ] || { echo "bench binary not found: $BENCH"; exit 1; }
[ -x /usr/bin/time ] || { echo "/usr/bin/time not found (apt-get install time)"; exit 1; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
echo 'function event() end' > "$work/empty.lua"
cd "$work"

# events per second of one run
eps() {
	"$@" run | awk -v s="$SECS" '/total number of events/ { n = $5 } /total time/ { t = $3 + 0 } END { printf "%.0f\n", n / t }'
}

median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }

compare() {  # label goal args...
	local label=$1 goal=$2; shift 2
	local i b s
	: > b.txt; : > s.txt
	for i in $(seq "$ROUNDS"); do
		eps "$BENCH" "$@" >> b.txt
		eps "$SYSBENCH" "$@" >> s.txt
	done
	b=$(median < b.txt); s=$(median < s.txt)
	printf '%-34s bench %12s  sysbench %12s  ratio %s  (goal %s)\n' "$label" "$b" "$s" "$(ratio "$b" "$s")" "$goal"
}

echo "bench: $("$BENCH" --version)   sysbench: $("$SYSBENCH" --version)   rounds: $ROUNDS x ${SECS}s"
compare "empty event, 1 thread, events/s" ">= 2.0" empty.lua --threads=1 --time="$SECS"
compare "empty event, 2 threads, events/s" ">= 2.0" empty.lua --threads=2 --time="$SECS"
compare "cpu, 1 thread, events/s" "0.95..1.05" cpu --threads=1 --time="$SECS"
compare "cpu, 2 threads, events/s" "0.95..1.05" cpu --threads=2 --time="$SECS"

rss() {
	/usr/bin/time -f '%M' "$@" run 2>&1 >/dev/null | tail -1
}
: > b.txt; : > s.txt
for i in $(seq "$ROUNDS"); do
	rss "$BENCH" empty.lua --threads=1000 --time=3 >> b.txt
	rss "$SYSBENCH" empty.lua --threads=1000 --time=3 >> s.txt
done
b=$(median < b.txt); s=$(median < s.txt)
printf '%-34s bench %9s KB  sysbench %9s KB  ratio %s  (goal <= 1.0)\n' "peak RSS, 1000 threads" "$b" "$s" "$(ratio "$b" "$s")"
