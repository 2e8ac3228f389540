#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# --connections (issue 18) side by side, alternating runs, against the
# throwaway servers of tests/lib/dbserver.sh. Prints figures and ratios;
# asserts nothing.
#   1. oltp_read_write, bench --threads=2 --connections=64 vs sysbench
#      --threads=64, MariaDB and PostgreSQL: tps (goal >= 1.0x) and client
#      CPU per transaction (goal <= 0.6x)
#   2. PostgreSQL oltp_point_select, bench 64 connections on 2 threads vs
#      pgbench -S -c 64 -j 2 on a table of the same size (100000 rows,
#      pgbench scale 1): tps (>= 0.9x), CPU per transaction (<= 1.2x)
#   3. MariaDB oltp_point_select with 2000 connections: peak RSS of bench
#      --threads=2 --connections=2000 vs sysbench --threads=2000 (<= 0.2x)
#
# usage: perf/connections.sh [BENCH_BINARY]
# env: ROUNDS (2), SECS (15), CONNS (64), BIG (2000), BIG_SECS (30),
#      PARTS ("1 2 3"), TABLES (4), TABLE_SIZE (10000)
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
BENCH=${1:-$here/bench}
SYSBENCH=${SYSBENCH:-sysbench}
PGBENCH=${PGBENCH:-$(command -v pgbench || ls /usr/lib/postgresql/*/bin/pgbench 2>/dev/null | tail -1)}
ROUNDS=${ROUNDS:-2}
SECS=${SECS:-15}
CONNS=${CONNS:-64}
BIG=${BIG:-2000}
BIG_SECS=${BIG_SECS:-30}
PARTS=${PARTS:-1 2 3}
TABLES=${TABLES:-4}
TABLE_SIZE=${TABLE_SIZE:-10000}
command -v "$SYSBENCH" >/dev/null || { echo "sysbench not found (apt-get install sysbench)"; exit 1; }
[ -x /usr/bin/time ] || { echo "/usr/bin/time not found (apt-get install time)"; exit 1; }

. "$here/perf/server.sh"
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }

# a client failed: its command and last lines on stderr (stdout goes to
# the figures' files), and the script stops
fail_run() {
	echo "perf/connections.sh: $(basename "$1") $2 failed (its last lines:)" >&2
	tail -5 out.txt >&2
	exit 1
}

# one run of a sysbench-style client: prints "tps transactions cpu_s rss_kb"
one() {
	/usr/bin/time -f 'CPU %U %S %M' -o time.txt "$@" > out.txt 2>&1 || fail_run "$@"
	awk '/transactions:/ { n = $2; gsub(/[(]/, "", $3); tps = $3 }
	     END { printf "%s %s ", tps, n }' out.txt
	awk '/^CPU/ { printf "%.2f %s\n", $2 + $3, $4 }' time.txt
}

# pgbench: the same four figures
one_pgbench() {
	/usr/bin/time -f 'CPU %U %S %M' -o time.txt "$@" > out.txt 2>&1 || fail_run "$@"
	awk '/^number of transactions actually processed/ { split($NF, a, "/"); n = a[1] }
	     /^tps = / { tps = $3 } END { printf "%s %s ", tps, n }' out.txt
	awk '/^CPU/ { printf "%.2f %s\n", $2 + $3, $4 }' time.txt
}

report() {  # label tps_goal cpu_goal b.txt s.txt other_name
	local bt st bc sc
	bt=$(awk '{ print $1 }' "$4" | median); st=$(awk '{ print $1 }' "$5" | median)
	bc=$(awk '{ printf "%.1f\n", $3 / $2 * 1e6 }' "$4" | median)
	sc=$(awk '{ printf "%.1f\n", $3 / $2 * 1e6 }' "$5" | median)
	printf '%s: tps bench %.1f %s %.1f ratio %s (goal %s)\n' "$1" "$bt" "$6" "$st" "$(ratio "$bt" "$st")" "$2"
	printf '%s: client CPU us/tx bench %.1f %s %.1f ratio %s (goal %s)\n' "$1" "$bc" "$6" "$sc" "$(ratio "$bc" "$sc")" "$3"
}

echo "bench: $("$BENCH" --version)   sysbench: $("$SYSBENCH" --version)   rounds: $ROUNDS x ${SECS}s"

case " $PARTS " in *" 1 "*)
for db in mysql pgsql; do
	if [ "$db" = pgsql ]; then
		DBSERVER_PGSQL_OPTS="-c max_connections=$((CONNS + 20))" dbserver_start pgsql >/dev/null
	else
		dbserver_start mysql >/dev/null
	fi
	conn=$(dbserver_conn_opts "$db")
	opts="--tables=$TABLES --table-size=$TABLE_SIZE --time=$SECS"
	# shellcheck disable=SC2086
	"$SYSBENCH" oltp_read_write $conn --tables="$TABLES" --table-size="$TABLE_SIZE" prepare >/dev/null
	: > b.txt; : > s.txt
	for i in $(seq "$ROUNDS"); do
		# shellcheck disable=SC2086
		one "$BENCH" oltp_read_write $conn $opts --threads=2 --connections="$CONNS" run >> b.txt
		# shellcheck disable=SC2086
		one "$SYSBENCH" oltp_read_write $conn $opts --threads="$CONNS" run >> s.txt
	done
	# shellcheck disable=SC2086
	"$SYSBENCH" oltp_read_write $conn --tables="$TABLES" cleanup >/dev/null
	dbserver_stop "$db"
	report "$db oltp_read_write $CONNS connections (bench on 2 threads)" ">= 1.0" "<= 0.6" b.txt s.txt sysbench
done
;; esac

case " $PARTS " in *" 2 "*)
if [ -n "$PGBENCH" ]; then
	DBSERVER_PGSQL_OPTS="-c max_connections=$((CONNS + 20))" dbserver_start pgsql >/dev/null
	conn=$(dbserver_conn_opts pgsql)
	# shellcheck disable=SC2086
	"$BENCH" oltp_point_select $conn --tables=1 --table-size=100000 prepare >/dev/null
	PGPASSWORD=$DB_PASSWORD "$PGBENCH" -i -s 1 -q -h "$DB_HOST" -p "$DB_PGSQL_PORT" -U "$DB_USER" "$DB_NAME" >/dev/null 2>&1
	: > b.txt; : > s.txt
	for i in $(seq "$ROUNDS"); do
		# shellcheck disable=SC2086
		one "$BENCH" oltp_point_select $conn --tables=1 --table-size=100000 --time="$SECS" \
			--threads=2 --connections="$CONNS" run >> b.txt
		PGPASSWORD=$DB_PASSWORD one_pgbench "$PGBENCH" -S -M prepared -c "$CONNS" -j 2 -T "$SECS" \
			-h "$DB_HOST" -p "$DB_PGSQL_PORT" -U "$DB_USER" "$DB_NAME" >> s.txt
	done
	dbserver_stop pgsql
	report "pgsql oltp_point_select vs pgbench -S, $CONNS connections on 2 threads" ">= 0.9" "<= 1.2" b.txt s.txt pgbench
else
	echo "pgbench not found: part 2 skipped"
fi
;; esac

case " $PARTS " in *" 3 "*)
DBSERVER_MYSQL_OPTS="--max-connections=$((BIG + 50))" dbserver_start mysql >/dev/null
conn=$(dbserver_conn_opts mysql)
# shellcheck disable=SC2086
"$SYSBENCH" oltp_point_select $conn --tables=1 --table-size=10000 prepare >/dev/null
: > b.txt; : > s.txt
for i in $(seq "$ROUNDS"); do
	# shellcheck disable=SC2086
	one "$BENCH" oltp_point_select $conn --tables=1 --table-size=10000 --time="$BIG_SECS" \
		--threads=2 --connections="$BIG" --thread-init-timeout=300 run >> b.txt
	# shellcheck disable=SC2086
	one "$SYSBENCH" oltp_point_select $conn --tables=1 --table-size=10000 --time="$BIG_SECS" \
		--threads="$BIG" run >> s.txt
done
dbserver_stop mysql
b=$(awk '{ print $4 }' b.txt | median); s=$(awk '{ print $4 }' s.txt | median)
printf 'mysql %d connections, peak RSS: bench %s KB (2 threads) sysbench %s KB (%d threads) ratio %s (goal <= 0.2)\n' \
	"$BIG" "$b" "$s" "$BIG" "$(ratio "$b" "$s")"
printf 'mysql %d connections, tps: bench %s sysbench %s\n' "$BIG" \
	"$(awk '{ print $1 }' b.txt | median)" "$(awk '{ print $1 }' s.txt | median)"
;; esac
