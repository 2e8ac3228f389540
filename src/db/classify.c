/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * classify: the kind of a SQL statement, from its text, for
 * --report-statements (stats records per kind; only the database layer
 * knows SQL). Keywords are matched case-insensitively as whole words;
 * leading white space, comments and quoted text are skipped.
 */
#define _GNU_SOURCE
#include <string.h>

#include "db/classify.h"

static int is_word(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || c == '_' || c == '$';
}

/* Does the keyword kw (upper case) start at sql[i], as a whole word? */
static int kw_at(const char *sql, size_t len, size_t i, const char *kw)
{
	size_t n = strlen(kw);

	if (i + n > len || (i > 0 && is_word(sql[i - 1])))
		return 0;
	for (size_t j = 0; j < n; j++) {
		char c = sql[i + j];
		if (c >= 'a' && c <= 'z')
			c = (char)(c - 'a' + 'A');
		if (c != kw[j])
			return 0;
	}
	return i + n == len || !is_word(sql[i + n]);
}

/* Skip white space and comments from i. */
static size_t skip_blank(const char *sql, size_t len, size_t i)
{
	for (;;) {
		while (i < len && (sql[i] == ' ' || sql[i] == '\t' ||
		                   sql[i] == '\n' || sql[i] == '\r'))
			i++;
		if (i + 1 < len && sql[i] == '/' && sql[i + 1] == '*') {
			const char *e = memmem(sql + i + 2, len - i - 2, "*/", 2);
			i = e ? (size_t)(e - sql) + 2 : len;
		} else if (i + 1 < len && sql[i] == '-' && sql[i + 1] == '-') {
			const char *e = memchr(sql + i, '\n', len - i);
			i = e ? (size_t)(e - sql) + 1 : len;
		} else {
			return i;
		}
	}
}

/* Classify a SELECT from its features outside quoted text. */
static enum stats_stmt_kind classify_select(const char *sql, size_t len, size_t i)
{
	int distinct = 0, sum = 0, order = 0, range = 0;
	char q = 0;

	for (; i < len; i++) {
		char c = sql[i];
		if (q) {
			if (c == '\\' && i + 1 < len)
				i++;
			else if (c == q)
				q = 0;
			continue;
		}
		if ((c == '-' && i + 1 < len && sql[i + 1] == '-') ||
		    (c == '/' && i + 1 < len && sql[i + 1] == '*')) {
			i = skip_blank(sql, len, i) - 1;   /* the comment */
			continue;
		}
		switch (c) {
		case '\'': case '"': case '`':
			q = c;
			break;
		case '<': case '>':
			range = 1;
			break;
		case 'd': case 'D':
			distinct |= kw_at(sql, len, i, "DISTINCT");
			break;
		case 's': case 'S':
			if (kw_at(sql, len, i, "SUM")) {
				size_t j = skip_blank(sql, len, i + 3);
				sum |= j < len && sql[j] == '(';
			}
			break;
		case 'o': case 'O':
			if (kw_at(sql, len, i, "ORDER")) {
				size_t j = skip_blank(sql, len, i + 5);
				order |= kw_at(sql, len, j, "BY");
			}
			break;
		case 'b': case 'B':
			range |= kw_at(sql, len, i, "BETWEEN");
			break;
		}
	}
	if (distinct)
		return STATS_STMT_DISTINCT_RANGE;
	if (sum)
		return STATS_STMT_SUM_RANGE;
	if (order)
		return STATS_STMT_ORDER_RANGE;
	return range ? STATS_STMT_RANGE_SELECT : STATS_STMT_POINT_SELECT;
}

enum stats_stmt_kind db_stmt_classify(const char *sql, size_t len)
{
	static const struct { const char *kw; enum stats_stmt_kind k; } first[] = {
		{ "SELECT", STATS_STMT_POINT_SELECT }, { "WITH", STATS_STMT_POINT_SELECT },
		{ "INSERT", STATS_STMT_INSERT }, { "REPLACE", STATS_STMT_INSERT },
		{ "UPDATE", STATS_STMT_UPDATE }, { "DELETE", STATS_STMT_DELETE },
		{ "BEGIN", STATS_STMT_BEGIN }, { "START", STATS_STMT_BEGIN },
		{ "COMMIT", STATS_STMT_COMMIT }, { "END", STATS_STMT_COMMIT },
		{ "ROLLBACK", STATS_STMT_ROLLBACK }, { "ABORT", STATS_STMT_ROLLBACK },
	};
	size_t i = skip_blank(sql, len, 0);

	/* "(SELECT ...) UNION ..." */
	while (i < len && sql[i] == '(')
		i = skip_blank(sql, len, i + 1);
	for (unsigned j = 0; j < sizeof(first) / sizeof(first[0]); j++) {
		if (!kw_at(sql, len, i, first[j].kw))
			continue;
		if (first[j].k == STATS_STMT_POINT_SELECT)
			return classify_select(sql, len, i);
		if (strcmp(first[j].kw, "START") == 0) {
			size_t t = skip_blank(sql, len, i + 5);
			return kw_at(sql, len, t, "TRANSACTION") ? STATS_STMT_BEGIN
			                                         : STATS_STMT_OTHER;
		}
		return first[j].k;
	}
	return STATS_STMT_OTHER;
}
