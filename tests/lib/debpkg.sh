#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Build the Debian packages (debian/) from a copy of a source tree, so the
# tree itself (configured, built, tested in place) is left as it is:
#
#   debpkg.sh SRCDIR OUTDIR
#
# The copy is OUTDIR/bench (the files git knows, or the whole tree outside
# a git checkout: `dh clean` then runs distclean there);
# `dpkg-buildpackage -us -uc -b` in it leaves bench_*.deb,
# bench-sysbench-compat_*.deb and bench_*_ARCH.changes in OUTDIR, and its
# output in OUTDIR/build.log. DEB_BUILD_OPTIONS passes through (nocheck:
# no build-time tests). Exit status: dpkg-buildpackage's (2 for bad usage).
set -u
[ $# = 2 ] || { echo "usage: debpkg.sh SRCDIR OUTDIR" >&2; exit 2; }
src=$(cd "$1" && pwd) || exit 2
mkdir -p "$2" && out=$(cd "$2" && pwd) || exit 2
rm -rf "$out/bench" && mkdir "$out/bench" || exit 2
if git -C "$src" rev-parse --git-dir >/dev/null 2>&1; then
	git -C "$src" ls-files -z --cached --others --exclude-standard |
		(cd "$src" && tar --null -T - -cf -) | tar -xf - -C "$out/bench"
else
	(cd "$src" && tar --exclude=./.ci-build --exclude=./tests/lib/node_modules -cf - .) |
		tar -xf - -C "$out/bench"
fi || exit 2
chmod -R u+w "$out/bench" || exit 2   # make distcheck's sources are read-only
cd "$out/bench" && dpkg-buildpackage -us -uc -b >"$out/build.log" 2>&1
