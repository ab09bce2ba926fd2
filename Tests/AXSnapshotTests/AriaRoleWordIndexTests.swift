import XCTest
@testable import AXSnapshot

/// A role word found by its bytes (`AriaRole.named(_: UnsafeBufferPointer)`)
/// means what the same word means as a `String` (`AriaRole.named(_: String)`),
/// and comes back as the same text.
final class AriaRoleWordIndexTests: XCTestCase {
    static func fields(_ role: AriaRole) -> String {
        "\(role.kind) \(role.role) \(role.platformRole ?? "nil") \(role.inlineIsValue) \(role.keepsOwnStop)"
    }

    func testEveryWordInEveryCaseAndNearMissesMeanWhatTheirTextMeans() {
        var words = AriaRole.knownWords
        words += AriaRole.knownWords.map { $0.uppercased() }
        words += AriaRole.knownWords.map { $0.prefix(1).uppercased() + $0.dropFirst() }
        words += AriaRole.knownWords.map { $0 + "s" }
        words += AriaRole.knownWords.map { String($0.dropLast()) }
        words += ["x", "Z", "a1", "button_", "BUTTON-", String(repeating: "a", count: 40), String(repeating: "B", count: 33), "graphics-DOCUMENT"]
        for word in words where !word.isEmpty {
            let (role, text) = Array(word.utf8).withUnsafeBufferPointer { AriaRole.named($0) }
            XCTAssertEqual(text, word)
            XCTAssertEqual(Self.fields(role), Self.fields(AriaRole.named(word)), word)
            // Read from a line, with bytes before and after it (eight and more
            // after, fewer, none), as a word is read eight bytes at a time.
            for after in ["", " ", ":", " \"x\"", "  \"a name\" [level=2]:", "_a", "s\n- button"] {
                let line = Array(("- " + word + after).utf8)
                let (lineRole, lineText) = line.withUnsafeBufferPointer { AriaRole.named(2..<(2 + word.utf8.count), in: $0) }
                XCTAssertEqual(lineText, word)
                XCTAssertEqual(Self.fields(lineRole), Self.fields(role), "\(word) followed by \(after.debugDescription)")
            }
        }
    }
}
