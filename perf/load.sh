#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Loading speed: `oltp_read_write prepare` of bench (bulk load: COPY /
# LOAD DATA LOCAL INFILE), of bench with --bulk_load=off (multi-row INSERTs,
# as sysbench) and of sysbench 1.0.20, against the same throwaway MariaDB
# and PostgreSQL servers (tests/lib/dbserver.sh), alternating; each prepare
# is followed by a cleanup. Prints the median wall seconds and the speed-up
# over sysbench (sysbench's time / bench's); asserts nothing. TABLES=1
# (fewer tables than THREADS) shows bench splitting a table among threads,
# where sysbench loads it with one.
#
# usage: perf/load.sh [BENCH_BINARY]
# env: ROUNDS (3), TABLES (4), TABLE_SIZE (200000), THREADS (2),
#      DBS ("mysql pgsql")
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
BENCH=${1:-$here/bench}
SYSBENCH=${SYSBENCH:-sysbench}
ROUNDS=${ROUNDS:-3}
TABLES=${TABLES:-4}
TABLE_SIZE=${TABLE_SIZE:-200000}
THREADS=${THREADS:-2}
DBS=${DBS:-mysql pgsql}
command -v "$SYSBENCH" >/dev/null || { echo "sysbench not found (apt-get install sysbench)"; exit 1; }

. "$here/perf/server.sh"

# wall seconds of one prepare (then cleanup)
one() {
	local t0 t1
	t0=$(date +%s.%N)
	"$@" --tables="$TABLES" --table-size="$TABLE_SIZE" --threads="$THREADS" \
		oltp_read_write prepare > out.txt 2>&1 || { cat out.txt; exit 1; }
	t1=$(date +%s.%N)
	"$@" --tables="$TABLES" oltp_read_write cleanup > /dev/null
	awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f\n", b - a }'
}

echo "bench: $("$BENCH" --version)   sysbench: $("$SYSBENCH" --version)"
echo "$TABLES tables x $TABLE_SIZE rows, $THREADS threads, $ROUNDS rounds"
for db in $DBS; do
	dbserver_start "$db" >/dev/null
	conn=$(dbserver_conn_opts "$db")
	: > b.txt; : > i.txt; : > s.txt
	for _ in $(seq "$ROUNDS"); do
		# shellcheck disable=SC2086
		one "$BENCH" $conn >> b.txt
		# shellcheck disable=SC2086
		one "$SYSBENCH" $conn >> s.txt
		# shellcheck disable=SC2086
		one "$BENCH" $conn --bulk_load=off >> i.txt
	done
	dbserver_stop "$db"
	b=$(median < b.txt); i=$(median < i.txt); s=$(median < s.txt)
	printf '%-6s prepare seconds: bench %6.2f  bench --bulk_load=off %6.2f  sysbench %6.2f  speed-up over sysbench %.2fx (INSERTs: %.2fx)\n' \
		"$db" "$b" "$i" "$s" "$(awk -v a="$s" -v b="$b" 'BEGIN { print a / b }')" \
		"$(awk -v a="$s" -v b="$i" 'BEGIN { print a / b }')"
done
