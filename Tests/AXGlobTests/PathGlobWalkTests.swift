import AXGlob
import AXTestSupport
import XCTest

/// The tree walk skips whole folders with `mayMatch` and keeps the files `matches`
/// accepts, with the configuration's own globs: a folder skipped while it holds a path
/// the pattern accepts would leave that snapshot unread without a word.
final class PathGlobWalkTests: XCTestCase {
    func testTheTreeWalkNeverDropsAPathTheConfigurationAccepts() {
        let patterns = ["Snapshots/**", "snapshots/**", "**/*.aria.yml", "Snapshots/*.json", "Snapshots/?ome.json",
                        "**/Debug/**", "a/**/b/*.xml", "*.json", "**", "Snap*/**/*.yml", "x/?/y", "**/**/z.json"]
        let names = ["Snapshots", "snapshots", "Debug", "a", "b", "x", "y", "Home.json", "home.json", "z.json",
                     "s.aria.yml", "t.xml", "Snap", "q"]
        // Every path of one to three segments over those names, and of the 38,416 of four
        // segments a seeded tenth (all of them with AXDIFF_FULL_TESTS=1: 20 s here).
        var paths: [[String]] = names.map { [$0] }
        for _ in 0..<3 { paths += paths.filter { $0.count == paths.last?.count }.flatMap { p in names.map { p + [$0] } } }
        let seed: UInt64 = 2_021
        if !FullTests.enabled {
            var rng = SeededGenerator(seed: seed)
            paths = paths.filter { $0.count < 4 || rng.next() % 10 == 0 }
        }
        var checked = 0
        for pattern in patterns {
            let walk = PathGlob(pattern)
            for parts in paths {
                let path = parts.joined(separator: "/")
                guard walk.matches(path) else { continue }
                checked += 1
                XCTAssertTrue(PathGlobSet(["nothing/here", pattern]).matches(path), "\(pattern): the set drops \(path) (seed \(seed))")
                for depth in 1..<parts.count {
                    let folder = parts.prefix(depth).joined(separator: "/")
                    XCTAssertTrue(walk.mayMatch(below: folder), "\(pattern): the walk skips \(folder), which holds \(path) (seed \(seed))")
                }
            }
        }
        XCTAssertGreaterThan(checked, 1_000, "the patterns accept enough paths to tell")
    }
}
