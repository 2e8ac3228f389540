/*
 * The database layer as Lua sees it (sysbench.sql), through the FFI.
 * Embedded into ffi.cdef like src/lua/ffi_api.h: plain declarations only.
 * The structs are defined here and only here, so C and Lua agree on them;
 * what Lua must not touch hides behind the `priv` pointers.
 */

/* sysbench.sql.error: how an error is handled. */
enum db_error_class {
	DB_ERROR_NONE = 0,
	DB_ERROR_IGNORABLE = 1,   /* restart the event (deadlock, lock wait...) */
	DB_ERROR_FATAL = 2
};

/* sysbench.sql.type: the type of a bound parameter. */
enum db_bind_type {
	DB_TYPE_NONE = 0,
	DB_TYPE_TINYINT,     /* int8_t */
	DB_TYPE_SMALLINT,    /* int16_t */
	DB_TYPE_INT,         /* int32_t */
	DB_TYPE_BIGINT,      /* int64_t */
	DB_TYPE_FLOAT,       /* float */
	DB_TYPE_DOUBLE,      /* double */
	DB_TYPE_TIME,        /* text */
	DB_TYPE_DATE,        /* text */
	DB_TYPE_DATETIME,    /* text */
	DB_TYPE_TIMESTAMP,   /* text */
	DB_TYPE_CHAR,        /* text, max_len bytes */
	DB_TYPE_VARCHAR      /* text, max_len bytes */
};

/* One parameter of a prepared statement. Lua writes the value straight
 * into buffer (and data_len for text) before execute. */
typedef struct db_bind {
	int type;                 /* enum db_bind_type */
	void *buffer;
	unsigned long data_len;   /* bytes used, for text types */
	unsigned long max_len;    /* capacity of buffer */
	char is_null;
} db_bind;

typedef struct db_driver db_driver;

/* A connection. The error fields describe the last failed call. */
typedef struct db_conn {
	int error;                /* enum db_error_class of the last call */
	int sql_errno;            /* server or client error number (MySQL) */
	char sql_state[6];        /* SQLSTATE, "" if unknown */
	const char *sql_errmsg;   /* message, valid until the next call */
	db_driver *driver;
	void *priv;               /* the driver's connection */
	void *core;               /* driver.c's bookkeeping */
} db_conn;

/* A prepared statement. */
typedef struct db_stmt {
	db_conn *conn;
	unsigned nparams;         /* '?' placeholders in the query */
	db_bind *params;          /* bound with db_bind_param, or NULL */
	void *priv;               /* the driver's statement (NULL: emulated) */
	void *core;
} db_stmt;

/* Kinds of result, counted as sysbench does. */
enum db_result_kind {
	DB_RESULT_NONE = 0,       /* no rows, nothing affected: "other" */
	DB_RESULT_ROWS = 1,       /* a result set: "read" */
	DB_RESULT_AFFECTED = 2    /* affected rows > 0: "write" */
};

/* The result of the last query or execute on a connection. */
typedef struct db_result {
	int kind;                 /* enum db_result_kind */
	double nrows;             /* rows in the set, or rows affected; a
	                           * double so Lua sees a number (exact to 2^53) */
	uint32_t nfields;
	db_conn *conn;
	void *priv;               /* the driver's result */
} db_result;

/* One fetched row: nfields values, NULL for SQL NULL. Valid until the next
 * fetch or free. */
typedef struct db_row {
	uint32_t nfields;
	const char **values;
	unsigned long *lengths;
} db_row;

/* Look up a driver by name ("mysql", "pgsql"); NULL = --db-driver. NULL if
 * unknown (after printing "FATAL: invalid database driver name: 'x'"). */
db_driver *db_driver_get(const char *name);
const char *db_driver_name(const db_driver *drv);

/* Connect (round-robin over the driver's host list). NULL on failure,
 * after printing the error. */
db_conn *db_connect(db_driver *drv);
/* Close and free. NULL-safe. */
void db_disconnect(db_conn *c);
/* Reconnect in place (same host). 0 or -errno with the error fields set. */
int db_reconnect(db_conn *c);

/* Run one statement. Returns the result (owned by the connection; valid
 * until the next call on it), or NULL on error with c->error set. Counts
 * the statement as read/write/other for the reports. */
db_result *db_query(db_conn *c, const char *sql, size_t len);

/* Prepare a statement (server-side where the driver can and --db-ps-mode
 * is auto; emulated client-side otherwise). NULL on error. */
db_stmt *db_prepare(db_conn *c, const char *sql, size_t len);
/* Bind nparams parameters (the array must outlive executes). 0 or -EINVAL
 * when n differs from the placeholders. */
int db_bind_param(db_stmt *st, db_bind *params, unsigned n);
/* Execute with the current parameter values. As db_query. */
db_result *db_execute(db_stmt *st);
/* Close and free. NULL-safe. */
void db_close(db_stmt *st);

/* Next row of a result set: 1 and *row filled, 0 at the end, -errno. */
int db_fetch_row(db_result *rs, db_row *row);
/* Bulk load `len` bytes of rows into table (cols) by the server's bulk
 * path (COPY FROM STDIN, LOAD DATA LOCAL INFILE): one row per line, values
 * separated by tabs, no tab, newline or backslash inside a value. len 0
 * only tells whether the path works. 0: loaded; 1: the driver or server
 * has no such path (nothing loaded: use INSERT); -1: error, c's error
 * fields set and printed. Counted as one write statement. */
int db_load(db_conn *c, const char *table, const char *cols, const char *data, size_t len);

/* Release the result set early. NULL-safe. */
void db_free_results(db_result *rs);

/* Count an error that the script ignored (the event restarts). */
void db_count_ignored_error(void);
