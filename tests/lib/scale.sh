# SPDX-License-Identifier: GPL-2.0-or-later
# shellcheck shell=bash
# The scale-out twins (scale_mysql.t, scale_pgsql.t): N bench processes as
# one benchmark (--instance=I/N, docs/scale-out.md), started in the
# background each after a random delay, against the server dbtest_start
# started. Source it after dbtest.sh; each function prints stable lines:
#
#   scale_sql KIND "SQL"          # as root / postgres, rows tab-separated
#   scale_start N CMD...          # CMD --instance=I/N for I in 0..N-1 in the
#                                 # background (each after 0-0.4 s, the last
#                                 # one $SCALE_LATE s more), output in
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
	local n=$1 i late rcs=() pids=()
	shift
	rm -f inst.*.out inst.*.err
	for ((i = 0; i < n; i++)); do
		late=0
		[ "$i" -eq $((n - 1)) ] && late=${SCALE_LATE:-0}
		(sleep "$late.$((RANDOM % 5))"; exec "$@" --instance="$i/$n" >"inst.$i.out" 2>"inst.$i.err") &
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

# scale_twin KIND: the whole scenario against the started KIND server; a
# line "KIND: CHECK: got ..., want ..." per check that fails, then "KIND:
# N checks, F failed". The checks:
# prepare splits the tables, --barrier=db starts 3 instances together and
# --events adds up (in bench merge too), --start-at, a peer that never
# comes, cleanup, fewer tables than instances, disjoint keys of
# oltp_insert --auto_inc=off and bulk_insert.
scale_twin() {
	local k=$1 o at got checks=0 failed=0
	case $k in mysql) o=$MY ;; pgsql) o=$PG ;; esac
	# shellcheck disable=SC2086
	set -- $o
	_scale_say() { # CHECK GOT WANT
		checks=$((checks + 1))
		[ "$2" = "$3" ] && return
		failed=$((failed + 1))
		echo "$k: $1: got '$2', want '$3'"
	}
	got=$(scale_start 3 $B oltp_read_only "$@" --tables=5 --table-size=100 --threads=2 prepare)
	_scale_say "prepare exits" "$got" "exit: 0 0 0"
	got=$(cat inst.*.out | grep -o "Creating table 'sbtest[0-9]*'" | sort | uniq -c | awk '{ print $1 }' | tr -d '\n')
	_scale_say "prepare creates each of 5 tables once" "$got" "11111"
	got=$(grep -o "sbtest[0-9]" inst.1.out | sort -u | tr '\n' ' ')
	_scale_say "instance 1 of 3 prepares tables 2 and 5" "$got" "sbtest2 sbtest5 "
	got=$(for t in 1 2 3 4 5; do scale_sql "$k" "SELECT COUNT(*) FROM sbtest$t"; done | tr '\n' ' ')
	_scale_say "rows of each table" "$got" "100 100 100 100 100 "

	# the last instance 2 s late: the others wait for it
	got=$(SCALE_LATE=2 scale_start 3 $B oltp_read_only "$@" --tables=5 --table-size=100 --threads=2 --events=100 --time=0 \
		--report-format=json --barrier=db --barrier-timeout=60 run)
	_scale_say "barrier run exits" "$got" "exit: 0 0 0"
	_scale_say "events split, one run id" "$(scale_events)" "events: 34 33 33 sum: 100 run ids: 1 instances: [3]"
	_scale_say "barrier start" "$(scale_began)" "finals: 3 start spread < 1 s: yes"
	_scale_say "barrier run: no alert, warning or error" "$(cat inst.*.out inst.*.err | grep -cE 'ALERT|WARNING|FATAL')" "0"
	_scale_say "bench_barrier rows left" "$(scale_sql "$k" "SELECT COUNT(*) FROM bench_barrier")" "0"
	got=$($BENCH merge inst.0.out inst.1.out inst.2.out 2>&1 | grep -E "^ +total number of events:" | tr -s ' ')
	_scale_say "merged events" "$got" " total number of events: 100"

	at=$(($(date +%s) + 4))
	got=$(SCALE_LATE=2 scale_start 2 $B oltp_point_select "$@" --tables=5 --table-size=100 --time=1 --report-format=json --start-at=$at run)
	_scale_say "start-at run exits" "$got" "exit: 0 0"
	_scale_say "start-at start" "$(scale_began)" "finals: 2 start spread < 1 s: yes"
	got=$(python3 -c "import json,sys; b=[json.loads(l)['run_began'] for f in sys.argv[2:] for l in open(f) if 'final' in l]; print(all(x >= int(sys.argv[1]) - 0.01 for x in b))" $at inst.*.out)
	_scale_say "none began before --start-at" "$got" "True"

	got=$($B oltp_point_select "$@" --tables=5 --table-size=100 --time=1 --instance=0/3 --run-id=lonely \
		--barrier=db --barrier-timeout=1 run 2>&1 | grep FATAL | sed 's/run [0-9a-f]*/run ID/'; echo "exit ${PIPESTATUS[0]}")
	_scale_say "barrier timeout" "$(echo $got)" "FATAL: --barrier=db: 1 of 3 instances of run ID came within --barrier-timeout=1 s; missing: 1, 2 exit 1"
	_scale_say "bench_barrier rows left after the timeout" "$(scale_sql "$k" "SELECT COUNT(*) FROM bench_barrier")" "0"
	# instance 0 gives up first and removes its row: it came all the same,
	# and instance 1's error does not name it missing
	$B oltp_point_select "$@" --tables=5 --table-size=100 --time=1 --instance=0/3 --run-id=gaveup \
		--barrier=db --barrier-timeout=2 run >gaveup.0 2>&1 &
	o=$!
	$B oltp_point_select "$@" --tables=5 --table-size=100 --time=1 --instance=1/3 --run-id=gaveup \
		--barrier=db --barrier-timeout=6 run 2>&1 | grep FATAL | sed 's/run [0-9a-f]*/run ID/' >gaveup.1
	wait "$o"
	_scale_say "barrier timeout after a peer gave up" "$(cat gaveup.1)" "FATAL: --barrier=db: 2 of 3 instances of run ID came within --barrier-timeout=6 s; missing: 2"

	# SIGTERM during the wait: exit 1, the instance's row removed
	$BENCH oltp_point_select "$@" --tables=5 --table-size=100 --time=1 --instance=1/3 --barrier=db run >term.out 2>&1 &
	o=$!
	for _ in $(seq 100); do grep -q "at the database barrier" term.out && break; sleep 0.1; done
	kill -TERM "$o"
	wait "$o"
	got="exit $? $(grep -c 'FATAL: --barrier=db: interrupted while waiting for the other instances' term.out) $(grep -c ALERT term.out)"
	_scale_say "signal during the wait" "$got" "exit 1 1 0"
	_scale_say "bench_barrier rows left after the signal" "$(scale_sql "$k" "SELECT COUNT(*) FROM bench_barrier")" "0"

	got=$(scale_start 3 $B oltp_read_only "$@" --tables=5 cleanup)
	_scale_say "cleanup exits" "$got" "exit: 0 0 0"
	got=$(cat inst.*.out | grep -o "Dropping table 'sbtest[0-9]*'" | sort | uniq -c | awk '{ print $1 }' | tr -d '\n')
	_scale_say "cleanup drops each of 5 tables once" "$got" "11111"
	got=$(scale_start 3 $B oltp_read_only "$@" --tables=2 --table-size=10 prepare; grep -h "nothing to" inst.*.out)
	_scale_say "2 tables, 3 instances" "$(echo $got)" "exit: 0 0 0 Instance 2 of 3: none of the 2 table(s) is this instance's (table t goes to instance (t-1) % 3): nothing to prepare"
	_scale_say "2 tables cleanup" "$(scale_start 3 $B oltp_read_only "$@" --tables=2 cleanup)" "exit: 0 0 0"

	# the same --rand-seed: before the split, the instances drew the same ids
	$B oltp_insert "$@" --tables=2 --auto_inc=off prepare >/dev/null
	got=$(scale_start 3 $B oltp_insert "$@" --tables=2 --auto_inc=off --threads=2 --events=600 --time=0 --rand-seed=7 --report-format=json run)
	_scale_say "oltp_insert exits" "$got" "exit: 0 0 0"
	_scale_say "oltp_insert events" "$(scale_events)" "events: 200 200 200 sum: 600 run ids: 1 instances: [3]"
	got=$(scale_sql "$k" "SELECT COUNT(*), COUNT(DISTINCT id) FROM (SELECT id FROM sbtest1 UNION ALL SELECT id FROM sbtest2) AS u" | tr '\t' ' ')
	_scale_say "oltp_insert rows, distinct ids" "$got" "600 600"
	$B oltp_insert "$@" --tables=2 cleanup >/dev/null

	# one thread each: both instances write sbtest1 (a shared id would be
	# a duplicate key error); 3 threads: instance 0 creates sbtest1 and 3
	got=$(scale_start 2 $B bulk_insert "$@" --threads=3 prepare; cat inst.*.out | grep -o "Creating table 'sbtest[0-9]'" | sort | tr '\n' ' ')
	_scale_say "bulk_insert prepare" "$(echo $got)" "exit: 0 0 Creating table 'sbtest1' Creating table 'sbtest2' Creating table 'sbtest3'"
	_scale_say "bulk_insert run" "$(scale_start 2 $B bulk_insert "$@" --threads=1 --events=400 --time=0 run)" "exit: 0 0"
	got=$(scale_sql "$k" "SELECT COUNT(*), COUNT(DISTINCT id), MAX(id) FROM sbtest1" | tr '\t' ' ')
	_scale_say "bulk_insert rows, distinct ids" "$got" "400 400 400"
	_scale_say "bulk_insert cleanup" "$(scale_start 2 $B bulk_insert "$@" --threads=3 cleanup)" "exit: 0 0"
	echo "$k: $checks checks, $failed failed"
}
