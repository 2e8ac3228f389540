/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * util: what the built-in workloads (lua/NAME.lua) need from the core beyond
 * their own primitives: sysbench's leveled messages, and resetting a core
 * option from init() (the memory test runs to --memory-total-size whatever
 * --events says, as sysbench's).
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ffi/core.h"
#include "ffi/native.h"
#include "opt/opt.h"
#include "scale/scale.h"
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

int native_scale_mark(const char *tag, const char *who)
{
	return scale_share_mark(tag, who);
}

int native_scale_wait(const char *tag, uint32_t first, uint32_t stride, const char *who)
{
	return scale_share_wait(tag, first, stride, who, scale_barrier_timeout(), bench_stopping);
}

void native_scale_clear(const char *tag, const char *who)
{
	scale_share_clear(tag, who);
}
