// SPDX-License-Identifier: GPL-2.0-or-later
// k8s_check.js: the YAML of `kubectl kustomize` on stdin -> one JSON array
// of its objects on stdout, after checking each against the Kubernetes API
// schema of its kind (npm package kubernetes-models). A schema error is one
// line "INVALID Kind/name: why" on stderr and exit status 1; a kind it has
// no model for is "UNCHECKED Kind/name" on stderr.
// The packages come from $BENCH_NODE_MODULES (kubernetes-models is ES
// modules only: imported by file, as NODE_PATH does not reach them).
"use strict";
const fs = require("fs");
const path = require("path");
const { pathToFileURL } = require("url");
const top = process.env.BENCH_NODE_MODULES || path.join(__dirname, "node_modules");
const yaml = require(path.join(top, "js-yaml"));
const model = (group, kind) => async () =>
  (await import(pathToFileURL(path.join(top, "kubernetes-models", group, "index.js"))))[kind];
const models = {
  "batch/v1 Job": model("batch/v1", "Job"),
  "v1 ConfigMap": model("v1", "ConfigMap"),
  "v1 Secret": model("v1", "Secret"),
  "v1 PersistentVolumeClaim": model("v1", "PersistentVolumeClaim"),
};

(async () => {
  const docs = yaml.loadAll(fs.readFileSync(0, "utf8")).filter((d) => d);
  let bad = 0;
  for (const d of docs) {
    const what = `${d.kind}/${d.metadata && d.metadata.name}`;
    const m = models[`${d.apiVersion} ${d.kind}`];
    if (!m) {
      console.error(`UNCHECKED ${what}`);
      continue;
    }
    try {
      new (await m())(d).validate();
    } catch (e) {
      console.error(`INVALID ${what}: ${String(e.message).split("\n")[0]}`);
      bad = 1;
    }
  }
  process.stdout.write(JSON.stringify(docs) + "\n");
  process.exit(bad);
})();
