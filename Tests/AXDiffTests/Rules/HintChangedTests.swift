import AXDiff
import AXSnapshot
import XCTest

/// `hint.changed`: what VoiceOver says after the pause.
final class HintChangedTests: XCTestCase {
    func field(_ hint: String?) -> Node { Node(id: "email", role: .textField, label: "Email address", hint: hint) }

    func testAHintThatAppearsChangesOrVanishesIsANote() {
        let cases: [(String?, String?, String)] = [
            (nil, "name@example.com", "\"Email address\" now has the hint \"name@example.com\""),
            ("name@example.com", "you@example.com", "hint of \"Email address\" changed from \"name@example.com\" to \"you@example.com\""),
            ("name@example.com", nil, "\"Email address\" lost its hint \"name@example.com\""),
        ]
        for (before, after, message) in cases {
            let d = S.diff([field(before), S.button("Sign in")], [field(after), S.button("Sign in")])
            XCTAssertEqual(d.changes.count, 1, "\(d.changes.map(\.message))")
            XCTAssertEqual(d.first(.hintChanged)?.severity, .note)
            XCTAssertEqual(d.first(.hintChanged)?.message, message)
            XCTAssertEqual(d.first(.hintChanged)?.before, before)
            XCTAssertEqual(d.first(.hintChanged)?.after, after)
            XCTAssertEqual(d.first(.hintChanged)?.elements.map(\.id), ["email"])
        }
    }

    func testTheSameHintInOtherCaseIsNoChange() {
        XCTAssertTrue(S.diff([field("Double tap to edit")], [field("double tap  to edit")]).changes.isEmpty)
    }
}
