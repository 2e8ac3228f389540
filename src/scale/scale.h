/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * scale: N bench processes as one benchmark (docs/scale-out.md).
 *
 * --instance=I/N (or --instances=N with I from JOB_COMPLETION_INDEX) names
 * this process's place; what the instances share is split so that together
 * they do what one process would: --events and --rate, the random seed,
 * the tables of prepare/cleanup (Lua: sysbench.instance/instances). The
 * run's identity (--run-id, or derived from the command line) is the same
 * in every instance. --start-at and --barrier=db make them start together.
 *
 * Main thread only, except the getters (read-only after scale_load).
 */
#ifndef BENCH_SCALE_H
#define BENCH_SCALE_H

#include <stddef.h>
#include <stdint.h>

/* Days a --start-at may lie ahead: further is a typo, not a plan. */
#define SCALE_START_AHEAD_MAX (24.0 * 3600.0)

/* Read and cross-check the scale options (after the command line and the
 * config file were parsed) and the environment. argc/argv: the command
 * line, for the derived run identity. 0, or -EINVAL after formatting one
 * line into err. */
int scale_load(int argc, char **argv, char *err, size_t errlen);

/* This instance (0-based) and the number of instances; 0 and 1 without
 * the options. */
unsigned scale_instance(void);
unsigned scale_instances(void);
/* 1 when --instance or --instances was given (even with N = 1). */
int scale_active(void);

/* This instance's share of `total` (events): total / N, plus one for the
 * first total % N instances, so that the shares add up to total. Pure. */
uint64_t scale_share(uint64_t total, unsigned instance, unsigned instances);

/* The run identity to use (16 lowercase hex digits), or NULL: the process
 * draws its own (report_run_id). Set by --run-id, or derived with N > 1. */
const char *scale_run_id(void);

/* Parse a --start-at value (RFC 3339: 2026-12-03T14:00:00Z,
 * 2026-12-03T15:00:00.25+01:00; or epoch seconds, fractions allowed)
 * into epoch seconds. 0 or -EINVAL. Pure. */
int scale_parse_time(const char *text, double *epoch);

/* Before the run phase (the workers initialised, waiting to start): wait
 * for --start-at or the --barrier=db agreement (its rows keyed by run_id),
 * then return at the start moment. stop() is polled (non-zero: a signal came, give up with -EINTR).
 * 0 at once without either option. Otherwise 0, or a negative errno after
 * a FATAL line (-ETIMEDOUT: the barrier's peers did not all come). */
int scale_wait_start(const char *run_id, int (*stop)(void));

/* A command other than run was given: a WARNING when --start-at or
 * --barrier was (they start the run phase only). */
void scale_warn_not_run(const char *command);

/* The wall-clock time (epoch seconds) scale_wait_start returned at; 0
 * before or when it was not called. */
double scale_started_at(void);

/* The common start every instance agreed on (epoch seconds): the
 * --start-at time, or the barrier's start row (the server's clock, whole
 * microseconds: the same value in every instance); 0 without either. */
double scale_agreed_start(void);

/* barrier.c: register in bench_barrier through the run's database
 * driver, wait until all instances are there, agree on a start from the
 * server's clock. *start: the start in this machine's epoch seconds;
 * *agreed: the same moment on the server's clock, as the start row holds
 * it. 0 or a negative errno after a FATAL line. */
int scale_barrier_db(const char *run_id, unsigned instance, unsigned instances,
                     double timeout, int (*stop)(void), double *start, double *agreed);

/* --barrier-timeout (seconds; 300 by default). */
double scale_barrier_timeout(void);

/* barrier.c: instances that share a table (prepare: docs/scale-out.md)
 * meet through rows of bench_barrier keyed "RUNID.tag" (tag: 1 to 40 of
 * A-Z a-z 0-9 . _ -), each on a connection of its own through the
 * workload's driver (mysql, pgsql), opened and closed per call. who
 * prefixes the FATAL lines (what is waited for). Thread-safe.
 * mark: this instance's row of tag; 0, or a negative errno after a FATAL
 * line (-EEXIST: the row is already there: a killed run's).
 * wait: until the instances first, first+stride, ... below N all marked
 * tag; 0, or a negative errno after a FATAL line naming the missing ones
 * (-ETIMEDOUT after timeout seconds, -EINTR when stop() said so).
 * clear: delete every row of tag (all instances'). */
int scale_share_mark(const char *tag, const char *who);
int scale_share_wait(const char *tag, unsigned first, unsigned stride, const char *who,
                     double timeout, int (*stop)(void));
void scale_share_clear(const char *tag, const char *who);

#endif
