#if canImport(XCTest)
import Foundation

/// A `git fast-import` stream, for histories of many files written in one git run
/// (committing thousands of files one `git add` at a time would cost the test its time).
package struct FastImport {
    private(set) var text = ""
    private var clock = 1_767_225_600

    package init() {}

    /// A commit on `branch` writing `files` (path → contents); `from` starts the branch at
    /// another branch's tip.
    package mutating func commit(_ branch: String, _ message: String, _ files: [String: String], from: String? = nil) {
        clock += 60
        text += "commit refs/heads/\(branch)\ncommitter Test <test@example.com> \(clock) +0000\n"
        text += "data \(message.utf8.count)\n\(message)\n"
        if let from { text += "from refs/heads/\(from)\n" }
        for (path, contents) in files.sorted(by: { $0.key < $1.key }) {
            text += "M 100644 inline \(path)\ndata \(contents.utf8.count)\n\(contents)\n"
        }
        text += "\n"
    }

    /// Runs the stream in `git`'s repository.
    package func run(in git: GitFixture) throws {
        try git.git(["fast-import", "--quiet"], stdin: text)
    }
}
#endif
