@testable import AXSnapshot
import AXTestSupport
import XCTest

/// `SnapshotReader.screenName` reads ASCII paths on their bytes; it must name every path
/// as the splitting by `Character` it replaces does.
final class ScreenNameTests: XCTestCase {
    /// The definition: the last non-empty segment, then its first non-empty piece between dots;
    /// a generic one named after its directory (`ScreenName`).
    private func byCharacters(_ file: String) -> String {
        let base = file.split(separator: "/").last.map(String.init) ?? file
        let stem = base.split(separator: ".").first.map(String.init) ?? base
        return stem.isEmpty ? base : ScreenName.name(stem: stem, path: file)
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

    /// 18 screens of one repository were all "aria": a generic file name takes its directory's.
    func testGenericFileNamesTakeTheNearestMeaningfulDirectory() {
        let cases: [(String, String)] = [
            ("e2e/acceptance/404.spec.ts-snapshots/aria.yml", "404"),
            ("e2e/acceptance/settings/settings.spec.ts-snapshots/aria.yml", "settings"),
            ("e2e/acceptance/categories.spec.ts-snapshots/aria-detail.yml", "categories-detail"),
            ("e2e/acceptance/support.spec.ts-snapshots/aria-list.yml", "support-list"),
            ("playwright/__snapshots__/aria-components-buttons-button--default.yml", "aria-components-buttons-button--default"),
            ("Snapshots/SignIn/es/snapshot.yml", "SignIn"),
            ("screens/login/window_dump.xml", "login"),
            ("site/checkout/index.aria.yml", "checkout"),
            ("Snapshots/es.lproj/Checkout.txt", "Checkout"),
            ("snapshots/aria.yml", "aria"), ("index.json", "index"), ("Snapshots/Screen.json", "Screen"),
        ]
        for (path, name) in cases {
            XCTAssertEqual(SnapshotReader.screenName(for: path), name, path)
        }
    }

    func testRandomPathsAgree() {
        let seed: UInt64 = 0x5C4EE7
        var rng = SeededGenerator(seed: seed)
        let pieces = ["/", ".", "a", "Screen", "json", "é", "\u{301}", "-", "//", "..", "aria", "es", "aria-x", "__snapshots__"]
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
