#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# What --server-stats and --host-stats cost the run: oltp_read_write
# against the same throwaway MariaDB and PostgreSQL servers
# (tests/lib/dbserver.sh), runs with sampling off and on (a 1 s report
# interval both ways) alternating, in turns first. Goals (issue 29): tps with sampling
# within 2% of without, client CPU per transaction within 3%.
# Prints the figures and ratios; asserts nothing.
#
# usage: perf/observe.sh [BENCH_BINARY]
# env: ROUNDS (3), SECS (20), THREADS ("4 64"), TABLES (4),
#      TABLE_SIZE (10000), DBS ("mysql pgsql"), DEV (host-stats device: vda)
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
BENCH=${1:-$here/bench}
ROUNDS=${ROUNDS:-3}
SECS=${SECS:-20}
THREADS=${THREADS:-4 64}
TABLES=${TABLES:-4}
TABLE_SIZE=${TABLE_SIZE:-10000}
DBS=${DBS:-mysql pgsql}
DEV=${DEV:-vda}
[ -x /usr/bin/time ] || { echo "/usr/bin/time not found (apt-get install time)"; exit 1; }

. "$here/perf/server.sh"

# one run with threads $1, then extra options: "tps transactions cpu_seconds"
one() {
	local thr=$1
	shift
	# shellcheck disable=SC2086
	/usr/bin/time -f 'CPU %U %S' -o time.txt "$BENCH" oltp_read_write $conn \
		--threads="$thr" --tables="$TABLES" --table-size="$TABLE_SIZE" --time="$SECS" \
		--report-interval=1 "$@" run > out.txt 2>&1 || { cat out.txt; exit 1; }
	run_figures out.txt time.txt
}

for db in $DBS; do
	dbserver_start "$db" >/dev/null
	conn=$(dbserver_conn_opts "$db")
	# shellcheck disable=SC2086
	"$BENCH" oltp_read_write $conn --tables="$TABLES" --table-size="$TABLE_SIZE" prepare >/dev/null
	for thr in $THREADS; do
		: > off.txt; : > on.txt
		# the order alternates: the second run of a pair was slower
		# (the tables' churn), whichever it was
		for r in $(seq "$ROUNDS"); do
			[ $((r % 2)) = 0 ] || one "$thr" >> off.txt
			one "$thr" --server-stats=on --host-stats=on --host-stats-devices="$DEV" >> on.txt
			[ $((r % 2)) = 1 ] || one "$thr" >> off.txt
		done
		otps=$(awk '{ print $1 }' off.txt | median); ntps=$(awk '{ print $1 }' on.txt | median)
		ocpt=$(awk '{ printf "%.1f\n", $3 / $2 * 1e6 }' off.txt | median)
		ncpt=$(awk '{ printf "%.1f\n", $3 / $2 * 1e6 }' on.txt | median)
		printf '%-6s oltp_read_write %dthr %ds: tps off %9.2f on %9.2f ratio %.3f (goal >= 0.98)\n' \
			"$db" "$thr" "$SECS" "$otps" "$ntps" "$(awk -v a="$ntps" -v b="$otps" 'BEGIN { print a / b }')"
		printf '%-6s client CPU us/transaction: off %7.1f on %7.1f ratio %.3f (goal <= 1.03)\n' \
			"$db" "$ocpt" "$ncpt" "$(awk -v a="$ncpt" -v b="$ocpt" 'BEGIN { print a / b }')"
	done
	# shellcheck disable=SC2086
	"$BENCH" oltp_read_write $conn --tables="$TABLES" cleanup >/dev/null
	dbserver_stop "$db"
done
