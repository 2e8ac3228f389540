SPDX-License-Identifier: GPL-2.0-or-later

Twin of scale_netns.t against PostgreSQL, fewer checks: the Job of
deploy/k8s as N network namespaces (tests/lib/netns.sh), its pods run as
the rendered manifest says (tests/lib/k8s_netns.sh), bench.conf switched
to the pgsql driver as a user would. Root only.

  $ skip() { echo "$*" > "${BENCH_SKIP_FILE:-/dev/null}"; exit 80; }
  $ . "$BENCH_SRCDIR/tests/lib/netns.sh"
  $ netns_usable || skip "$NETNS_WHY"
  $ command -v kubectl >/dev/null || skip "no kubectl (Debian package kubernetes-client)"
  $ test -d "$BENCH_NODE_MODULES/js-yaml" ||
  >   echo "FAIL: npm install --prefix tests/lib --no-save hdr-histogram-js@3 kubernetes-models@5 js-yaml@4"
  $ . "$BENCH_SRCDIR/tests/lib/dbtest.sh"
  $ . "$BENCH_SRCDIR/tests/lib/k8s_netns.sh"
  $ k8s_pod_of . run && k8s_pod_of prepare prep && k8s_pod_of cleanup clean; echo "exit $?"
  exit 0
  $ netns_setup "$(cat run/completions)"
  $ DBSERVER_EXTRA_ADDR=$NETNS_HOST dbtest_start pgsql
  $ trap 'dbserver_stop_all; netns_teardown' EXIT
  $ for d in run prep clean; do k8s_conf $d pgsql; done
  $ grep -E '^(db-driver|pgsql-host|pgsql-user)=' run/files/bench.conf | sed "s/$NETNS_HOST/HOST/"
  db-driver=pgsql
  pgsql-host=HOST
  pgsql-user=sbtest

Prepare: each table by exactly one instance; the run through the
barrier: one agreed start, none began before it or more than 50 ms (plus
the measured wake-up delay) after; the merged events are the sum:

  $ k8s_job prep
  exit: 0 0 0 0
  $ cat prep.*.log | grep -o "Creating table 'sbtest[0-9]*'" | sort | uniq -c | awk '{ printf "%s", $1 } END { print "" }'
  11111111
  $ for t in $(seq 8); do dbserver_pgsql_sql "SELECT COUNT(*) FROM sbtest$t"; done | sort | uniq -c | tr -s ' '
   8 500
  $ k8s_together run
  exit: 0 0 0 0
  finals 4 agreed starts 1 True
  none before the agreed start: True
  none later than 50 ms + margin: yes
  $ $BENCH merge --report-format=json run.*.log | tail -n 1 | python3 -c '
  > import glob, json, sys
  > m = json.load(sys.stdin)
  > s = sum(json.loads(l)["events"] for f in glob.glob("run.*.log") for l in open(f) if l.startswith("{") and "\"final\"" in l)
  > print(m["instances_merged"], m["instances_missing"], m["events"] == s > 0)'
  4 [] True

A pod that never comes: the others end after --barrier-timeout, naming
it; no row is left:

  $ cp -r run lone; sed -i 's/^--barrier-timeout=.*/--barrier-timeout=10/' lone/args
  $ k8s_job lone 0 1 2
  exit: 1 1 1
  $ grep -h FATAL lone.*.log | sed 's/run [0-9a-f]*/run ID/' | sort -u
  FATAL: --barrier=db: 3 of 4 instances of run ID came within --barrier-timeout=10 s; missing: 3
  $ dbserver_pgsql_sql "SELECT COUNT(*) FROM bench_barrier"
  0
  $ k8s_job clean
  exit: 0 0 0 0
  $ dbserver_pgsql_sql "SELECT COUNT(*) FROM pg_tables WHERE tablename LIKE 'sbtest%'"
  0
