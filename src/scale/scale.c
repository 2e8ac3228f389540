/* SPDX-License-Identifier: GPL-2.0-or-later */
/* N instances as one benchmark: see scale.h. */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "opt/opt.h"
#include "scale/scale.h"
#include "util/log.h"
#include "util/sha256.h"

static struct {
	unsigned instance, instances;
	int active;
	int barrier_db;
	double barrier_timeout;
	int has_start_at;
	double start_at;
	char run_id[17];
	double started_at;
	double agreed;
} SC = { .instances = 1 };

unsigned scale_instance(void) { return SC.instance; }
unsigned scale_instances(void) { return SC.instances; }
int scale_active(void) { return SC.active; }
double scale_started_at(void) { return SC.started_at; }
double scale_agreed_start(void) { return SC.agreed; }
double scale_barrier_timeout(void) { return SC.barrier_timeout > 0 ? SC.barrier_timeout : 300; }

const char *scale_run_id(void)
{
	return SC.run_id[0] ? SC.run_id : NULL;
}

uint64_t scale_share(uint64_t total, unsigned instance, unsigned instances)
{
	if (instances <= 1)
		return total;
	return total / instances + (instance < total % instances ? 1 : 0);
}

/* A whole decimal number in [0, max] filling text: 0 or -EINVAL. */
static int parse_uint(const char *text, unsigned long max, unsigned *out)
{
	char *end;
	unsigned long v;

	if (text == NULL || !isdigit((unsigned char)*text))
		return -EINVAL;
	errno = 0;
	v = strtoul(text, &end, 10);
	if (errno || *end || v > max)
		return -EINVAL;
	*out = (unsigned)v;
	return 0;
}

/* digits[.fraction] of exactly n digits at *p: the value, or -1 */
static int fixed_digits(const char **p, int n)
{
	int v = 0;

	while (n-- > 0) {
		if (!isdigit((unsigned char)**p))
			return -1;
		v = v * 10 + (*(*p)++ - '0');
	}
	return v;
}

int scale_parse_time(const char *text, double *epoch)
{
	const char *p = text;
	struct tm tm;
	double frac = 0;
	long off = 0;
	int y, mo, d, h, mi, s;
	char *end;

	if (text == NULL || *text == 0)
		return -EINVAL;
	if (strchr(text, '-') == NULL || text[0] == '-') {
		/* epoch seconds */
		double v;
		if (!isdigit((unsigned char)*text))
			return -EINVAL;
		errno = 0;
		v = strtod(text, &end);
		if (errno || *end || !isfinite(v))
			return -EINVAL;
		*epoch = v;
		return 0;
	}
	y = fixed_digits(&p, 4);
	if (y < 0 || *p++ != '-' || (mo = fixed_digits(&p, 2)) < 1 || mo > 12 ||
	    *p++ != '-' || (d = fixed_digits(&p, 2)) < 1 || d > 31 ||
	    (*p != 'T' && *p != 't' && *p != ' '))
		return -EINVAL;
	p++;
	if ((h = fixed_digits(&p, 2)) < 0 || h > 23 || *p++ != ':' ||
	    (mi = fixed_digits(&p, 2)) < 0 || mi > 59 || *p++ != ':' ||
	    (s = fixed_digits(&p, 2)) < 0 || s > 60)
		return -EINVAL;
	if (*p == '.') {
		double scale = 0.1;
		p++;
		if (!isdigit((unsigned char)*p))
			return -EINVAL;
		while (isdigit((unsigned char)*p)) {
			frac += (*p++ - '0') * scale;
			scale /= 10;
		}
	}
	if (*p == 'Z' || *p == 'z') {
		p++;
	} else if (*p == '+' || *p == '-') {
		int sign = *p++ == '-' ? -1 : 1, oh, om;
		if ((oh = fixed_digits(&p, 2)) < 0 || oh > 23 || *p++ != ':' ||
		    (om = fixed_digits(&p, 2)) < 0 || om > 59)
			return -EINVAL;
		off = sign * (oh * 3600L + om * 60L);
	} else {
		return -EINVAL;         /* RFC 3339 always names the offset */
	}
	if (*p)
		return -EINVAL;
	memset(&tm, 0, sizeof(tm));
	tm.tm_year = y - 1900;
	tm.tm_mon = mo - 1;
	tm.tm_mday = d;
	tm.tm_hour = h;
	tm.tm_min = mi;
	tm.tm_sec = s;
	*epoch = (double)timegm(&tm) - (double)off + frac;
	return 0;
}

static double wall_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_REALTIME, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* "--instance=I/N" */
static int load_instance_pair(const char *text, char *err, size_t errlen)
{
	const char *slash = strchr(text, '/');
	char first[32];

	if (slash == NULL || (size_t)(slash - text) >= sizeof(first)) {
		snprintf(err, errlen, "Invalid value for the 'instance' option: '%s' (expected I/N, 0 <= I < N)", text);
		return -EINVAL;
	}
	memcpy(first, text, (size_t)(slash - text));
	first[slash - text] = 0;
	if (parse_uint(first, 1000000, &SC.instance) || parse_uint(slash + 1, 1000000, &SC.instances) ||
	    SC.instances < 1 || SC.instance >= SC.instances) {
		snprintf(err, errlen, "Invalid value for the 'instance' option: '%s' (expected I/N, 0 <= I < N)", text);
		return -EINVAL;
	}
	return 0;
}

/* The instance's place: --instance=I/N, or --instances=N and I from
 * JOB_COMPLETION_INDEX (a Kubernetes Indexed Job). */
static int load_place(char *err, size_t errlen)
{
	const char *pair = opt_get_string("instance");
	unsigned n = (unsigned)opt_get_int("instances");
	const char *env = getenv("JOB_COMPLETION_INDEX");

	if (pair && *pair) {
		if (load_instance_pair(pair, err, errlen))
			return -EINVAL;
		if (n && n != SC.instances) {
			snprintf(err, errlen, "--instance=%s and --instances=%u disagree on the number of instances", pair, n);
			return -EINVAL;
		}
		SC.active = 1;
		return 0;
	}
	if (n == 0)
		return 0;
	if (env == NULL || *env == 0) {
		snprintf(err, errlen, "--instances=%u needs this instance's number: --instance=I/%u or the environment variable JOB_COMPLETION_INDEX", n, n);
		return -EINVAL;
	}
	if (parse_uint(env, 1000000, &SC.instance)) {
		snprintf(err, errlen, "Invalid JOB_COMPLETION_INDEX '%s' (expected a whole number 0..%u for --instances=%u)", env, n - 1, n);
		return -EINVAL;
	}
	if (SC.instance >= n) {
		snprintf(err, errlen, "JOB_COMPLETION_INDEX=%u is not below --instances=%u", SC.instance, n);
		return -EINVAL;
	}
	SC.instances = n;
	SC.active = 1;
	return 0;
}

/* Is arg the --instance option (its value differs between instances)? */
static int is_instance_arg(const char *arg)
{
	return strncmp(arg, "--instance=", 11) == 0;
}

/* --run-id: 16 lowercase hex digits as given, other text by its SHA-256;
 * without it, N > 1 instances derive one from their command line (the
 * same in all of them but for --instance). */
static int load_run_id(int argc, char **argv, char *err, size_t errlen)
{
	const char *id = opt_get_string("run-id");
	char hex[SHA256_HEX_LEN + 1];
	size_t i, len;

	if (id && *id) {
		len = strlen(id);
		if (len > 128) {
			snprintf(err, errlen, "Invalid value for the 'run-id' option: longer than 128 characters");
			return -EINVAL;
		}
		for (i = 0; i < len; i++)
			if (!isalnum((unsigned char)id[i]) && !strchr("._-:", id[i])) {
				snprintf(err, errlen, "Invalid value for the 'run-id' option: '%s' (letters, digits and . _ - : only)", id);
				return -EINVAL;
			}
		if (len == 16 && strspn(id, "0123456789abcdef") == 16) {
			memcpy(SC.run_id, id, 17);
			return 0;
		}
		sha256_hex(id, len, hex);
	} else if (SC.instances > 1) {
		char *buf;
		size_t at = 0, cap = 1;
		int k;

		for (k = 1; k < argc; k++)
			cap += strlen(argv[k]) + 1;
		buf = malloc(cap);
		if (buf == NULL) {
			snprintf(err, errlen, "out of memory");
			return -ENOMEM;
		}
		for (k = 1; k < argc; k++) {
			if (is_instance_arg(argv[k]))
				continue;
			len = strlen(argv[k]) + 1;      /* with its NUL: a separator */
			memcpy(buf + at, argv[k], len);
			at += len;
		}
		sha256_hex(buf, at, hex);
		free(buf);
	} else {
		return 0;
	}
	memcpy(SC.run_id, hex, 16);
	SC.run_id[16] = 0;
	return 0;
}

int scale_load(int argc, char **argv, char *err, size_t errlen)
{
	const char *barrier = opt_get_string("barrier");
	const char *start = opt_get_string("start-at");

	if (load_place(err, errlen))
		return -EINVAL;
	if (load_run_id(argc, argv, err, errlen))
		return -EINVAL;
	SC.barrier_timeout = (double)opt_get_int("barrier-timeout");
	if (barrier && strcmp(barrier, "db") == 0) {
		SC.barrier_db = 1;
	} else if (barrier && strcmp(barrier, "off") != 0) {
		snprintf(err, errlen, "Invalid value for the 'barrier' option: '%s' (expected off or db)", barrier);
		return -EINVAL;
	}
	if (SC.barrier_db && !SC.active) {
		snprintf(err, errlen, "--barrier=db needs --instance=I/N or --instances=N: it waits for the N instances");
		return -EINVAL;
	}
	if (start && *start) {
		double ahead;
		if (scale_parse_time(start, &SC.start_at)) {
			snprintf(err, errlen, "Invalid value for the 'start-at' option: '%s' (expected RFC 3339 like 2026-12-03T14:00:00Z, or epoch seconds)", start);
			return -EINVAL;
		}
		if (SC.barrier_db) {
			snprintf(err, errlen, "--start-at and --barrier=db both set the start: give one of them");
			return -EINVAL;
		}
		ahead = SC.start_at - wall_now();
		if (ahead > SCALE_START_AHEAD_MAX) {
			snprintf(err, errlen, "Invalid value for the 'start-at' option: '%s' is %.0f s ahead (at most %.0f s, one day)",
			         start, ahead, SCALE_START_AHEAD_MAX);
			return -EINVAL;
		}
		SC.has_start_at = 1;
	}
	return 0;
}

void scale_warn_not_run(const char *command)
{
	if (SC.has_start_at || SC.barrier_db)
		log_msg(LOG_WARNING, "%s starts the run phase only: '%s' begins at once",
		        SC.barrier_db ? "--barrier=db" : "--start-at", command);
}

/* Sleep until the epoch time `at`, in slices that poll stop(). */
static int sleep_until(double at, int (*stop)(void))
{
	for (;;) {
		double left = at - wall_now();
		struct timespec ts;

		if (stop && stop())
			return -EINTR;
		if (left <= 0)
			return 0;
		if (left > 0.05)
			left = 0.05;
		ts.tv_sec = 0;
		ts.tv_nsec = (long)(left * 1e9);
		nanosleep(&ts, NULL);
	}
}

int scale_wait_start(const char *run_id, int (*stop)(void))
{
	double at, late;
	int rc;

	if (SC.barrier_db) {
		rc = scale_barrier_db(run_id, SC.instance, SC.instances,
		                      SC.barrier_timeout, stop, &at, &SC.agreed);
		if (rc)
			return rc;
	} else if (SC.has_start_at) {
		at = SC.agreed = SC.start_at;
	} else {
		SC.started_at = wall_now();
		return 0;
	}
	late = wall_now() - at;
	if (late > 0.001)
		log_msg(LOG_WARNING, "instance %u/%u came late: the common start time passed %.3f s ago: starting at once",
		        SC.instance, SC.instances, late);
	else
		log_text(LOG_NOTICE, "Waiting %.3f s for the common start...\n", -late);
	rc = sleep_until(at, stop);
	if (rc) {
		log_msg(LOG_FATAL, "interrupted while waiting for the common start");
		return rc;
	}
	SC.started_at = wall_now();
	return 0;
}
