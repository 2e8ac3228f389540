/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * compare_obs: the rows of `bench compare` that come from what was
 * sampled beside the runs (the metric objects of their json final lines,
 * stats/obsflat.h): the per-transaction view (server page reads, logical
 * reads, fsyncs, log bytes and row lock waits per transaction; per disk
 * reads, writes and kB written per transaction; host CPU busy and iowait)
 * when any run has them, then the metrics that --metric's patterns name
 * (a counter per transaction, anything else as the run states it).
 *
 * One warning per run without any metric object when others have some.
 * Main thread only.
 */
#ifndef BENCH_COMPARE_OBS_H
#define BENCH_COMPARE_OBS_H

#include "results/runfile.h"

/* add(ud, key, title) returns a row's n values to fill (NAN: missing), or
 * NULL (out of memory, or no room). warn: say the warnings (the first
 * table only). Returns 0, or -1 when add failed. */
int compare_obs_rows(const struct runfile_run *const *run, unsigned n, int warn,
                     double *(*add)(void *ud, const char *key, const char *title),
                     void *ud);

#endif
