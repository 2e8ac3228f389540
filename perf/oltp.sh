#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# bench vs sysbench 1.0.20 on oltp_read_write against the same throwaway
# MariaDB and PostgreSQL servers (tests/lib/dbserver.sh), alternating runs.
# Goals (issue 3): transactions/s >= sysbench's (within noise) and client
# CPU seconds (user + sys of the client process) per transaction <= 0.7x.
# Prints the figures and ratios; asserts nothing.
#
# usage: perf/oltp.sh [BENCH_BINARY]
# env: ROUNDS (2), SECS (20), THREADS (4), TABLES (4), TABLE_SIZE (10000),
#      DBS ("mysql pgsql")
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
BENCH=${1:-$here/bench}
SYSBENCH=${SYSBENCH:-sysbench}
ROUNDS=${ROUNDS:-2}
SECS=${SECS:-20}
THREADS=${THREADS:-4}
TABLES=${TABLES:-4}
TABLE_SIZE=${TABLE_SIZE:-10000}
DBS=${DBS:-mysql pgsql}
command -v "$SYSBENCH" >/dev/null || { echo "sysbench not found (apt-get install sysbench)"; exit 1; }
[ -x /usr/bin/time ] || { echo "/usr/bin/time not found (apt-get install time)"; exit 1; }

. "$here/perf/server.sh"

# one run: prints "tps cpu_seconds transactions"
one() {
	/usr/bin/time -f 'CPU %U %S' -o time.txt "$@" --threads="$THREADS" \
		--tables="$TABLES" --table-size="$TABLE_SIZE" --time="$SECS" \
		oltp_read_write run > out.txt 2>&1 || { cat out.txt; exit 1; }
	run_figures out.txt time.txt
}

for db in $DBS; do
	dbserver_start "$db" >/dev/null
	conn=$(dbserver_conn_opts "$db")
	# shellcheck disable=SC2086
	"$SYSBENCH" oltp_read_write $conn --tables="$TABLES" --table-size="$TABLE_SIZE" prepare >/dev/null
	: > b.txt; : > s.txt
	for i in $(seq "$ROUNDS"); do
		# shellcheck disable=SC2086
		one "$BENCH" $conn >> b.txt
		# shellcheck disable=SC2086
		one "$SYSBENCH" $conn >> s.txt
	done
	# shellcheck disable=SC2086
	"$SYSBENCH" oltp_read_write $conn --tables="$TABLES" cleanup >/dev/null
	dbserver_stop "$db"

	btps=$(awk '{ print $1 }' b.txt | median); stps=$(awk '{ print $1 }' s.txt | median)
	bcpt=$(awk '{ printf "%.1f\n", $3 / $2 * 1e6 }' b.txt | median)
	scpt=$(awk '{ printf "%.1f\n", $3 / $2 * 1e6 }' s.txt | median)
	printf '%-6s oltp_read_write %dthr %ds: tps bench %9.2f sysbench %9.2f ratio %.2f (goal >= 1.0)\n' \
		"$db" "$THREADS" "$SECS" "$btps" "$stps" "$(awk -v a="$btps" -v b="$stps" 'BEGIN { print a / b }')"
	printf '%-6s client CPU us/transaction: bench %7.1f sysbench %7.1f ratio %.2f (goal <= 0.70)\n' \
		"$db" "$bcpt" "$scpt" "$(awk -v a="$bcpt" -v b="$scpt" 'BEGIN { print a / b }')"
done
