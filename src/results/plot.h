/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * plot: `bench plot RUN... -o FILE.png|FILE.svg|FILE.html` draws charts of
 * saved runs through gnuplot (Debian package gnuplot-nox), the plotting
 * tool of this ecosystem (fio2gnuplot, sysbench users' scripts): bench
 * writes the data and a gnuplot script into a temporary directory and runs
 * `gnuplot` from PATH on it.
 *
 * Charts, stacked in one picture, every run overlaid and named:
 *   - transactions (events) per second over time;
 *   - queries per second split into reads / writes / other (when any run
 *     has queries);
 *   - latency over time: p50 / p95 / p99 / max per interval, from the hdr
 *     log where given (else the percentiles the interval lines state);
 *   - the latency percentile distribution (HdrHistogram percentile
 *     spectrum, log-scaled tail), from the hdr log where given (else the
 *     few percentiles the final report states);
 *   - events per second and latency per interval by label
 *     (sysbench.stats.label), when a run has labels.
 * One run: a colour per series. Several: a colour per run, a dash type
 * per series (the chart's title says which), the legend names the runs.
 * Series without data and charts without series are left out (gnuplot
 * refuses an empty chart). .html is one self-contained page (the SVG
 * inline, no scripts, nothing fetched).
 * A time series of more than PLOT_MAX_POINTS intervals is downsampled as
 * it is read (runfile.h's max_points): memory does not grow with the
 * interval lines; stderr and the picture's title say so.
 */
#ifndef BENCH_PLOT_H
#define BENCH_PLOT_H

/* Run `bench plot` on the positional words after "plot"; see
 * compare_main for the contract. */
int plot_main(void);

#endif
