/* SPDX-License-Identifier: GPL-2.0-or-later */
/* runinfo: see runinfo.h. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "stats/runinfo.h"
#include "util/log.h"
#include "util/sha256.h"

static struct {
	char *name, *path, *cmdline;
	char sha[SHA256_HEX_LEN + 1];
	int have_sha;
	runinfo_reader_fn reader;
	int read;                       /* the reader was called */
	char **keys, **vals;
	unsigned n, cap;
} RI;

int runinfo_set_workload(const char *name, const char *path, const char *text,
                         size_t len)
{
	free(RI.name);
	free(RI.path);
	RI.name = name ? strdup(name) : NULL;
	RI.path = path ? strdup(path) : NULL;
	if ((name && !RI.name) || (path && !RI.path))
		return -ENOMEM;
	sha256_hex(text ? text : "", text ? len : 0, RI.sha);
	RI.have_sha = 1;
	return 0;
}

const char *runinfo_workload_name(void)
{
	return RI.name;
}

const char *runinfo_workload_path(void)
{
	return RI.path;
}

const char *runinfo_workload_sha256(void)
{
	return RI.have_sha ? RI.sha : NULL;
}

/* Does the option word w (after its dashes, up to '=' or the end) name a
 * password? */
static int ri_is_secret(const char *w)
{
	size_t n = strcspn(w, "=");
	for (size_t i = 0; i + 8 <= n; i++)
		if (strncasecmp(w + i, "password", 8) == 0)
			return 1;
	return 0;
}

/* Append s to the buffer (*b, *len, *cap), single-quoted for a POSIX
 * shell when it holds anything but plain characters. 0 or -ENOMEM. */
static int ri_append(char **b, size_t *len, size_t *cap, const char *s, int quote)
{
	size_t need = strlen(s) * 4 + 4;
	int q = 0;

	if (*len + need >= *cap) {
		size_t nc = (*cap + need) * 2;
		char *nb = realloc(*b, nc);
		if (nb == NULL)
			return -ENOMEM;
		*b = nb;
		*cap = nc;
	}
	if (quote)
		q = *s == 0 || s[strspn(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_=.,/:@%+*")] != 0;
	if (q)
		(*b)[(*len)++] = '\'';
	for (; *s; s++) {
		if (q && *s == '\'') {
			memcpy(*b + *len, "'\\''", 4);
			*len += 4;
		} else
			(*b)[(*len)++] = *s;
	}
	if (q)
		(*b)[(*len)++] = '\'';
	(*b)[*len] = 0;
	return 0;
}

char *runinfo_scrub_cmdline(int argc, char *const *argv)
{
	char *b = NULL;
	size_t len = 0, cap = 0;
	int i, secret_next = 0;

	if (ri_append(&b, &len, &cap, "", 0))
		return NULL;
	for (i = 0; i < argc && argv[i]; i++) {
		const char *a = argv[i];
		const char *eq = strchr(a, '=');
		int rc = 0;

		if (i && ri_append(&b, &len, &cap, " ", 0))
			goto nomem;
		if (secret_next) {
			rc = ri_append(&b, &len, &cap, "***", 0);
			secret_next = 0;
		} else if (a[0] == '-' && a[1] == '-' && ri_is_secret(a + 2)) {
			if (eq) {
				char *w = strndup(a, (size_t)(eq - a) + 1);
				rc = w ? ri_append(&b, &len, &cap, w, 1) : -ENOMEM;
				free(w);
				if (rc == 0)
					rc = ri_append(&b, &len, &cap, "***", 0);
			} else {
				rc = ri_append(&b, &len, &cap, a, 1);
				secret_next = 1;
			}
		} else if (a[0] == '-' && a[1] == 'p' && a[2]) {
			/* mysqlslap's -pSECRET */
			rc = ri_append(&b, &len, &cap, "-p***", 0);
		} else
			rc = ri_append(&b, &len, &cap, a, 1);
		if (rc)
			goto nomem;
	}
	return b;
nomem:
	free(b);
	return NULL;
}

int runinfo_set_cmdline(int argc, char *const *argv)
{
	free(RI.cmdline);
	RI.cmdline = runinfo_scrub_cmdline(argc, argv);
	return RI.cmdline ? 0 : -ENOMEM;
}

const char *runinfo_cmdline(void)
{
	return RI.cmdline;
}

void runinfo_set_server_reader(runinfo_reader_fn fn)
{
	RI.reader = fn;
}

void runinfo_server_skip(void)
{
	RI.read = 1;
}

static void ri_add(void *ud, const char *key, const char *value)
{
	(void)ud;
	if (RI.n == RI.cap) {
		unsigned nc = RI.cap ? RI.cap * 2 : 16;
		char **nk = realloc(RI.keys, nc * sizeof(*nk));
		char **nv;
		if (nk == NULL)
			return;
		RI.keys = nk;
		nv = realloc(RI.vals, nc * sizeof(*nv));
		if (nv == NULL)
			return;
		RI.vals = nv;
		RI.cap = nc;
	}
	RI.keys[RI.n] = strdup(key);
	RI.vals[RI.n] = strdup(value ? value : "");
	if (RI.keys[RI.n] == NULL || RI.vals[RI.n] == NULL) {
		free(RI.keys[RI.n]);
		free(RI.vals[RI.n]);
		return;
	}
	RI.n++;
}

/* Forget the server's pairs. */
static void ri_clear(void)
{
	for (unsigned i = 0; i < RI.n; i++) {
		free(RI.keys[i]);
		free(RI.vals[i]);
	}
	RI.n = 0;
}

unsigned runinfo_server(const char *const **keys, const char *const **values)
{
	if (!RI.read && RI.reader) {
		RI.read = 1;
		if (RI.reader(ri_add, NULL) <= 0)
			ri_clear();
	}
	*keys = (const char *const *)RI.keys;
	*values = (const char *const *)RI.vals;
	return RI.n;
}

const char *runinfo_server_get(const char *key)
{
	const char *const *k, *const *v;
	unsigned n = runinfo_server(&k, &v);

	for (unsigned i = 0; i < n; i++)
		if (strcmp(k[i], key) == 0)
			return v[i];
	return NULL;
}

void runinfo_warn_unfinished(const char *cmd, const char *name, const char *status)
{
	if (status == NULL || strcmp(status, "completed") == 0)
		return;
	log_msg(LOG_WARNING, "%s: '%s' did not complete (status: %s): its figures cover only part of the run",
	        cmd, name, status);
}

void runinfo_warn_workload(const char *cmd, const char *name, const char *sha256)
{
	static char first[SHA256_HEX_LEN + 1];

	if (sha256 == NULL)
		return;
	if (first[0] == 0)
		snprintf(first, sizeof(first), "%s", sha256);
	else if (strcmp(first, sha256) != 0)
		log_msg(LOG_WARNING, "%s: '%s' ran another workload (or another version of it) than the first file: its events are not the same kind",
		        cmd, name);
}

void runinfo_free(void)
{
	ri_clear();
	free(RI.keys);
	free(RI.vals);
	free(RI.name);
	free(RI.path);
	free(RI.cmdline);
	memset(&RI, 0, sizeof(RI));
}
