# shellcheck shell=bash
# SPDX-License-Identifier: GPL-2.0-or-later
# errs CMD...: run CMD and show only its messages: all of stderr (option
# errors, as sysbench prints them there), then the FATAL/ALERT/WARNING/DEBUG
# lines of stdout (bench, like sysbench, logs to stdout). Returns CMD's
# exit status, so a transcript sees [1] for a failure.
errs() {
	local out err rc
	out=$(mktemp) err=$(mktemp)
	"$@" >"$out" 2>"$err"
	rc=$?
	cat "$err"
	grep -E '^(FATAL|ALERT|WARNING|DEBUG): ' "$out"
	rm -f "$out" "$err"
	return $rc
}
