# SPDX-License-Identifier: GPL-2.0-or-later
# shellcheck shell=bash
# The Debian 12 packages bench needs, in one place: demo.sh installs
# BENCH_DEPS_BUILD and BENCH_DEPS_SERVERS, .ci/run all of them. The
# README's "Build and install from source" line names BENCH_DEPS_BUILD
# (tests/t/cli.t checks that it does).

# build: compiler and autotools, then what configure.ac requires
BENCH_DEPS_BUILD="build-essential autoconf automake libtool pkg-config
	libluajit-5.1-dev luajit libck-dev zlib1g-dev libjansson-dev
	liburing-dev libaio-dev libmariadb-dev libpq-dev libsqlite3-dev"
# --metrics-listen's HTTP server
BENCH_DEPS_BUILD="$BENCH_DEPS_BUILD libmicrohttpd-dev"

# the throwaway servers of tests/lib/dbserver.sh (openssl: test certificates)
BENCH_DEPS_SERVERS="mariadb-server mariadb-client postgresql openssl"

# the test suite: cram, sysbench for side-by-side tests, groff for the
# manual's lint, GNU time, ss (iproute2) for free ports, ca-certificates
# for npm's registry, strace (threads.t counts system calls, not time)
BENCH_DEPS_TEST="python3-cram sysbench groff-base time iproute2 ca-certificates strace"
# the sqlite3 shell looks into the SQLite tests' databases
BENCH_DEPS_TEST="$BENCH_DEPS_TEST sqlite3"
# gnuplot-nox draws `bench plot`'s charts (a run-time dependency of that
# command only), chromium renders its .html in a test
BENCH_DEPS_TEST="$BENCH_DEPS_TEST gnuplot-nox chromium"
# sysstat's iostat, beside which observe_host.t checks --host-stats
BENCH_DEPS_TEST="$BENCH_DEPS_TEST sysstat"
# the Debian package (debian/, tests/t/package.t): its build, lintian, and
# the installed manual page (man-db; col: bsdextrautils); bash-completion
# for completion/bench (tests/t/completion.t)
BENCH_DEPS_TEST="$BENCH_DEPS_TEST debhelper dpkg-dev lintian man-db bsdextrautils bash-completion"

# --prom-scrape: libcurl (the HTTP client; configure --without-curl leaves
# it out), and the exporters observe_prom.t and observe_prom_db.t start
# (tests/lib/promexp.sh) with curl as their readiness probe
BENCH_DEPS_BUILD="$BENCH_DEPS_BUILD libcurl4-openssl-dev"
BENCH_DEPS_TEST="$BENCH_DEPS_TEST prometheus-node-exporter prometheus-mysqld-exporter
	prometheus-postgres-exporter curl"

# metrics_prom.t: a real Prometheus server scrapes --metrics-listen, curl
# reads it and Prometheus' query API
BENCH_DEPS_TEST="$BENCH_DEPS_TEST prometheus curl"

# node and npm, for the npm package hdr-histogram-js; only where no node is
# installed (Debian's npm conflicts with other builds of nodejs)
BENCH_DEPS_NODE="nodejs npm"

# kubectl renders deploy/k8s offline (kubectl kustomize, tests/t/k8s_render.t);
# only where no kubectl is installed (another build's package owns
# /usr/bin/kubectl, and Debian's would collide with it)
BENCH_DEPS_KUBE="kubernetes-client"

# tests/pristine/build-image.sh (.ci/run with BENCH_CI_IMAGE=1): podman
# builds deploy/container/Containerfile (runc: Debian's crun refuses a
# hybrid cgroup host) on a debian:12-slim made with debootstrap
BENCH_DEPS_IMAGE="podman runc debootstrap"
