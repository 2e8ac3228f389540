/* SPDX-License-Identifier: GPL-2.0-or-later */
/* --report-format=csv: see report_fmt.h. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "stats/obsflat.h"
#include "stats/report.h"
#include "stats/report_common.h"
#include "stats/report_fmt.h"
#include "stats/runinfo.h"
#include "util/log.h"

/* The metric columns (obsflat.h paths), fixed by the header. */
static char **csv_mcols;
static unsigned csv_nmcols;

static void csv_free_mcols(void)
{
	for (unsigned i = 0; i < csv_nmcols; i++)
		free(csv_mcols[i]);
	free(csv_mcols);
	csv_mcols = NULL;
	csv_nmcols = 0;
}

/* What the observer shows for this row (final: the run's), flattened
 * into *out; *line must be json_decref'd. 0, or -1 (nothing). */
static int csv_observed(const struct report_observer *ob, int final, json_t **line,
                        struct obsflat *out)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *m;

	*line = NULL;
	if (ob == NULL || ob->json == NULL || (m = open_memstream(&buf, &len)) == NULL)
		return -1;
	fputs("{\"type\":\"csv\"", m);
	ob->json(ob->ud, m, final);
	fputc('}', m);
	fclose(m);
	*line = json_loads(buf, 0, NULL);
	free(buf);
	if (*line == NULL || obsflat_line(*line, out)) {
		json_decref(*line);
		*line = NULL;
		obsflat_free(out);
		return -1;
	}
	return 0;
}

/* The metric columns: every leaf of the observer's run-so-far figures
 * (its final object holds every name its intervals can). */
static void csv_pick_mcols(const struct report_observer *ob)
{
	struct obsflat fl = { 0 };
	json_t *line;

	if (csv_observed(ob, 1, &line, &fl))
		return;
	if ((csv_mcols = calloc(fl.n ? fl.n : 1, sizeof(*csv_mcols))) != NULL)
		for (unsigned i = 0; i < fl.n; i++) {
			csv_mcols[csv_nmcols] = fl.it[i].path;
			fl.it[i].path = NULL;
			csv_nmcols++;
		}
	obsflat_free(&fl);
	json_decref(line);
	atexit(csv_free_mcols);
}

/* The metric cells of a row: the columns' values, empty where the row
 * has none (a skipped sample, a checkpoint row). */
static void csv_metric_cells(FILE *f, const struct report_observer *ob, int final)
{
	static int said;
	struct obsflat fl = { 0 };
	json_t *line = NULL;
	unsigned i;

	if (csv_nmcols == 0)
		return;
	if (final < 0 || csv_observed(ob, final, &line, &fl))
		fl.n = 0;
	for (i = 0; i < csv_nmcols; i++) {
		const struct obsflat_item *it = obsflat_find(&fl, csv_mcols[i]);
		fputc(',', f);
		if (it && it->str)
			report_csv_field(f, it->str);
		else if (it && isfinite(it->v))
			fprintf(f, "%.10g", it->v);
	}
	for (i = 0; i < fl.n && !said; i++) {
		unsigned j;
		for (j = 0; j < csv_nmcols && strcmp(csv_mcols[j], fl.it[i].path) != 0; j++)
			;
		if (j == csv_nmcols) {
			said = 1;
			log_msg(LOG_WARNING, "csv: '%s' has no column (the header was printed before it was sampled): csv rows leave it out, json reports carry it",
			        fl.it[i].path);
		}
	}
	obsflat_free(&fl);
	json_decref(line);
}

static void csv_header(FILE *f, const struct core_cfg *cfg, const struct report_observer *ob)
{
	static int done;
	unsigned i;
	char pl[32];
	if (done)
		return;
	done = 1;
	csv_pick_mcols(ob);
	fputs("type,time,threads,events,eps,reads,writes,other,errors,reconnects,lat_min_ms,lat_avg_ms,lat_max_ms", f);
	for (i = 0; i < cfg->npercentiles; i++) {
		report_pct_label(pl, sizeof(pl), cfg->percentiles[i]);
		fprintf(f, ",p%s_ms", pl);
	}
	if (cfg->rate > 0)
		fputs(",lag_avg_ms,lag_max_ms,svc_avg_ms,svc_max_ms", f);
	if (cfg->latency_limit > 0)
		fputs(",late,skipped", f);
	fputs(",status", f);
	for (i = 0; i < csv_nmcols; i++) {
		fputc(',', f);
		report_csv_field(f, csv_mcols[i]);
	}
	fputc('\n', f);
}

void report_csv_row(const struct core_cfg *cfg, const char *type, double t,
                    unsigned threads, const struct stats_snap *s, double p,
                    const char *status, const struct report_observer *ob, int final)
{
	FILE *f = report_machine_stream();
	int any = s->events > 0;
	unsigned i;
	csv_header(f, cfg, ob);
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
	fprintf(f, ",%s", status);
	csv_metric_cells(f, ob, final);
	fputc('\n', f);
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
