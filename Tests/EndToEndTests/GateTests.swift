import Foundation
import XCTest
import AXTestSupport

/// `axdiff check`, the `Axdiff-Accept` trailer and the git hooks, run as a user
/// runs them: the built binary, real repositories, a bare remote.
final class GateEndToEndTests: XCTestCase {
    let acceptCommit = ("Accept the new checkout order\n\nAxdiff-Accept: order.regressed Checkout", [String: String]())

    // MARK: - Hooks

    func testPrePushRejectsARegressedBranchAndSaysHowToAccept() throws {
        let setup = try GateRemote(self)
        try setup.installHooks(in: setup.local)
        try setup.branch("feature", [("Retry first", ["Snapshots/Checkout.json": GateRemote.drifted])])
        let r = try setup.push(["origin", "feature"])
        XCTAssertNotEqual(r.code, 0)
        XCTAssertTrue(r.err.contains("axdiff: refusing to push refs/heads/feature to refs/heads/feature on origin"), r.err)
        assertNamesTheRegression(r.err)
        XCTAssertFalse(r.err.contains("remote: "), "rejected before anything was sent: \(r.err)")
        XCTAssertNil(setup.remoteRef("refs/heads/feature"))
    }

    func testPreReceiveRejectsARegressedBranchInQuarantine() throws {
        let setup = try GateRemote(self)
        try setup.installHooks(in: setup.remote)
        try setup.branch("feature", [("Retry first", ["Snapshots/Checkout.json": GateRemote.drifted])])
        let r = try setup.push(["origin", "feature"])
        XCTAssertNotEqual(r.code, 0)
        XCTAssertTrue(r.err.contains("remote: axdiff: rejecting refs/heads/feature: what a screen reader says regressed"), r.err)
        XCTAssertTrue(r.err.contains("pre-receive hook declined"), r.err)
        assertNamesTheRegression(r.err)
        XCTAssertNil(setup.remoteRef("refs/heads/feature"))
        // The quarantined objects were dropped and no note was written.
        XCTAssertNil(setup.remoteRef("refs/notes/axdiff"))
    }

    /// A regression pushed as a new root — over an existing branch (an orphan force-push) or
    /// as a new branch — shares no history with anything: it is compared with the ref's old
    /// tip, or with the base branch's tip, never with nothing.
    func testPreReceiveRejectsARegressionPushedAsANewRoot() throws {
        let setup = try GateRemote(self)
        try setup.installHooks(in: setup.remote)
        let before = setup.remoteRef("refs/heads/main")
        try setup.local.git(["checkout", "-q", "--orphan", "root"])
        let plainText = screenJSON("Checkout", [("text", "Payment failed"), ("textField", "Card number"), ("text", "Try again"), ("button", "Support")])
        try setup.local.commit("New root", ["Snapshots/Checkout.json": plainText])
        for (target, ref) in [("main", "refs/heads/main"), ("island", "refs/heads/island")] {
            let r = try setup.push(["--force", "origin", "root:\(target)"])
            XCTAssertNotEqual(r.code, 0, r.err)
            XCTAssertTrue(r.err.contains("remote: axdiff: rejecting \(ref): what a screen reader says regressed"), r.err)
            XCTAssertTrue(r.err.contains("role.changed"), r.err)
            XCTAssertTrue(r.err.contains("\"Try again\" changed from button to text"), r.err)
        }
        XCTAssertEqual(setup.remoteRef("refs/heads/main"), before)
        XCTAssertNil(setup.remoteRef("refs/heads/island"))
    }

    func testAServerConfigurationStopsABranchFromRelaxingItsOwnGate() throws {
        let setup = try GateRemote(self)
        try setup.installHooks(in: setup.remote)
        try setup.branch("feature", [("Relax and drift", [".axdiff.json": #"{"failOn": "off"}"#, "Snapshots/Checkout.json": GateRemote.drifted])])
        let serverConfig = setup.remote.url.appendingPathComponent("axdiff-server.json")
        try CLI.write(#"{"failOn": "error"}"#, to: serverConfig)
        var env = GateRemote.hookEnvironment
        env["AXDIFF_CONFIG"] = serverConfig.path
        let r = try CLI.run(["-C", setup.local.path, "push", "origin", "feature"], env: env, executable: URL(fileURLWithPath: "/usr/bin/git"))
        XCTAssertNotEqual(r.code, 0, r.err)
        XCTAssertTrue(r.err.contains("order.regressed"), r.err)
        XCTAssertNil(setup.remoteRef("refs/heads/feature"))
        // Without the server's configuration the branch's own relaxed policy applies.
        XCTAssertEqual(try setup.push(["origin", "feature"]).code, 0)
    }

    func testAnAcceptTrailerLetsTheBranchThroughBothHooks() throws {
        let setup = try GateRemote(self)
        try setup.installHooks(in: setup.local)
        try setup.installHooks(in: setup.remote)
        let head = try setup.branch("feature", [("Retry first", ["Snapshots/Checkout.json": GateRemote.drifted]), acceptCommit])
        let r = try setup.push(["origin", "feature"])
        XCTAssertEqual(r.code, 0, r.err)
        XCTAssertTrue(r.err.contains("axdiff: refs/heads/feature passed the accessibility check"), r.err)
        XCTAssertEqual(setup.remoteRef("refs/heads/feature"), head)
        // An update checks what it adds to the remote branch; a deletion is not checked.
        let more = try setup.local.commit("Rename", ["Snapshots/Checkout.json": GateRemote.drifted.replacingOccurrences(of: "Support", with: "Help")])
        XCTAssertEqual(try setup.push(["origin", "feature"]).code, 0)
        XCTAssertEqual(setup.remoteRef("refs/heads/feature"), more)
        let delete = try setup.push(["origin", ":feature"])
        XCTAssertEqual(delete.code, 0, delete.err)
        XCTAssertNil(setup.remoteRef("refs/heads/feature"))
    }

    func testBenignChangesPassBothHooksAndPostReceiveAnnotates() throws {
        let setup = try GateRemote(self)
        try setup.installHooks(in: setup.local)
        try setup.installHooks(in: setup.remote)
        let head = try setup.branch("copy-edit", [("Friendlier retry", ["Snapshots/Checkout.json": GateRemote.renamed])])
        let r = try setup.push(["origin", "copy-edit"])
        XCTAssertEqual(r.code, 0, r.err)
        XCTAssertEqual(setup.remoteRef("refs/heads/copy-edit"), head)
        // post-receive starts a detached backfill on the server.
        let note = setup.remote.waitForNote(head)
        XCTAssertNotNil(note, (try? String(contentsOfFile: setup.remote.path + "/axdiff-post-receive.log", encoding: .utf8)) ?? "no log")
        XCTAssertTrue(note?.contains("label.changed") ?? false, note ?? "")
    }

    func testRefNamesAreDataInBothHooks() throws {
        let setup = try GateRemote(self)
        try setup.installHooks(in: setup.local)
        try setup.installHooks(in: setup.remote)
        let name = "topic/it's-\"quoted\"-$(touch${IFS}pwned)-`touch${IFS}pwned2`-café-🚀;|&<>%s"
        try setup.local.git(["check-ref-format", "refs/heads/" + name])
        try setup.branch(name, [("Retry first", ["Snapshots/Checkout.json": GateRemote.drifted])])

        let local = try setup.push(["origin", name])
        XCTAssertNotEqual(local.code, 0)
        XCTAssertTrue(local.err.contains("refusing to push refs/heads/\(name) to refs/heads/\(name) on origin"), local.err)
        let remote = try setup.push(["--no-verify", "origin", name])
        XCTAssertNotEqual(remote.code, 0)
        XCTAssertTrue(remote.err.contains("remote: axdiff: rejecting refs/heads/\(name): "), remote.err)

        let head = try setup.local.commit(acceptCommit.0)
        let accepted = try setup.push(["origin", name])
        XCTAssertEqual(accepted.code, 0, accepted.err)
        XCTAssertTrue(accepted.err.contains("axdiff: refs/heads/\(name) passed"), accepted.err)
        XCTAssertEqual(setup.remoteRef("refs/heads/" + name), head)
        for directory in [setup.local.path, setup.remote.path, FileManager.default.currentDirectoryPath] {
            for file in ["pwned", "pwned2"] {
                XCTAssertFalse(FileManager.default.fileExists(atPath: directory + "/" + file), "\(directory)/\(file): a ref name was evaluated")
            }
        }
    }

    func testAFirstPushToAnEmptyServerIsNotBlocked() throws {
        let local = try GitFixture(self)
        let remote = try GitFixture(self, bare: true)
        try CLI.run(["hooks", "install", "--repo", remote.path])
        // Label soup from day one: there is no base to be worse than.
        try local.commit("Start", ["Snapshots/Toolbar.json": screenJSON("Toolbar", [("button", "icClose")])])
        let r = try CLI.run(["-C", local.path, "push", remote.path, "main"], env: GateRemote.hookEnvironment,
                            executable: URL(fileURLWithPath: "/usr/bin/git"))
        XCTAssertEqual(r.code, 0, r.err)
    }

    func testHooksFailClosedWithoutAxdiff() throws {
        let setup = try GateRemote(self)
        try setup.installHooks(in: setup.local)
        try setup.branch("feature", [("Rename", ["Snapshots/Checkout.json": GateRemote.renamed])])
        let r = try CLI.run(["-C", setup.local.path, "push", "origin", "feature"], env: ["AXDIFF": "/nonexistent/axdiff"],
                            executable: URL(fileURLWithPath: "/usr/bin/git"))
        XCTAssertNotEqual(r.code, 0)
        XCTAssertTrue(r.err.contains("axdiff pre-push: cannot run /nonexistent/axdiff"), r.err)
    }

    private func assertNamesTheRegression(_ err: String, file: StaticString = #filePath, line: UInt = #line) {
        for expected in [
            "Checkout (Snapshots/Checkout.json)",
            "order.regressed  \"Try again\" is now read before \"Payment failed\"",
            "after:  Try again › Payment failed › Card number › Support",
            "add a commit with the trailer `Axdiff-Accept: order.regressed Checkout#Try again`",
        ] {
            XCTAssertTrue(err.contains(expected), "missing \(expected) in:\n\(err)", file: file, line: line)
        }
    }

    // MARK: - check

    /// A repository on `feature` with `files` committed over main's Checkout.
    private func repository(_ commits: [(String, [String: String])]) throws -> GitFixture {
        let repo = try GitFixture(self)
        try repo.commit("Checkout", ["Snapshots/Checkout.json": GateRemote.checkout])
        try repo.git(["checkout", "-q", "-b", "feature"])
        for (message, files) in commits { try repo.commit(message, files) }
        return repo
    }

    func testCheckExitCodes() throws {
        let benign = try repository([("Rename", ["Snapshots/Checkout.json": GateRemote.renamed])])
        let pass = try CLI.run(["check", "--repo", benign.path])
        XCTAssertEqual(pass.code, 0, pass.err)
        XCTAssertTrue(pass.out.contains("check passed: no change at error or above is left unaccepted"), pass.out)
        XCTAssertEqual(pass.err, "")

        let drift = try repository([("Retry first", ["Snapshots/Checkout.json": GateRemote.drifted])])
        let fail = try CLI.run(["check", "--repo", drift.path])
        XCTAssertEqual(fail.code, 1, fail.err)
        XCTAssertTrue(fail.out.contains("check failed: a change at error or above is not accepted"), fail.out)
        XCTAssertTrue(fail.err.contains("--trailer 'Axdiff-Accept: order.regressed Checkout#Try again'"), fail.err)
        // REV and --base: main against itself has no change; HEAD against its parent has the drift.
        XCTAssertEqual(try CLI.run(["check", "--repo", drift.path, "main"]).code, 0)
        XCTAssertEqual(try CLI.run(["check", "--repo", drift.path, "--base", "HEAD~1", "HEAD"]).code, 1)
        // --from-env opens the repository git's environment names.
        XCTAssertEqual(try CLI.run(["check", "--from-env"], env: ["GIT_DIR": drift.path + "/.git"]).code, 1)

        let twoLines = { (r: CLI.Result) in r.err.split(separator: "\n").count }
        let unknownBase = try CLI.run(["check", "--repo", drift.path, "--base", "no-such-branch"])
        XCTAssertEqual(unknownBase.code, 2)
        XCTAssertEqual(unknownBase.err, "axdiff: unknown base 'no-such-branch': no branch, tag or commit of that name, locally or under refs/remotes/*/\n")
        let badRev = try CLI.run(["check", "--repo", drift.path, "no-such-rev"])
        XCTAssertEqual(badRev.code, 2)
        XCTAssertTrue(badRev.err.hasPrefix("axdiff: unknown revision 'no-such-rev'"), badRev.err)
        XCTAssertEqual(twoLines(badRev), 1)

        try drift.commit("Policy", [".axdiff.json": "{\"failOn\": \"error\",\n \"severty\": {}}\n"])
        let badConfig = try CLI.run(["check", "--repo", drift.path])
        XCTAssertEqual(badConfig.code, 2)
        XCTAssertTrue(badConfig.err.hasPrefix("axdiff: .axdiff.json:2:"), badConfig.err)
        XCTAssertTrue(badConfig.err.contains("unknown key \"severty\""), badConfig.err)
        XCTAssertEqual(twoLines(badConfig), 1)
        XCTAssertEqual(badConfig.out, "")

        let unreadable = try repository([("Truncate", ["Snapshots/Checkout.json": "{\"axsnapshot\": 1, \"elements\": [{\"role\": \"button\""])])
        let bad = try CLI.run(["check", "--repo", unreadable.path])
        XCTAssertEqual(bad.code, 2)
        XCTAssertTrue(bad.out.contains("snapshot.unreadable"), bad.out)
        XCTAssertTrue(bad.err.hasPrefix("axdiff: Snapshots/Checkout.json:"), bad.err)
        XCTAssertEqual(twoLines(bad), 1)

        for args in [["check", "--from-env", "--repo", "."], ["check", "--format", "pdf"], ["check", "a", "b"], ["hooks"], ["hooks", "reinstall"]] {
            let usage = try CLI.run(args, cwd: URL(fileURLWithPath: drift.path))
            XCTAssertEqual(usage.code, 2, "\(args)")
            XCTAssertTrue(usage.err.hasPrefix("axdiff: "), "\(args): \(usage.err)")
        }
        let notARepo = try CLI.run(["check", "--repo", try CLI.tempDir(self).path])
        XCTAssertEqual(notARepo.code, 2)
        XCTAssertEqual(twoLines(notARepo), 1, notARepo.err)
    }

    func testCheckWarnsAboutUnknownKindsAndIgnoresThem() throws {
        let repo = try repository([
            ("Retry first", ["Snapshots/Checkout.json": GateRemote.drifted]),
            ("Accept\n\nAxdiff-Accept: order.regresed Checkout", [:]),
        ])
        let r = try CLI.run(["check", "--repo", repo.path])
        XCTAssertEqual(r.code, 1)
        XCTAssertTrue(r.err.hasPrefix("axdiff: commit "), r.err)
        XCTAssertTrue(r.err.contains("unknown change kind 'order.regresed' (did you mean order.regressed?); ignored"), r.err)
        try repo.commit("Accept, spelt right\n\nAxdiff-Accept: order.regressed Check*")
        let ok = try CLI.run(["check", "--repo", repo.path, "--format", "json"])
        XCTAssertEqual(ok.code, 0, ok.err)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(ok.out.utf8)) as? [String: Any])
        let changes = try XCTUnwrap(object["changes"] as? [[String: Any]])
        XCTAssertEqual(changes.first?["kind"] as? String, "order.regressed")
        XCTAssertEqual(changes.first?["accepted"] as? Bool, true)
    }

    func testSARIFAndJUnitFromCheckParse() throws {
        // CI installs sarif-tools and junitparser (Scripts/setup.sh); only a machine without python3 skips.
        guard (try? CLI.run(["sh", "-c", "command -v python3"], executable: URL(fileURLWithPath: "/usr/bin/env")))?.code == 0 else {
            throw XCTSkip("python3 is not installed")
        }
        let repo = try repository([("Retry first", ["Snapshots/Checkout.json": GateRemote.drifted])])
        let dir = try CLI.tempDir(self)
        let sarif = try CLI.run(["check", "--repo", repo.path, "--format", "sarif"])
        XCTAssertEqual(sarif.code, 1)
        try CLI.write(sarif.out, to: dir.appendingPathComponent("check.sarif"))
        let summary = try CLI.run(["sarif", "summary", dir.appendingPathComponent("check.sarif").path], executable: URL(fileURLWithPath: "/usr/bin/env"))
        XCTAssertEqual(summary.code, 0, summary.err)
        XCTAssertTrue(summary.out.contains("error: 1"), summary.out)
        XCTAssertTrue(summary.out.contains("order.regressed"), summary.out)

        let junitParse = """
        import sys, junitparser
        xml = junitparser.JUnitXml.fromfile(sys.argv[1])
        for suite in xml:
            failed = [c.name for c in suite if any(isinstance(r, junitparser.Failure) for r in c.result)]
            print(suite.name, suite.tests, suite.failures, ",".join(failed))
        """
        let junit = try CLI.run(["check", "--repo", repo.path, "--format", "junit"])
        XCTAssertEqual(junit.code, 1)
        try CLI.write(junit.out, to: dir.appendingPathComponent("check.xml"))
        let parsed = try CLI.run(["python3", "-c", junitParse, dir.appendingPathComponent("check.xml").path], executable: URL(fileURLWithPath: "/usr/bin/env"))
        XCTAssertEqual(parsed.code, 0, parsed.err)
        // One failing test case, named by the kind and the moved stop, in a suite named by the path.
        XCTAssertTrue(parsed.out.hasPrefix("Snapshots/Checkout.json 1 1 order.regressed \""), parsed.out)
        XCTAssertEqual(parsed.out.split(separator: "\n").count, 1, parsed.out)

        try repo.commit(acceptCommit.0)
        let accepted = try CLI.run(["check", "--repo", repo.path, "--format", "junit"])
        XCTAssertEqual(accepted.code, 0)
        try CLI.write(accepted.out, to: dir.appendingPathComponent("accepted.xml"))
        let reparsed = try CLI.run(["python3", "-c", junitParse, dir.appendingPathComponent("accepted.xml").path], executable: URL(fileURLWithPath: "/usr/bin/env"))
        XCTAssertEqual(reparsed.out, "Snapshots/Checkout.json 1 0 \n", reparsed.err)
    }

    // MARK: - hooks install

    /// The package root, from this file's place in it.
    private var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    func testInstalledHooksAreTheFilesInHooksByteForByte() throws {
        let repo = try GitFixture(self)
        let r = try CLI.run(["hooks", "install", "--repo", repo.path])
        XCTAssertEqual(r.code, 0, r.err)
        for name in ["pre-push", "pre-receive", "post-receive"] {
            let installed = repo.path + "/.git/hooks/" + name
            let source = packageRoot.appendingPathComponent("Hooks/" + name).path
            XCTAssertEqual(FileManager.default.contents(atPath: installed), FileManager.default.contents(atPath: source),
                           "\(name): the embedded hook differs from Hooks/\(name); run Hooks/embed.sh")
            XCTAssertTrue(FileManager.default.isExecutableFile(atPath: installed), name)
            XCTAssertTrue(FileManager.default.isExecutableFile(atPath: source), "Hooks/\(name) is not executable")
        }
        let again = try CLI.run(["hooks", "install", "--repo", repo.path])
        XCTAssertEqual(again.code, 0)
        XCTAssertTrue(again.out.contains("up to date"), again.out)
    }

    func testInstallRespectsHooksPathAndRefusesToOverwriteUnlessForced() throws {
        let repo = try GitFixture(self)
        try repo.git(["config", "core.hooksPath", ".githooks"])
        let mine = "#!/bin/sh\necho my own hook\n"
        try CLI.write(mine, to: repo.url.appendingPathComponent(".githooks/pre-push"))

        let refused = try CLI.run(["hooks", "install", "--repo", repo.path])
        XCTAssertEqual(refused.code, 2)
        XCTAssertTrue(refused.err.contains(".githooks/pre-push already exists and differs from axdiff's; pass --force"), refused.err)
        XCTAssertEqual(try String(contentsOfFile: repo.path + "/.githooks/pre-push", encoding: .utf8), mine)
        XCTAssertFalse(FileManager.default.fileExists(atPath: repo.path + "/.githooks/pre-receive"), "nothing is half-installed")
        XCTAssertFalse(FileManager.default.fileExists(atPath: repo.path + "/.git/hooks/pre-push"))

        let forced = try CLI.run(["hooks", "install", "--repo", repo.path, "--force"])
        XCTAssertEqual(forced.code, 0, forced.err)
        XCTAssertTrue(forced.out.contains("replaced"), forced.out)
        XCTAssertEqual(try String(contentsOfFile: repo.path + "/.githooks/pre-push.axdiff-old", encoding: .utf8), mine)
        let installed = FileManager.default.contents(atPath: repo.path + "/.githooks/pre-push")
        XCTAssertEqual(installed, FileManager.default.contents(atPath: packageRoot.appendingPathComponent("Hooks/pre-push").path))
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: repo.path + "/.githooks/post-receive"))
    }
}
