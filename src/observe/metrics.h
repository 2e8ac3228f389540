/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * metrics: bench's own live figures for Prometheus (--metrics-listen). An
 * HTTP server (libmicrohttpd, its own thread) answers GET /metrics in the
 * Prometheus text exposition format 0.0.4 while `run` goes: events and
 * transactions, queries by kind, errors, reconnects, a latency histogram,
 * the threads, the sweep's step, and the run's identity as the labels of
 * bench_run_info. docs/observe.md lists the names.
 *
 * The figures come from the run's statistics (stats.h) as the reports get
 * them: the scheduler's reporter hands each harvest's delta to
 * metrics_harvest (sched_set_harvest_hook), which adds it to totals
 * behind a mutex that only the reporter and the HTTP thread take; the
 * workers record as without it (no lock, no store more on their path).
 * The totals are those of the whole bench process: a sweep's steps add
 * up (Prometheus counters only reset when the process restarts), and the
 * last harvest is the final report's, so after a single run
 * bench_transactions_total is the report's "transactions:" count.
 *
 * Nothing it serves is secret: no option value but --threads, no command
 * line, no host or user name; the workload's name, the run id and bench's
 * version only. It binds 127.0.0.1 unless a HOST is given.
 *
 * Its options (--metrics-listen, --metrics-linger) are core options
 * (opt/core_opts.c), declared in builds without libmicrohttpd too.
 *
 * Every function is called from the main thread (metrics_harvest from
 * the reporter, which is the main thread during a run).
 */
#ifndef BENCH_METRICS_H
#define BENCH_METRICS_H

#include "stats/stats.h"

struct metrics;

/* The endpoint of a `run` when --metrics-listen is given (its server up
 * and answering with zeros), else *out = NULL. One FATAL line and a
 * negative errno for a bad value (-EINVAL), an address it cannot listen
 * on (-errno of bind: -EADDRINUSE...), or a build without libmicrohttpd
 * (-ENOTSUP). */
int metrics_create(struct metrics **out);
/* Stop the server and free. NULL-safe. */
void metrics_destroy(struct metrics *m);

/* A run (or a sweep's step: step 1..nsteps, 0 0 when not a sweep) of
 * `threads` threads begins / has ended (its final report printed).
 * NULL-safe. */
void metrics_run_begin(struct metrics *m, unsigned threads, unsigned step,
                       unsigned nsteps);
void metrics_run_end(struct metrics *m);

/* sched_harvest_fn (sched.h), ud the struct metrics: add one harvest. */
void metrics_harvest(const struct stats_snap *delta, unsigned running, void *ud);

/* How often the reporter harvests for it between its reports (seconds):
 * how old a scraped value may be. */
#define METRICS_PERIOD_S 1.0

/* --metrics-linger: seconds to keep serving after the last run (0 with
 * m NULL). */
double metrics_linger(const struct metrics *m);

/* One warning when --metrics-linger is given without --metrics-listen, or
 * --metrics-listen for a command other than run (cmd: its name). */
void metrics_warn_unused(const char *cmd);

#endif
