#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Scale-out on one machine (issue 30): 4 instances of --threads=4, each in
# its own network namespace (tests/lib/netns.sh), started with random
# delays of 0-3 s and --barrier=db, against one throwaway MariaDB
# (tests/lib/dbserver.sh, listening on the namespaces' bridge), vs one
# instance of --threads=16 in a namespace against the same server, runs
# alternating. Prints, per round and overall:
#   tps ratio          merged tps of the 4 / tps of the 1 (goal >= 0.95)
#   cpu/tx ratio       client CPU seconds (user + sys of the bench
#                      processes) per transaction, 4 / 1 (goal 1 +- 5%)
#   barrier added      seconds from the last instance's arrival at the
#                      barrier (its "Waiting for ... at the database
#                      barrier" line, seen by a watcher polling every
#                      10 ms) to the agreed start (goal <= 1 s)
# Asserts nothing. Root only. Timings move with the machine's load: on a
# loaded machine compare the ratios of runs made side by side only.
#
# usage: perf/scale_netns.sh [BENCH_BINARY]
# env: ROUNDS (2), SECS (15), TABLES (4), TABLE_SIZE (10000),
#      WORKLOAD (oltp_read_only)
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
BENCH=${1:-$here/bench}
ROUNDS=${ROUNDS:-2}
SECS=${SECS:-15}
TABLES=${TABLES:-4}
TABLE_SIZE=${TABLE_SIZE:-10000}
WORKLOAD=${WORKLOAD:-oltp_read_only}
[ -x /usr/bin/time ] || { echo "/usr/bin/time not found (apt-get install time)"; exit 1; }

. "$here/tests/lib/netns.sh"
netns_usable || { echo "cannot run: $NETNS_WHY"; exit 1; }
. "$here/tests/lib/dbserver.sh"
dir=$(mktemp -d)
cd "$dir"
netns_setup 4 "bpf$$-" || exit 1
trap 'dbserver_stop_all; netns_teardown; rm -rf "$dir"' EXIT
DBSERVER_EXTRA_ADDR=$NETNS_HOST dbserver_start mysql >/dev/null
# the password through the environment, as the Job gives it
export MYSQL_PWD=$DB_PASSWORD
conn=(--db-driver=mysql --mysql-host="$NETNS_HOST" --mysql-port="$DB_MYSQL_PORT"
	--mysql-user="$DB_USER" --mysql-db="$DB_NAME" --tables="$TABLES" --table-size="$TABLE_SIZE")
"$BENCH" "$WORKLOAD" "${conn[@]}" --threads=4 prepare >/dev/null

# bench in namespace I under /usr/bin/time: OUT.I.log, OUT.I.time
inst() {
	local i=$1 out=$2
	shift 2
	netns_exec "$i" /usr/bin/time -f '%U %S' -o "$out.$i.time" \
		"$BENCH" "$WORKLOAD" "${conn[@]}" --time="$SECS" --report-format=json "$@" run \
		>"$out.$i.log" 2>&1
}

# prints "tps cpu_per_tx [added]" of the runs OUT.*
figures() {
	python3 - "$1" <<'PY'
import glob, json, sys
out = sys.argv[1]
fin, cpu = [], 0.0
for f in sorted(glob.glob(out + ".*.log")):
    fin += [json.loads(l) for l in open(f) if l.startswith("{") and '"final"' in l]
for f in glob.glob(out + ".*.time"):
    u, s = open(f).read().split()[-2:]
    cpu += float(u) + float(s)
tx = sum(d["events"] for d in fin)
tps = sum(d["tps"] for d in fin)
line = "%.1f %.3e" % (tps, cpu / tx)
try:
    arrived = max(float(l.split()[1]) for l in open(out + ".arrivals"))
    line += " %.3f" % (fin[0]["start_agreed"] - arrived)
except FileNotFoundError:
    pass
print(line)
PY
}

# the arrival time of each instance at the barrier, from its log (run it
# in the background)
watch_arrivals() {
	python3 - "$1" <<'PY'
import os, sys, time
out, seen = sys.argv[1], {}
while len(seen) < 4:
    for i in range(4):
        try:
            if i not in seen and "at the database barrier" in open("%s.%d.log" % (out, i)).read():
                seen[i] = time.time()
        except FileNotFoundError:
            pass
    time.sleep(0.01)
with open(out + ".arrivals", "w") as f:
    for i, t in sorted(seen.items()):
        f.write("%d %.3f\n" % (i, t))
PY
}

printf '%-6s %12s %12s %10s %12s %12s %10s\n' round "tps 4x4" "tps 1x16" "tps ratio" "cpu/tx 4x4" "cpu/tx 1x16" "cpu ratio"
: >all.txt
for r in $(seq "$ROUNDS"); do
	out=four$r
	watch_arrivals "$out" &
	w=$!
	pids=()
	for i in 0 1 2 3; do
		(sleep "$((RANDOM % 3)).$((RANDOM % 10))"; inst "$i" "$out" --threads=4 \
			--instance="$i/4" --barrier=db --run-id="perf$$r$r") &
		pids+=($!)
	done
	for p in "${pids[@]}"; do wait "$p"; done
	wait "$w"
	inst 0 "one$r" --threads=16
	read -r t4 c4 added < <(figures "$out")
	read -r t1 c1 < <(figures "one$r")
	echo "$t4 $c4 $t1 $c1 $added" >>all.txt
	awk -v r="$r" -v t4="$t4" -v c4="$c4" -v t1="$t1" -v c1="$c1" 'BEGIN {
		printf "%-6s %12.1f %12.1f %10.3f %12.3e %12.3e %10.3f\n", r, t4, t1, t4 / t1, c4, c1, c4 / c1 }'
	echo "       barrier added ${added} s beyond the last arrival"
done
awk '{ t4 += $1; c4 += $2; t1 += $3; c1 += $4; if ($5 > a) a = $5 }
	END { printf "all    tps ratio %.3f  cpu/tx ratio %.3f  barrier added at most %.3f s\n", t4 / t1, c4 / c1, a }' all.txt
