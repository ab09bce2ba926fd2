/// One file that differs between two trees.
public struct TreeChange: Hashable, Sendable {
    public enum Status: String, Hashable, Sendable {
        case added, deleted, modified
    }

    /// The repository-relative path (rename detection is off: a rename is a deletion plus an addition).
    public let path: String
    public let status: Status
    /// The blob before; nil when added.
    public let oldBlob: ObjectID?
    /// The blob after; nil when deleted.
    public let newBlob: ObjectID?

    public init(path: String, status: Status, oldBlob: ObjectID?, newBlob: ObjectID?) {
        self.path = path
        self.status = status
        self.oldBlob = oldBlob
        self.newBlob = newBlob
    }
}
