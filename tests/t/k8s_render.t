SPDX-License-Identifier: GPL-2.0-or-later

The Kubernetes manifests of deploy/k8s (issue 30, docs/scale-out.md),
rendered offline with `kubectl kustomize` (Debian package
kubernetes-client; skipped without kubectl) and checked against the
Kubernetes API schemas (npm package kubernetes-models): the Indexed Job
and what it gives bench, the password kept out of argv and the manifests,
the prepare, shared-volume and merge variants; then what a pod runs
(bench-pod, the Job's arguments) and what the merge Job runs, here.

  $ skip() { echo "$*" > "${BENCH_SKIP_FILE:-/dev/null}"; exit 80; }
  $ command -v kubectl >/dev/null || skip "no kubectl (Debian package kubernetes-client)"
  $ for p in kubernetes-models js-yaml; do test -d "$BENCH_NODE_MODULES/$p" ||
  >   echo "FAIL: $p missing: npm install --prefix tests/lib --no-save hdr-histogram-js@3 kubernetes-models@5 js-yaml@4"; done
  $ K=$BENCH_SRCDIR/deploy/k8s
  $ render() { kubectl kustomize "$K/$1" 2> "$2.err" > "$2.yaml"; echo "render $1: $?"; grep -v -i -E 'warning|deprecated' "$2.err"; node "$BENCH_SRCDIR/tests/lib/k8s_check.js" < "$2.yaml" > "$2.json"; }
  $ render . run
  render .: 0
  $ render prepare prep
  render prepare: 0
  $ render shared-volume vol
  render shared-volume: 0
  $ render merge merge
  render merge: 0
  $ render cleanup clean
  render cleanup: 0

The objects (every one valid for its schema, or the lines above would
say INVALID):

  $ cat > objs.py <<'PY'
  > import json, sys
  > for f in sys.argv[1:]:
  >     print(f, " ".join(sorted(o["kind"] + "/" + o["metadata"]["name"].split("-")[0] + "-" + o["metadata"]["name"].split("-")[1] for o in json.load(open(f + ".json")))))
  > PY
  $ python3 objs.py run prep vol merge clean
  run ConfigMap/bench-workload Job/bench-run
  prep ConfigMap/bench-workload Job/bench-prepare
  vol ConfigMap/bench-workload Job/bench-run PersistentVolumeClaim/bench-results
  merge Job/bench-merge
  clean ConfigMap/bench-workload Job/bench-cleanup

The run: an Indexed Job of N = completions = parallelism = --instances
pods, started together through the database (--barrier=db), non-root,
with resource requests; the password comes from the Secret bench-db as
MYSQL_PWD/PGPASSWORD, neither in the arguments nor in any rendered object
(no Secret is rendered: it is created apart, docs/scale-out.md):

  $ cat > job.py <<'PY'
  > import json, sys
  > objs = json.load(open(sys.argv[1] + ".json"))
  > job = [o for o in objs if o["kind"] == "Job"][0]
  > s = job["spec"]; p = s["template"]["spec"]; c = p["containers"][0]
  > args = c["args"]
  > n = [int(a.split("=")[1]) for a in args if a.startswith("--instances=")]
  > print("mode", s["completionMode"], "N", s["completions"], s["parallelism"], n, "restart", p["restartPolicy"], "backoff", s["backoffLimit"])
  > print("barrier", [a for a in args if a.startswith("--barrier")], "last", args[-1])
  > print("nonroot", p["securityContext"]["runAsNonRoot"], p["securityContext"]["runAsUser"] > 0, "requests", sorted(c["resources"]["requests"]))
  > env = {e["name"]: e.get("valueFrom", {}).get("secretKeyRef") for e in c.get("env", [])}
  > print("secret", env.get("MYSQL_PWD"), env.get("PGPASSWORD") == env.get("MYSQL_PWD"))
  > print("password in args", any("password" in a.lower() for a in args), "Secret objects", sum(o["kind"] == "Secret" for o in objs))
  > conf = [o for o in objs if o["kind"] == "ConfigMap"][0]["data"]
  > print("config password", any("password" in l.lower() and not l.startswith("#") for l in conf["bench.conf"].splitlines()))
  > print("mounts", sorted((m["mountPath"], m.get("readOnly", False)) for m in c["volumeMounts"]), "command", c.get("command"))
  > PY
  $ python3 job.py run
  mode Indexed N 4 4 [4] restart Never backoff 0
  barrier ['--barrier=db', '--barrier-timeout=300'] last run
  nonroot True True requests ['cpu', 'memory']
  secret {'key': 'password', 'name': 'bench-db'} True
  password in args False Secret objects 0
  config password False
  mounts [('/etc/bench', True)] command None
  $ python3 job.py prep > prep.txt; head -n 2 prep.txt
  mode Indexed N 4 4 [4] restart Never backoff 0
  barrier [] last prepare
  $ python3 job.py clean > clean.txt; sed -n 2p clean.txt
  barrier [] last cleanup
  $ python3 job.py vol | tail -1
  mounts [('/etc/bench', True), ('/results', False)] command ['bench-pod']
  $ grep -c -i -E 'password *[:=] *[^ {]' run.yaml vol.yaml prep.yaml merge.yaml
  run.yaml:0
  vol.yaml:0
  prep.yaml:0
  merge.yaml:0
  [1]

The shared volume is ReadWriteMany (all pods write to it):

  $ python3 -c 'import json; print([o["spec"]["accessModes"] for o in json.load(open("vol.json")) if o["kind"] == "PersistentVolumeClaim"])'
  [['ReadWriteMany']]

What a pod runs: the Job's arguments, with the ConfigMap's files where the
pod mounts them and JOB_COMPLETION_INDEX set, parse (the command made
`help`, which checks every option and value and loads the workload
without a database). Options that this bench does not have yet are left
out and listed:

  $ mkdir etc
  $ python3 - <<'PY'
  > import json
  > objs = json.load(open("run.json"))
  > for k, v in [o for o in objs if o["kind"] == "ConfigMap"][0]["data"].items():
  >     open("etc/" + k, "w").write(v)
  > c = [o for o in objs if o["kind"] == "Job"][0]["spec"]["template"]["spec"]["containers"][0]
  > open("args.txt", "w").write("\n".join(a.replace("/etc/bench", "etc") for a in c["args"]) + "\n")
  > PY
  $ opts=$($BENCH --help)
  $ args=(); : > absent.txt
  $ while read -r a; do
  >   case $a in --*) grep -q -e "^ *${a%%=*}[=[ ]" <<< "$opts" || { echo "${a%%=*}" >> absent.txt; continue; } ;; esac
  >   args+=("$a"); done < args.txt
  $ grep -v -x -E -e '--(instances|barrier|barrier-timeout)' absent.txt
  [1]
  $ printf '%s\n' "${args[@]}" | sed -n '1p;$p'
  etc/workload.lua
  run
  $ JOB_COMPLETION_INDEX=1 $BENCH "${args[@]:0:${#args[@]}-1}" help > help.txt 2>&1; echo "exit $?"
  exit 0
  $ grep -c -- '--tables=N' help.txt
  1

The same check fails on an option bench does not know:

  $ JOB_COMPLETION_INDEX=1 $BENCH "${args[@]:0:${#args[@]}-1}" --no-such-option=1 help 2>&1 | tail -n 1; echo "exit ${PIPESTATUS[0]}"
  invalid option: --no-such-option=1
  exit 1

bench-pod (deploy/container, the shared-volume variant's command) runs
bench with the pod's arguments and keeps all it prints in
$BENCH_RESULTS/instance-I.log; then the merge Job's command, as rendered,
merges those files into merged.json and merged.txt:

  $ mkdir bin results
  $ ln -s "$BENCH" bin/bench
  $ for i in 0 1; do PATH=$PWD/bin:$PATH BENCH_RESULTS=$PWD/results JOB_COMPLETION_INDEX=$i \
  >   bash "$BENCH_SRCDIR/deploy/container/bench-pod" cpu --threads=1 --events=500 --time=0 --report-format=json --hdr-log=- run > pod$i.out; echo "exit $?"; done
  exit 0
  exit 0
  $ ls results; cmp pod0.out results/instance-0.log && echo same as the pod log
  instance-0.log
  instance-1.log
  same as the pod log
  $ PATH=$PWD/bin:$PATH BENCH_RESULTS=$PWD/results bash "$BENCH_SRCDIR/deploy/container/bench-pod" cpu --no-such-option=1 run > /dev/null; echo "exit $?"
  exit 1
  $ rm results/instance-0.log && mv results/instance-1.log results/instance-0.log
  $ PATH=$PWD/bin:$PATH BENCH_RESULTS=$PWD/results JOB_COMPLETION_INDEX=1 \
  >   bash "$BENCH_SRCDIR/deploy/container/bench-pod" cpu --threads=1 --events=500 --time=0 --report-format=json --hdr-log=- run > /dev/null
  $ python3 -c '
  > import json; j = json.load(open("merge.json"))[0]["spec"]["template"]["spec"]["containers"][0]
  > print(j["command"], sorted(m["mountPath"] for m in j["volumeMounts"]), j["securityContext"]["readOnlyRootFilesystem"])
  > open("merge.sh", "w").write(j["args"][0].replace("/results", "results"))'
  ['/bin/sh', '-c'] ['/results', '/tmp'] True
  $ PATH=$PWD/bin:$PATH sh merge.sh > merge.log; echo "exit $?"
  exit 0
  $ grep -E 'Merged|total number of events' merge.log | sed 's/host(s): .*/host(s): H/'
  Merged 2 json result file(s) and 2 hdr log(s) from client host(s): H
      total number of events:              1000
  $ grep '^{' merge.log | cmp - results/merged.json && echo the log holds merged.json
  the log holds merged.json
  $ tail -n 1 results/merged.json | python3 -c 'import json, sys; m = json.load(sys.stdin); print(m["type"], m["events"], m["hdr_logs"], m["latency_ms"]["percentiles_exact"])'
  merged 1000 2 True

The image: Debian 12, built from this tree, the workloads installed with
bench, an unprivileged user, bench-pod beside bench:

  $ C=$BENCH_SRCDIR/deploy/container/Containerfile
  $ grep -E '^FROM' "$C"
  FROM debian:12-slim AS build
  FROM debian:12-slim
  $ grep -c -E 'make install|COPY \. \.|COPY deploy/container/bench-pod' "$C"; grep -E '^USER' "$C"
  3
  USER 10001:10001

Its build stage installs the build dependencies CI installs (BENCH_DEPS_BUILD,
read from tests/lib/debian-deps.sh), its run-time stage the packages that
dpkg-shlibdeps finds the binary needs (libcurl, libmicrohttpd, ...), so
neither list can fall behind configure.ac; tests/pristine/build-image.sh
builds the image and runs it:

  $ grep -E '^COPY tests/lib/debian-deps.sh|install .*\$BENCH_DEPS_BUILD|&& dpkg-shlibdeps|\$\(cat /tmp/runtime-packages\)' "$C" | sed 's/^ *//'
  COPY tests/lib/debian-deps.sh /tmp/debian-deps.sh
  && apt-get update && apt-get install -y --no-install-recommends $BENCH_DEPS_BUILD \
  && dpkg-shlibdeps -O -e/out/usr/local/bin/bench \
  $(cat /tmp/runtime-packages) ca-certificates \
