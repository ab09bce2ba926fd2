import AXDiff
import AXSnapshot
import XCTest

/// Labels judged per platform (DESIGN §5, "Judged per platform"): the cases
/// the real ARIA histories and seed 004 raised, with their exact counts.
final class PlatformLabelTests: XCTestCase {
    func diff(_ old: [Node], _ new: [Node], platform: Platform) -> ScreenDiff {
        ScreenDiffer.diff(old: Snapshot(screen: "Screen", platform: platform, elements: old),
                          new: Snapshot(screen: "Screen", platform: platform, elements: new),
                          path: "Snapshots/Screen.json", policy: DiffPolicy())
    }

    func aria(_ yaml: String) throws -> Snapshot {
        try SnapshotReader.read(Array(yaml.utf8), file: "e2e/page.spec.ts-snapshots/aria.yml")
    }

    /// 45 buttons named by plain words that are also SF Symbol names: words on
    /// the web and Android, symbol names leaking from iOS.
    func testSymbolWordsAreNamesOnTheWebAndAndroidButNotOnIOS() {
        let words = ["clear", "forward", "network"]
        let buttons = (0..<45).map { i in Node(id: "b\(i)", role: .button, label: words[i % 3]) }
        for (platform, missing) in [(Platform.web, 0), (.android, 0), (.ios, 45)] {
            let d = diff([S.text("Toolbar")], [S.text("Toolbar")] + buttons, platform: platform)
            XCTAssertEqual(d.all(.labelMissing).count, missing, "\(platform)")
        }
        // On iOS a text that reads "network" is copy, not a leaked symbol.
        let text = diff([S.text("Toolbar")], [S.text("Toolbar"), S.text("network")], platform: .ios)
        XCTAssertEqual(text.kinds(), [.stopAdded])
    }

    /// crates.io: the commit hid the decorative "#" of an anchor link.
    func testAnchorLinkLosingItsHashIsNoLostLabel() throws {
        let old = try aria("- link \"# network\":\n  - /url: \"#network\"\n- heading \"network\" [level=2]\n")
        let new = try aria("- link \"network\":\n  - /url: \"#network\"\n- heading \"network\" [level=2]\n")
        XCTAssertEqual(old.platform, .web)
        let d = ScreenDiffer.diff(old: old, new: new, path: "aria.yml", policy: DiffPolicy())
        XCTAssertEqual(d.all(.labelLost).count, 0, "\(d.changes.map(\.message))")
        XCTAssertEqual(d.all(.labelChanged).map(\.after), ["network"])
    }

    /// A domain and crate names in links and text are content (39 of one
    /// commit's 41 errors were these).
    func testDomainsAndPackageNamesAreContent() throws {
        let old = try aria("- heading \"Crates\" [level=1]\n")
        let new = try aria("""
        - heading "Crates" [level=1]
        - link "crates.io":
          - /url: /
        - link "quickcheck_macros":
          - /url: /crates/quickcheck_macros
        - text: serde_json docs.rs
        - button "Copy quickcheck_macros"
        """)
        let d = ScreenDiffer.diff(old: old, new: new, path: "aria.yml", policy: DiffPolicy())
        XCTAssertEqual(d.all(.labelMissing).count, 0, "\(d.changes.map(\.message))")
        XCTAssertEqual(d.all(.stopAdded).count, 4)
        // The same names are content on iOS too; a button named like an identifier is not.
        let ios = diff([S.text("Crates")], [S.text("Crates"), Node(role: .link, label: "crates.io"),
                                            Node(role: .text, label: "quickcheck_macros"), S.button("sign_in_button")], platform: .ios)
        XCTAssertEqual(ios.all(.labelMissing).map(\.elements.first?.label), ["sign_in_button"])
    }

    /// An image with no name at all is `label.missing` on the web; elsewhere
    /// an unlabelled image is decorative.
    func testUnnamedWebImageIsMissingItsLabel() throws {
        let old = try aria("- heading \"Team\" [level=1]\n")
        // A photo grid: one photo without a name, one with.
        let new = try aria("""
        - heading "Team" [level=1]
        - list:
          - listitem:
            - img
          - listitem:
            - img "Avatar of Ana"
        """)
        let d = ScreenDiffer.diff(old: old, new: new, path: "aria.yml", policy: DiffPolicy())
        XCTAssertEqual(d.all(.labelMissing).count, 1, "\(d.changes.map(\.message))")
        XCTAssertEqual(d.first(.labelMissing)?.severity, .error)
        XCTAssertEqual(d.first(.labelMissing)?.wcag, ["4.1.2", "1.1.1"])
        XCTAssertEqual(d.all(.stopDecorative).count, 0)
        // Removing it again is an improvement.
        let back = ScreenDiffer.diff(old: new, new: old, path: "aria.yml", policy: DiffPolicy())
        XCTAssertEqual(back.all(.stopRemoved).filter(\.improvement).map(\.message), ["the unlabelled image at stop 2 no longer takes a swipe"])
        // crates.io's unnamed icons, each read just before its figure or
        // link: decorations of that stop (hide them), not missing names.
        let stats = try aria("""
        - heading "Team" [level=1]
        - listitem:
          - img
          - link "MIT"
          - text: "All-Time: 1,234"
          - img
          - text: "Recent: 56"
        """)
        let s = ScreenDiffer.diff(old: old, new: stats, path: "aria.yml", policy: DiffPolicy())
        XCTAssertEqual(s.all(.labelMissing).count, 0, "\(s.changes.map(\.message))")
        XCTAssertEqual(s.all(.stopDecorative).count, 2)
        // Pagination arrows either side of the list of pages.
        let pages = try aria("""
        - heading "Team" [level=1]
        - navigation "Pagination navigation":
          - img
          - list:
            - listitem:
              - link "1"
            - listitem:
              - link "2"
          - img
        """)
        let p = ScreenDiffer.diff(old: old, new: pages, path: "aria.yml", policy: DiffPolicy())
        XCTAssertEqual(p.all(.labelMissing).count, 0, "\(p.changes.map(\.message))")
        XCTAssertEqual(p.all(.stopDecorative).count, 2)
        let ios = diff([S.text("Team")], [S.text("Team"), S.image()], platform: .ios)
        XCTAssertEqual(ios.all(.stopDecorative).count, 1)
        XCTAssertEqual(ios.all(.labelMissing).count, 0)
    }

    /// The asset name of the element's own image, in any case.
    func testImageNameLeakIgnoresCase() {
        for label in ["historyLarge", "historylarge", "HistoryLarge"] {
            XCTAssertTrue(LabelQuality.isMeaningless(label, imageNames: ["historyLarge"], role: .button, platform: .ios), label)
        }
        XCTAssertTrue(LabelQuality.isMeaningless("historyLarge", imageNames: ["HISTORYLARGE"], role: .button, platform: .ios))
        XCTAssertFalse(LabelQuality.isMeaningless("History", imageNames: ["historyLarge"], role: .button, platform: .ios))
        XCTAssertFalse(LabelQuality.isMeaningless("News", imageNames: ["news"], role: .button, platform: .ios), "copy")
        let lost = diff([Node(id: "h", role: .button, label: "History", element: true, children: [Node(id: "historyLarge", role: .image)])],
                        [Node(id: "h", role: .button, label: "HistoryLarge", element: true, children: [Node(id: "historyLarge", role: .image)])],
                        platform: .ios)
        XCTAssertEqual(lost.all(.labelLost).map(\.elements.first?.label), ["HistoryLarge"])
    }

    /// Where each heuristic applies, by role and platform.
    func testHeuristicsByRoleAndPlatform() {
        // (label, role, platform, meaningless)
        let table: [(String, Role, Platform, Bool)] = [
            ("crates.io", .link, .web, false), ("crates.io", .text, .web, false), ("crates.io", .button, .web, false),
            ("square.and.arrow.up", .button, .ios, true), ("square.and.arrow.up", .button, .web, false),
            ("magnifyingglass", .image, .ios, true), ("magnifyingglass", .image, .android, false),
            ("magnifyingglass", .text, .ios, false), ("heart", .button, .other, true),
            ("quickcheck_macros", .link, .web, false), ("quickcheck_macros", .heading, .web, false),
            ("ic_close", .button, .android, true), ("ic_close", .image, .web, true), ("icClose", .button, .web, true),
            ("photo.png", .image, .web, true), ("Report.pdf", .link, .web, false),
            // Content: only an asset prefix leaks into it, and not on the web.
            ("ic_cart_24", .text, .ios, true), ("icClose", .cell, .ios, true), ("ic_cart_24", .text, .android, true),
            ("ic_cart_24", .text, .web, false), ("quickcheck_macros", .text, .ios, false), ("image_compare", .link, .web, false),
            ("pkg:cargo/serde@1.0.0?repository_url=https%3A%2F%2Flocalhost%3A4173%2F", .button, .web, false),
            ("icons/ic_close.png", .image, .web, true), ("square.and.arrow.up", .image, .ios, true),
        ]
        for (label, role, platform, expected) in table {
            XCTAssertEqual(LabelQuality.isMeaningless(label, role: role, platform: platform), expected, "\(label) \(role) \(platform)")
        }
    }
}
