/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * report_common: the helpers every report format shares (report.c's
 * dispatch, report_text.c, report_json.c, report_csv.c): the events a
 * snapshot counts, percentile labels, mean/stddev and the hook-failure
 * flag; report_common.c also holds report.h's shared functions (stat
 * fill, percentiles, time format, the json/csv stream). It calls none of the
 * formatters, so the formatters and the dispatch can both use it without a
 * circle. Private to src/stats/report*.c.
 *
 * Called only from the reporting (main) thread.
 */
#ifndef BENCH_REPORT_COMMON_H
#define BENCH_REPORT_COMMON_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "stats/report.h"
#include "stats/stats.h"

#define NS_PER_MS 1e6

/* Events for counts and rates: the timed ones plus those a script counted
 * with sb_counter_inc(SB_CNT_TRX) (averages use the timed ones only). */
static inline uint64_t report_events(const struct stats_snap *s)
{
	return s->events + s->ctr[STATS_EVENTS];
}

/* s as an RFC 4180 csv field: quoted when it holds a comma, a quote or
 * a line break (csv reports, `bench compare --report-format=csv`). */
void report_csv_field(FILE *f, const char *s);

/* Percentile label as sysbench prints it: "95" or "99.9". */
void report_pct_label(char *buf, size_t len, double pct);

/* Mean and population standard deviation of n values, each times scale. */
void report_mean_stddev(const uint64_t *v, unsigned n, double scale,
                        double *mean, double *sd);

/* The fairness block's figures: events and seconds of execution per
 * connection (f->n > 0) or per thread (s's). */
struct report_fair;
void report_fairness(const struct report_fair *f, const struct stats_snap *s,
                     double *ev_mean, double *ev_sd, double *t_mean, double *t_sd);

/* A report hook failed: report_hook_failed() then returns 1. */
void report_note_hook_failure(void);

#endif
