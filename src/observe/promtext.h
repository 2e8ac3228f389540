/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * promtext: the Prometheus text exposition format (version 0.0.4, what
 * exporters serve at /metrics), parsed line by line, and the selectors
 * --prom-metrics names series with. Pure functions: no I/O, no globals.
 *
 * A sample line is  name[{label="value",...}] value [timestamp]:
 * label values may hold \\ \" and \n escapes; values are floats, NaN,
 * +Inf or -Inf; the timestamp (ms since the epoch) is optional. Lines
 * starting with '#' are comments, of which "# TYPE name kind" gives the
 * kind of the family `name`. Blank lines are skipped, a trailing \r too.
 */
#ifndef BENCH_OBSERVE_PROMTEXT_H
#define BENCH_OBSERVE_PROMTEXT_H

#include <regex.h>
#include <stddef.h>
#include <stdint.h>

/* What a sample is: a counter only grows (but may reset to 0); anything
 * else is a level. */
enum prom_kind { PROM_GAUGE, PROM_COUNTER };

struct prom_label {
	const char *name, *value;       /* unescaped, NUL-terminated */
};

#define PROM_MAX_LABELS 32

struct prom_sample {
	const char *name;
	struct prom_label label[PROM_MAX_LABELS];
	unsigned nlabel;
	double value;
	int has_ts;
	int64_t ts_ms;
	enum prom_kind kind;
};

/* Parse text[0..len) in place (escapes are undone inside it, and NULs
 * end its pieces, so it is changed; text[len] must be writable). cb is called for each sample
 * with its kind from the TYPE lines: a family typed counter, and the
 * _bucket/_count/_sum samples of a histogram or summary, are counters;
 * gauges, summary quantiles and untyped samples are gauges, but an
 * untyped name ending in _total is a counter. A nonzero return of cb
 * stops the parse and is returned. Lines that are not the format are
 * skipped and counted in *bad (may be NULL); the first one's line number
 * and reason go to err. Returns 0, or cb's value. */
int prom_parse(char *text, size_t len,
               int (*cb)(void *ud, const struct prom_sample *s), void *ud,
               unsigned *bad, char *err, size_t errlen);

/* A selector: name{label op "value",...}, or an aggregation of one:
 * sum(sel) or sum by (label,...) (sel); any of them in rate(...) is taken
 * as a counter whatever the exporter's TYPE says (mysqld_exporter leaves
 * its status counters untyped). ops: = != =~ !~ (regular expressions are
 * POSIX extended, anchored at both ends). */
enum prom_op { PROM_EQ, PROM_NE, PROM_RE, PROM_NRE };

struct prom_matcher {
	char *label, *value;
	enum prom_op op;
	regex_t re;                     /* =~, !~ */
};

struct prom_sel {
	char *text;                     /* as given */
	char *name;
	struct prom_matcher *m;
	unsigned nm;
	int sum;                        /* sum(...) or sum by (...) (...) */
	int counter;                    /* rate(...): a counter */
	char **by;                      /* the by labels, sorted */
	unsigned nby;
};

/* Parse one selector. 0, or -EINVAL with the reason in err, -ENOMEM. */
int prom_sel_parse(const char *text, struct prom_sel *sel, char *err, size_t errlen);
void prom_sel_free(struct prom_sel *sel);   /* NULL-safe, leaves it zeroed */

/* Does sample s match sel? */
int prom_sel_match(const struct prom_sel *sel, const struct prom_sample *s);

/* The name of s's series under sel, Prometheus-style and stable:
 * name{l1="v1",l2="v2"} with the labels sorted by name and the values
 * escaped (sum: only the by labels; no labels: the bare name). Into buf;
 * the length it needs (as snprintf). */
size_t prom_series_key(const struct prom_sel *sel, const struct prom_sample *s,
                       char *buf, size_t len);

/* Split a list of selectors at the commas outside braces, parentheses and
 * quotes. Returns the count (at most max) and NUL-terminated pieces in
 * out, pointing into the copy buf (its size len). */
unsigned prom_split(const char *list, char *buf, size_t len, char **out, unsigned max);

#endif
