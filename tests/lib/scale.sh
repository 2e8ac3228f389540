# SPDX-License-Identifier: GPL-2.0-or-later
# shellcheck shell=bash
# The scale-out twins (scale_mysql.t, scale_pgsql.t): N bench processes as
# one benchmark (--instance=I/N, docs/scale-out.md), started in the
# background each after a random delay, against the server dbtest_start
# started. Source it after dbtest.sh; each function prints stable lines:
#
#   scale_sql KIND "SQL"          # as root / postgres, rows tab-separated
#   scale_start N CMD...          # CMD --instance=I/N for I in 0..N-1 in the
#                                 # background (0-0.5 s apart), output in
#                                 # inst.I.out/.err; waits; "exit: 0 0 0"
#   scale_began                   # the spread of the json finals' run_began
#                                 # in inst.*.out: "start spread < 1 s: yes"
#   scale_events                  # events of each final and their sum

scale_sql() {
	local kind=$1
	shift
	case $kind in
	mysql) dbserver_mysql_sql "$@" ;;
	pgsql) dbserver_pgsql_sql "$@" ;;
	esac
}

scale_start() {
	local n=$1 i rcs=() pids=()
	shift
	rm -f inst.*.out inst.*.err
	for ((i = 0; i < n; i++)); do
		(sleep "0.$((RANDOM % 5))"; exec "$@" --instance="$i/$n" >"inst.$i.out" 2>"inst.$i.err") &
		pids+=($!)
	done
	for i in "${pids[@]}"; do
		wait "$i"
		rcs+=($?)
	done
	echo "exit: ${rcs[*]}"
}

scale_began() {
	python3 - inst.*.out <<'PY'
import json, sys
began = [json.loads(l)["run_began"] for f in sys.argv[1:] for l in open(f) if '"final"' in l]
print("finals:", len(began), "start spread < 1 s:", "yes" if max(began) - min(began) < 1.0 else "no %r" % began)
PY
}

scale_events() {
	python3 - inst.*.out <<'PY'
import json, sys
fin = [json.loads(l) for f in sys.argv[1:] for l in open(f) if '"final"' in l]
print("events:", " ".join(str(d["events"]) for d in sorted(fin, key=lambda d: d["instance"])),
      "sum:", sum(d["events"] for d in fin), "run ids:", len({d["run_id"] for d in fin}),
      "instances:", sorted({d["instances"] for d in fin}))
PY
}
