/* SPDX-License-Identifier: GPL-2.0-or-later */
/* bench: argv -> options -> workload -> command. */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>
#include <luajit.h>

#include "config.h"
#include "opt/opt.h"
#include "opt/core_opts.h"
#include "opt/legacy_opts.h"
#include "opt/short_opts.h"
#include "rand/rand.h"
#include "sched/sched.h"
#include "sched/par.h"
#include "stats/report.h"
#include "stats/runinfo.h"
#include "runtime/runtime.h"
#include "runtime/optbridge.h"
#include "runtime/sweepbridge.h"
#include "runtime/hookbridge.h"
#include "util/log.h"
#include "util/leftover.h"
#include "util/progress.h"
#include "db/driver.h"
#include "merge/merge.h"
#include "results/compare.h"
#include "results/plot.h"
#include "sweep/sweep.h"
#include "complete/complete.h"
#include "observe/observe.h"
#include "scale/scale.h"
#include "observe/metrics.h"
#include <math.h>
#include <signal.h>
#include <time.h>

static const char *const builtin_workloads[][2] = {
	{ "fileio", "File I/O test" },
	{ "cpu", "CPU performance test" },
	{ "memory", "Memory functions speed test" },
	{ "threads", "Threads subsystem performance test" },
	{ "mutex", "Mutex performance test" },
};

static const char *const std_commands[] = {
	"prepare", "prewarm", "run", "cleanup", "help",
};

static struct core_cfg cfg;
static struct lrt_script script;

/* The parser-compatible banner (issue 32): run under the name "sysbench"
 * (a symlink in any directory), with BENCH_AS_SYSBENCH set to anything but
 * "" or "0", or with --as-sysbench, the banner and --version take sysbench
 * 1.0.20's form and the usage names "sysbench"; bench names itself inside
 * the banner's parentheses, which parsers skip. */
static int as_sysbench;

static int want_sysbench_name(const char *argv0)
{
	const char *base = argv0 ? strrchr(argv0, '/') : NULL;
	const char *env = getenv("BENCH_AS_SYSBENCH");

	base = base ? base + 1 : argv0;
	if (base && strcmp(base, "sysbench") == 0)
		return 1;
	if (env && *env && strcmp(env, "0") != 0)
		return 1;
	return opt_get_bool("as-sysbench");
}

static const char *prog_name(void)
{
	return as_sysbench ? "sysbench" : PACKAGE_NAME;
}

static void print_header(void)
{
	/* LUAJIT_VERSION is "LuaJIT 2.1.0-beta3"; a notice, as sysbench's:
	 * --verbosity below 3 leaves only the script's own output */
	if (as_sysbench)
		log_text(LOG_NOTICE, "sysbench 1.0.20 (using %s %s, system %s)\n",
		         PACKAGE_NAME, PACKAGE_VERSION, LUAJIT_VERSION);
	else
		log_text(LOG_NOTICE, "%s %s (using system %s)\n", PACKAGE_NAME,
		         PACKAGE_VERSION, LUAJIT_VERSION);
}

/* bench's own commands and features, one block before sysbench's list of
 * compiled-in tests: the part of the usage that sysbench's suite
 * (opt_help.t) cuts out, so sysbench's lines around it stay as checked. */
static void print_bench_help(void)
{
	printf("\nbench commands (no workload; each takes --help):\n"
	       "  %1$s compare RUN...        saved runs side by side, with ratios\n"
	       "  %1$s plot RUN... -o FILE   saved runs drawn over time and across a sweep\n"
	       "  %1$s merge FILE...         runs made at the same time on several hosts, as one\n"
	       "  %1$s slap [OPTIONS]        mysqlslap's load and summary (%1$s slap help)\n"
	       "\n"
	       "Built-in workloads ('%1$s NAME help' lists a workload's options; a path\n"
	       "to a .lua file runs your own):\n"
	       "  oltp_read_write oltp_read_only oltp_write_only oltp_point_select\n"
	       "  oltp_update_index oltp_update_non_index oltp_insert oltp_delete\n"
	       "  bulk_insert select_random_points select_random_ranges slap\n"
	       "  fileio cpu memory threads mutex\n"
	       "Their commands: prepare, prewarm (load the tables into the server's cache),\n"
	       "run, cleanup, help.\n"
	       "\n"
	       "Thread sweeps: --threads=1,8,32 runs one step per count (--sweep-pause\n"
	       "between steps). --percentile takes a list: --percentile=50,95,99.9.\n",
	       PACKAGE_NAME);
}

static void print_usage(void)
{
	unsigned i;
	printf("Usage:\n");
	printf("  %s [options]... [testname] [command]\n\n", prog_name());
	printf("Commands implemented by most tests: prepare run cleanup help\n\n");
	/* "bench merge" is in the manual: the usage stays sysbench's */
	core_opts_print_help();
	printf("\n");
	db_print_help();
	print_bench_help();
	printf("\nCompiled-in tests:\n");
	for (i = 0; i < sizeof(builtin_workloads) / sizeof(builtin_workloads[0]); i++)
		printf("  %s - %s\n", builtin_workloads[i][0], builtin_workloads[i][1]);
	printf("\nSee '%s <testname> help' for a list of options for each test.\n\n", prog_name());
}

static int is_std_command(const char *w)
{
	unsigned i;
	for (i = 0; i < sizeof(std_commands) / sizeof(std_commands[0]); i++)
		if (strcmp(w, std_commands[i]) == 0)
			return 1;
	return 0;
}

static void print_run_mode(void)
{
	unsigned i;
	if (log_verbosity() < LOG_NOTICE)
		return;
	printf("Running the test with following options:\n");
	printf("Number of threads: %u\n", cfg.threads);
	if (cfg.connections)
		printf("Number of connections: %u (coroutines, %u to %u per thread)\n",
		       cfg.connections, cfg.connections / cfg.threads,
		       (cfg.connections + cfg.threads - 1) / cfg.threads);
	if (cfg.warmup_time > 0)
		printf("Warmup time: %.0f second(s)\n", cfg.warmup_time);
	if (cfg.rate > 0)
		printf("Target transaction rate: %.10g/sec\n", cfg.rate);
	if (cfg.report_interval > 0)
		printf("Report intermediate results every %.10g second(s)\n", cfg.report_interval);
	if (cfg.ncheckpoints) {
		printf("Report checkpoint(s) at ");
		for (i = 0; i < cfg.ncheckpoints; i++)
			printf("%s%.10g", i ? ", " : "", cfg.checkpoints[i]);
		printf(" seconds\n");
	}
	if (cfg.debug)
		printf("Debug mode enabled.\n\n");
	if (cfg.validate)
		printf("Validation checks: on.\n\n");
	if (scale_active())
		printf("Instance %u of %u (0-based) of run %s\n", scale_instance(),
		       scale_instances(), report_run_id());
	if (cfg.rand.seed)
		printf("Initializing random number generator from seed (%llu).\n",
		       (unsigned long long)cfg.rand.seed);
	else
		printf("Initializing random number generator from current time\n");
	if (cfg.forced_shutdown >= 0 && cfg.time > 0)
		printf("\nForcing shutdown in %.10g seconds\n", cfg.time + cfg.forced_shutdown);
	printf("\n\n");
	fflush(stdout);
}

/* ---- run ------------------------------------------------------------------ */

/* N instances of one benchmark (scale.h): this instance's share of
 * --events and --rate, its seed, its identity in the result files, and
 * the wait for the common start. 0 or -EINVAL with err set. */
static int scale_split(char *err, size_t errlen)
{
	unsigned n = scale_instances(), i = scale_instance();

	if (n > 1) {
		if (cfg.events && cfg.events < n) {
			snprintf(err, errlen, "--events=%llu is below the %u instances: each needs at least one event",
			         (unsigned long long)cfg.events, n);
			return -EINVAL;
		}
		cfg.events = scale_share(cfg.events, i, n);
		opt_set_int_current("events", (int64_t)cfg.events);
		cfg.rate /= n;
		opt_set_double_current("rate", cfg.rate);
	}
	cfg.rand.instance = i;
	if (scale_run_id())
		report_set_run_id(scale_run_id());
	if (scale_active())
		report_set_instance(i, n);
	return 0;
}

/* sched's start hook: --start-at, --barrier=db (a sweep's steps meet
 * each under a key of its own) */
static int scale_start_hook(int (*stopped)(void))
{
	char key[40];
	int rc;

	if (report_get_step())
		snprintf(key, sizeof(key), "%s.step%u", report_run_id(), report_get_step());
	else
		snprintf(key, sizeof(key), "%s", report_run_id());
	rc = scale_wait_start(key, stopped);

	if (rc == 0 && (scale_active() || opt_get_string("start-at")))
		report_set_run_began(scale_started_at(), scale_agreed_start());
	return rc;
}

/* runinfo's server reader: the server of the run's database driver, if
 * the run used one (a WARNING when it cannot be read). */
static int read_server_info(runinfo_add_fn add, void *ud)
{
	int rc;

	if (!db_used())
		return 0;
	rc = db_server_info(add, ud);
	if (rc < 0)
		log_msg(LOG_WARNING, "cannot read the database server's version and settings for the result file: %s",
		        strerror(-rc));
	return rc;
}

/* --connections: each connection is one sysbench thread, an environment
 * in its worker thread's Lua state, whose thread_init, thread_run and
 * thread_done run as coroutines. */
static int co_create(unsigned cid, void **ctx)
{
	struct lrt *l = NULL;
	int rc = lrt_co_create(&script, (int)cid, &l);
	*ctx = l;
	if (rc == 0)
		lrt_compact(l);
	return rc;
}

static int co_start(void *ctx, int phase)
{
	static const char *const fn[] = { "thread_init", "thread_run", "thread_done" };
	if (phase == SCHED_CO_RUN)
		lrt_compact(ctx);       /* what thread_init left */
	return lrt_co_start(ctx, fn[phase]);
}

static int co_resume(void *ctx)
{
	return lrt_co_resume(ctx);
}

static void co_destroy(void *ctx)
{
	lrt_destroy(ctx);
}

static const struct sched_co_ops co_ops = {
	.create = co_create, .start = co_start, .resume = co_resume, .destroy = co_destroy,
};

/* The database layer waits through the scheduler's coroutines without
 * calling into sched/ itself. */
static const struct db_co_hooks db_co_hooks = {
	.active = bench_co_active, .wait = sched_co_wait, .forget = sched_co_forget,
};

static int run_worker(unsigned tid, void *ud)
{
	struct lrt *l = NULL;
	int rc;
	(void)ud;
	if (cfg.connections)
		return sched_co_worker(tid, &co_ops);
	rc = lrt_create(&script, (int)tid, &l);
	if (rc)
		return rc;
	if (lrt_has_function(l, "thread_init"))
		rc = lrt_call(l, "thread_init", (int)tid);
	if (rc == 0 && sched_worker_started()) {
		rc = lrt_call(l, "thread_run", (int)tid);
		if (rc == 0 && lrt_has_function(l, "thread_done"))
			rc = lrt_call(l, "thread_done", (int)tid);
		if (rc == 0)
			sched_worker_linger();
	}
	lrt_destroy(l);
	return rc;
}

/* --server-stats: the script's server_counters(), in a Lua state of the
 * observer thread's own. */
static int obs_script_open(void **state)
{
	struct lrt *l = NULL;
	int rc = lrt_create(&script, -1, &l);
	*state = l;
	return rc;
}

static int obs_script_read(void *state, void (*emit)(void *, const char *, double, int),
                           void *ud, char *err, size_t len)
{
	return lrt_call_counters(state, "server_counters", emit, ud, err, len);
}

static void obs_script_close(void *state)
{
	lrt_destroy(state);
}

static const struct obs_script_ops obs_script = {
	.open = obs_script_open, .read = obs_script_read, .close = obs_script_close,
};

/* The reports reach the observer through report_observer (stats sits
 * below observe). */
static void run_observe(void *ud, enum report_point p)
{
	static const enum obs_point pt[] = {
		[REPORT_AT_START] = OBS_START, [REPORT_AT_TICK] = OBS_TICK, [REPORT_AT_END] = OBS_END,
	};
	obs_sample(ud, pt[p]);
}

static void run_observe_json(void *ud, FILE *f, int final)
{
	obs_json(ud, f, final);
}

static void run_observe_lines(void *ud, const char *time)
{
	obs_text_line(ud, time);
}

/* --metrics-listen's endpoint over the whole run command (NULL: off), and
 * the sweep's steps for it (0: not a sweep). */
static struct metrics *run_metrics;
static unsigned run_nsteps;

/* One run: init(), the option summary, print_mode(), the workers, the
 * final report (into *result when non-NULL), done(). Returns 0, 1 after a
 * hook failed, or sched_run()'s negative errno. */
static int run_once(struct lrt *main_state, struct report_result *result)
{
	struct obs *obs = NULL;
	struct report_ctx ctx;
	int rc;

	/* As sysbench: init() (which validates) before the option summary;
	 * then the optional print_mode() (a bench hook: the built-in tests
	 * print their settings there, after the summary, as sysbench's
	 * print_mode). init() may reset --events (memory ignores it). */
	if (lrt_has_function(main_state, "init") && lrt_call(main_state, "init", -1))
		return 1;
	cfg.events = (uint64_t)opt_get_int("events");
	print_run_mode();
	if (lrt_has_function(main_state, "print_mode") && lrt_call(main_state, "print_mode", -1))
		return 1;
	memset(&ctx, 0, sizeof(ctx));
	ctx.cfg = &cfg;
	ctx.sql = db_used;
	ctx.result = result;
	lrt_report_hooks(main_state, &ctx.hooks);
	if ((rc = obs_create(&cfg, &obs)))
		return rc;
	if (obs) {
		if (lrt_has_function(main_state, "server_counters"))
			obs_set_script(obs, &obs_script);
		ctx.observer = (struct report_observer){
			run_observe, run_observe_json, run_observe_lines, obs };
	}
	sched_set_start_hook(scale_start_hook);
	metrics_run_begin(run_metrics, cfg.threads, report_get_step(), run_nsteps);
	if (run_metrics)
		sched_set_harvest_hook(metrics_harvest, run_metrics, METRICS_PERIOD_S);
	rc = sched_run(&cfg, &ctx, run_worker, NULL);
	sched_set_harvest_hook(NULL, NULL, 0);
	metrics_run_end(run_metrics);
	obs_destroy(obs);
	lrt_report_end(main_state);
	if (rc)
		return rc;
	if (lrt_has_function(main_state, "done") && lrt_call(main_state, "done", -1))
		return 1;
	return report_hook_failed() ? 1 : 0;
}

static volatile sig_atomic_t sweep_interrupted;

static void sweep_on_signal(int sig)
{
	(void)sig;
	sweep_interrupted = 1;
}

/* --sweep-pause between steps; SIGINT/SIGTERM end the wait and the sweep
 * (the table is still printed), as does one that came before it. Returns
 * 0, or -EINTR. keep: after a signal the handler stays (--metrics-linger's
 * wait, the program's last: a second signal, as timeout(1) sends its
 * process group, must not kill it before its exit status). */
static int sweep_pause(double seconds, int keep)
{
	struct sigaction sa, old_int, old_term;
	struct timespec left;
	int rc = 0;

	if (seconds <= 0)   /* a signal since (linger_catch_signals) counts */
		return sweep_interrupted ? -EINTR : 0;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = sweep_on_signal;
	sigaction(SIGINT, &sa, &old_int);
	sigaction(SIGTERM, &sa, &old_term);
	left.tv_sec = (time_t)seconds;
	left.tv_nsec = (long)((seconds - floor(seconds)) * 1e9);
	while (!sweep_interrupted && nanosleep(&left, &left) != 0 && errno == EINTR)
		;
	if (sweep_interrupted)
		rc = -EINTR;
	if (rc && keep)
		return rc;
	sigaction(SIGINT, &old_int, NULL);
	sigaction(SIGTERM, &old_term, NULL);
	return rc;
}

/* --metrics-listen: from the first run on, SIGINT and SIGTERM outside a
 * run (between sweep steps, after the last) only set sweep_interrupted
 * (a signal the program was started with ignored stays ignored): one
 * that comes as a run ends, before --metrics-linger's wait, must end the
 * wait, not kill bench before its exit status. The scheduler installs
 * its own during each run and puts this one back. */
static void linger_catch_signals(void)
{
	static const int sigs[] = { SIGINT, SIGTERM };
	struct sigaction sa, old;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = sweep_on_signal;
	for (unsigned i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++)
		if (sigaction(sigs[i], NULL, &old) == 0 && old.sa_handler != SIG_IGN)
			sigaction(sigs[i], &sa, NULL);
}

/* A step the scheduler ends with _exit (--forced-shutdown, workers blocked
 * after a signal): its report is printed; mark it and print the table. */
static struct sweep_step *sweep_cur;

static void sweep_exit_hook(int status, void *arg)
{
	struct sweep *sw = arg;

	if (sweep_cur == NULL)
		return;
	sweep_cur->status = status == 1 ? SWEEP_INTERRUPTED : SWEEP_FAILED;
	log_msg(LOG_FATAL, "sweep step %u/%u (%u thread%s) %s: stopping the sweep after %u of %u steps",
	        (unsigned)(sweep_cur - sw->steps) + 1, sw->n, sweep_cur->threads,
	        sweep_cur->threads == 1 ? "" : "s",
	        status == 1 ? "interrupted" : "cut short by --forced-shutdown",
	        (unsigned)(sweep_cur - sw->steps), sw->n);
	report_set_step(0, NULL);
	sweep_print_summary(sw, &cfg);
}

/* The steps of a sweep in turn (sweep.h; docs/report-formats.md): each a
 * full run with fresh threads, states and statistics; a failing step ends
 * the sweep, the summary covers the steps run. */
static int run_sweep(struct lrt *main_state, struct sweep *sw)
{
	const uint64_t events0 = cfg.events;
	const int64_t time_opt0 = opt_get_int("time");
	const double time0 = cfg.time;
	const char *hdr_log0 = cfg.hdr_log;
	const unsigned connections0 = cfg.connections;
	unsigned i;
	int rc = 0;

	if (hdr_log0 && sweep_hdr_log_check(hdr_log0))
		return 1;
	for (i = 0; i < sw->n && rc == 0; i++) {
		struct sweep_step *st = &sw->steps[i];

		if (i > 0 && sweep_pause(cfg.sweep_pause, 0)) {
			log_msg(LOG_FATAL, "sweep interrupted during the pause before step %u/%u: stopping the sweep",
			        i + 1, sw->n);
			rc = 1;
			break;
		}
		cfg.threads = st->threads;
		opt_set_int_current("threads", st->threads);
		opt_set_int_current("events", st->has_events ? (int64_t)st->events : (int64_t)events0);
		opt_set_int_current("time", st->has_time ? (int64_t)st->time : time_opt0);
		cfg.time = st->has_time ? st->time : time0;
		cfg.forced_shutdown = core_opts_forced_shutdown(cfg.time);
		/* a step's connections (a script's sweep_steps); else
		 * --connections, which must then hold for every step's threads */
		cfg.connections = st->has_connections ? st->connections : connections0;
		opt_set_int_current("connections", cfg.connections);
		st->conns_run = cfg.connections;
		if (!core_conns_fit(cfg.connections, cfg.threads)) {
			log_msg(LOG_FATAL, "sweep step %u/%u: --connections=%u is below its %u threads: " CORE_CONNS_RULE,
			        i + 1, sw->n, cfg.connections, cfg.threads);
			rc = 1;
			break;
		}
		cfg.hdr_log = hdr_log0;
		if (hdr_log0) {
			if (sweep_hdr_log_name(st, hdr_log0, i + 1, sw->n)) {
				rc = 1;
				break;
			}
			cfg.hdr_log = st->hdr_log;
		}
		report_set_step(i + 1, st->label);
		lrt_set_step(main_state, st, i + 1, sw->n);
		sweep_print_step_header(sw, i + 1);
		rc = lrt_step_hook(main_state, "sweep_step_begin", st, i + 1, sw->n);
		sweep_cur = st;
		sched_set_exit_hook(sweep_exit_hook, sw);
		if (rc == 0)
			rc = run_once(main_state, &st->result);
		sched_set_exit_hook(NULL, NULL);
		sweep_cur = NULL;
		if (rc == 0)
			rc = lrt_step_hook(main_state, "sweep_step_end", st, i + 1, sw->n);
		st->status = rc == 0 ? SWEEP_DONE : rc == -EINTR ? SWEEP_INTERRUPTED : SWEEP_FAILED;
		if (rc)
			log_msg(LOG_FATAL, "sweep step %u/%u (%u thread%s) %s: stopping the sweep after %u of %u steps",
			        i + 1, sw->n, st->threads, st->threads == 1 ? "" : "s",
			        rc == -EINTR ? "interrupted" : "failed", i, sw->n);
	}
	report_set_step(0, NULL);
	lrt_set_step(main_state, NULL, 0, 0);
	sweep_print_summary(sw, &cfg);
	return rc ? 1 : 0;
}

static int cmd_run(struct lrt *main_state)
{
	struct sweep sw;
	int rc;

	/* sysbench checks for event() before anything runs (a script with its
	 * own thread_run() may do without) */
	if (!lrt_has_function(main_state, "event") && !lrt_own_thread_run(main_state)) {
		log_text(LOG_FATAL, "FATAL: cannot find the event() function in %s", script.name);
		return 1;
	}
	if (sweep_from_threads(&sw))
		return 1;
	rc = lrt_sweep_steps(main_state, &sw);
	if (rc < 0) {
		sweep_free(&sw);
		return 1;
	}
	/* before init(): a port in use fails the run before it starts */
	if (metrics_create(&run_metrics)) {
		sweep_free(&sw);
		return 1;
	}
	run_nsteps = sw.active ? sw.n : 0;
	if (run_metrics)
		linger_catch_signals();
	if (sw.active) {
		rc = run_sweep(main_state, &sw);
	} else {
		/* one --threads number: sysbench's run, unchanged */
		cfg.threads = sw.steps[0].threads;
		opt_set_int_current("threads", cfg.threads);
		rc = run_once(main_state, NULL) ? 1 : 0;
	}
	sweep_free(&sw);
	/* the final figures stay up for a last scrape; a signal ends that */
	if (metrics_linger(run_metrics) > 0 && sweep_pause(metrics_linger(run_metrics), 1))
		log_msg(LOG_NOTICE, "--metrics-linger ended by a signal");
	metrics_destroy(run_metrics);
	run_metrics = NULL;
	return rc;
}

/* ---- prepare / cleanup / custom commands --------------------------------- */

struct par_cmd {
	const char *cmd;
	unsigned tid;
	int rc;
};

static void *par_cmd_thread(void *arg)
{
	struct par_cmd *p = arg;
	struct lrt *l = NULL;
	rand_command_thread_init(p->tid);
	p->rc = lrt_create(&script, (int)p->tid, &l);
	if (p->rc == 0)
		p->rc = lrt_run_command(l, p->cmd);
	par_thread_end(p->rc != 0);   /* before the state goes: no one waits */
	lrt_destroy(l);
	return NULL;
}

static int run_parallel(const char *cmd)
{
	struct par_cmd *p = calloc(cfg.threads, sizeof(*p));
	pthread_t *th = calloc(cfg.threads, sizeof(*th));
	pthread_attr_t attr;
	unsigned i, started = 0;
	int rc = 0;

	if (p == NULL || th == NULL) {
		free(p);
		free(th);
		return -ENOMEM;
	}
	pthread_attr_init(&attr);
	pthread_attr_setstacksize(&attr, cfg.thread_stack_size);
	par_begin(cfg.threads);
	for (i = 0; i < cfg.threads; i++) {
		p[i].cmd = cmd;
		p[i].tid = i;
		if (pthread_create(&th[i], &attr, par_cmd_thread, &p[i])) {
			log_msg(LOG_FATAL, "cannot create worker thread %u", i);
			rc = -EAGAIN;
			for (; i < cfg.threads; i++)   /* never started: never waited for */
				par_thread_end(1);
			break;
		}
		started++;
	}
	pthread_attr_destroy(&attr);
	for (i = 0; i < started; i++) {
		pthread_join(th[i], NULL);
		if (p[i].rc && rc == 0)
			rc = p[i].rc;
	}
	par_end();
	free(p);
	free(th);
	return rc;
}

/* prepare: an interruption says what it leaves behind and how to remove
 * it (the same command line with cleanup; passwords scrubbed). */
static void arm_leftover(const char *cmd)
{
	const char *line = runinfo_cmdline(), *p, *at = NULL;
	char hint[2048];

	if (strcmp(cmd, "prepare") != 0)
		return;
	/* the last word "prepare" */
	for (p = line; p && (p = strstr(p, " prepare")) != NULL; p++)
		if (p[8] == ' ' || p[8] == 0)
			at = p;
	if (at)
		snprintf(hint, sizeof(hint), "Remove what it created with: %.*s cleanup%s", (int)(at - line),
		         line, at + 8);
	else
		snprintf(hint, sizeof(hint), "Remove what it created with the same command and 'cleanup'");
	leftover_arm(cmd, hint);
}

static int cmd_other(struct lrt *main_state, const char *cmd)
{
	int kind = lrt_command_kind(main_state, cmd);
	/* sysbench runs a parallel command in the main state when there is
	 * one thread, and says so only when it starts more */
	if (kind == 2 && cfg.threads > 1) {
		log_text(LOG_NOTICE, "Initializing worker threads...\n");
		return run_parallel(cmd) ? 1 : 0;
	}
	if (kind)
		return lrt_run_command(main_state, cmd) ? 1 : 0;
	if (lrt_has_function(main_state, cmd))
		return lrt_call(main_state, cmd, -1) ? 1 : 0;
	/* sysbench's words, on stderr, without a prefix */
	if (is_std_command(cmd))
		fprintf(stderr, "'%s' test does not implement the '%s' command.\n", script.name, cmd);
	else
		fprintf(stderr, "Unknown command: %s\n", cmd);
	return 1;
}

/* A script's help() replaces the option list; without either there is no
 * help (sysbench's rules). The list is headed by the name's last part. */
static int cmd_help(struct lrt *main_state, unsigned ndeclared)
{
	const char *base = strrchr(script.name, '/');
	if (lrt_has_function(main_state, "help"))
		return lrt_call(main_state, "help", -1) ? 1 : 0;
	if (ndeclared) {
		printf("%s options:\n", base ? base + 1 : script.name);
		lrt_print_options(script.name);
		printf("\n");
		/* bench: a script may add text after its option list */
		if (lrt_has_function(main_state, "help_more"))
			return lrt_call(main_state, "help_more", -1) ? 1 : 0;
		return 0;
	}
	fprintf(stderr, "'%s' test does not implement the 'help' command.\n", script.name);
	return 1;
}

/* "bench --complete-options[=WORKLOAD]": the shell completion's listing
 * (complete.h); -1 when argv is anything else. */
static int complete_if_asked(int argc, char **argv)
{
	enum { NB = sizeof(builtin_workloads) / sizeof(builtin_workloads[0]) };
	const char *names[NB];
	struct complete_builtins b = {
		.workloads = names, .nworkloads = NB,
		.commands = std_commands,
		.ncommands = sizeof(std_commands) / sizeof(std_commands[0]),
	};
	unsigned i;

	for (i = 0; i < NB; i++)
		names[i] = builtin_workloads[i][0];
	return complete_main(argc, argv, &b);
}

/* Legacy scripts declare no options and read any --name=value as globals. */
static int accept_legacy_options(void)
{
	const char *name;
	while ((name = opt_first_pending()) != NULL) {
		struct opt_def d = { 0 };
		char *copy = strdup(name);
		int rc;
		d.name = copy;
		d.type = OPT_STRING;
		d.desc = "";
		d.flags = OPT_F_HIDDEN | OPT_F_NODEFAULT;
		rc = opt_define(LEGACY_OPTS_GROUP, &d, 1);
		free(copy);
		if (rc) {
			fprintf(stderr, "%s\n", opt_error());
			return rc;
		}
	}
	return 0;
}

/* sysbench's C tests: named without a command, they say one is needed
 * (a Lua script's main chunk simply runs). */
static int is_c_test(const char *w)
{
	unsigned i;
	for (i = 0; i < sizeof(builtin_workloads) / sizeof(builtin_workloads[0]); i++)
		if (strcmp(w, builtin_workloads[i][0]) == 0)
			return 1;
	return 0;
}

/* sysbench warns about --test before anything else, on stderr, whatever
 * the verbosity (later warnings of the option parser go to stdout). */
static void warn_test_option(int argc, char **argv)
{
	int i;
	for (i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--") == 0)
			return;
		if (strncmp(argv[i], "--test", 6) == 0 && (argv[i][6] == '=' || argv[i][6] == 0)) {
			fprintf(stderr, "WARNING: the --test option is deprecated. You can pass a script name or path on the command line without any options.\n");
			return;
		}
	}
}

/* Output that could not be written (a full disk, a closed pipe) is an
 * error: one line on stderr and exit status 1 (issue 16). */
static void check_output_at_exit(void)
{
	int rc = report_output_check();

	if (rc < 0) {
		fprintf(stderr, "%s: error writing the output: %s\n", PACKAGE_NAME, strerror(-rc));
		_exit(1);
	}
}

/* A closed standard descriptor would be taken by the next file opened
 * (an --hdr-log, a fileio test file) and get the report. Each closed one
 * of 0..2 gets /dev/null, read-only: reading finds the end, and writing
 * fails with EBADF, reported at exit like any lost output. */
static void std_fds_open(void)
{
	int fd;

	for (fd = 0; fd <= 2; fd++) {
		if (fcntl(fd, F_GETFD) >= 0 || errno != EBADF)
			continue;
		/* the lowest free descriptor: fd itself */
		if (open("/dev/null", O_RDONLY) != fd)
			_exit(1);
	}
}

int main(int argc, char **argv)
{
	const char *workload = NULL, *command = NULL;
	struct lrt *main_state = NULL;
	unsigned npos, first = 0, ndeclared = 0;
	int from_stdin;
	char err[512];
	int rc = 1;

	std_fds_open();
	setvbuf(stdout, NULL, _IOLBF, 0);
	atexit(check_output_at_exit);
	/* before any script runs: the main state's draws, as sysbench's */
	rand_main_init();
	/* before the option parser overwrites the passwords in argv */
	if (runinfo_set_cmdline(argc, argv))
		return 1;
	runinfo_set_server_reader(read_server_info);
	opt_init();
	if (core_opts_define() || db_init_options()) {
		fprintf(stderr, "FATAL: %s\n", opt_error());
		return 1;
	}
	db_set_co_hooks(&db_co_hooks);
	if ((rc = complete_if_asked(argc, argv)) >= 0) {
		opt_free();
		return rc;
	}
	rc = 1;
	warn_test_option(argc, argv);
	{
		/* slap takes mysqlslap's -c, -i, -a, ... */
		char **av = NULL;
		int ac = 0, prc;
		if (short_opts_rewrite(argc, argv, &av))
			return 1;
		while (av[ac])
			ac++;
		prc = opt_parse_argv(ac, av);
		short_opts_free(av, argv);
		if (prc) {
			fprintf(stderr, "%s\n", opt_error());
			return 1;
		}
	}
	if (opt_get_string("config-file") && *opt_get_string("config-file") &&
	    opt_load_file(opt_get_string("config-file"))) {
		fprintf(stderr, "%s\n", opt_error());
		return 1;
	}
	{
		/* sysbench reads the aliases in this order */
		static const char *const order[] = { "num-threads", "max-requests",
		                                     "max-time", "tx-rate", NULL };
		opt_warn_deprecated(order);
	}
	as_sysbench = want_sysbench_name(argv[0]);
	lrt_set_as_sysbench(as_sysbench);
	if (opt_get_bool("version")) {
		if (as_sysbench)
			printf("sysbench 1.0.20\n");
		else
			printf("%s %s\n", PACKAGE_NAME, PACKAGE_VERSION);
		return 0;
	}
	log_set_verbosity((int)opt_get_int("verbosity"));

	npos = opt_npositional();
	/* "bench merge FILE...": no workload is loaded */
	if (npos >= 1 && strcmp(opt_positional(0), "merge") == 0 &&
	    !(opt_get_string("test") && *opt_get_string("test"))) {
		const char **files;
		if (opt_check_unknown()) {
			fprintf(stderr, "%s\n", opt_error());
			return 1;
		}
		files = calloc(npos, sizeof(*files));
		if (!files)
			return 1;
		for (unsigned i = 1; i < npos; i++)
			files[i - 1] = opt_positional(i);
		rc = merge_main(files, npos - 1);
		free(files);
		opt_free();
		return rc;
	}
	/* "bench compare RUN..." and "bench plot RUN... -o FILE": saved results */
	if (npos >= 1 && !(opt_get_string("test") && *opt_get_string("test")) &&
	    (strcmp(opt_positional(0), "compare") == 0 || strcmp(opt_positional(0), "plot") == 0)) {
		rc = opt_positional(0)[0] == 'c' ? compare_main() : plot_main();
		opt_free();
		return rc;
	}
	/* --help prints the general usage, whatever else the line holds;
	 * "bench slap --help" is slap's own help, as "bench slap help" */
	if (opt_get_bool("help") && !(npos == 1 && strcmp(opt_positional(0), "slap") == 0)) {
		print_usage();
		return 0;
	}
	/* "bench help": the general usage (sysbench looks for a test named
	 * help), unless a file of that name is there to run; under the name
	 * sysbench it is sysbench's (the compat package's contract) */
	if (!as_sysbench && npos == 1 && strcmp(opt_positional(0), "help") == 0 &&
	    !(opt_get_string("test") && *opt_get_string("test")) &&
	    access("help", F_OK) != 0 && access("help.lua", F_OK) != 0) {
		print_usage();
		return 0;
	}
	/* before the script: its main chunk may read sysbench.instance */
	if (scale_load(argc, argv, err, sizeof(err))) {
		fprintf(stderr, "%s\n", err);
		return 1;
	}
	/* The first word is always the workload (sysbench: "bench run" looks
	 * for a workload named run); the second the command. */
	if (opt_get_string("test") && *opt_get_string("test")) {
		workload = opt_get_string("test");
	} else if (npos >= 1) {
		workload = opt_positional(0);
		first = 1;
	}
	if (npos > first)
		command = opt_positional(first);
	else if (workload && opt_get_bool("help"))
		command = "help";       /* bench slap --help */
	else if (workload)
		command = short_opts_default_command(workload);   /* "bench slap" runs */
	/* sysbench's words: a workload and a command, nothing more; a word
	 * "-x" among them is named (sysbench names the word after it) */
	if (npos > first + 1) {
		for (unsigned i = 0; i < npos; i++) {
			const char *w = opt_positional(i);
			if (w[0] == '-' && w[1] != 0) {
				fprintf(stderr, "Unrecognized command line argument: %s (%s has no "
				        "short options; options are --name=value)\n", w, PACKAGE_NAME);
				return 1;
			}
		}
		fprintf(stderr, "Unrecognized command line argument: %s\n", opt_positional(first + 1));
		return 1;
	}
	from_stdin = workload == NULL || strcmp(workload, "-") == 0;
	/* with nothing to read, a terminal gets the usage instead of a wait */
	if (workload == NULL && isatty(0)) {
		print_usage();
		return 1;
	}
	/* A script from stdin only runs its main chunk: a command word after
	 * "-" is ignored, as sysbench does. */
	if (from_stdin)
		command = NULL;

	/* json/csv: stdout carries report lines only (bad values fail later) */
	if (report_redirect_stdout(opt_get_string("report-format")))
		return 1;
	/* as sysbench: before the header, whatever the command */
	if (opt_get_int("time") == 0 && opt_get_int("events") == 0)
		log_msg(LOG_WARNING, "Both event and time limits are disabled, running an endless test");
	print_header();
	if (command == NULL && !from_stdin && is_c_test(workload)) {
		fprintf(stderr, "The '%s' test requires a command argument. See '%s %s help'\n",
		        workload, prog_name(), workload);
		return 1;
	}
	lrt_set_cmdline(argc, argv, command);
	db_set_command(command);
	if (lrt_script_load(workload, &script))
		return 1;
	if (runinfo_set_workload(script.name, script.path, script.source, script.len))
		goto out;
	/* the main state runs the script's main chunk */
	if (lrt_create(&script, -1, &main_state))
		goto out;
	if (command == NULL) {
		/* "bench script.lua": the main chunk was the whole job */
		rc = 0;
		goto out;
	}
	if (lrt_register_options(main_state, script.name, &ndeclared))
		goto out;
	if (legacy_opts_apply(ndeclared == 0))
		goto out;
	if (ndeclared == 0 && accept_legacy_options())
		goto out;
	if (opt_check_unknown()) {
		fprintf(stderr, "%s\n", opt_error());
		goto out;
	}
	opt_warn_deprecated(NULL);      /* aliases a script declared */
	if (core_opts_load(&cfg, err, sizeof(err))) {
		fprintf(stderr, "%s\n", err);
		goto out;
	}
	log_set_verbosity(cfg.debug ? LOG_DEBUG : cfg.verbosity);
	if (scale_split(err, sizeof(err))) {
		fprintf(stderr, "%s\n", err);
		goto out;
	}
	metrics_warn_unused(command);
	if (rand_configure(&cfg.rand)) {
		fprintf(stderr, "Invalid random number generator options\n");
		goto out;
	}
	lrt_publish_options(main_state, ndeclared == 0);

	if (strcmp(command, "run") != 0 && strcmp(command, "help") != 0)
		scale_warn_not_run(command);
	if (strcmp(command, "help") == 0)
		rc = cmd_help(main_state, ndeclared);
	else if (strcmp(command, "run") == 0)
		rc = cmd_run(main_state);
	else {
		/* prepare's progress line: a terminal's stderr only */
		progress_configure(cfg.progress && log_verbosity() >= LOG_NOTICE &&
		                   isatty(STDERR_FILENO));
		arm_leftover(command);
		rc = cmd_other(main_state, command);
		leftover_disarm();
		progress_configure(0);
	}
out:
	lrt_destroy(main_state);
	db_shutdown();
	lrt_script_free(&script);
	runinfo_free();
	opt_free();
	return rc;
}
