import AXDiff
import AXGlob
import AXSnapshot
import Foundation
import XCTest

final class PolicyTests: XCTestCase {
    func testSeverityOverridesAndOff() throws {
        let config = try Config.parse(Array(#"{"severity": {"order.changed": "error", "stop.added": "off"}}"#.utf8), file: "c.json")
        let d = S.diff([S.text("One"), S.text("Two")], [S.text("Two"), S.text("One"), S.text("Three")], config: config)
        XCTAssertEqual(d.first(.orderChanged)?.severity, .error)
        XCTAssertNil(d.first(.stopAdded))
    }

    func testConfigErrorsNameTheKeyAndPlace() {
        func message(_ json: String) -> String {
            do { _ = try Config.parse(Array(json.utf8), file: "Config/axdiff.json"); return "parsed" } catch { return "\(error)" }
        }
        XCTAssertEqual(message(#"{"snapshot": []}"#).prefix(76), #"Config/axdiff.json:1:14: unknown key "snapshot"; did you mean "snapshots"? ("#)
        XCTAssertTrue(message("{\n  \"failOn\": \"fatal\"}").hasPrefix("Config/axdiff.json:2:13: expected one of error, warning, note, off for \"failOn\""))
        XCTAssertTrue(message(#"{"severity": {"order.shuffled": "error"}}"#).contains("unknown change kind \"order.shuffled\""))
        XCTAssertTrue(message(#"{"contracts": [{"screen": "X"}]}"#).contains("\"order\""))
        XCTAssertTrue(message(#"{"maxSnapshotBytes": -1}"#).contains("maxSnapshotBytes"))
        XCTAssertTrue(message("{").hasPrefix("Config/axdiff.json:1:2: "))
    }

    func testDefaultsAndGlobs() {
        let c = Config()
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
        var ignoring = Config()
        ignoring.ignore = ["Snapshots/Debug"]
        XCTAssertFalse(ignoring.isSnapshotPath("Snapshots/Debug/Home.json"))
        XCTAssertTrue(ignoring.isSnapshotPath("Snapshots/Debugging/Home.json"))
    }

    func testShippedDefaultConfigurationIsTheBuiltInDefault() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Config/axdiff.json")
        let config = try Config.parse(Array(try Data(contentsOf: url)), file: "Config/axdiff.json")
        XCTAssertEqual(config, Config())
    }
}
