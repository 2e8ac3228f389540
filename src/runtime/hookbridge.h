/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * hookbridge: the report hooks (sysbench.hooks.report_intermediate,
 * report_cumulative and bench's report_summary) as struct report_hooks
 * (src/stats/report.h) backed by a Lua state: each call gets a table of
 * sysbench's fields for that hook, bench's other figures behind its
 * metatable.
 *
 * main.c installs them on the main state; the reports call them on the
 * reporting (main) thread. It calls nothing in runtime.c.
 */
#ifndef BENCH_HOOKBRIDGE_H
#define BENCH_HOOKBRIDGE_H

#include "stats/report.h"

struct lrt;

/* Report hooks backed by this state (report_intermediate,
 * report_cumulative and bench's report_summary), NULL when undefined. */
void lrt_report_hooks(struct lrt *l, struct report_hooks *hooks);
/* After the final report (closes report_json's array). */
void lrt_report_end(struct lrt *l);

#endif
