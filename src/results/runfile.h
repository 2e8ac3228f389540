/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * runfile: the saved results of past runs, as `bench compare` and
 * `bench plot` read them.
 *
 * A RUN argument is one of:
 *   - a --report-format=json output of bench (JSON Lines, read with
 *     Jansson): every "type":"final" line is one run (a thread sweep has
 *     one per step), the "interval" lines before it its time series; a
 *     `bench merge --report-format=json` line ("type":"merged") is one run
 *     without a time series; other types (checkpoint, sweep summaries)
 *     are skipped;
 *   - the text output of sysbench 1.0.x (or of bench in its default
 *     format): the "SQL statistics:", "General statistics:" and
 *     "Latency (ms):" blocks of the final report, and the "[ Ns ] thds:"
 *     interval lines; parsed strictly (a line inside those blocks that is
 *     not sysbench's is an error);
 *   - an --hdr-log file, which belongs to the result file just before it
 *     on the command line (a sweep's json: the logs of its steps follow
 *     it, one per step). A log that bench wrote says whose it is in its
 *     header ("#[bench run ID step I threads T]"): it goes to the step I
 *     of the result whatever the order of the arguments, and a log of
 *     another run (ID, or its thread count) or a second log of one step is
 *     an error naming both files; a log without that line (older bench,
 *     other tools) goes to the next step in order. Its untagged interval histograms give exact
 *     percentiles (any percentile) and per-interval p50/p95/p99/max, its
 *     Tag= lines per-label histograms.
 * Anything else is an error naming the file (one FATAL line via log_msg).
 *
 * Numbers a file does not have are NAN. Latencies are in milliseconds,
 * times in seconds, rates per second.
 *
 * Thread-safety: none needed (the main thread only).
 */
#ifndef BENCH_RUNFILE_H
#define BENCH_RUNFILE_H

#include <stdio.h>

#include "stats/hdr.h"

#define RUNFILE_MAX_PCT 16

enum runfile_kind { RUNFILE_JSON = 1, RUNFILE_MERGED, RUNFILE_TEXT };

/* The percentiles a time series keeps per interval. */
enum { RUNFILE_P50, RUNFILE_P95, RUNFILE_P99, RUNFILE_NIVPCT };
extern const double runfile_iv_pcts[RUNFILE_NIVPCT];

/* One interval: rates over it, latency of its events (NAN: not known).
 * Or, in a downsampled series, one point (runfile_set's max_points): a
 * field added here must also be merged in runfile.c's point_merge. */
struct runfile_iv {
	double t;                       /* seconds since the start, end of the interval */
	double tps, qps, rps, wps, ops;
	double lat_avg, lat_max;
	double pct[RUNFILE_NIVPCT];
	/* lowest and highest tps of the intervals of a point (= tps when
	 * the point is one interval) */
	double tps_lo, tps_hi;
	/* json: the line's metric objects (stats/obsflat.h), or NULL; a
	 * point of several intervals: theirs merged (obsflat_merge) */
	struct json_t *metrics;
};

/* A label of sysbench.stats.label(): per interval events per second and
 * latency at the highest percentile the file has (NAN when missing); the
 * merged Tag= histogram when an hdr log was given. */
struct runfile_label {
	char *name;
	double *eps, *lat;              /* niv entries each */
	double lat_pct;                 /* the percentile of lat (0: none) */
	struct hdr_hist *h;
};

struct runfile_run {
	char *name;                     /* --label, or the file's base name; a
	                                   sweep's step: "NAME@8t" or
	                                   "NAME@STEP_LABEL" */
	char *step_label;               /* a sweep step's "step_label", or NULL */
	const char *path, *hdr_path;    /* argv strings; hdr_path NULL: none */
	char run_id[20];                /* json "run_id" ("": not stated) */
	unsigned step;                  /* json "step" of a sweep (0: none) */
	enum runfile_kind kind;
	/* final figures */
	double threads, time, events, tps, qps, rps, wps, ops, errors, reconnects;
	double lat_min, lat_avg, lat_max;
	unsigned npct;                  /* percentiles stated in the file */
	double pct[RUNFILE_MAX_PCT], pct_ms[RUNFILE_MAX_PCT];
	struct hdr_hist *hist;          /* the hdr log's untagged intervals, or NULL */
	struct runfile_iv *iv;          /* the json/text interval lines */
	unsigned niv;
	struct runfile_iv *hiv;         /* hdr log intervals: t, lat_max, pct; rest NAN */
	unsigned nhiv;
	/* intervals read into iv and hiv: more than niv (nhiv) when the
	 * series was downsampled (runfile_set's max_points) */
	unsigned long niv_read, nhiv_read;
	struct runfile_label *lbl;
	unsigned nlbl;
	/* How the run ended: a json final line's "status", the text
	 * report's "Run status:" line, or NULL when the file does not say
	 * (a completed run of sysbench or an older bench). */
	char *status;
	/* A bench json run's final (or merged) object, for what else it
	 * says (workload, options, server: compare_diff.c); NULL for text. */
	struct json_t *final;
};

struct runfile_set {
	struct runfile_run *runs;
	unsigned n;
	int skip_series;                /* set by the caller: keep no time
	                                   series (iv, hiv, lbl): memory then
	                                   does not grow with the interval
	                                   lines (compare) */
	unsigned max_points;            /* set by the caller (>= 8; 0:
	                                   no limit): a time series of more
	                                   intervals is downsampled as it is
	                                   read, so that memory does not grow
	                                   with the interval lines (plot).
	                                   Each point then stands for 2^k
	                                   consecutive intervals (the last
	                                   partial): t the end of the last,
	                                   rates (tps ... ops, label eps) and
	                                   lat_avg their mean, tps_lo/tps_hi
	                                   their lowest/highest tps, latencies
	                                   (lat_max, pct, label lat) their
	                                   highest. The last two intervals
	                                   stay points of their own (a short
	                                   trailing one can be told). A series
	                                   of up to max_points intervals is
	                                   kept as it is. */
};

/* Read the RUN arguments files[0..nfiles-1] into *set (zeroed by the
 * caller) as described above. labels (nlabels of them, may be 0) name the
 * result files in order (not the hdr logs): their count must then equal
 * the result files'. cmd ("compare", "plot") prefixes messages. Returns 0,
 * or 1 after one FATAL line; *set must be freed with runfile_free either
 * way. */
int runfile_load(const char *cmd, const char *const *files, unsigned nfiles,
                 const char *const *labels, unsigned nlabels,
                 struct runfile_set *set);

/* Latency at percentile p (ms) of run r: exact from its hdr log, else the
 * value the file states for exactly p, else NAN. */
double runfile_pct_ms(const struct runfile_run *r, double p);

/* The command line of `bench compare` and `bench plot`: declares their
 * options (--label, --output, --size, --title), reports unknown ones, and
 * returns the RUN words (the positional words after the command; "-o
 * FILE" is taken as --output=FILE) in *files (malloc'd array of argv
 * strings, nfiles of them; free the array only) and the labels in *labels
 * (owned by the option registry). Returns 0, or 1 after one error line. */
int runfile_args(const char ***files, unsigned *nfiles,
                 const char *const **labels, unsigned *nlabels);
/* Declare those options only (the completion listing); 0 or opt_define's error. */
int runfile_define_opts(void);

/* The results go to stdout, every message to stderr (log_msg writes to
 * stdout, as sysbench's): returns a stream on the original stdout and
 * points file descriptor 1 at stderr; NULL after an error line. */
FILE *runfile_output(void);

/* Close that stream: 0, or 1 after an error line when the output could
 * not be written (a full disk, a closed pipe). */
int runfile_output_close(FILE *out);

/* Free everything of set (NULL-safe, idempotent). */
void runfile_free(struct runfile_set *set);

#endif
