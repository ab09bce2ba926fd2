import Foundation
import XCTest

/// An installed axdiff run by name from `PATH` (its `argv[0]` a bare `axdiff`)
/// finds its story in `PREFIX/share/axdiff/examples/story`, from any directory.
final class DemoInstalledTests: XCTestCase {
    func testDemoRunFromPathFindsTheStoryBesideTheBinary() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let prefix = try CLI.tempDir(self).appendingPathComponent("prefix")
        let bin = prefix.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        // A copy, not a link: a link would lead back to the checkout's own story.
        try FileManager.default.copyItem(at: CLI.binary, to: bin.appendingPathComponent("axdiff"))
        let share = prefix.appendingPathComponent("share/axdiff/examples")
        try FileManager.default.createDirectory(at: share, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: root.appendingPathComponent("Config/examples/story"), to: share.appendingPathComponent("story"))

        let into = try CLI.tempDir(self).appendingPathComponent("demo")
        let sh = URL(fileURLWithPath: "/bin/sh")
        let run = try CLI.run(["-c", "cd / && exec axdiff demo --into \"$0\"", into.path], env: ["PATH": bin.path + ":/usr/bin:/bin"],
                              executable: sh)
        XCTAssertEqual(run.code, 0, run.err)
        XCTAssertTrue(run.out.contains("with 6 commits"), run.out)
        let log = try CLI.run(["-C", into.path, "log", "--oneline"], executable: URL(fileURLWithPath: "/usr/bin/git"))
        XCTAssertEqual(log.out.split(separator: "\n").count, 6, log.out)

        // Without the story beside it, the error says where to look, in one line.
        try FileManager.default.removeItem(at: share.appendingPathComponent("story"))
        let missing = try CLI.run(["-c", "cd / && exec axdiff demo --into \"$0\"", into.path + "2"], env: ["PATH": bin.path + ":/usr/bin:/bin"],
                                  executable: sh)
        XCTAssertEqual(missing.code, 2)
        XCTAssertTrue(missing.err.contains("cannot find Config/examples/story"), missing.err)
    }
}
