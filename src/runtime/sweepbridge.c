/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The Lua side of sweeps: see sweepbridge.h. */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <lua.h>

#include "runtime/sweepbridge.h"
#include "runtime/lrt_state.h"
#include "runtime/optbridge.h"
#include "opt/opt.h"
#include "opt/core_opts.h"
#include "sweep/sweep.h"
#include "util/log.h"

/* The current step: every new state gets sysbench.step. */
static struct {
	const struct sweep_step *step;
	unsigned index, count;
} cur;

/* Push a copy of step st as the table scripts see (index, count, threads,
 * label, events, time and the script's own scalar fields). */
static void lrt_push_step(lua_State *L, const struct sweep_step *st,
                          unsigned index, unsigned count)
{
	unsigned k;

	lua_newtable(L);
	for (k = 0; k < st->nfields; k++) {
		const struct sweep_field *f = &st->fields[k];
		if (f->type == SWEEP_STR)
			lua_pushstring(L, f->str);
		else if (f->type == SWEEP_BOOL)
			lua_pushboolean(L, f->num != 0);
		else
			lua_pushnumber(L, f->num);
		lua_setfield(L, -2, f->key);
	}
	lua_pushinteger(L, (lua_Integer)index);
	lua_setfield(L, -2, "index");
	lua_pushinteger(L, (lua_Integer)count);
	lua_setfield(L, -2, "count");
	lua_pushinteger(L, (lua_Integer)st->threads);
	lua_setfield(L, -2, "threads");
	if (st->label) {
		lua_pushstring(L, st->label);
		lua_setfield(L, -2, "label");
	}
	if (st->has_events) {
		lua_pushnumber(L, (lua_Number)st->events);
		lua_setfield(L, -2, "events");
	}
	if (st->has_time) {
		lua_pushnumber(L, st->time);
		lua_setfield(L, -2, "time");
	}
	if (st->has_connections) {
		lua_pushinteger(L, (lua_Integer)st->connections);
		lua_setfield(L, -2, "connections");
	}
}

/* The number at t[key] (on the top) into *v: 1 if present, 0 if absent,
 * -1 (after the error line) when it is not a number in [min, max]. */
static int lrt_step_number(lua_State *L, unsigned i, const char *key,
                           double min, double max, int integer, double *v)
{
	int rc = 0;

	lua_getfield(L, -1, key);
	if (!lua_isnil(L, -1)) {
		double x = lua_tonumber(L, -1);
		if (lua_type(L, -1) != LUA_TNUMBER || !(x >= min && x <= max) ||
		    (integer && x != (double)(int64_t)x)) {
			log_msg(LOG_FATAL, "sweep_steps(): step %u: '%s' must be %s in %.0f..%.0f",
			        i, key, integer ? "an integer" : "a number", min, max);
			rc = -1;
		} else {
			*v = x;
			rc = 1;
		}
	}
	lua_pop(L, 1);
	return rc;
}

/* The step table on the top of L into a new step of sw. */
static int lrt_read_step(lua_State *L, unsigned i, struct sweep *sw)
{
	struct sweep_step *st;
	double v = 0;
	int r;

	if (!lua_istable(L, -1)) {
		log_msg(LOG_FATAL, "sweep_steps(): step %u is not a table", i);
		return -EINVAL;
	}
	r = lrt_step_number(L, i, "threads", 1, 100000, 1, &v);
	if (r == 0)
		log_msg(LOG_FATAL, "sweep_steps(): step %u has no 'threads'", i);
	if (r <= 0)
		return -EINVAL;
	st = sweep_add(sw, (unsigned)v);
	if (st == NULL) {
		log_msg(LOG_FATAL, "sweep_steps(): too many steps (at most %u)", SWEEP_MAX_STEPS);
		return -ENOMEM;
	}
	if ((r = lrt_step_number(L, i, "events", 0, 9e18, 1, &v)) < 0)
		return -EINVAL;
	st->has_events = r;
	st->events = r ? (uint64_t)v : 0;
	if ((r = lrt_step_number(L, i, "time", 0, 1e9, 0, &v)) < 0)
		return -EINVAL;
	st->has_time = r;
	st->time = r ? v : 0;
	/* connections: the step's --connections (0: one per thread), at
	 * least its threads as for the option */
	if ((r = lrt_step_number(L, i, "connections", 0, 1000000, 1, &v)) < 0)
		return -EINVAL;
	st->has_connections = r;
	st->connections = r ? (unsigned)v : 0;
	if (!core_conns_fit(st->connections, st->threads)) {
		log_msg(LOG_FATAL, "sweep_steps(): step %u: 'connections' (%u) is below its 'threads' (%u): " CORE_CONNS_RULE,
		        i, st->connections, st->threads);
		return -EINVAL;
	}
	lua_pushnil(L);
	while (lua_next(L, -2)) {
		const char *key = lua_type(L, -2) == LUA_TSTRING ? lua_tostring(L, -2) : NULL;
		int t = lua_type(L, -1), rc = 0;

		if (key && strcmp(key, "label") == 0) {
			if (t != LUA_TSTRING) {
				log_msg(LOG_FATAL, "sweep_steps(): step %u: 'label' must be a string", i);
				lua_pop(L, 2);
				return -EINVAL;
			}
			st->label = strdup(lua_tostring(L, -1));
			rc = st->label ? 0 : -ENOMEM;
		} else if (key == NULL || strcmp(key, "threads") == 0 ||
		           strcmp(key, "events") == 0 || strcmp(key, "time") == 0 ||
		           strcmp(key, "connections") == 0 ||
		           strcmp(key, "index") == 0 || strcmp(key, "count") == 0) {
			/* read above, or set by the core */
		} else if (t == LUA_TSTRING) {
			rc = sweep_add_field(st, key, SWEEP_STR, lua_tostring(L, -1), 0);
		} else if (t == LUA_TNUMBER) {
			rc = sweep_add_field(st, key, SWEEP_NUM, NULL, lua_tonumber(L, -1));
		} else if (t == LUA_TBOOLEAN) {
			rc = sweep_add_field(st, key, SWEEP_BOOL, NULL, lua_toboolean(L, -1));
		}
		lua_pop(L, 1);
		if (rc) {
			lua_pop(L, 1);
			return rc;
		}
	}
	return 0;
}

int lrt_sweep_steps(struct lrt *l, struct sweep *sw)
{
	lua_State *L = l->L;
	struct sweep mine = { 0 };
	unsigned i, n;
	int rc = 0;

	if (!lrt_global_function(l->L, "sweep_steps"))
		return 0;
	lua_getglobal(L, "sweep_steps");
	lua_createtable(L, (int)sw->n, 0);        /* the --threads default */
	for (i = 0; i < sw->n; i++) {
		lua_createtable(L, 0, 1);
		lua_pushinteger(L, (lua_Integer)sw->steps[i].threads);
		lua_setfield(L, -2, "threads");
		lua_rawseti(L, -2, (int)i + 1);
	}
	if (lua_pcall(L, 1, 1, 0)) {
		if (!lrt_error_quiet(L))
			log_msg(LOG_FATAL, "`sweep_steps' function failed: %s", lrt_errmsg(L));
		lua_pop(L, 1);
		return -EIO;
	}
	if (lua_isnil(L, -1)) {
		lua_pop(L, 1);
		return 0;
	}
	if (!lua_istable(L, -1) || (n = (unsigned)lua_objlen(L, -1)) == 0) {
		log_msg(LOG_FATAL, "sweep_steps() must return nil or a non-empty list of steps");
		lua_pop(L, 1);
		return -EINVAL;
	}
	for (i = 1; i <= n && rc == 0; i++) {
		lua_rawgeti(L, -1, (int)i);
		rc = lrt_read_step(L, i, &mine);
		lua_pop(L, 1);
	}
	lua_pop(L, 1);
	if (rc) {
		sweep_free(&mine);
		return rc;
	}
	sweep_free(sw);
	*sw = mine;
	sw->active = 1;
	return 1;
}

void lrt_set_step(struct lrt *main_state, const struct sweep_step *st,
                  unsigned index, unsigned count)
{
	lua_State *L = main_state->L;

	cur.step = st;
	cur.index = index;
	cur.count = count;
	lua_getglobal(L, "sysbench");
	if (st)
		lrt_push_step(L, st, index, count);
	else
		lua_pushnil(L);
	lua_setfield(L, -2, "step");
	lua_getfield(L, -1, "opt");
	if (st && lua_istable(L, -1)) {
		/* what the step set in the registry (threads, events, time,
		 * connections) */
		static const char *const names[] = { "threads", "events", "time",
		                                     "connections" };
		unsigned k;
		for (k = 0; k < sizeof(names) / sizeof(names[0]); k++) {
			lua_pushnumber(L, (lua_Number)opt_get_int(names[k]));
			lua_setfield(L, -2, names[k]);
		}
	}
	lua_pop(L, 2);
	/* legacy scripts read the option as a global too (as the workers,
	 * whose globals come from the registry) */
	if (st && lrt_opts_legacy()) {
		lua_pushnumber(L, st->threads);
		lua_setglobal(L, "threads");
	}
}

int lrt_step_hook(struct lrt *l, const char *fname, const struct sweep_step *st,
                  unsigned index, unsigned count)
{
	lua_State *L = l->L;
	const struct report_result *r = &st->result;
	int nargs = 1;

	if (!lrt_global_function(l->L, fname))
		return 0;
	lua_getglobal(L, fname);
	lrt_push_step(L, st, index, count);
	if (strcmp(fname, "sweep_step_end") == 0) {
		static const char *const ck[] = { "events", "queries", "reads", "writes",
		                                  "other", "errors", "reconnects" };
		const uint64_t cv[] = { r->events, r->queries, r->reads, r->writes,
		                        r->other, r->errors, r->reconnects };
		static const char *const dk[] = { "time", "tps", "qps", "lat_min", "lat_avg",
		                                  "lat_max", "lat_p95", "lat_p99",
		                                  "time_events" };
		const double dv[] = { r->time, r->tps, r->qps, r->lat_min, r->lat_avg,
		                      r->lat_max, r->lat_p95, r->lat_p99,
		                      r->time_events };
		unsigned k;

		lua_newtable(L);
		for (k = 0; k < sizeof(ck) / sizeof(ck[0]); k++) {
			lua_pushnumber(L, (lua_Number)cv[k]);
			lua_setfield(L, -2, ck[k]);
		}
		for (k = 0; k < sizeof(dk) / sizeof(dk[0]); k++) {
			if (dv[k] < 0)          /* time_events: not measured */
				continue;
			lua_pushnumber(L, dv[k]);
			lua_setfield(L, -2, dk[k]);
		}
		nargs = 2;
	}
	if (lua_pcall(L, nargs, 0, 0)) {
		if (!lrt_error_quiet(L))
			log_msg(LOG_FATAL, "`%s' function failed: %s", fname, lrt_errmsg(L));
		lua_pop(L, 1);
		return -EIO;
	}
	return 0;
}

void lrt_push_current_step(lua_State *L)
{
	if (cur.step == NULL)
		return;
	lua_getglobal(L, "sysbench");
	lrt_push_step(L, cur.step, cur.index, cur.count);
	lua_setfield(L, -2, "step");
	lua_pop(L, 1);
}
