/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * opt: the option registry and sysbench's command-line rules.
 *
 * Options are declared (opt_define) in groups, then values arrive from the
 * command line (opt_parse_argv) and from a config file (opt_load_file). A
 * value for a name nobody has declared yet is kept pending: the workload's
 * options are only known once its script has run, so opt_check_unknown()
 * is called after that and reports what is still unclaimed.
 *
 * Names: '-' and '_' are the same character (--table-size == --table_size).
 * Types and syntax:
 *   BOOL    bare (--x) means on; on|true|yes|1|off|false|no|0
 *   INT     signed decimal integer, within [min, max] of the definition
 *   SIZE    integer with optional K/M/G/T suffix (powers of 1024)
 *   DOUBLE  decimal number, within [min, max]
 *   STRING  any text
 *   LIST    comma-separated values
 *   FILE    a path (help shows FILENAME)
 *
 * Thread-safety: define/parse/set from the main thread before workers start;
 * the getters are read-only afterwards and safe from any thread.
 */
#ifndef BENCH_OPT_H
#define BENCH_OPT_H

#include <stdint.h>
#include <stdio.h>

enum opt_type {
	OPT_BOOL = 0,
	OPT_INT,
	OPT_SIZE,
	OPT_DOUBLE,
	OPT_STRING,
	OPT_LIST,
	OPT_FILE
};

/* Flags of a definition. */
#define OPT_F_HIDDEN     0x1   /* not shown in help */
#define OPT_F_DEPRECATED 0x2   /* alias: warns "... is deprecated, use --X" */
#define OPT_F_NODEFAULT  0x4   /* help shows no "[default]" */
#define OPT_F_BOOL_HELP  0x8   /* help shows "[=on|off|MODE]": a STRING that
                                  extends a sysbench BOOL with more values (the
                                  description lists them) */
#define OPT_F_SIZE_WRAP  0x20  /* SIZE: "-N" wraps to 2^64 - N (sysbench's
                                  parser; script options, which check it) */
#define OPT_F_INT_LIST   0x40  /* INT: also takes a comma-separated list of
                                  integers (each in range); the value is the
                                  largest, opt_get_int_list() the list */
#define OPT_F_OWN_HELP   0x80  /* with OPT_F_HIDDEN: its group's own code prints
                                  its help line (listed by the completion) */
#define OPT_F_EXTRA      0x10  /* bench's own: help lines sysbench has keep
                                  their alignment (not counted in the width) */

struct opt_def {
	const char *name;       /* canonical spelling, as shown in help */
	enum opt_type type;
	const char *desc;
	const char *defval;     /* textual default, NULL = unset */
	double min, max;        /* INT/DOUBLE/SIZE range; min == max: no range */
	unsigned flags;
	const char *alias_of;   /* OPT_F_DEPRECATED: the option it sets */
};

struct opt;   /* one declared option */

/* Start from an empty registry / free everything. */
void opt_init(void);
void opt_free(void);

/* Declare options in group `group` (a help heading such as "General
 * options"; "" for a heading-less block). Definitions are copied. A value
 * already pending for a name is applied now and validated. Returns 0,
 * -EEXIST if a name is already declared, or -EINVAL for a bad default or a
 * bad pending value (the caller prints opt_error()). */
int opt_define(const char *group, const struct opt_def *defs, unsigned n);

/* Parse argv[1..argc): every "--name[=value]" is set (or kept pending);
 * other words are appended, in order, to the positional list (see
 * opt_npositional). Returns 0 or a negative errno with opt_error() set. */
int opt_parse_argv(int argc, char **argv);

/* Read "name=value" lines ("#" starts a comment; blank lines ignored; a
 * bare "name" is a BOOL on). Values already given on the command line win.
 * Returns 0, -errno if the file can't be read, -EINVAL for a bad line. */
int opt_load_file(const char *path);

/* Set one option from text, as if given on the command line. */
int opt_set(const char *name, const char *value);

/* After every group is declared: -ENOENT with opt_error() naming the first
 * value given for an undeclared name ("invalid option: --foo=1"), followed,
 * when shown options have names within a few edits of it, by a second line
 * "did you mean --threads?" (up to three names), else 0. */
int opt_check_unknown(void);

/* The name (as the user spelled it) of the first value still pending for
 * an undeclared option, or NULL. Legacy scripts that declare no options
 * accept any option: the caller declares each pending name as a STRING. */
const char *opt_first_pending(void);

/* The last error message (one line, no newline), for the caller to print. */
const char *opt_error(void);

/* Print the deprecation warnings of the aliases set so far, once each: the
 * names in `order` (NULL-terminated, may be NULL) first, then the others
 * in definition order. An alias given its default value sets nothing and
 * warns of nothing (sysbench). */
void opt_warn_deprecated(const char *const *order);

/* Positional words of the command line, in order. */
unsigned opt_npositional(void);
const char *opt_positional(unsigned i);

/* Lookup. NULL if not declared. */
struct opt *opt_find(const char *name);

/* Typed getters of a declared option's current value (the default when not
 * set). Getting an undeclared name or the wrong type is a programming error:
 * the getters then return 0 / NULL. */
int opt_get_bool(const char *name);
int64_t opt_get_int(const char *name);
uint64_t opt_get_size(const char *name);
double opt_get_double(const char *name);
const char *opt_get_string(const char *name);   /* NULL if unset */
unsigned opt_get_list(const char *name, const char *const **items);

/* An OPT_F_INT_LIST option's integers as given (a plain number: one)
 * into out[max]; returns how many there are (may exceed max), 0 for an
 * undeclared or non-INT name. */
unsigned opt_get_int_list(const char *name, int64_t *out, unsigned max);

/* Change an INT option's current value (what the getters and scripts
 * see) without touching its text or list: a sweep step's thread count.
 * Returns 0 or -ENOENT. Main thread, while no worker runs. */
int opt_set_int_current(const char *name, int64_t v);
/* The same for a DOUBLE option (an instance's share of --rate). */
int opt_set_double_current(const char *name, double v);

/* 1 if the user gave a value (command line or file), else 0. */
int opt_is_set(const char *name);

/* Iteration over every declared option, in declaration order. */
struct opt *opt_first(void);
struct opt *opt_next(struct opt *o);
const char *opt_name(const struct opt *o);      /* canonical spelling */
enum opt_type opt_type_of(const struct opt *o);
const char *opt_group(const struct opt *o);
const char *opt_desc(const struct opt *o);      /* as declared */
unsigned opt_flags(const struct opt *o);         /* OPT_F_* */
const char *opt_value_text(const struct opt *o);  /* current text, or NULL */
/* Value accessors on an option handle (same rules as the getters). */
int opt_bool(const struct opt *o);
int64_t opt_int(const struct opt *o);
uint64_t opt_size(const struct opt *o);
double opt_double(const struct opt *o);
unsigned opt_list(const struct opt *o, const char *const **items);

/* The receivers of an option's value by its type, for code that publishes
 * every option in its own format (report_json.c's "options", the Lua
 * states' sysbench.opt); all must be set. */
struct opt_value_ops {
	void (*boolean)(void *ud, int v);                       /* BOOL */
	void (*integer)(void *ud, int64_t v);                   /* INT */
	void (*size)(void *ud, uint64_t v);                     /* SIZE */
	void (*number)(void *ud, double v);                     /* DOUBLE */
	void (*list)(void *ud, const char *const *items, unsigned n); /* LIST */
	void (*text)(void *ud, const char *text);               /* STRING, FILE:
	                                                           NULL when unset */
};
/* Call the one receiver of ops that o's type takes, with o's value. */
void opt_emit_value(const struct opt *o, const struct opt_value_ops *ops, void *ud);

/* Print the options of `group` in sysbench's help layout: two-space indent,
 * "--name=TYPE" padded to the group's widest, a space, the description and
 * " [default]" ("[]" for an empty default, nothing for OPT_F_NODEFAULT).
 * sorted != 0 sorts by name (workload options), else declaration order. */
void opt_print_group(FILE *f, const char *group, int sorted);

/* Parse helpers shared with other modules (0 or -EINVAL). */
int opt_parse_bool(const char *text, int *out);
int opt_parse_size(const char *text, uint64_t *out);

#endif
