/* SPDX-License-Identifier: GPL-2.0-or-later */
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
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

/* The open group (log_group_begin): the messages printed in it, and per
 * thread whether it printed anything new. A thread's tls_group is the
 * group it last counted itself in. */
struct log_seen {
	struct log_seen *next;
	size_t len;
	char text[];
};
static int log_group_open;
static unsigned log_group_id;
static struct log_seen *log_group_seen;
static unsigned log_group_threads;    /* threads with a message in the group */
static unsigned log_group_new;        /* ... of which printed one not seen */
static __thread unsigned tls_group;
static __thread int tls_group_new;

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

/* Under log_lock, in a group: whether buf (a FATAL or ALERT line) was
 * already printed in it (else it is remembered), counting the thread. */
static int log_group_repeat(const char *buf, size_t len)
{
	struct log_seen *s;

	if (tls_group != log_group_id) {
		tls_group = log_group_id;
		tls_group_new = 0;
		log_group_threads++;
	}
	for (s = log_group_seen; s; s = s->next)
		if (s->len == len && memcmp(s->text, buf, len) == 0)
			return 1;
	s = malloc(sizeof(*s) + len);
	if (s) {
		memcpy(s->text, buf, len);
		s->len = len;
		s->next = log_group_seen;
		log_group_seen = s;
	}
	if (!tls_group_new) {
		tls_group_new = 1;
		log_group_new++;
	}
	return 0;
}

void log_group_begin(void)
{
	pthread_mutex_lock(&log_lock);
	log_group_open = 1;
	/* a new id: no thread counts itself in it yet */
	log_group_id++;
	log_group_threads = log_group_new = 0;
	pthread_mutex_unlock(&log_lock);
}

unsigned log_group_end(int failed)
{
	unsigned same = 0;

	pthread_mutex_lock(&log_lock);
	if (log_group_open)
		same = log_group_threads - log_group_new;
	log_group_open = 0;
	while (log_group_seen) {
		struct log_seen *next = log_group_seen->next;
		free(log_group_seen);
		log_group_seen = next;
	}
	pthread_mutex_unlock(&log_lock);
	if (same && failed)
		log_msg(LOG_FATAL, "%u more thread%s failed the same way (their messages "
		        "above not repeated)", same, same == 1 ? "" : "s");
	else if (same)
		log_msg(LOG_FATAL, "(the messages above came from %u more thread%s too)", same,
		        same == 1 ? "" : "s");
	return same;
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
	if (log_group_open && (prefix == log_prefix[LOG_FATAL] || prefix == log_prefix[LOG_ALERT]) &&
	    log_group_repeat(buf, len)) {
		pthread_mutex_unlock(&log_lock);
		return;
	}
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
