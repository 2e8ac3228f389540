#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Side-by-side comparison of bench and sysbench 1.0.20 on the core goals:
#   1. events/s of a script whose event() is empty, 1 and 2 threads (goal >= 2.0x)
#   2. cpu workload events/s (goal: within +-5%: it measures the machine)
#   3. peak RSS with --threads=1000 and an empty event (goal <= sysbench's
#      in every run: all RSS_ROUNDS pairs are printed)
#   4. the empty-event floor (issue 18): events/s of the empty event against
#      perf/floor.c, a bare C loop with the same clock read per event and
#      nothing else, 1 and 2 threads (goal >= 0.7x)
# Runs alternate between the two tools, ROUNDS times, and the median of each
# side is compared. Prints ratios; asserts nothing (speed is not a test).
#
# usage: perf/core.sh [BENCH_BINARY]
# env: ROUNDS (3), SECS (5), RSS_ROUNDS (5), CC (cc),
#      PARTS ("sysbench rss floor": which comparisons run)
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
BENCH=${1:-$here/bench}
SYSBENCH=${SYSBENCH:-sysbench}
ROUNDS=${ROUNDS:-3}
SECS=${SECS:-5}
RSS_ROUNDS=${RSS_ROUNDS:-5}
PARTS=${PARTS:-sysbench rss floor}
command -v "$SYSBENCH" >/dev/null || { echo "sysbench not found (apt-get install sysbench)"; exit 1; }
[ -x "$BENCH" ] || { echo "bench binary not found: $BENCH"; exit 1; }
[ -x /usr/bin/time ] || { echo "/usr/bin/time not found (apt-get install time)"; exit 1; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
echo 'function event() end' > "$work/empty.lua"
${CC:-cc} -O2 -pthread -o "$work/floor" "$here/perf/floor.c"
cd "$work"

# events per second of one run
eps_of() {
	awk '/total number of events/ { n = $5 } /total time/ { t = $3 + 0 } END { printf "%.0f\n", n / t }'
}
eps() { "$@" run | eps_of; }

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

# bench's empty event against the bare loop, alternating
floor() {  # threads
	local i b f
	: > b.txt; : > f.txt
	for i in $(seq "$ROUNDS"); do
		eps "$BENCH" empty.lua --threads="$1" --time="$SECS" >> b.txt
		./floor "$1" "$SECS" | eps_of >> f.txt
	done
	b=$(median < b.txt); f=$(median < f.txt)
	printf '%-34s bench %12s  floor    %12s  ratio %s  (goal >= 0.7)\n' \
		"empty event vs floor, $1 thread(s)" "$b" "$f" "$(ratio "$b" "$f")"
}

has() { case " $PARTS " in *" $1 "*) return 0 ;; esac; return 1; }

echo "bench: $("$BENCH" --version)   sysbench: $("$SYSBENCH" --version)   rounds: $ROUNDS x ${SECS}s"
if has sysbench; then
	compare "empty event, 1 thread, events/s" ">= 2.0" empty.lua --threads=1 --time="$SECS"
	compare "empty event, 2 threads, events/s" ">= 2.0" empty.lua --threads=2 --time="$SECS"
	compare "cpu, 1 thread, events/s" "0.95..1.05" cpu --threads=1 --time="$SECS"
	compare "cpu, 2 threads, events/s" "0.95..1.05" cpu --threads=2 --time="$SECS"
fi
if has floor; then
	floor 1
	floor 2
fi
has rss || exit 0

rss() {
	/usr/bin/time -f '%M' "$@" run 2>&1 >/dev/null | tail -1
}
: > b.txt; : > s.txt
worst=0
for i in $(seq "$RSS_ROUNDS"); do
	b=$(rss "$BENCH" empty.lua --threads=1000 --time=3)
	s=$(rss "$SYSBENCH" empty.lua --threads=1000 --time=3)
	echo "$b" >> b.txt; echo "$s" >> s.txt
	printf '%-34s bench %9s KB  sysbench %9s KB  ratio %s\n' "peak RSS, 1000 threads, run $i" "$b" "$s" "$(ratio "$b" "$s")"
	worst=$(awk -v w="$worst" -v r="$(ratio "$b" "$s")" 'BEGIN { print (r > w ? r : w) }')
done
b=$(median < b.txt); s=$(median < s.txt)
printf '%-34s bench %9s KB  sysbench %9s KB  ratio %s, worst run %s  (goal <= 1.0 in every run)\n' \
	"peak RSS, 1000 threads, median" "$b" "$s" "$(ratio "$b" "$s")" "$worst"
