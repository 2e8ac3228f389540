/* SPDX-License-Identifier: GPL-2.0-or-later */
/* --report-format=json: see report_fmt.h. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>
#include <unistd.h>
#include "config.h"
#include "opt/opt.h"
#include "stats/report.h"
#include "stats/report_common.h"
#include "stats/report_fmt.h"
#include "stats/runinfo.h"

/* A sweep's step (1-based; 0: no sweep) and its label, for json lines. */
static unsigned report_step;
static char report_step_label[256];

void report_set_step(unsigned step, const char *label)
{
	report_step = step;
	snprintf(report_step_label, sizeof(report_step_label), "%s", label ? label : "");
}

unsigned report_get_step(void)
{
	return report_step;
}

/* The run identity and this process's place among the instances of one
 * benchmark (scale.h); instances 0: not one of several. */
static char run_id[17];
static unsigned inst_i, inst_n;
static double run_began, start_agreed;

void report_set_run_id(const char *id)
{
	if (id && strlen(id) == 16)
		memcpy(run_id, id, 17);
}

void report_set_instance(unsigned instance, unsigned instances)
{
	inst_i = instance;
	inst_n = instances;
}

void report_set_run_began(double wall, double agreed)
{
	run_began = wall;
	start_agreed = agreed;
}

const char *report_identity_suffix(char *buf, size_t len)
{
	if (inst_n)
		snprintf(buf, len, " instance %u/%u", inst_i, inst_n);
	else if (len)
		buf[0] = 0;
	return buf;
}

const char *report_run_id(void)
{
	char *id = run_id;
	uint64_t v = 0;

	if (id[0])
		return id;
	if (getrandom(&v, sizeof(v), 0) != (ssize_t)sizeof(v)) {
		struct timespec ts;
		clock_gettime(CLOCK_REALTIME, &ts);
		v = ((uint64_t)ts.tv_sec << 32) ^ (uint64_t)ts.tv_nsec ^ ((uint64_t)getpid() << 16);
	}
	snprintf(id, sizeof(run_id), "%016llx", (unsigned long long)v);
	return id;
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
		report_pct_label(pl, sizeof(pl), pcts[i]);
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

/* "statements":{"point_select":{"count":..,"errors":..,"latency_ms":{..}}};
 * fileio's operations ("read", "write", "fsync") come here too, as the
 * text report's "Latency per operation" block */
static void j_statements(FILE *f, const struct stats_snap *s)
{
	int first = 1;

	fputs(",\"statements\":{", f);
	for (unsigned k = 0; k < STATS_NKIND; k++) {
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

void report_json_interval(const struct core_cfg *cfg, const struct stats_snap *s,
                          double t_now, double p, unsigned threads_running,
                          uint64_t queue_length, unsigned concurrency,
                          const struct report_observer *ob)
{
	FILE *f = report_machine_stream();

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
	if (ob && ob->json)
		ob->json(ob->ud, f, 0);
	fputs("}\n", f);
	fflush(f);
}

/* An option's value as JSON (opt_emit_value), onto the FILE *ud. */
static void json_opt_bool(void *ud, int v)
{
	fputs(v ? "true" : "false", ud);
}

static void json_opt_int(void *ud, int64_t v)
{
	fprintf(ud, "%lld", (long long)v);
}

static void json_opt_size(void *ud, uint64_t v)
{
	fprintf(ud, "%llu", (unsigned long long)v);
}

static void json_opt_double(void *ud, double v)
{
	jnum(ud, v);
}

static void json_opt_list(void *ud, const char *const *items, unsigned n)
{
	fputc('[', ud);
	for (unsigned i = 0; i < n; i++) {
		if (i)
			fputc(',', ud);
		report_json_string(ud, items[i]);
	}
	fputc(']', ud);
}

static void json_opt_text(void *ud, const char *text)
{
	report_json_string(ud, text);
}

static const struct opt_value_ops json_opt_value = {
	.boolean = json_opt_bool, .integer = json_opt_int, .size = json_opt_size,
	.number = json_opt_double, .list = json_opt_list, .text = json_opt_text,
};

static void j_options(FILE *f)
{
	struct opt *o;
	int first = 1;
	fputs(",\"options\":{", f);
	for (o = opt_first(); o; o = opt_next(o)) {
		const char *name = opt_name(o);
		if (strstr(name, "password"))
			continue;       /* never publish credentials */
		if (!first)
			fputc(',', f);
		first = 0;
		jkey(f, name);
		opt_emit_value(o, &json_opt_value, f);
	}
	fputc('}', f);
}

/* ,"workload":{..},"command_line":"..","database":{..} (runinfo.h; not
 * "server", which --server-stats's figures are) */
static void j_runinfo(FILE *f)
{
	const char *const *k, *const *v;
	unsigned n = runinfo_server(&k, &v), i;
	int first = 1;

	fputs(",\"workload\":{\"name\":", f);
	report_json_string(f, runinfo_workload_name());
	fputs(",\"path\":", f);
	report_json_string(f, runinfo_workload_path());
	fputs(",\"sha256\":", f);
	report_json_string(f, runinfo_workload_sha256());
	fputs("},\"command_line\":", f);
	report_json_string(f, runinfo_cmdline());
	fputs(",\"database\":", f);
	if (n == 0) {
		fputs("null", f);
		return;
	}
	fputs("{\"product\":", f);
	report_json_string(f, runinfo_server_get("product"));
	fputs(",\"version\":", f);
	report_json_string(f, runinfo_server_get("version"));
	fputs(",\"settings\":{", f);
	for (i = 0; i < n; i++) {
		if (strcmp(k[i], "product") == 0 || strcmp(k[i], "version") == 0)
			continue;
		if (!first)
			fputc(',', f);
		first = 0;
		jkey(f, k[i]);
		report_json_string(f, v[i]);
	}
	fputs("}}", f);
}

void report_json_event(const struct core_cfg *cfg, const char *name)
{
	FILE *f = report_machine_stream();

	fputs("{\"type\":\"event\"", f);
	j_step(f, 0);
	fputs(",\"event\":", f);
	report_json_string(f, name);
	jkv_num(f, "time", 0);
	jkv_num(f, "warmup_time", cfg->warmup_time);
	fputs("}\n", f);
	fflush(f);
}

void report_json_full(const struct core_cfg *cfg, const struct report_fair *fair,
                      const struct stats_snap *s, double total, double p, int checkpoint,
                      enum report_status status, const struct report_observer *ob)
{
	FILE *f = report_machine_stream();
	double mean, sd, tmean, tsd;
	char host[256], when[64];
	struct timespec now;
	time_t start;
	struct tm tm;

	fprintf(f, "{\"type\":\"%s\"", checkpoint ? "checkpoint" : "final");
	j_step(f, 1);
	if (!checkpoint)
		fprintf(f, ",\"status\":\"%s\"", report_status_name(status));
	jkv_num(f, "time", total);
	jkv_num(f, "total_time", total);
	fprintf(f, ",\"threads\":%u", cfg->threads);
	j_counters(f, s, p);
	j_latency(f, cfg, s, 1);
	fputs(",\"fairness\":{", f);
	report_fairness(fair, s, &mean, &sd, &tmean, &tsd);
	jkey(f, "events_avg");
	jnum(f, mean);
	jkv_num(f, "events_stddev", sd);
	jkv_num(f, "time_avg", tmean);
	jkv_num(f, "time_stddev", tsd);
	if (fair->n)
		fprintf(f, ",\"per\":\"connection\",\"connections\":%u", fair->n);
	fputc('}', f);
	j_labels(f, cfg, s, p);
	if (s->have_stmt && !checkpoint)
		j_statements(f, s);
	if (ob && ob->json)
		ob->json(ob->ud, f, 1);
	fputs(",\"bench_version\":", f);
	report_json_string(f, PACKAGE_VERSION);
	fprintf(f, ",\"run_id\":\"%s\"", report_run_id());
	if (inst_n)
		fprintf(f, ",\"instance\":%u,\"instances\":%u", inst_i, inst_n);
	if (run_began > 0)
		fprintf(f, ",\"run_began\":%.3f", run_began);
	if (start_agreed > 0)
		fprintf(f, ",\"start_agreed\":%.6f", start_agreed);
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
	if (!checkpoint)
		j_runinfo(f);
	fputs("}\n", f);
	fflush(f);
}
