/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * prom: Prometheus exporters scraped over HTTP (libcurl) at the run's
 * report ticks (--prom-scrape): each exporter's /metrics in the text
 * format (promtext.h), the series the --prom-metrics selectors pick (or a
 * node_exporter default set), counters turned into per-interval deltas and
 * rates per second (a counter that went down restarted from 0), gauges as
 * read. The scrapes of one sample run side by side, from the reporting
 * thread, each bounded by the wait it is given: one not done by then is
 * cancelled and that sample skipped (its counts go to the next). An
 * exporter that cannot be scraped at the start, or a selector that matches
 * nothing there, is one warning, and the run goes on without it.
 * Called from one thread only.
 */
#ifndef BENCH_OBSERVE_PROM_H
#define BENCH_OBSERVE_PROM_H

#include <stdint.h>
#include <stdio.h>

struct obs_prom;

/* For the exporters urls[0..nurl-1] ("URL" or "NAME=URL"), the selectors
 * in metrics (a comma list; NULL or "": the default set, its disk series
 * limited to devs[0..ndev-1] when given). 0 and *out; -EINVAL after a
 * FATAL line (a bad selector or URL), -ENOTSUP in a build without libcurl,
 * -ENOMEM. Nothing is scraped yet. */
int obs_prom_create(const char *const *urls, unsigned nurl, const char *metrics,
                    const char *const *devs, unsigned ndev, int line, struct obs_prom **out);
void obs_prom_destroy(struct obs_prom *p);           /* NULL-safe */

/* Scrape every exporter still on, waiting at most wait_ns. point: 0 the
 * start (picks the series; warnings), 1 a tick (its figures become the
 * interval's), 2 the end. NULL-safe. */
void obs_prom_sample(struct obs_prom *p, int point, int64_t wait_ns);

/* ,"prom":{NAME:{...},...}: the last tick's interval, or (final) the run. */
void obs_prom_json(const struct obs_prom *p, FILE *f, int final);

/* --prom-stats-line: "[ <time>s ] prom NAME: ..." for each exporter. */
void obs_prom_line(const struct obs_prom *p, const char *time);

#endif
