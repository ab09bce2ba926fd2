import AXGit
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

/// Shares one notes ref between watchers on several machines through a
/// common remote (DESIGN §10):
/// - before a round, fetch the remote's branches into `refs/remotes/NAME/*`
///   and its notes into `refs/notes/remotes/NAME/<notes>` — a separate ref,
///   never force-fetched over the local notes — and merge those notes into
///   the local ref (a union by compare-and-swap);
/// - after a round, push the local notes ref without force; when the push
///   races another watcher's, fetch, merge and try again.
/// Two watchers that annotate the same commit write the same bytes, so the
/// union keeps exactly one note per commit.
struct RemoteSync {
    let remote: String
    let notesRef: String
    let git: GitCommand
    static let pushAttempts = 8

    init(remote: String, notesRef: String, directory: String) {
        self.remote = remote
        self.notesRef = notesRef
        git = GitCommand(directory: directory)
    }

    /// Where the remote's notes are fetched to: `refs/notes/remotes/NAME/axdiff`.
    var trackingRef: String { RefName.remoteNotes(notesRef, of: remote) }

    /// The remote-tracking branches the watcher follows too.
    var branchGlob: String { Self.branchGlob(remote: remote) }

    static func branchGlob(remote: String) -> String { RefName.remoteBranches(of: remote) }

    func fetch(_ repository: Repository) throws {
        try refusingAuthentication {
            try git.run(["fetch", "--quiet", "--prune", "--no-tags", remote, "+refs/heads/*:refs/remotes/\(remote)/*"])
        }
        try fetchNotes(repository)
    }

    /// Fetches and merges the remote's notes; a remote without notes yet is fine.
    func fetchNotes(_ repository: Repository) throws {
        do {
            // The tracking ref may be forced: it mirrors the remote. The local ref never is.
            try refusingAuthentication { try git.run(["fetch", "--quiet", "--no-tags", remote, "+\(notesRef):\(trackingRef)"]) }
        } catch let f as GitCommand.Failure where f.stderr.contains("couldn't find remote ref") {
            return
        }
        _ = try repository.mergeNotes(from: trackingRef, into: notesRef)
    }

    /// Pushes the local notes. A push the remote rejects because another watcher pushed
    /// first, or that fails on the way, is tried again after fetching and merging the
    /// remote's notes, with jittered back-off, up to `pushAttempts` times; a push the remote
    /// declines (a hook, a protected ref) is not, since the answer would be the same; refused
    /// credentials end it at once (`RemoteAuthenticationFailure`).
    func push(_ repository: Repository) throws {
        guard let local = try repository.referenceTarget(notesRef) else { return }
        // The remote already has exactly these notes: nothing to send.
        if try repository.referenceTarget(trackingRef) == local { return }
        var attempt = 0
        while true {
            attempt += 1
            do {
                try refusingAuthentication { try git.run(["push", "--quiet", "--porcelain", remote, "\(notesRef):\(notesRef)"]) }
                return
            } catch let failure as GitCommand.Failure where attempt < Self.pushAttempts && !failure.isDeclined {
                usleep(UInt32.random(in: 20_000...(50_000 * UInt32(attempt))))
                do {
                    try fetchNotes(repository)
                } catch is GitCommand.Failure {
                    // Failing on the way here too: the next push attempt tells.
                }
            }
        }
    }

    /// Runs `body`, turning git's report of refused credentials into `RemoteAuthenticationFailure`.
    private func refusingAuthentication(_ body: () throws -> Void) throws {
        do {
            try body()
        } catch let f as GitCommand.Failure where f.isAuthentication {
            let lines = f.stderr.split(whereSeparator: \.isNewline).map { $0.trimming(.whitespaces) }.filter { !$0.isEmpty }
            throw RemoteAuthenticationFailure(remote: remote, gitMessage: lines.joined(separator: "; "))
        }
    }
}
