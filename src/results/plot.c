/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * plot: `bench plot RUN... -o FILE`. See plot.h. The drawing is gnuplot's;
 * this file only writes data files and a script for it.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <fcntl.h>
#include <unistd.h>

#include <fnmatch.h>

#include "opt/opt.h"
#include "results/plot.h"
#include "results/runfile.h"
#include "stats/obsflat.h"
#include "util/log.h"

#define NS_PER_MS 1e6
#define PLOT_PANEL_HEIGHT 300
#define PLOT_WIDTH 1000
/* the spectrum's x axis ends at 99.9999% */
#define PLOT_MAX_X 1e6
/* a time series of more intervals is downsampled as it is read (runfile.h:
 * its memory and gnuplot's then do not grow with the run): 2048 to 4096
 * points, more than a chart of 1000 pixels shows */
#define PLOT_MAX_POINTS 4096

enum plot_fmt { PF_PNG, PF_SVG, PF_HTML };

/* Series of a run with at least one value to draw (gnuplot refuses a
 * chart whose every series is empty). */
struct plot_has {
	unsigned char tps, q[3], lat[RUNFILE_NIVPCT + 1], dist;
	unsigned char sweep[3];         /* first run of a sweep: tps p95 p99 */
	unsigned char *lbl;             /* nlbl entries: events per second */
	unsigned char *lbl_lat;         /* nlbl entries: latency */
};

/* The charts of what was sampled beside the runs (stats/obsflat.h
 * names), under the latency chart: the default set, or one per --metric
 * pattern. A run draws one line per name its intervals have that a
 * pattern matches; counters as rates per second. */
#define PLOT_MAX_MCHARTS 32
#define PLOT_MAX_MPATHS 8               /* lines of one run in a chart */
struct plot_mdef {
	const char *title, *ylabel, *pats[4];
	double scale;
};
static const struct plot_mdef plot_mdefault[] = {
	{ "Server page reads per second (buffer pool misses, blks_read)", "reads/s",
	  { "server.counters.Innodb_buffer_pool_reads", "server.counters.pg_stat_database.blks_read" }, 1 },
	{ "Server fsyncs per second", "fsyncs/s",
	  { "server.counters.Innodb_data_fsyncs", "server.counters.pg_stat_wal.wal_sync" }, 1 },
	{ "Server log MB per second (redo, WAL)", "MB/s",
	  { "server.counters.Innodb_os_log_written", "server.counters.pg_stat_wal.wal_bytes" }, 1.0 / 1048576 },
	{ "Host CPU % (solid: user, dashed: system, dotted: iowait)", "% of all CPUs",
	  { "host.cpu.user", "host.cpu.system", "host.cpu.iowait" }, 1 },
	{ "Disk writes per second", "writes/s", { "host.disks.*.w/s" }, 1 },
	{ "Disk utilisation %", "%util", { "host.disks.*.%util" }, 1 },
};

struct plot_mchart {
	char title[200];
	const char *ylabel;
	const char *pats[4];
	unsigned npat;
	double scale;
	int any;                        /* some run has a value */
	/* per run: the names drawn, and which have a value */
	char *(*paths)[PLOT_MAX_MPATHS];
	unsigned *npaths;
	unsigned char (*has)[PLOT_MAX_MPATHS];
};

/* Colours of the runs (several runs) or of the series (one run). */
static const char *const palette[] = {
	"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b",
	"#e377c2", "#17becf", "#7f7f7f", "#bcbd22",
};
#define NPALETTE (sizeof(palette) / sizeof(palette[0]))

struct plot {
	struct runfile_set set;
	char dir[256];                  /* temporary directory */
	FILE *gp;                       /* the script */
	struct plot_has *has;           /* per run: which series have data */
	int any_tps, any_queries, any_lat_iv, any_dist, any_labels, any_label_lat;
	unsigned nsweeps;               /* result files with two or more steps */
	int any_sweep_lat;
	double tmin, tmax;              /* time span of the time series */
	unsigned nseries;               /* plot items in the current panel */
	int run_legend;                 /* legend: runs only (dash types in the title) */
	unsigned titled;                /* 1 + the run last given a legend entry */
	char note[1024];                /* which runs were downsampled, or "" */
	struct plot_mchart mc[PLOT_MAX_MCHARTS];
	unsigned nmc, any_mc;           /* charts; of them with data */
};

/* A value, or "?" for a missing one (set datafile missing "?"); returns
 * 1 when v was a number. */
static int put_num(FILE *f, double v)
{
	if (isnan(v) || isinf(v)) {
		fputs(" ?", f);
		return 0;
	}
	fprintf(f, " %.10g", v);
	return 1;
}

/* The time of a time series point: 1 when it is a number (kept in the
 * span of the x axis). */
static int put_time(struct plot *p, FILE *f, double t)
{
	if (!put_num(f, t))
		return 0;
	if (isnan(p->tmin) || t < p->tmin)
		p->tmin = t;
	if (isnan(p->tmax) || t > p->tmax)
		p->tmax = t;
	return 1;
}

static FILE *data_file(struct plot *p, unsigned run, const char *kind)
{
	char path[300];
	FILE *f;

	snprintf(path, sizeof(path), "%s/r%u.%s", p->dir, run, kind);
	if (!(f = fopen(path, "w")))
		log_msg(LOG_FATAL, "plot: cannot create '%s': %s", path, strerror(errno));
	return f;
}

static int close_data(FILE *f)
{
	int bad = ferror(f);

	if (fclose(f) || bad) {
		log_msg(LOG_FATAL, "plot: cannot write the data files: %s", strerror(errno));
		return 1;
	}
	return 0;
}

/* The intervals of a series to draw: all but a short trailing one (the
 * end of a run cuts its last interval: under half the one before, its few
 * events would be drawn as a full interval's, a spike or a drop at the
 * right edge). */
static unsigned full_intervals(const struct runfile_iv *iv, unsigned n)
{
	double last, before;

	if (n < 2)
		return n;
	last = iv[n - 1].t - iv[n - 2].t;
	before = iv[n - 2].t - (n > 2 ? iv[n - 3].t : 0);
	return last < 0.5 * before ? n - 1 : n;
}

/* The latency series of a run over time: the hdr log's intervals where
 * given, else the interval lines'. */
static const struct runfile_iv *lat_series(const struct runfile_run *r, unsigned *n)
{
	if (r->nhiv) {
		*n = full_intervals(r->hiv, r->nhiv);
		return r->hiv;
	}
	*n = full_intervals(r->iv, r->niv);
	return r->iv;
}

/* x of percentile q (0..1) on the spectrum's axis: 1/(1-q) */
static double spectrum_x(double q)
{
	return q >= 1 - 1 / PLOT_MAX_X ? PLOT_MAX_X : 1 / (1 - q);
}

/* The end of the runs of the result file whose first run is runs[i]. */
static unsigned file_end(const struct runfile_set *set, unsigned i)
{
	unsigned j = i;

	while (j < set->n && set->runs[j].path == set->runs[i].path)
		j++;
	return j;
}

/* r<i>.sweep for the first run i of each sweep (two or more steps):
 * threads tps p95 p99, one line per step (the scaling curve). */
static int write_sweeps(struct plot *p)
{
	for (unsigned i = 0, end; i < p->set.n; i = end) {
		FILE *f;
		end = file_end(&p->set, i);
		if (end - i < 2)
			continue;
		if (!(f = data_file(p, i, "sweep")))
			return 1;
		for (unsigned j = i; j < end; j++) {
			const struct runfile_run *r = &p->set.runs[j];
			unsigned char *has = p->has[i].sweep;
			int t = put_num(f, r->threads);
			has[0] |= put_num(f, r->tps) & t;
			has[1] |= put_num(f, runfile_pct_ms(r, 95) > 0 ? runfile_pct_ms(r, 95) : NAN) & t;
			has[2] |= put_num(f, runfile_pct_ms(r, 99) > 0 ? runfile_pct_ms(r, 99) : NAN) & t;
			p->any_sweep_lat |= has[1] | has[2];
			fputc('\n', f);
		}
		if (close_data(f))
			return 1;
		p->nsweeps++;
	}
	return 0;
}

/* The metric charts to draw: --metric's patterns, one chart each, or
 * the default set. 0, or 1 after an error line. */
static int metric_charts(struct plot *p)
{
	const char *const *pat;
	unsigned npat = opt_get_list("metric", &pat);

	if (npat > PLOT_MAX_MCHARTS) {
		log_msg(LOG_FATAL, "plot: --metric names %u patterns, at most %u charts can be drawn",
		        npat, PLOT_MAX_MCHARTS);
		return 1;
	}
	for (unsigned k = 0; k < (npat ? npat : sizeof(plot_mdefault) / sizeof(plot_mdefault[0])); k++) {
		struct plot_mchart *c = &p->mc[p->nmc++];
		if (npat) {
			snprintf(c->title, sizeof(c->title), "%s", pat[k]);
			c->ylabel = "";
			c->pats[0] = pat[k];
			c->npat = 1;
			c->scale = 1;
		} else {
			const struct plot_mdef *d = &plot_mdefault[k];
			snprintf(c->title, sizeof(c->title), "%s", d->title);
			c->ylabel = d->ylabel;
			for (c->npat = 0; c->npat < 4 && d->pats[c->npat]; c->npat++)
				c->pats[c->npat] = d->pats[c->npat];
			c->scale = d->scale;
		}
		c->paths = calloc(p->set.n ? p->set.n : 1, sizeof(*c->paths));
		c->npaths = calloc(p->set.n ? p->set.n : 1, sizeof(*c->npaths));
		c->has = calloc(p->set.n ? p->set.n : 1, sizeof(*c->has));
		if (!c->paths || !c->npaths || !c->has) {
			log_msg(LOG_FATAL, "plot: out of memory");
			return 1;
		}
	}
	return 0;
}

/* Run i's names of chart c: those of its intervals (fl[0..n-1]) that a
 * pattern matches, in the patterns' order, each once. */
static int metric_paths(struct plot_mchart *c, unsigned i, const struct obsflat *fl, unsigned n)
{
	for (unsigned q = 0; q < c->npat; q++)
		for (unsigned j = 0; j < n; j++)
			for (unsigned m = 0; m < fl[j].n; m++) {
				const char *path = fl[j].it[m].path;
				unsigned x;
				if (fl[j].it[m].str || fnmatch(c->pats[q], path, 0) != 0)
					continue;
				for (x = 0; x < c->npaths[i] && strcmp(c->paths[i][x], path) != 0; x++)
					;
				if (x < c->npaths[i] || x == PLOT_MAX_MPATHS)
					continue;
				if (!(c->paths[i][x] = strdup(path)))
					return -1;
				c->npaths[i]++;
			}
	return 0;
}

/* r<i>.m<k>: t, then the value of each of the run's names in chart k. */
static int write_metrics(struct plot *p, unsigned i)
{
	const struct runfile_run *r = &p->set.runs[i];
	unsigned n = full_intervals(r->iv, r->niv), j, k, x;
	struct obsflat *fl = calloc(n ? n : 1, sizeof(*fl));
	char kind[16];
	int rc = 1;
	FILE *f;

	if (!fl) {
		log_msg(LOG_FATAL, "plot: out of memory");
		return 1;
	}
	for (j = 0; j < n; j++)
		if (r->iv[j].metrics && obsflat_line(r->iv[j].metrics, &fl[j]))
			goto oom;
	for (k = 0; k < p->nmc; k++) {
		struct plot_mchart *c = &p->mc[k];
		if (metric_paths(c, i, fl, n))
			goto oom;
		snprintf(kind, sizeof(kind), "m%u", k);
		if (!(f = data_file(p, i, kind)))
			goto out;
		for (j = 0; c->npaths[i] && j < n; j++) {
			int t = put_time(p, f, r->iv[j].t);
			for (x = 0; x < c->npaths[i]; x++) {
				double v = obsflat_rate(obsflat_find(&fl[j], c->paths[i][x]));
				c->has[i][x] |= put_num(f, v * c->scale) & t;
				c->any |= c->has[i][x];
			}
			fputc('\n', f);
		}
		if (close_data(f))
			goto out;
	}
	rc = 0;
	goto out;
oom:
	log_msg(LOG_FATAL, "plot: out of memory");
out:
	for (j = 0; j < n; j++)
		obsflat_free(&fl[j]);
	free(fl);
	return rc;
}

/* r<i>.iv: t tps qps reads writes other; r<i>.lat: t p50 p95 p99 max;
 * r<i>.dist: x ms; r<i>.lbl: t, the eps of each label, then the latency of
 * each label (at the highest percentile the run states per label). */
static int write_data(struct plot *p)
{
	p->tmin = p->tmax = NAN;
	if (!(p->has = calloc(p->set.n ? p->set.n : 1, sizeof(*p->has)))) {
		log_msg(LOG_FATAL, "plot: out of memory");
		return 1;
	}
	if (metric_charts(p))
		return 1;
	for (unsigned i = 0; i < p->set.n; i++) {
		const struct runfile_run *r = &p->set.runs[i];
		struct plot_has *h = &p->has[i];
		const struct runfile_iv *iv;
		unsigned n, j, k;
		int t;
		FILE *f;

		if (!(f = data_file(p, i, "iv")))
			return 1;
		for (j = 0; j < full_intervals(r->iv, r->niv); j++) {
			t = put_time(p, f, r->iv[j].t);
			h->tps |= put_num(f, r->iv[j].tps) & t;
			put_num(f, r->iv[j].qps);
			h->q[0] |= put_num(f, r->iv[j].rps) & t;
			h->q[1] |= put_num(f, r->iv[j].wps) & t;
			h->q[2] |= put_num(f, r->iv[j].ops) & t;
			if (r->niv_read > r->niv) {     /* downsampled: the tps band */
				put_num(f, r->iv[j].tps_lo);
				put_num(f, r->iv[j].tps_hi);
			}
			fputc('\n', f);
			p->any_queries |= r->iv[j].qps > 0;
		}
		p->any_tps |= h->tps;
		if (close_data(f) || !(f = data_file(p, i, "lat")))
			return 1;
		iv = lat_series(r, &n);
		for (j = 0; j < n; j++) {
			t = put_time(p, f, iv[j].t);
			/* the axis is logarithmic: 0 is missing */
			for (k = 0; k < RUNFILE_NIVPCT; k++)
				h->lat[k] |= put_num(f, iv[j].pct[k] > 0 ? iv[j].pct[k] : NAN) & t;
			h->lat[k] |= put_num(f, iv[j].lat_max > 0 ? iv[j].lat_max : NAN) & t;
			fputc('\n', f);
		}
		for (k = 0; k <= RUNFILE_NIVPCT; k++)
			p->any_lat_iv |= h->lat[k];
		if (close_data(f) || !(f = data_file(p, i, "dist")))
			return 1;
		if (r->hist && hdr_count(r->hist)) {
			/* the percentile spectrum: a step per bucket */
			double total = (double)hdr_count(r->hist), cum = 0;
			double max_ms = hdr_max(r->hist) / NS_PER_MS;
			size_t cursor = 0;
			int64_t v, c;
			while (hdr_next_bucket(r->hist, &cursor, &v, &c)) {
				double ms = v / NS_PER_MS < max_ms ? v / NS_PER_MS : max_ms;
				fprintf(f, "%.10g %.10g\n", spectrum_x(cum / total), ms);
				cum += (double)c;
				if (cum < total)
					fprintf(f, "%.10g %.10g\n", spectrum_x(cum / total), ms);
			}
			h->dist = 1;
		} else {
			/* the few points the final report states */
			if (r->lat_min > 0 && !isinf(r->lat_min)) {
				fprintf(f, "1 %.10g\n", r->lat_min);
				h->dist = 1;
			}
			for (j = 0; j < r->npct; j++)
				if (r->pct_ms[j] > 0 && !isinf(r->pct_ms[j]) && r->pct[j] < 100) {
					fprintf(f, "%.10g %.10g\n", spectrum_x(r->pct[j] / 100), r->pct_ms[j]);
					h->dist = 1;
				}
		}
		p->any_dist |= h->dist;
		if (close_data(f) || !(f = data_file(p, i, "lbl")))
			return 1;
		if (r->nlbl && (!(h->lbl = calloc(r->nlbl, 1)) || !(h->lbl_lat = calloc(r->nlbl, 1)))) {
			fclose(f);
			log_msg(LOG_FATAL, "plot: out of memory");
			return 1;
		}
		for (j = 0; r->nlbl && j < full_intervals(r->iv, r->niv); j++) {
			t = put_time(p, f, r->iv[j].t);
			for (k = 0; k < r->nlbl; k++)
				h->lbl[k] |= put_num(f, r->lbl[k].eps[j]) & t;
			for (k = 0; k < r->nlbl; k++)
				h->lbl_lat[k] |= put_num(f, r->lbl[k].lat[j] > 0 ? r->lbl[k].lat[j] : NAN) & t;
			fputc('\n', f);
		}
		for (k = 0; k < r->nlbl; k++) {
			p->any_labels |= h->lbl[k];
			p->any_label_lat |= h->lbl_lat[k];
		}
		if (close_data(f) || write_metrics(p, i))
			return 1;
	}
	for (unsigned k = 0; k < p->nmc; k++) {
		p->any_mc += p->mc[k].any;
		if (!p->mc[k].any && opt_is_set("metric"))
			log_msg(LOG_WARNING, "plot: --metric=%s matches no metric of the runs' intervals (names as in docs/observe.md: server.counters.Com_commit, host.disks.vda.w/s, ...): no chart for it",
			        p->mc[k].title);
	}
	return write_sweeps(p);
}

/* ---- the gnuplot script ----------------------------------------------- */

/* s as a gnuplot single-quoted string (only '' is special there). */
static void gp_str(FILE *f, const char *s)
{
	fputc('\'', f);
	for (; *s; s++) {
		if (*s == '\'')
			fputc('\'', f);
		if (*s != '\n' && *s != '\r')
			fputc(*s, f);
	}
	fputc('\'', f);
}

/* Why gnuplot must not see path, or NULL: a name starting with '|' is a
 * command to gnuplot's `set output` (and '<' one to `plot`), and a line
 * break would end the script's line. */
static const char *gp_bad_path(const char *path)
{
	if (*path == '|' || *path == '<')
		return "starts with '|' or '<', which gnuplot takes for a command to run";
	for (const char *s = path; *s; s++)
		if ((unsigned char)*s < 0x20 || *s == 0x7f)
			return "holds a control character (a line break, a tab...)";
	return NULL;
}

/* A file name as gnuplot must read it: quoted, and a relative one behind
 * "./" (gnuplot expands a leading '~'). */
static void gp_path(FILE *f, const char *path)
{
	char buf[4200];

	snprintf(buf, sizeof(buf), "%s%s", *path == '/' ? "" : "./", path);
	gp_str(f, buf);
}

/* Start a plot item: "plot" or ", \" then the data file, quoted. */
static void gp_item(struct plot *p, unsigned run, const char *kind)
{
	char path[300];

	snprintf(path, sizeof(path), "%s/r%u.%s", p->dir, run, kind);
	fputs(p->nseries++ ? ", \\\n     " : "plot ", p->gp);
	gp_path(p->gp, path);
}

/* ... title 'name[ what]' with its colour and dash type: one run: colour
 * by series; several: colour by run, dash type by series. */
static void gp_style(struct plot *p, unsigned run, unsigned series, const char *what,
                     const char *with)
{
	char title[256];
	const char *colour = palette[(p->set.n == 1 ? series : run) % NPALETTE];
	unsigned dt = p->set.n == 1 ? 1 : series % 5 + 1;

	snprintf(title, sizeof(title), "%s%s%s", p->set.runs[run].name, *what ? " " : "", what);
	fprintf(p->gp, " with %s lw 2 dt %u lc rgb '%s' ", with, dt, colour);
	/* several runs in a panel whose title says what the dash types are:
	 * one legend entry per run (its colour), or the legend outgrows it */
	if (p->run_legend) {
		if (p->titled == run + 1) {
			fprintf(p->gp, "notitle");
			return;
		}
		p->titled = run + 1;
		snprintf(title, sizeof(title), "%s", p->set.runs[run].name);
	}
	fprintf(p->gp, "title ");
	gp_str(p->gp, title);
}

/* A chart; with several runs, dashes (the dash types of its series, as
 * text) goes into its title and the legend names the runs only. */
static void gp_panel(struct plot *p, const char *title, const char *dashes,
                     const char *ylabel, int logy)
{
	char t[256];

	p->run_legend = dashes && p->set.n > 1;
	p->titled = 0;
	snprintf(t, sizeof(t), "%s%s%s%s", title, p->run_legend ? " (" : "",
	         p->run_legend ? dashes : "", p->run_legend ? ")" : "");
	fprintf(p->gp, "\nset title ");
	gp_str(p->gp, t);
	fprintf(p->gp, "\nset ylabel ");
	gp_str(p->gp, ylabel);
	fprintf(p->gp, "\n%s logscale y\n", logy ? "set" : "unset");
	p->nseries = 0;
}

static void gp_end_panel(struct plot *p)
{
	fputc('\n', p->gp);
}

/* The x axis of the time charts: the runs' time span (gnuplot finds no
 * range in a single point). */
static void gp_time_range(struct plot *p)
{
	if (isnan(p->tmin))
		fprintf(p->gp, "set xrange [*:*]\n");
	else if (p->tmax > p->tmin)
		fprintf(p->gp, "set xrange [%.10g:%.10g]\n", p->tmin, p->tmax);
	else
		fprintf(p->gp, "set xrange [%.10g:%.10g]\n", p->tmin - 1, p->tmin + 1);
}

static unsigned count_panels(const struct plot *p)
{
	return (p->any_tps ? 1 : 0) + (p->any_queries ? 1 : 0) + (p->any_lat_iv ? 1 : 0) +
	       (p->any_dist ? 1 : 0) + (p->any_labels ? 1 : 0) + (p->any_label_lat ? 1 : 0) +
	       (p->nsweeps ? 1 : 0) + (p->any_sweep_lat ? 1 : 0) + p->any_mc;
}

/* A metric's name in a legend, short enough for the key beside the
 * chart: its last part ("Innodb_data_fsyncs", "blks_read" of
 * pg_stat_database.blks_read, "user" of host.cpu.user), a disk's with the
 * device ("vda w/s"). */
static const char *metric_label(char *buf, size_t len, const char *path)
{
	const char *last = strrchr(path, '.'), *disk = strstr(path, ".disks.");

	if (disk && last > disk + 7)
		snprintf(buf, len, "%.*s %s", (int)(last - disk - 7), disk + 7, last + 1);
	else
		snprintf(buf, len, "%s", last ? last + 1 : path);
	return buf;
}

/* The metric charts, on the time axis: one line per run and name (one
 * run: a colour per name; several: a colour per run, a dash type per
 * name). */
static void gp_metrics(struct plot *p)
{
	char what[300];

	for (unsigned k = 0; k < p->nmc; k++) {
		const struct plot_mchart *c = &p->mc[k];
		char kind[16];
		if (!c->any)
			continue;
		gp_panel(p, c->title, NULL, c->ylabel, 0);
		fprintf(p->gp, "set yrange [0:*]\n");
		snprintf(kind, sizeof(kind), "m%u", k);
		for (unsigned i = 0; i < p->set.n; i++)
			for (unsigned x = 0; x < c->npaths[i]; x++) {
				if (!c->has[i][x])
					continue;
				gp_item(p, i, kind);
				fprintf(p->gp, " using 1:%u", 2 + x);
				gp_style(p, i, x, metric_label(what, sizeof(what), c->paths[i][x]), "lines");
			}
		gp_end_panel(p);
	}
	fprintf(p->gp, "set yrange [*:*]\n");
}

/* The latency percentile spectrum: x = 1/(1-q) on a log axis, labelled in
 * percent; the time axis is restored afterwards. */
static void gp_spectrum(struct plot *p)
{
	FILE *g = p->gp;

	gp_panel(p, "Latency by percentile", NULL, "latency (ms)", 1);
	fprintf(g, "set logscale x\nset xrange [1:%g]\nset xlabel 'percentile'\n", PLOT_MAX_X);
	/* tic labels are formats to gnuplot: %% for a percent sign */
	fprintf(g, "set xtics ('0%%%%' 1, '50%%%%' 2, '90%%%%' 10, '99%%%%' 100, '99.9%%%%' 1000, '99.99%%%%' 10000, '99.999%%%%' 100000, '99.9999%%%%' 1000000)\n");
	for (unsigned i = 0; i < p->set.n; i++) {
		if (!p->has[i].dist)
			continue;
		gp_item(p, i, "dist");
		fprintf(g, " using 1:2");
		gp_style(p, i, 0, p->set.runs[i].hist ? "" : "(stated percentiles)",
		         p->set.runs[i].hist ? "lines" : "linespoints");
	}
	gp_end_panel(p);
	fprintf(g, "unset logscale x\nset xtics autofreq\nset xlabel 'time (s)'\n");
	gp_time_range(p);
}

/* The scaling curves of the sweeps: tps, and latency p95 (solid) and p99
 * (dashed), against the thread count; one colour per sweep. */
static void gp_scaling(struct plot *p)
{
	static const char *const what[] = { "tps", "p95", "p99" };
	FILE *g = p->gp;
	char title[200];

	fprintf(g, "set xlabel 'threads'\nset xrange [*:*]\nset xtics autofreq\n");
	for (unsigned panel = 0; panel < (p->any_sweep_lat ? 2u : 1u); panel++) {
		unsigned colour = 0;
		gp_panel(p, panel ? "Latency by threads (solid: p95, dashed: p99)" : "Throughput by threads",
		         NULL, panel ? "latency (ms)" : "tps", panel);
		fprintf(g, "set yrange [%s:*]\n", panel ? "*" : "0");
		for (unsigned i = 0, end; i < p->set.n; i = end) {
			const char *name = p->set.runs[i].name, *at = strrchr(name, '@');
			end = file_end(&p->set, i);
			if (end - i < 2)
				continue;
			for (unsigned k = panel ? 1 : 0; k < (panel ? 3u : 1u); k++) {
				if (!p->has[i].sweep[k])
					continue;
				gp_item(p, i, "sweep");
				fprintf(g, " using 1:%u with linespoints lw 2 pt 7 dt %u lc rgb '%s' title ", 2 + k,
				        k == 2 ? 2 : 1, palette[colour % NPALETTE]);
				snprintf(title, sizeof(title), "%.*s%s%s", (int)(at ? at - name : (long)strlen(name)),
				         name, panel ? " " : "", panel ? what[k] : "");
				gp_str(g, title);
			}
			colour++;
		}
		gp_end_panel(p);
	}
}

/* ---- downsampled series ---------------------------------------------- */

/* p->note: "NAME: N intervals drawn as M points" for each run whose time
 * series (or hdr log's) was downsampled, "; " between them; each also
 * said on stderr with what a point is. */
static void downsample_note(struct plot *p)
{
	size_t len = 0;

	p->note[0] = '\0';
	for (unsigned i = 0; i < p->set.n; i++) {
		const struct runfile_run *r = &p->set.runs[i];
		int iv = r->niv_read > r->niv, hiv = r->nhiv_read > r->nhiv;
		if (!iv && !hiv)
			continue;
		/* the chart draws the hdr log's latency where given */
		if (iv)
			log_msg(LOG_NOTICE, "plot: %s: %lu interval lines drawn as %u points (each point: the mean rates of its intervals, their lowest to highest tps as a band, their highest latencies)",
			        r->name, r->niv_read, r->niv);
		if (hiv)
			log_msg(LOG_NOTICE, "plot: %s: %lu hdr log intervals drawn as %u points (each point: the highest latencies of its intervals)",
			        r->name, r->nhiv_read, r->nhiv);
		if (len < sizeof(p->note))
			len += (size_t)snprintf(p->note + len, sizeof(p->note) - len, "%s%s: %lu intervals drawn as %u points",
			                        len ? "; " : "", r->name, iv ? r->niv_read : r->nhiv_read, iv ? r->niv : r->nhiv);
	}
}

/* The title of the throughput chart: with a band when a run was
 * downsampled. */
static const char *tps_title(const struct plot *p)
{
	int band = 0;

	for (unsigned i = 0; i < p->set.n; i++)
		band |= p->has[i].tps && p->set.runs[i].niv_read > p->set.runs[i].niv;
	if (band)
		return p->any_queries ? "Transactions per second (band: lowest to highest of each point's intervals)"
		                      : "Events per second (band: lowest to highest of each point's intervals)";
	return p->any_queries ? "Transactions per second" : "Events per second";
}

/* A downsampled run's tps band (columns 7 and 8 of its iv file), in its
 * line's colour, light, without a legend entry; its edges are thin lines
 * (a one-interval dip or peak is narrower than a pixel: a filled area
 * would not show it). */
static void gp_band(struct plot *p, unsigned run)
{
	const char *colour = palette[(p->set.n == 1 ? 0 : run) % NPALETTE];

	if (p->set.runs[run].niv_read <= p->set.runs[run].niv)
		return;
	gp_item(p, run, "iv");
	fprintf(p->gp, " using 1:7:8 with filledcurves fs transparent solid 0.2 noborder lc rgb '%s' notitle", colour);
	for (unsigned col = 7; col <= 8; col++) {
		gp_item(p, run, "iv");
		fprintf(p->gp, " using 1:%u with lines lw 1 lc rgb '%s' notitle", col, colour);
	}
}

static void write_script(struct plot *p, enum plot_fmt fmt, const char *out,
                         unsigned w, unsigned h)
{
	static const char *const pct_names[] = { "p50", "p95", "p99", "max" };
	FILE *g = p->gp;
	const char *title = opt_get_string("title");
	unsigned i, k;

	if (fmt == PF_PNG)
		fprintf(g, "set terminal pngcairo size %u,%u noenhanced font 'sans,10' background '#ffffff'\n", w, h);
	else
		fprintf(g, "set terminal svg size %u,%u fixed noenhanced font 'sans,10' background '#ffffff'\n", w, h);
	fprintf(g, "set output ");
	gp_path(g, out);
	fprintf(g, "\nset datafile missing '?'\nset grid\nset key outside right top\n");
	fprintf(g, "set lmargin at screen 0.09\nset rmargin at screen 0.82\n");
	fprintf(g, "set multiplot layout %u,1", count_panels(p));
	if ((title && *title) || *p->note) {
		char t[sizeof(p->note) + 256];
		int both = title && *title && *p->note;
		snprintf(t, sizeof(t), "%.255s%s%s%s", title ? title : "", both ? " (" : "", p->note, both ? ")" : "");
		fprintf(g, " title ");
		gp_str(g, t);
	}
	fprintf(g, "\nset xlabel 'time (s)'\n");
	gp_time_range(p);
	fprintf(g, "set yrange [0:*]\n");
	if (p->any_tps) {
		gp_panel(p, tps_title(p), NULL, p->any_queries ? "tps" : "events/s", 0);
		for (i = 0; i < p->set.n; i++)
			if (p->has[i].tps) {
				gp_band(p, i);
				gp_item(p, i, "iv");
				fprintf(g, " using 1:2");
				gp_style(p, i, 0, "", "lines");
			}
		gp_end_panel(p);
	}
	if (p->any_queries) {
		static const char *const q[] = { "reads/s", "writes/s", "other/s" };
		gp_panel(p, "Queries per second", "solid: reads, dashed: writes, dotted: other",
		         "queries/s", 0);
		for (i = 0; i < p->set.n; i++)
			for (k = 0; k < 3; k++) {
				if (!p->has[i].q[k])
					continue;
				gp_item(p, i, "iv");
				fprintf(g, " using 1:%u", 4 + k);
				gp_style(p, i, k, q[k], "lines");
			}
		gp_end_panel(p);
	}
	fprintf(g, "set yrange [*:*]\n");
	if (p->any_lat_iv) {
		gp_panel(p, "Latency per interval",
		         "solid: p50, dashed: p95, dotted: p99, dash-dot: max", "latency (ms)", 1);
		for (i = 0; i < p->set.n; i++)
			for (k = 0; k <= RUNFILE_NIVPCT; k++)
				if (p->has[i].lat[k]) {
					gp_item(p, i, "lat");
					fprintf(g, " using 1:%u", 2 + k);
					gp_style(p, i, k, pct_names[k], "lines");
				}
		gp_end_panel(p);
	}
	gp_metrics(p);
	if (p->any_dist)
		gp_spectrum(p);
	if (p->any_labels) {
		gp_panel(p, "Events per second by label", NULL, "events/s", 0);
		fprintf(g, "set yrange [0:*]\n");
		for (i = 0; i < p->set.n; i++)
			for (k = 0; k < p->set.runs[i].nlbl; k++) {
				if (!p->has[i].lbl[k])
					continue;
				gp_item(p, i, "lbl");
				fprintf(g, " using 1:%u", 2 + k);
				gp_style(p, i, k, p->set.runs[i].lbl[k].name, "lines");
			}
		gp_end_panel(p);
	}
	if (p->any_label_lat) {
		char what[160];
		gp_panel(p, "Latency by label per interval", NULL, "latency (ms)", 1);
		fprintf(g, "set yrange [*:*]\n");
		for (i = 0; i < p->set.n; i++)
			for (k = 0; k < p->set.runs[i].nlbl; k++) {
				const struct runfile_label *l = &p->set.runs[i].lbl[k];
				if (!p->has[i].lbl_lat[k])
					continue;
				gp_item(p, i, "lbl");
				fprintf(g, " using 1:%u", 2 + p->set.runs[i].nlbl + k);
				snprintf(what, sizeof(what), "%.100s p%.10g", l->name, l->lat_pct);
				gp_style(p, i, k, what, "lines");
			}
		gp_end_panel(p);
	}
	if (p->nsweeps)
		gp_scaling(p);
	fprintf(g, "unset multiplot\nset output\n");
}

/* ---- running gnuplot -------------------------------------------------- */

/* The gnuplot on PATH, or NULL. */
static int find_gnuplot(char *buf, size_t len)
{
	const char *path = getenv("PATH"), *s, *e;

	for (s = path ? path : ""; *s; s = *e ? e + 1 : e) {
		if (!(e = strchr(s, ':')))
			e = s + strlen(s);
		snprintf(buf, len, "%.*s/gnuplot", (int)(e - s), e > s ? s : ".");
		if (access(buf, X_OK) == 0)
			return 0;
	}
	return -1;
}

/* Run gnuplot on the script, its messages into a file shown on failure. */
static int run_gnuplot(struct plot *p, const char *gnuplot)
{
	char script[300], msgs[300], line[512];
	int status;
	pid_t pid;
	FILE *f;

	snprintf(script, sizeof(script), "%s/plot.gp", p->dir);
	snprintf(msgs, sizeof(msgs), "%s/gnuplot.err", p->dir);
	fflush(NULL);
	pid = fork();
	if (pid == 0) {
		int fd = open(msgs, O_WRONLY | O_CREAT | O_TRUNC, 0600);
		if (fd >= 0) {
			dup2(fd, 2);
			dup2(fd, 1);
		}
		execl(gnuplot, "gnuplot", script, (char *)NULL);
		_exit(127);
	}
	if (pid < 0 || waitpid(pid, &status, 0) != pid) {
		log_msg(LOG_FATAL, "plot: cannot run %s: %s", gnuplot, strerror(errno));
		return 1;
	}
	if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
		return 0;
	log_msg(LOG_FATAL, "plot: %s failed (%s %d)%s", gnuplot,
	        WIFEXITED(status) ? "exit status" : "signal",
	        WIFEXITED(status) ? WEXITSTATUS(status) : WTERMSIG(status),
	        (f = fopen(msgs, "r")) ? "; it said:" : "");
	if (f) {
		while (fgets(line, sizeof(line), f))
			fprintf(stderr, "  %s", line);
		fclose(f);
	}
	return 1;
}

/* FILE.html: the SVG inline in a page that needs nothing else. */
static int write_html(const char *svg_path, const char *out, const char *title)
{
	FILE *in = fopen(svg_path, "r"), *o;
	char *line = NULL;
	size_t cap = 0;
	int in_svg = 0, rc = 1;

	if (!in) {
		log_msg(LOG_FATAL, "plot: gnuplot wrote no SVG: %s", strerror(errno));
		return 1;
	}
	if (!(o = fopen(out, "w"))) {
		log_msg(LOG_FATAL, "plot: cannot create '%s': %s", out, strerror(errno));
		fclose(in);
		return 1;
	}
	fprintf(o, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>");
	for (const char *s = title; *s; s++)
		switch (*s) {
		case '<': fputs("&lt;", o); break;
		case '>': fputs("&gt;", o); break;
		case '&': fputs("&amp;", o); break;
		default: fputc(*s, o);
		}
	fprintf(o, "</title>\n<style>body { margin: 0; background: #ffffff; }</style>\n</head>\n<body>\n");
	/* the SVG without its XML prologue and doctype */
	while (getline(&line, &cap, in) >= 0) {
		if (!in_svg && strncmp(line, "<svg", 4) == 0)
			in_svg = 1;
		if (in_svg)
			fputs(line, o);
	}
	fprintf(o, "</body>\n</html>\n");
	if (!in_svg)
		log_msg(LOG_FATAL, "plot: gnuplot's SVG has no <svg> element");
	else if (ferror(o) | fclose(o))
		log_msg(LOG_FATAL, "plot: cannot write '%s': %s", out, strerror(errno));
	else
		rc = 0;
	if (!in_svg)
		fclose(o);
	free(line);
	fclose(in);
	return rc;
}

static void remove_dir(const char *dir)
{
	static const char *const files[] = { "iv", "lat", "dist", "lbl", "sweep" };
	char path[300];

	for (unsigned i = 0;; i++) {
		unsigned gone = 0;
		for (unsigned k = 0; k < sizeof(files) / sizeof(files[0]); k++) {
			snprintf(path, sizeof(path), "%s/r%u.%s", dir, i, files[k]);
			gone += unlink(path) == 0;
		}
		for (unsigned k = 0; k < PLOT_MAX_MCHARTS; k++) {
			snprintf(path, sizeof(path), "%s/r%u.m%u", dir, i, k);
			gone += unlink(path) == 0;
		}
		if (!gone)
			break;
	}
	snprintf(path, sizeof(path), "%s/plot.gp", dir);
	unlink(path);
	snprintf(path, sizeof(path), "%s/gnuplot.err", dir);
	unlink(path);
	snprintf(path, sizeof(path), "%s/plot.svg", dir);
	unlink(path);
	rmdir(dir);
}

/* ---- entry point ------------------------------------------------------ */

#define PLOT_USAGE "Usage: bench plot [--label=A,B,...] [--size=WxH] [--title=TEXT] [--metric=LIST] RUN... -o FILE.png|FILE.svg|FILE.html\n" \
	"RUNs: --report-format=json results (each optionally followed by its --hdr-log file) and sysbench 1.0.x text output\n"

#define PLOT_HELP "\n" \
	"Draws saved runs with gnuplot (Debian package gnuplot-nox): events per second\n" \
	"over time, queries split into reads/writes/other, latency per interval\n" \
	"(p50/p95/p99/max, from the hdr log where given), the latency percentile\n" \
	"distribution, events per second and latency by label; several runs overlaid\n" \
	"and named. A thread sweep adds its scaling curves (tps, p95 and p99 against\n" \
	"the thread count). Runs made with --server-stats / --host-stats add charts under\n" \
	"the latency, on the same time axis: server page reads, fsyncs and log MB per\n" \
	"second, host CPU, disk writes per second and utilisation.\n\n" \
	"Options:\n" \
	"  -o FILE, --output=FILE  the picture: FILE.png, FILE.svg or FILE.html (one page,\n" \
	"                          the SVG inline, nothing fetched)\n" \
	"  --label=A,B,...         names of the runs, one per result file [the file names]\n" \
	"  --size=WxH              size of each chart in pixels [1000x300]\n" \
	"  --title=TEXT            a title above the charts\n" \
	"  --metric=LIST           the metric charts instead: one per name or pattern\n" \
	"                          (server.counters.Com_commit, host.disks.*.w/s); counters\n" \
	"                          as rates per second\n"

static int parse_size(const char *s, unsigned *w, unsigned *h)
{
	char x;
	int n;

	if (sscanf(s, "%u%c%u%n", w, &x, h, &n) != 3 || s[n] || (x != 'x' && x != 'X') ||
	    *w < 200 || *h < 100 || *w > 10000 || *h > 5000)
		return -1;
	return 0;
}

int plot_main(void)
{
	struct plot p;
	const char **files = NULL;
	const char *const *labels;
	const char *out, *ext, *size;
	char gnuplot[4096], svg[300];
	unsigned nfiles, nlabels, w = PLOT_WIDTH, h = 0;
	enum plot_fmt fmt;
	FILE *stdout_f;
	const char *tmp, *why;
	int rc = 1, made_out = 0;

	memset(&p, 0, sizeof(p));
	if (runfile_args(&files, &nfiles, &labels, &nlabels) || !(stdout_f = runfile_output()))
		return 1;
	if (opt_get_bool("help")) {
		fprintf(stdout_f, PLOT_USAGE PLOT_HELP);
		rc = 0;
		goto out;
	}
	out = opt_get_string("output");
	if (nfiles == 0 || !out || !*out) {
		fprintf(stderr, PLOT_USAGE);
		goto out;
	}
	ext = strrchr(out, '.');
	if (ext && strcasecmp(ext, ".png") == 0)
		fmt = PF_PNG;
	else if (ext && strcasecmp(ext, ".svg") == 0)
		fmt = PF_SVG;
	else if (ext && (strcasecmp(ext, ".html") == 0 || strcasecmp(ext, ".htm") == 0))
		fmt = PF_HTML;
	else {
		log_msg(LOG_FATAL, "plot: '%s': the output file name must end in .png, .svg or .html", out);
		goto out;
	}
	if ((why = gp_bad_path(out))) {
		log_msg(LOG_FATAL, "plot: refusing the output file name '%s': it %s", out, why);
		goto out;
	}
	size = opt_get_string("size");
	if (size && *size && parse_size(size, &w, &h)) {
		log_msg(LOG_FATAL, "plot: invalid value for the 'size' option: '%s' (expected WIDTHxHEIGHT of each chart in pixels, e.g. 1000x300, 200 to 10000 wide, 100 to 5000 high)", size);
		goto out;
	}
	if (find_gnuplot(gnuplot, sizeof(gnuplot))) {
		log_msg(LOG_FATAL, "plot: gnuplot is not installed (Debian: apt-get install gnuplot-nox)");
		goto out;
	}
	p.set.max_points = PLOT_MAX_POINTS;
	if (runfile_load("plot", files, nfiles, labels, nlabels, &p.set))
		goto out;
	downsample_note(&p);
	{
		/* the output must be writable before gnuplot is asked */
		FILE *t = fopen(out, "w");
		if (!t) {
			log_msg(LOG_FATAL, "plot: cannot create '%s': %s", out, strerror(errno));
			goto out;
		}
		fclose(t);
		made_out = 1;
	}
	tmp = getenv("TMPDIR");
	if (!tmp || !*tmp || strlen(tmp) >= 200)
		tmp = "/tmp";
	if ((why = gp_bad_path(tmp)) && *tmp != '|' && *tmp != '<') {   /* see below */
		log_msg(LOG_FATAL, "plot: refusing TMPDIR '%s': it %s", tmp, why);
		goto out;
	}
	/* gnuplot runs a script or data file named "<command": a relative
	 * directory goes behind "./" */
	snprintf(p.dir, sizeof(p.dir), "%s%s/bench-plot-XXXXXX", *tmp == '/' ? "" : "./", tmp);
	if (!mkdtemp(p.dir)) {
		log_msg(LOG_FATAL, "plot: cannot create a temporary directory: %s", strerror(errno));
		goto out;
	}
	if (write_data(&p))
		goto rm;
	if (count_panels(&p) == 0) {
		log_msg(LOG_FATAL, "plot: the runs hold nothing to draw (no interval lines, no latency figures)");
		goto rm;
	}
	/* --size is each chart's: the picture holds them all */
	h = (h ? h : PLOT_PANEL_HEIGHT) * count_panels(&p);
	snprintf(svg, sizeof(svg), "%s/plot.svg", p.dir);
	{
		char script[300];
		snprintf(script, sizeof(script), "%s/plot.gp", p.dir);
		if (!(p.gp = fopen(script, "w"))) {
			log_msg(LOG_FATAL, "plot: cannot create '%s': %s", script, strerror(errno));
			goto rm;
		}
		write_script(&p, fmt, fmt == PF_HTML ? svg : out, w, h);
		if (close_data(p.gp))
			goto rm;
	}
	if (run_gnuplot(&p, gnuplot))
		goto rm;
	if (fmt == PF_HTML &&
	    write_html(svg, out, opt_get_string("title") ? opt_get_string("title") : "bench plot"))
		goto rm;
	rc = 0;
rm:
	remove_dir(p.dir);
out:
	if (rc && made_out)
		unlink(out);
	for (unsigned i = 0; p.has && i < p.set.n; i++)
		free(p.has[i].lbl), free(p.has[i].lbl_lat);
	free(p.has);
	for (unsigned k = 0; k < p.nmc; k++) {
		for (unsigned i = 0; p.mc[k].paths && p.mc[k].npaths && i < p.set.n; i++)
			for (unsigned x = 0; x < p.mc[k].npaths[i]; x++)
				free(p.mc[k].paths[i][x]);
		free(p.mc[k].paths);
		free(p.mc[k].npaths);
		free(p.mc[k].has);
	}
	if (runfile_output_close(stdout_f))
		rc = 1;
	runfile_free(&p.set);
	free(files);
	return rc;
}
