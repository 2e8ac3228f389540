/* SPDX-License-Identifier: GPL-2.0-or-later */
/* promtext: the Prometheus text exposition format and selectors (promtext.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "observe/promtext.h"

/* ---- the exposition format ---------------------------------------------- */

static int pt_blank(char c)
{
	return c == ' ' || c == '\t';
}

static char *pt_skip(char *p, const char *end)
{
	while (p < end && pt_blank(*p))
		p++;
	return p;
}

static int pt_name_start(char c, int colon)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || (colon && c == ':');
}

static int pt_name_char(char c, int colon)
{
	return pt_name_start(c, colon) || (c >= '0' && c <= '9');
}

/* The end of the name at p (metric names may hold ':', label names not). */
static char *pt_name_end(char *p, const char *end, int colon)
{
	if (p >= end || !pt_name_start(*p, colon))
		return p;
	while (p < end && pt_name_char(*p, colon))
		p++;
	return p;
}

/* A quoted value at p (the opening '"'): undo its escapes in place, NUL
 * terminate it, and return the character after the closing quote (NULL:
 * not closed or a bad escape). *val gets its start. */
static char *pt_quoted(char *p, const char *end, char **val)
{
	char *w = ++p;
	*val = w;
	while (p < end && *p != '"') {
		if (*p == '\\') {
			if (++p >= end)
				return NULL;
			switch (*p) {
			case '\\': *w++ = '\\'; break;
			case '"':  *w++ = '"'; break;
			case 'n':  *w++ = '\n'; break;
			default:   return NULL;
			}
			p++;
		} else {
			*w++ = *p++;
		}
	}
	if (p >= end)
		return NULL;
	*w = 0;                 /* over the quote or an escape's room */
	return p + 1;
}

/* The kind of sample name under the family the last TYPE line named. */
static enum prom_kind pt_kind(const char *name, const char *fam, const char *type)
{
	size_t fl = fam ? strlen(fam) : 0;

	if (fl && strncmp(name, fam, fl) == 0) {
		const char *sfx = name + fl;
		if (*sfx == 0)
			return strcmp(type, "counter") == 0 ? PROM_COUNTER : PROM_GAUGE;
		if ((strcmp(type, "histogram") == 0 || strcmp(type, "summary") == 0) &&
		    (strcmp(sfx, "_count") == 0 || strcmp(sfx, "_sum") == 0 ||
		     (type[0] == 'h' && strcmp(sfx, "_bucket") == 0)))
			return PROM_COUNTER;
	}
	fl = strlen(name);
	return fl > 6 && strcmp(name + fl - 6, "_total") == 0 ? PROM_COUNTER : PROM_GAUGE;
}

/* A number token [p, e) NUL-terminated at e (writable): 0 and *v. */
static int pt_double(char *p, char *e, double *v)
{
	char *q;
	if (p == e)
		return -1;
	*e = 0;
	*v = strtod(p, &q);
	return q == e ? 0 : -1;
}

static int pt_int64(char *p, char *e, int64_t *v)
{
	char *q;
	if (p == e)
		return -1;
	*e = 0;
	errno = 0;
	*v = strtoll(p, &q, 10);
	return q == e && errno == 0 ? 0 : -1;
}

/* One sample line [p, end), end writable. NULL, or the reason it is not. */
static const char *pt_sample(char *p, char *end, struct prom_sample *s)
{
	char *e = pt_name_end(p, end, 1), *tok;

	if (e == p)
		return "not a metric name";
	s->name = p;
	s->nlabel = 0;
	s->has_ts = 0;
	p = pt_skip(e, end);
	if (p < end && *p == '{') {
		*e = 0;
		p = pt_skip(p + 1, end);
		while (p < end && *p != '}') {
			char *ln = p, *le = pt_name_end(p, end, 0), *val;
			if (le == ln)
				return "not a label name";
			p = pt_skip(le, end);
			if (p >= end || *p != '=')
				return "no '=' after a label name";
			p = pt_skip(p + 1, end);
			if (p >= end || *p != '"')
				return "a label value not in double quotes";
			*le = 0;
			if ((p = pt_quoted(p, end, &val)) == NULL)
				return "a label value not closed, or a bad escape";
			if (s->nlabel == PROM_MAX_LABELS)
				return "too many labels";
			s->label[s->nlabel].name = ln;
			s->label[s->nlabel++].value = val;
			p = pt_skip(p, end);
			if (p < end && *p == ',')
				p = pt_skip(p + 1, end);
			else if (p < end && *p != '}')
				return "no ',' between labels";
		}
		if (p >= end)
			return "labels not closed with '}'";
		p = pt_skip(p + 1, end);
	} else if (p == e) {
		return "no value";
	}
	/* the name ends here unless labels ended it */
	if (e < end && *e != 0)
		*e = 0;
	tok = p;
	while (p < end && !pt_blank(*p))
		p++;
	e = p;
	p = pt_skip(p, end);
	if (pt_double(tok, e, &s->value))
		return "not a number";
	if (p < end) {
		tok = p;
		while (p < end && !pt_blank(*p))
			p++;
		e = p;
		if (pt_skip(p, end) != end)
			return "more than a value and a timestamp";
		if (pt_int64(tok, e, &s->ts_ms))
			return "not a timestamp";
		s->has_ts = 1;
	}
	return NULL;
}

int prom_parse(char *text, size_t len,
               int (*cb)(void *ud, const struct prom_sample *s), void *ud,
               unsigned *bad, char *err, size_t errlen)
{
	char *p = text, *end = text + len, *fam = NULL, *type = "";
	struct prom_sample s;
	unsigned line = 0, nbad = 0;

	if (err && errlen)
		err[0] = 0;
	while (p < end) {
		char *e = memchr(p, '\n', (size_t)(end - p)), *le;
		const char *why = NULL;
		if (e == NULL)
			e = end;
		le = e;
		line++;
		if (le > p && le[-1] == '\r')
			le--;
		*le = 0;                /* the '\n', '\r' or text[len] */
		p = pt_skip(p, le);
		if (p == le) {
			/* blank */
		} else if (*p == '#') {
			p = pt_skip(p + 1, le);
			if (strncmp(p, "TYPE", 4) == 0 && (pt_blank(p[4]) || p[4] == 0)) {
				char *n = pt_skip(p + 4, le), *ne = pt_name_end(n, le, 1);
				char *k = pt_skip(ne, le), *ke = k;
				while (ke < le && !pt_blank(*ke))
					ke++;
				if (ne == n || k == ke || ne == k)
					why = "a TYPE line without a name and a kind";
				else {
					*ne = 0;
					*ke = 0;
					fam = n;
					type = k;
				}
			}
		} else {
			why = pt_sample(p, le, &s);
			if (why == NULL) {
				int rc;
				s.kind = pt_kind(s.name, fam, type);
				if ((rc = cb(ud, &s)) != 0)
					return rc;
			}
		}
		if (why && nbad++ == 0 && err && errlen)
			snprintf(err, errlen, "line %u: %s", line, why);
		p = e + 1;
	}
	if (bad)
		*bad = nbad;
	return 0;
}

/* ---- selectors ------------------------------------------------------------ */

void prom_sel_free(struct prom_sel *sel)
{
	if (sel == NULL)
		return;
	for (unsigned i = 0; i < sel->nm; i++) {
		if (sel->m[i].op == PROM_RE || sel->m[i].op == PROM_NRE)
			regfree(&sel->m[i].re);
		free(sel->m[i].label);
		free(sel->m[i].value);
	}
	for (unsigned i = 0; i < sel->nby; i++)
		free(sel->by[i]);
	free(sel->m);
	free(sel->by);
	free(sel->name);
	free(sel->text);
	memset(sel, 0, sizeof(*sel));
}

static int ps_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static char *ps_dup(const char *p, const char *e)
{
	char *d = malloc((size_t)(e - p) + 1);
	if (d) {
		memcpy(d, p, (size_t)(e - p));
		d[e - p] = 0;
	}
	return d;
}

#define PS_FAIL(...) do { snprintf(err, errlen, __VA_ARGS__); rc = -EINVAL; goto err; } while (0)
#define PS_NEW(ptr, n) do { void *t_ = realloc((ptr), ((n) + 1) * sizeof(*(ptr))); \
	if (t_ == NULL) { rc = -ENOMEM; goto err; } (ptr) = t_; } while (0)

/* The matchers of {...} at p (after the '{'); returns the char after '}'. */
static char *ps_matchers(char *p, char *end, struct prom_sel *sel, char *err, size_t errlen, int *prc)
{
	int rc = 0;
	p = pt_skip(p, end);
	while (p < end && *p != '}') {
		char *ln = p, *le = pt_name_end(p, end, 0), *val, *ve;
		struct prom_matcher *m;
		enum prom_op op;
		if (le == ln)
			PS_FAIL("not a label name at '%s'", ln);
		p = pt_skip(le, end);
		if (p + 1 < end && p[0] == '=' && p[1] == '~')
			op = PROM_RE, p += 2;
		else if (p + 1 < end && p[0] == '!' && p[1] == '~')
			op = PROM_NRE, p += 2;
		else if (p + 1 < end && p[0] == '!' && p[1] == '=')
			op = PROM_NE, p += 2;
		else if (p < end && p[0] == '=')
			op = PROM_EQ, p += 1;
		else
			PS_FAIL("no =, !=, =~ or !~ after label '%.*s'", (int)(le - ln), ln);
		p = pt_skip(p, end);
		if (p >= end || *p != '"')
			PS_FAIL("the value of label '%.*s' is not in double quotes", (int)(le - ln), ln);
		if ((ve = pt_quoted(p, end, &val)) == NULL)
			PS_FAIL("the value of label '%.*s' is not closed, or has a bad escape", (int)(le - ln), ln);
		PS_NEW(sel->m, sel->nm);
		m = &sel->m[sel->nm];
		memset(m, 0, sizeof(*m));
		m->op = op;
		if ((m->label = ps_dup(ln, le)) == NULL || (m->value = strdup(val)) == NULL) {
			free(m->label);
			rc = -ENOMEM;
			goto err;
		}
		sel->nm++;
		if (op == PROM_RE || op == PROM_NRE) {
			size_t n = strlen(val) + 5;
			char *re = malloc(n);
			int r;
			if (re == NULL) {
				m->op = PROM_EQ;
				rc = -ENOMEM;
				goto err;
			}
			snprintf(re, n, "^(%s)$", val);
			r = regcomp(&m->re, re, REG_EXTENDED | REG_NOSUB);
			free(re);
			if (r) {
				m->op = PROM_EQ;        /* nothing to regfree */
				PS_FAIL("bad regular expression \"%s\" for label '%s'", val, m->label);
			}
		}
		p = pt_skip(ve, end);
		if (p < end && *p == ',')
			p = pt_skip(p + 1, end);
		else if (p < end && *p != '}')
			PS_FAIL("no ',' or '}' after the matcher of label '%s'", sel->m[sel->nm - 1].label);
	}
	if (p >= end)
		PS_FAIL("no '}' closes the label matchers");
	return p + 1;
err:
	*prc = rc;
	return NULL;
}

int prom_sel_parse(const char *text, struct prom_sel *sel, char *err, size_t errlen)
{
	char *buf = strdup(text), *p, *end, *e;
	int rc = 0;

	memset(sel, 0, sizeof(*sel));
	if (buf == NULL || (sel->text = strdup(text)) == NULL) {
		rc = -ENOMEM;
		goto err;
	}
	p = pt_skip(buf, buf + strlen(buf));
	end = buf + strlen(buf);
	while (end > p && pt_blank(end[-1]))
		end--;
	e = pt_name_end(p, end, 1);
	if (e - p == 4 && strncmp(p, "rate", 4) == 0 && *pt_skip(e, end) == '(') {
		if (end[-1] != ')')
			PS_FAIL("no ')' closes 'rate('");
		sel->counter = 1;
		end--;
		p = pt_skip(pt_skip(e, end) + 1, end);
		while (end > p && pt_blank(end[-1]))
			end--;
		e = pt_name_end(p, end, 1);
	}
	if (e - p == 3 && strncmp(p, "sum", 3) == 0) {
		char *q = pt_skip(e, end);
		if (q < end && (*q == '(' || (strncmp(q, "by", 2) == 0 && !pt_name_char(q[2], 1)))) {
			sel->sum = 1;
			if (*q == 'b') {
				q = pt_skip(q + 2, end);
				if (q >= end || *q != '(')
					PS_FAIL("no '(' after 'sum by'");
				q = pt_skip(q + 1, end);
				while (q < end && *q != ')') {
					char *le = pt_name_end(q, end, 0);
					if (le == q)
						PS_FAIL("not a label name in 'sum by (...)' at '%s'", q);
					PS_NEW(sel->by, sel->nby);
					if ((sel->by[sel->nby] = ps_dup(q, le)) == NULL) {
						rc = -ENOMEM;
						goto err;
					}
					sel->nby++;
					q = pt_skip(le, end);
					if (q < end && *q == ',')
						q = pt_skip(q + 1, end);
				}
				if (q >= end)
					PS_FAIL("no ')' closes 'sum by ('");
				qsort(sel->by, sel->nby, sizeof(*sel->by), ps_cmp);
				q = pt_skip(q + 1, end);
				if (q >= end || *q != '(')
					PS_FAIL("no '(' after 'sum by (...)'");
			}
			if (end[-1] != ')')
				PS_FAIL("no ')' closes 'sum('");
			end--;
			p = pt_skip(q + 1, end);
			while (end > p && pt_blank(end[-1]))
				end--;
			e = pt_name_end(p, end, 1);
		}
	}
	if (e == p)
		PS_FAIL("not a metric name at '%s'", p);
	if ((sel->name = ps_dup(p, e)) == NULL) {
		rc = -ENOMEM;
		goto err;
	}
	p = pt_skip(e, end);
	if (p < end && *p == '{') {
		if ((p = ps_matchers(p + 1, end, sel, err, errlen, &rc)) == NULL)
			goto err;
		p = pt_skip(p, end);
	}
	if (p != end)
		PS_FAIL("unexpected '%.*s'", (int)(end - p), p);
	free(buf);
	return 0;
err:
	if (rc == -ENOMEM)
		snprintf(err, errlen, "out of memory");
	free(buf);
	prom_sel_free(sel);
	return rc;
}

static const char *ps_label(const struct prom_sample *s, const char *name)
{
	for (unsigned i = 0; i < s->nlabel; i++)
		if (strcmp(s->label[i].name, name) == 0)
			return s->label[i].value;
	return "";              /* as Prometheus: a missing label is empty */
}

int prom_sel_match(const struct prom_sel *sel, const struct prom_sample *s)
{
	if (strcmp(sel->name, s->name) != 0)
		return 0;
	for (unsigned i = 0; i < sel->nm; i++) {
		const struct prom_matcher *m = &sel->m[i];
		const char *v = ps_label(s, m->label);
		int hit;
		switch (m->op) {
		case PROM_EQ:  hit = strcmp(v, m->value) == 0; break;
		case PROM_NE:  hit = strcmp(v, m->value) != 0; break;
		case PROM_RE:  hit = regexec(&m->re, v, 0, NULL, 0) == 0; break;
		default:       hit = regexec(&m->re, v, 0, NULL, 0) != 0; break;
		}
		if (!hit)
			return 0;
	}
	return 1;
}

/* Append label name="value" (escaped) to buf at *at. */
static void ps_put_label(char *buf, size_t len, size_t *at, int first, const char *n, const char *v)
{
	*at += (size_t)snprintf(buf + (*at < len ? *at : len), *at < len ? len - *at : 0,
	                        "%s%s=\"", first ? "{" : ",", n);
	for (; *v; v++) {
		const char *esc = *v == '\\' ? "\\\\" : *v == '"' ? "\\\"" : *v == '\n' ? "\\n" : NULL;
		char one[2] = { *v, 0 };
		*at += (size_t)snprintf(buf + (*at < len ? *at : len), *at < len ? len - *at : 0,
		                        "%s", esc ? esc : one);
	}
	*at += (size_t)snprintf(buf + (*at < len ? *at : len), *at < len ? len - *at : 0, "\"");
}

size_t prom_series_key(const struct prom_sel *sel, const struct prom_sample *s,
                       char *buf, size_t len)
{
	const struct prom_label *l[PROM_MAX_LABELS];
	unsigned n = 0;
	size_t at;

	at = (size_t)snprintf(buf, len, "%s", s->name);
	if (sel && sel->sum) {
		for (unsigned i = 0; i < sel->nby; i++)
			ps_put_label(buf, len, &at, i == 0, sel->by[i], ps_label(s, sel->by[i]));
	} else {
		for (unsigned i = 0; i < s->nlabel; i++) {
			unsigned j = n++;
			while (j > 0 && strcmp(l[j - 1]->name, s->label[i].name) > 0) {
				l[j] = l[j - 1];
				j--;
			}
			l[j] = &s->label[i];
		}
		for (unsigned i = 0; i < n; i++)
			ps_put_label(buf, len, &at, i == 0, l[i]->name, l[i]->value);
	}
	if ((sel && sel->sum && sel->nby) || (!(sel && sel->sum) && n))
		at += (size_t)snprintf(buf + (at < len ? at : len), at < len ? len - at : 0, "}");
	return at;
}

unsigned prom_split(const char *list, char *buf, size_t len, char **out, unsigned max)
{
	unsigned n = 0, depth = 0;
	int quote = 0;
	char *p;

	if (len == 0)
		return 0;
	snprintf(buf, len, "%s", list);
	p = buf;
	for (char *q = buf;; q++) {
		if (quote && *q == '\\' && q[1]) {
			q++;
			continue;
		}
		if (*q == '"')
			quote = !quote;
		else if (!quote && (*q == '{' || *q == '('))
			depth++;
		else if (!quote && (*q == '}' || *q == ')') && depth)
			depth--;
		if (*q == 0 || (*q == ',' && !quote && depth == 0)) {
			int last = *q == 0;
			*q = 0;
			while (*p == ' ')
				p++;
			if (*p && n < max)
				out[n++] = p;
			if (last)
				break;
			p = q + 1;
		}
	}
	return n;
}
