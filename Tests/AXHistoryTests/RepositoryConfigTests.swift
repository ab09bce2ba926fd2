import AXDiff
import AXGlob
@testable import AXHistory
import Foundation
import XCTest

/// The configuration file (`.axdiff.json`): the repository's settings and the diff's policy
/// read from one file, with errors that name the file, the place and what was expected.
final class RepositoryConfigTests: XCTestCase {
    func testSeveritiesAreReadIntoThePolicy() throws {
        let config = try RepositoryConfig.parse(Array(#"{"severity": {"order.changed": "error", "stop.added": "off"}, "baseBranch": "trunk"}"#.utf8), file: "c.json")
        XCTAssertEqual(config.policy.severity, [.orderChanged: .error, .stopAdded: .off])
        XCTAssertEqual(config.baseBranch, "trunk")
        var expected = RepositoryConfig()
        expected.policy.severity = [.orderChanged: .error, .stopAdded: .off]
        expected.baseBranch = "trunk"
        XCTAssertEqual(config, expected)
    }

    /// Every key of the file is either the settings' or the policy's, never both.
    func testEveryKeyHasOneOwner() {
        XCTAssertEqual(RepositoryConfig.ownKeys.intersection(DiffPolicy.keys), [])
        XCTAssertEqual(RepositoryConfig.knownKeys.count, 12)
    }

    func testConfigErrorsNameTheKeyAndPlace() {
        func message(_ json: String) -> String {
            do { _ = try RepositoryConfig.parse(Array(json.utf8), file: "Config/axdiff.json"); return "parsed" } catch { return "\(error)" }
        }
        XCTAssertEqual(message(#"{"snapshot": []}"#), #"Config/axdiff.json:1:14: unknown key "snapshot"; did you mean "snapshots"? "#
            + "(known: baseBranch, contracts, failOn, ignore, maxSnapshotBytes, maxSnapshotElements, notesRef, severity, snapshots, "
            + "sourceLocale, volatile, watch)")
        XCTAssertEqual(message(#"{"failOn": "error", "notesRef": "refs/heads/x"}"#),
                       #"Config/axdiff.json:1:33: expected a ref under refs/notes/ for "notesRef""#)
        XCTAssertTrue(message("{\n  \"failOn\": \"fatal\"}").hasPrefix("Config/axdiff.json:2:13: expected one of error, warning, note, off for \"failOn\""))
        XCTAssertTrue(message(#"{"severity": {"order.shuffled": "error"}}"#).contains("unknown change kind \"order.shuffled\""))
        XCTAssertTrue(message(#"{"contracts": [{"screen": "X"}]}"#).contains("\"order\""))
        XCTAssertTrue(message(#"{"maxSnapshotBytes": -1}"#).contains("maxSnapshotBytes"))
        XCTAssertTrue(message("{").hasPrefix("Config/axdiff.json:1:2: "))
    }

    func testDefaultsAndGlobs() {
        let c = RepositoryConfig()
        XCTAssertTrue(c.isSnapshotPath("Snapshots/Checkout.json"))
        XCTAssertTrue(c.isSnapshotPath("snapshots/a/b/c.txt"))
        XCTAssertTrue(c.isSnapshotPath("web/login.aria.yml"))
        XCTAssertTrue(c.isSnapshotPath("login.aria.yml"))
        XCTAssertFalse(c.isSnapshotPath("Sources/main.swift"))
        XCTAssertTrue(PathGlob("Snapshots/*.json").matches("Snapshots/A.json"))
        XCTAssertFalse(PathGlob("Snapshots/*.json").matches("Snapshots/x/A.json"))
        XCTAssertTrue(PathGlob("Check?ut").matches("Checkout"))
        // A pathological pattern stays polynomial.
        let evil = PathGlob(String(repeating: "*a", count: 40) + "b")
        XCTAssertFalse(evil.matches(String(repeating: "a", count: 5000)))
        // The configuration's globs are the tree walk's: a folder named without glob
        // characters is everything below it, as a git pathspec.
        var ignoring = RepositoryConfig()
        ignoring.ignore = ["Snapshots/Debug"]
        XCTAssertFalse(ignoring.isSnapshotPath("Snapshots/Debug/Home.json"))
        XCTAssertTrue(ignoring.isSnapshotPath("Snapshots/Debugging/Home.json"))
    }

    func testShippedDefaultConfigurationIsTheBuiltInDefault() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Config/axdiff.json")
        let config = try RepositoryConfig.parse(Array(try Data(contentsOf: url)), file: "Config/axdiff.json")
        XCTAssertEqual(config, RepositoryConfig())
    }

    func testConfigurationReadsVolatileAndSourceLocale() throws {
        let json = #"{"volatile": [{"screen": "Feed", "label": "Updated * ago"}, {"label": "* unread"}], "sourceLocale": "en-US"}"#
        let c = try RepositoryConfig.parse(Array(json.utf8), file: ".axdiff.json")
        XCTAssertEqual(c.policy.volatile, [VolatileLabel(screen: "Feed", label: "Updated * ago"), VolatileLabel(label: "* unread")])
        XCTAssertEqual(c.policy.sourceLocale, "en-US")
        XCTAssertEqual(RepositoryConfig().policy.sourceLocale, "en")
        let bad: [(String, String)] = [
            (#"{"volatile": "Updated * ago"}"#, "1:14"),
            (#"{"volatile": [{"label": ""}]}"#, "1:15"),
            (#"{"volatile": [{"label": "x", "regex": "y"}]}"#, "volatile.regex"),
            (#"{"sourceLocale": 3}"#, "sourceLocale"),
        ]
        for (text, expected) in bad {
            XCTAssertThrowsError(try RepositoryConfig.parse(Array(text.utf8), file: ".axdiff.json"), text) { error in
                XCTAssertTrue("\(error)".contains(".axdiff.json:") && "\(error)".contains(expected), "\(error)")
            }
        }
    }
}
