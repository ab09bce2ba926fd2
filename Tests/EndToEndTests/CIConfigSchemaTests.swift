import Foundation
import XCTest

/// Every workflow, the composite action and the GitLab job against the schemas
/// check-jsonschema vendors (SchemaStore's GitHub workflow, GitHub action and
/// GitLab CI schemas): a misspelt key or a wrong type fails here, not on the host.
final class CIConfigSchemaTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    private func checkJSONSchema(_ args: [String]) throws -> CLI.Result {
        try CLI.run(["check-jsonschema"] + args, executable: URL(fileURLWithPath: "/usr/bin/env"), timeout: 120)
    }

    func testWorkflowsActionAndGitLabJobMatchTheirSchemas() throws {
        // CI installs it (Scripts/setup.sh); only a machine without it skips.
        guard (try? checkJSONSchema(["--version"]))?.code == 0 else { throw XCTSkip("check-jsonschema is not installed (Scripts/setup.sh installs it)") }
        let workflows = try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent(".github/workflows").path)
            .filter { $0.hasSuffix(".yml") }.map { ".github/workflows/" + $0 }.sorted()
        XCTAssertTrue(workflows.contains(".github/workflows/release.yml"), "\(workflows)")
        for (schema, files) in [("vendor.github-workflows", workflows + ["Config/ci/github-actions.yml"]),
                                ("vendor.github-actions", ["action.yml"]),
                                ("vendor.gitlab-ci", ["Config/ci/gitlab-ci.yml"])] {
            let r = try checkJSONSchema(["--builtin-schema", schema] + files.map { Self.root.appendingPathComponent($0).path })
            XCTAssertEqual(r.code, 0, "\(schema): \(r.out)\(r.err)")
            XCTAssertTrue(r.out.contains("ok -- validation done"), r.out)
        }

        // And the check can fail: a step with a misspelt key.
        let broken = try CLI.tempDir(self).appendingPathComponent("broken.yml")
        try CLI.write(try String(contentsOf: Self.root.appendingPathComponent("action.yml"), encoding: .utf8)
            .replacingOccurrences(of: "using: composite", with: "usng: composite"), to: broken)
        XCTAssertNotEqual(try checkJSONSchema(["--builtin-schema", "vendor.github-actions", broken.path]).code, 0)
    }
}
