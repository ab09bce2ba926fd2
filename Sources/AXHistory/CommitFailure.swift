import AXGit

/// A commit that could not be analysed — an object of it missing or unreadable, a damaged
/// pack, a read that failed — and why. It gets no note (a note would say something the
/// repository does not), so the next run tries it again.
package struct CommitFailure: Error, CustomStringConvertible, Sendable, Equatable {
    package let commit: ObjectID
    package let reason: String

    package init(commit: ObjectID, error: Error) {
        self.commit = commit
        reason = "\(error)"
    }

    package var description: String { "commit \(commit.hex): \(reason)" }
}

/// The commits of a run that could not be analysed: the error of a run whose other commits
/// were annotated.
package struct AnnotationFailures: Error, CustomStringConvertible, Sendable {
    package let failures: [CommitFailure]

    package init(failures: [CommitFailure]) {
        self.failures = failures
    }

    /// How many are named; the rest are counted.
    static let named = 5

    package var description: String {
        let shown = failures.prefix(Self.named).map(\.description).joined(separator: "; ")
        let more = failures.count > Self.named ? "; and \(failures.count - Self.named) more" : ""
        return "\(failures.count) commit\(failures.count == 1 ? "" : "s") not annotated (retried on the next run): \(shown)\(more)"
    }
}
