# SPDX-License-Identifier: GPL-2.0-or-later
# shellcheck shell=bash
# The start the perf scripts share that run clients against the throwaway
# servers of tests/lib/dbserver.sh (connections.sh, load.sh, oltp.sh,
# slap.sh, sweep.sh). Source it with `here` set to the source tree: it
# loads dbserver.sh, makes a work directory and goes there (on exit the
# directory is removed and the servers this shell started stop), and
# defines
#   median    the median of the numbers on stdin, one a line
#   run_figures  a run's tps, transactions and client CPU seconds

. "$here/tests/lib/dbserver.sh"
work=$(mktemp -d)
trap 'rm -rf "$work"; dbserver_stop_all' EXIT
cd "$work"

median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }

# run_figures REPORT TIMES: "tps transactions cpu_seconds" of a run, from
# its text report and /usr/bin/time -f 'CPU %U %S' -o TIMES
run_figures() {
	awk '/transactions:/ { n = $2; gsub(/[(]/, "", $3); tps = $3 }
	     END { printf "%s %s ", tps, n }' "$1"
	awk '/^CPU/ { printf "%.2f\n", $2 + $3 }' "$2"
}
