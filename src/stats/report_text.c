/* SPDX-License-Identifier: GPL-2.0-or-later */
/* sysbench's text reports: see report_fmt.h. */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "opt/opt.h"
#include "stats/report.h"
#include "stats/report_common.h"
#include "stats/report_fmt.h"
#include "util/log.h"
#include <stdbool.h>
#include <stdint.h>
#include "ffi/core.h"

/* The interval line's "50%/95%" label and "0.12/0.30" values; one value
 * (or --percentile=0, shown as sysbench does: "0%" and 0.00) as sysbench. */
static void pct_lat_text(char *lab, size_t llen, char *val, size_t vlen,
                         const struct core_cfg *cfg, const struct hdr_hist *h)
{
	size_t lo = 0, vo = 0;
	unsigned i, n = cfg->npercentiles ? cfg->npercentiles : 1;
	char pl[32];
	lab[0] = val[0] = 0;
	for (i = 0; i < n; i++) {
		double pct = cfg->npercentiles ? cfg->percentiles[i] : cfg->percentile;
		report_pct_label(pl, sizeof(pl), pct);
		if (lo < llen)
			lo += (size_t)snprintf(lab + lo, llen - lo, "%s%s%%", i ? "/" : "", pl);
		if (vo < vlen)
			vo += (size_t)snprintf(val + vo, vlen - vo, "%s%4.2f", i ? "/" : "", report_pct_ms(h, pct));
	}
}

int report_text_interval(const struct report_ctx *ctx, const struct stats_snap *s,
                         double t_now, double period, unsigned threads_running,
                         uint64_t queue_length, unsigned concurrency)
{
	const struct core_cfg *cfg = ctx->cfg;
	char t[32], pl[32 * CORE_MAX_PCT], lv[32 * CORE_MAX_PCT];
	double p = period > 0 ? period : 1;
	int rc;

	report_format_time(t, sizeof(t), t_now, cfg->report_interval);
	pct_lat_text(pl, sizeof(pl), lv, sizeof(lv), cfg, s->lat);
	if (ctx->hooks.intermediate) {
		sb_stat_t st;
		report_fill_stat(&st, s, period, t_now, threads_running, cfg->percentile);
		st.queue_length = queue_length;
		st.concurrency = concurrency;
		rc = ctx->hooks.intermediate(&st, ctx->hooks.ud);
		if (rc > 0)
			return 0;
		if (rc < 0)
			report_note_hook_failure();     /* and print the default line */
	}
	/* sysbench's reports are notices: --verbosity below 3 hides them (a
	 * script's own hooks still print) */
	if (log_verbosity() < LOG_NOTICE)
		return 0;
	if (ctx->sql && ctx->sql()) {
		uint64_t q = s->ctr[STATS_READS] + s->ctr[STATS_WRITES] + s->ctr[STATS_OTHER];
		printf("[ %ss ] thds: %u tps: %4.2f qps: %4.2f (r/w/o: %4.2f/%4.2f/%4.2f) lat (ms,%s): %s err/s: %4.2f reconn/s: %4.2f\n",
		       t, threads_running, report_events(s) / p, q / p,
		       s->ctr[STATS_READS] / p, s->ctr[STATS_WRITES] / p,
		       s->ctr[STATS_OTHER] / p, pl, lv,
		       s->ctr[STATS_ERRORS] / p, s->ctr[STATS_RECONNECTS] / p);
	} else {
		printf("[ %ss ] thds: %u eps: %4.2f lat (ms,%s): %s\n", t,
		       threads_running, report_events(s) / p, pl, lv);
	}
	if (cfg->rate > 0)
		printf("[ %ss ] queue length: %llu concurrency: %u\n", t,
		       (unsigned long long)queue_length, concurrency);
	/* bench: --latency-limit has no sysbench line to keep; pgbench shows
	 * late and skipped in its progress lines too */
	if (cfg->latency_limit > 0) {
		if (cfg->rate > 0)
			printf("[ %ss ] late: %llu skipped: %llu\n", t,
			       (unsigned long long)s->ctr[STATS_LATE],
			       (unsigned long long)s->ctr[STATS_SKIPPED]);
		else
			printf("[ %ss ] late: %llu\n", t,
			       (unsigned long long)s->ctr[STATS_LATE]);
	}
	fflush(stdout);
	return 0;
}

/* The --percentile values: n of them at *pct (0: disabled). */
static unsigned cfg_pcts(const struct core_cfg *cfg, const double **pct)
{
	*pct = cfg->npercentiles ? cfg->percentiles : &cfg->percentile;
	if (cfg->percentile <= 0)
		return 0;
	return cfg->npercentiles ? cfg->npercentiles : 1;
}

/* One "Nth percentile:" line per --percentile value. */
static void pct_lines(const struct core_cfg *cfg, const struct hdr_hist *h)
{
	const double *pct;
	unsigned n = cfg_pcts(cfg, &pct);
	report_pct_lines(h, pct, n, HUGE_VAL);
}

static void sql_block(const struct stats_snap *s, double period)
{
	double p = period > 0 ? period : 1;
	struct report_sql q = {
		.reads = s->ctr[STATS_READS], .writes = s->ctr[STATS_WRITES],
		.other = s->ctr[STATS_OTHER], .events = report_events(s),
		.errors = s->ctr[STATS_ERRORS], .reconnects = s->ctr[STATS_RECONNECTS],
	};
	q.events_ps = q.events / p;
	q.queries_ps = (q.reads + q.writes + q.other) / p;
	q.errors_ps = q.errors / p;
	q.reconnects_ps = q.reconnects / p;
	report_sql_lines(&q);
}

static double pct_of(uint64_t n, uint64_t of)
{
	return of ? 100.0 * (double)n / (double)of : 0;
}

/* --latency-limit: late events (% of events) and, under --rate, skipped
 * arrivals (% of events + skipped). */
static void limit_block(const struct core_cfg *cfg, const struct stats_snap *s)
{
	uint64_t late = s->ctr[STATS_LATE], skip = s->ctr[STATS_SKIPPED];

	printf("\nLatency limit (%.2f ms):\n", cfg->latency_limit);
	printf("    late events:                         %-6llu (%.2f%%)\n",
	       (unsigned long long)late, pct_of(late, s->events));
	if (cfg->rate > 0)
		printf("    skipped events:                      %-6llu (%.2f%%)\n",
		       (unsigned long long)skip, pct_of(skip, s->events + skip));
}

/* The label and statement tables' last columns: a header "  50%  95%
 * max" and a row of the record's percentiles and max, in ms. */
static void pct_columns_header(const double *pcts, unsigned n)
{
	char pl[40];

	for (unsigned j = 0; j < n; j++) {
		report_pct_label(pl, sizeof(pl) - 1, pcts[j]);
		strcat(pl, "%");
		printf(" %9s", pl);
	}
	printf(" %9s\n", "max");
}

static void pct_columns(const struct stats_rec *r, const double *pcts, unsigned n)
{
	for (unsigned j = 0; j < n; j++)
		printf(" %9.2f", report_pct_ms(r->lat, pcts[j]));
	printf(" %9.2f\n", r->events && r->lat ? hdr_max(r->lat) / NS_PER_MS : 0);
}

/* bench: one line per event label (sysbench.stats.label). */
static void label_block(const struct core_cfg *cfg, const struct stats_snap *s,
                        double period)
{
	unsigned i, n = stats_nlabels();
	double p = period > 0 ? period : 1;

	if (n == 0)
		return;
	printf("Latency by label (ms):\n");
	printf("    %-20s %10s %8s %10s %9s %9s", "label", "events", "errors",
	       "per sec.", "min", "avg");
	pct_columns_header(cfg->percentiles, cfg->npercentiles);
	for (i = 0; i < n; i++) {
		const struct stats_rec *r = &s->lbl[i];
		int any = r->events && r->lat;
		printf("    %-20s %10llu %8llu %10.2f %9.2f %9.2f", stats_label_name(i),
		       (unsigned long long)r->events, (unsigned long long)r->errors,
		       r->events / p, any ? hdr_min(r->lat) / NS_PER_MS : 0,
		       any ? (double)r->lat_sum_ns / r->events / NS_PER_MS : 0);
		pct_columns(r, cfg->percentiles, cfg->npercentiles);
	}
	if (s->lbl_lost)
		printf("    (%llu labelled events are missing here: out of memory)\n",
		       (unsigned long long)s->lbl_lost);
	printf("\n");
}

/* With queued I/O (--file-io-mode=async or io_uring) an event only queues
 * a request, so the event block ("Latency (ms):") and the per-operation
 * block time different things: one line under the latter says so. */
static void file_ops_note(void)
{
	const char *mode = opt_find("file-io-mode") ? opt_get_string("file-io-mode") : NULL;
	long long depth;

	if (!mode)
		return;
	if (strcmp(mode, "io_uring") == 0)
		depth = (long long)opt_get_int("file-iodepth");
	else if (strcmp(mode, "async") == 0)
		depth = (long long)opt_get_int("file-async-backlog");
	else
		return;
	printf("    (--file-io-mode=%s, up to %lld requests in flight per thread: an event\n"
	       "    queues one request and waits only for a free slot, so \"Latency (ms)\"\n"
	       "    above is the time per event, not per I/O operation)\n", mode, depth);
}

/* bench: --report-statements for fileio: one line per kind of file
 * operation seen, after the report (fileio's own layout, as it printed it
 * from a histogram of its own before these kinds went to stats). Its
 * header names what is timed: each request from its submission to its
 * completion, where "Latency (ms)" times events. */
void report_text_file_ops(const struct stats_snap *s)
{
	int any = 0;
	char name[16];

	for (unsigned k = STATS_FILE_READ; k < STATS_NKIND; k++) {
		const struct stats_rec *r = &s->stmt[k];
		if (r->events == 0)
			continue;
		if (!any)
			printf("Latency per I/O operation, from submission to completion (ms):\n");
		any = 1;
		snprintf(name, sizeof(name), "%s:", stats_stmt_name(k));
		printf("    %-6s count: %llu  50%%: %.3f  95%%: %.3f  99%%: %.3f  99.9%%: %.3f  max: %.3f\n",
		       name, (unsigned long long)r->events, report_pct_ms(r->lat, 50),
		       report_pct_ms(r->lat, 95), report_pct_ms(r->lat, 99),
		       report_pct_ms(r->lat, 99.9), hdr_max(r->lat) / NS_PER_MS);
	}
	if (any) {
		file_ops_note();
		printf("\n");
	}
}

const double report_stmt_pcts[REPORT_NSTMT_PCTS] = { 50, 95, 99 };
/* bench: --report-statements, one line per statement kind seen. */
static void stmt_block(const struct stats_snap *s)
{
	uint64_t count = 0, errors = 0;
	unsigned k;
	char name[32], *u;

	/* nothing to break down (a workload without SQL, e.g. fileio, whose
	 * file operations get report_text_file_ops instead) */
	for (k = 0; k < STATS_NSTMT; k++)
		if (s->stmt[k].events || s->stmt[k].errors)
			break;
	if (k == STATS_NSTMT && !s->stmt_lost)
		return;
	printf("Statement statistics (ms):\n");
	printf("    %-20s %10s %8s", "statement", "count", "errors");
	pct_columns_header(report_stmt_pcts, REPORT_NSTMT_PCTS);
	for (k = 0; k < STATS_NSTMT; k++) {
		const struct stats_rec *r = &s->stmt[k];
		if (r->events == 0 && r->errors == 0)
			continue;
		snprintf(name, sizeof(name), "%s", stats_stmt_name(k));
		while ((u = strchr(name, '_')))
			*u = ' ';
		printf("    %-20s %10llu %8llu", name, (unsigned long long)r->events,
		       (unsigned long long)r->errors);
		pct_columns(r, report_stmt_pcts, REPORT_NSTMT_PCTS);
		count += r->events;
		errors += r->errors;
	}
	printf("    %-20s %10llu %8llu\n", "total", (unsigned long long)count,
	       (unsigned long long)errors);
	if (s->stmt_lost)
		printf("    (%llu statements are missing here: out of memory)\n",
		       (unsigned long long)s->stmt_lost);
	printf("\n");
}

int report_text_full(const struct report_ctx *ctx, const struct stats_snap *s,
                     const sb_stat_t *st, double total, double period,
                     double checkpoint)
{
	const struct core_cfg *cfg = ctx->cfg;
	struct report_latency lat;
	double mean, sd, tmean, tsd;
	int rc;

	if (checkpoint > 0 && log_verbosity() >= LOG_NOTICE) {
		/* The checkpoint asked for, not the clock when the report
		 * thread got to it (late on a loaded machine: "[ 2s ]" for
		 * the checkpoint at 1 s). Whole seconds, halves up: what
		 * sysbench 1.0.20 prints a moment after the time. */
		printf("[ %.0fs ] Checkpoint report:\n", floor(checkpoint + 0.5));
	}
	if (ctx->hooks.cumulative) {
		rc = ctx->hooks.cumulative(st, ctx->hooks.ud);
		if (rc > 0) {
			fflush(stdout);
			return 0;
		}
		if (rc < 0)
			report_note_hook_failure();     /* and print the default report */
	}
	if (log_verbosity() < LOG_NOTICE) {
		fflush(stdout);
		return 0;
	}
	if (cfg->histogram && s->lat) {
		printf("Latency histogram (values are in milliseconds)\n");
		report_print_histogram(stdout, s->lat, 1e-6);
		printf(" \n");
	}
	/* the workload's block follows the SQL statistics, as a database
	 * workload with its own summary shows both */
	if (ctx->sql && ctx->sql())
		sql_block(s, period);
	if (ctx->hooks.summary && ctx->hooks.summary(st, ctx->hooks.ud) < 0)
		report_note_hook_failure();

	printf("\nGeneral statistics:\n");
	printf("    total time:                          %.4fs\n", total);
	printf("    total number of events:              %llu\n",
	       (unsigned long long)report_events(s));
	printf("\nLatency (ms):\n");
	lat.min = s->events ? hdr_min(s->lat) / NS_PER_MS : 0;
	lat.avg = s->events ? (double)s->lat_sum_ns / s->events / NS_PER_MS : 0;
	lat.max = s->events ? hdr_max(s->lat) / NS_PER_MS : 0;
	lat.sum = s->lat_sum_ns / NS_PER_MS;
	lat.h = s->lat;
	lat.npct = cfg_pcts(cfg, &lat.pct);
	lat.pct_cap_ms = HUGE_VAL;
	lat.no_pct = lat.npct ? NULL : "         percentile stats:               disabled";
	report_latency_lines(&lat);
	if (cfg->rate > 0 && cfg->report_lag && s->wait) {
		/* bench: time events waited for their scheduled start (open loop);
		 * it is part of the latency above. */
		printf("\nSchedule lag (ms):\n");
		report_lat_line_ms("avg:", s->events ? (double)s->wait_sum_ns / s->events / NS_PER_MS : 0);
		report_lat_line_ms("max:", s->events ? hdr_max(s->wait) / NS_PER_MS : 0);
		if (cfg->percentile > 0)
			pct_lines(cfg, s->wait);
	}
	if (cfg->rate > 0 && cfg->report_lag && s->svc) {
		/* bench: from the actual start to the end (latency - lag) */
		printf("\nService time (ms):\n");
		report_lat_line_ms("avg:", s->events ? (double)s->svc_sum_ns / s->events / NS_PER_MS : 0);
		report_lat_line_ms("max:", s->events ? hdr_max(s->svc) / NS_PER_MS : 0);
		if (cfg->percentile > 0)
			pct_lines(cfg, s->svc);
	}
	if (cfg->latency_limit > 0)
		limit_block(cfg, s);
	/* bench: under --connections per connection (a thread's
	 * connections run their events at once: its sum of their times
	 * exceeds the run's) */
	printf("\n%s fairness:\n", ctx->fair.n ? "Connections" : "Threads");
	report_fairness(&ctx->fair, s, &mean, &sd, &tmean, &tsd);
	printf("    events (avg/stddev):           %.4f/%3.2f\n", mean, sd);
	printf("    execution time (avg/stddev):   %.4f/%3.2f\n", tmean, tsd);
	printf("\n");
	/* bench's own blocks come after sysbench's, so that scripts reading
	 * sysbench's report find everything where they expect it */
	label_block(cfg, s, period);
	if (s->have_stmt && !checkpoint) {
		stmt_block(s);
		report_text_file_ops(s);
	}
	fflush(stdout);
	return 0;
}

/* sysbench's histogram has 1024 log buckets over 1 us..100 s (~1.8% wide);
 * ours is finer, so coalesce to that width when printing. */
void report_print_histogram(FILE *f, const struct hdr_hist *h, double scale)
{
	const double ratio = exp(log(1e8) / 1024);
	size_t cur = 0;
	int64_t v, c, maxc = 0;
	double bucket_lo = -1, val_out = 0;
	int64_t acc = 0;
	int pass;

	fprintf(f, "       value  ------------- distribution ------------- count\n");
	/* pass 0 finds the largest coalesced count, pass 1 prints */
	for (pass = 0; pass < 2; pass++) {
		cur = 0;
		acc = 0;
		bucket_lo = -1;
		for (;;) {
			int more = hdr_next_bucket(h, &cur, &v, &c);
			double x = more ? v * scale : 0;
			if (!more || bucket_lo < 0 || x >= bucket_lo * ratio) {
				if (acc > 0) {
					if (pass == 0) {
						if (acc > maxc)
							maxc = acc;
					} else {
						int stars = (int)floor((double)acc * 40 / maxc + 0.5);
						char bar[41];
						memset(bar, '*', (size_t)stars);
						bar[stars] = 0;
						fprintf(f, "%12.3f |%-40s %lld\n", val_out, bar, (long long)acc);
					}
				}
				if (!more)
					break;
				bucket_lo = x;
				val_out = x;
				acc = 0;
			}
			acc += c;
		}
	}
}
