/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * opt: the option registry. See opt.h for the contract.
 *
 * Storage is two singly linked lists: declared options (declaration order,
 * which is also help and iteration order) and pending values for names not
 * declared yet. A few hundred options at most, so lookups are linear; they
 * never modify anything, which keeps the getters safe from worker threads.
 */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "opt/opt.h"
#include "util/log.h"

/* Where a value came from. Ordered: a value only replaces one of the same
 * or a lower source, which is what lets the command line beat the config
 * file whichever of opt_parse_argv()/opt_load_file() runs first. */
enum opt_source {
	SRC_DEFAULT = 0,
	SRC_FILE,
	SRC_CMDLINE
};

struct opt {
	char *name;
	char *group;
	char *desc;
	char *defval;
	char *alias_of;
	enum opt_type type;
	double min, max;
	unsigned flags;

	char *text;             /* current value as text, NULL if none */
	enum opt_source source;
	int warned;             /* deprecation warning: 1 due, 2 printed */
	union {
		int b;
		int64_t i;
		uint64_t sz;
		double d;
	} v;
	char **items;           /* LIST: NULL-terminated, never NULL once set */
	unsigned nitems;

	struct opt *next;
};

/* A value given for a name nobody has declared (yet). */
struct opt_pending {
	char *name;             /* as spelled by the user */
	char *value;            /* NULL for a bare "--name" */
	enum opt_source source;
	struct opt_pending *next;
};

static struct opt *opt_head, *opt_tail;
static struct opt_pending *pend_head, *pend_tail;
static char **pos_words;
static unsigned pos_count, pos_cap;
static char opt_errbuf[1024];

/* Guards against alias_of cycles in the definitions. */
#define OPT_ALIAS_DEPTH 8

__attribute__((format(printf, 1, 2)))
static void set_error(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(opt_errbuf, sizeof(opt_errbuf), fmt, ap);
	va_end(ap);
}

static char *xstrdup(const char *s)
{
	char *p;
	if (s == NULL)
		return NULL;
	p = strdup(s);
	if (p == NULL) {
		fprintf(stderr, "FATAL: out of memory\n");
		abort();
	}
	return p;
}

static void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n, size);
	if (p == NULL) {
		fprintf(stderr, "FATAL: out of memory\n");
		abort();
	}
	return p;
}

static inline char norm_char(char c)
{
	return c == '_' ? '-' : c;
}

static int name_eq(const char *a, const char *b)
{
	while (*a && *b) {
		if (norm_char(*a) != norm_char(*b))
			return 0;
		a++;
		b++;
	}
	return *a == *b;
}

/* ---- value parsing ---------------------------------------------------- */

int opt_parse_bool(const char *text, int *out)
{
	static const char *const on[] = { "on", "true", "yes", "1" };
	static const char *const off[] = { "off", "false", "no", "0" };
	unsigned i;

	if (text == NULL)
		return -EINVAL;
	for (i = 0; i < sizeof(on) / sizeof(on[0]); i++) {
		if (strcasecmp(text, on[i]) == 0) {
			*out = 1;
			return 0;
		}
		if (strcasecmp(text, off[i]) == 0) {
			*out = 0;
			return 0;
		}
	}
	return -EINVAL;
}

static const char *skip_space(const char *s)
{
	while (isspace((unsigned char)*s))
		s++;
	return s;
}

/* sysbench accepted "1KB" (it ignored what followed the suffix letter), so
 * an optional B after the multiplier is allowed; anything else is an error
 * rather than being silently dropped. */
int opt_parse_size(const char *text, uint64_t *out)
{
	const char *p;
	uint64_t v = 0;
	unsigned shift = 0;

	if (text == NULL)
		return -EINVAL;
	p = skip_space(text);
	if (!isdigit((unsigned char)*p))
		return -EINVAL;
	while (isdigit((unsigned char)*p)) {
		unsigned d = (unsigned)(*p - '0');
		if (v > (UINT64_MAX - d) / 10)
			return -EINVAL;
		v = v * 10 + d;
		p++;
	}
	switch (*p) {
	case 'K': case 'k': shift = 10; p++; break;
	case 'M': case 'm': shift = 20; p++; break;
	case 'G': case 'g': shift = 30; p++; break;
	case 'T': case 't': shift = 40; p++; break;
	default: break;
	}
	if (*p == 'B' || *p == 'b')
		p++;
	p = skip_space(p);
	if (*p != '\0')
		return -EINVAL;
	if (shift && v > (UINT64_MAX >> shift))
		return -EINVAL;
	*out = v << shift;
	return 0;
}

static int parse_int(const char *text, int64_t *out)
{
	char *end;
	long long v;

	errno = 0;
	v = strtoll(text, &end, 10);
	if (end == text || errno == ERANGE)
		return -EINVAL;
	if (*skip_space(end) != '\0')
		return -EINVAL;
	*out = v;
	return 0;
}

static int parse_double(const char *text, double *out)
{
	char *end;
	double v;

	errno = 0;
	v = strtod(text, &end);
	if (end == text || *skip_space(end) != '\0')
		return -EINVAL;
	/* inf/nan parse fine with strtod but make no sense as a setting */
	if (!isfinite(v))
		return -EINVAL;
	*out = v;
	return 0;
}

static int has_range(const struct opt *o)
{
	return o->min < o->max;
}

static void range_error(const struct opt *o, const char *what, const char *text)
{
	if (o->type == OPT_DOUBLE)
		set_error("Invalid %s for the '%s' option: '%s' (expected %g..%g)",
			  what, o->name, text, o->min, o->max);
	else
		set_error("Invalid %s for the '%s' option: '%s' (expected %.0f..%.0f)",
			  what, o->name, text, o->min, o->max);
}

static void free_items(char **items)
{
	char **p;
	if (items == NULL)
		return;
	for (p = items; *p; p++)
		free(*p);
	free(items);
}

/* Empty items are dropped ("a,,b" is two items), as sysbench did. */
static char **split_list(const char *text, unsigned *count)
{
	unsigned n = 0, cap = 1;
	const char *p;
	char **items;

	for (p = text; *p; p++)
		if (*p == ',')
			cap++;
	items = xcalloc(cap + 1, sizeof(*items));
	p = text;
	for (;;) {
		const char *comma = strchr(p, ',');
		size_t len = comma ? (size_t)(comma - p) : strlen(p);
		if (len > 0) {
			items[n] = xcalloc(len + 1, 1);
			memcpy(items[n], p, len);
			n++;
		}
		if (comma == NULL)
			break;
		p = comma + 1;
	}
	items[n] = NULL;
	*count = n;
	return items;
}

/* A parsed value, built before anything is committed so that a bad value
 * leaves the previous one intact. */
struct opt_value {
	char *text;
	int b;
	int64_t i;
	uint64_t sz;
	double d;
	char **items;
	unsigned nitems;
};

/* The option's name as the user spelled it, for sysbench's "invalid
 * option: --bool-opt=5" (set around set_value()). */
static const char *typed_name;

/* OPT_F_INT_LIST with a comma: every item an integer in range, no empty
 * item; the value is the largest (what commands other than a sweep use),
 * the items the list as given. */
static int parse_int_list(const struct opt *o, const char *text, const char *what,
                          struct opt_value *val)
{
	unsigned i;
	size_t len = strlen(text);

	if (text[0] == ',' || text[len - 1] == ',' || strstr(text, ",,")) {
		set_error("Invalid %s for the '%s' option: '%s' (an empty item in the list)",
		          what, o->name, text);
		return -EINVAL;
	}
	val->items = split_list(text, &val->nitems);
	for (i = 0; i < val->nitems; i++) {
		int64_t v;
		if (parse_int(val->items[i], &v) < 0) {
			set_error("Invalid %s for the '%s' option: '%s'", what, o->name, text);
			goto err;
		}
		if (has_range(o) && ((double)v < o->min || (double)v > o->max)) {
			range_error(o, what, val->items[i]);
			goto err;
		}
		if (i == 0 || v > val->i)
			val->i = v;
	}
	val->text = xstrdup(text);
	return 0;
err:
	free_items(val->items);
	val->items = NULL;
	val->nitems = 0;
	return -EINVAL;
}

/* Parse `text` (NULL = bare "--name") for option `o`. `what` is "value" or
 * "default value" for the error message. */
static int parse_value(const struct opt *o, const char *text, const char *what,
		       struct opt_value *val)
{
	memset(val, 0, sizeof(*val));

	if (text == NULL) {
		switch (o->type) {
		case OPT_BOOL:
			text = "on";
			break;
		case OPT_STRING:
		case OPT_FILE:
		case OPT_LIST:
			/* sysbench: a bare string/list option is empty */
			text = "";
			break;
		default:
			set_error("option --%s requires a value", o->name);
			return -EINVAL;
		}
	}

	switch (o->type) {
	case OPT_BOOL:
		if (opt_parse_bool(text, &val->b) < 0) {
			/* sysbench's words for a bad boolean */
			if (typed_name) {
				set_error("invalid option: --%s=%s", typed_name, text);
				return -EINVAL;
			}
			goto bad;
		}
		/* normalised so value dumps read like the help text */
		val->text = xstrdup(val->b ? "on" : "off");
		return 0;
	case OPT_INT:
		if ((o->flags & OPT_F_INT_LIST) && strchr(text, ','))
			return parse_int_list(o, text, what, val);
		if (parse_int(text, &val->i) < 0)
			goto bad;
		if (has_range(o) && ((double)val->i < o->min || (double)val->i > o->max)) {
			range_error(o, what, text);
			return -EINVAL;
		}
		break;
	case OPT_SIZE:
		/* sysbench's size parser takes "-1" (as 2^64 - 1): a script's
		 * option gets it (OPT_F_SIZE_WRAP), and the workload's own check
		 * names the value as typed ("Invalid value for memory-block-size:
		 * -1") */
		if (text[0] == '-' && (o->flags & OPT_F_SIZE_WRAP) &&
		    opt_parse_size(text + 1, &val->sz) == 0) {
			val->sz = (uint64_t)0 - val->sz;
			break;
		}
		if (opt_parse_size(text, &val->sz) < 0)
			goto bad;
		if (has_range(o) && ((double)val->sz < o->min || (double)val->sz > o->max)) {
			range_error(o, what, text);
			return -EINVAL;
		}
		break;
	case OPT_DOUBLE:
		if (parse_double(text, &val->d) < 0)
			goto bad;
		if (has_range(o) && (val->d < o->min || val->d > o->max)) {
			range_error(o, what, text);
			return -EINVAL;
		}
		break;
	case OPT_LIST:
		val->items = split_list(text, &val->nitems);
		break;
	case OPT_STRING:
	case OPT_FILE:
		break;
	default:
		set_error("option --%s has an unknown type", o->name);
		return -EINVAL;
	}
	val->text = xstrdup(text);
	return 0;
bad:
	set_error("Invalid %s for the '%s' option: '%s'", what, o->name, text);
	return -EINVAL;
}

static void commit_value(struct opt *o, struct opt_value *val)
{
	free(o->text);
	free_items(o->items);
	o->text = val->text;
	o->v.b = 0;
	switch (o->type) {
	case OPT_BOOL: o->v.b = val->b; break;
	case OPT_INT: o->v.i = val->i; break;
	case OPT_SIZE: o->v.sz = val->sz; break;
	case OPT_DOUBLE: o->v.d = val->d; break;
	default: break;
	}
	o->items = val->items;
	o->nitems = val->nitems;
}

/* ---- pending values --------------------------------------------------- */

static struct opt_pending *pending_find(const char *name)
{
	struct opt_pending *p;
	for (p = pend_head; p; p = p->next)
		if (name_eq(p->name, name))
			return p;
	return NULL;
}

static void pending_add(const char *name, const char *value, enum opt_source src)
{
	struct opt_pending *p = pending_find(name);

	if (p != NULL) {
		if (src < p->source)
			return;
		free(p->value);
		p->value = xstrdup(value);
		p->source = src;
		return;
	}
	p = xcalloc(1, sizeof(*p));
	p->name = xstrdup(name);
	p->value = xstrdup(value);
	p->source = src;
	if (pend_tail)
		pend_tail->next = p;
	else
		pend_head = p;
	pend_tail = p;
}

static void pending_free(struct opt_pending *p)
{
	free(p->name);
	free(p->value);
	free(p);
}

/* ---- setting ---------------------------------------------------------- */

static int set_value(struct opt *o, const char *value, enum opt_source src,
		     int depth);

static int set_by_name(const char *name, const char *value, enum opt_source src,
		       int depth)
{
	struct opt *o = opt_find(name);
	int rc;
	if (o == NULL) {
		pending_add(name, value, src);
		return 0;
	}
	typed_name = name;
	rc = set_value(o, value, src, depth);
	typed_name = NULL;
	return rc;
}

static int set_value(struct opt *o, const char *value, enum opt_source src,
		     int depth)
{
	struct opt_value val;
	int alias = (o->flags & OPT_F_DEPRECATED) && o->alias_of != NULL;
	int rc;

	if (src < o->source)
		return 0;
	if (parse_value(o, value, "value", &val) < 0)
		return -EINVAL;
	if (!alias) {
		commit_value(o, &val);
		o->source = src;
		return 0;
	}
	/* sysbench: an alias given its default value (--max-requests=0) is
	 * neither forwarded nor warned about, so it never undoes the new
	 * option (--time=30 --max-time=0 runs 30 s) */
	if (o->defval && value && strcmp(value, o->defval) == 0) {
		commit_value(o, &val);
		o->source = src;
		return 0;
	}

	if (depth >= OPT_ALIAS_DEPTH) {
		set_error("option --%s: alias chain too long", o->name);
		rc = -ELOOP;
		goto err;
	}
	/* Forward the text as given: the target may have a stricter type or
	 * range than the alias and must judge the value itself; the alias
	 * keeps the value only if the target took it. */
	rc = set_by_name(o->alias_of, value, src, depth + 1);
	if (rc < 0)
		goto err;
	if (!o->warned)
		o->warned = 1;          /* printed by opt_warn_deprecated() */
	commit_value(o, &val);
	o->source = src;
	return 0;
err:
	free(val.text);
	free_items(val.items);
	return rc;
}

static void warn_once(struct opt *o)
{
	if (o && o->warned == 1) {
		log_msg(LOG_WARNING, "--%s is deprecated, use --%s instead",
			o->name, o->alias_of);
		o->warned = 2;
	}
}

void opt_warn_deprecated(const char *const *order)
{
	struct opt *o;
	unsigned i;
	for (i = 0; order && order[i]; i++)
		warn_once(opt_find(order[i]));
	for (o = opt_head; o; o = o->next)
		warn_once(o);
}

/* ---- registry --------------------------------------------------------- */

void opt_init(void)
{
	opt_free();
}

static void opt_destroy(struct opt *o)
{
	free(o->name);
	free(o->group);
	free(o->desc);
	free(o->defval);
	free(o->alias_of);
	free(o->text);
	free_items(o->items);
	free(o);
}

void opt_free(void)
{
	struct opt *o, *on;
	struct opt_pending *p, *pn;
	unsigned i;

	for (o = opt_head; o; o = on) {
		on = o->next;
		opt_destroy(o);
	}
	opt_head = opt_tail = NULL;
	for (p = pend_head; p; p = pn) {
		pn = p->next;
		pending_free(p);
	}
	pend_head = pend_tail = NULL;
	for (i = 0; i < pos_count; i++)
		free(pos_words[i]);
	free(pos_words);
	pos_words = NULL;
	pos_count = pos_cap = 0;
	opt_errbuf[0] = '\0';
}

struct opt *opt_find(const char *name)
{
	struct opt *o;
	if (name == NULL)
		return NULL;
	for (o = opt_head; o; o = o->next)
		if (name_eq(o->name, name))
			return o;
	return NULL;
}

static int type_valid(enum opt_type t)
{
	return t >= OPT_BOOL && t <= OPT_FILE;
}

int opt_define(const char *group, const struct opt_def *defs, unsigned n)
{
	struct opt_pending *p, *prev, *next;
	char first_err[sizeof(opt_errbuf)];
	unsigned i, j;
	int rc = 0;

	/* Check every definition before adding any, so a failed call leaves
	 * the registry as it was. */
	for (i = 0; i < n; i++) {
		const struct opt_def *d = &defs[i];
		struct opt probe;
		struct opt_value val;

		if (d->name == NULL || d->name[0] == '\0' || !type_valid(d->type)) {
			set_error("invalid option definition #%u in group '%s'",
				  i, group ? group : "");
			return -EINVAL;
		}
		if (opt_find(d->name) != NULL) {
			set_error("option --%s is already defined", d->name);
			return -EEXIST;
		}
		for (j = 0; j < i; j++) {
			if (name_eq(defs[j].name, d->name)) {
				set_error("option --%s is already defined", d->name);
				return -EEXIST;
			}
		}
		if (d->defval == NULL)
			continue;
		memset(&probe, 0, sizeof(probe));
		probe.name = (char *)d->name;
		probe.type = d->type;
		probe.min = d->min;
		probe.max = d->max;
		if (parse_value(&probe, d->defval, "default value", &val) < 0)
			return -EINVAL;
		free(val.text);
		free_items(val.items);
	}

	for (i = 0; i < n; i++) {
		const struct opt_def *d = &defs[i];
		struct opt *o = xcalloc(1, sizeof(*o));
		struct opt_value val;

		o->name = xstrdup(d->name);
		o->group = xstrdup(group ? group : "");
		o->desc = xstrdup(d->desc ? d->desc : "");
		o->defval = xstrdup(d->defval);
		o->alias_of = xstrdup(d->alias_of);
		o->type = d->type;
		o->min = d->min;
		o->max = d->max;
		o->flags = d->flags;
		o->source = SRC_DEFAULT;
		if (d->defval != NULL) {
			/* validated above */
			parse_value(o, d->defval, "default value", &val);
			commit_value(o, &val);
		} else if (o->type == OPT_LIST) {
			/* keep opt_list()'s items non-NULL */
			o->items = xcalloc(1, sizeof(*o->items));
		}
		if (opt_tail)
			opt_tail->next = o;
		else
			opt_head = o;
		opt_tail = o;
	}

	/* Claim pending values. An alias may append a pending value for its
	 * target while we walk; it lands at the tail and is looked at too. */
	prev = NULL;
	for (p = pend_head; p; p = next) {
		struct opt *o = opt_find(p->name);
		int r;

		if (o == NULL) {
			prev = p;
			next = p->next;
			continue;
		}
		if (prev)
			prev->next = p->next;
		else
			pend_head = p->next;
		if (pend_tail == p)
			pend_tail = prev;
		typed_name = p->name;
		r = set_value(o, p->value, p->source, 0);
		typed_name = NULL;
		pending_free(p);
		if (r < 0 && rc == 0) {
			/* later failures must not replace the first message */
			rc = r;
			memcpy(first_err, opt_errbuf, sizeof(first_err));
		}
		next = prev ? prev->next : pend_head;
	}
	if (rc < 0)
		memcpy(opt_errbuf, first_err, sizeof(opt_errbuf));
	return rc;
}

int opt_set(const char *name, const char *value)
{
	if (name == NULL)
		return -EINVAL;
	return set_by_name(name, value, SRC_CMDLINE, 0);
}

static void positional_add(const char *word)
{
	if (pos_count == pos_cap) {
		unsigned cap = pos_cap ? pos_cap * 2 : 8;
		char **w = realloc(pos_words, cap * sizeof(*w));
		if (w == NULL) {
			fprintf(stderr, "FATAL: out of memory\n");
			abort();
		}
		pos_words = w;
		pos_cap = cap;
	}
	pos_words[pos_count++] = xstrdup(word);
}

/* Splits "--name=value" / "--name" and sets it. `buf` holds a writable copy
 * of the text after "--". */
static int set_assignment(char *buf, enum opt_source src)
{
	char *eq = strchr(buf, '=');
	if (eq != NULL)
		*eq = '\0';
	return set_by_name(buf, eq ? eq + 1 : NULL, src, 0);
}

/* The value of a --...password=VALUE argument is overwritten in argv once
 * parsed (the value was copied), as the mysql client does, so that ps and
 * /proc/PID/cmdline do not show it. */
static void scrub_secret(char *arg)
{
	char *eq = strchr(arg, '=');
	const char *p;
	size_t n;

	if (eq == NULL || eq[1] == 0)
		return;
	n = (size_t)(eq - arg);
	for (p = arg; (size_t)(p - arg) + 8 <= n; p++)
		if (strncasecmp(p, "password", 8) == 0)
			break;
	if ((size_t)(p - arg) + 8 > n)
		return;
	for (eq++; *eq; eq++)
		*(volatile char *)eq = 'x';
}

int opt_parse_argv(int argc, char **argv)
{
	int i;

	for (i = 1; i < argc; i++) {
		const char *arg = argv[i];
		char *buf;
		int rc;

		if (arg == NULL)
			continue;
		/* "-" (script on stdin) and "-x" are words, as in sysbench */
		if (strncmp(arg, "--", 2) != 0) {
			positional_add(arg);
			continue;
		}
		buf = xstrdup(arg + 2);
		rc = set_assignment(buf, SRC_CMDLINE);
		free(buf);
		scrub_secret(argv[i]);
		if (rc < 0)
			return rc;
	}
	return 0;
}

static char *trim(char *s)
{
	char *e;
	while (isspace((unsigned char)*s))
		s++;
	e = s + strlen(s);
	while (e > s && isspace((unsigned char)e[-1]))
		*--e = '\0';
	return s;
}

int opt_load_file(const char *path)
{
	FILE *f;
	char *line = NULL, *orig = NULL;
	size_t cap = 0;
	unsigned lineno = 0;
	int rc = 0;

	f = fopen(path, "r");
	if (f == NULL) {
		rc = -errno;
		set_error("%s: %s", path, strerror(errno));
		return rc;
	}
	while (getline(&line, &cap, f) >= 0) {
		char *s, *hash, *eq, *name, *value = NULL;

		lineno++;
		hash = strchr(line, '#');
		if (hash != NULL)
			*hash = '\0';
		s = trim(line);
		if (*s == '\0')
			continue;
		free(orig);
		orig = xstrdup(s);
		/* people paste command-line options into the file */
		if (strncmp(s, "--", 2) == 0)
			s += 2;
		eq = strchr(s, '=');
		if (eq != NULL) {
			*eq = '\0';
			value = trim(eq + 1);
		}
		name = trim(s);
		if (*name == '\0' || strpbrk(name, " \t\r\n\v\f") != NULL) {
			set_error("%s:%u: invalid line: '%s'", path, lineno, orig);
			rc = -EINVAL;
			goto err;
		}
		rc = set_by_name(name, value, SRC_FILE, 0);
		if (rc < 0) {
			char msg[sizeof(opt_errbuf)];
			memcpy(msg, opt_errbuf, sizeof(msg));
			set_error("%s:%u: %s", path, lineno, msg);
			goto err;
		}
	}
	if (ferror(f)) {
		rc = -EIO;
		set_error("%s: read error", path);
	}
err:
	free(orig);
	free(line);
	fclose(f);
	return rc;
}

/* Edit distance between two option names (optimal string alignment:
 * insertions, deletions, substitutions and swaps of neighbours; '_' is
 * '-'), or a large number for names too long to compare. */
#define NAME_MAX_CMP 64
static unsigned name_distance(const char *a, const char *b)
{
	unsigned d[NAME_MAX_CMP + 1][NAME_MAX_CMP + 1];
	size_t la = strlen(a), lb = strlen(b), i, j;

	if (la > NAME_MAX_CMP || lb > NAME_MAX_CMP)
		return 1000;
	for (i = 0; i <= la; i++)
		d[i][0] = (unsigned)i;
	for (j = 0; j <= lb; j++)
		d[0][j] = (unsigned)j;
	for (i = 1; i <= la; i++) {
		for (j = 1; j <= lb; j++) {
			unsigned cost = norm_char(a[i - 1]) != norm_char(b[j - 1]);
			unsigned v = d[i - 1][j - 1] + cost;
			if (d[i - 1][j] + 1 < v)
				v = d[i - 1][j] + 1;
			if (d[i][j - 1] + 1 < v)
				v = d[i][j - 1] + 1;
			if (i > 1 && j > 1 && norm_char(a[i - 1]) == norm_char(b[j - 2]) &&
			    norm_char(a[i - 2]) == norm_char(b[j - 1]) && d[i - 2][j - 2] + 1 < v)
				v = d[i - 2][j - 2] + 1;
			d[i][j] = v;
		}
	}
	return d[la][lb];
}

/* "did you mean --a, --b or --c?" for a misspelled name: the declared,
 * shown options nearest to it (at most 3, within a third of its length,
 * at least 1 and at most 3 edits), appended to opt_errbuf on a line of
 * its own. Nothing when no name is near. */
static void suggest_names(const char *name)
{
	const struct opt *o, *best[3];
	unsigned nbest = 0, limit, dist = 1000, i;
	size_t len = strlen(opt_errbuf);

	limit = (unsigned)(strlen(name) / 3);
	if (limit < 1)
		limit = 1;
	if (limit > 3)
		limit = 3;
	for (o = opt_head; o; o = o->next) {
		unsigned d;
		if (o->flags & OPT_F_HIDDEN)
			continue;
		d = name_distance(name, o->name);
		if (d > limit || d > dist)
			continue;
		if (d < dist) {
			dist = d;
			nbest = 0;
		}
		if (nbest < 3)
			best[nbest++] = o;
	}
	if (nbest == 0)
		return;
	len += (size_t)snprintf(opt_errbuf + len, sizeof(opt_errbuf) - len, "\ndid you mean");
	for (i = 0; i < nbest && len < sizeof(opt_errbuf); i++)
		len += (size_t)snprintf(opt_errbuf + len, sizeof(opt_errbuf) - len, "%s--%s",
		                        i == 0 ? " " : i + 1 == nbest ? " or " : ", ",
		                        best[i]->name);
	if (len < sizeof(opt_errbuf))
		snprintf(opt_errbuf + len, sizeof(opt_errbuf) - len, "?");
}

int opt_check_unknown(void)
{
	struct opt_pending *p = pend_head;
	if (p == NULL)
		return 0;
	if (p->value != NULL)
		set_error("invalid option: --%s=%s", p->name, p->value);
	else
		set_error("invalid option: --%s", p->name);
	suggest_names(p->name);
	return -ENOENT;
}

const char *opt_first_pending(void)
{
	return pend_head ? pend_head->name : NULL;
}

const char *opt_error(void)
{
	return opt_errbuf;
}

unsigned opt_npositional(void)
{
	return pos_count;
}

const char *opt_positional(unsigned i)
{
	return i < pos_count ? pos_words[i] : NULL;
}

/* ---- getters ---------------------------------------------------------- */

int opt_bool(const struct opt *o)
{
	return o && o->type == OPT_BOOL ? o->v.b : 0;
}

int64_t opt_int(const struct opt *o)
{
	return o && o->type == OPT_INT ? o->v.i : 0;
}

uint64_t opt_size(const struct opt *o)
{
	return o && o->type == OPT_SIZE ? o->v.sz : 0;
}

double opt_double(const struct opt *o)
{
	return o && o->type == OPT_DOUBLE ? o->v.d : 0.0;
}

unsigned opt_list(const struct opt *o, const char *const **items)
{
	if (o == NULL || o->type != OPT_LIST) {
		if (items)
			*items = NULL;
		return 0;
	}
	if (items)
		*items = (const char *const *)o->items;
	return o->nitems;
}

unsigned opt_get_int_list(const char *name, int64_t *out, unsigned max)
{
	const struct opt *o = opt_find(name);
	unsigned i, n;

	if (o == NULL || o->type != OPT_INT)
		return 0;
	if (o->nitems == 0) {
		if (max > 0)
			out[0] = o->v.i;
		return 1;
	}
	n = o->nitems < max ? o->nitems : max;
	for (i = 0; i < n; i++)
		(void)parse_int(o->items[i], &out[i]);   /* checked when set */
	return o->nitems;
}

int opt_set_int_current(const char *name, int64_t v)
{
	struct opt *o = opt_find(name);

	if (o == NULL || o->type != OPT_INT)
		return -ENOENT;
	o->v.i = v;
	return 0;
}

int opt_set_double_current(const char *name, double v)
{
	struct opt *o = opt_find(name);

	if (o == NULL || o->type != OPT_DOUBLE)
		return -ENOENT;
	o->v.d = v;
	return 0;
}

int opt_get_bool(const char *name)
{
	return opt_bool(opt_find(name));
}

int64_t opt_get_int(const char *name)
{
	return opt_int(opt_find(name));
}

uint64_t opt_get_size(const char *name)
{
	return opt_size(opt_find(name));
}

double opt_get_double(const char *name)
{
	return opt_double(opt_find(name));
}

const char *opt_get_string(const char *name)
{
	const struct opt *o = opt_find(name);
	if (o == NULL || (o->type != OPT_STRING && o->type != OPT_FILE))
		return NULL;
	return o->text;
}

unsigned opt_get_list(const char *name, const char *const **items)
{
	return opt_list(opt_find(name), items);
}

int opt_is_set(const char *name)
{
	const struct opt *o = opt_find(name);
	return o != NULL && o->source != SRC_DEFAULT;
}

struct opt *opt_first(void)
{
	return opt_head;
}

struct opt *opt_next(struct opt *o)
{
	return o ? o->next : NULL;
}

const char *opt_name(const struct opt *o)
{
	return o ? o->name : NULL;
}

enum opt_type opt_type_of(const struct opt *o)
{
	return o ? o->type : OPT_BOOL;
}

const char *opt_group(const struct opt *o)
{
	return o ? o->group : NULL;
}

const char *opt_desc(const struct opt *o)
{
	return o ? o->desc : NULL;
}

unsigned opt_flags(const struct opt *o)
{
	return o ? o->flags : 0;
}

const char *opt_value_text(const struct opt *o)
{
	return o ? o->text : NULL;
}

void opt_emit_value(const struct opt *o, const struct opt_value_ops *ops, void *ud)
{
	const char *const *items;
	unsigned n;

	switch (opt_type_of(o)) {
	case OPT_BOOL:
		ops->boolean(ud, opt_bool(o));
		break;
	case OPT_INT:
		ops->integer(ud, opt_int(o));
		break;
	case OPT_SIZE:
		ops->size(ud, opt_size(o));
		break;
	case OPT_DOUBLE:
		ops->number(ud, opt_double(o));
		break;
	case OPT_LIST:
		n = opt_list(o, &items);
		ops->list(ud, items, n);
		break;
	case OPT_STRING:
	case OPT_FILE:
		ops->text(ud, opt_value_text(o));
		break;
	}
}

/* ---- help ------------------------------------------------------------- */

static const char *type_suffix(const struct opt *o)
{
	if (o->flags & OPT_F_BOOL_HELP)
		return "[=on|off|MODE]";
	switch (o->type) {
	case OPT_BOOL: return "[=on|off]";
	case OPT_INT: return "=N";
	case OPT_DOUBLE: return "=N";
	case OPT_SIZE: return "=SIZE";
	case OPT_STRING: return "=STRING";
	case OPT_LIST: return "=[LIST,...]";
	case OPT_FILE: return "=FILENAME";
	}
	return "";
}

static int cmp_opt_name(const void *a, const void *b)
{
	const struct opt *const *x = a, *const *y = b;
	return strcmp((*x)->name, (*y)->name);
}

/*
 * Prints only the option lines of the group; the caller prints the heading
 * ("General options:") and the blank lines around it, because sysbench's
 * layout around groups is irregular (the heading-less "" group, the
 * "Compiled-in ..." blocks between groups) and only main knows it.
 * The default shown is the declared default, not the current value, as in
 * sysbench.
 */
void opt_print_group(FILE *f, const char *group, int sorted)
{
	struct opt **list;
	struct opt *o;
	unsigned n = 0, i;
	size_t width = 0;

	if (group == NULL)
		group = "";
	for (o = opt_head; o; o = o->next)
		if (!(o->flags & OPT_F_HIDDEN) && strcmp(o->group, group) == 0)
			n++;
	if (n == 0)
		return;
	list = xcalloc(n, sizeof(*list));
	n = 0;
	for (o = opt_head; o; o = o->next) {
		size_t w;
		if ((o->flags & OPT_F_HIDDEN) || strcmp(o->group, group) != 0)
			continue;
		list[n++] = o;
		w = 2 + strlen(o->name) + strlen(type_suffix(o));
		if (w > width && !(o->flags & OPT_F_EXTRA))
			width = w;
	}
	if (sorted)
		qsort(list, n, sizeof(*list), cmp_opt_name);

	for (i = 0; i < n; i++) {
		size_t w;
		o = list[i];
		w = 2 + strlen(o->name) + strlen(type_suffix(o));
		fprintf(f, "  --%s%s%*s %s", o->name, type_suffix(o),
			w < width ? (int)(width - w) : 0, "", o->desc);
		if (o->defval != NULL && !(o->flags & OPT_F_NODEFAULT)) {
			if (o->type == OPT_BOOL) {
				int b = 0;
				opt_parse_bool(o->defval, &b);
				fprintf(f, " [%s]", b ? "on" : "off");
			} else {
				fprintf(f, " [%s]", o->defval);
			}
		}
		fputc('\n', f);
	}
	free(list);
}
