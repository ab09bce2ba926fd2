#!/usr/bin/env bash
# Builds and runs one libFuzzer target over an axdiff snapshot reader.
#
#   Fuzz/run.sh READER [RUNS] [-- EXTRA LIBFUZZER FLAGS…]
#
# READER is one of
#   json         AXSnapshotJSONReader (and JSONParser)
#   xcuitest     XCUITestReader
#   aria         AriaYAMLReader
#   uiautomator  UIAutomatorReader
#   detect       SnapshotReader.read: raw bytes, format detection, then the reader
# RUNS defaults to 1000000 executions (-1: until stopped or a crash).
#
# The binary is built with `swiftc -sanitize=fuzzer,address -O` from the
# AXSnapshot sources plus Fuzz/FuzzSupport.swift and the reader's harness, into
# $FUZZ_DIR (default /tmp/axdiff-fuzz/READER); nothing is written to the
# package. Seeds: the reader's folder of Tests/AXSnapshotTests/Fixtures/corpus
# (the axsnapshot JSON seeds are the demo story's snapshots), plus the matching
# files of Tests/AXSnapshotTests/Fixtures/hostile. New inputs go to
# $FUZZ_DIR/corpus; a crash, timeout or out-of-memory input to $FUZZ_DIR/artifacts.
#
# Reproduce one input:    $FUZZ_DIR/fuzz-READER path/to/crash-…
# Minimise a crash:       $FUZZ_DIR/fuzz-READER -minimize_crash=1 -runs=100000 path/to/crash-…
set -euo pipefail

usage() { sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
[[ $# -ge 1 ]] || usage
reader=$1; shift
runs=1000000
if [[ $# -ge 1 && $1 != -- ]]; then runs=$1; shift; fi
[[ $# -ge 1 && $1 == -- ]] && shift

root=$(cd "$(dirname "$0")/.." && pwd)
fixtures=$root/Tests/AXSnapshotTests/Fixtures
case $reader in
  json)        harness=FuzzJSON.swift;        seeds=("$root/Config/examples/story"); hostile='*.json' ;;
  xcuitest)    harness=FuzzXCUITest.swift;    seeds=("$fixtures/corpus/xcuitest-debugdescription" "$fixtures/corpus/other"); hostile='*.txt' ;;
  aria)        harness=FuzzAria.swift;        seeds=("$fixtures/corpus/playwright-aria"); hostile='*.yml' ;;
  uiautomator) harness=FuzzUIAutomator.swift; seeds=("$fixtures/corpus/android-uiautomator"); hostile='*.xml' ;;
  detect)      harness=FuzzDetect.swift;      seeds=("$fixtures/corpus" "$root/Config/examples/story"); hostile='*' ;;
  *) echo "run.sh: unknown reader '$reader' (json, xcuitest, aria, uiautomator, detect)" >&2; exit 2 ;;
esac

dir=${FUZZ_DIR:-/tmp/axdiff-fuzz/$reader}
binary=$dir/fuzz-$reader
mkdir -p "$dir/corpus" "$dir/seeds" "$dir/artifacts"

sources=()
while IFS= read -r f; do sources+=("$f"); done < <(find "$root/Sources/AXSnapshot" -name '*.swift' | sort)
sources+=("$root/Fuzz/FuzzSupport.swift" "$root/Fuzz/$harness")
# Build when the sources differ from those of the binary (by digest).
digest=$(cat "${sources[@]}" | sha256sum | cut -c1-16)
if [[ ! -x $binary || $digest != "$(cat "$dir/src.digest" 2>/dev/null)" ]]; then
  echo "run.sh: building $binary" >&2
  # Compile a copy, so that an edit made meanwhile cannot break the build; its
  # digest names the version fuzzed.
  rm -rf "$dir/src" "$dir/src.digest" && mkdir -p "$dir/src"
  copies=()
  for f in "${sources[@]}"; do
    copy="$dir/src/$(echo "${f#"$root"/}" | tr '/' '_')"
    cp "$f" "$copy"
    copies+=("$copy")
  done
  cat "${copies[@]}" | sha256sum | cut -c1-16 > "$dir/src.digest.new"
  # The gold linker warns about every ASan register helper; the warnings are harmless.
  rm -f "$binary.new"
  # The uiautomator reader imports CLibxml2 (its module map links libxml2).
  libxml2=()
  for flag in $(pkg-config --cflags libxml-2.0); do libxml2+=(-Xcc "$flag"); done
  swiftc -sanitize=fuzzer,address -parse-as-library -O -module-name AXSnapshotFuzz -package-name axdiff \
    -I "$root/Sources/CLibxml2" "${libxml2[@]}" "${copies[@]}" -o "$binary.new" 2>&1 | { grep -v 'Cannot export local symbol' || true; } >&2
  [[ -x $binary.new ]] || { echo "run.sh: build failed" >&2; exit 1; }
  mv "$binary.new" "$binary"
  mv "$dir/src.digest.new" "$dir/src.digest"
fi
echo "run.sh: fuzzing $reader, sources $(cat "$dir/src.digest" 2>/dev/null)" >&2

# Seeds: copied flat, so that libFuzzer reads a single folder of files.
rm -f "$dir/seeds/"*
for s in "${seeds[@]}"; do
  find "$s" -type f \( -name '*.json' -o -name '*.txt' -o -name '*.yml' -o -name '*.yaml' -o -name '*.xml' \) \
    ! -name 'SOURCES.md' ! -name 'commit.txt' -print0 |
    while IFS= read -r -d '' f; do cp "$f" "$dir/seeds/$(echo "${f#"$root"/}" | tr '/' '_')"; done
done
if [[ -d $fixtures/hostile ]]; then
  find "$fixtures/hostile" -type f -name "$hostile" ! -name '*.md' -size -64k -print0 |
    while IFS= read -r -d '' f; do cp "$f" "$dir/seeds/hostile_$(basename "$f")"; done
fi

dict=()
[[ -f $root/Fuzz/$reader.dict ]] && dict=(-dict="$root/Fuzz/$reader.dict")

# Swift's own crash backtracer would race libFuzzer's handler; ASan reports the crash.
export SWIFT_BACKTRACE=enable=no
cd "$dir"
exec "$binary" -runs="$runs" -max_len="${FUZZ_MAX_LEN:-4096}" -timeout=5 -rss_limit_mb=2048 \
  -artifact_prefix="$dir/artifacts/" -print_final_stats=1 "${dict[@]}" "$@" \
  "$dir/corpus" "$dir/seeds"
