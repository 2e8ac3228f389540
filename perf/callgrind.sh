#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# User-space cost per transaction of bench against a lean C client, counted
# by callgrind rather than timed: instructions and L1 data-cache misses per
# transaction in the steady state, 64 connections on 2 threads.
#
# DB=pgsql (the default): PostgreSQL oltp_point_select against
# pgbench -S -M prepared -c 64 -j 2 (the pair of perf/connections.sh part 2).
# DB=mysql: MariaDB oltp_read_write (4 tables x 10000 rows, as
# perf/myfloor.sh) against perf/mysql_floor.c, the bare C floor on
# Connector/C's nonblocking API, built as perf/myfloor.sh builds it and run
# without the library's read right after each request, as bench does
# (FLOOR_NOREAD=0: with it).
#
# On a shared 2-core machine the CPU time per transaction moves by 20% from
# run to run with the scheduling; bench's counts moved by 2% (6586 and 6714
# instructions, 119 and 128 misses in two PostgreSQL runs), so they show
# what a change to the per-statement path does. pgbench's move more (5315
# and 6381, 28 and 37): it rebuilds its poll set at each wake-up, so its
# cost depends on the replies per wake-up. The kernel's share (about three
# quarters of the CPU here, mostly the loopback sendto) is not counted: see
# perf/connections.sh and perf/myfloor.sh for that.
#
# How: each client runs under valgrind --tool=callgrind --cache-sim=yes
# with instrumentation off; once the server has all the connections and
# transactions commit (and 3 s more) it is switched on (callgrind_control
# -i on), so the handshakes, the prepares and the set-up are left out. The
# transactions are the server's (PostgreSQL: pg_stat_database.xact_commit;
# MariaDB: the global Com_commit) over the instrumented time. The cache is
# valgrind's model of this machine's (a client alone: the server's own
# misses are not in it). Asserts nothing.
#
# usage: perf/callgrind.sh [BENCH_BINARY]  (a copy elsewhere runs with this
#        tree's lua/)
# env: DB (pgsql or mysql), SECS (40: each client's run; about 15 s of it
#      is connecting under valgrind), CONNS (64), KEEP (a directory: the
#      callgrind outputs cg.bench and cg.pgbench or cg.floor are copied
#      there, for callgrind_annotate), FLOOR_NOREAD (DB=mysql, 1)
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
BENCH=${1:-$here/bench}
DB=${DB:-pgsql}
SECS=${SECS:-40}
CONNS=${CONNS:-64}
export BENCH_LUA_DIR=${BENCH_LUA_DIR:-$here/lua}
case $DB in
pgsql|mysql) ;;
*) echo "perf/callgrind.sh: DB must be pgsql or mysql, not '$DB'" >&2; exit 2 ;;
esac
if ! command -v valgrind >/dev/null || ! command -v callgrind_control >/dev/null; then
	echo "valgrind not found (apt-get install valgrind)"
	exit 1
fi
if [ "$DB" = pgsql ]; then
	# the binary itself (Debian's /usr/bin/pgbench is a perl wrapper)
	# shellcheck disable=SC2012
	PGBENCH=${PGBENCH:-$(ls /usr/lib/postgresql/*/bin/pgbench 2>/dev/null | tail -1)}
	[ -n "$PGBENCH" ] || { echo "pgbench not found (apt-get install postgresql-client)"; exit 1; }
else
	command -v mariadb_config >/dev/null || { echo "mariadb_config not found (apt-get install libmariadb-dev)"; exit 1; }
fi

. "$here/perf/server.sh"
if [ "$DB" = pgsql ]; then
	DBSERVER_PGSQL_OPTS="-c max_connections=$((CONNS + 20))" dbserver_start pgsql >/dev/null
	conn=$(dbserver_conn_opts pgsql)
	# shellcheck disable=SC2086
	"$BENCH" oltp_point_select $conn --tables=1 --table-size=100000 prepare >/dev/null
	PGPASSWORD=$DB_PASSWORD "$PGBENCH" -i -s 1 -q -h "$DB_HOST" -p "$DB_PGSQL_PORT" -U "$DB_USER" "$DB_NAME" >/dev/null 2>&1
	commits() { dbserver_pgsql_sql --db=postgres "SELECT xact_commit FROM pg_stat_database WHERE datname = 'sbtest'"; }
	clients() { dbserver_pgsql_sql --db=postgres "SELECT count(*) FROM pg_stat_activity WHERE usename = 'sbtest'"; }
else
	TABLES=4 TABLE_SIZE=10000
	DBSERVER_MYSQL_OPTS="--max-connections=$((CONNS + 20))" dbserver_start mysql >/dev/null
	conn=$(dbserver_conn_opts mysql)
	# shellcheck disable=SC2086
	"$BENCH" oltp_read_write $conn --tables=$TABLES --table-size=$TABLE_SIZE prepare >/dev/null
	# shellcheck disable=SC2046
	${CC:-cc} -O2 -pthread -o mysql_floor "$here/perf/mysql_floor.c" $(mariadb_config --cflags --libs)
	commits() { dbserver_mysql_sql "SHOW GLOBAL STATUS LIKE 'Com_commit'" | cut -f2; }
	clients() { dbserver_mysql_sql "SELECT count(*) FROM information_schema.processlist WHERE user = 'sbtest'"; }
fi

# measure NAME COMMAND...: prints "NAME instructions/tx D1-misses/tx transactions"
measure() {
	local name=$1 vp x0 x1 ir d1
	shift
	valgrind --tool=callgrind --cache-sim=yes --instr-atstart=no --smc-check=all-non-file \
		--callgrind-out-file="cg.$name" -- "$@" > "$name.out" 2> "$name.err" &
	vp=$!
	for _ in $(seq 600); do
		[ "$(clients)" -ge "$CONNS" ] && break
		kill -0 "$vp" 2>/dev/null || break
		sleep 0.5
	done
	# then the prepares: wait for the first commits
	x0=$(commits)
	for _ in $(seq 600); do
		[ "$(commits)" -gt "$x0" ] && break
		kill -0 "$vp" 2>/dev/null || break
		sleep 0.5
	done
	sleep 3
	x0=$(commits)
	callgrind_control -i on "$vp" >/dev/null 2>&1 || true
	wait "$vp" || { echo "$name failed:"; tail -5 "$name.out" "$name.err"; exit 1; }
	sleep 1   # the server's statistics lag a little
	x1=$(commits)
	ir=$(awk '/== I   refs:/ { gsub(",", "", $4); print $4 }' "$name.err")
	d1=$(awk '/== D1  misses:/ { gsub(",", "", $4); print $4 }' "$name.err")
	awk -v n="$name" -v t=$((x1 - x0)) -v ir="$ir" -v d1="$d1" \
		'BEGIN { if (t <= 0) { print n ": no transaction while instrumented"; exit 1 }
		         printf "%s %.0f %.1f %d\n", n, ir / t, d1 / t, t }'
}

if [ "$DB" = pgsql ]; then
	ref=pgbench
	echo "bench: $("$BENCH" --version)   pgbench: $("$PGBENCH" --version)   $SECS s each under callgrind"
	# shellcheck disable=SC2086
	b=$(measure bench "$BENCH" oltp_point_select $conn --tables=1 --table-size=100000 --time="$SECS" \
		--threads=2 --connections="$CONNS" --thread-init-timeout=600 --pgsql-connect-timeout=600 run)
	r=$(PGPASSWORD=$DB_PASSWORD measure pgbench "$PGBENCH" -S -M prepared -c "$CONNS" -j 2 -T "$SECS" \
		-h "$DB_HOST" -p "$DB_PGSQL_PORT" -U "$DB_USER" "$DB_NAME")
else
	ref=floor
	echo "bench: $("$BENCH" --version)   floor: perf/mysql_floor.c (MYSQL_FLOOR_NOREAD=${FLOOR_NOREAD:-1})   $(mariadb_config --cc_version 2>/dev/null | sed 's/^/Connector\/C /')   oltp_read_write, $SECS s each under callgrind"
	# shellcheck disable=SC2086
	b=$(measure bench "$BENCH" oltp_read_write $conn \
		--tables=$TABLES --table-size=$TABLE_SIZE --time="$SECS" --threads=2 --connections="$CONNS" \
		--thread-init-timeout=600 --mysql-connect-timeout=600 run)
	r=$(MYSQL_FLOOR_NOREAD=${FLOOR_NOREAD:-1} measure floor ./mysql_floor "$DB_HOST" "$DB_MYSQL_PORT" \
		"$DB_USER" "$DB_PASSWORD" "$DB_NAME" "$TABLES" "$TABLE_SIZE" "$CONNS" 2 "$SECS")
	# shellcheck disable=SC2086
	"$BENCH" oltp_read_write $conn --tables=$TABLES cleanup >/dev/null
fi
if [ -n "${KEEP:-}" ]; then
	mkdir -p "$KEEP" && cp cg.bench "cg.$ref" "$KEEP"/
fi
echo "$b" "$r" | awk -v ref="$ref" '{ printf "per transaction, steady state (%d and %d transactions counted):\n", $4, $8
	printf "  instructions:   bench %8.0f  %-7s %8.0f  ratio %.2f\n", $2, ref, $6, $2 / $6
	printf "  L1 data misses: bench %8.1f  %-7s %8.1f  ratio %.2f\n", $3, ref, $7, $3 / $7 }'
