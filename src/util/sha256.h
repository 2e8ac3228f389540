/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sha256: the SHA-256 digest (FIPS 180-4) of a buffer, as lowercase hex.
 * Identifies a workload's text in result files (runinfo). Pure, reentrant.
 */
#ifndef BENCH_SHA256_H
#define BENCH_SHA256_H

#include <stddef.h>

#define SHA256_HEX_LEN 64

/* Write the 64 hex digits of SHA-256(data[0..len-1]) and a NUL to hex
 * (SHA256_HEX_LEN + 1 bytes). */
void sha256_hex(const void *data, size_t len, char hex[SHA256_HEX_LEN + 1]);

#endif
