#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Runs sysbench 1.0.20's own test suite (shared/peer, not part of bench)
# against bench and against the real sysbench on the same servers, through
# the peer's run-sysbench-suite.sh, and judges the result strictly:
#
#   sysbench-suite.sh PEER_DIR SCRIPTDIR
#
# - the suite is copied and tests/sysbench-suite.patch applied to the copy;
#   that patch may only add bench's extra options to help texts and show
#   bench's program name (the patch's own header says so hunk by hunk);
# - no test may fail with bench alone (the harness's "N failed");
# - a test the patch touches must pass with bench, or fail exactly as the
#   reference fails it (the patch must not hide a failure of bench's);
# - a test that also fails with sysbench (its expectations are older than
#   the servers) must fail the same way: bench's diff and sysbench's diff,
#   with numbers masked, are equal.
# Needs the servers of tests/lib/dbserver.sh (DB_MYSQL_SOCKET,
# DB_PGSQL_SOCKETDIR, DB_PGSQL_PORT), cram, sysbench, BENCH and BENCH_SRCDIR.
# Prints one summary line per check and exits 0 when all hold.
set -u
PEER=$1 SCRIPTDIR=$2
REF=${SYSBENCH_REF:-$(command -v sysbench)}
[ -n "$REF" ] || { echo "sysbench-suite: no sysbench to compare with"; exit 2; }
W=$(mktemp -d "${TMPDIR:-/tmp}/bench-suite.XXXXXX")
trap 'rm -rf "$W"' EXIT
cp -r "$PEER/run-sysbench-suite.sh" "$PEER/sysbench-1.0.20" "$W/"
if ! (cd "$W" && patch -s -p1 <"$BENCH_SRCDIR/tests/sysbench-suite.patch"); then
	echo "sysbench-suite: the patch does not apply"
	exit 1
fi
touched=$(sed -n 's|^+++ b/sysbench-1.0.20/tests/\(t/[^ 	]*\.t\).*|\1|p' \
	"$BENCH_SRCDIR/tests/sysbench-suite.patch" | sort -u)

export MYSQL_SOCKET=$DB_MYSQL_SOCKET PGHOST=$DB_PGSQL_SOCKETDIR PGPORT=$DB_PGSQL_PORT PGUSER=postgres
KEEP=$W/out REF=$REF SCRIPTDIR=$SCRIPTDIR bash "$W/run-sysbench-suite.sh" "$BENCH" >"$W/summary" 2>&1
tail -1 "$W/summary" | sed 's/^/harness: /'
bad=0
grep -E '^FAIL ' "$W/summary" | sed 's/^/  /'
grep -qE '^FAIL ' "$W/summary" && bad=1

# one test's cram output out of a harness log, numbers and addresses masked
masked() {   # FILE TEST
	awk -v t="$2" '/^== [0-9]+ / { if ($3 == t) { printf "%s", buf; exit } buf = ""; next }
		{ buf = buf $0 "\n" }' "$1" |
		sed -E -e 's/0x[0-9a-f]+/0xX/g' -e 's/[0-9]+(\.[0-9]+)?/N/g' -e 's/ +/ /g'
}
same=0 differ=0 same_list=
for t in $(sed -n 's/^FAIL-BOTH \(t\/[^ ]*\).*/\1/p' "$W/summary"); do
	if diff <(masked "$W/out/bin.out" "$t") <(masked "$W/out/ref.out" "$t") >"$W/d"; then
		same=$((same + 1))
		same_list="$same_list $t"
	else
		differ=$((differ + 1))
		echo "  $t: bench fails it differently from sysbench:"
		head -40 "$W/d" | sed 's/^/    /'
		bad=1
	fi
done
echo "fail with sysbench too: $same with the same diff, $differ with another"
# a patched test passes with bench, or bench prints exactly what sysbench
# prints (its scripts' help, with SCRIPTDIR=/usr/share/sysbench)
for t in $touched; do
	case " $same_list " in *" $t "*) continue ;; esac
	grep -qE "^PASS(-ONLY-BIN)? $t\$" "$W/summary" || {
		echo "  $t (patched) does not pass with bench"
		bad=1
	}
done
if [ "$bad" != 0 ] && [ -n "${BENCH_SUITE_KEEP:-}" ]; then
	mkdir -p "$BENCH_SUITE_KEEP" && cp -r "$W/out" "$W/summary" "$BENCH_SUITE_KEEP/"
	echo "outputs kept in $BENCH_SUITE_KEEP"
fi
[ "$bad" = 0 ] && echo "sysbench suite: ok" || echo "sysbench suite: FAILED"
[ "$bad" = 0 ]
