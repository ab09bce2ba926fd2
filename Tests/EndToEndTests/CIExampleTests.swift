import AXTestSupport
import Foundation
import XCTest

/// Config/ci's GitHub Actions workflow and GitLab CI job, run as far as they run
/// here: every `run:` / `script:` line in order, in a clone of a real bare
/// remote, with the variables the host would set and the built axdiff on PATH.
/// Not run: the hosts' own parts — `uses:` actions (checkout, SARIF upload), the
/// `if:`/`rules:` conditions, the container image and the install step (tested
/// in InstallScriptTests).
final class CIExampleTests: XCTestCase {
    /// The CI examples end to end (each builds repositories and runs the gate and the notes job): long, so CI runs them.
    override func setUpWithError() throws {
        try XCTSkipUnless(FullTests.enabled, FullTests.reason)
    }

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let good = screenJSON("Checkout", [("text", "Payment failed"), ("textField", "Card number"), ("button", "Try again")])
    let drifted = screenJSON("Checkout", [("button", "Try again"), ("text", "Payment failed"), ("textField", "Card number")])

    /// The file as JSON, read by PyYAML.
    func load(_ name: String) throws -> [String: Any] {
        let r = try CLI.run(["python3", "-c", "import json, sys, yaml; print(json.dumps(yaml.safe_load(open(sys.argv[1]))))",
                             Self.root.appendingPathComponent("Config/ci/" + name).path], executable: URL(fileURLWithPath: "/usr/bin/env"))
        guard r.code == 0 else {
            if r.err.contains("No module named 'yaml'") { throw XCTSkip("PyYAML is not installed (Scripts/setup.sh installs it)") }
            throw NSError(domain: "yaml", code: 1, userInfo: [NSLocalizedDescriptionKey: r.err])
        }
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
    }

    /// A bare remote whose main has a good snapshot, a branch `drift` that
    /// regresses it and a branch `wording` that changes only a label; and a
    /// clone of it checked out at `branch`, as a CI host checks out.
    func remoteAndClone(at branch: String) throws -> (remote: GitFixture, clone: URL, home: URL) {
        let remote = try GitFixture(self, bare: true)
        let work = try GitFixture(self)
        try work.commit("Add checkout", ["Snapshots/Checkout.json": good])
        try work.git(["branch", "drift"])
        try work.git(["branch", "wording"])
        try work.git(["checkout", "-q", "drift"])
        try work.commit("Put the button first", ["Snapshots/Checkout.json": drifted])
        try work.git(["checkout", "-q", "wording"])
        try work.commit("Reword", ["Snapshots/Checkout.json": good.replacingOccurrences(of: "Card number", with: "Card")])
        try work.git(["push", "-q", remote.path, "main", "drift", "wording"])
        let clone = try CLI.tempDir(self).appendingPathComponent("checkout")
        try work.git(["clone", "-q", remote.path, clone.path])
        let home = try CLI.tempDir(self)
        _ = try CLI.run(["-C", clone.path, "checkout", "-q", "--detach", "origin/" + branch], executable: URL(fileURLWithPath: "/usr/bin/git"))
        return (remote, clone, home)
    }

    func environment(_ home: URL, _ extra: [String: String]) -> [String: String] {
        let bin = CLI.binary.deletingLastPathComponent().path
        return ["PATH": bin + ":/usr/bin:/bin", "HOME": home.path, "GIT_CONFIG_NOSYSTEM": "1",
                "GIT_AUTHOR_NAME": "CI", "GIT_AUTHOR_EMAIL": "ci@example.com", "GIT_COMMITTER_NAME": "CI", "GIT_COMMITTER_EMAIL": "ci@example.com"]
            .merging(extra) { $1 }
    }

    /// Runs one step as the host would: bash, stopping at the first failing command.
    func step(_ script: String, in dir: URL, env: [String: String]) throws -> CLI.Result {
        try CLI.run(["--noprofile", "--norc", "-e", "-o", "pipefail", "-c", script], cwd: dir, env: env, executable: URL(fileURLWithPath: "/bin/bash"))
    }

    /// The `run:` steps of a GitHub job, without the install step.
    func githubSteps(_ job: String) throws -> [(name: String, run: String)] {
        let jobs = try XCTUnwrap(try load("github-actions.yml")["jobs"] as? [String: Any])
        let steps = try XCTUnwrap((jobs[job] as? [String: Any])?["steps"] as? [[String: Any]])
        return steps.compactMap { s in
            guard let run = s["run"] as? String, let name = s["name"] as? String, name != "Install axdiff" else { return nil }
            return (name, run)
        }
    }

    func testGitHubGateFailsARegressingPullRequestAndWritesSARIF() throws {
        let steps = try githubSteps("gate")
        XCTAssertEqual(steps.map(\.name), ["Trust the checkout", "Accessibility report for code scanning", "Gate"])
        for (branch, gateExit) in [("drift", Int32(1)), ("wording", Int32(0))] {
            let (_, clone, home) = try remoteAndClone(at: branch)
            let env = environment(home, ["GITHUB_BASE_REF": "main", "GITHUB_WORKSPACE": clone.path])
            let results = try steps.map { try step($0.run, in: clone, env: env) }
            XCTAssertEqual(results.map(\.code), [0, 0, gateExit], "\(branch): \(results.map(\.err))")
            let sarif = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: clone.appendingPathComponent("axdiff.sarif"))) as? [String: Any])
            XCTAssertEqual(sarif["version"] as? String, "2.1.0")
            let run = try XCTUnwrap((sarif["runs"] as? [[String: Any]])?.first)
            let errors = (run["results"] as? [[String: Any]] ?? []).filter { ($0["level"] as? String) == "error" }
            XCTAssertEqual(errors.count, branch == "drift" ? 1 : 0, "\(branch): \(run["results"] ?? [])")
            if branch == "drift" { XCTAssertTrue(results[2].out.contains("order.regressed"), results[2].out) }
        }
    }

    func testGitHubNotesJobAnnotatesMainAndPushesTheNotesADeveloperThenFetches() throws {
        let steps = try githubSteps("notes")
        XCTAssertEqual(steps.map(\.name), ["Trust the checkout", "Annotate what landed and push the notes"])
        let (remote, clone, home) = try remoteAndClone(at: "main")
        let env = environment(home, ["GITHUB_WORKSPACE": clone.path])
        for s in steps { XCTAssertEqual(try step(s.run, in: clone, env: env).code, 0, s.name) }
        let onRemote = try remote.git(["notes", "--ref=axdiff", "show", "main"])
        XCTAssertTrue(onRemote.hasPrefix("axdiff: "), onRemote)

        // A developer's clone, with the README's commands.
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let once = "git fetch origin '+refs/notes/axdiff:refs/notes/axdiff'"
        let configured = ["git config --add remote.origin.fetch '+refs/notes/axdiff:refs/notes/axdiff'",
                          "git config --add notes.displayRef refs/notes/axdiff"]
        for line in [once] + configured { XCTAssertTrue(readme.contains(line), "README no longer says \(line)") }
        let developer = try CLI.tempDir(self).appendingPathComponent("dev")
        XCTAssertEqual(try step("git clone -q '\(remote.path)' '\(developer.path)'", in: home, env: env).code, 0)
        XCTAssertFalse(try step("git log -1", in: developer, env: env).out.contains("Notes (axdiff)"), "a clone brings no notes")
        XCTAssertEqual(try step(once + " && git log --notes=axdiff -1 | grep -q 'Notes (axdiff)'", in: developer, env: env).code, 0)
        let other = try CLI.tempDir(self).appendingPathComponent("dev2")
        XCTAssertEqual(try step("git clone -q '\(remote.path)' '\(other.path)'", in: home, env: env).code, 0)
        let log = try step(configured.joined(separator: " && ") + " && git fetch -q && git log -1", in: other, env: env)
        XCTAssertEqual(log.code, 0, log.err)
        XCTAssertTrue(log.out.contains("Notes (axdiff):\n    axdiff: "), log.out)
    }

    func testGitLabGateWritesJUnitAndFailsARegressingMergeRequest() throws {
        let ci = try load("gitlab-ci.yml")
        let gate = try XCTUnwrap(ci["axdiff-gate"] as? [String: Any])
        XCTAssertEqual(gate["extends"] as? String, ".axdiff")
        let script = try XCTUnwrap(gate["script"] as? [String])
        XCTAssertEqual(((gate["artifacts"] as? [String: Any])?["reports"] as? [String: Any])?["junit"] as? String, "axdiff-junit.xml")
        for (branch, exit) in [("drift", Int32(1)), ("wording", Int32(0))] {
            let (_, clone, home) = try remoteAndClone(at: branch)
            let env = environment(home, ["CI_MERGE_REQUEST_TARGET_BRANCH_NAME": "main"])
            let r = try step(script.joined(separator: "\n"), in: clone, env: env)
            XCTAssertEqual(r.code, exit, "\(branch): \(r.err)")
            // GitLab reads the report with a JUnit parser; junitparser is one.
            let parsed = try CLI.run(["python3", "-c", """
                import sys, junitparser
                xml = junitparser.JUnitXml.fromfile(sys.argv[1])
                suites = list(xml) if hasattr(xml, '__iter__') else [xml]
                print(sum(1 for s in suites for c in s for r in c.result if isinstance(r, (junitparser.Failure, junitparser.Error))))
                """, clone.appendingPathComponent("axdiff-junit.xml").path], executable: URL(fileURLWithPath: "/usr/bin/env"))
            XCTAssertEqual(parsed.code, 0, parsed.err)
            XCTAssertEqual(parsed.out, branch == "drift" ? "1\n" : "0\n", "\(branch): failing test cases")
        }
        let notes = try XCTUnwrap((ci["axdiff-notes"] as? [String: Any])?["script"] as? [String])
        let (remote, clone, home) = try remoteAndClone(at: "main")
        let r = try step(notes.joined(separator: "\n"), in: clone, env: environment(home, [:]))
        XCTAssertEqual(r.code, 0, r.err)
        XCTAssertNoThrow(try remote.git(["notes", "--ref=axdiff", "show", "main"]))
    }
}
