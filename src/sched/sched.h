/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sched: worker threads, the start barrier, time/event limits, warm-up,
 * the open-loop rate generator, report timers and signals.
 *
 * sched_run() is called from the main thread; it becomes the reporter.
 * Workers call back into the scheduler through the FFI event functions
 * (bench_event_next etc., see ffi/core.h), which use the calling
 * worker's thread-local state.
 */
#ifndef BENCH_SCHED_H
#define BENCH_SCHED_H

#include <stdint.h>
#include "opt/core_opts.h"
#include "stats/report.h"

/* A worker's body. Runs in worker thread tid: it initialises (e.g. its
 * lua_State and thread_init()), then must call sched_worker_started() and,
 * if that returns 1, run its event loop; then clean up. Returns 0 or a
 * negative errno (the run then fails). */
typedef int (*sched_worker_fn)(unsigned tid, void *ud);

/* Worker: tell the scheduler initialisation is done and wait for the start
 * of the run. Returns 1 to run (also when a limit or signal already stopped
 * it: the event loop then ends at once and thread_done still runs), 0 if
 * the start failed (a thread's init failed, or a signal during it). */
int sched_worker_started(void);

/* Worker: its run is over (thread_done ran); wait until every worker's is
 * (or the run ends by --time, a signal or a failure) before tearing down.
 * Closing a Lua state frees and unmaps its memory: done while others still
 * run, that CPU time and the TLB shootdowns slow them and the server they
 * share the machine with, inside the measured time (mysqlslap's clients
 * only close their connection). */
void sched_worker_linger(void);

/* Worker: report a fatal error; every worker stops and the run fails. */
void sched_worker_fail(void);

/* Run cfg->threads workers to completion with interval, checkpoint and
 * final reports through ctx. Returns 0, -EINTR when interrupted by SIGINT
 * or SIGTERM (the final report is still printed), -ETIMEDOUT when threads
 * failed to initialise in time, or another negative errno when a worker
 * failed. */
int sched_run(const struct core_cfg *cfg, struct report_ctx *ctx,
              sched_worker_fn fn, void *ud);

/* When sched_run cannot return (--forced-shutdown's expiry: status 2,
 * after the final report; workers still blocked after a signal: status 1,
 * after the final report; thread_init past --thread-init-timeout: status
 * 2), it calls fn(status, arg), then _exit(status). fn may print (a
 * sweep's table); it runs in the main thread. NULL: no hook. */
void sched_set_exit_hook(void (*fn)(int status, void *arg), void *arg);

/* Called once the workers have initialised, before the run's clock
 * starts (warm-up included): fn(stopped) may wait for a common start
 * (scale's --start-at, --barrier=db); stopped() is non-zero once a signal
 * came. fn's non-zero return (a negative errno, after a FATAL line) ends
 * the run before it started. NULL: start at once. Main thread. */
void sched_set_start_hook(int (*fn)(int (*stopped)(void)));

/* A reader of the run's totals beside the reports (--metrics-listen,
 * observe/metrics.h): after every harvest of the statistics the reporter
 * calls fn(delta, running, ud) in the main thread, delta being what that
 * harvest took (everything recorded since the previous one: the deltas
 * of all calls add up to the run's totals, the final report's included)
 * and running the threads (connections) still in the run. With a hook
 * the reporter also harvests every period_s seconds between its reports
 * (no --hdr-log interval for those: the log keeps the reports' periods).
 * Set it before sched_run; NULL: none. */
typedef void (*sched_harvest_fn)(const struct stats_snap *delta, unsigned running,
                                 void *ud);
void sched_set_harvest_hook(sched_harvest_fn fn, void *ud, double period_s);

/* ---- --connections -------------------------------------------------------
 * Each worker thread runs its connections (cid = tid, tid + threads, ...)
 * as coroutines: the phases thread_init, then (after the start barrier)
 * thread_run, then thread_done, each run for every connection of the
 * thread until all are done. A coroutine yields while it waits for its
 * socket (sched_co_wait, called by the database layer before the yield)
 * or for its --rate arrival (bench_event_next returned 2); the thread waits
 * for all of them with one epoll. */
enum { SCHED_CO_INIT = 0, SCHED_CO_RUN, SCHED_CO_DONE };

struct sched_co_ops {
	/* Make connection cid's coroutine context (*ctx). 0 or < 0 (logged). */
	int (*create)(unsigned cid, void **ctx);
	/* Start phase `phase` / resume after a yield: 0 the phase is done,
	 * 1 yielded, < 0 failed (logged). */
	int (*start)(void *ctx, int phase);
	int (*resume)(void *ctx);
	void (*destroy)(void *ctx);   /* NULL-safe */
};

/* A worker body for --connections (call from the sched_worker_fn). */
int sched_co_worker(unsigned tid, const struct sched_co_ops *ops);

/* The calling coroutine will yield until fd is readable (write: writable),
 * or until deadline_ns (clock_now_ns() time; 0: none), whichever is first. */
void sched_co_wait(int fd, int write, int64_t deadline_ns);
/* The calling coroutine closed a socket it may have waited for. */
void sched_co_forget(void);

#endif
