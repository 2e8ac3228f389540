/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * util: what the built-in workloads (lua/NAME.lua) need from the core beyond
 * their own primitives: sysbench's leveled messages, and resetting a core
 * option from init() (the memory test runs to --memory-total-size whatever
 * --events says, as sysbench's).
 */
#include <stdint.h>

#include "ffi/native.h"
#include "opt/opt.h"
#include "stats/stats.h"
#include "util/log.h"

void native_log(int level, const char *msg)
{
	if (level < LOG_FATAL || level > LOG_DEBUG || msg == NULL)
		return;
	log_msg((enum log_level)level, "%s", msg);
}

void native_log_mute(int on)
{
	log_mute_thread(on != 0);
}

void native_stats_pause(int on)
{
	static __thread struct stats_thread *paused;

	if (on && stats_current()) {
		paused = stats_current();
		stats_set_current(NULL);
	} else if (!on && paused) {
		stats_set_current(paused);
		paused = NULL;
	}
}

int native_opt_set(const char *name, const char *value)
{
	return opt_set(name, value);
}
