import AXSnapshot
import Foundation
import XCTest
import AXTestSupport

/// Help, usage and suggestions as a user meets them. The options a command
/// accepts are declared once; its --help, the completion script and the man
/// page are derived from that declaration, so they must agree, and every
/// option the help lists must be one the parser accepts.
final class HelpTests: XCTestCase {
    func commandNames() throws -> [String] {
        let help = try CLI.run(["help"]).out
        return help.components(separatedBy: "Commands:\n")[1].components(separatedBy: "\n\n")[0]
            .split(separator: "\n").compactMap { $0.split(separator: " ").first }.map(String.init)
    }

    /// `--name` of each line of the help's Options section.
    func helpOptions(_ help: String) -> [String] {
        let section = help.components(separatedBy: "\nOptions:\n")[1].components(separatedBy: "\n\n")[0]
        return section.split(separator: "\n").compactMap { line in
            line.split(separator: " ").first { $0.hasPrefix("--") }.map { String($0.split(separator: ",")[0]) }
        }
    }

    func testEveryCommandsHelpListsWhatItsParserAcceptsAndAgreesWithCompletionAndManPage() throws {
        let names = try commandNames()
        XCTAssertEqual(names.count, 16)
        let bash = try CLI.run(["completion", "bash"]).out
        let man = try CLI.run(["manpage"]).out
        for name in names {
            let help = try CLI.run([name, "--help"])
            XCTAssertEqual(help.code, 0, name)
            XCTAssertEqual(try CLI.run(["help", name]).out, help.out, "axdiff help \(name) differs from \(name) --help")
            XCTAssertTrue(help.out.hasPrefix("axdiff \(name): "), help.out)
            XCTAssertTrue(help.out.contains("\nExample"), "\(name)'s help ends with no example")
            let options = helpOptions(help.out)
            XCTAssertEqual(options.last, "--help", name)
            let declared = options.dropLast()
            // The completion script lists the declaration: the same options, in order.
            let line = try XCTUnwrap(bash.split(separator: "\n").first { $0.hasPrefix("        \(name)) opts=") }, name)
            let completed = line.components(separatedBy: "opts=\"")[1].components(separatedBy: "\"")[0].split(separator: " ").map(String.init)
            XCTAssertEqual(completed, Array(declared) + ["--help"], name)
            // The usage line names each one, and so does the man page.
            let usage = help.out.split(separator: "\n").first { $0.hasPrefix("Usage: ") } ?? ""
            for option in declared {
                XCTAssertTrue(usage.contains(" \(option)") || usage.contains("[\(option)"), "\(name): usage lacks \(option)")
                XCTAssertTrue(man.contains(".B \\-\\-" + option.dropFirst(2).replacingOccurrences(of: "-", with: "\\-")), "\(name): man page lacks \(option)")
                // The parser accepts it: whatever else goes wrong, it is not an unknown option.
                let r = try CLI.run([name, option, "x", "--zz-not-an-option"], cwd: try CLI.tempDir(self), timeout: 30)
                XCTAssertFalse(r.err.contains("unknown option '\(option)'"), "\(name) \(option): \(r.err)")
            }
            // And refuses what is not declared, naming it.
            let unknown = try CLI.run([name, "--zz-not-an-option"])
            XCTAssertEqual(unknown.code, 2, name)
            XCTAssertTrue(unknown.err.hasPrefix("axdiff: unknown option '--zz-not-an-option'"), unknown.err)
        }
    }

    /// The formats `speak` names are the registered readers', in their order.
    func testSpeakHelpNamesEveryRegisteredFormat() throws {
        let help = try CLI.run(["speak", "--help"])
        XCTAssertEqual(help.code, 0)
        let names = SnapshotReader.formatNames
        XCTAssertEqual(names.count, 4)
        XCTAssertTrue(help.out.contains("a snapshot (\(names.joined(separator: ", ")))"), help.out)
    }

    func testHelpShowsDefaultsAndExamples() throws {
        let diff = try CLI.run(["help", "diff"]).out
        XCTAssertTrue(diff.contains("--format FORMAT") && diff.contains("(default: text)"), diff)
        let watch = try CLI.run(["watch", "--help"]).out
        XCTAssertTrue(watch.contains("--poll SECONDS") && watch.contains("(default: 30)"), watch)
        XCTAssertTrue(watch.contains("--log-format FORMAT"), watch)
        XCTAssertTrue(watch.hasSuffix("axdiff watch --once --html site\n"), watch)
    }

    /// `axdiff help KIND` says what the kind's rule says, for every kind.
    func testHelpExplainsEveryChangeKind() throws {
        let lost = try CLI.run(["help", "label.lost"])
        XCTAssertEqual(lost.code, 0)
        let lines = lost.out.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        XCTAssertEqual(Array(lines.prefix(4)), ["label.lost: A stop's meaningful label became empty or meaningless.", "",
                                                "Default severity: error",
                                                "WCAG 2.2: 4.1.2 Name, Role, Value (Level A); 1.1.1 Non-text Content (Level A)"])
        XCTAssertTrue(lines.allSatisfy { $0.count <= 78 || !$0.contains(" ") }, lost.out)
        XCTAssertTrue(lost.out.contains("an asset or file name, or an SF Symbol name"), lost.out)
        XCTAssertEqual(try CLI.run(["help", "role.changed"]).out.split(separator: "\n")[1], "Default severity: error or warning")
        let kinds = try CLI.run(["help", "help"]).out
        XCTAssertTrue(kinds.contains("axdiff help label.lost"), kinds)
        let unknown = try CLI.run(["help", "label.lots"])
        XCTAssertEqual(unknown.code, 2)
        XCTAssertTrue(unknown.err.contains("unknown command or change kind 'label.lots'; did you mean 'label.lost'?"), unknown.err)
    }

    func testMistakesSuggestTheNearestName() throws {
        let cases: [([String], String)] = [
            (["dif"], "axdiff: unknown command 'dif'; did you mean 'diff'?"),
            (["backfil"], "did you mean 'backfill'?"),
            (["help", "chek"], "did you mean 'check'?"),
            (["diff", "--formt", "json", "a", "b"], "axdiff: unknown option '--formt'; did you mean '--format'?"),
            (["watch", "--onse"], "did you mean '--once'?"),
            (["check", "--format", "sarfi"], "--format expects one of text, markdown, json, sarif, junit, svg, not 'sarfi'; did you mean 'sarif'?"),
            (["hooks", "instal"], "did you mean 'install'?"),
        ]
        for (args, expected) in cases {
            let r = try CLI.run(args)
            XCTAssertEqual(r.code, 2, "\(args)")
            XCTAssertTrue(r.err.contains(expected), "\(args): \(r.err)")
            XCTAssertTrue(r.err.hasPrefix("axdiff: "), "\(args): every diagnostic starts the same way: \(r.err)")
        }
        // Nothing close: no guess.
        let far = try CLI.run(["xyzzy"])
        XCTAssertFalse(far.err.contains("did you mean"), far.err)
    }

    func testAMistypedConfigurationKeySuggestsTheKnownOne() throws {
        let dir = try CLI.tempDir(self)
        let config = dir.appendingPathComponent("axdiff.json")
        try CLI.write(#"{"$schema": "../Config/axdiff.schema.json", "failon": "warning"}"#, to: config)
        let snapshot = dir.appendingPathComponent("a.json")
        try CLI.write(screenJSON("A", [("button", "OK")]), to: snapshot)
        let r = try CLI.run(["diff", "--config", config.path, snapshot.path, snapshot.path])
        XCTAssertEqual(r.code, 2)
        XCTAssertTrue(r.err.contains(#"unknown key "failon"; did you mean "failOn"?"#), r.err)
        try CLI.write(#"{"$schema": "../Config/axdiff.schema.json", "failOn": "warning"}"#, to: config)
        XCTAssertEqual(try CLI.run(["diff", "--config", config.path, snapshot.path, snapshot.path]).code, 0, "$schema is accepted")
    }

    func testMessagesSayWhatIsWrong() throws {
        let poll = try CLI.run(["watch", "--poll", "0"])
        XCTAssertTrue(poll.err.hasPrefix("axdiff: --poll expects a number of seconds greater than 0 and at most 86400\n"), poll.err)

        let missing = try CLI.run(["show", "--repo", "/nonexistent/axdiff-repo"])
        XCTAssertEqual(missing.err, "axdiff: /nonexistent/axdiff-repo: does not exist\n")
        let plain = try CLI.tempDir(self)
        XCTAssertTrue(try CLI.run(["log", "--repo", plain.path]).err.contains("is not a git repository"))

        let empty = try GitFixture(self)
        for command in ["show", "log", "check"] {
            let r = try CLI.run([command, "--repo", empty.path])
            XCTAssertEqual(r.code, 2, command)
            XCTAssertEqual(r.err, "axdiff: \(empty.path): no commits yet\n", command)
        }
        try empty.commit("First", ["Snapshots/A.json": screenJSON("A", [("button", "OK")])])
        let unknown = try CLI.run(["show", "--repo", empty.path, "nonexistent"])
        XCTAssertEqual(unknown.err.components(separatedBy: "unknown revision").count - 1, 1, unknown.err)

        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let notAStory = try CLI.run(["demo", "--examples", root.appendingPathComponent("Config/examples/pairs").path, "--into", try CLI.tempDir(self).path + "/d"])
        XCTAssertEqual(notAStory.code, 2)
        XCTAssertTrue(notAStory.err.contains("not a story") && notAStory.err.contains("has no commit.txt"), notAStory.err)
        let parent = try CLI.run(["demo", "--examples", root.appendingPathComponent("Config/examples").path, "--into", try CLI.tempDir(self).path + "/d"])
        XCTAssertEqual(parent.code, 0, parent.err)
        XCTAssertTrue(parent.out.contains("with 6 commits"), "Config/examples stands for its story: \(parent.out)")
    }
}
