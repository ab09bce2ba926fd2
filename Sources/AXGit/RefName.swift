/// The ref names axdiff reads and writes, spelled once: local and remote-tracking branches,
/// and the notes.
package enum RefName {
    package static let branchPrefix = "refs/heads/"
    package static let remoteBranchPrefix = "refs/remotes/"
    package static let notesPrefix = "refs/notes/"
    /// Where the notes go unless the configuration names another ref (`notesRef`).
    package static let defaultNotes = "refs/notes/axdiff"
    /// Every local branch: what the watcher watches unless configured otherwise, what the site lists.
    package static let allBranches = "refs/heads/*"
    /// Every remote's remote-tracking branches.
    package static let allRemoteBranches = "refs/remotes/*"

    /// `refs/heads/<name>`.
    package static func branch(_ name: String) -> String { branchPrefix + name }

    /// `refs/remotes/<remote>/<name>`.
    package static func remoteBranch(_ name: String, on remote: String) -> String { "\(remoteBranchPrefix)\(remote)/\(name)" }

    /// `refs/remotes/<remote>/*`: the remote-tracking branches of one remote.
    package static func remoteBranches(of remote: String) -> String { "\(remoteBranchPrefix)\(remote)/*" }

    /// The short name of a local branch's ref; nil for any other ref.
    package static func branchName(_ ref: String) -> String? {
        ref.hasPrefix(branchPrefix) ? String(ref.dropFirst(branchPrefix.count)) : nil
    }

    /// Where a remote's notes are fetched to before they are merged into `notesRef`:
    /// `refs/notes/remotes/<remote>/<the last component of notesRef>`.
    package static func remoteNotes(_ notesRef: String, of remote: String) -> String {
        "\(notesPrefix)remotes/\(remote)/" + (notesRef.split(separator: "/").last.map(String.init) ?? "axdiff")
    }

    /// Whether `ref` may be the notes ref: under `refs/notes/`, with no `..` and no space.
    package static func isNotesRef(_ ref: String) -> Bool {
        ref.hasPrefix(notesPrefix) && !ref.contains("..") && !ref.contains(" ")
    }
}
