import AXGlob
@testable import AXGit
import XCTest

final class TreeTests: XCTestCase {
    private let globs = ["Snapshots/**", "**/*.aria.yml"]

    func testTreeDiffAgainstFirstParentWithPathspec() throws {
        let fixture = try GitFixture()
        let root = try fixture.commit("root", [
            "Snapshots/Home.json": "home 1", "Snapshots/Login.json": "login 1", "README.md": "readme 1",
            "web/login.aria.yml": "- button \"Sign in\"", "top.aria.yml": "- heading \"Top\"",
        ])
        let second = try fixture.commit("second", [
            "Snapshots/Home.json": "home 2", "Snapshots/Login.json": nil, "Snapshots/Sub/Deep.json": "deep",
            "README.md": "readme 2", "web/login.aria.yml": "- button \"Log in\"",
        ])
        let readmeOnly = try fixture.commit("readme", ["README.md": "readme 3"])
        let renamed = try fixture.commit("rename", ["Snapshots/Home.json": nil, "Snapshots/Start.json": "home 2"])
        let repository = try fixture.open()

        let rootChanges = try repository.changes(in: root, matching: globs)
        XCTAssertEqual(rootChanges.map(\.path), ["Snapshots/Home.json", "Snapshots/Login.json", "top.aria.yml", "web/login.aria.yml"])
        XCTAssertTrue(rootChanges.allSatisfy { $0.status == .added && $0.oldBlob == nil && $0.newBlob != nil })

        let changes = try repository.changes(in: second, matching: globs)
        XCTAssertEqual(changes.map { "\($0.status.rawValue) \($0.path)" }, [
            "modified Snapshots/Home.json", "deleted Snapshots/Login.json", "added Snapshots/Sub/Deep.json",
            "modified web/login.aria.yml",
        ])
        let home = changes[0]
        XCTAssertEqual(home.oldBlob, try fixture.rev("\(root.hex):Snapshots/Home.json"))
        XCTAssertEqual(home.newBlob, try fixture.rev("\(second.hex):Snapshots/Home.json"))
        XCTAssertEqual(changes[1].newBlob, nil)
        XCTAssertEqual(try repository.blob(home.newBlob!), Array("home 2".utf8))

        XCTAssertEqual(try repository.changes(in: second, matching: ["Snapshots/**"]).count, 3)
        XCTAssertEqual(try repository.changes(in: readmeOnly, matching: globs), [])
        XCTAssertEqual(try repository.changes(in: readmeOnly, matching: ["Snapshots/**"]), [])
        XCTAssertEqual(try repository.changes(in: renamed, matching: globs).map { "\($0.status.rawValue) \($0.path)" },
                       ["deleted Snapshots/Home.json", "added Snapshots/Start.json"])
        XCTAssertEqual(try repository.changes(from: root, to: renamed, matching: ["Snapshots/**"]).map(\.path),
                       ["Snapshots/Home.json", "Snapshots/Login.json", "Snapshots/Start.json", "Snapshots/Sub/Deep.json"])
    }

    /// The tree walk against `git diff-tree -r` on the awkward cases: a file and a directory
    /// of one name (`a` and `a.c`, which git sorts as `a.c` < `a/`), a file turned into a
    /// directory and back, a mode change, a file turned symlink, a submodule, deep paths.
    func testTreeDiffAgreesWithGitDiffTree() throws {
        let fixture = try GitFixture()
        let first = try fixture.commit("first", [
            "Snapshots/a.c": "1", "Snapshots/a/inner.json": "2", "Snapshots/a0": "3", "Snapshots/b": "4",
            "Snapshots/link-me": "5", "Snapshots/x/y/z/deep.json": "6", "other/a.aria.yml": "7", "Snapshots/same": "8",
        ])
        try fixture.remove("Snapshots/b")
        try fixture.write("Snapshots/b/now-a-dir.json", "4")
        try fixture.remove("Snapshots/a")
        try fixture.write("Snapshots/a", "was a directory")
        try fixture.remove("Snapshots/link-me")
        try FileManager.default.createSymbolicLink(atPath: fixture.path + "/Snapshots/link-me", withDestinationPath: "a.c")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fixture.path + "/Snapshots/a0")
        try fixture.write("Snapshots/x/y/z/deep.json", "6 changed")
        try fixture.write("other/a.aria.yml", "7 changed")
        try fixture.write("Snapshots/new.json", "9")
        try fixture.git(["add", "-A"])
        // A submodule: a gitlink in the index only (no `add -A` after it, which would drop it).
        try fixture.git(["update-index", "--add", "--cacheinfo", "160000,\(first.hex),Snapshots/module"])
        try fixture.git(["commit", "-q", "-m", "second"])
        let second = try fixture.rev("HEAD")
        XCTAssertTrue(try fixture.git(["ls-tree", "-r", "HEAD"]).contains("160000 commit"))
        let repository = try fixture.open()
        for (old, new) in [(first, second), (second, first)] {
            for globs in [["Snapshots/**", "**/*.aria.yml"], ["Snapshots/a/**"], ["**"]] {
                let ours = try repository.changes(from: old, to: new, matching: globs)
                    .map { "\($0.status.rawValue.prefix(1).uppercased()) \($0.path)" }.sorted()
                let patterns = PathGlobSet(globs)
                let git = try fixture.git(["diff-tree", "-r", "--no-renames", old.hex, new.hex]).split(separator: "\n").compactMap { line -> String? in
                    let fields = line.split(separator: "\t", maxSplits: 1)
                    let meta = fields[0].split(separator: " ")
                    let path = String(fields[1])
                    let regular: (Substring) -> Bool = { $0 == ":100644" || $0 == "100644" || $0 == ":100755" || $0 == "100755" }
                    guard patterns.matches(path) else { return nil }
                    switch meta[4] {
                    case "A": return regular(meta[1]) ? "A \(path)" : nil
                    case "D": return regular(meta[0]) ? "D \(path)" : nil
                    case "M": return regular(meta[0]) && regular(meta[1]) ? "M \(path)" : nil
                    case "T": return regular(meta[0]) ? "D \(path)" : (regular(meta[1]) ? "A \(path)" : nil)
                    default: return "? \(line)"
                    }
                }.sorted()
                XCTAssertEqual(ours, git, "\(globs) from \(old.abbreviated()) to \(new.abbreviated())")
            }
        }
        let forward = try repository.changes(from: first, to: second, matching: ["**"]).map { "\($0.status.rawValue) \($0.path)" }
        XCTAssertTrue(forward.contains("modified Snapshots/a0"), "a mode change is a modification: \(forward)")
        XCTAssertTrue(forward.contains("added Snapshots/a") && forward.contains("deleted Snapshots/a/inner.json"))
        XCTAssertTrue(forward.contains("deleted Snapshots/link-me"), "a file turned symlink is gone: \(forward)")
        XCTAssertFalse(forward.contains { $0.hasSuffix("module") || $0.hasSuffix("same") || $0.hasSuffix("a.c") })
    }

    func testFilesAtACommitAndFileByPath() throws {
        let fixture = try GitFixture()
        let first = try fixture.commit("first", [
            "Snapshots/Home.json": "home", "Snapshots/Sub/Deep.json": "deep", "Sources/main.swift": "code",
            "web/a.aria.yml": "- text: a", ".axdiff.json": "{\"failOn\": \"warning\"}",
        ])
        let repository = try fixture.open()
        let files = try repository.files(in: first, matching: globs)
        XCTAssertEqual(files.map(\.path), ["Snapshots/Home.json", "Snapshots/Sub/Deep.json", "web/a.aria.yml"])
        XCTAssertEqual(files[0].blob, try fixture.rev("\(first.hex):Snapshots/Home.json"))
        XCTAssertEqual(try repository.file(at: ".axdiff.json", in: first).map { String(decoding: $0, as: UTF8.self) },
                       "{\"failOn\": \"warning\"}")
        XCTAssertNil(try repository.file(at: "Config/axdiff.json", in: first))
        XCTAssertNil(try repository.file(at: "Snapshots", in: first), "a directory is not a file")
    }

    func testBlobOverTheLimitIsRefusedWithoutReading() throws {
        let fixture = try GitFixture()
        let big = String(repeating: "x", count: 100_000)
        let commit = try fixture.commit("big", ["Snapshots/Big.json": big])
        let repository = try fixture.open()
        let blob = try fixture.rev("\(commit.hex):Snapshots/Big.json")
        XCTAssertEqual(try repository.blobSize(blob), 100_000)
        let error = XCTAssertGitError(.tooLarge) { try repository.blob(blob, maxBytes: 1000) }
        XCTAssertTrue(error?.message.contains("larger than 1000 bytes") ?? false, "\(String(describing: error))")
        XCTAssertGitError(.tooLarge) { try repository.file(at: "Snapshots/Big.json", in: commit, maxBytes: 10) }
        XCTAssertEqual(try repository.blob(blob, maxBytes: 100_000).count, 100_000)
        XCTAssertGitError(.wrongType) { try repository.blob(commit) }
    }
}
