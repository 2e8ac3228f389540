# SPDX-License-Identifier: GPL-2.0-or-later
# shellcheck shell=bash
# What bash offers at a TAB, for tests of completion/bench: source
# bash-completion and the completion file first, then
#
#   bashcomp_line 'bench oltp_read_write --mysql-'
#
# prints the completions at the end of the line, sorted. The line is split
# into COMP_WORDS as bash does ('=' is a word of its own: COMP_WORDBREAKS),
# the completion function registered for its first word is run and
# COMPREPLY printed.
bashcomp_line() {
	local fn
	COMP_LINE=$1 COMP_POINT=${#1}
	read -ra COMP_WORDS <<<"${1//=/ = }"
	[[ $1 == *' ' ]] && COMP_WORDS+=("")
	COMP_CWORD=$((${#COMP_WORDS[@]} - 1)) COMPREPLY=()
	fn=$(complete -p "${COMP_WORDS[0]}" 2>/dev/null | sed -n 's/.*-F \([^ ]*\) .*/\1/p')
	[ -n "$fn" ] || { echo "no completion for ${COMP_WORDS[0]}"; return 1; }
	"$fn" "${COMP_WORDS[0]}" "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
	[ ${#COMPREPLY[@]} = 0 ] || printf '%s\n' "${COMPREPLY[@]}" | sort
}
