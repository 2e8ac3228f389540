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

/* Padding (in counts) on each side of the counts array, so that two
 * histograms recorded by different threads never share a cache line. */
#define HDR_PAD 8

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

/* The used slots are walked segment by segment: a segment is half_count
 * slots (8 KB at 3 significant figures), and seg_used says which ones were
 * recorded into. A slot of any other is 0 and is not read: a read of an
 * untouched anonymous page can map a page of its own (it does on the
 * kernels seen here, and RSS counts it), and the used range of a thread's
 * histogram spans mostly empty segments (events of 100 ns and of 100 ms: 35
 * segments, 5 used). Reading them cost 28 MB of peak RSS at --threads=1000
 * when the final report added up the threads' histograms.
 *
 * next_run: the first run of used segments at or after slot *a, clipped to
 * [*a, hi]: returns 1 with the run as [*a, *b), or 0 when none is left. */
static inline int next_run(const struct hdr_hist *h, size_t *a, size_t hi, size_t *b)
{
	size_t s = *a >> h->half_mag, end;
	uint64_t m;
	unsigned len;

	if (*a > hi || s >= 64 || (m = h->seg_used >> s) == 0)
		return 0;
	if (!(m & 1)) {
		unsigned k = (unsigned)__builtin_ctzll(m);
		s += k;
		m >>= k;
		*a = s << h->half_mag;
		if (*a > hi)
			return 0;
	}
	len = ~m ? (unsigned)__builtin_ctzll(~m) : 64 - (unsigned)s;
	end = (s + len) << h->half_mag;
	*b = end <= hi ? end : hi + 1;
	return 1;
}

/* for (i in the used slots of [lo, hi]): a, b and i are size_t variables */
#define FOR_USED(h, lo, hi, a, b, i) \
	for (a = (lo); next_run((h), &a, (hi), &b); a = b) \
		for (i = a; i < b; i++)

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
	/* one bit of seg_used per half_count slots: at most 59 */
	if (*buckets + 1 > 64)
		return 0;
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
	size_t len, size;

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
	/* mmap, not calloc: calloc may hand out recycled heap memory and
	 * clear it (glibc raises its mmap threshold after frees), touching
	 * every page; fresh anonymous pages cost no RSS until recorded into. */
	h->alloc_size = (len + 2 * HDR_PAD) * sizeof(int64_t);
	h->alloc = mmap(NULL, h->alloc_size, PROT_READ | PROT_WRITE,
	                MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (h->alloc == MAP_FAILED) {
		free(h);
		return -ENOMEM;
	}
	h->counts = h->alloc + HDR_PAD;
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

void hdr_reset(struct hdr_hist *h)
{
	size_t lo, hi, a, b;

	/* Only the used segments: clearing all of the array, or all of the
	 * used range, would fault in pages nothing was recorded into. */
	if (h->total > 0) {
		used_range(h, &lo, &hi);
		for (a = lo; next_run(h, &a, hi, &b); a = b)
			memset(h->counts + a, 0, (b - a) * sizeof(int64_t));
	}
	h->seg_used = 0;
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

	if (!same_shape(dst, src))
		return -EINVAL;
	if (src->total == 0)
		return 0;
	used_range(src, &lo, &hi);
	FOR_USED(src, lo, hi, a, b, i)
		dst->counts[i] += src->counts[i];
	dst->seg_used |= src->seg_used;
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
	double sum = 0;

	if (h->total == 0)
		return 0;
	used_range(h, &lo, &hi);
	FOR_USED(h, lo, hi, a, b, i)
		if (h->counts[i])
			sum += (double)h->counts[i] * slot_middle(h, i);
	return sum / (double)h->total;
}

double hdr_stddev(const struct hdr_hist *h)
{
	size_t lo, hi, a, b, i;
	double mean, d, sq = 0;

	if (h->total == 0)
		return 0;
	mean = hdr_mean(h);
	used_range(h, &lo, &hi);
	FOR_USED(h, lo, hi, a, b, i) {
		if (!h->counts[i])
			continue;
		d = slot_middle(h, i) - mean;
		sq += (double)h->counts[i] * d * d;
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
	FOR_USED(h, lo, hi, a, b, i) {
		seen += h->counts[i];
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

	if (h->total == 0)
		return 0;
	used_range(h, &lo, &hi);
	if (a < lo)
		a = lo;
	for (; next_run(h, &a, hi, &b); a = b)
		for (i = a; i < b; i++)
			if (h->counts[i]) {
				*value = slot_highest(h, i);
				*count = h->counts[i];
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
