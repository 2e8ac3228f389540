#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Run one cram transcript test and report it as a single TAP result, so
# make check counts transcript tests next to the unit tests' assertions.
# A test that cannot run writes why to "$BENCH_SKIP_FILE" and exits 80:
# it is reported as "ok 1 - NAME # SKIP why".
t="$1"
name=$(basename "$t")
BENCH_SKIP_FILE=$(mktemp)
export BENCH_SKIP_FILE
# Sanitizer builds (.ci/run): every report of a process started by this
# test goes to $BENCH_SANITIZER_LOGS/NAME.PID, and any such file fails
# the test, whatever its transcript says (a report from a process whose
# stderr the test discards would otherwise go unseen).
if [ -n "${BENCH_SANITIZER_LOGS:-}" ]; then
	san_log="$BENCH_SANITIZER_LOGS/$name"
	rm -f "$san_log".*
	for v in ASAN_OPTIONS UBSAN_OPTIONS TSAN_OPTIONS LSAN_OPTIONS; do
		eval "cur=\${$v:-}"
		# shellcheck disable=SC2154
		eval "$v=\"\${cur:+\$cur:}log_path=\$san_log\""
		export "${v?}"
	done
fi
out=$(cram3 --shell=/bin/bash "$t" 2>&1)
rc=$?
echo "1..1"
san=
if [ -n "${BENCH_SANITIZER_LOGS:-}" ]; then
	san=$(cat "$san_log".* 2>/dev/null | head -c 20000)
fi
if [ -n "$san" ]; then
	printf '%s\n' "$out" | sed 's/^/# /'
	printf '%s\n' "$san" | sed 's/^/# /'
	echo "not ok 1 - $name # sanitizer report"
elif [ $rc -eq 0 ] && printf '%s\n' "$out" | grep -q ' 1 skipped,'; then
	echo "ok 1 - $name # SKIP $(head -n 1 "$BENCH_SKIP_FILE")"
elif [ $rc -eq 0 ]; then
	echo "ok 1 - $name"
else
	printf '%s\n' "$out" | sed 's/^/# /'
	echo "not ok 1 - $name"
fi
rm -f "$BENCH_SKIP_FILE"
# cram leaves NAME.t.err next to a failing test; the diff is in the log
rm -f "$t.err"
exit 0
