/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * report_fmt: the three report formats report.c dispatches to by
 * --report-format. Each prints one interval line and one full (checkpoint
 * or final) report from a stats snapshot. Private to src/stats/report*.c.
 *
 *   report_text.c  sysbench's text reports; runs the Lua report hooks
 *   report_json.c  one JSON object per line (and report_json_string)
 *   report_csv.c   one CSV row per line, the header before the first
 *
 * period: seconds the snapshot covers (p: the same, never 0); total / t:
 * seconds since the start. Called only from the reporting (main) thread.
 */
#ifndef BENCH_REPORT_FMT_H
#define BENCH_REPORT_FMT_H

#include <stdint.h>
#include "stats/report.h"

/* Text: the intermediate hook, then (unless it printed its own) the
 * interval line(s). */
int report_text_interval(const struct report_ctx *ctx, const struct stats_snap *s,
                         double t_now, double period, unsigned threads_running,
                         uint64_t queue_length, unsigned concurrency);
/* Text: the cumulative hook or the full report, with the summary hook's
 * block inside; st is the hooks' view of s. */
int report_text_full(const struct report_ctx *ctx, const struct stats_snap *s,
                     const sb_stat_t *st, double total, double period,
                     double checkpoint);

/* bench: --report-statements for fileio: "Latency per operation (ms):",
 * one line per kind of file operation seen (nothing when none). */
void report_text_file_ops(const struct stats_snap *s);

/* ob: what was sampled beside the run (NULL: nothing), for "host" and
 * "server". */
void report_json_interval(const struct core_cfg *cfg, const struct stats_snap *s,
                          double t_now, double p, unsigned threads_running,
                          uint64_t queue_length, unsigned concurrency,
                          const struct report_observer *ob);
/* A line {"type":"event","event":name,"time":0,"warmup_time":...}: a
 * moment of the run (time 0: statistics count from it). */
void report_json_event(const struct core_cfg *cfg, const char *name);
/* fair: see report_ctx (n 0: per thread). The final line (checkpoint 0)
 * carries status and the run's description (runinfo.h). */
void report_json_full(const struct core_cfg *cfg, const struct report_fair *fair,
                      const struct stats_snap *s,
                      double total, double p, int checkpoint,
                      enum report_status status, const struct report_observer *ob);

/* type: "interval", "checkpoint" or "final"; status: the last of
 * sysbench's columns ("running" but in the final row). ob (NULL: none):
 * what was sampled beside the run, as columns after status, named by the
 * header (obsflat.h paths, fixed by the first row); final: 1 the row
 * shows the observer's run figures, 0 the last interval's, -1 none (a
 * checkpoint: empty cells). */
void report_csv_row(const struct core_cfg *cfg, const char *type, double t,
                    unsigned threads, const struct stats_snap *s, double p,
                    const char *status, const struct report_observer *ob, int final);
/* After the final row: the run's description as "# key: value" lines. */
void report_csv_trailer(void);

/* The text report's line after a run that did not complete (nothing for
 * a completed one). */
void report_text_status(const struct core_cfg *cfg, enum report_status status,
                        double total);

#endif
