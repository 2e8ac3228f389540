/* SPDX-License-Identifier: GPL-2.0-or-later */
/* complete: the shell completion's listing (complete.h). */
#include <ctype.h>
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "complete/complete.h"
#include "db/driver.h"
#include "opt/opt.h"
#include "rand/rand.h"
#include "results/runfile.h"
#include "runtime/optbridge.h"
#include "runtime/runtime.h"

#define COMPLETE_FLAG "--complete-options"

static const char *const complete_subcommands[] = { "merge", "compare", "plot", "slap" };

/* ---- words -------------------------------------------------------------- */

static int complete_cmp(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* The data directory's NAME.lua files and the built-in names, sorted,
 * each once. */
static void complete_workloads(const struct complete_builtins *b)
{
	DIR *d = opendir(lrt_data_dir());
	struct dirent *e;
	char **names = NULL;
	unsigned n = 0, cap = 0, i;

	for (i = 0; i < b->nworkloads; i++)
		printf("workload %s\n", b->workloads[i]);
	while (d && (e = readdir(d)) != NULL) {
		size_t len = strlen(e->d_name);
		char **grown;

		if (len <= 4 || strcmp(e->d_name + len - 4, ".lua") != 0 || e->d_name[0] == '.')
			continue;
		if (n == cap) {
			cap = cap ? cap * 2 : 32;
			grown = realloc(names, cap * sizeof(*names));
			if (grown == NULL)
				break;
			names = grown;
		}
		if ((names[n] = strndup(e->d_name, len - 4)) != NULL)
			n++;
	}
	if (d)
		closedir(d);
	if (n)
		qsort(names, n, sizeof(*names), complete_cmp);
	for (i = 0; i < n; i++) {
		unsigned j, builtin = 0;

		for (j = 0; j < b->nworkloads; j++)
			builtin |= strcmp(names[i], b->workloads[j]) == 0;
		if (!builtin)
			printf("workload %s\n", names[i]);
		free(names[i]);
	}
	free(names);
}

static void complete_print_command(void *ud, const char *name)
{
	const struct complete_builtins *b = ud;
	unsigned i;

	for (i = 0; i < b->ncommands; i++)
		if (strcmp(name, b->commands[i]) == 0)
			return;
	printf("command %s\n", name);
}

/* ---- enumerated values ---------------------------------------------------- */

/* The item of a "{...}" list that starts at p (before close): its
 * trimmed bounds in *s, *end; returns where the next one starts. */
static const char *complete_item(const char *p, const char *close, const char **s, const char **end)
{
	const char *q = memchr(p, ',', (size_t)(close - p));

	if (q == NULL)
		q = close;
	for (*s = p; *s < q && **s == ' '; (*s)++)
		;
	for (*end = q; *end > *s && (*end)[-1] == ' '; (*end)--)
		;
	return q + 1;
}

/* "{a,b, c}" in a description: each item one word, else no values. */
static void complete_brace_values(const char *name, const char *desc)
{
	const char *open = desc ? strchr(desc, '{') : NULL;
	const char *close = open ? strchr(open, '}') : NULL;
	const char *p, *s, *end;

	if (close == NULL)
		return;
	for (p = open + 1; p < close; p++)
		if (!(isalnum((unsigned char)*p) || strchr("_-., ", *p)))
			return;
	for (p = open + 1; p < close;) {
		p = complete_item(p, close, &s, &end);
		if (memchr(s, ' ', (size_t)(end - s)))
			return;   /* "5 - debug": words, not values */
	}
	for (p = open + 1; p < close;) {
		p = complete_item(p, close, &s, &end);
		if (end > s)
			printf("value --%s %.*s\n", name, (int)(end - s), s);
	}
}

/* OPT_F_BOOL_HELP: "MODE: A, B, C or D (...)" in the description. */
static void complete_mode_values(const char *name, const char *desc)
{
	const char *p = desc ? strstr(desc, "MODE:") : NULL;

	if (p == NULL)
		return;
	for (p += 5; *p;) {
		size_t len;

		while (*p == ' ' || *p == ',')
			p++;
		len = strcspn(p, " ,");
		if (len == 2 && strncmp(p, "or", 2) == 0) {
			p += len;
			continue;
		}
		for (size_t i = 0; i < len; i++)
			if (!(isupper((unsigned char)p[i]) || isdigit((unsigned char)p[i]) || p[i] == '_'))
				return;
		if (len == 0)
			return;
		printf("value --%s %.*s\n", name, (int)len, p);
		p += len;
	}
}

static void complete_values(const struct opt *o)
{
	const char *name = opt_name(o), *v;
	unsigned i;

	if (opt_type_of(o) == OPT_BOOL || (opt_flags(o) & OPT_F_BOOL_HELP)) {
		printf("value --%s on\nvalue --%s off\n", name, name);
		if (opt_flags(o) & OPT_F_BOOL_HELP)
			complete_mode_values(name, opt_desc(o));
	} else if (strcmp(name, "db-driver") == 0) {
		for (i = 0; (v = db_driver_name(i)) != NULL; i++)
			printf("value --%s %s\n", name, v);
	} else if (strcmp(name, "rand-type") == 0) {
		for (i = 0; (v = rand_dist_name(i)) != NULL; i++)
			printf("value --%s %s\n", name, v);
	} else {
		complete_brace_values(name, opt_desc(o));
	}
}

static void complete_options(void)
{
	const struct opt *o;

	for (o = opt_first(); o; o = opt_next((struct opt *)o)) {
		if ((opt_flags(o) & (OPT_F_HIDDEN | OPT_F_OWN_HELP)) == OPT_F_HIDDEN)
			continue;
		if (opt_type_of(o) == OPT_BOOL || (opt_flags(o) & OPT_F_BOOL_HELP))
			printf("option --%s\n", opt_name(o));
		else
			printf("option --%s=\n", opt_name(o));
		if (opt_type_of(o) == OPT_FILE)
			printf("file --%s\n", opt_name(o));
		complete_values(o);
	}
}

/* ---- a workload's options and commands ------------------------------------ */

/* Load the script and declare its options, with stdout and stderr going
 * nowhere (a script may print while it loads; a missing one is FATAL).
 * Returns the main state or NULL. */
static struct lrt *complete_load(const char *workload, struct lrt_script *script)
{
	static char name_bench[] = "bench", name_help[] = "help";
	char *argv[4] = { name_bench, (char *)workload, name_help, NULL };
	struct lrt *l = NULL;
	int saved_out, saved_err, null_fd, ok;
	unsigned ndeclared = 0;

	fflush(stdout);
	fflush(stderr);
	saved_out = dup(STDOUT_FILENO);
	saved_err = dup(STDERR_FILENO);
	null_fd = open("/dev/null", O_WRONLY);
	if (saved_out < 0 || saved_err < 0 || null_fd < 0) {
		ok = 0;
	} else {
		dup2(null_fd, STDOUT_FILENO);
		dup2(null_fd, STDERR_FILENO);
		lrt_set_cmdline(3, argv, "help");
		ok = lrt_script_load(workload, script) == 0 &&
		     lrt_create(script, -1, &l) == 0 &&
		     lrt_register_options(l, script->name, &ndeclared) == 0;
		fflush(stdout);
		fflush(stderr);
		dup2(saved_out, STDOUT_FILENO);
		dup2(saved_err, STDERR_FILENO);
	}
	if (null_fd >= 0)
		close(null_fd);
	if (saved_out >= 0)
		close(saved_out);
	if (saved_err >= 0)
		close(saved_err);
	if (!ok) {
		lrt_destroy(l);
		return NULL;
	}
	return l;
}

int complete_main(int argc, char **argv, const struct complete_builtins *b)
{
	const char *arg = argc == 2 ? argv[1] : NULL, *workload = NULL;
	struct lrt_script script;
	struct lrt *l = NULL;
	size_t flen = strlen(COMPLETE_FLAG);
	unsigned i;

	if (arg == NULL || strncmp(arg, COMPLETE_FLAG, flen) != 0 ||
	    (arg[flen] != 0 && arg[flen] != '='))
		return -1;
	if (arg[flen] == '=' && arg[flen + 1])
		workload = arg + flen + 1;
	memset(&script, 0, sizeof(script));

	complete_workloads(b);
	for (i = 0; i < b->ncommands; i++)
		printf("command %s\n", b->commands[i]);
	for (i = 0; i < sizeof(complete_subcommands) / sizeof(complete_subcommands[0]); i++)
		printf("subcommand %s\n", complete_subcommands[i]);
	if (workload && (strcmp(workload, "compare") == 0 || strcmp(workload, "plot") == 0))
		runfile_define_opts();
	else if (workload && strcmp(workload, "merge") != 0 && strcmp(workload, "-") != 0 &&
	         (l = complete_load(workload, &script)) != NULL)
		lrt_list_commands(l, complete_print_command, (void *)b);
	complete_options();
	lrt_destroy(l);
	lrt_script_free(&script);
	return fflush(stdout) == 0 && !ferror(stdout) ? 0 : 1;
}
