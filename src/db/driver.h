/*
 * driver: the database driver plug-in interface and the shared layer above
 * the drivers (registry, options, statement counting, error reporting,
 * client-side emulation of prepared statements).
 *
 * A driver fills one struct db_driver_ops (designated initialisers) and is
 * registered once at start-up; db_register() checks the ABI version and the
 * required hooks. The Lua-facing types (db_conn, db_stmt, db_result,
 * db_bind, db_row) and functions are declared in db/db_ffi.h.
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
#include "db/db_ffi.h"
#include "opt/opt.h"

#define DB_DRIVER_ABI 2   /* 2: the load hook */

/* Capabilities (bit flags; never compare names). */
#define DB_CAP_PREPARED     0x1   /* server-side prepared statements */
#define DB_CAP_MULTI_ROW    0x2   /* INSERT ... VALUES (...),(...) */
#define DB_CAP_LOAD         0x4   /* the load hook: the server's bulk path */

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
	int (*connect)(db_conn *c, unsigned seq);
	/* Close c->priv (may be NULL after a failed reconnect). */
	void (*disconnect)(db_conn *c);

	/* Run sql; on success fill rs->kind, nrows, nfields, priv and return 0.
	 * On failure set c's error fields, including the class from the
	 * driver's ignore list (and connection loss), and return < 0. */
	int (*query)(db_conn *c, const char *sql, size_t len, db_result *rs);

	/* Server-side prepare into st->priv. -ENOTSUP makes the core emulate
	 * the statement client-side. Optional without DB_CAP_PREPARED. */
	int (*prepare)(db_stmt *st, const char *sql, size_t len);
	/* st->params / st->nparams have been (re)bound. Optional. */
	int (*bind_param)(db_stmt *st);
	/* Execute st->priv with the current values of st->params; as query. */
	int (*execute)(db_stmt *st, db_result *rs);
	/* Free st->priv. */
	void (*close)(db_stmt *st);

	/* Next row of rs: 1 with *row filled, 0 at the end, < 0 on error. */
	int (*fetch_row)(db_result *rs, db_row *row);
	/* Free rs->priv (called before the next query on the connection and
	 * by db_free_results). Must accept rs->priv == NULL. */
	void (*free_results)(db_result *rs);

	/* Quote-escape `len` bytes of text for a string literal (to holds
	 * 2*len+1); returns the escaped length. For emulated statements. */
	size_t (*escape)(db_conn *c, char *to, const char *from, size_t len);

	/* Bulk load (with DB_CAP_LOAD): put `len` bytes of rows into
	 * table (cols), by the server's fastest path (COPY FROM STDIN, LOAD
	 * DATA LOCAL INFILE). A row is one line, its values separated by tabs;
	 * values hold no tab, newline or backslash. len 0 loads nothing and
	 * tells whether the path works. As query: rs->nrows is the rows
	 * loaded; -ENOTSUP when the server refuses the path (nothing loaded,
	 * the caller falls back to INSERT); other < 0 with c's error set. */
	int (*load)(db_conn *c, const char *table, const char *cols,
	            const char *data, size_t len, db_result *rs);
};

/* Register a driver (static ops). 0, -EINVAL for a wrong ABI or a missing
 * required hook, -EEXIST for a duplicate name. */
int db_register(const struct db_driver_ops *ops);

/* Register the built-in drivers and declare the "General database options"
 * and each driver's options. Call before options are checked. */
int db_init_options(void);

/* Print the database part of the general help (sysbench's layout). */
void db_print_help(void);

/* Free what the drivers allocated (calls their done()). */
void db_shutdown(void);

/* Helpers for drivers. */
/* Is `code` in the list option `opt` ("all" matches everything)? */
bool db_code_in_list(const char *opt, const char *code);
/* Set the error fields of c. msg is copied into c's buffer. */
void db_set_error(db_conn *c, int cls, int sql_errno, const char *sql_state,
                  const char *msg);
/* --db-debug is on. */
bool db_debug(void);

#endif
