/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * hdrlog: HdrHistogram interval logs (--hdr-log=FILE).
 *
 * The file is the text format every HdrHistogram implementation reads
 * (Java HistogramLogReader, HdrHistogram_c hdr_log_reader, hdr-histogram-js,
 * HdrHistogram_py), log format version 1.3:
 *
 *   #[Histogram log format version 1.3]
 *   #[StartTime: 1764455595.123 (seconds since epoch), Sat Nov 29 22:33:15 UTC 2026]
 *   "StartTimestamp","Interval_Length","Interval_Max","Interval_Compressed_Histogram"
 *   [Tag=<tag>,]<start s>,<length s>,<max ms>,<base64 histogram>
 *
 * Times are in seconds with 3 decimals; the max column is the interval's
 * largest value divided by HDRLOG_MAX_VALUE_DIVISOR (ns -> ms). Readers
 * treat start timestamps within a year of StartTime as absolute, so the
 * caller passes seconds since the epoch. The histogram is the V2
 * compressed encoding: a big-endian header (cookie, payload length,
 * normalizing index offset, significant digits, lowest and highest
 * trackable value, integer-to-double ratio), the counts as ZigZag LEB128
 * varints with zero runs as negative numbers, zlib-deflated behind a
 * second cookie and length, then base64 (standard alphabet, padded).
 *
 * Histograms are encoded from struct hdr_hist, whose slot layout is
 * HdrHistogram's (with lowest = 1 exactly; otherwise the header states the
 * equivalent power-of-two lowest value, see hdrlog.c).
 *
 * Thread-safety: a struct hdrlog is used by one thread at a time (the
 * reporter). The encoding functions are reentrant.
 */
#ifndef BENCH_HDRLOG_H
#define BENCH_HDRLOG_H

#include <stddef.h>
#include <stdint.h>

#include "stats/hdr.h"

/* Values are nanoseconds; the Interval_Max column is in milliseconds. */
#define HDRLOG_MAX_VALUE_DIVISOR 1e6

/* Cookies of HdrHistogram's V2 encodings, as Java and hdr-histogram-js
 * write them (the 0x10 bit marks the variable-length word size; readers
 * compare cookie & ~0xf0 with 0x1c849303 / 0x1c849304). */
#define HDRLOG_V2_ENCODING_COOKIE   0x1c849313u
#define HDRLOG_V2_COMPRESSED_COOKIE 0x1c849314u

struct hdrlog;

/* --hdr-log=- : the log goes to stdout (the json/csv report stream, see
 * report_machine_stream), each line prefixed with HDRLOG_STREAM_PREFIX, so
 * that one stream (a pod's `kubectl logs`) carries the json lines and the
 * log apart from bench's messages; `bench merge` reads such a capture. */
#define HDRLOG_STDOUT "-"
#define HDRLOG_STREAM_PREFIX "hdr: "
/* Where HDRLOG_STDOUT writes: the reporter passes the machine reports'
 * stream (report_machine_stream) before it opens the log, so that this
 * module stays below the reports (and its unit test links without them).
 * NULL or never called: stdout. */
void hdrlog_set_stdout(FILE *f);

/* Create (truncate) path and write the header with StartTime
 * start_time_epoch (seconds since the epoch; the human-readable date is in
 * local time). Returns 0 and *out, or a negative errno after logging a
 * FATAL message naming the file. */
int hdrlog_open(const char *path, double start_time_epoch,
                struct hdrlog **out);

/* hdrlog_open with a comment line "#[ident]" between StartTime and the
 * column legend (ident NULL: none; a reader skips it). bench writes
 * "bench run ID step I threads T" there ("step I" only in a sweep): see
 * runfile.h. */
int hdrlog_open_ident(const char *path, double start_time_epoch,
                      const char *ident, struct hdrlog **out);

/* Append one interval line: tag (NULL or "" for an untagged line; commas
 * and white space become '_'), start_s (seconds since the epoch), length_s
 * and histogram h (not modified). The line is flushed, so a crash loses no
 * finished interval. Returns 0, -ENOMEM, or the negative errno of a write
 * error (sticky: later calls return it too; logged once). */
int hdrlog_write(struct hdrlog *l, const char *tag, double start_s,
                 double length_s, const struct hdr_hist *h);

/* Flush and close; returns 0 or the negative errno of the first write
 * error (e.g. -ENOSPC), logged with the file name. Frees l. NULL-safe
 * (returns 0). */
int hdrlog_close(struct hdrlog *l);

/* Encode h as the base64 text of its V2 compressed encoding (what an
 * interval line carries). Returns 0 and *out (malloc'd, NUL-terminated,
 * owned by the caller), or -ENOMEM / -EIO (zlib failure). */
int hdrlog_encode(const struct hdr_hist *h, char **out);

/* Standard base64 with padding. encode writes 4*ceil(n/3) characters and
 * a NUL to dst, returns the length without the NUL. decode accepts only
 * that form (no white space); returns the number of bytes written to dst
 * (room for 3*len/4 needed) or -EINVAL. */
size_t hdrlog_base64_encode(const uint8_t *src, size_t n, char *dst);
long hdrlog_base64_decode(const char *src, size_t len, uint8_t *dst);

/* ---- reading -------------------------------------------------------- */

/* Decode len characters of base64 text of a V2 compressed histogram (the
 * last column of an interval line; Java, HdrHistogram_c and
 * hdr-histogram-js write the same) into a new histogram created with
 * hdr_create(1, max(stated highest, 2), stated sig figs): every non-empty
 * slot is recorded at its highest equivalent value, so percentiles come
 * out as HdrHistogram's getValueAtPercentile() gives them. Returns 0 and
 * *out (free with hdr_destroy), -EINVAL for anything malformed (base64,
 * cookies, zlib stream, header, counts) or -ENOMEM. Reentrant. */
int hdrlog_decode(const char *base64, size_t len, struct hdr_hist **out);

/* hdrlog_decode, but the counts are added into dst (created with the
 * payload's significant digits; values are clamped to its range) rather
 * than into a new histogram: no histogram is created per line. Returns 0,
 * -EDOM when the payload's significant digits (stored in *sig_figs, when
 * not NULL) differ from dst's (nothing added), -EINVAL for anything
 * malformed (dst may then hold part of the counts) or -ENOMEM. */
int hdrlog_decode_add(const char *base64, size_t len, struct hdr_hist *dst,
                      int *sig_figs);

/* One line of a log, as hdrlog_parse_line() splits it. */
struct hdrlog_line {
	const char *tag;        /* NUL-terminated in the line; NULL: untagged */
	double start_s, length_s, max;
	const char *b64;        /* base64 histogram, b64_len characters */
	size_t b64_len;
};

/* Split one line of a log (modified in place: the tag is NUL-terminated;
 * a trailing newline is ignored). Returns 1 for an interval line filled
 * into *out, 0 for a line to skip (empty, '#' comment or header, the
 * "StartTimestamp" column legend), -EINVAL for anything else. */
int hdrlog_parse_line(char *line, struct hdrlog_line *out);

#endif
