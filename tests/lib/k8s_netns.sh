# SPDX-License-Identifier: GPL-2.0-or-later
# shellcheck shell=bash
# The pods of deploy/k8s's Jobs run in the network namespaces of
# tests/lib/netns.sh (scale_netns.t for MariaDB, scale_netns_pgsql.t for
# PostgreSQL). Source it after netns.sh and dbtest.sh; the current
# directory holds the pods' files:
#
#   k8s_pod_of VARIANT DIR   # what a pod of `kubectl kustomize deploy/k8s/VARIANT`
#                            # runs, into DIR (tests/lib/k8s_pod.js)
#   k8s_conf DIR KIND        # DIR's bench.conf as a user edits it for a small,
#                            # short run against the started KIND server
#                            # (mysql, pgsql), at its bridge address
#   k8s_job DIR [I...]       # pods I (all N = DIR's completions by default) at
#                            # once, each in namespace I after 0-3 s, output
#                            # (what `kubectl logs` shows) in DIR.I.log, its
#                            # pid in DIR.I.pid; prints "exit: 0 0 ..."
#   k8s_together DIR         # k8s_job DIR with a sleeper beside it, then the
#                            # lines of the start checks (start_agreed the same
#                            # in all, none began before it or more than 50 ms
#                            # plus the sleeper's worst wake-up delay after it)
#
# A pod gets what a cluster would give it: JOB_COMPLETION_INDEX, the
# Secret bench-db's password (DB_PASSWORD) in the variables the Job names,
# the ConfigMap's files where it mounts them (DIR/files).

k8s_pod_of() {
	mkdir -p "$2" && kubectl kustomize "$BENCH_SRCDIR/deploy/k8s/$1" 2>/dev/null |
		node "$BENCH_SRCDIR/tests/lib/k8s_pod.js" "$2"
}

k8s_conf() {
	local f=$1/files/bench.conf port
	case $2 in
	mysql) port=$DB_MYSQL_PORT ;;
	pgsql)
		port=$DB_PGSQL_PORT
		sed -i -E -e 's/^db-driver=mysql/db-driver=pgsql/; s/^mysql-(host|port|user|db)=/pgsql-\1=/' "$f"
		;;
	esac
	sed -i -E -e "s/^(mysql|pgsql)-host=.*/\1-host=$NETNS_HOST/; s/^(mysql|pgsql)-port=.*/\1-port=$port/" \
		-e 's/^tables=.*/tables=8/; s/^table-size=.*/table-size=500/; s/^threads=.*/threads=2/' \
		-e 's/^time=.*/time=2/; s/^warmup-time=.*/warmup-time=0/; s/^report-interval=.*/report-interval=1/' "$f"
}

# pod DIR I: pod I of DIR's Job, in namespace I, after 0-3 s (exec's)
_k8s_pod() {
	local d=$1 i=$2
	local a name kind sname key args=() envs=("JOB_COMPLETION_INDEX=$i") cmd mount
	mount=$(cat "$d/mount")
	while IFS= read -r a; do args+=("${a//$mount/$PWD/$d/files}"); done <"$d/args"
	cmd=$(cat "$d/command")
	[ "$cmd" = bench ] || { echo "command $cmd?"; return 1; }
	while read -r name kind sname key; do
		if [ "$kind" = secret ] && [ "$sname/$key" = bench-db/password ]; then
			envs+=("$name=$DB_PASSWORD")
		elif [ -z "$kind" ]; then
			envs+=("$name")
		else
			echo "env $name?"
			return 1
		fi
	done <"$d/env"
	sleep "$((RANDOM % 3)).$((RANDOM % 10))"
	# exported, not in argv: the password stays out of the process list
	export "${envs[@]}"
	echo "$BASHPID" >"$d.$i.pid"
	exec ip netns exec "$NETNS_PREFIX$i" timeout 120 "$BENCH" "${args[@]}" >"$d.$i.log" 2>&1
}

k8s_job() {
	local d=$1 i pids=() rcs=()
	shift
	[ $# -gt 0 ] || set -- $(seq 0 $(($(cat "$d/completions") - 1)))
	for i in "$@"; do
		(_k8s_pod "$d" "$i") &
		pids+=($!)
	done
	for i in "${pids[@]}"; do
		wait "$i"
		rcs+=($?)
	done
	echo "exit: ${rcs[*]}"
}

k8s_together() {
	local s
	rm -f stop.flag
	python3 - stop.flag >late.txt <<'PY' &
import os, sys, time
# the worst wake-up delay of a 10 ms sleep until the flag file appears
worst = 0.0
while not os.path.exists(sys.argv[1]):
    t = time.time(); time.sleep(0.01); worst = max(worst, time.time() - t - 0.01)
print("%.6f" % worst)
PY
	s=$!
	k8s_job "$1"
	touch stop.flag
	wait "$s"
	grep -h -E 'ALERT|WARNING|FATAL' "$1".*.log
	python3 - "$(cat late.txt)" "$1".*.log <<'PY'
import json, sys
margin = float(sys.argv[1])
fin = [json.loads(l) for f in sys.argv[2:] for l in open(f) if l.startswith("{") and '"final"' in l]
agreed = {d.get("start_agreed") for d in fin}
began = [d["run_began"] for d in fin]
print("finals", len(fin), "agreed starts", len(agreed), None not in agreed)
a = agreed.pop()
print("none before the agreed start:", all(b >= a - 0.001 - margin for b in began))
late = max(began) - a
print("none later than 50 ms + margin:", "yes" if late <= 0.050 + margin + 0.001 else "no: %.3f s, margin %.3f s" % (late, margin))
PY
}
