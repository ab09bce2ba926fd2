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

/// What axdiff needs to know about one commit, copied out of libgit2.
package struct CommitInfo: Hashable, Sendable {
    package let id: ObjectID
    /// Parent ids in order; the first is the first parent. Empty for a root commit.
    package let parents: [ObjectID]
    package let tree: ObjectID
    /// The subject: the first paragraph of the message joined into one line.
    package let summary: String
    /// The full commit message, verbatim.
    package let message: String
    package let authorName: String
    package let authorEmail: String
    package let authorTime: Date
    /// The author's time zone offset from UTC, in minutes.
    package let authorTimeZoneOffsetMinutes: Int
    package let committerTime: Date

    package var isRoot: Bool { parents.isEmpty }
    package var isMerge: Bool { parents.count > 1 }
    package var firstParent: ObjectID? { parents.first }
}
