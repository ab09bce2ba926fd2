import AXDiff
import AXSnapshot
import XCTest

/// `target.small` from Mystery Icon: "A named icon button still needs a 44 × 44 pt hit area."
final class TargetSmallTests: XCTestCase {
    func icon(_ side: Double, id: String = "share", label: String = "Share receipt") -> Node {
        Node(id: id, role: .button, label: label, frame: Frame(x: 300, y: 10, width: side, height: side))
    }

    /// The nodes' frames are given in the platform's unit, as a reader gives them.
    func diff(_ old: [Node], _ new: [Node], platform: Platform = .ios, format: SnapshotFormat = .axsnapshot) -> ScreenDiff {
        func inUnit(_ nodes: [Node]) -> [Node] {
            nodes.map { node in
                var node = node
                node.frame?.unit = platform.frameUnit
                return node
            }
        }
        let a = Snapshot(screen: "Receipt", platform: platform, elements: inUnit(old), format: format)
        let b = Snapshot(screen: "Receipt", platform: platform, elements: inUnit(new), format: format)
        return ScreenDiffer.diff(old: a, new: b, path: "Snapshots/Receipt.json")
    }

    func testANewIconButtonBelow44PointsIsAWarning() {
        let title = S.text("Receipt", id: "title")
        let d = diff([title], [title, icon(24)])
        let small = d.all(.targetSmall)
        XCTAssertEqual(small.count, 1)
        XCTAssertEqual(small.first?.severity, .warning)
        XCTAssertEqual(small.first?.wcag, ["2.5.8"])
        XCTAssertEqual(small.first?.elements.map(\.id), ["share"])
        XCTAssertEqual(small.first?.after, "24 × 24 pt")
        XCTAssertEqual(small.first?.message, "\"Share receipt\" is 24 × 24 pt, smaller than the 44 × 44 pt minimum target on iOS")
        XCTAssertTrue(diff([title], [title, icon(44)]).all(.targetSmall).isEmpty)
        // Too narrow is enough.
        let narrow = Node(id: "x", role: .button, label: "Close", frame: Frame(x: 0, y: 0, width: 30, height: 60))
        XCTAssertEqual(diff([title], [title, narrow]).all(.targetSmall).count, 1)
    }

    func testAControlThatShrankBelowTheMinimumSaysFromWhat() {
        let d = diff([icon(44)], [icon(30.5)])
        XCTAssertEqual(d.all(.targetSmall).count, 1)
        XCTAssertEqual(d.first(.targetSmall)?.before, "44 × 44 pt")
        XCTAssertEqual(d.first(.targetSmall)?.message, "\"Share receipt\" shrank from 44 × 44 pt to 30.5 × 30.5 pt, below the 44 × 44 pt minimum target on iOS")
    }

    func testATargetAlreadySmallIsNotReportedAgain() {
        XCTAssertTrue(diff([icon(30)], [icon(28)]).changes.isEmpty)
        XCTAssertTrue(diff([icon(30)], [icon(30)]).changes.isEmpty)
        // Nor a control whose old frame is unknown, nor an unmeasured (zero) frame, nor text.
        XCTAssertTrue(diff([Node(id: "share", role: .button, label: "Share receipt")], [icon(20)]).changes.isEmpty)
        XCTAssertTrue(diff([], [icon(0)]).all(.targetSmall).isEmpty)
        XCTAssertTrue(diff([], [Node(role: .text, label: "Tiny", frame: Frame(x: 0, y: 0, width: 10, height: 10))]).all(.targetSmall).isEmpty)
        // A search field drawn 36 pt high, as iOS draws a search bar's, is the field's whole hit area.
        XCTAssertTrue(diff([], [Node(role: .searchField, label: "Search", frame: Frame(x: 16, y: 0, width: 343, height: 36))]).all(.targetSmall).isEmpty)
    }

    func testEachPlatformHasItsMinimum() {
        XCTAssertEqual(diff([], [icon(40)], platform: .android).first(.targetSmall)?.after, "40 × 40 dp")
        XCTAssertTrue(diff([], [icon(48)], platform: .android).all(.targetSmall).isEmpty)
        // A uiautomator dump's pixels are dp once read (`AndroidDensity`): judged as any Android snapshot.
        XCTAssertEqual(diff([], [icon(40)], platform: .android, format: .uiautomator).first(.targetSmall)?.after, "40 × 40 dp")
        // On the web a neighbouring target 2 px away rules out WCAG 2.5.8's spacing exception.
        let crowded = Node(id: "print", role: .button, label: "Print", frame: Frame(x: 322, y: 10, width: 20, height: 20))
        XCTAssertEqual(diff([], [icon(20), crowded], platform: .web).first(.targetSmall)?.message,
                       "\"Share receipt\" is 20 × 20 CSS px, smaller than the 24 × 24 CSS px minimum target on the web")
        XCTAssertTrue(diff([], [icon(24), crowded.with(width: 24)], platform: .web).all(.targetSmall).isEmpty)
        XCTAssertTrue(diff([], [icon(10)], platform: .other).all(.targetSmall).isEmpty)
    }

    /// A frame carries its unit: one not in its platform's unit (device pixels on Android, a
    /// frame in points on the web) is never held to that platform's minimum.
    func testAFrameInAnotherUnitIsNotJudged() {
        let pixels = Snapshot(screen: "Receipt", platform: .android,
                              elements: [Node(id: "share", role: .button, label: "Share", frame: Frame(x: 0, y: 0, width: 40, height: 40, unit: .devicePixels))])
        XCTAssertTrue(ScreenDiffer.lint(pixels, path: "Receipt.json").all(.targetSmall).isEmpty)
        var dp = pixels
        dp.elements[0].frame?.unit = .dp
        XCTAssertEqual(ScreenDiffer.lint(dp, path: "Receipt.json").all(.targetSmall).map(\.elements.first?.id), ["share"])
    }

    /// Each reader gives its frames in its platform's unit: a uiautomator dump's device pixels become dp.
    func testReadersGiveFramesInTheirPlatformsUnit() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?><hierarchy rotation="0"><node index="0" text="Share" class="android.widget.Button" clickable="true" bounds="[0,0][1080,126]" /></hierarchy>
            """
        let dump = try SnapshotReader.read(Array(xml.utf8), file: "Receipt.xml")
        XCTAssertEqual(dump.stops.first?.frame?.unit, .dp)
        let json = #"{"axsnapshot": 1, "elements": [{"role": "button", "label": "Go", "frame": [0, 0, 20, 20]}], "platform": "web"}"#
        XCTAssertEqual(try SnapshotReader.read(Array(json.utf8), file: "Go.json").stops.first?.frame?.unit, .cssPixels)
        let aria = try SnapshotReader.read(Array("- button \"Go\" [box=10,20,30,40]\n".utf8), file: "Go.aria.yml")
        XCTAssertEqual(aria.stops.first?.frame?.unit, .cssPixels)
    }

    func testLintReportsEverySmallControl() {
        let snapshot = Snapshot(screen: "Toolbar", platform: .ios, elements: [icon(24, id: "a", label: "Share"), icon(44, id: "b", label: "Close"), icon(32, id: "c", label: "Favorite")])
        let d = ScreenDiffer.lint(snapshot, path: "Toolbar.json")
        XCTAssertEqual(d.all(.targetSmall).map(\.elements.first?.id), ["a", "c"])
    }
}

private extension Node {
    func with(width: Double) -> Node {
        var copy = self
        copy.frame?.width = width
        copy.frame?.height = width
        copy.frame?.x = 326
        return copy
    }
}
