#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The README's demo: install what is needed (Debian 12, as root), build
# bench, start a throwaway MariaDB (or PostgreSQL with DB=pgsql) on
# loopback, run oltp_read_write prepare -> run (interval reports) ->
# cleanup, stop the server and leave nothing behind. About a minute.
#
# usage: ./demo.sh            # MariaDB
#        DB=pgsql ./demo.sh   # PostgreSQL
# env:   TIME (30) THREADS (2) TABLES (4) TABLE_SIZE (10000) SKIP_INSTALL=1
#        BENCH=path (use that binary instead of building ./bench)
set -euo pipefail
cd "$(dirname "$0")"
DB=${DB:-mysql}
TIME=${TIME:-30}
THREADS=${THREADS:-2}
TABLES=${TABLES:-4}
TABLE_SIZE=${TABLE_SIZE:-10000}

case "$DB" in
mysql|pgsql) ;;
*) echo "demo.sh: DB must be mysql or pgsql, not '$DB'" >&2; exit 1 ;;
esac

if [ "${SKIP_INSTALL:-0}" != 1 ] && [ "$(id -u)" = 0 ]; then
	echo "== installing build and server packages (apt-get)"
	export DEBIAN_FRONTEND=noninteractive
	. tests/lib/debian-deps.sh
	apt-get update -qq >/dev/null
	# shellcheck disable=SC2086
	apt-get install -y -qq --no-install-recommends $BENCH_DEPS_BUILD \
		$BENCH_DEPS_SERVERS >/tmp/bench-demo-apt.log 2>&1 || {
		tail -20 /tmp/bench-demo-apt.log
		echo "demo.sh: apt-get install failed" >&2
		exit 1
	}
fi

if [ -n "${BENCH:-}" ]; then
	bench=$BENCH
else
	bench=./bench
	if [ ! -x ./bench ] || [ -n "$(find src lua -newer ./bench -print -quit 2>/dev/null)" ]; then
		echo "== building"
		{ [ -f configure ] || ./autogen.sh; } >/tmp/bench-demo-autogen.log 2>&1 || {
			cat /tmp/bench-demo-autogen.log
			exit 1
		}
		[ -f Makefile ] || ./configure -q
		make -s -j"$(nproc)" >/dev/null
	fi
fi

. tests/lib/dbserver.sh
trap dbserver_stop_all EXIT
echo "== starting a throwaway $DB server on 127.0.0.1"
dbserver_start "$DB"
if [ "$DB" = mysql ]; then
	conn=(--db-driver=mysql --mysql-host=127.0.0.1 --mysql-port="$DB_MYSQL_PORT"
	      --mysql-user="$DB_USER" --mysql-password="$DB_PASSWORD" --mysql-db="$DB_NAME")
else
	conn=(--db-driver=pgsql --pgsql-host=127.0.0.1 --pgsql-port="$DB_PGSQL_PORT"
	      --pgsql-user="$DB_USER" --pgsql-password="$DB_PASSWORD" --pgsql-db="$DB_NAME")
fi
opts=(--tables="$TABLES" --table-size="$TABLE_SIZE" --threads="$THREADS")

# Show each command as it runs, without the password.
run() {
	echo "== \$ $*" | sed -E 's/(--(mysql|pgsql)-password=)[^ ]*/\1*****/'
	"$@"
}
run "$bench" oltp_read_write "${conn[@]}" "${opts[@]}" prepare
run "$bench" oltp_read_write "${conn[@]}" "${opts[@]}" --time="$TIME" --report-interval=$(( TIME < 5 ? 1 : 5 )) run
run "$bench" oltp_read_write "${conn[@]}" "${opts[@]}" cleanup
echo "== done; stopping the server"
