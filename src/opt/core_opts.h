/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * core_opts: the options every run has (general, random, log, report), and
 * their validated values.
 */
#ifndef BENCH_CORE_OPTS_H
#define BENCH_CORE_OPTS_H

#include <stddef.h>
#include <stdint.h>
#include "rand/rand.h"

#define CORE_MAX_PCT 16

/* --report-format */
enum core_report_format {
	CORE_REPORT_TEXT = 0,
	CORE_REPORT_JSON,
	CORE_REPORT_CSV
};

struct core_cfg {
	unsigned threads;
	unsigned connections;        /* --connections; 0: one per thread */
	uint64_t events;             /* 0: no limit */
	double time;                 /* seconds; 0: no limit */
	double forced_shutdown;      /* seconds after --time; < 0: off */
	size_t thread_stack_size;
	double rate;                 /* events/s; 0: unlimited */
	int rate_continue;           /* --rate-overload=continue: never abort */
	int report_lag;              /* --report-lag: lag/service blocks in text */
	double latency_limit;        /* --latency-limit, ms; 0: off */
	double report_interval;      /* seconds; 0: off */
	double checkpoints[64];      /* seconds from start, ascending */
	unsigned ncheckpoints;
	int debug;
	int validate;
	double warmup_time;
	double thread_init_timeout;
	double sweep_pause;          /* --sweep-pause, seconds between sweep steps */
	int progress;                /* --progress: prepare's progress line */
	double percentile;           /* first of percentiles[]; 0: disabled */
	double percentiles[CORE_MAX_PCT]; /* --percentile list, as given */
	unsigned npercentiles;       /* 0 when disabled (--percentile=0) */
	int report_format;           /* enum core_report_format */
	int histogram;
	int report_statements;       /* --report-statements */
	int verbosity;
	int sig_figs;                /* HdrHistogram precision */
	const char *hdr_log;         /* --hdr-log file; NULL: off */
	struct rand_config rand;
};

/* Declare the core option groups. Returns 0 or the opt_define() error. */
int core_opts_define(void);

/* Read and cross-check the values into *cfg. On error returns -EINVAL after
 * formatting one line into err (size errlen). */
int core_opts_load(struct core_cfg *cfg, char *err, size_t errlen);

/* The one rule for --connections (also a sweep step's own connections):
 * 0 (one per thread) or at least the threads, since every thread runs one
 * or more connections. core_conns_fit() is 1 when `connections` can serve
 * `threads`; CORE_CONNS_RULE ends the error of each place that checks. */
#define CORE_CONNS_RULE "every thread runs one or more connections"
static inline int core_conns_fit(unsigned connections, unsigned threads)
{
	return connections == 0 || connections >= threads;
}

/* Parse a --percentile list ("95", "50,95,99.9"; "0" alone disables) into
 * out[max]. Returns the count (0: disabled) or -EINVAL after formatting one
 * line into err. Pure; thread-safe. */
int core_parse_percentiles(const char *text, double *out, unsigned max,
                           char *err, size_t errlen);

/* The first --percentile value (0: disabled), for sysbench.opt.percentile,
 * which scripts expect to be a number. Valid after core_opts_load(). */
double core_opts_first_percentile(void);

/* --forced-shutdown in seconds for a run of `time` seconds (N% is a share
 * of it: a sweep step with a time of its own gets its own); < 0: off. The
 * option was checked by core_opts_load. */
double core_opts_forced_shutdown(double time);

/* Print the general help (all core groups) in sysbench's layout. */
void core_opts_print_help(void);

#endif
