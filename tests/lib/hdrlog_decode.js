#!/usr/bin/env node
// SPDX-License-Identifier: GPL-2.0-or-later
// Decode a bench --hdr-log file with another HdrHistogram implementation
// (the npm package hdr-histogram-js, installed by .ci/run with
// `npm install --prefix tests/lib --no-save hdr-histogram-js`) and print
// statistics of the union of the selected intervals:
//
//   intervals: <number of interval lines used>
//   total count: <sum of all counts>
//   p<P>: <value at percentile P in ms, 6 decimals>   (one line per --percentile)
//   max: <highest recorded value in ms, 6 decimals>
//   tags: <tags seen in the file, comma-separated, "-" if none>
//
// Usage: node hdrlog_decode.js [--tag=NAME] [--percentile=P ...] FILE...
// With several FILEs, the union of the selected intervals of all of them
// (one histogram fed every instance's events, as bench merge should be).
// Without --tag, untagged lines are used; --tag=NAME uses that tag's lines.
// Default percentile: 99. Exit status 2 on usage or decoding errors, 77 when
// hdr-histogram-js is not installed.
"use strict";

const fs = require("fs");

let hdr;
try {
  hdr = require("hdr-histogram-js");
} catch (e) {
  console.log("SKIP: the npm package hdr-histogram-js is not installed; run " +
              "npm install --prefix tests/lib --no-save hdr-histogram-js");
  process.exit(77);
}

let tag = null;
const percentiles = [];
const files = [];
for (const arg of process.argv.slice(2)) {
  if (arg.startsWith("--tag=")) tag = arg.slice(6);
  else if (arg.startsWith("--percentile=")) percentiles.push(Number(arg.slice(13)));
  else files.push(arg);
}
if (files.length === 0 || percentiles.some((p) => !(p >= 0 && p <= 100))) {
  console.error("usage: hdrlog_decode.js [--tag=NAME] [--percentile=P ...] FILE...");
  process.exit(2);
}
if (percentiles.length === 0) percentiles.push(99);

const NO_TAG = "NO TAG"; // hdr-histogram-js's tag of untagged lines
const want = tag === null ? NO_TAG : tag;
let union = null;
let intervals = 0;
let content = "";
for (const file of files) {
  const text = fs.readFileSync(file, "utf8");
  content += text;
  // 64-bit buckets: the default (32) would overflow on long runs.
  const reader = new hdr.HistogramLogReader(text, 64);
  for (;;) {
    let h;
    try {
      h = reader.nextIntervalHistogram();
    } catch (e) {
      console.error("decoding error: " + e.message);
      process.exit(2);
    }
    if (h === null) break;
    if (h.tag !== want) continue;
    intervals++;
    if (union === null) {
      union = hdr.build({
        bitBucketSize: 64,
        lowestDiscernibleValue: 1,
        // an hour: other files' intervals may reach higher than the first's
        highestTrackableValue: Math.max(h.highestTrackableValue, 3600e9),
        numberOfSignificantValueDigits: h.numberOfSignificantValueDigits,
      });
    }
    union.add(h);
  }
}

const ms = (ns) => (ns / 1e6).toFixed(6);
const tags = hdr.listTags(content).filter((t) => t !== NO_TAG);
console.log("intervals: " + intervals);
console.log("total count: " + (union ? union.totalCount : 0));
for (const p of percentiles) {
  console.log("p" + p + ": " + (union ? ms(union.getValueAtPercentile(p)) : "-") + " ms");
}
console.log("max: " + (union ? ms(union.maxValue) : "-") + " ms");
console.log("tags: " + (tags.length ? tags.join(",") : "-"));
