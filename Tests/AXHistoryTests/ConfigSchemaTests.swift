import AXDiff
@testable import AXHistory
import AXProcess
import AXTestSupport
import Foundation
import XCTest

/// Config/axdiff.schema.json, checked with `jsonschema` from PyPI: it accepts the
/// shipped defaults, names every change kind, and agrees with axdiff's own
/// parser on what is a valid configuration.
final class ConfigSchemaTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let schemaPath = root.appendingPathComponent("Config/axdiff.schema.json").path

    /// Validates each document against the schema; true where it is valid.
    func jsonschemaVerdicts(_ documents: [String]) throws -> [Bool] {
        let script = """
            import json, sys, jsonschema
            schema = json.load(open(sys.argv[1]))
            jsonschema.Draft202012Validator.check_schema(schema)
            validator = jsonschema.Draft202012Validator(schema)
            for doc in json.load(sys.stdin):
                print("valid" if validator.is_valid(json.loads(doc)) else "invalid")
            """
        let input = String(decoding: try JSONSerialization.data(withJSONObject: documents), as: UTF8.self)
        let p = try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", script, Self.schemaPath], stdin: input, what: "jsonschema")
        guard p.code == 0 else {
            if p.err.contains("No module named 'jsonschema'") { throw XCTSkip("jsonschema is not installed (Scripts/setup.sh installs it)") }
            XCTFail(p.err)
            return []
        }
        return p.out.split(separator: "\n").map { $0 == "valid" }
    }

    func testTheSchemaNamesEveryKeyAndKind() throws {
        let schema = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: Self.schemaPath))) as? [String: Any])
        let properties = try XCTUnwrap(schema["properties"] as? [String: Any])
        XCTAssertEqual(Set(properties.keys), RepositoryConfig.knownKeys.union(["$schema"]))
        let severity = try XCTUnwrap((properties["severity"] as? [String: Any])?["properties"] as? [String: Any])
        XCTAssertEqual(Set(severity.keys), Set(ChangeKind.allCases.map(\.rawValue)),
                       "every change kind, and only those, in Config/axdiff.schema.json's severity")
    }

    func testSchemaAndParserAgree() throws {
        let defaults = try String(contentsOfFile: Self.root.appendingPathComponent("Config/axdiff.json").path, encoding: .utf8)
        let cases: [String] = [
            defaults,
            #"{}"#,
            #"{"$schema": "Config/axdiff.schema.json", "failOn": "warning"}"#,
            #"{"severity": {"order.changed": "error", "label.changed": "off"}, "ignore": ["Snapshots/Debug/**"]}"#,
            #"{"contracts": [{"screen": "Checkout", "order": ["Payment failed", "card_field"]}]}"#,
            #"{"watch": {"refs": ["refs/heads/*", "refs/tags/*"]}, "notesRef": "refs/notes/a11y", "maxSnapshotBytes": 1024}"#,
            #"{"volatile": [{"screen": "Feed", "label": "Updated * ago"}, {"label": "* unread"}], "sourceLocale": "es"}"#,
            // Each wrong in one place.
            #"{"failOn": 3}"#,
            #"{"failOn": "fatal"}"#,
            #"{"failon": "error"}"#,
            #"{"snapshots": "Snapshots/**"}"#,
            #"{"snapshots": [1]}"#,
            #"{"severity": {"label.lost": "fatal"}}"#,
            #"{"severity": {"label.gone": "error"}}"#,
            #"{"watch": {"ref": ["refs/heads/*"]}}"#,
            #"{"contracts": [{"screen": "Checkout"}]}"#,
            #"{"contracts": [{"screen": "", "order": []}]}"#,
            #"{"contracts": [{"screen": "A", "order": [], "extra": 1}]}"#,
            #"{"notesRef": "refs/heads/main"}"#,
            #"{"maxSnapshotBytes": 0}"#,
            #"{"maxSnapshotBytes": 1.5}"#,
            #"{"baseBranch": ""}"#,
            #"{"volatile": [{"label": ""}]}"#,
            #"{"volatile": [{"label": "x", "regex": "y"}]}"#,
            #"{"volatile": ["Updated * ago"]}"#,
            #"{"sourceLocale": ""}"#,
            #"[]"#,
        ]
        let verdicts = try jsonschemaVerdicts(cases)
        XCTAssertEqual(verdicts.count, cases.count)
        for (document, schemaSaysValid) in zip(cases, verdicts) {
            let parserSaysValid = (try? RepositoryConfig.parse(Array(document.utf8), file: "t.json")) != nil
            XCTAssertEqual(schemaSaysValid, parserSaysValid, "schema and parser disagree on \(document)")
        }
        XCTAssertEqual(verdicts.filter { $0 }.count, 7, "the first seven are valid, the rest each wrong in one place")
    }
}
