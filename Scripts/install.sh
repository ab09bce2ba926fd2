#!/usr/bin/env bash
# Installs axdiff: the runtime packages it needs (Debian), a release build, the
# binary, the systemd unit, bash and zsh completion, the man page (generated
# from the binary's own help), the demo story and the configuration schema.
# Every file written is listed in PREFIX/share/axdiff/install-manifest, which
# --uninstall reads to remove exactly those files and the folders it created.
#
#   Scripts/install.sh [--prefix DIR] [--binary FILE | --archive FILE] [--no-packages]
#   Scripts/install.sh --uninstall [--prefix DIR]
#
# --archive installs a release archive (Scripts/package.sh): its binary, its
# libraries in PREFIX/lib/axdiff (the binary's run path), and its share/axdiff;
# no build and no package beyond git.
set -euo pipefail

usage() {
  cat <<'USAGE'
Usage: Scripts/install.sh [--prefix DIR] [--binary FILE | --archive FILE] [--no-packages]
       Scripts/install.sh --uninstall [--prefix DIR]

  --prefix DIR    where to install (default: /usr/local); DIR/bin/axdiff is the binary
  --binary FILE   install this axdiff binary instead of building a release one
  --archive FILE  install a release archive (axdiff-VERSION-linux-ARCH.tar.gz) instead of building
  --no-packages   do not install Debian packages (build and runtime libraries)
  --uninstall     remove what an earlier install into the same prefix wrote
USAGE
}

prefix=/usr/local
binary=""
archive=""
packages=1
uninstall=0
while [ $# -gt 0 ]; do
  case "$1" in
    --prefix) [ $# -ge 2 ] || { echo "install.sh: --prefix needs a directory" >&2; exit 2; }; prefix="$2"; shift 2 ;;
    --prefix=*) prefix="${1#--prefix=}"; shift ;;
    --binary) [ $# -ge 2 ] || { echo "install.sh: --binary needs a file" >&2; exit 2; }; binary="$2"; shift 2 ;;
    --binary=*) binary="${1#--binary=}"; shift ;;
    --archive) [ $# -ge 2 ] || { echo "install.sh: --archive needs a file" >&2; exit 2; }; archive="$2"; shift 2 ;;
    --archive=*) archive="${1#--archive=}"; shift ;;
    --no-packages) packages=0; shift ;;
    --uninstall) uninstall=1; shift ;;
    -h|--help) usage; exit 0 ;;
    *) echo "install.sh: unknown option '$1'" >&2; usage >&2; exit 2 ;;
  esac
done
[ -n "$prefix" ] || { echo "install.sh: --prefix needs a directory" >&2; exit 2; }
[ -z "$binary" ] || [ -z "$archive" ] || { echo "install.sh: --binary and --archive exclude each other" >&2; exit 2; }
case "$archive" in ""|/*) ;; *) archive="$(pwd)/$archive" ;; esac
case "$prefix" in /*) ;; *) prefix="$(pwd)/$prefix" ;; esac
# One spelling of the prefix (no "..", ".", "//" or trailing "/"), so every path
# the manifest lists can be checked to lie under it.
prefix="$(realpath -m -- "$prefix")"

manifest="$prefix/share/axdiff/install-manifest"

# Files under a prefix this user cannot write (/usr/local for most) are
# written through sudo; the build itself runs as the user.
existing="$prefix"
while [ ! -e "$existing" ]; do existing="$(dirname "$existing")"; done
AS=""
if [ "$(id -u)" -ne 0 ] && [ ! -w "$existing" ]; then AS="sudo"; fi

do_uninstall() {
  [ -f "$manifest" ] || { echo "install.sh: nothing to uninstall: $manifest does not exist" >&2; return 1; }
  local dirs=""
  [ ! -f "$manifest.dirs" ] || dirs="$(sort -r "$manifest.dirs")"
  # The files first, then the folders the install created (deepest first),
  # each only when empty.
  while IFS=' ' read -r kind path; do
    case "$path" in
      */../*|*/..|*/./*) echo "install.sh: $manifest lists $path, not a plain path; left alone" >&2; continue ;;
      "$prefix"/*) ;;
      *) echo "install.sh: $manifest lists $path, outside $prefix; left alone" >&2; continue ;;
    esac
    if [ "$kind" = file ] && { [ -e "$path" ] || [ -L "$path" ]; }; then
      $AS rm -f -- "$path"
      echo "removed $path"
    fi
  done < "$manifest"
  $AS rm -f -- "$manifest" "$manifest.dirs"
  while IFS=' ' read -r kind path; do
    case "$path" in */../*|*/..|*/./*) continue ;; "$prefix"|"$prefix"/*) ;; *) continue ;; esac
    if [ "$kind" = dir ] && $AS rmdir -- "$path" 2>/dev/null; then echo "removed $path/"; fi
  done <<< "$dirs"
  return 0
}

if [ "$uninstall" -eq 1 ]; then
  do_uninstall
  exit $?
fi

SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
apt_install() {
  local need=""
  for pkg in "$@"; do dpkg -s "$pkg" >/dev/null 2>&1 || need="$need $pkg"; done
  if [ -n "$need" ]; then
    echo "installing Debian packages:$need"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends $need >/dev/null
  fi
}

cd "$(dirname "$0")/.."
checkout="$(pwd)"

# Where the files beside the binary come from: this checkout, or the archive.
config_json=Config/axdiff.json
config_schema=Config/axdiff.schema.json
service_unit=Config/axdiff-watch@.service
story=Config/examples/story
libdir=""
unpacked=""
if [ -n "$archive" ]; then
  [ -f "$archive" ] || { echo "install.sh: $archive: no such file" >&2; exit 2; }
  unpacked="$(mktemp -d)"
  trap 'rm -rf "$unpacked"' EXIT
  tar -xzf "$archive" -C "$unpacked" || { echo "install.sh: $archive: not a gzip-compressed tar archive" >&2; exit 2; }
  top="$(find "$unpacked" -mindepth 1 -maxdepth 1 -type d | head -n1)"
  [ -n "$top" ] && [ -x "$top/bin/axdiff" ] && [ -d "$top/share/axdiff" ] \
    || { echo "install.sh: $archive: not an axdiff release archive (expected axdiff-VERSION-linux-ARCH/bin/axdiff)" >&2; exit 2; }
  binary="$top/bin/axdiff"
  libdir="$top/lib/axdiff"
  config_json="$top/share/axdiff/axdiff.json"
  config_schema="$top/share/axdiff/axdiff.schema.json"
  service_unit="$top/share/axdiff/axdiff-watch@.service"
  story="$top/share/axdiff/examples/story"
  "$binary" --version >/dev/null || { echo "install.sh: $binary from $archive does not run on this machine" >&2; exit 2; }
fi

if [ -z "$binary" ]; then
  [ "$packages" -eq 0 ] || apt_install libgit2-dev libdeflate-dev zlib1g-dev libjemalloc-dev libxml2-dev pkg-config
  command -v swift >/dev/null || { echo "install.sh: swift is not on PATH (a Swift 6 toolchain builds axdiff; or pass --binary FILE)" >&2; exit 2; }
  echo "building axdiff (release)..."
  # The Swift runtime and Foundation linked in: the binary runs without a Swift installation.
  swift build -c release --static-swift-stdlib --product axdiff >/dev/null
  binary="$(swift build -c release --static-swift-stdlib --show-bin-path)/axdiff"
fi
[ -x "$binary" ] || { echo "install.sh: $binary is not an executable" >&2; exit 2; }

# The libraries the binary names itself (readelf's NEEDED; ldd also lists
# theirs, which apt pulls in anyway), each as the file ldd resolves it to.
libraries() {
  local needed=""
  if command -v readelf >/dev/null; then
    needed="$(readelf -d "$binary" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | tr '\n' ' ')"
  fi
  ldd "$binary" | awk -v needed=" $needed " '$2 == "=>" && $3 ~ /^\// && (needed == "  " || index(needed, " " $1 " ")) { print $3 }' | sort -u
}

if [ "$packages" -eq 1 ] && command -v dpkg >/dev/null; then
  # The Debian packages that own the libraries the binary loads (libgit2,
  # libdeflate, jemalloc, libxml2, ...): installed, hence kept when the -dev
  # packages go. git is run by the hooks and by --remote.
  runtime="git"
  while read -r lib; do
    owner="$(dpkg -S "$lib" 2>/dev/null | head -n1 | cut -d: -f1)" || true
    if [ -z "$owner" ]; then
      real="$(readlink -f "$lib")"
      owner="$(dpkg -S "$real" 2>/dev/null | head -n1 | cut -d: -f1)" || true
    fi
    case "$owner" in ""|libc6|libgcc-s1|libstdc++6) ;; *) runtime="$runtime $owner" ;; esac
  done < <(libraries)
  runtime="$(printf '%s\n' $runtime | sort -u | tr '\n' ' ')"
  apt_install $runtime
  $SUDO apt-mark manual $runtime >/dev/null 2>&1 || true
  echo "runtime packages: $runtime"
fi

if [ -f "$manifest" ]; then
  echo "replacing the axdiff installed in $prefix"
  do_uninstall >/dev/null
fi

# Every folder on the way to a file that does not exist yet is recorded, so
# --uninstall leaves the prefix as it found it.
tmpdirs="$(mktemp)"
trap 'rm -rf "$tmpdirs" ${unpacked:+"$unpacked"}' EXIT
walk="$prefix"
while [ ! -d "$walk" ]; do echo "dir $walk" >> "$tmpdirs"; walk="$(dirname "$walk")"; done
$AS mkdir -p "$prefix"
files=()
put() { # put MODE SOURCE DEST
  local mode="$1" source="$2" dest="$3" dir
  dir="$(dirname "$dest")"
  local walk="$dir"
  while [ ! -d "$walk" ]; do echo "dir $walk" >> "$tmpdirs"; walk="$(dirname "$walk")"; done
  $AS install -D -m "$mode" "$source" "$dest"
  files+=("$dest")
}

staging="$(mktemp -d)"
trap 'rm -rf "$staging" "$tmpdirs" ${unpacked:+"$unpacked"}' EXIT
"$binary" manpage > "$staging/axdiff.1"
"$binary" completion bash > "$staging/axdiff.bash"
"$binary" completion zsh > "$staging/_axdiff"
sed "s|^ExecStart=/usr/local/bin/axdiff |ExecStart=$prefix/bin/axdiff |" "$service_unit" > "$staging/axdiff-watch@.service"
grep -q "^ExecStart=$prefix/bin/axdiff " "$staging/axdiff-watch@.service" || { echo "install.sh: $service_unit has no ExecStart=/usr/local/bin/axdiff line" >&2; exit 2; }

put 0755 "$binary" "$prefix/bin/axdiff"
# The archive's binary finds these through its run path, $ORIGIN/../lib/axdiff.
if [ -n "$libdir" ]; then
  for lib in "$libdir"/*; do
    [ -e "$lib" ] || continue
    put 0644 "$lib" "$prefix/lib/axdiff/$(basename "$lib")"
  done
fi
put 0644 "$staging/axdiff.1" "$prefix/share/man/man1/axdiff.1"
put 0644 "$staging/axdiff.bash" "$prefix/share/bash-completion/completions/axdiff"
put 0644 "$staging/_axdiff" "$prefix/share/zsh/site-functions/_axdiff"
put 0644 "$staging/axdiff-watch@.service" "$prefix/lib/systemd/system/axdiff-watch@.service"
put 0644 "$config_json" "$prefix/share/axdiff/axdiff.json"
[ ! -f "$config_schema" ] || put 0644 "$config_schema" "$prefix/share/axdiff/axdiff.schema.json"
while IFS= read -r -d '' f; do
  put 0644 "$f" "$prefix/share/axdiff/examples/story/${f#"$story"/}"
done < <(find "$story" -type f -print0 | sort -z)

{
  for f in "${files[@]}"; do echo "file $f"; done
  echo "file $manifest"
  echo "file $manifest.dirs"
} > "$staging/install-manifest"
sort -u "$tmpdirs" > "$staging/install-manifest.dirs"
$AS install -m 0644 "$staging/install-manifest" "$manifest"
$AS install -m 0644 "$staging/install-manifest.dirs" "$manifest.dirs"

echo "installed axdiff $("$prefix/bin/axdiff" --version | cut -d' ' -f2) into $prefix (${#files[@]} files, listed in $manifest)"
case ":$PATH:" in *":$prefix/bin:"*) ;; *) echo "note: $prefix/bin is not on PATH; the git hooks need axdiff there (or AXDIFF=$prefix/bin/axdiff)" ;; esac
case "$prefix" in
  /usr|/usr/local) echo "service: systemctl daemon-reload && systemctl enable --now \"axdiff-watch@\$(systemd-escape --path /srv/snapshots).service\"" ;;
  *) echo "service: $prefix/lib/systemd/system is not on systemd's unit path; copy axdiff-watch@.service to /etc/systemd/system to use it" ;;
esac
echo "uninstall: $checkout/Scripts/install.sh --uninstall --prefix $prefix"
