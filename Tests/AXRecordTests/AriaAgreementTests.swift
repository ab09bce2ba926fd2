import AXRecord
import AXSnapshot
import Foundation
import XCTest

/// The same page read two ways — Playwright's `ariaSnapshot()` YAML (made by
/// Playwright itself, see Fixtures/aria/SOURCES.md) and `record` — gives the
/// same stops (role and label, in order) apart from geometry, except where
/// Chromium's tree says more than Playwright's role table:
/// - `<summary>` is a disclosure button in Chromium ("More options, button,
///   collapsed", as screen readers announce it); Playwright gives it no role,
///   so its text is read as the `group`'s text.
/// States differ too: Chromium reports a `<select>` as collapsed and a text
/// field as invalid, which the YAML leaves out or the YAML reader drops.
final class AriaAgreementTests: XCTestCase {
    /// Where `record` reads a stop differently from the YAML, by fixture:
    /// (YAML's stop, record's stop).
    let knownDifferences: [String: [(yaml: String, record: String)]] = [
        "dialog": [("group More options", "button More options")],
    ]

    func testRecordAndAriaSnapshotAgreeOnTheStops() throws {
        for name in Fixtures.names {
            let yamlURL = Fixtures.directory.appendingPathComponent("aria/\(name).aria.yml")
            let yaml = try AriaYAMLReader.read(String(contentsOf: yamlURL, encoding: .utf8), file: yamlURL.path, screen: name)
            let recorded = try Fixtures.snapshot(name)
            var expected = yaml.stops.map { "\($0.role.rawValue) \($0.label)" }
            for difference in knownDifferences[name] ?? [] {
                let at = try XCTUnwrap(expected.firstIndex(of: difference.yaml), "\(name): the known difference is gone")
                expected[at] = difference.record
            }
            XCTAssertEqual(recorded.stops.map { "\($0.role.rawValue) \($0.label)" }, expected, name)
            // Both read a closed combo box as the option it shows.
            XCTAssertEqual(recorded.stops.map(\.value).filter { !$0.isEmpty }.count,
                           yaml.stops.map(\.value).filter { !$0.isEmpty }.count, "\(name): values")
        }
    }
}
