/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Minimal TAP producer for the unit tests: ok(cond, fmt, ...) prints one
 * "ok N - ..." / "not ok N - ..." line; tap_done() prints the plan and
 * returns the process exit status. */
#ifndef BENCH_TAP_H
#define BENCH_TAP_H
#include <stdarg.h>
#include <stdio.h>

static int tap_n, tap_failed;

__attribute__((format(printf, 2, 3)))
static int ok(int cond, const char *fmt, ...)
{
	va_list ap;
	tap_n++;
	if (!cond)
		tap_failed++;
	printf("%sok %d - ", cond ? "" : "not ", tap_n);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	fflush(stdout);
	return cond;
}

/* Diagnostic line (ignored by TAP consumers). */
#define diag(...) do { printf("# "); printf(__VA_ARGS__); putchar('\n'); } while (0)

static int tap_done(void)
{
	printf("1..%d\n", tap_n);
	return tap_failed ? 1 : 0;
}
#endif
