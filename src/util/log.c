/* SPDX-License-Identifier: GPL-2.0-or-later */
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "util/log.h"
#include "util/progress.h"

static int log_level_max = LOG_NOTICE;
static __thread int log_muted;

/* The last message printed and how often it came again since: sysbench
 * collapses identical consecutive messages into one line
 * "(last message repeated N times)", printed when a different one comes. */
static pthread_mutex_t log_lock = PTHREAD_MUTEX_INITIALIZER;
static char log_last[4096];
static size_t log_last_len;
static unsigned long log_repeats;

void log_mute_thread(int on)
{
	log_muted = on;
}

static const char *const log_prefix[] = {
	[LOG_FATAL] = "FATAL: ",
	[LOG_ALERT] = "ALERT: ",
	[LOG_WARNING] = "WARNING: ",
	[LOG_NOTICE] = "",
	[LOG_INFO] = "",
	[LOG_DEBUG] = "DEBUG: ",
};

void log_set_verbosity(int level)
{
	log_level_max = level;
}

int log_verbosity(void)
{
	return log_level_max;
}

/* Format into one buffer and write it with one call under the lock, so
 * lines from several threads never interleave mid-line. Messages go to
 * stdout, as sysbench's (stdout is stderr under --report-format=json|csv,
 * see report_redirect_stdout()). */
static void log_emit(const char *prefix, const char *fmt, va_list ap)
{
	char buf[4096];
	int n = snprintf(buf, sizeof(buf), "%s", prefix);
	int m = vsnprintf(buf + n, sizeof(buf) - n - 1, fmt, ap);
	size_t len;

	if (m < 0)
		m = 0;
	if ((size_t)(n + m) > sizeof(buf) - 2)
		m = sizeof(buf) - 2 - n;
	len = (size_t)(n + m);
	buf[len++] = '\n';

	pthread_mutex_lock(&log_lock);
	if (len == log_last_len && memcmp(buf, log_last, len) == 0) {
		log_repeats++;
		pthread_mutex_unlock(&log_lock);
		return;
	}
	progress_hide();        /* a prepare's progress line on the terminal */
	fflush(stdout);
	if (log_repeats) {
		char rep[64];
		int r = snprintf(rep, sizeof(rep), "(last message repeated %lu times)\n",
		                 log_repeats);
		fwrite(rep, 1, (size_t)r, stdout);
	}
	fwrite(buf, 1, len, stdout);
	fflush(stdout);
	memcpy(log_last, buf, len);
	log_last_len = len;
	log_repeats = 0;
	pthread_mutex_unlock(&log_lock);
}

void log_msg(enum log_level level, const char *fmt, ...)
{
	va_list ap;
	if ((int)level > log_level_max || log_muted)
		return;
	va_start(ap, fmt);
	log_emit(log_prefix[level], fmt, ap);
	va_end(ap);
}

void log_text(enum log_level level, const char *fmt, ...)
{
	va_list ap;
	if ((int)level > log_level_max)
		return;
	va_start(ap, fmt);
	log_emit("", fmt, ap);
	va_end(ap);
}
