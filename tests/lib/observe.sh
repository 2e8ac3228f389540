# SPDX-License-Identifier: GPL-2.0-or-later
# shellcheck shell=bash
# The --server-stats twins (observe_mysql.t, observe_pgsql.t): a run with
# server counters on, between two reads of the same counters by hand, and
# the check that what bench reported adds up. Source it after dbtest.sh:
#
#   observe_manual_read mysql|pgsql FILE   # name<TAB>value of the counters
#                                          # below, as root / postgres
#   observe_check BEFORE AFTER RUN.json COUNTER...
#       prints, per COUNTER, one line "<name>: ..." with what does not add
#       up (nothing wrong: "<name>: ok"); see observe_check.py.
#
# OBSERVE_MY / OBSERVE_PG: the counters the twins compare (the workers'
# work only, which bench's own sampling never moves) and one the sampling
# moves itself (Questions, xact_commit), checked within its reads.

OBSERVE_MY="Com_commit Com_rollback Innodb_row_lock_waits Questions"
OBSERVE_PG="pg_stat_database.tup_inserted pg_stat_database.tup_updated pg_stat_database.tup_deleted pg_stat_database.xact_commit"

observe_manual_read() {
	local kind=$1 out=$2 c col
	: >"$out"
	case $kind in
	mysql)
		for c in $OBSERVE_MY; do
			printf '%s\t%s\n' "$c" "$(dbserver_mysql_sql "SHOW GLOBAL STATUS LIKE '$c'" | cut -f2)" >>"$out"
		done ;;
	pgsql)
		# the backends publish their counters when idle (at most once a
		# second) and when they exit: a bench run's have all exited
		for c in $OBSERVE_PG; do
			col=${c#pg_stat_database.}
			printf '%s\t%s\n' "$c" "$(dbserver_pgsql_sql "SELECT $col FROM pg_stat_database WHERE datname = 'sbtest'")" >>"$out"
		done ;;
	esac
}

# observe_setup pgsql OPTS...: OBSERVE_SETUP, the transactions that a run
# of these options sends besides its events (connects, thread_init's
# prepares, the sampling's connection: about 24 a thread), measured with
# --events=4 around two hand reads. PostgreSQL counts them in xact_commit
# when a backend publishes, at most once a second and at exit: a slow
# start (ASan) puts them all before the start sample, a fast one after it.
observe_setup() {
	local a b
	[ "$1" = pgsql ] || return 0
	shift
	a=$(dbserver_pgsql_sql "SELECT xact_commit FROM pg_stat_database WHERE datname = 'sbtest'")
	# shellcheck disable=SC2086
	$B oltp_read_write "$@" --events=4 --time=0 run >/dev/null 2>&1 || return 1
	sleep 1
	b=$(dbserver_pgsql_sql "SELECT xact_commit FROM pg_stat_database WHERE datname = 'sbtest'")
	export OBSERVE_SETUP=$((b - a - 4))
}

observe_check() {
	python3 "$BENCH_SRCDIR/tests/lib/observe_check.py" "$@"
}

# observe_run mysql|pgsql: prepare a small table, read by hand, a 4 s run
# of 4 threads with --server-stats and json reports (run.json, its stderr
# in run.err), read by hand again, observe_check on the kind's counters.
observe_run() {
	local kind=$1 opts counters
	case $kind in
	mysql) opts=$MY counters=$OBSERVE_MY ;;
	pgsql) opts=$PG counters=$OBSERVE_PG ;;
	esac
	# shellcheck disable=SC2086
	$B oltp_read_write $opts --tables=1 --table-size=1000 prepare >/dev/null || return 1
	# shellcheck disable=SC2086
	observe_setup "$kind" $opts --tables=1 --table-size=1000 --threads=4 --server-stats=on --report-format=json || return 1
	observe_manual_read "$kind" before
	# shellcheck disable=SC2086
	$B oltp_read_write $opts --tables=1 --table-size=1000 --threads=4 --time=4 \
		--report-interval=1 --server-stats=on --report-format=json run >run.json 2>run.err ||
		{ cat run.err; return 1; }
	observe_manual_read "$kind" after
	# shellcheck disable=SC2086
	observe_check before after run.json $counters
}

# observe_stall mysql|pgsql PID: a 6 s run (stall.json, stall.err) whose
# server is stopped (SIGSTOP; this test's own server) for 2.5 s after its
# first interval report, read by hand around it and checked as observe_run.
observe_stall() {
	local kind=$1 pid=$2 opts counters
	case $kind in
	mysql) opts=$MY counters=$OBSERVE_MY ;;
	pgsql) opts=$PG counters=$OBSERVE_PG ;;
	esac
	# shellcheck disable=SC2086
	observe_setup "$kind" $opts --tables=1 --table-size=1000 --threads=2 --server-stats=on --report-format=json || return 1
	observe_manual_read "$kind" before
	# shellcheck disable=SC2086
	$B oltp_read_write $opts --tables=1 --table-size=1000 --threads=2 --time=6 \
		--report-interval=1 --server-stats=on --report-format=json run >stall.json 2>stall.err &
	local run=$!
	until [ -s stall.json ] || ! kill -0 $run 2>/dev/null; do sleep 0.05; done
	kill -STOP "$pid"
	sleep 2.5
	kill -CONT "$pid"
	wait $run || { cat stall.err; return 1; }
	observe_manual_read "$kind" after
	# shellcheck disable=SC2086
	observe_check before after stall.json $counters | sed '$d'
}
