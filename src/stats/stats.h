/* SPDX-License-Identifier: GPL-2.0-or-later */
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

#include <stdbool.h>
#include <stdint.h>
#include <stddef.h>
#include "ffi/core.h"
#include "stats/hdr.h"

/* Monotonic per-thread counters. The ones scripts may count are named once,
 * in ffi/core.h (enum bench_ctr, which Lua reads as ffi.C.BENCH_CTR_*). */
enum stats_ctr {
	STATS_READS = BENCH_CTR_READS,
	STATS_WRITES = BENCH_CTR_WRITES,
	STATS_OTHER = BENCH_CTR_OTHER,
	STATS_ERRORS = BENCH_CTR_ERRORS,
	STATS_RECONNECTS = BENCH_CTR_RECONNECTS,
	STATS_READ_BYTES = BENCH_CTR_READ_BYTES,
	STATS_WRITTEN_BYTES = BENCH_CTR_WRITTEN_BYTES,
	STATS_USER0 = BENCH_CTR_USER0,
	STATS_USER1 = BENCH_CTR_USER1,
	STATS_USER2 = BENCH_CTR_USER2,
	STATS_USER3 = BENCH_CTR_USER3,
	/* bench-internal (not for workloads), with --latency-limit: */
	STATS_LATE = BENCH_CTR_MAX, /* events whose latency exceeded the limit */
	STATS_SKIPPED,          /* --rate arrivals skipped: lag over the limit */
	STATS_EVENTS,           /* events a script counted itself with
	                         * sb_counter_inc(SB_CNT_TRX): in the event
	                         * totals and rates, not in latency */
	STATS_NCTR
};

/* Histogram range: 1 ns .. 1 hour; larger latencies are clamped. */
#define STATS_HDR_LOWEST  1
#define STATS_HDR_HIGHEST (3600LL * 1000000000LL)

/* Flags for stats_create(). */
#define STATS_F_WAIT 0x1        /* also keep schedule-lag and service-time
                                 * histograms (open loop, --rate) */

/* Event labels (sysbench.stats.label): a process-wide registry of names;
 * the event a worker is running may carry one label, and its latency is
 * then recorded under that label too. */
#define STATS_MAX_LABELS 64
#define STATS_LABEL_MAX_LEN 63

/* What one label (or one statement kind) recorded. */
struct stats_rec {
	struct hdr_hist *lat;    /* NULL until the first record */
	uint64_t events;         /* events (labels) / statements (kinds) */
	uint64_t errors;         /* ignored errors (labels) / failed statements */
	uint64_t lat_sum_ns;
};

/* Kinds of operation for --report-statements: the one way latency is
 * broken down by what an event did (labels break it down by what a script
 * says an event was). SQL statements, classified from their text by the
 * database layer (db/classify.h), then fileio's file operations. */
enum stats_stmt_kind {
	STATS_STMT_POINT_SELECT = 0,  /* SELECT without a range predicate */
	STATS_STMT_RANGE_SELECT,      /* SELECT ... BETWEEN / < / > */
	STATS_STMT_SUM_RANGE,         /* SELECT SUM(...) */
	STATS_STMT_ORDER_RANGE,       /* SELECT ... ORDER BY */
	STATS_STMT_DISTINCT_RANGE,    /* SELECT DISTINCT */
	STATS_STMT_INSERT,            /* INSERT, REPLACE */
	STATS_STMT_UPDATE,
	STATS_STMT_DELETE,
	STATS_STMT_BEGIN,             /* BEGIN, START TRANSACTION */
	STATS_STMT_COMMIT,
	STATS_STMT_ROLLBACK,
	STATS_STMT_OTHER,             /* anything else (DDL, SET, ...) */
	STATS_NSTMT,                  /* the SQL kinds end here */
	STATS_FILE_READ = STATS_NSTMT, /* fileio: a read request */
	STATS_FILE_WRITE,             /* a write request */
	STATS_FILE_FSYNC,             /* an fsync (fdatasync, msync) */
	STATS_NKIND
};

/* One phase buffer: what a thread recorded during one harvest period. */
struct stats_phase {
	struct hdr_hist *lat;    /* event latency */
	struct hdr_hist *wait;   /* schedule lag (NULL without STATS_F_WAIT) */
	struct hdr_hist *svc;    /* service time = latency - lag (idem) */
	uint64_t events;
	uint64_t lat_sum_ns;
	uint64_t wait_sum_ns;
	uint64_t svc_sum_ns;
	struct stats_rec *lbl;   /* [STATS_MAX_LABELS], allocated on first use */
	uint64_t lbl_lost;       /* labelled events not broken down (no memory) */
};

struct stats_thread {
	/* Owner-written, read by the harvester with relaxed loads. */
	_Alignas(64) uint64_t ctr[STATS_NCTR];
	/* Phaser state (see stats.c): the phase the writer records into
	 * (written by the reader only) and the writer's sequence (written by
	 * the owner only; odd while it records an event). */
	_Alignas(64) int ph_cur;
	uint64_t wr_seq;
	struct stats_phase ph[2];
	/* Owner-private: the label of the event in progress (id + 1, 0: none)
	 * and the error counter when it was set; statement statistics
	 * (allocated on first use, read after the workers are done). */
	unsigned label;
	uint64_t label_err0;
	int sig_figs;
	struct stats_rec *stmt;  /* [STATS_NKIND] */
	uint64_t stmt_lost;
	int64_t stmt_from_ns;    /* statements ending before this don't count */
	/* Set by the owner's scheduler while the event in progress began in
	 * the warm-up (and before the first event of a run with one):
	 * stats_count and stats_record_stmt then count nothing, so an event,
	 * its statements and its counters all fall on the same side. */
	int mute;
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
	struct stats_rec lbl[STATS_MAX_LABELS]; /* per label id */
	uint64_t lbl_lost;
	/* --report-statements: filled by stats_collect_stmt() only */
	struct stats_rec stmt[STATS_NKIND];
	int have_stmt;
	uint64_t stmt_lost;
};

/* Create statistics for nthreads worker threads with the given histogram
 * precision (sig_figs 1..5). Returns 0 and *out, or -EINVAL / -ENOMEM. */
int stats_create(unsigned nthreads, unsigned flags, int sig_figs,
                 struct stats **out);
/* Free. NULL-safe. No thread may be recording. */
void stats_destroy(struct stats *s);
/* How recorders and the harvest fence (see stats.c): 1 (the default, where
 * membarrier(2) exists) puts the fence on the harvest's side only; 0 makes
 * every recorded event fence, as without membarrier. For tests; call it
 * while no thread records. */
void stats_set_asym_fence(int on);

unsigned stats_nthreads(const struct stats *s);

/* The per-thread recorder of thread tid (0-based). */
struct stats_thread *stats_thread(struct stats *s, unsigned tid);

/* Owner thread only: add n to counter c. Lock-free, no atomic RMW. */
static inline void stats_inc(struct stats_thread *t, enum stats_ctr c,
                             uint64_t n)
{
	__atomic_store_n(&t->ctr[c], t->ctr[c] + n, __ATOMIC_RELAXED);
}

/* ---- the calling thread's recorder -------------------------------------
 * Whoever owns a thread that records (the scheduler, for each worker
 * thread; its --connections coroutines share it) makes one recorder the
 * thread's current one. The layers below the scheduler (db/, native/) and
 * the FFI counting functions count into it without knowing who runs them:
 * a count goes straight to stats. */
extern __thread struct stats_thread *stats_tls_current;

/* Make t (NULL: none) the calling thread's current recorder. */
static inline void stats_set_current(struct stats_thread *t)
{
	stats_tls_current = t;
}

/* The calling thread's current recorder, NULL if it has none (the main
 * thread, a parallel command's thread). */
static inline struct stats_thread *stats_current(void)
{
	return stats_tls_current;
}

/* Add n to counter c of the calling thread's current recorder; a no-op
 * without one, or while it is muted (the warm-up). */
static inline void stats_count(enum stats_ctr c, uint64_t n)
{
	struct stats_thread *t = stats_tls_current;
	if (t && !t->mute)
		stats_inc(t, c, n);
}

/* The counter that sysbench's counter type `type` (sb_counter_type, and 6
 * and 7: sysbench C's SB_CNT_BYTES_READ/WRITTEN) counts, or -1 for none. */
int stats_sb_counter(unsigned type);

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

/* ---- labels ---------------------------------------------------------- */

/* The id (0..STATS_MAX_LABELS-1) of label `name`, registering it on first
 * use. Names are 1..STATS_LABEL_MAX_LEN characters of [A-Za-z0-9_.-], not
 * starting with "stmt." (the hdr log tags of --report-statements).
 * Thread-safe. Returns the id, -EINVAL for a bad name or -ENOSPC when
 * STATS_MAX_LABELS labels exist. */
int stats_label_id(const char *name);
/* Number of labels registered so far, and the name of label id. */
unsigned stats_nlabels(void);
const char *stats_label_name(unsigned id);

/* Owner thread only: label the event in progress with label id (the last
 * call in an event wins). Ignored errors the event counts from the first
 * call on are counted under the label. */
static inline void stats_set_label(struct stats_thread *t, unsigned id)
{
	if (t->label == 0)
		t->label_err0 = t->ctr[STATS_ERRORS];
	t->label = id + 1;
}

/* Owner thread only: forget the label of an event that is not recorded. */
static inline void stats_clear_label(struct stats_thread *t)
{
	t->label = 0;
}

/* ---- statements (--report-statements) ----------------------------------- */

/* "point_select", ..., "read", "write", "fsync" (JSON keys; the text
 * report shows '_' as ' '). */
const char *stats_stmt_name(enum stats_stmt_kind k);

/* Owner thread only: one statement (or file operation) of kind k ended at
 * end_ns after lat_ns; ok = 0 if it failed. */
void stats_record_stmt(struct stats_thread *t, enum stats_stmt_kind k,
                       int64_t end_ns, int64_t lat_ns, int ok);
/* Reader: statements ending before ns are not counted (warm-up end). */
void stats_stmt_count_from(struct stats *s, int64_t ns);
/* Add every thread's statement statistics into `into` (sets have_stmt).
 * Call only once the workers have stopped. 0 or -ENOMEM. */
int stats_collect_stmt(struct stats *s, struct stats_snap *into);

#endif
