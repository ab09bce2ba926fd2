@testable import AXGit
import Foundation
import XCTest

/// Blobs read straight from packs (`PackReader`), against what git itself reads: deltas by
/// offset and by id, chains walked in either order with objects pushed out of the budget,
/// limits, wrong types, and damaged packs (handed to libgit2, never read out of bounds).
final class PackReaderTests: XCTestCase {
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

    private func reader(_ fixture: GitFixture, budget: Int = 8 << 20) -> PackReader {
        PackReader(objectsDirectory: fixture.path + "/objects", budget: budget)
    }

    private func bytes(_ outcome: PackReader.Outcome?, file: StaticString = #filePath, line: UInt = #line) -> [UInt8]? {
        guard case .object(let type, let bytes)? = outcome else {
            XCTFail("not read from the pack: \(String(describing: outcome))", file: file, line: line)
            return nil
        }
        XCTAssertEqual(type, PackFile.blobType, file: file, line: line)
        return bytes
    }

    private func assertSameAsGit(_ fixture: GitFixture, _ ids: [ObjectID], _ reader: PackReader,
                                 file: StaticString = #filePath, line: UInt = #line) throws {
        for id in ids {
            let read = bytes(reader.read(id, maxBytes: .max), file: file, line: line)
            // Compared as a whole, not printed: a snapshot is hundreds of lines.
            XCTAssertTrue(read.map { String(decoding: $0, as: UTF8.self) } == (try fixture.git(["cat-file", "blob", id.hex])),
                          "blob \(id.hex) differs from git's", file: file, line: line)
        }
    }

    func testDeltaChainsOfFastImportReadLikeGit() throws {
        let fixture = try GitFixture(bare: true)
        let blobs = try history(fixture, versions: 40)
        let verify = try fixture.git(["verify-pack", "-v"] + [try packIndex(fixture)])
        XCTAssertTrue(verify.contains("chain length = 20"), "fast-import stored long delta chains: \(verify.suffix(400))")
        let all = blobs.values.flatMap { $0 }
        // Oldest first, newest first, and with a budget so small that rebuilt objects are pushed out.
        try assertSameAsGit(fixture, all, reader(fixture))
        try assertSameAsGit(fixture, all.reversed(), reader(fixture))
        // Ordered by id: a fixed order unrelated to the history (repeatable, unlike a shuffle).
        try assertSameAsGit(fixture, all.sorted { $0.hex < $1.hex }, reader(fixture, budget: 40_000))
        // Through the repository, as the analyser reads them.
        let repository = try Repository.open(path: fixture.path)
        for id in all.prefix(10) {
            XCTAssertTrue(String(decoding: try repository.blob(id), as: UTF8.self) == (try fixture.git(["cat-file", "blob", id.hex])))
        }
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
            if !extra.isEmpty {
                // A REF_DELTA entry's header byte has type 7 in bits 4–6.
                let pack = try XCTUnwrap(FileManager.default.contents(atPath: String(try packIndex(fixture).dropLast(4)) + ".pack"))
                let index = try XCTUnwrap(PackFile(idxPath: try packIndex(fixture)))
                let kinds = all.compactMap { index.offset(of: $0).flatMap(index.entry(at:))?.kind }
                XCTAssertTrue(kinds.contains { if case .referenceDelta = $0 { return true } else { return false } }, "\(pack.count)")
            }
            try assertSameAsGit(fixture, all, reader(fixture))
            try assertSameAsGit(fixture, all.reversed(), reader(fixture, budget: 30_000))
        }
    }

    func testLimitTypeAndObjectsOutsidePacks() throws {
        let fixture = try GitFixture(bare: true)
        let blobs = try history(fixture, versions: 40)
        let reader = reader(fixture)
        // fast-import stores the first version whole, the later ones as deltas of it.
        let oldest = try XCTUnwrap(blobs["a.json"]?.first), newest = try XCTUnwrap(blobs["a.json"]?.last)
        let size = Int(try fixture.git(["cat-file", "-s", newest.hex]).trimmingCharacters(in: .whitespacesAndNewlines))
        let oldestSize = Int(try fixture.git(["cat-file", "-s", oldest.hex]).trimmingCharacters(in: .whitespacesAndNewlines))
        guard case .tooLarge(let reported)? = reader.read(oldest, maxBytes: 100) else { return XCTFail("over the limit") }
        XCTAssertEqual(reported, oldestSize)
        // The delta's result is over the limit too: told so, or left to libgit2 — never read.
        if case .object? = reader.read(newest, maxBytes: 100) { XCTFail("read past the limit") }
        XCTAssertNotNil(bytes(reader.read(newest, maxBytes: size ?? 0)), "exactly at the limit")
        // Kept from that read, and still over a smaller limit.
        guard case .tooLarge(let keptSize)? = reader.read(newest, maxBytes: 100) else { return XCTFail("kept, but over the limit") }
        XCTAssertEqual(keptSize, size)
        let repository = try Repository.open(path: fixture.path)
        XCTAssertEqual(try repository.blob(newest).count, size)
        let error = XCTAssertGitError(.tooLarge) { try repository.blob(newest, maxBytes: 100) }
        XCTAssertEqual(error?.message, "blob \(newest.hex) is \(size ?? -1) bytes, larger than 100 bytes")
        // A tree is not a blob.
        let tree = try fixture.rev("main^{tree}")
        XCTAssertGitError(.wrongType) { try repository.blob(tree) }
        // A loose object is not in a pack: libgit2 reads it.
        let loose = try XCTUnwrap(ObjectID(hex: try fixture.git(["hash-object", "-w", "--stdin"], input: "loose\n")
            .trimmingCharacters(in: .whitespacesAndNewlines)))
        XCTAssertNil(reader.read(loose, maxBytes: .max))
        XCTAssertEqual(try repository.blob(loose), Array("loose\n".utf8))
    }

    /// Bytes damaged in the pack: the reader hands the object back (nil) rather than read
    /// out of bounds or return wrong bytes; a cut index is not opened at all.
    func testDamagedPacksAreLeftToLibgit2() throws {
        let fixture = try GitFixture(bare: true)
        let all = try history(fixture, versions: 40).values.flatMap { $0 }
        let idx = try packIndex(fixture)
        let packPath = String(idx.dropLast(4)) + ".pack"
        let original = try XCTUnwrap(FileManager.default.contents(atPath: packPath))
        var damaged = [UInt8](original)
        let index = try XCTUnwrap(PackFile(idxPath: idx))
        let offsets = all.compactMap { index.offset(of: $0) }.sorted()
        for offset in offsets { damaged[offset + 6] ^= 0x5a }   // inside each entry's zlib stream
        try FileManager.default.removeItem(atPath: packPath)     // the pack is read-only
        try Data(damaged).write(to: URL(fileURLWithPath: packPath))
        let reader = reader(fixture)
        for id in all { XCTAssertNil(reader.read(id, maxBytes: .max), "damaged \(id.hex)") }
        let repository = try Repository.open(path: fixture.path)
        XCTAssertThrowsError(try repository.blob(all[5]))

        try Data(original.prefix(100)).write(to: URL(fileURLWithPath: packPath))
        XCTAssertNil(PackFile(idxPath: idx), "a cut pack does not match its index")
        let cutIndex = fixture.path + "/objects/pack/cut.idx"
        try Data(try XCTUnwrap(FileManager.default.contents(atPath: idx)).prefix(600)).write(to: URL(fileURLWithPath: cutIndex))
        XCTAssertNil(PackFile(idxPath: cutIndex))
    }

    func testDeltaPatchRefusesDeltasThatDoNotFit() {
        let base = Array("hello, world".utf8)
        // source 12, result 5: copy 5 bytes from offset 7.
        XCTAssertEqual(DeltaPatch.apply([12, 5, 0x91, 7, 5], to: base), Array("world".utf8))
        // insert 3 literal bytes.
        XCTAssertEqual(DeltaPatch.apply([12, 3, 3, 0x61, 0x62, 0x63], to: base), Array("abc".utf8))
        XCTAssertNil(DeltaPatch.apply([11, 5, 0x91, 7, 5], to: base), "wrong source size")
        XCTAssertNil(DeltaPatch.apply([12, 5, 0x91, 9, 5], to: base), "copy past the end of the source")
        XCTAssertNil(DeltaPatch.apply([12, 6, 0x91, 7, 5], to: base), "fewer bytes than announced")
        XCTAssertNil(DeltaPatch.apply([12, 2, 3, 0x61, 0x62, 0x63], to: base), "more bytes than announced")
        XCTAssertNil(DeltaPatch.apply([12, 1, 0], to: base), "reserved instruction")
        XCTAssertNil(DeltaPatch.apply([12, 3, 5, 0x61], to: base), "insert cut short")
        XCTAssertNil(DeltaPatch.apply([12, 0x80], to: base), "header cut short")
    }

    private func packIndex(_ fixture: GitFixture) throws -> String {
        let directory = fixture.path + "/objects/pack"
        let name = try XCTUnwrap(try FileManager.default.contentsOfDirectory(atPath: directory).first { $0.hasSuffix(".idx") })
        return directory + "/" + name
    }
}
