#!/bin/sh
# Changes each named rule constant in a copy of the package, one at a time,
# and requires the tests that pin it to fail: a constant whose change leaves
# its tests green is named as a survivor, and the script exits 1.
#
# The copy holds only the pure modules and their tests (AXBase, AXSnapshot, AXGlob,
# AXDiff, AXReport, and AXProcess that the tests use), with a manifest of its
# own, so a mutant rebuilds those modules and two test targets, not the whole
# package. The copy and its build
# directory are kept (AXDIFF_MUTATION_DIR, default .build/mutation) so a
# second run rebuilds only what changed.
#
# Usage: Scripts/mutation-check.sh [NAME...]   (default: every mutant)
set -eu

root=$(cd "$(dirname "$0")/.." && pwd)
work=${AXDIFF_MUTATION_DIR:-$root/.build/mutation}

# name | file | exact text of the constant | what it becomes | test filter that must fail
mutants='row-tolerance-up|Sources/AXSnapshot/Model/RowRule.swift|static let tolerance = 7.0|static let tolerance = 7.5|AXDiffTests
row-tolerance-down|Sources/AXSnapshot/Model/RowRule.swift|static let tolerance = 7.0|static let tolerance = 6.5|AXDiffTests
row-tolerance-fast-path|Sources/AXDiff/Order/VisualOrder.swift|} else if f.y - rowTop > tolerance {|} else if f.y - rowTop > tolerance - 5 {|AXDiffTests
target-minimum-ios|Sources/AXDiff/Rules/TargetSmall.swift|case .ios: return (44,|case .ios: return (43,|AXDiffTests
target-minimum-android|Sources/AXDiff/Rules/TargetSmall.swift|case .android: return (48,|case .android: return (47,|AXDiffTests
target-minimum-web|Sources/AXDiff/Rules/TargetSmall.swift|case .web: return (24,|case .web: return (25,|AXDiffTests
move-window|Sources/AXDiff/Model/OrderWindow.swift|static let reach = 3|static let reach = 2|AXDiffTests
note-order-cap|Sources/AXReport/Support/ReportModel.swift|static let maxOrderChanges = 20|static let maxOrderChanges = 19|AXReportTests
label-similarity|Sources/AXDiff/Labels/LabelText.swift|static let similarShare = 0.5|static let similarShare = 0.6|AXDiffTests
rename-threshold|Sources/AXDiff/ScreenDiffer.swift|static let renameThreshold = 0.6|static let renameThreshold = 0.7|AXDiffTests
gap-max-edits|Sources/AXDiff/Matching/GapAligner.swift|static let maxEdits = 128|static let maxEdits = 64|AXDiffTests'

mkdir -p "$work/Sources" "$work/Tests"
for dir in Sources/CLibxml2 Sources/AXBase Sources/AXSnapshot Sources/AXGlob Sources/AXProcess Sources/AXDiff Sources/AXReport Tests/AXTestSupport Tests/AXDiffTests Tests/AXReportTests; do
    rm -rf "${work:?}/$dir"
    # Times kept: the build directory is reused, and an unchanged file must not recompile.
    cp -Rp "$root/$dir" "$work/$dir"
done
# What the tests read beside their sources: the README's kinds table, the configuration's
# schema, the readers' corpus.
for other in README.md Config docs Tests/AXSnapshotTests/Fixtures; do
    rm -rf "${work:?}/$other"
    mkdir -p "$(dirname "$work/$other")"
    cp -Rp "$root/$other" "$work/$other"
done
cat > "$work/Package.swift" <<'MANIFEST'
// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "axdiff-mutants",
    platforms: [.macOS(.v13)],
    targets: [
        .systemLibrary(name: "CLibxml2", pkgConfig: "libxml-2.0"),
        .target(name: "AXSnapshot", dependencies: ["CLibxml2"]),
        .target(name: "AXBase"),
        .target(name: "AXGlob"),
        .target(name: "AXProcess", dependencies: ["AXBase"]),
        .target(name: "AXDiff", dependencies: ["AXSnapshot", "AXGlob", "AXBase"]),
        .target(name: "AXReport", dependencies: ["AXSnapshot", "AXDiff", "AXBase"]),
        .target(name: "AXTestSupport", dependencies: ["AXProcess"], path: "Tests/AXTestSupport"),
        .testTarget(name: "AXDiffTests", dependencies: ["AXSnapshot", "AXDiff", "AXGlob", "AXProcess", "AXTestSupport"]),
        .testTarget(name: "AXReportTests", dependencies: ["AXSnapshot", "AXDiff", "AXReport", "AXProcess", "AXTestSupport"], exclude: ["Schemas", "__Snapshots__"]),
    ],
    swiftLanguageModes: [.v5]
)
MANIFEST

cd "$work"
# The inner runs are the default suite: without the long tests, and without the
# timed scaling checks, whose verdict a busy machine, not a mutant, could change.
unset AXDIFF_FULL_TESTS
rm -f "$work/survivors"
if ! swift build --build-tests >"$work/build.log" 2>&1; then
    echo "mutation-check: the unchanged copy in $work does not build (see $work/build.log)" >&2
    exit 2
fi
for filter in AXDiffTests AXReportTests; do
    if ! swift test --skip-build --filter "$filter" --skip Scaling >"$work/test.log" 2>&1; then
        echo "mutation-check: $filter fail on the unchanged copy (see $work/test.log)" >&2
        exit 2
    fi
done

echo "$mutants" | while IFS='|' read -r name file from to filter; do
    if [ $# -gt 0 ]; then
        case " $* " in *" $name "*) ;; *) continue ;; esac
    fi
    count=$(grep -cF -- "$from" "$file" || true)
    if [ "$count" != 1 ]; then
        echo "mutation-check: $name: '$from' occurs $count times in $file, not once" >&2
        echo "$name" >>"$work/survivors"
        continue
    fi
    cp "$file" "$work/original.swift"
    FROM="$from" TO="$to" perl -0pi -e 's/\Q$ENV{FROM}\E/$ENV{TO}/' "$file"
    if ! swift build --build-tests >"$work/build.log" 2>&1; then
        cp "$work/original.swift" "$file"
        echo "mutation-check: $name does not compile (see $work/build.log)" >&2
        echo "$name" >>"$work/survivors"
        continue
    fi
    if swift test --skip-build --filter "$filter" --skip Scaling >"$work/test-$name.log" 2>&1; then
        echo "survived: $name ($file: '$from' -> '$to'; $filter stay green)"
        echo "$name" >>"$work/survivors"
    else
        failed=$(sed -n -E "s/^Test Case '-?\[?([A-Za-z0-9_.]+)[ .]([A-Za-z0-9_]+)\]?' failed.*/\1.\2/p" "$work/test-$name.log" | sed 's/^.*\.\([A-Za-z0-9_]*\.[A-Za-z0-9_]*\)$/\1/' | sort -u | tr '\n' ' ')
        echo "killed: $name by $failed"
    fi
    cp "$work/original.swift" "$file"
done

if [ -s "$work/survivors" ]; then
    echo "mutation-check: survivors: $(tr '\n' ' ' <"$work/survivors")" >&2
    exit 1
fi
echo "mutation-check: every mutant killed"
