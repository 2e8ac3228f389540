/*
 * stats: per-thread event statistics and their lock-free harvest.
 *
 * Each worker thread owns one struct stats_thread, on its own cache lines.
 * The worker records into it with plain stores (no locks, no shared writes);
 * one reader thread (the reporter) periodically harvests what was recorded
 * since its previous harvest, without stopping the workers:
 *   - counters are monotonic per thread; the harvest reports deltas;
 *   - event latencies go into one of two phase buffers (histograms + sums);
 *     the harvest flips the active phase and waits for the writer to leave
 *     the old one (a writer/reader phaser, as HdrHistogram's interval
 *     recorder), so no sample is lost or counted twice.
 *
 * Units: latencies in nanoseconds.
 */
#ifndef BENCH_STATS_H
#define BENCH_STATS_H

#include <stdint.h>
#include <stddef.h>
#include "stats/hdr.h"

/* Monotonic per-thread counters. */
enum stats_ctr {
	STATS_READS = 0,        /* SQL reads / fileio read ops */
	STATS_WRITES,           /* SQL writes / fileio write ops */
	STATS_OTHER,            /* SQL other / fileio fsyncs */
	STATS_ERRORS,           /* ignored errors */
	STATS_RECONNECTS,
	STATS_READ_BYTES,
	STATS_WRITTEN_BYTES,
	STATS_USER0,            /* free for workloads */
	STATS_USER1,
	STATS_USER2,
	STATS_USER3,
	/* bench-internal (not for workloads), with --latency-limit: */
	STATS_LATE,             /* events whose latency exceeded the limit */
	STATS_SKIPPED,          /* --rate arrivals skipped: lag over the limit */
	STATS_NCTR
};

/* Histogram range: 1 ns .. 1 hour; larger latencies are clamped. */
#define STATS_HDR_LOWEST  1
#define STATS_HDR_HIGHEST (3600LL * 1000000000LL)

/* Flags for stats_create(). */
#define STATS_F_WAIT 0x1        /* also keep schedule-lag and service-time
                                 * histograms (open loop, --rate) */

/* One phase buffer: what a thread recorded during one harvest period. */
struct stats_phase {
	struct hdr_hist *lat;    /* event latency */
	struct hdr_hist *wait;   /* schedule lag (NULL without STATS_F_WAIT) */
	struct hdr_hist *svc;    /* service time = latency - lag (idem) */
	uint64_t events;
	uint64_t lat_sum_ns;
	uint64_t wait_sum_ns;
	uint64_t svc_sum_ns;
};

struct stats_thread {
	/* Owner-written, read by the harvester with relaxed loads. */
	_Alignas(64) uint64_t ctr[STATS_NCTR];
	/* Phaser state (see stats.c). */
	_Alignas(64) int64_t ph_start;
	int64_t ph_even_end;
	int64_t ph_odd_end;
	struct stats_phase ph[2];
	/* Harvester-private: counter values at the previous harvest. */
	_Alignas(64) uint64_t last_ctr[STATS_NCTR];
};

struct stats;

/* Aggregate of one or more harvests. */
struct stats_snap {
	unsigned nthreads;
	uint64_t ctr[STATS_NCTR];
	uint64_t events;
	uint64_t lat_sum_ns;
	uint64_t wait_sum_ns;
	uint64_t svc_sum_ns;
	struct hdr_hist *lat;
	struct hdr_hist *wait;          /* NULL without STATS_F_WAIT */
	struct hdr_hist *svc;           /* NULL without STATS_F_WAIT */
	uint64_t *thread_events;        /* [nthreads] */
	uint64_t *thread_lat_sum_ns;    /* [nthreads] */
};

/* Create statistics for nthreads worker threads with the given histogram
 * precision (sig_figs 1..5). Returns 0 and *out, or -EINVAL / -ENOMEM. */
int stats_create(unsigned nthreads, unsigned flags, int sig_figs,
                 struct stats **out);
/* Free. NULL-safe. No thread may be recording. */
void stats_destroy(struct stats *s);

unsigned stats_nthreads(const struct stats *s);

/* The per-thread recorder of thread tid (0-based). */
struct stats_thread *stats_thread(struct stats *s, unsigned tid);

/* Owner thread only: add n to counter c. Lock-free, no atomic RMW. */
static inline void stats_inc(struct stats_thread *t, enum stats_ctr c,
                             uint64_t n)
{
	__atomic_store_n(&t->ctr[c], t->ctr[c] + n, __ATOMIC_RELAXED);
}

/* Owner thread only: record one finished event with its latency and
 * schedule lag (wait_ns ignored without STATS_F_WAIT; with it, the service
 * time lat_ns - wait_ns is recorded too). Lock-free. */
void stats_record_event(struct stats_thread *t, int64_t lat_ns,
                        int64_t wait_ns);

/* Snapshots. create: zeroed, shaped like s's histograms. */
int stats_snap_create(const struct stats *s, struct stats_snap **out);
void stats_snap_destroy(struct stats_snap *snap);        /* NULL-safe */
void stats_snap_reset(struct stats_snap *snap);
/* dst += src (same shape). Returns 0 or -EINVAL. */
int stats_snap_add(struct stats_snap *dst, const struct stats_snap *src);

/* Reader only (one thread at a time): add to `into` everything recorded
 * since the previous stats_harvest(), then start a new period. Never blocks
 * a writer; waits at most for a writer to finish recording one event. */
void stats_harvest(struct stats *s, struct stats_snap *into);

#endif
