/* SPDX-License-Identifier: GPL-2.0-or-later */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "sweep/sweep.h"
#include "opt/opt.h"
#include "util/log.h"

struct sweep_step *sweep_add(struct sweep *sw, unsigned threads)
{
	struct sweep_step *ns;

	if (sw->n >= SWEEP_MAX_STEPS)
		return NULL;
	ns = realloc(sw->steps, (sw->n + 1) * sizeof(*ns));
	if (ns == NULL)
		return NULL;
	sw->steps = ns;
	memset(&ns[sw->n], 0, sizeof(ns[0]));
	ns[sw->n].threads = threads;
	return &ns[sw->n++];
}

int sweep_from_threads(struct sweep *sw)
{
	int64_t v[SWEEP_MAX_STEPS];
	unsigned n = opt_get_int_list("threads", v, SWEEP_MAX_STEPS), i;

	memset(sw, 0, sizeof(*sw));
	if (n > SWEEP_MAX_STEPS) {
		log_msg(LOG_FATAL, "--threads: too many thread counts: %u (at most %u)", n,
		        SWEEP_MAX_STEPS);
		return -EINVAL;
	}
	for (i = 0; i < n; i++)
		if (sweep_add(sw, (unsigned)v[i]) == NULL) {
			sweep_free(sw);
			return -ENOMEM;
		}
	sw->active = n > 1;
	return 0;
}

void sweep_free(struct sweep *sw)
{
	unsigned i, k;

	if (sw == NULL)
		return;
	for (i = 0; i < sw->n; i++) {
		struct sweep_step *st = &sw->steps[i];
		for (k = 0; k < st->nfields; k++) {
			free(st->fields[k].key);
			free(st->fields[k].str);
		}
		free(st->fields);
		free(st->label);
		free(st->hdr_log);
	}
	free(sw->steps);
	memset(sw, 0, sizeof(*sw));
}

int sweep_add_field(struct sweep_step *st, const char *key,
                    enum sweep_field_type type, const char *str, double num)
{
	struct sweep_field *nf = realloc(st->fields, (st->nfields + 1) * sizeof(*nf));
	struct sweep_field *f;

	if (nf == NULL)
		return -ENOMEM;
	st->fields = nf;
	f = &nf[st->nfields];
	memset(f, 0, sizeof(*f));
	f->key = strdup(key);
	f->type = type;
	f->num = num;
	if (str)
		f->str = strdup(str);
	if (f->key == NULL || (str && f->str == NULL)) {
		free(f->key);
		free(f->str);
		return -ENOMEM;
	}
	st->nfields++;
	return 0;
}

int sweep_hdr_log_check(const char *base)
{
	struct stat sb;

	if (strcmp(base, "-") == 0) {
		log_msg(LOG_FATAL, "--hdr-log=-: a sweep writes one log per step: give a file name or a directory");
		return -EINVAL;
	}
	if (stat(base, &sb) != 0 || S_ISREG(sb.st_mode) || S_ISDIR(sb.st_mode))
		return 0;
	log_msg(LOG_FATAL, "--hdr-log=%s: a sweep writes one log per step, named after a regular file or into a directory, and '%s' is neither (a device, a pipe or a socket)",
	        base, base);
	return -EINVAL;
}

int sweep_hdr_log_name(struct sweep_step *st, const char *base, unsigned index,
                       unsigned nsteps)
{
	const char *slash = strrchr(base, '/');
	const char *dot = strrchr(slash ? slash + 1 : base, '.');
	int width = snprintf(NULL, 0, "%u", nsteps);
	struct stat sb;
	size_t stem, len;

	free(st->hdr_log);
	len = strlen(base) + 64;
	if (!(st->hdr_log = malloc(len)))
		return -ENOMEM;
	if (stat(base, &sb) == 0 && S_ISDIR(sb.st_mode)) {
		snprintf(st->hdr_log, len, "%s%sstep%0*u-t%u.hlog", base,
		         base[strlen(base) - 1] == '/' ? "" : "/", width, index, st->threads);
		return 0;
	}
	/* a leading dot (".hlog") is a name, not an extension */
	if (dot == (slash ? slash + 1 : base))
		dot = NULL;
	stem = dot ? (size_t)(dot - base) : strlen(base);
	snprintf(st->hdr_log, len, "%.*s-step%0*u-t%u%s", (int)stem, base, width, index,
	         st->threads, dot ? dot : "");
	return 0;
}

void sweep_print_step_header(const struct sweep *sw, unsigned index)
{
	const struct sweep_step *st = &sw->steps[index - 1];
	char conns[48] = "";

	if (st->conns_run)
		snprintf(conns, sizeof(conns), ", %u connection%s", st->conns_run,
		         st->conns_run == 1 ? "" : "s");
	log_text(LOG_NOTICE, "Sweep step %u/%u: %u thread%s%s%s%s%s\n", index, sw->n,
	         st->threads, st->threads == 1 ? "" : "s", conns,
	         st->label ? " (" : "", st->label ? st->label : "", st->label ? ")" : "");
}

static const char *sweep_status_name(enum sweep_status s)
{
	return s == SWEEP_DONE ? "done" : s == SWEEP_FAILED ? "failed" :
	       s == SWEEP_INTERRUPTED ? "interrupted" : "planned";
}

/* tps relative to the first step's; NAN when there is no base */
static double sweep_speedup(const struct sweep *sw, const struct sweep_step *st)
{
	const struct sweep_step *first = &sw->steps[0];

	if (first->status != SWEEP_DONE || !(first->result.tps > 0) || !st->result.valid)
		return NAN;
	return st->result.tps / first->result.tps;
}

static void sweep_text(const struct sweep *sw)
{
	unsigned i, labels = 0, conns = 0;

	/* a conns column only when a step ran with --connections */
	for (i = 0; i < sw->n; i++) {
		if (sw->steps[i].status == SWEEP_PLANNED)
			continue;
		labels |= sw->steps[i].label != NULL;
		conns |= sw->steps[i].conns_run != 0;
	}
	printf("Thread sweep summary:\n");
	printf("    step  threads%s          tps          qps   lat avg   lat 95%%   lat 99%%   lat max     errors reconnects  speed-up%s\n",
	       conns ? "    conns" : "", labels ? "  label" : "");
	for (i = 0; i < sw->n; i++) {
		const struct sweep_step *st = &sw->steps[i];
		const struct report_result *r = &st->result;
		double up = sweep_speedup(sw, st);
		char ups[32], cs[16] = "";

		if (st->status == SWEEP_PLANNED)
			continue;
		if (conns)
			snprintf(cs, sizeof(cs), " %8u", st->conns_run ? st->conns_run : st->threads);
		if (!r->valid) {
			printf("    %4u %8u%s  (%s)%s%s\n", i + 1, st->threads, cs, sweep_status_name(st->status),
			       labels && st->label ? "  " : "", labels && st->label ? st->label : "");
			continue;
		}
		if (isnan(up))
			snprintf(ups, sizeof(ups), "-");
		else
			snprintf(ups, sizeof(ups), "%.2fx", up);
		printf("    %4u %8u%s %12.2f %12.2f %9.2f %9.2f %9.2f %9.2f %10llu %10llu %9s%s%s%s%s%s\n",
		       i + 1, st->threads, cs, r->tps, r->qps, r->lat_avg, r->lat_p95,
		       r->lat_p99, r->lat_max, (unsigned long long)r->errors,
		       (unsigned long long)r->reconnects, ups,
		       labels && st->label ? "  " : "", labels && st->label ? st->label : "",
		       st->status == SWEEP_DONE ? "" : "  (",
		       st->status == SWEEP_DONE ? "" : sweep_status_name(st->status),
		       st->status == SWEEP_DONE ? "" : ")");
	}
	printf("\n");
	fflush(stdout);
}

static void sweep_jnum(FILE *f, const char *key, double v)
{
	fprintf(f, ",\"%s\":", key);
	if (isfinite(v))
		fprintf(f, "%.15g", v);
	else
		fputs("null", f);
}

static void sweep_json(const struct sweep *sw)
{
	FILE *f = report_machine_stream();
	unsigned i, done = 0, failed = 0, intr = 0, first = 1;

	for (i = 0; i < sw->n; i++) {
		done += sw->steps[i].status == SWEEP_DONE;
		failed += sw->steps[i].status == SWEEP_FAILED;
		intr += sw->steps[i].status == SWEEP_INTERRUPTED;
	}
	fprintf(f, "{\"type\":\"sweep\",\"status\":\"%s\",\"steps_planned\":%u,\"steps_done\":%u,\"steps\":[",
	        failed ? "failed" : intr ? "interrupted" : done == sw->n ? "done" : "incomplete",
	        sw->n, done);
	for (i = 0; i < sw->n; i++) {
		const struct sweep_step *st = &sw->steps[i];
		const struct report_result *r = &st->result;

		if (st->status == SWEEP_PLANNED)
			continue;
		fprintf(f, "%s{\"step\":%u,\"threads\":%u,\"connections\":%u,\"status\":\"%s\"",
		        first ? "" : ",", i + 1, st->threads,
		        st->conns_run ? st->conns_run : st->threads, sweep_status_name(st->status));
		first = 0;
		fputs(",\"label\":", f);
		report_json_string(f, st->label);
		if (r->valid) {
			sweep_jnum(f, "time", r->time);
			fprintf(f, ",\"events\":%llu", (unsigned long long)r->events);
			sweep_jnum(f, "tps", r->tps);
			fprintf(f, ",\"queries\":%llu", (unsigned long long)r->queries);
			sweep_jnum(f, "qps", r->qps);
			fprintf(f, ",\"reads\":%llu,\"writes\":%llu,\"other\":%llu,\"errors\":%llu,\"reconnects\":%llu",
			        (unsigned long long)r->reads, (unsigned long long)r->writes,
			        (unsigned long long)r->other, (unsigned long long)r->errors,
			        (unsigned long long)r->reconnects);
			fputs(",\"latency_ms\":{\"min\":", f);
			fprintf(f, "%.15g", r->lat_min);
			sweep_jnum(f, "avg", r->lat_avg);
			sweep_jnum(f, "max", r->lat_max);
			fputs(",\"percentiles\":{\"95\":", f);
			fprintf(f, "%.15g", r->lat_p95);
			sweep_jnum(f, "99", r->lat_p99);
			fputs("}}", f);
			sweep_jnum(f, "speedup", sweep_speedup(sw, st));
		}
		fputs(",\"hdr_log\":", f);
		report_json_string(f, st->hdr_log);
		fputc('}', f);
	}
	fputs("]}\n", f);
	fflush(f);
}

void sweep_print_summary(const struct sweep *sw, const struct core_cfg *cfg)
{
	if (cfg->report_format == CORE_REPORT_JSON)
		sweep_json(sw);
	else if (cfg->report_format == CORE_REPORT_TEXT && log_verbosity() >= LOG_NOTICE)
		sweep_text(sw);
}
