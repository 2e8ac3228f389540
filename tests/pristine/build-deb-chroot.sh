#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Check that debian/control's Build-Depends are complete: build the
# Debian packages in a clean Debian 12 chroot that has nothing but a
# minimal bookworm (debootstrap --variant=minbase), build-essential and
# the Build-Depends (apt-get build-dep ./, as a buildd would), as an
# unprivileged user:
#
#     dpkg-buildpackage -us -uc -b     (with the build-time tests)
#
# on a copy of the repository's committed tree (git archive HEAD: no
# .git, no untracked or generated files). A package the build needs but
# debian/control does not name makes it fail here.
#
# Not part of `make check`: it needs root, debootstrap (apt-get install
# debootstrap) and a Debian mirror. The first run downloads about 150 MB
# and caches the base system (160 MB); a run took about 4 minutes on 2
# busy cores (1 to set up, 3 to build and test).
#
# usage (as root, on a Debian or Ubuntu host):
#     tests/pristine/build-deb-chroot.sh DIR [REPO]
#
#   DIR   the chroot; it must not exist yet, or be one this script made
#         (it is wiped and made again from the cached base system at
#         every run: each build starts pristine). Put it outside any git
#         work tree.
#   REPO  the repository to build (default: the one holding this script);
#         only committed work is built (HEAD).
#
# env: MIRROR   Debian mirror (default: the host's, from /etc/apt, else
#               http://deb.debian.org/debian)
#      CACHE    folder of the cached base system (default
#               /var/cache/bench-pristine): bookworm-minbase.tar.gz is
#               debootstrap's minbase plus build-essential; delete it to
#               bootstrap afresh
#      DEB_BUILD_OPTIONS, DEB_BUILD_PROFILES
#               passed to the build (e.g. nocheck), the profiles to
#               apt-get build-dep too
#      KEEP_MOUNTS=1  leave DIR mounted at the end (for a look inside)
#
# Output: DIR.logs/{debootstrap,build-dep,build}.log, the Build-Depends
# installed (DIR.logs/installed.txt: package and version), and the built
# .deb, .changes and .buildinfo in DIR.logs/out/. Exits non-zero if the
# build failed; then the log's last lines show what was missing.
set -euo pipefail

die() { echo "build-deb-chroot.sh: $*" >&2; exit 1; }
[ $# -ge 1 ] || die "usage: $0 DIR [REPO]"
[ "$(id -u)" = 0 ] || die "must run as root"
DIR=$(realpath -m "$1")
REPO=$(realpath "${2:-$(git -C "$(dirname "$0")" rev-parse --show-toplevel)}")
LOGS=$DIR.logs
MARK=$DIR/.bench-deb-chroot
CACHE=${CACHE:-/var/cache/bench-pristine}
BASE=$CACHE/bookworm-minbase.tar.gz
[ -d "$REPO/.git" ] || [ -f "$REPO/HEAD" ] || die "$REPO is not a git repository"
case "$DIR" in "$REPO" | "$REPO"/*) die "DIR must be outside the repository" ;; esac
# shellcheck source=tests/pristine/chroot-lib.sh
. "$(dirname "$0")/chroot-lib.sh"

UNMOUNT_HINT="umount $DIR/{dev/shm,dev/pts,sys,proc}"

# --- the chroot: the cached base, else debootstrap + build-essential ----
chroot_check_ours
[ ! -f "$MARK" ] || chroot_wipe
rm -rf "$LOGS"
mkdir -p "$LOGS/out" "$CACHE" "$DIR"
date -u >"$MARK"
trap chroot_cleanup EXIT
if [ -f "$BASE" ]; then
	echo "== unpacking the cached base system $BASE"
	mkdir -p "$DIR"
	tar -xzf "$BASE" -C "$DIR"
	chroot_copy_network
else
	command -v debootstrap >/dev/null || die "debootstrap missing: apt-get install debootstrap"
	echo "== debootstrap --variant=minbase bookworm $DIR $MIRROR"
	t0=$SECONDS
	debootstrap --variant=minbase bookworm "$DIR" "$MIRROR" >"$LOGS/debootstrap.log" 2>&1 ||
		{ tail -20 "$LOGS/debootstrap.log"; die "debootstrap failed"; }
	chroot_setup_apt
	chroot_copy_network
	echo "== apt-get install build-essential"
	chroot_mount
	in_chroot 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
		--no-install-recommends build-essential && apt-get clean && rm -rf /var/lib/apt/lists/*' \
		>>"$LOGS/debootstrap.log" 2>&1 || { tail -20 "$LOGS/debootstrap.log"; die "installing build-essential failed"; }
	umount_all
	echo "   $((SECONDS - t0)) s; caching it as $BASE"
	tar -czf "$BASE.tmp" -C "$DIR" --exclude=./etc/resolv.conf --exclude="./${MARK##*/}" . && mv "$BASE.tmp" "$BASE"
fi
chroot_mount
if [ "${host_cas_changed:-0}" = 1 ]; then
	in_chroot 'update-ca-certificates' >/dev/null 2>&1 || true
fi

# --- the tree, as the user builder --------------------------------------
in_chroot 'useradd -m -s /bin/bash builder'
SRC=/home/builder/bench
git -C "$REPO" log -1 --format='== commit %h %s' HEAD
git -C "$REPO" archive --prefix=bench/ HEAD | tar -x -C "$DIR/home/builder"
in_chroot "chown -R builder:builder $SRC"

# --- build-essential + Build-Depends, then the build --------------------
profiles=
[ -z "${DEB_BUILD_PROFILES:-}" ] || profiles="-P ${DEB_BUILD_PROFILES// /,}"
echo "== apt-get build-dep ./ $profiles"
t0=$SECONDS
in_chroot "dpkg-query -W -f '\${Package}\n' | sort >/root/before.txt
	apt-get update -qq && cd $SRC &&
	DEBIAN_FRONTEND=noninteractive apt-get build-dep -y -q --no-install-recommends $profiles ./ &&
	dpkg-query -W -f '\${Package} \${Version}\n' | sort | join -v1 - /root/before.txt" \
	>"$LOGS/build-dep.log" 2>&1 || { tail -20 "$LOGS/build-dep.log"; die "apt-get build-dep failed"; }
grep -E '^[a-z0-9][a-z0-9.+-]* [^ ]+$' "$LOGS/build-dep.log" >"$LOGS/installed.txt" || true
echo "   $((SECONDS - t0)) s; $(wc -l <"$LOGS/installed.txt") packages installed (installed.txt)"

echo "== dpkg-buildpackage -us -uc -b (DEB_BUILD_OPTIONS='${DEB_BUILD_OPTIONS:-}') as builder"
t0=$SECONDS
rc=0
CHROOT_ENV="DEB_BUILD_OPTIONS=${DEB_BUILD_OPTIONS:-} DEB_BUILD_PROFILES=${DEB_BUILD_PROFILES:-}" \
	in_chroot "cd $SRC && runuser -u builder -- env HOME=/home/builder \
	dpkg-buildpackage -us -uc -b" >"$LOGS/build.log" 2>&1 || rc=$?
echo "   exit $rc after $((SECONDS - t0)) s; last lines:"
tail -n "${TAIL:-12}" "$LOGS/build.log" | sed 's/^/   | /'
cp "$DIR"/home/builder/*.deb "$DIR"/home/builder/*.changes "$DIR"/home/builder/*.buildinfo \
	"$LOGS/out/" 2>/dev/null || true
find "$LOGS/out" -type f -printf '   built: %f\n'
echo "== logs in $LOGS"
exit $rc
