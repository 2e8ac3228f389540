/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * driver: the database driver plug-in interface and the shared layer above
 * the drivers (registry, options, statement counting, error reporting,
 * client-side emulation of prepared statements).
 *
 * A driver fills one struct db_driver_ops (designated initialisers) and is
 * registered once at start-up; db_register() checks the ABI version and the
 * required hooks. The Lua-facing types (sql_connection, sql_statement,
 * sql_result, sql_bind, sql_row: sysbench's names and layouts) and
 * functions are declared in ffi/db.h.
 *
 * Threads: a connection and its statements/results are used by one thread
 * at a time. Driver hooks other than init/done must be thread-safe across
 * different connections.
 */
#ifndef BENCH_DB_DRIVER_H
#define BENCH_DB_DRIVER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "ffi/core.h"
#include "ffi/db.h"
#include "opt/opt.h"

#define DB_DRIVER_ABI 6   /* 2: the load hook; 3: sysbench's types;
                           * 4: the nonblocking hooks (optional: a driver
                           * built for 3 still registers); 5: nonblocking
                           * close and load (read only from abi >= 5);
                           * 6: server counters and server_info (optional,
                           * read only from abi >= 6) */

/* Capabilities (bit flags; never compare names). */
#define DB_CAP_PREPARED     0x1   /* server-side prepared statements */
#define DB_CAP_MULTI_ROW    0x2   /* INSERT ... VALUES (...),(...) */
#define DB_CAP_LOAD         0x4   /* the load hook: the server's bulk path */
#define DB_CAP_NONBLOCK     0x8   /* query_start, execute_start, resume */
#define DB_CAP_BACKSLASH_ESC 0x10 /* in '...' and "..." a backslash escapes
                                   * the next character (MySQL); without it
                                   * the standard rule (a doubled quote only;
                                   * PostgreSQL's E'...' keeps backslashes),
                                   * for emulated statements' placeholders */

/* What a nonblocking call waits for before it can go on. */
struct db_wait {
	int fd;          /* the connection's socket */
	int write;       /* 0: readable, 1: writable */
	int64_t deadline_ns;  /* clock_now_ns() time to resume at even if the
	                       * socket is not ready (a connect timeout); 0:
	                       * none. The driver checks the clock itself. */
};

/* server_info's callback: one key and its value (both copied). */
typedef void (*db_info_add_fn)(void *ud, const char *key, const char *value);

/* A server counter (src/observe, --server-stats): a figure the server
 * keeps, named as the server names it (MySQL's status variable
 * "Innodb_data_fsyncs", PostgreSQL's "pg_stat_database.blks_read"). */
#define DB_CTR_GAUGE 0x1   /* a level read at each sample (Threads_running),
                            * not a monotonic count */
#define DB_CTR_BYTES 0x2   /* counts bytes: the text line shows MB/s */
struct db_counter_def {
	const char *name;
	const char *label;      /* its name in --server-stats-line's text line
	                         * (a rate "/s" unless a gauge); NULL: json only */
	unsigned flags;         /* DB_CTR_* */
};

/* What failed, for the log_error hook. */
enum db_op {
	DB_OP_QUERY,
	DB_OP_EXECUTE,
	DB_OP_PREPARE,
	DB_OP_LOAD,
	DB_OP_BIND,        /* the driver refused the bound parameters */
	DB_OP_BIND_COUNT   /* misuse: len = the parameters given, sql NULL */
};

struct db_driver_ops {
	unsigned abi;                 /* DB_DRIVER_ABI */
	const char *name;             /* "mysql" */
	const char *desc;             /* "MySQL driver" */
	unsigned caps;                /* DB_CAP_* */
	const struct opt_def *opts;   /* this driver's options, group "<name> options" */
	unsigned nopts;

	/* Once, after the options are final and before any connect: read and
	 * check the options. 0, or -EINVAL after log_msg(LOG_FATAL, ...). */
	int (*init)(void);
	/* Once at exit. Optional. */
	void (*done)(void);

	/* Open c->priv. `seq` numbers the connections of the process (0, 1,
	 * ...) for round-robin over host lists. On failure set c's error fields
	 * (class DB_ERROR_FATAL) and return a negative errno. */
	int (*connect)(sql_connection *c, unsigned seq);
	/* Close c->priv (may be NULL after a failed reconnect). */
	void (*disconnect)(sql_connection *c);

	/* Run sql; on success fill rs->counter (SB_CNT_READ for a result set,
	 * SB_CNT_WRITE for rows changed, else SB_CNT_OTHER), nrows, nfields,
	 * ptr and return 0.
	 * On failure set c's error fields, including the class from the
	 * driver's ignore list (and connection loss), and return < 0. */
	int (*query)(sql_connection *c, const char *sql, size_t len, sql_result *rs);

	/* Server-side prepare into st->priv. -ENOTSUP makes the core emulate
	 * the statement client-side. Optional without DB_CAP_PREPARED. */
	int (*prepare)(sql_statement *st, const char *sql, size_t len);
	/* The parameters have been (re)bound: db_stmt_params(st). Optional. */
	int (*bind_param)(sql_statement *st);
	/* Execute st->priv with the current values of the parameters; as
	 * query. */
	int (*execute)(sql_statement *st, sql_result *rs);
	/* Free st->priv. */
	void (*close)(sql_statement *st);

	/* Next row of rs: 1 with row->values[0 .. rs->nfields-1] filled (the
	 * array is the core's), 0 at the end, < 0 on error. */
	int (*fetch_row)(sql_result *rs, sql_row *row);
	/* Free rs->ptr (called before the next query on the connection and
	 * by db_free_results). Must accept rs->ptr == NULL. */
	void (*free_results)(sql_result *rs);

	/* Quote-escape `len` bytes of text for a string literal (to holds
	 * 2*len+1); returns the escaped length. For emulated statements. */
	size_t (*escape)(sql_connection *c, char *to, const char *from, size_t len);

	/* Log a failed operation (fatal errors only) in the driver's words
	 * (sysbench's lines); sql is the statement (for DB_OP_LOAD a
	 * description). true when logged; false (or no hook): the core
	 * prints its generic line. */
	bool (*log_error)(sql_connection *c, int op, const char *sql, size_t len);

	/* Bulk load (with DB_CAP_LOAD): put `len` bytes of rows into
	 * table (cols), by the server's fastest path (COPY FROM STDIN, LOAD
	 * DATA LOCAL INFILE). A row is one line, its values separated by tabs;
	 * values hold no tab, newline or backslash. len 0 loads nothing and
	 * tells whether the path works. As query: rs->nrows is the rows
	 * loaded; -ENOTSUP when the server refuses the path (nothing loaded,
	 * the caller falls back to INSERT); other < 0 with c's error set. */
	int (*load)(sql_connection *c, const char *table, const char *cols,
	            const char *data, size_t len, sql_result *rs);

	/* ABI 4, with DB_CAP_NONBLOCK (--connections): query and execute in
	 * steps that never wait for the server. start sends the statement;
	 * resume goes on once *w is ready. Each returns as query/execute, or
	 * 1 with *w set when it has to wait. A driver without them is run
	 * with its blocking hooks (a warning says so under --connections).
	 * db_co_active() tells the driver at connect time that its
	 * connections will be used this way. */
	int (*query_start)(sql_connection *c, const char *sql, size_t len, sql_result *rs,
	                   struct db_wait *w);
	int (*execute_start)(sql_statement *st, sql_result *rs, struct db_wait *w);
	int (*resume)(sql_connection *c, sql_result *rs, struct db_wait *w);

	/* ABI 4, optional, with DB_CAP_NONBLOCK: connect and prepare in
	 * steps, continued by resume (called with rs NULL). connect_start
	 * returns as connect, or 1 with *w set and c->priv set (resume then
	 * returns as connect: on failure the driver has logged, set c's error
	 * and freed c->priv). prepare_start returns as prepare, or 1 (resume
	 * then returns as prepare, st->priv set on success). Without them the
	 * blocking connect / prepare run. */
	int (*connect_start)(sql_connection *c, unsigned seq, struct db_wait *w);
	int (*prepare_start)(sql_statement *st, const char *sql, size_t len,
	                     struct db_wait *w);

	/* ABI 5, optional, with DB_CAP_NONBLOCK: close and bulk load in
	 * steps, continued by resume. close_start frees st->priv (sets it
	 * NULL) and returns 0, or 1 with *w set while what it sent to the
	 * server (PostgreSQL's DEALLOCATE) is answered (resume(c, NULL, w)
	 * then returns 0; a connection closed meanwhile frees what is left).
	 * load_start returns as load, or 1 (resume(c, rs, w) then returns as
	 * load); data stays valid until then. Without them the blocking close
	 * / load run. */
	int (*close_start)(sql_statement *st, struct db_wait *w);
	int (*load_start)(sql_connection *c, const char *table, const char *cols,
	                  const char *data, size_t len, sql_result *rs, struct db_wait *w);
	/* ABI 6, optional: what a result file says about the server, read
	 * on c, a connection of its own opened after the run (outside the
	 * measured statistics; the driver.c API may be used on it): calls
	 * add(ud, key, value) for "product" and "version", then for each
	 * setting that decides OLTP results. 0, or a negative errno. */
	int (*server_info)(sql_connection *c, db_info_add_fn add, void *ud);
	/* ABI 6, optional (both or neither): server counters for
	 * --server-stats, read on a connection of the observer's own (a
	 * thread without a recorder: its statements count nowhere).
	 * counters_default: the default set for the server c is connected to
	 * (static; *n entries; may ask the server its version).
	 * counters_read: the current values of names[0..n-1] into values[]
	 * (NaN: the server has no such counter), and DB_CTR_GAUGE into
	 * flags[i] for the levels it knows among them. 0, -EINVAL for a name
	 * the driver refuses (not an identifier), or < 0 with c's error set
	 * (a lost connection, a missing privilege, a view the server lacks).
	 * Named "counters" beside any hook about the server's settings. */
	const struct db_counter_def *(*counters_default)(sql_connection *c, unsigned *n);
	int (*counters_read)(sql_connection *c, const char *const *names, unsigned n,
	                     double *values, unsigned *flags);
};

/* Where the quoted text that opens at sql[i] (a ', " or `) ends: the
 * index of its closing quote, or len when it runs to the end. A doubled
 * quote stays inside (every dialect). With backslash_esc (MySQL's rule,
 * DB_CAP_BACKSLASH_ESC) a backslash escapes the next character in '...'
 * and "..."; without it (the standard rule: PostgreSQL's
 * standard_conforming_strings, SQLite) only in PostgreSQL's E'...'
 * strings. Never in `...` (MySQL's identifiers). The placeholder rule of
 * emulated statements, for drivers that rewrite placeholders too. */
size_t db_sql_quoted_end(const char *sql, size_t len, size_t i, int backslash_esc);

/* Register a driver (static ops). 0, -EINVAL for a wrong ABI or a missing
 * required hook, -EEXIST for a duplicate name. */
int db_register(const struct db_driver_ops *ops);

/* Connect a new connection of drv as db_connection_create does, with the
 * calling thread's log muted: on failure NULL and the driver's message
 * in msg (len bytes; "" when it gave none). For side connections whose
 * failure is a warning, not the run's end (src/observe). */
sql_connection *db_connection_create_quiet(sql_driver *drv, char *msg, size_t len);

/* A quiet connection (as db_connection_create_quiet) of the driver the
 * run's script created last: NULL with msg "the workload opened no
 * database connection" when it created none. Main thread (scale's
 * --barrier=db). */
sql_connection *db_side_connection(char *msg, size_t len);

/* Register the built-in drivers and declare the "General database options"
 * and each driver's options. Call before options are checked. */
int db_init_options(void);

/* Print the database part of the general help (sysbench's layout). */
void db_print_help(void);
/* The name of compiled-in driver i (help's order), NULL past the last. */
const char *db_driver_name(unsigned i);

/* Free what the drivers allocated (calls their done()). */
void db_shutdown(void);

/* The server of the driver last created (db_used): opens a connection
 * of its own, calls the driver's server_info hook, closes it. Quiet:
 * the hook's failing statements print nothing. 1 after add was called,
 * 0 when no driver was created or it has no hook, a negative errno when
 * the connection or the hook failed. Main thread, after the run. */
int db_server_info(db_info_add_fn add, void *ud);

/* For server_info hooks (server_info.c): run sql on c and pass its rows
 * to add: with key NULL, each row's first two columns as key and value;
 * else the first row's first column as key's value. Rows with a NULL
 * value are skipped; lower: the key is lowercased. 0, or a negative
 * errno when sql failed. */
int db_info_rows(sql_connection *c, const char *sql, const char *key, int lower,
                 db_info_add_fn add, void *ud);
/* The built-in drivers' server_info hooks (server_info.c). */
int db_mysql_server_info(sql_connection *c, db_info_add_fn add, void *ud);
int db_pgsql_server_info(sql_connection *c, db_info_add_fn add, void *ud);
int db_sqlite_server_info(sql_connection *c, db_info_add_fn add, void *ud);

/* 1 once a database driver was created in this process (a script called
 * sysbench.sql.driver()): the run's reports then use sysbench's SQL
 * statistics layout. Thread-safe. */
int db_used(void);

/* --connections: how a nonblocking statement waits. The database layer
 * sits below the scheduler and does not call it: main.c installs the
 * scheduler's coroutine functions here (sched/sched.h). Without them
 * (NULL, a unit test) coroutines are off and nothing waits. */
struct db_co_hooks {
	int (*active)(void);               /* 1 under --connections */
	void (*wait)(int fd, int write, int64_t deadline_ns);
	                                   /* the calling coroutine will yield
	                                    * until fd is readable (writable),
	                                    * or until deadline_ns (0: none) */
	void (*forget)(void);              /* it closed the socket it may
	                                    * have waited for */
};
void db_set_co_hooks(const struct db_co_hooks *h);
/* The command the program runs ("prepare", "run", "cleanup"...; NULL:
 * none), set once by main before any connection: a driver may open for it
 * differently (SQLite's cleanup does not create a database file). The
 * string must outlive the run. */
void db_set_command(const char *command);
const char *db_command(void);
/* 1 under --connections (the installed hooks say so), else 0: a driver
 * asks at connect time whether its connections run as coroutines. */
int db_co_active(void);

/* Helpers for drivers. */
/* Is `code` in the list option `opt` ("all" matches everything)? */
bool db_code_in_list(const char *opt, const char *code);
/* Set the error fields of c. state and msg are copied into c's buffers. */
void db_set_error(sql_connection *c, int cls, int sql_errno, const char *sql_state,
                  const char *msg);
/* The SQLSTATE of c's last error ("" if none). */
const char *db_sql_state(const sql_connection *c);

/* A statement's parameters as bound by db_bind_param (a copy owned by the
 * statement), NULL before; *n their number. */
const sql_bind *db_stmt_params(const sql_statement *st, unsigned *n);
/* The number of placeholders; drivers that know better (the server's
 * count) set it at prepare. */
unsigned db_stmt_nparams(const sql_statement *st);
void db_stmt_set_nparams(sql_statement *st, unsigned n);
/* The driver ops of a connection. */
const struct db_driver_ops *db_conn_ops(const sql_connection *c);
/* --db-debug is on. */
bool db_debug(void);

#endif
