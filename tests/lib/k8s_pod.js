// SPDX-License-Identifier: GPL-2.0-or-later
// k8s_pod.js DIR: what a pod of the rendered Job would run, from the YAML
// of `kubectl kustomize` on stdin (tests/t/scale_netns.t runs it on this
// machine, one process per network namespace). Writes into DIR:
//   command      the container's command, one word a line ("bench" when
//                the Job leaves it to the image's ENTRYPOINT)
//   args         its arguments, one a line
//   env          one line per variable: "NAME=VALUE", or
//                "NAME secret SECRET KEY" for a secretKeyRef
//   completions  the Job's completions (N)
//   mount        where the ConfigMap volume is mounted
//   files/NAME   the ConfigMap's files (kustomize's hash-suffixed one)
// Anything else a pod would need (another volume's contents, a field
// reference) is one line "k8s_pod: ..." on stderr and exit status 1.
// js-yaml comes from $BENCH_NODE_MODULES (tests/lib/node_modules).
"use strict";
const fs = require("fs");
const path = require("path");
const top = process.env.BENCH_NODE_MODULES || path.join(__dirname, "node_modules");
const yaml = require(path.join(top, "js-yaml"));

const die = (msg) => { console.error("k8s_pod: " + msg); process.exit(1); };
const dir = process.argv[2] || die("usage: k8s_pod.js DIR < rendered.yaml");
const docs = yaml.loadAll(fs.readFileSync(0, "utf8")).filter((d) => d);
const jobs = docs.filter((d) => d.kind === "Job");
if (jobs.length !== 1) die(`${jobs.length} Jobs rendered, want 1`);
const job = jobs[0];
const pod = job.spec.template.spec;
if (pod.containers.length !== 1) die(`${pod.containers.length} containers, want 1`);
const c = pod.containers[0];
const out = (name, lines) => fs.writeFileSync(path.join(dir, name), lines.map((l) => l + "\n").join(""));

fs.mkdirSync(path.join(dir, "files"), { recursive: true });
out("command", c.command || ["bench"]);
out("args", c.args || []);
out("completions", [job.spec.completions]);
out("env", (c.env || []).map((e) => {
  if (e.value !== undefined) return `${e.name}=${e.value}`;
  const s = e.valueFrom && e.valueFrom.secretKeyRef;
  if (!s) die(`env ${e.name}: only values and secretKeyRef are supported`);
  return `${e.name} secret ${s.name} ${s.key}`;
}));
let mount = null;
for (const m of c.volumeMounts || []) {
  const v = (pod.volumes || []).find((x) => x.name === m.name);
  if (!v || !v.configMap) die(`volume ${m.name} is not a ConfigMap`);
  const cm = docs.find((d) => d.kind === "ConfigMap" && d.metadata.name === v.configMap.name);
  if (!cm) die(`ConfigMap ${v.configMap.name} is not rendered`);
  for (const [k, text] of Object.entries(cm.data || {}))
    fs.writeFileSync(path.join(dir, "files", k), text);
  mount = m.mountPath;
}
if (mount === null) die("no ConfigMap mounted");
out("mount", [mount]);
