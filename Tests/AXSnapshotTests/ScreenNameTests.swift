import AXSnapshot
import AXTestSupport
import XCTest

/// `SnapshotReader.screenName` reads ASCII paths on their bytes; it must name every path
/// as the splitting by `Character` it replaces does.
final class ScreenNameTests: XCTestCase {
    /// The definition: the last non-empty segment, then its first non-empty piece between dots.
    private func byCharacters(_ file: String) -> String {
        let base = file.split(separator: "/").last.map(String.init) ?? file
        let stem = base.split(separator: ".").first.map(String.init) ?? base
        return stem.isEmpty ? base : stem
    }

    func testEdgeCases() {
        let cases: [(String, String)] = [
            ("Snapshots/Checkout.aria.yml", "Checkout"), ("Home.json", "Home"), ("a/b/", "b"),
            ("", ""), ("///", "///"), ("a/.hidden.json", "hidden"), ("a/...", "..."), ("/x", "x"),
            ("Snapshots/Écran.json", "Écran"), ("a/\u{301}b.json", byCharacters("a/\u{301}b.json")),
        ]
        for (path, name) in cases {
            XCTAssertEqual(SnapshotReader.screenName(for: path), name, path)
        }
    }

    func testRandomPathsAgree() {
        let seed: UInt64 = 0x5C4EE7
        var rng = SeededGenerator(seed: seed)
        let pieces = ["/", ".", "a", "Screen", "json", "é", "\u{301}", "-", "//", ".."]
        var differing = 0
        for _ in 0..<5_000 {
            let path = (0..<Int.random(in: 0...8, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()
            if SnapshotReader.screenName(for: path) != byCharacters(path) {
                differing += 1
                XCTFail("\(path.debugDescription): \(SnapshotReader.screenName(for: path)) vs \(byCharacters(path)); seed \(seed)")
            }
        }
        XCTAssertEqual(differing, 0)
    }
}
