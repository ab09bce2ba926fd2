/// A reference and the commit it points at (after resolving symbolic refs and peeling tags).
public struct Reference: Hashable, Sendable {
    /// The full name, e.g. "refs/heads/main".
    public let name: String
    public let commit: ObjectID

    public init(name: String, commit: ObjectID) {
        self.name = name
        self.commit = commit
    }
}
