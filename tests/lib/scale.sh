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
#                                 # one, or instance $SCALE_LATE_INSTANCE,
#                                 # $SCALE_LATE s more; none of the
#                                 # instances listed in $SCALE_SKIP), output in
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
		case " ${SCALE_SKIP-} " in *" $i "*) continue ;; esac
		late=0
		[ "$i" -eq "${SCALE_LATE_INSTANCE:-$((n - 1))}" ] && late=${SCALE_LATE:-0}
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

# _scale_say CHECK GOT WANT: one check of scale_twin or scale_rows (their
# locals k, checks and failed, by bash's dynamic scope): a line when GOT
# is not WANT.
_scale_say() {
	checks=$((checks + 1))
	[ "$2" = "$3" ] && return
	failed=$((failed + 1))
	echo "$k: $1: got '$2', want '$3'"
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
	got=$(scale_start 3 $B oltp_read_only "$@" --tables=2 --table-size=10 prepare; grep -ch "nothing to" inst.*.out | tr '\n' ' ')
	_scale_say "2 tables, 3 instances" "$(echo $got)" "exit: 0 0 0 0 0 0"
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

# scale_rows KIND: fewer tables than instances: the instances sharing a
# table split its rows (docs/scale-out.md). Lines as scale_twin's. The
# checks: 4 instances load --tables=1 and --tables=2 as one process does
# (rows, ids 1..table_size each once, the secondary index, the next
# auto-increment id), prewarm, cleanup drops each table once, a missing
# sharer or creator ends with one FATAL line after --barrier-timeout.
scale_rows() {
	local k=$1 o got want checks=0 failed=0 t
	case $k in mysql) o=$MY ;; pgsql) o=$PG ;; esac
	# shellcheck disable=SC2086
	set -- $o
	# TABLE: rows, distinct ids, lowest, highest; the index k_N; then the
	# id an INSERT without one takes (the row removed again)
	_scale_table() {
		local t=$1 idx
		case $k in
		mysql) idx="SELECT COUNT(*) FROM information_schema.statistics WHERE table_schema = DATABASE() AND table_name = 'sbtest$t' AND index_name = 'k_$t'" ;;
		pgsql) idx="SELECT COUNT(*) FROM pg_indexes WHERE tablename = 'sbtest$t' AND indexname = 'k_$t'" ;;
		esac
		scale_sql "$k" "SELECT COUNT(*), COUNT(DISTINCT id), MIN(id), MAX(id) FROM sbtest$t" | tr '\t' ' '
		echo " index $(scale_sql "$k" "$idx")"
		scale_sql "$k" "INSERT INTO sbtest$t (k, c, pad) VALUES (1, 'x', 'y')"
		echo " next id $(scale_sql "$k" "SELECT MAX(id) FROM sbtest$t")"
		scale_sql "$k" "DELETE FROM sbtest$t WHERE c = 'x'"
	}
	# one process: what the instances must give
	$B oltp_read_only "$@" --tables=1 --table-size=1000 --threads=2 prepare >one.out 2>&1
	want=$(_scale_table 1 | tr -d '\n')
	_scale_say "one process's table" "$want" "1000 1000 1 1000 index 1 next id 1001"
	$B oltp_read_only "$@" --tables=1 cleanup >/dev/null
	# the creator 2 s late, into a database without bench_barrier: the
	# others wait for the table it makes
	scale_sql "$k" "DROP TABLE IF EXISTS bench_barrier" 2>/dev/null
	got=$(SCALE_LATE=2 SCALE_LATE_INSTANCE=0 scale_start 4 $B oltp_read_only "$@" --tables=1 --table-size=1000 --threads=2 prepare)
	_scale_say "4 instances, 1 table: prepare exits" "$got" "exit: 0 0 0 0"
	_scale_say "the table, as one process's" "$(_scale_table 1 | tr -d '\n')" "$want"
	got=$(cat inst.*.out | grep -cE "Creating table 'sbtest1'|Creating a secondary index on 'sbtest1'")
	_scale_say "created and indexed once" "$got" "2"
	got=$(cat inst.*.out | grep -oE "Inserting records [0-9]+\.\.[0-9]+ of 1000 into 'sbtest1' \(instance . of 4, part . of 4\)" | sort | tr '\n' ';')
	_scale_say "each instance's rows" "$got" "Inserting records 1..250 of 1000 into 'sbtest1' (instance 0 of 4, part 1 of 4);Inserting records 251..500 of 1000 into 'sbtest1' (instance 1 of 4, part 2 of 4);Inserting records 501..750 of 1000 into 'sbtest1' (instance 2 of 4, part 3 of 4);Inserting records 751..1000 of 1000 into 'sbtest1' (instance 3 of 4, part 4 of 4);"
	_scale_say "no coordination rows left" "$(scale_sql "$k" "SELECT COUNT(*) FROM bench_barrier")" "0"
	_scale_say "4 instances prewarm" "$(scale_start 4 $B oltp_read_only "$@" --tables=1 --table-size=1000 prewarm; cat inst.*.out | grep -c 'Prewarming table sbtest1 (ids')" "exit: 0 0 0 0
4"
	got=$(scale_start 4 $B oltp_read_only "$@" --tables=1 cleanup; cat inst.*.out | grep -c "Dropping table 'sbtest1'"; cat inst.*.err | grep -c .)
	_scale_say "4 instances clean up" "$(echo $got)" "exit: 0 0 0 0 1 0"
	_scale_say "nothing left" "$(scale_sql "$k" "SELECT COUNT(*) FROM information_schema.tables WHERE table_name LIKE 'sbtest%'")" "0"

	# two tables over 4 instances: 0 and 2 share sbtest1, 1 and 3 sbtest2
	got=$(scale_start 4 $B oltp_read_only "$@" --tables=2 --table-size=1000 --threads=3 prepare)
	_scale_say "4 instances, 2 tables: prepare exits" "$got" "exit: 0 0 0 0"
	got=$(for t in 1 2; do _scale_table $t | tr -d '\n'; echo; done)
	_scale_say "2 tables" "$(echo $got)" "1000 1000 1 1000 index 1 next id 1001 1000 1000 1 1000 index 1 next id 1001"
	got=$(grep -h "Creating table" inst.1.out inst.3.out | tr '\n' ' ')
	_scale_say "instance 1 creates sbtest2" "$got" "Creating table 'sbtest2'... "
	got=$(scale_start 4 $B oltp_read_only "$@" --tables=2 cleanup; cat inst.*.out | grep -o "Dropping table 'sbtest[0-9]'" | sort | tr '\n' ' ')
	_scale_say "2 tables clean up" "$(echo $got)" "exit: 0 0 0 0 Dropping table 'sbtest1' Dropping table 'sbtest2'"
	_scale_say "nothing left (2 tables)" "$(scale_sql "$k" "SELECT COUNT(*) FROM information_schema.tables WHERE table_name LIKE 'sbtest%'")" "0"

	# a sharer that never comes: the creator gives up, naming it
	got=$(SCALE_SKIP=3 scale_start 4 $B oltp_read_only "$@" --tables=1 --table-size=1000 --barrier-timeout=2 prepare; cat inst.*.out inst.*.err | grep FATAL)
	_scale_say "missing sharer" "$(echo $got)" "exit: 1 0 0 FATAL: prepare: waited for the instances sharing 'sbtest1' to load their rows: 2 of 3 done within --barrier-timeout=2 s; missing: 3"
	_scale_say "no coordination rows left (sharer)" "$(scale_sql "$k" "SELECT COUNT(*) FROM bench_barrier")" "0"
	$B oltp_read_only "$@" --tables=1 cleanup >/dev/null
	# the creator never comes: the others give up, naming it
	got=$(SCALE_SKIP=0 scale_start 4 $B oltp_read_only "$@" --tables=1 --table-size=1000 --barrier-timeout=2 prepare; cat inst.*.out inst.*.err | grep FATAL | sort -u)
	_scale_say "missing creator" "$(echo $got)" "exit: 1 1 1 FATAL: prepare: waited for instance 0 to create 'sbtest1': 0 of 1 done within --barrier-timeout=2 s; missing: 0"
	_scale_say "no table made" "$(scale_sql "$k" "SELECT COUNT(*) FROM information_schema.tables WHERE table_name LIKE 'sbtest%'")" "0"
	echo "$k: $checks checks, $failed failed"
}
