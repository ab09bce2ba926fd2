import AXGit
import AXTestSupport
import Foundation
import XCTest

/// Blobs read through `Repository.blob` (libgit2), against what git itself reads: deltas by
/// offset and by id, chains walked in either order, limits (also for an object read before
/// with a larger one), wrong types, loose objects, and damaged packs.
final class BlobReadTests: XCTestCase {
    /// A history where each version of three files is a delta of the one before (as
    /// fast-import stores them): returns every version's blob id, oldest first, per file.
    private func history(_ fixture: GitFixture, versions: Int) throws -> [String: [ObjectID]] {
        var stream = ""
        let lines = (0..<300).map { "  {\"label\": \"Row \($0)\", \"role\": \"button\"},\n" }
        for version in 0..<versions {
            stream += "commit refs/heads/main\ncommitter Test Author <test@example.com> \(1_700_000_000 + 60 * version) +0000\n"
            stream += "data 2\nc\n"
            for file in ["a.json", "b.json", "c.json"] {
                var body = lines
                body[(version * 7) % body.count] = "  {\"label\": \"\(file) edit \(version)\"},\n"
                let content = "[\n" + body.joined() + "]\n"
                stream += "M 100644 inline \(file)\ndata \(content.utf8.count)\n\(content)\n"
            }
        }
        try fixture.git(["fast-import", "--quiet"], input: stream)
        var out: [String: [ObjectID]] = [:]
        for file in ["a.json", "b.json", "c.json"] {
            let commits = try fixture.git(["rev-list", "--reverse", "main"]).split(separator: "\n")
            out[file] = try commits.map { try fixture.rev("\($0):\(file)") }
        }
        return out
    }

    private func assertSameAsGit(_ fixture: GitFixture, _ ids: [ObjectID], file: StaticString = #filePath, line: UInt = #line) throws {
        let repository = try fixture.open()
        for id in ids {
            let read = try repository.blob(id, maxBytes: .max)
            // Compared as a whole, not printed: a snapshot is hundreds of lines.
            XCTAssertTrue(String(decoding: read, as: UTF8.self) == (try fixture.git(["cat-file", "blob", id.hex])),
                          "blob \(id.hex) differs from git's", file: file, line: line)
        }
    }

    func testDeltaChainsOfFastImportReadLikeGit() throws {
        let fixture = try GitFixture(bare: true)
        let blobs = try history(fixture, versions: 40)
        let verify = try fixture.git(["verify-pack", "-v"] + [try packIndex(fixture)])
        XCTAssertTrue(verify.contains("chain length = 20"), "fast-import stored long delta chains: \(verify.suffix(400))")
        let all = blobs.values.flatMap { $0 }
        // Oldest first, newest first, and in an order unrelated to the history (by id).
        try assertSameAsGit(fixture, all)
        try assertSameAsGit(fixture, all.reversed())
        try assertSameAsGit(fixture, all.sorted { $0.hex < $1.hex })
    }

    /// `git repack` makes the newest version whole and older ones deltas of it; with
    /// `--no-delta-base-offset`, bases are named by id (REF_DELTA).
    func testRepackedPacksWithOffsetAndIdDeltasReadLikeGit() throws {
        for extra in [[], ["--no-delta-base-offset"]] {
            let fixture = try GitFixture(bare: true)
            let all = try history(fixture, versions: 30).values.flatMap { $0 }
            try fixture.git(["-c", "repack.usedeltabaseoffset=\(extra.isEmpty)", "repack", "-a", "-d", "-f", "-q", "--depth=50", "--window=20"])
            let verify = try fixture.git(["verify-pack", "-v", try packIndex(fixture)])
            XCTAssertTrue(verify.contains("chain length"), verify)
            try assertSameAsGit(fixture, all)
            try assertSameAsGit(fixture, all.reversed())
        }
    }

    func testLimitTypeAndObjectsOutsidePacks() throws {
        let fixture = try GitFixture(bare: true)
        let blobs = try history(fixture, versions: 40)
        let repository = try fixture.open()
        let oldest = try XCTUnwrap(blobs["a.json"]?.first), newest = try XCTUnwrap(blobs["a.json"]?.last)
        let size = Int(try fixture.git(["cat-file", "-s", newest.hex]).trimmingCharacters(in: .whitespacesAndNewlines))
        let oldestSize = Int(try fixture.git(["cat-file", "-s", oldest.hex]).trimmingCharacters(in: .whitespacesAndNewlines))
        let first = XCTAssertGitError(.tooLarge) { try repository.blob(oldest, maxBytes: 100) }
        XCTAssertEqual(first?.message, "blob \(oldest.hex) is \(oldestSize ?? -1) bytes, larger than 100 bytes")
        XCTAssertEqual(try repository.blob(newest, maxBytes: size ?? 0).count, size, "exactly at the limit")
        // Read once (libgit2 caches it), then over a smaller limit all the same.
        let error = XCTAssertGitError(.tooLarge) { try repository.blob(newest, maxBytes: 100) }
        XCTAssertEqual(error?.message, "blob \(newest.hex) is \(size ?? -1) bytes, larger than 100 bytes")
        XCTAssertEqual(try repository.blobSize(newest), size)
        // A tree is not a blob.
        let tree = try fixture.rev("main^{tree}")
        XCTAssertGitError(.wrongType) { try repository.blob(tree) }
        // A loose object.
        let loose = try XCTUnwrap(ObjectID(hex: try fixture.git(["hash-object", "-w", "--stdin"], input: "loose\n")
            .trimmingCharacters(in: .whitespacesAndNewlines)))
        XCTAssertEqual(try repository.blob(loose), Array("loose\n".utf8))
    }

    /// Bytes damaged inside each entry's zlib stream: every read is an error, never wrong bytes.
    func testDamagedPacksAreErrors() throws {
        let fixture = try GitFixture(bare: true)
        let all = try history(fixture, versions: 40).values.flatMap { $0 }
        let idx = try packIndex(fixture)
        let packPath = String(idx.dropLast(4)) + ".pack"
        let original = try XCTUnwrap(FileManager.default.contents(atPath: packPath))
        var damaged = [UInt8](original)
        // Every entry's offset, from `git verify-pack -v` (id, type, size, size in pack, offset).
        let entries = try fixture.git(["verify-pack", "-v", idx]).split(separator: "\n").compactMap { line -> (String, Int)? in
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count >= 5, fields[0].count == 2 * ObjectID.byteCount, let offset = Int(fields[4]) else { return nil }
            return (String(fields[0]), offset)
        }
        let wanted = Set(all.map(\.hex))
        for (id, offset) in entries where wanted.contains(id) { damaged[offset + 6] ^= 0x5a }
        try FileManager.default.removeItem(atPath: packPath)     // the pack is read-only
        try Data(damaged).write(to: URL(fileURLWithPath: packPath))
        let repository = try fixture.open()
        var failed = 0
        for id in all {
            do {
                let bytes = try repository.blob(id, maxBytes: .max)
                XCTAssertTrue(String(decoding: bytes, as: UTF8.self) == (try? fixture.git(["cat-file", "blob", id.hex])), "wrong bytes for \(id.hex)")
            } catch {
                failed += 1
            }
        }
        XCTAssertEqual(failed, all.count, "every damaged entry is an error")
    }

    /// A blob longer than a pack window (2 MB) reaches zlib in two parts: 3 MB of seeded
    /// random bytes (incompressible), packed, read back byte for byte.
    func testABlobLongerThanAPackWindowReadsBack() throws {
        let seed: UInt64 = 0x1F1A7E
        var random = SeededGenerator(seed: seed)
        let content = (0..<(3 << 20)).map { _ in UInt8.random(in: .min ... .max, using: &random) }
        let fixture = try GitFixture(bare: true)
        let file = fixture.path + "/big.bin"
        try Data(content).write(to: URL(fileURLWithPath: file))
        let id = try XCTUnwrap(ObjectID(hex: try fixture.git(["hash-object", "-w", file]).trimmingCharacters(in: .whitespacesAndNewlines)))
        try fixture.git(["update-ref", "refs/blobs/big", id.hex])      // reachable, so that repack packs it
        try fixture.git(["repack", "-a", "-d", "-q"])
        try fixture.git(["prune-packed"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: fixture.path + "/objects/\(id.hex.prefix(2))/\(id.hex.dropFirst(2))"),
                       "the blob is packed")
        let read = try fixture.open().blob(id, maxBytes: .max)
        XCTAssertTrue(read == content, "seed \(seed): \(read.count) bytes read, not the \(content.count) written")
    }

    private func packIndex(_ fixture: GitFixture) throws -> String {
        let directory = fixture.path + "/objects/pack"
        let name = try XCTUnwrap(try FileManager.default.contentsOfDirectory(atPath: directory).first { $0.hasSuffix(".idx") })
        return directory + "/" + name
    }
}
