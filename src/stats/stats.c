/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * stats: per-thread recorders and their harvest.
 *
 * The phaser. Each recorder has two phase buffers; ph_cur names the one
 * the writer records into, and only the reader changes it. The writer
 * makes its sequence wr_seq odd while it records one event (it stores the
 * odd value, then reads ph_cur, records, and stores the next even value).
 * To harvest, the reader flips ph_cur of every recorder, makes sure each
 * writer either saw the flip or has its odd sequence visible, then waits
 * for every odd sequence it sees to change: after that no writer is left
 * in an old buffer, and the reader may read and clear it. A writer never
 * waits; the reader waits at most for one event to be recorded.
 *
 * "Saw the flip or is visible" is a store-then-load on both sides (Dekker),
 * which needs a full fence on both. The writer runs once per event and the
 * reader about once a second, so the fence is asymmetric: with
 * membarrier(2) the reader makes every thread of the process execute a
 * full barrier, and the writer's side is a compiler barrier only (a locked
 * instruction per event cost several percent of the empty-event rate).
 * Where membarrier is missing, both sides use seq_cst stores and loads.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/syscall.h>
#include <linux/membarrier.h>

#include "stats/stats.h"

#if defined(__x86_64__) || defined(__i386__)
#define cpu_relax() __builtin_ia32_pause()
#elif defined(__aarch64__)
#define cpu_relax() __asm__ __volatile__("yield" ::: "memory")
#else
#define cpu_relax() ((void)0)
#endif

/* 1 once membarrier(2)'s private expedited command is registered: the
 * writers then skip their fence (see the phaser above); 0 without it;
 * -1 until the first stats_create decides. */
static int asym_fence = -1;

static void asym_fence_setup(void)
{
	if (__atomic_load_n(&asym_fence, __ATOMIC_RELAXED) >= 0)
		return;
	__atomic_store_n(&asym_fence,
	                 syscall(SYS_membarrier, MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED,
	                         0, 0) == 0, __ATOMIC_RELAXED);
}

void stats_set_asym_fence(int on)
{
	if (on)
		asym_fence_setup();
	else
		__atomic_store_n(&asym_fence, 0, __ATOMIC_RELAXED);
}

/* The reader's half, after its seq_cst stores to ph_cur: a full barrier
 * on every thread of the process. Without membarrier the writers' own
 * seq_cst stores pair with the reader's (no fence needed here). */
static void reader_fence(void)
{
	/* Registered, so the call cannot fail (EINVAL/EPERM are for an
	 * unregistered or unsupported command). */
	if (__atomic_load_n(&asym_fence, __ATOMIC_RELAXED) > 0)
		syscall(SYS_membarrier, MEMBARRIER_CMD_PRIVATE_EXPEDITED, 0, 0);
}

struct stats {
	unsigned nthreads;
	unsigned flags;
	int sig_figs;
	struct stats_thread *th;
};

static int new_hist(int sig_figs, struct hdr_hist **out)
{
	return hdr_create(STATS_HDR_LOWEST, STATS_HDR_HIGHEST, sig_figs, out);
}

/* Free an array of n records and their histograms. NULL-safe. */
static void recs_free(struct stats_rec *r, unsigned n)
{
	if (!r)
		return;
	for (unsigned i = 0; i < n; i++)
		hdr_destroy(r[i].lat);
	free(r);
}

/* Record one value into r (histogram created on first use). 0, or -ENOMEM
 * (nothing recorded). */
static int rec_add(struct stats_rec *r, int sig_figs, int64_t lat_ns,
                   uint64_t errors)
{
	if (!r->lat && new_hist(sig_figs, &r->lat))
		return -ENOMEM;
	hdr_record(r->lat, lat_ns);
	r->events++;
	r->errors += errors;
	r->lat_sum_ns += lat_ns > 0 ? (uint64_t)lat_ns : 0;
	return 0;
}

/* dst += src; dst's histogram is created when src has one. */
static int rec_merge(struct stats_rec *dst, const struct stats_rec *src,
                     int sig_figs)
{
	if (src->lat) {
		if (!dst->lat && new_hist(sig_figs, &dst->lat))
			return -ENOMEM;
		hdr_add(dst->lat, src->lat);
	}
	dst->events += src->events;
	dst->errors += src->errors;
	dst->lat_sum_ns += src->lat_sum_ns;
	return 0;
}

static void rec_reset(struct stats_rec *r)
{
	if (r->lat)
		hdr_reset(r->lat);
	r->events = r->errors = r->lat_sum_ns = 0;
}

/* ---- the label registry ------------------------------------------------ */

static pthread_mutex_t label_mu = PTHREAD_MUTEX_INITIALIZER;
static char label_names[STATS_MAX_LABELS][STATS_LABEL_MAX_LEN + 1];
static unsigned label_count;    /* written under label_mu, read relaxed */

int stats_label_id(const char *name)
{
	size_t n = name ? strlen(name) : 0;
	unsigned i;
	int id;

	if (n == 0 || n > STATS_LABEL_MAX_LEN ||
	    strspn(name, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
	                 "0123456789_.-") != n ||
	    strncmp(name, "stmt.", 5) == 0)    /* the statements' hdr log tags */
		return -EINVAL;
	pthread_mutex_lock(&label_mu);
	for (i = 0; i < label_count; i++)
		if (strcmp(label_names[i], name) == 0)
			break;
	if (i < label_count) {
		id = (int)i;
	} else if (label_count == STATS_MAX_LABELS) {
		id = -ENOSPC;
	} else {
		memcpy(label_names[label_count], name, n + 1);
		id = (int)label_count;
		/* the name is complete before the count shows it */
		__atomic_store_n(&label_count, label_count + 1, __ATOMIC_RELEASE);
	}
	pthread_mutex_unlock(&label_mu);
	return id;
}

unsigned stats_nlabels(void)
{
	return __atomic_load_n(&label_count, __ATOMIC_ACQUIRE);
}

const char *stats_label_name(unsigned id)
{
	return id < stats_nlabels() ? label_names[id] : NULL;
}

int stats_create(unsigned nthreads, unsigned flags, int sig_figs,
		 struct stats **out)
{
	struct stats *s;
	size_t size;
	int rc;

	if (nthreads == 0 || sig_figs < 1 || sig_figs > 5 ||
	    (flags & ~(unsigned)STATS_F_WAIT))
		return -EINVAL;
	if (__builtin_mul_overflow((size_t)nthreads,
				   sizeof(struct stats_thread), &size))
		return -ENOMEM;
	s = calloc(1, sizeof(*s));
	if (!s)
		return -ENOMEM;
	s->nthreads = nthreads;
	s->flags = flags;
	s->sig_figs = sig_figs;
	/* before any writer runs: a writer reads asym_fence per event */
	asym_fence_setup();
	/* sizeof(struct stats_thread) is a multiple of its 64-byte alignment,
	 * so every element of the array starts a cache line. */
	s->th = aligned_alloc(64, size);
	if (!s->th) {
		free(s);
		return -ENOMEM;
	}
	memset(s->th, 0, size);
	for (unsigned i = 0; i < nthreads; i++) {
		struct stats_thread *t = &s->th[i];

		t->sig_figs = sig_figs;
		t->stmt_from_ns = INT64_MIN;
		for (int p = 0; p < 2; p++) {
			rc = new_hist(sig_figs, &t->ph[p].lat);
			if (rc)
				goto err;
			if (flags & STATS_F_WAIT) {
				rc = new_hist(sig_figs, &t->ph[p].wait);
				if (rc == 0)
					rc = new_hist(sig_figs, &t->ph[p].svc);
				if (rc)
					goto err;
			}
		}
	}
	*out = s;
	return 0;
err:
	stats_destroy(s);
	return rc;
}

void stats_destroy(struct stats *s)
{
	if (!s)
		return;
	for (unsigned i = 0; i < s->nthreads; i++) {
		for (int p = 0; p < 2; p++) {
			hdr_destroy(s->th[i].ph[p].lat);
			hdr_destroy(s->th[i].ph[p].wait);
			hdr_destroy(s->th[i].ph[p].svc);
			recs_free(s->th[i].ph[p].lbl, STATS_MAX_LABELS);
		}
		recs_free(s->th[i].stmt, STATS_NKIND);
	}
	free(s->th);
	free(s);
}

unsigned stats_nthreads(const struct stats *s)
{
	return s->nthreads;
}

struct stats_thread *stats_thread(struct stats *s, unsigned tid)
{
	return tid < s->nthreads ? &s->th[tid] : NULL;
}

void stats_record_event(struct stats_thread *t, int64_t lat_ns,
			int64_t wait_ns)
{
	uint64_t seq = __atomic_load_n(&t->wr_seq, __ATOMIC_RELAXED);
	struct stats_phase *p;

	/* Enter (odd), then read the phase: the store must be visible before
	 * the load. With membarrier the reader's barrier guarantees it and a
	 * compiler barrier is enough here; without, the store is seq_cst (a
	 * locked instruction). Release, so that a reader seeing this odd
	 * value also sees the previous event's writes; the load makes us see
	 * the reader's reset of the buffer we enter. */
	if (__builtin_expect(__atomic_load_n(&asym_fence, __ATOMIC_RELAXED) > 0, 1)) {
		__atomic_store_n(&t->wr_seq, seq + 1, __ATOMIC_RELEASE);
		__atomic_signal_fence(__ATOMIC_SEQ_CST);
	} else {
		__atomic_store_n(&t->wr_seq, seq + 1, __ATOMIC_SEQ_CST);
	}
	p = &t->ph[__atomic_load_n(&t->ph_cur, __ATOMIC_SEQ_CST)];

	hdr_record(p->lat, lat_ns);
	p->events++;
	/* A negative duration is a caller bug; it must not wrap the sum. */
	p->lat_sum_ns += lat_ns > 0 ? (uint64_t)lat_ns : 0;
	if (p->wait) {
		hdr_record(p->wait, wait_ns);
		p->wait_sum_ns += wait_ns > 0 ? (uint64_t)wait_ns : 0;
	}
	if (p->svc) {
		int64_t svc_ns = lat_ns - wait_ns;

		if (svc_ns < 0)
			svc_ns = 0;
		hdr_record(p->svc, svc_ns);
		p->svc_sum_ns += (uint64_t)svc_ns;
	}
	if (t->label) {
		/* the label's records live in the phase buffer too, so a
		 * harvest sees an event and its label in the same interval */
		if (!p->lbl)
			p->lbl = calloc(STATS_MAX_LABELS, sizeof(*p->lbl));
		if (!p->lbl || rec_add(&p->lbl[t->label - 1], t->sig_figs, lat_ns,
		                       t->ctr[STATS_ERRORS] - t->label_err0))
			p->lbl_lost++;
		t->label = 0;
	}
	/* Leave (even). Release: publishes the buffer writes to the reader
	 * that waits for this sequence to change. */
	__atomic_store_n(&t->wr_seq, seq + 2, __ATOMIC_RELEASE);
}

static void snap_free_parts(struct stats_snap *snap)
{
	hdr_destroy(snap->lat);
	hdr_destroy(snap->wait);
	hdr_destroy(snap->svc);
	free(snap->thread_events);
	free(snap->thread_lat_sum_ns);
	for (unsigned i = 0; i < STATS_MAX_LABELS; i++)
		hdr_destroy(snap->lbl[i].lat);
	for (unsigned i = 0; i < STATS_NKIND; i++)
		hdr_destroy(snap->stmt[i].lat);
}

int stats_snap_create(const struct stats *s, struct stats_snap **out)
{
	struct stats_snap *snap;
	int rc = -ENOMEM;

	snap = calloc(1, sizeof(*snap));
	if (!snap)
		return -ENOMEM;
	snap->nthreads = s->nthreads;
	snap->thread_events = calloc(s->nthreads, sizeof(uint64_t));
	snap->thread_lat_sum_ns = calloc(s->nthreads, sizeof(uint64_t));
	if (!snap->thread_events || !snap->thread_lat_sum_ns)
		goto err;
	rc = new_hist(s->sig_figs, &snap->lat);
	if (rc)
		goto err;
	if (s->flags & STATS_F_WAIT) {
		rc = new_hist(s->sig_figs, &snap->wait);
		if (rc == 0)
			rc = new_hist(s->sig_figs, &snap->svc);
		if (rc)
			goto err;
	}
	*out = snap;
	return 0;
err:
	snap_free_parts(snap);
	free(snap);
	return rc;
}

void stats_snap_destroy(struct stats_snap *snap)
{
	if (!snap)
		return;
	snap_free_parts(snap);
	free(snap);
}

void stats_snap_reset(struct stats_snap *snap)
{
	memset(snap->ctr, 0, sizeof(snap->ctr));
	snap->events = 0;
	snap->lat_sum_ns = 0;
	snap->wait_sum_ns = 0;
	snap->svc_sum_ns = 0;
	hdr_reset(snap->lat);
	if (snap->wait)
		hdr_reset(snap->wait);
	if (snap->svc)
		hdr_reset(snap->svc);
	memset(snap->thread_events, 0, snap->nthreads * sizeof(uint64_t));
	memset(snap->thread_lat_sum_ns, 0, snap->nthreads * sizeof(uint64_t));
	for (unsigned i = 0; i < STATS_MAX_LABELS; i++)
		rec_reset(&snap->lbl[i]);
	snap->lbl_lost = 0;
	for (unsigned i = 0; i < STATS_NKIND; i++)
		rec_reset(&snap->stmt[i]);
	snap->have_stmt = 0;
	snap->stmt_lost = 0;
}

static int hist_same_shape(const struct hdr_hist *a, const struct hdr_hist *b)
{
	return hdr_lowest(a) == hdr_lowest(b) &&
	       hdr_highest(a) == hdr_highest(b) &&
	       hdr_sig_figs(a) == hdr_sig_figs(b);
}

int stats_snap_add(struct stats_snap *dst, const struct stats_snap *src)
{
	/* Check everything first so that a refusal leaves dst untouched. */
	if (dst->nthreads != src->nthreads || !dst->wait != !src->wait ||
	    !hist_same_shape(dst->lat, src->lat) ||
	    !dst->svc != !src->svc ||
	    (dst->wait && !hist_same_shape(dst->wait, src->wait)) ||
	    (dst->svc && !hist_same_shape(dst->svc, src->svc)))
		return -EINVAL;
	for (int c = 0; c < STATS_NCTR; c++)
		dst->ctr[c] += src->ctr[c];
	dst->events += src->events;
	dst->lat_sum_ns += src->lat_sum_ns;
	dst->wait_sum_ns += src->wait_sum_ns;
	dst->svc_sum_ns += src->svc_sum_ns;
	hdr_add(dst->lat, src->lat);
	if (dst->wait)
		hdr_add(dst->wait, src->wait);
	if (dst->svc)
		hdr_add(dst->svc, src->svc);
	for (unsigned i = 0; i < dst->nthreads; i++) {
		dst->thread_events[i] += src->thread_events[i];
		dst->thread_lat_sum_ns[i] += src->thread_lat_sum_ns[i];
	}
	/* a histogram that cannot be allocated loses its label's breakdown,
	 * never the overall statistics */
	for (unsigned i = 0; i < STATS_MAX_LABELS; i++)
		if (rec_merge(&dst->lbl[i], &src->lbl[i], hdr_sig_figs(dst->lat)))
			dst->lbl_lost += src->lbl[i].events;
	dst->lbl_lost += src->lbl_lost;
	for (unsigned i = 0; i < STATS_NKIND; i++)
		if (rec_merge(&dst->stmt[i], &src->stmt[i], hdr_sig_figs(dst->lat)))
			dst->stmt_lost += src->stmt[i].events;
	dst->have_stmt |= src->have_stmt;
	dst->stmt_lost += src->stmt_lost;
	return 0;
}

/* Flip every recorder to its other phase; then each writer either records
 * into the new buffer or shows the reader its odd sequence. */
static void flip_all(struct stats *s)
{
	for (unsigned tid = 0; tid < s->nthreads; tid++) {
		struct stats_thread *t = &s->th[tid];

		/* The buffer the writer now enters was cleared by the
		 * harvest before last. seq_cst: see reader_fence. */
		__atomic_store_n(&t->ph_cur, !t->ph_cur, __ATOMIC_SEQ_CST);
	}
	reader_fence();
}

/* The buffer thread t left at the flip, once its writer is out of it. */
static struct stats_phase *left(struct stats_thread *t)
{
	uint64_t seq = __atomic_load_n(&t->wr_seq, __ATOMIC_SEQ_CST);
	unsigned spins = 0;

	/* Odd: the writer was inside an event, maybe in the old buffer; any
	 * later event reads the new phase. */
	if (seq & 1)
		while (__atomic_load_n(&t->wr_seq, __ATOMIC_ACQUIRE) == seq) {
			/* if it was preempted there, give it our CPU
			 * instead of burning it */
			if (++spins < 64)
				cpu_relax();
			else
				sched_yield();
		}
	return &t->ph[!t->ph_cur];
}

void stats_harvest(struct stats *s, struct stats_snap *into)
{
	flip_all(s);
	for (unsigned tid = 0; tid < s->nthreads; tid++) {
		struct stats_thread *t = &s->th[tid];
		struct stats_phase *p = left(t);

		hdr_add(into->lat, p->lat);
		hdr_reset(p->lat);
		if (p->wait) {
			if (into->wait)
				hdr_add(into->wait, p->wait);
			hdr_reset(p->wait);
		}
		if (p->svc) {
			if (into->svc)
				hdr_add(into->svc, p->svc);
			hdr_reset(p->svc);
		}
		into->events += p->events;
		into->lat_sum_ns += p->lat_sum_ns;
		into->wait_sum_ns += p->wait_sum_ns;
		into->svc_sum_ns += p->svc_sum_ns;
		if (tid < into->nthreads) {
			into->thread_events[tid] += p->events;
			into->thread_lat_sum_ns[tid] += p->lat_sum_ns;
		}
		p->events = 0;
		p->lat_sum_ns = 0;
		p->wait_sum_ns = 0;
		p->svc_sum_ns = 0;
		if (p->lbl) {
			for (unsigned i = 0; i < STATS_MAX_LABELS; i++) {
				if (p->lbl[i].events &&
				    rec_merge(&into->lbl[i], &p->lbl[i], s->sig_figs))
					into->lbl_lost += p->lbl[i].events;
				rec_reset(&p->lbl[i]);
			}
		}
		into->lbl_lost += p->lbl_lost;
		p->lbl_lost = 0;

		for (int c = 0; c < STATS_NCTR; c++) {
			uint64_t v = __atomic_load_n(&t->ctr[c],
						     __ATOMIC_RELAXED);

			into->ctr[c] += v - t->last_ctr[c];
			t->last_ctr[c] = v;
		}
	}
	/* every registered label gets a histogram, so that reports and the
	 * hdr log show each label in every interval */
	for (unsigned i = 0, n = stats_nlabels(); i < n; i++)
		if (!into->lbl[i].lat)
			new_hist(s->sig_figs, &into->lbl[i].lat);
}

/* ---- statements ---------------------------------------------------------- */

void stats_record_stmt(struct stats_thread *t, enum stats_stmt_kind k,
                       int64_t end_ns, int64_t lat_ns, int ok)
{
	struct stats_rec *r;

	if ((unsigned)k >= STATS_NKIND || t->mute ||
	    end_ns < __atomic_load_n(&t->stmt_from_ns, __ATOMIC_RELAXED))
		return;
	if (!t->stmt && !(t->stmt = calloc(STATS_NKIND, sizeof(*t->stmt)))) {
		t->stmt_lost++;
		return;
	}
	r = &t->stmt[k];
	if (!ok) {
		/* a failed statement counts as an error of its kind, not in
		 * its latency (as it is not in the read/write/other totals) */
		r->errors++;
		return;
	}
	if (rec_add(r, t->sig_figs, lat_ns, 0))
		t->stmt_lost++;
}

void stats_stmt_count_from(struct stats *s, int64_t ns)
{
	for (unsigned i = 0; i < s->nthreads; i++)
		__atomic_store_n(&s->th[i].stmt_from_ns, ns, __ATOMIC_RELAXED);
}

int stats_collect_stmt(struct stats *s, struct stats_snap *into)
{
	int rc = 0;

	into->have_stmt = 1;
	for (unsigned i = 0; i < s->nthreads; i++) {
		struct stats_thread *t = &s->th[i];

		into->stmt_lost += t->stmt_lost;
		if (!t->stmt)
			continue;
		for (unsigned k = 0; k < STATS_NKIND; k++)
			if (rec_merge(&into->stmt[k], &t->stmt[k], s->sig_figs)) {
				into->stmt_lost += t->stmt[k].events;
				rc = -ENOMEM;
			}
	}
	return rc;
}

static const char *const stmt_names[STATS_NKIND] = {
	[STATS_STMT_POINT_SELECT] = "point_select",
	[STATS_STMT_RANGE_SELECT] = "range_select",
	[STATS_STMT_SUM_RANGE] = "sum_range",
	[STATS_STMT_ORDER_RANGE] = "order_range",
	[STATS_STMT_DISTINCT_RANGE] = "distinct_range",
	[STATS_STMT_INSERT] = "insert",
	[STATS_STMT_UPDATE] = "update",
	[STATS_STMT_DELETE] = "delete",
	[STATS_STMT_BEGIN] = "begin",
	[STATS_STMT_COMMIT] = "commit",
	[STATS_STMT_ROLLBACK] = "rollback",
	[STATS_STMT_OTHER] = "other",
	[STATS_FILE_READ] = "read",
	[STATS_FILE_WRITE] = "write",
	[STATS_FILE_FSYNC] = "fsync",
};

const char *stats_stmt_name(enum stats_stmt_kind k)
{
	return (unsigned)k < STATS_NKIND ? stmt_names[k] : "other";
}

/* ---- counting: the current recorder and the FFI counting functions ------ */

__thread struct stats_thread *stats_tls_current;

/* sysbench's counter types in its order (sb_counter_type; 6 and 7 are its
 * C side's SB_CNT_BYTES_READ and SB_CNT_BYTES_WRITTEN) as counters. */
static const enum stats_ctr stats_sb_ctr[] = {
	[SB_CNT_OTHER] = STATS_OTHER,
	[SB_CNT_READ] = STATS_READS,
	[SB_CNT_WRITE] = STATS_WRITES,
	[SB_CNT_TRX] = STATS_EVENTS,
	[SB_CNT_ERROR] = STATS_ERRORS,
	[SB_CNT_RECONNECT] = STATS_RECONNECTS,
	[SB_CNT_MAX] = STATS_READ_BYTES,
	[SB_CNT_MAX + 1] = STATS_WRITTEN_BYTES,
};

int stats_sb_counter(unsigned type)
{
	return type < sizeof(stats_sb_ctr) / sizeof(stats_sb_ctr[0])
	       ? (int)stats_sb_ctr[type] : -1;
}

void bench_stat_add(int counter, uint64_t n)
{
	/* STATS_LATE and after are bench's own */
	if (counter >= 0 && counter < BENCH_CTR_MAX)
		stats_count((enum stats_ctr)counter, n);
}

void sb_counter_inc(int thread_id, sb_counter_type type)
{
	int c = stats_sb_counter((unsigned)type);
	/* sysbench's thread_id: bench counts for the caller, which is what
	 * scripts pass (sysbench.tid) */
	(void)thread_id;
	if (c >= 0)
		stats_count((enum stats_ctr)c, 1);
}

int bench_label_id(const char *name)
{
	return stats_label_id(name);
}
