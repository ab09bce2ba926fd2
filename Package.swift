// swift-tools-version:6.2
// 6.2: `SendableMetatype` (AXDiff's rule registry) needs its compiler. The sources are in
// the Swift 5 language mode (`swiftLanguageModes` below).
import PackageDescription

let package = Package(
    name: "axdiff",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .executable(name: "axdiff", targets: ["axdiff"]),
        .library(name: "AXSnapshot", targets: ["AXSnapshot"]),
        .library(name: "AXDiff", targets: ["AXDiff"]),
        .library(name: "AXReport", targets: ["AXReport"]),
        // An app's UI tests: `assertAccessibility(of:matches:)` against a reference file beside the test.
        .library(name: "AXSnapshotTesting", targets: ["AXSnapshotTesting"]),
    ],
    targets: [
        .systemLibrary(
            name: "CLibgit2",
            pkgConfig: "libgit2",
            providers: [.apt(["libgit2-dev", "libdeflate-dev"]), .brew(["libgit2", "libdeflate"])]
        ),
        // Analyses are built on the analysing threads and freed on the writing one: jemalloc
        // serves that pattern well where glibc's malloc does not (BENCHMARKS.md, jemalloc).
        // Linked by the `axdiff` executable only (Sources/axdiff/JemallocTuning.swift).
        .systemLibrary(name: "CJemalloc", pkgConfig: "jemalloc", providers: [.apt(["libjemalloc-dev"]), .brew(["jemalloc"])]),
        // jemalloc's options at its start (`malloc_conf`): every arena made with them, none set afterwards.
        // DWARF 4 as Swift's own objects: valgrind 3.19 (Debian 12) gives up on the whole binary over
        // clang's DWARF 5, and callgrind and massif measure this executable.
        .target(name: "CJemallocOptions", dependencies: ["CJemalloc"], cSettings: [.unsafeFlags(["-gdwarf-4"], .when(platforms: [.linux]))]),
        // The uiautomator reader drives libxml2's SAX2 push parser itself, the library FoundationXML
        // uses, reading attributes as bytes (Sources/AXSnapshot/Readers/UIAutomatorParser.swift).
        .systemLibrary(name: "CLibxml2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]),
        // What the modules share below Foundation: locks, threads, NSString's path rules, the
        // ISO 8601 times and error texts Foundation wrote. The executable links FoundationEssentials
        // alone: swift-corelibs Foundation and ICU cost some 3 ms and 250 page faults at every start.
        .target(name: "AXBase"),
        .target(name: "AXSnapshot", dependencies: ["CLibxml2"]),
        // Path and name patterns with git's glob rules: one syntax for the tree walk (AXGit) and the configuration (AXDiff).
        .target(name: "AXGlob"),
        // Running a program to its end (posix_spawn, both outputs drained, waitpid): for git, the bench and the tests.
        .target(name: "AXProcess", dependencies: ["AXBase"]),
        .target(name: "AXDiff", dependencies: ["AXSnapshot", "AXGlob", "AXBase"]),
        .target(name: "AXReport", dependencies: ["AXSnapshot", "AXDiff", "AXBase"]),
        .target(name: "AXSnapshotTesting", dependencies: ["AXSnapshot", "AXDiff", "AXReport"]),
        .target(name: "AXGit", dependencies: ["CLibgit2", "AXGlob", "AXBase"]),
        .target(name: "AXRecord", dependencies: ["AXSnapshot", "AXProcess", "AXBase"]),
        // What the daemon, the gate and the site share: a commit's snapshots read and diffed against
        // its parent, the configuration at a commit, analysis on several threads.
        .target(name: "AXHistory", dependencies: ["AXSnapshot", "AXDiff", "AXReport", "AXGit", "AXGlob", "AXBase"]),
        .target(name: "AXTracker", dependencies: ["AXSnapshot", "AXDiff", "AXReport", "AXGit", "AXGlob", "AXProcess", "AXHistory", "AXBase"]),
        .target(name: "AXGate", dependencies: ["AXSnapshot", "AXDiff", "AXReport", "AXGit", "AXGlob", "AXHistory"]),
        .target(name: "AXSite", dependencies: ["AXDiff", "AXReport", "AXGit", "AXHistory", "AXBase"]),
        // Linked by lld with packed relative relocations (DT_RELR, glibc 2.36): the executable's 76,750
        // relative relocations take 15 KB instead of 1.8 MB that the loader reads at every start
        // (BENCHMARKS.md, "Start-up against `git notes show`"). Unsafe flags on the executable only:
        // SwiftPM checks them in the targets a product uses, so the library products stay usable as dependencies.
        .executableTarget(name: "axdiff", dependencies: ["AXSnapshot", "AXDiff", "AXReport", "AXGit", "AXProcess", "AXHistory", "AXTracker", "AXGate", "AXSite", "AXRecord", "AXBase", "CJemalloc", "CJemallocOptions"],
                          linkerSettings: [.unsafeFlags(["-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"], .when(platforms: [.linux]))]),
        // What the test targets share: the switch for long tests, the scaling check, a git repository driven with the git CLI.
        .target(name: "AXTestSupport", dependencies: ["AXProcess"], path: "Tests/AXTestSupport"),
        .testTarget(name: "AXSnapshotTests", dependencies: ["AXSnapshot", "AXTestSupport"], resources: [.copy("Fixtures")]),
        .testTarget(name: "AXDiffTests", dependencies: ["AXSnapshot", "AXDiff", "AXGlob", "AXProcess", "AXTestSupport"]),
        .testTarget(name: "AXBaseTests", dependencies: ["AXBase", "AXTestSupport"]),
        .testTarget(name: "AXGlobTests", dependencies: ["AXGlob", "AXTestSupport"]),
        .testTarget(name: "AXSnapshotTestingTests", dependencies: ["AXSnapshotTesting", "AXSnapshot", "AXDiff"], exclude: ["__Snapshots__"]),
        .testTarget(name: "AXReportTests", dependencies: ["AXSnapshot", "AXDiff", "AXReport", "AXProcess", "AXTestSupport"], exclude: ["Schemas", "__Snapshots__"]),
        .executableTarget(name: "axdiff-bench", dependencies: ["AXSnapshot", "AXDiff", "AXReport", "AXGit", "AXProcess", "AXHistory", "AXTracker", "AXRecord"]),
        .testTarget(name: "AXProcessTests", dependencies: ["AXProcess"]),
        .testTarget(name: "AXGitTests", dependencies: ["AXGit", "AXGlob", "AXProcess", "AXTestSupport"]),
        .testTarget(name: "AXRecordTests", dependencies: ["AXRecord", "AXSnapshot", "AXDiff", "AXTestSupport"],
                    exclude: ["__Snapshots__"], resources: [.copy("Fixtures")]),
        .testTarget(name: "AXHistoryTests", dependencies: ["AXHistory", "AXGit", "AXDiff", "AXGlob", "AXProcess", "AXTestSupport"]),
        .testTarget(name: "AXTrackerTests", dependencies: ["AXTracker", "AXHistory", "AXGit", "AXGlob", "AXDiff", "AXTestSupport"]),
        .testTarget(name: "AXGateTests", dependencies: ["AXGate", "AXHistory", "AXTracker", "AXGit", "AXDiff", "AXTestSupport"]),
        .testTarget(name: "AXSiteTests", dependencies: ["AXSite", "AXGate", "AXGit", "AXTestSupport"]),
        .testTarget(name: "EndToEndTests", dependencies: ["axdiff", "axdiff-bench", "AXProcess", "AXReport", "AXTestSupport"]),
    ],
    swiftLanguageModes: [.v5]
)
