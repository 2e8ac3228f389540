/* SPDX-License-Identifier: GPL-2.0-or-later */
/* legacy_opts: the sysbench 0.4/0.5 era's options. See legacy_opts.h. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "opt/legacy_opts.h"
#include "opt/opt.h"
#include "util/log.h"

/* What an era option became. `now` NULL: nothing, the option is ignored
 * and `why` says why. Otherwise a script that declares `now` gets the
 * value there (for a core option such as rand-type: every script). */
struct era_opt {
	const char *name;
	const char *now;
	const char *why;
};

static const struct era_opt era_opts[] = {
	{ "init-rng", NULL, "the random number generator is always initialized, from --rand-seed or, when that is 0 (the default), from the current time" },
	{ "rand-init", NULL, "the random number generator is always initialized, from --rand-seed or, when that is 0 (the default), from the current time" },
	{ "mysql-engine-trx", NULL, "whether to use transactions is up to the script (--oltp-skip-trx for the legacy OLTP scripts, --skip-trx for oltp_*)" },
	{ "oltp-dist-type", "rand-type", NULL },
	{ "mysql-table-engine", "mysql-storage-engine", NULL },
	{ "oltp-table-size", "table-size", NULL },
	{ "oltp-tables-count", "tables", NULL },
	{ "oltp-range-size", "range-size", NULL },
	{ "oltp-point-selects", "point-selects", NULL },
	{ "oltp-simple-ranges", "simple-ranges", NULL },
	{ "oltp-sum-ranges", "sum-ranges", NULL },
	{ "oltp-order-ranges", "order-ranges", NULL },
	{ "oltp-distinct-ranges", "distinct-ranges", NULL },
	{ "oltp-index-updates", "index-updates", NULL },
	{ "oltp-non-index-updates", "non-index-updates", NULL },
	{ "oltp-delete-inserts", "delete-inserts", NULL },
	{ "oltp-range-selects", "range-selects", NULL },
	{ "oltp-auto-inc", "auto-inc", NULL },
	{ "oltp-skip-trx", "skip-trx", NULL },
	{ "oltp-secondary", "secondary", NULL },
	{ "oltp-create-secondary", "create-secondary", NULL },
};

#define NELEM(a) (sizeof(a) / sizeof((a)[0]))

/* Claim a pending --name=value into a hidden option of the legacy group.
 * Returns the option, or NULL when it was not given. */
static struct opt *claim(const char *name)
{
	struct opt_def d = { 0 };
	struct opt *o;

	d.name = name;
	d.type = OPT_STRING;
	d.desc = "";
	d.flags = OPT_F_HIDDEN | OPT_F_NODEFAULT;
	if (opt_define(LEGACY_OPTS_GROUP, &d, 1))
		return NULL;
	o = opt_find(name);
	return o && opt_value_text(o) ? o : NULL;
}

/* Like the warnings of the deprecated aliases (--max-requests...), printed
 * while the command line is read, these show at any --verbosity. */
__attribute__((format(printf, 1, 2)))
static void warn(const char *fmt, ...)
{
	char buf[512];
	va_list ap;
	int v = log_verbosity();

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	if (v < LOG_WARNING)
		log_set_verbosity(LOG_WARNING);
	log_msg(LOG_WARNING, "%s", buf);
	log_set_verbosity(v);
}

int legacy_opts_apply(int legacy)
{
	unsigned i;

	for (i = 0; i < NELEM(era_opts); i++) {
		const struct era_opt *e = &era_opts[i];
		struct opt *o;
		const char *v;

		/* declared by the script (or the core): it is not an era option */
		if (opt_find(e->name))
			continue;
		if (e->now == NULL) {
			if (claim(e->name))
				warn("--%s is deprecated and ignored: %s", e->name, e->why);
			continue;
		}
		/* legacy scripts read these as globals under their old names */
		if (legacy && opt_find(e->now) == NULL)
			continue;
		/* a script without the new option: the old one stays unknown */
		if (opt_find(e->now) == NULL)
			continue;
		o = claim(e->name);
		if (o == NULL)
			continue;
		v = opt_value_text(o);
		if (opt_is_set(e->now)) {
			warn("--%s is deprecated and ignored: --%s is given", e->name, e->now);
			continue;
		}
		warn("--%s is deprecated, use --%s instead", e->name, e->now);
		if (opt_set(e->now, v)) {
			log_msg(LOG_FATAL, "%s", opt_error());
			return -EINVAL;
		}
	}
	return 0;
}

/* sysbench 1.0.20's options, which it exports to a legacy script's
 * globals. Not `debug`: the global would replace Lua's debug library, as
 * it did in sysbench. bench's own options stay in sysbench.opt only. */
static const char *const sysbench_globals[] = {
	"threads", "events", "time", "forced-shutdown", "thread-stack-size", "rate",
	"report-interval", "report-checkpoints", "validate", "help", "version",
	"tx-rate", "max-requests", "max-time", "num-threads",
	"rand-type", "rand-spec-iter", "rand-spec-pct", "rand-spec-res", "rand-seed",
	"rand-pareto-h", "verbosity", "percentile", "histogram",
	"db-driver", "db-ps-mode", "db-debug",
	"mysql-host", "mysql-port", "mysql-socket", "mysql-user", "mysql-password",
	"mysql-db", "mysql-ssl", "mysql-ssl-cipher", "mysql-compression", "mysql-debug",
	"mysql-ignore-errors", "mysql-dry-run",
	"pgsql-host", "pgsql-port", "pgsql-user", "pgsql-password", "pgsql-db",
};

int legacy_opt_is_global(const struct opt *o)
{
	const char *g = opt_group(o), *n = opt_name(o);
	unsigned i;

	if (g && strcmp(g, LEGACY_OPTS_GROUP) == 0)
		return 1;
	for (i = 0; i < NELEM(sysbench_globals); i++)
		if (strcmp(n, sysbench_globals[i]) == 0)
			return 1;
	return 0;
}

int legacy_opt_numeric(const struct opt *o, double *out)
{
	const char *g = opt_group(o), *t = opt_value_text(o);
	char buf[64], *end;
	double v;

	if (g == NULL || strcmp(g, LEGACY_OPTS_GROUP) != 0 || t == NULL || *t == '\0' ||
	    opt_type_of(o) != OPT_STRING)
		return 0;
	v = strtod(t, &end);
	if (*end != '\0')
		return 0;
	/* Lua's own number format: only a text Lua would print back */
	snprintf(buf, sizeof(buf), "%.14g", v);
	if (strcmp(buf, t) != 0)
		return 0;
	*out = v;
	return 1;
}
