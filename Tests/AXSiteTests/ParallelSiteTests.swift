import AXGate
import AXGit
import AXSite
import Foundation
import AXTestSupport
import XCTest

/// A site built on several threads gives what one thread gives.
final class ParallelSiteTests: XCTestCase {
    /// The review site, built on one thread and on three: the same files, byte for byte.
    func testSiteBuiltOnSeveralThreadsIsTheSameBytes() throws {
        let repo = try GitFixture(self, bare: true)
        _ = try repo.git(["fast-import", "--quiet"], stdin: GitFixture.parallelHistory)
        var sites: [[String: Data]] = []
        for jobs in [1, 3] {
            let out = FileManager.default.temporaryDirectory.appendingPathComponent("axdiff-site-\(UUID().uuidString)")
            addTeardownBlock { try? FileManager.default.removeItem(at: out) }
            let repository = try Repository.open(path: repo.path)
            let commits = try repository.commits(from: try repository.references(matching: ["refs/heads/*"]).map(\.commit))
            let summary = try SiteBuilder(options: .init(directory: out.path, toolVersion: "axdiff test", jobs: jobs, batchSize: 9,
                                                           branches: Gate.branchVerdict))
                .build(repository, commits: commits)
            XCTAssertEqual(summary.analysed, 70)
            XCTAssertEqual(summary.commits, 70)
            var files: [String: Data] = [:]
            let walker = try XCTUnwrap(FileManager.default.enumerator(atPath: out.path))
            for case let name as String in walker where name.hasSuffix(".html") || name.hasSuffix(".json") {
                files[name] = try Data(contentsOf: out.appendingPathComponent(name))
            }
            sites.append(files)
        }
        XCTAssertEqual(sites[0].keys.filter { $0.hasPrefix("commits/") }.count, 70)
        XCTAssertEqual(sites[0].keys.sorted(), sites[1].keys.sorted())
        for (name, data) in sites[0] { XCTAssertEqual(data, sites[1][name], name) }
    }
}
