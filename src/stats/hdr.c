/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * hdr: High Dynamic Range histogram.
 *
 * A value is located by its power-of-two magnitude (the bucket) and its
 * leading bits inside that magnitude (the sub-bucket). Bucket 0 has
 * sub_count slots of width 2^unit starting at 0; each later bucket b covers
 * [sub_count << (unit+b-1), sub_count << (unit+b)) with the upper half of the
 * sub-buckets only, at width 2^(unit+b) -- its lower half would describe
 * values bucket b-1 already holds at a finer width. The counts array is thus
 * bucket 0 in full followed by one half per later bucket, and the slot of v
 * is (bucket << half_mag) + (v >> (bucket + unit)).
 *
 * Above bucket 0 a slot is at most v / half_count wide, and half_count >
 * 10^sig_figs, which is the promised relative precision. For it to hold
 * from `lowest` on, bucket 0's slots must be no wider than lowest /
 * half_count, so unit is log2(lowest) minus half_mag (not log2(lowest) as
 * in HdrHistogram, where lowest is only the smallest discernible value).
 * With lowest = 1 both agree and the layout is HdrHistogram's.
 */
#include <errno.h>
#include <sys/mman.h>
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "stats/hdr.h"

/* Lowest value mapping to slot i, and the slot's width as a power of two. */
static inline int64_t slot_lowest(const struct hdr_hist *h, size_t i,
				  int *width_mag)
{
	size_t q = i >> h->half_mag;
	int64_t sub = (int64_t)(i & (((size_t)1 << h->half_mag) - 1));
	int bucket = 0;

	if (q > 0) {
		bucket = (int)q - 1;
		sub += (int64_t)1 << h->half_mag;
	}
	*width_mag = bucket + h->unit;
	return (int64_t)((uint64_t)sub << *width_mag);
}

static inline int64_t slot_highest(const struct hdr_hist *h, size_t i)
{
	int mag;
	int64_t lo = slot_lowest(h, i, &mag);

	return lo + (int64_t)(((uint64_t)1 << mag) - 1);
}

static inline double slot_middle(const struct hdr_hist *h, size_t i)
{
	int mag;
	int64_t lo = slot_lowest(h, i, &mag);

	return (double)lo + (double)(((uint64_t)1 << mag) >> 1);
}

/* Every non-zero count lies in [*lo, *hi]: clamping is monotonic, so the
 * slots of the clamped min and max bound all recorded slots. */
static inline void used_range(const struct hdr_hist *h, size_t *lo, size_t *hi)
{
	*lo = hdr_index_of(h, hdr_clamp(h, h->min));
	*hi = hdr_index_of(h, hdr_clamp(h, h->max));
}

/* The used slots are walked chunk by chunk, and a chunk never handed out
 * is not read: its slots are 0, and a read of an untouched anonymous page
 * can map a page of its own (it does on the kernels seen here, and RSS
 * counts it).
 *
 * next_chunk: the counts of the first chunk handed out at or after slot
 * *a, up to slot hi: the chunk's slots from *a (moved up to its first)
 * to *b (exclusive; clipped to hi + 1); slot i's count is then
 * p[i % HDR_CHUNK]. NULL when none is left. */
static inline int64_t *next_chunk(const struct hdr_hist *h, size_t *a, size_t hi, size_t *b)
{
	for (size_t c = *a >> HDR_CHUNK_BITS; *a <= hi && c <= hi >> HDR_CHUNK_BITS; c++) {
		uint32_t off = h->chunk[c];
		size_t first = c << HDR_CHUNK_BITS, end = first + HDR_CHUNK;

		if (off == 0)
			continue;
		if (*a < first)
			*a = first;
		*b = end <= hi ? end : hi + 1;
		return hdr_chunk_at(h, off);
	}
	return NULL;
}

/* for (i in the slots of [lo, hi] in chunks handed out), slot i's count
 * being p[i % HDR_CHUNK]: a, b and i are size_t variables, p an int64_t * */
#define FOR_USED(h, lo, hi, a, b, p, i) \
	for (a = (lo); (p = next_chunk((h), &a, (hi), &b)) != NULL; a = b) \
		for (i = a; i < b; i++)

#define CELL(p, i) ((p)[(i) & (HDR_CHUNK - 1)])

/* The layout of a histogram of [lowest, highest] at sig_figs (see the top
 * of this file): log2 of sub_count, unit and the bucket count; returns the
 * length of the counts array, 0 when the range is out of reach. */
static size_t hdr_layout(int64_t lowest, int64_t highest, int sig_figs,
			 int *count_mag, int *unit, int *buckets)
{
	int64_t target = 2, top;

	if (lowest < 1 || highest < lowest || sig_figs < 1 || sig_figs > 5)
		return 0;
	for (int i = 0; i < sig_figs; i++)
		target *= 10;
	*count_mag = 0;
	while (((int64_t)1 << *count_mag) < target)
		(*count_mag)++;
	*unit = (63 - __builtin_clzll((uint64_t)lowest)) - (*count_mag - 1);
	if (*unit < 0)
		*unit = 0;
	/* sub_count << unit is at most 2 * lowest, which fits when highest
	 * >= 2 * lowest (hdr_create); a log's header may claim less */
	if (*unit + *count_mag > 62)
		return 0;

	top = (int64_t)1 << (*unit + *count_mag);
	*buckets = 1;
	while (top <= highest) {
		(*buckets)++;
		if (top > INT64_MAX / 2)
			break;
		top <<= 1;
	}
	return (size_t)(*buckets + 1) << (*count_mag - 1);
}

size_t hdr_counts_len(int64_t lowest, int64_t highest, int sig_figs)
{
	int count_mag, unit, buckets;

	return hdr_layout(lowest, highest, sig_figs, &count_mag, &unit, &buckets);
}

int hdr_create(int64_t lowest, int64_t highest, int sig_figs,
	       struct hdr_hist **out)
{
	struct hdr_hist *h;
	int count_mag, unit, buckets;
	size_t len, size, nchunks, table;

	if (highest / 2 < lowest)
		return -EINVAL;
	len = hdr_layout(lowest, highest, sig_figs, &count_mag, &unit, &buckets);
	if (len == 0)
		return -EINVAL;

	size = (sizeof(*h) + 63) & ~(size_t)63;
	h = aligned_alloc(64, size);
	if (!h)
		return -ENOMEM;
	memset(h, 0, sizeof(*h));
	/* The chunk table, then room for every chunk. mmap, not calloc:
	 * calloc may hand out recycled heap memory and clear it (glibc raises
	 * its mmap threshold after frees), touching every page; fresh
	 * anonymous pages cost no RSS until used, and a page is separate
	 * from any other histogram's (no line shared between threads). */
	nchunks = (len + HDR_CHUNK - 1) / HDR_CHUNK;
	table = (nchunks * sizeof(uint32_t) + 63) & ~(size_t)63;
	h->alloc_size = table + nchunks * HDR_CHUNK * sizeof(int64_t);
	if (h->alloc_size > UINT32_MAX) {       /* offsets are 32-bit */
		free(h);
		return -EINVAL;
	}
	h->alloc = mmap(NULL, h->alloc_size, PROT_READ | PROT_WRITE,
	                MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (h->alloc == MAP_FAILED) {
		free(h);
		return -ENOMEM;
	}
	h->chunk = h->alloc;
	h->cells_off = (uint32_t)table;
	h->lowest = lowest;
	h->highest = highest;
	h->unit = unit;
	h->half_mag = count_mag - 1;
	h->sub_mask = (((uint64_t)1 << count_mag) - 1) << unit;
	h->sig_figs = sig_figs;
	h->bucket_count = buckets;
	h->counts_len = len;
	h->min = INT64_MAX;
	h->max = INT64_MIN;
	*out = h;
	return 0;
}

void hdr_destroy(struct hdr_hist *h)
{
	if (!h)
		return;
	munmap(h->alloc, h->alloc_size);
	free(h);
}

uint32_t hdr_chunk_new(struct hdr_hist *h, size_t i)
{
	uint32_t off = h->cells_off + h->nchunks * (uint32_t)(HDR_CHUNK * sizeof(int64_t));

	h->nchunks++;
	h->chunk[i >> HDR_CHUNK_BITS] = off;
	return off;
}

void hdr_reset(struct hdr_hist *h)
{
	size_t lo, hi;

	/* Only the chunks handed out, which are packed, and the table's
	 * entries for the used range (every chunk handed out is in it):
	 * clearing more would fault in pages nothing was recorded into. */
	if (h->nchunks > 0) {
		if (h->total > 0) {
			used_range(h, &lo, &hi);
			memset(h->chunk + (lo >> HDR_CHUNK_BITS), 0,
			       ((hi >> HDR_CHUNK_BITS) - (lo >> HDR_CHUNK_BITS) + 1) * sizeof(uint32_t));
		} else {
			memset(h->chunk, 0, h->cells_off);
		}
		memset((char *)h->chunk + h->cells_off, 0,
		       (size_t)h->nchunks * HDR_CHUNK * sizeof(int64_t));
		h->nchunks = 0;
	}
	h->total = 0;
	h->clamped = 0;
	h->min = INT64_MAX;
	h->max = INT64_MIN;
}

void hdr_record_n(struct hdr_hist *h, int64_t v, int64_t n)
{
	if (n > 0)
		hdr_record_inline(h, v, n);
}

static int same_shape(const struct hdr_hist *a, const struct hdr_hist *b)
{
	return a->lowest == b->lowest && a->highest == b->highest &&
	       a->sig_figs == b->sig_figs;
}

int hdr_add(struct hdr_hist *dst, const struct hdr_hist *src)
{
	size_t lo, hi, a, b, i;
	const int64_t *p;

	if (!same_shape(dst, src))
		return -EINVAL;
	if (src->total == 0)
		return 0;
	used_range(src, &lo, &hi);
	for (a = lo; (p = next_chunk(src, &a, hi, &b)) != NULL; a = b) {
		int64_t *q = hdr_chunk_of(dst, a);

		for (i = a; i < b; i++)
			CELL(q, i) += CELL(p, i);
	}
	dst->total += src->total;
	dst->clamped += src->clamped;
	if (src->min < dst->min)
		dst->min = src->min;
	if (src->max > dst->max)
		dst->max = src->max;
	return 0;
}

int64_t hdr_count(const struct hdr_hist *h)
{
	return h->total;
}

int64_t hdr_min(const struct hdr_hist *h)
{
	return h->total ? h->min : 0;
}

int64_t hdr_max(const struct hdr_hist *h)
{
	return h->total ? h->max : 0;
}

double hdr_mean(const struct hdr_hist *h)
{
	size_t lo, hi, a, b, i;
	const int64_t *p;
	double sum = 0;

	if (h->total == 0)
		return 0;
	used_range(h, &lo, &hi);
	FOR_USED(h, lo, hi, a, b, p, i)
		if (CELL(p, i))
			sum += (double)CELL(p, i) * slot_middle(h, i);
	return sum / (double)h->total;
}

double hdr_stddev(const struct hdr_hist *h)
{
	size_t lo, hi, a, b, i;
	const int64_t *p;
	double mean, d, sq = 0;

	if (h->total == 0)
		return 0;
	mean = hdr_mean(h);
	used_range(h, &lo, &hi);
	FOR_USED(h, lo, hi, a, b, p, i) {
		if (!CELL(p, i))
			continue;
		d = slot_middle(h, i) - mean;
		sq += (double)CELL(p, i) * d * d;
	}
	return sqrt(sq / (double)h->total);
}

int64_t hdr_clamped(const struct hdr_hist *h)
{
	return h->clamped;
}

int64_t hdr_value_at_percentile(const struct hdr_hist *h, double pct)
{
	size_t lo, hi, a, b, i;
	const int64_t *p;
	int64_t rank, seen = 0, v;
	double x;

	if (h->total == 0)
		return 0;
	if (!(pct > 0))
		return h->min;
	if (pct >= 100)
		return h->max;
	/* pct/100 is rarely exact in binary: 99.9% of 10^6 must be rank
	 * 999000, not 999001, so shave the rounding error before ceil. */
	x = pct / 100.0 * (double)h->total;
	rank = (int64_t)ceil(x - x * 4 * DBL_EPSILON);
	if (rank < 1)
		rank = 1;
	if (rank > h->total)
		rank = h->total;
	used_range(h, &lo, &hi);
	FOR_USED(h, lo, hi, a, b, p, i) {
		seen += CELL(p, i);
		if (seen >= rank) {
			v = slot_highest(h, i);
			return v < h->max ? v : h->max;
		}
	}
	return h->max;
}

int hdr_next_bucket(const struct hdr_hist *h, size_t *cursor,
		    int64_t *value, int64_t *count)
{
	size_t lo, hi, a = *cursor, b, i;
	const int64_t *p;

	if (h->total == 0)
		return 0;
	used_range(h, &lo, &hi);
	FOR_USED(h, a < lo ? lo : a, hi, a, b, p, i)
		if (CELL(p, i)) {
			*value = slot_highest(h, i);
			*count = CELL(p, i);
			*cursor = i + 1;
			return 1;
		}
	*cursor = hi + 1;
	return 0;
}

int64_t hdr_lowest(const struct hdr_hist *h)
{
	return h->lowest;
}

int64_t hdr_highest(const struct hdr_hist *h)
{
	return h->highest;
}

int hdr_sig_figs(const struct hdr_hist *h)
{
	return h->sig_figs;
}

size_t hdr_memory_size(const struct hdr_hist *h)
{
	return h->counts_len * sizeof(int64_t);
}
