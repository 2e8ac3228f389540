/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * log: sysbench's verbosity levels and message prefixes.
 *
 * Levels: 0 fatal, 1 alert, 2 warning, 3 notice (default), 4 info,
 * 5 debug. log_msg() prints to stderr with the level's prefix when the level
 * is <= the verbosity ("FATAL: ", "ALERT: ", "WARNING: ", "DEBUG: "; notice
 * and info have none). log_text() is the same without a prefix, to stdout.
 * Thread-safe (each call is one write).
 */
#ifndef BENCH_LOG_H
#define BENCH_LOG_H

enum log_level {
	LOG_FATAL = 0,
	LOG_ALERT,
	LOG_WARNING,
	LOG_NOTICE,
	LOG_INFO,
	LOG_DEBUG
};

void log_set_verbosity(int level);

/* Mute (1) or unmute (0) messages of the calling thread, e.g. while it
 * retries something whose failures are expected. */
void log_mute_thread(int on);
int log_verbosity(void);

__attribute__((format(printf, 2, 3)))
void log_msg(enum log_level level, const char *fmt, ...);

/* The same failure in many threads, said once: from log_group_begin() to
 * log_group_end(), a FATAL or ALERT message already printed in the group
 * is not printed again. log_group_end() then prints one line with the
 * number of threads all of whose messages were such repeats, if any
 * (failed: "FATAL: 63 more threads failed the same way", else "FATAL:
 * (the messages above came from 3 more threads too)"), and returns that
 * number; it does nothing outside a group. Thread-safe; one group at a
 * time. */
void log_group_begin(void);
unsigned log_group_end(int failed);

__attribute__((format(printf, 2, 3)))
void log_text(enum log_level level, const char *fmt, ...);

#endif
