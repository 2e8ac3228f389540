/* SPDX-License-Identifier: GPL-2.0-or-later */
/* report: picks the format (report_text.c, report_json.c, report_csv.c)
 * for each report and runs what every format shares: the sweep's result,
 * the end hook, the summary hook of a machine-readable run. */
#include <stdio.h>
#include <string.h>
#include "stats/report.h"
#include "stats/report_common.h"
#include "stats/report_fmt.h"
#include "util/log.h"
#include <stdbool.h>
#include <stdint.h>
#include "ffi/core.h"

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

const char *report_status_name(enum report_status st)
{
	switch (st) {
	case REPORT_INTERRUPTED: return "interrupted";
	case REPORT_FAILED: return "failed";
	case REPORT_OVERLOADED: return "overloaded";
	case REPORT_FORCED: return "forced_shutdown";
	default: return "completed";
	}
}

static void observe_at(const struct report_ctx *ctx, enum report_point p)
{
	if (ctx->observer.sample)
		ctx->observer.sample(ctx->observer.ud, p);
}

void report_run_start(const struct report_ctx *ctx)
{
	observe_at(ctx, REPORT_AT_START);
}

int report_interval(const struct report_ctx *ctx, const struct stats_snap *s,
                    double t_now, double period, unsigned threads_running,
                    uint64_t queue_length, unsigned concurrency)
{
	const struct core_cfg *cfg = ctx->cfg;
	double p = period > 0 ? period : 1;
	char t[64];
	int rc;

	observe_at(ctx, REPORT_AT_TICK);
	switch (cfg->report_format) {
	case CORE_REPORT_TEXT:
		rc = report_text_interval(ctx, s, t_now, period, threads_running,
		                          queue_length, concurrency);
		if (ctx->observer.lines) {
			report_format_time(t, sizeof(t), t_now, cfg->report_interval);
			ctx->observer.lines(ctx->observer.ud, t);
		}
		return rc;
	case CORE_REPORT_CSV:
		report_csv_row(cfg, "interval", t_now, threads_running, s, p, "running",
		               &ctx->observer, 0);
		return 0;
	default:
		report_json_interval(cfg, s, t_now, p, threads_running, queue_length,
		                     concurrency, &ctx->observer);
		return 0;
	}
}

void report_warmup_done(const struct report_ctx *ctx)
{
	const struct core_cfg *cfg = ctx->cfg;

	log_msg(LOG_NOTICE, "Warm-up done after %g s: statistics count from here",
	        cfg->warmup_time);
	if (cfg->report_format == CORE_REPORT_JSON)
		report_json_event(cfg, "warmup_done");
}

int report_full(const struct report_ctx *ctx, const struct stats_snap *s,
                double total, double period, double checkpoint)
{
	const struct core_cfg *cfg = ctx->cfg;
	double p = period > 0 ? period : 1;
	sb_stat_t st;

	if (!checkpoint)
		observe_at(ctx, REPORT_AT_END);
	report_fill_stat(&st, s, period, total, 0, cfg->percentile);
	if (!checkpoint)
		st.time_events = ctx->time_events;
	if (!checkpoint && ctx->result) {
		fill_result(ctx->result, s, total, period);
		ctx->result->time_events = ctx->time_events;
	}
	if (!checkpoint && ctx->hooks.end)
		ctx->hooks.end(ctx->hooks.ud);
	if (cfg->report_format == CORE_REPORT_TEXT) {
		int rc = report_text_full(ctx, s, &st, total, period, checkpoint);
		if (!checkpoint)
			report_text_status(cfg, ctx->status, total);
		return rc;
	}
	/* the workload's summary still runs; its output goes to stderr */
	if (!checkpoint && ctx->hooks.summary &&
	    ctx->hooks.summary(&st, ctx->hooks.ud) < 0)
		report_note_hook_failure();
	fflush(stdout);
	if (cfg->report_format == CORE_REPORT_CSV) {
		report_csv_row(cfg, checkpoint ? "checkpoint" : "final", total,
		               cfg->threads, s, p,
		               checkpoint ? "running" : report_status_name(ctx->status),
		               &ctx->observer, checkpoint ? -1 : 1);
		if (!checkpoint)
			report_csv_trailer();
	} else
		report_json_full(cfg, &ctx->fair, s, total, p, checkpoint > 0, ctx->status,
		                 checkpoint ? NULL : &ctx->observer);
	/* text, so it goes where stdout points now: stderr */
	if (s->have_stmt && !checkpoint && log_verbosity() >= LOG_NOTICE) {
		report_text_file_ops(s);
		fflush(stdout);
	}
	return 0;
}
