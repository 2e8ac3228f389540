/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * obsflat: the metric objects of a json report line (what --server-stats,
 * --host-stats and any later source sampled beside the run) as a flat
 * list of named values, for the views that are not json: csv columns,
 * `bench compare`'s per-transaction rows, `bench plot`'s metric charts.
 *
 * A metric object is a top-level member of a json interval or final line
 * whose value is an object with a number "time" (the seconds its figures
 * cover), or holding such objects ("prom": one per exporter), except
 * bench's own "options". A new source that follows this
 * rule shows up in every view without code changes (docs/observe.md).
 *
 * Its leaves are named by their path, the keys joined with '.':
 * "server.counters.Innodb_data_fsyncs", "host.cpu.user",
 * "host.disks.vda.w/s" (array elements by index). A leaf under a member
 * named "counters" is a delta over its nearest enclosing "time": rate()
 * divides it by that.
 *
 * Pure functions on Jansson values; no global state.
 */
#ifndef BENCH_OBSFLAT_H
#define BENCH_OBSFLAT_H

#include <jansson.h>

struct obsflat_item {
	char *path;             /* malloc'd */
	double v;               /* number; true 1, false 0; else NAN */
	const char *str;        /* a string leaf's text (owned by the json), else NULL */
	double time;            /* the nearest enclosing "time" (NAN: none) */
	int counter;            /* under a "counters" member: v is a delta */
};

struct obsflat {
	struct obsflat_item *it;
	unsigned n;
};

/* 1 when member key/value of a top-level line is a metric object. */
int obsflat_is_metric(const char *key, json_t *value);

/* Append the leaves of line's metric objects (in the line's order) to
 * *out (zeroed by the caller, or from an earlier call). The strings stay
 * valid while line lives. 0 or -ENOMEM. */
int obsflat_line(json_t *line, struct obsflat *out);

/* The item named path, or NULL. */
const struct obsflat_item *obsflat_find(const struct obsflat *f, const char *path);

/* A counter's delta per second (v / time), anything else v; NAN when
 * not a number or the time is not positive. NULL-safe (NAN). */
double obsflat_rate(const struct obsflat_item *it);

/* A json object holding the metric objects of line (references), or NULL
 * when it has none (or out of memory). */
json_t *obsflat_pick(json_t *line);

/* Two intervals' obsflat_pick objects made one (a time series
 * downsampled): into a, b's figures: each metric object's "time" and
 * counters added, any other number the mean weighted by the objects'
 * times; a name only b has is taken. b is left as it was. 0 or -ENOMEM. */
int obsflat_merge(json_t *a, json_t *b);

void obsflat_free(struct obsflat *f);     /* NULL-safe; *f zeroed */

#endif
