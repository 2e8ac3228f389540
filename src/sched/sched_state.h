/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sched_state: what the scheduler's two sides share, private to src/sched:
 * sched.c, the workers' side (the event path, worker and coroutine
 * lifecycle), and reporter.c, the main thread's side (sched_run's phases:
 * setup, start barrier, reporter loop, --hdr-log writing, join, signals).
 *
 * S is the one run in progress (sched_run sets it up and tears it down);
 * the comments on its fields say which thread writes what.
 */
#ifndef BENCH_SCHED_STATE_H
#define BENCH_SCHED_STATE_H

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <ck_spinlock.h>
#include "sched/sched.h"
#include "util/tsan.h"

struct core_cfg;
struct report_ctx;
struct stats;
struct stats_thread;
struct hdrlog;

/* A worker thread, or (--connections) one connection's coroutine: the
 * sysbench thread a script sees. A coroutine shares its worker thread's
 * statistics recorder. */
struct sched_worker {
	/* The first cache line: what the event path reads and writes, and
	 * under --connections what each resume of the coroutine does (the
	 * thread's other connections run in between, so each line of it is a
	 * cache miss per statement). The reporter only reads in_event and
	 * started. */
	_Alignas(64) struct stats_thread *st;
	void *ctx;              /* --connections: the coroutine (sched_co_ops) */
	int64_t start_ns;
	uint64_t started;
	int64_t wake_at;        /* --connections: waiting for this time (an
	                         * arrival); 0: no */
	uint64_t label_errs;    /* errors counted under its label so far */
	int in_event;
	int wait_fd;            /* waiting for this socket (sched_co_wait) */
	int reg_fd;             /* what this coroutine last gave epoll */
	uint8_t wait_ev;        /* EPOLLIN / EPOLLOUT */
	uint8_t reg_ev;
	uint8_t mute;           /* its recorder counts nothing (warm-up) */
	uint8_t label;          /* its event's label while switched out
	                         * (0..STATS_MAX_LABELS) */
	/* the first cache line ends here */
	int64_t intended_ns;    /* --rate: the event's scheduled start */
	int64_t pend_arrival;   /* claimed --rate arrival not started yet */
	/* the end of its last event (0: none); a coroutine's goes to its
	 * worker thread's struct (sched_record) */
	int64_t end_ns;
	unsigned tid;
	pthread_t thread;
	int rc;
	int over;               /* its run is over (counted in S.nover) */
	int64_t warned_ns;      /* last "ran without yielding" line */
	/* --connections: a connection's counted events and the sum of their
	 * latencies (ns), for the fairness block; written by its thread,
	 * read by the reporter (sched_get) */
	uint64_t fair_events, fair_ns;
};
_Static_assert(offsetof(struct sched_worker, label) < 64,
               "sched_worker: the event path's fields in one cache line");


/* The run: one at a time, set up by sched_run. */
struct sched_state {
	const struct core_cfg *cfg;
	struct report_ctx *ctx;
	struct stats *stats;
	struct sched_worker *w;
	/* --connections: one per connection, nco of them; efd wakes the
	 * workers' epoll when the run ends */
	struct sched_worker *co;
	unsigned nco;
	unsigned co_live;          /* coroutines in thread_run */
	int efd;
	/* the reporter's: what the last full report covered of each
	 * connection's fair_events and fair_ns, and the period's figures it
	 * gives report_ctx.fair (4 x nco) */
	uint64_t *fair;
	sched_worker_fn fn;
	void *ud;
	int64_t t_start;           /* barrier released */
	int64_t t_count;           /* statistics count from here (warm-up end) */

	/* Read by every worker on every event; written rarely. stop: start
	 * no new event; ending: also abandon events being restarted (time,
	 * signal, failure; not the event limit, whose claimed events must
	 * complete). */
	_Alignas(64) int stop;     /* both: __atomic (set from any thread) */
	int ending;
	int wake;                  /* futex: 1 once stop is set (never reset) */
	int64_t warm_end_ns;
	uint64_t max_events;

	_Alignas(64) uint64_t ev_claimed;
	int stop_reason;        /* 1: --events reached, 2: --time (info lines);
	                         * __atomic, set once from 0 */

	/* Open loop: the next Poisson arrival, shared by all workers. */
	_Alignas(64) ck_spinlock_t rate_lock;
	int64_t next_arrival;
	double mean_gap_ns;
	int64_t limit_ns;          /* --latency-limit; 0: off */

	_Alignas(64) pthread_mutex_t mu;
	pthread_cond_t cv;
	pthread_cond_t linger_cv;  /* the last run is over, or the run failed */
	unsigned nready;
	unsigned nexited;
	unsigned nover;            /* workers whose run is over: lingering or exited */
	int released;
	int failed;

	/* --hdr-log: one line per harvest, covering [hlog_last, harvest) */
	struct hdrlog *hlog;
	int64_t hlog_last;
	/* with a harvest hook (sched_set_harvest_hook): what harvests took
	 * since the last line, which the next report's harvest logs as one
	 * (NULL: each harvest is a line) */
	struct stats_snap *hlog_pend;
	double epoch_offset;       /* wall clock seconds minus monotonic seconds */
};

extern struct sched_state S __attribute__((visibility("hidden")));

/* Relaxed atomics for the flags threads share: on x86 plain moves, and a
 * ThreadSanitizer build sees them for what they are. */
#define sched_get(x) __atomic_load_n(&(x), __ATOMIC_RELAXED)
#define sched_put(x, v) __atomic_store_n(&(x), (v), __ATOMIC_RELAXED)

/* The rate lock is ck's spinlock (inline assembly TSan cannot see): tell
 * a ThreadSanitizer build about it. */
static inline void sched_rate_lock(void)
{
	ck_spinlock_lock(&S.rate_lock);
	tsan_acquire(&S.rate_lock);
}

static inline void sched_rate_unlock(void)
{
	tsan_release(&S.rate_lock);
	ck_spinlock_unlock(&S.rate_lock);
}

/* sched.c: the first reason the run stops is the one the info lines give
 * (1: --events reached, 2: --time). */
void sched_stop_reason(int why);
/* sched.c: start no new event; with ending, also wake the threads waiting
 * for an arrival. Async-signal-safe. */
void sched_set_stop(int ending);
/* sched.c: --rate's arrivals start at t0 (the first one a gap after it).
 * Before the workers are released. */
void sched_rate_start(int64_t t0);
/* sched.c: a worker thread's body (arg: its struct sched_worker). */
void *sched_worker_main(void *arg);

#endif
