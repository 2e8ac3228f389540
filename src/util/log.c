#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "util/log.h"

static int log_level_max = LOG_NOTICE;
static __thread int log_muted;

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

/* Format into one buffer and write it with one call, so lines from several
 * threads never interleave mid-line. */
static void log_emit(FILE *f, const char *prefix, const char *fmt, va_list ap)
{
	char buf[4096];
	int n = snprintf(buf, sizeof(buf), "%s", prefix);
	int m = vsnprintf(buf + n, sizeof(buf) - n - 1, fmt, ap);
	if (m < 0)
		m = 0;
	if ((size_t)(n + m) > sizeof(buf) - 2)
		m = sizeof(buf) - 2 - n;
	buf[n + m] = '\n';
	fflush(stdout);
	fwrite(buf, 1, n + m + 1, f);
	fflush(f);
}

void log_msg(enum log_level level, const char *fmt, ...)
{
	va_list ap;
	if ((int)level > log_level_max || log_muted)
		return;
	va_start(ap, fmt);
	log_emit(level <= LOG_WARNING ? stderr : stdout, log_prefix[level], fmt, ap);
	va_end(ap);
}

void log_text(enum log_level level, const char *fmt, ...)
{
	va_list ap;
	if ((int)level > log_level_max)
		return;
	va_start(ap, fmt);
	log_emit(stdout, "", fmt, ap);
	va_end(ap);
}
