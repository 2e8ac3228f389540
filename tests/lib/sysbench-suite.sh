#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Runs sysbench 1.0.20's own test suite (shared/peer, not part of bench)
# against bench and against the real sysbench on the same servers, through
# the peer's run-sysbench-suite.sh, and judges the result strictly:
#
#   sysbench-suite.sh PEER_DIR BENCH_LUA_DIR
#
# Two harness runs, each with REF=sysbench: SCRIPTDIR=/usr/share/sysbench
# (sysbench's own workload scripts) and SCRIPTDIR=BENCH_LUA_DIR (bench's).
# The reference is real sysbench with its own scripts (the first run's
# reference output): with bench's scripts sysbench itself is no reference.
# - the suite is copied and tests/sysbench-suite.patch applied to the copy;
#   that patch may only add bench's extra options to help texts (the
#   patch's own header says so); bench runs as "sysbench" (the harness's
#   symlink, and BENCH_AS_SYSBENCH for the harness's own --version call),
#   printing sysbench's name and banner, so no hunk touches a name;
# - no test may fail with bench alone (the harness's "N failed");
# - a test that fails with sysbench too (its expectations are older than
#   the servers) must fail the same way: bench's diff and the reference's
#   diff, with numbers masked, are equal;
# - a test the patch touches must pass with bench, or fail exactly as the
#   reference does (the patch must not hide a failure of bench's).
# Needs the servers of tests/lib/dbserver.sh (DB_MYSQL_SOCKET,
# DB_PGSQL_SOCKETDIR, DB_PGSQL_PORT), cram, sysbench, BENCH and BENCH_SRCDIR.
# BENCH_SUITE_TESTS="t/a.t t/b.t" runs a subset; BENCH_SUITE_KEEP=DIR keeps
# the outputs of a failed check. BENCH_SUITE_REF_CACHE=DIR keeps the
# reference's outputs of a whole-suite run there and, when they are there
# already, uses them instead of running sysbench again (.ci/run: the
# sanitizer build's run reuses the normal build's; sysbench is the same). Prints a few summary lines per run and
# exits 0 when every check holds.
set -u
PEER=$1 LUADIR=$2
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
# the harness asks the binary's real path for --version (to rewrite the
# suite's banners for a binary of another name): bench's sysbench mode
# answers as the symlink the tests run does
export BENCH_AS_SYSBENCH=1

# one test's cram output out of a harness log, numbers and addresses masked,
# and the banner's "(using bench VERSION, " (bench's name inside sysbench's
# banner) dropped
masked() {   # FILE TEST
	awk -v t="$2" '/^== [0-9]+ / { if ($3 == t) { printf "%s", buf; exit } buf = ""; next }
		{ buf = buf $0 "\n" }' "$1" |
		sed -E -e 's/0x[0-9a-f]+/0xX/g' -e 's/[0-9]+(\.[0-9]+)?/N/g' -e 's/ +/ /g' \
			-e 's/(^|[^a-z_])bench([^a-z_]|$)/\1sysbench\2/g' -e 's/cramtests-[A-Za-z0-9_]+/cramtests-X/g' \
			-e 's/\(using sysbench [N.]+, /(using /'
}

# Tests where bench differs on purpose from what sysbench prints (where
# sysbench crashes, or a documented improvement the suite happens to see):
# tests/sysbench-suite.known, "RUN t/NAME.t reason" per line, RUN being
# sysbench or bench (whose scripts) or any.
known_reason() {   # RUN TEST
	awk -v r="$1" -v t="$2" '($1 == r || $1 == "any") && $2 == t {
		$1 = ""; $2 = ""; sub(/^  /, ""); print; exit }' \
		"$BENCH_SRCDIR/tests/sysbench-suite.known" 2>/dev/null
}

# The harness's verdict per test from OUT/bin.out and OUT/ref.out (as
# run-sysbench-suite.sh prints it with REF set), for cached reference runs.
classify() {   # OUT
	local pass=0 fail=0 rc t
	while read -r _ rc t; do
		if [ "$rc" = 0 ]; then
			if ! grep -q "^== 0 $t\$" "$1/ref.out"; then echo "PASS-ONLY-BIN $t"; else echo "PASS $t"; fi
			pass=$((pass + 1))
		elif ! grep -q "^== 0 $t\$" "$1/ref.out"; then echo "FAIL-BOTH $t (fails with the reference too)"
		else echo "FAIL $t"; fail=$((fail + 1)); fi
	done < <(grep -E '^== [0-9]+ ' "$1/bin.out")
	echo "$pass passed, $fail failed"
}

bad=0
judge() {   # NAME SCRIPTDIR: one harness run, judged against $W/sysbench/ref.out
	local name=$1 dir=$2 out=$W/$1 t same=0 differ=0 same_list=
	local cache=${BENCH_SUITE_REF_CACHE:+$BENCH_SUITE_REF_CACHE/$name.ref.out}
	if [ -n "$cache" ] && [ -s "$cache" ] && [ -z "${BENCH_SUITE_TESTS:-}" ]; then
		# the reference's outputs of an earlier run (.ci/run's sanitizer
		# build): bench alone, then the harness's classification redone
		# against them
		KEEP=$out SCRIPTDIR=$dir bash "$W/run-sysbench-suite.sh" "$BENCH" >/dev/null 2>&1
		cp "$cache" "$out/ref.out"
		classify "$out" >"$out.summary"
	else
		# shellcheck disable=SC2086 # a list of tests
		KEEP=$out REF=$REF SCRIPTDIR=$dir bash "$W/run-sysbench-suite.sh" "$BENCH" \
			${BENCH_SUITE_TESTS:-} >"$out.summary" 2>&1
		if [ -n "$cache" ] && [ -z "${BENCH_SUITE_TESTS:-}" ] && [ -s "$out/ref.out" ]; then
			mkdir -p "$BENCH_SUITE_REF_CACHE" && cp "$out/ref.out" "$cache"
		fi
	fi
	# The counts of passes move when a loaded machine makes a timing test
	# of the suite fail with sysbench (the reference) too; what is judged
	# does not: how many tests ran, how many failed with bench alone, how
	# many failed otherwise than with sysbench. The harness's own counts
	# follow a failure only.
	if grep -qE '^FAIL ' "$out.summary"; then
		echo "$name scripts: $(tail -1 "$out.summary")"
		grep -E '^FAIL ' "$out.summary" | sed 's/^/  /'
		bad=1
	fi
	for t in $(sed -n 's/^FAIL-BOTH \(t\/[^ ]*\).*/\1/p' "$out.summary"); do
		if diff <(masked "$out/bin.out" "$t") <(masked "$W/sysbench/ref.out" "$t") >"$W/d"; then
			same=$((same + 1))
			same_list="$same_list $t"
		elif [ -n "$(known_reason "$name" "$t")" ]; then
			same=$((same + 1))
			same_list="$same_list $t"
		else
			differ=$((differ + 1))
			echo "  $t: bench fails it differently from sysbench:"
			head -40 "$W/d" | sed 's/^/    /'
			bad=1
		fi
	done
	[ "$differ" = 0 ] ||
		echo "$name scripts: fail with sysbench too: $same with the same diff (or a documented one), $differ with another"
	echo "$name scripts: $(grep -cE '^== [0-9]+ ' "$out/bin.out") tests, $(grep -cE '^FAIL ' "$out.summary") failed with bench alone, $differ failed otherwise than with sysbench"
	for t in $touched; do
		case " $same_list " in *" $t "*) continue ;; esac
		grep -qE "^PASS(-ONLY-BIN)? $t\$" "$out.summary" ||
			grep -q "^== [0-9]* $t\$" "$out/bin.out" || continue   # not run (subset)
		grep -qE "^PASS(-ONLY-BIN)? $t\$" "$out.summary" || {
			echo "  $t (patched) does not pass with bench"
			bad=1
		}
	done
}
judge sysbench /usr/share/sysbench
judge bench "$LUADIR"

if [ "$bad" != 0 ] && [ -n "${BENCH_SUITE_KEEP:-}" ]; then
	mkdir -p "$BENCH_SUITE_KEEP" && cp -r "$W"/sysbench* "$W"/bench* "$BENCH_SUITE_KEEP/"
	echo "outputs kept in $BENCH_SUITE_KEEP"
fi
if [ "$bad" = 0 ]; then echo "sysbench suite: ok"; else echo "sysbench suite: FAILED"; fi
[ "$bad" = 0 ]
