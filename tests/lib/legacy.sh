# SPDX-License-Identifier: GPL-2.0-or-later
# shellcheck shell=bash
# Helpers of the legacy-script transcript tests (legacy_*.t, field_cmdlines.t).
# sysbench's own scripts are GPL test data of another project: they are read
# from the peer directory, never copied into this tree.
#
#   legacy_peer || exit 80   # sets PEER, L10 (1.0.20's oltp_legacy), L05 (0.5's
#                            # tests/db); when absent, says why in $BENCH_SKIP_FILE
#   ... | cnt                # the SQL statistics counters on one line

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

cnt() {
	awk '$1 == "read:" { r = $2 } $1 == "write:" { w = $2 } $1 == "other:" { o = $2 }
	  $1 == "total:" { t = $2 } $1 == "transactions:" { x = $2 } $1 == "ignored" { e = $3 }
	  $1 == "reconnects:" { c = $2 } $1 == "total" && $4 == "events:" { n = $5 }
	  END { printf "read %s write %s other %s total %s transactions %s events %s ignored %s reconnects %s\n", r, w, o, t, x, n, e, c }'
}

# cnt for scripts whose statements hit a row or not at random (delete.lua:
# a DELETE of an id already deleted counts as "other", as in sysbench)
cnt_wo() {
	cnt | awk '{ printf "read %s write+other %s total %s transactions %s events %s ignored %s reconnects %s\n", $2, $4 + $6, $8, $10, $12, $14, $16 }'
}
