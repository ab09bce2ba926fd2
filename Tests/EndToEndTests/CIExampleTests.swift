import AXTestSupport
import Foundation
import XCTest

/// Config/ci's GitHub Actions workflow and GitLab CI job, run as far as they run
/// here: every `run:` / `script:` line in order, in a clone of a real bare
/// remote, with the variables the host would set and the built axdiff on PATH;
/// the hosts' APIs (`gh`, `curl` to GitLab) are stand-ins that record what they
/// were asked. The install steps run from a release archive "downloaded" from a
/// local file, and from a cached one. Not run: the hosts' own parts — `uses:`
/// actions (checkout, cache, SARIF upload), the `if:`/`rules:` conditions, the
/// container image — and a build from source (InstallScriptTests,
/// ReleaseArchiveTests).
final class CIExampleTests: XCTestCase {
    /// The CI examples end to end (each builds repositories and runs the gate and the notes job): long, so CI runs them.
    override func setUpWithError() throws {
        try XCTSkipUnless(FullTests.enabled, FullTests.reason)
    }

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let good = CIExampleTests.checkout([("text", "Payment failed", 100), ("textField", "Card number", 150), ("button", "Try again", 200)])
    let drifted = CIExampleTests.checkout([("button", "Try again", 200), ("text", "Payment failed", 100), ("textField", "Card number", 150)])

    /// The checkout screen with each stop's frame (its top given), so that the jobs draw wireframes.
    static func checkout(_ stops: [(role: String, label: String, y: Int)]) -> String {
        let elements = stops.map { #"{"role": "\#($0.role)", "label": "\#($0.label)", "frame": [16, \#($0.y), 358, 44]}"# }
        return "{\"axsnapshot\": 1, \"screen\": \"Checkout\", \"elements\": [\n  " + elements.joined(separator: ",\n  ") + "\n]}\n"
    }

    /// The job's wireframes folder holds one picture, of the checkout, and the report beside it links it once.
    func assertOneLinkedWireframe(in clone: URL, _ what: String) throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: clone.appendingPathComponent("wireframes").path)
        XCTAssertEqual(files.count, 1, "\(what): \(files)")
        let file = try XCTUnwrap(files.first)
        XCTAssertTrue(file.hasPrefix("snapshots-checkout-json-") && file.hasSuffix(".svg"), file)
        let svg = try String(contentsOf: clone.appendingPathComponent("wireframes/" + file), encoding: .utf8)
        XCTAssertTrue(svg.hasPrefix("<svg ") && svg.hasSuffix("</svg>\n"), what)
        let report = try String(contentsOf: clone.appendingPathComponent("axdiff-report.md"), encoding: .utf8)
        XCTAssertEqual(report.components(separatedBy: "[wireframe](").count - 1, 1, report)
        XCTAssertTrue(report.contains("[wireframe](wireframes/\(file))"), report)
    }

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

    /// The `run:` steps of a GitHub job, without the steps that find and install axdiff (unless `install`).
    func githubSteps(_ job: String, install: Bool = false) throws -> [(name: String, run: String)] {
        let jobs = try XCTUnwrap(try load("github-actions.yml")["jobs"] as? [String: Any])
        let steps = try XCTUnwrap((jobs[job] as? [String: Any])?["steps"] as? [[String: Any]])
        return steps.compactMap { s in
            guard let run = s["run"] as? String, let name = s["name"] as? String,
                  install || (name != "Install axdiff" && name != "Resolve axdiff") else { return nil }
            return (name, run)
        }
    }

    /// A stand-in for GitHub's `gh api`: lists the comments (the one it holds, once
    /// posted), and records each POST and PATCH with the body it was sent.
    func fakeGh(_ dir: URL) throws -> URL {
        let bin = dir.appendingPathComponent("fake-bin")
        try CLI.write("""
            #!/bin/bash
            state='\(dir.path)'
            body=""
            for a in "$@"; do case "$a" in body=@*) body="${a#body=@}" ;; esac; done
            case " $* " in
              *" -X POST "*) echo "POST $4" >> "$state/calls"; cp "$body" "$state/comment"; echo 4242 > "$state/id" ;;
              *" -X PATCH "*) echo "PATCH $4" >> "$state/calls"; cp "$body" "$state/comment" ;;
              *) echo "GET $2" >> "$state/calls"; [ ! -f "$state/id" ] || cat "$state/id" ;;
            esac
            """, to: bin.appendingPathComponent("gh"))
        _ = try CLI.run(["+x", bin.appendingPathComponent("gh").path], executable: URL(fileURLWithPath: "/bin/chmod"))
        return bin
    }

    func testGitHubGateFailsARegressingPullRequestAndWritesSARIF() throws {
        let steps = try githubSteps("gate")
        XCTAssertEqual(steps.map(\.name), ["Trust the checkout", "Accessibility report for code scanning", "Pull-request comment", "Wireframes", "Gate"])
        for (branch, gateExit) in [("drift", Int32(1)), ("wording", Int32(0))] {
            let (_, clone, home) = try remoteAndClone(at: branch)
            let gh = try fakeGh(home)
            var env = environment(home, ["GITHUB_BASE_REF": "main", "GITHUB_WORKSPACE": clone.path, "GITHUB_REPOSITORY": "shop/app",
                                         "PR_NUMBER": "7", "GH_TOKEN": "token"])
            env["PATH"] = gh.path + ":" + (env["PATH"] ?? "")
            let results = try steps.map { try step($0.run, in: clone, env: env) }
            XCTAssertEqual(results.map(\.code), [0, 0, 0, 0, gateExit], "\(branch): \(results.map(\.err))")
            // A moved stop or a changed label: the checkout's wireframe, linked from the report the artifact carries.
            try assertOneLinkedWireframe(in: clone, branch)
            // A second push updates the one comment rather than adding another.
            XCTAssertEqual(try step(steps[2].run, in: clone, env: env).code, 0)
            XCTAssertEqual(try String(contentsOf: home.appendingPathComponent("calls"), encoding: .utf8), """
                GET repos/shop/app/issues/7/comments
                POST repos/shop/app/issues/7/comments
                GET repos/shop/app/issues/7/comments
                PATCH repos/shop/app/issues/comments/4242

                """)
            let comment = try String(contentsOf: home.appendingPathComponent("comment"), encoding: .utf8)
            XCTAssertTrue(comment.hasPrefix("<!-- axdiff -->\n"), comment)
            XCTAssertEqual(comment.contains("order.regressed"), branch == "drift", comment)
            let sarif = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: clone.appendingPathComponent("axdiff.sarif"))) as? [String: Any])
            XCTAssertEqual(sarif["version"] as? String, "2.1.0")
            let run = try XCTUnwrap((sarif["runs"] as? [[String: Any]])?.first)
            let errors = (run["results"] as? [[String: Any]] ?? []).filter { ($0["level"] as? String) == "error" }
            XCTAssertEqual(errors.count, branch == "drift" ? 1 : 0, "\(branch): \(run["results"] ?? [])")
            if branch == "drift" { XCTAssertTrue(results[4].out.contains("order.regressed"), results[4].out) }
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
        XCTAssertEqual((gate["artifacts"] as? [String: Any])?["paths"] as? [String], ["axdiff-report.md", "wireframes/"])
        for (branch, exit) in [("drift", Int32(1)), ("wording", Int32(0))] {
            let (_, clone, home) = try remoteAndClone(at: branch)
            let env = environment(home, ["CI_MERGE_REQUEST_TARGET_BRANCH_NAME": "main"])
            let r = try step(script.joined(separator: "\n"), in: clone, env: env)
            XCTAssertEqual(r.code, exit, "\(branch): \(r.err)")
            try assertOneLinkedWireframe(in: clone, branch)
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

    /// A stand-in for curl against GitLab's notes API: lists the merge request's
    /// notes (the one it holds, once posted, after a reviewer's), records each call.
    func fakeCurl(_ dir: URL) throws -> URL {
        let bin = dir.appendingPathComponent("fake-bin")
        try CLI.write("""
            #!/bin/bash
            state='\(dir.path)'
            method=GET; body=""; url=""
            while [ $# -gt 0 ]; do
              case "$1" in
                -X) method="$2"; shift 2 ;;
                --header) shift 2 ;;
                --data-urlencode) body="${2#body@}"; shift 2 ;;
                -*) shift ;;
                *) url="$1"; shift ;;
              esac
            done
            echo "$method $url" >> "$state/calls"
            case "$method" in
              POST) cp "$body" "$state/note"; echo '{"id": 99}' ;;
              PUT) cp "$body" "$state/note"; echo '{}' ;;
              *) if [ -f "$state/note" ]; then echo '[{"id": 5, "body": "LGTM"}, {"id": 99, "body": "<!-- axdiff -->\\nold"}]'; else echo '[]'; fi ;;
            esac
            """, to: bin.appendingPathComponent("curl"))
        _ = try CLI.run(["+x", bin.appendingPathComponent("curl").path], executable: URL(fileURLWithPath: "/bin/chmod"))
        return bin
    }

    func testGitLabMergeRequestNoteIsPostedOnceThenUpdated() throws {
        let script = try XCTUnwrap((try load("gitlab-ci.yml")["axdiff-gate"] as? [String: Any])?["script"] as? [String])
        let (_, clone, home) = try remoteAndClone(at: "drift")
        let curl = try fakeCurl(home)
        var env = environment(home, ["CI_MERGE_REQUEST_TARGET_BRANCH_NAME": "main", "AXDIFF_API_TOKEN": "token",
                                     "CI_API_V4_URL": "https://gitlab.example/api/v4", "CI_PROJECT_ID": "3", "CI_MERGE_REQUEST_IID": "12"])
        env["PATH"] = curl.path + ":" + (env["PATH"] ?? "")
        for _ in 0..<2 { XCTAssertEqual(try step(script.joined(separator: "\n"), in: clone, env: env).code, 1, "the gate still fails") }
        let notes = "https://gitlab.example/api/v4/projects/3/merge_requests/12/notes"
        XCTAssertEqual(try String(contentsOf: home.appendingPathComponent("calls"), encoding: .utf8),
                       "GET \(notes)?per_page=100&sort=asc\nPOST \(notes)\nGET \(notes)?per_page=100&sort=asc\nPUT \(notes)/99\n")
        let note = try String(contentsOf: home.appendingPathComponent("note"), encoding: .utf8)
        XCTAssertTrue(note.hasPrefix("<!-- axdiff -->\n") && note.contains("order.regressed"), note)
    }

    /// A cold runner: the pinned archive "downloaded" (from a local file), checked
    /// against its checksum, unpacked, and the gate run with nothing else on PATH.
    func testGitHubJobFromAPinnedArchiveOnAColdRunner() throws {
        let archive = try ReleaseArchiveTests.archive()
        let name = archive.lastPathComponent
        let sha = String(try String(contentsOf: URL(fileURLWithPath: archive.path + ".sha256"), encoding: .utf8).prefix(64))
        let releases = try CLI.tempDir(self)
        try FileManager.default.createDirectory(at: releases.appendingPathComponent("v0.1.0"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: archive, to: releases.appendingPathComponent("v0.1.0/" + name))
        let all = try githubSteps("gate", install: true)
        let install = try XCTUnwrap(all.first { $0.name == "Install axdiff" })
        let gate = try githubSteps("gate")

        func job(sha256: String, version: String = "0.1.0", home: URL? = nil) throws -> (install: CLI.Result, bin: String, clone: URL, home: URL) {
            let (_, clone, fresh) = try remoteAndClone(at: "drift")
            let home = home ?? fresh
            let runner = try CLI.tempDir(self)
            let githubPath = runner.appendingPathComponent("github_path")
            try CLI.write("", to: githubPath)
            var env = environment(home, ["AXDIFF_VERSION": version, "AXDIFF_SHA256": sha256, "AXDIFF_RELEASES": "file://" + releases.path,
                                         "AXDIFF_GIT": "https://example.invalid/axdiff.git", "AXDIFF_REF": "main",
                                         "RUNNER_TEMP": runner.path, "GITHUB_PATH": githubPath.path])
            env["PATH"] = "/usr/bin:/bin"
            let r = try step(install.run, in: clone, env: env)
            let bin = try String(contentsOf: githubPath, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
            return (r, bin, clone, home)
        }

        let started = Date()
        let cold = try job(sha256: sha)
        XCTAssertEqual(cold.install.code, 0, cold.install.err)
        XCTAssertTrue(cold.bin.hasSuffix("/bin") && FileManager.default.isExecutableFile(atPath: cold.bin + "/axdiff"), cold.bin)
        let gh = try fakeGh(cold.home)
        var env = environment(cold.home, ["GITHUB_BASE_REF": "main", "GITHUB_WORKSPACE": cold.clone.path, "GITHUB_REPOSITORY": "shop/app",
                                          "PR_NUMBER": "7", "GH_TOKEN": "token"])
        env["PATH"] = [gh.path, cold.bin, "/usr/bin", "/bin"].joined(separator: ":")
        let results = try gate.map { try step($0.run, in: cold.clone, env: env) }
        XCTAssertEqual(results.map(\.code), [0, 0, 0, 0, 1], "\(results.map(\.err))")
        print(String(format: "CI job on a cold runner with the archive (download from a local file): %.1f s", Date().timeIntervalSince(started)))

        // A checksum that does not match installs nothing.
        let tampered = try job(sha256: String(repeating: "0", count: 64))
        XCTAssertNotEqual(tampered.install.code, 0)
        XCTAssertEqual(tampered.bin, "")

        // Built from source once: a later job finds the cached archive and only unpacks it (no clone, no build).
        let cached = cold.home.appendingPathComponent(".cache/axdiff")
        try FileManager.default.removeItem(at: cached)
        try FileManager.default.createDirectory(at: cached, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: archive, to: cached.appendingPathComponent(name))
        let warm = try job(sha256: "", version: "", home: cold.home)
        XCTAssertEqual(warm.install.code, 0, warm.install.err)
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: warm.bin + "/axdiff"), warm.bin)
    }

    func testGitLabJobFromAPinnedArchive() throws {
        let archive = try ReleaseArchiveTests.archive()
        let sha = String(try String(contentsOf: URL(fileURLWithPath: archive.path + ".sha256"), encoding: .utf8).prefix(64))
        let releases = try CLI.tempDir(self)
        try FileManager.default.createDirectory(at: releases.appendingPathComponent("v0.1.0"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: archive, to: releases.appendingPathComponent("v0.1.0/" + archive.lastPathComponent))
        let template = try XCTUnwrap(try load("gitlab-ci.yml")[".axdiff"] as? [String: Any])
        let before = try XCTUnwrap(template["before_script"] as? [String])
        let script = try XCTUnwrap((try load("gitlab-ci.yml")["axdiff-gate"] as? [String: Any])?["script"] as? [String])
        let (_, clone, home) = try remoteAndClone(at: "drift")
        var env = environment(home, ["CI_MERGE_REQUEST_TARGET_BRANCH_NAME": "main", "CI_PROJECT_DIR": clone.path, "AXDIFF_VERSION": "0.1.0",
                                     "AXDIFF_SHA256": sha, "AXDIFF_RELEASES": "file://" + releases.path])
        env["PATH"] = "/usr/bin:/bin"
        let r = try step((before + script).joined(separator: "\n"), in: clone, env: env)
        XCTAssertEqual(r.code, 1, "the gate fails the regressing merge request: \(r.err)")
        XCTAssertTrue(r.out.contains("order.regressed"), r.out)
        XCTAssertTrue(FileManager.default.fileExists(atPath: clone.appendingPathComponent("axdiff-junit.xml").path))
    }
}
