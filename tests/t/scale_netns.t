SPDX-License-Identifier: GPL-2.0-or-later

The Kubernetes Job of deploy/k8s as N "hosts" on this machine (issue 30):
N network namespaces joined by a bridge (tests/lib/netns.sh), a throwaway
MariaDB listening on the bridge too, and in each namespace one bench with
exactly the command, arguments and environment the rendered Job gives pod
I (`kubectl kustomize` output, read by tests/lib/k8s_pod.js), each after
a random delay of 0-3 s. Replaced, as a cluster would provide them: the
database host and port (the Service), JOB_COMPLETION_INDEX, the password
of the Secret bench-db, where the ConfigMap's files are. The ConfigMap's
bench.conf is edited as a user would (a small, short run). Root only.

  $ skip() { echo "$*" > "${BENCH_SKIP_FILE:-/dev/null}"; exit 80; }
  $ . "$BENCH_SRCDIR/tests/lib/netns.sh"
  $ netns_usable || skip "$NETNS_WHY"
  $ command -v kubectl >/dev/null || skip "no kubectl (Debian package kubernetes-client)"
  $ test -d "$BENCH_NODE_MODULES/js-yaml" -a -d "$BENCH_NODE_MODULES/hdr-histogram-js" ||
  >   echo "FAIL: npm install --prefix tests/lib --no-save hdr-histogram-js@3 kubernetes-models@5 js-yaml@4"
  $ . "$BENCH_SRCDIR/tests/lib/dbtest.sh"
  $ . "$BENCH_SRCDIR/tests/lib/k8s_netns.sh"
  $ k8s_pod_of . run && k8s_pod_of prepare prep && k8s_pod_of cleanup clean; echo "exit $?"
  exit 0
  $ N=$(cat run/completions); cat run/command; echo "N=$N"; cat run/env
  bench
  N=4
  MYSQL_PWD secret bench-db password
  PGPASSWORD secret bench-db password

The hosts, and the server reachable from them (on the bridge: a
namespace's 127.0.0.1 is its own):

  $ netns_setup "$N"
  $ DBSERVER_EXTRA_ADDR=$NETNS_HOST dbtest_start mysql
  $ trap 'dbserver_stop_all; netns_teardown' EXIT
  $ ip netns list | grep -c "^$NETNS_PREFIX"
  4
  $ netns_exec 0 timeout 60 $BENCH --db-driver=mysql --mysql-host=127.0.0.1 --mysql-port=$DB_MYSQL_PORT --mysql-user=sbtest --mysql-db=sbtest --mysql-password=x oltp_point_select --tables=1 prepare 2>&1 | grep -c -i "can't connect"; true
  1

The user's edit of the ConfigMap (sizes, and the Service's address that
a cluster's DNS would give); job DIR runs the pods of the Job in DIR,
pod I in namespace I, its output stream (as `kubectl logs` shows it) in
DIR.I.log (tests/lib/k8s_netns.sh):

  $ for d in run prep clean; do k8s_conf $d mysql; done
  $ grep -E '^(mysql-host|tables|time)=' run/files/bench.conf | sed "s/$NETNS_HOST/HOST/"
  mysql-host=HOST
  tables=8
  time=2
  $ job() { k8s_job "$@"; }

Prepare: each table by exactly one instance (table t by instance
(t-1) % N):

  $ job prep
  exit: 0 0 0 0
  $ cat prep.*.log | grep -o "Creating table 'sbtest[0-9]*'" | sort | uniq -c | awk '{ printf "%s", $1 } END { print "" }'
  11111111
  $ grep -o "sbtest[0-9]*'" prep.1.log | sort -u | tr '\n' ' '; echo
  sbtest2' sbtest6' 
  $ for t in $(seq 8); do dbserver_mysql_sql "SELECT COUNT(*) FROM sbtest$t"; done | sort | uniq -c | tr -s ' '
   8 500

The run, started together through the database (--barrier=db), while a
sleeper beside it measures how late this loaded machine wakes a process
(the margin of the start check): every instance has the same agreed start
and began within 50 ms of it (plus the margin):

  $ together() { k8s_together "$@"; }
  $ together run
  exit: 0 0 0 0
  finals 4 agreed starts 1 True
  none before the agreed start: True
  none later than 50 ms + margin: yes
  $ dbserver_mysql_sql "SELECT COUNT(*) FROM bench_barrier"
  0

The merge of the pods' logs: totals are the sums of the instances'
finals, percentiles those of one histogram of all instances' raw hdr
logs (decoded by hdr-histogram-js, tests/lib/hdrlog_decode.js):

  $ $BENCH merge --report-format=json run.*.log > merged.json; echo "exit $?"
  exit 0
  $ python3 - run.*.log <<'PY'
  > import json, sys
  > fin = [json.loads(l) for f in sys.argv[1:] for l in open(f) if l.startswith("{") and '"final"' in l]
  > m = [json.loads(l) for l in open("merged.json")][-1]
  > print(m["type"], m["instances"], m["instances_merged"], m["instances_missing"], m["hdr_logs"])
  > for k in ("events", "queries", "errors", "reconnects"):
  >     print(k, "the sum" if m[k] == sum(d[k] for d in fin) else "%s, not the sum" % m[k])
  > print("events > 0", m["events"] > 0)
  > print("threads", m["threads"], "sum", sum(d["threads"] for d in fin))
  > PY
  merged 4 4 [] 4
  events the sum
  queries the sum
  errors the sum
  reconnects the sum
  events > 0 True
  threads 8 sum 8
  $ for i in 0 1 2 3; do sed -n 's/^hdr: //p' run.$i.log > run.$i.hlog; done
  $ NODE_PATH=$BENCH_NODE_MODULES node "$BENCH_SRCDIR/tests/lib/hdrlog_decode.js" --percentile=50 --percentile=95 --percentile=99 run.?.hlog > js.txt
  $ python3 - <<'PY'
  > import json
  > m = [json.loads(l) for l in open("merged.json")][-1]["latency_ms"]
  > js = dict(l.split(": ") for l in open("js.txt").read().splitlines())
  > print("count", int(js["total count"]) == m["hdr_count"] == [json.loads(l) for l in open("merged.json")][-1]["events"])
  > for p in ("50", "95", "99"):
  >     a, b = m["percentiles"][p], float(js["p" + p].split()[0])
  >     print(p, "agrees" if b > 0 and abs(a - b) <= 0.001 * b else "differs: merge %s js %s" % (a, b))
  > PY
  count True
  50 agrees
  95 agrees
  99 agrees

--start-at instead of the barrier (the user's change of the Job's
arguments): every instance's agreed start is the given time, exactly, and
they start within 50 ms of each other (plus the margin):

  $ cp -r run sa; sed -i -e '/^--barrier/d' sa/args
  $ AT=$(($(date +%s) + 12)); sed -i -e "s/^run\$/--start-at=$AT\nrun/" sa/args; grep -c -- --start-at sa/args
  1
  $ together sa
  exit: 0 0 0 0
  finals 4 agreed starts 1 True
  none before the agreed start: True
  none later than 50 ms + margin: yes
  $ grep -h -o '"start_agreed":[0-9.]*' sa.0.log | sed "s/$AT\.000000/AT/"
  "start_agreed":AT

A pod killed during the run shows as missing in the merge:

  $ cp -r run kill; sed -i 's/^time=.*/time=8/' kill/files/bench.conf
  $ job kill > kill.exit 2>/dev/null & J=$!
  $ for _ in $(seq 600); do grep -q '"type":"interval"' kill.2.log 2>/dev/null && break; sleep 0.1; done
  $ pkill -KILL -P "$(cat kill.2.pid)"; wait $J 2>/dev/null; cat kill.exit
  exit: 0 0 137 0
  $ $BENCH merge kill.*.log 2>&1 | grep -E 'WARNING|Instances'
  WARNING: merge: 'kill.2.log' has no "type":"final" line (an instance that was stopped?): left out
  WARNING: merge: instance 2 of 0..3 missing: the merged figures cover 3 of 4 instances
  Instances: 3 of 4 merged (run *) (glob)

--barrier-timeout ends a run whose peer never comes (pod 3 is never
started), the error naming who is missing; the rows are removed:

  $ cp -r run lone; sed -i 's/^--barrier-timeout=.*/--barrier-timeout=10/' lone/args
  $ job lone 0 1 2
  exit: 1 1 1
  $ grep -h FATAL lone.*.log | sed 's/run [0-9a-f]*/run ID/' | sort -u
  FATAL: --barrier=db: 3 of 4 instances of run ID came within --barrier-timeout=10 s; missing: 3
  $ dbserver_mysql_sql "SELECT COUNT(*) FROM bench_barrier"
  0

Cleanup (deploy/k8s/cleanup): each table dropped by one instance:

  $ job clean
  exit: 0 0 0 0
  $ cat clean.*.log | grep -o "Dropping table 'sbtest[0-9]*'" | sort | uniq -c | awk '{ printf "%s", $1 } END { print "" }'
  11111111
  $ dbserver_mysql_sql "SHOW TABLES LIKE 'sbtest%'" | wc -l
  0

Unique keys across instances: the workload replaced by oltp_insert with
--auto_inc=off in the ConfigMap (prepare then makes empty tables, as
sysbench's oltp_insert does); every row any instance inserted is there (a
key two instances drew would fail an insert):

  $ for d in prep run; do cp -r $d ins$d; echo 'require("oltp_insert")' > ins$d/files/workload.lua; echo auto_inc=off >> ins$d/files/bench.conf; done
  $ job insprep
  exit: 0 0 0 0
  $ job insrun
  exit: 0 0 0 0
  $ grep -h -v '^{' insrun.*.log | grep -E 'Duplicate|FATAL|ALERT'
  [1]
  $ python3 - insrun.*.log <<'PY' > want.txt
  > import json, sys
  > print(sum(json.loads(l)["events"] for f in sys.argv[1:] for l in open(f) if l.startswith("{") and '"final"' in l))
  > PY
  $ got=0; for t in $(seq 8); do got=$((got + $(dbserver_mysql_sql "SELECT COUNT(*) FROM sbtest$t"))); done
  $ [ "$got" = "$(cat want.txt)" ] && [ "$got" -gt 0 ] && echo "rows: the events of all instances" || echo "rows $got, want $(cat want.txt)"
  rows: the events of all instances
