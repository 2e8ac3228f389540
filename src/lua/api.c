/* C functions behind sysbench.histogram (declared in lua/ffi_api.h).
 * A script histogram is sysbench's kind: `size` logarithmic buckets over
 * [min, max]; values outside are clamped into the end buckets. */
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lua/ffi_api.h"

struct bench_lua_hist {
	uint32_t size;
	double min, max;
	double lmin, lrange;
	uint64_t total;
	uint64_t counts[];
};

bench_lua_hist *bench_hist_new(uint32_t size, double min, double max)
{
	bench_lua_hist *h;
	if (size == 0 || size > (1u << 24) || !(min > 0) || !(max > min))
		return NULL;
	h = calloc(1, sizeof(*h) + size * sizeof(uint64_t));
	if (h == NULL)
		return NULL;
	h->size = size;
	h->min = min;
	h->max = max;
	h->lmin = log(min);
	h->lrange = log(max) - h->lmin;
	return h;
}

void bench_hist_free(bench_lua_hist *h)
{
	free(h);
}

void bench_hist_update(bench_lua_hist *h, double v)
{
	double x;
	uint32_t i;
	if (!(v > h->min))
		i = 0;
	else if (v >= h->max)
		i = h->size - 1;
	else {
		x = (log(v) - h->lmin) / h->lrange * h->size;
		i = x >= h->size ? h->size - 1 : (uint32_t)x;
	}
	__atomic_fetch_add(&h->counts[i], 1, __ATOMIC_RELAXED);
	__atomic_fetch_add(&h->total, 1, __ATOMIC_RELAXED);
}

static double bench_hist_value(const bench_lua_hist *h, uint32_t i)
{
	return exp(h->lmin + h->lrange * i / h->size);
}

double bench_hist_percentile(bench_lua_hist *h, double pct)
{
	uint64_t need, acc = 0;
	uint32_t i;
	if (h->total == 0)
		return 0;
	need = (uint64_t)ceil(pct / 100.0 * h->total);
	if (need == 0)
		need = 1;
	for (i = 0; i < h->size; i++) {
		acc += h->counts[i];
		if (acc >= need)
			return bench_hist_value(h, i + 1);
	}
	return h->max;
}

void bench_hist_print(bench_lua_hist *h)
{
	uint64_t maxc = 0;
	uint32_t i;
	for (i = 0; i < h->size; i++)
		if (h->counts[i] > maxc)
			maxc = h->counts[i];
	printf("       value  ------------- distribution ------------- count\n");
	for (i = 0; i < h->size; i++) {
		char bar[41];
		int stars;
		if (h->counts[i] == 0)
			continue;
		stars = (int)floor((double)h->counts[i] * 40 / maxc + 0.5);
		memset(bar, '*', (size_t)stars);
		bar[stars] = 0;
		printf("%12.3f |%-40s %llu\n", bench_hist_value(h, i), bar,
		       (unsigned long long)h->counts[i]);
	}
	fflush(stdout);
}
