#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The cpu, threads and mutex workloads side by side with sysbench 1.0.20
# (as perf/memory.sh does for memory): the ratio of bench's rate to
# sysbench's for a few settings and thread counts. cpu and threads: events
# per second; mutex (a fixed amount of work per thread): 1 / total time.
# Two ratios per line: of wall-time rates and of rates per CPU second (user
# + sys), which follow the machine's load much less. Runs alternate between
# the tools, ROUNDS times; the medians are compared. Asserts nothing.
#
# usage: perf/builtins.sh [BENCH_BINARY]
# env: ROUNDS (3), SECS (2), THREADS ("1 2")
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
BENCH=${1:-$here/bench}
SYSBENCH=${SYSBENCH:-sysbench}
ROUNDS=${ROUNDS:-3}
SECS=${SECS:-2}
THREADS=${THREADS:-1 2}
# shellcheck source=perf/sidebyside.sh
. "$here/perf/sidebyside.sh"

# "rate rate/cpu-s" of one run: tool args... (the unit: events, or whole
# runs for mutex, whose work is fixed)
rate() {
	/usr/bin/time -f 'cpu %U %S' -o t.txt "$@" run > out.txt
	awk '/total number of events/ { n = $5 } /total time:/ { t = $3 + 0 }
	     END { getline c < "t.txt"; split(c, f, " "); cpu = f[2] + f[3]
	           if (fixed) n = 1
	           printf "%.4f %.4f\n", (t > 0 ? n / t : 0), (cpu > 0 ? n / cpu : 0) }' \
		fixed="$FIXED" out.txt
}

median() { sort -g | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }


compare() {  # label fixed args...
	local label=$1 i
	FIXED=$2; shift 2
	: > s.txt; : > b.txt
	for i in $(seq "$ROUNDS"); do
		rate "$SYSBENCH" "$@" >> s.txt
		rate "$BENCH" "$@" >> b.txt
	done
	printf '%-44s %14.2f %14.2f %6s %6s\n' "$label" \
		"$(cut -d' ' -f1 s.txt | median)" "$(cut -d' ' -f1 b.txt | median)" \
		"$(ratio "$(cut -d' ' -f1 b.txt | median)" "$(cut -d' ' -f1 s.txt | median)")" \
		"$(ratio "$(cut -d' ' -f2 b.txt | median)" "$(cut -d' ' -f2 s.txt | median)")"
}

printf '%-44s %14s %14s %6s %6s\n' workload sysbench bench wall cpu
for th in $THREADS; do
	compare "cpu (max-prime 10000), $th thr, ev/s" "" cpu --threads="$th" --time="$SECS"
	compare "cpu (max-prime 100000), $th thr, ev/s" "" cpu --cpu-max-prime=100000 --threads="$th" --time="$SECS"
	compare "threads (8 locks, 1000 yields), $th thr, ev/s" "" threads --threads="$th" --time="$SECS"
	compare "threads (8 locks, 10 yields), $th thr, ev/s" "" threads --thread-yields=10 --threads="$th" --time="$SECS"
	compare "mutex (default), $th thr, runs/s" 1 mutex --threads="$th" --time=0
	compare "mutex (locks 20000, loops 5000), $th thr, runs/s" 1 mutex --mutex-locks=20000 --mutex-loops=5000 --threads="$th" --time=0
done
