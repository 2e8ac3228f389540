#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The memory workload side by side with sysbench 1.0.20 (issue 28, item 5):
# for every --memory-oper x --memory-access-mode x block size, the rate of
# bench's default (sysbench's per-word work) over sysbench's, which should
# stay within 0.85-1.15, and the rate of --memory-fast=on over sysbench's
# (no goal: it measures something else, see docs/compat.md).
#
# A rate is events per second; the ratio of MiB/s is the same. Two ratios
# per cell: of the rates sysbench prints (wall time) and of events per CPU
# second (user + sys): on a shared machine the first follows the load, the
# second much less. Runs alternate between the tools, ROUNDS times; the
# median of each side is compared (STAT=best: the highest, which on a
# loaded machine comes closest to what an idle one gives). Prints ratios;
# asserts nothing. Under load even the second ratio swings (the rnd loops
# of both tools run in fast and slow spells); perf/memory_loops.sh times
# the loops alone in thread CPU time.
#
# usage: perf/memory.sh [BENCH_BINARY]
# env: ROUNDS (3), SECS (1), THREADS (1), BLOCKS ("1K 4K 16K 64K 256K 1M"),
#      OPERS ("write read none"), MODES ("seq rnd"), SCOPE (global),
#      FAST (1: also --memory-fast=on; 0: not), STAT (median or best)
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
BENCH=${1:-$here/bench}
SYSBENCH=${SYSBENCH:-sysbench}
ROUNDS=${ROUNDS:-3}
SECS=${SECS:-1}
THREADS=${THREADS:-1}
BLOCKS=${BLOCKS:-1K 4K 16K 64K 256K 1M}
OPERS=${OPERS:-write read none}
MODES=${MODES:-seq rnd}
SCOPE=${SCOPE:-global}
FAST=${FAST:-1}
STAT=${STAT:-median}
# shellcheck source=perf/sidebyside.sh
. "$here/perf/sidebyside.sh"

# "events/s events/cpu-s" of one timed run of: tool options...
rate() {
	/usr/bin/time -f 'cpu %U %S' -o t.txt "$@" --memory-total-size=0 \
		--time="$SECS" --threads="$THREADS" --memory-scope="$SCOPE" run > out.txt
	awk '/^Total operations:/ { n = $3; r = $0; sub(/^[^(]*\( */, "", r); sub(/ .*/, "", r) }
	     END { getline c < "t.txt"; split(c, f, " "); cpu = f[2] + f[3]
	           printf "%s %.0f\n", r, (cpu > 0 ? n / cpu : 0) }' out.txt
}

median() {
	if [ "$STAT" = best ]; then
		sort -g | tail -n 1
	else
		sort -g | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'
	fi
}


printf '%-6s %-4s %-5s %12s %12s %6s %6s' oper mode block sysbench/s bench/s wall cpu
[ "$FAST" = 1 ] && printf ' %12s %6s' fast/s fast
printf '\n'
for op in $OPERS; do
	for mode in $MODES; do
		for bs in $BLOCKS; do
			opts=(memory --memory-oper="$op" --memory-access-mode="$mode" --memory-block-size="$bs")
			: > s.txt; : > b.txt; : > f.txt
			for _ in $(seq "$ROUNDS"); do
				rate "$SYSBENCH" "${opts[@]}" >> s.txt
				rate "$BENCH" "${opts[@]}" >> b.txt
				if [ "$FAST" = 1 ]; then
					rate "$BENCH" "${opts[@]}" --memory-fast=on >> f.txt
				fi
			done
			sw=$(cut -d' ' -f1 s.txt | median); sc=$(cut -d' ' -f2 s.txt | median)
			bw=$(cut -d' ' -f1 b.txt | median); bc=$(cut -d' ' -f2 b.txt | median)
			printf '%-6s %-4s %-5s %12.0f %12.0f %6s %6s' "$op" "$mode" "$bs" \
				"$sw" "$bw" "$(ratio "$bw" "$sw")" "$(ratio "$bc" "$sc")"
			if [ "$FAST" = 1 ]; then
				fw=$(cut -d' ' -f1 f.txt | median)
				printf ' %12.0f %6s' "$fw" "$(ratio "$fw" "$sw")"
			fi
			printf '\n'
		done
	done
done
