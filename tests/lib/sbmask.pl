# SPDX-License-Identifier: GPL-2.0-or-later
# Masks a text report for a line-by-line comparison of its grammar with
# sysbench 1.0.20's (tests/t/sysbench_banner.t): every number becomes N,
# keeping how many decimals it has (N.dd); runs of spaces (column padding
# that depends on the numbers' widths) become one; the first line keeps
# only its "sysbench VERSION (using" head, which parsers anchor on.
while (<>) {
	s/^(sysbench \d+\.\d+\.\d+ \(using) .*\)$/$1 ...)/ if $. == 1;
	s/(\d+)(\.(\d+))?/"N" . (defined $3 ? "." . ("d" x length($3)) : "")/ge;
	s/ +/ /g;
	print;
}
