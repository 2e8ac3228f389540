/* SPDX-License-Identifier: GPL-2.0-or-later */
/* compare_diff: see compare_diff.h. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>
#include "results/compare_diff.h"
#include "stats/runinfo.h"
#include "util/log.h"

/* One described thing ("option time") and each run's value (NULL: the
 * run does not say). */
struct cd_key {
	char *key;
	char **val;                     /* one per run */
};

struct cd {
	const struct runfile_set *set;
	struct cd_key *keys;
	unsigned n, cap;
};

static struct cd_key *cd_find(struct cd *d, const char *key)
{
	for (unsigned i = 0; i < d->n; i++)
		if (strcmp(d->keys[i].key, key) == 0)
			return &d->keys[i];
	if (d->n == d->cap) {
		unsigned nc = d->cap ? d->cap * 2 : 64;
		struct cd_key *nk = realloc(d->keys, nc * sizeof(*nk));
		if (nk == NULL)
			return NULL;
		d->keys = nk;
		d->cap = nc;
	}
	d->keys[d->n].key = strdup(key);
	d->keys[d->n].val = calloc(d->set->n, sizeof(char *));
	if (!d->keys[d->n].key || !d->keys[d->n].val) {
		free(d->keys[d->n].key);
		free(d->keys[d->n].val);
		return NULL;
	}
	return &d->keys[d->n++];
}

/* Run `run` states value (copied) for "prefix name". 0 or -ENOMEM. */
static int cd_set(struct cd *d, unsigned run, const char *prefix, const char *name,
                  const char *value)
{
	char key[512];
	struct cd_key *k;

	snprintf(key, sizeof(key), "%s%s%s", prefix, *name ? " " : "", name);
	if (!(k = cd_find(d, key)))
		return -ENOMEM;
	free(k->val[run]);
	k->val[run] = strdup(value);
	return k->val[run] ? 0 : -ENOMEM;
}

/* A JSON value as text: strings as they are, the rest compact JSON. */
static char *cd_text(json_t *v)
{
	if (json_is_string(v))
		return strdup(json_string_value(v));
	return json_dumps(v, JSON_ENCODE_ANY | JSON_COMPACT);
}

/* Options that differ between runs without making them different runs:
 * threads (a row of the table) and where the run wrote its hdr log. */
static int cd_skip(const char *name)
{
	return strcmp(name, "threads") == 0 || strcmp(name, "hdr-log") == 0;
}

/* Every "prefix KEY" of object o (options: those cd_skip keeps). */
static int cd_object(struct cd *d, unsigned run, const char *prefix, json_t *o)
{
	const char *name;
	json_t *v;

	json_object_foreach(o, name, v) {
		char *t;
		int rc;

		if (strcmp(prefix, "option") == 0 && cd_skip(name))
			continue;
		if (!(t = cd_text(v)))
			return -ENOMEM;
		rc = cd_set(d, run, prefix, name, t);
		free(t);
		if (rc)
			return rc;
	}
	return 0;
}

/* What run `run`'s final object describes. */
static int cd_run(struct cd *d, unsigned run, json_t *fin)
{
	json_t *w = json_object_get(fin, "workload");
	json_t *srv = json_object_get(fin, "database");
	const char *st = d->set->runs[run].status;
	char buf[1024];
	int rc = 0;

	if (json_is_object(w)) {
		json_t *name = json_object_get(w, "name"), *sha = json_object_get(w, "sha256");
		snprintf(buf, sizeof(buf), "%s (sha256 %.12s)",
		         json_is_string(name) ? json_string_value(name) : "?",
		         json_is_string(sha) ? json_string_value(sha) : "?");
		rc = cd_set(d, run, "workload", "", buf);
	}
	if (rc == 0)
		rc = cd_set(d, run, "status", "", st ? st : "-");
	if (rc == 0 && json_is_object(json_object_get(fin, "options")))
		rc = cd_object(d, run, "option", json_object_get(fin, "options"));
	if (rc == 0 && json_is_object(srv)) {
		json_t *p = json_object_get(srv, "product"), *v = json_object_get(srv, "version");
		snprintf(buf, sizeof(buf), "%s %s", json_is_string(p) ? json_string_value(p) : "?",
		         json_is_string(v) ? json_string_value(v) : "?");
		rc = cd_set(d, run, "database", "", buf);
		if (rc == 0 && json_is_object(json_object_get(srv, "settings")))
			rc = cd_object(d, run, "setting", json_object_get(srv, "settings"));
	} else if (rc == 0 && json_object_get(fin, "database"))
		rc = cd_set(d, run, "database", "", "none");
	return rc;
}

/* Is the value of k the same in every run that describes itself? An
 * option or setting that some runs do not have (another workload, another
 * server) counts as the same: the workload or server line differs. */
static int cd_same(const struct cd *d, const struct cd_key *k)
{
	const char *first = NULL;
	int any = 0, partial = strncmp(k->key, "option ", 7) == 0 ||
	                      strncmp(k->key, "setting ", 8) == 0;

	for (unsigned i = 0; i < d->set->n; i++) {
		const char *v = k->val[i] ? k->val[i] : "-";
		if (d->set->runs[i].final == NULL || !json_object_get(d->set->runs[i].final, "workload"))
			continue;
		if (partial && k->val[i] == NULL)
			return 1;
		if (!any)
			first = v;
		else if (strcmp(first, v) != 0)
			return 0;
		any = 1;
	}
	return 1;
}

/* "KEY: a=V, b=V" for the runs that describe themselves. */
static void cd_line(FILE *out, const struct cd *d, const struct cd_key *k)
{
	int first = 1;

	fprintf(out, "    %s:", k->key);
	for (unsigned i = 0; i < d->set->n; i++) {
		const struct runfile_run *r = &d->set->runs[i];
		if (r->final == NULL || !json_object_get(r->final, "workload"))
			continue;
		fprintf(out, "%s %s=%s", first ? "" : ",", r->name, k->val[i] ? k->val[i] : "-");
		first = 0;
	}
	fputc('\n', out);
}

int compare_diff_print(FILE *out, const struct runfile_set *set)
{
	struct cd d = { .set = set };
	struct cd_key *wk = NULL;
	unsigned ndesc = 0, ndiff = 0, i;
	int rc = 0;

	for (i = 0; i < set->n && rc == 0; i++) {
		const struct runfile_run *r = &set->runs[i];
		runinfo_warn_unfinished("compare", r->name, r->status);
		/* results of an older bench (no workload) describe nothing */
		if (r->final && json_object_get(r->final, "workload")) {
			rc = cd_run(&d, i, r->final);
			ndesc++;
		}
	}
	for (i = 0; rc == 0 && i < d.n; i++)
		if (strcmp(d.keys[i].key, "workload") == 0)
			wk = &d.keys[i];
	if (rc == 0 && wk && !cd_same(&d, wk))
		log_msg(LOG_WARNING, "compare: the runs ran different workloads (or different versions of one): compare their figures with care");
	for (i = 0; rc == 0 && ndesc > 1 && i < d.n; i++) {
		if (cd_same(&d, &d.keys[i]))
			continue;
		if (ndiff++ == 0)
			fprintf(out, "Differences between the runs (as their result files state them):\n");
		cd_line(out, &d, &d.keys[i]);
	}
	if (ndiff)
		fputc('\n', out);
	for (i = 0; i < d.n; i++) {
		for (unsigned j = 0; j < set->n; j++)
			free(d.keys[i].val[j]);
		free(d.keys[i].val);
		free(d.keys[i].key);
	}
	free(d.keys);
	return rc;
}
