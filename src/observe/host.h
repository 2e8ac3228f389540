/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * host: the client machine's CPU and block devices from /proc, sampled at
 * the run's report ticks (--host-stats): /proc/stat's CPU time by kind and
 * context switches, /proc/diskstats' figures of named devices turned into
 * iostat -x's (r/s, w/s, rkB/s, wkB/s, r_await, w_await, aqu-sz, %util).
 * Reading procfs never blocks, so the reporting thread samples directly.
 * Called from one thread only.
 */
#ifndef BENCH_OBSERVE_HOST_H
#define BENCH_OBSERVE_HOST_H

#include <stdint.h>
#include <stdio.h>

struct obs_host;

/* For the devices devs[0..ndev-1] (names as in /proc/diskstats: "vda",
 * "nvme0n1"). A device that is not there is one warning and left out.
 * 0 and *out, or -ENOMEM / -errno when /proc/stat cannot be read (after a
 * warning: *out NULL, the run goes on). */
int obs_host_create(const char *const *devs, unsigned ndev, struct obs_host **out);
void obs_host_destroy(struct obs_host *h);           /* NULL-safe */

/* Read /proc at monotonic time t_ns. first: the run's start sample; any
 * other makes its figures (since the previous sample) what
 * obs_host_json/obs_host_line show, and ends the run's so far. NULL-safe. */
void obs_host_sample(struct obs_host *h, int64_t t_ns, int first);

/* ,"host":{...}: the last interval's figures (final: the run's, from the
 * start sample to the last one). */
void obs_host_json(const struct obs_host *h, FILE *f, int final);

/* "[ <time>s ] host: cpu usr/sys/iow/steal % ... | <dev>: r/s ..." */
void obs_host_line(const struct obs_host *h, const char *time);

#endif
