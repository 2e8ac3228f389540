# SPDX-License-Identifier: GPL-2.0-or-later
# shellcheck shell=bash
# What the pristine Debian 12 chroot checks share (run-chroot.sh,
# build-deb-chroot.sh): the host's mirror, mounting and unmounting the
# chroot, stopping what still runs inside it, running a command in it.
# The caller sets DIR (the chroot, an absolute path) and MARK (the file
# that marks DIR as its own), sources this file and defines die().

# The Debian mirror this host uses (its /etc/apt), else deb.debian.org.
host_mirror() {
	local m
	m=$(grep -hsE '^URIs:.*debian/?$' /etc/apt/sources.list.d/*.sources | awk '{print $2; exit}' || true)
	[ -n "$m" ] || m=$(grep -hsE '^deb .*/debian/? +(bookworm|stable) ' /etc/apt/sources.list \
		/etc/apt/sources.list.d/*.list | awk '{print $2; exit}' || true)
	echo "${m:-http://deb.debian.org/debian}"
}
MIRROR=${MIRROR:-$(host_mirror)}
MIRROR=${MIRROR%/}
SECURITY=$(grep -hsE '^URIs:.*debian-security/?$' /etc/apt/sources.list.d/*.sources | awk '{print $2; exit}' || true)
SECURITY=${SECURITY:-${MIRROR%/debian}/debian-security}
SECURITY=${SECURITY%/}

# A fresh install's sources.list (updates and security too) and no
# services started by packages (no init system runs in a chroot).
chroot_setup_apt() {
	cat >"$DIR/etc/apt/sources.list" <<-SRC
	deb $MIRROR bookworm main
	deb $MIRROR bookworm-updates main
	deb $SECURITY bookworm-security main
	SRC
	printf '#!/bin/sh\n# chroot: no init system; start no services\nexit 101\n' >"$DIR/usr/sbin/policy-rc.d"
	chmod 755 "$DIR/usr/sbin/policy-rc.d"
}

# The host's network as it is: its resolver, and the CAs it added itself
# (where TLS goes through an intercepting proxy, the chroot must trust
# that proxy as the host does; a real machine needs none of this). Sets
# host_cas_changed=1 when the chroot must run update-ca-certificates.
# shellcheck disable=SC2034
chroot_copy_network() {
	cp -L /etc/resolv.conf "$DIR/etc/resolv.conf"
	if compgen -G '/usr/local/share/ca-certificates/*.crt' >/dev/null; then
		mkdir -p "$DIR/usr/local/share/ca-certificates"
		cp /usr/local/share/ca-certificates/*.crt "$DIR/usr/local/share/ca-certificates/"
		if [ -x "$DIR/usr/sbin/update-ca-certificates" ]; then host_cas_changed=1; fi
	fi
}

# Processes whose root directory is DIR: what ran inside the chroot.
chroot_pids() {
	local p r
	for p in /proc/[0-9]*; do
		r=$(readlink "$p/root" 2>/dev/null) || continue
		[ "$r" = "$DIR" ] && echo "${p#/proc/}"
	done
	return 0
}

# Mount points under DIR, in mounting order (the caller may append).
MOUNTS=(proc sys dev/pts dev/shm)
chroot_mount() {
	mountpoint -q "$DIR/proc" || mount -t proc proc "$DIR/proc"
	mountpoint -q "$DIR/sys" || mount -t sysfs sysfs "$DIR/sys"
	mountpoint -q "$DIR/dev/pts" || mount -t devpts -o newinstance,ptmxmode=0666 devpts "$DIR/dev/pts"
	mountpoint -q "$DIR/dev/shm" || mount -t tmpfs -o mode=1777,nosuid,nodev shm "$DIR/dev/shm"
}

# Stop what still runs inside DIR, then unmount MOUNTS in reverse order.
umount_all() {
	local i m p pids
	pids=$(chroot_pids)
	if [ -n "$pids" ]; then
		echo "== stopping processes left inside the chroot:"
		for p in $pids; do
			printf '   %s: %s\n' "$p" "$(tr '\0' ' ' <"/proc/$p/cmdline" 2>/dev/null | cut -c1-150)"
		done
		# shellcheck disable=SC2086
		kill -TERM $pids 2>/dev/null || true
		sleep 5
		pids=$(chroot_pids)
		# shellcheck disable=SC2086
		[ -z "$pids" ] || kill -KILL $pids 2>/dev/null || true
		sleep 1
	fi
	for ((i = ${#MOUNTS[@]} - 1; i >= 0; i--)); do
		m=$DIR/${MOUNTS[i]}
		if mountpoint -q "$m"; then umount "$m" || umount -l "$m"; fi
	done
}

# Remove DIR, a chroot made by the caller (MARK names its marker file);
# never through a mount.
chroot_wipe() {
	umount_all
	if awk -v d="$DIR/" 'index($2, d) == 1 { found = 1 } END { exit !found }' /proc/mounts; then
		die "something is still mounted under $DIR"
	fi
	echo "== removing the previous chroot $DIR"
	rm -rf "$DIR"
}

# A login-like root shell in DIR: no variables from this host but TERM
# and those named in CHROOT_ENV ("NAME=value ...").
in_chroot() {
	# shellcheck disable=SC2086
	env -i HOME=/root TERM="${TERM:-dumb}" ${CHROOT_ENV:-} \
		PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
		chroot "$DIR" /bin/bash -c "cd /root && $1"
}

# At exit: unmount, unless KEEP_MOUNTS=1 (then say how to unmount:
# UNMOUNT_HINT).
chroot_cleanup() {
	if [ "${KEEP_MOUNTS:-0}" = 1 ]; then
		echo "== KEEP_MOUNTS=1: $DIR stays mounted; unmount with: $UNMOUNT_HINT"
	else
		umount_all
	fi
}

# Refuse a DIR this script did not make (it would be wiped).
chroot_check_ours() {
	if [ -e "$DIR" ] && [ ! -f "$MARK" ]; then
		die "$DIR exists and was not made by this script"
	fi
}
