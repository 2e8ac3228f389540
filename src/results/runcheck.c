/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * runcheck: range checks of saved results. See runcheck.h.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "results/runcheck.h"
#include "util/log.h"

/* The file being checked, for messages: line 0 is the whole file. */
struct rc_ctx {
	const char *cmd, *path;
	unsigned line;
};

static const double kind_max[] = {
	[RUNCHECK_COUNT] = RUNCHECK_MAX_COUNT, [RUNCHECK_TIME] = RUNCHECK_MAX_TIME,
	[RUNCHECK_RATE] = RUNCHECK_MAX_RATE, [RUNCHECK_MS] = RUNCHECK_MAX_MS,
};

int runcheck_ok(double v, enum runcheck_kind kind)
{
	/* -0 too: it would print as "-0.00" */
	return v >= 0 && !signbit(v) && v <= kind_max[kind] && (kind != RUNCHECK_COUNT || v == floor(v));
}

static void want_text(char *buf, size_t len, enum runcheck_kind kind)
{
	if (kind == RUNCHECK_COUNT)
		snprintf(buf, len, "must be a non-negative integer");
	else
		snprintf(buf, len, "must be a number from 0 to %g", kind_max[kind]);
}

/* The one message: shown is the value as the file has it, or NULL when
 * the field is missing. */
/* " line N" of c, or "" for the whole file. */
static const char *at_line(const struct rc_ctx *c, char *buf, size_t len)
{
	buf[0] = '\0';
	if (c->line)
		snprintf(buf, len, " line %u", c->line);
	return buf;
}

static void bad(const struct rc_ctx *c, const char *where, const char *key,
                const char *shown, const char *want)
{
	char at[32];

	at_line(c, at, sizeof(at));
	if (shown)
		log_msg(LOG_FATAL, "%s: '%s'%s: \"%s%s\" %s, not %s", c->cmd, c->path, at, where, key,
		        want, shown);
	else
		log_msg(LOG_FATAL, "%s: '%s'%s: \"%s%s\" is missing (it %s)", c->cmd, c->path, at, where,
		        key, want);
}

int runcheck_value(const char *cmd, const char *path, unsigned line,
                   const char *field, double v, enum runcheck_kind kind)
{
	char want[64], shown[40];

	if (isnan(v) || runcheck_ok(v, kind))
		return 0;
	want_text(want, sizeof(want), kind);
	snprintf(shown, sizeof(shown), "%.17g", v);
	bad(&(struct rc_ctx){ cmd, path, line }, "", field, shown, want);
	return 1;
}

/* v as the file writes it, at most 40 characters. */
static void bad_json(const struct rc_ctx *c, const char *where, const char *key,
                     json_t *v, const char *want)
{
	char *txt = v ? json_dumps(v, JSON_ENCODE_ANY | JSON_COMPACT) : NULL;

	if (txt && strlen(txt) > 40)
		strcpy(txt + 37, "...");
	bad(c, where, key, v ? (txt ? txt : "?") : NULL, want);
	free(txt);
}

static int json_field(const struct rc_ctx *c, const char *where, json_t *o,
                      const char *key, enum runcheck_kind kind, int required)
{
	json_t *v = json_object_get(o, key);
	char want[64];

	if ((!v || json_is_null(v)) && !required)
		return 0;
	if (json_is_number(v) && runcheck_ok(json_number_value(v), kind))
		return 0;
	want_text(want, sizeof(want), kind);
	bad_json(c, where, key, v, want);
	return 1;
}

int runcheck_json(const char *cmd, const char *path, const char *where,
                  json_t *o, const char *key, enum runcheck_kind kind,
                  int required)
{
	return json_field(&(struct rc_ctx){ cmd, path, 0 }, where, o, key, kind, required);
}

/* ---- the fields of result objects ------------------------------------ */

static const char *const counts[] = {
	"events", "threads", "reads", "writes", "other", "errors", "reconnects",
	"queries", "bytes_read", "bytes_written",
};
static const char *const rates[] = {
	"eps", "tps", "reads_per_sec", "writes_per_sec", "other_per_sec",
	"errors_per_sec", "reconnects_per_sec", "qps",
};

static int is_object_or_null(const struct rc_ctx *c, const char *where,
                             json_t *o, const char *key)
{
	json_t *v = json_object_get(o, key);

	if (!v || json_is_null(v) || json_is_object(v))
		return 1;
	bad_json(c, where, key, v, "must be an object");
	return 0;
}

/* "percentiles": {"95": ms, ...} under where. */
static int check_pcts(const struct rc_ctx *c, const char *where, json_t *pcts)
{
	const char *k;
	json_t *v;

	json_object_foreach(pcts, k, v) {
		char *end;
		double p = strtod(k, &end);
		if (*end || !(p > 0 && p <= 100)) {
			bad(c, where, "percentiles", k, "must have percentiles in (0, 100] as keys");
			return 1;
		}
		if (json_field(c, where, pcts, k, RUNCHECK_MS, 0))
			return 1;
	}
	return 0;
}

/* "latency_ms": min, avg, max, sum, stddev and the percentiles. */
static int check_latency(const struct rc_ctx *c, const char *where, json_t *o)
{
	static const char *const k[] = { "min", "avg", "max", "sum", "stddev" };
	json_t *lat = json_object_get(o, "latency_ms"), *mn, *mx;
	char w[200];

	if (!is_object_or_null(c, where, o, "latency_ms"))
		return 1;
	if (!json_is_object(lat))
		return 0;
	snprintf(w, sizeof(w), "%slatency_ms.", where);
	for (unsigned i = 0; i < sizeof(k) / sizeof(k[0]); i++)
		if (json_field(c, w, lat, k[i], RUNCHECK_MS, 0))
			return 1;
	mn = json_object_get(lat, "min");
	mx = json_object_get(lat, "max");
	if (json_is_number(mn) && json_is_number(mx) &&
	    json_number_value(mn) > json_number_value(mx)) {
		char at[32];
		log_msg(LOG_FATAL, "%s: '%s'%s: %smin is above %smax", c->cmd, c->path,
		        at_line(c, at, sizeof(at)), w, w);
		return 1;
	}
	if (!is_object_or_null(c, w, lat, "percentiles"))
		return 1;
	return json_is_object(json_object_get(lat, "percentiles")) &&
	       check_pcts(c, w, json_object_get(lat, "percentiles"));
}

/* "labels" (events) or "statements" (count): an object of objects. */
static int check_tags(const struct rc_ctx *c, json_t *fin, const char *key,
                      const char *count_key)
{
	json_t *obj = json_object_get(fin, key), *v;
	const char *k;
	char where[160];

	if (!is_object_or_null(c, "", fin, key))
		return 1;
	json_object_foreach(json_is_object(obj) ? obj : NULL, k, v) {
		snprintf(where, sizeof(where), "%s.%.100s", key, k);
		if (!json_is_object(v)) {
			bad_json(c, "", where, v, "must be an object");
			return 1;
		}
		strcat(where, ".");
		if (json_field(c, where, v, count_key, RUNCHECK_COUNT, 1) ||
		    json_field(c, where, v, "errors", RUNCHECK_COUNT, 0) ||
		    check_latency(c, where, v))
			return 1;
	}
	return 0;
}

/* The counters and rates of a final or interval object; required: events. */
static int check_figures(const struct rc_ctx *c, const char *where,
                         json_t *o, int required)
{
	unsigned i;

	for (i = 0; i < sizeof(counts) / sizeof(counts[0]); i++)
		if (json_field(c, where, o, counts[i], RUNCHECK_COUNT, required && i == 0))
			return 1;
	for (i = 0; i < sizeof(rates) / sizeof(rates[0]); i++)
		if (json_field(c, where, o, rates[i], RUNCHECK_RATE, 0))
			return 1;
	return check_latency(c, where, o);
}

int runcheck_json_final(const char *cmd, const char *path, json_t *fin)
{
	const struct rc_ctx ctx = { cmd, path, 0 }, *c = &ctx;
	json_t *host = json_object_get(fin, "hostname");

	if (check_figures(c, "", fin, 1))
		return 1;
	if (!json_object_get(fin, "total_time") && !json_object_get(fin, "time")) {
		bad(c, "", "total_time", NULL, "must be a number of seconds");
		return 1;
	}
	if (json_field(c, "", fin, "total_time", RUNCHECK_TIME, 0) ||
	    json_field(c, "", fin, "time", RUNCHECK_TIME, 0))
		return 1;
	if (host && !json_is_string(host)) {
		bad_json(c, "", "hostname", host, "must be a string");
		return 1;
	}
	return check_tags(c, fin, "labels", "events") ||
	       check_tags(c, fin, "statements", "count");
}

int runcheck_json_interval(const char *cmd, const char *path, unsigned lineno,
                           json_t *iv)
{
	const struct rc_ctx ctx = { cmd, path, lineno }, *c = &ctx;
	const char *where = "";
	json_t *lbls = json_object_get(iv, "labels"), *v;
	const char *k;

	if (json_field(c, where, iv, "time", RUNCHECK_TIME, 0) ||
	    check_figures(c, where, iv, 0))
		return 1;
	if (!is_object_or_null(c, where, iv, "labels"))
		return 1;
	json_object_foreach(json_is_object(lbls) ? lbls : NULL, k, v) {
		char w[160];
		snprintf(w, sizeof(w), "labels.%.100s.", k);
		if (json_field(c, w, v, "eps", RUNCHECK_RATE, 0) ||
		    check_latency(c, w, v))
			return 1;
	}
	return 0;
}
