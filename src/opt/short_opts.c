/* SPDX-License-Identifier: GPL-2.0-or-later */
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

int short_opts_rewrite(int argc, char **argv, char ***out_argv)
{
	const struct short_opt *tab = NULL, *o;
	char **nv;
	int i, n = 0, workload_at = -1;

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
		if (i <= workload_at || a == NULL || a[0] != '-' || a[1] == '-' || a[1] == 0) {
			nv[n++] = argv[i];
			continue;
		}
		for (o = tab; o->letter && o->letter != a[1]; o++)
			;
		if (o->letter == 0) {
			nv[n++] = argv[i];   /* a word: the usual "Unrecognized ..." */
			continue;
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
