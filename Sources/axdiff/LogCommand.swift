import AXGit
import AXReport
import AXWatch

/// `axdiff log [RANGE]`: one line per commit with its note's counts.
struct LogCommand: Command {
    static let name = "log"
    static let abstract = "List commits, newest first, with the errors, warnings and improvements of their notes."
    static let usage = "axdiff log [--repo PATH] [--config FILE] [--max-count N] [RANGE]"

    let repo: RepositoryOption
    let range: String
    let maxCount: Int?

    init(_ args: [String]) throws {
        let a = try Arguments(args, valued: RepositoryOption.valued.union(["max-count"]), flags: [])
        repo = RepositoryOption(a)
        guard a.positionals.count <= 1 else { throw UsageError("expected at most one RANGE") }
        range = a.positionals.first ?? "HEAD"
        if let n = a.option("max-count") {
            guard let v = Int(n), v > 0 else { throw UsageError("--max-count expects a positive number") }
            maxCount = v
        } else {
            maxCount = nil
        }
    }

    func run() throws -> Int32 {
        let repository = try repo.open()
        let settings = RepositorySettings.load(repository, override: try repo.configOverride())
        let commits: [ObjectID]
        do {
            commits = range.contains("..")
                ? try repository.commits(inRange: range)
                : try repository.commits(from: [try repo.resolve(repository, range)])
        } catch let e as GitError {
            throw InputError(e.message)
        }
        var lines: [String] = []
        for id in commits.reversed().prefix(maxCount ?? Int.max) {
            let info = try repository.commit(id)
            let counts: String
            if let note = try repository.note(for: id, notesRef: settings.notesRef), let s = NoteSummary.parse(note) {
                counts = "\(s.errors)E \(s.warnings)W \(s.improvements)I"
            } else {
                counts = "not annotated"
            }
            lines.append("\(id.abbreviated())  \(counts.padding(13))\(info.summary)")
        }
        if !lines.isEmpty { Console.out(lines.joined(separator: "\n")) }
        return ExitCode.clean
    }
}
