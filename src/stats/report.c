#include <math.h>
#include <stdio.h>
#include <string.h>
#include "stats/report.h"
#include <stdbool.h>
#include <stdint.h>
#include "lua/ffi_api.h"

#define NS_PER_MS 1e6

static volatile int report_sql;
static int report_failed;

int report_hook_failed(void)
{
	return report_failed;
}

void report_use_sql(void)
{
	report_sql = 1;
}

/* Percentile label as sysbench prints it: "95" or "99.9". */
static void pct_label(char *buf, size_t len, double pct)
{
	snprintf(buf, len, "%.10g", pct);
}

static double pct_ms(const struct hdr_hist *h, double pct)
{
	if (h == NULL || hdr_count(h) == 0 || pct <= 0)
		return 0;
	return hdr_value_at_percentile(h, pct) / NS_PER_MS;
}

void report_format_time(char *buf, size_t len, double t, double step)
{
	int dec = 0;
	/* enough decimals to tell consecutive reports apart */
	while (dec < 3 && fabs(step * pow(10, dec) - round(step * pow(10, dec))) > 1e-6)
		dec++;
	snprintf(buf, len, "%.*f", dec, t);
}

void report_fill_stat(sb_stat_t *st, const struct stats_snap *s, double period,
                      double total, unsigned threads_running, double pct)
{
	memset(st, 0, sizeof(*st));
	st->threads_running = threads_running;
	st->time_interval = period;
	st->time_total = total;
	st->events = s->events;
	st->reads = s->ctr[STATS_READS];
	st->writes = s->ctr[STATS_WRITES];
	st->other = s->ctr[STATS_OTHER];
	st->errors = s->ctr[STATS_ERRORS];
	st->reconnects = s->ctr[STATS_RECONNECTS];
	st->bytes_read = s->ctr[STATS_READ_BYTES];
	st->bytes_written = s->ctr[STATS_WRITTEN_BYTES];
	if (s->events) {
		st->latency_pct = pct_ms(s->lat, pct) / 1e3;
		st->latency_min = hdr_min(s->lat) / 1e9;
		st->latency_max = hdr_max(s->lat) / 1e9;
		st->latency_sum = s->lat_sum_ns / 1e9;
		st->latency_avg = st->latency_sum / s->events;
		if (s->wait) {
			st->wait_avg = s->wait_sum_ns / 1e9 / s->events;
			st->wait_max = hdr_max(s->wait) / 1e9;
			st->wait_pct = pct_ms(s->wait, pct) / 1e3;
		}
	}
}

int report_interval(const struct report_ctx *ctx, const struct stats_snap *s,
                    double t_now, double period, unsigned threads_running,
                    uint64_t queue_length, unsigned concurrency)
{
	const struct core_cfg *cfg = ctx->cfg;
	char t[32], pl[32];
	double p = period > 0 ? period : 1;
	int rc;

	report_format_time(t, sizeof(t), t_now, cfg->report_interval);
	pct_label(pl, sizeof(pl), cfg->percentile);
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
	if (ctx->sql || report_sql) {
		uint64_t q = s->ctr[STATS_READS] + s->ctr[STATS_WRITES] + s->ctr[STATS_OTHER];
		printf("[ %ss ] thds: %u tps: %4.2f qps: %4.2f (r/w/o: %4.2f/%4.2f/%4.2f) lat (ms,%s%%): %4.2f err/s: %4.2f reconn/s: %4.2f\n",
		       t, threads_running, s->events / p, q / p,
		       s->ctr[STATS_READS] / p, s->ctr[STATS_WRITES] / p,
		       s->ctr[STATS_OTHER] / p, pl, pct_ms(s->lat, cfg->percentile),
		       s->ctr[STATS_ERRORS] / p, s->ctr[STATS_RECONNECTS] / p);
	} else {
		printf("[ %ss ] thds: %u eps: %4.2f lat (ms,%s%%): %4.2f\n", t,
		       threads_running, s->events / p, pl, pct_ms(s->lat, cfg->percentile));
	}
	if (cfg->rate > 0)
		printf("[ %ss ] queue length: %llu concurrency: %u\n", t,
		       (unsigned long long)queue_length, concurrency);
	fflush(stdout);
	return 0;
}

/* "         label:" then the value right-aligned to column 53, as sysbench. */
static void lat_line(const char *label, const char *value)
{
	int pad = 53 - 9 - (int)strlen(label) - (int)strlen(value);
	printf("         %s%*s%s\n", label, pad > 1 ? pad : 1, "", value);
}

static void lat_line_ms(const char *label, double ms)
{
	char v[64];
	snprintf(v, sizeof(v), "%.2f", ms);
	lat_line(label, v);
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
	       (unsigned long long)s->events, s->events / p);
	printf("    queries:                             %-6llu (%.2f per sec.)\n",
	       (unsigned long long)q, q / p);
	printf("    ignored errors:                      %-6llu (%.2f per sec.)\n",
	       (unsigned long long)s->ctr[STATS_ERRORS], s->ctr[STATS_ERRORS] / p);
	printf("    reconnects:                          %-6llu (%.2f per sec.)\n",
	       (unsigned long long)s->ctr[STATS_RECONNECTS], s->ctr[STATS_RECONNECTS] / p);
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

int report_full(const struct report_ctx *ctx, const struct stats_snap *s,
                double total, double period, int checkpoint)
{
	const struct core_cfg *cfg = ctx->cfg;
	sb_stat_t st;
	double mean, sd;
	int rc;

	report_fill_stat(&st, s, period, total, 0, cfg->percentile);
	if (!checkpoint && ctx->hooks.end)
		ctx->hooks.end(ctx->hooks.ud);
	if (checkpoint) {
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
	if (cfg->histogram && s->lat) {
		printf("Latency histogram (values are in milliseconds)\n");
		report_print_histogram(stdout, s->lat, 1e-6);
		printf(" \n");
	}
	/* the workload's block follows the SQL statistics, as a database
	 * workload with its own summary shows both */
	if (ctx->sql || report_sql)
		sql_block(s, period);
	if (ctx->hooks.summary && ctx->hooks.summary(&st, ctx->hooks.ud) < 0)
		report_failed = 1;

	printf("\nGeneral statistics:\n");
	printf("    total time:                          %.4fs\n", total);
	printf("    total number of events:              %llu\n",
	       (unsigned long long)s->events);
	printf("\nLatency (ms):\n");
	lat_line_ms("min:", s->events ? hdr_min(s->lat) / NS_PER_MS : 0);
	lat_line_ms("avg:", s->events ? (double)s->lat_sum_ns / s->events / NS_PER_MS : 0);
	lat_line_ms("max:", s->events ? hdr_max(s->lat) / NS_PER_MS : 0);
	if (cfg->percentile > 0) {
		char label[64];
		snprintf(label, sizeof(label), "%.10gth percentile:", cfg->percentile);
		lat_line_ms(label, pct_ms(s->lat, cfg->percentile));
	} else {
		printf("         percentile stats:               disabled\n");
	}
	lat_line_ms("sum:", s->lat_sum_ns / NS_PER_MS);
	if (cfg->rate > 0 && s->wait) {
		/* bench: time events waited for their scheduled start (open loop);
		 * it is part of the latency above. */
		printf("\nSchedule lag (ms):\n");
		lat_line_ms("avg:", s->events ? (double)s->wait_sum_ns / s->events / NS_PER_MS : 0);
		lat_line_ms("max:", s->events ? hdr_max(s->wait) / NS_PER_MS : 0);
		if (cfg->percentile > 0) {
			char label[64];
			snprintf(label, sizeof(label), "%.10gth percentile:", cfg->percentile);
			lat_line_ms(label, pct_ms(s->wait, cfg->percentile));
		}
	}
	printf("\nThreads fairness:\n");
	mean_stddev(s->thread_events, s->nthreads, 1, &mean, &sd);
	printf("    events (avg/stddev):           %.4f/%3.2f\n", mean, sd);
	mean_stddev(s->thread_lat_sum_ns, s->nthreads, 1e-9, &mean, &sd);
	printf("    execution time (avg/stddev):   %.4f/%3.2f\n", mean, sd);
	printf("\n");
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
