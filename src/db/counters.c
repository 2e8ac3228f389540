/* SPDX-License-Identifier: GPL-2.0-or-later */
/* counters: what the drivers' server counters hooks share (counters.h). */
#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "db/counters.h"

int db_counter_name_ok(const char *name, unsigned dots)
{
	unsigned seen = 0, part = 0;
	size_t n = 0;

	for (const char *p = name; *p; p++, n++) {
		if (*p == '.') {
			if (part == 0)
				return 0;
			seen++;
			part = 0;
		} else if (isalnum((unsigned char)*p) || *p == '_') {
			part++;
		} else {
			return 0;
		}
	}
	return n > 0 && n <= 64 && part > 0 && seen == dots;
}

double db_counter_value(const sql_value *v)
{
	char buf[64], *end;
	double d;

	if (v->ptr == NULL || v->len == 0 || v->len >= sizeof(buf))
		return NAN;
	memcpy(buf, v->ptr, v->len);
	buf[v->len] = 0;
	d = strtod(buf, &end);
	return end == buf || *end ? NAN : d;
}
