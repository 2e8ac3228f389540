/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * hdrlog: HdrHistogram interval logs. See hdrlog.h for the format.
 *
 * The counts are encoded from hdr_next_bucket(): it yields each non-empty
 * slot's highest value, from which the slot's index in HdrHistogram's
 * layout follows (hdr.c uses that layout; see the comment at its top).
 * For lowest > 1, hdr.c's slot width in bucket 0 is 2^unit with unit =
 * log2(lowest) - log2(sub_count/2) (at least 0), which is exactly
 * HdrHistogram's layout for a lowest discernible value of 2^unit, so that
 * is the lowest value the header states.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <zlib.h>

#include "stats/hdrlog.h"
#include "util/log.h"

struct hdrlog {
	FILE *f;
	char *path;
	int err;        /* first write error (negative errno), sticky */
	const char *prefix;     /* before each line: "" or HDRLOG_STREAM_PREFIX */
	int borrowed;   /* f is the report stream (--hdr-log=-): not closed */
};

/* ---- base64 ------------------------------------------------------------ */

static const char b64_alphabet[] =
	"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

size_t hdrlog_base64_encode(const uint8_t *src, size_t n, char *dst)
{
	size_t i, o = 0;

	for (i = 0; i + 2 < n; i += 3) {
		uint32_t v = (uint32_t)src[i] << 16 | (uint32_t)src[i + 1] << 8 |
		             src[i + 2];
		dst[o++] = b64_alphabet[v >> 18];
		dst[o++] = b64_alphabet[(v >> 12) & 63];
		dst[o++] = b64_alphabet[(v >> 6) & 63];
		dst[o++] = b64_alphabet[v & 63];
	}
	if (i < n) {
		uint32_t v = (uint32_t)src[i] << 16;
		if (i + 1 < n)
			v |= (uint32_t)src[i + 1] << 8;
		dst[o++] = b64_alphabet[v >> 18];
		dst[o++] = b64_alphabet[(v >> 12) & 63];
		dst[o++] = i + 1 < n ? b64_alphabet[(v >> 6) & 63] : '=';
		dst[o++] = '=';
	}
	dst[o] = '\0';
	return o;
}

static int b64_value(char c)
{
	if (c >= 'A' && c <= 'Z')
		return c - 'A';
	if (c >= 'a' && c <= 'z')
		return c - 'a' + 26;
	if (c >= '0' && c <= '9')
		return c - '0' + 52;
	if (c == '+')
		return 62;
	if (c == '/')
		return 63;
	return -1;
}

long hdrlog_base64_decode(const char *src, size_t len, uint8_t *dst)
{
	size_t i, o = 0;

	if (len % 4)
		return -EINVAL;
	for (i = 0; i < len; i += 4) {
		int a = b64_value(src[i]), b = b64_value(src[i + 1]);
		int c = b64_value(src[i + 2]), d = b64_value(src[i + 3]);
		int last = i + 4 == len;
		uint32_t v;

		/* '=' only as the padding of the last quantum */
		if (a < 0 || b < 0)
			return -EINVAL;
		if (c < 0 && !(last && src[i + 2] == '=' && src[i + 3] == '='))
			return -EINVAL;
		if (d < 0 && !(last && src[i + 3] == '='))
			return -EINVAL;
		v = (uint32_t)a << 18 | (uint32_t)b << 12 |
		    (uint32_t)(c < 0 ? 0 : c) << 6 | (uint32_t)(d < 0 ? 0 : d);
		dst[o++] = (uint8_t)(v >> 16);
		if (c >= 0)
			dst[o++] = (uint8_t)(v >> 8);
		if (d >= 0)
			dst[o++] = (uint8_t)v;
	}
	return (long)o;
}

/* ---- V2 encoding ------------------------------------------------------- */

struct buf {
	uint8_t *p;
	size_t len, cap;
};

static int buf_reserve(struct buf *b, size_t more)
{
	size_t cap = b->cap ? b->cap : 256;
	uint8_t *p;

	if (b->len + more <= b->cap)
		return 0;
	while (cap < b->len + more)
		cap *= 2;
	p = realloc(b->p, cap);
	if (!p)
		return -ENOMEM;
	b->p = p;
	b->cap = cap;
	return 0;
}

static void put_be32(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)(v >> 24);
	p[1] = (uint8_t)(v >> 16);
	p[2] = (uint8_t)(v >> 8);
	p[3] = (uint8_t)v;
}

static void put_be64(uint8_t *p, uint64_t v)
{
	put_be32(p, (uint32_t)(v >> 32));
	put_be32(p + 4, (uint32_t)v);
}

/* ZigZag, then LEB128 limited to 9 bytes: 8 groups of 7 bits, and the
 * ninth byte carries the remaining 8 bits whole (HdrHistogram's
 * "LEB128-64b9B"), so 64-bit values never need a tenth byte. */
static int put_varint(struct buf *b, int64_t v)
{
	uint64_t z = ((uint64_t)v << 1) ^ (uint64_t)(v >> 63);
	int i;

	if (buf_reserve(b, 9))
		return -ENOMEM;
	for (i = 0; i < 8; i++) {
		if (z < 0x80) {
			b->p[b->len++] = (uint8_t)z;
			return 0;
		}
		b->p[b->len++] = (uint8_t)(z | 0x80);
		z >>= 7;
	}
	b->p[b->len++] = (uint8_t)z;
	return 0;
}

/* hdr.c's layout parameters, derived from its creation arguments. */
static void layout(const struct hdr_hist *h, int *half_mag, int *unit)
{
	int64_t target = 2;
	int count_mag = 0, u;

	for (int i = 0; i < hdr_sig_figs(h); i++)
		target *= 10;
	while (((int64_t)1 << count_mag) < target)
		count_mag++;
	u = (63 - __builtin_clzll((uint64_t)hdr_lowest(h))) - (count_mag - 1);
	*half_mag = count_mag - 1;
	*unit = u < 0 ? 0 : u;
}

static size_t slot_index(int64_t v, int half_mag, int unit)
{
	uint64_t mask = (((uint64_t)2 << half_mag) - 1) << unit;
	int shift = (64 - __builtin_clzll((uint64_t)v | mask)) - (half_mag + 1);

	return ((size_t)(shift - unit) << half_mag) +
	       (size_t)((uint64_t)v >> shift);
}

/* The uncompressed V2 encoding of h into b. */
static int encode_v2(const struct hdr_hist *h, struct buf *b)
{
	int half_mag, unit, rc;
	size_t cursor = 0, next = 0, idx;
	int64_t value, count;
	double ratio = 1.0;
	uint64_t ratio_bits;
	size_t off = b->len;
	uint8_t *hp;

	layout(h, &half_mag, &unit);
	if ((rc = buf_reserve(b, 40)))
		return rc;
	hp = b->p + b->len;
	put_be32(hp, HDRLOG_V2_ENCODING_COOKIE);
	/* hp + 4: payload length, filled in below */
	put_be32(hp + 8, 0);                     /* normalizing index offset */
	put_be32(hp + 12, (uint32_t)hdr_sig_figs(h));
	put_be64(hp + 16, (uint64_t)1 << unit);  /* lowest discernible value */
	put_be64(hp + 24, (uint64_t)hdr_highest(h));
	memcpy(&ratio_bits, &ratio, sizeof(ratio_bits));
	put_be64(hp + 32, ratio_bits);           /* integer-to-double ratio */
	b->len += 40;

	while (hdr_next_bucket(h, &cursor, &value, &count)) {
		idx = slot_index(value, half_mag, unit);
		/* One empty slot is a plain 0, a run of them its negated
		 * length: what HdrHistogram's own encoders write. */
		if (idx - next == 1)
			rc = put_varint(b, 0);
		else if (idx > next)
			rc = put_varint(b, -(int64_t)(idx - next));
		if (rc || (rc = put_varint(b, count)))
			return rc;
		next = idx + 1;
	}
	/* b->p may have moved: address the header by offset */
	put_be32(b->p + off + 4, (uint32_t)(b->len - off - 40));
	return 0;
}

int hdrlog_encode(const struct hdr_hist *h, char **out)
{
	struct buf raw = { 0 };
	uint8_t *z = NULL;
	uLongf zlen;
	char *text = NULL;
	int rc;

	rc = encode_v2(h, &raw);
	if (rc)
		goto err;
	zlen = compressBound(raw.len);
	z = malloc(8 + zlen);
	if (!z) {
		rc = -ENOMEM;
		goto err;
	}
	if (compress2(z + 8, &zlen, raw.p, raw.len, Z_DEFAULT_COMPRESSION) != Z_OK) {
		rc = -EIO;
		goto err;
	}
	put_be32(z, HDRLOG_V2_COMPRESSED_COOKIE);
	put_be32(z + 4, (uint32_t)zlen);
	text = malloc(4 * ((8 + zlen + 2) / 3) + 1);
	if (!text) {
		rc = -ENOMEM;
		goto err;
	}
	hdrlog_base64_encode(z, 8 + zlen, text);
	*out = text;
	text = NULL;
err:
	free(text);
	free(z);
	free(raw.p);
	return rc;
}

/* ---- the log file ------------------------------------------------------ */

/* Seconds with 3 decimals, by integer arithmetic: the C locale's "%.3f"
 * must not turn into "1,5" if a script changes LC_NUMERIC. */
static void fmt_sec3(char *dst, size_t size, double x)
{
	long long ms = llround(x * 1000.0);
	const char *sign = "";

	if (ms < 0) {
		sign = "-";
		ms = -ms;
	}
	snprintf(dst, size, "%s%lld.%03lld", sign, ms / 1000, ms % 1000);
}

static int write_error(struct hdrlog *l, int e)
{
	if (l->err == 0) {
		l->err = -(e ? e : EIO);
		log_msg(LOG_FATAL, "cannot write --hdr-log file '%s': %s",
		        l->path, strerror(-l->err));
	}
	return l->err;
}

int hdrlog_open(const char *path, double start_time_epoch,
                struct hdrlog **out)
{
	return hdrlog_open_ident(path, start_time_epoch, NULL, out);
}

/* the stream of HDRLOG_STDOUT (hdrlog_set_stdout) */
static FILE *hl_stdout;

void hdrlog_set_stdout(FILE *f)
{
	hl_stdout = f;
}

int hdrlog_open_ident(const char *path, double start_time_epoch,
                      const char *ident, struct hdrlog **out)
{
	struct hdrlog *l;
	char start[48], human[64] = "";
	time_t t = (time_t)floor(start_time_epoch);
	struct tm tm;
	int rc;

	l = calloc(1, sizeof(*l));
	if (!l || !(l->path = strdup(path))) {
		free(l);
		log_msg(LOG_FATAL, "out of memory opening --hdr-log file '%s'", path);
		return -ENOMEM;
	}
	if (strcmp(path, HDRLOG_STDOUT) == 0) {
		/* beside the json lines on stdout: one stream out of a pod */
		l->f = hl_stdout ? hl_stdout : stdout;
		l->prefix = HDRLOG_STREAM_PREFIX;
		l->borrowed = 1;
	} else {
		l->prefix = "";
		l->f = fopen(path, "w");
	}
	if (!l->f) {
		rc = -errno;
		log_msg(LOG_FATAL, "cannot create --hdr-log file '%s': %s",
		        path, strerror(errno));
		free(l->path);
		free(l);
		return rc;
	}
	fmt_sec3(start, sizeof(start), start_time_epoch);
	if (localtime_r(&t, &tm))
		strftime(human, sizeof(human), "%a %b %d %H:%M:%S %Z %Y", &tm);
	errno = 0;
	if (fprintf(l->f,
	            "%s#[Histogram log format version 1.3]\n"
	            "%s#[StartTime: %s (seconds since epoch), %s]\n"
	            "%s%s%s%s"
	            "%s\"StartTimestamp\",\"Interval_Length\",\"Interval_Max\","
	            "\"Interval_Compressed_Histogram\"\n",
	            l->prefix, l->prefix, start, human, ident ? l->prefix : "",
	            ident ? "#[" : "", ident ? ident : "", ident ? "]\n" : "",
	            l->prefix) < 0 ||
	    fflush(l->f) != 0) {
		rc = write_error(l, errno);
		if (!l->borrowed)
			fclose(l->f);
		free(l->path);
		free(l);
		return rc;
	}
	*out = l;
	return 0;
}

int hdrlog_write(struct hdrlog *l, const char *tag, double start_s,
                 double length_s, const struct hdr_hist *h)
{
	char *b64 = NULL, *clean = NULL;
	char start[48], len[48], max[48];
	int rc;

	if (l->err)
		return l->err;
	rc = hdrlog_encode(h, &b64);
	if (rc) {
		log_msg(LOG_FATAL, "cannot encode a histogram for --hdr-log file '%s': %s",
		        l->path, strerror(-rc));
		return rc;
	}
	if (tag && *tag) {
		/* Readers split on commas and white space. */
		clean = strdup(tag);
		if (!clean) {
			free(b64);
			return -ENOMEM;
		}
		for (char *p = clean; *p; p++)
			if (*p == ',' || (unsigned char)*p <= ' ')
				*p = '_';
	}
	fmt_sec3(start, sizeof(start), start_s);
	fmt_sec3(len, sizeof(len), length_s);
	fmt_sec3(max, sizeof(max), (double)hdr_max(h) / HDRLOG_MAX_VALUE_DIVISOR);
	errno = 0;
	if (fprintf(l->f, "%s%s%s%s%s,%s,%s,%s\n", l->prefix, clean ? "Tag=" : "",
	            clean ? clean : "", clean ? "," : "", start, len, max, b64) < 0 ||
	    fflush(l->f) != 0)
		rc = write_error(l, errno);
	free(clean);
	free(b64);
	return rc;
}

int hdrlog_close(struct hdrlog *l)
{
	int rc;

	if (!l)
		return 0;
	errno = 0;
	if (fflush(l->f) != 0)
		write_error(l, errno);
	errno = 0;
	if (!l->borrowed && fclose(l->f) != 0)
		write_error(l, errno);
	rc = l->err;
	free(l->path);
	free(l);
	return rc;
}

/* ---- decoding ---------------------------------------------------------- */

static uint32_t get_be32(const uint8_t *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 |
	       (uint32_t)p[2] << 8 | p[3];
}

static uint64_t get_be64(const uint8_t *p)
{
	return (uint64_t)get_be32(p) << 32 | get_be32(p + 4);
}

/* ZigZag LEB128-64b9B (see put_varint). Returns 0 or -EINVAL at the end
 * of the buffer. */
static int get_varint(const uint8_t *p, size_t len, size_t *pos, int64_t *v)
{
	uint64_t z = 0;
	int i;

	for (i = 0; i < 9; i++) {
		uint8_t b;

		if (*pos >= len)
			return -EINVAL;
		b = p[(*pos)++];
		if (i == 8) {
			z |= (uint64_t)b << 56;
			break;
		}
		z |= (uint64_t)(b & 0x7f) << (7 * i);
		if (!(b & 0x80))
			break;
	}
	*v = (int64_t)(z >> 1) ^ -(int64_t)(z & 1);
	return 0;
}

/* Inflate the V2 payload: its 40-byte header first, whose declared payload
 * length must fit the counts its precision and range allow (at most 9
 * bytes of varint per count), then exactly that many bytes. A crafted
 * length, or a zlib bomb, is refused before any big allocation. */
static int inflate_payload(const uint8_t *src, size_t n, uint8_t **out, size_t *olen)
{
	z_stream zs;
	size_t need = 40;
	uint8_t *buf = malloc(need), *p;
	int zrc, header = 1;

	if (!buf)
		return -ENOMEM;
	memset(&zs, 0, sizeof(zs));
	if (inflateInit(&zs) != Z_OK) {
		free(buf);
		return -ENOMEM;
	}
	zs.next_in = (Bytef *)src;
	zs.avail_in = (uInt)n;
	for (;;) {
		zs.next_out = buf + zs.total_out;
		zs.avail_out = (uInt)(need - zs.total_out);
		if (zs.avail_out > 0) {
			zrc = inflate(&zs, Z_NO_FLUSH);
			if (zrc != Z_OK && zrc != Z_STREAM_END)
				goto bad;
			if (zs.total_out < need) {
				if (zrc == Z_STREAM_END || zs.avail_in == 0)
					goto bad;       /* truncated */
				continue;
			}
		}
		if (!header)
			break;
		/* the header: cookie, payload length, offset, sig figs, range */
		{
			uint32_t plen = get_be32(buf + 4);
			int sig = (int)get_be32(buf + 12);
			int64_t lowest = (int64_t)get_be64(buf + 16);
			int64_t highest = (int64_t)get_be64(buf + 24);
			size_t counts;
			if ((get_be32(buf) & ~0xf0u) != 0x1c849303u || sig < 1 || sig > 5 ||
			    lowest < 1 || highest < lowest)
				goto bad;
			counts = hdr_counts_len(lowest, highest, sig);
			if (counts == 0 || (uint64_t)plen > (uint64_t)counts * 9)
				goto bad;
			need = 40 + (size_t)plen;
		}
		header = 0;
		if (need == 40)
			break;
		p = realloc(buf, need);
		if (!p) {
			inflateEnd(&zs);
			free(buf);
			return -ENOMEM;
		}
		buf = p;
	}
	*olen = need;
	inflateEnd(&zs);
	*out = buf;
	return 0;
bad:
	inflateEnd(&zs);
	free(buf);
	return -EINVAL;
}

/* Decode into dst (its sig figs must be the payload's: else -EDOM and
 * *sig_out) or, with dst NULL, into a new histogram *out. */
static int decode_v2(const char *base64, size_t len, struct hdr_hist *dst,
                     struct hdr_hist **out, int *sig_out)
{
	uint8_t *bin = NULL, *raw = NULL;
	size_t rawlen = 0, pos, idx = 0;
	long n;
	uint32_t zlen, plen;
	int sig, unit, half_mag, count_mag = 0, rc = -EINVAL;
	int64_t lowest, highest, target = 2;
	struct hdr_hist *h = NULL, *into;

	bin = malloc(len / 4 * 3 + 3);
	if (!bin)
		return -ENOMEM;
	n = hdrlog_base64_decode(base64, len, bin);
	if (n < 8 || (get_be32(bin) & ~0xf0u) != 0x1c849304u)
		goto out;
	zlen = get_be32(bin + 4);
	if ((size_t)zlen > (size_t)n - 8)
		goto out;
	if ((rc = inflate_payload(bin + 8, zlen, &raw, &rawlen)))
		goto out;
	rc = -EINVAL;
	if (rawlen < 40 || (get_be32(raw) & ~0xf0u) != 0x1c849303u)
		goto out;
	plen = get_be32(raw + 4);
	sig = (int)get_be32(raw + 12);
	lowest = (int64_t)get_be64(raw + 16);
	highest = (int64_t)get_be64(raw + 24);
	if ((size_t)plen > rawlen - 40 || get_be32(raw + 8) != 0 ||
	    sig < 1 || sig > 5 || lowest < 1 || highest < lowest)
		goto out;
	for (int i = 0; i < sig; i++)
		target *= 10;
	while (((int64_t)1 << count_mag) < target)
		count_mag++;
	half_mag = count_mag - 1;
	unit = 63 - __builtin_clzll((uint64_t)lowest);
	if (sig_out)
		*sig_out = sig;
	if (dst && sig != hdr_sig_figs(dst)) {
		rc = -EDOM;
		goto out;
	}
	if (!dst && (rc = hdr_create(1, highest > 2 ? highest : 2, sig, &h)))
		goto out;
	into = dst ? dst : h;
	rc = -EINVAL;
	pos = 40;
	while (pos < 40 + (size_t)plen) {
		int64_t v;
		if (get_varint(raw, 40 + plen, &pos, &v))
			goto out;
		if (v < 0) {
			if ((uint64_t)-v > ((size_t)1 << 40))
				goto out;
			idx += (size_t)-v;
			continue;
		}
		if (v > 0) {
			int64_t bucket = (int64_t)(idx >> half_mag) - 1;
			int64_t sub = (int64_t)(idx & (((size_t)1 << half_mag) - 1)) +
			              ((int64_t)1 << half_mag);
			if (bucket < 0) {
				sub -= (int64_t)1 << half_mag;
				bucket = 0;
			}
			if (bucket + unit + count_mag > 62)
				goto out;
			hdr_record_n(into, (sub << (bucket + unit)) +
			             ((int64_t)1 << (bucket + unit)) - 1, v);
		}
		idx++;
	}
	if (out)
		*out = h;
	h = NULL;
	rc = 0;
out:
	hdr_destroy(h);
	free(raw);
	free(bin);
	return rc;
}

int hdrlog_decode(const char *base64, size_t len, struct hdr_hist **out)
{
	return decode_v2(base64, len, NULL, out, NULL);
}

int hdrlog_decode_add(const char *base64, size_t len, struct hdr_hist *dst,
                      int *sig_figs)
{
	return decode_v2(base64, len, dst, NULL, sig_figs);
}

static int parse_num(const char *s, double *out)
{
	char *end;

	if (!*s)
		return -EINVAL;
	*out = strtod(s, &end);
	return *end ? -EINVAL : 0;
}

int hdrlog_parse_line(char *line, struct hdrlog_line *out)
{
	char *f[4], *p = line;
	size_t n = strlen(line);
	int i;

	while (n && (line[n - 1] == '\n' || line[n - 1] == '\r'))
		line[--n] = '\0';
	if (n == 0 || line[0] == '#' || strncmp(line, "\"StartTimestamp\"", 16) == 0)
		return 0;
	memset(out, 0, sizeof(*out));
	if (strncmp(p, "Tag=", 4) == 0) {
		char *c = strchr(p, ',');
		if (!c)
			return -EINVAL;
		*c = '\0';
		out->tag = p + 4;
		p = c + 1;
	}
	for (i = 0; i < 4; i++) {
		char *c = i < 3 ? strchr(p, ',') : NULL;
		if (i < 3 && !c)
			return -EINVAL;
		f[i] = p;
		if (c) {
			*c = '\0';
			p = c + 1;
		}
	}
	if (parse_num(f[0], &out->start_s) || parse_num(f[1], &out->length_s) ||
	    parse_num(f[2], &out->max) || !*f[3])
		return -EINVAL;
	out->b64 = f[3];
	out->b64_len = strlen(f[3]);
	return 1;
}
