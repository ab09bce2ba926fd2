// swift-tools-version:5.9
import PackageDescription

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
        .target(name: "AXSnapshot"),
        .target(name: "AXDiff", dependencies: ["AXSnapshot"]),
        .target(name: "AXReport", dependencies: ["AXSnapshot", "AXDiff"]),
        .target(name: "AXGit", dependencies: ["CLibgit2"]),
        .target(name: "AXWatch", dependencies: ["AXSnapshot", "AXDiff", "AXReport", "AXGit"]),
        // jemalloc instead of glibc's malloc (see README, Performance): analyses are built on
        // the analysing threads and freed on the writing one.
        .executableTarget(name: "axdiff", dependencies: ["AXSnapshot", "AXDiff", "AXReport", "AXGit", "AXWatch"],
                          linkerSettings: [.linkedLibrary("jemalloc")]),
        .testTarget(name: "AXSnapshotTests", dependencies: ["AXSnapshot"], resources: [.copy("Fixtures")]),
        .testTarget(name: "AXDiffTests", dependencies: ["AXSnapshot", "AXDiff"]),
        .testTarget(name: "AXReportTests", dependencies: ["AXSnapshot", "AXDiff", "AXReport"], exclude: ["Schemas", "__Snapshots__"]),
        .executableTarget(name: "axdiff-bench", dependencies: ["AXSnapshot", "AXDiff", "AXReport", "AXGit", "AXWatch"],
                          linkerSettings: [.linkedLibrary("jemalloc")]),
        .testTarget(name: "AXGitTests", dependencies: ["AXGit"]),
        .testTarget(name: "AXWatchTests", dependencies: ["AXWatch", "AXGit", "AXDiff", "AXSnapshot", "AXReport"]),
        .testTarget(name: "EndToEndTests", dependencies: ["axdiff", "axdiff-bench"]),
    ]
)
