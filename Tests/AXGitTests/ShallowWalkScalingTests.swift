@testable import AXGit
import AXTestSupport
import Foundation
import XCTest

/// `Repository.shallowWalk`: O(c log c) in the commits within a shallow clone — a clone of
/// depth 8n walks in at most ~8× (log) the time of one of depth n (`Scaling`, linear).
final class ShallowWalkScalingTests: XCTestCase {
    func testAShallowWalkIsLinearInTheCommitsWithinTheClone() throws {
        // Seconds of setup: with the long tests (`.ci/run` runs them).
        try XCTSkipUnless(FullTests.enabled, FullTests.reason)
        let source = try GitFixture()
        let all = try source.fastImport(commits: 1_700)
        var clones: [Int: (GitFixture, Repository)] = [:]
        for depth in [200, 1_600] {
            let clone = try GitFixture(bare: true)
            try clone.git(["fetch", "-q", "--depth=\(depth)", "file://\(source.path)", "main:main"])
            let repository = try clone.open()
            XCTAssertEqual(try repository.shallowCommits().count, 1, "a shallow clone of depth \(depth)")
            let walked = try repository.commits(from: [try clone.rev("main")])
            XCTAssertEqual(walked.count, depth, "every commit within the clone, once")
            XCTAssertEqual(walked, Array(all.suffix(depth)), "parents before children")
            clones[depth] = (clone, repository)
        }
        XCTAssertNil(Scaling.check("Repository.shallowWalk of n commits", .linear, n: 200) { n in
            guard let (clone, repository) = clones[n], let tip = try? clone.rev("main") else { return {} }
            return { _ = try? repository.commits(from: [tip]) }
        })
    }
}
