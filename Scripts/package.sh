#!/usr/bin/env bash
# Builds the release archive dist/axdiff-VERSION-linux-ARCH.tar.gz and its
# .sha256: a release binary with the Swift runtime linked in, the shared
# libraries it loads beyond glibc (libgit2 and what it pulls in, libdeflate,
# jemalloc, ...) in lib/axdiff/ found through an $ORIGIN-relative run path, the
# man page, bash and zsh completion, and share/axdiff/ (the demo story, the
# default configuration and its schema, the systemd unit). Unpacked anywhere,
# bin/axdiff runs on a stock Debian or Ubuntu with glibc and git, without a
# Swift toolchain or any -dev package.
#
#   Scripts/package.sh [--binary FILE] [--out DIR] [--scratch-path DIR]
#
# The archive's bytes depend only on the inputs: files sorted, owners 0,
# times the last commit's, gzip without a name or time.
set -euo pipefail

usage() {
  cat <<'USAGE'
Usage: Scripts/package.sh [--binary FILE] [--out DIR] [--scratch-path DIR]

  --binary FILE        package this axdiff binary instead of building a release one
  --out DIR            where the archive goes (default: dist)
  --scratch-path DIR   build in DIR instead of .build (e.g. while another swift command holds .build)
USAGE
}

binary=""
out=dist
scratch=()
while [ $# -gt 0 ]; do
  case "$1" in
    --binary) [ $# -ge 2 ] || { echo "package.sh: --binary needs a file" >&2; exit 2; }; binary="$2"; shift 2 ;;
    --binary=*) binary="${1#--binary=}"; shift ;;
    --out) [ $# -ge 2 ] || { echo "package.sh: --out needs a directory" >&2; exit 2; }; out="$2"; shift 2 ;;
    --out=*) out="${1#--out=}"; shift ;;
    --scratch-path) [ $# -ge 2 ] || { echo "package.sh: --scratch-path needs a directory" >&2; exit 2; }; scratch=(--scratch-path "$2"); shift 2 ;;
    -h|--help) usage; exit 0 ;;
    *) echo "package.sh: unknown option '$1'" >&2; usage >&2; exit 2 ;;
  esac
done
case "$out" in /*) ;; *) out="$(pwd)/$out" ;; esac
case "$binary" in ""|/*) ;; *) binary="$(pwd)/$binary" ;; esac

cd "$(dirname "$0")/.."
for tool in patchelf ldd tar gzip sha256sum; do
  command -v "$tool" >/dev/null || { echo "package.sh: $tool is needed (apt-get install $tool)" >&2; exit 2; }
done

version="$(sed -n 's/.*static let version = "\([^"]*\)".*/\1/p' Sources/AXReport/ReportContext.swift)"
[ -n "$version" ] || { echo "package.sh: no version in Sources/AXReport/ReportContext.swift" >&2; exit 2; }
case "$(uname -m)" in
  x86_64|amd64) arch=x86_64 ;;
  aarch64|arm64) arch=arm64 ;;
  *) arch="$(uname -m)" ;;
esac
name="axdiff-$version-linux-$arch"

if [ -z "$binary" ]; then
  echo "building axdiff $version (release, Swift runtime linked in)..."
  swift build "${scratch[@]}" -c release --static-swift-stdlib --product axdiff >/dev/null
  binary="$(swift build "${scratch[@]}" -c release --static-swift-stdlib --show-bin-path)/axdiff"
fi
[ -x "$binary" ] || { echo "package.sh: $binary is not an executable" >&2; exit 2; }

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
stage="$work/$name"
mkdir -p "$stage/bin" "$stage/lib/axdiff" "$stage/share/man/man1" "$stage/share/bash-completion/completions" \
  "$stage/share/zsh/site-functions" "$stage/share/axdiff/examples"
install -m 0755 "$binary" "$stage/bin/axdiff"
# The symbol table only serves debuggers; without it the binary is a fraction of the size.
if command -v strip >/dev/null; then strip "$stage/bin/axdiff"; fi

# glibc's own libraries come with every system and must match its loader; everything
# else the binary loads, directly or through another library, goes in lib/axdiff.
glibc='^(linux-vdso|linux-gate|ld-linux[^ ]*|libc|libm|libmvec|libpthread|libdl|librt|libresolv|libutil|libanl|libnsl|libBrokenLocale)\.so'
ldd "$stage/bin/axdiff" | awk '$2 == "=>" { print $1, $3 }' | while read -r soname path; do
  if printf '%s\n' "$soname" | grep -Eq "$glibc"; then continue; fi
  [ -f "$path" ] || { echo "package.sh: $soname is not found on this machine (ldd: $path)" >&2; exit 2; }
  install -m 0644 "$(readlink -f "$path")" "$stage/lib/axdiff/$soname"
done
patchelf --set-rpath '$ORIGIN/../lib/axdiff' "$stage/bin/axdiff"
for lib in "$stage"/lib/axdiff/*; do
  [ -e "$lib" ] || continue
  patchelf --set-rpath '$ORIGIN' "$lib"
done
# Every library outside glibc must now come from the archive.
if ldd "$stage/bin/axdiff" | awk -v dir="$stage/lib/axdiff/" -v via="$stage/bin/../lib/axdiff/" -v re="$glibc" \
    '$2 == "=>" && $1 !~ re && index($3, dir) != 1 && index($3, via) != 1 { print; bad = 1 } $0 ~ /not found/ { print; bad = 1 } END { exit !bad }'; then
  echo "package.sh: the libraries above do not resolve inside the archive" >&2
  exit 1
fi

"$stage/bin/axdiff" manpage > "$stage/share/man/man1/axdiff.1"
"$stage/bin/axdiff" completion bash > "$stage/share/bash-completion/completions/axdiff"
"$stage/bin/axdiff" completion zsh > "$stage/share/zsh/site-functions/_axdiff"
install -m 0644 Config/axdiff.json "$stage/share/axdiff/axdiff.json"
install -m 0644 Config/axdiff.schema.json "$stage/share/axdiff/axdiff.schema.json"
install -m 0644 "Config/axdiff-watch@.service" "$stage/share/axdiff/axdiff-watch@.service"
cp -R Config/examples/story "$stage/share/axdiff/examples/story"
install -m 0644 README.md "$stage/share/axdiff/README.md"
find "$stage" -type d -exec chmod 0755 {} +
find "$stage/share" -type f -exec chmod 0644 {} +

epoch="$(git log -1 --format=%ct 2>/dev/null || echo 0)"
mkdir -p "$out"
archive="$out/$name.tar.gz"
tar --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$epoch" -C "$work" -cf - "$name" | gzip -n -9 > "$archive.tmp"
mv "$archive.tmp" "$archive"
(cd "$out" && sha256sum "$name.tar.gz" > "$name.tar.gz.sha256")
echo "$archive  $(wc -c < "$archive") bytes  sha256 $(cut -d' ' -f1 "$archive.sha256")"
