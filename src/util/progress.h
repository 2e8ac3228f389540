/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * progress: one live progress line on a terminal's stderr for long
 * commands (prepare): "done of total, rate, ETA", redrawn at most five
 * times a second, erased when done. stdout is never written.
 *
 * Thread-safe: any thread may add; one draws at a time. Off unless
 * progress_configure() enabled it (the caller checks the terminal, the
 * verbosity and --progress).
 */
#ifndef BENCH_PROGRESS_H
#define BENCH_PROGRESS_H

#include <stdint.h>

/* Enable (1) or disable (0) the line for what follows; main thread, before
 * any worker starts. Disabling erases a line shown. */
void progress_configure(int enabled);

/* Start a progress of `total` units ("rows" or, with bytes, a size shown
 * in KiB/MiB/GiB) labelled `label` and draw it at once. While one is
 * active, further calls change nothing (the threads of a parallel prepare
 * each call it with the same total). Returns 1 when the line is shown, 0
 * when progress is off, total is 0, or one is already active. */
int progress_begin(const char *label, double total, int bytes);

/* Count n more units done; redraws when 200 ms have passed since the last
 * drawing. Reaching the total erases the line and ends the progress. */
void progress_add(double n);

/* End the progress: erase the line (no-op when none is active). */
void progress_end(void);

/* Erase the line before other output is written to the terminal (the
 * next progress_add() draws it again). Cheap when no line is shown. */
void progress_hide(void);

#endif
