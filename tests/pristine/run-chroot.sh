#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Check that the README's set-up commands work on a pristine Debian 12:
# debootstrap a minimal bookworm (variant minbase: less than a fresh
# install has) into DIR, install only git there, clone the repository
# inside it and run, each from a fresh clone, as root:
#
#     ./demo.sh              (MariaDB demo)
#     DB=pgsql ./demo.sh     (PostgreSQL demo)
#     bash .ci/run           (the whole test suite: "N passed, 0 failed")
#
# then stop whatever is still running inside DIR and unmount it. Not part
# of `make check`: it needs root, debootstrap (apt-get install debootstrap)
# and a Debian mirror, and takes about 7 minutes on 2 cores.
#
# usage (as root, on a Debian or Ubuntu host):
#     tests/pristine/run-chroot.sh DIR [REPO]
#
#   DIR   the chroot; it must not exist yet, or be one this script made
#         (it is wiped and bootstrapped again unless REUSE=1). Put it
#         outside any git work tree.
#   REPO  the repository to clone (default: the one holding this script);
#         only committed work is cloned (its checked-out branch).
#
# env: MIRROR   Debian mirror (default: the host's, from /etc/apt, else
#               http://deb.debian.org/debian); the security archive is
#               the host's too, else MIRROR's sibling debian-security
#      STEPS    which commands to run, any of "demo demo-pgsql ci"
#               (default: all three, in that order; empty: none)
#      REUSE=1  keep an existing DIR made by this script (quicker; no
#               longer pristine after the first run)
#      KEEP_MOUNTS=1  leave DIR mounted at the end (for a look inside)
#
# Each step's output goes to DIR.logs/STEP.log; the script prints each
# step's duration and last lines, and exits non-zero if any step failed.
# Inside the chroot no init system runs: /usr/sbin/policy-rc.d keeps the
# packages' services (the system MariaDB and PostgreSQL) from starting,
# as on any chroot; the demo and the tests start their own servers.
set -euo pipefail

die() { echo "run-chroot.sh: $*" >&2; exit 1; }
[ $# -ge 1 ] || die "usage: $0 DIR [REPO]"
[ "$(id -u)" = 0 ] || die "must run as root"
DIR=$(realpath -m "$1")
REPO=$(realpath "${2:-$(git -C "$(dirname "$0")" rev-parse --show-toplevel)}")
STEPS=${STEPS-demo demo-pgsql ci}
LOGS=$DIR.logs
MARK=$DIR/.bench-pristine-chroot
[ -d "$REPO/.git" ] || [ -f "$REPO/HEAD" ] || die "$REPO is not a git repository"
case "$DIR" in "$REPO" | "$REPO"/*) die "DIR must be outside the repository" ;; esac

# shellcheck source=tests/pristine/chroot-lib.sh
. "$(dirname "$0")/chroot-lib.sh"
MOUNTS+=(mnt/bench-src)

UNMOUNT_HINT="REUSE=1 STEPS= $0 $DIR"

# --- the chroot ---------------------------------------------------------
chroot_check_ours
if [ -f "$MARK" ] && [ "${REUSE:-0}" != 1 ]; then
	chroot_wipe
fi
mkdir -p "$LOGS"
if [ ! -f "$MARK" ]; then
	command -v debootstrap >/dev/null || die "debootstrap missing: apt-get install debootstrap"
	echo "== debootstrap --variant=minbase bookworm $DIR $MIRROR"
	t0=$SECONDS
	debootstrap --variant=minbase bookworm "$DIR" "$MIRROR" >"$LOGS/debootstrap.log" 2>&1 ||
		{ tail -20 "$LOGS/debootstrap.log"; die "debootstrap failed"; }
	echo "   $((SECONDS - t0)) s"
	chroot_setup_apt
	date -u >"$MARK"
fi
chroot_copy_network

trap chroot_cleanup EXIT
mkdir -p "$DIR/mnt/bench-src"
chroot_mount
if ! mountpoint -q "$DIR/mnt/bench-src"; then
	mount --bind "$REPO" "$DIR/mnt/bench-src"
	mount -o remount,bind,ro "$DIR/mnt/bench-src"
fi

# The README's prerequisite: git, to clone the repository.
if ! in_chroot 'command -v git' >/dev/null; then
	echo "== apt-get install git (the README's prerequisite)"
	in_chroot 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq git' \
		>"$LOGS/git.log" 2>&1 || { tail -20 "$LOGS/git.log"; die "installing git failed"; }
fi

if [ "${host_cas_changed:-0}" = 1 ]; then
	in_chroot 'update-ca-certificates' >/dev/null 2>&1 || true
fi

# --- the steps ----------------------------------------------------------
failed=0
fresh_clone() { # NAME: print a command that clones REPO into /root/NAME afresh
	echo "rm -rf /root/$1 && git clone -q /mnt/bench-src /root/$1 && cd /root/$1 && git log -1 --format='== commit %h %s'"
}
step() { # NAME CLONE COMMAND
	local name=$1 clone=$2 cmd=$3 t0 rc=0
	echo "== [$name] cd $clone && $cmd"
	t0=$SECONDS
	in_chroot "$(fresh_clone "$clone") && $cmd" >"$LOGS/$name.log" 2>&1 || rc=$?
	echo "   [$name] exit $rc after $((SECONDS - t0)) s; last lines:"
	tail -n "${TAIL:-4}" "$LOGS/$name.log" | sed 's/^/   | /'
	[ $rc = 0 ] || failed=1
}
for s in $STEPS; do
	case $s in
	demo) step demo bench-demo './demo.sh' ;;
	demo-pgsql) step demo-pgsql bench-demo-pgsql 'DB=pgsql ./demo.sh' ;;
	ci) TAIL=3 step ci bench-ci 'bash .ci/run' ;;
	*) die "unknown step '$s' (demo, demo-pgsql, ci)" ;;
	esac
done
echo "== logs in $LOGS"
exit $failed
