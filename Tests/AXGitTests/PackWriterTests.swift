@testable import AXGit
import AXTestSupport
import Foundation
import XCTest

/// The objects axdiff writes itself — ids, trees, packs — checked by git.
final class PackWriterTests: XCTestCase {
    private func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }

    /// The pack checksum's SHA-1 (OpenSSL's) on the standard vectors, and on the pack git checks.
    func testSHA1KnownAnswers() throws {
        let vectors: [(String, String)] = [
            ("", "da39a3ee5e6b4b0d3255bfef95601890afd80709"),
            ("abc", "a9993e364706816aba3e25717850c26c9cd0d89d"),
            ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "84983e441c3bd26ebaae4aa1f95129e5e54670f1"),
            (String(repeating: "a", count: 1_000_000), "34aa973cd4c4daa4f61eeb2bdbad27316534016f"),
        ]
        for (message, digest) in vectors {
            let bytes = Array(message.utf8)
            XCTAssertEqual(hex(try bytes.withUnsafeBytes { try SHA1.digest($0) }), digest, "\(message.prefix(10))…")
        }
    }

    func testBlobIdsAreGitsIds() throws {
        let fixture = try GitFixture(bare: true)
        var batch = ObjectBatch()
        for text in ["", "x", String(repeating: "note line\n", count: 700), "ünïcødé ✓\n"] {
            let id = try batch.addBlob(Array(text.utf8))
            let git = try fixture.git(["hash-object", "--stdin"], input: text).trimmingCharacters(in: .whitespacesAndNewlines)
            XCTAssertEqual(id.hex, git)
        }
    }

    /// git's tree order puts a directory `a` after the file `a.c` and before `a0` (as if it
    /// were `a/`); `git mktree` sorts the same entries itself, so the ids must agree.
    func testTreeEncodingMatchesGitMktree() throws {
        let fixture = try GitFixture(bare: true)
        let blob = try XCTUnwrap(ObjectID(hex: try fixture.git(["hash-object", "-w", "--stdin"], input: "b\n")
            .trimmingCharacters(in: .whitespacesAndNewlines)))
        let sub = try XCTUnwrap(ObjectID(hex: try fixture.git(["mktree"], input: "100644 blob \(blob.hex)\tinner\n")
            .trimmingCharacters(in: .whitespacesAndNewlines)))
        var tree = TreeObject()
        tree.set("a0", id: blob, mode: TreeObject.blobMode)
        tree.set("a", id: sub, mode: TreeObject.treeMode)
        tree.set("a.c", id: blob, mode: TreeObject.blobMode)
        tree.set("a-b", id: blob, mode: 0o100755)
        tree.set("ab", id: sub, mode: TreeObject.treeMode)
        tree.set("B", id: blob, mode: TreeObject.blobMode)
        let listing = [("100644 blob", blob, "a0"), ("040000 tree", sub, "a"), ("100644 blob", blob, "a.c"),
                       ("100755 blob", blob, "a-b"), ("040000 tree", sub, "ab"), ("100644 blob", blob, "B")]
            .map { "\($0.0) \($0.1.hex)\t\($0.2)\n" }.joined()
        let expected = try fixture.git(["mktree"], input: listing).trimmingCharacters(in: .whitespacesAndNewlines)
        var batch = ObjectBatch()
        XCTAssertEqual(try batch.addTree(tree).hex, expected)
        XCTAssertTrue(tree.isModified)
        var untouched = TreeObject()
        untouched.remove("missing")
        XCTAssertFalse(untouched.isModified, "removing nothing changes nothing")
    }

    /// Entries added, replaced, removed and turned from file to tree in any order: the tree
    /// keeps git's order throughout, checked against `git mktree` of the final listing.
    func testTreeEditsKeepGitsOrder() throws {
        let fixture = try GitFixture(bare: true)
        func hashed(_ text: String) throws -> ObjectID {
            try XCTUnwrap(ObjectID(hex: try fixture.git(["hash-object", "-w", "--stdin"], input: text)
                .trimmingCharacters(in: .whitespacesAndNewlines)))
        }
        let blob = try hashed("b\n"), other = try hashed("c\n")
        let sub = try XCTUnwrap(ObjectID(hex: try fixture.git(["mktree"], input: "100644 blob \(blob.hex)\tinner\n")
            .trimmingCharacters(in: .whitespacesAndNewlines)))
        let seed = UInt64(ProcessInfo.processInfo.environment["AXDIFF_SEED"] ?? "") ?? 20_260_112
        var generator = SeededGenerator(seed: seed)
        var tree = TreeObject()
        var model: [String: (UInt32, ObjectID)] = [:]
        let names = ["a", "a.c", "a-b", "a0", "ab", "B", "z", "a/", "ab.x", "é", "a b", "0", "~"].filter { !$0.contains("/") }
        for _ in 0..<300 {
            let name = names.randomElement(using: &generator) ?? "a"
            switch Int.random(in: 0..<4, using: &generator) {
            case 0: tree.remove(name); model[name] = nil
            case 1: tree.set(name, id: sub, mode: TreeObject.treeMode); model[name] = (TreeObject.treeMode, sub)
            case 2: tree.set(name, id: other, mode: TreeObject.blobMode); model[name] = (TreeObject.blobMode, other)
            default: tree.set(name, id: blob, mode: TreeObject.blobMode); model[name] = (TreeObject.blobMode, blob)
            }
        }
        let listing = model.map { name, entry in
            "\(entry.0 == TreeObject.treeMode ? "040000 tree" : "100644 blob") \(entry.1.hex)\t\(name)\n"
        }.joined()
        let expected = try fixture.git(["mktree"], input: listing).trimmingCharacters(in: .whitespacesAndNewlines)
        var batch = ObjectBatch()
        XCTAssertEqual(try batch.addTree(tree).hex, expected, "seed \(seed)")
        // Read back through libgit2 and edited again.
        _ = try batch.write(to: try fixture.open())
        let repository = try fixture.open()
        var reread = try repository.withTree(try XCTUnwrap(ObjectID(hex: expected))) { TreeObject($0) }
        reread.set("a0", id: sub, mode: TreeObject.treeMode)
        reread.remove("B")
        model["a0"] = (TreeObject.treeMode, sub)
        model["B"] = nil
        let listing2 = model.map { name, entry in
            "\(entry.0 == TreeObject.treeMode ? "040000 tree" : "100644 blob") \(entry.1.hex)\t\(name)\n"
        }.joined()
        var batch2 = ObjectBatch()
        XCTAssertEqual(try batch2.addTree(reread).hex,
                       try fixture.git(["mktree"], input: listing2).trimmingCharacters(in: .whitespacesAndNewlines), "seed \(seed)")
    }

    /// A pack of whole objects, sizes on both sides of each header-byte boundary, read back
    /// by `git verify-pack` and `git cat-file`.
    func testPackIsReadByGit() throws {
        let fixture = try GitFixture(bare: true)
        let repository = try fixture.open()
        var batch = ObjectBatch()
        var texts: [ObjectID: String] = [:]
        for size in [0, 1, 15, 16, 127, 128, 2047, 2048, 100_000] + Array(1...30) {
            let text = String(repeating: "é", count: size / 2) + String(repeating: "n", count: size % 2) + "#\(size)"
            texts[try batch.addBlob(Array(text.utf8))] = text
        }
        XCTAssertGreaterThanOrEqual(batch.count, ObjectBatch.packThreshold)
        let name = try XCTUnwrap(try batch.write(to: repository).pack?.name)
        let packPath = (fixture.path as NSString).appendingPathComponent("objects/pack/\(name).pack")
        let verify = try fixture.git(["verify-pack", "-v", packPath])
        XCTAssertTrue(verify.contains("non delta: \(texts.count) objects"), verify)
        for (id, text) in texts {
            XCTAssertEqual(try fixture.git(["cat-file", "blob", id.hex]), text)
            XCTAssertEqual(try repository.blob(id), Array(text.utf8), "read back through the same handle")
        }
        XCTAssertEqual(try fixture.git(["count-objects", "-v"]).split(separator: "\n").first, "count: 0")
    }

    func testFewObjectsAreWrittenLoose() throws {
        let fixture = try GitFixture(bare: true)
        var batch = ObjectBatch()
        let id = try batch.addBlob(Array("one note\n".utf8))
        XCTAssertNil(try batch.write(to: try fixture.open()).pack)
        XCTAssertEqual(try fixture.git(["cat-file", "blob", id.hex]), "one note\n")
        XCTAssertEqual(try fixture.git(["count-objects", "-v"]).split(separator: "\n").first, "count: 1")
    }
}
