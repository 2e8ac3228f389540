/* SPDX-License-Identifier: GPL-2.0-or-later */
/* compare_obs: per-transaction rows from the runs' metrics (compare_obs.h). */
#include <fnmatch.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "opt/opt.h"
#include "results/compare_obs.h"
#include "stats/obsflat.h"
#include "util/log.h"

/* A server counter per transaction: the first of paths a run has (MySQL /
 * MariaDB's, PostgreSQL's). */
static const struct {
	const char *key, *title, *paths[3];
} per_tx[] = {
	{ "server_reads_per_tx", "server page reads/tx",
	  { "server.counters.Innodb_buffer_pool_reads", "server.counters.pg_stat_database.blks_read" } },
	{ "server_logical_reads_per_tx", "server logical reads/tx",
	  { "server.counters.Innodb_buffer_pool_read_requests", "server.counters.pg_stat_database.blks_hit" } },
	{ "fsyncs_per_tx", "fsyncs/tx",
	  { "server.counters.Innodb_data_fsyncs", "server.counters.pg_stat_wal.wal_sync",
	    "server.counters.pg_stat_io.fsyncs" } },
	{ "log_bytes_per_tx", "log bytes/tx",
	  { "server.counters.Innodb_os_log_written", "server.counters.pg_stat_wal.wal_bytes" } },
	{ "row_lock_waits_per_tx", "row lock waits/tx",
	  { "server.counters.Innodb_row_lock_waits" } },
};

/* A disk's figure per transaction: its rate times the host's seconds. */
static const struct {
	const char *key, *title, *field;
} disk_tx[] = {
	{ "reads_per_tx", "reads/tx", "r/s" },
	{ "writes_per_tx", "writes/tx", "w/s" },
	{ "kB_written_per_tx", "kB written/tx", "wkB/s" },
};

struct cobs {
	const struct runfile_run *const *run;
	unsigned n;
	struct obsflat *fl;             /* per run */
	double *(*add)(void *ud, const char *key, const char *title);
	void *ud;
	int warn;
};

static double item_v(const struct obsflat *f, const char *path)
{
	const struct obsflat_item *it = obsflat_find(f, path);
	return it ? it->v : NAN;
}

static double per_event(const struct runfile_run *r, double v)
{
	return r->events > 0 && isfinite(v) ? v / r->events : NAN;
}

/* Add a row; 1 when some run has a value. -1: out of memory. */
static int row_add(struct cobs *c, const char *key, const char *title, const double *v)
{
	unsigned i, any = 0;
	double *dst;

	for (i = 0; i < c->n; i++)
		any |= !isnan(v[i]);
	if (!any)
		return 0;
	if (!(dst = c->add(c->ud, key, title)))
		return -1;
	memcpy(dst, v, c->n * sizeof(double));
	return 1;
}

/* Disk k of run i (in the order its host object lists them): its name
 * into name, 1 when there is one. */
static int disk_name(const struct obsflat *f, unsigned k, char *name, size_t len)
{
	char prev[256] = "";
	unsigned seen = 0;

	for (unsigned j = 0; j < f->n; j++) {
		const char *p = f->it[j].path, *dot;
		if (strncmp(p, "host.disks.", 11) != 0 || !(dot = strrchr(p + 11, '.')))
			continue;
		snprintf(name, len, "%.*s", (int)(dot - p - 11), p + 11);
		if (strcmp(name, prev) == 0)
			continue;
		snprintf(prev, sizeof(prev), "%s", name);
		if (seen++ == k)
			return 1;
	}
	return 0;
}

static int disk_rows(struct cobs *c, double *v)
{
	char name[128], path[400], key[96], title[400], names[300];

	for (unsigned k = 0;; k++) {
		unsigned have = 0;
		names[0] = 0;
		for (unsigned i = 0; i < c->n; i++) {
			char with[400];
			if (!disk_name(&c->fl[i], k, name, sizeof(name)))
				continue;
			have++;
			/* the devices' names, each once: "vda", "vda/vdb" */
			snprintf(with, sizeof(with), "/%s/", names);
			snprintf(path, sizeof(path), "/%s/", name);
			if (!strstr(with, path))
				snprintf(names + strlen(names), sizeof(names) - strlen(names), "%s%s",
				         names[0] ? "/" : "", name);
		}
		if (!have)
			return 0;
		for (unsigned d = 0; d < sizeof(disk_tx) / sizeof(disk_tx[0]); d++) {
			for (unsigned i = 0; i < c->n; i++) {
				v[i] = NAN;
				if (!disk_name(&c->fl[i], k, name, sizeof(name)))
					continue;
				snprintf(path, sizeof(path), "host.disks.%s.%s", name, disk_tx[d].field);
				v[i] = per_event(c->run[i], item_v(&c->fl[i], path) * item_v(&c->fl[i], "host.time"));
			}
			snprintf(key, sizeof(key), "disk%.0u_%s", k ? k + 1 : 0, disk_tx[d].key);
			snprintf(title, sizeof(title), "disk %s %s", names, disk_tx[d].title);
			if (row_add(c, key, title, v) < 0)
				return -1;
		}
	}
}

/* The rows --metric's patterns name: every leaf of any run that matches,
 * once, in the order the runs list them. */
static int pattern_rows(struct cobs *c, double *v)
{
	const char *const *pat;
	unsigned npat = opt_get_list("metric", &pat);
	char key[400], title[400];

	for (unsigned p = 0; c->warn && p < npat; p++) {
		unsigned hit = 0;
		for (unsigned i = 0; i < c->n && !hit; i++)
			for (unsigned j = 0; j < c->fl[i].n && !hit; j++)
				hit = fnmatch(pat[p], c->fl[i].it[j].path, 0) == 0;
		if (!hit)
			log_msg(LOG_WARNING, "compare: --metric=%s matches no metric of the runs (names as in docs/observe.md: server.counters.Com_commit, host.disks.vda.w/s, ...)",
			        pat[p]);
	}
	for (unsigned i = 0; npat && i < c->n; i++)
		for (unsigned j = 0; j < c->fl[i].n; j++) {
			const struct obsflat_item *it = &c->fl[i].it[j];
			unsigned p, r, done = 0;
			for (p = 0; p < npat && fnmatch(pat[p], it->path, 0) != 0; p++)
				;
			if (p == npat || it->str)
				continue;
			for (r = 0; r < i && !done; r++)     /* an earlier run's row */
				done = obsflat_find(&c->fl[r], it->path) != NULL;
			for (unsigned k = 0; k < j && !done; k++)
				done = strcmp(c->fl[i].it[k].path, it->path) == 0;
			if (done)
				continue;
			for (r = 0; r < c->n; r++) {
				const struct obsflat_item *o = obsflat_find(&c->fl[r], it->path);
				v[r] = !o ? NAN : o->counter ? per_event(c->run[r], o->v) : o->v;
			}
			snprintf(key, sizeof(key), "%s%s", it->path, it->counter ? "/tx" : "");
			snprintf(title, sizeof(title), "%s%s", it->path, it->counter ? "/tx" : "");
			if (row_add(c, key, title, v) < 0)
				return -1;
		}
	return 0;
}

static int all_rows(struct cobs *c, double *v)
{
	for (unsigned k = 0; k < sizeof(per_tx) / sizeof(per_tx[0]); k++) {
		for (unsigned i = 0; i < c->n; i++) {
			v[i] = NAN;
			for (unsigned p = 0; p < 3 && per_tx[k].paths[p] && isnan(v[i]); p++)
				v[i] = per_event(c->run[i], item_v(&c->fl[i], per_tx[k].paths[p]));
		}
		if (row_add(c, per_tx[k].key, per_tx[k].title, v) < 0)
			return -1;
	}
	if (disk_rows(c, v))
		return -1;
	for (unsigned i = 0; i < c->n; i++)
		v[i] = item_v(&c->fl[i], "host.cpu.user") + item_v(&c->fl[i], "host.cpu.system");
	if (row_add(c, "host_cpu_busy_pct", "host CPU user+system (%)", v) < 0)
		return -1;
	for (unsigned i = 0; i < c->n; i++)
		v[i] = item_v(&c->fl[i], "host.cpu.iowait");
	if (row_add(c, "host_cpu_iowait_pct", "host CPU iowait (%)", v) < 0)
		return -1;
	return pattern_rows(c, v);
}

/* One warning per run without metrics when others have some, naming the
 * sources they have. */
static void warn_missing(const struct cobs *c)
{
	char have[256] = "";
	unsigned with = 0;

	for (unsigned i = 0; i < c->n; i++) {
		if (!c->fl[i].n)
			continue;
		with++;
		for (unsigned j = 0; j < c->fl[i].n; j++) {
			char src[64];
			const char *p = c->fl[i].it[j].path;
			snprintf(src, sizeof(src), "%.*s", (int)strcspn(p, "."), p);
			size_t l = strlen(src);
			const char *at = have;
			int dup = 0;
			while ((at = strstr(at, src)) != NULL && !dup) {
				dup = (at == have || at[-1] == ' ') && (at[l] == ',' || at[l] == 0);
				at += l;
			}
			if (!dup)
				snprintf(have + strlen(have), sizeof(have) - strlen(have), "%s%s",
				         have[0] ? ", " : "", src);
		}
	}
	if (!with || with == c->n)
		return;
	for (unsigned i = 0; i < c->n; i++)
		if (!c->fl[i].n)
			log_msg(LOG_WARNING, "compare: '%s' has no metrics sampled beside the run (others have: %s; run with --server-stats / --host-stats): its cells of those rows are missing",
			        c->run[i]->name, have);
}

int compare_obs_rows(const struct runfile_run *const *run, unsigned n, int warn,
                     double *(*add)(void *ud, const char *key, const char *title),
                     void *ud)
{
	struct cobs c = { run, n, calloc(n ? n : 1, sizeof(struct obsflat)), add, ud, warn };
	double *v = calloc(n ? n : 1, sizeof(double));
	unsigned any = 0;
	int rc = -1;

	if (!c.fl || !v)
		goto out;
	for (unsigned i = 0; i < n; i++) {
		if (run[i]->final && obsflat_line(run[i]->final, &c.fl[i]))
			goto out;
		any += c.fl[i].n > 0;
	}
	rc = 0;
	if (!any) {
		const char *const *pat;
		if (warn && opt_get_list("metric", &pat))
			log_msg(LOG_WARNING, "compare: --metric: none of the runs has metrics sampled beside it (--server-stats, --host-stats)");
		goto out;
	}
	if (warn)
		warn_missing(&c);
	rc = all_rows(&c, v);
out:
	for (unsigned i = 0; c.fl && i < n; i++)
		obsflat_free(&c.fl[i]);
	free(c.fl);
	free(v);
	return rc;
}
