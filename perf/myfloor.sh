#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# MariaDB oltp_read_write, 64 connections (issue 18's CPU/tx goal, <= 0.6x
# sysbench), with the floor beside it: perf/mysql_floor.c (bare C on
# Connector/C's nonblocking API, the same 20 prepared statements per
# transaction, 64 connections on 2 threads with epoll, no Lua; as is and
# without the library's read right after each request), bench
# --threads=2 --connections=64 and sysbench --threads=64, alternating in
# each round against one throwaway server. Prints, per client, the median
# over the rounds of tps and of the client's user and system CPU per
# transaction (from /usr/bin/time, the whole process: connecting and
# preparing included for all three), and the ratios to sysbench. Asserts
# nothing.
#
# usage: perf/myfloor.sh [BENCH_BINARY]  (a copy elsewhere runs with this
#        tree's lua/, as BASE does)
# env: ROUNDS (3), SECS (15), CONNS (64), THREADS (2), TABLES (4),
#      TABLE_SIZE (10000), CLIENTS ("floor floornr bench sysbench": which
#      run, in that order each round; floornr is the floor without the
#      read right after each request, as bench does; "base" is a second
#      bench binary, BASE, for a before/after: a copy of an older build,
#      run with this tree's lua/)
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
BENCH=${1:-$here/bench}
SYSBENCH=${SYSBENCH:-sysbench}
ROUNDS=${ROUNDS:-3}
SECS=${SECS:-15}
CONNS=${CONNS:-64}
THREADS=${THREADS:-2}
TABLES=${TABLES:-4}
TABLE_SIZE=${TABLE_SIZE:-10000}
CLIENTS=${CLIENTS:-floor floornr bench sysbench}
command -v "$SYSBENCH" >/dev/null || { echo "sysbench not found (apt-get install sysbench)"; exit 1; }
[ -x /usr/bin/time ] || { echo "/usr/bin/time not found (apt-get install time)"; exit 1; }
command -v mariadb_config >/dev/null || { echo "mariadb_config not found (apt-get install libmariadb-dev)"; exit 1; }

. "$here/perf/server.sh"
# shellcheck disable=SC2046
${CC:-cc} -O2 -pthread -o mysql_floor "$here/perf/mysql_floor.c" $(mariadb_config --cflags --libs)

# one run: appends "tps transactions user_s sys_s wall_s" to $1.txt
one() {
	local name=$1
	shift
	/usr/bin/time -f 'CPU %U %S %e' -o time.txt "$@" > out.txt 2>&1 || { echo "perf/myfloor.sh: $name failed (its last lines:)" >&2; tail -5 out.txt >&2; exit 1; }
	{
		awk '/transactions:/ { n = $2; gsub(/[(]/, "", $3); tps = $3 }
		     END { printf "%s %s ", tps, n }' out.txt
		awk '/^CPU/ { print $2, $3, $4 }' time.txt
	} >> "$name.txt"
}
med() { awk "{ $1 }" "$2.txt" | median; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "-" }'; }

dbserver_start mysql >/dev/null
conn=$(dbserver_conn_opts mysql)
# shellcheck disable=SC2086
"$SYSBENCH" oltp_read_write $conn --tables="$TABLES" --table-size="$TABLE_SIZE" prepare >/dev/null
echo "bench: $("$BENCH" --version)   sysbench: $("$SYSBENCH" --version)   $(mariadb_config --cc_version 2>/dev/null | sed 's/^/Connector\/C /')"
echo "oltp_read_write, $CONNS connections, $TABLES tables x $TABLE_SIZE rows, rounds: $ROUNDS x ${SECS}s, load: $(cut -d' ' -f1-3 /proc/loadavg)"
for c in $CLIENTS; do : > "$c.txt"; done
opts="--tables=$TABLES --table-size=$TABLE_SIZE --time=$SECS"
# shellcheck disable=SC2086
for _ in $(seq "$ROUNDS"); do
	for c in $CLIENTS; do
		case $c in
		floor) MYSQL_FLOOR_NOREAD=0 one floor ./mysql_floor "$DB_HOST" "$DB_MYSQL_PORT" \
			"$DB_USER" "$DB_PASSWORD" "$DB_NAME" "$TABLES" "$TABLE_SIZE" "$CONNS" "$THREADS" "$SECS" ;;
		floornr) MYSQL_FLOOR_NOREAD=1 one floornr ./mysql_floor "$DB_HOST" "$DB_MYSQL_PORT" \
			"$DB_USER" "$DB_PASSWORD" "$DB_NAME" "$TABLES" "$TABLE_SIZE" "$CONNS" "$THREADS" "$SECS" ;;
		bench) BENCH_LUA_DIR=${BENCH_LUA_DIR:-$here/lua} one bench "$BENCH" oltp_read_write $conn $opts --threads="$THREADS" \
			--connections="$CONNS" run ;;
		base) BENCH_LUA_DIR=$here/lua one base "${BASE:?BASE=an older bench binary}" \
			oltp_read_write $conn $opts --threads="$THREADS" --connections="$CONNS" run ;;
		sysbench) one sysbench "$SYSBENCH" oltp_read_write $conn $opts --threads="$CONNS" run ;;
		esac
	done
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-9s %9s %8s %10s %10s %10s %8s\n' client tps tx 'user us/tx' 'sys us/tx' 'CPU us/tx' 'wall s'
for c in $CLIENTS; do
	printf '%-9s %9s %8s %10s %10s %10s %8s\n' "$c" "$(med 'print $1' "$c")" "$(med 'print $2' "$c")" \
		"$(med 'printf "%.1f\n", $3 / $2 * 1e6' "$c")" "$(med 'printf "%.1f\n", $4 / $2 * 1e6' "$c")" \
		"$(med 'printf "%.1f\n", ($3 + $4) / $2 * 1e6' "$c")" "$(med 'print $5' "$c")"
done
case " $CLIENTS " in *" sysbench "*)
	su=$(med 'printf "%.1f\n", $3 / $2 * 1e6' sysbench)
	ss=$(med 'printf "%.1f\n", $4 / $2 * 1e6' sysbench)
	st=$(med 'printf "%.1f\n", ($3 + $4) / $2 * 1e6' sysbench)
	for c in $CLIENTS; do
		[ "$c" = sysbench ] && continue
		printf '%s / sysbench: tps %s  user %s  sys %s  CPU/tx %s (goal for bench <= 0.6)\n' "$c" \
			"$(ratio "$(med 'print $1' "$c")" "$(med 'print $1' sysbench)")" \
			"$(ratio "$(med 'printf "%.1f\n", $3 / $2 * 1e6' "$c")" "$su")" \
			"$(ratio "$(med 'printf "%.1f\n", $4 / $2 * 1e6' "$c")" "$ss")" \
			"$(ratio "$(med 'printf "%.1f\n", ($3 + $4) / $2 * 1e6' "$c")" "$st")"
	done
;; esac
# shellcheck disable=SC2086
"$SYSBENCH" oltp_read_write $conn --tables="$TABLES" cleanup >/dev/null
