/* SPDX-License-Identifier: GPL-2.0-or-later */
/* obsflat: metric objects of a json line as named values (obsflat.h). */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "stats/obsflat.h"

int obsflat_is_metric(const char *key, json_t *value)
{
	const char *k;
	json_t *m;

	if (!json_is_object(value) || strcmp(key, "options") == 0)
		return 0;
	if (json_is_number(json_object_get(value, "time")))
		return 1;
	/* a source of several (prom: one object per exporter) */
	json_object_foreach(value, k, m)
		if (json_is_object(m) && json_is_number(json_object_get(m, "time")))
			return 1;
	return 0;
}

static int flat_add(struct obsflat *out, const char *path, json_t *v, double time,
                    int counter)
{
	struct obsflat_item *it = realloc(out->it, (out->n + 1) * sizeof(*it));

	if (!it)
		return -ENOMEM;
	out->it = it;
	it += out->n;
	if (!(it->path = strdup(path)))
		return -ENOMEM;
	it->v = json_is_number(v) ? json_number_value(v) : json_is_true(v) ? 1
	        : json_is_false(v) ? 0 : NAN;
	it->str = json_is_string(v) ? json_string_value(v) : NULL;
	it->time = time;
	it->counter = counter;
	out->n++;
	return 0;
}

/* The leaves of v, named prefix.key... */
static int flat_walk(struct obsflat *out, const char *prefix, json_t *v, double time,
                     int counter)
{
	char path[1024];
	const char *k;
	json_t *m;
	size_t i;

	if (json_is_object(v)) {
		json_t *t = json_object_get(v, "time");
		if (json_is_number(t))
			time = json_number_value(t);
		json_object_foreach(v, k, m) {
			snprintf(path, sizeof(path), "%s.%s", prefix, k);
			if (flat_walk(out, path, m, time, counter || strcmp(k, "counters") == 0))
				return -ENOMEM;
		}
		return 0;
	}
	if (json_is_array(v)) {
		json_array_foreach(v, i, m) {
			snprintf(path, sizeof(path), "%s.%zu", prefix, i);
			if (flat_walk(out, path, m, time, counter))
				return -ENOMEM;
		}
		return 0;
	}
	return flat_add(out, prefix, v, time, counter);
}

int obsflat_line(json_t *line, struct obsflat *out)
{
	const char *k;
	json_t *m;

	json_object_foreach(line, k, m)
		if (obsflat_is_metric(k, m) && flat_walk(out, k, m, NAN, 0))
			return -ENOMEM;
	return 0;
}

const struct obsflat_item *obsflat_find(const struct obsflat *f, const char *path)
{
	for (unsigned i = 0; f && i < f->n; i++)
		if (strcmp(f->it[i].path, path) == 0)
			return &f->it[i];
	return NULL;
}

double obsflat_rate(const struct obsflat_item *it)
{
	if (it == NULL || !isfinite(it->v))
		return NAN;
	if (!it->counter)
		return it->v;
	return it->time > 0 ? it->v / it->time : NAN;
}

json_t *obsflat_pick(json_t *line)
{
	json_t *o = NULL, *m;
	const char *k;

	json_object_foreach(line, k, m) {
		if (!obsflat_is_metric(k, m))
			continue;
		if (!o && !(o = json_object()))
			return NULL;
		json_object_set(o, k, m);
	}
	return o;
}

/* b's members into a (see obsflat_merge); wa, wb: their weights. */
static int merge_obj(json_t *a, json_t *b, double wa, double wb, int counter)
{
	const char *k;
	json_t *vb;

	json_object_foreach(b, k, vb) {
		json_t *va = json_object_get(a, k);
		if (!va) {
			if (json_object_set(a, k, vb))
				return -ENOMEM;
			continue;
		}
		if (json_is_object(va) && json_is_object(vb)) {
			json_t *ta = json_object_get(va, "time"), *tb = json_object_get(vb, "time");
			double na = json_is_number(ta) ? json_number_value(ta) : wa;
			double nb = json_is_number(tb) ? json_number_value(tb) : wb;
			/* a shared member is replaced by a copy of its own first */
			if (json_object_set_new(a, k, json_deep_copy(va)) ||
			    merge_obj(json_object_get(a, k), vb, na, nb, counter || strcmp(k, "counters") == 0))
				return -ENOMEM;
			continue;
		}
		if (!json_is_number(va) || !json_is_number(vb))
			continue;
		double x = json_number_value(va), y = json_number_value(vb), v;
		if (counter || strcmp(k, "time") == 0)
			v = x + y;
		else
			v = wa + wb > 0 ? (x * wa + y * wb) / (wa + wb) : (x + y) / 2;
		if (json_object_set_new(a, k, json_real(v)))
			return -ENOMEM;
	}
	return 0;
}

int obsflat_merge(json_t *a, json_t *b)
{
	return json_is_object(a) && json_is_object(b) ? merge_obj(a, b, 0, 0, 0) : 0;
}

void obsflat_free(struct obsflat *f)
{
	if (f == NULL)
		return;
	for (unsigned i = 0; i < f->n; i++)
		free(f->it[i].path);
	free(f->it);
	f->it = NULL;
	f->n = 0;
}
