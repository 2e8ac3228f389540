# SPDX-License-Identifier: GPL-2.0-or-later
# shellcheck shell=bash
# Helpers of the legacy-script transcript tests (legacy_*.t, field_cmdlines.t).
# sysbench's own scripts are GPL test data of another project: they are read
# from the peer directory, never copied into this tree.
#
#   legacy_peer || exit 80   # sets PEER, L10 (1.0.20's oltp_legacy), L05 (0.5's
#                            # tests/db); when absent, says why in $BENCH_SKIP_FILE
#   ... | cnt, cnt_wo        # the SQL statistics counters on one line (counts.sh)
#   legacy_each OPTS DIR SCRIPT...     # each script: prepare, ten events, cleanup
#   legacy_as_sysbench OPTS SCRIPT...  # 1.0.20's scripts count as under sysbench
#
# The last two run "$B" (bench, with its timeout) and call the test's
# tables() (the number of tables left).

. "${BASH_SOURCE[0]%/*}/counts.sh"

legacy_peer() {
	PEER=${BENCH_PEER_DIR:-$BENCH_SRCDIR/../shared/peer}
	L10=$PEER/sysbench-1.0.20/tests/include/oltp_legacy
	L05=$PEER/sysbench-0.5-db
	if [ -f "$L10/oltp.lua" ] && [ -f "$L05/oltp.lua" ]; then
		return 0
	fi
	echo "sysbench's legacy scripts not found under $PEER (sysbench-1.0.20/tests/include/oltp_legacy, sysbench-0.5-db); set BENCH_PEER_DIR" \
		> "${BENCH_SKIP_FILE:-/dev/null}"
	echo "SKIP: no legacy scripts under $PEER" >&2
	return 1
}

# Each script (DIR/SCRIPT.lua) with connection options OPTS: prepare, run
# ten events on one thread (one line of counters, write and other added up
# for delete.lua), cleanup, and no table left; a failing prepare or
# cleanup prints its output.
legacy_each() {
	local opts=$1 d=$2 s c o; shift 2
	for s in "$@"; do
		o="$opts --oltp-table-size=100 --oltp-tables-count=2"
		$B --test=$d/$s.lua $o prepare > p.out 2>&1 || { echo "$s: prepare failed"; cat p.out; }
		c=cnt; [ $s = delete ] && c=cnt_wo
		printf '%-22s %s\n' "$s:" "$($B --test=$d/$s.lua $o --max-requests=10 --num-threads=1 run 2>&1 | $c)"
		$B --test=$d/$s.lua $o cleanup > c.out 2>&1 || { echo "$s: cleanup failed"; cat c.out; }
		[ "$(tables)" = 0 ] || echo "$s: tables left: $(tables)"
	done
}

# Where the real sysbench 1.0.20 is installed: 1.0.20's SCRIPTs (under
# $L10) count the same statements under bench and under sysbench; prints
# the counters of both for each that differs.
legacy_as_sysbench() {
	local opts=$1 s b o; shift
	command -v sysbench > /dev/null || return 0
	for s in "$@"; do
		o="$opts --oltp-table-size=100 --oltp-tables-count=2"
		for b in "$B" sysbench; do
			$b --test=$L10/$s.lua $o prepare > /dev/null 2>&1
			$b --test=$L10/$s.lua $o --max-requests=10 run 2>&1 | cnt_wo > "$s.$(basename "${b##* }")"
			$b --test=$L10/$s.lua $o cleanup > /dev/null 2>&1
		done
		cmp -s "$s.bench" "$s.sysbench" || { echo "$s differs:"; cat "$s.bench" "$s.sysbench"; }
	done
}
