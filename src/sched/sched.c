/* SPDX-License-Identifier: GPL-2.0-or-later */
#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/epoll.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <linux/futex.h>
#include <limits.h>
#include <ck_spinlock.h>

#include "sched/sched.h"
#include "sched/sched_state.h"
#include "stats/stats.h"
#include "stats/hdrlog.h"
#include "rand/rand.h"
#include "util/clock.h"
#include "util/log.h"
#include "util/tsan.h"
#include <stdbool.h>
#include <stdint.h>
#include "ffi/core.h"


struct sched_state S;

static __thread struct sched_worker *sched_self;
/* The worker thread's own struct (sched_self is a coroutine's while it
 * runs): the end of a coroutine's event is written there, so that the
 * coroutine's struct keeps to one cache line (the final report takes the
 * latest end of all). */
static __thread struct sched_worker *sched_home;


/* The first reason the run stops is the one the info lines give. */
void sched_stop_reason(int why)
{
	int none = 0;
	__atomic_compare_exchange_n(&S.stop_reason, &none, why, 0,
	                            __ATOMIC_RELAXED, __ATOMIC_RELAXED);
}


/* Wake every worker sleeping in sched_sleep_until(); async-signal-safe. */
static void sched_wake_all(void)
{
	__atomic_store_n(&S.wake, 1, __ATOMIC_SEQ_CST);
	syscall(SYS_futex, &S.wake, FUTEX_WAKE | FUTEX_PRIVATE_FLAG, INT_MAX,
	        NULL, NULL, 0);
	if (S.efd >= 0) {
		uint64_t one = 1;
		ssize_t n = write(S.efd, &one, sizeof(one));
		(void)n;
	}
}

/* Start no new event; with ending, also wake the threads waiting for an
 * arrival (the event limit does not: their claimed events still run). */
void sched_set_stop(int ending)
{
	__atomic_store_n(&S.stop, 1, __ATOMIC_SEQ_CST);
	if (ending) {
		__atomic_store_n(&S.ending, 1, __ATOMIC_SEQ_CST);
		sched_wake_all();
	}
}

/* Sleep until the monotonic time `deadline` or until the run ends (time
 * limit, signal, failure), whichever comes first. */
static void sched_sleep_until(int64_t deadline)
{
	struct timespec ts = { deadline / 1000000000LL, deadline % 1000000000LL };
	while (!sched_get(S.ending) && __atomic_load_n(&S.wake, __ATOMIC_SEQ_CST) == 0) {
		/* FUTEX_WAIT_BITSET: an absolute CLOCK_MONOTONIC deadline */
		long r = syscall(SYS_futex, &S.wake,
		                 FUTEX_WAIT_BITSET | FUTEX_PRIVATE_FLAG, 0, &ts,
		                 NULL, FUTEX_BITSET_MATCH_ANY);
		if (r != 0 && errno == ETIMEDOUT)
			return;
		if (r != 0 && errno != EINTR && errno != EAGAIN) {
			clock_sleep_until(deadline);    /* no futex: plain sleep */
			return;
		}
	}
}


/* ---- the event path (worker threads) --------------------------------- */

/* The event in progress starts at `start`: with --warmup-time, an event
 * that begins in the warm-up counts nowhere, and neither do the
 * statements and counters of its run (the recorder is muted until the
 * thread's first event after the warm-up), so that events, queries and
 * statement kinds agree exactly. */
static inline void sched_start_event(struct sched_worker *w, int64_t start)
{
	w->start_ns = start;
	w->st->mute = w->mute = start < S.warm_end_ns;
}

/* A connection's counted event of latency lat (ns), for the fairness
 * block. */
static inline void sched_fair(struct sched_worker *w, int64_t lat)
{
	if (S.nco) {
		sched_put(w->fair_events, w->fair_events + 1);
		sched_put(w->fair_ns, w->fair_ns + (uint64_t)lat);
	}
}

static inline void sched_record(struct sched_worker *w, int64_t now)
{
	sched_put(w->in_event, 0);
	(sched_home ? sched_home : w)->end_ns = now;
	/* An event that began during warm-up counts in no statistic. */
	if (w->start_ns < S.warm_end_ns) {
		stats_clear_label(w->st);
		return;
	}
	if (S.mean_gap_ns > 0) {
		stats_record_event(w->st, now - w->intended_ns,
		                   w->start_ns - w->intended_ns);
		sched_fair(w, now - w->intended_ns);
		/* after the event: a harvest never sees more late than events */
		if (S.limit_ns > 0 && now - w->intended_ns > S.limit_ns)
			stats_inc(w->st, STATS_LATE, 1);
	} else {
		stats_record_event(w->st, now - w->start_ns, 0);
		sched_fair(w, now - w->start_ns);
		if (S.limit_ns > 0 && now - w->start_ns > S.limit_ns)
			stats_inc(w->st, STATS_LATE, 1);
	}
}


/* Exponential gaps make the arrivals a Poisson process; a lock is fine at
 * rate-limited speeds and gives one shared queue (M/M/c, not c x M/M/1). */
static int64_t sched_gap(void)
{
	return (int64_t)(-log1p(-rand_double()) * S.mean_gap_ns);
}

static int64_t sched_claim_arrival(void)
{
	int64_t t, gap = sched_gap();
	sched_rate_lock();
	t = S.next_arrival;
	S.next_arrival += gap;
	sched_rate_unlock();
	return t;
}

/* The first arrival comes one gap after t0, as every later one after its
 * predecessor (sysbench's too): none at t0 itself, so a rate far below
 * 1/--time runs no event rather than always one. */
void sched_rate_start(int64_t t0)
{
	S.next_arrival = S.mean_gap_ns > 0 ? t0 + sched_gap() : t0;
}

/* Decide whether another event runs; under --rate wait for its arrival.
 * Returns the start time, or 0 to stop. */
/* May another event start (the stop flag, --events)? Claims an --events
 * slot. */
static inline int sched_may_start(int64_t now)
{
	if (sched_get(S.stop))
		return 0;
	if (S.max_events && now >= S.warm_end_ns &&
	    __atomic_fetch_add(&S.ev_claimed, 1, __ATOMIC_RELAXED) >= S.max_events) {
		sched_stop_reason(1);
		sched_set_stop(0);
		return 0;
	}
	return 1;
}

static int64_t sched_begin_rate(struct sched_worker *w, int64_t now);

/* Inlined into the event path: without --rate it is two loads and a
 * branch; the open loop's wait is out of line. */
static inline __attribute__((always_inline))
int64_t sched_begin(struct sched_worker *w, int64_t now)
{
	if (!sched_may_start(now))
		return 0;
	if (__builtin_expect(S.mean_gap_ns > 0, 0))
		return sched_begin_rate(w, now);
	return now;
}

static int64_t sched_begin_rate(struct sched_worker *w, int64_t now)
{
	for (;;) {
		int64_t t = sched_claim_arrival();
		w->intended_ns = t;
		if (t > now) {
			sched_sleep_until(t);
			/* a claimed event runs unless the run is ending
			 * (reaching --events leaves the claimed ones to run) */
			if (sched_get(S.ending))
				return 0;
			now = clock_now_ns();
		}
		/* --latency-limit under --rate (pgbench): an arrival already
		 * later than the limit is skipped, not run; take the next one.
		 * A skip uses no --events budget. */
		if (S.limit_ns <= 0 || now - t <= S.limit_ns)
			break;
		if (now >= S.warm_end_ns)
			stats_inc(w->st, STATS_SKIPPED, 1);
		if (sched_get(S.ending))
			return 0;
	}
	return now;
}

/* sched_begin for a coroutine: never sleeps; 2 asks the caller to yield
 * until w->wake_at (its --rate arrival) and call again. 1: start now. */
static int sched_begin_co(struct sched_worker *w, int64_t now)
{
	int64_t t;

	/* without --rate, pend_arrival (not in the struct's first line) is
	 * never set: not read */
	if (S.mean_gap_ns <= 0)
		return sched_may_start(now);
	if (w->pend_arrival == 0 && !sched_may_start(now))
		return 0;
	/* The end of the run (time, signal, failure) wakes a coroutine that
	 * waits for its arrival, as sched_sleep_until wakes a thread: its
	 * arrival is not run (reaching --events, not an end, leaves it to
	 * run). */
	if (sched_get(S.ending)) {
		w->pend_arrival = 0;
		return 0;
	}
	for (;;) {
		t = w->pend_arrival;
		if (t == 0)
			t = w->intended_ns = sched_claim_arrival();
		if (t > now) {
			w->pend_arrival = w->wake_at = t;
			return 2;
		}
		w->pend_arrival = 0;
		if (sched_get(S.ending))
			return 0;
		/* as sched_begin: an arrival later than --latency-limit is
		 * skipped */
		if (S.limit_ns <= 0 || now - t <= S.limit_ns)
			return 1;
		if (now >= S.warm_end_ns)
			stats_inc(w->st, STATS_SKIPPED, 1);
	}
}

/* bench_event_next for a coroutine: 2 = yield, then call again. */
static int sched_event_next_co(struct sched_worker *w)
{
	int64_t now = clock_now_ns();
	int r;
	if (w->in_event)
		sched_record(w, now);
	r = sched_begin_co(w, now);
	if (r != 1)
		return r;
	sched_start_event(w, now);
	sched_put(w->in_event, 1);
	w->started++;
	return 1;
}

int bench_event_next(int thread_id)
{
	struct sched_worker *w = sched_self;
	/* One clock read ends the previous event and starts the next one: the
	 * loop overhead between them is a few ns, the clock is ~20. */
	int64_t now;
	if (__builtin_expect(S.nco != 0, 0))
		return sched_event_next_co(w);
	now = clock_now_ns();
	if (w->in_event)
		sched_record(w, now);
	now = sched_begin(w, now);
	if (now == 0)
		return 0;
	sched_start_event(w, now);
	sched_put(w->in_event, 1);
	sched_put(w->started, w->started + 1);
	return 1;
}

void bench_event_finish(int thread_id)
{
	struct sched_worker *w = sched_self;
	/* As sysbench: the call in which event() returned true is no event. */
	if (w)
		sched_put(w->in_event, 0);
}

bool sb_more_events(int thread_id)
{
	struct sched_worker *w = sched_self;
	if (w == NULL)
		return false;
	if (w->in_event)
		sched_record(w, clock_now_ns());
	return sched_begin(w, clock_now_ns()) != 0;
}

void sb_event_start(int thread_id)
{
	struct sched_worker *w = sched_self;
	if (w == NULL)
		return;
	sched_start_event(w, clock_now_ns());
	if (S.mean_gap_ns <= 0)
		w->intended_ns = w->start_ns;
	sched_put(w->in_event, 1);
	sched_put(w->started, w->started + 1);
}

void sb_event_stop(int thread_id)
{
	struct sched_worker *w = sched_self;
	if (w && w->in_event)
		sched_record(w, clock_now_ns());
}

/* Counting goes straight to stats (stats.c: bench_stat_add,
 * sb_counter_inc); reading a counter back stays here, as it names a
 * sysbench thread (a worker or a connection) and adds the events that
 * thread ran. */
uint64_t sb_counter_val(int thread_id, sb_counter_type type)
{
	struct sched_worker *w;
	int c = stats_sb_counter((unsigned)type);
	uint64_t v;
	struct sched_worker *all = S.nco ? S.co : S.w;
	unsigned n = S.nco ? S.nco : (S.cfg ? S.cfg->threads : 0);
	if (all == NULL || thread_id < 0 || (unsigned)thread_id >= n ||
	    all[thread_id].st == NULL || c < 0)
		return 0;
	w = &all[thread_id];
	v = __atomic_load_n(&w->st->ctr[c], __ATOMIC_RELAXED);
	if (type == SB_CNT_TRX)     /* and the events the thread ran */
		v += __atomic_load_n(&w->started, __ATOMIC_RELAXED) -
		     (__atomic_load_n(&w->in_event, __ATOMIC_RELAXED) != 0);
	return v;
}

/* Labels live in stats (bench_label_id, stats_set_label), but labelling
 * stays here: a label belongs to the event in progress, and only the
 * scheduler knows whether one is (in_event, the warm-up that drops an
 * event and its label, and the coroutine switch that saves and restores
 * each connection's label in sched_co_step). Outside an event it is a
 * no-op, which a plain "current recorder" could not tell. */
void bench_event_label(int id)
{
	struct sched_worker *w = sched_self;
	if (w && w->in_event && id >= 0 && id < STATS_MAX_LABELS)
		stats_set_label(w->st, (unsigned)id);
}

int bench_stopping(void)
{
	return sched_get(S.ending) != 0;
}

uint64_t bench_thread_events(void)
{
	struct sched_worker *w = sched_self;
	return w ? w->started : 0;
}

double bench_time_since_start(void)
{
	if (S.t_start == 0)
		return 0;
	return (clock_now_ns() - S.t_start) / 1e9;
}

/* ---- worker lifecycle -------------------------------------------------- */

int sched_worker_started(void)
{
	int go;
	if (sched_self)
		log_msg(LOG_DEBUG, "Worker thread (#%u) initialized", sched_self->tid);
	pthread_mutex_lock(&S.mu);
	S.nready++;
	pthread_cond_broadcast(&S.cv);
	while (!S.released)
		pthread_cond_wait(&S.cv, &S.mu);
	/* A limit or signal that stopped the run meanwhile still lets the
	 * worker run (its thread_run ends at once) and call thread_done, as
	 * sysbench's workers do; only a failed start skips them. */
	go = !S.failed;
	pthread_mutex_unlock(&S.mu);
	return go;
}

void sched_worker_fail(void)
{
	pthread_mutex_lock(&S.mu);
	S.failed = 1;
	sched_set_stop(1);
	pthread_cond_broadcast(&S.cv);
	pthread_cond_broadcast(&S.linger_cv);
	pthread_mutex_unlock(&S.mu);
}

/* Count w's run as over, once (S.mu held). Only the last one wakes the
 * lingering workers: a wake-up for each would cost every worker's
 * while the others still run. */
static void sched_run_over(struct sched_worker *w)
{
	if (w->over)
		return;
	w->over = 1;
	if (++S.nover >= S.cfg->threads)
		pthread_cond_broadcast(&S.linger_cv);
}

void sched_worker_linger(void)
{
	struct sched_worker *w = sched_self;
	struct timespec ts;

	if (w == NULL)
		return;
	pthread_mutex_lock(&S.mu);
	sched_run_over(w);
	/* ending comes from a signal handler too, which cannot signal the
	 * condvar: look at it every 100 ms */
	while (S.nover < S.cfg->threads && !S.failed && !sched_get(S.ending)) {
		int64_t until = clock_now_ns() + 100000000LL;
		ts.tv_sec = until / 1000000000LL;
		ts.tv_nsec = until % 1000000000LL;
		pthread_cond_timedwait(&S.linger_cv, &S.mu, &ts);
	}
	pthread_mutex_unlock(&S.mu);
}

void *sched_worker_main(void *arg)
{
	struct sched_worker *w = arg;
	sigset_t set;

	/* Signals go to the main thread, which reports. */
	sigemptyset(&set);
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGTERM);
	pthread_sigmask(SIG_BLOCK, &set, NULL);

	sched_self = sched_home = w;
	/* what this thread counts goes to its recorder (its coroutines share
	 * it): db/ and native/ count through stats_current(); with a warm-up,
	 * nothing counts before the thread's first event after it */
	w->st->mute = w->mute = S.cfg->warmup_time > 0;
	stats_set_current(w->st);
	/* Default timer slack (50 us) would show up as schedule lag. */
	if (S.mean_gap_ns > 0)
		prctl(PR_SET_TIMERSLACK, 1UL, 0, 0, 0);
	rand_thread_init(w->tid);
	log_msg(LOG_DEBUG, "Worker thread (#%u) started", w->tid);
	w->rc = S.fn(w->tid, S.ud);
	/* sysbench's info lines: each thread says why it ended */
	if (w->rc == 0 && sched_get(S.stop_reason) == 1)
		log_text(LOG_INFO, "Event limit exceeded, exiting...");
	else if (w->rc == 0 && sched_get(S.stop_reason) == 2)
		log_text(LOG_INFO, "Time limit exceeded, exiting...");
	if (w->in_event)
		sched_record(w, clock_now_ns());
	if (w->rc)
		sched_worker_fail();
	pthread_mutex_lock(&S.mu);
	if (!S.released)
		S.nready++;     /* a worker that failed before the barrier */
	sched_run_over(w);
	S.nexited++;
	pthread_cond_broadcast(&S.cv);
	pthread_mutex_unlock(&S.mu);
	return NULL;
}

/* ---- --connections: coroutines on one epoll per worker thread ------------ */

/* A coroutine that runs longer than this without yielding has blocked its
 * worker thread (and every other connection on it): said at --verbosity=4. */
#define SCHED_CO_BLOCK_NS 50000000LL

int bench_co_active(void)
{
	return S.nco != 0;
}

int bench_co_current(void)
{
	struct sched_worker *w = sched_self;
	/* sched_co_step (and the coroutines' create and destroy) make the
	 * running connection's struct the thread's own */
	return w != NULL && S.nco != 0 ? (int)w->tid : -1;
}

void sched_co_wait(int fd, int write, int64_t deadline_ns)
{
	struct sched_worker *w = sched_self;
	if (w == NULL || S.nco == 0)
		return;
	w->wait_fd = fd;
	w->wait_ev = write ? EPOLLOUT : EPOLLIN;
	if (deadline_ns)
		w->wake_at = deadline_ns;
}

void sched_co_forget(void)
{
	struct sched_worker *w = sched_self;
	/* the socket is closed: the kernel dropped it from the epoll set, and
	 * a new one may get the same number */
	if (w != NULL && S.nco != 0)
		w->reg_fd = -1;
}

/* How many of this thread's coroutines have a wake_at (counted by
 * sched_co_worker, then kept by sched_co_step, inside which wake_at
 * changes): with none, a wake-up of the thread's loop need not read every
 * coroutine's struct for its deadline (32 cache lines at 64 connections on
 * 2 threads, most of them cold). */
static __thread unsigned sched_co_ntimed;

/* Give epoll what the coroutine waits for. Registrations are never
 * deleted: closing a socket drops it (sched_co_forget), and a coroutine
 * that waits for a time keeps its socket registered; an event from it then
 * disarms it (sched_co_loop). */
static void sched_co_arm(int ep, struct sched_worker *w)
{
	struct epoll_event ev;
	if (w->wait_fd < 0 || (w->wait_fd == w->reg_fd && w->wait_ev == w->reg_ev))
		return;
	ev.events = w->wait_ev;
	ev.data.ptr = w;
	if (w->wait_fd != w->reg_fd) {
		if (epoll_ctl(ep, EPOLL_CTL_ADD, w->wait_fd, &ev) && errno == EEXIST)
			epoll_ctl(ep, EPOLL_CTL_MOD, w->wait_fd, &ev);
	} else if (epoll_ctl(ep, EPOLL_CTL_MOD, w->wait_fd, &ev) && errno == ENOENT) {
		epoll_ctl(ep, EPOLL_CTL_ADD, w->wait_fd, &ev);
	}
	w->reg_fd = w->wait_fd;
	w->reg_ev = w->wait_ev;
}

/* Run coroutine w (start phase `phase`, or resume it: phase < 0) until it
 * yields or ends. 1: it waits (socket or time), 0: the phase is done,
 * < 0: it failed (logged). The event label of the thread's recorder is
 * the running coroutine's. */
static int sched_co_step(int ep, struct sched_worker *w, const struct sched_co_ops *ops,
                         int phase)
{
	struct sched_worker *self = sched_self;
	struct stats_thread *st = w->st;
	int64_t t0 = 0;
	int rc;

	st->label = w->label;
	st->label_err0 = st->ctr[STATS_ERRORS] - w->label_errs;
	st->mute = w->mute;
	w->wait_fd = -1;
	if (w->wake_at) {
		sched_co_ntimed--;
		w->wake_at = 0;
	}
	sched_self = w;
	if (S.cfg->verbosity >= 4)
		t0 = clock_now_ns();
	rc = phase >= 0 ? ops->start(w->ctx, phase) : ops->resume(w->ctx);
	if (t0) {
		int64_t t1 = clock_now_ns();
		if (t1 - t0 > SCHED_CO_BLOCK_NS && t1 - w->warned_ns > 1000000000LL) {
			w->warned_ns = t1;
			log_msg(LOG_INFO, "connection %u ran %.0f ms without yielding: thread %u and its other connections waited (a call outside sysbench.sql that blocks, such as an FFI sleep or a database function called through the FFI, or a long computation)",
			        w->tid, (t1 - t0) / 1e6, self->tid);
		}
	}
	sched_self = self;
	w->label = st->label;
	w->label_errs = st->ctr[STATS_ERRORS] - st->label_err0;
	st->label = 0;
	if (rc == 1) {
		/* a yield that waits for nothing (a script's own) resumes at once */
		if (w->wait_fd < 0 && w->wake_at == 0)
			w->wake_at = 1;
		sched_co_arm(ep, w);
	}
	if (w->wake_at)
		sched_co_ntimed++;
	return rc;
}

/* When w, which waits for a time (wake_at), is due: at that time, or at
 * once when the run ends and w waits for nothing else (a --rate arrival,
 * a script's own yield). One that also waits for its socket (the library's
 * connect or read timeout) still waits for the socket or its time: a
 * resume before either would only wait again, with the library's timeout
 * started anew (a spin that never ends against a silent server). */
static inline int64_t sched_co_due(const struct sched_worker *w, int ending)
{
	return ending && w->wait_fd < 0 ? 0 : w->wake_at;
}

/* The earliest time a coroutine of `mine` waits for (INT64_MAX: none). */
static int64_t sched_co_next_wake(struct sched_worker **mine, unsigned n)
{
	int64_t t = INT64_MAX;
	int ending = sched_get(S.ending);
	if (sched_co_ntimed == 0)
		return t;
	for (unsigned i = 0; i < n; i++)
		if (mine[i]->wake_at && sched_co_due(mine[i], ending) < t)
			t = sched_co_due(mine[i], ending);
	return t;
}

/* 0 once epoll_pwait2 (Linux 5.11) was found missing: ENOSYS from an
 * older kernel, a seccomp filter or valgrind. */
static int sched_have_pwait2 = 1;

static int sched_co_epoll_wait(int ep, struct epoll_event *ev, int max, int64_t until)
{
	struct timespec ts;
	int64_t d;
	int r;
	if (until == INT64_MAX)
		return epoll_wait(ep, ev, max, -1);
	d = until - clock_now_ns();
	if (d < 0)
		d = 0;
	if (__atomic_load_n(&sched_have_pwait2, __ATOMIC_RELAXED)) {
		ts.tv_sec = d / 1000000000LL;
		ts.tv_nsec = d % 1000000000LL;
		r = epoll_pwait2(ep, ev, max, &ts, NULL);
		if (r >= 0 || errno != ENOSYS)
			return r;
		__atomic_store_n(&sched_have_pwait2, 0, __ATOMIC_RELAXED);
	}
	/* milliseconds, rounded up: never wake before the deadline */
	d = (d + 999999) / 1000000;
	return epoll_wait(ep, ev, max, d > INT_MAX ? INT_MAX : (int)d);
}

/* Resume w in phase `phase`; one fewer pending when its phase is done. */
static int sched_co_resume(int ep, struct sched_worker *w, const struct sched_co_ops *ops,
                           int phase, unsigned *pending)
{
	int rc = sched_co_step(ep, w, ops, -1);
	if (rc == 0) {
		(*pending)--;
		if (phase == SCHED_CO_RUN)
			__atomic_fetch_sub(&S.co_live, 1, __ATOMIC_RELAXED);
	}
	return rc;
}

/* Run phase `phase` of every coroutine of `mine` to its end. */
static int sched_co_loop(int ep, struct sched_worker **mine, unsigned n,
                         const struct sched_co_ops *ops, int phase)
{
	struct epoll_event evs[64];
	unsigned pending = 0, i;
	int rc, k, nev;

	for (i = 0; i < n; i++) {
		if (phase == SCHED_CO_RUN)
			__atomic_fetch_add(&S.co_live, 1, __ATOMIC_RELAXED);
		rc = sched_co_step(ep, mine[i], ops, phase);
		if (rc < 0)
			return rc;
		if (rc == 1)
			pending++;
		else if (phase == SCHED_CO_RUN)
			__atomic_fetch_sub(&S.co_live, 1, __ATOMIC_RELAXED);
	}
	while (pending) {
		int64_t wake = sched_co_next_wake(mine, n);
		nev = sched_co_epoll_wait(ep, evs, 64, wake);
		if (nev < 0 && errno != EINTR) {
			log_msg(LOG_FATAL, "epoll_wait: %s", strerror(errno));
			return -errno;
		}
		for (k = 0; k < nev; k++) {
			struct sched_worker *w = evs[k].data.ptr;
			if (w == NULL)
				continue;        /* the run ends: timers below */
			if (w->wait_fd < 0 || w->wait_fd != w->reg_fd) {
				/* not waiting for it (an idle socket closed by
				 * the server, say): disarm until asked again */
				struct epoll_event off = { 0, { .ptr = w } };
				epoll_ctl(ep, EPOLL_CTL_MOD, w->reg_fd, &off);
				w->reg_ev = 0;
				continue;
			}
			if ((rc = sched_co_resume(ep, w, ops, phase, &pending)) < 0)
				return rc;
		}
		if (wake != INT64_MAX) {
			int64_t now = clock_now_ns();
			int ending = sched_get(S.ending);
			for (i = 0; i < n; i++) {
				struct sched_worker *w = mine[i];
				if (w->wake_at == 0 || sched_co_due(w, ending) > now)
					continue;
				if ((rc = sched_co_resume(ep, w, ops, phase, &pending)) < 0)
					return rc;
			}
		}
	}
	return 0;
}

int sched_co_worker(unsigned tid, const struct sched_co_ops *ops)
{
	struct sched_worker *self = sched_self, **mine;
	struct epoll_event ev;
	unsigned n = 0, cid, i;
	int ep, rc = 0;

	mine = malloc(sizeof(*mine) * (S.nco / S.cfg->threads + 1));
	ep = epoll_create1(EPOLL_CLOEXEC);
	if (mine == NULL || ep < 0) {
		log_msg(LOG_FATAL, "thread %u: cannot set up its connections: %s", tid,
		        mine ? strerror(errno) : "out of memory");
		free(mine);
		if (ep >= 0)
			close(ep);
		return -ENOMEM;
	}
	ev.events = EPOLLIN | EPOLLET;
	ev.data.ptr = NULL;
	epoll_ctl(ep, EPOLL_CTL_ADD, S.efd, &ev);
	/* connection cid runs on thread cid % threads */
	for (cid = tid; cid < S.nco; cid += S.cfg->threads) {
		struct sched_worker *w = &S.co[cid];
		w->tid = cid;
		w->st = self->st;
		w->mute = self->mute;
		w->wait_fd = w->reg_fd = -1;
		sched_self = w;
		rc = ops->create(cid, &w->ctx);
		sched_self = self;
		if (rc)
			goto out;
		mine[n++] = w;
	}
	sched_co_ntimed = 0;
	for (i = 0; i < n; i++)
		sched_co_ntimed += mine[i]->wake_at != 0;
	rc = sched_co_loop(ep, mine, n, ops, SCHED_CO_INIT);
	if (rc || !sched_worker_started())
		goto out;
	rc = sched_co_loop(ep, mine, n, ops, SCHED_CO_RUN);
	if (rc == 0)
		rc = sched_co_loop(ep, mine, n, ops, SCHED_CO_DONE);
	if (rc == 0)
		sched_worker_linger();
out:
	for (i = 0; i < n; i++) {
		struct sched_worker *w = mine[i];
		if (w->in_event)
			sched_record(w, clock_now_ns());
		sched_self = w;
		ops->destroy(w->ctx);
		sched_self = self;
	}
	free(mine);
	close(ep);
	return rc;
}
