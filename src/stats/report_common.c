/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The helpers every report format shares: see report_common.h. */
#include <errno.h>
#include <sys/stat.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "stats/report.h"
#include "stats/report_common.h"
#include <stdbool.h>
#include <stdint.h>
#include "ffi/core.h"

static int report_failed;

int report_hook_failed(void)
{
	return report_failed;
}

void report_note_hook_failure(void)
{
	report_failed = 1;
}

void report_csv_field(FILE *f, const char *s)
{
	if (strpbrk(s, ",\"\r\n") == NULL) {
		fputs(s, f);
		return;
	}
	fputc('"', f);
	for (; *s; s++) {
		if (*s == '"')
			fputc('"', f);
		fputc(*s, f);
	}
	fputc('"', f);
}

void report_pct_label(char *buf, size_t len, double pct)
{
	snprintf(buf, len, "%.10g", pct);
}

double report_pct_ms(const struct hdr_hist *h, double pct)
{
	if (h == NULL || hdr_count(h) == 0 || pct <= 0)
		return 0;
	return hdr_value_at_percentile(h, pct) / NS_PER_MS;
}

/* "         label:" then the value right-aligned to column 53, as sysbench. */
static void lat_line(const char *label, const char *value)
{
	int pad = 53 - 9 - (int)strlen(label) - (int)strlen(value);
	printf("         %s%*s%s\n", label, pad > 1 ? pad : 1, "", value);
}

void report_lat_line_ms(const char *label, double ms)
{
	char v[64];
	snprintf(v, sizeof(v), "%.2f", ms);
	lat_line(label, v);
}

void report_pct_lines(const struct hdr_hist *h, const double *pct, unsigned n,
                      double cap_ms)
{
	char label[64];

	for (unsigned i = 0; i < n; i++) {
		double v = report_pct_ms(h, pct[i]);
		snprintf(label, sizeof(label), "%.10gth percentile:", pct[i]);
		report_lat_line_ms(label, v > cap_ms ? cap_ms : v);
	}
}

void report_latency_lines(const struct report_latency *l)
{
	report_lat_line_ms("min:", l->min);
	report_lat_line_ms("avg:", l->avg);
	report_lat_line_ms("max:", l->max);
	report_pct_lines(l->h, l->pct, l->npct, l->pct_cap_ms);
	if (l->no_pct)
		printf("%s\n", l->no_pct);
	report_lat_line_ms("sum:", l->sum);
}

void report_sql_lines(const struct report_sql *q)
{
	printf("SQL statistics:\n");
	printf("    queries performed:\n");
	printf("        read:                            %llu\n", (unsigned long long)q->reads);
	printf("        write:                           %llu\n", (unsigned long long)q->writes);
	printf("        other:                           %llu\n", (unsigned long long)q->other);
	printf("        total:                           %llu\n",
	       (unsigned long long)(q->reads + q->writes + q->other));
	printf("    transactions:                        %-6llu (%.2f per sec.)\n",
	       (unsigned long long)q->events, q->events_ps);
	printf("    queries:                             %-6llu (%.2f per sec.)\n",
	       (unsigned long long)(q->reads + q->writes + q->other), q->queries_ps);
	printf("    ignored errors:                      %-6llu (%.2f per sec.)\n",
	       (unsigned long long)q->errors, q->errors_ps);
	printf("    reconnects:                          %-6llu (%.2f per sec.)\n",
	       (unsigned long long)q->reconnects, q->reconnects_ps);
}

void report_format_time(char *buf, size_t len, double t, double step)
{
	int dec = 0;
	/* enough decimals to tell consecutive reports apart */
	while (dec < 3 && fabs(step * pow(10, dec) - round(step * pow(10, dec))) > 1e-6)
		dec++;
	snprintf(buf, len, "%.*f", dec, t);
}

void report_fill_stat(sb_stat_t *st, const struct stats_snap *s, double period,
                      double total, unsigned threads_running, double pct)
{
	memset(st, 0, sizeof(*st));
	st->time_events = -1;
	st->threads_running = threads_running;
	st->time_interval = period;
	st->time_total = total;
	st->events = report_events(s);
	st->reads = s->ctr[STATS_READS];
	st->writes = s->ctr[STATS_WRITES];
	st->other = s->ctr[STATS_OTHER];
	st->errors = s->ctr[STATS_ERRORS];
	st->reconnects = s->ctr[STATS_RECONNECTS];
	st->bytes_read = s->ctr[STATS_READ_BYTES];
	st->bytes_written = s->ctr[STATS_WRITTEN_BYTES];
	st->late = s->ctr[STATS_LATE];
	st->skipped = s->ctr[STATS_SKIPPED];
	if (s->events) {
		st->latency_pct = report_pct_ms(s->lat, pct) / 1e3;
		st->latency_min = hdr_min(s->lat) / 1e9;
		st->latency_max = hdr_max(s->lat) / 1e9;
		st->latency_sum = s->lat_sum_ns / 1e9;
		st->latency_avg = st->latency_sum / s->events;
		if (s->wait) {
			st->wait_avg = s->wait_sum_ns / 1e9 / s->events;
			st->wait_max = hdr_max(s->wait) / 1e9;
			st->wait_pct = report_pct_ms(s->wait, pct) / 1e3;
		}
		if (s->svc) {
			st->service_avg = s->svc_sum_ns / 1e9 / s->events;
			st->service_max = hdr_max(s->svc) / 1e9;
			st->service_pct = report_pct_ms(s->svc, pct) / 1e3;
		}
	}
}

void report_mean_stddev(const uint64_t *v, unsigned n, double scale,
                        double *mean, double *sd)
{
	double sum = 0, sq = 0;
	unsigned i;
	for (i = 0; i < n; i++)
		sum += v[i] * scale;
	*mean = n ? sum / n : 0;
	for (i = 0; i < n; i++) {
		double d = v[i] * scale - *mean;
		sq += d * d;
	}
	*sd = n ? sqrt(sq / n) : 0;
}

void report_fairness(const struct report_fair *f, const struct stats_snap *s,
                     double *ev_mean, double *ev_sd, double *t_mean, double *t_sd)
{
	const uint64_t *ev = f->n ? f->events : s->thread_events;
	const uint64_t *ns = f->n ? f->lat_ns : s->thread_lat_sum_ns;
	unsigned n = f->n ? f->n : s->nthreads;

	report_mean_stddev(ev, n, 1, ev_mean, ev_sd);
	report_mean_stddev(ns, n, 1e-9, t_mean, t_sd);
}


/* ---- where machine-readable reports go (--report-format=json|csv) -------- */

static FILE *machine_out;       /* the real stdout, after the redirect */

FILE *report_machine_stream(void)
{
	return machine_out ? machine_out : stdout;
}

/* ferror() forgets errno: a failed stream whose flush now succeeds (the
 * lost bytes are gone) is reported as ENOSPC, the usual cause. */
/* The stream's write error, as near to the real errno as its descriptor
 * tells once the failed write's errno is gone: a descriptor not open for
 * writing (stdout closed at the start: main() opens /dev/null read-only
 * in its place) is EBADF, a pipe or socket EPIPE, a file ENOSPC. */
static int stream_check(FILE *f)
{
	struct stat st;
	int fl, fd = fileno(f);

	errno = 0;
	if (fflush(f) != 0)
		return errno ? -errno : -EIO;
	if (!ferror(f))
		return 0;
	fl = fd >= 0 ? fcntl(fd, F_GETFL) : -1;
	if (fl < 0 || (fl & O_ACCMODE) == O_RDONLY)
		return -EBADF;
	if (fstat(fd, &st) == 0 && (S_ISFIFO(st.st_mode) || S_ISSOCK(st.st_mode)))
		return -EPIPE;
	return -ENOSPC;
}

int report_output_check(void)
{
	int rc = 0, r;

	if (machine_out != NULL) {
		rc = stream_check(machine_out);
		r = fclose(machine_out) != 0 ? -errno : 0;
		rc = rc ? rc : r;
		machine_out = NULL;
	}
	r = stream_check(stdout);
	return rc ? rc : r;
}

int report_redirect_stdout(const char *format)
{
	int fd;
	FILE *f;

	if (format == NULL || machine_out ||
	    (strcmp(format, "json") != 0 && strcmp(format, "csv") != 0))
		return 0;
	fflush(stdout);
	fd = dup(STDOUT_FILENO);
	if (fd < 0)
		return -errno;
	f = fdopen(fd, "w");
	if (f == NULL) {
		int e = errno;
		close(fd);
		return -e;
	}
	if (dup2(STDERR_FILENO, STDOUT_FILENO) < 0) {
		int e = errno;
		fclose(f);
		return -e;
	}
	machine_out = f;
	return 0;
}

int report_restore_stdout(void)
{
	int rc = 0;

	if (machine_out == NULL)
		return 0;
	fflush(stdout);
	if (fflush(machine_out) != 0)
		rc = -(errno ? errno : EIO);
	if (dup2(fileno(machine_out), STDOUT_FILENO) < 0 && rc == 0)
		rc = -errno;
	fclose(machine_out);
	machine_out = NULL;
	return rc;
}
