/* SPDX-License-Identifier: GPL-2.0-or-later */
/* prom: Prometheus exporters scraped at the report ticks (prom.h). */
#include "config.h"
#include <errno.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "observe/prom.h"
#include "util/log.h"

#ifdef HAVE_CURL
#include <curl/curl.h>
#include "observe/promtext.h"
#include "stats/report.h"
#include "util/clock.h"

#define PROM_MAX_SEL 256
#define PROM_MAX_BODY (64u << 20)

/* What the disks, CPUs and memory did (node_exporter; the disks limited
 * to --prom-devices, %s: the device matcher), and the database server's
 * main counters (mysqld_exporter, postgres_exporter). */
static const char *const prom_default[] = {
	"sum by (mode) (node_cpu_seconds_total)",
	"node_disk_reads_completed_total%s", "node_disk_writes_completed_total%s",
	"node_disk_read_bytes_total%s", "node_disk_written_bytes_total%s",
	"node_disk_read_time_seconds_total%s", "node_disk_write_time_seconds_total%s",
	"node_disk_io_time_seconds_total%s", "node_disk_io_time_weighted_seconds_total%s",
	"node_memory_MemTotal_bytes", "node_memory_MemAvailable_bytes", "node_memory_Dirty_bytes",
	"node_network_receive_bytes_total{device!=\"lo\"}",
	"node_network_transmit_bytes_total{device!=\"lo\"}",
	"node_context_switches_total", "node_load1",
	/* mysqld_exporter's: its status counters are untyped */
	"mysql_global_status_commands_total{command=~\"commit|rollback\"}",
	"rate(mysql_global_status_innodb_buffer_pool_read_requests)",
	"rate(mysql_global_status_innodb_buffer_pool_reads)",
	"rate(mysql_global_status_innodb_data_fsyncs)",
	"rate(mysql_global_status_innodb_os_log_written)",
	"rate(mysql_global_status_innodb_row_lock_waits)",
	"mysql_global_status_threads_running",
	/* postgres_exporter's, per database */
	"sum by (datname) (pg_stat_database_xact_commit)",
	"sum by (datname) (pg_stat_database_xact_rollback)",
	"sum by (datname) (pg_stat_database_blks_read)",
	"sum by (datname) (pg_stat_database_blks_hit)",
	"sum by (datname) (pg_stat_database_temp_bytes)",
	"sum by (datname) (pg_stat_database_deadlocks)",
	"sum(pg_stat_bgwriter_checkpoints_timed_total)", "sum(pg_stat_bgwriter_checkpoints_req_total)",
	"sum(pg_stat_bgwriter_buffers_checkpoint_total)", "sum(pg_stat_bgwriter_buffers_backend_total)",
};
#define PROM_NDEFAULT (sizeof(prom_default) / sizeof(*prom_default))

struct prom_series {
	char *key;
	unsigned sel;                   /* the selector that made it */
	enum prom_kind kind;
	int seen;                       /* in this scrape */
	double cur;                     /* this scrape's value */
	double base;                    /* the value at the last sample reported */
	int64_t tb;                     /* and its time */
	double iv, rate;                /* the last interval: delta (gauge: value), per second */
	double total, tail;             /* counters: the run's deltas; since the last tick */
};

struct prom_exp {
	char *name, *url;               /* url as shown: no user, password or query */
	char *fetch;                    /* as given */
	CURL *h;
	char *body;
	size_t len, cap;
	int added, done, ok;
	char why[256];                  /* a failed scrape's reason */
	int on;                         /* the start sample was in */
	struct prom_series *s;
	unsigned ns;
	int64_t t_cur, t_start, t_last, t_end;
	double iv_time;
	int iv_state;                   /* 0 none, 1 in, 2 skipped */
	int end_state;
	uint64_t scrapes, skipped;
	int64_t ns_sum, ns_max, cpu_ns;
	int said_fail, said_bad;
};

struct obs_prom {
	CURLM *multi;
	struct prom_exp *e;
	unsigned ne;
	struct prom_sel *sel;
	unsigned nsel;
	int dflt;                       /* the selectors are the default set */
	char **dev;
	unsigned ndev;
	int line;
};

/* ---- creating ------------------------------------------------------------- */

/* The shown form of url: scheme://host[:port]/path, without user,
 * password and query; name: host[:port]. */
static int prom_url_names(const char *url, char **shown, char **name)
{
	const char *p = strstr(url, "://"), *host, *at, *hend, *q;
	size_t sl;

	p = p ? p + 3 : url;
	sl = (size_t)(p - url);
	hend = p + strcspn(p, "/?#");
	at = memchr(p, '@', (size_t)(hend - p));
	host = at ? at + 1 : p;
	/* "@" may also sit in the path: only the authority's counts */
	q = hend + strcspn(hend, "?#");
	*shown = malloc(strlen(url) + 1);
	*name = malloc((size_t)(hend - host) + 1);
	if (*shown == NULL || *name == NULL)
		return -ENOMEM;
	snprintf(*shown, strlen(url) + 1, "%.*s%.*s%.*s", (int)sl, url, (int)(hend - host), host,
	         (int)(q - hend), hend);
	snprintf(*name, (size_t)(hend - host) + 1, "%.*s", (int)(hend - host), host);
	return 0;
}

static int prom_add_sel(struct obs_prom *p, const char *text)
{
	char err[256];
	int rc;

	if (p->nsel == PROM_MAX_SEL) {
		log_msg(LOG_FATAL, "--prom-metrics: more than %d selectors", PROM_MAX_SEL);
		return -EINVAL;
	}
	rc = prom_sel_parse(text, &p->sel[p->nsel], err, sizeof(err));
	if (rc) {
		log_msg(LOG_FATAL, "--prom-metrics: '%s': %s", text, err);
		return rc;
	}
	p->nsel++;
	return 0;
}

/* The selectors: metrics', or the default set. */
static int prom_sels(struct obs_prom *p, const char *metrics)
{
	char *buf, *item[PROM_MAX_SEL + 1], devm[1024] = "";
	unsigned n;
	int rc = 0;

	if ((p->sel = calloc(PROM_MAX_SEL, sizeof(*p->sel))) == NULL)
		return -ENOMEM;
	if (metrics && *metrics) {
		size_t len = strlen(metrics) + 1;
		if ((buf = malloc(len)) == NULL)
			return -ENOMEM;
		n = prom_split(metrics, buf, len, item, PROM_MAX_SEL + 1);
		for (unsigned i = 0; i < n && rc == 0; i++)
			rc = prom_add_sel(p, item[i]);
		free(buf);
		if (rc == 0 && n == 0) {
			log_msg(LOG_FATAL, "--prom-metrics: no selector in '%s'", metrics);
			rc = -EINVAL;
		}
		return rc;
	}
	p->dflt = 1;
	for (unsigned i = 0; i < p->ndev; i++) {
		size_t at = strlen(devm);
		snprintf(devm + at, sizeof(devm) - at, "%s%s", i ? "|" : "{device=~\"", p->dev[i]);
	}
	if (p->ndev)
		snprintf(devm + strlen(devm), sizeof(devm) - strlen(devm), "\"}");
	for (unsigned i = 0; i < PROM_NDEFAULT && rc == 0; i++) {
		char text[1200];
		snprintf(text, sizeof(text), prom_default[i], devm);
		rc = prom_add_sel(p, text);
	}
	return rc;
}

static size_t prom_write(char *data, size_t size, size_t n, void *ud)
{
	struct prom_exp *e = ud;
	size_t add = size * n;

	if (e->len + add + 1 > e->cap) {
		size_t cap = e->cap ? e->cap : 65536;
		char *b;
		while (cap < e->len + add + 1)
			cap *= 2;
		if (cap > PROM_MAX_BODY || (b = realloc(e->body, cap)) == NULL) {
			snprintf(e->why, sizeof(e->why), "a response larger than %u MiB", PROM_MAX_BODY >> 20);
			return 0;
		}
		e->body = b;
		e->cap = cap;
	}
	memcpy(e->body + e->len, data, add);
	e->len += add;
	return add;
}

int obs_prom_create(const char *const *urls, unsigned nurl, const char *metrics,
                    const char *const *devs, unsigned ndev, int line, struct obs_prom **out)
{
	struct obs_prom *p;
	int rc = -ENOMEM;

	*out = NULL;
	if ((p = calloc(1, sizeof(*p))) == NULL)
		goto nomem;
	p->line = line;
	if ((p->dev = calloc(ndev + 1, sizeof(*p->dev))) == NULL)
		goto nomem;
	for (unsigned i = 0; i < ndev; i++) {
		if (strspn(devs[i], "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.:-") != strlen(devs[i])) {
			log_msg(LOG_FATAL, "--prom-devices: '%s' is not a device name (letters, digits, _ . : -)", devs[i]);
			rc = -EINVAL;
			goto err;
		}
		if (*devs[i] && (p->dev[p->ndev++] = strdup(devs[i])) == NULL)
			goto nomem;
	}
	if ((rc = prom_sels(p, metrics)) != 0)
		goto err;
	rc = -ENOMEM;
	if (curl_global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK || (p->multi = curl_multi_init()) == NULL) {
		log_msg(LOG_FATAL, "--prom-scrape: cannot initialize libcurl");
		rc = -EIO;
		goto err;
	}
	if ((p->e = calloc(nurl + 1, sizeof(*p->e))) == NULL)
		goto nomem;
	for (unsigned i = 0; i < nurl; i++) {
		struct prom_exp *e = &p->e[p->ne];
		const char *url = urls[i], *eq = strchr(url, '='), *sch = strstr(url, "://");
		char *given = NULL;
		if (*url == 0)
			continue;
		p->ne++;
		if (eq && (sch == NULL || eq < sch)) {
			given = strndup(url, (size_t)(eq - url));
			url = eq + 1;
			if (given == NULL)
				goto nomem;
		}
		if (strncmp(url, "http://", 7) != 0 && strncmp(url, "https://", 8) != 0) {
			free(given);
			log_msg(LOG_FATAL, "--prom-scrape: '%s' is not an http:// or https:// URL", url);
			rc = -EINVAL;
			goto err;
		}
		{
			/* a password in the URL would show in the process list
			 * and the results: ~/.netrc holds it instead */
			const char *auth = strstr(url, "://") + 3;
			size_t al = strcspn(auth, "/?#");
			const char *at = memchr(auth, '@', al);
			if (at && memchr(auth, ':', (size_t)(at - auth))) {
				free(given);
				log_msg(LOG_FATAL, "--prom-scrape: no password in the URL (it would show in the process list and the results): put it in ~/.netrc");
				rc = -EINVAL;
				goto err;
			}
		}
		if ((e->fetch = strdup(url)) == NULL || prom_url_names(url, &e->url, &e->name)) {
			free(given);
			goto nomem;
		}
		if (given) {
			free(e->name);
			e->name = given;
		}
		for (unsigned j = 0; j + 1 < p->ne; j++)
			if (strcmp(p->e[j].name, e->name) == 0) {
				log_msg(LOG_FATAL, "--prom-scrape: two exporters named '%s': tell them apart as NAME=URL",
				        e->name);
				rc = -EINVAL;
				goto err;
			}
		if ((e->h = curl_easy_init()) == NULL)
			goto nomem;
		curl_easy_setopt(e->h, CURLOPT_URL, e->fetch);
		curl_easy_setopt(e->h, CURLOPT_NOSIGNAL, 1L);
		curl_easy_setopt(e->h, CURLOPT_NETRC, (long)CURL_NETRC_OPTIONAL);
		curl_easy_setopt(e->h, CURLOPT_ACCEPT_ENCODING, "");
		curl_easy_setopt(e->h, CURLOPT_WRITEFUNCTION, prom_write);
		curl_easy_setopt(e->h, CURLOPT_WRITEDATA, e);
		curl_easy_setopt(e->h, CURLOPT_PRIVATE, e);
		curl_easy_setopt(e->h, CURLOPT_USERAGENT, "bench/" PACKAGE_VERSION);
	}
	*out = p;
	return 0;
nomem:
	log_msg(LOG_FATAL, "out of memory for --prom-scrape");
err:
	obs_prom_destroy(p);
	return rc;
}

void obs_prom_destroy(struct obs_prom *p)
{
	if (p == NULL)
		return;
	for (unsigned i = 0; p->e && i < p->ne; i++) {
		struct prom_exp *e = &p->e[i];
		if (e->h)
			curl_easy_cleanup(e->h);
		for (unsigned k = 0; k < e->ns; k++)
			free(e->s[k].key);
		free(e->s);
		free(e->body);
		free(e->name);
		free(e->url);
		free(e->fetch);
	}
	free(p->e);
	for (unsigned i = 0; p->sel && i < p->nsel; i++)
		prom_sel_free(&p->sel[i]);
	free(p->sel);
	for (unsigned i = 0; i < p->ndev; i++)
		free(p->dev[i]);
	free(p->dev);
	if (p->multi) {
		curl_multi_cleanup(p->multi);
		curl_global_cleanup();
	}
	free(p);
}

/* ---- sampling --------------------------------------------------------------- */

struct prom_pass {
	struct obs_prom *p;
	struct prom_exp *e;
	int first;                      /* the start: new series are added */
	int oom;
};

static struct prom_series *prom_find(struct prom_exp *e, const char *key)
{
	for (unsigned i = 0; i < e->ns; i++)
		if (strcmp(e->s[i].key, key) == 0)
			return &e->s[i];
	return NULL;
}

static int prom_take(void *ud, const struct prom_sample *smp)
{
	struct prom_pass *ps = ud;
	struct prom_exp *e = ps->e;
	char key[2048];

	for (unsigned k = 0; k < ps->p->nsel; k++) {
		const struct prom_sel *sel = &ps->p->sel[k];
		struct prom_series *s;
		if (!prom_sel_match(sel, smp))
			continue;
		if (prom_series_key(sel, smp, key, sizeof(key)) >= sizeof(key))
			continue;
		s = prom_find(e, key);
		if (s == NULL && ps->first) {
			struct prom_series *n = realloc(e->s, (e->ns + 1) * sizeof(*n));
			char *kd = NULL;
			if (n == NULL || (kd = strdup(key)) == NULL) {
				if (n)
					e->s = n;
				ps->oom = 1;
				return 0;
			}
			e->s = n;
			s = &e->s[e->ns];
			memset(s, 0, sizeof(*s));
			s->key = kd;
			e->ns++;
			s->sel = k;
			s->kind = sel->counter ? PROM_COUNTER : smp->kind;
		}
		if (s == NULL || s->sel != k)
			continue;
		if (sel->sum)
			s->cur = (s->seen ? s->cur : 0) + smp->value;
		else
			s->cur = smp->value;
		s->seen = 1;
	}
	return 0;
}

/* Run the transfers of the exporters asked (add) until all are done or
 * the deadline; each one's ok/why and its sample time t_cur. */
static void prom_fetch(struct obs_prom *p, int64_t wait_ns)
{
	int64_t t0 = clock_now_ns(), deadline = t0 + wait_ns;
	int running = 0;
	CURLMsg *msg;
	int q;

	for (unsigned i = 0; i < p->ne; i++) {
		struct prom_exp *e = &p->e[i];
		if (!e->added)
			continue;
		e->len = 0;
		e->done = e->ok = 0;
		e->why[0] = 0;
		curl_easy_setopt(e->h, CURLOPT_TIMEOUT_MS, (long)(wait_ns / 1000000 + 1));
		curl_multi_add_handle(p->multi, e->h);
	}
	for (;;) {
		int64_t left;
		curl_multi_perform(p->multi, &running);
		while ((msg = curl_multi_info_read(p->multi, &q)) != NULL) {
			struct prom_exp *e;
			curl_off_t conn = 0, first = 0;
			long code = 0;
			if (msg->msg != CURLMSG_DONE)
				continue;
			curl_easy_getinfo(msg->easy_handle, CURLINFO_PRIVATE, (char **)&e);
			e->done = 1;
			if (msg->data.result != CURLE_OK) {
				if (msg->data.result == CURLE_OPERATION_TIMEDOUT)
					snprintf(e->why, sizeof(e->why), "no answer within %.0f ms", wait_ns / 1e6);
				else if (e->why[0] == 0)
					snprintf(e->why, sizeof(e->why), "%s", curl_easy_strerror(msg->data.result));
				continue;
			}
			curl_easy_getinfo(e->h, CURLINFO_RESPONSE_CODE, &code);
			if (code != 200) {
				snprintf(e->why, sizeof(e->why), "HTTP status %ld", code);
				continue;
			}
			/* the exporter read its figures between the connection
			 * and the first byte of its answer: the middle of that */
			curl_easy_getinfo(e->h, CURLINFO_CONNECT_TIME_T, &conn);
			curl_easy_getinfo(e->h, CURLINFO_STARTTRANSFER_TIME_T, &first);
			e->t_cur = t0 + (int64_t)(conn + first) * 500;
			e->ok = 1;
		}
		left = deadline - clock_now_ns();
		if (running == 0 || left <= 0)
			break;
		curl_multi_poll(p->multi, NULL, 0, (int)(left / 1000000) + 1, NULL);
	}
	for (unsigned i = 0; i < p->ne; i++) {
		struct prom_exp *e = &p->e[i];
		if (!e->added)
			continue;
		curl_multi_remove_handle(p->multi, e->h);
		e->added = 0;
		if (!e->done)
			snprintf(e->why, sizeof(e->why), "no answer within %.0f ms", wait_ns / 1e6);
		e->scrapes++;
		int64_t took = clock_now_ns() - t0;
		e->ns_sum += took;
		if (took > e->ns_max)
			e->ns_max = took;
	}
}

/* After the start scrape of e: one warning per selector that matched
 * nothing (the default set: when none of it did, or a named device). */
static void prom_start_notes(struct obs_prom *p, struct prom_exp *e)
{
	char list[1024] = "";
	unsigned nlist = 0;
	int node = 0;

	if (p->dflt) {
		if (e->ns == 0) {
			log_msg(LOG_WARNING, "--prom-scrape: %s has none of the default metrics (node_exporter's, mysqld_exporter's, postgres_exporter's): going on without it; name its metrics with --prom-metrics",
			        e->name);
			return;
		}
		for (unsigned i = 0; i < e->ns && !node; i++)
			node = strncmp(e->s[i].key, "node_", 5) == 0;
		for (unsigned d = 0; node && d < p->ndev; d++) {
			char want[256];
			int found = 0;
			snprintf(want, sizeof(want), "device=\"%s\"", p->dev[d]);
			for (unsigned i = 0; i < e->ns && !found; i++)
				found = strncmp(e->s[i].key, "node_disk_", 10) == 0 && strstr(e->s[i].key, want);
			if (!found)
				log_msg(LOG_WARNING, "--prom-devices: %s has no disk '%s': going on without it",
				        e->name, p->dev[d]);
		}
		return;
	}
	for (unsigned k = 0; k < p->nsel; k++) {
		unsigned i;
		for (i = 0; i < e->ns && e->s[i].sel != k; i++)
			;
		if (i == e->ns) {
			size_t at = strlen(list);
			snprintf(list + at, sizeof(list) - at, "%s'%s'", at ? ", " : "", p->sel[k].text);
			nlist++;
		}
	}
	if (list[0])
		log_msg(LOG_WARNING, "--prom-metrics: %s matches nothing on %s: going on without %s",
		        list, e->name, nlist > 1 ? "them" : "it");
}

/* A scraped body: parse it into the series' cur. 0, or -1 (nothing). */
static int prom_digest(struct obs_prom *p, struct prom_exp *e, int first)
{
	struct prom_pass ps = { p, e, first, 0 };
	char err[256];
	unsigned bad = 0;

	for (unsigned i = 0; i < e->ns; i++)
		e->s[i].seen = 0;
	if (e->body == NULL)
		return -1;
	prom_parse(e->body, e->len, prom_take, &ps, &bad, err, sizeof(err));
	if (bad && !e->said_bad++)
		log_msg(LOG_WARNING, "--prom-scrape: %s: %u line%s not in the Prometheus text format skipped (the first: %s; said once)",
		        e->name, bad, bad == 1 ? "" : "s", err);
	if (ps.oom)
		log_msg(LOG_WARNING, "--prom-scrape: %s: out of memory: some series left out", e->name);
	return 0;
}

/* The values in cur become the sample at e->t_cur (point 1 a tick, 2 the
 * end). */
static void prom_step(struct prom_exp *e, int point)
{
	for (unsigned i = 0; i < e->ns; i++) {
		struct prom_series *s = &e->s[i];
		double d, secs;
		if (!s->seen) {
			s->iv = s->rate = NAN;
			continue;
		}
		secs = (e->t_cur - s->tb) / 1e9;
		if (s->kind == PROM_COUNTER) {
			/* a counter that went down restarted from 0 */
			d = s->cur >= s->base ? s->cur - s->base : s->cur;
			s->total += d;
			s->tail = d;
		} else {
			d = s->cur;
		}
		s->iv = d;
		s->rate = secs > 0 ? d / secs : NAN;
		s->base = s->cur;
		s->tb = e->t_cur;
	}
	if (point == 1) {
		e->iv_time = (e->t_cur - e->t_last) / 1e9;
		e->t_last = e->t_cur;
		e->iv_state = 1;
		for (unsigned i = 0; i < e->ns; i++)
			e->s[i].tail = 0;
	}
	e->t_end = e->t_cur;
}

void obs_prom_sample(struct obs_prom *p, int point, int64_t wait_ns)
{
	if (p == NULL)
		return;
	for (unsigned i = 0; i < p->ne; i++)
		p->e[i].added = point == 0 || p->e[i].on;
	prom_fetch(p, wait_ns);
	for (unsigned i = 0; i < p->ne; i++) {
		struct prom_exp *e = &p->e[i];
		int64_t c0 = clock_thread_cpu_ns();
		if (point == 0) {
			if (!e->ok) {
				log_msg(LOG_WARNING, "--prom-scrape: cannot scrape %s (%s): %s: going on without it",
				        e->name, e->url, e->why);
				continue;
			}
			prom_digest(p, e, 1);
			prom_start_notes(p, e);
			e->on = e->ns > 0;
			e->t_start = e->t_last = e->t_end = e->t_cur;
			for (unsigned k = 0; k < e->ns; k++) {
				e->s[k].base = e->s[k].cur;
				e->s[k].tb = e->t_cur;
			}
		} else if (e->on) {
			if (e->ok)
				prom_digest(p, e, 0);
			if (!e->ok) {
				e->skipped++;
				if (point == 1)
					e->iv_state = 2;
				if (!e->said_fail++)
					log_msg(LOG_WARNING, "--prom-scrape: %s was not scraped at %.1f s (%s): that report has none of its figures, their counts go to the next one (said once)",
					        e->name, (clock_now_ns() - e->t_start) / 1e9, e->why);
			} else {
				prom_step(e, point);
				if (point == 2)
					e->end_state = 1;
			}
		}
		e->cpu_ns += clock_thread_cpu_ns() - c0;
	}
}

/* ---- output ------------------------------------------------------------------ */

static void prom_jnum(FILE *f, double v)
{
	if (isfinite(v))
		fprintf(f, "%.15g", v);
	else
		fputs("null", f);
}

/* "key":{series: value} of the counters (gauges) with value at offset
 * field of each series; div: seconds to divide by (0: none). */
static void prom_jgroup(FILE *f, const struct prom_exp *e, const char *key, enum prom_kind kind,
                        size_t field, double div)
{
	int first = 1;
	fprintf(f, ",\"%s\":{", key);
	for (unsigned i = 0; i < e->ns; i++) {
		double v = *(const double *)(const void *)((const char *)&e->s[i] + field);
		if (e->s[i].kind != kind)
			continue;
		if (!first)
			fputc(',', f);
		first = 0;
		report_json_string(f, e->s[i].key);
		fputc(':', f);
		prom_jnum(f, div > 0 ? v / div : v);
	}
	fputc('}', f);
}

void obs_prom_json(const struct obs_prom *p, FILE *f, int final)
{
	int any = 0;

	if (p == NULL)
		return;
	for (unsigned i = 0; i < p->ne; i++) {
		const struct prom_exp *e = &p->e[i];
		if (!e->on || (!final && e->iv_state == 0))
			continue;
		fputs(any++ ? "," : ",\"prom\":{", f);
		report_json_string(f, e->name);
		if (!final && e->iv_state == 2) {
			fputs(":{\"skipped\":true}", f);
			continue;
		}
		fputs(":{", f);
		if (final) {
			double secs = (e->t_end - e->t_start) / 1e9;
			fputs("\"url\":", f);
			report_json_string(f, e->url);
			fputs(",\"time\":", f);
			prom_jnum(f, secs);
			fprintf(f, ",\"end_sample\":%s", e->end_state ? "true" : "false");
			prom_jgroup(f, e, "counters", PROM_COUNTER, offsetof(struct prom_series, total), 0);
			prom_jgroup(f, e, "rates", PROM_COUNTER, offsetof(struct prom_series, total), secs);
			prom_jgroup(f, e, "gauges", PROM_GAUGE, offsetof(struct prom_series, base), 0);
			fputs(",\"tail\":{\"time\":", f);
			prom_jnum(f, (e->t_end - e->t_last) / 1e9);
			prom_jgroup(f, e, "counters", PROM_COUNTER, offsetof(struct prom_series, tail), 0);
			fprintf(f, "},\"scrapes\":%llu,\"skipped\":%llu,\"scrape_ms_avg\":",
			        (unsigned long long)e->scrapes, (unsigned long long)e->skipped);
			prom_jnum(f, e->scrapes ? e->ns_sum / 1e6 / (double)e->scrapes : 0);
			fputs(",\"scrape_ms_max\":", f);
			prom_jnum(f, e->ns_max / 1e6);
			fputs(",\"cpu_ms\":", f);
			prom_jnum(f, e->cpu_ns / 1e6);
		} else {
			fputs("\"time\":", f);
			prom_jnum(f, e->iv_time);
			prom_jgroup(f, e, "counters", PROM_COUNTER, offsetof(struct prom_series, iv), 0);
			prom_jgroup(f, e, "rates", PROM_COUNTER, offsetof(struct prom_series, rate), 0);
			prom_jgroup(f, e, "gauges", PROM_GAUGE, offsetof(struct prom_series, iv), 0);
		}
		fputc('}', f);
	}
	if (any)
		fputc('}', f);
}

/* A series' short text label: its name without node_ and _total, bytes as
 * MB, then its label values: disk_written_MB[vda]. *mb: bytes. */
static void prom_short(const char *key, char *buf, size_t len, int *mb)
{
	const char *lb = strchr(key, '{');
	size_t nl = lb ? (size_t)(lb - key) : strlen(key), at;
	const char *name = key;

	if (strncmp(name, "node_", 5) == 0)
		name += 5, nl -= 5;
	if (nl > 6 && strncmp(name + nl - 6, "_total", 6) == 0)
		nl -= 6;
	*mb = nl > 6 && strncmp(name + nl - 6, "_bytes", 6) == 0;
	at = (size_t)snprintf(buf, len, "%.*s%s", (int)(*mb ? nl - 6 : nl), name, *mb ? "_MB" : "");
	if (lb == NULL)
		return;
	/* the values only: {a="x",b="y"} -> [x,y] */
	at += (size_t)snprintf(buf + at, at < len ? len - at : 0, "[");
	for (const char *q = lb + 1; *q && *q != '}' && at + 2 < len;) {
		q = strchr(q, '"');
		if (q == NULL)
			break;
		q++;
		while (*q && *q != '"' && at + 2 < len) {
			if (*q == '\\' && q[1])
				q++;
			buf[at++] = *q++;
		}
		if (*q == '"')
			q++;
		if (*q == ',' && at + 2 < len)
			buf[at++] = ',';
	}
	snprintf(buf + (at < len ? at : len - 1), at < len ? len - at : 1, "]");
}

void obs_prom_line(const struct obs_prom *p, const char *time)
{
	char line[8192], lab[512];
	size_t at;

	if (p == NULL || !p->line)
		return;
	for (unsigned i = 0; i < p->ne; i++) {
		const struct prom_exp *e = &p->e[i];
		if (!e->on || e->iv_state != 1)
			continue;
		at = (size_t)snprintf(line, sizeof(line), "[ %ss ] prom %s:", time, e->name);
		for (unsigned k = 0; k < e->ns && at < sizeof(line); k++) {
			const struct prom_series *s = &e->s[k];
			int mb;
			double v = s->kind == PROM_COUNTER ? s->rate : s->iv;
			prom_short(s->key, lab, sizeof(lab), &mb);
			if (mb)
				v /= 1048576.0;
			at += (size_t)snprintf(line + at, sizeof(line) - at,
			                       s->kind == PROM_COUNTER ? " %s/s: %.2f" : " %s: %.2f", lab, v);
		}
		log_text(LOG_NOTICE, "%s\n", line);
	}
}

#else /* a build without libcurl (configure --without-curl) */

int obs_prom_create(const char *const *urls, unsigned nurl, const char *metrics,
                    const char *const *devs, unsigned ndev, int line, struct obs_prom **out)
{
	*out = NULL;
	log_msg(LOG_FATAL, "--prom-scrape: this bench was built without libcurl (configure --without-curl)");
	return -ENOTSUP;
}

void obs_prom_destroy(struct obs_prom *p) {}
void obs_prom_sample(struct obs_prom *p, int point, int64_t wait_ns) {}
void obs_prom_json(const struct obs_prom *p, FILE *f, int final) {}
void obs_prom_line(const struct obs_prom *p, const char *time) {}
#endif
