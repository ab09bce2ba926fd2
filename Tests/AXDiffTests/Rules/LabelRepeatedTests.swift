import AXDiff
import AXSnapshot
import XCTest

/// `label.repeated` from the XCUITest seed ("a loose contains check can let
/// duplicated text such as Sign in, Sign in pass") and SwiftUI images ("your
/// VoiceOver users would hear 'error' twice").
final class LabelRepeatedTests: XCTestCase {
    func testSignInSaidTwiceByLabelAndValueFromAnXCUITestDump() throws {
        let dump = """
            Attributes: Application, pid: 4242, label: 'Demo'
            Element subtree:
             →Application, 0x600, pid: 4242, label: 'Demo'
                Button, 0x601, {{16.0, 400.0}, {358.0, 50.0}}, identifier: 'sign_in_button', label: 'Sign in'
            """
        let repeated = dump.replacingOccurrences(of: "label: 'Sign in'", with: "label: 'Sign in', value: Sign in")
        let old = try SnapshotReader.read(Array(dump.utf8), file: "SignIn.txt")
        let new = try SnapshotReader.read(Array(repeated.utf8), file: "SignIn.txt")
        let d = ScreenDiffer.diff(old: old, new: new, path: "SignIn.txt")
        let found = d.all(.labelRepeated)
        XCTAssertEqual(found.count, 1, "\(d.changes.map(\.message))")
        XCTAssertEqual(found.first?.severity, .warning)
        XCTAssertEqual(found.first?.wcag, ["1.3.1"])
        XCTAssertEqual(found.first?.elements.map(\.id), ["sign_in_button"])
        XCTAssertEqual(found.first?.message, "VoiceOver says \"Sign in\" twice on one stop: \"Sign in, Sign in, button\"")
    }

    func testAnErrorIconCombinedWithItsTextSaysErrorTwice() {
        let combined = Node(id: "error", role: .text, element: true, children: [S.image("Error"), S.text("Error")])
        let d = S.diff([S.text("Payment")], [S.text("Payment"), combined])
        XCTAssertEqual(d.all(.labelRepeated).map(\.elements.first?.id), ["error"])
        XCTAssertEqual(d.all(.labelRepeated).first?.after, "Error, Error")
        // Said once (the icon hidden, as the seed fixes it): nothing.
        let fixed = Node(id: "error", role: .text, element: true, children: [S.image("Error", hidden: true), S.text("Error")])
        XCTAssertTrue(S.diff([S.text("Payment")], [S.text("Payment"), fixed]).all(.labelRepeated).isEmpty)
    }

    func testNamesThatOnlyLookRepeatedAndOldRepeatsAreLeftAlone() {
        for label in ["Bora Bora", "Walla Walla, Washington", "$4.50, $4.50", "1, 1", "Sign in", "Sign in to sign in"] {
            XCTAssertTrue(S.diff([], [S.text(label)]).all(.labelRepeated).isEmpty, label)
        }
        XCTAssertEqual(S.diff([], [S.button("Sign in Sign in")]).all(.labelRepeated).count, 1)
        XCTAssertEqual(S.diff([], [S.text("Order 1042, Delivered, delivered")]).all(.labelRepeated).count, 1)
        // Already repeated before: not reported again when something else about it changes.
        let old = [Node(id: "s", role: .button, label: "Sign in, Sign in")]
        let new = [Node(id: "s", role: .button, label: "Sign in, Sign in", value: "dimmed")]
        XCTAssertTrue(S.diff(old, new).all(.labelRepeated).isEmpty)
    }
}
