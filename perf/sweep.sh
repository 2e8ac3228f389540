#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Thread sweeps and the prepare progress line, side by side (issue 13):
#
# 1. `bench oltp_point_select --threads=LIST run` (one invocation, a sweep)
#    against sysbench 1.0.20 run once per count, alternating, against the
#    same throwaway MariaDB (tests/lib/dbserver.sh): each step's tps and
#    the ratio bench / sysbench per count.
# 2. `bench oltp_read_write prepare` with its progress line drawn (stderr a
#    pseudo-terminal, script(1)) and without (a pipe): median wall seconds
#    and the ratio (the line's cost).
#
# Asserts nothing; prints the figures.
# usage: perf/sweep.sh [BENCH_BINARY]
# env: ROUNDS (3), COUNTS (1,2,4), TIME (5), TABLE_SIZE (10000),
#      LOAD_SIZE (200000)
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
BENCH=${1:-$here/bench}
SYSBENCH=${SYSBENCH:-sysbench}
ROUNDS=${ROUNDS:-3}
COUNTS=${COUNTS:-1,2,4}
TIME=${TIME:-5}
TABLE_SIZE=${TABLE_SIZE:-10000}
LOAD_SIZE=${LOAD_SIZE:-200000}
command -v "$SYSBENCH" >/dev/null || { echo "sysbench not found (apt-get install sysbench)"; exit 1; }
command -v script >/dev/null || { echo "script not found (apt-get install bsdutils)"; exit 1; }

. "$here/perf/server.sh"
dbserver_start mysql
MY=$(dbserver_conn_opts mysql)

"$BENCH" $MY --tables=1 --table-size="$TABLE_SIZE" oltp_point_select prepare > /dev/null
: > bench.tps; : > sysbench.tps
for r in $(seq "$ROUNDS"); do
	"$BENCH" $MY --tables=1 --table-size="$TABLE_SIZE" --threads="$COUNTS" --time="$TIME" \
		oltp_point_select run | awk '/^Thread sweep summary:/ { s = 1; next }
			s && $1 ~ /^[0-9]+$/ { print $2, $3 }' >> bench.tps
	for c in ${COUNTS//,/ }; do
		"$SYSBENCH" $MY --tables=1 --table-size="$TABLE_SIZE" --threads="$c" --time="$TIME" \
			oltp_point_select run | awk -v c="$c" '/transactions:/ { gsub(/\(/, "", $3); print c, $3 }' >> sysbench.tps
	done
done
"$BENCH" $MY --tables=1 oltp_point_select cleanup > /dev/null
echo "oltp_point_select, median tps of $ROUNDS rounds, ${TIME}s per count"
echo "threads  bench(sweep)  sysbench(one run per count)  ratio"
for c in ${COUNTS//,/ }; do
	b=$(awk -v c="$c" '$1 == c { print $2 }' bench.tps | median)
	s=$(awk -v c="$c" '$1 == c { print $2 }' sysbench.tps | median)
	awk -v c="$c" -v b="$b" -v s="$s" 'BEGIN { printf "%7s  %12.2f  %27.2f  %5.2f\n", c, b, s, b / s }'
done

one_prepare() {
	local t0 t1
	t0=$(date +%s.%N)
	if [ "$1" = tty ]; then
		script -q -e -c "$BENCH $MY --tables=2 --table-size=$LOAD_SIZE --threads=2 oltp_read_write prepare" /dev/null < /dev/null > tty.out
	else
		"$BENCH" $MY --tables=2 --table-size="$LOAD_SIZE" --threads=2 oltp_read_write prepare 2>&1 | cat > pipe.out
	fi
	t1=$(date +%s.%N)
	"$BENCH" $MY --tables=2 oltp_read_write cleanup > /dev/null
	awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f\n", b - a }'
}
: > tty.s; : > pipe.s
for r in $(seq "$ROUNDS"); do
	one_prepare tty >> tty.s
	one_prepare pipe >> pipe.s
done
t=$(median < tty.s); p=$(median < pipe.s)
echo "oltp_read_write prepare, 2 tables x $LOAD_SIZE rows, median of $ROUNDS"
awk -v t="$t" -v p="$p" 'BEGIN { printf "progress line drawn (pty): %.2f s  off (pipe): %.2f s  ratio %.3f\n", t, p, t / p }'
grep -c 'Loading:' tty.out > /dev/null && echo "(the pty run drew the line)"
