/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * report: sysbench's text reports (interval lines, checkpoint and final
 * reports, latency histogram) and bench's JSON and CSV lines, fed by stats
 * snapshots. Report hooks written in Lua plug in through struct report_hooks.
 * report.c picks the format (report_fmt.h: report_text.c, report_json.c,
 * report_csv.c); report_common.c holds what the formats share.
 *
 * Called only from the reporting (main) thread.
 */
#ifndef BENCH_REPORT_H
#define BENCH_REPORT_H

#include <stdint.h>
#include <stdio.h>
#include "stats/stats.h"
#include "opt/core_opts.h"

typedef struct bench_stat sb_stat_t;

/* Optional hooks; each returns 1 when it handled the report, 0 when the
 * default should be printed, or a negative errno after a fatal error. */
struct report_hooks {
	int (*intermediate)(const sb_stat_t *st, void *ud);
	int (*cumulative)(const sb_stat_t *st, void *ud);
	/* Prints the workload's block before "General statistics". */
	int (*summary)(const sb_stat_t *st, void *ud);
	/* Called once, before the final report (closes report_json's list). */
	void (*end)(void *ud);
	void *ud;
};

/* A run's final figures (latencies in ms), for a sweep's table. */
struct report_result {
	int valid;                      /* 1 once a final report filled it */
	double time;                    /* seconds the statistics cover */
	uint64_t events, queries, reads, writes, other, errors, reconnects;
	double tps, qps;
	double lat_min, lat_avg, lat_max, lat_p95, lat_p99;
	double time_events;             /* as in report_ctx */
};

/* How a run ended, for its final report (the json/csv "status" field;
 * text: a line after the report unless completed). */
enum report_status {
	REPORT_COMPLETED = 0,   /* its --time or --events limit ended it */
	REPORT_INTERRUPTED,     /* SIGINT / SIGTERM */
	REPORT_FAILED,          /* a worker failed (json/csv only) */
	REPORT_OVERLOADED,      /* the --rate queue overflowed (json/csv only) */
	REPORT_FORCED,          /* --forced-shutdown cut it short */
};
/* "completed", "interrupted", "failed", "overloaded", "forced_shutdown" */
const char *report_status_name(enum report_status st);

/* What is sampled beside the run (src/observe, wired by main.c: stats sits
 * below it): sample at the run's start, at each interval report and before
 * the final report, then its json fields and text lines for what was
 * sampled. Any hook may be NULL (none). */
enum report_point { REPORT_AT_START, REPORT_AT_TICK, REPORT_AT_END };
struct report_observer {
	void (*sample)(void *ud, enum report_point p);
	/* ,"host":{...},"server":{...} of the last tick (final: the run's) */
	void (*json)(void *ud, FILE *f, int final);
	/* text lines after an interval line; time as in "[ 1s ]" without 's' */
	void (*lines)(void *ud, const char *time);
	void *ud;
};

struct report_ctx {
	const struct core_cfg *cfg;
	/* The SQL statistics layout: 1 once the run's script created a
	 * database driver (main.c passes db_used). Asked at each report, as
	 * the workers create their drivers while the run starts. NULL: no. */
	int (*sql)(void);
	struct report_hooks hooks;
	struct report_result *result;   /* non-NULL: the final report fills it */
	/* Set by the scheduler for the final report (-1: not measured, as
	 * after a forced shutdown): seconds from the start (after the
	 * warm-up) to the end of the last event, without what the workers
	 * ran after it (thread_done, closing states and connections). */
	double time_events;
	/* Set by the scheduler before the final report. */
	enum report_status status;

	/* --server-stats, --host-stats: what is sampled beside the run. */
	struct report_observer observer;
	/* --connections: the fairness block per connection, set by the
	 * scheduler before each full report (the period's events and the
	 * sums of their latencies in ns, n of each). n 0: per thread, from
	 * the snapshot. */
	struct report_fair {
		const uint64_t *events, *lat_ns;
		unsigned n;
	} fair;
};

/* The run's clock starts (the workers wait at the start barrier): the
 * observer's start sample. No-op without an observer. */
void report_run_start(const struct report_ctx *ctx);

/* A sweep's step (1-based, 0 = not a sweep) and label (NULL or "": none):
 * json lines then carry "step" (and the final one "step_label"). */
void report_set_step(unsigned step, const char *label);

/* The step report_set_step set (0: not a sweep). */
unsigned report_get_step(void);

/* This bench process's run identity: 16 random hex digits, the same in
 * every json final line ("run_id") and --hdr-log header of the run (and
 * of all its sweep steps), so that compare and plot can tell which log
 * belongs to which result. */
const char *report_run_id(void);

/* The run identity to use instead of a drawn one (16 lowercase hex
 * digits; scale.h: N instances of one benchmark share it). Before the
 * first report_run_id(). */
void report_set_run_id(const char *id);

/* This process is instance `instance` of `instances` (instances 0: not
 * one of several): the json final line gets "instance" and "instances",
 * the --hdr-log header " instance I/N" (report_identity_suffix). */
void report_set_instance(unsigned instance, unsigned instances);

/* The wall-clock time (epoch seconds) the run phase began at (warm-up
 * included), for the json final line's "run_began" (> 0 only: set under
 * --start-at, --barrier or --instance), and the common start the
 * instances agreed on, for "start_agreed" (> 0 only: --start-at or
 * --barrier=db). */
void report_set_run_began(double wall, double agreed);

/* " instance I/N", or "" when not one of several, into buf. */
const char *report_identity_suffix(char *buf, size_t len);

/* 1 once a report hook failed (the run must then exit non-zero). */
int report_hook_failed(void);

/* Fill a hook's stat from a snapshot covering `period` seconds, `total`
 * seconds after the start. */
void report_fill_stat(sb_stat_t *st, const struct stats_snap *s,
                      double period, double total, unsigned threads_running,
                      double pct);

/* One interval line (and the --rate queue line). */
int report_interval(const struct report_ctx *ctx, const struct stats_snap *s,
                    double t_now, double period, unsigned threads_running,
                    uint64_t queue_length, unsigned concurrency);

/* A full report. checkpoint: 0 for the final report, else the requested
 * checkpoint time (seconds, > 0), which "[ Ns ] Checkpoint report:" shows
 * first. total: seconds since the start; period: seconds the snapshot
 * covers. */
int report_full(const struct report_ctx *ctx, const struct stats_snap *s,
                double total, double period, double checkpoint);

/* --warmup-time's end: statistics count from now (time 0 of the
 * reports). A NOTICE line, and with --report-format=json a line
 * {"type":"event","event":"warmup_done",...}. */
void report_warmup_done(const struct report_ctx *ctx);

/* The latency histogram (values in ms) of --histogram and
 * sysbench.histogram:print(): log buckets of ~1.8% width. */
void report_print_histogram(FILE *f, const struct hdr_hist *h, double scale);

/* --report-format=json|csv: keep the real stdout for report lines only and
 * point stdout (fd 1) at stderr, so that everything else (banner, script
 * output, messages) leaves stdout machine-readable. Any other format: no-op.
 * Call once, from the main thread, before anything is printed. Returns 0 or
 * a negative errno (stdout is then left as it was). */
int report_redirect_stdout(const char *format);
/* Where json/csv report lines go (the real stdout after the redirect). */
/* Undo report_redirect_stdout (a command that runs in a process that goes
 * on, e.g. merge_main in a unit test): the json stream is flushed and
 * becomes stdout again. 0 or -errno of the flush. */
int report_restore_stdout(void);
FILE *report_machine_stream(void);
/* At exit: flush the report stream and stdout; 0, or -errno of the first
 * write or flush error (output lost: a full disk, a closed pipe...). */
int report_output_check(void);

/* Escape s as a JSON string (with the quotes) onto f. NULL prints null. */
void report_json_string(FILE *f, const char *s);

/* The fixed percentiles of --report-statements (text, json, bench merge). */
#define REPORT_NSTMT_PCTS 3
extern const double report_stmt_pcts[REPORT_NSTMT_PCTS];
/* Value at percentile pct of h in ms (h in ns); 0 for a NULL or empty
 * histogram or pct <= 0. */
double report_pct_ms(const struct hdr_hist *h, double pct);
/* One line of a "Latency (ms):" block as sysbench prints it: "         "
 * and label, then ms with 2 decimals right-aligned to column 53. */
void report_lat_line_ms(const char *label, double ms);
/* One "Nth percentile:" line (report_lat_line_ms) per pct[i], the value at
 * that percentile of h (ns) in ms, at most cap_ms (HUGE_VAL: no cap). */
void report_pct_lines(const struct hdr_hist *h, const double *pct, unsigned n,
                      double cap_ms);

/* The figures of a text report's "Latency (ms):" block (final report,
 * bench merge), all in ms. */
struct report_latency {
	double min, avg, max, sum;
	const struct hdr_hist *h;       /* the percentiles' histogram (ns) */
	const double *pct;              /* npct percentile lines of h ... */
	unsigned npct;
	double pct_cap_ms;              /* ... each at most this (HUGE_VAL: none) */
	const char *no_pct;             /* NULL, or the line (without '\n')
	                                 * printed instead of the percentiles */
};
/* The block's lines after its heading: min, avg, max, the percentiles (or
 * no_pct), sum. */
void report_latency_lines(const struct report_latency *l);

/* The figures of sysbench's "SQL statistics:" block: counts and per-second
 * rates. */
struct report_sql {
	uint64_t reads, writes, other, events, errors, reconnects;
	double events_ps, queries_ps, errors_ps, reconnects_ps;
};
/* The block, heading included, without a blank line after it. */
void report_sql_lines(const struct report_sql *q);
/* Format a time for "[ Ns ]" with as many decimals as `step` needs. */
void report_format_time(char *buf, size_t len, double t, double step);

#endif
