# SPDX-License-Identifier: GPL-2.0-or-later
# shellcheck shell=bash
# The common start of the perf scripts that time bench and sysbench 1.0.20
# on the built-in tests (builtins.sh, memory.sh): source it after BENCH and
# SYSBENCH are set. It checks the tools, moves into a throwaway work folder
# (removed at exit) and defines ratio A B (A/B with two decimals, 0 when B
# is 0).
command -v "$SYSBENCH" >/dev/null || { echo "sysbench not found (apt-get install sysbench)"; exit 1; }
[ -x "$BENCH" ] || { echo "bench binary not found: $BENCH"; exit 1; }
BENCH=$(readlink -f "$BENCH")   # the runs happen in the work folder
[ -x /usr/bin/time ] || { echo "/usr/bin/time not found (apt-get install time)"; exit 1; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }'; }
