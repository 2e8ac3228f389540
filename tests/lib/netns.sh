# SPDX-License-Identifier: GPL-2.0-or-later
# shellcheck shell=bash
# N "hosts" on this machine: network namespaces joined to the host by a
# bridge, for the scale-out tests (scale_netns.t) and perf/scale_netns.sh.
# Root only. Source it from bash:
#
#   . "$BENCH_SRCDIR/tests/lib/netns.sh"
#   netns_usable || skip "$NETNS_WHY"  # root, `ip netns` and a bridge work
#   netns_setup N [PREFIX]             # namespaces PREFIX0..PREFIX(N-1)
#                                      # (PREFIX: bnt$$- by default), all
#                                      # removed at exit (trap ... EXIT)
#   netns_exec I CMD...                # CMD inside namespace I
#   netns_teardown                     # what netns_setup made, now
#
# netns_setup picks a private 10.X.Y.0/24 that no interface or route of
# this machine uses (X and Y from the shell's pid, the next Y while it
# clashes), puts NETNS_HOST=10.X.Y.1 on the bridge PREFIXbr in the host's
# namespace and 10.X.Y.(10+I) on namespace I's end of a veth pair (the
# other end, PREFIXhI, on the bridge), and exports NETNS_HOST, NETNS_NET
# (10.X.Y.0/24), NETNS_PREFIX and NETNS_N. Nothing is routed beyond the
# bridge: the namespaces reach the host's address, nothing else.
#
# The test servers of tests/lib/dbserver.sh listen on 127.0.0.1 only
# unless told: start them after netns_setup with
#   DBSERVER_EXTRA_ADDR=$NETNS_HOST dbserver_start mysql
# and the namespaces reach them at $NETNS_HOST.
#
# The EXIT trap netns_setup installs also runs the trap that was set
# before it (dbtest_start's dbserver_stop_all, for one). Functions return
# 0, or 1 after one "netns: ..." line on stderr.

_netns_err() { printf 'netns: %s\n' "$*" >&2; }

# shellcheck disable=SC2034 # NETNS_WHY is for the caller

# True when this shell can make namespaces: root, ip netns, a bridge.
# Otherwise false, with the reason in NETNS_WHY (one line, for a skip).
netns_usable() {
	NETNS_WHY=
	if [ "$(id -u)" -ne 0 ]; then
		NETNS_WHY="network namespaces need root"
	elif ! command -v ip >/dev/null 2>&1; then
		NETNS_WHY="no ip command (Debian package iproute2)"
	elif ! ip netns list >/dev/null 2>&1; then
		NETNS_WHY="ip netns does not work here"
	elif ! ip link add "bnu$$" type bridge 2>/dev/null; then
		NETNS_WHY="cannot create a bridge interface (no bridge support)"
	else
		ip link del "bnu$$" 2>/dev/null
		return 0
	fi
	return 1
}

# True when 10.$1.$2.0/24 touches no address or route of this machine.
_netns_net_free() {
	local net="10.$1.$2"
	! ip -4 -o addr show 2>/dev/null | grep -q " $net\." &&
		[ -z "$(ip -4 route show root "$net.0/24" 2>/dev/null)" ] &&
		! ip -4 route show match "$net.1" 2>/dev/null | grep -q -v '^default'
}

netns_setup() {
	local n=${1-} prefix=${2:-bnt$$-} x y i k old
	case $n in '' | *[!0-9]*) _netns_err "usage: netns_setup N [PREFIX]"; return 1 ;; esac
	if [ "${#prefix}" -gt 11 ]; then
		_netns_err "prefix '$prefix' too long: interface names hold 15 characters"
		return 1
	fi
	# 10.100-227.Y: away from the 10.0/10.1 that container networks like
	x=$((100 + ($$ / 256) % 128)) y=$(($$ % 256))
	for ((k = 0; k < 256; k++)); do
		_netns_net_free "$x" "$y" && break
		y=$(((y + 1) % 256))
	done
	[ "$k" -lt 256 ] || { _netns_err "no free 10.$x.*.0/24"; return 1; }
	NETNS_PREFIX=$prefix NETNS_N=$n
	export NETNS_PREFIX NETNS_N NETNS_HOST=10.$x.$y.1 NETNS_NET=10.$x.$y.0/24
	# run the teardown, then the trap that was there before
	old=$(trap -p EXIT | sed -E "s/^trap -- '(.*)' EXIT$/\1/")
	_NETNS_OLD_TRAP=$old
	trap 'netns_teardown; eval "$_NETNS_OLD_TRAP"' EXIT
	{
		ip link add "${prefix}br" type bridge &&
			ip addr add "$NETNS_HOST/24" dev "${prefix}br" &&
			ip link set "${prefix}br" up
	} || { _netns_err "cannot create the bridge ${prefix}br"; netns_teardown; return 1; }
	for ((i = 0; i < n; i++)); do
		{
			ip netns add "$prefix$i" &&
				ip link add "${prefix}h$i" type veth peer name "${prefix}n$i" &&
				ip link set "${prefix}n$i" netns "$prefix$i" &&
				ip link set "${prefix}h$i" master "${prefix}br" &&
				ip link set "${prefix}h$i" up &&
				ip -n "$prefix$i" link set lo up &&
				ip -n "$prefix$i" addr add "10.$x.$y.$((10 + i))/24" dev "${prefix}n$i" &&
				ip -n "$prefix$i" link set "${prefix}n$i" up
		} || { _netns_err "cannot set up namespace $prefix$i"; netns_teardown; return 1; }
	done
	# the bridge forwards once its ports are up: wait until every
	# namespace reaches the host (bounded): a TCP connection to port 9
	# (discard, nobody listens) refused is an answer from the host
	for ((i = 0; i < n; i++)); do
		for ((k = 0; k < 100; k++)); do
			ip netns exec "$prefix$i" timeout 2 bash -c ": </dev/tcp/$NETNS_HOST/9" 2>&1 |
				grep -q -i refused && break
			sleep 0.1
		done
		[ "$k" -lt 100 ] || { _netns_err "namespace $prefix$i does not reach $NETNS_HOST"; netns_teardown; return 1; }
	done
}

netns_exec() {
	local i=$1
	shift
	ip netns exec "$NETNS_PREFIX$i" "$@"
}

# Remove what netns_setup made (only names with this shell's prefix).
netns_teardown() {
	local i
	[ -n "${NETNS_PREFIX-}" ] || return 0
	for ((i = 0; i < ${NETNS_N:-0}; i++)); do
		ip link del "${NETNS_PREFIX}h$i" 2>/dev/null
		ip netns del "$NETNS_PREFIX$i" 2>/dev/null
	done
	ip link del "${NETNS_PREFIX}br" 2>/dev/null
	unset NETNS_PREFIX NETNS_N
	return 0
}
