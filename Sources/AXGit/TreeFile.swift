/// A file in a commit's tree.
public struct TreeFile: Hashable, Sendable {
    /// The repository-relative path.
    public let path: String
    public let blob: ObjectID

    public init(path: String, blob: ObjectID) {
        self.path = path
        self.blob = blob
    }
}
