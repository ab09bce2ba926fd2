import AXTestSupport
import XCTest
@testable import AXGit

/// The complexity claims of the history walk and the notes readers, on real
/// repositories, checked by how the time grows from n to 8n (`Scaling`).
final class RepositoryScalingTests: XCTestCase {
    /// A repository of `commits` linear commits, each with a note when `notes`,
    /// built once per test; the fixtures are kept until the test ends.
    var fixtures: [GitFixture] = []
    var built: [String: (Repository, [ObjectID])] = [:]

    func history(_ commits: Int, notes: Bool) -> (Repository, [ObjectID])? {
        if let done = built["\(commits) \(notes)"] { return done }
        do {
            let fixture = try GitFixture()
            fixtures.append(fixture)
            let ids = try fixture.fastImport(commits: commits)
            let repository = try fixture.open()
            if notes {
                try NotesWriter(repository: repository).write(ids.map { Note(commit: $0, text: "note of \($0.hex)\n") })
            }
            built["\(commits) \(notes)"] = (repository, ids)
            return (repository, ids)
        } catch {
            XCTFail("\(error)")
            return nil
        }
    }

    /// `Repository.commits` (a revwalk, O(c log c)) over a linear history.
    func testTheHistoryWalkGrowsAsCLogC() throws {
        let (repository, ids) = try XCTUnwrap(history(50, notes: false))
        XCTAssertEqual(try repository.commits(from: [ids[ids.count - 1]]), ids)
        XCTAssertNil(Scaling.check("Repository.commits over n commits", .linear, n: 250) { n in
            guard let (repository, ids) = history(n, notes: false) else { return {} }
            return { _ = try? repository.commits(from: [ids[ids.count - 1]]) }
        })
    }

    /// `Repository.annotatedCommits` (one walk of the notes tree, O(n)) and
    /// `NotesLayout.findNote` (by path through the fan-out, not a scan).
    func testListingTheNotesIsLinearAndFindingOneIsNot() throws {
        let (repository, ids) = try XCTUnwrap(history(50, notes: true))
        XCTAssertEqual(try repository.annotatedCommits(), Set(ids))
        XCTAssertNil(Scaling.check("Repository.annotatedCommits over n notes", .linear, n: 250) { n in
            guard let (repository, _) = history(n, notes: true) else { return {} }
            return { _ = try? repository.annotatedCommits() }
        })
        XCTAssertNil(Scaling.check("Repository.noteExists (NotesLayout.findNote) among n notes", .constant, n: 250) { n in
            guard let (repository, ids) = history(n, notes: true) else { return {} }
            return { _ = try? repository.noteExists(for: ids[n / 2]) }
        })
    }
}
