/// A reference and the commit it points at (after resolving symbolic refs and peeling tags).
package struct Reference: Hashable, Sendable {
    /// The full name, e.g. "refs/heads/main".
    package let name: String
    package let commit: ObjectID

    package init(name: String, commit: ObjectID) {
        self.name = name
        self.commit = commit
    }
}
