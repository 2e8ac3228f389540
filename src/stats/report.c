/* SPDX-License-Identifier: GPL-2.0-or-later */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "config.h"
#include "opt/opt.h"
#include "stats/report.h"
#include "util/log.h"
#include <stdbool.h>
#include <stdint.h>
#include "ffi/core.h"

#define NS_PER_MS 1e6

static inline uint64_t report_events(const struct stats_snap *s);
static void machine_interval(const struct core_cfg *cfg,
                             const struct stats_snap *s, double t_now,
                             double p, unsigned threads_running,
                             uint64_t queue_length, unsigned concurrency);
static void machine_full(const struct core_cfg *cfg, const struct stats_snap *s,
                         double total, double p, int checkpoint);
static int report_failed;
/* A sweep's step (1-based; 0: no sweep) and its label, for json lines. */
static unsigned report_step;
static char report_step_label[256];

void report_set_step(unsigned step, const char *label)
{
	report_step = step;
	snprintf(report_step_label, sizeof(report_step_label), "%s", label ? label : "");
}

/* ,"step":I[,"step_label":"..."] in a sweep's json lines */
static void j_step(FILE *f, int with_label)
{
	if (report_step == 0)
		return;
	fprintf(f, ",\"step\":%u", report_step);
	if (with_label && report_step_label[0]) {
		fputs(",\"step_label\":", f);
		report_json_string(f, report_step_label);
	}
}

/* The figures a sweep's table and step_end hook use. */
static void fill_result(struct report_result *r, const struct stats_snap *s,
                        double total, double period)
{
	double p = period > 0 ? period : 1;
	memset(r, 0, sizeof(*r));
	r->valid = 1;
	r->time = total;
	r->events = report_events(s);
	r->reads = s->ctr[STATS_READS];
	r->writes = s->ctr[STATS_WRITES];
	r->other = s->ctr[STATS_OTHER];
	r->queries = r->reads + r->writes + r->other;
	r->errors = s->ctr[STATS_ERRORS];
	r->reconnects = s->ctr[STATS_RECONNECTS];
	r->tps = r->events / p;
	r->qps = r->queries / p;
	if (s->events) {
		r->lat_min = hdr_min(s->lat) / NS_PER_MS;
		r->lat_avg = (double)s->lat_sum_ns / s->events / NS_PER_MS;
		r->lat_max = hdr_max(s->lat) / NS_PER_MS;
		r->lat_p95 = report_pct_ms(s->lat, 95);
		r->lat_p99 = report_pct_ms(s->lat, 99);
	}
}

int report_hook_failed(void)
{
	return report_failed;
}

/* Percentile label as sysbench prints it: "95" or "99.9". */
static void pct_label(char *buf, size_t len, double pct)
{
	snprintf(buf, len, "%.10g", pct);
}

double report_pct_ms(const struct hdr_hist *h, double pct)
{
	if (h == NULL || hdr_count(h) == 0 || pct <= 0)
		return 0;
	return hdr_value_at_percentile(h, pct) / NS_PER_MS;
}

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
		pct_label(pl, sizeof(pl), pct);
		if (lo < llen)
			lo += (size_t)snprintf(lab + lo, llen - lo, "%s%s%%", i ? "/" : "", pl);
		if (vo < vlen)
			vo += (size_t)snprintf(val + vo, vlen - vo, "%s%4.2f", i ? "/" : "", report_pct_ms(h, pct));
	}
}

void report_format_time(char *buf, size_t len, double t, double step)
{
	int dec = 0;
	/* enough decimals to tell consecutive reports apart */
	while (dec < 3 && fabs(step * pow(10, dec) - round(step * pow(10, dec))) > 1e-6)
		dec++;
	snprintf(buf, len, "%.*f", dec, t);
}

/* Events for counts and rates: the timed ones plus those a script counted
 * with sb_counter_inc(SB_CNT_TRX) (averages use the timed ones only). */
static inline uint64_t report_events(const struct stats_snap *s)
{
	return s->events + s->ctr[STATS_EVENTS];
}

void report_fill_stat(sb_stat_t *st, const struct stats_snap *s, double period,
                      double total, unsigned threads_running, double pct)
{
	memset(st, 0, sizeof(*st));
	st->time_events = -1;
	st->threads_running = threads_running;
	st->time_interval = period;
	st->time_total = total;
	st->events = report_events(s);
	st->reads = s->ctr[STATS_READS];
	st->writes = s->ctr[STATS_WRITES];
	st->other = s->ctr[STATS_OTHER];
	st->errors = s->ctr[STATS_ERRORS];
	st->reconnects = s->ctr[STATS_RECONNECTS];
	st->bytes_read = s->ctr[STATS_READ_BYTES];
	st->bytes_written = s->ctr[STATS_WRITTEN_BYTES];
	st->late = s->ctr[STATS_LATE];
	st->skipped = s->ctr[STATS_SKIPPED];
	if (s->events) {
		st->latency_pct = report_pct_ms(s->lat, pct) / 1e3;
		st->latency_min = hdr_min(s->lat) / 1e9;
		st->latency_max = hdr_max(s->lat) / 1e9;
		st->latency_sum = s->lat_sum_ns / 1e9;
		st->latency_avg = st->latency_sum / s->events;
		if (s->wait) {
			st->wait_avg = s->wait_sum_ns / 1e9 / s->events;
			st->wait_max = hdr_max(s->wait) / 1e9;
			st->wait_pct = report_pct_ms(s->wait, pct) / 1e3;
		}
		if (s->svc) {
			st->service_avg = s->svc_sum_ns / 1e9 / s->events;
			st->service_max = hdr_max(s->svc) / 1e9;
			st->service_pct = report_pct_ms(s->svc, pct) / 1e3;
		}
	}
}

int report_interval(const struct report_ctx *ctx, const struct stats_snap *s,
                    double t_now, double period, unsigned threads_running,
                    uint64_t queue_length, unsigned concurrency)
{
	const struct core_cfg *cfg = ctx->cfg;
	char t[32], pl[32 * CORE_MAX_PCT], lv[32 * CORE_MAX_PCT];
	double p = period > 0 ? period : 1;
	int rc;

	if (cfg->report_format != CORE_REPORT_TEXT) {
		machine_interval(cfg, s, t_now, p, threads_running, queue_length,
		                 concurrency);
		return 0;
	}
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
			report_failed = 1;      /* and print the default line */
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

/* "         label:" then the value right-aligned to column 53, as sysbench. */
static void lat_line(const char *label, const char *value)
{
	int pad = 53 - 9 - (int)strlen(label) - (int)strlen(value);
	printf("         %s%*s%s\n", label, pad > 1 ? pad : 1, "", value);
}

void report_lat_line_ms(const char *label, double ms)
{
	char v[64];
	snprintf(v, sizeof(v), "%.2f", ms);
	lat_line(label, v);
}

/* One "Nth percentile:" line per --percentile value. */
static void pct_lines(const struct core_cfg *cfg, const struct hdr_hist *h)
{
	unsigned i, n = cfg->npercentiles;
	for (i = 0; i < (n ? n : 1); i++) {
		double pct = n ? cfg->percentiles[i] : cfg->percentile;
		char label[64];
		snprintf(label, sizeof(label), "%.10gth percentile:", pct);
		report_lat_line_ms(label, report_pct_ms(h, pct));
	}
}

static void sql_block(const struct stats_snap *s, double period)
{
	uint64_t r = s->ctr[STATS_READS], w = s->ctr[STATS_WRITES],
	         o = s->ctr[STATS_OTHER], q = r + w + o;
	double p = period > 0 ? period : 1;
	printf("SQL statistics:\n");
	printf("    queries performed:\n");
	printf("        read:                            %llu\n", (unsigned long long)r);
	printf("        write:                           %llu\n", (unsigned long long)w);
	printf("        other:                           %llu\n", (unsigned long long)o);
	printf("        total:                           %llu\n", (unsigned long long)q);
	printf("    transactions:                        %-6llu (%.2f per sec.)\n",
	       (unsigned long long)report_events(s), report_events(s) / p);
	printf("    queries:                             %-6llu (%.2f per sec.)\n",
	       (unsigned long long)q, q / p);
	printf("    ignored errors:                      %-6llu (%.2f per sec.)\n",
	       (unsigned long long)s->ctr[STATS_ERRORS], s->ctr[STATS_ERRORS] / p);
	printf("    reconnects:                          %-6llu (%.2f per sec.)\n",
	       (unsigned long long)s->ctr[STATS_RECONNECTS], s->ctr[STATS_RECONNECTS] / p);
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

static void mean_stddev(const uint64_t *v, unsigned n, double scale,
                        double *mean, double *sd)
{
	double sum = 0, sq = 0;
	unsigned i;
	for (i = 0; i < n; i++)
		sum += v[i] * scale;
	*mean = n ? sum / n : 0;
	for (i = 0; i < n; i++) {
		double d = v[i] * scale - *mean;
		sq += d * d;
	}
	*sd = n ? sqrt(sq / n) : 0;
}

/* The label and statement tables' last columns: a header "  50%  95%
 * max" and a row of the record's percentiles and max, in ms. */
static void pct_columns_header(const double *pcts, unsigned n)
{
	char pl[40];

	for (unsigned j = 0; j < n; j++) {
		pct_label(pl, sizeof(pl) - 1, pcts[j]);
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

const double report_stmt_pcts[REPORT_NSTMT_PCTS] = { 50, 95, 99 };

/* bench: --report-statements, one line per statement kind seen. */
static void stmt_block(const struct stats_snap *s)
{
	uint64_t count = 0, errors = 0;
	unsigned k;
	char name[32], *u;

	/* nothing to break down (a workload without SQL, e.g. fileio, whose
	 * file operations get file_op_block instead) */
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

/* bench: --report-statements for fileio: one line per kind of file
 * operation seen, after the report (fileio's own layout, as it printed it
 * from a histogram of its own before these kinds went to stats). */
static void file_op_block(const struct stats_snap *s)
{
	int any = 0;
	char name[16];

	for (unsigned k = STATS_FILE_READ; k < STATS_NKIND; k++) {
		const struct stats_rec *r = &s->stmt[k];
		if (r->events == 0)
			continue;
		if (!any)
			printf("Latency per operation (ms):\n");
		any = 1;
		snprintf(name, sizeof(name), "%s:", stats_stmt_name(k));
		printf("    %-6s count: %llu  50%%: %.3f  95%%: %.3f  99%%: %.3f  99.9%%: %.3f  max: %.3f\n",
		       name, (unsigned long long)r->events, report_pct_ms(r->lat, 50),
		       report_pct_ms(r->lat, 95), report_pct_ms(r->lat, 99),
		       report_pct_ms(r->lat, 99.9), hdr_max(r->lat) / NS_PER_MS);
	}
	if (any)
		printf("\n");
}

int report_full(const struct report_ctx *ctx, const struct stats_snap *s,
                double total, double period, int checkpoint)
{
	const struct core_cfg *cfg = ctx->cfg;
	sb_stat_t st;
	double mean, sd;
	int rc;

	report_fill_stat(&st, s, period, total, 0, cfg->percentile);
	if (!checkpoint)
		st.time_events = ctx->time_events;
	if (!checkpoint && ctx->result) {
		fill_result(ctx->result, s, total, period);
		ctx->result->time_events = ctx->time_events;
	}
	if (!checkpoint && ctx->hooks.end)
		ctx->hooks.end(ctx->hooks.ud);
	if (cfg->report_format != CORE_REPORT_TEXT) {
		/* the workload's summary still runs; its output goes to stderr */
		if (!checkpoint && ctx->hooks.summary &&
		    ctx->hooks.summary(&st, ctx->hooks.ud) < 0)
			report_failed = 1;
		fflush(stdout);
		machine_full(cfg, s, total, period > 0 ? period : 1, checkpoint);
		/* text, so it goes where stdout points now: stderr */
		if (s->have_stmt && !checkpoint && log_verbosity() >= LOG_NOTICE) {
			file_op_block(s);
			fflush(stdout);
		}
		return 0;
	}
	if (checkpoint && log_verbosity() >= LOG_NOTICE) {
		char t[32];
		report_format_time(t, sizeof(t), total, 1);
		printf("[ %ss ] Checkpoint report:\n", t);
	}
	if (ctx->hooks.cumulative) {
		rc = ctx->hooks.cumulative(&st, ctx->hooks.ud);
		if (rc > 0) {
			fflush(stdout);
			return 0;
		}
		if (rc < 0)
			report_failed = 1;      /* and print the default report */
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
	if (ctx->hooks.summary && ctx->hooks.summary(&st, ctx->hooks.ud) < 0)
		report_failed = 1;

	printf("\nGeneral statistics:\n");
	printf("    total time:                          %.4fs\n", total);
	printf("    total number of events:              %llu\n",
	       (unsigned long long)report_events(s));
	printf("\nLatency (ms):\n");
	report_lat_line_ms("min:", s->events ? hdr_min(s->lat) / NS_PER_MS : 0);
	report_lat_line_ms("avg:", s->events ? (double)s->lat_sum_ns / s->events / NS_PER_MS : 0);
	report_lat_line_ms("max:", s->events ? hdr_max(s->lat) / NS_PER_MS : 0);
	if (cfg->percentile > 0) {
		pct_lines(cfg, s->lat);
	} else {
		printf("         percentile stats:               disabled\n");
	}
	report_lat_line_ms("sum:", s->lat_sum_ns / NS_PER_MS);
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
	printf("\nThreads fairness:\n");
	mean_stddev(s->thread_events, s->nthreads, 1, &mean, &sd);
	printf("    events (avg/stddev):           %.4f/%3.2f\n", mean, sd);
	mean_stddev(s->thread_lat_sum_ns, s->nthreads, 1e-9, &mean, &sd);
	printf("    execution time (avg/stddev):   %.4f/%3.2f\n", mean, sd);
	printf("\n");
	/* bench's own blocks come after sysbench's, so that scripts reading
	 * sysbench's report find everything where they expect it */
	label_block(cfg, s, period);
	if (s->have_stmt && !checkpoint) {
		stmt_block(s);
		file_op_block(s);
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

/* ---- machine-readable reports (--report-format=json|csv) ----------------- */

static FILE *machine_out;       /* the real stdout, after the redirect */

static FILE *report_stream(void)
{
	return machine_out ? machine_out : stdout;
}

FILE *report_machine_stream(void)
{
	return report_stream();
}

/* ferror() forgets errno: a failed stream whose flush now succeeds (the
 * lost bytes are gone) is reported as ENOSPC, the usual cause. */
static int stream_check(FILE *f)
{
	errno = 0;
	if (fflush(f) != 0)
		return errno ? -errno : -EIO;
	return ferror(f) ? -ENOSPC : 0;
}

int report_output_check(void)
{
	int rc = 0, r;

	if (machine_out != NULL) {
		rc = stream_check(machine_out);
		r = fclose(machine_out) != 0 ? -errno : 0;
		rc = rc ? rc : r;
		machine_out = NULL;
	}
	r = stream_check(stdout);
	return rc ? rc : r;
}

int report_redirect_stdout(const char *format)
{
	int fd;
	FILE *f;

	if (format == NULL || machine_out ||
	    (strcmp(format, "json") != 0 && strcmp(format, "csv") != 0))
		return 0;
	fflush(stdout);
	fd = dup(STDOUT_FILENO);
	if (fd < 0)
		return -errno;
	f = fdopen(fd, "w");
	if (f == NULL) {
		int e = errno;
		close(fd);
		return -e;
	}
	if (dup2(STDERR_FILENO, STDOUT_FILENO) < 0) {
		int e = errno;
		fclose(f);
		return -e;
	}
	machine_out = f;
	return 0;
}

void report_json_string(FILE *f, const char *s)
{
	const unsigned char *p;

	if (s == NULL) {
		fputs("null", f);
		return;
	}
	fputc('"', f);
	for (p = (const unsigned char *)s; *p; p++) {
		switch (*p) {
		case '"': fputs("\\\"", f); break;
		case '\\': fputs("\\\\", f); break;
		case '\n': fputs("\\n", f); break;
		case '\r': fputs("\\r", f); break;
		case '\t': fputs("\\t", f); break;
		case '\b': fputs("\\b", f); break;
		case '\f': fputs("\\f", f); break;
		default:
			if (*p < 0x20 || *p == 0x7f)
				fprintf(f, "\\u%04x", *p);
			else
				fputc(*p, f);
		}
	}
	fputc('"', f);
}

/* A JSON number: finite values only (JSON has no NaN/Infinity). */
static void jnum(FILE *f, double v)
{
	if (isfinite(v))
		fprintf(f, "%.15g", v);
	else
		fputs("null", f);
}

static void jkey(FILE *f, const char *k)
{
	report_json_string(f, k);
	fputc(':', f);
}

static void jkv_num(FILE *f, const char *k, double v)
{
	fputc(',', f);
	jkey(f, k);
	jnum(f, v);
}

static void jkv_u64(FILE *f, const char *k, uint64_t v)
{
	fprintf(f, ",\"%s\":%llu", k, (unsigned long long)v);
}

/* ,"percentiles":{"50":v,"95":v} in ms, at the n percentiles pcts */
static void j_percentiles(FILE *f, const double *pcts, unsigned n,
                          const struct hdr_hist *h)
{
	unsigned i;
	char pl[32];
	fputs(",\"percentiles\":{", f);
	for (i = 0; i < n; i++) {
		pct_label(pl, sizeof(pl), pcts[i]);
		if (i)
			fputc(',', f);
		jkey(f, pl);
		jnum(f, report_pct_ms(h, pcts[i]));
	}
	fputc('}', f);
}

/* Counters with their rates over period p. */
static void j_counters(FILE *f, const struct stats_snap *s, double p)
{
	static const struct { const char *name; int ctr; } c[] = {
		{ "reads", STATS_READS }, { "writes", STATS_WRITES },
		{ "other", STATS_OTHER }, { "errors", STATS_ERRORS },
		{ "reconnects", STATS_RECONNECTS },
	};
	char k[64];
	uint64_t q = s->ctr[STATS_READS] + s->ctr[STATS_WRITES] + s->ctr[STATS_OTHER];
	unsigned i;

	jkv_u64(f, "events", report_events(s));
	jkv_num(f, "eps", report_events(s) / p);
	jkv_num(f, "tps", report_events(s) / p);
	for (i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
		jkv_u64(f, c[i].name, s->ctr[c[i].ctr]);
		snprintf(k, sizeof(k), "%s_per_sec", c[i].name);
		jkv_num(f, k, s->ctr[c[i].ctr] / p);
	}
	jkv_u64(f, "queries", q);
	jkv_num(f, "qps", q / p);
	jkv_u64(f, "bytes_read", s->ctr[STATS_READ_BYTES]);
	jkv_u64(f, "bytes_written", s->ctr[STATS_WRITTEN_BYTES]);
}

static void j_latency(FILE *f, const struct core_cfg *cfg,
                      const struct stats_snap *s, int with_sum)
{
	int any = s->events > 0;
	fputs(",\"latency_ms\":{", f);
	jkey(f, "min");
	jnum(f, any ? hdr_min(s->lat) / NS_PER_MS : 0);
	jkv_num(f, "avg", any ? (double)s->lat_sum_ns / s->events / NS_PER_MS : 0);
	jkv_num(f, "max", any ? hdr_max(s->lat) / NS_PER_MS : 0);
	jkv_num(f, "stddev", any ? hdr_stddev(s->lat) / NS_PER_MS : 0);
	if (with_sum)
		jkv_num(f, "sum", s->lat_sum_ns / NS_PER_MS);
	j_percentiles(f, cfg->percentiles, cfg->npercentiles, s->lat);
	fputc('}', f);
	if (cfg->rate > 0 && s->wait) {
		fputs(",\"lag_ms\":{", f);
		jkey(f, "avg");
		jnum(f, any ? (double)s->wait_sum_ns / s->events / NS_PER_MS : 0);
		jkv_num(f, "max", any ? hdr_max(s->wait) / NS_PER_MS : 0);
		j_percentiles(f, cfg->percentiles, cfg->npercentiles, s->wait);
		fputc('}', f);
	}
	if (cfg->rate > 0 && s->svc) {
		fputs(",\"service_ms\":{", f);
		jkey(f, "min");
		jnum(f, any ? hdr_min(s->svc) / NS_PER_MS : 0);
		jkv_num(f, "avg", any ? (double)s->svc_sum_ns / s->events / NS_PER_MS : 0);
		jkv_num(f, "max", any ? hdr_max(s->svc) / NS_PER_MS : 0);
		j_percentiles(f, cfg->percentiles, cfg->npercentiles, s->svc);
		fputc('}', f);
	}
	if (cfg->latency_limit > 0) {
		jkv_num(f, "latency_limit_ms", cfg->latency_limit);
		jkv_u64(f, "late", s->ctr[STATS_LATE]);
		jkv_u64(f, "skipped", s->ctr[STATS_SKIPPED]);
	}
}

/* {"min":..,"avg":..,"max":..,"percentiles":{..}} of one record */
static void j_rec_latency(FILE *f, const struct stats_rec *r,
                          const double *pcts, unsigned np)
{
	int any = r->events && r->lat;

	fputs(",\"latency_ms\":{", f);
	jkey(f, "min");
	jnum(f, any ? hdr_min(r->lat) / NS_PER_MS : 0);
	jkv_num(f, "avg", any ? (double)r->lat_sum_ns / r->events / NS_PER_MS : 0);
	jkv_num(f, "max", any ? hdr_max(r->lat) / NS_PER_MS : 0);
	j_percentiles(f, pcts, np, r->lat);
	fputc('}', f);
}

/* "labels":{"name":{"events":..,"errors":..,"eps":..,"latency_ms":{..}}} */
static void j_labels(FILE *f, const struct core_cfg *cfg,
                     const struct stats_snap *s, double p)
{
	unsigned i, n = stats_nlabels();

	if (n == 0)
		return;
	fputs(",\"labels\":{", f);
	for (i = 0; i < n; i++) {
		const struct stats_rec *r = &s->lbl[i];
		if (i)
			fputc(',', f);
		jkey(f, stats_label_name(i));
		fprintf(f, "{\"events\":%llu", (unsigned long long)r->events);
		jkv_u64(f, "errors", r->errors);
		jkv_num(f, "eps", r->events / p);
		j_rec_latency(f, r, cfg->percentiles, cfg->npercentiles);
		fputc('}', f);
	}
	fputc('}', f);
	if (s->lbl_lost)
		jkv_u64(f, "labels_lost", s->lbl_lost);
}

/* "statements":{"point_select":{"count":..,"errors":..,"latency_ms":{..}}} */
static void j_statements(FILE *f, const struct stats_snap *s)
{
	int first = 1;

	fputs(",\"statements\":{", f);
	for (unsigned k = 0; k < STATS_NSTMT; k++) {
		const struct stats_rec *r = &s->stmt[k];
		if (r->events == 0 && r->errors == 0)
			continue;
		if (!first)
			fputc(',', f);
		first = 0;
		jkey(f, stats_stmt_name(k));
		fprintf(f, "{\"count\":%llu", (unsigned long long)r->events);
		jkv_u64(f, "errors", r->errors);
		j_rec_latency(f, r, report_stmt_pcts, REPORT_NSTMT_PCTS);
		fputc('}', f);
	}
	fputc('}', f);
	if (s->stmt_lost)
		jkv_u64(f, "statements_lost", s->stmt_lost);
}

static void csv_header(FILE *f, const struct core_cfg *cfg)
{
	static int done;
	unsigned i;
	char pl[32];
	if (done)
		return;
	done = 1;
	fputs("type,time,threads,events,eps,reads,writes,other,errors,reconnects,lat_min_ms,lat_avg_ms,lat_max_ms", f);
	for (i = 0; i < cfg->npercentiles; i++) {
		pct_label(pl, sizeof(pl), cfg->percentiles[i]);
		fprintf(f, ",p%s_ms", pl);
	}
	if (cfg->rate > 0)
		fputs(",lag_avg_ms,lag_max_ms,svc_avg_ms,svc_max_ms", f);
	if (cfg->latency_limit > 0)
		fputs(",late,skipped", f);
	fputc('\n', f);
}

static void csv_row(FILE *f, const struct core_cfg *cfg, const char *type,
                    double t, unsigned threads, const struct stats_snap *s,
                    double p)
{
	int any = s->events > 0;
	unsigned i;
	csv_header(f, cfg);
	fprintf(f, "%s,%.10g,%u,%llu,%.4f,%llu,%llu,%llu,%llu,%llu,%.4f,%.4f,%.4f",
	        type, t, threads, (unsigned long long)report_events(s), report_events(s) / p,
	        (unsigned long long)s->ctr[STATS_READS],
	        (unsigned long long)s->ctr[STATS_WRITES],
	        (unsigned long long)s->ctr[STATS_OTHER],
	        (unsigned long long)s->ctr[STATS_ERRORS],
	        (unsigned long long)s->ctr[STATS_RECONNECTS],
	        any ? hdr_min(s->lat) / NS_PER_MS : 0,
	        any ? (double)s->lat_sum_ns / s->events / NS_PER_MS : 0,
	        any ? hdr_max(s->lat) / NS_PER_MS : 0);
	for (i = 0; i < cfg->npercentiles; i++)
		fprintf(f, ",%.4f", report_pct_ms(s->lat, cfg->percentiles[i]));
	if (cfg->rate > 0)
		fprintf(f, ",%.4f,%.4f,%.4f,%.4f",
		        any && s->wait ? (double)s->wait_sum_ns / s->events / NS_PER_MS : 0,
		        any && s->wait ? hdr_max(s->wait) / NS_PER_MS : 0,
		        any && s->svc ? (double)s->svc_sum_ns / s->events / NS_PER_MS : 0,
		        any && s->svc ? hdr_max(s->svc) / NS_PER_MS : 0);
	if (cfg->latency_limit > 0)
		fprintf(f, ",%llu,%llu", (unsigned long long)s->ctr[STATS_LATE],
		        (unsigned long long)s->ctr[STATS_SKIPPED]);
	fputc('\n', f);
	fflush(f);
}

static void machine_interval(const struct core_cfg *cfg,
                             const struct stats_snap *s, double t_now,
                             double p, unsigned threads_running,
                             uint64_t queue_length, unsigned concurrency)
{
	FILE *f = report_stream();
	if (cfg->report_format == CORE_REPORT_CSV) {
		csv_row(f, cfg, "interval", t_now, threads_running, s, p);
		return;
	}
	fputs("{\"type\":\"interval\"", f);
	j_step(f, 0);
	jkv_num(f, "time", t_now);
	fprintf(f, ",\"threads\":%u", threads_running);
	j_counters(f, s, p);
	j_latency(f, cfg, s, 0);
	j_labels(f, cfg, s, p);
	if (cfg->rate > 0) {
		jkv_u64(f, "queue_length", queue_length);
		fprintf(f, ",\"concurrency\":%u", concurrency);
	}
	fputs("}\n", f);
	fflush(f);
}

static void j_options(FILE *f)
{
	struct opt *o;
	int first = 1;
	fputs(",\"options\":{", f);
	for (o = opt_first(); o; o = opt_next(o)) {
		const char *name = opt_name(o);
		const char *const *items;
		unsigned n, i;
		if (strstr(name, "password"))
			continue;       /* never publish credentials */
		if (!first)
			fputc(',', f);
		first = 0;
		jkey(f, name);
		switch (opt_type_of(o)) {
		case OPT_BOOL:
			fputs(opt_bool(o) ? "true" : "false", f);
			break;
		case OPT_INT:
			fprintf(f, "%lld", (long long)opt_int(o));
			break;
		case OPT_SIZE:
			fprintf(f, "%llu", (unsigned long long)opt_size(o));
			break;
		case OPT_DOUBLE:
			jnum(f, opt_double(o));
			break;
		case OPT_LIST:
			n = opt_list(o, &items);
			fputc('[', f);
			for (i = 0; i < n; i++) {
				if (i)
					fputc(',', f);
				report_json_string(f, items[i]);
			}
			fputc(']', f);
			break;
		default:
			report_json_string(f, opt_value_text(o));
			break;
		}
	}
	fputc('}', f);
}

static void machine_full(const struct core_cfg *cfg, const struct stats_snap *s,
                         double total, double p, int checkpoint)
{
	FILE *f = report_stream();
	double mean, sd;
	char host[256], when[64];
	struct timespec now;
	time_t start;
	struct tm tm;

	if (cfg->report_format == CORE_REPORT_CSV) {
		csv_row(f, cfg, checkpoint ? "checkpoint" : "final", total,
		        cfg->threads, s, p);
		return;
	}
	fprintf(f, "{\"type\":\"%s\"", checkpoint ? "checkpoint" : "final");
	j_step(f, 1);
	jkv_num(f, "time", total);
	jkv_num(f, "total_time", total);
	fprintf(f, ",\"threads\":%u", cfg->threads);
	j_counters(f, s, p);
	j_latency(f, cfg, s, 1);
	fputs(",\"fairness\":{", f);
	mean_stddev(s->thread_events, s->nthreads, 1, &mean, &sd);
	jkey(f, "events_avg");
	jnum(f, mean);
	jkv_num(f, "events_stddev", sd);
	mean_stddev(s->thread_lat_sum_ns, s->nthreads, 1e-9, &mean, &sd);
	jkv_num(f, "time_avg", mean);
	jkv_num(f, "time_stddev", sd);
	fputc('}', f);
	j_labels(f, cfg, s, p);
	if (s->have_stmt && !checkpoint)
		j_statements(f, s);
	fputs(",\"bench_version\":", f);
	report_json_string(f, PACKAGE_VERSION);
	if (gethostname(host, sizeof(host)) != 0)
		host[0] = 0;
	host[sizeof(host) - 1] = 0;
	fputs(",\"hostname\":", f);
	report_json_string(f, host);
	/* the run started `total` seconds ago (wall clock) */
	clock_gettime(CLOCK_REALTIME, &now);
	start = (time_t)floor(now.tv_sec + now.tv_nsec / 1e9 - total);
	gmtime_r(&start, &tm);
	strftime(when, sizeof(when), "%Y-%m-%dT%H:%M:%SZ", &tm);
	fputs(",\"start_time\":", f);
	report_json_string(f, when);
	j_options(f);
	fputs("}\n", f);
	fflush(f);
}
