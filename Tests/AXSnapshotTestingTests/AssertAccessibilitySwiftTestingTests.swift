import AXSnapshot
import AXSnapshotTesting
import Foundation
import Testing

/// `assertAccessibility` inside Swift Testing: a failure is an issue carrying axdiff's sentences.
@Suite struct AssertAccessibilitySwiftTestingTests {
    @Test func aMatchingSnapshotRecordsNoIssue() throws {
        let directory = try Checkouts.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect(AccessibilityReference(named: "Checkout", directory: directory).verify(try Checkouts.checkout()) != nil)
        assertAccessibility(of: try Checkouts.checkout(shift: 1), matches: "Checkout", snapshotDirectory: directory)
    }

    @Test func aRegressionIsAnIssueWithTheDiffsSentences() throws {
        let directory = try Checkouts.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect(AccessibilityReference(named: "Checkout", directory: directory).verify(try Checkouts.checkout()) != nil)
        let moved = try Checkouts.checkout(tryAgainFirst: true)
        // A known issue that is not recorded fails the test, and one that does not match is not known.
        withKnownIssue {
            assertAccessibility(of: moved, matches: "Checkout", snapshotDirectory: directory)
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("✗ order.regressed  \"Try again\" is now read before \"Payment failed\"") }
        }
    }

    /// Each reader's snapshot, recorded, matches under Swift Testing too.
    @Test(arguments: Checkouts.formats)
    func eachReadersSnapshotMatchesItsReference(format: String) throws {
        let directory = try Checkouts.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let corpus = try Checkouts.corpus(format)
        #expect(!corpus.isEmpty)
        for (name, snapshot) in corpus {
            #expect(AccessibilityReference(named: name, directory: directory).verify(snapshot) != nil)
            assertAccessibility(of: snapshot, matches: name, snapshotDirectory: directory)
        }
    }
}
