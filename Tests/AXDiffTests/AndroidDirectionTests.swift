import AXDiff
import AXSnapshot
import XCTest

/// Android dumps: the layout direction inferred (locale in the path, script
/// of the labels, mirrored rows) and pixels read as dp, so that reading order
/// and target sizes are judged as on any other platform.
final class AndroidDirectionTests: XCTestCase {
    /// One `<node>` as `uiautomator dump` writes it, every attribute present.
    struct N {
        var cls: String
        var text = ""
        var desc = ""
        var id = ""
        var clickable = false
        var checkable = false
        var bounds: (Int, Int, Int, Int)
        var children: [N] = []

        func xml(index: Int, package: String) -> String {
            func esc(_ s: String) -> String {
                s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;")
                    .replacingOccurrences(of: "<", with: "&lt;")
            }
            let (x1, y1, x2, y2) = bounds
            let head = "<node index=\"\(index)\" text=\"\(esc(text))\" resource-id=\"\(id)\" class=\"\(cls)\" package=\"\(package)\" "
                + "content-desc=\"\(esc(desc))\" checkable=\"\(checkable)\" checked=\"false\" clickable=\"\(clickable)\" enabled=\"true\" "
                + "focusable=\"\(clickable || checkable)\" focused=\"false\" scrollable=\"false\" long-clickable=\"false\" password=\"false\" "
                + "selected=\"false\" bounds=\"[\(x1),\(y1)][\(x2),\(y2)]\" drawing-order=\"\(index + 1)\" hint=\"\""
            if children.isEmpty { return head + " />" }
            return head + ">" + children.enumerated().map { $1.xml(index: $0, package: package) }.joined() + "</node>"
        }
    }

    /// A whole dump: a 1080 × 2400 px phone, the app's content under the action bar.
    static func dump(_ content: [N], package: String = "com.example.settings") -> String {
        let list = N(cls: "androidx.recyclerview.widget.RecyclerView", id: "\(package):id/recycler", bounds: (0, 220, 1080, 2274), children: content)
        let bar = N(cls: "android.widget.TextView", text: content.isEmpty ? "" : "הגדרות", id: "\(package):id/title", bounds: (0, 66, 1080, 220))
        let root = N(cls: "android.widget.FrameLayout", bounds: (0, 0, 1080, 2400), children: [
            N(cls: "android.widget.LinearLayout", id: "\(package):id/action_bar_root", bounds: (0, 66, 1080, 2274), children: [bar, list]),
        ])
        return "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation=\"0\">" + root.xml(index: 0, package: package) + "</hierarchy>"
    }

    /// About-phone rows of a Hebrew screen: a title and its value. Stacked
    /// puts the value under the title; otherwise they share a row, the title
    /// at the start edge (`rtl`: the right).
    static func rows(_ pairs: [(String, String)], stacked: Bool, rtl: Bool = true, nudge: Int = 0) -> [N] {
        pairs.enumerated().map { i, pair in
            let top = 260 + i * 190
            let title: (Int, Int, Int, Int), value: (Int, Int, Int, Int)
            if stacked {
                title = (42, top, 1038, top + 60)
                value = (42, top + 70, 1038, top + 120)
            } else {
                title = rtl ? (560, top + nudge, 1038, top + 60 + nudge) : (42, top + nudge, 520, top + 60 + nudge)
                value = rtl ? (42, top, 520, top + 60) : (560, top, 1038, top + 60)
            }
            return N(cls: "android.widget.LinearLayout", bounds: (0, top - 20, 1080, top + 150), children: [
                N(cls: "android.widget.TextView", text: pair.0, id: "com.example.settings:id/title", bounds: title),
                N(cls: "android.widget.TextView", text: pair.1, id: "com.example.settings:id/summary", bounds: value),
            ])
        }
    }

    static let about = [("גרסת אנדרואיד", "14"), ("מספר דגם", "Pixel 8"), ("גרסת פס בסיס", "g5300q"), ("מספר Build", "AP2A.240905"), ("עדכון אבטחה", "5 בספטמבר 2024")]

    func read(_ xml: String, _ path: String) throws -> Snapshot {
        try SnapshotReader.read(Array(xml.utf8), file: path)
    }

    func diff(_ old: Snapshot, _ new: Snapshot) -> ScreenDiff {
        ScreenDiffer.diff(old: old, new: new, path: "screens/about.xml", policy: DiffPolicy())
    }

    func orderKinds(_ d: ScreenDiff) -> [ChangeKind] {
        d.kinds().filter { [.orderRegressed, .orderChanged, .orderImproved].contains($0) }
    }

    /// A Hebrew screen that mirrors correctly: the values moved beside their
    /// titles, on the left. Read right to left, nothing is out of order.
    func testMirroredHebrewScreenHasNoRegression() throws {
        let old = try read(Self.dump(Self.rows(Self.about, stacked: true)), "screens/about.xml")
        let new = try read(Self.dump(Self.rows(Self.about, stacked: false)), "screens/about.xml")
        XCTAssertEqual(new.layoutDirection, .rtl, "the labels are Hebrew")
        XCTAssertEqual(new.locale, nil)
        XCTAssertEqual(orderKinds(diff(old, new)), [], "\(diff(old, new).changes.map(\.message))")
        // Read left to right, the same dumps break every row.
        var (ltrOld, ltrNew) = (old, new)
        ltrOld.layoutDirection = .ltr
        ltrNew.layoutDirection = .ltr
        XCTAssertEqual(diff(ltrOld, ltrNew).all(.orderRegressed).count, 5)
    }

    /// A chip row forced back to left to right on a right-to-left screen.
    func testChipRowForcedLeftToRightIsARegression() throws {
        func chips(mirrored: Bool) -> [N] {
            let names = ["הכול", "שמע", "תצוגה"]
            let row = names.enumerated().map { i, name -> N in
                let x = mirrored ? 1038 - (i + 1) * 300 : 42 + i * 300
                return N(cls: "com.google.android.material.chip.Chip", text: name, id: "com.example.settings:id/chip", clickable: true,
                         checkable: true, bounds: (x, 260, x + 280, 380))
            }
            return [N(cls: "com.google.android.material.chip.ChipGroup", bounds: (0, 240, 1080, 400), children: row)]
                + Self.rows(Self.about, stacked: false).map { var r = $0; r.bounds.1 += 300; r.bounds.3 += 300; return r }
        }
        let old = try read(Self.dump(chips(mirrored: true)), "screens/about.xml")
        let new = try read(Self.dump(chips(mirrored: false)), "screens/about.xml")
        XCTAssertEqual([old.layoutDirection, new.layoutDirection], [.rtl, .rtl])
        let d = diff(old, new)
        XCTAssertEqual(orderKinds(d), [.orderRegressed, .orderRegressed], "\(d.changes.map(\.message))")
        XCTAssertEqual(d.all(.orderImproved).count, 0)
    }

    /// A theme nudging titles 9 px (3.4 dp at 2.625 px per dp) stays in the row; 30 px (11.4 dp) does not.
    func testPixelNudgeIsJudgedInDP() throws {
        let old = try read(Self.dump(Self.rows(Self.about, stacked: false)), "screens/about.xml")
        let nudged = try read(Self.dump(Self.rows(Self.about, stacked: false, nudge: 9)), "screens/about.xml")
        XCTAssertEqual(diff(old, nudged).changes.count, 0, "\(diff(old, nudged).changes.map(\.message))")
        let moved = try read(Self.dump(Self.rows(Self.about, stacked: false, nudge: 30)), "screens/about.xml")
        XCTAssertEqual(diff(old, moved).all(.orderRegressed).count, 5)
        let title = try XCTUnwrap(old.stops.first { $0.label == "גרסת אנדרואיד" }?.frame)
        XCTAssertEqual(title.y, 260 / 2.625, accuracy: 1e-9, "pixels read as dp")
    }

    /// Which evidence wins: the locale in the path, then the script, then the geometry.
    func testDirectionEvidenceOrder() throws {
        let hebrew = Self.dump(Self.rows(Self.about, stacked: false))
        XCTAssertEqual(try read(hebrew, "screens/he/about.xml").layoutDirection, .rtl)
        XCTAssertEqual(try read(hebrew, "screens/he/about.xml").locale, "he")
        XCTAssertEqual(try read(hebrew, "screens/en-US/about.xml").layoutDirection, .ltr, "the path's locale wins over the script")
        let english = Self.dump(Self.rows([("Android version", "14"), ("Model", "Pixel 8")], stacked: false, rtl: false))
        XCTAssertEqual(try read(english, "screens/ar/about.xml").layoutDirection, .rtl)
        XCTAssertEqual(try read(english, "screens/about.xml").layoutDirection, .ltr)
        // No locale, no words: the mirrored rows decide.
        func numbers(rtl: Bool) -> String {
            Self.dump(Self.rows([("1", "2"), ("3", "4"), ("5", "6")], stacked: false, rtl: rtl)).replacingOccurrences(of: "הגדרות", with: "")
        }
        XCTAssertEqual(try read(numbers(rtl: true), "screens/about.xml").layoutDirection, .rtl)
        XCTAssertEqual(try read(numbers(rtl: false), "screens/about.xml").layoutDirection, .ltr)
    }

    /// `target.small` on Android, in dp: 96 px is 36.6 dp; 126 px is 48 dp.
    func testSmallTargetsInDP() throws {
        func screen(_ side: Int) -> String {
            Self.dump([N(cls: "android.widget.ImageButton", desc: "שתף", id: "com.example.settings:id/share", clickable: true,
                         bounds: (900, 260, 900 + side, 260 + side))])
        }
        let empty = try read(Self.dump([]), "screens/share.xml")
        let small = diff(empty, try read(screen(96), "screens/share.xml"))
        XCTAssertEqual(small.all(.targetSmall).map(\.after), ["36.6 × 36.6 dp"])
        XCTAssertEqual(small.first(.targetSmall)?.message, "\"שתף\" is 36.6 × 36.6 dp, smaller than the 48 × 48 dp minimum target on Android")
        XCTAssertEqual(diff(empty, try read(screen(126), "screens/share.xml")).all(.targetSmall).count, 0)
    }
}
