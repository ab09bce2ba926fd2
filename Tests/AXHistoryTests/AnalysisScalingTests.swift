import AXDiff
import AXGit
import AXTestSupport
import XCTest
@testable import AXHistory

/// `CommitAnalyzer.analyze` costs what the commit changed: a commit that changes one
/// snapshot beside n unchanged ones takes as long at 8n (`Scaling`).
final class AnalysisScalingTests: XCTestCase {
    func testAnAnalysisIgnoresTheUnchangedSnapshots() throws {
        // Seconds of setup: with the long tests (`.ci/run` runs them).
        try XCTSkipUnless(FullTests.enabled, FullTests.reason)
        var analyzers: [Int: (CommitAnalyzer, ObjectID)] = [:]
        var fixtures: [GitFixture] = []
        for n in [100, 800] {
            let git = try GitFixture(self)
            var stream = FastImport()
            var files = ["Snapshots/Checkout.json": screenJSON("Checkout", [("text", "Total"), ("button", "Pay")])]
            for i in 0..<n { files["Snapshots/D\(i / 40)/S\(i).json"] = screenJSON("S\(i)", [("button", "Open \(i)")]) }
            stream.commit("main", "Screens", files)
            stream.commit("main", "Drift", ["Snapshots/Checkout.json": screenJSON("Checkout", [("button", "Pay"), ("text", "Total")])])
            try stream.run(in: git)
            let repository = try Repository.open(path: git.path)
            let analyzer = CommitAnalyzer(repository: repository)
            let tip = try repository.revparse("main")
            let analysis = try analyzer.analyze(tip)
            XCTAssertEqual(analysis.report.screens.map(\.path), ["Snapshots/Checkout.json"], "only the changed snapshot")
            XCTAssertEqual(analysis.report.snapshotsCompared, 1)
            fixtures.append(git)
            analyzers[n] = (analyzer, tip)
        }
        XCTAssertNil(Scaling.check("CommitAnalyzer.analyze beside n unchanged snapshots", .constant, n: 100) { n in
            guard let (analyzer, tip) = analyzers[n] else { return {} }
            return { analyzer.releaseCaches(); _ = try? analyzer.analyze(tip) }
        })
        _ = fixtures
    }
}
