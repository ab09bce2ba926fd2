import AXDiff
import AXRecord
import AXSnapshot
import XCTest

/// The web's own rules on a page recorded by a real headless Chromium: an
/// `<img>` without `alt` is `label.missing` and one with `alt=""` is no
/// stop; `target.small` spares the 13 × 13 checkboxes their `<label for>`
/// makes targets and the links inside a sentence, not two 20 px buttons 2 px apart.
final class WebRulesRecordTests: XCTestCase {
    func testRecordedPageIsJudgedByTheWebsRules() throws {
        let recorder = try PageRecorder(chromium: try Fixtures.chromium())
        defer { recorder.close() }
        let page = try recorder.record(Fixtures.url("web-rules"), name: "web-rules")
        let snapshot = page.snapshot
        XCTAssertEqual(snapshot.platform, .web)
        let lint = ScreenDiffer.lint(snapshot, path: "web-rules.json")
        let stops = snapshot.stops.map { "\($0.spoken) \($0.frame.map { "\(Int($0.width))x\(Int($0.height))" } ?? "-")" }
        XCTAssertEqual(lint.changes.filter { $0.kind == .labelMissing }.count, 1, "\(stops)")
        XCTAssertEqual(lint.changes.filter { $0.kind == .labelMissing }.first?.after, "image")
        // A link whose text is its DOM id ("terms") is no leak on the web.
        XCTAssertEqual(snapshot.stops.first { $0.role == .link }?.id, "terms")
        XCTAssertEqual(snapshot.stops.filter { $0.role == .image }.map(\.label), ["", "Ana, designer"], "alt=\"\" hides the divider")
        XCTAssertEqual(lint.changes.filter { $0.kind == .targetSmall }.map(\.elements.first?.id), ["bold", "italic"], "\(stops)")
    }
}
