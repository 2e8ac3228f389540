/* SPDX-License-Identifier: GPL-2.0-or-later */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "opt/short_opts.h"

struct short_opt {
	char letter;
	const char *name;       /* bench's option, NULL: spelled `hint` in bench */
	int takes_value;
	const char *hint;
};

/* mysqlslap's letters. Connection letters stay unmapped: bench's
 * --mysql-* / --pgsql-* options name the driver they are for. */
static const struct short_opt slap_opts[] = {
	{ 'a', "auto-generate-sql", 0, NULL },
	{ 'c', "concurrency", 1, NULL },
	{ 'i', "iterations", 1, NULL },
	{ 'e', "engine", 1, NULL },
	{ 'q', "query", 1, NULL },
	{ 'F', "delimiter", 1, NULL },
	{ 'x', "number-char-cols", 1, NULL },
	{ 'y', "number-int-cols", 1, NULL },
	{ 'T', "debug-info", 0, NULL },
	{ 'h', NULL, 0, "--mysql-host" },
	{ 'P', NULL, 0, "--mysql-port" },
	{ 'S', NULL, 0, "--mysql-socket" },
	{ 'u', NULL, 0, "--mysql-user" },
	{ 'p', NULL, 0, "--mysql-password" },
	{ 'C', NULL, 0, "--mysql-compression" },
	{ 's', NULL, 0, "--verbosity=0" },
	{ 'v', NULL, 0, "--verbosity=5" },
	{ 0, NULL, 0, NULL }
};

/* mysqlslap's long connection and output options: those with a bench
 * option of the same meaning become it (per driver: NULL where the
 * driver has none), the others get a hint naming bench's. */
struct long_opt {
	const char *name;
	const char *mysql, *pgsql;
	int takes_value;
	const char *hint;
};

static const struct long_opt slap_long_opts[] = {
	{ "host", "mysql-host", "pgsql-host", 1, NULL },
	{ "port", "mysql-port", "pgsql-port", 1, NULL },
	{ "user", "mysql-user", "pgsql-user", 1, NULL },
	{ "password", "mysql-password", "pgsql-password", 1, NULL },
	{ "socket", "mysql-socket", NULL, 1, "--mysql-socket (MySQL only)" },
	{ "compress", "mysql-compression", NULL, 0, "--mysql-compression (MySQL only)" },
	{ "silent", NULL, NULL, 0, "--verbosity=0 (hides bench's report; mysqlslap's summary stays)" },
	{ "verbose", NULL, NULL, 0, "--verbosity=5 (and --db-debug for the statements)" },
	{ "csv", NULL, NULL, 0, "--report-format=csv (bench's report as CSV on stdout)" },
	{ NULL, NULL, NULL, 0, NULL }
};

static const struct {
	const char *workload;
	const struct short_opt *opts;
	const char *default_command;
} short_workloads[] = {
	{ "slap", slap_opts, "run" },
};

static const struct short_opt *short_table(const char *workload)
{
	size_t i;
	for (i = 0; i < sizeof(short_workloads) / sizeof(short_workloads[0]); i++)
		if (strcmp(workload, short_workloads[i].workload) == 0)
			return short_workloads[i].opts;
	return NULL;
}

const char *short_opts_default_command(const char *workload)
{
	size_t i;
	for (i = 0; workload && i < sizeof(short_workloads) / sizeof(short_workloads[0]); i++)
		if (strcmp(workload, short_workloads[i].workload) == 0)
			return short_workloads[i].default_command;
	return NULL;
}

static char *long_form(const char *name, const char *value)
{
	size_t n = strlen(name) + (value ? strlen(value) + 1 : 0) + 3;
	char *s = malloc(n);
	if (s)
		snprintf(s, n, "--%s%s%s", name, value ? "=" : "", value ? value : "");
	return s;
}

/* The mysqlslap long option `a` names (--name or --name=...), or NULL. */
static const struct long_opt *long_alias(const char *a)
{
	const struct long_opt *o;
	size_t n;

	for (o = slap_long_opts; o->name; o++) {
		n = strlen(o->name);
		if (strncmp(a + 2, o->name, n) == 0 && (a[2 + n] == 0 || a[2 + n] == '='))
			return o;
	}
	return NULL;
}

/* The driver the command line names (--db-driver=X, the last one wins),
 * "mysql" by default. */
static int is_pgsql(int argc, char **argv)
{
	int i, pg = 0;
	for (i = 1; i < argc && argv[i]; i++)
		if (strncmp(argv[i], "--db-driver=", 12) == 0 || strncmp(argv[i], "--db_driver=", 12) == 0)
			pg = strcmp(argv[i] + 12, "pgsql") == 0;
	return pg;
}

/* --host=H or --host H as bench's --mysql-host=H (--pgsql-host=H); one
 * line on stderr and NULL with *bad set for those bench spells otherwise.
 * A password's value is overwritten in argv once copied, as bench's own
 * --mysql-password (ps must not show it). */
static char *long_rewrite(const struct long_opt *o, int pg, int argc, char **argv, int *i,
                          const char *workload, int *bad)
{
	const char *a = argv[*i], *bench = pg ? o->pgsql : o->mysql;
	const char *value = NULL;
	char *out;
	int from = *i;

	*bad = 1;
	if (bench == NULL) {
		fprintf(stderr, "%s: --%s is mysqlslap's option; bench spells it %s\n", workload,
		        o->name, o->hint);
		return NULL;
	}
	value = strchr(a, '=');
	if (value)
		value++;
	if (o->takes_value && value == NULL) {
		if (*i + 1 < argc && argv[*i + 1] && strncmp(argv[*i + 1], "-", 1) != 0) {
			from = ++*i;
			value = argv[from];
		} else {
			fprintf(stderr, "%s: --%s needs a value (--%s=VALUE%s)\n", workload, o->name,
			        bench, strcmp(o->name, "password") == 0 ? "; bench does not prompt" : "");
			return NULL;
		}
	} else if (!o->takes_value && value) {
		fprintf(stderr, "%s: --%s takes no value\n", workload, o->name);
		return NULL;
	}
	*bad = 0;
	out = long_form(bench, value);
	if (out && strcmp(o->name, "password") == 0) {
		/* value points into argv[from], after '=' or the whole word */
		char *v = argv[from] + (value - argv[from]);
		for (; *v; v++)
			*(volatile char *)v = 'x';
	}
	return out;
}

int short_opts_rewrite(int argc, char **argv, char ***out_argv)
{
	const struct short_opt *tab = NULL, *o;
	const struct long_opt *lo;
	char **nv;
	int i, n = 0, workload_at = -1, pg = is_pgsql(argc, argv);

	*out_argv = argv;
	for (i = 1; i < argc && argv[i]; i++) {
		if (strcmp(argv[i], "--") == 0)
			return 0;
		if (strncmp(argv[i], "--", 2) != 0) {
			tab = short_table(argv[i]);
			workload_at = i;
			break;
		}
	}
	if (tab == NULL)
		return 0;
	nv = calloc((size_t)argc + 1, sizeof(*nv));
	if (nv == NULL)
		return -ENOMEM;
	for (i = 0; i < argc; i++) {
		const char *a = argv[i];
		const char *value = NULL;
		if (i > workload_at && a && strncmp(a, "--", 2) == 0 && tab == slap_opts &&
		    (lo = long_alias(a)) != NULL) {
			int bad;
			nv[n] = long_rewrite(lo, pg, argc, argv, &i, argv[workload_at], &bad);
			if (bad)
				goto bad;
			if (nv[n] == NULL)
				goto nomem;
			n++;
			continue;
		}
		if (i <= workload_at || a == NULL || a[0] != '-' || a[1] == '-' || a[1] == 0) {
			nv[n++] = argv[i];
			continue;
		}
		for (o = tab; o->letter && o->letter != a[1]; o++)
			;
		if (o->letter == 0) {
			fprintf(stderr, "%s: unknown option %s ('%s %s help' lists the options, "
			        "mysqlslap's letters among them)\n", argv[workload_at], a,
			        PACKAGE_NAME, argv[workload_at]);
			goto bad;
		}
		if (o->name == NULL) {
			fprintf(stderr, "%s: -%c is %s's short option; bench spells it %s\n",
			        argv[workload_at], o->letter, "mysqlslap", o->hint);
			goto bad;
		}
		if (o->takes_value) {
			value = a[2] == '=' ? a + 3 : a + 2;
			if (*value == 0) {
				if (i + 1 >= argc || argv[i + 1] == NULL) {
					fprintf(stderr, "%s: -%c needs a value (--%s=VALUE)\n",
					        argv[workload_at], o->letter, o->name);
					goto bad;
				}
				value = argv[++i];
			}
		} else if (a[2] != 0) {
			fprintf(stderr, "%s: unknown option %s\n", argv[workload_at], a);
			goto bad;
		}
		nv[n] = long_form(o->name, value);
		if (nv[n] == NULL)
			goto nomem;
		n++;
	}
	nv[n] = NULL;
	*out_argv = nv;
	return 0;
nomem:
	short_opts_free(nv, argv);
	return -ENOMEM;
bad:
	short_opts_free(nv, argv);
	return -EINVAL;
}

void short_opts_free(char **argv_new, char **argv_orig)
{
	char **p, **q;
	if (argv_new == NULL || argv_new == argv_orig)
		return;
	for (p = argv_new; *p; p++) {
		int mine = 1;
		for (q = argv_orig; *q; q++)
			if (*q == *p) {
				mine = 0;
				break;
			}
		if (mine)
			free(*p);
	}
	free(argv_new);
}
