#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Check deploy/container/Containerfile: build the image from the source tree
# with podman, exactly as docs/scale-out.md tells users to
# (`podman build -f deploy/container/Containerfile -t ... .` from the top of
# the tree), then run it: `bench --version`, the cpu workload, and
# oltp_read_write prepare/run/cleanup against a throwaway MariaDB
# (tests/lib/dbserver.sh) the way the Job of deploy/k8s runs a pod: uid
# 10001, read-only root, no capabilities, bench.conf and workload.lua
# mounted read-only at /etc/bench, the password in MYSQL_PWD only. Prints a
# PASS or FAIL line per check and exits non-zero if one failed.
#
# No registry is needed: the base image debian:12-slim is made here with
# debootstrap --variant=minbase bookworm (trimmed like the slim image:
# no documentation, manual pages or translations, no apt caches) and
# imported under that name into a private podman storage, so the
# Containerfile's FROM lines are used as they are. Everything lives in one
# throwaway folder (the storage, the debootstrap tree), removed at exit
# with the images and containers made; the host's podman storage is not
# touched. Not part of `make check`: it needs root, podman, debootstrap and
# a Debian mirror; .ci/run runs it when BENCH_CI_IMAGE=1.
#
# usage (as root, on a Debian 12 host):
#     apt-get install podman runc debootstrap
#     tests/pristine/build-image.sh [REPO]
#
#   REPO  the source tree to build (default: the one holding this script),
#         as it is on disk, committed or not (.containerignore leaves out
#         .git and what CI leaves behind)
#
# env: MIRROR           Debian mirror (default: the host's, from /etc/apt)
#      TMPDIR           where the throwaway folder goes (default /var/tmp)
#      PODMAN_RUNTIME   OCI runtime (default runc when installed: Debian's
#                       crun 1.8 refuses a cgroup v1 host whose cgroup v2
#                       hierarchy holds a controller)
#      STORAGE_DRIVER   overlay (default) or vfs (slower, larger; where
#                       overlay cannot be mounted)
#
# Podman's settings here, each needed in a root sandbox without systemd
# (and harmless elsewhere): --cgroup-manager cgroupfs, --events-backend
# file, the storage (--root, --runroot, --storage-driver) in the throwaway
# folder; `build --isolation chroot --network host --pull=never`; and
# --ulimit nofile=N:N --ulimit nproc=M:M at or below the limits podman
# itself runs with, where root lacks CAP_SYS_RESOURCE (podman's defaults,
# 1048576 open files, would need it).
set -euo pipefail

die() { echo "build-image.sh: $*" >&2; exit 1; }
[ "$(id -u)" = 0 ] || die "must run as root"
command -v podman >/dev/null ||
	die "podman missing: apt-get install podman runc (Debian 12: podman 4.3)"
command -v debootstrap >/dev/null || die "debootstrap missing: apt-get install debootstrap"
REPO=$(realpath "${1:-$(dirname "$0")/../..}")
[ -f "$REPO/deploy/container/Containerfile" ] || die "$REPO has no deploy/container/Containerfile"
T0=$SECONDS

# shellcheck source=tests/pristine/chroot-lib.sh
. "$REPO/tests/pristine/chroot-lib.sh"   # MIRROR, chroot_setup_apt
# shellcheck source=tests/lib/dbserver.sh
. "$REPO/tests/lib/dbserver.sh"

WORK=$(mktemp -d "${TMPDIR:-/var/tmp}/bench-image.XXXXXX")
IMAGE=localhost/bench:build-image-check
runtime=${PODMAN_RUNTIME:-}
[ -n "$runtime" ] || ! command -v runc >/dev/null || runtime=runc
P=(podman --root "$WORK/storage" --runroot "$WORK/run" --storage-driver "${STORAGE_DRIVER:-overlay}"
	--cgroup-manager cgroupfs --events-backend file ${runtime:+--runtime "$runtime"})
nofile=$(ulimit -Hn); [ "$nofile" = unlimited ] || [ "$nofile" -gt 1048576 ] && nofile=1048576
nproc=$(ulimit -Hu); [ "$nproc" = unlimited ] || [ "$nproc" -gt 32768 ] && nproc=32768
U=(--ulimit "nofile=$nofile:$nofile" --ulimit "nproc=$nproc:$nproc")

cleanup() {
	local m
	set +e
	dbserver_stop_all
	if [ -d "$WORK/storage" ]; then
		"${P[@]}" rm -a -f -t 0 >/dev/null 2>&1
		"${P[@]}" system reset -f >/dev/null 2>&1
	fi
	# what podman left mounted in the folder, deepest first, then the folder
	awk -v d="$WORK/" 'index($2, d) == 1 { print $2 }' /proc/mounts | sort -r |
		while read -r m; do umount "$m" 2>/dev/null || umount -l "$m"; done
	rm -rf "$WORK"
}
trap cleanup EXIT

fails=0
out=
check() {   # NAME COMMAND...: PASS or FAIL NAME (then the end of $out)
	if "${@:2}"; then
		echo "PASS: $1"
	else
		echo "FAIL: $1"
		fails=$((fails + 1))
		[ -z "$out" ] || tail -n 12 <<<"$out" | cut -c1-300 | sed 's/^/   | /'
	fi
}

# --- debian:12-slim, made locally ---------------------------------------
echo "== debootstrap --variant=minbase bookworm $MIRROR"
R=$WORK/rootfs
debootstrap --variant=minbase bookworm "$R" "$MIRROR" >"$WORK/debootstrap.log" 2>&1 ||
	{ tail -20 "$WORK/debootstrap.log"; die "debootstrap failed"; }
DIR=$R chroot_setup_apt
rm -f "$R/usr/sbin/policy-rc.d"
# as in the slim image: dpkg leaves out documentation (but the copyright
# files), manual pages and translations, apt keeps no .deb files
cat >"$R/etc/dpkg/dpkg.cfg.d/bench-slim" <<-'CFG'
	path-exclude /usr/share/doc/*
	path-include /usr/share/doc/*/copyright
	path-exclude /usr/share/man/*
	path-exclude /usr/share/info/*
	path-exclude /usr/share/locale/*
	path-include /usr/share/locale/locale.alias
CFG
cat >"$R/etc/apt/apt.conf.d/bench-slim" <<-'CFG'
	APT::Keep-Downloaded-Packages "false";
	DPkg::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/*.bin || true"; };
CFG
find "$R/usr/share/doc" -mindepth 1 ! -name copyright ! -type d -delete
find "$R/usr/share/locale" -mindepth 1 -maxdepth 1 ! -name locale.alias -exec rm -rf {} +
rm -rf "$R"/usr/share/man/* "$R"/usr/share/info/* "$R"/var/cache/apt/archives/*.deb \
	"$R"/var/cache/apt/*.bin "$R"/var/lib/apt/lists/* "$R"/var/log/*.log "$R"/debootstrap
tar -C "$R" -c . | "${P[@]}" import --change 'CMD ["bash"]' - docker.io/library/debian:12-slim \
	>"$WORK/import.log" 2>&1 || { tail -5 "$WORK/import.log"; die "podman import failed"; }
rm -rf "$R"
echo "   $((SECONDS - T0)) s; base $("${P[@]}" image inspect --format '{{.Size}}' debian:12-slim |
	awk '{ printf "%.1f MB", $1 / 1e6 }')"

# --- the build, as docs/scale-out.md says -------------------------------
echo "== podman build -f deploy/container/Containerfile -t $IMAGE $REPO"
t=$SECONDS
(cd "$REPO" && nice "${P[@]}" build --pull=never --isolation chroot --network host "${U[@]}" \
	-f deploy/container/Containerfile -t "$IMAGE" .) >"$WORK/build.log" 2>&1 ||
	{ tail -30 "$WORK/build.log"; echo "FAIL: podman build"; exit 1; }
echo "PASS: podman build ($((SECONDS - t)) s)"
size=$("${P[@]}" image inspect --format '{{.Size}}' "$IMAGE")
echo "   image size: $(awk -v s="$size" 'BEGIN { printf "%.1f MB", s / 1e6 }')"

# --- the image ----------------------------------------------------------
run() { "${P[@]}" run --rm --network host "${U[@]}" "$@"; }
in_image() { run --entrypoint /bin/sh "$IMAGE" -c "$1"; }

out=$(run "$IMAGE" --version)
check "bench --version: $out" grep -qE '^bench [0-9]+\.[0-9]+' <<<"$out"
check "runs as uid 10001, not root" test "$(in_image 'id -u'):$("${P[@]}" image inspect \
	--format '{{.Config.User}}' "$IMAGE")" = 10001:10001:10001
check "small: under 300 MB, no compiler in it" \
	test "$size" -lt 300000000 -a "$(in_image 'command -v cc gcc make || true')" = ""
missing=$(in_image 'ldd /usr/local/bin/bench | grep "not found" || true')
check "every library of the binary is there${missing:+ (missing: $missing)}" test -z "$missing"
want=$(cd "$REPO/lua" && printf '%s\n' *.lua | sort | tr '\n' ' ')
have=$(in_image 'cd /usr/local/share/bench && ls *.lua' | sort | tr '\n' ' ')
check "the workloads are installed (lua/*.lua)" test "$want" = "$have"
check "bench-pod is installed" test "$(in_image 'command -v bench-pod')" = /usr/local/bin/bench-pod
out=$(run "$IMAGE" cpu run --time=1 2>&1)
check "bench cpu run --time=1" grep -qE 'total number of events: +[1-9]' <<<"$out"

# --- oltp_read_write against MariaDB, as a pod of deploy/k8s runs --------
echo "== oltp_read_write against a throwaway MariaDB"
dbserver_start mysql
mkdir -m 755 "$WORK/etc"
cp "$REPO/deploy/k8s/base/workload.lua" "$WORK/etc/workload.lua"
cat >"$WORK/etc/bench.conf" <<-CONF
	db-driver=mysql
	mysql-host=$DB_HOST
	mysql-port=$DB_MYSQL_PORT
	mysql-user=$DB_USER
	mysql-db=$DB_NAME
	tables=2
	table-size=1000
	threads=2
CONF
chmod 644 "$WORK/etc/"*
pod() {   # ARG...: bench ARG... in the image as the Job's pods run it
	MYSQL_PWD=$DB_PASSWORD run --env MYSQL_PWD --user 10001:10001 --read-only --cap-drop ALL \
		--security-opt no-new-privileges --volume "$WORK/etc:/etc/bench:ro" "$IMAGE" \
		/etc/bench/workload.lua --config-file=/etc/bench/bench.conf "$@" 2>&1
}
tables() { dbserver_mysql_sql "SELECT COUNT(*) FROM information_schema.tables WHERE table_schema = '$DB_NAME'"; }
rows() { dbserver_mysql_sql "SELECT COUNT(*) FROM $DB_NAME.sbtest1"; }
all=$(pod prepare) || true
check "prepare: 2 tables of 1000 rows" test "$(tables):$(rows)" = 2:1000
out=$(pod --time=2 --report-format=json run) || true
all+=$out
# errors: the deadlocks oltp_read_write ignores (--mysql-ignore-errors)
got=$(python3 -c '
import json, sys
f = [j for j in (json.loads(l) for l in sys.stdin if l.startswith("{")) if j.get("type") == "final"]
if len(f) == 1 and f[0]["status"] == "completed" and f[0]["events"] > 0:
    print("%d transactions, %d ignored errors" % (f[0]["events"], f[0]["errors"]))' <<<"$out" || true)
check "run: a completed final json line${got:+ ($got)}" test -n "$got"
out=$(pod cleanup) || true
all+=$out
check "cleanup: no table left" test "$(tables)" = 0
check "the password appears in no output" test "$(grep -c -F "$DB_PASSWORD" <<<"$all")" = 0

echo "== $((SECONDS - T0)) s in all"
[ "$fails" = 0 ] || die "$fails check(s) failed"
