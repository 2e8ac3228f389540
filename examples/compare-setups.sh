#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The README's recipe "Compare two storage setups", end to end on
# throwaway MariaDB servers (tests/lib/dbserver.sh, as ./demo.sh uses):
# the same OLTP workload against a server whose data directory is on disk
# (/var/tmp) and against one on a RAM disk (/dev/shm), each run a thread
# sweep that keeps its json results and HdrHistogram logs; then
# `bench compare` prints the side-by-side table and `bench plot` draws the
# charts. Every commit is durable (innodb_flush_log_at_trx_commit=1), so
# the storage shows.
#
# usage: examples/compare-setups.sh [OUTDIR]     (default: ./compare-out)
# env:   THREADS (1,4,16)  TIME (20)  TABLES (4)  TABLE_SIZE (10000)
#        SETUPS ("disk:/var/tmp ram:/dev/shm": NAME:DIRECTORY pairs)
#        BENCH (./bench)
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-compare-out}
THREADS=${THREADS:-1,4,16}
TIME=${TIME:-20}
TABLES=${TABLES:-4}
TABLE_SIZE=${TABLE_SIZE:-10000}
SETUPS=${SETUPS:-disk:/var/tmp ram:/dev/shm}
bench=${BENCH:-$here/bench}
mkdir -p "$out"

. "$here/tests/lib/dbserver.sh"
trap dbserver_stop_all EXIT
export DBSERVER_MYSQL_OPTS="--innodb-flush-log-at-trx-commit=1 ${DBSERVER_MYSQL_OPTS-}"
IFS=, read -ra counts <<<"$THREADS"
runs=() names=()
for setup in $SETUPS; do
	name=${setup%%:*} dir=${setup#*:}
	echo "== $name: MariaDB with its data in $dir"
	TMPDIR=$dir dbserver_start mysql
	# shellcheck disable=SC2207
	opts=($(dbserver_conn_opts mysql) --tables="$TABLES" --table-size="$TABLE_SIZE")
	"$bench" oltp_read_write "${opts[@]}" --threads=4 prepare >/dev/null
	"$bench" oltp_read_write "${opts[@]}" --threads="$THREADS" --time="$TIME" \
		--report-interval=1 --rand-seed=42 --percentile=50,95,99 \
		--report-format=json --hdr-log="$out/$name.hlog" run >"$out/$name.json" 2>"$out/$name.log"
	dbserver_stop mysql
	# the json, then its hdr log (one per step of a sweep: NAME-stepI-tT.hlog)
	runs+=("$out/$name.json")
	if [ "${#counts[@]}" -gt 1 ]; then
		for i in "${!counts[@]}"; do
			runs+=("$out/$name-step$((i + 1))-t${counts[i]}.hlog")
		done
	else
		runs+=("$out/$name.hlog")
	fi
	names+=("$name")
done
echo "== \$ bench compare ${runs[*]}"
"$bench" compare "${runs[@]}"
"$bench" compare --report-format=markdown "${runs[@]}" >"$out/compare.md"
"$bench" plot --title="oltp_read_write: ${names[*]}" "${runs[@]}" -o "$out/compare.png"
echo "== wrote $out/compare.md and $out/compare.png"
