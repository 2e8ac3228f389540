# shellcheck shell=bash
# SPDX-License-Identifier: GPL-2.0-or-later
# tests/t/tablecheck.t (issue 28 item 4) on MariaDB and PostgreSQL alike:
# an interrupted prepare names what it leaves behind and how to remove it,
# and a run warns when the tables do not look like its options. Source it
# from bash, after tests/lib/dbtest.sh's dbtest_start mysql pgsql, then:
#
#   tablecheck_all mysql|pgsql     # every step against that server, in a
#                                  # directory of its own; prints each
#                                  # step ("== what") and its output, the
#                                  # driver's words masked (--DB-port=PORT),
#                                  # so both servers' transcripts are equal

# rows TABLE: its row count on $TC_KIND, 0 when it does not exist
tablecheck_rows() {
	case $TC_KIND in
	mysql) dbserver_mysql_sql "SELECT COUNT(*) FROM information_schema.tables WHERE table_schema = 'sbtest' AND table_name = '$1'" | grep -q '^1$' &&
	         dbserver_mysql_sql "SELECT COUNT(*) FROM sbtest.$1" || echo 0 ;;
	pgsql) dbserver_pgsql_sql --db=sbtest "SELECT COUNT(*) FROM pg_tables WHERE tablename = '$1'" | grep -q '^1$' &&
	         dbserver_pgsql_sql --db=sbtest "SELECT COUNT(*) FROM $1" || echo 0 ;;
	esac
}

# The driver's words and what changes between runs, masked.
tablecheck_mask() {
	sed -E 's/(mysql|pgsql)/DB/g; s/port=[0-9]+/port=PORT/; s#[^ ]*/bench #bench #;
	        s/sbtest2, sbtest1/sbtest1, sbtest2/; s/ids up to [0-9]+\)/ids up to N)/g'
}

# Two threads load tables 1 and 2 of 3 (plain INSERTs, slow enough to be
# caught): SIGINT a moment after both began inserting. env
# --default-signal: a background job of this shell starts with SIGINT
# ignored, which bench keeps.
tablecheck_interrupt_prepare() {
	local pid i
	env --default-signal=INT "$BENCH" oltp_read_write $OPTS --tables=3 --table-size=5000000 \
		--bulk_load=off --threads=2 prepare > prepare.out 2>&1 &
	pid=$!
	for i in $(seq 600); do
		[ "$(grep -c '^Inserting' prepare.out)" = 2 ] && break
		sleep 0.1
	done
	sleep 0.5
	kill -INT $pid
	wait $pid
	echo "exit $?"
	grep '^FATAL' prepare.out
}

tablecheck_all() (
	local cmd t n
	TC_KIND=$1
	case $1 in
	mysql) OPTS=$MY ;;
	pgsql) OPTS=$PG ;;
	esac
	mkdir -p "tc-$1" && cd "tc-$1" || exit 1
	{
		echo "== SIGINT during prepare: exit status and message"
		tablecheck_interrupt_prepare
		echo "== the two tables begun are partly loaded, the third missing"
		for t in sbtest1 sbtest2 sbtest3; do
			n=$(tablecheck_rows $t)
			echo "$t: $([ "$n" -eq 0 ] && echo missing || { [ "$n" -lt 5000000 ] && echo partly loaded; } || echo "$n rows")"
		done
		echo "== run with the prepare's options: warnings before the threads start"
		$BENCH oltp_point_select $OPTS --tables=3 --table-size=5000000 --events=10 --time=0 run 2>&1 | grep -E '^WARNING'
		echo "== run on the two tables: the short ones still run"
		$BENCH oltp_point_select $OPTS --tables=2 --table-size=5000000 --events=10 --time=0 run 2>&1 |
			grep -cE '^WARNING|transactions: +10 '
		echo "== the cleanup command of the message (password filled in)"
		cmd=$(sed -n 's/.*Remove what it created with: //p' prepare.out | sed "s/password=\*\*\*/password=$DB_PASSWORD/")
		$cmd > /dev/null 2>&1
		echo "exit $?; left: $(tablecheck_rows sbtest1) $(tablecheck_rows sbtest2) rows"
		echo "== the issue's case: --table-size=1000000 against 10000 rows"
		$BENCH oltp_point_select $OPTS --table-size=10000 prepare > /dev/null
		$BENCH oltp_point_select $OPTS --table-size=1000000 --events=10 --time=0 run 2>&1 | grep '^WARNING'
		echo "== a run that fits says nothing"
		$BENCH oltp_point_select $OPTS --table-size=10000 --events=10 --time=0 run 2>&1 | grep -c '^WARNING'
		$BENCH oltp_point_select $OPTS --table-size=10000 cleanup > /dev/null
	} 2>&1 | tablecheck_mask
)
