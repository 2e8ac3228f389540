/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * observe: what happens beside the run, sampled at its report ticks on a
 * thread and a connection of its own (DESIGN.md, src/observe/). So far:
 * the database server's counters (--server-stats), read through the
 * driver's counters hooks (db/driver.h, ABI 6), and this machine's CPU and
 * disks from /proc (--host-stats, host.h; read by the reporting thread
 * itself, as procfs never blocks), and Prometheus exporters over HTTP
 * (--prom-scrape, prom.h; scraped by the reporting thread while the
 * observer thread reads the server, within the same wait).
 *
 * The reporter asks for a sample at the run's start, at each interval
 * report and at the end (obs_sample); the observer thread reads and the
 * reporter waits for it a bounded time only: a sample not in by then is
 * skipped (one warning) and its interval's counts go to the next one, so
 * the intervals' deltas always add up. The workers never wait for it, and
 * its statements are in none of the run's statistics (the thread has no
 * recorder). A source that fails at the start (no connection, no hook, a
 * privilege) is one warning and the run goes on without it.
 *
 * Every function but obs_create's thread is called from the reporting
 * (main) thread only.
 */
#ifndef BENCH_OBSERVE_H
#define BENCH_OBSERVE_H

#include <stddef.h>
#include <stdio.h>

struct obs;

enum obs_point {
	OBS_START,       /* the run's clock starts (workers at the barrier) */
	OBS_TICK,        /* an interval report */
	OBS_END          /* the final report */
};

/* The observer of one run when --server-stats or --host-stats is on (the
 * server's thread started, nothing connected yet), else *out = NULL.
 * cfg: the run's --report-interval (bounds a tick's wait) and format (one
 * warning when it shows none of the figures). 0 or -ENOMEM / -errno of
 * pthread_create (after a FATAL line). */
struct core_cfg;
int obs_create(const struct core_cfg *cfg, struct obs **out);
/* Stop the thread (after its sample in flight, if any) and free. NULL-safe. */
void obs_destroy(struct obs *o);

/* A script's own counters: the global function server_counters(), called
 * at each sample in a Lua state of the observer thread's own (ops made by
 * main.c, so that observe stays below the runtime). read calls emit(ud,
 * name, value, gauge) for each; 0, or < 0 with a message in err. */
struct obs_script_ops {
	int (*open)(void **state);
	int (*read)(void *state, void (*emit)(void *ud, const char *name, double v, int gauge),
	            void *ud, char *err, size_t len);
	void (*close)(void *state);
};
/* Before OBS_START, with --server-stats on (else ignored). NULL-safe. */
void obs_set_script(struct obs *o, const struct obs_script_ops *ops);

/* Take the sample of point p. OBS_START connects (drivers, names) and
 * waits up to 10 s; OBS_TICK up to a quarter of the interval (at most
 * 250 ms; not at all while an earlier sample is still running); OBS_END up
 * to 5 s. 1 when the sample is in: obs_json/obs_text_line then show the
 * interval it ends (OBS_TICK) or the run (OBS_END); 0 when it was
 * skipped or the observer is off. NULL-safe (0). */
int obs_sample(struct obs *o, enum obs_point p);

/* ,"host":{...} and ,"server":{...} for the interval of the last OBS_TICK
 * (final: the run, after OBS_END): its seconds, the counters' deltas and
 * the gauges' values; a skipped tick {"skipped":true}. Nothing when off. */
void obs_json(const struct obs *o, FILE *f, int final);

/* --host-stats-line: "[ <time>s ] host: ..." and --server-stats-line:
 * "[ <time>s ] srv: label rate ..." for the last OBS_TICK onto stdout
 * (nothing when off, not asked for or skipped). */
void obs_text_line(const struct obs *o, const char *time);

#endif
