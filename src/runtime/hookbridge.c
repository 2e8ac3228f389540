/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The report hooks backed by a Lua state: see hookbridge.h. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <lua.h>

#include <stdbool.h>
#include <stdint.h>
#include "runtime/hookbridge.h"
#include "runtime/lrt_state.h"
#include "ffi/core.h"
#include "util/log.h"

static void lrt_report_end_cb(void *ud);

/* Which fields a hook's table has: sysbench's own, per hook. */
enum lrt_stat_kind { LRT_STAT_INTERMEDIATE, LRT_STAT_CUMULATIVE };

static void lrt_setnum(lua_State *L, const char *k, double v)
{
	lua_pushnumber(L, v);
	lua_setfield(L, -2, k);
}

/* Push the table a report hook gets: a plain table of Lua numbers with
 * exactly sysbench's fields for that hook (pairs() sees those), and bench's
 * other figures reachable through its metatable's __index. */
static void lrt_push_stat(lua_State *L, const sb_stat_t *st, enum lrt_stat_kind kind)
{
	int cum = kind == LRT_STAT_CUMULATIVE;

	lua_createtable(L, 0, 14);
	lrt_setnum(L, "threads_running", st->threads_running);
	lrt_setnum(L, "time_interval", st->time_interval);
	lrt_setnum(L, "time_total", st->time_total);
	lrt_setnum(L, "latency_pct", st->latency_pct);
	lrt_setnum(L, "events", (double)st->events);
	lrt_setnum(L, "reads", (double)st->reads);
	lrt_setnum(L, "writes", (double)st->writes);
	lrt_setnum(L, "other", (double)st->other);
	lrt_setnum(L, "errors", (double)st->errors);
	lrt_setnum(L, "reconnects", (double)st->reconnects);

	lua_createtable(L, 0, 1);              /* metatable */
	lua_createtable(L, 0, 16);             /* bench's other fields */
	if (cum) {
		lua_pushvalue(L, -3);
		lrt_setnum(L, "latency_min", st->latency_min);
		lrt_setnum(L, "latency_max", st->latency_max);
		lrt_setnum(L, "latency_avg", st->latency_avg);
		lrt_setnum(L, "latency_sum", st->latency_sum);
		lua_pop(L, 1);
		lrt_setnum(L, "queue_length", (double)st->queue_length);
		lrt_setnum(L, "concurrency", (double)st->concurrency);
	} else {
		lua_pushvalue(L, -3);
		lrt_setnum(L, "queue_length", (double)st->queue_length);
		lrt_setnum(L, "concurrency", (double)st->concurrency);
		lua_pop(L, 1);
		lrt_setnum(L, "latency_min", st->latency_min);
		lrt_setnum(L, "latency_max", st->latency_max);
		lrt_setnum(L, "latency_avg", st->latency_avg);
		lrt_setnum(L, "latency_sum", st->latency_sum);
	}
	lrt_setnum(L, "bytes_read", (double)st->bytes_read);
	lrt_setnum(L, "bytes_written", (double)st->bytes_written);
	lrt_setnum(L, "wait_avg", st->wait_avg);
	lrt_setnum(L, "wait_max", st->wait_max);
	lrt_setnum(L, "wait_pct", st->wait_pct);
	lrt_setnum(L, "service_avg", st->service_avg);
	lrt_setnum(L, "service_max", st->service_max);
	lrt_setnum(L, "service_pct", st->service_pct);
	lrt_setnum(L, "late", (double)st->late);
	lrt_setnum(L, "skipped", (double)st->skipped);
	if (st->time_events >= 0)       /* the final report's */
		lrt_setnum(L, "time_events", st->time_events);
	lua_setfield(L, -2, "__index");
	lua_setmetatable(L, -2);
}

static int lrt_hook(struct lrt *l, const char *name, const sb_stat_t *st,
                    enum lrt_stat_kind kind)
{
	lua_State *L = l->L;
	int handled;
	lua_getglobal(L, "sysbench");
	lua_getfield(L, -1, "__call_hook");
	lua_pushstring(L, name);
	lrt_push_stat(L, st, kind);
	if (lua_pcall(L, 2, 1, 0)) {
		log_msg(LOG_FATAL, "`%s' hook failed: %s", name, lrt_errmsg(L));
		lua_pop(L, 2);
		return -EIO;
	}
	handled = lua_toboolean(L, -1);
	lua_pop(L, 2);
	fflush(stdout);
	return handled;
}

static int lrt_hook_intermediate(const sb_stat_t *st, void *ud)
{
	return lrt_hook(ud, "report_intermediate", st, LRT_STAT_INTERMEDIATE);
}

static int lrt_hook_cumulative(const sb_stat_t *st, void *ud)
{
	return lrt_hook(ud, "report_cumulative", st, LRT_STAT_CUMULATIVE);
}

static int lrt_hook_summary(const sb_stat_t *st, void *ud)
{
	return lrt_hook(ud, "report_summary", st, LRT_STAT_CUMULATIVE);
}

static int lrt_hook_defined(struct lrt *l, const char *name)
{
	int r;
	lua_getglobal(l->L, "sysbench");
	lua_getfield(l->L, -1, "hooks");
	lua_getfield(l->L, -1, name);
	r = lua_isfunction(l->L, -1);
	lua_pop(l->L, 3);
	return r;
}

void lrt_report_hooks(struct lrt *l, struct report_hooks *h)
{
	memset(h, 0, sizeof(*h));
	h->ud = l;
	h->end = lrt_report_end_cb;
	if (lrt_hook_defined(l, "report_intermediate"))
		h->intermediate = lrt_hook_intermediate;
	if (lrt_hook_defined(l, "report_cumulative"))
		h->cumulative = lrt_hook_cumulative;
	if (lrt_hook_defined(l, "report_summary"))
		h->summary = lrt_hook_summary;
}

static void lrt_report_end_cb(void *ud)
{
	lrt_report_end(ud);
}

void lrt_report_end(struct lrt *l)
{
	lua_getglobal(l->L, "sysbench");
	lua_getfield(l->L, -1, "__report_end");
	if (lua_pcall(l->L, 0, 0, 0))
		lua_pop(l->L, 1);
	lua_pop(l->L, 1);
	fflush(stdout);
}
