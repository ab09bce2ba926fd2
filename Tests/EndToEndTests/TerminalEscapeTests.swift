import Foundation
import XCTest
import AXTestSupport

/// Text from a snapshot, a commit or a note never reaches the terminal with its control
/// characters: an ESC could retitle the terminal or recolour it, a BEL ring, a CR overwrite
/// the line just printed with a forged one. Each command that prints such text is run on
/// text that holds ESC, BEL and CR, and its output is checked scalar by scalar.
final class TerminalEscapeTests: XCTestCase {
    /// An OSC sequence that retitles a terminal, a BEL, and a CR that would overwrite the line.
    let hostile = "Pay\u{1B}]0;owned\u{07}\rFAKE now"

    /// The control characters in `text` other than line feeds and tabs.
    func controls(_ text: String) -> [String] {
        text.unicodeScalars.filter { $0.properties.generalCategory == .control && $0 != "\n" && $0 != "\t" }
            .map { String(format: "U+%04X", $0.value) }
    }

    func testSpeakLogWatchShowStatusAndErrorsEscapeControlCharacters() throws {
        let repo = try GitFixture(self)
        // In JSON the label's control characters are escapes: \u001B, \u0007, \r.
        let escaped = hostile.unicodeScalars.map { $0.value < 0x20 ? String(format: "\\u%04X", $0.value) : String($0) }.joined()
        let snapshot = screenJSON("Checkout", [("text", "Payment failed"), ("button", escaped), ("button", "Try again")])
        try repo.write(snapshot, "Snapshots/Checkout.json")
        try repo.git(["add", "-A"])
        try repo.git(["commit", "-q", "--cleanup=verbatim", "-m", "Add \(hostile)"])
        let subject = try repo.git(["log", "-1", "--format=%s"])
        XCTAssertTrue(subject.contains("\u{1B}") && subject.contains("\u{07}") && subject.contains("\r"), "git kept the subject as written: \(subject.debugDescription)")

        // speak: one line per stop, the hostile label on its own line, escaped.
        let speak = try CLI.run(["speak", repo.url.appendingPathComponent("Snapshots/Checkout.json").path])
        XCTAssertEqual(speak.code, 0, speak.err)
        XCTAssertEqual(controls(speak.out), [], speak.out.debugDescription)
        let spoken = speak.out.split(separator: "\n")
        XCTAssertEqual(spoken.count, 3, speak.out.debugDescription)
        XCTAssertTrue(spoken.count == 3 && spoken[1].contains("Pay ]0;owned  FAKE now"), speak.out.debugDescription)

        // watch: its log line names the commit by its subject.
        let watch = try CLI.run(["watch", "--repo", repo.path, "--once"])
        XCTAssertEqual(watch.code, 0, watch.err)
        XCTAssertEqual(controls(watch.out), [], watch.out.debugDescription)
        XCTAssertEqual(watch.out.split(separator: "\n").count, 1, watch.out.debugDescription)
        XCTAssertTrue(watch.out.contains("Add Pay ]0;owned  FAKE now"), watch.out.debugDescription)

        // log: one line for the one commit.
        let log = try CLI.run(["log", "--repo", repo.path])
        XCTAssertEqual(log.code, 0, log.err)
        XCTAssertEqual(controls(log.out), [], log.out.debugDescription)
        XCTAssertEqual(log.out.split(separator: "\n").count, 1, log.out.debugDescription)
        XCTAssertTrue(log.out.contains("Add Pay ]0;owned  FAKE now"), log.out.debugDescription)

        // show: a note written by hand, stored with its control characters.
        try repo.git(["notes", "--ref=axdiff", "add", "-f", "-m", "axdiff: 0 errors \(hostile)"])
        let show = try CLI.run(["show", "--repo", repo.path])
        XCTAssertEqual(show.code, 0, show.err)
        XCTAssertEqual(controls(show.out), [], show.out.debugDescription)
        XCTAssertTrue(show.out.contains("axdiff: 0 errors Pay ]0;owned  FAKE now"), show.out.debugDescription)

        // An error naming a file whose name holds them.
        let missing = try CLI.run(["speak", repo.url.appendingPathComponent("No\u{1B}[2J\u{07}\rsuch.json").path])
        XCTAssertEqual(missing.code, 2, missing.err)
        XCTAssertEqual(controls(missing.err), [], missing.err.debugDescription)
        XCTAssertEqual(missing.err.split(separator: "\n").count, 1, missing.err.debugDescription)
    }
}
