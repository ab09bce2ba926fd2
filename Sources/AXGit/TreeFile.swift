/// A file in a commit's tree.
package struct TreeFile: Hashable, Sendable {
    /// The repository-relative path.
    package let path: String
    package let blob: ObjectID

    package init(path: String, blob: ObjectID) {
        self.path = path
        self.blob = blob
    }
}
