/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The option bridge between the registry and Lua: see optbridge.h. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <lua.h>

#include <stdbool.h>
#include <stdint.h>
#include "runtime/optbridge.h"
#include "runtime/lrt_state.h"
#include "ffi/core.h"
#include "opt/opt.h"
#include "opt/core_opts.h"
#include "opt/legacy_opts.h"
#include "util/log.h"

/* The script loaded (lrt_opts_set_script), for the options' group name. */
static const struct lrt_script *lrt_opts_script;
static int lrt_options_ordered;
/* Options declared through sb_lua_set_test_args(), and whether the option
 * registry is closed to them (the main state has published the values;
 * worker states that run the script again must not touch it). */
static unsigned lrt_set_args_n;
static int lrt_opts_frozen;
/* Legacy mode (the script declares no options): every state gets the
 * option values as globals too. Set by the main state's publish. */
static int lrt_legacy;


void lrt_opts_set_script(const struct lrt_script *s)
{
	lrt_opts_script = s;
}

int lrt_opts_legacy(void)
{
	return lrt_legacy;
}

static const enum opt_type lrt_arg_types[] = {
	[0] = OPT_BOOL,  /* ARG_NONE */
	[1] = OPT_BOOL, [2] = OPT_INT, [3] = OPT_SIZE, [4] = OPT_DOUBLE,
	[5] = OPT_STRING, [6] = OPT_LIST, [7] = OPT_FILE,
};

/* Default value of a declared option, as text; type inferred from it when
 * the declaration gives none. Leaves the stack as it found it. */
static int lrt_option_def(lua_State *L, int idx, struct opt_def *d, char *defbuf,
                          size_t deflen)
{
	int t;
	lua_rawgeti(L, idx, 3);
	if (lua_isnumber(L, -1)) {
		lua_Integer a = lua_tointeger(L, -1);
		if (a < 0 || a > 7) {
			lua_pop(L, 1);
			return -EINVAL;
		}
		d->type = lrt_arg_types[a];
		t = 1;
	} else {
		t = 0;
	}
	lua_pop(L, 1);

	lua_rawgeti(L, idx, 2);
	switch (lua_type(L, -1)) {
	case LUA_TBOOLEAN:
		if (!t)
			d->type = OPT_BOOL;
		snprintf(defbuf, deflen, "%s", lua_toboolean(L, -1) ? "on" : "off");
		d->defval = defbuf;
		break;
	case LUA_TNUMBER: {
		double v = lua_tonumber(L, -1);
		if (!t)
			d->type = (v == (double)(long long)v) ? OPT_INT : OPT_DOUBLE;
		if (v == (double)(long long)v)
			snprintf(defbuf, deflen, "%lld", (long long)v);
		else
			snprintf(defbuf, deflen, "%.10g", v);
		d->defval = defbuf;
		break;
	}
	case LUA_TSTRING:
		if (!t)
			d->type = OPT_STRING;
		snprintf(defbuf, deflen, "%s", lua_tostring(L, -1));
		d->defval = defbuf;
		break;
	case LUA_TTABLE: {
		size_t n = lua_objlen(L, -1), i, off = 0;
		if (!t)
			d->type = OPT_LIST;
		defbuf[0] = 0;
		for (i = 1; i <= n; i++) {
			lua_rawgeti(L, -1, (int)i);
			off += snprintf(defbuf + off, off < deflen ? deflen - off : 0, "%s%s",
			                i > 1 ? "," : "", lua_tostring(L, -1) ? lua_tostring(L, -1) : "");
			lua_pop(L, 1);
		}
		d->defval = defbuf;
		break;
	}
	default:
		if (!t)
			d->type = OPT_STRING;
		d->defval = NULL;
		d->flags |= OPT_F_NODEFAULT;
		break;
	}
	lua_pop(L, 1);
	return 0;
}

/* Declare the option whose declaration table is on top of the stack, named
 * `oname`. Pops nothing. */
static int lrt_define_one(lua_State *L, const char *group, const char *oname)
{
	struct opt_def d;
	char defbuf[4096];
	int rc;

	memset(&d, 0, sizeof(d));
	if (!lua_istable(L, -1)) {
		log_msg(LOG_FATAL, "sysbench.cmdline.options: each entry must be name = {description, default}");
		return -EINVAL;
	}
	d.name = oname;
	lua_rawgeti(L, -1, 1);
	d.desc = lua_tostring(L, -1) ? lua_tostring(L, -1) : "";
	if (lrt_option_def(L, lua_gettop(L) - 1, &d, defbuf, sizeof(defbuf))) {
		lua_pop(L, 1);
		log_msg(LOG_FATAL, "option '%s': invalid type in sysbench.cmdline.options", oname);
		return -EINVAL;
	}
	if (d.type == OPT_SIZE)
		d.flags |= OPT_F_SIZE_WRAP;
	rc = opt_define(group, &d, 1);
	lua_pop(L, 1);
	if (rc == -EEXIST)
		return 0;       /* a script may redeclare a core option */
	if (rc)
		fprintf(stderr, "%s\n", opt_error());
	return rc;
}

int lrt_register_options(struct lrt *l, const char *name, unsigned *ndeclared)
{
	lua_State *L = l->L;
	char group[512];
	int rc = 0, base = lua_gettop(L);
	unsigned n = 0;
	size_t i, norder;

	*ndeclared = 0;
	lrt_options_ordered = 0;
	snprintf(group, sizeof(group), "%s options", name);
	/* the declarations' shape is checked in Lua, with sysbench's message */
	lua_getglobal(L, "sysbench");
	lua_getfield(L, -1, "cmdline");
	lua_getfield(L, -1, "read_cmdline_options");
	if (lua_isfunction(L, -1) && lua_pcall(L, 0, 0, 0)) {
		log_msg(LOG_FATAL, "`sysbench.cmdline.read_cmdline_options' function failed: %s",
		        lrt_errmsg(L));
		lua_settop(L, base);
		return -EINVAL;
	}
	lua_settop(L, base);
	lua_getglobal(L, "sysbench");
	lua_getfield(L, -1, "cmdline");
	lua_getfield(L, -1, "options");
	if (!lua_istable(L, -1)) {
		lua_settop(L, base);
		/* sb_lua_set_test_args' options show in their order */
		lrt_options_ordered = lrt_set_args_n > 0;
		*ndeclared = lrt_set_args_n;
		return 0;
	}
	/* bench extension: sysbench.cmdline.options_order fixes the help order
	 * (built-in workloads list their options as sysbench does) */
	lua_getfield(L, -2, "options_order");
	if (lua_istable(L, -1)) {
		norder = lua_objlen(L, -1);
		for (i = 1; i <= norder && rc == 0; i++) {
			lua_rawgeti(L, -1, (int)i);
			if (lua_isstring(L, -1)) {
				const char *oname = lua_tostring(L, -1);
				lua_getfield(L, -3, oname);
				if (!lua_isnil(L, -1)) {
					rc = lrt_define_one(L, group, oname);
					n++;
				}
				lua_pop(L, 1);
			}
			lua_pop(L, 1);
		}
		lrt_options_ordered = 1;
	}
	lua_pop(L, 1);
	lua_pushnil(L);
	while (rc == 0 && lua_next(L, -2)) {
		if (lua_type(L, -2) != LUA_TSTRING) {
			log_msg(LOG_FATAL, "sysbench.cmdline.options: option names must be strings");
			rc = -EINVAL;
			break;
		}
		if (opt_find(lua_tostring(L, -2)) == NULL) {
			rc = lrt_define_one(L, group, lua_tostring(L, -2));
			n++;
		}
		lua_pop(L, 1);
	}
	lua_settop(L, base);
	*ndeclared = n + lrt_set_args_n;
	return rc;
}

void lrt_print_options(const char *name)
{
	char group[512];
	snprintf(group, sizeof(group), "%s options", name);
	opt_print_group(stdout, group, !lrt_options_ordered);
}

const char *bench_opt_given(const char *name)
{
	if (name == NULL || !opt_is_set(name))
		return NULL;
	return opt_value_text(opt_find(name));
}

int sb_lua_set_test_args(sb_arg_t *args, size_t len)
{
	char group[512];
	size_t i;
	int rc;

	snprintf(group, sizeof(group), "%s options",
	         lrt_opts_script ? lrt_opts_script->name : "script");
	if (lrt_opts_frozen)
		return 0;       /* declared by the main state already */
	for (i = 0; i < len; i++) {
		struct opt_def d;
		memset(&d, 0, sizeof(d));
		if (args[i].name == NULL || (unsigned)args[i].type > SB_ARG_TYPE_FILE) {
			log_msg(LOG_FATAL, "sb_lua_set_test_args: invalid option #%zu", i + 1);
			return 1;
		}
		d.name = args[i].name;
		d.desc = args[i].desc ? args[i].desc : "";
		d.type = lrt_arg_types[args[i].type];
		d.defval = args[i].value;
		if (d.defval == NULL)
			d.flags |= OPT_F_NODEFAULT;
		rc = opt_define(group, &d, 1);
		if (rc == 0)
			lrt_set_args_n++;
		else if (rc != -EEXIST) {
			fprintf(stderr, "%s\n", opt_error());
			return 1;
		}
	}
	return 0;
}

void sb_print_test_options(void)
{
	lrt_print_options(lrt_opts_script ? lrt_opts_script->name : "script");
	putchar('\n');
}

/* Pushing an option's value as sysbench does (opt_emit_value): booleans,
 * numbers, strings, and tables of strings for lists. */
struct lrt_opt_push {
	lua_State *L;
	const struct opt *o;
};

static void lrt_opt_bool(void *ud, int v)
{
	struct lrt_opt_push *p = ud;
	/* sysbench's quirk: a boolean declared without a default is true */
	lua_pushboolean(p->L, opt_value_text(p->o) ? v : 1);
}

static void lrt_opt_int(void *ud, int64_t v)
{
	lua_pushnumber(((struct lrt_opt_push *)ud)->L, (lua_Number)v);
}

static void lrt_opt_size(void *ud, uint64_t v)
{
	lua_pushnumber(((struct lrt_opt_push *)ud)->L, (lua_Number)v);
}

static void lrt_opt_double(void *ud, double v)
{
	lua_pushnumber(((struct lrt_opt_push *)ud)->L, v);
}

static void lrt_opt_list(void *ud, const char *const *items, unsigned n)
{
	lua_State *L = ((struct lrt_opt_push *)ud)->L;
	lua_createtable(L, (int)n, 0);
	for (unsigned i = 0; i < n; i++) {
		lua_pushstring(L, items[i]);
		lua_rawseti(L, -2, (int)i + 1);
	}
}

static void lrt_opt_text(void *ud, const char *text)
{
	struct lrt_opt_push *p = ud;
	/* --percentile became a list; scripts expect its first value */
	if (strcmp(opt_name(p->o), "percentile") == 0)
		lua_pushnumber(p->L, core_opts_first_percentile());
	else
		lua_pushstring(p->L, text ? text : "");  /* sysbench: no default is "" */
}

static const struct opt_value_ops lrt_opt_value = {
	.boolean = lrt_opt_bool, .integer = lrt_opt_int, .size = lrt_opt_size,
	.number = lrt_opt_double, .list = lrt_opt_list, .text = lrt_opt_text,
};

static void lrt_push_opt(lua_State *L, const struct opt *o)
{
	struct lrt_opt_push p = { L, o };
	opt_emit_value(o, &lrt_opt_value, &p);
}

/* A legacy script (no sysbench.cmdline.options) sees sysbench 1.0.20's
 * options and its own undeclared --name=value options as globals, as in
 * sysbench: set after the script has run, so they replace its globals of
 * the same name, but never a function (--help must not replace help()).
 * Options without a value are left out. Undeclared options whose text is
 * a plain number become numbers, which 0.5-era scripts need ("for i = 1,
 * oltp_table_size"); sysbench left them strings. */
static void lrt_set_opt_globals(lua_State *L)
{
	struct opt *o;
	char name[256];

	for (o = opt_first(); o; o = opt_next(o)) {
		const char *text = opt_value_text(o);
		double num;
		int b;
		char *p;

		if (!legacy_opt_is_global(o))
			continue;
		if (text == NULL && opt_type_of(o) != OPT_LIST)
			continue;
		snprintf(name, sizeof(name), "%s", opt_name(o));
		for (p = name; *p; p++)
			if (*p == '-')
				*p = '_';
		lua_getglobal(L, name);
		b = lua_isfunction(L, -1);
		lua_pop(L, 1);
		if (b)
			continue;
		if (legacy_opt_numeric(o, &num))
			lua_pushnumber(L, num);
		/* sysbench's --mysql-ssl was a boolean */
		else if (strcmp(name, "mysql_ssl") == 0 && opt_parse_bool(text, &b) == 0)
			lua_pushboolean(L, b);
		else
			lrt_push_opt(L, o);
		lua_setglobal(L, name);
	}
}

int lrt_publish_options(struct lrt *l, int legacy)
{
	lua_State *L = l->L;
	struct opt *o;
	char name[256];

	/* set by the main state before the workers start; a worker passes
	 * the value back and must not write it (they run concurrently) */
	if (legacy && !lrt_legacy)
		lrt_legacy = 1;
	if (l->tid < 0)
		lrt_opts_frozen = 1;
	lua_getglobal(L, "sysbench");
	lua_getfield(L, -1, "opt");
	for (o = opt_first(); o; o = opt_next(o)) {
		char *p;
		snprintf(name, sizeof(name), "%s", opt_name(o));
		for (p = name; *p; p++)
			if (*p == '-')
				*p = '_';
		lrt_push_opt(L, o);
		lua_setfield(L, -2, name);
	}
	lua_pop(L, 2);
	if (legacy)
		lrt_set_opt_globals(L);
	return 0;
}

void lrt_export_globals(struct lrt *l)
{
	lrt_set_opt_globals(l->L);
}
