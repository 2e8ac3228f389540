/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * hdr: an HdrHistogram (High Dynamic Range histogram) of int64 values.
 *
 * Values are bucketed so that any recorded value v is represented with a
 * relative error below 10^-sig_figs (sig_figs = 3: better than 0.1%), over
 * the whole range [lowest, highest]. Counts are int64. Memory is reserved
 * once at creation (fresh anonymous pages, so untouched ones cost no RSS)
 * and counts are packed in it by first use (HDR_CHUNK below).
 *
 * Thread-safety: none. A histogram is owned by one thread at a time; the
 * interval swap between a recording thread and a reader lives in stats.h.
 */
#ifndef BENCH_HDR_H
#define BENCH_HDR_H

#include <stdint.h>
#include <stddef.h>

/* The histogram. Its fields are here only so that recording (below) can
 * be inlined into the event path: use the functions, never the fields. */
struct hdr_hist {
	/* Kept together so that recording touches as few lines as possible. */
	uint32_t *chunk;        /* per HDR_CHUNK slots: where its counts are */
	int64_t lowest;
	int64_t highest;
	uint64_t sub_mask;      /* (sub_count - 1) << unit */
	int unit;               /* log2 of the slot width in bucket 0 */
	int half_mag;           /* log2(sub_count / 2) */
	int64_t total;
	int64_t min;            /* INT64_MAX while empty */
	int64_t max;            /* INT64_MIN while empty */
	int64_t clamped;
	uint32_t nchunks;       /* chunks of counts handed out */
	uint32_t cells_off;     /* where the first chunk's counts are */

	int sig_figs;
	int bucket_count;
	size_t counts_len;
	void *alloc;            /* the chunk table, then the counts */
	size_t alloc_size;
};

/* Counts live in chunks of HDR_CHUNK consecutive slots, handed out in the
 * order slots are first recorded into and packed one after another, so
 * that a histogram's resident memory follows how many distinct chunks it
 * holds, not how far apart they are (a thread's events of 100 ns and of
 * 100 ms used to touch every 8 KB of counts in between that a value fell
 * in: 10 to 40 pages a thread). chunk[i / HDR_CHUNK] is 0 while slot i's
 * chunk has none, else the byte offset of its counts from `chunk`. */
#define HDR_CHUNK_BITS 6
#define HDR_CHUNK (1u << HDR_CHUNK_BITS)

/* Create a histogram tracking [lowest, highest] (lowest >= 1, highest >=
 * 2*lowest) with sig_figs in 1..5. Returns 0 and *out, or -EINVAL/-ENOMEM. */
int hdr_create(int64_t lowest, int64_t highest, int sig_figs,
               struct hdr_hist **out);

/* The length of the counts array of a histogram of [lowest, highest] at
 * sig_figs, as hdr_create lays it out; 0 when none can be laid out
 * (lowest < 1, highest < lowest, sig_figs outside 1..5). For checking
 * what a serialised histogram declares before building one. */
size_t hdr_counts_len(int64_t lowest, int64_t highest, int sig_figs);

/* Free a histogram. NULL-safe. */
void hdr_destroy(struct hdr_hist *h);

/* Zero all counts, min, max and sum. */
void hdr_reset(struct hdr_hist *h);

/* Record value v (count n >= 1). Values below lowest are clamped to lowest,
 * above highest to highest (and counted in hdr_clamped()). Never fails. */
void hdr_record_n(struct hdr_hist *h, int64_t v, int64_t n);
static inline void hdr_record(struct hdr_hist *h, int64_t v);

/* Add every count of src into dst. Both must have been created with the same
 * lowest/highest/sig_figs: returns 0, or -EINVAL when they differ. */
int hdr_add(struct hdr_hist *dst, const struct hdr_hist *src);

/* Total number of recorded values. */
int64_t hdr_count(const struct hdr_hist *h);
/* Exact min / max of recorded (unclamped) values; 0 when empty. */
int64_t hdr_min(const struct hdr_hist *h);
int64_t hdr_max(const struct hdr_hist *h);
/* Mean and standard deviation (from bucket midpoints); 0 when empty. */
double hdr_mean(const struct hdr_hist *h);
double hdr_stddev(const struct hdr_hist *h);
/* Number of values that were clamped into range. */
int64_t hdr_clamped(const struct hdr_hist *h);

/* Value at percentile pct (0..100): the smallest bucket value such that at
 * least pct% of values are <= it, reported as the highest value equivalent
 * to that bucket but never above hdr_max(). 0 when empty. */
int64_t hdr_value_at_percentile(const struct hdr_hist *h, double pct);

/* Iterate the non-empty buckets in ascending order. Start with *cursor = 0;
 * each call returns 1 and fills *value (highest equivalent value of the
 * bucket) and *count, or returns 0 at the end. */
int hdr_next_bucket(const struct hdr_hist *h, size_t *cursor,
                    int64_t *value, int64_t *count);

/* Configuration the histogram was created with. */
int64_t hdr_lowest(const struct hdr_hist *h);
int64_t hdr_highest(const struct hdr_hist *h);
int hdr_sig_figs(const struct hdr_hist *h);

/* Size in bytes of the counts array (for memory accounting). */
size_t hdr_memory_size(const struct hdr_hist *h);


/* ---- inline recording (the rest of the implementation is in hdr.c) ---- */

/* The slot of value v (lowest <= v <= highest). */
static inline size_t hdr_index_of(const struct hdr_hist *h, int64_t v)
{
	/* shift = bucket + unit; the mask makes bucket 0 come out as 0 rather
	 * than negative for values below sub_count << unit. */
	int shift = (64 - __builtin_clzll((uint64_t)v | h->sub_mask)) -
		    (h->half_mag + 1);
	return ((size_t)(shift - h->unit) << h->half_mag) +
	       (size_t)((uint64_t)v >> shift);
}

static inline int64_t hdr_clamp(const struct hdr_hist *h, int64_t v)
{
	return v < h->lowest ? h->lowest : v > h->highest ? h->highest : v;
}

/* Hands out slot i's chunk; returns its offset (hdr.c). */
uint32_t hdr_chunk_new(struct hdr_hist *h, size_t i);

/* The counts of the chunk at offset off (from the chunk table). */
static inline int64_t *hdr_chunk_at(const struct hdr_hist *h, uint32_t off)
{
	return (int64_t *)((char *)h->chunk + off);
}

/* The counts of slot i's chunk, handed out if it has none yet: slot i's
 * count is [i % HDR_CHUNK]. */
static inline int64_t *hdr_chunk_of(struct hdr_hist *h, size_t i)
{
	uint32_t off = h->chunk[i >> HDR_CHUNK_BITS];

	if (__builtin_expect(off == 0, 0))
		off = hdr_chunk_new(h, i);
	return hdr_chunk_at(h, off);
}

static inline void hdr_record_inline(struct hdr_hist *h, int64_t v, int64_t n)
{
	int64_t c = v;
	size_t i;

	if (__builtin_expect(v < h->lowest || v > h->highest, 0)) {
		c = hdr_clamp(h, v);
		h->clamped += n;
	}
	i = hdr_index_of(h, c);
	hdr_chunk_of(h, i)[i & (HDR_CHUNK - 1)] += n;
	h->total += n;
	if (v < h->min)
		h->min = v;
	if (v > h->max)
		h->max = v;
}

static inline void hdr_record(struct hdr_hist *h, int64_t v)
{
	hdr_record_inline(h, v, 1);
}
#endif
