/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * merge: `bench merge FILE...`. See merge.h.
 */
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "merge/merge.h"
#include "opt/core_opts.h"
#include "opt/opt.h"
#include "results/runcheck.h"
#include "stats/hdr.h"
#include "stats/hdrlog.h"
#include "stats/report.h"
#include "stats/runinfo.h"
#include "util/log.h"

#define MERGE_MAX_PCT 16
#define NS_PER_MS 1e6
/* bench's latency histograms: 1 ns .. 1 hour */
#define MERGE_HIGHEST (3600LL * 1000000000LL)

/* Counters of the json final lines that add up. */
enum { C_EVENTS, C_READS, C_WRITES, C_OTHER, C_ERRORS, C_RECONNECTS,
       C_QUERIES, C_BYTES_READ, C_BYTES_WRITTEN, C_THREADS, C_NUM };
static const char *const ctr_names[C_NUM] = {
	"events", "reads", "writes", "other", "errors", "reconnects",
	"queries", "bytes_read", "bytes_written", "threads"
};
/* Rates that add up. */
enum { R_EPS, R_READS, R_WRITES, R_OTHER, R_ERRORS, R_RECONNECTS, R_QPS, R_NUM };
static const char *const rate_names[R_NUM] = {
	"eps", "reads_per_sec", "writes_per_sec", "other_per_sec",
	"errors_per_sec", "reconnects_per_sec", "qps"
};

/* One label (sysbench.stats.label) or statement kind: its hdr log lines
 * (Tag=<label>, Tag=stmt.<kind>) merged into h, its json counters summed.
 * Statement kinds are named "stmt.<kind>" here too. */
struct merge_tag {
	char *name;
	struct hdr_hist *h;             /* NULL until an hdr log line */
	uint64_t json_events, json_errors;
	int in_json;
};

#define STMT_PREFIX "stmt."

struct merge {
	unsigned njson, nhdr;
	uint64_t ctr[C_NUM];
	double rate[R_NUM];
	double total_time;
	double lat_min_ms, lat_max_ms, lat_sum_ms;
	int have_lat;
	json_t *hosts;                  /* array of strings */
	json_t *files;                  /* array of strings */
	double pct[MERGE_MAX_PCT];
	unsigned npct;
	struct hdr_hist *h;             /* union of untagged intervals */
	int sig_figs;
	const char *sig_file;           /* file that set sig_figs */
	unsigned intervals;
	struct merge_tag *tags;         /* in order of first appearance */
	unsigned ntags;
	double hdr_time;                /* longest span of one hdr log */
};

/* ---- json result files ------------------------------------------------- */

static uint64_t json_u64(json_t *o, const char *k)
{
	json_t *v = json_object_get(o, k);

	if (json_is_integer(v))
		return json_integer_value(v) > 0 ? (uint64_t)json_integer_value(v) : 0;
	if (json_is_real(v))
		return json_real_value(v) > 0 ? (uint64_t)llround(json_real_value(v)) : 0;
	return 0;
}

static double json_num(json_t *o, const char *k, int *present)
{
	json_t *v = json_object_get(o, k);

	if (present)
		*present = json_is_number(v);
	return json_is_number(v) ? json_number_value(v) : 0;
}

static void add_pct_key(struct merge *m, const char *key)
{
	char *end;
	double p = strtod(key, &end);
	unsigned i;

	if (*end || !(p > 0 && p <= 100))
		return;
	for (i = 0; i < m->npct; i++)
		if (m->pct[i] == p)
			return;
	if (m->npct < MERGE_MAX_PCT)
		m->pct[m->npct++] = p;
}

static void sort_pct(struct merge *m)
{
	for (unsigned i = 1; i < m->npct; i++)
		for (unsigned j = i; j > 0 && m->pct[j - 1] > m->pct[j]; j--) {
			double t = m->pct[j];
			m->pct[j] = m->pct[j - 1];
			m->pct[j - 1] = t;
		}
}

/* The entry of label or statement kind `name`, created on first use. NULL:
 * out of memory. */
static struct merge_tag *find_tag(struct merge *m, const char *name)
{
	struct merge_tag *t;
	unsigned i;

	for (i = 0; i < m->ntags; i++)
		if (strcmp(m->tags[i].name, name) == 0)
			return &m->tags[i];
	t = realloc(m->tags, (m->ntags + 1) * sizeof(*t));
	if (!t)
		return NULL;
	m->tags = t;
	t += m->ntags;
	memset(t, 0, sizeof(*t));
	if (!(t->name = strdup(name)))
		return NULL;
	m->ntags++;
	return t;
}

/* Sum the per-label ("labels": events) or per-statement ("statements":
 * count) counters of a json final object. */
static int add_json_tags(struct merge *m, json_t *obj, const char *prefix,
                         const char *count_key)
{
	const char *key;
	json_t *v;
	char name[128];

	if (!json_is_object(obj))
		return 0;
	json_object_foreach(obj, key, v) {
		struct merge_tag *t;
		snprintf(name, sizeof(name), "%s%s", prefix, key);
		if (!(t = find_tag(m, name)))
			return -ENOMEM;
		t->json_events += json_u64(v, count_key);
		t->json_errors += json_u64(v, "errors");
		t->in_json = 1;
	}
	return 0;
}

/* Add the final object of a json result file. */
static void add_final(struct merge *m, json_t *fin, int want_pct_keys)
{
	json_t *lat = json_object_get(fin, "latency_ms"), *host, *pcts;
	double t;
	int have_min, have_max, have_sum;
	unsigned i;

	for (i = 0; i < C_NUM; i++)
		m->ctr[i] += json_u64(fin, ctr_names[i]);
	if (!json_object_get(fin, "queries"))
		m->ctr[C_QUERIES] += json_u64(fin, "reads") + json_u64(fin, "writes") +
		                     json_u64(fin, "other");
	for (i = 0; i < R_NUM; i++)
		m->rate[i] += json_num(fin, rate_names[i], NULL);
	/* as queries: without qps, the text report's sum of the three rates */
	if (!json_object_get(fin, "qps"))
		m->rate[R_QPS] += json_num(fin, "reads_per_sec", NULL) +
		                  json_num(fin, "writes_per_sec", NULL) +
		                  json_num(fin, "other_per_sec", NULL);
	t = json_num(fin, "total_time", NULL);
	if (t == 0)
		t = json_num(fin, "time", NULL);
	if (t > m->total_time)
		m->total_time = t;
	if (json_is_object(lat) && json_u64(fin, "events") > 0) {
		double mn = json_num(lat, "min", &have_min);
		double mx = json_num(lat, "max", &have_max);
		double sum = json_num(lat, "sum", &have_sum);
		if (have_min && (!m->have_lat || mn < m->lat_min_ms))
			m->lat_min_ms = mn;
		if (have_max && (!m->have_lat || mx > m->lat_max_ms))
			m->lat_max_ms = mx;
		if (!have_sum)  /* avg * events */
			sum = json_num(lat, "avg", NULL) * (double)json_u64(fin, "events");
		m->lat_sum_ms += sum;
		m->have_lat = 1;
	}
	pcts = json_is_object(lat) ? json_object_get(lat, "percentiles") : NULL;
	if (want_pct_keys && json_is_object(pcts)) {
		const char *key;
		json_t *v;
		json_object_foreach(pcts, key, v)
			add_pct_key(m, key);
	}
	if (add_json_tags(m, json_object_get(fin, "labels"), "", "events") ||
	    add_json_tags(m, json_object_get(fin, "statements"), STMT_PREFIX, "count"))
		log_msg(LOG_WARNING, "merge: out of memory: per-label statistics are incomplete");
	host = json_object_get(fin, "hostname");
	json_array_append_new(m->hosts, json_string(json_is_string(host) ?
	                                            json_string_value(host) : "?"));
}

/* A json lines file: every non-empty line one object; the last "final"
 * line is used. */
static int read_json(struct merge *m, const char *path, FILE *f, int want_pct_keys)
{
	char *line = NULL;
	size_t cap = 0;
	ssize_t n;
	unsigned lineno = 0;
	json_t *fin = NULL;
	int rc = 1;

	while ((n = getline(&line, &cap, f)) >= 0) {
		json_error_t err;
		json_t *o, *type;

		lineno++;
		if (strspn(line, " \t\r\n") == (size_t)n)
			continue;
		o = json_loads(line, JSON_DECODE_ANY, &err);
		if (!json_is_object(o)) {
			log_msg(LOG_FATAL, "merge: '%s' line %u: not a JSON object%s%s",
			        path, lineno, o ? "" : ": ", o ? "" : err.text);
			json_decref(o);
			goto out;
		}
		type = json_object_get(o, "type");
		if (json_is_string(type) && strcmp(json_string_value(type), "final") == 0) {
			json_decref(fin);
			fin = o;
		} else {
			json_decref(o);
		}
	}
	if (!fin) {
		log_msg(LOG_FATAL, "merge: '%s' has no \"type\":\"final\" line (an interrupted run, or not --report-format=json output)",
		        path);
		goto out;
	}
	/* merge adds up threads and events per second: every run has them */
	if (runcheck_json("merge", path, "", fin, "threads", RUNCHECK_COUNT, 1) ||
	    runcheck_json("merge", path, "", fin, "eps", RUNCHECK_RATE, 1) ||
	    runcheck_json_final("merge", path, fin))
		goto out;
	runinfo_warn_unfinished("merge", path, json_string_value(json_object_get(fin, "status")));
	runinfo_warn_workload("merge", path, json_string_value(
		json_object_get(json_object_get(fin, "workload"), "sha256")));
	add_final(m, fin, want_pct_keys);
	m->njson++;
	rc = 0;
out:
	json_decref(fin);
	free(line);
	return rc;
}

/* ---- hdr logs ---------------------------------------------------------- */

static struct hdr_hist *tag_hist(struct merge *m, const char *name)
{
	struct merge_tag *t = find_tag(m, name);

	if (t && !t->h && hdr_create(1, MERGE_HIGHEST, m->sig_figs, &t->h))
		return NULL;
	return t ? t->h : NULL;
}

static int read_hdr(struct merge *m, const char *path, FILE *f)
{
	char *line = NULL;
	size_t cap = 0, cursor;
	unsigned lineno = 0;
	int rc = 1, r;
	int64_t v, c;
	double first = 0, end = 0;
	unsigned nint = 0;

	while (getline(&line, &cap, f) >= 0) {
		struct hdrlog_line l;
		struct hdr_hist *h = NULL;

		lineno++;
		r = hdrlog_parse_line(line, &l);
		if (r == 0)
			continue;
		if (r < 0) {
			log_msg(LOG_FATAL, "merge: '%s' line %u: not an hdr log interval line",
			        path, lineno);
			goto out;
		}
		r = hdrlog_decode(l.b64, l.b64_len, &h);
		if (r) {
			log_msg(LOG_FATAL, "merge: '%s' line %u: cannot decode the histogram: %s",
			        path, lineno, r == -ENOMEM ? "out of memory" :
			        "corrupt base64/zlib/V2 payload");
			goto out;
		}
		if (m->sig_figs == 0) {
			m->sig_figs = hdr_sig_figs(h);
			m->sig_file = path;
			if (hdr_create(1, MERGE_HIGHEST, m->sig_figs, &m->h)) {
				hdr_destroy(h);
				log_msg(LOG_FATAL, "merge: out of memory");
				goto out;
			}
		} else if (hdr_sig_figs(h) != m->sig_figs) {
			log_msg(LOG_FATAL, "merge: '%s' line %u: histogram with %d significant digits, but '%s' has %d: logs with different --hdr-sig-figs cannot be merged exactly",
			        path, lineno, hdr_sig_figs(h), m->sig_file, m->sig_figs);
			hdr_destroy(h);
			goto out;
		}
		/* per-label (Tag=) lines are merged per label, apart from the
		 * overall latency */
		if (l.tag != NULL) {
			struct hdr_hist *th = tag_hist(m, l.tag);
			if (!th) {
				hdr_destroy(h);
				log_msg(LOG_FATAL, "merge: out of memory");
				goto out;
			}
			cursor = 0;
			while (hdr_next_bucket(h, &cursor, &v, &c))
				hdr_record_n(th, v, c);
		} else {
			cursor = 0;
			while (hdr_next_bucket(h, &cursor, &v, &c))
				hdr_record_n(m->h, v, c);
			if (nint == 0 || l.start_s < first)
				first = l.start_s;
			if (nint == 0 || l.start_s + l.length_s > end)
				end = l.start_s + l.length_s;
			nint++;
			m->intervals++;
		}
		hdr_destroy(h);
	}
	if (end - first > m->hdr_time)
		m->hdr_time = end - first;
	m->nhdr++;
	rc = 0;
out:
	free(line);
	return rc;
}

/* ---- one file ---------------------------------------------------------- */

static int read_file(struct merge *m, const char *path, int want_pct_keys)
{
	FILE *f = fopen(path, "r");
	int c, rc;

	if (!f) {
		log_msg(LOG_FATAL, "merge: cannot open '%s': %s", path, strerror(errno));
		return 1;
	}
	/* recognize by the first non-blank character */
	do
		c = getc(f);
	while (c == ' ' || c == '\t' || c == '\r' || c == '\n');
	if (ferror(f)) {
		log_msg(LOG_FATAL, "merge: cannot read '%s': %s", path, strerror(errno));
		fclose(f);
		return 1;
	}
	rewind(f);
	if (c == '{')
		rc = read_json(m, path, f, want_pct_keys);
	else if (c == '#' || c == '"' || c == 'T' || (c >= '0' && c <= '9'))
		rc = read_hdr(m, path, f);
	else {
		log_msg(LOG_FATAL, "merge: '%s' is %s: expected --report-format=json output or an --hdr-log file",
		        path, c == EOF ? "empty" : "neither a json result nor an hdr log");
		rc = 1;
	}
	if (rc == 0 && ferror(f)) {
		log_msg(LOG_FATAL, "merge: cannot read '%s': %s", path, strerror(errno));
		rc = 1;
	}
	fclose(f);
	return rc;
}

/* ---- output ------------------------------------------------------------ */

/* Latency min/max/avg/sum: exact from the json lines, else the histogram. */
static void latency(const struct merge *m, uint64_t events, double *mn,
                    double *avg, double *mx, double *sum)
{
	if (m->have_lat) {
		*mn = m->lat_min_ms;
		*mx = m->lat_max_ms;
		*sum = m->lat_sum_ms;
		*avg = events ? m->lat_sum_ms / (double)events : 0;
	} else if (m->h && hdr_count(m->h)) {
		*mn = hdr_min(m->h) / NS_PER_MS;
		*mx = hdr_max(m->h) / NS_PER_MS;
		*avg = hdr_mean(m->h) / NS_PER_MS;
		*sum = *avg * (double)hdr_count(m->h);
	} else {
		*mn = *avg = *mx = *sum = 0;
	}
}

static int is_stmt(const struct merge_tag *t)
{
	return strncmp(t->name, STMT_PREFIX, strlen(STMT_PREFIX)) == 0;
}

/* Events of a label: the hdr logs' count when there are logs, else the
 * json results' sum. */
static uint64_t tag_events(const struct merge_tag *t)
{
	return t->h ? (uint64_t)hdr_count(t->h) : t->json_events;
}

/* The labels (stmt = 0) or statement kinds (stmt = 1): one line each with
 * events (or statements), errors (json results only), then the
 * percentiles and max from the hdr logs ("-" without them). */
static void tag_table(const struct merge *m, int stmt, const double *pct,
                      unsigned npct)
{
	unsigned i, j, n = 0;

	for (i = 0; i < m->ntags; i++)
		n += is_stmt(&m->tags[i]) == stmt;
	if (n == 0)
		return;
	printf(stmt ? "\nStatement statistics (ms; count, errors, then "
	            : "\nLatency by label (ms; count, errors, then ");
	for (j = 0; j < npct; j++)
		printf("%.10g%%/", pct[j]);
	printf("max):\n");
	for (i = 0; i < m->ntags; i++) {
		const struct merge_tag *t = &m->tags[i];
		if (is_stmt(t) != stmt)
			continue;
		printf("    %-24s %10llu ", t->name + (stmt ? strlen(STMT_PREFIX) : 0),
		       (unsigned long long)tag_events(t));
		if (t->in_json)
			printf("%8llu  ", (unsigned long long)t->json_errors);
		else
			printf("%8s  ", "-");
		if (!t->h) {
			printf("-\n");
			continue;
		}
		for (j = 0; j < npct; j++)
			printf("%.2f/", report_pct_ms(t->h, pct[j]));
		printf("%.2f\n", hdr_count(t->h) ? hdr_max(t->h) / NS_PER_MS : 0);
	}
}

/* h's pct-th percentile in ms, at most cap_ms: a histogram value is its
 * bucket's highest equivalent, which can lie above the exact maximum the
 * runs' json lines recorded; a percentile is never printed above "max". */
static double pct_capped_ms(const struct hdr_hist *h, double pct, double cap_ms)
{
	double v = report_pct_ms(h, pct);
	return v > cap_ms ? cap_ms : v;
}

/* {"50":ms,"95":ms} of h at the n percentiles pct, capped at cap_ms */
static json_t *pct_object(const struct hdr_hist *h, const double *pct, unsigned n,
                          double cap_ms)
{
	json_t *o = json_object();
	char key[32];

	for (unsigned j = 0; j < n; j++) {
		snprintf(key, sizeof(key), "%.10g", pct[j]);
		json_object_set_new(o, key, json_real(pct_capped_ms(h, pct[j], cap_ms)));
	}
	return o;
}

/* "labels" / "statements" of the merged json. */
static json_t *tag_json(const struct merge *m, int stmt, const double *pct,
                        unsigned npct)
{
	json_t *all = json_object();
	unsigned i;

	for (i = 0; i < m->ntags; i++) {
		const struct merge_tag *t = &m->tags[i];
		const struct hdr_hist *th = t->h;
		json_t *o;
		if (is_stmt(t) != stmt)
			continue;
		o = json_object();
		json_object_set_new(o, stmt ? "count" : "events",
		                    json_integer((json_int_t)tag_events(t)));
		if (!stmt)      /* the name merge's json used before labels had errors */
			json_object_set_new(o, "count", json_integer((json_int_t)tag_events(t)));
		json_object_set_new(o, "errors", t->in_json ? json_integer((json_int_t)t->json_errors)
		                                            : json_null());
		if (th) {
			json_object_set_new(o, "min", json_real(hdr_count(th) ? hdr_min(th) / NS_PER_MS : 0));
			json_object_set_new(o, "avg", json_real(hdr_mean(th) / NS_PER_MS));
			json_object_set_new(o, "max", json_real(hdr_count(th) ? hdr_max(th) / NS_PER_MS : 0));
			json_object_set_new(o, "percentiles", pct_object(th, pct, npct, HUGE_VAL));
		} else {
			json_object_set_new(o, "percentiles", json_null());
		}
		json_object_set_new(all, t->name + (stmt ? strlen(STMT_PREFIX) : 0), o);
	}
	if (json_object_size(all) == 0) {
		json_decref(all);
		return NULL;
	}
	return all;
}

static void print_text(const struct merge *m, uint64_t events, double total)
{
	uint64_t r = m->ctr[C_READS], w = m->ctr[C_WRITES], o = m->ctr[C_OTHER];
	uint64_t q = r + w + o;
	struct report_latency lat;
	size_t i;

	printf("Merged %u json result file(s) and %u hdr log(s)", m->njson, m->nhdr);
	if (json_array_size(m->hosts)) {
		printf(" from client host(s):");
		for (i = 0; i < json_array_size(m->hosts); i++)
			printf("%s %s", i ? "," : "",
			       json_string_value(json_array_get(m->hosts, i)));
	}
	printf("\n\n");
	if (q) {
		struct report_sql sq = {
			.reads = r, .writes = w, .other = o, .events = events,
			.errors = m->ctr[C_ERRORS], .reconnects = m->ctr[C_RECONNECTS],
			.events_ps = m->rate[R_EPS],
			.queries_ps = m->rate[R_READS] + m->rate[R_WRITES] + m->rate[R_OTHER],
			.errors_ps = m->rate[R_ERRORS], .reconnects_ps = m->rate[R_RECONNECTS],
		};
		report_sql_lines(&sq);
		printf("\n");
	}
	printf("General statistics:\n");
	printf("    total time:                          %.4fs\n", total);
	printf("    total number of events:              %llu\n", (unsigned long long)events);
	if (m->njson) {
		printf("    events per second:                   %.2f\n", m->rate[R_EPS]);
		printf("    threads:                             %llu\n",
		       (unsigned long long)m->ctr[C_THREADS]);
	}
	printf("\nLatency (ms):\n");
	latency(m, events, &lat.min, &lat.avg, &lat.max, &lat.sum);
	lat.h = m->h;
	lat.pct = m->pct;
	lat.npct = m->nhdr ? m->npct : 0;
	lat.pct_cap_ms = lat.max;       /* never a percentile above max */
	lat.no_pct = m->nhdr ? NULL : "         percentiles: not available: exact merged percentiles need the runs' --hdr-log files";
	report_latency_lines(&lat);
	tag_table(m, 0, m->pct, m->npct);
	tag_table(m, 1, report_stmt_pcts, REPORT_NSTMT_PCTS);
	printf("\nThreads fairness:\n");
	printf("    not available for merged results\n");
}

static int print_json(const struct merge *m, uint64_t events, double total)
{
	json_t *o = json_object(), *lat = json_object(), *pcts;
	double mn, avg, mx, sum;
	char *s;
	unsigned i;

	json_object_set_new(o, "type", json_string("merged"));
	json_object_set_new(o, "files", json_incref(m->files));
	json_object_set_new(o, "json_files", json_integer(m->njson));
	json_object_set_new(o, "hdr_logs", json_integer(m->nhdr));
	json_object_set_new(o, "hosts", json_incref(m->hosts));
	json_object_set_new(o, "total_time", json_real(total));
	json_object_set_new(o, "threads", json_integer((json_int_t)m->ctr[C_THREADS]));
	json_object_set_new(o, "events", json_integer((json_int_t)events));
	for (i = C_READS; i < C_THREADS; i++)
		json_object_set_new(o, ctr_names[i], json_integer((json_int_t)m->ctr[i]));
	for (i = 0; i < R_NUM; i++)
		json_object_set_new(o, rate_names[i], json_real(m->rate[i]));
	json_object_set_new(o, "tps", json_real(m->rate[R_EPS]));
	latency(m, events, &mn, &avg, &mx, &sum);
	json_object_set_new(lat, "min", json_real(mn));
	json_object_set_new(lat, "avg", json_real(avg));
	json_object_set_new(lat, "max", json_real(mx));
	json_object_set_new(lat, "sum", json_real(sum));
	if (m->nhdr) {
		json_object_set_new(lat, "percentiles", pct_object(m->h, m->pct, m->npct, mx));
	} else {
		json_object_set_new(lat, "percentiles", json_null());
	}
	json_object_set_new(lat, "percentiles_exact", json_boolean(m->nhdr > 0));
	json_object_set_new(lat, "hdr_count",
	                    json_integer(m->h ? (json_int_t)hdr_count(m->h) : 0));
	json_object_set_new(o, "latency_ms", lat);
	json_object_set_new(o, "hdr_intervals", json_integer(m->intervals));
	if ((pcts = tag_json(m, 0, m->pct, m->npct)))
		json_object_set_new(o, "labels", pcts);
	if ((pcts = tag_json(m, 1, report_stmt_pcts, REPORT_NSTMT_PCTS)))
		json_object_set_new(o, "statements", pcts);
	s = json_dumps(o, JSON_COMPACT | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(10));
	json_decref(o);
	if (!s) {
		log_msg(LOG_FATAL, "merge: out of memory");
		return 1;
	}
	printf("%s\n", s);
	free(s);
	return 0;
}

/* ---- entry point ------------------------------------------------------- */

#define MERGE_USAGE "Usage: bench merge [--percentile=LIST] [--report-format=text|json] FILE...\n" \
	"FILEs: --report-format=json results and --hdr-log files of runs made at the same time\n"

#define MERGE_HELP "\n" \
	"Combines the results of runs made at the same time by several client hosts into\n" \
	"one report: counts, rates and threads add up, the total time is the longest, and\n" \
	"latency percentiles are exact over the union of all events, read from the runs'\n" \
	"hdr logs (never averaged). Each run: its json result, then its hdr log.\n\n" \
	"Options:\n" \
	"  --percentile=LIST    latency percentiles to show [those of the runs, else 95]\n" \
	"  --report-format=FMT  text (sysbench's final report) or json [text]\n"

int merge_main(const char *const *files, unsigned nfiles)
{
	struct merge m;
	const char *fmt = opt_get_string("report-format");
	int json_out = 0, rc = 1, pct_opt = opt_is_set("percentile");
	uint64_t events;
	double total;
	unsigned i;

	memset(&m, 0, sizeof(m));
	if (opt_get_bool("help")) {
		printf(MERGE_USAGE MERGE_HELP);
		return 0;
	}
	if (fmt && strcmp(fmt, "json") == 0)
		json_out = 1;
	else if (fmt && strcmp(fmt, "text") != 0) {
		log_msg(LOG_FATAL, "merge: invalid value for the 'report-format' option: '%s' (expected text or json)", fmt);
		return 1;
	}
	if (nfiles == 0) {
		fprintf(stderr, MERGE_USAGE);
		return 1;
	}
	if (pct_opt) {
		char err[256];
		int n = core_parse_percentiles(opt_get_string("percentile"), m.pct,
		                               MERGE_MAX_PCT, err, sizeof(err));
		if (n < 0) {
			fprintf(stderr, "%s\n", err);
			return 1;
		}
		m.npct = (unsigned)n;
	}
	m.hosts = json_array();
	m.files = json_array();
	for (i = 0; i < nfiles; i++) {
		json_array_append_new(m.files, json_string(files[i]));
		if (read_file(&m, files[i], !pct_opt))
			goto out;
	}
	if (!pct_opt) {
		if (m.npct == 0)
			m.pct[m.npct++] = 95;
		sort_pct(&m);
	}
	if (m.njson) {
		events = m.ctr[C_EVENTS];
		total = m.total_time;
		if (m.h && (uint64_t)hdr_count(m.h) != events)
			log_msg(LOG_WARNING, "merge: the hdr logs hold %lld events, the json results %llu: were they written by the same runs?",
			        (long long)hdr_count(m.h), (unsigned long long)events);
	} else {
		events = m.h ? (uint64_t)hdr_count(m.h) : 0;
		total = m.hdr_time;
		m.rate[R_EPS] = total > 0 ? events / total : 0;
	}
	rc = json_out ? print_json(&m, events, total) : (print_text(&m, events, total), 0);
out:
	json_decref(m.hosts);
	json_decref(m.files);
	hdr_destroy(m.h);
	for (i = 0; i < m.ntags; i++) {
		free(m.tags[i].name);
		hdr_destroy(m.tags[i].h);
	}
	free(m.tags);
	return rc;
}
