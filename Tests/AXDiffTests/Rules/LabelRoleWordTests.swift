import AXDiff
import AXSnapshot
import XCTest

/// `label.role-word` (Rules/LabelRoleWord.swift): a label now contains its
/// role word, so VoiceOver says "Close button, button".
final class LabelRoleWordTests: XCTestCase {
    func testALabelThatGainedItsRoleWord() {
        let d = S.diff([S.button("Close", id: "c")], [S.button("Close button", id: "c")])
        let found = d.all(.labelRoleWord)
        XCTAssertEqual(found.count, 1, "\(d.changes.map(\.message))")
        XCTAssertEqual(found.first?.severity, .warning)
        XCTAssertEqual(found.first?.wcag, ["4.1.2"])
        XCTAssertEqual(found.first?.after, "Close button, button")
        XCTAssertEqual(found.first?.message, "\"Close button\" repeats the word \"button\"; VoiceOver says \"Close button, button\"")
        XCTAssertEqual(d.kinds().sorted(), [.labelChanged, .labelRoleWord])
    }

    func testANewStopWithItsRoleWordAndWordsThatOnlyContainIt() {
        let d = S.diff([S.text("Title")], [S.text("Title"), Node(role: .link, label: "Privacy link")])
        XCTAssertEqual(d.all(.labelRoleWord).map(\.elements.first?.label), ["Privacy link"])
        XCTAssertNil(S.diff([S.text("Title")], [S.text("Title"), S.button("Buttonhole")]).first(.labelRoleWord))
        // Already there before: not new.
        XCTAssertNil(S.diff([S.button("Close button")], [S.button("Close button")]).first(.labelRoleWord))
    }
}
