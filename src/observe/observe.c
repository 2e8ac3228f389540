/* SPDX-License-Identifier: GPL-2.0-or-later */
/* observe: the database server's counters beside the run (observe.h). */
#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "db/driver.h"
#include "observe/host.h"
#include "observe/prom.h"
#include "observe/observe.h"
#include "opt/core_opts.h"
#include "opt/opt.h"
#include "stats/report.h"
#include "util/clock.h"
#include "util/log.h"

#define OBS_START_WAIT_NS 10000000000LL
#define OBS_END_WAIT_NS    5000000000LL
#define OBS_TICK_WAIT_MAX_NS 250000000LL
#define OBS_PROM_WAIT_NS   5000000000LL   /* the start and end scrapes */

/* One counter sampled: its name as the server spells it, its text-line
 * label (NULL: json only) and DB_CTR_* flags. */
struct obs_ctr {
	char *name;
	const char *label;
	unsigned flags;
	int dflt;               /* from the driver's default set */
};

struct obs {
	pthread_t thread;
	int started;
	pthread_mutex_t mu;
	pthread_cond_t cv_req, cv_done;
	/* under mu: requests posted and answered (equal: the thread idles),
	 * the point asked for, and the answer's outcome */
	uint64_t req, done;
	int point, quit, ok;
	uint64_t reads;                 /* counters reads (one statement each) */
	int64_t read_ns, read_ns_max;   /* their time */
	int64_t cpu_ns;                 /* the thread's CPU time in them */

	/* The thread's own while it works; the reporter reads them only
	 * when done == req (ordered by mu). */
	sql_connection *conn;
	const char *source;             /* the driver's name */
	struct obs_ctr *ctr;            /* the server's [0, ndb), then the
	                                 * script's [ndb, n) */
	unsigned n, ndb;
	const struct obs_script_ops *sops; /* server_counters(), or NULL */
	void *sstate;                   /* its Lua state (this thread's) */
	int said_script;                /* a failed call was said */
	double *buf;                    /* the last read */
	unsigned *fbuf;                 /* its flags */
	int said_fail;                  /* a failed read was said */

	/* The reporter's. */
	int srv;                        /* --server-stats */
	struct obs_host *host;          /* --host-stats (NULL: off) */
	int host_line;                  /* --host-stats-line */
	struct obs_prom *prom;          /* --prom-scrape (NULL: off) */
	int on;                         /* the server's start sample is in */
	int line;                       /* --server-stats-line */
	int64_t tick_wait_ns;
	double *start, *base, *cur, *iv, *last; /* [n]: samples (last: at
	                                 * the last interval report); iv: the last
	                                 * reported interval's deltas (gauges:
	                                 * values) */
	int64_t t_start, t_base, t_end, t_last;
	double iv_time;                 /* seconds the last interval covers */
	int iv_state;                   /* 0: none yet, 1: iv, 2: skipped */
	int end_state;                  /* 0: no end sample, 1: in */
	uint64_t skipped;
	int said_skip;
};

/* A warning from the observer thread, whose driver lines are muted. */
__attribute__((format(printf, 1, 2)))
static void obs_warn(const char *fmt, ...)
{
	char buf[1024];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	log_mute_thread(0);
	log_msg(LOG_WARNING, "--server-stats: %s", buf);
	log_mute_thread(1);
}

/* ---- the observer thread ------------------------------------------------ */

static const char *obs_errmsg(const struct obs *o)
{
	return o->conn && o->conn->sql_errmsg && *o->conn->sql_errmsg
	           ? o->conn->sql_errmsg : "no message";
}

/* Read names[0..n-1] into o->buf / o->fbuf (from index at). */
static int obs_read_some(struct obs *o, unsigned at, unsigned n)
{
	const struct db_driver_ops *ops = db_conn_ops(o->conn);
	const char *names[n ? n : 1];
	for (unsigned i = 0; i < n; i++) {
		names[i] = o->ctr[at + i].name;
		o->fbuf[at + i] = o->ctr[at + i].flags;
	}
	__atomic_add_fetch(&o->reads, 1, __ATOMIC_RELAXED);
	return ops->counters_read(o->conn, names, n, o->buf + at, o->fbuf + at);
}

/* Drop counter i (shifting the rest down). */
static void obs_drop(struct obs *o, unsigned i)
{
	free(o->ctr[i].name);
	memmove(o->ctr + i, o->ctr + i + 1, (o->n - i - 1) * sizeof(*o->ctr));
	memmove(o->buf + i, o->buf + i + 1, (o->n - i - 1) * sizeof(*o->buf));
	memmove(o->fbuf + i, o->fbuf + i + 1, (o->n - i - 1) * sizeof(*o->fbuf));
	o->n--;
}

/* Append "name" to the list text in buf (", " between). */
static void obs_list_add(char *buf, size_t len, const char *name)
{
	size_t at = strlen(buf);
	snprintf(buf + at, len - at, "%s%s", at ? ", " : "", name);
}

/* The names to sample: the driver's default set, then the user's, once each. */
static int obs_names(struct obs *o, const struct db_counter_def *defs, unsigned nd)
{
	const char *const *extra;
	unsigned ne = opt_get_list("server-stats-counters", &extra), i, j;

	o->ctr = calloc(nd + ne + 1, sizeof(*o->ctr));
	o->buf = calloc(nd + ne + 1, sizeof(*o->buf));
	o->fbuf = calloc(nd + ne + 1, sizeof(*o->fbuf));
	if (o->ctr == NULL || o->buf == NULL || o->fbuf == NULL)
		return -ENOMEM;
	for (i = 0; i < nd + ne; i++) {
		const char *name = i < nd ? defs[i].name : extra[i - nd];
		for (j = 0; j < o->n && strcasecmp(o->ctr[j].name, name) != 0; j++)
			;
		if (j < o->n || *name == 0)
			continue;
		if ((o->ctr[o->n].name = strdup(name)) == NULL)
			return -ENOMEM;
		o->ctr[o->n].label = i < nd ? defs[i].label : NULL;
		o->ctr[o->n].flags = i < nd ? defs[i].flags : 0;
		o->ctr[o->n].dflt = i < nd;
		o->n++;
	}
	return 0;
}

/* Sort out, once, the names the server cannot read: each alone, the ones
 * that fail dropped with one warning. 0 when some are left. */
static int obs_probe(struct obs *o)
{
	char bad[1024] = "", msg[256] = "";
	int rc = obs_read_some(o, 0, o->n);

	if (rc == 0)
		return 0;
	for (unsigned i = 0; i < o->n;) {
		int r = obs_read_some(o, i, 1);
		if (r == 0) {
			i++;
			continue;
		}
		if (msg[0] == 0)
			snprintf(msg, sizeof(msg), "%s", r == -EINVAL ? "not a counter name" : obs_errmsg(o));
		obs_list_add(bad, sizeof(bad), o->ctr[i].name);
		obs_drop(o, i);
	}
	if (bad[0])
		obs_warn("cannot read %s (%s): going on without %s", bad, msg,
		         strchr(bad, ',') ? "them" : "it");
	return o->n && obs_read_some(o, 0, o->n) == 0 ? 0 : -EIO;
}

/* OBS_START for the server: connect, pick the names, read them once. 0,
 * or -1 after one warning (the run goes on without server counters). */
static int obs_open_db(struct obs *o)
{
	char msg[256], missing[1024] = "";
	const struct db_counter_def *defs;
	const struct db_driver_ops *ops;
	sql_driver *drv;
	unsigned nd = 0;

	if (!db_used()) {
		if (o->sops == NULL)    /* else its server_counters() may */
			obs_warn("this run's script uses no database: no server counters");
		return -1;
	}
	if ((drv = db_create(NULL)) == NULL) {
		obs_warn("no database driver for the server's counters: going on without them");
		return -1;
	}
	o->conn = db_connection_create_quiet(drv, msg, sizeof(msg));
	log_mute_thread(1);     /* create_quiet unmuted the thread */
	if (o->conn == NULL) {
		obs_warn("cannot connect to the server for its counters (%s): going on without them",
		         *msg ? msg : "no message");
		return -1;
	}
	ops = db_conn_ops(o->conn);
	o->source = ops->name;
	if (ops->abi < 6 || ops->counters_read == NULL) {
		obs_warn("the %s driver has no server counters: going on without them", ops->name);
		return -1;
	}
	defs = ops->counters_default(o->conn, &nd);
	if (obs_names(o, defs, nd)) {
		obs_warn("out of memory: no server counters");
		return -1;
	}
	if (o->n == 0 || obs_probe(o)) {
		obs_warn("no server counter could be read (%s): going on without them", obs_errmsg(o));
		return -1;
	}
	for (unsigned i = 0; i < o->n;) {
		if (!isnan(o->buf[i])) {
			o->ctr[i].flags = o->fbuf[i];
			i++;
			continue;
		}
		/* the default set names what some versions lack
		 * (MariaDB has no Innodb_rows_*): only the user's are said */
		if (!o->ctr[i].dflt)
			obs_list_add(missing, sizeof(missing), o->ctr[i].name);
		obs_drop(o, i);
	}
	if (missing[0])
		obs_warn("the server has no counter %s: going on without %s", missing,
		         strchr(missing, ',') ? "them" : "it");
	return o->n ? 0 : -1;
}

/* server_counters()' values: a new name (the start's call) is added. */
static void obs_emit_new(void *ud, const char *name, double v, int gauge)
{
	struct obs *o = ud;
	struct obs_ctr *c;
	double *b;
	unsigned *fb;

	for (unsigned i = 0; i < o->n; i++)
		if (strcasecmp(o->ctr[i].name, name) == 0)
			return;         /* a server counter's name: the server's */
	c = realloc(o->ctr, (o->n + 1) * sizeof(*c));
	if (c)
		o->ctr = c;
	b = realloc(o->buf, (o->n + 1) * sizeof(*b));
	if (b)
		o->buf = b;
	fb = realloc(o->fbuf, (o->n + 1) * sizeof(*fb));
	if (fb)
		o->fbuf = fb;
	if (!c || !b || !fb || (o->ctr[o->n].name = strdup(name)) == NULL)
		return;
	o->ctr[o->n].label = NULL;
	o->ctr[o->n].flags = gauge ? DB_CTR_GAUGE : 0;
	o->ctr[o->n].dflt = 0;
	o->fbuf[o->n] = o->ctr[o->n].flags;
	o->buf[o->n++] = v;
}

/* server_counters()' values during the run: the start's names only. */
static void obs_emit_set(void *ud, const char *name, double v, int gauge)
{
	struct obs *o = ud;
	(void)gauge;
	for (unsigned i = o->ndb; i < o->n; i++)
		if (strcasecmp(o->ctr[i].name, name) == 0)
			o->buf[i] = v;
}

/* Call server_counters() with emit. 0, or -1 (said once). */
static int obs_script_call(struct obs *o, void (*emit)(void *, const char *, double, int))
{
	char err[512];
	if (o->sops->read(o->sstate, emit, o, err, sizeof(err)) == 0)
		return 0;
	if (!o->said_script++)
		obs_warn("server_counters() failed: %s", err);
	return -1;
}

/* OBS_START: the server's counters, then the script's. 0 when there is
 * any. */
static int obs_open(struct obs *o)
{
	int db = obs_open_db(o) == 0, script = 0;

	if (!db)
		while (o->n)
			obs_drop(o, o->n - 1);
	o->ndb = o->n;
	if (o->sops) {
		if (o->sops->open(&o->sstate))
			obs_warn("cannot create a Lua state for server_counters(): no script counters");
		else if (obs_script_call(o, obs_emit_new) == 0)
			script = o->n > o->ndb;
		if (o->sstate && !script && !o->said_script)
			obs_warn("server_counters() returned no counters (a table of name = number, and one of gauges)");
	}
	if (!db && script && o->source == NULL)
		o->source = "script";
	return db || script ? 0 : -1;
}

/* A sample during the run. 0, or -1 (said once). */
static int obs_read(struct obs *o)
{
	if (o->ndb && obs_read_some(o, 0, o->ndb) != 0) {
		if (!o->said_fail++)
			obs_warn("reading the server's counters failed (%s): the intervals until it works again report none",
			         obs_errmsg(o));
		return -1;
	}
	/* a failing server_counters() leaves its values null (NaN): the
	 * server's still count */
	if (o->n > o->ndb) {
		for (unsigned i = o->ndb; i < o->n; i++)
			o->buf[i] = NAN;
		if (obs_script_call(o, obs_emit_set) && o->ndb == 0)
			return -1;
	}
	return 0;
}

void obs_set_script(struct obs *o, const struct obs_script_ops *ops)
{
	if (o && o->srv)
		o->sops = ops;
}

static void *obs_main(void *arg)
{
	struct obs *o = arg;

	log_mute_thread(1);     /* the driver's error lines: obs_warn speaks */
	pthread_mutex_lock(&o->mu);
	while (!o->quit) {
		if (o->done == o->req) {
			pthread_cond_wait(&o->cv_req, &o->mu);
			continue;
		}
		uint64_t seq = o->req;
		int point = o->point, ok;
		pthread_mutex_unlock(&o->mu);
		int64_t t0 = clock_now_ns(), c0 = clock_thread_cpu_ns();
		ok = (point == OBS_START ? obs_open(o) : obs_read(o)) == 0;
		t0 = clock_now_ns() - t0;
		c0 = clock_thread_cpu_ns() - c0;
		pthread_mutex_lock(&o->mu);
		o->cpu_ns += c0;
		o->read_ns += t0;
		if (t0 > o->read_ns_max)
			o->read_ns_max = t0;
		o->ok = ok;
		o->done = seq;
		pthread_cond_broadcast(&o->cv_done);
	}
	pthread_mutex_unlock(&o->mu);
	if (o->sstate)
		o->sops->close(o->sstate);
	if (o->conn) {
		db_connection_close(o->conn);
		db_connection_free(o->conn);
		o->conn = NULL;
	}
	return NULL;
}

/* ---- the reporter's side ------------------------------------------------ */

/* What a report format shows of source `name` (its line option lineopt):
 * one warning when it shows nothing of what was asked for. */
static void obs_format_note(const struct core_cfg *cfg, const char *name, const char *lineopt)
{
	if (cfg->report_format == CORE_REPORT_TEXT && !opt_get_bool(lineopt))
		log_msg(LOG_WARNING, "--%s: text reports show its figures only with --%s=on (json reports carry them all)",
		        name, lineopt);
}

/* One warning for a companion option given without its source on. */
static void obs_orphans(const char *source, const char *list, const char *line)
{
	const char *const *items;
	if (opt_get_bool(source))
		return;
	if (opt_get_list(list, &items) > 0)
		log_msg(LOG_WARNING, "--%s does nothing without --%s=on", list, source);
	if (opt_get_bool(line))
		log_msg(LOG_WARNING, "--%s does nothing without --%s=on", line, source);
}

/* The same for --prom-scrape's companions. */
static void obs_prom_orphans(unsigned nurl)
{
	const char *const *items;
	const char *m = opt_get_string("prom-metrics");
	if (nurl)
		return;
	if (m && *m)
		log_msg(LOG_WARNING, "--prom-metrics does nothing without --prom-scrape");
	if (opt_get_list("prom-devices", &items) > 0)
		log_msg(LOG_WARNING, "--prom-devices does nothing without --prom-scrape");
	if (opt_get_bool("prom-stats-line"))
		log_msg(LOG_WARNING, "--prom-stats-line does nothing without --prom-scrape");
}

int obs_create(const struct core_cfg *cfg, struct obs **out)
{
	double interval = cfg->report_interval;
	pthread_condattr_t ca;
	struct obs *o;
	int rc;

	*out = NULL;
	obs_orphans("server-stats", "server-stats-counters", "server-stats-line");
	obs_orphans("host-stats", "host-stats-devices", "host-stats-line");
	const char *const *urls;
	unsigned nurl = opt_get_list("prom-scrape", &urls);
	obs_prom_orphans(nurl);
	if (!opt_get_bool("server-stats") && !opt_get_bool("host-stats") && nurl == 0)
		return 0;
	if ((o = calloc(1, sizeof(*o))) == NULL) {
		log_msg(LOG_FATAL, "out of memory for --server-stats");
		return -ENOMEM;
	}
	pthread_mutex_init(&o->mu, NULL);
	pthread_condattr_init(&ca);
	pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
	pthread_cond_init(&o->cv_req, &ca);
	pthread_cond_init(&o->cv_done, &ca);
	pthread_condattr_destroy(&ca);
	if (opt_get_bool("host-stats")) {
		const char *const *devs;
		unsigned nd = opt_get_list("host-stats-devices", &devs);
		if ((rc = obs_host_create(devs, nd, &o->host))) {
			obs_destroy(o);
			return rc;
		}
		o->host_line = opt_get_bool("host-stats-line");
		obs_format_note(cfg, "host-stats", "host-stats-line");
	}
	o->tick_wait_ns = (int64_t)(interval * 1e9 / 4);
	if (o->tick_wait_ns > OBS_TICK_WAIT_MAX_NS)
		o->tick_wait_ns = OBS_TICK_WAIT_MAX_NS;
	if (nurl) {
		const char *const *devs;
		unsigned nd = opt_get_list("prom-devices", &devs);
		if ((rc = obs_prom_create(urls, nurl, opt_get_string("prom-metrics"), devs, nd,
		                          opt_get_bool("prom-stats-line"), &o->prom))) {
			obs_destroy(o);
			return rc;
		}
		obs_format_note(cfg, "prom-scrape", "prom-stats-line");
	}
	o->srv = opt_get_bool("server-stats");
	if (!o->srv) {
		*out = o;
		return 0;
	}
	o->line = opt_get_bool("server-stats-line");
	obs_format_note(cfg, "server-stats", "server-stats-line");
	rc = pthread_create(&o->thread, NULL, obs_main, o);
	if (rc) {
		log_msg(LOG_FATAL, "cannot start the --server-stats thread: %s", strerror(rc));
		obs_destroy(o);
		return -rc;
	}
	o->started = 1;
	*out = o;
	return 0;
}

void obs_destroy(struct obs *o)
{
	if (o == NULL)
		return;
	if (o->started) {
		pthread_mutex_lock(&o->mu);
		o->quit = 1;
		pthread_cond_signal(&o->cv_req);
		pthread_mutex_unlock(&o->mu);
		pthread_join(o->thread, NULL);
	}
	for (unsigned i = 0; i < o->n; i++)
		free(o->ctr[i].name);
	free(o->ctr);
	free(o->buf);
	free(o->fbuf);
	free(o->start);
	free(o->base);
	free(o->cur);
	free(o->iv);
	free(o->last);
	obs_host_destroy(o->host);
	obs_prom_destroy(o->prom);
	pthread_cond_destroy(&o->cv_req);
	pthread_cond_destroy(&o->cv_done);
	pthread_mutex_destroy(&o->mu);
	free(o);
}

/* Post a request for point p: its sequence number, or 0 when the
 * previous one is still running. *t: the time it was asked at. */
static uint64_t obs_post(struct obs *o, enum obs_point p, int64_t *t)
{
	uint64_t seq = 0;

	pthread_mutex_lock(&o->mu);
	*t = clock_now_ns();
	if (o->done == o->req) {
		o->point = p;
		seq = ++o->req;
		pthread_cond_signal(&o->cv_req);
	}
	pthread_mutex_unlock(&o->mu);
	return seq;
}

/* Wait for request seq's answer until deadline: 1 with the values in
 * o->cur, 0 (busy or late), -1 (failed: the thread said why). */
static int obs_wait(struct obs *o, uint64_t seq, int64_t deadline)
{
	int got;

	if (seq == 0)
		return 0;
	pthread_mutex_lock(&o->mu);
	while (o->done != seq && clock_now_ns() < deadline) {
		struct timespec ts = { deadline / 1000000000LL, deadline % 1000000000LL };
		pthread_cond_timedwait(&o->cv_done, &o->mu, &ts);
	}
	got = o->done != seq ? 0 : o->ok ? 1 : -1;
	if (got > 0 && o->cur)
		memcpy(o->cur, o->buf, o->n * sizeof(*o->cur));
	pthread_mutex_unlock(&o->mu);
	return got;
}

/* The start sample is in: the arrays for the run. */
static int obs_begin(struct obs *o, int64_t t)
{
	size_t sz = (o->n ? o->n : 1) * sizeof(double);
	o->start = malloc(sz);
	o->base = malloc(sz);
	o->cur = malloc(sz);
	o->iv = malloc(sz);
	o->last = malloc(sz);
	if (!o->start || !o->base || !o->cur || !o->iv || !o->last) {
		log_msg(LOG_WARNING, "--server-stats: out of memory: no server counters");
		return 0;
	}
	memcpy(o->start, o->buf, o->n * sizeof(double));   /* done == req: ours */
	memcpy(o->base, o->buf, o->n * sizeof(double));
	memcpy(o->last, o->buf, o->n * sizeof(double));
	o->t_start = o->t_base = o->t_last = t;
	return 1;
}

/* A tick's (or the end's) sample that did not come in time (late), or
 * failed (the observer thread said why). */
static void obs_skip(struct obs *o, double at, int late, int64_t wait_ns)
{
	o->skipped++;
	if (o->said_skip || !late)
		return;
	o->said_skip = 1;
	log_msg(LOG_WARNING, "--server-stats: the server's counters were not read within %.0f ms at %.1f s (a slow or stalled server): %s (said once)",
	        wait_ns / 1e6, at,
	        "that report has none, their counts go to the next one");
}

int obs_sample(struct obs *o, enum obs_point p)
{
	int64_t t = 0, wait;
	uint64_t seq = 0;
	int got, srv;

	if (o == NULL)
		return 0;
	/* procfs never blocks: read here, at the same moment */
	obs_host_sample(o->host, clock_now_ns(), p == OBS_START);
	/* the server's read runs on its thread while the exporters are
	 * scraped here: both within the wait */
	srv = o->srv && (p == OBS_START || o->on);
	if (srv)
		seq = obs_post(o, p, &t);
	obs_prom_sample(o->prom, p == OBS_START ? 0 : p == OBS_TICK ? 1 : 2,
	                p == OBS_TICK ? o->tick_wait_ns : OBS_PROM_WAIT_NS);
	if (!srv)
		return 0;
	if (p == OBS_START) {
		got = obs_wait(o, seq, t + OBS_START_WAIT_NS) > 0;
		if (!got) {
			pthread_mutex_lock(&o->mu);
			if (o->done != o->req)
				log_msg(LOG_WARNING, "--server-stats: no answer from the server within %.0f s: going on without its counters",
				        OBS_START_WAIT_NS / 1e9);
			pthread_mutex_unlock(&o->mu);
			return 0;
		}
		o->on = obs_begin(o, t);
		return o->on;
	}
	wait = p == OBS_END ? OBS_END_WAIT_NS : o->tick_wait_ns;
	got = obs_wait(o, seq, t + wait);
	if (got <= 0)
		obs_skip(o, (t - o->t_start) / 1e9, got == 0, wait);
	got = got > 0;
	if (p == OBS_END) {
		/* without an end sample the run's figures end at the last one */
		if (got) {
			memcpy(o->base, o->cur, o->n * sizeof(double));
			o->t_base = t;
		}
		o->t_end = o->t_base;
		o->end_state = got;
		return got;
	}
	if (!got) {
		o->iv_state = 2;
		return 0;
	}
	for (unsigned i = 0; i < o->n; i++)
		o->iv[i] = o->ctr[i].flags & DB_CTR_GAUGE ? o->cur[i] : o->cur[i] - o->base[i];
	memcpy(o->base, o->cur, o->n * sizeof(double));
	o->iv_time = (t - o->t_base) / 1e9;
	o->t_base = o->t_last = t;
	memcpy(o->last, o->cur, o->n * sizeof(double));
	o->iv_state = 1;
	return 1;
}

/* ---- output ------------------------------------------------------------- */

static void obs_jnum(FILE *f, double v)
{
	if (isfinite(v))
		fprintf(f, "%.15g", v);
	else
		fputs("null", f);
}

/* "key":{name:value,...} for the counters with (gauge) or without the
 * gauge flag; v[i] is the value shown. */
static void obs_jgroup(FILE *f, const struct obs *o, const char *key, int gauges,
                       const double *v)
{
	int first = 1;
	fprintf(f, ",\"%s\":{", key);
	for (unsigned i = 0; i < o->n; i++) {
		if (!(o->ctr[i].flags & DB_CTR_GAUGE) != !gauges)
			continue;
		if (!first)
			fputc(',', f);
		first = 0;
		report_json_string(f, o->ctr[i].name);
		fputc(':', f);
		obs_jnum(f, v[i]);
	}
	fputc('}', f);
}

void obs_json(const struct obs *o, FILE *f, int final)
{
	if (o == NULL)
		return;
	obs_host_json(o->host, f, final);
	obs_prom_json(o->prom, f, final);
	if (!o->on)
		return;
	if (!final) {
		if (o->iv_state == 0)
			return;
		if (o->iv_state == 2) {
			fputs(",\"server\":{\"skipped\":true}", f);
			return;
		}
		fputs(",\"server\":{\"time\":", f);
		obs_jnum(f, o->iv_time);
		obs_jgroup(f, o, "counters", 0, o->iv);
		obs_jgroup(f, o, "gauges", 1, o->iv);
		fputc('}', f);
		return;
	}
	double *tot = malloc((o->n ? o->n : 1) * sizeof(double));
	if (tot == NULL)
		return;
	for (unsigned i = 0; i < o->n; i++)
		tot[i] = o->ctr[i].flags & DB_CTR_GAUGE ? o->base[i] : o->base[i] - o->start[i];
	fputs(",\"server\":{\"source\":", f);
	report_json_string(f, o->source);
	fputs(",\"time\":", f);
	obs_jnum(f, (o->t_end - o->t_start) / 1e9);
	fprintf(f, ",\"end_sample\":%s", o->end_state ? "true" : "false");
	obs_jgroup(f, o, "counters", 0, tot);
	obs_jgroup(f, o, "gauges", 1, tot);
	/* what moved after the last interval report (the workers' drain):
	 * with the intervals' deltas it adds up to "counters" */
	for (unsigned i = 0; i < o->n; i++)
		tot[i] = o->base[i] - o->last[i];
	fputs(",\"tail\":{\"time\":", f);
	obs_jnum(f, (o->t_end - o->t_last) / 1e9);
	obs_jgroup(f, o, "counters", 0, tot);
	fputc('}', f);
	uint64_t reads = __atomic_load_n(&o->reads, __ATOMIC_RELAXED);
	pthread_mutex_t *mu = (pthread_mutex_t *)&o->mu;
	pthread_mutex_lock(mu);
	fprintf(f, ",\"reads\":%llu,\"skipped\":%llu,\"read_ms_avg\":",
	        (unsigned long long)reads, (unsigned long long)o->skipped);
	obs_jnum(f, o->done ? o->read_ns / 1e6 / (double)o->done : 0);
	fputs(",\"read_ms_max\":", f);
	obs_jnum(f, o->read_ns_max / 1e6);
	fputs(",\"cpu_ms\":", f);
	obs_jnum(f, o->cpu_ns / 1e6);
	pthread_mutex_unlock(mu);
	fputc('}', f);
	free(tot);
}

void obs_text_line(const struct obs *o, const char *time)
{
	char line[1024];
	size_t at;

	if (o == NULL)
		return;
	if (o->host_line)
		obs_host_line(o->host, time);
	obs_prom_line(o->prom, time);
	if (!o->on || !o->line || o->iv_state != 1)
		return;
	at = (size_t)snprintf(line, sizeof(line), "[ %ss ] srv:", time);
	for (unsigned i = 0; i < o->n && at < sizeof(line); i++) {
		const struct obs_ctr *c = &o->ctr[i];
		double v = o->iv[i];
		if (c->label == NULL)
			continue;
		if (!(c->flags & DB_CTR_GAUGE))
			v = o->iv_time > 0 ? v / o->iv_time : 0;
		if (c->flags & DB_CTR_BYTES)
			v /= 1048576.0;
		at += (size_t)snprintf(line + at, sizeof(line) - at,
		                       c->flags & DB_CTR_GAUGE ? " %s: %.0f" : " %s/s: %.2f",
		                       c->label, v);
	}
	log_text(LOG_NOTICE, "%s\n", line);
}
