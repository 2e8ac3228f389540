The licence: a GPL-2.0-or-later LICENSE file, and an SPDX line near the top
of every source file (C, headers, Lua, shell, Python, JavaScript, build
files, the man page), so a packager can tell each file's terms at a glance.
Generated files (Lua bytecode headers, the FFI cdef header) are skipped.
Folders a tree may lack are left out (a release tarball has no .ci):
the files of every folder the tree has are checked.

  $ cd "$BENCH_SRCDIR"
  $ head -4 LICENSE | sed -n 's/^ *//p' | head -2
  GNU GENERAL PUBLIC LICENSE
  Version 2, June 1991
  $ grep -c 'any later version' LICENSE
  2
  $ dirs=; for d in src lua perf examples tests/lib tests/unit tests/pristine man .ci completion debian; do
  >   if [ -d "$d" ]; then dirs="$dirs $d"; fi; done
  $ find $dirs \
  >   -path tests/lib/node_modules -prune -o -path debian/.debhelper -prune -o -type f \
  >   \( -name '*.c' -o -name '*.h' -o -name '*.lua' -o -name '*.sh' -o -name '*.py' \
  >      -o -name '*.js' -o -name '*.1' -o -name run -o -path completion/bench -o -name rules \) -print |
  >   grep -vE '_bc\.h$|/ffi_cdef\.h$' | sort |
  >   while read -r f; do head -3 "$f" | grep -q 'SPDX-License-Identifier: GPL-2.0-or-later' || echo "no SPDX line: $f"; done
  $ for f in configure.ac Makefile.am autogen.sh demo.sh; do
  >   head -3 "$f" | grep -q 'SPDX-License-Identifier: GPL-2.0-or-later' || echo "no SPDX line: $f"; done
