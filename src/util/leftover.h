/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * leftover: what an interrupted prepare leaves behind. While armed, the
 * first SIGINT or SIGTERM prints one FATAL line naming the objects the
 * command marked (complete ones, then partly built ones) and how to
 * remove them, then exits with 128 + the signal, as the default action's
 * status. Workloads mark objects through sysbench.leftover (lua-api.md).
 *
 * leftover_mark is thread-safe; arm/disarm are for the main thread.
 */
#ifndef BENCH_LEFTOVER_H
#define BENCH_LEFTOVER_H

enum leftover_state {
	LEFTOVER_PARTIAL = 1,   /* created, still being filled */
	LEFTOVER_DONE = 2,      /* complete */
};

/* Mark object `name` (at most 63 bytes are kept; the first 64 names are
 * listed, the rest counted) as being in `state`. */
void leftover_mark(const char *name, enum leftover_state state);

/* Catch SIGINT and SIGTERM (unless ignored) for `command`; hint, copied,
 * ends the message (how to clean up). */
void leftover_arm(const char *command, const char *hint);
/* Restore the previous handlers and forget the marks. */
void leftover_disarm(void);

#endif
