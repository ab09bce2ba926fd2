import AXReport
import AXTestSupport
import Foundation
import XCTest

/// `Report.all` is the one list of report formats: every command that takes
/// `--format FORMAT` offers exactly its names, in its order, in the help, the
/// bash and zsh completions, the man page and the error for an unknown name.
final class ReportListTests: XCTestCase {
    func testTheCommandLineOffersExactlyReportAll() throws {
        let names = Report.all.map(\.name)
        XCTAssertEqual(names, ["text", "markdown", "json", "sarif", "junit", "svg"])
        XCTAssertEqual(Set(names).count, names.count, "two reports share a name")
        let commands = ["check", "diff", "lint", "show"]
        let bash = try CLI.run(["completion", "bash"]).out
        let zsh = try CLI.run(["completion", "zsh"]).out
        let man = try CLI.run(["manpage"]).out
        for command in commands {
            let help = try CLI.run([command, "--help"]).out
            let line = try XCTUnwrap(help.split(separator: "\n").first { $0.hasPrefix("  --format FORMAT") }, command)
            XCTAssertTrue(line.contains("report format: " + Report.helpList + " (default: text)"), "\(command): \(line)")
            let completed = try XCTUnwrap(bash.split(separator: "\n").first { $0.contains("\"\(command) --format\")") }, command)
            XCTAssertTrue(completed.contains("compgen -W \"\(names.joined(separator: " "))\""), "\(command): \(completed)")
            let unknown = try CLI.run([command, "--format", "zz"], cwd: try CLI.tempDir(self))
            XCTAssertEqual(unknown.code, 2, command)
            XCTAssertTrue(unknown.err.contains("--format expects one of \(names.joined(separator: ", ")), not 'zz'"), "\(command): \(unknown.err)")
        }
        // zsh: one spec per command with --format, each listing the names.
        XCTAssertEqual(zsh.components(separatedBy: ":FORMAT:(\(names.joined(separator: " ")))").count - 1, commands.count, zsh)
        XCTAssertTrue(man.contains(Report.helpList.replacingOccurrences(of: "-", with: "\\-")), "the man page lists the formats")
        XCTAssertEqual(Report.helpList, "text, markdown, json, sarif, junit or svg (the changed screens' wireframes)")
    }
}
