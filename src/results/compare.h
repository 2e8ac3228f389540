/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * compare: `bench compare RUN...` puts the final figures of two or more
 * runs side by side, with each run's ratio to the first (5.63x = 5.63
 * times the first run's value; below 1x for a latency means faster).
 *
 * RUNs are read by runfile (bench json results, each optionally followed
 * by its --hdr-log file, and sysbench 1.0.x text output); a sweep's json
 * gives one column per step. Rows: threads, time, events, tps, qps,
 * reads/writes/other per second (when any run has queries), latency avg,
 * one row per --percentile value (95,99 by default; exact from hdr logs,
 * else the value the file states, else missing), max, errors,
 * reconnects. Output (--report-format): text (an aligned table, the
 * default), markdown, csv or json (docs/report-formats.md).
 */
#ifndef BENCH_COMPARE_H
#define BENCH_COMPARE_H

/* Run `bench compare` on the positional words after "compare"; the global
 * options must be parsed, the compare options are declared here. Returns
 * the exit status: 0, or 1 after one error line on stderr. */
int compare_main(void);

#endif
