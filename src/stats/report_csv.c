/* SPDX-License-Identifier: GPL-2.0-or-later */
/* --report-format=csv: see report_fmt.h. */
#include <stdio.h>
#include "stats/report.h"
#include "stats/report_common.h"
#include "stats/report_fmt.h"

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
		report_pct_label(pl, sizeof(pl), cfg->percentiles[i]);
		fprintf(f, ",p%s_ms", pl);
	}
	if (cfg->rate > 0)
		fputs(",lag_avg_ms,lag_max_ms,svc_avg_ms,svc_max_ms", f);
	if (cfg->latency_limit > 0)
		fputs(",late,skipped", f);
	fputc('\n', f);
}

void report_csv_row(const struct core_cfg *cfg, const char *type, double t,
                    unsigned threads, const struct stats_snap *s, double p)
{
	FILE *f = report_machine_stream();
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
