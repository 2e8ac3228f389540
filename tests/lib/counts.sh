# SPDX-License-Identifier: GPL-2.0-or-later
# shellcheck shell=bash
# The counters of bench's (and sysbench's) SQL statistics block on one line,
# for the database transcript tests (db_*.t, sqlite.t, conn_*.t, legacy_*.t
# through legacy.sh). Source it from bash:
#
#   . "$BENCH_SRCDIR/tests/lib/counts.sh"
#   ... run | cnt                 # read R write W other O total T transactions X
#                                 #   events N ignored E reconnects C
#   ... run | cnt_wo              # the same with "write+other W+O" for write and other
#   ... run | cnt_wo --no-total   # and without the total
#
# cnt_wo is for statements whose split between write and other depends on
# the data (an UPDATE or DELETE that finds no row counts as other, as in
# sysbench). A counter missing from the report prints empty (cnt) or 0
# (write+other).

# The counters, |-separated (empty when absent), in cnt's order.
_counts_fields() {
	awk '$1 == "read:" { r = $2 } $1 == "write:" { w = $2 } $1 == "other:" { o = $2 }
	  $1 == "total:" { t = $2 } $1 == "transactions:" { x = $2 } $1 == "ignored" { e = $3 }
	  $1 == "reconnects:" { c = $2 } $1 == "total" && $4 == "events:" { n = $5 }
	  END { print r "|" w "|" o "|" t "|" x "|" n "|" e "|" c }'
}

cnt() {
	_counts_fields | awk -F'|' '{ printf "read %s write %s other %s total %s transactions %s events %s ignored %s reconnects %s\n", $1, $2, $3, $4, $5, $6, $7, $8 }'
}

cnt_wo() {
	local total=1
	[ "${1:-}" = --no-total ] && total=0
	_counts_fields | awk -F'|' -v total=$total '{
	  printf "read %s write+other %s", $1, $2 + $3
	  if (total) printf " total %s", $4
	  printf " transactions %s events %s ignored %s reconnects %s\n", $5, $6, $7, $8 }'
}
