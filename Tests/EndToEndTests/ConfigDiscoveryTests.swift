import AXTestSupport
import Foundation
import XCTest

/// `diff` and `lint` apply the configuration of the repository that holds the
/// files, as `check` does, unless `--config` names another.
final class ConfigDiscoveryTests: XCTestCase {
    static let pairs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Config/examples/pairs/ios")

    func testDiffAndLintUseTheRepositorysConfiguration() throws {
        let before = try String(contentsOf: Self.pairs.appendingPathComponent("soup-before.json"), encoding: .utf8)
        let after = try String(contentsOf: Self.pairs.appendingPathComponent("soup-after.json"), encoding: .utf8)
        let repo = try GitFixture(self)
        try repo.write(before, "old/Orders.json")
        try repo.write(after, "Snapshots/deep/Orders.json")
        let old = repo.url.appendingPathComponent("old/Orders.json").path
        let new = repo.url.appendingPathComponent("Snapshots/deep/Orders.json").path
        let elsewhere = try CLI.tempDir(self)

        // Warnings only: the defaults pass.
        let plain = try CLI.run(["diff", old, new, "--format", "json"], cwd: elsewhere)
        XCTAssertEqual(plain.code, 0, plain.err)
        XCTAssertEqual(try CLI.run(["lint", new], cwd: elsewhere).code, 0)

        // The repository's .axdiff.json fails on warnings, from any working directory.
        try repo.write(#"{"failOn": "warning"}"#, ".axdiff.json")
        let strict = try CLI.run(["diff", old, new, "--format", "json"], cwd: elsewhere)
        XCTAssertEqual(strict.code, 1, strict.err)
        XCTAssertEqual(strict.out, plain.out, "the same changes, judged by the repository's failOn")
        XCTAssertEqual(try CLI.run(["lint", new], cwd: elsewhere).code, 1)
        XCTAssertEqual(try CLI.run(["lint", "Snapshots"], cwd: repo.url).code, 1, "a relative directory")

        // --config wins over the repository's.
        let defaults = elsewhere.appendingPathComponent("defaults.json")
        try CLI.write("{}", to: defaults)
        XCTAssertEqual(try CLI.run(["diff", old, new, "--config", defaults.path], cwd: elsewhere).code, 0)
        XCTAssertEqual(try CLI.run(["lint", new, "--config", defaults.path], cwd: elsewhere).code, 0)

        // Config/axdiff.json when there is no .axdiff.json, as check reads it.
        try FileManager.default.removeItem(at: repo.url.appendingPathComponent(".axdiff.json"))
        try repo.write(#"{"severity": {"stops.increased": "error"}}"#, "Config/axdiff.json")
        let fallback = try CLI.run(["diff", old, new, "--format", "json"], cwd: elsewhere)
        XCTAssertEqual(fallback.code, 1, fallback.err)
        XCTAssertTrue(fallback.out.contains(#""severity": "error""#), fallback.out)

        // A broken configuration is named, exit 2.
        try repo.write("{not json", ".axdiff.json")
        let broken = try CLI.run(["diff", old, new], cwd: elsewhere)
        XCTAssertEqual(broken.code, 2)
        XCTAssertTrue(broken.err.contains(".axdiff.json"), broken.err)
        XCTAssertEqual(broken.err.split(separator: "\n").count, 1, broken.err)

        // Files outside any repository use the defaults.
        let loose = try CLI.tempDir(self)
        try CLI.write(before, to: loose.appendingPathComponent("a.json"))
        try CLI.write(after, to: loose.appendingPathComponent("b.json"))
        XCTAssertEqual(try CLI.run(["diff", "a.json", "b.json"], cwd: loose).code, 0)
    }
}
