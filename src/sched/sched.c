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
#include <sys/eventfd.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <linux/futex.h>
#include <limits.h>
#include <ck_spinlock.h>

#include "sched/sched.h"
#include "stats/stats.h"
#include "stats/hdrlog.h"
#include "rand/rand.h"
#include "util/clock.h"
#include "util/log.h"
#include "util/tsan.h"
#include <stdbool.h>
#include <stdint.h>
#include "ffi/core.h"

/* A worker thread, or (--connections) one connection's coroutine: the
 * sysbench thread a script sees. A coroutine shares its worker thread's
 * statistics recorder. */
struct sched_worker {
	/* Owner-written hot state; the reporter only reads in_event. */
	_Alignas(64) struct stats_thread *st;
	int64_t start_ns;
	int64_t intended_ns;
	uint64_t started;
	int in_event;
	unsigned tid;
	pthread_t thread;
	int rc;
	/* --connections only (coroutines): */
	void *ctx;              /* the coroutine (sched_co_ops) */
	int64_t wake_at;        /* waiting for this time (an arrival); 0: no */
	int64_t pend_arrival;   /* claimed --rate arrival not started yet */
	int wait_fd;            /* waiting for this socket (sched_co_wait) */
	unsigned wait_ev;       /* EPOLLIN / EPOLLOUT */
	int reg_fd;             /* what this coroutine last gave epoll */
	unsigned reg_ev;
	unsigned label;         /* its event's label while switched out */
	uint64_t label_errs;    /* errors counted under it so far */
	int64_t warned_ns;      /* last "ran without yielding" line */
};

static struct {
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
	unsigned nready;
	unsigned nexited;
	int released;
	int failed;

	/* --hdr-log: one line per harvest, covering [hlog_last, harvest) */
	struct hdrlog *hlog;
	int64_t hlog_last;
	double epoch_offset;       /* wall clock seconds minus monotonic seconds */
} S;

static __thread struct sched_worker *sched_self;

/* Relaxed atomics for the flags threads share: on x86 plain moves, and a
 * ThreadSanitizer build sees them for what they are. */
#define sched_get(x) __atomic_load_n(&(x), __ATOMIC_RELAXED)
#define sched_put(x, v) __atomic_store_n(&(x), (v), __ATOMIC_RELAXED)

/* The first reason the run stops is the one the info lines give. */
static void sched_stop_reason(int why)
{
	int none = 0;
	__atomic_compare_exchange_n(&S.stop_reason, &none, why, 0,
	                            __ATOMIC_RELAXED, __ATOMIC_RELAXED);
}

static volatile sig_atomic_t sched_signal;

/* After the first SIGINT/SIGTERM the workers get this long (or
 * --forced-shutdown, if shorter) to finish their events; a worker still
 * blocked then (a stopped server, an event() that never returns) is
 * abandoned and the report printed without its event. */
#define SCHED_SIGNAL_GRACE_NS 1000000000LL

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
static void sched_set_stop(int ending)
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

static struct sigaction sched_old_int, sched_old_term;

/* Install sa for sig unless sig is ignored; old gets what to restore. */
static void sched_catch(int sig, const struct sigaction *sa, struct sigaction *old)
{
	if (sigaction(sig, NULL, old) != 0 || old->sa_handler == SIG_IGN)
		return;
	sigaction(sig, sa, NULL);
}

static void sched_on_signal(int sig)
{
	if (sched_signal) {
		/* the second signal: no more waiting */
		static const char note[] = "FATAL: second signal received, exiting at once\n";
		ssize_t n = write(STDOUT_FILENO, note, sizeof(note) - 1);
		(void)n;
		_exit(128 + sig);
	}
	sched_signal = sig;
	sched_set_stop(1);
}

/* ---- the event path (worker threads) --------------------------------- */

static inline void sched_record(struct sched_worker *w, int64_t now)
{
	sched_put(w->in_event, 0);
	/* An event that began during warm-up counts in no statistic. */
	if (w->start_ns < S.warm_end_ns) {
		stats_clear_label(w->st);
		return;
	}
	if (S.mean_gap_ns > 0) {
		stats_record_event(w->st, now - w->intended_ns,
		                   w->start_ns - w->intended_ns);
		/* after the event: a harvest never sees more late than events */
		if (S.limit_ns > 0 && now - w->intended_ns > S.limit_ns)
			stats_inc(w->st, STATS_LATE, 1);
	} else {
		stats_record_event(w->st, now - w->start_ns, 0);
		if (S.limit_ns > 0 && now - w->start_ns > S.limit_ns)
			stats_inc(w->st, STATS_LATE, 1);
	}
}

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

/* Exponential gaps make the arrivals a Poisson process; a lock is fine at
 * rate-limited speeds and gives one shared queue (M/M/c, not c x M/M/1). */
static int64_t sched_claim_arrival(void)
{
	int64_t t;
	double u = rand_double();
	sched_rate_lock();
	t = S.next_arrival;
	S.next_arrival += (int64_t)(-log1p(-u) * S.mean_gap_ns);
	sched_rate_unlock();
	return t;
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

static inline int64_t sched_begin(struct sched_worker *w, int64_t now)
{
	if (!sched_may_start(now))
		return 0;
	while (S.mean_gap_ns > 0) {
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

	if (w->pend_arrival == 0) {
		if (!sched_may_start(now))
			return 0;
		if (S.mean_gap_ns <= 0)
			return 1;
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
	w->start_ns = now;
	w->in_event = 1;
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
	w->start_ns = now;
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
	w->start_ns = clock_now_ns();
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

void bench_stat_add(int counter, uint64_t n)
{
	struct sched_worker *w = sched_self;
	/* STATS_LATE and after are bench's own */
	if (w && counter >= 0 && counter < STATS_LATE)
		stats_inc(w->st, (enum stats_ctr)counter, n);
}

/* sysbench's counter types, in its order, as bench counters; -1: none.
 * 6 and 7 are sysbench C's SB_CNT_BYTES_READ and SB_CNT_BYTES_WRITTEN. */
static const int sched_sb_counters[] = {
	STATS_OTHER, STATS_READS, STATS_WRITES, STATS_EVENTS, STATS_ERRORS,
	STATS_RECONNECTS, STATS_READ_BYTES, STATS_WRITTEN_BYTES,
};

void sb_counter_inc(int thread_id, sb_counter_type type)
{
	struct sched_worker *w = sched_self;
	unsigned t = (unsigned)type;
	(void)thread_id;
	if (w && t < sizeof(sched_sb_counters) / sizeof(sched_sb_counters[0]))
		stats_inc(w->st, (enum stats_ctr)sched_sb_counters[t], 1);
}

uint64_t sb_counter_val(int thread_id, sb_counter_type type)
{
	struct sched_worker *w;
	unsigned t = (unsigned)type;
	uint64_t v;
	struct sched_worker *all = S.nco ? S.co : S.w;
	unsigned n = S.nco ? S.nco : (S.cfg ? S.cfg->threads : 0);
	if (all == NULL || thread_id < 0 || (unsigned)thread_id >= n ||
	    all[thread_id].st == NULL ||
	    t >= sizeof(sched_sb_counters) / sizeof(sched_sb_counters[0]))
		return 0;
	w = &all[thread_id];
	v = __atomic_load_n(&w->st->ctr[sched_sb_counters[t]], __ATOMIC_RELAXED);
	if (t == SB_CNT_TRX)     /* and the events the thread ran */
		v += __atomic_load_n(&w->started, __ATOMIC_RELAXED) -
		     (__atomic_load_n(&w->in_event, __ATOMIC_RELAXED) != 0);
	return v;
}

int bench_label_id(const char *name)
{
	return stats_label_id(name);
}

void bench_event_label(int id)
{
	struct sched_worker *w = sched_self;
	if (w && w->in_event && id >= 0 && id < STATS_MAX_LABELS)
		stats_set_label(w->st, (unsigned)id);
}

struct stats_thread *sched_stats_self(void)
{
	struct sched_worker *w = sched_self;
	return w ? w->st : NULL;
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
	pthread_mutex_unlock(&S.mu);
}

static void *sched_worker_main(void *arg)
{
	struct sched_worker *w = arg;
	sigset_t set;

	/* Signals go to the main thread, which reports. */
	sigemptyset(&set);
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGTERM);
	pthread_sigmask(SIG_BLOCK, &set, NULL);

	sched_self = w;
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
	w->wait_fd = -1;
	w->wake_at = 0;
	sched_self = w;
	if (S.cfg->verbosity >= 4)
		t0 = clock_now_ns();
	rc = phase >= 0 ? ops->start(w->ctx, phase) : ops->resume(w->ctx);
	if (t0) {
		int64_t t1 = clock_now_ns();
		if (t1 - t0 > SCHED_CO_BLOCK_NS && t1 - w->warned_ns > 1000000000LL) {
			w->warned_ns = t1;
			log_msg(LOG_INFO, "connection %u ran %.0f ms without yielding: thread %u and its other connections waited (a blocking call: connect, prepare, or one outside sysbench.sql such as an FFI sleep)",
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
	return rc;
}

/* The earliest time a coroutine of `mine` waits for (INT64_MAX: none). */
static int64_t sched_co_next_wake(struct sched_worker **mine, unsigned n)
{
	int64_t t = INT64_MAX;
	for (unsigned i = 0; i < n; i++)
		if (mine[i]->wake_at && mine[i]->wake_at < t)
			t = mine[i]->wake_at;
	return t;
}

static int sched_co_epoll_wait(int ep, struct epoll_event *ev, int max, int64_t until)
{
	struct timespec ts;
	int64_t d;
	if (until == INT64_MAX)
		return epoll_wait(ep, ev, max, -1);
	d = until - clock_now_ns();
	if (d < 0)
		d = 0;
	ts.tv_sec = d / 1000000000LL;
	ts.tv_nsec = d % 1000000000LL;
	return epoll_pwait2(ep, ev, max, &ts, NULL);
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
		if (sched_get(S.ending) && wake != INT64_MAX)
			wake = 0;
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
			for (i = 0; i < n; i++) {
				struct sched_worker *w = mine[i];
				if (w->wake_at == 0 || (w->wake_at > now && !sched_get(S.ending)))
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
		w->wait_fd = w->reg_fd = -1;
		sched_self = w;
		rc = ops->create(cid, &w->ctx);
		sched_self = self;
		if (rc)
			goto out;
		mine[n++] = w;
	}
	rc = sched_co_loop(ep, mine, n, ops, SCHED_CO_INIT);
	if (rc || !sched_worker_started())
		goto out;
	rc = sched_co_loop(ep, mine, n, ops, SCHED_CO_RUN);
	if (rc == 0)
		rc = sched_co_loop(ep, mine, n, ops, SCHED_CO_DONE);
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

/* ---- the reporter (main thread) --------------------------------------- */

static void sched_release(void)
{
	pthread_mutex_lock(&S.mu);
	S.released = 1;
	pthread_cond_broadcast(&S.cv);
	pthread_mutex_unlock(&S.mu);
}

/* Wait until `deadline` or until every worker has exited; returns 1 when
 * all have exited. Wakes at least every 50 ms to notice signals. */
static int sched_wait(int64_t deadline)
{
	int all;
	int64_t now = clock_now_ns();
	int64_t until = deadline;
	struct timespec ts;

	if (until > now + 50000000LL)
		until = now + 50000000LL;
	pthread_mutex_lock(&S.mu);
	if (S.nexited < S.cfg->threads) {
		/* the condvar uses CLOCK_MONOTONIC (see sched_run) */
		ts.tv_sec = until / 1000000000LL;
		ts.tv_nsec = until % 1000000000LL;
		pthread_cond_timedwait(&S.cv, &S.mu, &ts);
	}
	all = S.nexited >= S.cfg->threads;
	pthread_mutex_unlock(&S.mu);
	return all;
}

static unsigned sched_running(void)
{
	unsigned n;
	if (S.nco)
		return __atomic_load_n(&S.co_live, __ATOMIC_RELAXED);
	pthread_mutex_lock(&S.mu);
	n = S.cfg->threads - S.nexited;
	pthread_mutex_unlock(&S.mu);
	return n;
}

static unsigned sched_concurrency(void)
{
	unsigned i, n = 0;
	if (S.nco) {
		for (i = 0; i < S.nco; i++)
			n += __atomic_load_n(&S.co[i].in_event, __ATOMIC_RELAXED) != 0;
		return n;
	}
	for (i = 0; i < S.cfg->threads; i++)
		n += __atomic_load_n(&S.w[i].in_event, __ATOMIC_RELAXED) != 0;
	return n;
}

/* sysbench's event queue holds this many events under --rate */
#define SCHED_QUEUE_MAX 131072

/* Arrivals due by `now` not yet taken by a worker. */
static uint64_t sched_queue_length(int64_t now)
{
	int64_t next;
	if (S.mean_gap_ns <= 0)
		return 0;
	sched_rate_lock();
	next = S.next_arrival;
	sched_rate_unlock();
	if (next > now)
		return 0;
	return (uint64_t)((now - next) / S.mean_gap_ns) + 1;
}

static int sched_start_threads(void)
{
	pthread_attr_t attr;
	unsigned i;
	int rc;

	pthread_attr_init(&attr);
	if (pthread_attr_setstacksize(&attr, S.cfg->thread_stack_size)) {
		log_msg(LOG_FATAL, "invalid --thread-stack-size: %zu", S.cfg->thread_stack_size);
		pthread_attr_destroy(&attr);
		return -EINVAL;
	}
	for (i = 0; i < S.cfg->threads; i++) {
		S.w[i].tid = i;
		S.w[i].st = stats_thread(S.stats, i);
		rc = pthread_create(&S.w[i].thread, &attr, sched_worker_main, &S.w[i]);
		if (rc) {
			log_msg(LOG_FATAL, "cannot create worker thread %u: %s", i, strerror(rc));
			pthread_attr_destroy(&attr);
			/* let the ones started run into the abort */
			S.failed = 1;
			sched_set_stop(1);
			pthread_mutex_lock(&S.mu);
			S.nexited += S.cfg->threads - i;
			pthread_mutex_unlock(&S.mu);
			return -rc;
		}
	}
	pthread_attr_destroy(&attr);
	return 0;
}

/* Monotonic nanoseconds to seconds since the epoch. */
static double sched_epoch(int64_t mono_ns)
{
	return S.epoch_offset + mono_ns / 1e9;
}

/* Harvest once into every accumulator that is open, and log the harvest as
 * one --hdr-log interval (write errors are sticky: see sched_run's end). */
static void sched_harvest(struct stats_snap *tmp, struct stats_snap *iv,
                          struct stats_snap *cp)
{
	stats_snap_reset(tmp);
	stats_harvest(S.stats, tmp);
	if (S.hlog) {
		int64_t now = clock_now_ns();
		double t0 = sched_epoch(S.hlog_last), len = (now - S.hlog_last) / 1e9;
		hdrlog_write(S.hlog, NULL, t0, len, tmp->lat);
		/* one Tag= line per label (registered so far) per interval */
		for (unsigned i = 0, n = stats_nlabels(); i < n; i++)
			if (tmp->lbl[i].lat)
				hdrlog_write(S.hlog, stats_label_name(i), t0, len,
				             tmp->lbl[i].lat);
		S.hlog_last = now;
	}
	stats_snap_add(iv, tmp);
	stats_snap_add(cp, tmp);
}

/* --report-statements, after the workers are done: collect the statement
 * statistics into the final snapshot and log them as one Tag=stmt.<kind>
 * line each, covering the whole run. */
static void sched_statements(struct stats_snap *into, int64_t t_finish)
{
	char tag[64];

	if (stats_collect_stmt(S.stats, into))
		log_msg(LOG_WARNING, "out of memory for statement statistics: some are missing");
	if (!S.hlog)
		return;
	for (unsigned k = 0; k < STATS_NSTMT; k++) {
		if (!into->stmt[k].lat || into->stmt[k].events == 0)
			continue;
		snprintf(tag, sizeof(tag), "stmt.%s", stats_stmt_name(k));
		hdrlog_write(S.hlog, tag, sched_epoch(S.t_count),
		             (t_finish - S.t_count) / 1e9, into->stmt[k].lat);
	}
}

/* The deadline for the workers to stop after the first signal. */
static int64_t sched_signal_deadline(const struct core_cfg *cfg, int64_t now)
{
	int64_t grace = SCHED_SIGNAL_GRACE_NS;
	if (cfg->forced_shutdown >= 0 && cfg->forced_shutdown * 1e9 < grace)
		grace = (int64_t)(cfg->forced_shutdown * 1e9);
	return now + grace;
}

/* Workers still blocked after a signal's grace period (a stopped server, an
 * event() that never returns): report what completed and exit, leaving
 * them behind; their events in progress count nowhere. Exit status 1, as
 * an interrupted run that ends normally. */
static void sched_abandon(struct stats_snap *tmp, struct stats_snap *iv,
                          struct stats_snap *cp, int64_t t_cp_last)
{
	int64_t t_finish = clock_now_ns();
	log_msg(LOG_WARNING, "%u worker thread(s) did not stop after the signal: abandoned, their events in progress are not counted",
	        sched_running());
	if (S.t_start) {
		sched_harvest(tmp, iv, cp);
		if (S.t_count > t_finish)
			S.t_count = t_finish;
		report_full(S.ctx, cp, (t_finish - S.t_count) / 1e9,
		            (t_finish - t_cp_last) / 1e9, 0);
	}
	(void)hdrlog_close(S.hlog);
	fflush(stdout);
	_exit(1);
}

int sched_run(const struct core_cfg *cfg, struct report_ctx *ctx,
              sched_worker_fn fn, void *ud)
{
	int64_t t_sig = INT64_MAX;
	struct stats_snap *tmp = NULL, *iv = NULL, *cp = NULL;
	pthread_condattr_t ca;
	struct sigaction sa;
	int64_t now, t_end, t_forced, next_iv, t_iv_last = 0, t_cp_last = 0, init_deadline;
	unsigned next_cp = 0, i;
	int rc = 0, all_done = 0, forced = 0, warm = 0;
	int64_t t_finish;

	memset(&S, 0, sizeof(S));
	S.efd = -1;
	S.cfg = cfg;
	S.ctx = ctx;
	S.fn = fn;
	S.ud = ud;
	S.max_events = cfg->events;
	S.warm_end_ns = INT64_MAX;      /* nothing counts before the start */
	ck_spinlock_init(&S.rate_lock);
	pthread_mutex_init(&S.mu, NULL);
	pthread_condattr_init(&ca);
	pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
	pthread_cond_init(&S.cv, &ca);
	pthread_condattr_destroy(&ca);
	if (cfg->rate > 0)
		S.mean_gap_ns = 1e9 / cfg->rate;
	if (cfg->latency_limit > 0)
		S.limit_ns = (int64_t)(cfg->latency_limit * 1e6);

	rc = stats_create(cfg->threads, cfg->rate > 0 ? STATS_F_WAIT : 0,
	                  cfg->sig_figs, &S.stats);
	if (rc == 0)
		rc = stats_snap_create(S.stats, &tmp);
	if (rc == 0)
		rc = stats_snap_create(S.stats, &iv);
	if (rc == 0)
		rc = stats_snap_create(S.stats, &cp);
	S.w = aligned_alloc(64, sizeof(*S.w) * cfg->threads);
	if (rc || S.w == NULL) {
		log_msg(LOG_FATAL, "out of memory for %u threads", cfg->threads);
		rc = -ENOMEM;
		goto err;
	}
	memset(S.w, 0, sizeof(*S.w) * cfg->threads);
	if (cfg->connections) {
		S.co = aligned_alloc(64, sizeof(*S.co) * cfg->connections);
		S.efd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
		if (S.co == NULL || S.efd < 0) {
			log_msg(LOG_FATAL, "cannot set up %u connections: %s", cfg->connections,
			        S.co ? strerror(errno) : "out of memory");
			rc = -ENOMEM;
			goto err;
		}
		memset(S.co, 0, sizeof(*S.co) * cfg->connections);
		S.nco = cfg->connections;
	}

	if (cfg->hdr_log) {
		struct timespec rt;
		clock_gettime(CLOCK_REALTIME, &rt);
		S.epoch_offset = rt.tv_sec + rt.tv_nsec / 1e9 - clock_now_ns() / 1e9;
		rc = hdrlog_open(cfg->hdr_log, sched_epoch(clock_now_ns()), &S.hlog);
		if (rc)
			goto err;
	}

	/* a signal the program was started with ignored (SIGINT of a
	 * background job of a non-interactive shell) stays ignored */
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = sched_on_signal;
	sched_catch(SIGINT, &sa, &sched_old_int);
	sched_catch(SIGTERM, &sa, &sched_old_term);

	log_text(LOG_NOTICE, "Initializing worker threads...\n");
	rc = sched_start_threads();

	/* Start barrier: every thread initialised, or one failed, or timeout. */
	init_deadline = clock_now_ns() + (int64_t)(cfg->thread_init_timeout * 1e9);
	for (;;) {
		struct timespec ts;
		int done;
		pthread_mutex_lock(&S.mu);
		done = S.nready >= cfg->threads || S.failed || rc;
		if (!done) {
			int64_t until = clock_now_ns() + 50000000LL;
			if (until > init_deadline)
				until = init_deadline;
			ts.tv_sec = until / 1000000000LL;
			ts.tv_nsec = until % 1000000000LL;
			pthread_cond_timedwait(&S.cv, &S.mu, &ts);
		}
		pthread_mutex_unlock(&S.mu);
		if (done)
			break;
		if (sched_signal) {
			S.failed = 1;
			rc = -EINTR;
			t_sig = sched_signal_deadline(cfg, clock_now_ns());
			break;
		}
		if (clock_now_ns() >= init_deadline) {
			log_msg(LOG_FATAL, "Worker threads failed to initialize within %.0f seconds!",
			        cfg->thread_init_timeout);
			/* A stuck thread_init cannot be cancelled safely.  Exit
			 * status 2, as sysbench 1.0.20 for this timeout. */
			fflush(stdout);
			_exit(2);
		}
	}
	if (S.failed || rc) {
		sched_set_stop(1);
		sched_release();
		if (rc == 0) {
			log_msg(LOG_FATAL, "Thread initialization failed!");
			rc = -EIO;
		}
		goto join;
	}

	log_text(LOG_NOTICE, "Threads started!\n");
	now = clock_now_ns();
	S.t_start = now;
	if (cfg->warmup_time > 0) {
		warm = 1;
		S.warm_end_ns = now + (int64_t)(cfg->warmup_time * 1e9);
	} else {
		S.warm_end_ns = now;
	}
	S.t_count = S.warm_end_ns;
	S.next_arrival = S.warm_end_ns > now && S.mean_gap_ns > 0 ? now : now;
	sched_release();

	t_end = cfg->time > 0 ? S.t_count + (int64_t)(cfg->time * 1e9) : INT64_MAX;
	t_forced = (cfg->forced_shutdown >= 0 && t_end != INT64_MAX)
	               ? t_end + (int64_t)(cfg->forced_shutdown * 1e9) : INT64_MAX;
	next_iv = cfg->report_interval > 0
	              ? S.t_count + (int64_t)(cfg->report_interval * 1e9) : INT64_MAX;
	t_iv_last = t_cp_last = S.t_count;
	S.hlog_last = S.t_count;

	for (;;) {
		int64_t wake = t_end < next_iv ? t_end : next_iv;
		int64_t cp_at = next_cp < cfg->ncheckpoints
		                    ? S.t_count + (int64_t)(cfg->checkpoints[next_cp] * 1e9) : INT64_MAX;
		if (cp_at < wake)
			wake = cp_at;
		if (warm && S.warm_end_ns < wake)
			wake = S.warm_end_ns;
		if (t_forced < wake)
			wake = t_forced;
		if (t_sig < wake)
			wake = t_sig;
		if (sched_get(S.stop) && t_forced == INT64_MAX && wake > clock_now_ns() + 1000000000LL)
			wake = clock_now_ns() + 1000000000LL;
		/* --rate: look at the backlog ten times a second */
		if (S.mean_gap_ns > 0 && !cfg->rate_continue &&
		    wake > clock_now_ns() + 100000000LL)
			wake = clock_now_ns() + 100000000LL;

		all_done = sched_wait(wake);
		now = clock_now_ns();
		if (sched_signal && t_sig == INT64_MAX) {
			if (rc == 0)
				rc = -EINTR;
			t_sig = sched_signal_deadline(cfg, now);
			sched_set_stop(1);
		}
		if (all_done)
			break;
		if (now >= t_sig)
			sched_abandon(tmp, iv, cp, t_cp_last);
		/* sysbench 1.0.20 ends a run whose event queue (131072
		 * events) overflows: the rate asked for was not delivered.
		 * --rate-overload=continue keeps bench's open-loop run. */
		if (S.mean_gap_ns > 0 && !cfg->rate_continue && rc == 0 &&
		    sched_queue_length(now) > SCHED_QUEUE_MAX) {
			log_msg(LOG_FATAL, "The event queue is full. This means the worker threads are unable to keep up with the specified event generation rate");
			rc = -EOVERFLOW;
			sched_set_stop(1);
		}
		if (warm && now >= S.warm_end_ns) {
			/* Drop what the warm-up recorded; counting starts now. */
			warm = 0;
			stats_stmt_count_from(S.stats, now);
			stats_snap_reset(tmp);
			stats_harvest(S.stats, tmp);
			stats_snap_reset(iv);
			stats_snap_reset(cp);
		}
		if (now >= next_iv && !warm) {
			double period = (now - t_iv_last) / 1e9;
			sched_harvest(tmp, iv, cp);
			report_interval(ctx, iv, (next_iv - S.t_count) / 1e9, period,
			                sched_running(), sched_queue_length(now),
			                sched_concurrency());
			stats_snap_reset(iv);
			t_iv_last = now;
			next_iv += (int64_t)(cfg->report_interval * 1e9);
			if (next_iv <= now)
				next_iv = now + (int64_t)(cfg->report_interval * 1e9);
		}
		if (now >= cp_at && !warm) {
			sched_harvest(tmp, iv, cp);
			report_full(ctx, cp, (now - S.t_count) / 1e9,
			            (now - t_cp_last) / 1e9, 1);
			stats_snap_reset(cp);
			t_cp_last = now;
			next_cp++;
		}
		if (now >= t_end) {
			sched_stop_reason(2);
			sched_set_stop(1);
		}
		if (now >= t_forced) {
			forced = 1;
			break;
		}
	}

	t_finish = clock_now_ns();
	if (forced) {
		/* sysbench 1.0.20's words (scripts grep for them) and its exit
		 * status 2: the run was cut short, the numbers cover what
		 * finished. */
		log_msg(LOG_FATAL, "The --max-time limit has expired, forcing shutdown...");
		sched_harvest(tmp, iv, cp);
		report_full(ctx, cp, (t_finish - S.t_count) / 1e9,
		            (t_finish - t_cp_last) / 1e9, 0);
		/* The workers' statement records are still being written. */
		if (cfg->report_statements)
			log_msg(LOG_WARNING, "--report-statements: no per-statement figures, the forced shutdown left worker threads running");
		(void)hdrlog_close(S.hlog);   /* names its own write error */
		fflush(stdout);
		_exit(2);
	}

join:
	/* interrupted before the start: wait for the workers' exit as long as
	 * after a signal during the run */
	while (!sched_wait(t_sig)) {
		if (sched_signal && t_sig == INT64_MAX)
			t_sig = sched_signal_deadline(cfg, clock_now_ns());
		if (clock_now_ns() >= t_sig)
			sched_abandon(tmp, iv, cp, t_cp_last);
	}
	for (i = 0; i < cfg->threads; i++)
		if (S.w[i].thread)
			pthread_join(S.w[i].thread, NULL);
	if (S.failed && rc == 0)
		rc = -EIO;
	if (rc == 0 && !S.failed)
		log_text(LOG_INFO, "Done.\n");
	if (S.t_start && !(S.failed && rc != -EINTR) && rc != -EOVERFLOW) {
		t_finish = clock_now_ns();
		sched_harvest(tmp, iv, cp);
		if (S.t_count > t_finish)
			S.t_count = t_finish;
		if (cfg->report_statements)
			sched_statements(cp, t_finish);
		report_full(ctx, cp, (t_finish - S.t_count) / 1e9,
		            (t_finish - t_cp_last) / 1e9, 0);
	}
err:
	if (S.hlog) {
		int lrc = hdrlog_close(S.hlog);
		S.hlog = NULL;
		if (rc == 0)
			rc = lrc;
	}
	stats_snap_destroy(tmp);
	stats_snap_destroy(iv);
	stats_snap_destroy(cp);
	stats_destroy(S.stats);
	S.stats = NULL;
	free(S.w);
	S.w = NULL;
	free(S.co);
	S.co = NULL;
	S.nco = 0;
	if (S.efd >= 0)
		close(S.efd);
	S.efd = -1;
	S.ctx = NULL;
	sigaction(SIGINT, &sched_old_int, NULL);
	sigaction(SIGTERM, &sched_old_term, NULL);
	return rc;
}
