/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * runfile: saved results for `bench compare` and `bench plot`. See
 * runfile.h.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jansson.h>

#include "opt/opt.h"
#include "results/runcheck.h"
#include "results/runfile.h"
#include "stats/obsflat.h"
#include "stats/hdrlog.h"
#include "stats/report.h"
#include "util/log.h"

const double runfile_iv_pcts[RUNFILE_NIVPCT] = { 50, 95, 99 };

#define NS_PER_MS 1e6
/* bench's latency histograms: 1 ns .. 1 hour */
#define RUNFILE_HIGHEST (3600LL * 1000000000LL)

/* The file being read, for messages. */
struct rf_ctx {
	const char *cmd, *path;
	struct runfile_set *set;
};

static struct runfile_run *new_run(struct rf_ctx *c, enum runfile_kind kind)
{
	struct runfile_run *r = realloc(c->set->runs, (c->set->n + 1) * sizeof(*r));

	if (!r)
		return NULL;
	c->set->runs = r;
	r += c->set->n++;
	memset(r, 0, sizeof(*r));
	r->kind = kind;
	r->path = c->path;
	r->threads = r->time = r->events = r->tps = r->qps = r->rps = r->wps = NAN;
	r->ops = r->errors = r->reconnects = NAN;
	r->lat_min = r->lat_avg = r->lat_max = NAN;
	return r;
}

static void iv_init(struct runfile_iv *iv)
{
	iv->t = iv->tps = iv->qps = iv->rps = iv->wps = iv->ops = NAN;
	iv->lat_avg = iv->lat_max = iv->tps_lo = iv->tps_hi = NAN;
	for (unsigned i = 0; i < RUNFILE_NIVPCT; i++)
		iv->pct[i] = NAN;
	iv->metrics = NULL;
}

static void iv_free_metrics(struct runfile_iv *iv, unsigned n)
{
	for (unsigned i = 0; iv && i < n; i++)
		json_decref(iv[i].metrics);
}

/* ---- bench json ------------------------------------------------------- */

/* A number field, or NAN when absent or not a number. */
static double jnum(json_t *o, const char *k)
{
	json_t *v = json_object_get(o, k);
	return json_is_number(v) ? json_number_value(v) : NAN;
}

/* The value of percentile p in a "percentiles" object, or NAN. */
static double jpct(json_t *pcts, double p)
{
	char key[32];
	snprintf(key, sizeof(key), "%.10g", p);
	return jnum(pcts, key);
}

/* The highest percentile key of a "percentiles" object (0: none). */
static double jpct_top(json_t *pcts)
{
	const char *k;
	json_t *v;
	double top = 0;

	json_object_foreach(pcts, k, v) {
		double p = strtod(k, NULL);
		if (json_is_number(v) && p > top)
			top = p;
	}
	return top;
}

/* The rates of an interval, final or merged line. */
static void json_rates(json_t *o, double *tps, double *qps, double *rps,
                       double *wps, double *ops)
{
	*tps = jnum(o, "tps");
	if (isnan(*tps))
		*tps = jnum(o, "eps");
	*qps = jnum(o, "qps");
	*rps = jnum(o, "reads_per_sec");
	*wps = jnum(o, "writes_per_sec");
	*ops = jnum(o, "other_per_sec");
}

/* What a final line says beyond its figures: its status and the object
 * itself (runfile.h). 0 or -ENOMEM. */
static int json_final_info(struct runfile_run *r, json_t *fin)
{
	json_t *st = json_object_get(fin, "status");

	if (json_is_string(st) && !(r->status = strdup(json_string_value(st))))
		return -ENOMEM;
	r->final = json_incref(fin);
	return 0;
}

static int json_final(struct rf_ctx *c, struct runfile_run *r, json_t *fin,
                      unsigned lineno)
{
	json_t *lat = json_object_get(fin, "latency_ms");
	json_t *pcts = json_is_object(lat) ? json_object_get(lat, "percentiles") : NULL;
	const char *k;
	json_t *v;

	r->events = jnum(fin, "events");
	r->time = jnum(fin, "total_time");
	if (isnan(r->time))
		r->time = jnum(fin, "time");
	if (!(r->events >= 0) || !(r->time >= 0)) {
		log_msg(LOG_FATAL, "%s: '%s' line %u: the %s line has no valid \"events\" and \"total_time\"",
		        c->cmd, c->path, lineno, r->kind == RUNFILE_MERGED ? "merged" : "final");
		return 1;
	}
	r->threads = jnum(fin, "threads");
	if (json_is_string(json_object_get(fin, "run_id")))
		snprintf(r->run_id, sizeof(r->run_id), "%s", json_string_value(json_object_get(fin, "run_id")));
	if (jnum(fin, "step") >= 1 && jnum(fin, "step") <= 1e6)
		r->step = (unsigned)jnum(fin, "step");
	if (json_final_info(r, fin))
		return -1;
	if (json_is_string(json_object_get(fin, "step_label")) &&
	    !(r->step_label = strdup(json_string_value(json_object_get(fin, "step_label")))))
		return -1;
	json_rates(fin, &r->tps, &r->qps, &r->rps, &r->wps, &r->ops);
	r->errors = jnum(fin, "errors");
	r->reconnects = jnum(fin, "reconnects");
	if (json_is_object(lat)) {
		r->lat_min = jnum(lat, "min");
		r->lat_avg = jnum(lat, "avg");
		r->lat_max = jnum(lat, "max");
	}
	if (json_is_object(pcts))
		json_object_foreach(pcts, k, v) {
			char *end;
			double p = strtod(k, &end);
			if (*end || !json_is_number(v) || r->npct == RUNFILE_MAX_PCT)
				continue;
			r->pct[r->npct] = p;
			r->pct_ms[r->npct++] = json_number_value(v);
		}
	return 0;
}

/* The label `name` of r, created with n entries of NAN in eps and lat. */
static struct runfile_label *find_label_n(struct runfile_run *r, const char *name, unsigned n)
{
	struct runfile_label *l;

	for (unsigned i = 0; i < r->nlbl; i++)
		if (strcmp(r->lbl[i].name, name) == 0)
			return &r->lbl[i];
	l = realloc(r->lbl, (r->nlbl + 1) * sizeof(*l));
	if (!l)
		return NULL;
	r->lbl = l;
	l += r->nlbl;
	memset(l, 0, sizeof(*l));
	l->name = strdup(name);
	l->eps = malloc((n ? n : 1) * sizeof(double));
	l->lat = malloc((n ? n : 1) * sizeof(double));
	if (!l->name || !l->eps || !l->lat) {
		free(l->name);
		free(l->eps);
		free(l->lat);
		return NULL;
	}
	for (unsigned i = 0; i < n; i++)
		l->eps[i] = l->lat[i] = NAN;
	r->nlbl++;
	return l;
}

static struct runfile_label *find_label(struct runfile_run *r, const char *name)
{
	return find_label_n(r, name, r->niv);
}

/* A time series (json or text interval lines, hdr log intervals), built
 * line by line (the lines themselves are not kept): r.iv and r.lbl with
 * room for cap points; downsampled to at most max points (runfile.h). */
struct series {
	struct runfile_run r;
	unsigned cap;
	unsigned *cnt;                  /* intervals in each point */
	unsigned w;                     /* intervals in a full point (0: 1) */
	unsigned max;                   /* runfile_set's max_points */
	unsigned long nread;            /* intervals read */
};

static int series_grow(struct series *s)
{
	unsigned cap = s->cap ? 2 * s->cap : 64;
	struct runfile_iv *iv = realloc(s->r.iv, cap * sizeof(*iv));
	unsigned *cnt;

	if (!iv)
		return -ENOMEM;
	s->r.iv = iv;
	if (!(cnt = realloc(s->cnt, cap * sizeof(*cnt))))
		return -ENOMEM;
	s->cnt = cnt;
	for (unsigned k = 0; k < s->r.nlbl; k++) {
		struct runfile_label *l = &s->r.lbl[k];
		double *eps = realloc(l->eps, cap * sizeof(double)), *lat;
		if (eps)
			l->eps = eps;
		if (!eps || !(lat = realloc(l->lat, cap * sizeof(double))))
			return -ENOMEM;
		l->lat = lat;
		for (unsigned i = s->cap; i < cap; i++)
			l->eps[i] = l->lat[i] = NAN;
	}
	s->cap = cap;
	return 0;
}

/* A new point at the end of the series (all NAN), or NULL (no memory). */
static struct runfile_iv *series_slot(struct series *s)
{
	struct runfile_iv *iv;

	if (s->r.niv == s->cap && series_grow(s))
		return NULL;
	iv = &s->r.iv[s->r.niv];
	iv_init(iv);
	s->cnt[s->r.niv++] = 1;
	return iv;
}

/* Mean of a (na intervals) and b (nb), highest, lowest: a NAN is none. */
static double mean2(double a, unsigned na, double b, unsigned nb)
{
	return isnan(a) ? b : isnan(b) ? a : (a * na + b * nb) / (na + nb);
}

static double max2(double a, double b)
{
	return isnan(a) || b > a ? b : a;
}

static double min2(double a, double b)
{
	return isnan(a) || b < a ? b : a;
}

/* Point from (its label values too) into point to (to < from). */
static void point_merge(struct series *s, unsigned to, unsigned from)
{
	struct runfile_iv *a = &s->r.iv[to];
	const struct runfile_iv *b = &s->r.iv[from];
	unsigned na = s->cnt[to], nb = s->cnt[from], k;

	a->t = max2(a->t, b->t);
	a->tps = mean2(a->tps, na, b->tps, nb);
	a->qps = mean2(a->qps, na, b->qps, nb);
	a->rps = mean2(a->rps, na, b->rps, nb);
	a->wps = mean2(a->wps, na, b->wps, nb);
	a->ops = mean2(a->ops, na, b->ops, nb);
	a->lat_avg = mean2(a->lat_avg, na, b->lat_avg, nb);
	a->lat_max = max2(a->lat_max, b->lat_max);
	for (k = 0; k < RUNFILE_NIVPCT; k++)
		a->pct[k] = max2(a->pct[k], b->pct[k]);
	a->tps_lo = min2(a->tps_lo, b->tps_lo);
	a->tps_hi = max2(a->tps_hi, b->tps_hi);
	/* the metrics over both (b's then unused: its slot is reused) */
	if (!a->metrics)
		a->metrics = json_incref(b->metrics);
	else
		obsflat_merge(a->metrics, b->metrics);
	json_decref(b->metrics);
	s->r.iv[from].metrics = NULL;
	for (k = 0; k < s->r.nlbl; k++) {
		struct runfile_label *l = &s->r.lbl[k];
		l->eps[to] = mean2(l->eps[to], na, l->eps[from], nb);
		l->lat[to] = max2(l->lat[to], l->lat[from]);
	}
	s->cnt[to] = na + nb;
}

static void point_move(struct series *s, unsigned to, unsigned from)
{
	if (to == from)
		return;
	s->r.iv[to] = s->r.iv[from];
	s->cnt[to] = s->cnt[from];
	for (unsigned k = 0; k < s->r.nlbl; k++) {
		s->r.lbl[k].eps[to] = s->r.lbl[k].eps[from];
		s->r.lbl[k].lat[to] = s->r.lbl[k].lat[from];
	}
}

/* The last point (one interval, filled in) is in: with a limit, the
 * interval before the last two goes into the partial point before it, and
 * a series at max points is halved (pairs of points merged, the last two
 * intervals left alone). Memory then stays under max points. */
static void series_commit(struct series *s)
{
	unsigned n = s->r.niv, body, k;
	struct runfile_iv *last = &s->r.iv[n - 1];

	last->tps_lo = last->tps_hi = last->tps;
	s->nread++;
	if (!s->max)
		return;
	if (s->w > 1 && n >= 4 && s->cnt[n - 4] < s->w) {
		point_merge(s, n - 4, n - 3);
		point_move(s, n - 3, n - 2);
		point_move(s, n - 2, n - 1);
		s->r.niv = --n;
	}
	if (n <= s->max)
		return;
	body = n - 2;
	for (k = 0; 2 * k + 1 < body; k++) {
		point_move(s, k, 2 * k);
		point_merge(s, k, 2 * k + 1);
	}
	if (body % 2)
		point_move(s, k++, body - 1);
	point_move(s, k++, n - 2);
	point_move(s, k++, n - 1);
	s->r.niv = k;
	s->w = (s->w ? s->w : 1) * 2;
}

/* One interval line o appended to the series. */
static int series_add(struct series *s, json_t *o)
{
	json_t *lat = json_object_get(o, "latency_ms");
	json_t *pcts = json_object_get(lat, "percentiles"), *lbls, *lv;
	struct runfile_iv *iv;
	const char *name;
	unsigned i = s->r.niv;

	if (!(iv = series_slot(s)))
		return -ENOMEM;
	iv->t = jnum(o, "time");
	json_rates(o, &iv->tps, &iv->qps, &iv->rps, &iv->wps, &iv->ops);
	iv->lat_avg = jnum(lat, "avg");
	iv->lat_max = jnum(lat, "max");
	for (unsigned j = 0; j < RUNFILE_NIVPCT; j++)
		iv->pct[j] = jpct(pcts, runfile_iv_pcts[j]);
	iv->metrics = obsflat_pick(o);
	lbls = json_object_get(o, "labels");
	if (!json_is_object(lbls)) {
		series_commit(s);
		return 0;
	}
	json_object_foreach(lbls, name, lv) {
		json_t *lp = json_object_get(json_object_get(lv, "latency_ms"), "percentiles");
		struct runfile_label *l = find_label_n(&s->r, name, s->cap);
		if (!l)
			return -ENOMEM;
		l->eps[i] = jnum(lv, "eps");
		if (l->lat_pct == 0)
			l->lat_pct = jpct_top(lp);
		l->lat[i] = l->lat_pct > 0 ? jpct(lp, l->lat_pct) : NAN;
	}
	series_commit(s);
	return 0;
}

/* A downsampled series ends: a short trailing interval (under half the
 * one before: the end of the run cut it) is left out, as plot leaves it
 * out of a series kept whole; the last intervals go into the last point,
 * and a last point of under half a full one into the point before. No
 * point is then short, and plot keeps them all. */
static void series_finish(struct series *s)
{
	struct runfile_iv *iv = s->r.iv;
	unsigned n = s->r.niv, body = n - 2, k;

	if (s->w <= 1 || n < 4)
		return;
	if (iv[n - 1].t - iv[n - 2].t < 0.5 * (iv[n - 2].t - iv[n - 3].t)) {
		json_decref(iv[n - 1].metrics);
		iv[n - 1].metrics = NULL;
		n--;
	}
	for (k = body; k < n; k++)
		point_merge(s, body - 1, k);
	n = body;
	if (n >= 2 && 2 * s->cnt[n - 1] < s->w) {
		point_merge(s, n - 2, n - 1);
		n--;
	}
	s->r.niv = n;
}

/* The series becomes run r's time series; s is empty again (its limit
 * kept). */
static void series_move(struct series *s, struct runfile_run *r)
{
	unsigned max = s->max;

	series_finish(s);
	r->iv = s->r.iv;
	r->niv = s->r.niv;
	r->lbl = s->r.lbl;
	r->nlbl = s->r.nlbl;
	r->niv_read = s->nread;
	free(s->cnt);
	memset(s, 0, sizeof(*s));
	s->max = max;
}

static void labels_free(struct runfile_run *r)
{
	for (unsigned j = 0; j < r->nlbl; j++) {
		free(r->lbl[j].name);
		free(r->lbl[j].eps);
		free(r->lbl[j].lat);
		hdr_destroy(r->lbl[j].h);
	}
	free(r->lbl);
	r->lbl = NULL;
	r->nlbl = 0;
}

static void series_free(struct series *s)
{
	labels_free(&s->r);
	iv_free_metrics(s->r.iv, s->r.niv);
	free(s->r.iv);
	free(s->cnt);
	memset(s, 0, sizeof(*s));
}

static int read_json(struct rf_ctx *c, FILE *f)
{
	char *line = NULL;
	size_t cap = 0;
	ssize_t n;
	unsigned lineno = 0, nruns = 0;
	struct series ser;
	int rc = 1;

	memset(&ser, 0, sizeof(ser));
	ser.max = c->set->max_points;

	while ((n = getline(&line, &cap, f)) >= 0) {
		json_error_t err;
		json_t *o, *type;
		const char *t;

		lineno++;
		if (strspn(line, " \t\r\n") == (size_t)n)
			continue;
		o = json_loads(line, JSON_DECODE_ANY, &err);
		if (!json_is_object(o)) {
			log_msg(LOG_FATAL, "%s: '%s' line %u: not a JSON object%s%s", c->cmd,
			        c->path, lineno, o ? "" : ": ", o ? "" : err.text);
			json_decref(o);
			goto out;
		}
		type = json_object_get(o, "type");
		t = json_is_string(type) ? json_string_value(type) : "";
		if (strcmp(t, "interval") == 0) {
			if (runcheck_json_interval(c->cmd, c->path, lineno, o)) {
				json_decref(o);
				goto out;
			}
			if (!c->set->skip_series && series_add(&ser, o)) {
				log_msg(LOG_FATAL, "%s: out of memory", c->cmd);
				json_decref(o);
				goto out;
			}
			json_decref(o);
			continue;
		}
		if (strcmp(t, "final") == 0 || strcmp(t, "merged") == 0) {
			struct runfile_run *r;
			int e;
			if (runcheck_json_final(c->cmd, c->path, o)) {
				json_decref(o);
				goto out;
			}
			r = new_run(c, *t == 'f' ? RUNFILE_JSON : RUNFILE_MERGED);
			e = r ? json_final(c, r, o, lineno) : -1;
			if (e == 0)
				series_move(&ser, r);
			json_decref(o);
			if (e < 0)
				log_msg(LOG_FATAL, "%s: out of memory", c->cmd);
			if (e)
				goto out;
			nruns++;
			continue;
		}
		json_decref(o);
	}
	if (nruns == 0) {
		log_msg(LOG_FATAL, "%s: '%s' has no \"type\":\"final\" line (an interrupted run, or not --report-format=json output)",
		        c->cmd, c->path);
		goto out;
	}
	rc = 0;
out:
	series_free(&ser);
	free(line);
	return rc;
}

/* ---- sysbench text ---------------------------------------------------- */

/* Blocks of the final report whose every line is known. */
enum { B_NONE, B_SQL, B_GENERAL, B_LATENCY, B_FAIRNESS, B_OTHER };

struct text_state {
	struct runfile_run *r;
	int block;
	int have_general_time, have_general_events, have_lat;
	double lat[3];                  /* min avg max of the last block */
	double queries[3];              /* read, write, other; NAN: none */
	unsigned npct;
	double pct[RUNFILE_MAX_PCT], pct_ms[RUNFILE_MAX_PCT];
	struct series ser;              /* the interval lines */
	int skip_series;                /* runfile_set's */
	const char *bad_field;          /* -ERANGE: the figure out of range */
	double bad_value;
	enum runcheck_kind bad_kind;
};

/* A figure of the report: 0 when in range, else -ERANGE with it kept for
 * the message. */
static int tcheck(struct text_state *st, const char *field, double v,
                  enum runcheck_kind kind)
{
	if (runcheck_ok(v, kind))
		return 0;
	if (isnan(v))           /* no number: not sysbench's line */
		return -1;
	st->bad_field = field;
	st->bad_value = v;
	st->bad_kind = kind;
	return -ERANGE;
}

/* "    key:   value..." with key matched exactly after the indentation;
 * returns the text after the key and its blanks, or NULL. */
static const char *after_key(const char *line, const char *key)
{
	size_t k = strlen(key);

	line += strspn(line, " \t");
	if (strncmp(line, key, k) != 0)
		return NULL;
	line += k;
	return line + strspn(line, " \t");
}

/* Parse "N" or "N (R per sec.)" (SQL statistics), ending the line. */
static int count_rate(const char *s, double *count, double *rate)
{
	char tail[16];
	int n;

	/* "nan" is no count (NAN means "not stated" here) */
	if (sscanf(s, "%lf (%lf per sec.%15[)]%n", count, rate, tail, &n) == 3)
		return s[n + strspn(s + n, " \t\r\n")] == '\0' && !isnan(*count) && !isnan(*rate) ? 0 : -1;
	*rate = NAN;
	if (sscanf(s, "%lf%n", count, &n) == 1 && s[n + strspn(s + n, " \t\r\n")] == '\0')
		return isnan(*count) ? -1 : 0;
	return -1;
}

/* One number ending the line, with an optional unit suffix. */
static int one_number(const char *s, const char *unit, double *out)
{
	int n;

	if (sscanf(s, "%lf%n", out, &n) != 1 || isnan(*out))
		return -1;
	s += n;
	if (unit && strncmp(s, unit, strlen(unit)) == 0)
		s += strlen(unit);
	return s[strspn(s, " \t\r\n")] == '\0' ? 0 : -1;
}

/* one_number, then tcheck. */
static int tnum(struct text_state *st, const char *s, const char *unit, double *out,
                const char *field, enum runcheck_kind kind)
{
	return one_number(s, unit, out) ? -1 : tcheck(st, field, *out, kind);
}

/* count_rate of a count (and its rate), then tcheck. */
static int tcount(struct text_state *st, const char *s, double *count, double *rate,
                  const char *field)
{
	if (count_rate(s, count, rate))
		return -1;
	if (tcheck(st, field, *count, RUNCHECK_COUNT))
		return -ERANGE;
	return isnan(*rate) ? 0 : tcheck(st, field, *rate, RUNCHECK_RATE);
}

static int text_sql(struct text_state *st, const char *l)
{
	struct runfile_run *r = st->r;
	const char *v;
	double d, rate;

	if (after_key(l, "queries performed:") && *after_key(l, "queries performed:") == '\n')
		return 0;
	if ((v = after_key(l, "read:")))
		return tnum(st, v, NULL, &st->queries[0], "read", RUNCHECK_COUNT);
	if ((v = after_key(l, "write:")))
		return tnum(st, v, NULL, &st->queries[1], "write", RUNCHECK_COUNT);
	if ((v = after_key(l, "other:")))
		return tnum(st, v, NULL, &st->queries[2], "other", RUNCHECK_COUNT);
	if ((v = after_key(l, "total:")))
		return tnum(st, v, NULL, &d, "total", RUNCHECK_COUNT);
	if ((v = after_key(l, "transactions:")))
		return tcount(st, v, &d, &r->tps, "transactions");
	if ((v = after_key(l, "queries:")))
		return tcount(st, v, &d, &r->qps, "queries");
	if ((v = after_key(l, "ignored errors:")))
		return tcount(st, v, &r->errors, &rate, "ignored errors");
	if ((v = after_key(l, "reconnects:")))
		return tcount(st, v, &r->reconnects, &rate, "reconnects");
	return -1;
}

static int text_general(struct text_state *st, const char *l)
{
	const char *v;
	double d;

	if ((v = after_key(l, "total time:"))) {
		st->have_general_time = 1;
		return tnum(st, v, "s", &st->r->time, "total time", RUNCHECK_TIME);
	}
	if ((v = after_key(l, "total number of events:"))) {
		st->have_general_events = 1;
		return tnum(st, v, NULL, &st->r->events, "total number of events", RUNCHECK_COUNT);
	}
	/* bench merge's additions */
	if ((v = after_key(l, "events per second:")))
		return tnum(st, v, NULL, &d, "events per second", RUNCHECK_RATE);
	if ((v = after_key(l, "threads:")))
		return tnum(st, v, NULL, &st->r->threads, "threads", RUNCHECK_COUNT);
	return -1;
}

static int text_latency(struct text_state *st, const char *l)
{
	static const char *const k[3] = { "min:", "avg:", "max:" };
	static const char *const names[3] = { "min", "avg", "max" };
	const char *v;
	double d, p;
	int n, e;

	for (unsigned i = 0; i < 3; i++)
		if ((v = after_key(l, k[i]))) {
			st->have_lat |= 1 << i;
			return tnum(st, v, NULL, &st->lat[i], names[i], RUNCHECK_MS);
		}
	if ((v = after_key(l, "sum:")))
		return tnum(st, v, NULL, &d, "sum", RUNCHECK_MS);
	if (after_key(l, "percentiles: not available"))
		return 0;
	l += strspn(l, " \t");
	if (sscanf(l, "%lfth percentile:%n", &p, &n) == 1 && n > 0) {
		if (!(p > 0 && p <= 100))
			return -1;
		if ((e = tnum(st, l + n + strspn(l + n, " \t"), NULL, &d, "percentile", RUNCHECK_MS)))
			return e;
		if (st->npct < RUNFILE_MAX_PCT) {
			st->pct[st->npct] = p;
			st->pct_ms[st->npct++] = d;
		}
		return 0;
	}
	return -1;
}

static int text_fairness(const char *l)
{
	return after_key(l, "events (avg/stddev):") || after_key(l, "execution time (avg/stddev):") ||
	       after_key(l, "not available") ? 0 : -1;
}

/* After "lat (ms,": "95%): 3.00", or bench's "50%/99%): 0.32/6.47"; the
 * values of 50, 95 and 99 go into iv. Returns the text after them, or
 * NULL when it is not so. */
static const char *interval_pcts(const char *s, struct runfile_iv *iv)
{
	double p[RUNFILE_MAX_PCT];
	unsigned np = 0, i;
	int n;

	for (;;) {
		if (np == RUNFILE_MAX_PCT || sscanf(s, "%lf%%%n", &p[np], &n) != 1)
			return NULL;
		np++;
		s += n;
		if (*s == '/') {
			s++;
			continue;
		}
		if (strncmp(s, "):", 2) != 0)
			return NULL;
		s += 2;
		break;
	}
	for (i = 0; i < np; i++) {
		double v;
		if (sscanf(s, " %lf%n", &v, &n) != 1)
			return NULL;
		s += n;
		if (i + 1 < np && *s++ != '/')
			return NULL;
		for (unsigned j = 0; j < RUNFILE_NIVPCT; j++)
			if (runfile_iv_pcts[j] == p[i])
				iv->pct[j] = v;
	}
	return s;
}

/* The figures of an interval line in range: 0 or -ERANGE (tcheck). */
static int text_iv_check(struct text_state *st, const struct runfile_iv *iv, double thds)
{
	static const char *const pct_names[RUNFILE_NIVPCT] = { "lat (ms,50%)", "lat (ms,95%)", "lat (ms,99%)" };
	const double rates[] = { iv->tps, iv->qps, iv->rps, iv->wps, iv->ops };
	static const char *const rate_names[] = { "tps", "qps", "r/s", "w/s", "o/s" };
	unsigned i;
	int e;

	if ((e = tcheck(st, "[ Ns ]", iv->t, RUNCHECK_TIME)) || (e = tcheck(st, "thds", thds, RUNCHECK_COUNT)))
		return e;
	/* a "nan" rate or percentile is NAN: tcheck calls it no number */
	for (i = 0; i < sizeof(rates) / sizeof(rates[0]); i++)
		if ((i == 0 || !isnan(rates[i])) && (e = tcheck(st, rate_names[i], rates[i], RUNCHECK_RATE)))
			return e;
	for (i = 0; i < RUNFILE_NIVPCT; i++)
		if (!isnan(iv->pct[i]) && (e = tcheck(st, pct_names[i], iv->pct[i], RUNCHECK_MS)))
			return e;
	return 0;
}

/* "[ 2s ] thds: 8 tps: 1.00 qps: 2.00 (r/w/o: 1.00/0.50/0.50) lat (ms,95%):
 * 3.00 err/s: 0.00 reconn/s: 0.00" (or eps: instead of tps/qps). Returns 0,
 * or -1 for a line that starts so but does not go on as sysbench's. */
static int text_interval(struct text_state *st, const char *l)
{
	struct runfile_iv iv, *slot;
	const char *s;
	double thds, errs = 0, reconn = 0;
	int n;

	iv_init(&iv);
	if (sscanf(l, "[ %lfs ] thds: %lf%n", &iv.t, &thds, &n) != 2)
		return -1;
	s = l + n;
	for (;;) {
		s += strspn(s, " \t");
		if (*s == '\0' || *s == '\r' || *s == '\n')
			break;
		if (sscanf(s, "tps: %lf%n", &iv.tps, &n) == 1 || sscanf(s, "eps: %lf%n", &iv.tps, &n) == 1 ||
		    sscanf(s, "qps: %lf%n", &iv.qps, &n) == 1 ||
		    sscanf(s, "err/s: %lf%n", &errs, &n) == 1 || sscanf(s, "reconn/s: %lf%n", &reconn, &n) == 1) {
			s += n;
			continue;
		}
		if (sscanf(s, "(r/w/o: %lf/%lf/%lf)%n", &iv.rps, &iv.wps, &iv.ops, &n) == 3) {
			s += n;
			continue;
		}
		if (strncmp(s, "lat (ms,", 8) == 0) {
			if (!(s = interval_pcts(s + 8, &iv)))
				return -1;
			continue;
		}
		return -1;
	}
	if (isnan(iv.tps))
		return -1;
	if ((n = text_iv_check(st, &iv, thds)) || (n = tcheck(st, "err/s", errs, RUNCHECK_RATE)) ||
	    (n = tcheck(st, "reconn/s", reconn, RUNCHECK_RATE)))
		return n;
	if (st->skip_series)
		return 0;
	if (!(slot = series_slot(&st->ser)))
		return -ENOMEM;
	*slot = iv;
	series_commit(&st->ser);
	return 0;
}

/* bench's "Run status: WORD after ..." line after an unfinished run's
 * report. 0 or -ENOMEM. */
static int text_status(struct runfile_run *r, const char *s)
{
	size_t n = strcspn(s, " \n");

	free(r->status);
	r->status = strndup(s, n);
	return r->status ? 0 : -ENOMEM;
}

static const char *const block_names[] = {
	[B_SQL] = "SQL statistics", [B_GENERAL] = "General statistics",
	[B_LATENCY] = "Latency (ms)", [B_FAIRNESS] = "Threads fairness",
};

/* The rates a text report gives as counts over the total time, in range;
 * and its latency min not above its max. 0, or 1 after one FATAL line. */
static int text_derived_check(struct rf_ctx *c, const struct runfile_run *r)
{
	const double v[] = { r->tps, r->rps, r->wps, r->ops };
	static const char *const names[] = {
		"events per second (events over the total time)", "reads per second (read over the total time)",
		"writes per second (write over the total time)", "other per second (other over the total time)",
	};

	for (unsigned i = 0; i < sizeof(v) / sizeof(v[0]); i++)
		if (runcheck_value(c->cmd, c->path, 0, names[i], v[i], RUNCHECK_RATE))
			return 1;
	if (r->lat_min > r->lat_max) {
		log_msg(LOG_FATAL, "%s: '%s': the latency min (%.17g) is above the max (%.17g)",
		        c->cmd, c->path, r->lat_min, r->lat_max);
		return 1;
	}
	return 0;
}

static int read_text(struct rf_ctx *c, FILE *f)
{
	struct text_state st;
	char *line = NULL;
	size_t cap = 0;
	unsigned lineno = 0;
	int rc = 1, e;

	memset(&st, 0, sizeof(st));
	st.skip_series = c->set->skip_series;
	st.ser.max = c->set->max_points;
	st.queries[0] = st.queries[1] = st.queries[2] = NAN;
	if (!(st.r = new_run(c, RUNFILE_TEXT))) {
		log_msg(LOG_FATAL, "%s: out of memory", c->cmd);
		return 1;
	}
	while (getline(&line, &cap, f) >= 0) {
		lineno++;
		if (line[strspn(line, " \t\r\n")] == '\0') {
			st.block = B_NONE;
			continue;
		}
		e = 0;
		if (line[0] != ' ' && line[0] != '\t') {
			/* a heading, an interval line, or other output */
			st.block = B_OTHER;
			if (strcmp(line, "SQL statistics:\n") == 0)
				st.block = B_SQL;
			else if (strcmp(line, "General statistics:\n") == 0)
				st.block = B_GENERAL;
			else if (strcmp(line, "Latency (ms):\n") == 0) {
				st.block = B_LATENCY;
				st.npct = 0;    /* the last block (checkpoints come first) */
			} else if (strcmp(line, "Threads fairness:\n") == 0)
				st.block = B_FAIRNESS;
			else if (strncmp(line, "[ ", 2) == 0 && strstr(line, "s ] thds: "))
				e = text_interval(&st, line);
			else if (strncmp(line, "Run status: ", 12) == 0)
				e = text_status(st.r, line + 12);
			else if (sscanf(line, "Number of threads: %lf", &st.r->threads) == 1 &&
			         !isnan(st.r->threads))
				/* sysbench's "Running the test with following options:" */
				e = tcheck(&st, "Number of threads", st.r->threads, RUNCHECK_COUNT);
			if (e == -ENOMEM) {
				log_msg(LOG_FATAL, "%s: out of memory", c->cmd);
				goto out;
			}
			if (e == -ERANGE) {
				runcheck_value(c->cmd, c->path, lineno, st.bad_field, st.bad_value, st.bad_kind);
				goto out;
			}
			if (e) {
				log_msg(LOG_FATAL, "%s: '%s' line %u: not a sysbench interval report line",
				        c->cmd, c->path, lineno);
				goto out;
			}
			continue;
		}
		switch (st.block) {
		case B_SQL: e = text_sql(&st, line); break;
		case B_GENERAL: e = text_general(&st, line); break;
		case B_LATENCY: e = text_latency(&st, line); break;
		case B_FAIRNESS: e = text_fairness(line); break;
		default: break;
		}
		if (e == -ERANGE) {
			runcheck_value(c->cmd, c->path, lineno, st.bad_field, st.bad_value, st.bad_kind);
			goto out;
		}
		if (e) {
			/* sysbench 0.4 and 0.5 have their own layout */
			int old = strstr(line, "total time taken by event execution") ||
			          strstr(line, "per-request statistics");
			log_msg(LOG_FATAL, "%s: '%s' line %u: unexpected line in the \"%s:\" block of a sysbench report%s",
			        c->cmd, c->path, lineno, block_names[st.block],
			        old ? " (sysbench 0.4/0.5 output: only 1.0.x reports are read)" : "");
			goto out;
		}
	}
	if (!st.have_general_time || !st.have_general_events || st.have_lat != 7) {
		log_msg(LOG_FATAL, "%s: '%s' is neither a bench json result nor sysbench text output (%s)",
		        c->cmd, c->path, !st.have_general_time && !st.have_general_events && !st.have_lat ?
		        "no \"General statistics:\" and \"Latency (ms):\" blocks" :
		        "its final report is incomplete");
		goto out;
	}
	st.r->lat_min = st.lat[0];
	st.r->lat_avg = st.lat[1];
	st.r->lat_max = st.lat[2];
	st.r->npct = st.npct;
	memcpy(st.r->pct, st.pct, sizeof(st.pct));
	memcpy(st.r->pct_ms, st.pct_ms, sizeof(st.pct_ms));
	/* without SQL statistics: events over the total time, as bench's eps */
	if (isnan(st.r->tps))
		st.r->tps = st.r->time > 0 ? st.r->events / st.r->time : 0;
	/* the report states counts of reads, writes and other: over the time */
	if (st.r->time > 0) {
		st.r->rps = st.queries[0] / st.r->time;
		st.r->wps = st.queries[1] / st.r->time;
		st.r->ops = st.queries[2] / st.r->time;
	}
	series_move(&st.ser, st.r);
	if (text_derived_check(c, st.r))
		goto out;
	rc = 0;
out:
	series_free(&st.ser);
	free(line);
	return rc;
}

/* ---- hdr logs --------------------------------------------------------- */

static int add_hist(struct hdr_hist **dst, const struct hdr_hist *src)
{
	size_t cursor = 0;
	int64_t v, n;

	if (!*dst && hdr_create(1, RUNFILE_HIGHEST, hdr_sig_figs(src), dst))
		return -ENOMEM;
	while (hdr_next_bucket(src, &cursor, &v, &n))
		hdr_record_n(*dst, v, n);
	return 0;
}

static int read_hdr(struct rf_ctx *c, FILE *f, struct runfile_run *r)
{
	char *line = NULL;
	size_t cap = 0;
	unsigned lineno = 0;
	double first = NAN;
	struct series hs;
	int rc = 1, e;

	memset(&hs, 0, sizeof(hs));
	hs.max = c->set->max_points;

	while (getline(&line, &cap, f) >= 0) {
		struct hdrlog_line l;
		struct hdr_hist *h = NULL;

		lineno++;
		e = hdrlog_parse_line(line, &l);
		if (e == 0)
			continue;
		if (e < 0 || (e = hdrlog_decode(l.b64, l.b64_len, &h))) {
			log_msg(LOG_FATAL, "%s: '%s' line %u: %s", c->cmd, c->path, lineno,
			        e == -ENOMEM ? "out of memory" : "not a valid hdr log interval line");
			goto out;
		}
		if (l.tag) {
			struct runfile_label *lb = NULL;
			/* statement kinds (Tag=stmt.*) are not labels */
			if (strncmp(l.tag, "stmt.", 5) != 0 &&
			    (!(lb = find_label(r, l.tag)) || add_hist(&lb->h, h))) {
				hdr_destroy(h);
				log_msg(LOG_FATAL, "%s: out of memory", c->cmd);
				goto out;
			}
		} else {
			struct runfile_iv *iv = NULL;
			if ((!c->set->skip_series && !(iv = series_slot(&hs))) || add_hist(&r->hist, h)) {
				hdr_destroy(h);
				log_msg(LOG_FATAL, "%s: out of memory", c->cmd);
				goto out;
			}
			if (isnan(first))
				first = l.start_s;
			if (iv) {
				iv->t = l.start_s + l.length_s - first;
				if (hdr_count(h)) {
					iv->lat_max = hdr_max(h) / NS_PER_MS;
					for (unsigned j = 0; j < RUNFILE_NIVPCT; j++)
						iv->pct[j] = report_pct_ms(h, runfile_iv_pcts[j]);
				}
				series_commit(&hs);
			}
		}
		hdr_destroy(h);
	}
	if (!r->hist) {
		log_msg(LOG_FATAL, "%s: '%s' holds no interval histogram", c->cmd, c->path);
		goto out;
	}
	if (!isnan(r->events) && (double)hdr_count(r->hist) != r->events)
		log_msg(LOG_WARNING, "%s: '%s' holds %lld events, '%s' %.0f: were they written by the same run?",
		        c->cmd, c->path, (long long)hdr_count(r->hist), r->path, r->events);
	series_finish(&hs);
	r->hiv = hs.r.iv;
	r->nhiv = hs.r.niv;
	r->nhiv_read = hs.nread;
	hs.r.iv = NULL;
	rc = 0;
out:
	series_free(&hs);
	free(line);
	return rc;
}

/* What an hdr log says about itself: bench's "#[bench run ID step I
 * threads T]" header line (hdrlog.h); all zero when it has none. */
struct hdr_ident {
	char run_id[20];
	unsigned step, threads;
};

static void hdr_identity(FILE *f, struct hdr_ident *id)
{
	char line[256];

	memset(id, 0, sizeof(*id));
	while (fgets(line, sizeof(line), f) && (line[0] == '#' || line[0] == '"')) {
		if (sscanf(line, "#[bench run %16[0-9a-f] step %u threads %u]", id->run_id, &id->step, &id->threads) == 3 ||
		    sscanf(line, "#[bench run %16[0-9a-f] threads %u]", id->run_id, &id->threads) == 2)
			break;
		memset(id, 0, sizeof(*id));
	}
	rewind(f);
}

/* The run of runs[from..end) that the hdr log at path belongs to, or -1
 * after a FATAL line: by what the log says (its run, step and threads),
 * else the first run without a log. */
static int hdr_target(struct rf_ctx *c, const struct hdr_ident *id, unsigned from, unsigned end)
{
	struct runfile_run *runs = c->set->runs, *r = NULL;
	unsigned i;

	for (i = from; i < end && !r; i++)
		if (id->step ? runs[i].step == id->step : !runs[i].hdr_path)
			r = &runs[i];
	if (!r && id->step) {
		log_msg(LOG_FATAL, "%s: hdr log '%s' is the log of step %u of a sweep, and '%s' has no step %u",
		        c->cmd, c->path, id->step, runs[from].path, id->step);
		return -1;
	}
	if (!r) {
		log_msg(LOG_FATAL, "%s: hdr log '%s': every run of '%s' has its hdr log already (one hdr log per run, or per step of a sweep)",
		        c->cmd, c->path, runs[from].path);
		return -1;
	}
	if (r->hdr_path) {
		log_msg(LOG_FATAL, "%s: hdr logs '%s' and '%s' are both the log of step %u of '%s'",
		        c->cmd, r->hdr_path, c->path, id->step, r->path);
		return -1;
	}
	if (id->run_id[0] && r->run_id[0] && strcmp(id->run_id, r->run_id) != 0) {
		log_msg(LOG_FATAL, "%s: hdr log '%s' was written by another run (%s) than '%s' (%s)",
		        c->cmd, c->path, id->run_id, r->path, r->run_id);
		return -1;
	}
	if (id->threads && !isnan(r->threads) && r->threads != id->threads) {
		log_msg(LOG_FATAL, "%s: hdr log '%s' is of a run of %u threads, '%s'%s of %.0f",
		        c->cmd, c->path, id->threads, r->path, r->step ? " (that step)" : "", r->threads);
		return -1;
	}
	return (int)(r - runs);
}

/* ---- files ------------------------------------------------------------ */

enum { F_JSON, F_HDR, F_TEXT };

/* What a file holds, from its first non-blank line. */
static int sniff(FILE *f)
{
	char buf[32] = "";
	int ch;

	do
		ch = getc(f);
	while (ch == ' ' || ch == '\t' || ch == '\r' || ch == '\n');
	if (ch != EOF) {
		buf[0] = (char)ch;
		if (!fgets(buf + 1, sizeof(buf) - 1, f))
			buf[1] = '\0';
	}
	rewind(f);
	if (buf[0] == '{')
		return F_JSON;
	if (strncmp(buf, "#[", 2) == 0 || strncmp(buf, "\"StartTimestamp\"", 16) == 0 ||
	    strncmp(buf, "Tag=", 4) == 0)
		return F_HDR;
	return F_TEXT;
}

/* The base name of path without its extension, or the whole base name. */
static char *base_name(const char *path)
{
	const char *b = strrchr(path, '/');
	char *s = strdup(b && b[1] ? b + 1 : path), *dot;

	if (s && (dot = strrchr(s, '.')) && dot != s)
		*dot = '\0';
	return s;
}

static int name_runs(struct runfile_set *set, unsigned from, const char *label)
{
	for (unsigned i = from; i < set->n; i++) {
		struct runfile_run *r = &set->runs[i];
		char *b = label ? strdup(label) : base_name(r->path);
		if (!b)
			return -ENOMEM;
		if (set->n - from > 1) {   /* the steps of a sweep */
			size_t len = strlen(b) + 32 + (r->step_label ? strlen(r->step_label) : 0);
			char *s = malloc(len);
			if (s && r->step_label)
				snprintf(s, len, "%s@%s", b, r->step_label);
			else if (s)
				snprintf(s, len, "%s@%.0ft", b, r->threads);
			free(b);
			if (!(b = s))
				return -ENOMEM;
		}
		r->name = b;
	}
	return 0;
}

int runfile_load(const char *cmd, const char *const *files, unsigned nfiles,
                 const char *const *labels, unsigned nlabels,
                 struct runfile_set *set)
{
	struct rf_ctx c = { .cmd = cmd, .set = set };
	/* hdr logs attach, in order, to the runs of the result file before
	 * them (a sweep's json: one log per step) */
	unsigned i, nresults = 0, from, first_run = 0, end_hdr = 0;
	int rc;

	for (i = 0; i < nfiles; i++) {
		FILE *f = fopen(files[i], "r");
		int kind;

		c.path = files[i];
		if (!f) {
			log_msg(LOG_FATAL, "%s: cannot open '%s': %s", cmd, files[i], strerror(errno));
			return 1;
		}
		kind = sniff(f);
		from = set->n;
		if (kind == F_HDR) {
			struct hdr_ident id;
			int t;
			if (end_hdr == 0) {
				log_msg(LOG_FATAL, "%s: hdr log '%s' must follow the result file of its run (one hdr log per result file, after it)",
				        cmd, files[i]);
				fclose(f);
				return 1;
			}
			hdr_identity(f, &id);
			if ((t = hdr_target(&c, &id, first_run, end_hdr)) < 0) {
				fclose(f);
				return 1;
			}
			rc = read_hdr(&c, f, &set->runs[t]);
			set->runs[t].hdr_path = files[i];
		} else {
			rc = kind == F_JSON ? read_json(&c, f) : read_text(&c, f);
			if (rc == 0 && nlabels && nresults >= nlabels) {
				log_msg(LOG_FATAL, "%s: --label names %u run(s), but there are more result files",
				        cmd, nlabels);
				rc = 1;
			}
			if (rc == 0 && name_runs(set, from, nlabels ? labels[nresults] : NULL)) {
				log_msg(LOG_FATAL, "%s: out of memory", cmd);
				rc = 1;
			}
			first_run = from;
			end_hdr = set->n;
			nresults++;
		}
		if (rc == 0 && ferror(f)) {
			log_msg(LOG_FATAL, "%s: cannot read '%s': %s", cmd, files[i], strerror(errno));
			rc = 1;
		}
		fclose(f);
		if (rc)
			return 1;
	}
	if (nlabels && nresults != nlabels) {
		log_msg(LOG_FATAL, "%s: --label names %u run(s), but there are %u result file(s)",
		        cmd, nlabels, nresults);
		return 1;
	}
	return 0;
}

static const struct opt_def runfile_opts[] = {
	{ "label", OPT_LIST, "names of the runs, in the order of the result files [their file names]", NULL, 0, 0, OPT_F_EXTRA | OPT_F_NODEFAULT, NULL },
	{ "output", OPT_STRING, "plot: the chart to write: FILE.png, FILE.svg or FILE.html (also -o FILE)", NULL, 0, 0, OPT_F_EXTRA | OPT_F_NODEFAULT, NULL },
	{ "size", OPT_STRING, "plot: width x height of each chart in pixels [1000x300]", NULL, 0, 0, OPT_F_EXTRA | OPT_F_NODEFAULT, NULL },
	{ "title", OPT_STRING, "plot: a title above the charts", NULL, 0, 0, OPT_F_EXTRA | OPT_F_NODEFAULT, NULL },
	{ "metric", OPT_LIST, "metrics sampled beside the runs to show, by name or pattern (host.disks.*.w/s): compare adds rows, plot draws them instead of its default set", NULL, 0, 0, OPT_F_EXTRA | OPT_F_NODEFAULT, NULL },
};

int runfile_define_opts(void)
{
	return opt_define("Options of compare and plot", runfile_opts,
	                  sizeof(runfile_opts) / sizeof(runfile_opts[0]));
}

int runfile_args(const char ***files, unsigned *nfiles,
                 const char *const **labels, unsigned *nlabels)
{
	unsigned npos = opt_npositional(), n = 0;
	const char **f;

	*files = NULL;
	*nfiles = 0;
	if (runfile_define_opts() || opt_check_unknown()) {
		fprintf(stderr, "%s\n", opt_error());
		return 1;
	}
	if (!(f = calloc(npos ? npos : 1, sizeof(*f))))
		return 1;
	for (unsigned i = 1; i < npos; i++) {
		if (strcmp(opt_positional(i), "-o") == 0) {
			if (i + 1 == npos) {
				log_msg(LOG_FATAL, "%s: -o needs a file name", opt_positional(0));
				free(f);
				return 1;
			}
			opt_set("output", opt_positional(++i));
			continue;
		}
		f[n++] = opt_positional(i);
	}
	*files = f;
	*nfiles = n;
	*nlabels = opt_get_list("label", labels);
	return 0;
}

FILE *runfile_output(void)
{
	int fd;
	FILE *f;

	fflush(stdout);
	fd = dup(STDOUT_FILENO);
	if (fd < 0 || !(f = fdopen(fd, "w")) || dup2(STDERR_FILENO, STDOUT_FILENO) < 0) {
		fprintf(stderr, "FATAL: cannot set up the output: %s\n", strerror(errno));
		if (fd >= 0)
			close(fd);
		return NULL;
	}
	return f;
}

int runfile_output_close(FILE *out)
{
	int bad = ferror(out);

	if (fclose(out) || bad) {
		log_msg(LOG_FATAL, "error writing the output: %s", strerror(errno ? errno : EIO));
		return 1;
	}
	return 0;
}

double runfile_pct_ms(const struct runfile_run *r, double p)
{
	if (r->hist) {
		/* the log holds each bucket's highest value: never above the
		 * exact max of the result file (as bench's own report) */
		double v = report_pct_ms(r->hist, p);
		return !isnan(r->lat_max) && v > r->lat_max ? r->lat_max : v;
	}
	for (unsigned i = 0; i < r->npct; i++)
		if (r->pct[i] == p)
			return r->pct_ms[i];
	return NAN;
}

void runfile_free(struct runfile_set *set)
{
	for (unsigned i = 0; set && i < set->n; i++) {
		struct runfile_run *r = &set->runs[i];
		labels_free(r);
		free(r->name);
		free(r->step_label);
		free(r->status);
		json_decref(r->final);
		iv_free_metrics(r->iv, r->niv);
		free(r->iv);
		free(r->hiv);
		hdr_destroy(r->hist);
	}
	if (set) {
		free(set->runs);
		set->runs = NULL;
		set->n = 0;
	}
}
