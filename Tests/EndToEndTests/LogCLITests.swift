import Foundation
import XCTest
import AXTestSupport

/// `axdiff log`: `--format json` for scripts, `--all` for every watched branch.
final class LogCLITests: XCTestCase {
    let good = screenJSON("Checkout", [("text", "Payment failed"), ("button", "Try again"), ("button", "Support")])
    let drifted = screenJSON("Checkout", [("button", "Try again"), ("text", "Payment failed"), ("button", "Support")])
    let renamed = screenJSON("Checkout", [("text", "Payment failed"), ("button", "Retry payment"), ("button", "Support")])

    func testJSONAndAllBranches() throws {
        let repo = try GitFixture(self)
        let add = try repo.commit("Add", ["Snapshots/Checkout.json": good])
        let drift = try repo.commit("Drift", ["Snapshots/Checkout.json": drifted])
        try repo.git(["checkout", "-q", "-b", "feature", add])
        let rename = try repo.commit("Rename \"retry\"", ["Snapshots/Checkout.json": renamed])
        XCTAssertEqual(try CLI.run(["backfill", "--repo", repo.path]).code, 0)
        try repo.git(["checkout", "-q", "main"])
        let later = try repo.commit("Later", ["Snapshots/Checkout.json": good])

        let json = try CLI.run(["log", "--repo", repo.path, "--all", "--format", "json"])
        XCTAssertEqual(json.code, 0, json.err)
        let root = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
        let commits = try XCTUnwrap(root["commits"] as? [[String: Any]])
        XCTAssertEqual(commits.count, 4, json.out)
        XCTAssertEqual(Set(commits.compactMap { $0["commit"] as? String }), [add, drift, rename, later])
        let byID = Dictionary(uniqueKeysWithValues: commits.map { ($0["commit"] as? String ?? "", $0) })
        XCTAssertEqual(byID[drift]?["errors"] as? Int, 1)
        XCTAssertEqual(byID[drift]?["annotated"] as? Bool, true)
        XCTAssertEqual(byID[rename]?["subject"] as? String, "Rename \"retry\"")
        XCTAssertEqual(byID[rename]?["branches"] as? [String], ["feature"])
        XCTAssertEqual(byID[later]?["annotated"] as? Bool, false)
        XCTAssertTrue(byID[later]?["errors"] is NSNull, "no note, no counts")
        XCTAssertEqual(byID[later]?["branches"] as? [String], ["main"])
        XCTAssertEqual(byID[add]?["branches"] as? [String], [])
        XCTAssertEqual(json.out, try CLI.run(["log", "--repo", repo.path, "--all", "--format", "json"]).out, "same input, same bytes")

        // Without --all: HEAD's history only, as before.
        let text = try CLI.run(["log", "--repo", repo.path])
        XCTAssertEqual(text.out.split(separator: "\n").count, 3, text.out)
        XCTAssertFalse(text.out.contains("Rename"))
        let all = try CLI.run(["log", "--repo", repo.path, "--all"])
        XCTAssertTrue(all.out.contains(String(rename.prefix(7)) + "  0E 0W 0I     Rename \"retry\" (feature)"), all.out)

        XCTAssertEqual(try CLI.run(["log", "--repo", repo.path, "--all", "main"]).code, 2)
        XCTAssertEqual(try CLI.run(["log", "--repo", repo.path, "--format", "xml"]).code, 2)
    }
}
