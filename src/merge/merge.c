/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * merge: `bench merge FILE...`. See merge.h.
 */
#include "config.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

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
	/* one run of N instances (json "instance"/"instances") */
	unsigned instances, inst_merged;  /* 0: the inputs carry none */
	json_t *inst_missing;           /* array of the missing instances */
	const char *run_id;             /* their common run id, or NULL */
	/* the merged interval series */
	double period;                  /* tick period (s), 0: no series */
	struct hdr_hist *tick_h;        /* the current tick's histogram */
	int series_json;                /* events from json interval lines */
	unsigned series_inputs, nticks;
	FILE *series;                   /* its lines, until the merged line */
};

/* More is a typo, not a deployment. */
#define MERGE_MAX_INSTANCES 100000

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

static struct hdr_hist *tag_hist(struct merge *m, const char *name)
{
	struct merge_tag *t = find_tag(m, name);

	if (t && !t->h && hdr_create(1, MERGE_HIGHEST, m->sig_figs, &t->h))
		return NULL;
	return t ? t->h : NULL;
}

/* ---- reading an input: its json part and its hdr log part --------------- */

/* A line of a captured stream (`--hdr-log=-`: the log on stdout beside
 * the json lines) that belongs to the hdr log. */
#define STREAM_HDR_PREFIX HDRLOG_STREAM_PREFIX

enum { LN_EOF = 0, LN_JSON, LN_HDR };

struct mreader {
	const char *path;
	FILE *f;
	int plain_hdr;          /* an --hdr-log file: every line is the log's */
	int strict;             /* a json result: every other line must be JSON */
	char *line;
	size_t cap;
	unsigned lineno;
};

/* 1 when line starts an --hdr-log file (its header or an interval line) */
static int hdr_like(const char *line)
{
	return strncmp(line, "#[", 2) == 0 || line[0] == '"' ||
	       strncmp(line, "Tag=", 4) == 0 || (line[0] >= '0' && line[0] <= '9');
}

/* Open path and recognize it by its first non-blank line: a json result
 * ('{'), an --hdr-log file, or else a captured stream (`kubectl logs`:
 * bench's stderr lines, json lines and "hdr: " lines mixed), of which only
 * the json and "hdr: " lines are read. 0, or 1 after a FATAL line. */
static int mr_open(struct mreader *r, const char *path)
{
	ssize_t n;

	memset(r, 0, sizeof(*r));
	r->path = path;
	if (!(r->f = fopen(path, "r"))) {
		log_msg(LOG_FATAL, "merge: cannot open '%s': %s", path, strerror(errno));
		return 1;
	}
	while ((n = getline(&r->line, &r->cap, r->f)) >= 0 &&
	       strspn(r->line, " \t\r\n") == (size_t)n)
		;
	if (ferror(r->f)) {
		log_msg(LOG_FATAL, "merge: cannot read '%s': %s", path, strerror(errno));
		return 1;
	}
	if (n < 0) {
		log_msg(LOG_FATAL, "merge: '%s' is empty: expected --report-format=json output or an --hdr-log file",
		        path);
		return 1;
	}
	{
		const char *p = r->line + strspn(r->line, " \t");
		r->strict = *p == '{';
		r->plain_hdr = !r->strict && hdr_like(p);
	}
	rewind(r->f);
	return 0;
}

static void mr_close(struct mreader *r)
{
	if (r->f)
		fclose(r->f);
	free(r->line);
	memset(r, 0, sizeof(*r));
}

/* The next line of r's json or hdr part: LN_JSON or LN_HDR with *text
 * (the line, without a stream's prefix), LN_EOF, or -1 after a FATAL line
 * (a read error). */
static int mr_next(struct mreader *r, char **text)
{
	ssize_t n;

	while ((n = getline(&r->line, &r->cap, r->f)) >= 0) {
		char *p = r->line;
		r->lineno++;
		if (strspn(p, " \t\r\n") == (size_t)n)
			continue;
		if (r->plain_hdr) {
			*text = p;
			return LN_HDR;
		}
		if (strncmp(p, STREAM_HDR_PREFIX, strlen(STREAM_HDR_PREFIX)) == 0) {
			*text = p + strlen(STREAM_HDR_PREFIX);
			return LN_HDR;
		}
		p += strspn(p, " \t");
		if (*p == '{' || r->strict) {
			*text = r->line;
			return LN_JSON;
		}
		/* a stream's other lines: bench's messages on stderr */
	}
	if (ferror(r->f)) {
		log_msg(LOG_FATAL, "merge: cannot read '%s': %s", r->path, strerror(errno));
		return -1;
	}
	return LN_EOF;
}

/* ---- pass 1: each input's final line, identity and ticks ---------------- */

/* One input file. */
struct msrc {
	const char *path;
	json_t *fin;            /* its last "final" line, or NULL */
	unsigned fin_line;
	int has_json, has_hdr;  /* lines of each part seen */
	int skip;               /* left out: no final line (an instance that died) */
	int in_series;          /* its ticks line up with the series' */
	/* json interval lines */
	unsigned niv;
	/* untagged hdr log lines: the first start, the last two ends/lengths */
	unsigned nh;
	double origin, prev_end, prev_len, last_end, last_len;
	int bench_log;          /* bench wrote it: its last line is the run's end */
	double hdr_period;      /* the interval its header states, 0: none */
	double period;          /* its tick period (s), 0: no ticks */
	double start;           /* epoch of its time 0, NAN: unknown */
	double start_tol;       /* how precise start is (s) */
};

static int decode_or_fatal(const struct mreader *r, const struct hdrlog_line *l,
                           struct hdr_hist **h)
{
	int e = hdrlog_decode(l->b64, l->b64_len, h);

	if (e)
		log_msg(LOG_FATAL, "merge: '%s' line %u: cannot decode the histogram: %s",
		        r->path, r->lineno, e == -ENOMEM ? "out of memory" :
		        "corrupt base64/zlib/V2 payload");
	return e ? 1 : 0;
}

/* Every histogram of every log must have the first one's significant
 * digits: checked on each log's first line (and again as pass 2 decodes
 * each line). */
static int check_sig_figs(struct merge *m, const struct mreader *r,
                          const struct hdr_hist *h)
{
	if (m->sig_figs == 0) {
		m->sig_figs = hdr_sig_figs(h);
		m->sig_file = r->path;
		if (hdr_create(1, MERGE_HIGHEST, m->sig_figs, &m->h) ||
		    hdr_create(1, MERGE_HIGHEST, m->sig_figs, &m->tick_h)) {
			log_msg(LOG_FATAL, "merge: out of memory");
			return 1;
		}
	} else if (hdr_sig_figs(h) != m->sig_figs) {
		log_msg(LOG_FATAL, "merge: '%s' line %u: histogram with %d significant digits, but '%s' has %d: logs with different --hdr-sig-figs cannot be merged exactly",
		        r->path, r->lineno, hdr_sig_figs(h), m->sig_file, m->sig_figs);
		return 1;
	}
	return 0;
}

static int scan_hdr_line(struct merge *m, struct msrc *s, struct mreader *r,
                         char *text)
{
	struct hdrlog_line l;
	int e;

	if (strncmp(text, "#[bench run ", 12) == 0) {
		const char *iv = strstr(text, " interval ");
		s->bench_log = 1;
		/* the run's --report-interval, when it had one */
		if (iv && sscanf(iv, " interval %lf", &s->hdr_period) != 1)
			s->hdr_period = 0;
	}
	e = hdrlog_parse_line(text, &l);
	if (e == 0)
		return 0;
	if (e < 0) {
		log_msg(LOG_FATAL, "merge: '%s' line %u: not an hdr log interval line",
		        r->path, r->lineno);
		return 1;
	}
	if (!s->has_hdr) {
		struct hdr_hist *h = NULL;
		if (decode_or_fatal(r, &l, &h))
			return 1;
		e = check_sig_figs(m, r, h);
		hdr_destroy(h);
		if (e)
			return 1;
		s->has_hdr = 1;
	}
	if (l.tag)
		return 0;
	if (s->nh == 0)
		s->origin = l.start_s;
	s->prev_end = s->last_end;
	s->prev_len = s->last_len;
	s->last_end = l.start_s + l.length_s;
	s->last_len = l.length_s;
	s->nh++;
	m->intervals++;
	return 0;
}

/* The "type" of a json line as bench writes it (the first key), without
 * parsing the line: "interval", "final"..., or "" when it does not say so
 * plainly (then the line is parsed). */
static void quick_type(const char *line, char *type, size_t len)
{
	const char *p = strstr(line, "\"type\"");
	size_t n;

	type[0] = '\0';
	if (!p)
		return;
	p += 6;
	p += strspn(p, " \t");
	if (*p++ != ':')
		return;
	p += strspn(p, " \t");
	if (*p++ != '"')
		return;
	n = strcspn(p, "\"\\");
	if (p[n] == '"' && n < len)
		snprintf(type, len, "%.*s", (int)n, p);
}

/* 1 when line looks like one whole JSON object (a cut line does not) */
static int whole_object(const char *line)
{
	size_t n = strlen(line);

	while (n && strchr(" \t\r\n", line[n - 1]))
		n--;
	return n >= 2 && line[strspn(line, " \t")] == '{' && line[n - 1] == '}';
}

static int scan_json_line(struct msrc *s, struct mreader *r, char *text)
{
	json_error_t err;
	json_t *o, *type;
	const char *t;
	char qt[16];

	/* interval lines are parsed in pass 2 (those of the series): pass 1
	 * reads through them, as through other types */
	quick_type(text, qt, sizeof(qt));
	if (qt[0] && strcmp(qt, "final") != 0 && whole_object(text)) {
		s->has_json = 1;
		s->niv += strcmp(qt, "interval") == 0;
		return 0;
	}
	o = json_loads(text, JSON_DECODE_ANY, &err);

	if (!json_is_object(o)) {
		log_msg(LOG_FATAL, "merge: '%s' line %u: not a JSON object%s%s",
		        r->path, r->lineno, o ? "" : ": ", o ? "" : err.text);
		json_decref(o);
		return 1;
	}
	s->has_json = 1;
	type = json_object_get(o, "type");
	t = json_is_string(type) ? json_string_value(type) : "";
	if (strcmp(t, "final") == 0) {
		json_decref(s->fin);
		s->fin = o;
		s->fin_line = r->lineno;
		return 0;
	}
	s->niv += strcmp(t, "interval") == 0;
	json_decref(o);
	return 0;
}

/* The tick period and time 0 of s, once read: the report interval its
 * json result or its hdr log's header states, else the mean length of the
 * log's intervals (those of another tool). */
static void src_ticks(struct msrc *s)
{
	json_t *opts = s->fin ? json_object_get(s->fin, "options") : NULL;
	double ri = json_num(opts, "report-interval", NULL);
	const char *st = json_string_value(json_object_get(s->fin, "start_time"));
	struct tm tm;

	s->period = 0;
	s->start = NAN;
	if (s->nh >= 2) {
		/* full intervals: all but a cut end shorter than half the one before */
		unsigned full = s->nh;
		double end = s->last_end;
		if (s->last_len < s->prev_len / 2) {
			full--;
			end = s->prev_end;
		}
		if (full >= 1 && end > s->origin && (full >= 2 || s->niv > 0))
			s->period = s->hdr_period > 0 ? s->hdr_period : (end - s->origin) / full;
		s->start = s->origin;
		s->start_tol = 0;
	}
	if (s->niv > 0 && ri > 0)
		s->period = ri;
	if (isnan(s->start) && st) {
		memset(&tm, 0, sizeof(tm));
		if (strptime(st, "%Y-%m-%dT%H:%M:%SZ", &tm)) {
			s->start = (double)timegm(&tm);
			s->start_tol = 1;       /* second precision */
		}
	}
}

/* Read one input through: its final line (checked and added up), what it
 * says about its run, its ticks. 0, or 1 after a FATAL line. */
static int scan_src(struct merge *m, struct msrc *s)
{
	struct mreader r;
	char *text;
	int k, rc = 1;

	if (mr_open(&r, s->path))
		goto out;
	while ((k = mr_next(&r, &text)) > 0)
		if (k == LN_HDR ? scan_hdr_line(m, s, &r, text) : scan_json_line(s, &r, text))
			goto out;
	if (k < 0)
		goto out;
	if (!s->has_json && !s->has_hdr) {
		log_msg(LOG_FATAL, "merge: '%s' is neither a json result nor an hdr log: expected --report-format=json output or an --hdr-log file",
		        s->path);
		goto out;
	}
	if (s->has_hdr)
		m->nhdr++;
	if (s->has_json && s->fin &&
	    (runcheck_json("merge", s->path, "", s->fin, "threads", RUNCHECK_COUNT, 1) ||
	     runcheck_json("merge", s->path, "", s->fin, "eps", RUNCHECK_RATE, 1) ||
	     runcheck_json_final("merge", s->path, s->fin)))
		goto out;
	src_ticks(s);
	if (s->nh && s->last_end - s->origin > m->hdr_time)
		m->hdr_time = s->last_end - s->origin;
	rc = 0;
out:
	mr_close(&r);
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

/* ---- one run? ---------------------------------------------------------- */

/* Format the numbers i in 0..n-1 with !seen[i] as "2, 5-7" into buf. */
static void missing_list(char *buf, size_t len, const struct msrc *const *seen,
                         unsigned n)
{
	size_t o = 0;
	unsigned i = 0, j;

	buf[0] = '\0';
	while (i < n && o + 24 < len) {
		if (seen[i]) {
			i++;
			continue;
		}
		for (j = i; j + 1 < n && !seen[j + 1]; j++)
			;
		o += (size_t)snprintf(buf + o, len - o, "%s%u", o ? ", " : "", i);
		if (j > i)
			o += (size_t)snprintf(buf + o, len - o, "%s%u", j > i + 1 ? "-" : ", ", j);
		i = j + 1;
	}
	if (i < n && o + 4 < len)
		snprintf(buf + o, len - o, "...");
}

static const char *fin_str(const struct msrc *s, const char *k)
{
	return json_string_value(json_object_get(s->fin, k));
}

static const char *fin_sha(const struct msrc *s)
{
	return json_string_value(json_object_get(json_object_get(s->fin, "workload"), "sha256"));
}

/* Inputs that are not one run are refused: another workload, and when
 * they carry "instance"/"instances" (--instance, --instances), another
 * run id or N, or an instance twice. Missing instances, and json files
 * without a final line among instances' (a pod that was killed), are
 * reported and left out. 0, or 1 after a FATAL line. */
static int check_one_run(struct merge *m, struct msrc *src, unsigned n)
{
	const struct msrc *ref = NULL, *inst_ref = NULL, **seen = NULL;
	unsigned i, N = 0;
	int rc = 1;

	for (i = 0; i < n && !inst_ref; i++)
		if (src[i].fin && json_object_get(src[i].fin, "instances"))
			inst_ref = &src[i];
	for (i = 0; i < n; i++) {
		struct msrc *s = &src[i];
		if (!s->has_json || s->fin)
			continue;
		if (!inst_ref) {
			log_msg(LOG_FATAL, "merge: '%s' has no \"type\":\"final\" line (an interrupted run, or not --report-format=json output)",
			        s->path);
			return 1;
		}
		log_msg(LOG_WARNING, "merge: '%s' has no \"type\":\"final\" line (an instance that was stopped?): left out",
		        s->path);
		s->skip = 1;
	}
	if (inst_ref) {
		json_t *v = json_object_get(inst_ref->fin, "instances");
		if (!json_is_integer(v) || json_integer_value(v) < 1 ||
		    json_integer_value(v) > MERGE_MAX_INSTANCES) {
			log_msg(LOG_FATAL, "merge: '%s': \"instances\" must be an integer from 1 to %d",
			        inst_ref->path, MERGE_MAX_INSTANCES);
			return 1;
		}
		N = (unsigned)json_integer_value(v);
		if (!(seen = calloc(N, sizeof(*seen)))) {
			log_msg(LOG_FATAL, "merge: out of memory");
			return 1;
		}
	}
	for (i = 0; i < n; i++) {
		const struct msrc *s = &src[i];
		json_t *iv, *nv;
		const char *a, *b;
		if (!s->fin || s->skip)
			continue;
		runinfo_warn_unfinished("merge", s->path, fin_str(s, "status"));
		if (!ref) {
			ref = s;
		} else if ((a = fin_sha(s)) && (b = fin_sha(ref)) && strcmp(a, b) != 0) {
			log_msg(LOG_FATAL, "merge: '%s' ran another workload (or another version of it) than '%s': not one run",
			        s->path, ref->path);
			goto out;
		}
		if (!inst_ref)
			continue;
		iv = json_object_get(s->fin, "instance");
		nv = json_object_get(s->fin, "instances");
		if (!json_is_integer(iv) || !json_is_integer(nv)) {
			log_msg(LOG_FATAL, "merge: '%s' carries no instance number, but '%s' does: not one run",
			        s->path, inst_ref->path);
			goto out;
		}
		if (json_integer_value(nv) != (json_int_t)N) {
			log_msg(LOG_FATAL, "merge: '%s' is one of %lld instances, '%s' one of %u: not one run",
			        s->path, (long long)json_integer_value(nv), inst_ref->path, N);
			goto out;
		}
		a = fin_str(s, "run_id");
		b = fin_str(inst_ref, "run_id");
		if (a && b && strcmp(a, b) != 0) {
			log_msg(LOG_FATAL, "merge: '%s' belongs to run %s, '%s' to run %s: not one run",
			        s->path, a, inst_ref->path, b);
			goto out;
		}
		if (json_integer_value(iv) < 0 || json_integer_value(iv) >= (json_int_t)N) {
			log_msg(LOG_FATAL, "merge: '%s': \"instance\" %lld is not in 0..%u",
			        s->path, (long long)json_integer_value(iv), N - 1);
			goto out;
		}
		if (seen[json_integer_value(iv)]) {
			log_msg(LOG_FATAL, "merge: instance %lld appears twice: '%s' and '%s'",
			        (long long)json_integer_value(iv), seen[json_integer_value(iv)]->path, s->path);
			goto out;
		}
		seen[json_integer_value(iv)] = s;
		m->inst_merged++;
	}
	if (inst_ref) {
		m->instances = N;
		m->inst_missing = json_array();
		for (i = 0; i < N; i++)
			if (!seen[i])
				json_array_append_new(m->inst_missing, json_integer(i));
		if (json_array_size(m->inst_missing)) {
			char list[256];
			missing_list(list, sizeof(list), seen, N);
			log_msg(LOG_WARNING, "merge: instance%s %s of 0..%u missing: the merged figures cover %u of %u instances",
			        json_array_size(m->inst_missing) > 1 ? "s" : "", list, N - 1,
			        m->inst_merged, N);
		}
		if (fin_str(inst_ref, "run_id"))
			m->run_id = fin_str(inst_ref, "run_id");
	}
	rc = 0;
out:
	free(seen);
	return rc;
}

/* ---- the interval series ------------------------------------------------ */

/* Which inputs' ticks line up with the first one that has ticks: the same
 * period (10%) and the same time 0 (half a period, plus a json start
 * time's second). The others are named and left out of the series. */
static void plan_series(struct merge *m, struct msrc *src, unsigned n)
{
	const struct msrc *ref = NULL;
	unsigned i;

	for (i = 0; i < n && !ref; i++)
		if (!src[i].skip && src[i].period > 0)
			ref = &src[i];
	if (!ref)
		return;
	m->period = ref->period;
	for (i = 0; i < n; i++) {
		struct msrc *s = &src[i];
		if (s->skip)
			continue;
		if (s->period <= 0) {
			log_msg(LOG_WARNING, "merge: '%s' has no interval ticks (a run without --report-interval): left out of the merged interval series",
			        s->path);
			continue;
		}
		if (fabs(s->period - ref->period) > 0.1 * ref->period) {
			log_msg(LOG_WARNING, "merge: the ticks of '%s' (every %.4g s) do not line up with those of '%s' (every %.4g s): left out of the merged interval series",
			        s->path, s->period, ref->path, ref->period);
			continue;
		}
		if (!isnan(s->start) && !isnan(ref->start) &&
		    fabs(s->start - ref->start) > ref->period / 2 + s->start_tol + ref->start_tol) {
			log_msg(LOG_WARNING, "merge: '%s' started %.3f s apart from '%s': their ticks do not line up (start them together: --start-at, --barrier=db): left out of the merged interval series",
			        s->path, fabs(s->start - ref->start), ref->path);
			continue;
		}
		s->in_series = 1;
		m->series_inputs++;
		if (s->niv)
			m->series_json = 1;
	}
}

/* One part (json or hdr log) of an input read in pass 2, with the next
 * tick it holds. */
struct mfeed {
	struct mreader r;
	struct msrc *s;
	int part;               /* LN_JSON or LN_HDR */
	int have;               /* a tick waits: slot and o or l */
	long slot;
	json_t *o;
	struct hdrlog_line l;   /* points into r.line until the next read */
	unsigned nh;            /* untagged hdr log lines read */
	unsigned ticks;         /* ticks of the series read */
};

/* 1 when l is the cut end of a run, in the totals only (a run's json has
 * no interval line for it): the last line of a log bench wrote (its final
 * harvest), or a line shorter than half a period. */
static int tail(const struct merge *m, const struct mfeed *fd,
                const struct hdrlog_line *l)
{
	return l->length_s < m->period / 2 || (fd->s->bench_log && fd->nh == fd->s->nh);
}

/* The figures of one tick, summed over the inputs. */
struct mtick {
	uint64_t ctr[C_NUM];
	double lat_min, lat_max, lat_sum;
	int have_lat, have_json;
	unsigned inputs;
};

/* Add the histogram of fd's current hdr log line into h. 0, or 1 after a
 * FATAL line. */
static int decode_into(const struct merge *m, struct mfeed *fd, struct hdr_hist *h)
{
	int sig = 0, e = hdrlog_decode_add(fd->l.b64, fd->l.b64_len, h, &sig);

	if (e == -EDOM)
		log_msg(LOG_FATAL, "merge: '%s' line %u: histogram with %d significant digits, but '%s' has %d: logs with different --hdr-sig-figs cannot be merged exactly",
		        fd->r.path, fd->r.lineno, sig, m->sig_file, m->sig_figs);
	else if (e)
		log_msg(LOG_FATAL, "merge: '%s' line %u: cannot decode the histogram: %s",
		        fd->r.path, fd->r.lineno, e == -ENOMEM ? "out of memory" :
		        "corrupt base64/zlib/V2 payload");
	return e ? 1 : 0;
}

/* Advance fd to its next tick of the series (fd->have), adding on the way
 * what is not one into the totals (tagged lines, a cut end, an input
 * left out of the series). 0, or 1 after a FATAL line. */
static int feed_next(struct merge *m, struct mfeed *fd)
{
	char *text;
	int k;

	fd->have = 0;
	while ((k = mr_next(&fd->r, &text)) > 0) {
		if (k != fd->part)
			continue;
		if (k == LN_HDR) {
			struct hdrlog_line *l = &fd->l;
			struct hdr_hist *into = m->h;
			int e = hdrlog_parse_line(text, l);
			if (e == 0)
				continue;
			if (e < 0) {
				log_msg(LOG_FATAL, "merge: '%s' line %u: not an hdr log interval line",
				        fd->r.path, fd->r.lineno);
				return 1;
			}
			fd->nh += !l->tag;
			if (!l->tag && fd->s->in_series && !tail(m, fd, l)) {
				/* bench's log: its n-th line is its n-th tick, as
				 * the n-th interval line of its json (the reporter
				 * of a loaded machine ticks late: the line's end
				 * can be a period past the tick's time); another
				 * tool's: by time */
				fd->slot = fd->s->bench_log ? (long)++fd->ticks :
				           lround((l->start_s + l->length_s - fd->s->origin) / m->period);
				fd->have = 1;
				return 0;
			}
			if (l->tag && !(into = tag_hist(m, l->tag))) {
				log_msg(LOG_FATAL, "merge: out of memory");
				return 1;
			}
			/* a label's line, a cut end, an input out of the series */
			if (decode_into(m, fd, into))
				return 1;
			continue;
		} else {
			json_error_t err;
			json_t *o = json_loads(text, JSON_DECODE_ANY, &err);
			const char *t = json_string_value(json_object_get(o, "type"));
			if (!json_is_object(o)) {
				log_msg(LOG_FATAL, "merge: '%s' line %u: not a JSON object", fd->r.path, fd->r.lineno);
				json_decref(o);
				return 1;
			}
			/* a sweep's json: the steps before the one whose final
			 * line is merged (the last) are not part of it */
			if (!t || strcmp(t, "interval") != 0 ||
			    json_u64(o, "step") != json_u64(fd->s->fin, "step")) {
				json_decref(o);
				continue;
			}
			if (runcheck_json_interval("merge", fd->r.path, fd->r.lineno, o)) {
				json_decref(o);
				return 1;
			}
			/* the n-th interval line is tick n (its time is
			 * n periods, unless a tick came over a period late) */
			fd->slot = (long)++fd->ticks;
			fd->o = o;
			fd->have = 1;
			return 0;
		}
	}
	return k < 0;
}

static void tick_json(struct mtick *t, json_t *o)
{
	json_t *lat = json_object_get(o, "latency_ms");
	uint64_t ev = json_u64(o, "events");
	unsigned i;

	for (i = 0; i < C_NUM; i++)
		t->ctr[i] += json_u64(o, ctr_names[i]);
	if (!json_object_get(o, "queries"))
		t->ctr[C_QUERIES] += json_u64(o, "reads") + json_u64(o, "writes") +
		                     json_u64(o, "other");
	t->have_json = 1;
	if (ev && json_is_object(lat)) {
		double mn = json_num(lat, "min", NULL), mx = json_num(lat, "max", NULL);
		if (!t->have_lat || mn < t->lat_min)
			t->lat_min = mn;
		if (!t->have_lat || mx > t->lat_max)
			t->lat_max = mx;
		t->lat_sum += json_num(lat, "avg", NULL) * (double)ev;
		t->have_lat = 1;
	}
}

/* One merged "interval" line for tick slot into m->series. */
static int tick_line(struct merge *m, long slot, const struct mtick *t)
{
	json_t *o = json_object(), *lat = json_object();
	const struct hdr_hist *h = m->tick_h;
	int hist = h && hdr_count(h) > 0;
	uint64_t ev = m->series_json ? t->ctr[C_EVENTS] : (uint64_t)(h ? hdr_count(h) : 0);
	double P = m->period, mx;
	char *s;
	unsigned i;

	json_object_set_new(o, "type", json_string("interval"));
	json_object_set_new(o, "time", json_real((double)slot * P));
	json_object_set_new(o, "threads", json_integer((json_int_t)t->ctr[C_THREADS]));
	json_object_set_new(o, "events", json_integer((json_int_t)ev));
	json_object_set_new(o, "eps", json_real((double)ev / P));
	json_object_set_new(o, "tps", json_real((double)ev / P));
	for (i = C_READS; i < C_THREADS; i++) {
		json_object_set_new(o, ctr_names[i], json_integer((json_int_t)t->ctr[i]));
		if (i <= C_RECONNECTS || i == C_QUERIES)
			json_object_set_new(o, i == C_QUERIES ? "qps" : rate_names[i - C_READS + R_READS],
			                    json_real((double)t->ctr[i] / P));
	}
	if (t->have_lat) {
		mx = t->lat_max;
		json_object_set_new(lat, "min", json_real(t->lat_min));
		json_object_set_new(lat, "avg", json_real(ev ? t->lat_sum / (double)ev : 0));
	} else {
		mx = hist ? hdr_max(h) / NS_PER_MS : 0;
		json_object_set_new(lat, "min", json_real(hist ? hdr_min(h) / NS_PER_MS : 0));
		json_object_set_new(lat, "avg", json_real(hist ? hdr_mean(h) / NS_PER_MS : 0));
	}
	json_object_set_new(lat, "max", json_real(mx));
	json_object_set_new(lat, "percentiles", hist ? pct_object(h, m->pct, m->npct, mx)
	                                             : json_object());
	json_object_set_new(lat, "percentiles_exact", json_boolean(hist));
	json_object_set_new(o, "latency_ms", lat);
	json_object_set_new(o, "inputs", json_integer(t->inputs));
	s = json_dumps(o, JSON_COMPACT | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(10));
	json_decref(o);
	if (!s || fprintf(m->series, "%s\n", s) < 0) {
		free(s);
		log_msg(LOG_FATAL, "merge: cannot write the interval series: %s",
		        s ? strerror(errno) : "out of memory");
		return 1;
	}
	free(s);
	m->nticks++;
	return 0;
}

/* Pass 2: every input's hdr log into the totals, and, tick by tick, the
 * series of the inputs that line up: for each tick the sum of their json
 * interval lines and the merge of their interval histograms. Streaming:
 * one line of each input at a time. 0, or 1 after a FATAL line. */
static int merge_pass2(struct merge *m, struct msrc *src, unsigned n)
{
	struct mfeed *fd = calloc(2 * (size_t)n + 1, sizeof(*fd));
	unsigned *mark = calloc(n + 1, sizeof(*mark));
	unsigned nf = 0, i, tickno = 0;
	int rc = 1;

	if (!fd || !mark) {
		log_msg(LOG_FATAL, "merge: out of memory");
		goto out;
	}
	for (i = 0; i < n; i++) {
		struct msrc *s = &src[i];
		if (s->skip)
			continue;
		if (s->has_hdr) {
			fd[nf].s = s;
			fd[nf].part = LN_HDR;
			if (mr_open(&fd[nf++].r, s->path))
				goto out;
		}
		if (s->in_series && s->niv) {
			fd[nf].s = s;
			fd[nf].part = LN_JSON;
			if (mr_open(&fd[nf++].r, s->path))
				goto out;
		}
	}
	/* the first tick of each (an input out of the series: all of it) */
	for (i = 0; i < nf; i++) {
		if (feed_next(m, &fd[i]))
			goto out;
		if (!fd[i].s->in_series)
			mr_close(&fd[i].r);
	}
	if (m->period > 0 && !(m->series = tmpfile())) {
		log_msg(LOG_FATAL, "merge: cannot create a temporary file for the interval series: %s",
		        strerror(errno));
		goto out;
	}
	for (;;) {
		struct mtick t;
		long k = LONG_MAX;
		for (i = 0; i < nf; i++)
			if (fd[i].have && fd[i].slot < k)
				k = fd[i].slot;
		if (k == LONG_MAX)
			break;
		memset(&t, 0, sizeof(t));
		tickno++;
		for (i = 0; i < nf; i++) {
			struct mfeed *f = &fd[i];
			unsigned si = (unsigned)(f->s - src);
			while (f->have && f->slot <= k) {
				if (mark[si] != tickno) {
					mark[si] = tickno;
					t.inputs++;
				}
				if (f->part == LN_HDR) {
					if (decode_into(m, f, m->tick_h))
						goto out;
				} else {
					tick_json(&t, f->o);
					json_decref(f->o);
					f->o = NULL;
				}
				if (feed_next(m, f))
					goto out;
			}
		}
		if (tick_line(m, k, &t))
			goto out;
		if (m->tick_h) {
			hdr_add(m->h, m->tick_h);
			hdr_reset(m->tick_h);
		}
	}
	rc = 0;
out:
	for (i = 0; fd && i < nf; i++) {
		mr_close(&fd[i].r);
		json_decref(fd[i].o);
	}
	free(fd);
	free(mark);
	return rc;
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
	printf("\n");
	if (m->instances)
		printf("Instances: %u of %u merged (run %s)\n", m->inst_merged, m->instances,
		       m->run_id ? m->run_id : "?");
	printf("\n");
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

/* The interval lines, before the merged line (as a run's come before its
 * final line). 0, or 1 after a FATAL line. */
static int copy_series(FILE *f, FILE *out)
{
	char buf[65536];
	size_t n;

	rewind(f);
	while ((n = fread(buf, 1, sizeof(buf), f)) > 0)
		fwrite(buf, 1, n, out);
	if (ferror(f)) {
		log_msg(LOG_FATAL, "merge: cannot read back the interval series: %s", strerror(errno));
		return 1;
	}
	return 0;
}

static int print_json(const struct merge *m, uint64_t events, double total)
{
	FILE *out = report_machine_stream();      /* stdout, messages on stderr */
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
	if (m->instances) {
		if (m->run_id)
			json_object_set_new(o, "run_id", json_string(m->run_id));
		json_object_set_new(o, "instances", json_integer(m->instances));
		json_object_set_new(o, "instances_merged", json_integer(m->inst_merged));
		json_object_set_new(o, "instances_missing", json_incref(m->inst_missing));
	}
	json_object_set_new(o, "interval_s", m->period > 0 ? json_real(m->period) : json_null());
	json_object_set_new(o, "interval_lines", json_integer(m->nticks));
	json_object_set_new(o, "interval_inputs", json_integer(m->series_inputs));
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
	if (m->series && copy_series(m->series, out)) {
		free(s);
		return 1;
	}
	fprintf(out, "%s\n", s);
	fflush(out);
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
	struct msrc *src = NULL;

	memset(&m, 0, sizeof(m));
	if (opt_get_bool("help")) {
		printf(MERGE_USAGE MERGE_HELP);
		return 0;
	}
	if (fmt && strcmp(fmt, "json") == 0) {
		json_out = 1;
		/* stdout only for the json lines: warnings to stderr */
		int e = report_redirect_stdout("json");
		if (e) {
			log_msg(LOG_FATAL, "merge: cannot set up stdout: %s", strerror(-e));
			return 1;
		}
	}
	else if (fmt && strcmp(fmt, "text") != 0) {
		log_msg(LOG_FATAL, "merge: invalid value for the 'report-format' option: '%s' (expected text or json)", fmt);
		return 1;
	}
	if (nfiles == 0) {
		fprintf(stderr, MERGE_USAGE);
		goto out;
	}
	if (pct_opt) {
		char err[256];
		int n = core_parse_percentiles(opt_get_string("percentile"), m.pct,
		                               MERGE_MAX_PCT, err, sizeof(err));
		if (n < 0) {
			fprintf(stderr, "%s\n", err);
			goto out;
		}
		m.npct = (unsigned)n;
	}
	m.hosts = json_array();
	m.files = json_array();
	if (!(src = calloc(nfiles, sizeof(*src)))) {
		log_msg(LOG_FATAL, "merge: out of memory");
		goto out;
	}
	/* pass 1: what each input is; then whether they are one run */
	for (i = 0; i < nfiles; i++) {
		json_array_append_new(m.files, json_string(files[i]));
		src[i].path = files[i];
		if (scan_src(&m, &src[i]))
			goto out;
	}
	if (check_one_run(&m, src, nfiles))
		goto out;
	for (i = 0; i < nfiles; i++)
		if (src[i].fin && !src[i].skip) {
			add_final(&m, src[i].fin, !pct_opt);
			m.njson++;
		}
	if (!pct_opt) {
		if (m.npct == 0)
			m.pct[m.npct++] = 95;
		sort_pct(&m);
	}
	/* pass 2: the histograms, and the interval series */
	if (json_out)   /* text prints no series: nothing to plan or warn about */
		plan_series(&m, src, nfiles);
	if (merge_pass2(&m, src, nfiles))
		goto out;
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
	hdr_destroy(m.tick_h);
	json_decref(m.inst_missing);
	if (m.series)
		fclose(m.series);
	for (i = 0; src && i < nfiles; i++)
		json_decref(src[i].fin);
	free(src);
	if (json_out && report_restore_stdout() != 0 && rc == 0)
		rc = 1;
	return rc;
}
