/* SPDX-License-Identifier: GPL-2.0-or-later */
/* C functions behind sysbench.rand and sysbench.histogram under sysbench
 * 1.0.20's names (declared in ffi/core.h). */
#include <math.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ffi/core.h"
#include "rand/rand.h"
#include "util/leftover.h"
#include "util/progress.h"

/* ---- random numbers -------------------------------------------------- */

uint64_t sb_rand_uniform_uint64(void)
{
	return rand_u64();
}

uint32_t sb_rand_default(uint32_t a, uint32_t b)
{
	return rand_default(a, b);
}

uint32_t sb_rand_uniform(uint32_t a, uint32_t b)
{
	return rand_uniform(a, b);
}

uint32_t sb_rand_gaussian(uint32_t a, uint32_t b)
{
	return rand_gaussian(a, b);
}

uint32_t sb_rand_special(uint32_t a, uint32_t b)
{
	return rand_special(a, b);
}

uint32_t sb_rand_pareto(uint32_t a, uint32_t b)
{
	return rand_pareto(a, b);
}

uint32_t sb_rand_unique(void)
{
	return rand_unique();
}

void sb_rand_str(const char *fmt, char *buf)
{
	rand_string(buf, fmt, (unsigned)strlen(fmt));
}

double sb_rand_uniform_double(void)
{
	return rand_uniform_double();
}

/* ---- histograms -------------------------------------------------------- */

/* sysbench's bucket layout, a fact scripts see in print(): bucket i holds
 * values whose log lies within half a step of log(min) + i * step, with
 * step = (log(max) - log(min)) / (size - 1), so the first bucket is min and
 * the last is max. */
struct histogram {
	size_t size;
	double lmin;            /* log(range_min) */
	double mult;            /* buckets per unit of log */
	uint64_t counts[];
};

sb_histogram_t *sb_histogram_new(size_t size, double range_min,
                                 double range_max)
{
	sb_histogram_t *h;
	if (size == 0 || size > ((size_t)1 << 24) || !(range_min > 0) ||
	    !(range_max > range_min))
		return NULL;
	h = calloc(1, sizeof(*h) + size * sizeof(uint64_t));
	if (h == NULL)
		return NULL;
	h->size = size;
	h->lmin = log(range_min);
	h->mult = (double)(size - 1) / (log(range_max) - h->lmin);
	return h;
}

void sb_histogram_delete(sb_histogram_t *h)
{
	free(h);
}

void sb_histogram_update(sb_histogram_t *h, double value)
{
	double x = floor((log(value) - h->lmin) * h->mult + 0.5);
	size_t i;
	rand_skip();   /* sysbench draws a slot: keep the stream in step */
	/* 0, negatives and NaN land in the first bucket, as in sysbench */
	if (!(x > 0))
		i = 0;
	else if (x >= (double)(h->size - 1))
		i = h->size - 1;
	else
		i = (size_t)x;
	__atomic_fetch_add(&h->counts[i], 1, __ATOMIC_RELAXED);
}

/* With size 1 this is 0/0: sysbench prints -nan there too. */
static double hist_value(const sb_histogram_t *h, size_t i)
{
	return exp((double)i / h->mult + h->lmin);
}

double bench_hist_percentile(sb_histogram_t *h, double pct)
{
	uint64_t total = 0, need, acc = 0;
	size_t i;
	for (i = 0; i < h->size; i++)
		total += __atomic_load_n(&h->counts[i], __ATOMIC_RELAXED);
	if (total == 0)
		return 0;
	need = (uint64_t)ceil(pct / 100.0 * (double)total);
	if (need == 0)
		need = 1;
	for (i = 0; i < h->size; i++) {
		acc += __atomic_load_n(&h->counts[i], __ATOMIC_RELAXED);
		if (acc >= need)
			return hist_value(h, i);
	}
	return hist_value(h, h->size - 1);
}

void sb_histogram_print(sb_histogram_t *h)
{
	static const char stars[] = "****************************************";
	uint64_t maxc = 0, c;
	size_t i;
	for (i = 0; i < h->size; i++) {
		c = __atomic_load_n(&h->counts[i], __ATOMIC_RELAXED);
		if (c > maxc)
			maxc = c;
	}
	if (maxc == 0)
		return;         /* sysbench prints nothing, not even the header */
	/* one thread's table stays together when several print at once */
	flockfile(stdout);
	printf("       value  ------------- distribution ------------- count\n");
	for (i = 0; i < h->size; i++) {
		c = __atomic_load_n(&h->counts[i], __ATOMIC_RELAXED);
		if (c == 0)
			continue;
		printf("%12.3f |%-40.*s %llu\n", hist_value(h, i),
		       (int)floor((double)c * 40 / (double)maxc + 0.5), stars,
		       (unsigned long long)c);
	}
	fflush(stdout);
	funlockfile(stdout);
}

/* ---- sysbench.progress ------------------------------------------------ */

int bench_progress_begin(const char *label, double total, int bytes)
{
	return progress_begin(label, total, bytes);
}

/* Scripts add per row: a thread's small adds go to the shared line in
 * batches of 1000 (a row then costs no lock). */
void bench_progress_add(double n)
{
	static __thread double pending;

	pending += n;
	if (pending >= 1000) {
		progress_add(pending);
		pending = 0;
	}
}

void bench_progress_done(void)
{
	progress_end();
}

void bench_progress_hide(void)
{
	progress_hide();
}

void bench_leftover(const char *name, int state)
{
	if (name && (state == LEFTOVER_PARTIAL || state == LEFTOVER_DONE))
		leftover_mark(name, (enum leftover_state)state);
}
