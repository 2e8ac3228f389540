/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Unit tests of stats/hdrlog: base64, the V2 compressed histogram encoding
 * (decoded back here by an independent small decoder: base64, inflate,
 * ZigZag LEB128, HdrHistogram's index-to-value mapping) and the log file. */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <zlib.h>

#include "stats/hdr.h"
#include "stats/hdrlog.h"
#include "tap.h"
#include "hdr_testutil.h"

#define HOUR_NS (3600LL * 1000000000LL)

/* ---- an independent decoder ------------------------------------------- */

struct decoded {
	uint32_t zcookie, cookie;
	int32_t payload_len, norm_offset, sig_figs;
	int64_t lowest, highest;
	double ratio;
	int64_t *counts;        /* [ncounts] */
	size_t ncounts;
	uint8_t payload[64];    /* first bytes of the payload, for exact checks */
};

static uint32_t be32(const uint8_t *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 |
	       (uint32_t)p[2] << 8 | p[3];
}

static uint64_t be64(const uint8_t *p)
{
	return (uint64_t)be32(p) << 32 | be32(p + 4);
}

/* LEB128-64b9B + ZigZag: returns bytes used, 0 on truncation. */
static size_t get_varint(const uint8_t *p, size_t n, int64_t *out)
{
	uint64_t z = 0;
	size_t i;

	for (i = 0; i < 9 && i < n; i++) {
		if (i == 8) {
			z |= (uint64_t)p[i] << 56;
			break;
		}
		z |= (uint64_t)(p[i] & 0x7f) << (7 * i);
		if (!(p[i] & 0x80))
			break;
	}
	if (i >= n)
		return 0;
	*out = (int64_t)(z >> 1) ^ -(int64_t)(z & 1);
	return i + 1;
}

/* 0 on success; fills d (d->counts malloc'd). */
static int decode(const char *b64, struct decoded *d)
{
	size_t len = strlen(b64), pos;
	uint8_t *raw = malloc(len), *plain = NULL;
	long n = hdrlog_base64_decode(b64, len, raw);
	uLongf plen;
	uint32_t zlen;
	int rc = -1;

	memset(d, 0, sizeof(*d));
	if (n < 8)
		goto out;
	d->zcookie = be32(raw);
	zlen = be32(raw + 4);
	if ((long)zlen != n - 8)
		goto out;
	plen = 1 << 24;
	plain = malloc(plen);
	if (uncompress(plain, &plen, raw + 8, zlen) != Z_OK || plen < 40)
		goto out;
	d->cookie = be32(plain);
	d->payload_len = (int32_t)be32(plain + 4);
	d->norm_offset = (int32_t)be32(plain + 8);
	d->sig_figs = (int32_t)be32(plain + 12);
	d->lowest = (int64_t)be64(plain + 16);
	d->highest = (int64_t)be64(plain + 24);
	{
		uint64_t bits = be64(plain + 32);
		memcpy(&d->ratio, &bits, sizeof(bits));
	}
	if ((size_t)d->payload_len != plen - 40)
		goto out;
	memcpy(d->payload, plain + 40,
	       plen - 40 < sizeof(d->payload) ? plen - 40 : sizeof(d->payload));
	d->counts = calloc(1 << 23, sizeof(int64_t));
	for (pos = 40; pos < plen;) {
		int64_t v;
		size_t used = get_varint(plain + pos, plen - pos, &v);
		if (used == 0)
			goto out;
		pos += used;
		if (v < 0)
			d->ncounts += (size_t)-v;
		else
			d->counts[d->ncounts++] = v;
		if (d->ncounts >= (1 << 23))
			goto out;
	}
	rc = 0;
out:
	free(raw);
	free(plain);
	return rc;
}

/* HdrHistogram's mapping (lowest = 2^unit): highest value of slot i. */
static int64_t slot_high(size_t i, int sig_figs, int unit)
{
	int64_t target = 2, half;
	int mag = 0;
	long bucket;
	int64_t sub;

	for (int k = 0; k < sig_figs; k++)
		target *= 10;
	while ((1LL << mag) < target)
		mag++;
	half = 1LL << (mag - 1);
	bucket = (long)(i / (size_t)half) - 1;
	sub = (int64_t)(i % (size_t)half) + half;
	if (bucket < 0) {
		sub -= half;
		bucket = 0;
	}
	return (sub << (bucket + unit)) + (1LL << (bucket + unit)) - 1;
}

/* Compare decoded counts with hdr_next_bucket()'s (value, count) list. */
static int same_counts(const struct hdr_hist *h, const struct decoded *d,
                       int unit)
{
	size_t cursor = 0, i = 0;
	int64_t v, c, total = 0;

	while (hdr_next_bucket(h, &cursor, &v, &c)) {
		while (i < d->ncounts && d->counts[i] == 0)
			i++;
		if (i >= d->ncounts || d->counts[i] != c ||
		    slot_high(i, d->sig_figs, unit) != v) {
			diag("mismatch at decoded index %zu: value %lld count %lld",
			     i, (long long)v, (long long)c);
			return 0;
		}
		total += c;
		i++;
	}
	/* the encoding stops at the last non-empty slot */
	return i == d->ncounts && total == hdr_count(h);
}

/* ---- tests ------------------------------------------------------------- */

static void test_base64(void)
{
	static const char *plain[] = { "", "f", "fo", "foo", "foob", "fooba", "foobar" };
	static const char *coded[] = { "", "Zg==", "Zm8=", "Zm9v", "Zm9vYg==",
	                               "Zm9vYmE=", "Zm9vYmFy" };
	char out[128];
	uint8_t bin[128], back[128];
	int good = 1;

	for (int i = 0; i < 7; i++) {
		size_t n = hdrlog_base64_encode((const uint8_t *)plain[i],
		                                strlen(plain[i]), out);
		long m = hdrlog_base64_decode(coded[i], strlen(coded[i]), back);
		good &= n == strlen(coded[i]) && strcmp(out, coded[i]) == 0 &&
		        m == (long)strlen(plain[i]) &&
		        memcmp(back, plain[i], (size_t)m) == 0;
	}
	ok(good, "base64: RFC 4648 test vectors encode and decode");

	good = 1;
	srand(1);
	for (size_t n = 0; n <= 90; n++) {
		for (size_t i = 0; i < n; i++)
			bin[i] = (uint8_t)rand();
		size_t len = hdrlog_base64_encode(bin, n, out);
		long m = hdrlog_base64_decode(out, len, back);
		good &= len == 4 * ((n + 2) / 3) && m == (long)n &&
		        memcmp(bin, back, n) == 0;
	}
	ok(good, "base64: round trip of 0..90 random bytes (all 256 byte values)");
	ok(hdrlog_base64_decode("Zm9", 3, back) == -EINVAL &&
	   hdrlog_base64_decode("Zm=v", 4, back) == -EINVAL &&
	   hdrlog_base64_decode("Zg==Zg==", 8, back) == -EINVAL &&
	   hdrlog_base64_decode("Z*9v", 4, back) == -EINVAL,
	   "base64: bad length, misplaced padding and bad characters rejected");
}

static void test_encoding_exact(void)
{
	struct hdr_hist *h;
	struct decoded d;
	char *b64 = NULL;

	hdr_create(1, HOUR_NS, 3, &h);
	hdr_record(h, 1);
	hdr_record_n(h, 3, 2);
	hdr_record(h, 14);
	ok(hdrlog_encode(h, &b64) == 0 && decode(b64, &d) == 0,
	   "encode and decode a small histogram");
	ok((d.zcookie & ~0xf0u) == 0x1c849304 && (d.cookie & ~0xf0u) == 0x1c849303,
	   "cookies: compressed 0x%08x, encoding 0x%08x (V2 bases 0x1c849304/0x1c849303)",
	   d.zcookie, d.cookie);
	ok(d.norm_offset == 0 && d.sig_figs == 3 && d.lowest == 1 &&
	   d.highest == HOUR_NS && d.ratio == 1.0,
	   "header: offset 0, 3 digits, lowest 1, highest 1 h, ratio 1.0");
	/* slots 0..14: 0, 1, 0, 2, ten zeros, 1 -> 0 | 1 | 0 | 2 | -10 | 1 */
	ok(d.payload_len == 6 &&
	   memcmp(d.payload, "\x00\x02\x00\x04\x13\x02", 6) == 0,
	   "payload: single zeros as 0, a zero run as its negated length, ZigZag");
	ok(same_counts(h, &d, 0), "decoded counts equal the histogram's");
	free(b64);
	free(d.counts);

	/* counts needing every varint length, up to the 9-byte form */
	hdr_reset(h);
	hdr_record_n(h, 1000, 1);
	hdr_record_n(h, 2000, 200);
	hdr_record_n(h, 3000, 70000);
	hdr_record_n(h, 1000000, 1LL << 35);
	hdr_record_n(h, 2000000, 1LL << 50);
	hdr_record_n(h, 3000000, (1LL << 62) + 12345);
	ok(hdrlog_encode(h, &b64) == 0 && decode(b64, &d) == 0 &&
	   same_counts(h, &d, 0),
	   "counts from 1 to 2^62 round-trip (1..9-byte varints)");
	free(b64);
	free(d.counts);

	hdr_reset(h);
	ok(hdrlog_encode(h, &b64) == 0 && decode(b64, &d) == 0 &&
	   d.payload_len == 0 && d.ncounts == 0,
	   "an empty histogram has an empty payload");
	free(b64);
	free(d.counts);
	hdr_destroy(h);
}

static void test_encoding_random(void)
{
	struct decoded d;
	char *b64 = NULL;
	int good = 1;

	srand(7);
	for (int sf = 1; sf <= 5; sf++) {
		struct hdr_hist *h;
		hdr_create(1, HOUR_NS, sf, &h);
		for (int i = 0; i < 20000; i++) {
			/* log-uniform-ish values over the whole range, and clamped ones */
			int64_t v = (int64_t)rand() >> (rand() % 31);
			v *= 1 + rand() % 2000;
			hdr_record(h, i % 1000 == 0 ? HOUR_NS * 2 : v);
		}
		good &= hdrlog_encode(h, &b64) == 0 && decode(b64, &d) == 0 &&
		        d.sig_figs == sf && same_counts(h, &d, 0);
		free(b64);
		free(d.counts);
		hdr_destroy(h);
	}
	ok(good, "20000 random values (with clamped ones) round-trip at sig figs 1..5");

	/* lowest > 1: the header states HdrHistogram's equivalent lowest */
	good = 1;
	{
		struct hdr_hist *h;
		hdr_create(1000000, HOUR_NS, 2, &h);   /* unit = 19 - log2(256 / 2) = 12 */
		for (int i = 0; i < 5000; i++)
			hdr_record(h, 1000000 + (int64_t)rand() * 3);
		good &= hdrlog_encode(h, &b64) == 0 && decode(b64, &d) == 0 &&
		        d.lowest == 4096 && same_counts(h, &d, 12);
		free(b64);
		free(d.counts);
		hdr_destroy(h);
	}
	ok(good, "lowest 10^6 at 2 digits is encoded as HdrHistogram's lowest 4096");
}

static char *slurp(const char *path)
{
	FILE *f = fopen(path, "r");
	char *s = calloc(1, 1 << 20);
	if (f) {
		size_t n = fread(s, 1, (1 << 20) - 1, f);
		s[n] = '\0';
		fclose(f);
	}
	return s;
}

static void test_log_file(void)
{
	char path[] = "/tmp/test_hdrlog_XXXXXX";
	struct hdr_hist *h;
	struct hdrlog *l = NULL;
	char *b64 = NULL, *text, expect[4096];
	int fd = mkstemp(path), rc;

	close(fd);
	setenv("TZ", "UTC", 1);
	tzset();
	hdr_create(1, HOUR_NS, 3, &h);
	hdr_record(h, 1500000);
	hdr_record(h, 2345678);
	hdrlog_encode(h, &b64);

	rc = hdrlog_open(path, 1700000000.25, &l);
	ok(rc == 0, "hdrlog_open");
	ok(hdrlog_write(l, NULL, 1700000000.25, 0.5, h) == 0 &&
	   hdrlog_write(l, "new order,x\ty", 1700000000.7504, 1.0, h) == 0,
	   "hdrlog_write untagged and tagged lines");
	ok(hdrlog_close(l) == 0, "hdrlog_close");
	text = slurp(path);
	snprintf(expect, sizeof(expect),
	         "#[Histogram log format version 1.3]\n"
	         "#[StartTime: 1700000000.250 (seconds since epoch), Tue Nov 14 22:13:20 UTC 2023]\n"
	         "\"StartTimestamp\",\"Interval_Length\",\"Interval_Max\",\"Interval_Compressed_Histogram\"\n"
	         "1700000000.250,0.500,2.346,%s\n"
	         "Tag=new_order_x_y,1700000000.750,1.000,2.346,%s\n", b64, b64);
	ok(strcmp(text, expect) == 0, "log file text is exact");
	if (strcmp(text, expect) != 0)
		diag("got:\n%s", text);
	free(text);
	unlink(path);

	ok(hdrlog_open("/nonexistent-dir/x.hlog", 0, &l) == -ENOENT,
	   "hdrlog_open of an impossible path returns -ENOENT");
	if (access("/dev/full", W_OK) == 0) {
		rc = hdrlog_open("/dev/full", 1700000000, &l);
		if (rc == 0) {
			int w = hdrlog_write(l, NULL, 1, 1, h);
			ok(w == -ENOSPC && hdrlog_close(l) == -ENOSPC,
			   "a full disk is reported by write (%d) and close", w);
		} else {
			ok(rc == -ENOSPC, "a full disk is reported by open (%d)", rc);
		}
	} else {
		ok(1, "# SKIP /dev/full not writable");
	}
	ok(hdrlog_close(NULL) == 0, "hdrlog_close(NULL) is a no-op");
	free(b64);
	hdr_destroy(h);
}

/* hdrlog_decode() round-trips hdrlog_encode(): same slots and counts, so
 * the same percentiles; malformed payloads are -EINVAL. */
static void test_decode(void)
{
	int good = 1;
	char *b64 = NULL;
	struct hdr_hist *d = NULL;
	char line[256];
	struct hdrlog_line l;

	srand(11);
	for (int sf = 1; sf <= 5; sf++) {
		struct hdr_hist *h;
		hdr_create(1, HOUR_NS, sf, &h);
		for (int i = 0; i < 20000; i++) {
			int64_t v = ((int64_t)rand() >> (rand() % 31)) * (1 + rand() % 1000);
			hdr_record(h, v % HOUR_NS);
		}
		d = NULL;
		good &= hdrlog_encode(h, &b64) == 0 &&
		        hdrlog_decode(b64, strlen(b64), &d) == 0 &&
		        hdr_sig_figs(d) == sf && hdr_count(d) == hdr_count(h) &&
		        same_buckets(h, d);
		if (!good)
			diag("sig figs %d: slots or counts differ", sf);
		/* the same slot; only the top one may differ by h's exact max */
		for (double p = 1; good && p <= 100; p += 0.5) {
			int64_t vh = hdr_value_at_percentile(h, p);
			int64_t vd = hdr_value_at_percentile(d, p);
			double tol = 1;
			for (int i = 0; i < sf; i++)
				tol /= 10;
			if (vd < vh || (double)(vd - vh) > tol * (double)vh + 1) {
				diag("sig figs %d p%g: %lld vs %lld", sf, p, (long long)vd, (long long)vh);
				good = 0;
			}
		}
		free(b64);
		hdr_destroy(d);
		hdr_destroy(h);
	}
	ok(good, "decode(encode(h)) has h's slots, counts and percentiles at sig figs 1..5");

	d = NULL;
	ok(hdrlog_decode("HISTFAAAA", 9, &d) == -EINVAL && d == NULL, "bad base64 is -EINVAL");
	ok(hdrlog_decode("AAAAAAAAAAAA", 12, &d) == -EINVAL, "bad cookie is -EINVAL");
	{
		struct hdr_hist *h;
		hdr_create(1, HOUR_NS, 3, &h);
		hdr_record(h, 12345);
		hdrlog_encode(h, &b64);
		/* keep the cookies, truncate the zlib stream */
		ok(hdrlog_decode(b64, 24, &d) == -EINVAL, "a truncated zlib stream is -EINVAL");
		free(b64);
		hdr_destroy(h);
	}

	strcpy(line, "Tag=new_order,1764455595.123,1.000,0.500,HISTFAAA\n");
	ok(hdrlog_parse_line(line, &l) == 1 && strcmp(l.tag, "new_order") == 0 &&
	   l.start_s == 1764455595.123 && l.length_s == 1.0 && l.max == 0.5 &&
	   l.b64_len == 8 && strncmp(l.b64, "HISTFAAA", 8) == 0, "tagged line parsed");
	strcpy(line, "1.5,2.000,3,HISTFAAA");
	ok(hdrlog_parse_line(line, &l) == 1 && l.tag == NULL && l.start_s == 1.5,
	   "untagged line parsed");
	strcpy(line, "#[Histogram log format version 1.3]\n");
	ok(hdrlog_parse_line(line, &l) == 0, "comment skipped");
	strcpy(line, "\"StartTimestamp\",\"Interval_Length\"");
	ok(hdrlog_parse_line(line, &l) == 0, "legend skipped");
	strcpy(line, "1.5,x,3,HISTFAAA");
	ok(hdrlog_parse_line(line, &l) == -EINVAL, "bad number is -EINVAL");
	strcpy(line, "1.5,2");
	ok(hdrlog_parse_line(line, &l) == -EINVAL, "missing columns is -EINVAL");
}

int main(void)
{
	test_base64();
	test_encoding_exact();
	test_encoding_random();
	test_log_file();
	test_decode();
	return tap_done();
}
