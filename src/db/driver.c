/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The shared database layer: driver registry and options, sysbench 1.0.20's
 * C API over the drivers (connection states, misuse alerts, bulk insert),
 * statement counting, error reporting, and prepared statements emulated
 * client-side where a driver or --db-ps-mode=disable calls for it. */
#include <errno.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "config.h"
#include "db/classify.h"
#include "db/driver.h"
#include "util/clock.h"
#include "stats/stats.h"
#include "util/log.h"

extern const struct db_driver_ops db_mysql_ops;
extern const struct db_driver_ops db_pgsql_ops;
#ifdef HAVE_SQLITE
extern const struct db_driver_ops db_sqlite_ops;
#endif

/* Drivers this build was configured without: asking for one says so. */
static const char *const db_not_built[] = {
#ifndef HAVE_MYSQL
	"mysql",
#endif
#ifndef HAVE_PGSQL
	"pgsql",
#endif
#ifndef HAVE_SQLITE
	"sqlite",
#endif
	NULL
};

/* The drivers this build has (configure --without-mysql / --without-pgsql /
 * --without-sqlite leave one out), in the order `help` lists them; the first is the default
 * of --db-driver, as mysql is sysbench's. */
static const struct db_driver_ops *const db_builtin[] = {
#ifdef HAVE_MYSQL
	&db_mysql_ops,
#endif
#ifdef HAVE_PGSQL
	&db_pgsql_ops,
#endif
#ifdef HAVE_SQLITE
	&db_sqlite_ops,
#endif
	NULL
};
#ifdef HAVE_MYSQL
#define DB_DEFAULT_DRIVER "mysql"
#elif defined(HAVE_PGSQL)
#define DB_DEFAULT_DRIVER "pgsql"
#elif defined(HAVE_SQLITE)
#define DB_DEFAULT_DRIVER "sqlite"
#else
#define DB_DEFAULT_DRIVER NULL   /* a build without drivers: --db-driver is required */
#endif

#define DB_MAX_DRIVERS 8

/* A registered driver; the sql_driver scripts see comes first. */
struct db_driver {
	sql_driver pub;
	const struct db_driver_ops *ops;
	int init_rc;
	int inited;
};

/* Connection states, as sysbench keeps them: a result set is pending
 * (fetch_row and free_results are valid) only after a statement that
 * returned rows. */
enum db_conn_state {
	DB_CONN_READY,
	DB_CONN_RESULT_SET,
	DB_CONN_CLOSED
};

#define DB_BULK_MAX (512 * 1024)   /* sysbench's bulk INSERT packet size */

/* Per-connection bookkeeping behind sql_connection.core. */
#define DB_ERRBUF 1024   /* an error message's room, with its NUL */

/* Right after its sql_connection, in one allocation aligned to a cache
 * line: what a statement reads and writes (the connection's error fields,
 * rs, state, the nb_ fields) is in its first three lines (under
 * --connections each connection's turn finds them cold). */
struct db_conn_core {
	sql_result rs;
	unsigned seq;
	int state;                /* enum db_conn_state */
	/* a nonblocking operation in flight (db_query_nb, db_execute_nb,
	 * db_prepare_nb, db_connection_create_nb, ...) */
	int nb_op;                /* DB_OP_QUERY / _EXECUTE / _PREPARE, DB_NB_*; -1: none */
	int nb_bulk;              /* the query is a bulk insert's rows */
	int nb_kind;
	const char *nb_sql;       /* the caller's text (kept alive by Lua);
	                           * DB_OP_LOAD: the table */
	size_t nb_len;
	int64_t nb_t0;
	sql_statement *nb_st;     /* DB_OP_PREPARE: the statement being prepared */
	const char *nb_load_cols; /* DB_OP_LOAD: the columns */
	sql_value *vals;          /* rs.row.values: capacity vcap */
	unsigned vcap;
	char *bulk;               /* bulk insert: NULL when none is open */
	size_t bulk_len, bulk_head;
	unsigned bulk_rows;
	struct db_recovery *rec;  /* DB_NB_RECOVER: the automatic reconnect */
	char state_buf[6];
	/* the last error's text (DB_ERRBUF), allocated at the first error:
	 * thousands of connections that never fail do not carry it */
	char *errbuf;
	struct db_stmt_core *stmts;   /* the open statements, newest first */
};

/* Per-statement bookkeeping behind sql_statement.core, right after it in
 * one allocation aligned to a cache line: an execute reads that line only. */
struct db_stmt_core {
	char *sql;
	size_t sql_len;
	unsigned nparams;   /* placeholders */
	int kind;           /* enum stats_stmt_kind of sql */
	sql_bind *params;   /* copy of the bound array, or NULL */
	/* the first cache line ends here */
	char *buf;          /* emulated statements: the expanded SQL */
	size_t buf_cap;
	/* the connection's list of open statements (one thread's: no lock) */
	sql_statement *self;
	struct db_stmt_core *prev, *next;
};

_Static_assert(sizeof(sql_statement) + offsetof(struct db_stmt_core, buf) <= 64,
               "an execute's fields of a statement in one cache line");
_Static_assert(sizeof(sql_connection) + offsetof(struct db_conn_core, nb_load_cols) <= 192,
               "a statement's fields of a connection in three cache lines");

static void db_report_error(sql_connection *c, int op, const char *sql, size_t len);
static void db_stmt_free(sql_statement *st);

/* Nonblocking operations beyond enum db_op (db_conn_core.nb_op). */
#define DB_NB_CONNECT   100
#define DB_NB_RECONNECT 101
#define DB_NB_RECOVER   102   /* the automatic reconnect after a lost connection */
#define DB_NB_CLOSE     103   /* closing a statement (nb_st) */

/* The automatic reconnect under --connections, between its steps: the
 * error it restores when it succeeds, and where its retries are. Only
 * while it runs (a lost connection is rare; a connection costs no more). */
struct db_recovery {
	int attempt;
	int phase;                /* DB_REC_* */
	long pause_ns;            /* the next pause between attempts */
	int saved_errno;
	char state[6];
	char msg[DB_ERRBUF];
};
enum { DB_REC_IDLE, DB_REC_CONNECTING, DB_REC_PAUSED };

/* --connections: connects in flight per worker thread at most. Thousands
 * at once overflow the server's listen backlog (MariaDB's back_log is 80
 * by default), and the kernel then retries the dropped ones after
 * seconds; a few dozen at a time keep connecting quick. */
#define DB_NB_CONNECTING_MAX 32
static __thread unsigned db_nb_connecting;

static struct db_driver db_drivers[DB_MAX_DRIVERS];
static unsigned db_ndrivers;
static pthread_mutex_t db_mu = PTHREAD_MUTEX_INITIALIZER;
static unsigned db_conn_seq;
static int db_ps_disabled = -1;
static int db_debug_on = -1;
static int db_stmt_stats = -1;  /* --report-statements */
static int db_created;          /* a driver was created (db_used) */
static struct db_driver *db_last;   /* the driver last created */
static const struct db_co_hooks *db_co;   /* NULL: no coroutines */

void db_set_co_hooks(const struct db_co_hooks *h)
{
	db_co = h;
}

static const char *db_cmd;

void db_set_command(const char *command)
{
	db_cmd = command;
}

const char *db_command(void)
{
	return db_cmd;
}

int db_co_active(void)
{
	return db_co && db_co->active();
}

static inline void db_co_wait(int fd, int write, int64_t deadline_ns)
{
	if (db_co)
		db_co->wait(fd, write, deadline_ns);
}

static inline void db_co_forget(void)
{
	if (db_co)
		db_co->forget();
}

/* Nonblocking connect and prepare need the driver's hooks (and a
 * coroutine to yield): otherwise the blocking calls run. */
static inline bool db_nb_can(const struct db_driver_ops *o, bool hook)
{
	return hook && (o->caps & DB_CAP_NONBLOCK) && db_co_active();
}

int db_used(void)
{
	return __atomic_load_n(&db_created, __ATOMIC_RELAXED);
}

int db_server_info(db_info_add_fn add, void *ud)
{
	struct db_driver *d = __atomic_load_n(&db_last, __ATOMIC_RELAXED);
	sql_connection *c;
	int rc;

	if (d == NULL || d->ops->abi < 6 || d->ops->server_info == NULL)
		return 0;
	log_mute_thread(1);
	c = db_connection_create(&d->pub);
	rc = c ? d->ops->server_info(c, add, ud) : -ECONNREFUSED;
	if (c) {
		db_connection_close(c);
		db_connection_free(c);
	}
	log_mute_thread(0);
	return rc ? rc : 1;
}

static const struct opt_def db_general_opts[] = {
	{ "db-driver", OPT_STRING, "specifies database driver to use ('help' to get list of available drivers)", DB_DEFAULT_DRIVER, 0, 0, 0, NULL },
	{ "db-ps-mode", OPT_STRING, "prepared statements usage mode {auto, disable}", "auto", 0, 0, 0, NULL },
	{ "db-debug", OPT_BOOL, "print database-specific debug information", "off", 0, 0, 0, NULL },
	{ "server-stats", OPT_BOOL, "sample the database server's counters (MySQL/MariaDB SHOW GLOBAL STATUS, PostgreSQL pg_stat_* views) on a connection of its own at the start, at each report interval and at the end, and report them per interval (json; text with --server-stats-line)", "off", 0, 0, OPT_F_EXTRA, NULL },
	{ "server-stats-counters", OPT_LIST, "more server counters for --server-stats beside its default set: MySQL status variable names (Innodb_pages_written), PostgreSQL view.column names (pg_stat_database.blk_read_time)", "", 0, 0, OPT_F_EXTRA, NULL },
	{ "server-stats-line", OPT_BOOL, "with --server-stats and text reports, print a second line 'srv: ...' (rates of the main server counters) after each interval line", "off", 0, 0, OPT_F_EXTRA, NULL },
};

int db_register(const struct db_driver_ops *ops)
{
	unsigned i;
	if (ops == NULL || ops->abi < 3 || ops->abi > DB_DRIVER_ABI || ops->name == NULL ||
	    ops->connect == NULL || ops->disconnect == NULL || ops->query == NULL ||
	    ops->fetch_row == NULL || ops->free_results == NULL || ops->escape == NULL ||
	    ((ops->caps & DB_CAP_PREPARED) &&
	     (ops->prepare == NULL || ops->execute == NULL || ops->close == NULL)) ||
	    ((ops->caps & DB_CAP_LOAD) && ops->load == NULL) ||
	    ((ops->caps & DB_CAP_NONBLOCK) &&
	     (ops->abi < 4 || ops->query_start == NULL || ops->resume == NULL ||
	      ((ops->caps & DB_CAP_PREPARED) && ops->execute_start == NULL))) ||
	    (ops->abi >= 6 && (ops->counters_default == NULL) != (ops->counters_read == NULL)))
		return -EINVAL;
	for (i = 0; i < db_ndrivers; i++)
		if (strcmp(db_drivers[i].ops->name, ops->name) == 0)
			return -EEXIST;
	if (db_ndrivers == DB_MAX_DRIVERS)
		return -ENOSPC;
	db_drivers[db_ndrivers++].ops = ops;
	return 0;
}

static char *db_group_name(const struct db_driver_ops *ops, char *buf, size_t len)
{
	snprintf(buf, len, "%s options", ops->name);
	return buf;
}

int db_init_options(void)
{
	unsigned i;
	int rc;
	char g[64];

	if (db_ndrivers == 0) {
		for (i = 0; db_builtin[i] != NULL; i++)
			if ((rc = db_register(db_builtin[i])))
				return rc;
	}
	rc = opt_define("General database options", db_general_opts,
	                sizeof(db_general_opts) / sizeof(db_general_opts[0]));
	if (rc)
		return rc;
	for (i = 0; i < db_ndrivers; i++) {
		const struct db_driver_ops *o = db_drivers[i].ops;
		if (o->nopts && (rc = opt_define(db_group_name(o, g, sizeof(g)), o->opts, o->nopts)))
			return rc;
	}
	return 0;
}

void db_print_help(void)
{
	unsigned i;
	char g[64];
	printf("General database options:\n\n");
	opt_print_group(stdout, "General database options", 0);
	printf("\n\nCompiled-in database drivers:\n");
	if (db_ndrivers == 0)
		printf("  (none: this build was configured without database drivers)\n");
	for (i = 0; i < db_ndrivers; i++)
		printf("  %s - %s\n", db_drivers[i].ops->name, db_drivers[i].ops->desc);
	for (i = 0; i < db_ndrivers; i++) {
		const struct db_driver_ops *o = db_drivers[i].ops;
		printf("\n%s options:\n", o->name);
		opt_print_group(stdout, db_group_name(o, g, sizeof(g)), 0);
	}
}

const char *db_driver_name(unsigned i)
{
	return i < db_ndrivers ? db_drivers[i].ops->name : NULL;
}

void db_shutdown(void)
{
	unsigned i;
	for (i = 0; i < db_ndrivers; i++) {
		if (db_drivers[i].inited && db_drivers[i].init_rc == 0 && db_drivers[i].ops->done)
			db_drivers[i].ops->done();
		db_drivers[i].inited = 0;
	}
}

bool db_debug(void)
{
	if (db_debug_on < 0)
		db_debug_on = opt_get_bool("db-debug");
	return db_debug_on;
}

/* The calling worker's recorder when --report-statements is on, else NULL
 * (then statements are not timed at all). */
static inline struct stats_thread *db_stmt_recorder(void)
{
	if (__builtin_expect(db_stmt_stats < 0, 0))
		db_stmt_stats = opt_get_bool("report-statements");
	return db_stmt_stats ? stats_current() : NULL;
}

/* Record one statement of kind (< 0: classify sql) that began at t0. */
static void db_stmt_done(struct stats_thread *t, int kind, const char *sql,
                         size_t len, int64_t t0, int ok)
{
	int64_t t1 = clock_now_ns();
	if (kind < 0)
		kind = (int)db_stmt_classify(sql, len);
	stats_record_stmt(t, (enum stats_stmt_kind)kind, t1, t1 - t0, ok);
}

bool db_code_in_list(const char *opt, const char *code)
{
	const char *const *items;
	unsigned n = opt_get_list(opt, &items), i;
	for (i = 0; i < n; i++)
		if (strcmp(items[i], "all") == 0 || strcmp(items[i], code) == 0)
			return true;
	return false;
}

void db_set_error(sql_connection *c, int cls, int sql_errno, const char *sql_state,
                  const char *msg)
{
	struct db_conn_core *k = c->core;
	c->error = cls;
	c->sql_errno = sql_errno;
	snprintf(k->state_buf, sizeof(k->state_buf), "%s", sql_state ? sql_state : "");
	c->sql_state = k->state_buf;
	if (k->errbuf == NULL && (k->errbuf = malloc(DB_ERRBUF)) == NULL) {
		c->sql_errmsg = "out of memory for the error message";
		return;
	}
	snprintf(k->errbuf, DB_ERRBUF, "%s", msg ? msg : "");
	/* one line: drop a trailing newline (libpq ends messages with one) */
	k->errbuf[strcspn(k->errbuf, "\n")] = 0;
	c->sql_errmsg = k->errbuf;
}

const char *db_sql_state(const sql_connection *c)
{
	return c->sql_state ? c->sql_state : "";
}

/* An API error (closed connection, misuse): fatal, and no SQL state or
 * message, so that scripts raise sysbench's "SQL API error". */
static void db_api_error(sql_connection *c)
{
	c->error = DB_ERROR_FATAL;
	c->sql_errno = 0;
	c->sql_state = NULL;
	c->sql_errmsg = NULL;
}

/* A successful call: no error class, number, state or message (as
 * sysbench's fields read after a statement that worked: 0, 0, NULL,
 * NULL), so a script never sees the last error's text again. */
static inline void db_no_error(sql_connection *c)
{
	c->error = DB_ERROR_NONE;
	c->sql_errno = 0;
	c->sql_state = NULL;
	c->sql_errmsg = NULL;
}

/* ---- drivers and connections -------------------------------------------- */

const struct db_driver_ops *db_conn_ops(const sql_connection *c)
{
	return ((const struct db_driver *)c->driver)->ops;
}

sql_driver *db_create(const char *name)
{
	struct db_driver *d = NULL;
	unsigned i;

	if (name == NULL || *name == 0)
		name = opt_get_string("db-driver");
	for (i = 0; name != NULL && i < db_ndrivers; i++)
		if (strcmp(db_drivers[i].ops->name, name) == 0)
			d = &db_drivers[i];
	for (i = 0; d == NULL && name != NULL && db_not_built[i] != NULL; i++)
		if (strcmp(db_not_built[i], name) == 0) {
			log_msg(LOG_FATAL, "this bench was built without the %s driver "
			        "(configure --without-%s)", name, name);
			return NULL;
		}
	if (d == NULL && db_ndrivers == 0) {
		log_msg(LOG_FATAL, "no database driver: this build was configured without any (--without-mysql --without-pgsql --without-sqlite)");
		return NULL;
	}
	if (d == NULL) {
		log_msg(LOG_FATAL, "invalid database driver name: '%s'", name ? name : "(null)");
		return NULL;
	}
	pthread_mutex_lock(&db_mu);
	if (db_ps_disabled < 0) {
		const char *m = opt_get_string("db-ps-mode");
		if (m && strcmp(m, "auto") != 0 && strcmp(m, "disable") != 0) {
			pthread_mutex_unlock(&db_mu);
			log_msg(LOG_FATAL, "Invalid value for db-ps-mode: %s", m);
			return NULL;
		}
		db_ps_disabled = m && strcmp(m, "disable") == 0;
	}
	/* Set here, under db_mu, before this thread can use a connection:
	 * workers read them unlocked afterwards. */
	if (db_debug_on < 0)
		db_debug_on = opt_get_bool("db-debug");
	if (db_stmt_stats < 0)
		db_stmt_stats = opt_get_bool("report-statements");
	if (!d->inited) {
		d->pub.sname = d->ops->name;
		d->pub.lname = d->ops->desc;
		d->pub.core = d;
		d->init_rc = d->ops->init ? d->ops->init() : 0;
		d->inited = 1;
	}
	pthread_mutex_unlock(&db_mu);
	if (d->init_rc)
		return NULL;
	if (db_co_active() && !(d->ops->caps & DB_CAP_NONBLOCK)) {
		static int warned;
		if (!__atomic_exchange_n(&warned, 1, __ATOMIC_RELAXED))
			log_msg(LOG_WARNING, "the %s driver has no nonblocking mode: under --connections each of its statements blocks the whole thread (its connections take turns)",
			        d->ops->name);
	}
	__atomic_store_n(&db_last, d, __ATOMIC_RELAXED);
	__atomic_store_n(&db_created, 1, __ATOMIC_RELAXED);
	return &d->pub;
}

int db_destroy(sql_driver *drv)
{
	(void)drv;   /* drivers live as long as the process */
	return 0;
}

/* Frees what db_conn_new made (and the error text, if any). */
static void db_conn_drop(sql_connection *c)
{
	free(((struct db_conn_core *)c->core)->errbuf);
	free(c);
}

/* A new, not yet connected connection object of driver drv. */
static sql_connection *db_conn_new(sql_driver *drv)
{
	sql_connection *c;
	struct db_conn_core *k;

	size_t size = (sizeof(*c) + sizeof(struct db_conn_core) + 63) / 64 * 64;

	if ((c = aligned_alloc(64, size)) != NULL)
		memset(c, 0, size);
	if (c == NULL) {
		log_msg(LOG_FATAL, "out of memory for a database connection");
		return NULL;
	}
	k = (struct db_conn_core *)(c + 1);
	c->driver = drv;
	c->core = k;
	db_no_error(c);
	k->rs.connection = c;
	k->seq = __atomic_fetch_add(&db_conn_seq, 1, __ATOMIC_RELAXED);
	k->nb_op = -1;
	return c;
}

sql_connection *db_connection_create(sql_driver *drv)
{
	sql_connection *c;
	struct db_driver *d = (struct db_driver *)drv;

	if (drv == NULL || (c = db_conn_new(drv)) == NULL)
		return NULL;
	if (d->ops->connect(c, ((struct db_conn_core *)c->core)->seq)) {
		db_conn_drop(c);
		return NULL;
	}
	return c;
}

sql_connection *db_connection_create_quiet(sql_driver *drv, char *msg, size_t len)
{
	sql_connection *c;
	struct db_driver *d = (struct db_driver *)drv;
	int rc;

	if (len)
		msg[0] = 0;
	if (drv == NULL || (c = db_conn_new(drv)) == NULL)
		return NULL;
	log_mute_thread(1);
	rc = d->ops->connect(c, ((struct db_conn_core *)c->core)->seq);
	log_mute_thread(0);
	if (rc) {
		if (len)
			snprintf(msg, len, "%s", c->sql_errmsg ? c->sql_errmsg : "");
		db_conn_drop(c);
		return NULL;
	}
	return c;
}

sql_connection *db_side_connection(char *msg, size_t len)
{
	struct db_driver *d = __atomic_load_n(&db_last, __ATOMIC_RELAXED);

	if (d == NULL) {
		if (len)
			snprintf(msg, len, "the workload opened no database connection");
		return NULL;
	}
	return db_connection_create_quiet(&d->pub, msg, len);
}

/* Forget the nonblocking operation in flight, if any (the connection was
 * closed: the driver freed its side). */
static void db_nb_drop(sql_connection *c)
{
	struct db_conn_core *k = c->core;
	if (k->nb_op == DB_NB_CONNECT || k->nb_op == DB_NB_RECONNECT ||
	    (k->nb_op == DB_NB_RECOVER && k->rec && k->rec->phase == DB_REC_CONNECTING))
		db_nb_connecting--;
	free(k->rec);
	k->rec = NULL;
	if (k->nb_st) {
		db_stmt_free(k->nb_st);
		k->nb_st = NULL;
	}
	k->nb_op = -1;
	k->nb_bulk = 0;
}

/* Drop the pending result, if any, and forget the row buffer's contents. */
static void db_release_result(sql_connection *c)
{
	struct db_conn_core *k = c->core;
	if (k->rs.ptr)
		db_conn_ops(c)->free_results(&k->rs);
	k->rs.ptr = NULL;
	k->rs.statement = NULL;
	if (k->state == DB_CONN_RESULT_SET)
		k->state = DB_CONN_READY;
}

/* Usable? Otherwise sysbench's ALERT and an API error. */
static inline bool db_usable(sql_connection *c)
{
	struct db_conn_core *k = c->core;
	if (__builtin_expect(k->state == DB_CONN_CLOSED, 0)) {
		log_msg(LOG_ALERT, "attempt to use an already closed connection");
		db_api_error(c);
		return false;
	}
	return true;
}

int db_connection_close(sql_connection *c)
{
	struct db_conn_core *k = c->core;
	if (k->state == DB_CONN_CLOSED) {
		log_msg(LOG_ALERT, "attempt to close an already closed connection");
		return 0;
	}
	db_release_result(c);
	db_conn_ops(c)->disconnect(c);
	db_co_forget();
	db_nb_drop(c);
	c->priv = NULL;
	free(k->bulk);
	k->bulk = NULL;
	k->state = DB_CONN_CLOSED;
	return 0;
}

void db_connection_free(sql_connection *c)
{
	struct db_conn_core *k;
	if (c == NULL)
		return;
	k = c->core;
	if (k->state != DB_CONN_CLOSED)
		db_connection_close(c);
	/* Statements a script never closed (a run that ended on a FATAL
	 * skips thread_done) go with their connection. */
	while (k->stmts)
		db_close(k->stmts->self);
	free(k->vals);
	db_conn_drop(c);
}

/* The end of a reconnect whose connect returned rc. */
static int db_reconnected(sql_connection *c, int rc)
{
	struct db_conn_core *k = c->core;
	if (rc) {
		c->priv = NULL;
		k->state = DB_CONN_CLOSED;
		stats_count(STATS_ERRORS, 1);
		return DB_ERROR_FATAL;
	}
	k->state = DB_CONN_READY;
	db_no_error(c);
	stats_count(STATS_RECONNECTS, 1);
	return 0;
}

int db_connection_reconnect(sql_connection *c)
{
	struct db_conn_core *k = c->core;
	int rc;

	if (k->state == DB_CONN_CLOSED) {
		log_msg(LOG_ALERT, "attempt to close an already closed connection");
		return 0;
	}
	db_release_result(c);
	db_conn_ops(c)->disconnect(c);
	db_co_forget();
	db_nb_drop(c);
	c->priv = NULL;
	rc = db_conn_ops(c)->connect(c, k->seq);
	return db_reconnected(c, rc);
}

/* The automatic reconnect's retries: about 15 s in all, pauses growing
 * from 0.1 s by 0.1 s to 0.9 s. */
#define DB_RECOVER_ATTEMPTS 20

/* The end of the automatic reconnect of c (ok: it worked): the restarted
 * event sees the original, ignorable error; or the connection is closed
 * (not usable, as after a failed explicit reconnect) with the original
 * error, now fatal. */
static void db_recovered(sql_connection *c, bool ok, int saved_errno, const char *state,
                         const char *msg)
{
	struct db_conn_core *k = c->core;
	if (!ok) {
		log_msg(LOG_FATAL, "lost the connection (%s) and could not reconnect: %s", msg,
		        c->sql_errmsg ? c->sql_errmsg : "");
		c->priv = NULL;
		k->state = DB_CONN_CLOSED;
		db_set_error(c, DB_ERROR_FATAL, saved_errno, state, msg);
		return;
	}
	k->state = DB_CONN_READY;
	stats_count(STATS_RECONNECTS, 1);
	db_set_error(c, DB_ERROR_IGNORABLE, saved_errno, state, msg);
}

static int db_recover_step(sql_connection *c);

/* After a lost connection whose error the ignore list makes ignorable,
 * reconnect so the restarted event has a connection again (the script's
 * before_restart_event hook re-prepares its statements, as sysbench's
 * oltp_common does). A server that restarts takes a few seconds: retry
 * with a growing pause, about 15 s in all, then give up as fatal. Under
 * --connections (nb) the connects and the pauses yield the coroutine:
 * the reconnect goes on as the operation DB_NB_RECOVER, continued by
 * db_nb_continue / db_nb_resume, and only this connection waits. */
static void db_recover(sql_connection *c, int rc, bool nb)
{
	struct db_conn_core *k = c->core;
	const struct db_driver_ops *o = db_conn_ops(c);
	int saved_errno = c->sql_errno, attempt;
	char state[6], msg[DB_ERRBUF];
	struct timespec pause = { 0, 100000000L };

	if ((rc != -ECONNRESET && rc != -ENOTCONN) || c->error != DB_ERROR_IGNORABLE)
		return;
	snprintf(state, sizeof(state), "%s", db_sql_state(c));
	snprintf(msg, sizeof(msg), "%s", k->errbuf ? k->errbuf : "");
	db_release_result(c);
	o->disconnect(c);
	db_co_forget();
	db_nb_drop(c);
	c->priv = NULL;
	if (nb && db_nb_can(o, o->connect_start != NULL)) {
		struct db_recovery *r = calloc(1, sizeof(*r));
		if (r != NULL) {
			r->pause_ns = 100000000L;
			r->saved_errno = saved_errno;
			memcpy(r->state, state, sizeof(state));
			memcpy(r->msg, msg, sizeof(msg));
			k->rec = r;
			k->nb_op = DB_NB_RECOVER;
			db_recover_step(c);
			return;
		}
	}
	log_mute_thread(1);
	for (attempt = 0; attempt < DB_RECOVER_ATTEMPTS; attempt++) {
		if (o->connect(c, k->seq) == 0)
			break;
		c->priv = NULL;
		nanosleep(&pause, NULL);
		if (pause.tv_nsec < 800000000L)
			pause.tv_nsec += 100000000L;
	}
	log_mute_thread(0);
	db_recovered(c, attempt < DB_RECOVER_ATTEMPTS, saved_errno, state, msg);
}

/* The attempt in flight ended with rc (0: connected): done, or the pause
 * before the next one. */
static int db_recover_attempted(sql_connection *c, int rc)
{
	struct db_conn_core *k = c->core;
	struct db_recovery *r = k->rec;
	bool ok = rc == 0;

	if (!ok) {
		c->priv = NULL;
		/* the driver closed the attempt's socket: the next one may get
		 * its number, which epoll no longer holds */
		db_co_forget();
		if (++r->attempt < DB_RECOVER_ATTEMPTS) {
			r->phase = DB_REC_PAUSED;
			db_co_wait(-1, 0, clock_now_ns() + r->pause_ns);
			if (r->pause_ns < 800000000L)
				r->pause_ns += 100000000L;
			return 1;
		}
	}
	k->rec = NULL;
	k->nb_op = -1;
	db_recovered(c, ok, r->saved_errno, r->state, r->msg);
	free(r);
	return 0;
}

/* One step of the automatic reconnect under --connections (k->rec):
 * 1 waiting (*the coroutine yields), 0 done (c's error fields final: the
 * original error, ignorable when reconnected, else fatal). The connect
 * lines of failed attempts are muted, as in the blocking loop; only
 * around this connection's own calls, so that the thread's other
 * connections still speak. */
static int db_recover_step(sql_connection *c)
{
	struct db_conn_core *k = c->core;
	struct db_recovery *r = k->rec;
	const struct db_driver_ops *o = db_conn_ops(c);
	struct db_wait w = { -1, 0, 0 };
	int rc;

	if (r->phase == DB_REC_CONNECTING) {
		log_mute_thread(1);
		rc = o->resume(c, NULL, &w);
		log_mute_thread(0);
		if (rc == 1) {
			db_co_wait(w.fd, w.write, w.deadline_ns);
			return 1;
		}
		db_nb_connecting--;
		r->phase = DB_REC_IDLE;
		return db_recover_attempted(c, rc);
	}
	/* a new attempt, when the thread has a connect slot (a server that
	 * restarted sees every connection come back at once) */
	if (db_nb_connecting >= DB_NB_CONNECTING_MAX) {
		r->phase = DB_REC_PAUSED;
		db_co_wait(-1, 0, clock_now_ns() + 1000000);
		return 1;
	}
	log_mute_thread(1);
	rc = o->connect_start(c, k->seq, &w);
	log_mute_thread(0);
	if (rc == 1) {
		db_nb_connecting++;
		r->phase = DB_REC_CONNECTING;
		db_co_wait(w.fd, w.write, w.deadline_ns);
		return 1;
	}
	return db_recover_attempted(c, rc);
}

/* ---- statements --------------------------------------------------------- */

static const char *const db_op_name[] = {
	[DB_OP_QUERY] = "query", [DB_OP_EXECUTE] = "execute",
	[DB_OP_PREPARE] = "prepare", [DB_OP_LOAD] = "load",
	[DB_OP_BIND] = "bind_param", [DB_OP_BIND_COUNT] = "bind_param",
};

/* A statement that failed because its table does not exist: MySQL's
 * 1146 (42S02), PostgreSQL's 42P01, SQLite's "no such table". */
static bool db_missing_table(const sql_connection *c)
{
	const char *st = db_sql_state(c);

	if (st && (strcmp(st, "42S02") == 0 || strcmp(st, "42P01") == 0))
		return true;
	return c->sql_errmsg && strncmp(c->sql_errmsg, "no such table", 13) == 0;
}

/* After the first missing table of the process, once: the usual cause. */
static void db_hint_missing_table(const sql_connection *c)
{
	static int said;

	if (db_missing_table(c) && !__atomic_exchange_n(&said, 1, __ATOMIC_RELAXED))
		log_msg(LOG_FATAL, "(a table is missing: run the same command with "
		        "'prepare' instead of 'run' first to create the tables)");
}

/* Log a failed operation: the driver's own lines (sysbench's wording)
 * where it has a log_error hook, else one generic line. Ignorable errors
 * are debug output only. */
static void db_report_error(sql_connection *c, int op, const char *sql, size_t len)
{
	const struct db_driver_ops *o = db_conn_ops(c);
	if (c->error == DB_ERROR_IGNORABLE) {
		log_msg(LOG_DEBUG, "Ignoring error %d (%s) %s for query '%.*s'", c->sql_errno,
		        db_sql_state(c), c->sql_errmsg ? c->sql_errmsg : "", (int)len, sql);
		return;
	}
	if (o->log_error && o->log_error(c, op, sql, len))
		;
	else if (c->sql_errno)
		log_msg(LOG_FATAL, "%s_drv_%s() returned error %d (%s) for query '%.*s'",
		        o->name, db_op_name[op], c->sql_errno, c->sql_errmsg ? c->sql_errmsg : "",
		        (int)len, sql);
	else
		log_msg(LOG_FATAL, "%s_drv_%s() returned error %s (%s) for query '%.*s'",
		        o->name, db_op_name[op], db_sql_state(c),
		        c->sql_errmsg ? c->sql_errmsg : "", (int)len, sql);
	db_hint_missing_table(c);
}

/* Count the statement as sysbench does (read: a result set, write: rows
 * changed, other) and set the connection's state. */
static inline void db_count(sql_connection *c, const sql_result *rs)
{
	struct db_conn_core *k = c->core;
	stats_count((enum stats_ctr)stats_sb_counter(rs->counter), 1);
	k->state = rs->counter == SB_CNT_READ ? DB_CONN_RESULT_SET : DB_CONN_READY;
}

/* Make k->rs ready for the next statement. */
static inline void db_result_reset(sql_connection *c, sql_statement *st)
{
	struct db_conn_core *k = c->core;
	db_release_result(c);
	k->rs.counter = SB_CNT_OTHER;
	k->rs.nrows = 0;
	k->rs.nfields = 0;
	k->rs.ptr = NULL;
	k->rs.statement = st;
}

/* One statement through the driver: what every path (query, server-side
 * execute, their nonblocking starts, bulk load) does around the driver's
 * call is db_begin before it and db_finish after it. */
struct db_call {
	int op;                 /* DB_OP_QUERY, DB_OP_EXECUTE or DB_OP_LOAD */
	const char *sql;        /* its text, for the debug line and errors */
	size_t len;
	int kind;               /* statement kind; < 0: classify sql */
	int64_t t0;             /* its start when timed (--report-statements); 0: not */
	int nb;                 /* a nonblocking call (--connections): a lost
	                         * connection's reconnect yields (db_recover) */
};

/* The start of statement call on c (st: the statement it executes, or
 * NULL): the previous result dropped, the --db-debug line, the start time. */
static inline void db_begin(sql_connection *c, sql_statement *st, struct db_call *call)
{
	db_result_reset(c, st);
	if (db_debug())
		log_msg(LOG_NOTICE, "DEBUG: %s: %.*s",
		        call->op == DB_OP_EXECUTE ? "Execute" : "Query", (int)call->len, call->sql);
	call->t0 = db_stmt_recorder() ? clock_now_ns() : 0;
}

/* The end of statement call whose driver call returned rc: its statistics
 * (when timed), counters, errors. */
static sql_result *db_finish(sql_connection *c, int rc, const struct db_call *call)
{
	struct db_conn_core *k = c->core;
	struct stats_thread *t = call->t0 ? db_stmt_recorder() : NULL;
	if (t)
		db_stmt_done(t, call->kind, call->sql, call->len, call->t0, rc == 0);
	if (rc) {
		if (c->error == DB_ERROR_NONE)
			c->error = DB_ERROR_FATAL;
		db_report_error(c, call->op, call->sql, call->len);
		db_recover(c, rc, call->nb);
		return NULL;
	}
	db_no_error(c);
	db_count(c, &k->rs);
	return &k->rs;
}

/* db_query for a statement of a known kind (< 0: classify if needed). */
static sql_result *db_query_kind(sql_connection *c, const char *sql, size_t len, int kind)
{
	struct db_conn_core *k = c->core;
	struct db_call call = { DB_OP_QUERY, sql, len, kind, 0, 0 };

	db_begin(c, NULL, &call);
	return db_finish(c, db_conn_ops(c)->query(c, sql, len, &k->rs), &call);
}

sql_result *db_query(sql_connection *c, const char *sql, size_t len)
{
	if (!db_usable(c))
		return NULL;
	return db_query_kind(c, sql, len, -1);
}

/* The start of a bulk load on c: 0, or as db_load (no driver call). */
static int db_load_begin(sql_connection *c, const char *table, const char *cols, size_t len)
{
	const struct db_driver_ops *o;

	if (!db_usable(c))
		return -1;
	o = db_conn_ops(c);
	if (!(o->caps & DB_CAP_LOAD))
		return 1;
	db_result_reset(c, NULL);
	if (db_debug())
		log_msg(LOG_NOTICE, "DEBUG: Load: %zu bytes into %s (%s)", len, table, cols);
	return 0;
}

/* The end of a bulk load of len bytes into table whose driver call
 * returned rc: as db_load. nb: a nonblocking call. */
static int db_load_end(sql_connection *c, int rc, const char *table, const char *cols,
                       size_t len, int nb)
{
	const struct db_driver_ops *o = db_conn_ops(c);
	char what[256];
	/* not timed: a bulk load is no statement of --report-statements */
	struct db_call call = { DB_OP_LOAD, what, 0, -1, 0, nb };

	if (rc == -ENOTSUP) {
		log_msg(LOG_INFO, "%s: the server refuses bulk loading (%s); using INSERT",
		        o->name, c->sql_errmsg ? c->sql_errmsg : "");
		db_no_error(c);
		return 1;
	}
	if (rc) {
		snprintf(what, sizeof(what), "bulk load of %zu bytes into %s (%s)", len, table, cols);
		call.len = strlen(what);
	}
	return db_finish(c, rc, &call) ? 0 : -1;
}

int db_load(sql_connection *c, const char *table, const char *cols, const char *data, size_t len)
{
	struct db_conn_core *k = c->core;
	int rc = db_load_begin(c, table, cols, len);

	if (rc)
		return rc;
	rc = db_conn_ops(c)->load(c, table, cols, data, len, &k->rs);
	return db_load_end(c, rc, table, cols, len, 0);
}

/* 1 when a backslash escapes the next character inside '...' and "..." on
 * c's driver (DB_CAP_BACKSLASH_ESC: MySQL's rule); else the standard rule. */
static int db_backslash_esc(sql_connection *c)
{
	return (db_conn_ops(c)->caps & DB_CAP_BACKSLASH_ESC) != 0;
}

static int db_ident_char(char ch)
{
	return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
	       (ch >= '0' && ch <= '9') || ch == '_' || ch == '$' || (ch & 0x80);
}

size_t db_sql_quoted_end(const char *s, size_t len, size_t i, int bs)
{
	char q = s[i];
	int esc = q != '`' && (bs || (q == '\'' && i > 0 && (s[i - 1] == 'E' || s[i - 1] == 'e') &&
	                              (i < 2 || !db_ident_char(s[i - 2]))));

	for (i++; i < len; i++) {
		if (esc && s[i] == '\\' && i + 1 < len) {
			i++;
		} else if (s[i] == q) {
			if (i + 1 < len && s[i + 1] == q)
				i++;            /* doubled: still inside */
			else
				return i;
		}
	}
	return len;
}

static int db_is_quote(char ch)
{
	return ch == '\'' || ch == '"' || ch == '`';
}

/* '?' placeholders outside quoted literals. */
static unsigned db_count_placeholders(const char *s, size_t len, int bs)
{
	unsigned n = 0;
	size_t i;
	for (i = 0; i < len; i++) {
		if (db_is_quote(s[i]))
			i = db_sql_quoted_end(s, len, i, bs);
		else if (s[i] == '?')
			n++;
	}
	return n;
}

const sql_bind *db_stmt_params(const sql_statement *st, unsigned *n)
{
	const struct db_stmt_core *k = st->core;
	*n = k->nparams;
	return k->params;
}

unsigned db_stmt_nparams(const sql_statement *st)
{
	return ((const struct db_stmt_core *)st->core)->nparams;
}

void db_stmt_set_nparams(sql_statement *st, unsigned n)
{
	((struct db_stmt_core *)st->core)->nparams = n;
}

static void db_stmt_free(sql_statement *st)
{
	struct db_stmt_core *k = st->core;
	struct db_conn_core *ck = st->connection->core;
	if (k->prev)
		k->prev->next = k->next;
	else if (ck->stmts == k)
		ck->stmts = k->next;
	if (k->next)
		k->next->prev = k->prev;
	free(k->sql);
	free(k->buf);
	free(k->params);
	free(st);
}

/* A new statement object for sql on c (not prepared, not listed). */
static sql_statement *db_stmt_new(sql_connection *c, const char *sql, size_t len)
{
	sql_statement *st;
	struct db_stmt_core *k;

	size_t size = (sizeof(*st) + sizeof(struct db_stmt_core) + 63) / 64 * 64;

	if ((st = aligned_alloc(64, size)) == NULL)
		return NULL;
	memset(st, 0, size);
	k = (struct db_stmt_core *)(st + 1);
	st->core = k;
	st->connection = c;
	k->nparams = db_count_placeholders(sql, len, db_backslash_esc(c));
	k->sql = malloc(len + 1);
	if (k->sql == NULL) {
		free(st);
		return NULL;
	}
	memcpy(k->sql, sql, len);
	k->sql[len] = 0;
	k->sql_len = len;
	k->kind = (int)db_stmt_classify(sql, len);
	return st;
}

/* Server-side preparing is wanted on c's driver. */
static inline bool db_ps_server(const struct db_driver_ops *o)
{
	return !db_ps_disabled && (o->caps & DB_CAP_PREPARED);
}

/* The end of preparing st, whose driver call returned rc: st listed on
 * its connection, or NULL (st freed) after a failure. */
static sql_statement *db_stmt_prepared(sql_connection *c, sql_statement *st, int rc)
{
	struct db_stmt_core *k = st->core;
	struct db_conn_core *ck = c->core;

	if (rc && rc != -ENOTSUP) {
		if (c->error == DB_ERROR_NONE)
			c->error = DB_ERROR_FATAL;
		db_report_error(c, DB_OP_PREPARE, k->sql, k->sql_len);
		/* sysbench: a failed prepare is an API error ("SQL API
		 * error"); an ignorable one keeps its SQL error so that the
		 * event restarts */
		if (c->error == DB_ERROR_FATAL)
			db_api_error(c);
		db_stmt_free(st);
		return NULL;
	}
	if (rc == -ENOTSUP)
		st->priv = NULL;
	db_no_error(c);
	k->self = st;
	k->next = ck->stmts;
	if (k->next)
		k->next->prev = k;
	ck->stmts = k;
	return st;
}

sql_statement *db_prepare(sql_connection *c, const char *sql, size_t len)
{
	const struct db_driver_ops *o;
	sql_statement *st;
	int rc = 0;

	if (!db_usable(c))
		return NULL;
	o = db_conn_ops(c);
	if ((st = db_stmt_new(c, sql, len)) == NULL)
		return NULL;
	if (db_ps_server(o)) {
		if (db_debug())
			log_msg(LOG_NOTICE, "DEBUG: Prepare: %.*s", (int)len, sql);
		rc = o->prepare(st, sql, len);
	}
	return db_stmt_prepared(c, st, rc);
}

int db_bind_param(sql_statement *st, sql_bind *params, size_t n)
{
	sql_connection *c = st->connection;
	struct db_stmt_core *k = st->core;
	const struct db_driver_ops *o;
	sql_bind *copy;

	if (!db_usable(c))
		return 1;
	o = db_conn_ops(c);
	if (n != k->nparams) {
		if (!(st->priv && o->log_error && o->log_error(c, DB_OP_BIND_COUNT, k->sql, n))) {
			log_msg(LOG_FATAL, "wrong number of parameters in prepared statement");
			log_msg(LOG_FATAL, "counted: %u, passed to bind_param(): %zu", k->nparams, n);
		}
		return 1;
	}
	copy = malloc((n ? n : 1) * sizeof(*copy));
	if (copy == NULL)
		return 1;
	if (n)
		memcpy(copy, params, n * sizeof(*copy));
	free(k->params);
	k->params = copy;
	if (st->priv && o->bind_param) {
		int rc = o->bind_param(st);
		/* drivers may prepare lazily here: report what the server said */
		if (rc) {
			if (c->error == DB_ERROR_NONE)
				db_set_error(c, DB_ERROR_FATAL, 0, "", "cannot bind the parameters");
			db_report_error(c, DB_OP_BIND, k->sql, k->sql_len);
			return 1;
		}
	}
	return 0;
}

int db_bind_result(sql_statement *st, sql_bind *results, size_t n)
{
	(void)results;
	(void)n;
	if (!db_usable(st->connection))
		return 1;
	log_msg(LOG_ALERT, "binding results is not supported: fetch rows with db_fetch_row()");
	return 1;
}

static int db_buf_reserve(struct db_stmt_core *k, size_t need)
{
	char *nb;
	size_t cap;
	if (need <= k->buf_cap)
		return 0;
	cap = k->buf_cap ? k->buf_cap : 256;
	while (cap < need)
		cap *= 2;
	nb = realloc(k->buf, cap);
	if (nb == NULL)
		return -ENOMEM;
	k->buf = nb;
	k->buf_cap = cap;
	return 0;
}

/* Expand the placeholders with the bound values as SQL literals. */
static int db_expand(sql_statement *st, size_t *out_len)
{
	struct db_stmt_core *k = st->core;
	const struct db_driver_ops *o = db_conn_ops(st->connection);
	size_t i, pos = 0;
	unsigned p = 0;
	int bs = db_backslash_esc(st->connection);

	for (i = 0; i < k->sql_len; i++) {
		char ch = k->sql[i];
		if (db_buf_reserve(k, pos + 64))
			return -ENOMEM;
		if (db_is_quote(ch)) {
			/* a literal as it is, by db_count_placeholders' rule */
			size_t end = db_sql_quoted_end(k->sql, k->sql_len, i, bs);
			size_t n = (end < k->sql_len ? end + 1 : end) - i;
			if (db_buf_reserve(k, pos + n + 64))
				return -ENOMEM;
			memcpy(k->buf + pos, k->sql + i, n);
			pos += n;
			i += n - 1;
			continue;
		}
		if (ch != '?' || k->params == NULL || p >= k->nparams) {
			k->buf[pos++] = ch;
			continue;
		}
		{
			const sql_bind *b = &k->params[p++];
			if ((b->is_null && *b->is_null) || b->buffer == NULL) {
				pos += (size_t)sprintf(k->buf + pos, "NULL");
				continue;
			}
			switch (b->type) {
			case SQL_TYPE_TINYINT:
				pos += (size_t)sprintf(k->buf + pos, "%d", *(int8_t *)b->buffer);
				break;
			case SQL_TYPE_SMALLINT:
				pos += (size_t)sprintf(k->buf + pos, "%d", *(int16_t *)b->buffer);
				break;
			case SQL_TYPE_INT:
				pos += (size_t)sprintf(k->buf + pos, "%" PRId32, *(int32_t *)b->buffer);
				break;
			case SQL_TYPE_BIGINT:
				pos += (size_t)sprintf(k->buf + pos, "%" PRId64, *(int64_t *)b->buffer);
				break;
			case SQL_TYPE_FLOAT:
			case SQL_TYPE_DOUBLE: {
				/* sysbench 1.0.20's text: "%f", 6 decimals (so
				 * |v| < 5e-7 goes as 0.000000; server-side
				 * prepared statements keep every bit), up to 317
				 * characters (-DBL_MAX) */
				double dv = b->type == SQL_TYPE_FLOAT ? *(float *)b->buffer
				                                      : *(double *)b->buffer;
				int n = snprintf(NULL, 0, "%f", dv);
				if (n < 0 || db_buf_reserve(k, pos + (size_t)n + 64))
					return -ENOMEM;
				pos += (size_t)sprintf(k->buf + pos, "%f", dv);
				break;
			}
			default: {
				size_t dl = b->data_len ? *b->data_len : b->max_len;
				if (db_buf_reserve(k, pos + 2 * dl + 3))
					return -ENOMEM;
				k->buf[pos++] = '\'';
				pos += o->escape(st->connection, k->buf + pos, b->buffer, dl);
				k->buf[pos++] = '\'';
				break;
			}
			}
		}
	}
	*out_len = pos;
	return 0;
}

sql_result *db_execute(sql_statement *st)
{
	sql_connection *c = st->connection;
	struct db_conn_core *ck = c->core;
	struct db_stmt_core *k = st->core;
	struct db_call call = { DB_OP_EXECUTE, k->sql, k->sql_len, k->kind, 0, 0 };
	size_t len;

	if (!db_usable(c))
		return NULL;
	if (st->priv == NULL) {
		sql_result *rs;
		if (db_expand(st, &len)) {
			db_set_error(c, DB_ERROR_FATAL, 0, "", "out of memory");
			return NULL;
		}
		rs = db_query_kind(c, k->buf, len, k->kind);
		if (rs)
			rs->statement = st;
		return rs;
	}
	db_begin(c, st, &call);
	return db_finish(c, db_conn_ops(c)->execute(st, &ck->rs), &call);
}

/* ---- nonblocking statements (--connections) ------------------------------ */

#define DB_NB_WAIT ((sql_result *)1)

/* A driver call that returned rc (1: wait for *w). */
static sql_result *db_nb_step(sql_connection *c, int rc, const struct db_wait *w)
{
	struct db_conn_core *k = c->core;
	int op = k->nb_op;
	struct db_call call = { op, k->nb_sql, k->nb_len, k->nb_kind, k->nb_t0, 1 };
	sql_result *rs;
	if (rc == 1) {
		db_co_wait(w->fd, w->write, w->deadline_ns);
		return DB_NB_WAIT;
	}
	k->nb_op = -1;
	rs = db_finish(c, rc, &call);
	if (k->nb_op == DB_NB_RECOVER)
		return DB_NB_WAIT;   /* the connection was lost: reconnecting */
	if (k->nb_bulk) {
		/* a bulk insert's rows went: start collecting the next ones */
		k->nb_bulk = 0;
		if (rs) {
			db_release_result(c);
			k->bulk_len = k->bulk_head;
			k->bulk_rows = 0;
		}
	}
	return rs;
}

/* Start a statement on c: execute st when `exec`, else the query sql
 * (for the emulated statement st, or st NULL). */
static sql_result *db_nb_start(sql_connection *c, sql_statement *st, int exec,
                               const char *sql, size_t len, int kind)
{
	struct db_conn_core *k = c->core;
	const struct db_driver_ops *o = db_conn_ops(c);
	struct db_wait w = { -1, 0, 0 };
	struct db_call call = { exec ? DB_OP_EXECUTE : DB_OP_QUERY, sql, len, kind, 0, 1 };
	int rc;

	db_begin(c, st, &call);
	if (!exec)
		st = NULL;
	k->nb_op = call.op;
	k->nb_kind = kind;
	k->nb_sql = sql;
	k->nb_len = len;
	k->nb_t0 = call.t0;
	rc = st ? o->execute_start(st, &k->rs, &w) : o->query_start(c, sql, len, &k->rs, &w);
	return db_nb_step(c, rc, &w);
}

sql_result *db_query_nb(sql_connection *c, const char *sql, size_t len)
{
	if (!db_usable(c))
		return NULL;
	if (!(db_conn_ops(c)->caps & DB_CAP_NONBLOCK))
		return db_query_kind(c, sql, len, -1);
	return db_nb_start(c, NULL, 0, sql, len, -1);
}

sql_result *db_execute_nb(sql_statement *st)
{
	sql_connection *c = st->connection;
	struct db_stmt_core *k = st->core;
	size_t len;

	if (!(db_conn_ops(c)->caps & DB_CAP_NONBLOCK) || !db_usable(c))
		return db_execute(st);
	if (st->priv)
		return db_nb_start(c, st, 1, k->sql, k->sql_len, k->kind);
	/* emulated: the expanded text as a query */
	if (db_expand(st, &len)) {
		db_set_error(c, DB_ERROR_FATAL, 0, "", "out of memory");
		return NULL;
	}
	return db_nb_start(c, st, 0, k->buf, len, k->kind);
}

sql_result *db_nb_resume(sql_connection *c)
{
	struct db_conn_core *k = c->core;
	struct db_wait w = { -1, 0, 0 };
	if (k->nb_op == DB_NB_RECOVER)
		return db_recover_step(c) ? DB_NB_WAIT : NULL;
	if (k->nb_op != DB_OP_QUERY && k->nb_op != DB_OP_EXECUTE) {
		log_msg(LOG_ALERT, "db_nb_resume(): no statement in flight");
		db_api_error(c);
		return NULL;
	}
	return db_nb_step(c, db_conn_ops(c)->resume(c, &k->rs, &w), &w);
}

/* Wait for *w with operation op in flight on c: 1. */
static int db_nb_wait(sql_connection *c, int op, const struct db_wait *w)
{
	((struct db_conn_core *)c->core)->nb_op = op;
	db_co_wait(w->fd, w->write, w->deadline_ns);
	return 1;
}

sql_connection *db_connection_create_nb(sql_driver *drv)
{
	struct db_driver *d = (struct db_driver *)drv;
	struct db_wait w = { -1, 0, 0 };
	sql_connection *c;
	int rc;

	if (drv == NULL || !db_nb_can(d->ops, d->ops->connect_start != NULL))
		return db_connection_create(drv);
	if ((c = db_conn_new(drv)) == NULL)
		return NULL;
	rc = d->ops->connect_start(c, ((struct db_conn_core *)c->core)->seq, &w);
	if (rc == 1) {
		db_nb_connecting++;
		db_nb_wait(c, DB_NB_CONNECT, &w);
		return c;
	}
	if (rc) {
		db_conn_drop(c);
		return NULL;
	}
	return c;
}

int db_connection_reconnect_nb(sql_connection *c)
{
	struct db_conn_core *k = c->core;
	const struct db_driver_ops *o = db_conn_ops(c);
	struct db_wait w = { -1, 0, 0 };
	int rc;

	if (k->state == DB_CONN_CLOSED || !db_nb_can(o, o->connect_start != NULL))
		return db_connection_reconnect(c);
	db_release_result(c);
	o->disconnect(c);
	db_co_forget();
	db_nb_drop(c);
	c->priv = NULL;
	rc = o->connect_start(c, k->seq, &w);
	if (rc == 1) {
		db_nb_connecting++;
		return db_nb_wait(c, DB_NB_RECONNECT, &w);
	}
	return db_reconnected(c, rc);
}

int db_nb_connect_busy(void)
{
	if (db_nb_connecting < DB_NB_CONNECTING_MAX)
		return 0;
	db_co_wait(-1, 0, clock_now_ns() + 1000000);   /* look again in 1 ms */
	return 1;
}

sql_statement *db_prepare_nb(sql_connection *c, const char *sql, size_t len)
{
	const struct db_driver_ops *o;
	struct db_conn_core *k = c->core;
	struct db_wait w = { -1, 0, 0 };
	sql_statement *st;
	int rc;

	if (!db_usable(c))
		return NULL;
	o = db_conn_ops(c);
	if (!db_ps_server(o) || !db_nb_can(o, o->prepare_start != NULL))
		return db_prepare(c, sql, len);
	if ((st = db_stmt_new(c, sql, len)) == NULL)
		return NULL;
	if (db_debug())
		log_msg(LOG_NOTICE, "DEBUG: Prepare: %.*s", (int)len, sql);
	rc = o->prepare_start(st, sql, len, &w);
	if (rc == 1) {
		k->nb_st = st;
		db_nb_wait(c, DB_OP_PREPARE, &w);
		return st;
	}
	return db_stmt_prepared(c, st, rc);
}

/* The driver's ABI 5 hook h, or NULL. */
#define DB_HOOK5(o, h) ((o)->abi >= 5 ? (o)->h : NULL)

int db_close_nb(sql_statement *st)
{
	sql_connection *c;
	struct db_conn_core *ck;
	const struct db_driver_ops *o;
	struct db_wait w = { -1, 0, 0 };

	if (st == NULL)
		return 0;
	c = st->connection;
	ck = c->core;
	o = db_conn_ops(c);
	if (st->priv == NULL || ck->state == DB_CONN_CLOSED || ck->nb_op >= 0 ||
	    !db_nb_can(o, DB_HOOK5(o, close_start) != NULL))
		return db_close(st);
	if (ck->rs.statement == st)
		db_release_result(c);
	if (o->close_start(st, &w) == 1) {
		/* freed when the reply is there, or with the connection */
		ck->nb_st = st;
		return db_nb_wait(c, DB_NB_CLOSE, &w);
	}
	db_stmt_free(st);
	return 0;
}

/* A bulk load in flight: what its end needs. */
struct db_load_nb {
	const char *table, *cols;
	size_t len;
};

int db_load_nb(sql_connection *c, const char *table, const char *cols, const char *data,
               size_t len)
{
	struct db_conn_core *k = c->core;
	const struct db_driver_ops *o = db_conn_ops(c);
	struct db_wait w = { -1, 0, 0 };
	int rc;

	if (!db_nb_can(o, DB_HOOK5(o, load_start) != NULL))
		return db_load(c, table, cols, data, len);
	if ((rc = db_load_begin(c, table, cols, len)) != 0)
		return rc;
	rc = o->load_start(c, table, cols, data, len, &k->rs, &w);
	if (rc == 1) {
		/* the Lua caller keeps table and cols alive while it waits */
		k->nb_sql = table;
		k->nb_load_cols = cols;
		k->nb_len = len;
		db_nb_wait(c, DB_OP_LOAD, &w);
		return 2;
	}
	return db_load_end(c, rc, table, cols, len, 1);
}

int db_nb_waiting(const sql_connection *c)
{
	return ((const struct db_conn_core *)c->core)->nb_op >= 0;
}

int db_nb_continue(sql_connection *c)
{
	struct db_conn_core *k = c->core;
	const struct db_driver_ops *o = db_conn_ops(c);
	struct db_wait w = { -1, 0, 0 };
	sql_statement *st;
	sql_result *rs;
	int op = k->nb_op, rc;

	switch (op) {
	case -1:
		return 0;
	case DB_OP_QUERY:
	case DB_OP_EXECUTE:
	case DB_NB_RECOVER:
		rs = db_nb_resume(c);
		return rs == DB_NB_WAIT ? 1 : rs ? 0 : -1;
	case DB_OP_LOAD:
		rc = o->resume(c, &k->rs, &w);
		if (rc == 1)
			return db_nb_wait(c, op, &w);
		k->nb_op = -1;
		rc = db_load_end(c, rc, k->nb_sql, k->nb_load_cols, k->nb_len, 1);
		/* a lost connection: reconnecting (then -1, or 2 if refused) */
		if (k->nb_op == DB_NB_RECOVER)
			return 1;
		return rc == 1 ? 2 : rc;
	default:
		break;
	}
	rc = o->resume(c, NULL, &w);
	if (rc == 1)
		return db_nb_wait(c, op, &w);
	k->nb_op = -1;
	if (op == DB_NB_CONNECT || op == DB_NB_RECONNECT)
		db_nb_connecting--;
	if (rc && (op == DB_NB_CONNECT || op == DB_NB_RECONNECT))
		db_co_forget();   /* the driver closed the failed connect's socket */
	switch (op) {
	case DB_NB_CONNECT:
		if (rc) {
			c->priv = NULL;
			k->state = DB_CONN_CLOSED;   /* nothing to disconnect */
			return -1;
		}
		return 0;
	case DB_NB_RECONNECT:
		return db_reconnected(c, rc) ? -1 : 0;
	case DB_OP_PREPARE:
		st = k->nb_st;
		k->nb_st = NULL;
		return db_stmt_prepared(c, st, rc) ? 0 : -1;
	case DB_NB_CLOSE:
		st = k->nb_st;
		k->nb_st = NULL;
		db_stmt_free(st);
		return 0;
	default:
		return -1;
	}
}

int db_close(sql_statement *st)
{
	sql_connection *c;
	struct db_conn_core *ck;
	if (st == NULL)
		return 0;
	c = st->connection;
	ck = c->core;
	if (st->priv) {
		if (ck->rs.statement == st)
			db_release_result(c);
		/* on a closed connection the driver's statement is already
		 * detached from the server: close frees the client side only */
		db_conn_ops(c)->close(st);
	} else if (ck->rs.statement == st) {
		ck->rs.statement = NULL;
	}
	db_stmt_free(st);
	return 0;
}

sql_row *db_fetch_row(sql_result *rs)
{
	sql_connection *c;
	struct db_conn_core *k;
	int rc;

	if (rs == NULL)
		return NULL;
	c = rs->connection;
	k = c->core;
	if (k->state == DB_CONN_CLOSED) {
		log_msg(LOG_ALERT, "attempt to use an already closed connection");
		return NULL;
	}
	if (k->state != DB_CONN_RESULT_SET || rs != &k->rs) {
		log_msg(LOG_ALERT, "attempt to fetch row from an invalid result set");
		return NULL;
	}
	if (rs->nrows == 0 || rs->nfields == 0) {
		log_msg(LOG_ALERT, "attempt to fetch row from an empty result set");
		return NULL;
	}
	if (rs->nfields > k->vcap) {
		sql_value *v = realloc(k->vals, rs->nfields * sizeof(*v));
		if (v == NULL)
			return NULL;
		k->vals = v;
		k->vcap = rs->nfields;
	}
	rs->row.values = k->vals;
	rc = db_conn_ops(c)->fetch_row(rs, &rs->row);
	return rc == 1 ? &rs->row : NULL;
}

int db_free_results(sql_result *rs)
{
	sql_connection *c;
	struct db_conn_core *k;

	if (rs == NULL)
		return 1;
	c = rs->connection;
	k = c->core;
	if (k->state == DB_CONN_CLOSED) {
		log_msg(LOG_ALERT, "attempt to use an already closed connection");
		return 1;
	}
	if (k->state != DB_CONN_RESULT_SET || rs != &k->rs) {
		log_msg(LOG_ALERT, "attempt to free an invalid result set");
		return 1;
	}
	db_release_result(c);
	rs->nrows = 0;
	rs->nfields = 0;
	return 0;
}

/* ---- bulk insert (sysbench's multi-row INSERT) -------------------------- */

int db_bulk_insert_init(sql_connection *c, const char *query, size_t len)
{
	struct db_conn_core *k = c->core;

	if (!db_usable(c))
		return 0;
	db_release_result(c);
	if (len + 1 > DB_BULK_MAX) {
		log_msg(LOG_FATAL, "Query length exceeds the maximum value (%u), aborting",
		        (unsigned)DB_BULK_MAX);
		return 1;
	}
	if (k->bulk == NULL && (k->bulk = malloc(DB_BULK_MAX)) == NULL)
		return 1;
	memcpy(k->bulk, query, len);
	k->bulk_len = k->bulk_head = len;
	k->bulk_rows = 0;
	return 0;
}

/* Send the rows collected so far. 0, or 1 with c's error set. */
static int db_bulk_flush(sql_connection *c)
{
	struct db_conn_core *k = c->core;
	if (k->bulk_rows == 0)
		return 0;
	k->bulk[k->bulk_len] = 0;
	if (db_query_kind(c, k->bulk, k->bulk_len, STATS_STMT_INSERT) == NULL)
		return 1;
	db_release_result(c);
	k->bulk_len = k->bulk_head;
	k->bulk_rows = 0;
	return 0;
}

int db_bulk_insert_next(sql_connection *c, const char *query, size_t len)
{
	struct db_conn_core *k = c->core;
	size_t need;

	if (!db_usable(c))
		return 0;
	db_release_result(c);
	c->error = DB_ERROR_NONE;
	if (k->bulk == NULL) {
		log_msg(LOG_ALERT, "attempt to call bulk_insert_next() before bulk_insert_init()");
		return 1;
	}
	/* room for the separator and the terminating NUL */
	need = len + 1 + (k->bulk_rows > 0);
	if (k->bulk_len + need > DB_BULK_MAX) {
		if (k->bulk_rows == 0) {
			log_msg(LOG_FATAL, "Query length exceeds the maximum value (%u), aborting",
			        (unsigned)DB_BULK_MAX);
			return 1;
		}
		if (db_bulk_flush(c))
			return 1;
	}
	if (k->bulk_rows > 0)
		k->bulk[k->bulk_len++] = ',';
	memcpy(k->bulk + k->bulk_len, query, len);
	k->bulk_len += len;
	k->bulk_rows++;
	return 0;
}

int db_bulk_insert_full(sql_connection *c, size_t len)
{
	struct db_conn_core *k = c->core;
	/* as db_bulk_insert_next: the row, a separator and the NUL */
	return k->bulk != NULL && k->bulk_rows > 0 && k->bulk_len + len + 2 > DB_BULK_MAX;
}

int db_bulk_flush_nb(sql_connection *c)
{
	struct db_conn_core *k = c->core;
	sql_result *rs;

	if (k->state == DB_CONN_CLOSED || k->bulk == NULL || k->bulk_rows == 0)
		return 0;
	c->error = DB_ERROR_NONE;
	if (!(db_conn_ops(c)->caps & DB_CAP_NONBLOCK))
		return db_bulk_flush(c) ? -1 : 0;
	k->bulk[k->bulk_len] = 0;
	k->nb_bulk = 1;
	rs = db_nb_start(c, NULL, 0, k->bulk, k->bulk_len, STATS_STMT_INSERT);
	return rs == DB_NB_WAIT ? 1 : rs ? 0 : -1;
}

int db_bulk_insert_done(sql_connection *c)
{
	struct db_conn_core *k = c->core;

	if (k->state == DB_CONN_CLOSED || k->bulk == NULL)
		return 0;
	c->error = DB_ERROR_NONE;
	if (db_bulk_flush(c))
		return 1;
	free(k->bulk);
	k->bulk = NULL;
	return 0;
}

void db_count_ignored_error(void)
{
	stats_count(STATS_ERRORS, 1);
}
