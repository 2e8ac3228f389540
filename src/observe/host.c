/* SPDX-License-Identifier: GPL-2.0-or-later */
/* host: the client's CPU and disks from /proc (host.h). */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "observe/host.h"
#include "stats/report.h"
#include "util/log.h"

/* /proc/stat's first line: jiffies by kind. */
enum { H_USER, H_NICE, H_SYSTEM, H_IDLE, H_IOWAIT, H_IRQ, H_SOFTIRQ, H_STEAL, H_NCPU };

/* /proc/diskstats' fields after the name, the ones iostat -x uses. */
enum {
	D_RD, D_RD_MERGED, D_RD_SECT, D_RD_MS, D_WR, D_WR_MERGED, D_WR_SECT, D_WR_MS,
	D_INFLIGHT, D_IO_MS, D_QUEUE_MS, D_NFIELD
};

struct host_read {
	int64_t t_ns;
	uint64_t cpu[H_NCPU];
	uint64_t ctxt;
	uint64_t (*dev)[D_NFIELD];      /* [ndev] */
};

struct obs_host {
	char **dev;
	unsigned ndev;
	/* start, previous (the last interval's start), current, scratch */
	struct host_read r[4];
	int have;                       /* an interval is in: prev .. cur */
};

static int host_read_stat(struct host_read *r)
{
	char line[512];
	FILE *f = fopen("/proc/stat", "r");
	int got = 0;

	if (f == NULL)
		return -errno;
	while (fgets(line, sizeof(line), f)) {
		if (strncmp(line, "cpu ", 4) == 0) {
			uint64_t *c = r->cpu;
			got |= sscanf(line + 4, "%" SCNu64 " %" SCNu64 " %" SCNu64 " %" SCNu64
			              " %" SCNu64 " %" SCNu64 " %" SCNu64 " %" SCNu64,
			              &c[0], &c[1], &c[2], &c[3], &c[4], &c[5], &c[6], &c[7]) >= 4;
		} else if (strncmp(line, "ctxt ", 5) == 0) {
			r->ctxt = strtoull(line + 5, NULL, 10);
		}
	}
	fclose(f);
	return got ? 0 : -EINVAL;
}

/* Each named device's fields; a device that went away keeps its last. */
static void host_read_disks(const struct obs_host *h, struct host_read *r)
{
	char line[512], name[64];
	FILE *f;

	if (h->ndev == 0 || (f = fopen("/proc/diskstats", "r")) == NULL)
		return;
	while (fgets(line, sizeof(line), f)) {
		uint64_t v[D_NFIELD];
		unsigned maj, min;
		if (sscanf(line, "%u %u %63s %" SCNu64 " %" SCNu64 " %" SCNu64 " %" SCNu64
		           " %" SCNu64 " %" SCNu64 " %" SCNu64 " %" SCNu64 " %" SCNu64
		           " %" SCNu64 " %" SCNu64, &maj, &min, name, &v[0], &v[1], &v[2],
		           &v[3], &v[4], &v[5], &v[6], &v[7], &v[8], &v[9], &v[10]) != 14)
			continue;
		for (unsigned i = 0; i < h->ndev; i++)
			if (strcmp(name, h->dev[i]) == 0)
				memcpy(r->dev[i], v, sizeof(v));
	}
	fclose(f);
}

/* Is device name in /proc/diskstats? */
static int host_has_dev(const char *name)
{
	char line[512], n[64];
	FILE *f = fopen("/proc/diskstats", "r");
	int found = 0;

	if (f == NULL)
		return 0;
	while (!found && fgets(line, sizeof(line), f))
		found = sscanf(line, "%*u %*u %63s", n) == 1 && strcmp(n, name) == 0;
	fclose(f);
	return found;
}

int obs_host_create(const char *const *devs, unsigned ndev, struct obs_host **out)
{
	struct obs_host *h = calloc(1, sizeof(*h));
	int rc;

	*out = NULL;
	if (h == NULL || (h->dev = calloc(ndev + 1, sizeof(*h->dev))) == NULL)
		goto nomem;
	for (unsigned i = 0; i < ndev; i++) {
		if (*devs[i] == 0)
			continue;
		if (!host_has_dev(devs[i])) {
			log_msg(LOG_WARNING, "--host-stats-devices: no device '%s' in /proc/diskstats: going on without it",
			        devs[i]);
			continue;
		}
		if ((h->dev[h->ndev] = strdup(devs[i])) == NULL)
			goto nomem;
		h->ndev++;
	}
	for (unsigned k = 0; k < 4; k++)
		if ((h->r[k].dev = calloc(h->ndev + 1, sizeof(*h->r[k].dev))) == NULL)
			goto nomem;
	if ((rc = host_read_stat(&h->r[3])) != 0) {
		log_msg(LOG_WARNING, "--host-stats: cannot read /proc/stat (%s): no host figures",
		        strerror(-rc));
		obs_host_destroy(h);
		return 0;
	}
	*out = h;
	return 0;
nomem:
	log_msg(LOG_FATAL, "out of memory for --host-stats");
	obs_host_destroy(h);
	return -ENOMEM;
}

void obs_host_destroy(struct obs_host *h)
{
	if (h == NULL)
		return;
	for (unsigned i = 0; h->dev && i < h->ndev; i++)
		free(h->dev[i]);
	free(h->dev);
	for (unsigned k = 0; k < 4; k++)
		free(h->r[k].dev);
	free(h);
}

/* Copy sample src into dst (same device count). */
static void host_copy(const struct obs_host *h, struct host_read *dst, const struct host_read *src)
{
	uint64_t (*dev)[D_NFIELD] = dst->dev;
	*dst = *src;
	dst->dev = dev;
	memcpy(dev, src->dev, h->ndev * sizeof(*dev));
}

void obs_host_sample(struct obs_host *h, int64_t t_ns, int first)
{
	struct host_read *now;

	if (h == NULL)
		return;
	now = &h->r[3];                 /* scratch */
	now->t_ns = t_ns;
	if (host_read_stat(now) != 0)
		return;                 /* keeps the previous figures */
	host_read_disks(h, now);
	if (first) {
		host_copy(h, &h->r[0], now);
		host_copy(h, &h->r[1], now);
		host_copy(h, &h->r[2], now);
		return;
	}
	if (h->have)
		host_copy(h, &h->r[1], &h->r[2]);
	host_copy(h, &h->r[2], now);
	h->have = 1;
}

/* The figures between samples a and b. */
struct host_fig {
	double secs;
	double cpu_pct[H_NCPU];
	double ctxt_ps;
};

static double host_cpu_total(const uint64_t *c)
{
	double t = 0;
	for (unsigned k = 0; k < H_NCPU; k++)
		t += (double)c[k];
	return t;
}

static void host_fig(const struct host_read *a, const struct host_read *b, struct host_fig *f)
{
	double tot = host_cpu_total(b->cpu) - host_cpu_total(a->cpu);
	f->secs = (b->t_ns - a->t_ns) / 1e9;
	for (unsigned k = 0; k < H_NCPU; k++)
		f->cpu_pct[k] = tot > 0 ? 100.0 * (double)(b->cpu[k] - a->cpu[k]) / tot : 0;
	f->ctxt_ps = f->secs > 0 ? (double)(b->ctxt - a->ctxt) / f->secs : 0;
}

/* iostat -x's figures of device i between a and b. */
enum { X_RPS, X_WPS, X_RKBPS, X_WKBPS, X_RAWAIT, X_WAWAIT, X_AQU, X_UTIL, X_N };
static const char *const host_x_name[X_N] = {
	"r/s", "w/s", "rkB/s", "wkB/s", "r_await", "w_await", "aqu-sz", "%util"
};

static void host_disk(const struct host_read *a, const struct host_read *b, unsigned i,
                      double secs, double *x)
{
	double d[D_NFIELD];
	for (unsigned k = 0; k < D_NFIELD; k++)
		d[k] = (double)(b->dev[i][k] - a->dev[i][k]);
	if (secs <= 0)
		secs = 1;
	x[X_RPS] = d[D_RD] / secs;
	x[X_WPS] = d[D_WR] / secs;
	x[X_RKBPS] = d[D_RD_SECT] / 2 / secs;      /* 512-byte sectors */
	x[X_WKBPS] = d[D_WR_SECT] / 2 / secs;
	x[X_RAWAIT] = d[D_RD] > 0 ? d[D_RD_MS] / d[D_RD] : 0;
	x[X_WAWAIT] = d[D_WR] > 0 ? d[D_WR_MS] / d[D_WR] : 0;
	x[X_AQU] = d[D_QUEUE_MS] / 1000 / secs;
	x[X_UTIL] = d[D_IO_MS] / 10 / secs;
	if (x[X_UTIL] > 100)
		x[X_UTIL] = 100;
}

static void host_jnum(FILE *f, const char *k, double v)
{
	fprintf(f, ",\"%s\":%.6g", k, v);
}

void obs_host_json(const struct obs_host *h, FILE *f, int final)
{
	const struct host_read *a, *b;
	struct host_fig g;
	double x[X_N];

	/* final before a second sample: zeros over 0 s (the names csv's
	 * header is made of) */
	if (h == NULL || (!h->have && !final))
		return;
	a = final ? &h->r[0] : &h->r[1];
	b = &h->r[2];
	host_fig(a, b, &g);
	fprintf(f, ",\"host\":{\"time\":%.6g", g.secs);
	fputs(",\"cpu\":{", f);
	fprintf(f, "\"user\":%.4g", g.cpu_pct[H_USER] + g.cpu_pct[H_NICE]);
	host_jnum(f, "system", g.cpu_pct[H_SYSTEM] + g.cpu_pct[H_IRQ] + g.cpu_pct[H_SOFTIRQ]);
	host_jnum(f, "iowait", g.cpu_pct[H_IOWAIT]);
	host_jnum(f, "steal", g.cpu_pct[H_STEAL]);
	host_jnum(f, "idle", g.cpu_pct[H_IDLE]);
	fputc('}', f);
	host_jnum(f, "ctxt_per_sec", g.ctxt_ps);
	fputs(",\"disks\":{", f);
	for (unsigned i = 0; i < h->ndev; i++) {
		if (i)
			fputc(',', f);
		report_json_string(f, h->dev[i]);
		fputs(":{", f);
		host_disk(a, b, i, g.secs, x);
		for (unsigned k = 0; k < X_N; k++)
			fprintf(f, "%s\"%s\":%.6g", k ? "," : "", host_x_name[k], x[k]);
		fputc('}', f);
	}
	fputs("}}", f);
}

void obs_host_line(const struct obs_host *h, const char *time)
{
	char line[1024];
	struct host_fig g;
	double x[X_N];
	size_t at;

	if (h == NULL || !h->have)
		return;
	host_fig(&h->r[1], &h->r[2], &g);
	at = (size_t)snprintf(line, sizeof(line), "[ %ss ] host: cpu usr/sys/iow/steal %%: %.1f/%.1f/%.1f/%.1f ctxt/s: %.0f",
	                      time, g.cpu_pct[H_USER] + g.cpu_pct[H_NICE],
	                      g.cpu_pct[H_SYSTEM] + g.cpu_pct[H_IRQ] + g.cpu_pct[H_SOFTIRQ],
	                      g.cpu_pct[H_IOWAIT], g.cpu_pct[H_STEAL], g.ctxt_ps);
	for (unsigned i = 0; i < h->ndev && at < sizeof(line); i++) {
		host_disk(&h->r[1], &h->r[2], i, g.secs, x);
		at += (size_t)snprintf(line + at, sizeof(line) - at,
		                       " | %s: r/s: %.2f w/s: %.2f rkB/s: %.2f wkB/s: %.2f await: %.2f aqu-sz: %.2f util: %.1f%%",
		                       h->dev[i], x[X_RPS], x[X_WPS], x[X_RKBPS], x[X_WKBPS],
		                       (x[X_RPS] + x[X_WPS]) > 0
		                           ? (x[X_RAWAIT] * x[X_RPS] + x[X_WAWAIT] * x[X_WPS]) / (x[X_RPS] + x[X_WPS])
		                           : 0,
		                       x[X_AQU], x[X_UTIL]);
	}
	log_text(LOG_NOTICE, "%s\n", line);
}
