/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * compare_diff: what `bench compare` says above its table about the runs
 * it compares, from what their result files state (runfile.h's status
 * and final object): one line per workload, option, database server or its
 * setting whose value is not the same in every run that states it, and
 * WARNING lines (stderr) for runs that did not complete and for runs of
 * different workloads. Main thread only.
 */
#ifndef BENCH_COMPARE_DIFF_H
#define BENCH_COMPARE_DIFF_H

#include <stdio.h>
#include "results/runfile.h"

/* Print the differences of set's runs onto out (nothing when there is
 * none) and the warnings. 0, or -ENOMEM. */
int compare_diff_print(FILE *out, const struct runfile_set *set);

#endif
