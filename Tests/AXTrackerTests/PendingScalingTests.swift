import AXGit
import AXTestSupport
import AXTracker
import XCTest

/// `Annotator.pending`: O(c log c) in the commits visited, the annotated ones
/// read once from the notes tree — checked by how the time grows (`Scaling`).
final class PendingScalingTests: XCTestCase {
    /// `count` linear commits, the older half of them annotated.
    func history(_ count: Int) throws -> (Annotator, tip: ObjectID, unannotated: [ObjectID]) {
        let fixture = try GitFixture(self)
        var stream = ""
        for n in 0..<count {
            let message = "change \(n)\n", content = "docs \(n)\n"
            stream += "commit refs/heads/main\ncommitter T <t@example.com> \(1_700_000_000 + n) +0000\n"
            stream += "data \(message.utf8.count)\n\(message)M 100644 inline docs/notes.md\ndata \(content.utf8.count)\n\(content)\n"
        }
        try fixture.git(["fast-import", "--quiet"], stdin: stream)
        let ids = try fixture.git(["rev-list", "--reverse", "main"]).split(separator: "\n").compactMap { ObjectID(hex: String($0)) }
        let repository = try Repository.open(path: fixture.path)
        try NotesWriter(repository: repository).write(ids.prefix(count / 2).map { Note(commit: $0, text: "seen\n") })
        return (Annotator(repository: repository, options: .init()), ids[ids.count - 1], Array(ids.dropFirst(count / 2)))
    }

    func testPendingGrowsAsCLogC() throws {
        let (annotator, tip, unannotated) = try history(200)
        XCTAssertEqual(try annotator.pending(tips: [tip]), unannotated)
        XCTAssertNil(Scaling.check("Annotator.pending over n commits, half annotated", .linear, n: 200) { n in
            guard let (annotator, tip, _) = try? history(n) else { return {} }
            return { _ = try? annotator.pending(tips: [tip]) }
        })
    }
}
