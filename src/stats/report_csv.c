/* SPDX-License-Identifier: GPL-2.0-or-later */
/* --report-format=csv: see report_fmt.h. */
#include <stdio.h>
#include <string.h>
#include "stats/report.h"
#include "stats/report_common.h"
#include "stats/report_fmt.h"
#include "stats/runinfo.h"

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
	fputs(",status\n", f);
}

void report_csv_row(const struct core_cfg *cfg, const char *type, double t,
                    unsigned threads, const struct stats_snap *s, double p,
                    const char *status)
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
	fprintf(f, ",%s\n", status);
	fflush(f);
}

/* "# key: value" with the value's line breaks flattened (one line each) */
static void csv_comment(FILE *f, const char *key, const char *value)
{
	if (value == NULL)
		return;
	fprintf(f, "# %s: ", key);
	for (; value && *value; value++)
		fputc(*value == '\n' || *value == '\r' ? ' ' : *value, f);
	fputc('\n', f);
}

void report_csv_trailer(void)
{
	FILE *f = report_machine_stream();
	const char *const *k, *const *v;
	unsigned n = runinfo_server(&k, &v), i;
	char key[256];

	csv_comment(f, "workload", runinfo_workload_name());
	csv_comment(f, "workload_path", runinfo_workload_path());
	csv_comment(f, "workload_sha256", runinfo_workload_sha256());
	csv_comment(f, "command_line", runinfo_cmdline());
	for (i = 0; i < n; i++) {
		int meta = strcmp(k[i], "product") == 0 || strcmp(k[i], "version") == 0;
		snprintf(key, sizeof(key), "database_%s%s", meta ? "" : "setting.", k[i]);
		csv_comment(f, key, v[i]);
	}
	fflush(f);
}
