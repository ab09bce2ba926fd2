/// One file that differs between two trees.
package struct TreeChange: Hashable, Sendable {
    package enum Status: String, Hashable, Sendable {
        case added, deleted, modified
    }

    /// The repository-relative path (rename detection is off: a rename is a deletion plus an addition).
    package let path: String
    package let status: Status
    /// The blob before; nil when added.
    package let oldBlob: ObjectID?
    /// The blob after; nil when deleted.
    package let newBlob: ObjectID?

    package init(path: String, status: Status, oldBlob: ObjectID?, newBlob: ObjectID?) {
        self.path = path
        self.status = status
        self.oldBlob = oldBlob
        self.newBlob = newBlob
    }
}
