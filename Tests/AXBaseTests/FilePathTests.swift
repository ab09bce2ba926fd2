import XCTest
import Foundation
@testable import AXBase

/// `FilePath` against `NSString`'s path methods in swift-corelibs Foundation, whose results it replaces.
final class FilePathTests: XCTestCase {
    static let paths = ["", "/", "//", "///", "a", "a/", "a//", "/a", "/a/", "//a//b//", "a/b", "a/b/", "/a/b/c", "/a/b/c/",
                        ".", "..", "./", "../", "/.", "/..", "a/.", "a/..", "/a/./b/../c", "~", "~/", "~/x", "~root/x", "~nosuchuser/x",
                        "/tmp/x/.git/", "/tmp/x/.git/objects", "relative/path/to/file.json", "é/ü", "a/b\u{301}", "/\u{301}", "a /b "]
    static let components = ["", "/", "b", "b/", "/b", "b/c", "refs/notes/axdiff", ".keep", "..", "é"]

    func testAppendingMatchesNSString() {
        for base in Self.paths {
            for component in Self.components {
                XCTAssertEqual(FilePath.appending(base, component), (base as NSString).appendingPathComponent(component), "\(base) + \(component)")
            }
        }
    }

    func testLastAndDeletingLastMatchNSString() {
        for path in Self.paths {
            XCTAssertEqual(FilePath.lastComponent(path), (path as NSString).lastPathComponent, "last of \(path)")
            // NSString traps on a one-character relative path ("a", "a/", "."): a precondition
            // in `_startOfLastPathComponent`.
            let fixed = FilePath.fixingSlashes(path)
            if fixed.count == 1 && fixed != "/" { continue }
            XCTAssertEqual(FilePath.deletingLastComponent(path), (path as NSString).deletingLastPathComponent, "deleting last of \(path)")
        }
    }

    /// Where NSString trapped, the parent of one relative component is empty, as it is for longer ones.
    func testDeletingTheOnlyRelativeComponentLeavesNothing() {
        for path in ["a", "a/", "a//", ".", "ab", "ab/"] {
            XCTAssertEqual(FilePath.deletingLastComponent(path), "", path)
        }
    }

    func testStandardizedMatchesNSStringThroughSymbolicLinks() throws {
        let root = NSTemporaryDirectory() + "filepath-\(getpid())"
        let fm = FileManager.default
        try fm.createDirectory(atPath: root + "/real/sub", withIntermediateDirectories: true)
        defer { try? fm.removeItem(atPath: root) }
        try fm.createSymbolicLink(atPath: root + "/abs", withDestinationPath: root + "/real")
        try fm.createSymbolicLink(atPath: root + "/rel", withDestinationPath: "real/sub")
        try fm.createSymbolicLink(atPath: root + "/up", withDestinationPath: "../" + (root as NSString).lastPathComponent + "/real")
        try fm.createSymbolicLink(atPath: root + "/dangling", withDestinationPath: "nowhere")
        try fm.createSymbolicLink(atPath: root + "/absdangling", withDestinationPath: root + "/nowhere")
        try fm.createSymbolicLink(atPath: root + "/absToRel", withDestinationPath: root + "/rel")
        // Relative to the current directory, where NSString looks for a relative target.
        try fm.createSymbolicLink(atPath: root + "/cwd", withDestinationPath: ".")
        var inputs = Self.paths
        for tail in ["", "/", "/abs", "/abs/", "/abs/sub", "/abs/sub/../..", "/rel", "/rel/x", "/up/sub", "/dangling", "/dangling/y",
                     "/./real//sub/", "/real/../abs", "/missing/../real",
                     "/absdangling", "/absdangling/z", "/absToRel", "/absToRel/q", "/cwd", "/cwd/x", "/abs/..", "/abs/../x"] {
            inputs.append(root + tail)
        }
        for path in inputs {
            XCTAssertEqual(FilePath.standardized(path), (path as NSString).standardizingPath, "standardized \(path)")
        }
    }
}
