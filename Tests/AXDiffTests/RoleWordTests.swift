import AXTestSupport
@testable import AXDiff
import AXSnapshot
import XCTest

/// `RoleWord.found` rules labels out by word keys before splitting them; it
/// must find what testing each role word with `containsWords` finds.
final class RoleWordTests: XCTestCase {
    func testFoundAgreesWithContainsWordsOnSeededLabels() {
        var rng = SeededGenerator(seed: 31)
        let pieces = ["Close", "button", "BTN", "btn", "link", "Image", "photo", "text", "field", "textfield", "Search",
                      "switch", "check", "box", "radio", "tab", "heading", "buttons", "Tab", "é", "Ｂutton", " ", ", ", "-", "2"]
        let roles: [Role] = [.button, .link, .image, .textField, .searchField, .toggle, .checkbox, .radio, .slider, .tab, .heading, .text]
        var (tested, found) = (0, 0)
        for trial in 0..<5_000 {
            let label = (0..<Int.random(in: 0...4, using: &rng)).map { _ in pieces.randomElement(using: &rng) ?? "" }.joined(separator: " ")
            let role = roles.randomElement(using: &rng) ?? .button
            guard let stop = S.screen([Node(role: role, label: label)]).stops.first else { continue }
            XCTAssertEqual(stop.role, role)
            // A meaningless label (the SF Symbol name "link", "photo") is reported
            // as such, never also for its role word.
            let expected = label.isEmpty || LabelQuality.isMeaningless(stop) ? nil : role.roleWords.first { LabelText.containsWords(label, $0) }
            XCTAssertEqual(RoleWord.found(in: stop), expected, "trial \(trial): \(role) \(label.debugDescription)")
            tested += 1
            if expected != nil { found += 1 }
        }
        // Not vacuous: most labels are tested, and a fair share hold a role word.
        XCTAssertGreaterThan(tested, 4_000)
        XCTAssertGreaterThan(found, 200)
    }
}
