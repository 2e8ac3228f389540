/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * runcheck: the one validation of a run's numbers that every reader of
 * saved results shares (`bench merge`, `bench compare`, `bench plot`):
 * a file whose figures are negative, infinite or beyond any measurement
 * is refused with one FATAL line naming the file and the field, never
 * printed or drawn.
 *
 * Ranges (never -0): counts are integers in [0, 2^53] (a double holds them exactly,
 * and no run counts more); times in [0, 10^9] s (31 years); rates in
 * [0, 10^15] per second; latencies in [0, 10^12] ms; percentiles in
 * (0, 100].
 *
 * Messages: "CMD: 'PATH': "FIELD" must be ..., not VALUE".
 * Thread-safety: none needed (the main thread only).
 */
#ifndef BENCH_RUNCHECK_H
#define BENCH_RUNCHECK_H

#include <jansson.h>

#define RUNCHECK_MAX_COUNT 9007199254740992.0
#define RUNCHECK_MAX_TIME  1e9
#define RUNCHECK_MAX_RATE  1e15
#define RUNCHECK_MAX_MS    1e12

enum runcheck_kind { RUNCHECK_COUNT, RUNCHECK_TIME, RUNCHECK_RATE, RUNCHECK_MS };

/* 1 when v is a valid figure of that kind (NAN is not). */
int runcheck_ok(double v, enum runcheck_kind kind);

/* 0 when v is NAN (not stated) or valid; else one FATAL line naming the
 * file, line (0: none) and field, and 1. */
int runcheck_value(const char *cmd, const char *path, unsigned line,
                   const char *field, double v, enum runcheck_kind kind);

/* A json number field key of o (named where + key in messages): 0 when
 * valid, or absent or null and not required; else one FATAL line and 1
 * (a string, a missing required field, a value out of range). */
int runcheck_json(const char *cmd, const char *path, const char *where,
                  json_t *o, const char *key, enum runcheck_kind kind,
                  int required);

/* A "final" object of a json result or a "merged" one of bench merge:
 * events and total_time (or time) present; every
 * counter, rate, latency, percentile, label and statement figure of the
 * right type and in range; latency min <= max; hostname a string. 0, or 1
 * after one FATAL line. */
int runcheck_json_final(const char *cmd, const char *path, json_t *fin);

/* An "interval" object: its time, rates and latencies in range (absent
 * ones are fine). 0, or 1 after one FATAL line naming lineno. */
int runcheck_json_interval(const char *cmd, const char *path, unsigned lineno,
                           json_t *iv);

#endif
