#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Time and peak memory of the result readers (bench merge, compare, plot)
# on a big json result: N interval lines (default 400000, about 174 MB)
# and one final line, made from a real run's lines. compare and plot read
# the interval lines one at a time (compare keeps none of them, plot keeps
# a downsampled time series of at most 4096 points); merge reads the
# final line only. Prints seconds and peak RSS (MB) of each, and of compare
# and plot on a file of N/10 lines (their peak RSS must not grow with N).
#
# Usage: perf/results.sh [N]   (BENCH=path/to/bench, default ./bench)
# Not a test: timings move with the machine's load.
set -euo pipefail
N=${1:-400000}
B=${BENCH:-./bench}
B=$(cd "$(dirname "$B")" && pwd)/$(basename "$B")
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cd "$dir"
"$B" cpu --time=1 --report-interval=0.5 --percentile=50,95,99 --report-format=json run > run.json 2>/dev/null
make_big() {
	python3 - "$1" > "$2" <<'PY'
import json, sys
lines = open("run.json").read().splitlines()
iv = json.loads(lines[0]); fin = lines[-1]
n = int(sys.argv[1]); out = sys.stdout
for i in range(n):
    iv["time"] = (i + 1) * 0.5
    out.write(json.dumps(iv, separators=(",", ":")) + "\n")
out.write(fin + "\n")
PY
}
make_big "$N" big.json
make_big $((N / 10)) small.json
echo "input: $N interval lines, $(($(stat -c %s big.json) / 1000000)) MB"
measure() {
	local what=$1; shift
	/usr/bin/time -f "%e %M" -o t.txt "$@" > /dev/null 2> err.txt || { cat err.txt; exit 1; }
	read -r sec kb < t.txt
	printf '%-28s %7.2f s %8.1f MB\n' "$what" "$sec" "$(echo "$kb / 1024" | bc -l)"
}
measure "merge" "$B" merge big.json
measure "compare" "$B" compare big.json
measure "compare (N/10 lines)" "$B" compare small.json
if command -v gnuplot > /dev/null; then
	measure "plot (svg)" "$B" plot big.json -o big.svg
	measure "plot (svg, N/10 lines)" "$B" plot small.json -o small.svg
fi
