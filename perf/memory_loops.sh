#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The memory workload's block loops alone, bench's against sysbench
# 1.0.20's own machine code, timed in thread CPU time (issue 28, item 5):
# perf/memory.sh times whole runs, which on a loaded machine follow the
# load; this runs each binary's loop over one block many times inside that
# binary (perf/memory_loops.c, preloaded) and prints nanoseconds per 8-byte
# word, the minimum and the median over REPS repetitions, per process, for
# PROCS processes of each tool in turn. sysbench is stripped: the script
# knows the offsets of one build (Debian/Ubuntu sysbench 1.0.20, build id
# below) and refuses any other. bench's figure is a whole event (its extra
# bookkeeping included), sysbench's the loop only, so compare from 4K up.
# Asserts nothing.
#
# usage: perf/memory_loops.sh [BENCH_BINARY]
# env: PROCS (3), REPS (20), WORDS (400000 per rep), BLOCKS ("1K 4K 16K
#      64K 256K 1M"), OPERS ("write read none"), MODES ("seq rnd")
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
BENCH=${1:-$here/bench}
SYSBENCH=${SYSBENCH:-sysbench}
PROCS=${PROCS:-3}
REPS=${REPS:-20}
WORDS=${WORDS:-400000}
BLOCKS=${BLOCKS:-1K 4K 16K 64K 256K 1M}
OPERS=${OPERS:-write read none}
MODES=${MODES:-seq rnd}
# sysbench 1.0.20's loops (none/read/write seq, none/read/write rnd), its
# block-size variable, the GOT slot of its generator's TLS offset, the TLS
# offset (below the thread pointer) of its buffer pointer
SB_ID=eeda85f4e3654fde6e9ab5bf1e1b9964166f4cfe
SB_OFFSETS="1a7c0 1a860 1a940 1b300 1b540 1a6e0 238538 2cfb8 80"
# shellcheck source=perf/sidebyside.sh
. "$here/perf/sidebyside.sh"

sb=$(command -v "$SYSBENCH")
id=$(LC_ALL=C readelf -n "$sb" 2>/dev/null | awk '/Build ID:/ { print $3 }')
[ "$id" = "$SB_ID" ] || { echo "$sb is not the sysbench build this script knows (build id ${id:-none}, want $SB_ID)"; exit 1; }
cc -O2 -shared -fPIC -I"$here/src" -o ml.so "$here/perf/memory_loops.c"

bytes() { numfmt --from=iec "$1"; }

# "min median" ns per word of PROCS processes of one tool, the median of each
loops() {
	local tool=$1 op=$2 mode=$3 bs=$4 bin=$5
	for _ in $(seq "$PROCS"); do
		ML_SB="$SB_OFFSETS" ML_RUN="$tool $op $mode $bs $REPS $((WORDS * 8 / bs + 1))" \
			LD_PRELOAD=$PWD/ml.so "$bin"
	done | sort -g -k2 | awk '{ m[NR] = $2; lo = (NR == 1 || $1 < lo) ? $1 : lo }
		END { if (NR) printf "%.3f %.3f\n", lo, m[int((NR + 1) / 2)]; else print "failed" }'
}

printf '%-6s %-4s %-5s %15s %15s %6s\n' oper mode block "sysbench min/med" "bench min/med" med
for op in $OPERS; do
	for mode in $MODES; do
		for b in $BLOCKS; do
			bs=$(bytes "$b")
			read -r smin smed < <(loops sb "$op" "$mode" "$bs" "$sb")
			read -r bmin bmed < <(loops bench "$op" "$mode" "$bs" "$BENCH")
			if [ "$smin" = failed ] || [ "$bmin" = failed ]; then echo "$op $mode $b: a run failed"; exit 1; fi
			# a rate ratio: sysbench's time per word over bench's
			printf '%-6s %-4s %-5s %15s %15s %6s\n' "$op" "$mode" "$b" \
				"$smin/$smed" "$bmin/$bmed" "$(ratio "$smed" "$bmed")"
		done
	done
done
