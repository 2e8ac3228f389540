/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * compare: `bench compare RUN...`. See compare.h.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "opt/core_opts.h"
#include "opt/opt.h"
#include "results/compare.h"
#include "results/compare_diff.h"
#include "results/compare_obs.h"
#include "results/runfile.h"
#include "stats/report_common.h"
#include "util/log.h"

/* sysbench-like rows, then the metrics' (compare_obs.h) */
#define CMP_MAX_ROWS (16 + RUNFILE_MAX_PCT + 128)
/* files side by side in a sweep's step table (names kept in struct cmp) */
#define CMP_MAX_NAMES 64

enum cmp_fmt { FMT_TEXT, FMT_MARKDOWN, FMT_CSV, FMT_JSON };
/* How a row's values are printed in text and markdown. */
enum cmp_style { ST_COUNT, ST_RATE, ST_MS, ST_SEC, ST_FIG };

struct cmp_row {
	char key[128];                  /* json / csv name */
	char title[128];                /* text / markdown name */
	enum cmp_style style;
	double *v;                      /* one per run */
};

/* One table: the runs side by side (all of them, or step I of every
 * sweep), named by names[]. */
struct cmp {
	const struct runfile_run **run;
	const char **names;
	unsigned n;
	unsigned step;                  /* 1-based step of the sweeps; 0: none */
	char stepname[CMP_MAX_NAMES][64];
	struct cmp_row rows[CMP_MAX_ROWS];
	unsigned nrows;
};

static double *add_row(struct cmp *c, const char *key, const char *title,
                       enum cmp_style style)
{
	struct cmp_row *r = &c->rows[c->nrows];

	if (c->nrows == CMP_MAX_ROWS || !(r->v = calloc(c->n, sizeof(double))))
		return NULL;
	snprintf(r->key, sizeof(r->key), "%s", key);
	snprintf(r->title, sizeof(r->title), "%s", title);
	r->style = style;
	c->nrows++;
	return r->v;
}

/* Value / the first run's; NAN when either is missing or the first is 0. */
static double ratio(const struct cmp_row *r, unsigned i)
{
	return r->v[0] != 0 && !isnan(r->v[0]) && !isnan(r->v[i]) ? r->v[i] / r->v[0] : NAN;
}

/* compare_obs' rows: figures per transaction and levels */
static double *add_obs_row(void *ud, const char *key, const char *title)
{
	return add_row(ud, key, title, ST_FIG);
}

/* The figures of every run, row by row. Returns 0 or -1 (out of memory). */
static int build_rows(struct cmp *c, const double *pct, unsigned npct, int warn)
{
	const unsigned n = c->n;
	int queries = 0;
	double *v;
	unsigned i, j;

	for (i = 0; i < n; i++)
		queries |= c->run[i]->qps > 0;
#define ROW(key, title, style, field)                                          \
	do {                                                                   \
		if (!(v = add_row(c, key, title, style)))                      \
			return -1;                                             \
		for (i = 0; i < n; i++)                                        \
			v[i] = c->run[i]->field;                           \
	} while (0)
	ROW("threads", "threads", ST_COUNT, threads);
	ROW("time", "time (s)", ST_SEC, time);
	ROW("events", "events", ST_COUNT, events);
	ROW("tps", "tps", ST_RATE, tps);
	if (queries) {
		ROW("qps", "qps", ST_RATE, qps);
		ROW("reads_per_sec", "reads/s", ST_RATE, rps);
		ROW("writes_per_sec", "writes/s", ST_RATE, wps);
		ROW("other_per_sec", "other/s", ST_RATE, ops);
	}
	ROW("lat_avg_ms", "latency avg (ms)", ST_MS, lat_avg);
	for (j = 0; j < npct; j++) {
		char key[32], title[40];
		snprintf(key, sizeof(key), "lat_p%.10g_ms", pct[j]);
		snprintf(title, sizeof(title), "latency p%.10g (ms)", pct[j]);
		if (!(v = add_row(c, key, title, ST_MS)))
			return -1;
		for (i = 0; i < n; i++) {
			const struct runfile_run *r = c->run[i];
			v[i] = runfile_pct_ms(r, pct[j]);
			if (isnan(v[i]) && warn)
				log_msg(LOG_WARNING, "compare: '%s' (%s) states no %.10gth percentile: give its --hdr-log file after it for any percentile",
				        r->path, r->name, pct[j]);
		}
	}
	ROW("lat_max_ms", "latency max (ms)", ST_MS, lat_max);
	ROW("errors", "errors", ST_COUNT, errors);
	ROW("reconnects", "reconnects", ST_COUNT, reconnects);
#undef ROW
	return compare_obs_rows(c->run, n, c->step <= 1, add_obs_row, c);
}

/* ---- text and markdown ------------------------------------------------ */

static void fmt_value(char *buf, size_t len, enum cmp_style st, double v)
{
	if (isnan(v))
		snprintf(buf, len, "-");
	else if (st == ST_COUNT)
		snprintf(buf, len, "%.0f", v);
	else if (st == ST_MS)
		snprintf(buf, len, "%.3f", v);
	else if (st == ST_FIG)  /* 0.00312, 1.25, 5120 */
		snprintf(buf, len, fabs(v) >= 1000 ? "%.0f" : fabs(v) >= 1 ? "%.2f" : "%.3g", v);
	else
		snprintf(buf, len, "%.2f", v);
}

/* 5.63x; three significant digits below 0.1x (0.0227x: 44 times less,
 * 0.0200x) */
static void fmt_ratio(char *buf, size_t len, double r)
{
	if (isnan(r))
		snprintf(buf, len, "-");
	else if (r >= 100)
		snprintf(buf, len, "%.0fx", r);
	else if (r >= 10)
		snprintf(buf, len, "%.1fx", r);
	else if (r >= 0.1 || r == 0)
		snprintf(buf, len, "%.2fx", r);
	else
		snprintf(buf, len, "%#.3gx", r);
}

/* The cells of the table: a header row, then one per row; column 0 the
 * row title, then the first run's value, then value and ratio of each
 * other run. cells[row][col] points into one buffer of 48 bytes each. */
#define CELL 48

static char *cell(char *cells, unsigned ncols, unsigned row, unsigned col)
{
	return cells + ((size_t)row * ncols + col) * CELL;
}

/* A run's name into a cell; in markdown '|' (a column break there) as
 * "\|", and line breaks as blanks. */
static const char *name_cell(char *dst, const char *name, int markdown)
{
	size_t n = 0;

	for (; *name && n + 3 < CELL; name++) {
		if (markdown && *name == '|')
			dst[n++] = '\\';
		dst[n++] = markdown && (*name == '\n' || *name == '\r') ? ' ' : *name;
	}
	dst[n] = '\0';
	return dst;
}

/* The grid of cells (nlines x ncols; w: ncols zeroed widths), aligned:
 * the first column left, the others right; markdown: a table with its
 * header rule. */
static void print_cells(FILE *out, char *cells, unsigned *w, unsigned nlines,
                        unsigned ncols, int markdown)
{
	unsigned j, col;

	for (j = 0; j < nlines; j++)
		for (col = 0; col < ncols; col++)
			if (strlen(cell(cells, ncols, j, col)) > w[col])
				w[col] = (unsigned)strlen(cell(cells, ncols, j, col));
	for (j = 0; j < nlines; j++) {
		if (markdown)
			fprintf(out, "| %-*s |", (int)w[0], cell(cells, ncols, j, 0));
		else
			fprintf(out, "%-*s", (int)w[0], cell(cells, ncols, j, 0));
		for (col = 1; col < ncols; col++)
			fprintf(out, markdown ? " %*s |" : "  %*s", (int)w[col], cell(cells, ncols, j, col));
		fprintf(out, "\n");
		if (markdown && j == 0) {
			fprintf(out, "|---|");
			for (col = 1; col < ncols; col++)
				fprintf(out, "---:|");
			fprintf(out, "\n");
		}
	}
}

static void print_table(FILE *out, const struct cmp *c, int markdown)
{
	const unsigned n = c->n, ncols = 2 * n, nlines = c->nrows + 1;
	char *cells = calloc((size_t)nlines * ncols, CELL);
	unsigned *w = calloc(ncols, sizeof(*w));
	unsigned i, j, col;

	if (!cells || !w) {
		free(cells);
		free(w);
		log_msg(LOG_FATAL, "compare: out of memory");
		return;
	}
	snprintf(cell(cells, ncols, 0, 0), CELL, "%s", "metric");
	for (i = 0; i < n; i++) {
		col = i ? 2 * i : 1;
		name_cell(cell(cells, ncols, 0, col), c->names[i], markdown);
		if (i) {
			char both[48];
			snprintf(both, sizeof(both), "%.20s/%.20s", c->names[i], c->names[0]);
			name_cell(cell(cells, ncols, 0, col + 1), both, markdown);
		}
	}
	for (j = 0; j < c->nrows; j++) {
		const struct cmp_row *r = &c->rows[j];
		snprintf(cell(cells, ncols, j + 1, 0), CELL, "%s", r->title);
		for (i = 0; i < n; i++) {
			col = i ? 2 * i : 1;
			fmt_value(cell(cells, ncols, j + 1, col), CELL, r->style, r->v[i]);
			if (i)
				fmt_ratio(cell(cells, ncols, j + 1, col + 1), CELL, ratio(r, i));
		}
	}
	print_cells(out, cells, w, nlines, ncols, markdown);
	free(cells);
	free(w);
}

/* ---- csv and json ----------------------------------------------------- */

static void csv_num(FILE *out, double v)
{
	if (!isnan(v))
		fprintf(out, "%.10g", v);
}

static void print_csv(FILE *out, const struct cmp *c)
{
	const unsigned n = c->n;
	char name[128];

	if (c->step == 1)
		fprintf(out, "step,");
	if (c->step <= 1)
		fprintf(out, "metric");
	for (unsigned i = 0; i < n && c->step <= 1; i++) {
		fputc(',', out);
		report_csv_field(out, c->names[i]);
		if (i) {
			fputc(',', out);
			snprintf(name, sizeof(name), "%s/%s", c->names[i], c->names[0]);
			report_csv_field(out, name);
		}
	}
	if (c->step <= 1)
		fprintf(out, "\n");
	for (unsigned j = 0; j < c->nrows; j++) {
		if (c->step)
			fprintf(out, "%u,", c->step);
		fprintf(out, "%s", c->rows[j].key);
		for (unsigned i = 0; i < n; i++) {
			fputc(',', out);
			csv_num(out, c->rows[j].v[i]);
			if (i) {
				fputc(',', out);
				csv_num(out, ratio(&c->rows[j], i));
			}
		}
		fprintf(out, "\n");
	}
}

static json_t *jreal(double v)
{
	return isnan(v) ? json_null() : json_real(v);
}

/* counts as integers */
static json_t *jvalue(const struct cmp_row *r, double v)
{
	if (r->style == ST_COUNT && !isnan(v) && v == floor(v) && fabs(v) < 9e15)
		return json_integer((json_int_t)v);
	return jreal(v);
}

static int print_json(FILE *out, const struct cmp *c)
{
	static const char *const source[] = {
		[RUNFILE_JSON] = "bench-json", [RUNFILE_MERGED] = "bench-merge",
		[RUNFILE_TEXT] = "sysbench-text",
	};
	json_t *o = json_object(), *runs = json_array(), *metrics = json_object();
	char *s;

	for (unsigned i = 0; i < c->n; i++) {
		const struct runfile_run *r = c->run[i];
		json_t *ro = json_object();
		json_object_set_new(ro, "name", json_string(c->names[i]));
		if (c->step)
			json_object_set_new(ro, "step_name", json_string(r->name));
		json_object_set_new(ro, "file", json_string(r->path));
		json_object_set_new(ro, "hdr_log", r->hdr_path ? json_string(r->hdr_path) : json_null());
		json_object_set_new(ro, "source", json_string(source[r->kind]));
		json_object_set_new(ro, "percentiles_exact", json_boolean(r->hist != NULL));
		json_array_append_new(runs, ro);
	}
	for (unsigned j = 0; j < c->nrows; j++) {
		json_t *m = json_object(), *vals = json_array(), *rat = json_array();
		for (unsigned i = 0; i < c->n; i++) {
			json_array_append_new(vals, jvalue(&c->rows[j], c->rows[j].v[i]));
			json_array_append_new(rat, i ? jreal(ratio(&c->rows[j], i))
			                             : jreal(isnan(c->rows[j].v[0]) ? NAN : 1));
		}
		json_object_set_new(m, "values", vals);
		json_object_set_new(m, "ratios", rat);
		json_object_set_new(metrics, c->rows[j].key, m);
	}
	json_object_set_new(o, "type", json_string("compare"));
	if (c->step)
		json_object_set_new(o, "step", json_integer(c->step));
	json_object_set_new(o, "runs", runs);
	json_object_set_new(o, "metrics", metrics);
	s = json_dumps(o, JSON_COMPACT | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(10));
	json_decref(o);
	if (!s) {
		log_msg(LOG_FATAL, "compare: out of memory");
		return 1;
	}
	fprintf(out, "%s\n", s);
	free(s);
	return 0;
}

/* ---- entry point ------------------------------------------------------ */

/* Sweeps side by side: two or more result files, each a sweep of the same
 * number of steps. Returns that number, else 0 (one table of all runs). */
static unsigned sweep_steps(const struct runfile_set *set)
{
	unsigned files = 0, k = 0, i = 0;

	while (i < set->n) {
		unsigned j = i;
		while (j < set->n && set->runs[j].path == set->runs[i].path)
			j++;
		if (files++ && j - i != k)
			return 0;
		k = j - i;
		i = j;
	}
	return files >= 2 && k >= 2 ? k : 0;
}

/* The name of a sweep's run without its "@step" part, into buf. */
static const char *file_name(char *buf, size_t len, const struct runfile_run *r)
{
	const char *at = strrchr(r->name, '@');

	snprintf(buf, len, "%.*s", (int)(at ? at - r->name : (long)strlen(r->name)), r->name);
	return buf;
}

/* Sweeps at a glance (text, markdown): one row per step, one column group
 * per sweep (tps, latency p95 and p99, and each later sweep's tps over the
 * first's). Returns 0 or 1 after an error line. */
static int sweep_summary(FILE *out, const struct runfile_set *set, unsigned nsteps,
                         int markdown)
{
	/* columns: threads; the first sweep's tps p95 p99 (1..3); sweep k's
	 * tps p95 p99 ratio (4k..4k+3) */
	const unsigned nfiles = set->n / nsteps, ncols = 4 * nfiles, nlines = nsteps + 1;
	char *cells = calloc((size_t)nlines * ncols, CELL), name[CELL], first[CELL], hdr[CELL];
	unsigned *w = calloc(ncols, sizeof(*w));
	static const double pcts[2] = { 95, 99 };

	if (!cells || !w) {
		free(cells);
		free(w);
		log_msg(LOG_FATAL, "compare: out of memory");
		return 1;
	}
	snprintf(cell(cells, ncols, 0, 0), CELL, "threads");
	file_name(first, sizeof(first), &set->runs[0]);
	for (unsigned k = 0; k < nfiles; k++) {
		unsigned col = k ? 4 * k : 1;
		file_name(name, sizeof(name), &set->runs[k * nsteps]);
		snprintf(hdr, sizeof(hdr), "%.30s tps", name);
		name_cell(cell(cells, ncols, 0, col), hdr, markdown);
		for (unsigned j = 0; j < 2; j++) {
			snprintf(hdr, sizeof(hdr), "p%.0f (ms)", pcts[j]);
			snprintf(cell(cells, ncols, 0, col + 1 + j), CELL, "%s", hdr);
		}
		if (k) {
			snprintf(hdr, sizeof(hdr), "%.18s/%.18s tps", name, first);
			name_cell(cell(cells, ncols, 0, col + 3), hdr, markdown);
		}
	}
	for (unsigned s = 0; s < nsteps; s++) {
		const struct runfile_run *r0 = &set->runs[s];
		fmt_value(cell(cells, ncols, s + 1, 0), CELL, ST_COUNT, r0->threads);
		for (unsigned k = 0; k < nfiles; k++) {
			const struct runfile_run *r = &set->runs[k * nsteps + s];
			unsigned col = k ? 4 * k : 1;
			fmt_value(cell(cells, ncols, s + 1, col), CELL, ST_RATE, r->tps);
			for (unsigned j = 0; j < 2; j++)
				fmt_value(cell(cells, ncols, s + 1, col + 1 + j), CELL, ST_MS,
				          runfile_pct_ms(r, pcts[j]));
			if (k)
				fmt_ratio(cell(cells, ncols, s + 1, col + 3), CELL,
				          r0->tps > 0 && !isnan(r->tps) ? r->tps / r0->tps : NAN);
		}
	}
	fprintf(out, "%sSweeps side by side: tps, latency percentiles, tps over %s's%s\n\n",
	        markdown ? "**" : "", name_cell(hdr, first, markdown), markdown ? "**" : "");
	print_cells(out, cells, w, nlines, ncols, markdown);
	fprintf(out, "\n");
	free(cells);
	free(w);
	return 0;
}

/* The table of step s (0-based) of nsteps sweeps side by side, or with
 * nsteps == 0 of all runs. Returns 0 or 1 after an error line. */
static int one_table(FILE *out, struct cmp *c, const struct runfile_set *set,
                     unsigned s, unsigned nsteps, enum cmp_fmt fmt,
                     const double *pct, unsigned npct)
{
	unsigned i, j;

	for (j = 0; j < c->nrows; j++)
		free(c->rows[j].v);
	c->nrows = 0;
	c->n = 0;
	c->step = nsteps ? s + 1 : 0;
	for (i = nsteps ? s : 0; i < set->n; i += nsteps ? nsteps : 1) {
		c->run[c->n] = &set->runs[i];
		c->names[c->n++] = set->runs[i].name;
	}
	/* a step's columns are named by their files: "ssd", not "ssd@8t" */
	for (i = 0; nsteps && i < c->n; i++) {
		const char *at = strrchr(c->run[i]->name, '@');
		snprintf(c->stepname[i % CMP_MAX_NAMES], sizeof(c->stepname[0]), "%.*s",
		         (int)(at ? at - c->run[i]->name : (long)strlen(c->run[i]->name)), c->run[i]->name);
		c->names[i] = c->stepname[i % CMP_MAX_NAMES];
	}
	if (build_rows(c, pct, npct, opt_is_set("percentile"))) {
		log_msg(LOG_FATAL, "compare: out of memory");
		return 1;
	}
	if (c->step && (fmt == FMT_TEXT || fmt == FMT_MARKDOWN)) {
		/* the step's thread counts, once when they agree */
		fprintf(out, "%s%sStep %u of %u:", s ? "\n" : "", fmt == FMT_MARKDOWN ? "**" : "", c->step, nsteps);
		for (i = 0; i < c->n && !(i && c->run[i]->threads == c->run[0]->threads); i++)
			fprintf(out, "%s %.0f", i ? "," : "", c->run[i]->threads);
		fprintf(out, " thread(s)%s\n\n", fmt == FMT_MARKDOWN ? "**" : "");
	}
	switch (fmt) {
	case FMT_TEXT: print_table(out, c, 0); break;
	case FMT_MARKDOWN: print_table(out, c, 1); break;
	case FMT_CSV: print_csv(out, c); break;
	case FMT_JSON: return print_json(out, c);
	}
	return 0;
}

#define COMPARE_USAGE "Usage: bench compare [--label=A,B,...] [--percentile=LIST] [--metric=LIST] [--report-format=text|markdown|csv|json] RUN...\n" \
	"RUNs: --report-format=json results (each optionally followed by its --hdr-log file) and sysbench 1.0.x text output\n"

#define COMPARE_HELP "\n" \
	"Puts the final figures of saved runs side by side, with each run's ratio to the\n" \
	"first (5.63x; a latency below 1x is faster). A json result may be followed by its\n" \
	"hdr log (exact percentiles, any --percentile; a sweep's step logs, matched by\n" \
	"their headers). Two or more sweeps of the same steps give the sweeps at a glance\n" \
	"(one row per step: tps, p95, p99, tps ratio) and one table per step. Runs made\n" \
	"with --server-stats / --host-stats add rows per transaction: server page reads,\n" \
	"logical reads, fsyncs, log bytes, row lock waits, per disk reads, writes and kB\n" \
	"written, and the host's CPU (docs/observe.md).\n\n" \
	"Options:\n" \
	"  --label=A,B,...      names of the runs, one per result file [the file names]\n" \
	"  --percentile=LIST    latency percentiles to show [95,99]\n" \
	"  --metric=LIST        more rows: metrics sampled beside the runs, by name or\n" \
	"                       pattern (server.counters.Com_*, host.disks.*.w/s); a\n" \
	"                       counter per transaction\n" \
	"  --report-format=FMT  text (an aligned table), markdown, csv or json [text]\n"

int compare_main(void)
{
	struct runfile_set set = { 0 };
	unsigned nsteps;
	static struct cmp c;
	const char **files = NULL;
	const char *const *labels;
	const char *fmt_s;
	unsigned nfiles, nlabels;
	double pct[RUNFILE_MAX_PCT] = { 95, 99 };
	int npct = 2, rc = 1;
	enum cmp_fmt fmt;
	FILE *out;

	memset(&c, 0, sizeof(c));
	if (runfile_args(&files, &nfiles, &labels, &nlabels) || !(out = runfile_output()))
		return 1;
	if (opt_get_bool("help")) {
		fprintf(out, COMPARE_USAGE COMPARE_HELP);
		rc = 0;
		goto out;
	}
	fmt_s = opt_get_string("report-format");
	if (!fmt_s || strcmp(fmt_s, "text") == 0)
		fmt = FMT_TEXT;
	else if (strcmp(fmt_s, "markdown") == 0 || strcmp(fmt_s, "md") == 0)
		fmt = FMT_MARKDOWN;
	else if (strcmp(fmt_s, "csv") == 0)
		fmt = FMT_CSV;
	else if (strcmp(fmt_s, "json") == 0)
		fmt = FMT_JSON;
	else {
		log_msg(LOG_FATAL, "compare: invalid value for the 'report-format' option: '%s' (expected text, markdown, csv or json)", fmt_s);
		goto out;
	}
	if (nfiles == 0) {
		fprintf(stderr, COMPARE_USAGE);
		goto out;
	}
	if (opt_is_set("percentile")) {
		char err[256];
		npct = core_parse_percentiles(opt_get_string("percentile"), pct,
		                              RUNFILE_MAX_PCT, err, sizeof(err));
		if (npct < 0) {
			fprintf(stderr, "%s\n", err);
			goto out;
		}
	}
	set.skip_series = 1;    /* the final figures only */
	if (runfile_load("compare", files, nfiles, labels, nlabels, &set))
		goto out;
	c.run = calloc(set.n, sizeof(*c.run));
	c.names = calloc(set.n, sizeof(*c.names));
	if (!c.run || !c.names) {
		log_msg(LOG_FATAL, "compare: out of memory");
		goto out;
	}
	/* machine formats keep stdout to the table */
	if (compare_diff_print(fmt == FMT_TEXT || fmt == FMT_MARKDOWN ? out : stderr, &set)) {
		log_msg(LOG_FATAL, "compare: out of memory");
		goto out;
	}
	nsteps = sweep_steps(&set);
	if (nsteps && (fmt == FMT_TEXT || fmt == FMT_MARKDOWN) &&
	    sweep_summary(out, &set, nsteps, fmt == FMT_MARKDOWN))
		goto out;
	for (unsigned s = 0; s < (nsteps ? nsteps : 1); s++) {
		if (one_table(out, &c, &set, s, nsteps, fmt, pct, (unsigned)npct))
			goto out;
	}
	rc = runfile_output_close(out);
out:
	for (unsigned j = 0; j < c.nrows; j++)
		free(c.rows[j].v);
	free(c.run);
	free(c.names);
	runfile_free(&set);
	free(files);
	return rc;
}
