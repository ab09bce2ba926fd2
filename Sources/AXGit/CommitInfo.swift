import Foundation

/// What axdiff needs to know about one commit, copied out of libgit2.
public struct CommitInfo: Hashable, Sendable {
    public let id: ObjectID
    /// Parent ids in order; the first is the first parent. Empty for a root commit.
    public let parents: [ObjectID]
    public let tree: ObjectID
    /// The subject: the first paragraph of the message joined into one line.
    public let summary: String
    /// The full commit message, verbatim.
    public let message: String
    public let authorName: String
    public let authorEmail: String
    public let authorTime: Date
    /// The author's time zone offset from UTC, in minutes.
    public let authorTimeZoneOffsetMinutes: Int
    public let committerTime: Date

    public var isRoot: Bool { parents.isEmpty }
    public var isMerge: Bool { parents.count > 1 }
    public var firstParent: ObjectID? { parents.first }
}
