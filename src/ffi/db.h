/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The database layer as Lua sees it (sysbench.sql), through the FFI.
 * Embedded into ffi.cdef like src/ffi/core.h: plain declarations only.
 *
 * The type and function names, the order and types of the visible fields
 * and the function signatures are sysbench 1.0.20's (its sysbench.sql.lua
 * declares them), so a script written against sysbench's declarations --
 * ffi.C.db_query(con, sql, #sql), rs.row.values[i].ptr, ffi.C.SB_CNT_ERROR
 * -- works unchanged. sysbench ends each struct with an opaque tail; here
 * the tail is bench's own bookkeeping (`priv`, `core`), which Lua must not
 * touch. The structs are defined here and only here, so C and Lua agree.
 */

/* How an error is handled (sysbench.sql.error). */
typedef enum {
	DB_ERROR_NONE,        /* no error */
	DB_ERROR_IGNORABLE,   /* the event restarts (deadlock, lock wait, ...) */
	DB_ERROR_FATAL        /* the thread stops */
} sql_error_t;

/* A database driver (sysbench.sql.driver()). */
typedef struct sql_driver {
	const char *sname;    /* "mysql" */
	const char *lname;    /* "MySQL driver" */
	const void *core;     /* driver.c's bookkeeping */
} sql_driver;

/* One column value of a fetched row; ptr is NULL for SQL NULL. */
typedef struct {
	uint32_t len;
	const char *ptr;
} sql_value;

/* The row last fetched from a result set. */
typedef struct {
	void *ptr;            /* driver data (unused) */
	sql_value *values;    /* nfields values, valid until the next fetch */
} sql_row;

/* sb_counter_type (sysbench's SB_CNT_*, which sysbench.sql.lua declares)
 * is declared once in src/ffi/core.h, embedded before this file
 * (LuaJIT refuses a second SB_CNT_OTHER): a result's `counter` says how
 * its statement was counted. */

/* A connection. The error fields describe the last call: sql_state and
 * sql_errmsg are NULL after an API error (closed connection, misuse), as
 * sysbench's check_error expects ("SQL API error"). */
typedef struct sql_connection {
	sql_error_t error;
	int sql_errno;            /* server or client error number (MySQL) */
	const char *sql_state;    /* SQLSTATE */
	const char *sql_errmsg;   /* message, valid until the next call */
	sql_driver *driver;
	void *priv;               /* the driver's connection */
	void *core;               /* driver.c's bookkeeping */
} sql_connection;

/* A prepared statement. */
typedef struct sql_statement {
	sql_connection *connection;
	void *priv;               /* the driver's statement (NULL: emulated) */
	void *core;               /* driver.c's bookkeeping */
} sql_statement;

/* The result of the last query or execute on a connection (one per
 * connection: the next call reuses it). */
typedef struct sql_result {
	sb_counter_type counter;  /* READ: a result set; WRITE: rows changed */
	uint32_t nrows;           /* rows in the set, or rows affected */
	uint32_t nfields;
	sql_statement *statement; /* the statement executed, NULL for a query */
	void *ptr;                /* the driver's result */
	sql_row row;              /* the last fetched row */
	sql_connection *connection;
} sql_result;

/* sysbench.sql.type: the type of a bound parameter. */
typedef enum {
	SQL_TYPE_NONE,
	SQL_TYPE_TINYINT,     /* int8_t */
	SQL_TYPE_SMALLINT,    /* int16_t */
	SQL_TYPE_INT,         /* int32_t */
	SQL_TYPE_BIGINT,      /* int64_t */
	SQL_TYPE_FLOAT,       /* float */
	SQL_TYPE_DOUBLE,      /* double */
	SQL_TYPE_TIME,        /* text */
	SQL_TYPE_DATE,        /* text */
	SQL_TYPE_DATETIME,    /* text */
	SQL_TYPE_TIMESTAMP,   /* text */
	SQL_TYPE_CHAR,        /* text, *data_len bytes */
	SQL_TYPE_VARCHAR      /* text, *data_len bytes */
} sql_bind_type_t;

/* One parameter of a prepared statement. The pointed-to value, length and
 * NULL flag are read at each execute, so a script sets them in place; they
 * must stay valid while the statement is used. data_len and is_null may be
 * NULL (max_len bytes; never NULL). */
typedef struct {
	sql_bind_type_t type;
	void *buffer;
	unsigned long *data_len;
	unsigned long max_len;
	char *is_null;
} sql_bind;

/* ---- sysbench 1.0.20's C API (same names, signatures and meaning) ---- */

/* The driver `name` (NULL: --db-driver), initialised once per process.
 * NULL after "FATAL: invalid database driver name: '...'" or a failed
 * driver initialisation. */
sql_driver *db_create(const char *name);
/* Release a driver handle (nothing to free): 0. */
int db_destroy(sql_driver *drv);

/* Connect (round-robin over the driver's host list). NULL on failure,
 * after the driver printed why. */
sql_connection *db_connection_create(sql_driver *drv);
/* Disconnect; the object stays valid (closed). A second close only logs
 * "ALERT: attempt to close an already closed connection". 0. */
int db_connection_close(sql_connection *con);
/* Reconnect with the same parameters. 0, or DB_ERROR_FATAL (then the
 * connection is closed). Counted as a reconnect. */
int db_connection_reconnect(sql_connection *con);
/* Close if open and free. */
void db_connection_free(sql_connection *con);

/* Multi-row INSERT: init with the statement head ("INSERT INTO t
 * VALUES"), next with each row ("(1,'a')"), done to send the rest. Rows
 * are sent when the statement would pass 512 KiB. 0, or 1 after a failed
 * statement (con's error fields set) or misuse (an ALERT line). */
int db_bulk_insert_init(sql_connection *con, const char *query, size_t len);
int db_bulk_insert_next(sql_connection *con, const char *query, size_t len);
int db_bulk_insert_done(sql_connection *con);

/* Run one statement. The connection's result (valid until the next call
 * on it), or NULL with con->error set. Counted as read (a result set),
 * write (rows changed) or other. */
sql_result *db_query(sql_connection *con, const char *query, size_t len);

/* The next row of a result set, or NULL at the end (or after an ALERT
 * for a freed, non-row or empty result set). */
sql_row *db_fetch_row(sql_result *rs);

/* Prepare a statement (server-side where the driver can and --db-ps-mode
 * is auto; emulated client-side otherwise). NULL on error. */
sql_statement *db_prepare(sql_connection *con, const char *query, size_t len);
/* Bind `len` parameters (the array is copied; what its pointers point to
 * is read at each execute). 0, or 1 when len differs from the statement's
 * placeholders (after a FATAL line) or on a driver error. */
int db_bind_param(sql_statement *stmt, sql_bind *params, size_t len);
/* Result binding is not supported (as with sysbench's drivers): 1. */
int db_bind_result(sql_statement *stmt, sql_bind *results, size_t len);
/* Execute with the current parameter values. As db_query. */
sql_result *db_execute(sql_statement *stmt);
/* Close and free. 0. */
int db_close(sql_statement *stmt);

/* Free the connection's result set early: 0, or 1 after "ALERT: attempt
 * to free an invalid result set" (no pending result set). */
int db_free_results(sql_result *rs);

/* ---- bench's extensions ---------------------------------------------- */

/* Bulk load `len` bytes of rows into table (cols) by the server's bulk
 * path (COPY FROM STDIN, LOAD DATA LOCAL INFILE): one row per line, values
 * separated by tabs, no tab, newline or backslash inside a value. len 0
 * only tells whether the path works. 0: loaded; 1: the driver or server
 * has no such path (nothing loaded: use INSERT); -1: error, con's error
 * fields set and printed. Counted as one write statement. */
int db_load(sql_connection *con, const char *table, const char *cols,
            const char *data, size_t len);

/* --connections: db_query and db_execute that do not wait for the server.
 * They return as those, or (sql_result *)1 while the reply is not there:
 * the caller yields its coroutine (the thread's loop waits for the
 * socket) and then calls db_nb_resume until it returns something else. A
 * driver without the nonblocking hooks runs them as db_query/db_execute. */
sql_result *db_query_nb(sql_connection *con, const char *query, size_t len);
sql_result *db_execute_nb(sql_statement *stmt);
sql_result *db_nb_resume(sql_connection *con);

/* --connections: connect, reconnect, prepare and a bulk insert's sending
 * without waiting for the server (each falls back to its blocking call
 * where the driver has no nonblocking hook for it).
 * - db_connection_create_nb: as db_connection_create; the connection may
 *   still be connecting (db_nb_waiting);
 * - db_connection_reconnect_nb: as db_connection_reconnect, or 1 while
 *   waiting;
 * - db_prepare_nb: as db_prepare; the statement may still be being
 *   prepared (db_nb_waiting); if preparing then fails it is freed;
 * - db_bulk_flush_nb: send the rows a bulk insert collected: 0 sent (or
 *   nothing to send), -1 failed (con's error set), 1 waiting;
 *   db_bulk_insert_full tells whether a row of len bytes would not fit
 *   (so db_bulk_insert_next would send the rows itself, blocking).
 * While an operation waits, the caller yields its coroutine and then calls
 * db_nb_continue: 1 still waiting (yield again), 0 done, -1 failed (con's
 * error set; a failed connect leaves the connection closed, to be freed). */
sql_connection *db_connection_create_nb(sql_driver *drv);
int db_connection_reconnect_nb(sql_connection *con);
sql_statement *db_prepare_nb(sql_connection *con, const char *query, size_t len);
int db_bulk_insert_full(sql_connection *con, size_t len);
int db_bulk_flush_nb(sql_connection *con);
int db_nb_waiting(const sql_connection *con);
/* --connections: close a statement and bulk load without waiting for the
 * server (PostgreSQL's DEALLOCATE and COPY; the blocking calls run where
 * the driver has no hook for it):
 * - db_close_nb: as db_close, or 1 while the server answers: the caller
 *   yields until db_nb_continue returns 0 (the statement is freed then);
 * - db_load_nb: as db_load, or 2 while the load goes on: then
 *   db_nb_continue returns 1 (yield again), 0 loaded, 2 refused (nothing
 *   loaded: use INSERT), -1 failed; data, table and cols must stay valid
 *   until then. */
int db_close_nb(sql_statement *stmt);
int db_load_nb(sql_connection *con, const char *table, const char *cols,
               const char *data, size_t len);
/* 1 when the calling worker thread has as many connects in flight as it
 * allows (then the caller yields, and asks again); 0: connect now. */
int db_nb_connect_busy(void);
int db_nb_continue(sql_connection *con);

/* Count an error that the script ignored (the event restarts). */
void db_count_ignored_error(void);
