# shellcheck shell=bash
# SPDX-License-Identifier: GPL-2.0-or-later
# block_conn_order FILE: the order check of a tests/lib/block_conn.lua
# run's output (its header says what it prints): no event of thread 0 (even
# connection ids) ends while connection 0 sleeps, and some of thread 1's
# (odd ids) do. Prints "only thread 1 ran while connection 0 slept", or
# what it found instead.
block_conn_order() {
	awk '$1 == "sleep" { n++; s[n] = $2; e[n] = $3 } $1 == "ev" { m++; c[m] = $2; t[m] = $3 }
	END {
		for (i = 1; i <= m; i++)
			for (j = 1; j <= n; j++)
				if (t[i] > s[j] && t[i] < e[j]) { if (c[i] % 2) odd++; else even++ }
		if (n > 0 && even == 0 && odd > 0)
			print "only thread 1 ran while connection 0 slept"
		else
			print "sleeps " n ", events in them: even " even + 0 ", odd " odd + 0
	}' "$1"
}
