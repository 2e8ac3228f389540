#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# bench on SQLite (--db-driver=sqlite) against the floor: perf/sqlite_floor.c,
# a plain C loop running the same prepared point select on the same file
# with the connection set up as bench's driver sets it up.
# Goal (issue 14): oltp_point_select with 1 thread >= 0.8x the loop's
# statements/s: bench's own per-statement overhead against the floor.
# Printed twice: per second of wall time (the goal's measure), and per
# second of CPU time of the process (user + sys), which a loaded machine
# disturbs less. Also prints oltp_read_write at 1 and 2 threads. Runs
# alternate, figures are the median of ROUNDS; asserts nothing.
#
# usage: perf/sqlite.sh [BENCH_BINARY]
# env: ROUNDS (3), SECS (10), TABLE_SIZE (10000), DIR (where the database
#      file goes, default a temporary folder; e.g. /dev/shm leaves the disk out)
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
BENCH=${1:-$here/bench}
ROUNDS=${ROUNDS:-3}
SECS=${SECS:-10}
TABLE_SIZE=${TABLE_SIZE:-10000}
[ -x /usr/bin/time ] || { echo "/usr/bin/time not found (apt-get install time)"; exit 1; }
work=$(mktemp -d "${DIR:-${TMPDIR:-/tmp}}/bench-sqlite-perf.XXXXXX")
trap 'rm -rf "$work"' EXIT
cd "$work"

cc -O2 -o sqlite_floor "$here/perf/sqlite_floor.c" -lsqlite3 ||
	{ echo "sqlite_floor not built (needs cc and libsqlite3-dev)"; exit 1; }

db="--db-driver=sqlite --sqlite-db=$work/sbtest.db"
# shellcheck disable=SC2086
"$BENCH" oltp_read_write $db --tables=1 --table-size="$TABLE_SIZE" prepare >/dev/null

median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
cpu() { awk '/^CPU/ { print $2 + $3 }' time.txt; }

# each line: per wall second, per CPU second
: > bench.txt; : > floor.txt
for _ in $(seq "$ROUNDS"); do
	# shellcheck disable=SC2086
	/usr/bin/time -f 'CPU %U %S' -o time.txt "$BENCH" oltp_point_select $db --tables=1 \
		--table-size="$TABLE_SIZE" --threads=1 --rand-type=uniform --time="$SECS" run > out.txt
	awk -v cpu="$(cpu)" '/transactions:/ { n = $2; gsub(/[(]/, "", $3); print $3, n / cpu }' \
		out.txt >> bench.txt
	/usr/bin/time -f 'CPU %U %S' -o time.txt ./sqlite_floor "$work/sbtest.db" "$TABLE_SIZE" \
		"$SECS" > out.txt
	awk -v cpu="$(cpu)" '{ print $1, $2 / cpu }' out.txt >> floor.txt
done
bw=$(awk '{ print $1 }' bench.txt | median); bc=$(awk '{ print $2 }' bench.txt | median)
fw=$(awk '{ print $1 }' floor.txt | median); fc=$(awk '{ print $2 }' floor.txt | median)
printf 'oltp_point_select, 1 thread, %s rows, median of %s runs of %ss each\n' \
	"$TABLE_SIZE" "$ROUNDS" "$SECS"
printf '                 per wall second   per CPU second\n'
printf '  bench:         %15.0f   %14.0f  events\n' "$bw" "$bc"
printf '  sqlite_floor:  %15.0f   %14.0f  statements\n' "$fw" "$fc"
awk -v bw="$bw" -v fw="$fw" -v bc="$bc" -v fc="$fc" \
	'BEGIN { printf "  bench / floor: %15.2f   %14.2f  (goal >= 0.80)\n", bw / fw, bc / fc }'

for t in 1 2; do
	: > rw.txt
	for _ in $(seq "$ROUNDS"); do
		# shellcheck disable=SC2086
		"$BENCH" oltp_read_write $db --tables=1 --table-size="$TABLE_SIZE" --threads="$t" \
			--time="$SECS" run > out.txt
		awk '/transactions:/ { gsub(/[(]/, "", $3); tps = $3 } /ignored errors:/ { e = $3 }
		     END { print tps, e }' out.txt >> rw.txt
	done
	printf 'oltp_read_write, %s thread(s): %8.0f transactions/s (median), ignored errors: %s\n' \
		"$t" "$(awk '{ print $1 }' rw.txt | median)" "$(awk '{ print $2 }' rw.txt | paste -sd/)"
done
