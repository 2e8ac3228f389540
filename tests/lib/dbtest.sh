# SPDX-License-Identifier: GPL-2.0-or-later
# shellcheck shell=bash
# The common start of the database transcript tests that run against
# throwaway servers (conn_*.t, db_faults.t, db_*.t), and their shared
# deadlock fixture. Source it from bash:
#
#   . "$BENCH_SRCDIR/tests/lib/dbtest.sh"
#   dbtest_start mysql pgsql      # dbserver_start each (tests/lib/dbserver.sh),
#                                 # all stopped at exit; set -o pipefail;
#                                 # B="timeout 120 $BENCH"; MY and PG: bench's
#                                 # options to reach the started servers
#   dbtest_start --tls mysql      # the same, each server with TLS (dbserver_start
#                                 # --tls: DB_MYSQL_TLS_DIR / DB_PGSQL_TLS_DIR)
#   dbtest_deadlock_table mysql   # (re)creates table dl: rows (1, 0), (2, 0)
#   $B "$DBTEST_DEADLOCK" $MY --threads=2 --events=20 --time=0 run
#
# $DBTEST_DEADLOCK is tests/lib/deadlock.lua: an injected deadlock (two
# connections update rows 1 and 2 of table dl in opposite orders); read its
# header for the knobs.
#
# dbtest_start returns non-zero after dbserver's message when a server does
# not start.

. "$BENCH_SRCDIR/tests/lib/dbserver.sh"

DBTEST_DEADLOCK=$BENCH_SRCDIR/tests/lib/deadlock.lua

dbtest_start() {
	local kind tls=()
	if [ "${1-}" = --tls ]; then
		tls=(--tls)
		shift
	fi
	trap dbserver_stop_all EXIT
	for kind in "$@"; do
		dbserver_start "$kind" "${tls[@]}" || return 1
		case $kind in
		mysql) MY=$(dbserver_conn_opts mysql) ;;
		pgsql) PG=$(dbserver_conn_opts pgsql) ;;
		esac
	done
	set -o pipefail
	B="timeout 120 $BENCH"
}

# dbtest_deadlock_table mysql|pgsql: table dl (id INT PRIMARY KEY, v INT)
# with rows (1, 0) and (2, 0), in database sbtest, usable by user sbtest.
dbtest_deadlock_table() {
	case ${1-} in
	mysql) dbserver_mysql_sql "CREATE TABLE sbtest.dl (id INT PRIMARY KEY, v INT NOT NULL) ENGINE=InnoDB;
	         INSERT INTO sbtest.dl VALUES (1, 0), (2, 0)" ;;
	pgsql) dbserver_pgsql_sql "CREATE TABLE dl (id INT PRIMARY KEY, v INT NOT NULL);
	         INSERT INTO dl VALUES (1, 0), (2, 0); GRANT ALL ON dl TO sbtest" ;;
	*) echo "usage: dbtest_deadlock_table mysql|pgsql" >&2; return 1 ;;
	esac
}
