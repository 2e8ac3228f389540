/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The helpers every report format shares: see report_common.h. */
#include <errno.h>
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



/* ---- where machine-readable reports go (--report-format=json|csv) -------- */

static FILE *machine_out;       /* the real stdout, after the redirect */

FILE *report_machine_stream(void)
{
	return machine_out ? machine_out : stdout;
}

/* ferror() forgets errno: a failed stream whose flush now succeeds (the
 * lost bytes are gone) is reported as ENOSPC, the usual cause. */
static int stream_check(FILE *f)
{
	errno = 0;
	if (fflush(f) != 0)
		return errno ? -errno : -EIO;
	return ferror(f) ? -ENOSPC : 0;
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
