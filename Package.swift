// swift-tools-version:5.9
import PackageDescription

// In a release build on Linux the Swift runtime and Foundation are linked into the programs:
// the binary runs without a Swift installation, starts in 7 ms instead of 13, and calls the
// runtime (retain, release) directly rather than through another library's symbol table
// (a backfill about 6% faster). Every module is compiled for it, so that each one names the
// static libraries it needs; test builds keep the shared libraries.
let staticRuntime = BuildSettingCondition.when(platforms: [.linux], configuration: .release)
let swiftSettings: [SwiftSetting] = [.unsafeFlags(["-static-stdlib"], staticRuntime)]
// Both programs: jemalloc instead of glibc's malloc (see README, Performance) — analyses are
// built on the analysing threads and freed on the writing one.
let programLinking: [LinkerSetting] = [
    .linkedLibrary("jemalloc"),
    .unsafeFlags(["-static-stdlib"], staticRuntime),
]

let package = Package(
    name: "axdiff",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "axdiff", targets: ["axdiff"]),
        .library(name: "AXSnapshot", targets: ["AXSnapshot"]),
        .library(name: "AXDiff", targets: ["AXDiff"]),
        .library(name: "AXReport", targets: ["AXReport"]),
    ],
    targets: [
        .systemLibrary(
            name: "CLibgit2",
            pkgConfig: "libgit2",
            providers: [.apt(["libgit2-dev", "libdeflate-dev"]), .brew(["libgit2", "libdeflate"])]
        ),
        .target(name: "AXSnapshot", swiftSettings: swiftSettings),
        .target(name: "AXDiff", dependencies: ["AXSnapshot"], swiftSettings: swiftSettings),
        .target(name: "AXReport", dependencies: ["AXSnapshot", "AXDiff"], swiftSettings: swiftSettings),
        .target(name: "AXGit", dependencies: ["CLibgit2"], swiftSettings: swiftSettings),
        .target(name: "AXRecord", dependencies: ["AXSnapshot"], swiftSettings: swiftSettings),
        .target(name: "AXTracker", dependencies: ["AXSnapshot", "AXDiff", "AXReport", "AXGit"], swiftSettings: swiftSettings),
        .target(name: "AXGate", dependencies: ["AXSnapshot", "AXDiff", "AXGit", "AXTracker"], swiftSettings: swiftSettings),
        .target(name: "AXSite", dependencies: ["AXDiff", "AXReport", "AXGit", "AXTracker", "AXGate"], swiftSettings: swiftSettings),
        .executableTarget(name: "axdiff", dependencies: ["AXSnapshot", "AXDiff", "AXReport", "AXGit", "AXTracker", "AXGate", "AXSite", "AXRecord"],
                          swiftSettings: swiftSettings, linkerSettings: programLinking),
        // What the test targets share: the switch for long tests, the scaling check.
        .target(name: "AXTestSupport", path: "Tests/AXTestSupport"),
        .testTarget(name: "AXSnapshotTests", dependencies: ["AXSnapshot", "AXTestSupport"], resources: [.copy("Fixtures")]),
        .testTarget(name: "AXDiffTests", dependencies: ["AXSnapshot", "AXDiff", "AXTestSupport"]),
        .testTarget(name: "AXReportTests", dependencies: ["AXSnapshot", "AXDiff", "AXReport", "AXTestSupport"], exclude: ["Schemas", "__Snapshots__"]),
        .executableTarget(name: "axdiff-bench", dependencies: ["AXSnapshot", "AXDiff", "AXReport", "AXGit", "AXTracker", "AXRecord"],
                          swiftSettings: swiftSettings, linkerSettings: programLinking),
        .testTarget(name: "AXGitTests", dependencies: ["AXGit", "AXTestSupport"]),
        .testTarget(name: "AXRecordTests", dependencies: ["AXRecord", "AXSnapshot", "AXDiff", "AXTestSupport"],
                    exclude: ["__Snapshots__"], resources: [.copy("Fixtures")]),
        // A real git repository driven with the git CLI, for the tests of the modules that read one.
        .target(name: "RepositoryFixtures", path: "Tests/RepositoryFixtures"),
        .testTarget(name: "AXTrackerTests", dependencies: ["AXTracker", "AXGit", "AXDiff", "RepositoryFixtures", "AXTestSupport"]),
        .testTarget(name: "AXGateTests", dependencies: ["AXGate", "AXTracker", "AXGit", "AXDiff", "RepositoryFixtures", "AXTestSupport"]),
        .testTarget(name: "AXSiteTests", dependencies: ["AXSite", "AXGit", "RepositoryFixtures", "AXTestSupport"]),
        .testTarget(name: "EndToEndTests", dependencies: ["axdiff", "axdiff-bench", "AXTestSupport"]),
    ]
)
