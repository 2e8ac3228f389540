/* SPDX-License-Identifier: GPL-2.0-or-later */
/* leftover: see leftover.h. */
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "util/leftover.h"

#define LEFTOVER_MAX 64
#define LEFTOVER_NAME 64

static struct {
	char name[LEFTOVER_MAX][LEFTOVER_NAME];
	volatile sig_atomic_t state[LEFTOVER_MAX];
	volatile sig_atomic_t n;        /* names in use */
	volatile sig_atomic_t more;     /* names past LEFTOVER_MAX */
	char command[32];
	char hint[2048];
	int armed;
	struct sigaction old_int, old_term;
} LO;

static pthread_mutex_t lo_mu = PTHREAD_MUTEX_INITIALIZER;

void leftover_mark(const char *name, enum leftover_state state)
{
	int i;

	pthread_mutex_lock(&lo_mu);
	for (i = 0; i < LO.n; i++)
		if (strncmp(LO.name[i], name, LEFTOVER_NAME - 1) == 0)
			break;
	if (i == LO.n) {
		if (LO.n == LEFTOVER_MAX) {
			LO.more++;
			pthread_mutex_unlock(&lo_mu);
			return;
		}
		snprintf(LO.name[i], LEFTOVER_NAME, "%s", name);
		LO.state[i] = state;
		__atomic_thread_fence(__ATOMIC_RELEASE);
		LO.n = i + 1;   /* the handler reads names below n */
	} else
		LO.state[i] = state;
	pthread_mutex_unlock(&lo_mu);
}

/* write() all of s (async-signal-safe). */
static void lo_put(const char *s)
{
	size_t len = strlen(s);

	while (len > 0) {
		ssize_t w = write(STDERR_FILENO, s, len);
		if (w <= 0)
			return;
		s += w;
		len -= (size_t)w;
	}
}

/* The names in state st, joined by ", "; 1 when there was any. */
static int lo_list(int st, int n)
{
	int any = 0;

	for (int i = 0; i < n; i++) {
		if (LO.state[i] != st)
			continue;
		lo_put(any ? ", " : "");
		lo_put(LO.name[i]);
		any = 1;
	}
	return any;
}

static int lo_count(int st, int n)
{
	int c = 0;
	for (int i = 0; i < n; i++)
		c += LO.state[i] == st;
	return c;
}

static void lo_on_signal(int sig)
{
	int n = LO.n;

	__atomic_thread_fence(__ATOMIC_ACQUIRE);
	lo_put("\nFATAL: ");
	lo_put(LO.command);
	lo_put(sig == SIGINT ? " interrupted (SIGINT): " : " interrupted (SIGTERM): ");
	if (n == 0) {
		lo_put("what it created so far may be incomplete");
	} else {
		if (lo_count(LEFTOVER_PARTIAL, n)) {
			lo_put("left partly loaded: ");
			lo_list(LEFTOVER_PARTIAL, n);
		}
		if (lo_count(LEFTOVER_DONE, n)) {
			lo_put(lo_count(LEFTOVER_PARTIAL, n) ? "; complete: " : "left complete: ");
			lo_list(LEFTOVER_DONE, n);
		}
		if (LO.more)
			lo_put(" (and more)");
	}
	lo_put(". ");
	lo_put(LO.hint);
	lo_put("\n");
	_exit(128 + sig);
}

/* Install the handler on sig unless the program was started with sig
 * ignored (a background job of a non-interactive shell). */
static void lo_catch(int sig, struct sigaction *old)
{
	struct sigaction sa;

	sigaction(sig, NULL, old);
	if (old->sa_handler == SIG_IGN)
		return;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = lo_on_signal;
	sigaction(sig, &sa, NULL);
}

void leftover_arm(const char *command, const char *hint)
{
	snprintf(LO.command, sizeof(LO.command), "%s", command);
	snprintf(LO.hint, sizeof(LO.hint), "%s", hint ? hint : "");
	lo_catch(SIGINT, &LO.old_int);
	lo_catch(SIGTERM, &LO.old_term);
	LO.armed = 1;
}

void leftover_disarm(void)
{
	if (!LO.armed)
		return;
	sigaction(SIGINT, &LO.old_int, NULL);
	sigaction(SIGTERM, &LO.old_term, NULL);
	pthread_mutex_lock(&lo_mu);
	LO.n = 0;
	LO.more = 0;
	pthread_mutex_unlock(&lo_mu);
	LO.armed = 0;
}
