#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# User-space cost per transaction of bench against pgbench, counted by
# callgrind rather than timed: instructions and L1 data-cache misses per
# transaction in the steady state of PostgreSQL oltp_point_select, 64
# connections on 2 threads, against pgbench -S -M prepared -c 64 -j 2 (the
# pair of perf/connections.sh part 2). On a shared 2-core machine the CPU
# time per transaction moves by 20% from run to run with the scheduling;
# bench's counts moved by 2% (6586 and 6714 instructions, 119 and 128
# misses in two runs), so they show what a change to the per-statement path
# does. pgbench's move more (5315 and 6381, 28 and 37): it rebuilds its
# poll set at each wake-up, so its cost depends on the replies per wake-up. The kernel's share (about three quarters of the
# CPU here, mostly the loopback sendto) is not counted: see
# perf/connections.sh for that.
#
# How: each client runs under valgrind --tool=callgrind --cache-sim=yes
# with instrumentation off; once the server has all 64 connections (and 3
# s more) it is switched on (callgrind_control -i on), so the SCRAM
# handshakes and the set-up are left out. The transactions are the
# server's (pg_stat_database.xact_commit) over the instrumented time. The
# cache is valgrind's model of this machine's (a client alone: the server's
# own misses are not in it). Asserts nothing.
#
# usage: perf/callgrind.sh [BENCH_BINARY]
# env: SECS (40: each client's run; about 15 s of it is connecting under
#      valgrind), CONNS (64), KEEP (a directory: the callgrind outputs
#      cg.bench and cg.pgbench are copied there, for callgrind_annotate)
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
BENCH=${1:-$here/bench}
SECS=${SECS:-40}
CONNS=${CONNS:-64}
# the binary itself (Debian's /usr/bin/pgbench is a perl wrapper)
# shellcheck disable=SC2012
PGBENCH=${PGBENCH:-$(ls /usr/lib/postgresql/*/bin/pgbench 2>/dev/null | tail -1)}
if ! command -v valgrind >/dev/null || ! command -v callgrind_control >/dev/null; then
	echo "valgrind not found (apt-get install valgrind)"
	exit 1
fi
[ -n "$PGBENCH" ] || { echo "pgbench not found (apt-get install postgresql-client)"; exit 1; }

. "$here/perf/server.sh"
DBSERVER_PGSQL_OPTS="-c max_connections=$((CONNS + 20))" dbserver_start pgsql >/dev/null
conn=$(dbserver_conn_opts pgsql)
# shellcheck disable=SC2086
"$BENCH" oltp_point_select $conn --tables=1 --table-size=100000 prepare >/dev/null
PGPASSWORD=$DB_PASSWORD "$PGBENCH" -i -s 1 -q -h "$DB_HOST" -p "$DB_PGSQL_PORT" -U "$DB_USER" "$DB_NAME" >/dev/null 2>&1

commits() { dbserver_pgsql_sql --db=postgres "SELECT xact_commit FROM pg_stat_database WHERE datname = 'sbtest'"; }
clients() { dbserver_pgsql_sql --db=postgres "SELECT count(*) FROM pg_stat_activity WHERE usename = 'sbtest'"; }

# measure NAME COMMAND...: prints "NAME instructions/tx D1-misses/tx"
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

echo "bench: $("$BENCH" --version)   pgbench: $("$PGBENCH" --version)   $SECS s each under callgrind"
# shellcheck disable=SC2086
b=$(measure bench "$BENCH" oltp_point_select $conn --tables=1 --table-size=100000 --time="$SECS" \
	--threads=2 --connections="$CONNS" --thread-init-timeout=600 --pgsql-connect-timeout=600 run)
p=$(PGPASSWORD=$DB_PASSWORD measure pgbench "$PGBENCH" -S -M prepared -c "$CONNS" -j 2 -T "$SECS" \
	-h "$DB_HOST" -p "$DB_PGSQL_PORT" -U "$DB_USER" "$DB_NAME")
if [ -n "${KEEP:-}" ]; then
	mkdir -p "$KEEP" && cp cg.bench cg.pgbench "$KEEP"/
fi
echo "$b" "$p" | awk '{ printf "per transaction, steady state (%d and %d transactions counted):\n", $4, $8
	printf "  instructions:   bench %6.0f  pgbench %6.0f  ratio %.2f\n", $2, $6, $2 / $6
	printf "  L1 data misses: bench %6.1f  pgbench %6.1f  ratio %.2f\n", $3, $7, $3 / $7 }'
