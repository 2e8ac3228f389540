/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sweep: a run made of several run steps (issue 13): --threads=1,8,32 or
 * the steps a script's sweep_steps() returns. This module holds the step
 * list, names each step's --hdr-log file and prints the sweep's summary
 * (the scaling table in text, one "sweep" object in json). The loop that
 * runs the steps is main.c's; the Lua side is lua/runtime.c's.
 *
 * Main thread only.
 */
#ifndef BENCH_SWEEP_H
#define BENCH_SWEEP_H

#include <stddef.h>
#include <stdint.h>
#include "opt/core_opts.h"
#include "stats/report.h"

#define SWEEP_MAX_STEPS 4096

/* A script's own scalar step field, handed back to it unchanged. */
enum sweep_field_type { SWEEP_STR, SWEEP_NUM, SWEEP_BOOL };
struct sweep_field {
	char *key;
	enum sweep_field_type type;
	char *str;
	double num;               /* SWEEP_NUM; SWEEP_BOOL: 0 or 1 */
};

/* INTERRUPTED: a signal stopped the step (its partial report was printed) */
enum sweep_status { SWEEP_PLANNED = 0, SWEEP_DONE, SWEEP_FAILED, SWEEP_INTERRUPTED };

struct sweep_step {
	unsigned threads;
	char *label;              /* NULL: none */
	int has_events, has_time;
	uint64_t events;          /* has_events: overrides --events */
	double time;              /* has_time: overrides --time */
	int has_connections;
	unsigned connections;     /* has_connections: overrides --connections
	                           * (0: one connection per thread) */
	unsigned conns_run;       /* the connections the step ran with, its own
	                           * or --connections (0: one per thread); set
	                           * by the runner before the step header */
	struct sweep_field *fields;
	unsigned nfields;
	enum sweep_status status;
	struct report_result result;   /* SWEEP_DONE: the final figures */
	char *hdr_log;            /* the step's --hdr-log file, NULL: none */
};

struct sweep {
	struct sweep_step *steps;
	unsigned n;
	int active;               /* 1: run as a sweep (else one plain run) */
};

/* Steps from --threads (a list or one number): one {threads=N} each;
 * active when there are two or more. Returns 0, -ENOMEM, or -EINVAL after
 * a FATAL line (more than SWEEP_MAX_STEPS counts). */
int sweep_from_threads(struct sweep *sw);

/* Free the steps (NULL-safe; the struct itself is the caller's). */
void sweep_free(struct sweep *sw);

/* Add a step with `threads` (fields and label are then set by the caller
 * through the returned pointer). Returns NULL when out of memory or at
 * SWEEP_MAX_STEPS. */
struct sweep_step *sweep_add(struct sweep *sw, unsigned threads);

/* Append a script field (key and str copied). Returns 0 or -ENOMEM. */
int sweep_add_field(struct sweep_step *st, const char *key,
                    enum sweep_field_type type, const char *str, double num);

/* Before a sweep: 0 when --hdr-log base can name the step logs (a
 * regular file, a directory, or nothing yet); else -EINVAL after a FATAL
 * line (a device like /dev/full, a pipe, a socket: bench never creates
 * files beside those). */
int sweep_hdr_log_check(const char *base);

/* The --hdr-log file of step `index` (1-based) of nsteps: base with
 * "-stepI-tT" before its extension ("run.hlog" -> "run-step2-t8.hlog"),
 * I zero-padded to the digits of nsteps so that a glob sorts the steps
 * ("run-step02-t8.hlog" of 12 steps); a directory base holds
 * "stepI-tT.hlog". Sets st->hdr_log; returns 0 or -ENOMEM. */
int sweep_hdr_log_name(struct sweep_step *st, const char *base, unsigned index,
                       unsigned nsteps);

/* Text: "Sweep step I/N: T threads (LABEL)" before a step (notice). */
void sweep_print_step_header(const struct sweep *sw, unsigned index);

/* The summary: the scaling table (text; csv prints nothing) or one json
 * "sweep" object on the report stream, covering every step (planned,
 * done, failed). */
void sweep_print_summary(const struct sweep *sw, const struct core_cfg *cfg);

#endif
