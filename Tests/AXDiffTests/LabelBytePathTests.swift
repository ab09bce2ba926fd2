@testable import AXDiff
import AXTestSupport
import XCTest

/// The byte-level answers for labels (`FileName`'s last dot on an ASCII
/// label, `MatchKeys.isGap`) against the `Character` searches they stand in
/// for, on seeded random labels of ASCII, dots, spaces, the ellipsis,
/// other characters whose UTF-8 ends in A6, and characters that join their
/// neighbours (combining marks, a joiner, a prepended mark).
final class LabelBytePathTests: XCTestCase {
    private static let pieces = ["a", "B", "7", ".", " ", "png", "pdf", "swift", "…", "\u{301}", "é", "\r\n", "_", "-", "x", "…\u{301}",
                                 "æ", "¦", "’", "中", "\u{600}", "\u{200D}"]

    private static func labels(seed: UInt64, count: Int) -> [String] {
        var rng = SeededGenerator(seed: seed)
        return (0..<count).map { _ in
            (0..<Int.random(in: 0...6, using: &rng)).map { _ in pieces[Int.random(in: 0..<pieces.count, using: &rng)] }.joined()
        }
    }

    /// `FileName` as it was written on `Character`s: no space, the last ".", a known extension.
    private static func characterFileName(_ label: String) -> (isImage: Bool, isDocument: Bool)? {
        guard !label.contains(" "), let dot = label.lastIndex(of: "."), dot > label.startIndex else { return nil }
        let ext = label[label.index(after: dot)...].lowercased()
        guard !ext.isEmpty, ext.count <= 9 else { return nil }
        let isImage = FileName.imageExtensions.contains(ext), isDocument = FileName.documentExtensions.contains(ext)
        return isImage || isDocument ? (isImage, isDocument) : nil
    }

    func testFileNameAgreesWithCharacterSearch() {
        let seed: UInt64 = 0xF11E
        for label in Self.labels(seed: seed, count: 5_000) + ["photo.png", "a.b.pdf", ".png", "my file.png", "x.PNG", "é.png", "a.png\u{301}"] {
            let fast = FileName(label), slow = Self.characterFileName(label)
            XCTAssertEqual(fast?.isImage, slow?.isImage, "seed \(seed): \(label.debugDescription)")
            XCTAssertEqual(fast?.isDocument, slow?.isDocument, "seed \(seed): \(label.debugDescription)")
        }
    }

    func testWeakLabelsAgreeWithCharacterSearch() {
        let seed: UInt64 = 0x6A9
        let keys = MatchKeys(volatile: [])
        for label in Self.labels(seed: seed, count: 5_000) + ["…", "… ", "…\u{301}", "a…", "", "\u{2025}", "\u{600}…", "æ…", "…\u{200D}", "Ц¦"] {
            let slow = label.isEmpty || label.contains(AriaPatternMark.gap)
            XCTAssertEqual(keys.isWeak(label), slow, "seed \(seed): \(label.debugDescription)")
            XCTAssertEqual(MatchKeys.isGap(label), label == "…" && label.utf8.count == 3, "seed \(seed): \(label.debugDescription)")
        }
    }
}
