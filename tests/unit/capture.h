/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Capture what the code under test prints on stdout (fd 1: reports and,
 * as sysbench's, log_msg() messages) into a string, for exact
 * comparison:
 *
 *     capture_begin();
 *     report_full(...);
 *     out = capture_end();     // malloc'd, NUL-terminated
 *
 * TAP lines go to stdout too, so call ok() only outside a capture.
 * log.c folds a message identical to the previous one into "(last message
 * repeated N times)"; capture_end() prints a TAP comment line through the
 * log so that every capture starts afresh.
 */
#ifndef BENCH_TEST_CAPTURE_H
#define BENCH_TEST_CAPTURE_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util/log.h"

static FILE *capture_tmp;
static int capture_saved = -1;
static unsigned capture_count;

static void capture_begin(void)
{
	fflush(stdout);
	capture_tmp = tmpfile();
	if (capture_tmp == NULL) {
		perror("tmpfile");
		exit(2);
	}
	capture_saved = dup(STDOUT_FILENO);
	if (capture_saved < 0 || dup2(fileno(capture_tmp), STDOUT_FILENO) < 0) {
		perror("dup");
		exit(2);
	}
}

static char *capture_end(void)
{
	long n;
	char *s;

	fflush(stdout);
	dup2(capture_saved, STDOUT_FILENO);
	close(capture_saved);
	capture_saved = -1;
	n = ftell(capture_tmp);
	s = malloc((size_t)(n > 0 ? n : 0) + 1);
	if (s == NULL) {
		perror("malloc");
		exit(2);
	}
	rewind(capture_tmp);
	n = (long)fread(s, 1, (size_t)(n > 0 ? n : 0), capture_tmp);
	s[n] = 0;
	fclose(capture_tmp);
	capture_tmp = NULL;
	log_text(LOG_FATAL, "# capture %u ends", ++capture_count);
	return s;
}

/* Print text as TAP comment lines ("# " before each line). */
static void diag_text(const char *title, const char *text)
{
	const char *p = text, *nl;

	printf("# %s\n", title);
	while (*p) {
		nl = strchr(p, '\n');
		printf("#   |%.*s\n", (int)(nl ? nl - p : (long)strlen(p)), p);
		if (!nl)
			break;
		p = nl + 1;
	}
}

/* ok() on an exact string, with both texts on a mismatch. Frees got. */
static int ok_str(char *got, const char *want, const char *what)
{
	int same = strcmp(got, want) == 0;

	ok(same, "%s", what);
	if (!same) {
		diag_text("expected:", want);
		diag_text("got:", got);
	}
	free(got);
	return same;
}

/* Run expr (true when it returns what it should) with stdout captured:
 * one test line for expr, one for the exact output. */
#define ok_captured(expr, want, what) do { \
		int got_; \
		char *out_; \
		capture_begin(); \
		got_ = (expr); \
		out_ = capture_end(); \
		ok(got_, "%s", #expr); \
		ok_str(out_, want, what); \
	} while (0)

#endif
