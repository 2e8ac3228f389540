#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Build the Debian packages (debian/) from a copy of a source tree, so the
# tree itself (configured, built, tested in place) is left as it is:
#
#   debpkg.sh SRCDIR OUTDIR
#
# The copy is OUTDIR/bench (the files git knows where SRCDIR is a git
# checkout's top, else the whole tree but make distcheck's _build and _inst
# folders: `dh clean` then runs distclean there);
# `dpkg-buildpackage -us -uc -b` in it leaves bench_*.deb,
# bench-sysbench-compat_*.deb and bench_*_ARCH.changes in OUTDIR, and its
# output in OUTDIR/build.log. DEB_BUILD_OPTIONS passes through (nocheck:
# no build-time tests). Exit status: dpkg-buildpackage's (2 for bad usage).
set -u
[ $# = 2 ] || { echo "usage: debpkg.sh SRCDIR OUTDIR" >&2; exit 2; }
src=$(cd "$1" && pwd) || exit 2
mkdir -p "$2" && out=$(cd "$2" && pwd) || exit 2
rm -rf "$out/bench" && mkdir "$out/bench" || exit 2
# (make distcheck's sources sit inside the checkout, as bench-VERSION/)
if [ "$(git -C "$src" rev-parse --show-toplevel 2>/dev/null)" = "$(cd "$src" && pwd -P)" ]; then
	git -C "$src" ls-files -z --cached --others --exclude-standard |
		(cd "$src" && tar --null -T - -cf -) | tar -xf - -C "$out/bench"
else
	(cd "$src" && tar --exclude=./.ci-build --exclude=./tests/lib/node_modules \
		--exclude=./_build --exclude=./_inst -cf - .) |
		tar -xf - -C "$out/bench"
fi || exit 2
chmod -R u+w "$out/bench" || exit 2   # make distcheck's sources are read-only
# Called from a make (package.t under make check): the package's own make
# must not inherit its variables (`make check TESTS=tests/t/package.t`
# made the build-time tests run package.t again, and so on).
unset MAKEFLAGS MFLAGS MAKELEVEL MAKEOVERRIDES
cd "$out/bench" && dpkg-buildpackage -us -uc -b >"$out/build.log" 2>&1
