/* SPDX-License-Identifier: GPL-2.0-or-later */
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "util/clock.h"
#include "util/progress.h"

#define PROGRESS_PERIOD_NS 200000000LL     /* at most 5 drawings a second */

static struct {
	pthread_mutex_t mu;
	int enabled;
	int active;                 /* begun, total not yet reached */
	int shown;                  /* a line is on the terminal (atomic) */
	int bytes;
	double total;
	double done;                /* under mu */
	int64_t t0, last_draw;
	char label[64];
} P = { .mu = PTHREAD_MUTEX_INITIALIZER };

/* write(2) straight to fd 2: no stdio buffer to mix with other output */
static void progress_write(const char *s, size_t n)
{
	while (n > 0) {
		ssize_t w = write(STDERR_FILENO, s, n);
		if (w <= 0)
			return;
		s += w;
		n -= (size_t)w;
	}
}

static void progress_erase_locked(void)
{
	static const char erase[] = "\r\033[K";
	if (__atomic_load_n(&P.shown, __ATOMIC_RELAXED)) {
		progress_write(erase, sizeof(erase) - 1);
		__atomic_store_n(&P.shown, 0, __ATOMIC_RELAXED);
	}
}

/* "12345" rows, or bytes as "512.0 MiB" */
static void progress_amount(char *buf, size_t len, double v, int bytes)
{
	static const char *const unit[] = { "B", "KiB", "MiB", "GiB", "TiB" };
	unsigned u = 0;
	if (!bytes) {
		snprintf(buf, len, "%.0f", v);
		return;
	}
	while (v >= 1024 && u < 4) {
		v /= 1024;
		u++;
	}
	snprintf(buf, len, u ? "%.1f %s" : "%.0f %s", v, unit[u]);
}

static void progress_draw_locked(int64_t now)
{
	char line[256], done[32], total[32], rate[48], eta[32];
	double secs = (now - P.t0) / 1e9;
	double r = secs > 0 ? P.done / secs : 0;
	int n;

	progress_amount(done, sizeof(done), P.done, P.bytes);
	progress_amount(total, sizeof(total), P.total, P.bytes);
	if (r > 0 && P.done > 0) {
		double left = (P.total - P.done) / r;
		long s = left > 0 && left < 1e8 ? lround(left) : 0;
		progress_amount(rate, sizeof(rate), r, P.bytes);
		snprintf(rate + strlen(rate), sizeof(rate) - strlen(rate), "%s/s",
		         P.bytes ? "" : " rows");
		if (s >= 3600)
			snprintf(eta, sizeof(eta), "%ld:%02ld:%02ld", s / 3600, s / 60 % 60, s % 60);
		else
			snprintf(eta, sizeof(eta), "%ld:%02ld", s / 60, s % 60);
	} else {
		snprintf(rate, sizeof(rate), "-%s/s", P.bytes ? "" : " rows");
		snprintf(eta, sizeof(eta), "-");
	}
	n = snprintf(line, sizeof(line), "\r%s: %s of %s%s (%.1f%%), %s, ETA %s\033[K",
	             P.label, done, total, P.bytes ? "" : " rows",
	             P.total > 0 ? 100.0 * P.done / P.total : 0, rate, eta);
	if (n > 0)
		progress_write(line, (size_t)n < sizeof(line) ? (size_t)n : sizeof(line) - 1);
	__atomic_store_n(&P.shown, 1, __ATOMIC_RELAXED);
	P.last_draw = now;
}

void progress_configure(int enabled)
{
	pthread_mutex_lock(&P.mu);
	if (!enabled) {
		progress_erase_locked();
		__atomic_store_n(&P.active, 0, __ATOMIC_RELAXED);
	}
	P.enabled = enabled;
	pthread_mutex_unlock(&P.mu);
}

int progress_begin(const char *label, double total, int bytes)
{
	int shown = 0;

	pthread_mutex_lock(&P.mu);
	if (P.enabled && !P.active && total > 0) {
		__atomic_store_n(&P.active, 1, __ATOMIC_RELAXED);
		P.bytes = bytes;
		P.total = total;
		P.done = 0;
		snprintf(P.label, sizeof(P.label), "%s", label ? label : "Progress");
		P.t0 = clock_now_ns();
		progress_draw_locked(P.t0);
		shown = 1;
	}
	pthread_mutex_unlock(&P.mu);
	return shown;
}

void progress_add(double n)
{
	int64_t now;

	if (!__atomic_load_n(&P.active, __ATOMIC_RELAXED))
		return;
	pthread_mutex_lock(&P.mu);
	if (P.active) {
		P.done += n;
		if (P.done >= P.total) {
			progress_erase_locked();
			__atomic_store_n(&P.active, 0, __ATOMIC_RELAXED);
		} else if ((now = clock_now_ns()) - P.last_draw >= PROGRESS_PERIOD_NS) {
			progress_draw_locked(now);
		}
	}
	pthread_mutex_unlock(&P.mu);
}

void progress_end(void)
{
	pthread_mutex_lock(&P.mu);
	progress_erase_locked();
	__atomic_store_n(&P.active, 0, __ATOMIC_RELAXED);
	pthread_mutex_unlock(&P.mu);
}

void progress_hide(void)
{
	if (!__atomic_load_n(&P.shown, __ATOMIC_RELAXED))
		return;
	pthread_mutex_lock(&P.mu);
	progress_erase_locked();
	/* drawn again at the next add */
	P.last_draw = 0;
	pthread_mutex_unlock(&P.mu);
}
