/* SPDX-License-Identifier: GPL-2.0-or-later */
/* --metrics-listen: bench's live figures at /metrics (metrics.h). */
#include "config.h"

#include <errno.h>
#include <limits.h>
#include <netdb.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <netinet/in.h>
#include <sys/socket.h>
#ifdef HAVE_MICROHTTPD
#include <microhttpd.h>
#endif

#include "observe/metrics.h"
#include "opt/opt.h"
#include "stats/hdr.h"
#include "stats/report.h"
#include "stats/runinfo.h"
#include "util/log.h"

void metrics_warn_unused(const char *cmd)
{
	const char *listen = opt_get_string("metrics-listen");

	if (listen && strcmp(cmd, "run") != 0)
		log_msg(LOG_WARNING, "--metrics-listen serves the run command only: nothing served for '%s'", cmd);
	else if (!listen && opt_is_set("metrics-linger"))
		log_msg(LOG_WARNING, "--metrics-linger does nothing without --metrics-listen");
}

/* Latency: a Prometheus histogram with fixed bucket bounds, not a summary
 * of --percentile. Scrapes can then compute any quantile over any window
 * (histogram_quantile of a rate), and sum across the bench processes of a
 * multi-client run, which a summary's quantiles of the whole run since
 * its start can do neither. The bounds (seconds) span what databases,
 * fileio and cpu take, about 2.5x apart; +Inf holds the rest. A latency
 * falls into a bucket by the highest value its HdrHistogram bucket stands
 * for: within --hdr-sig-figs' precision of a bound (0.1% at 3) it may
 * count in the next bucket up. */
static const double metrics_bounds[] = {
	0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05,
	0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30,
};
#define METRICS_NBOUNDS (sizeof(metrics_bounds) / sizeof(metrics_bounds[0]))

/* The queries' kinds: the counters and their label values. */
static const struct { enum stats_ctr c; const char *kind; } metrics_kinds[] = {
	{ STATS_READS, "read" }, { STATS_WRITES, "write" }, { STATS_OTHER, "other" },
};
#define METRICS_NKINDS (sizeof(metrics_kinds) / sizeof(metrics_kinds[0]))

/* The totals, written by the reporter, read by the HTTP thread: under mu. */
struct metrics_totals {
	uint64_t events;                /* timed events (the histogram's) */
	uint64_t transactions;          /* the reports' "transactions:" */
	uint64_t queries[METRICS_NKINDS];
	uint64_t errors, reconnects;
	uint64_t lat_bucket[METRICS_NBOUNDS + 1];   /* per bucket, +Inf last */
	uint64_t lat_sum_ns;
	unsigned threads, running, step, nsteps;
	int in_run;
};

struct metrics {
	pthread_mutex_t mu;
	struct metrics_totals t;
	int64_t bound_ns[METRICS_NBOUNDS];
	double linger;
	char *info;                     /* bench_run_info's label set */
#ifdef HAVE_MICROHTTPD
	struct MHD_Daemon *d;
#endif
};

/* ---- the exposition ------------------------------------------------------ */

/* A label value as the format escapes it (\\, \", \n). */
static void metrics_label_value(FILE *f, const char *v)
{
	fputc('"', f);
	for (; v && *v; v++) {
		if (*v == '\\' || *v == '"')
			fprintf(f, "\\%c", *v);
		else if (*v == '\n')
			fputs("\\n", f);
		else
			fputc(*v, f);
	}
	fputc('"', f);
}

static char *metrics_info_labels(void)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	if (f == NULL)
		return NULL;
	fputs("run_id=", f);
	metrics_label_value(f, report_run_id());
	fputs(",workload=", f);
	metrics_label_value(f, runinfo_workload_name() ? runinfo_workload_name() : "");
	fputs(",version=", f);
	metrics_label_value(f, PACKAGE_VERSION);
	if (fclose(f)) {
		free(buf);
		return NULL;
	}
	return buf;
}

static void metrics_head(FILE *f, const char *name, const char *type, const char *help)
{
	fprintf(f, "# HELP %s %s\n# TYPE %s %s\n", name, help, name, type);
}

static void metrics_one(FILE *f, const char *name, const char *type, const char *help,
                        unsigned long long v)
{
	metrics_head(f, name, type, help);
	fprintf(f, "%s %llu\n", name, v);
}

/* The whole page from a copy of the totals. */
static void metrics_write(FILE *f, const struct metrics_totals *t, const char *info)
{
	unsigned long long cum = 0;
	unsigned i;

	metrics_head(f, "bench_run_info", "gauge", "the run's identity (json's run_id, the workload, bench's version); always 1");
	fprintf(f, "bench_run_info{%s} 1\n", info);
	metrics_one(f, "bench_running", "gauge", "1 while a run's threads run; 0 before, between sweep steps and after the end", t->in_run);
	metrics_one(f, "bench_threads", "gauge", "threads of the run (of the sweep's current step)", t->threads);
	metrics_one(f, "bench_threads_running", "gauge", "threads (connections under --connections) still running at the last harvest", t->running);
	metrics_one(f, "bench_sweep_step", "gauge", "the thread sweep's current step, 1-based; 0 when not a sweep", t->step);
	metrics_one(f, "bench_sweep_steps", "gauge", "the thread sweep's steps; 0 when not a sweep", t->nsteps);
	metrics_one(f, "bench_transactions_total", "counter", "events as the reports count them (transactions:, total number of events:), warm-up excluded; the sweep's steps add up", t->transactions);
	metrics_one(f, "bench_events_total", "counter", "timed events (the latency histogram's count); below transactions only when a script counts events itself", t->events);
	metrics_head(f, "bench_queries_total", "counter", "queries by kind, as the SQL statistics' read, write, other");
	for (i = 0; i < METRICS_NKINDS; i++)
		fprintf(f, "bench_queries_total{kind=\"%s\"} %llu\n", metrics_kinds[i].kind,
		        (unsigned long long)t->queries[i]);
	metrics_one(f, "bench_errors_total", "counter", "ignored errors (events restarted)", t->errors);
	metrics_one(f, "bench_reconnects_total", "counter", "reconnects", t->reconnects);
	metrics_head(f, "bench_latency_seconds", "histogram", "event latency (fixed buckets)");
	for (i = 0; i <= METRICS_NBOUNDS; i++) {
		cum += t->lat_bucket[i];
		if (i < METRICS_NBOUNDS)
			fprintf(f, "bench_latency_seconds_bucket{le=\"%g\"} %llu\n", metrics_bounds[i], cum);
		else
			fprintf(f, "bench_latency_seconds_bucket{le=\"+Inf\"} %llu\n", cum);
	}
	fprintf(f, "bench_latency_seconds_sum %.9f\n", t->lat_sum_ns / 1e9);
	fprintf(f, "bench_latency_seconds_count %llu\n", cum);
}

/* ---- the totals ---------------------------------------------------------- */

void metrics_harvest(const struct stats_snap *d, unsigned running, void *ud)
{
	struct metrics *m = ud;
	uint64_t add[METRICS_NBOUNDS + 1] = { 0 };
	int64_t v, n;
	size_t cur = 0;
	unsigned i;

	/* bucket the period's histogram outside the lock */
	while (d->lat && hdr_next_bucket(d->lat, &cur, &v, &n)) {
		for (i = 0; i < METRICS_NBOUNDS && v > m->bound_ns[i]; i++)
			;
		add[i] += (uint64_t)n;
	}
	pthread_mutex_lock(&m->mu);
	m->t.events += d->events;
	m->t.transactions += d->events + d->ctr[STATS_EVENTS];
	for (i = 0; i < METRICS_NKINDS; i++)
		m->t.queries[i] += d->ctr[metrics_kinds[i].c];
	m->t.errors += d->ctr[STATS_ERRORS];
	m->t.reconnects += d->ctr[STATS_RECONNECTS];
	for (i = 0; i <= METRICS_NBOUNDS; i++)
		m->t.lat_bucket[i] += add[i];
	m->t.lat_sum_ns += d->lat_sum_ns;
	m->t.running = running;
	pthread_mutex_unlock(&m->mu);
}

void metrics_run_begin(struct metrics *m, unsigned threads, unsigned step, unsigned nsteps)
{
	if (m == NULL)
		return;
	pthread_mutex_lock(&m->mu);
	m->t.threads = threads;
	m->t.running = threads;
	m->t.step = step;
	m->t.nsteps = nsteps;
	m->t.in_run = 1;
	pthread_mutex_unlock(&m->mu);
}

void metrics_run_end(struct metrics *m)
{
	if (m == NULL)
		return;
	pthread_mutex_lock(&m->mu);
	m->t.in_run = 0;
	m->t.running = 0;
	pthread_mutex_unlock(&m->mu);
}

double metrics_linger(const struct metrics *m)
{
	return m ? m->linger : 0;
}

/* ---- the server ---------------------------------------------------------- */

#ifdef HAVE_MICROHTTPD

static enum MHD_Result metrics_reply(struct MHD_Connection *c, unsigned status,
                                     char *body, size_t len, const char *type)
{
	struct MHD_Response *r;
	enum MHD_Result ok;

	r = MHD_create_response_from_buffer(len, body, MHD_RESPMEM_MUST_FREE);
	if (r == NULL) {
		free(body);
		return MHD_NO;
	}
	MHD_add_response_header(r, MHD_HTTP_HEADER_CONTENT_TYPE, type);
	if (status == MHD_HTTP_METHOD_NOT_ALLOWED)
		MHD_add_response_header(r, MHD_HTTP_HEADER_ALLOW, "GET, HEAD");
	ok = MHD_queue_response(c, status, r);
	MHD_destroy_response(r);
	return ok;
}

static enum MHD_Result metrics_answer(void *cls, struct MHD_Connection *c, const char *url,
                                      const char *method, const char *version,
                                      const char *upload, size_t *upload_len, void **state)
{
	struct metrics *m = cls;
	struct metrics_totals t;
	char *body = NULL;
	size_t len = 0;
	FILE *f;

	(void)version;
	(void)upload;
	(void)upload_len;
	(void)state;
	if (strcmp(method, MHD_HTTP_METHOD_GET) != 0 && strcmp(method, MHD_HTTP_METHOD_HEAD) != 0)
		return metrics_reply(c, MHD_HTTP_METHOD_NOT_ALLOWED, strdup("only GET /metrics\n"),
		                     18, "text/plain");
	if (strcmp(url, "/metrics") != 0)
		return metrics_reply(c, MHD_HTTP_NOT_FOUND, strdup("bench serves /metrics only\n"),
		                     27, "text/plain");
	pthread_mutex_lock(&m->mu);
	t = m->t;
	pthread_mutex_unlock(&m->mu);
	if ((f = open_memstream(&body, &len)) == NULL)
		return MHD_NO;
	metrics_write(f, &t, m->info);
	if (fclose(f)) {
		free(body);
		return MHD_NO;
	}
	return metrics_reply(c, MHD_HTTP_OK, body, len, "text/plain; version=0.0.4; charset=utf-8");
}

/* "[HOST:]PORT" (an IPv6 HOST in brackets) into host (127.0.0.1 when
 * not given) and port. 0 or -EINVAL. */
static int metrics_parse(const char *s, char *host, size_t hlen, char *port, size_t plen)
{
	const char *h = "127.0.0.1", *p = s, *close;
	size_t n = strlen(h);
	char *end;
	long v;

	if (s[0] == '[') {
		if ((close = strchr(s, ']')) == NULL || close[1] != ':')
			return -EINVAL;
		h = s + 1;
		n = (size_t)(close - h);
		p = close + 2;
	} else if ((close = strchr(s, ':')) != NULL) {
		if (strchr(close + 1, ':'))
			return -EINVAL;         /* a bare IPv6 address */
		h = s;
		n = (size_t)(close - s);
		p = close + 1;
	}
	errno = 0;
	v = strtol(p, &end, 10);
	if (n == 0 || n >= hlen || *p < '0' || *p > '9' || *end || errno || v < 1 || v > 65535)
		return -EINVAL;
	snprintf(host, hlen, "%.*s", (int)n, h);
	snprintf(port, plen, "%ld", v);
	return 0;
}

/* A listening socket on host:port; -errno after a FATAL line. */
static int metrics_listen(const char *arg, const char *host, const char *port)
{
	struct addrinfo hints, *ai = NULL, *a;
	int fd = -1, err = 0, one = 1, rc;

	memset(&hints, 0, sizeof(hints));
	hints.ai_family = AF_UNSPEC;
	hints.ai_socktype = SOCK_STREAM;
	hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV;
	rc = getaddrinfo(host, port, &hints, &ai);
	if (rc) {
		log_msg(LOG_FATAL, "--metrics-listen=%s: cannot resolve '%s': %s", arg, host,
		        gai_strerror(rc));
		return -EINVAL;
	}
	for (a = ai; a; a = a->ai_next) {
		fd = socket(a->ai_family, a->ai_socktype | SOCK_CLOEXEC, a->ai_protocol);
		if (fd < 0) {
			err = errno;
			continue;
		}
		setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
		if (bind(fd, a->ai_addr, a->ai_addrlen) == 0 && listen(fd, 16) == 0)
			break;
		err = errno;
		close(fd);
		fd = -1;
	}
	freeaddrinfo(ai);
	if (fd < 0) {
		log_msg(LOG_FATAL, "--metrics-listen=%s: cannot listen: %s", arg, strerror(err));
		return -err;
	}
	return fd;
}

int metrics_create(struct metrics **out)
{
	const char *arg = opt_get_string("metrics-listen");
	char host[256], port[8];
	sigset_t block, old;
	struct metrics *m;
	unsigned i;
	int fd;

	*out = NULL;
	if (arg == NULL)
		return 0;
	if (metrics_parse(arg, host, sizeof(host), port, sizeof(port))) {
		log_msg(LOG_FATAL, "--metrics-listen=%s: expected [HOST:]PORT, PORT 1-65535 (an IPv6 HOST in brackets, 0.0.0.0 for every interface)", arg);
		return -EINVAL;
	}
	if ((fd = metrics_listen(arg, host, port)) < 0)
		return fd;
	if ((m = calloc(1, sizeof(*m))) == NULL || (m->info = metrics_info_labels()) == NULL) {
		log_msg(LOG_FATAL, "out of memory for --metrics-listen");
		close(fd);
		if (m)
			free(m);
		return -ENOMEM;
	}
	pthread_mutex_init(&m->mu, NULL);
	for (i = 0; i < METRICS_NBOUNDS; i++)
		m->bound_ns[i] = (int64_t)(metrics_bounds[i] * 1e9 + 0.5);
	m->linger = opt_get_double("metrics-linger");
	/* the server's thread takes no SIGINT/SIGTERM: the main thread's
	 * waits (sched, the sweep's pause, the linger) must see them */
	sigemptyset(&block);
	sigaddset(&block, SIGINT);
	sigaddset(&block, SIGTERM);
	pthread_sigmask(SIG_BLOCK, &block, &old);
	m->d = MHD_start_daemon(MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_AUTO, 0, NULL, NULL,
	                        metrics_answer, m,
	                        MHD_OPTION_LISTEN_SOCKET, fd,
	                        MHD_OPTION_CONNECTION_LIMIT, 32u,
	                        MHD_OPTION_CONNECTION_TIMEOUT, 10u,
	                        MHD_OPTION_END);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	if (m->d == NULL) {
		log_msg(LOG_FATAL, "--metrics-listen=%s: cannot start the HTTP server (libmicrohttpd)", arg);
		close(fd);
		metrics_destroy(m);
		return -EIO;
	}
	*out = m;
	return 0;
}

#else /* !HAVE_MICROHTTPD */

int metrics_create(struct metrics **out)
{
	*out = NULL;
	if (opt_get_string("metrics-listen") == NULL)
		return 0;
	log_msg(LOG_FATAL, "--metrics-listen: this bench was built without libmicrohttpd (configure --without-microhttpd)");
	return -ENOTSUP;
}

#endif

void metrics_destroy(struct metrics *m)
{
	if (m == NULL)
		return;
#ifdef HAVE_MICROHTTPD
	if (m->d)
		MHD_stop_daemon(m->d);  /* closes the listening socket */
#endif
	pthread_mutex_destroy(&m->mu);
	free(m->info);
	free(m);
}
