/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * merge: `bench merge FILE...` combines the results of runs made at the
 * same time by several client hosts against one database.
 *
 * FILEs are --report-format=json outputs (their "final" line is used) and
 * --hdr-log files, recognized by content. Counts, rates and threads add
 * up, total time is the maximum, and latency percentiles are exact over
 * the union of all events: every untagged interval histogram of every hdr
 * log is added into one histogram (never averaged). Without hdr logs no
 * percentile is printed. Output: a text report in the layout of the final
 * report, or with --report-format=json one "type":"merged" line (see
 * docs/report-formats.md). Percentiles: --percentile if given, otherwise
 * the keys of the json final lines' latency_ms.percentiles (95 if none).
 */
#ifndef BENCH_MERGE_H
#define BENCH_MERGE_H

/* Run the merge of files[0..nfiles-1]; the global options (opt.h) must be
 * parsed. Returns the exit status: 0, or 1 after one FATAL line naming
 * the offending file on stderr. */
int merge_main(const char *const *files, unsigned nfiles);

#endif
