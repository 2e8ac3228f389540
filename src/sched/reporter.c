/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The scheduler's main-thread side: sched_run's phases (setup, the start
 * barrier, the reporter loop with its --hdr-log writing, join, teardown)
 * and the signals that end a run. The workers' side is sched.c; what both
 * share is sched_state.h. */
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/eventfd.h>

#include "sched/sched.h"
#include "sched/sched_state.h"
#include "stats/stats.h"
#include "stats/hdrlog.h"
#include "stats/report.h"
#include "stats/runinfo.h"
#include "util/clock.h"
#include "util/log.h"

static volatile sig_atomic_t sched_signal;

/* After the first SIGINT/SIGTERM the workers get this long (or
 * --forced-shutdown, if shorter) to finish their events; a worker still
 * blocked then (a stopped server, an event() that never returns) is
 * abandoned and the report printed without its event. */
#define SCHED_SIGNAL_GRACE_NS 1000000000LL

/* Past --time, workers of which none finished for this long get one
 * WARNING line (the run goes on waiting for them, as sysbench's does). */
#define SCHED_LATE_NOTE_NS 5000000000LL

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

/* ---- the reporter (main thread) --------------------------------------- */

/* report_full, under --connections with the period's fairness per
 * connection (S.fair: what the last full report covered, then the
 * period's figures). */
static int sched_report_full(struct report_ctx *ctx, const struct stats_snap *s,
                             double total, double period, double checkpoint)
{
	uint64_t *seen_ev = S.fair, *seen_ns = S.fair + S.nco;
	uint64_t *ev = S.fair + 2 * S.nco, *ns = S.fair + 3 * S.nco;
	int rc;

	for (unsigned i = 0; S.fair && i < S.nco; i++) {
		uint64_t e = sched_get(S.co[i].fair_events), t = sched_get(S.co[i].fair_ns);
		ev[i] = e - seen_ev[i];
		ns[i] = t - seen_ns[i];
		seen_ev[i] = e;
		seen_ns[i] = t;
	}
	ctx->fair.events = ev;
	ctx->fair.lat_ns = ns;
	ctx->fair.n = S.fair ? S.nco : 0;
	rc = report_full(ctx, s, total, period, checkpoint);
	ctx->fair.n = 0;
	return rc;
}

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
	n = S.cfg->threads - S.nover;
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
			S.nover += S.cfg->threads - i;
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

/* sched_set_harvest_hook's (main thread only) */
static sched_harvest_fn sched_hv_fn;
static void *sched_hv_ud;
static double sched_hv_period;

void sched_set_harvest_hook(sched_harvest_fn fn, void *ud, double period_s)
{
	sched_hv_fn = fn;
	sched_hv_ud = ud;
	sched_hv_period = fn ? period_s : 0;
}

static unsigned sched_running(void);

/* Harvest once into every accumulator that is open and give it to the
 * harvest hook; a report's harvest (line = 1) is also one --hdr-log
 * interval, with what the hook's own harvests took since the last one
 * (write errors are sticky: see sched_run's end). */
static void sched_harvest_as(struct stats_snap *tmp, struct stats_snap *iv,
                             struct stats_snap *cp, int line)
{
	const struct stats_snap *h = tmp;

	stats_snap_reset(tmp);
	stats_harvest(S.stats, tmp);
	if (S.hlog && S.hlog_pend) {
		stats_snap_add(S.hlog_pend, tmp);
		h = S.hlog_pend;
	}
	if (S.hlog && line) {
		int64_t now = clock_now_ns();
		double t0 = sched_epoch(S.hlog_last), len = (now - S.hlog_last) / 1e9;
		hdrlog_write(S.hlog, NULL, t0, len, h->lat);
		/* one Tag= line per label (registered so far) per interval */
		for (unsigned i = 0, n = stats_nlabels(); i < n; i++)
			if (h->lbl[i].lat)
				hdrlog_write(S.hlog, stats_label_name(i), t0, len,
				             h->lbl[i].lat);
		S.hlog_last = now;
		if (S.hlog_pend)
			stats_snap_reset(S.hlog_pend);
	}
	stats_snap_add(iv, tmp);
	stats_snap_add(cp, tmp);
	if (sched_hv_fn)
		sched_hv_fn(tmp, sched_running(), sched_hv_ud);
}

static void sched_harvest(struct stats_snap *tmp, struct stats_snap *iv,
                          struct stats_snap *cp)
{
	sched_harvest_as(tmp, iv, cp, 1);
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
	for (unsigned k = 0; k < STATS_NKIND; k++) {   /* fileio's kinds too */
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

static int (*sched_start_fn)(int (*stopped)(void));

void sched_set_start_hook(int (*fn)(int (*stopped)(void)))
{
	sched_start_fn = fn;
}

static int sched_stopped(void)
{
	return sched_signal != 0;
}

static void (*sched_exit_fn)(int status, void *arg);
static void *sched_exit_arg;

void sched_set_exit_hook(void (*fn)(int status, void *arg), void *arg)
{
	sched_exit_fn = fn;
	sched_exit_arg = arg;
}

/* The end of a run that cannot return: the hook, then _exit. */
static void sched_exit_now(int status)
{
	fflush(stdout);
	if (sched_exit_fn)
		sched_exit_fn(status, sched_exit_arg);
	fflush(stdout);
	_exit(status);
}

/* Workers still blocked after a signal's grace period (a stopped server, an
 * event() that never returns): report what completed and exit, leaving
 * them behind; their events in progress count nowhere. Exit status 1, as
 * an interrupted run that ends normally. */
static void sched_abandon(struct stats_snap *tmp, struct stats_snap *iv,
                          struct stats_snap *cp, int64_t t_cp_last)
{
	int64_t t_finish = clock_now_ns();
	unsigned left, busy;

	pthread_mutex_lock(&S.mu);
	left = S.cfg->threads - S.nexited;
	pthread_mutex_unlock(&S.mu);
	/* under --connections a thread holds many; only those in an event
	 * lose one (a connection waiting for its --rate arrival has none) */
	if (S.nco && (busy = sched_concurrency()) != 0)
		log_msg(LOG_WARNING, "%u worker thread(s) did not stop after the signal: abandoned with their connections, the %u event(s) in progress are not counted",
		        left, busy);
	else if (S.nco)
		log_msg(LOG_WARNING, "%u worker thread(s) did not stop after the signal: abandoned with their connections (none in an event)",
		        left);
	else
		log_msg(LOG_WARNING, "%u worker thread(s) did not stop after the signal: abandoned, their events in progress are not counted",
		        left);
	if (S.t_start) {
		sched_harvest(tmp, iv, cp);
		if (S.t_count > t_finish)
			S.t_count = t_finish;
		S.ctx->status = REPORT_INTERRUPTED;
		runinfo_server_skip();  /* a blocked server would block it too */
		sched_report_full(S.ctx, cp, (t_finish - S.t_count) / 1e9,
		            (t_finish - t_cp_last) / 1e9, 0);
	}
	(void)hdrlog_close(S.hlog);
	sched_exit_now(1);
}

/* sched_run's state, shared by its phases (main thread only). */
struct sched_rep {
	/* harvest scratch, the interval's and the checkpoint's (and final
	 * report's) accumulators */
	struct stats_snap *tmp, *iv, *cp;
	int64_t t_sig;          /* the workers' deadline after a signal */
	int64_t t_cp_last;      /* the last checkpoint (or the start) */
};

/* The --hdr-log header comment that ties the log to its result: "bench
 * run ID[ step I] threads T[ interval P][ instance I/N]" (hdrlog.h; P: --report-interval,
 * by which bench merge lines up the logs' ticks). */
static const char *hdrlog_identity(char *buf, size_t len, unsigned threads,
                                   double report_interval)
{
	char step[24] = "", iv[40] = "", inst[40];

	if (report_get_step())
		snprintf(step, sizeof(step), " step %u", report_get_step());
	if (report_interval > 0)
		snprintf(iv, sizeof(iv), " interval %.9g", report_interval);
	snprintf(buf, len, "bench run %s%s threads %u%s%s", report_run_id(), step, threads, iv,
	         report_identity_suffix(inst, sizeof(inst)));
	return buf;
}

/* Phase 1: the run's state, statistics, workers' and connections' slots,
 * the --hdr-log file. 0 or a negative errno after a FATAL line. */
static int sched_setup(const struct core_cfg *cfg, struct report_ctx *ctx,
                       sched_worker_fn fn, void *ud, struct sched_rep *r)
{
	pthread_condattr_t ca;
	int rc;

	memset(&S, 0, sizeof(S));
	S.efd = -1;
	S.cfg = cfg;
	S.ctx = ctx;
	S.fn = fn;
	S.ud = ud;
	ctx->time_events = -1;          /* known after the join */
	S.max_events = cfg->events;
	S.warm_end_ns = INT64_MAX;      /* nothing counts before the start */
	ck_spinlock_init(&S.rate_lock);
	pthread_mutex_init(&S.mu, NULL);
	pthread_condattr_init(&ca);
	pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
	pthread_cond_init(&S.cv, &ca);
	pthread_cond_init(&S.linger_cv, &ca);
	pthread_condattr_destroy(&ca);
	if (cfg->rate > 0)
		S.mean_gap_ns = 1e9 / cfg->rate;
	if (cfg->latency_limit > 0)
		S.limit_ns = (int64_t)(cfg->latency_limit * 1e6);

	rc = stats_create(cfg->threads, cfg->rate > 0 ? STATS_F_WAIT : 0,
	                  cfg->sig_figs, &S.stats);
	if (rc == 0)
		rc = stats_snap_create(S.stats, &r->tmp);
	if (rc == 0)
		rc = stats_snap_create(S.stats, &r->iv);
	if (rc == 0)
		rc = stats_snap_create(S.stats, &r->cp);
	S.w = aligned_alloc(64, sizeof(*S.w) * cfg->threads);
	if (rc || S.w == NULL) {
		log_msg(LOG_FATAL, "out of memory for %u threads", cfg->threads);
		return -ENOMEM;
	}
	memset(S.w, 0, sizeof(*S.w) * cfg->threads);
	if (cfg->connections) {
		S.co = aligned_alloc(64, sizeof(*S.co) * cfg->connections);
		S.fair = calloc(4 * (size_t)cfg->connections, sizeof(*S.fair));
		S.efd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
		if (S.co == NULL || S.fair == NULL || S.efd < 0) {
			log_msg(LOG_FATAL, "cannot set up %u connections: %s", cfg->connections,
			        S.co && S.fair ? strerror(errno) : "out of memory");
			return -ENOMEM;
		}
		memset(S.co, 0, sizeof(*S.co) * cfg->connections);
		S.nco = cfg->connections;
	}

	if (cfg->hdr_log && sched_hv_fn && stats_snap_create(S.stats, &S.hlog_pend)) {
		log_msg(LOG_FATAL, "out of memory for the --hdr-log");
		return -ENOMEM;
	}
	if (cfg->hdr_log) {
		char ident[96];
		struct timespec rt;
		clock_gettime(CLOCK_REALTIME, &rt);
		S.epoch_offset = rt.tv_sec + rt.tv_nsec / 1e9 - clock_now_ns() / 1e9;
		hdrlog_set_stdout(report_machine_stream());
		rc = hdrlog_open_ident(cfg->hdr_log, sched_epoch(clock_now_ns()),
		                       hdrlog_identity(ident, sizeof(ident), cfg->threads,
		                                       cfg->report_interval), &S.hlog);
		if (rc)
			return rc;
	}
	return 0;
}

/* Phase 2: start the workers and wait at the start barrier until every
 * one has initialised, or one failed, or a signal came. 0, or a negative
 * errno after a FATAL line (the workers are then told to stop). A
 * thread_init that outlasts --thread-init-timeout exits the program. */
static int sched_start(const struct core_cfg *cfg, struct sched_rep *r)
{
	int64_t init_deadline;
	int rc;

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
			r->t_sig = sched_signal_deadline(cfg, clock_now_ns());
			break;
		}
		if (clock_now_ns() >= init_deadline) {
			log_msg(LOG_FATAL, "Worker threads failed to initialize within %.0f seconds!",
			        cfg->thread_init_timeout);
			/* A stuck thread_init cannot be cancelled safely.  Exit
			 * status 2, as sysbench 1.0.20 for this timeout. */
			sched_exit_now(2);
		}
	}
	if (S.failed || rc) {
		sched_set_stop(1);
		sched_release();
		if (rc == 0) {
			log_msg(LOG_FATAL, "Thread initialization failed!");
			rc = -EIO;
		}
	}
	return rc;
}

/* Phase 3: release the barrier; the run's clock starts (counting starts
 * after the warm-up). */
static void sched_go(const struct core_cfg *cfg)
{
	int64_t now;

	log_text(LOG_NOTICE, "Threads started!\n");
	report_run_start(S.ctx);        /* --server-stats' start sample */
	now = clock_now_ns();
	S.t_start = now;
	if (cfg->warmup_time > 0)
		S.warm_end_ns = now + (int64_t)(cfg->warmup_time * 1e9);
	else
		S.warm_end_ns = now;
	S.t_count = S.warm_end_ns;
	sched_rate_start(now);
	sched_release();
}

/* Phase 4: the reporter loop, until every worker has exited (returns 0) or
 * --forced-shutdown's deadline passed (returns 1). Ends the warm-up,
 * prints interval and checkpoint reports, stops the run at --time, on a
 * signal or when the --rate queue overflows (*rc: -EINTR, -EOVERFLOW). */
static int sched_report_loop(const struct core_cfg *cfg, struct report_ctx *ctx,
                             struct sched_rep *r, int *rc)
{
	struct stats_snap *tmp = r->tmp, *iv = r->iv, *cp = r->cp;
	int64_t now, t_end, t_stop, t_forced, next_iv, t_iv_last, next_hv;
	unsigned next_cp = 0;
	int warm = cfg->warmup_time > 0, all_done, late_said = 0;
	unsigned late_n = UINT_MAX;   /* workers running at t_late */
	int64_t t_late = 0;

	t_end = cfg->time > 0 ? S.t_count + (int64_t)(cfg->time * 1e9) : INT64_MAX;
	t_forced = (cfg->forced_shutdown >= 0 && t_end != INT64_MAX)
	               ? t_end + (int64_t)(cfg->forced_shutdown * 1e9) : INT64_MAX;
	next_iv = cfg->report_interval > 0
	              ? S.t_count + (int64_t)(cfg->report_interval * 1e9) : INT64_MAX;
	t_iv_last = r->t_cp_last = S.t_count;
	S.hlog_last = S.t_count;
	/* the harvest hook's own harvests, between the reports' */
	next_hv = sched_hv_period > 0 ? S.t_count + (int64_t)(sched_hv_period * 1e9) : INT64_MAX;

	t_stop = t_end;
	for (;;) {
		int64_t wake = t_stop < next_iv ? t_stop : next_iv;
		int harvested = 0;
		int64_t cp_at = next_cp < cfg->ncheckpoints
		                    ? S.t_count + (int64_t)(cfg->checkpoints[next_cp] * 1e9) : INT64_MAX;
		if (cp_at < wake)
			wake = cp_at;
		if (warm && S.warm_end_ns < wake)
			wake = S.warm_end_ns;
		if (t_forced < wake)
			wake = t_forced;
		if (next_hv < wake)
			wake = next_hv;
		if (r->t_sig < wake)
			wake = r->t_sig;
		if (sched_get(S.stop) && t_forced == INT64_MAX && wake > clock_now_ns() + 1000000000LL)
			wake = clock_now_ns() + 1000000000LL;
		/* --rate: look at the backlog ten times a second */
		if (S.mean_gap_ns > 0 && !cfg->rate_continue &&
		    wake > clock_now_ns() + 100000000LL)
			wake = clock_now_ns() + 100000000LL;

		all_done = sched_wait(wake);
		now = clock_now_ns();
		if (sched_signal && r->t_sig == INT64_MAX) {
			if (*rc == 0)
				*rc = -EINTR;
			r->t_sig = sched_signal_deadline(cfg, now);
			sched_set_stop(1);
		}
		if (all_done)
			return 0;
		if (now >= r->t_sig)
			sched_abandon(tmp, iv, cp, r->t_cp_last);
		/* sysbench 1.0.20 ends a run whose event queue (131072
		 * events) overflows: the rate asked for was not delivered.
		 * --rate-overload=continue keeps bench's open-loop run. */
		if (S.mean_gap_ns > 0 && !cfg->rate_continue && *rc == 0 &&
		    sched_queue_length(now) > SCHED_QUEUE_MAX) {
			log_msg(LOG_FATAL, "The event queue is full. This means the worker threads are unable to keep up with the specified event generation rate");
			*rc = -EOVERFLOW;
			sched_set_stop(1);
		}
		if (warm && now >= S.warm_end_ns) {
			/* Reports start now. The warm-up recorded nothing to
			 * drop: each worker's recorder stays muted until its
			 * first event after the warm-up (sched_start_event), so
			 * no event that began in it counts, and every event that
			 * began after it does, whenever this thread wakes. */
			warm = 0;
			report_warmup_done(ctx);
		}
		/* No interval past --time: workers slow to stop (a loaded
		 * machine) would otherwise get one more report for the tail. */
		if (now >= next_iv && next_iv > t_end)
			next_iv = INT64_MAX;
		if (now >= next_iv && !warm) {
			double period = (now - t_iv_last) / 1e9;
			sched_harvest(tmp, iv, cp);
			report_interval(ctx, iv, (next_iv - S.t_count) / 1e9, period,
			                sched_running(), sched_queue_length(now),
			                sched_concurrency());
			stats_snap_reset(iv);
			t_iv_last = now;
			harvested = 1;
			next_iv += (int64_t)(cfg->report_interval * 1e9);
			if (next_iv <= now)
				next_iv = now + (int64_t)(cfg->report_interval * 1e9);
		}
		if (now >= cp_at && !warm) {
			sched_harvest(tmp, iv, cp);
			sched_report_full(ctx, cp, (now - S.t_count) / 1e9,
			            (now - r->t_cp_last) / 1e9, cfg->checkpoints[next_cp]);
			stats_snap_reset(cp);
			r->t_cp_last = now;
			next_cp++;
			harvested = 1;
		}
		/* the hook's own, unless a report's harvest just fed it */
		if ((now >= next_hv || harvested) && next_hv != INT64_MAX && !warm) {
			if (!harvested)
				sched_harvest_as(tmp, iv, cp, 0);
			next_hv = now + (int64_t)(sched_hv_period * 1e9);
		}
		if (now >= t_stop) {
			sched_stop_reason(2);
			sched_set_stop(1);
			/* once: a past deadline as the next wake would spin
			 * while blocked workers finish (a stopped server) */
			t_stop = INT64_MAX;
		}
		/* Say once why a run past --time goes on when it stalls (a
		 * stopped server): no worker finished for 5 s. Slow events
		 * that still finish (a loaded machine) get no line. sysbench
		 * waits silently. */
		if (!late_said && now >= t_end && t_forced == INT64_MAX &&
		    r->t_sig == INT64_MAX) {
			unsigned n = sched_running();
			if (n != late_n) {
				late_n = n;
				t_late = now;
			} else if (now >= t_late + SCHED_LATE_NOTE_NS) {
				if (S.nco)
					log_msg(LOG_WARNING, "%u connection(s) still running %.0f s after --time (%u in an event), none finished for %.0f s; waiting for them (--forced-shutdown limits the wait, a signal ends it)",
					        n, (now - t_end) / 1e9, sched_concurrency(),
					        SCHED_LATE_NOTE_NS / 1e9);
				else
					log_msg(LOG_WARNING, "%u worker thread(s) still in an event %.0f s after --time, none finished for %.0f s; waiting for them (--forced-shutdown limits the wait, a signal ends it)",
					        n, (now - t_end) / 1e9, SCHED_LATE_NOTE_NS / 1e9);
				late_said = 1;
			}
		}
		if (now >= t_forced)
			return 1;
	}
}

/* --forced-shutdown's deadline passed with workers still running: report
 * what finished and exit, as sysbench 1.0.20 does. */
static void sched_forced_exit(const struct core_cfg *cfg, struct report_ctx *ctx,
                              struct sched_rep *r)
{
	int64_t t_finish = clock_now_ns();

	/* sysbench 1.0.20's words (scripts grep for them) and its exit
	 * status 2: the run was cut short, the numbers cover what
	 * finished. */
	log_msg(LOG_FATAL, "The --max-time limit has expired, forcing shutdown...");
	sched_harvest(r->tmp, r->iv, r->cp);
	ctx->status = REPORT_FORCED;
	runinfo_server_skip();  /* the workers may be blocked in the server */
	sched_report_full(ctx, r->cp, (t_finish - S.t_count) / 1e9,
	            (t_finish - r->t_cp_last) / 1e9, 0);
	/* The workers' statement records are still being written. */
	if (cfg->report_statements)
		log_msg(LOG_WARNING, "--report-statements: no per-statement figures, the forced shutdown left worker threads running");
	(void)hdrlog_close(S.hlog);   /* names its own write error */
	sched_exit_now(2);
}

/* Phase 5: wait for every worker's exit (abandoning them a grace period
 * after a signal), join them and print the final report of a run that
 * started and was neither a failure nor an overflow. Returns rc, or -EIO
 * when a worker failed. */
/* After the workers are joined, for the final report (report.h): from the
 * start (after the warm-up) to the end of the last event, without what ran
 * after it (thread_done, closing the Lua states and connections). */
static void sched_events_time(const struct core_cfg *cfg, struct report_ctx *ctx)
{
	int64_t end = 0;
	unsigned i;

	for (i = 0; i < cfg->threads; i++)
		if (S.w[i].end_ns > end)
			end = S.w[i].end_ns;
	for (i = 0; i < S.nco; i++)
		if (S.co[i].end_ns > end)
			end = S.co[i].end_ns;
	/* no event after the start: none took any time */
	ctx->time_events = end > S.t_count ? (end - S.t_count) / 1e9 : 0;
}

static int sched_finish(const struct core_cfg *cfg, struct report_ctx *ctx,
                        struct sched_rep *r, int rc)
{
	int64_t t_finish;
	unsigned i;
	int bad;

	/* interrupted before the start: wait for the workers' exit as long as
	 * after a signal during the run */
	while (!sched_wait(r->t_sig)) {
		if (sched_signal && r->t_sig == INT64_MAX)
			r->t_sig = sched_signal_deadline(cfg, clock_now_ns());
		if (clock_now_ns() >= r->t_sig)
			sched_abandon(r->tmp, r->iv, r->cp, r->t_cp_last);
	}
	for (i = 0; i < cfg->threads; i++)
		if (S.w[i].thread)
			pthread_join(S.w[i].thread, NULL);
	if (S.failed && rc == 0)
		rc = -EIO;
	if (rc == 0 && !S.failed)
		log_text(LOG_INFO, "Done.\n");
	/* A failed or overloaded run has no final report in text (as
	 * sysbench); json and csv still get a final line that says how it
	 * ended (not a sweep step's result). */
	bad = (S.failed && rc != -EINTR) || rc == -EOVERFLOW;
	if (S.t_start && (!bad || cfg->report_format != CORE_REPORT_TEXT)) {
		struct report_result *result = ctx->result;

		t_finish = clock_now_ns();
		sched_events_time(cfg, ctx);
		sched_harvest(r->tmp, r->iv, r->cp);
		if (S.t_count > t_finish)
			S.t_count = t_finish;
		if (cfg->report_statements)
			sched_statements(r->cp, t_finish);
		ctx->status = rc == -EOVERFLOW ? REPORT_OVERLOADED : bad ? REPORT_FAILED
		              : rc == -EINTR ? REPORT_INTERRUPTED : REPORT_COMPLETED;
		if (bad)
			ctx->result = NULL;
		sched_report_full(ctx, r->cp, (t_finish - S.t_count) / 1e9,
		            (t_finish - r->t_cp_last) / 1e9, 0);
		ctx->result = result;
	}
	return rc;
}

/* Phase 6: close the --hdr-log (its write error becomes rc when rc is 0),
 * free the run's state and restore the signal handlers. */
static int sched_teardown(struct sched_rep *r, int rc)
{
	if (S.hlog) {
		int lrc = hdrlog_close(S.hlog);
		S.hlog = NULL;
		if (rc == 0)
			rc = lrc;
	}
	stats_snap_destroy(r->tmp);
	stats_snap_destroy(r->iv);
	stats_snap_destroy(r->cp);
	stats_snap_destroy(S.hlog_pend);
	S.hlog_pend = NULL;
	stats_destroy(S.stats);
	S.stats = NULL;
	free(S.w);
	S.w = NULL;
	free(S.co);
	S.co = NULL;
	free(S.fair);
	S.fair = NULL;
	S.nco = 0;
	if (S.efd >= 0)
		close(S.efd);
	S.efd = -1;
	S.ctx = NULL;
	sigaction(SIGINT, &sched_old_int, NULL);
	sigaction(SIGTERM, &sched_old_term, NULL);
	return rc;
}

int sched_run(const struct core_cfg *cfg, struct report_ctx *ctx,
              sched_worker_fn fn, void *ud)
{
	struct sched_rep r = { .t_sig = INT64_MAX };
	struct sigaction sa;
	int rc;

	rc = sched_setup(cfg, ctx, fn, ud, &r);
	if (rc)
		return sched_teardown(&r, rc);

	/* a signal the program was started with ignored (SIGINT of a
	 * background job of a non-interactive shell) stays ignored */
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = sched_on_signal;
	sched_catch(SIGINT, &sa, &sched_old_int);
	sched_catch(SIGTERM, &sa, &sched_old_term);

	/* 64 threads failing to connect the same way: the cause once, and
	 * their count once they all ended */
	log_group_begin();
	rc = sched_start(cfg, &r);
	if (rc == 0 && sched_start_fn && (rc = sched_start_fn(sched_stopped)) != 0) {
		S.failed = 1;
		sched_set_stop(1);
		sched_release();
		if (sched_signal)
			r.t_sig = sched_signal_deadline(cfg, clock_now_ns());
	}
	if (rc == 0) {
		log_group_end(0);
		sched_go(cfg);
		if (sched_report_loop(cfg, ctx, &r, &rc))
			sched_forced_exit(cfg, ctx, &r);
	}
	rc = sched_finish(cfg, ctx, &r, rc);
	log_group_end(1);
	return sched_teardown(&r, rc);
}
