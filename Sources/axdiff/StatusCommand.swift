import AXGit
import AXReport
import AXHistory
import AXTracker
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import AXBase

/// `axdiff status`: is a watcher running on the repository, how much is left to
/// annotate, the last notes written and the watcher's last error.
struct StatusCommand: Command {
    static let name = "status"
    static let abstract = "Say whether a watcher runs on the repository, how many commits await a note, and its last note and error."
    static let options: [CommandOption] = [.repo, .config]
    static let examples = ["axdiff status --repo /srv/snapshots"]

    let repo: RepositoryOption

    init(_ args: [String]) throws {
        let a = try Self.parse(args)
        guard a.positionals.isEmpty else { throw UsageError("unexpected argument '\(a.positionals[0])'") }
        repo = RepositoryOption(a)
    }

    func run() throws -> Int32 {
        let repository = try repo.open()
        let override = try repo.configOverride()
        let settings = try RepositorySettings.load(repository, override: override)
        var lines: [String] = []
        let holder = WatchLock.holder(directory: repository.commonDir)
        switch holder {
        case .some(let h) where h.running:
            lines.append("watcher: running, pid \(h.pid) on \(h.host), since \(h.since)")
        case .some(let h) where !h.checked:
            lines.append("watcher: last started by pid \(h.pid) on \(h.host) at \(h.since) (another host: cannot tell whether it runs)")
        case .some(let h):
            lines.append("watcher: not running (the last one, pid \(h.pid) on \(h.host), started \(h.since))")
        case .none:
            lines.append("watcher: not running (none has run on this repository)")
        }
        do {
            let tips = try repository.references(matching: settings.watchRefs).map(\.commit)
            let annotator = Annotator(repository: repository, options: .init(notesRef: settings.notesRef, configOverride: override,
                                                                             toolVersion: toolVersion))
            let pending = tips.isEmpty ? 0 : try annotator.pending(tips: tips.sorted()).count
            lines.append("awaiting a note: \(pending) commit\(pending == 1 ? "" : "s") on \(settings.watchRefs.joined(separator: ", "))")
            if let tip = try repository.referenceTarget(settings.notesRef) {
                let notes = try repository.commit(tip)
                let when = ISO8601Time.string(from: notes.authorTime)
                let count = try repository.annotatedCommits(notesRef: settings.notesRef).count
                lines.append("last notes written: \(when) (\(settings.notesRef) at \(tip.abbreviated()), \(count) note\(count == 1 ? "" : "s") in all)")
            } else {
                lines.append("last notes written: none yet (\(settings.notesRef) does not exist)")
            }
        } catch let e as GitError {
            throw InputError("\(repo.path): \(e.message)")
        }
        lines.append("last error: " + (holder?.lastError ?? "none"))
        if let remote = holder?.remote {
            lines.append(remote + (holder?.running == true ? "" : " (when the watcher last ran)"))
        }
        Console.out(lines.map(\.oneLine).joined(separator: "\n"))
        return ExitCode.clean
    }
}
