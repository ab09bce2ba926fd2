import AXDiff
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

/// What every page of the review site says about the site itself.
package struct SiteInfo: Sendable, Equatable {
    /// The repository's name, shown in every page title.
    package var title: String
    /// The branch that branch verdicts compare against (`baseBranch`).
    package var baseBranch: String
    /// `axdiff 0.1.0`, in each page's footer.
    package var toolVersion: String

    package init(title: String, baseBranch: String = "main", toolVersion: String = ReportContext.defaultToolVersion) {
        self.title = title
        self.baseBranch = baseBranch
        self.toolVersion = toolVersion
    }
}

/// One commit with its analysis: what a commit page shows.
package struct SiteCommit: Sendable {
    /// The full 40-digit id; the page is `commits/<sha>.html`.
    package var sha: String
    package var subject: String
    package var author: String
    package var date: Date
    package var report: DiffReport

    package init(sha: String, subject: String, author: String, date: Date, report: DiffReport) {
        self.sha = sha
        self.subject = subject
        self.author = author
        self.date = date
        self.report = report
    }

    /// The commit's line in the index: kept between runs, so that the index
    /// can be rewritten without analysing old commits again.
    package var summary: SiteCommitSummary {
        let model = ReportModel(report)
        return SiteCommitSummary(
            sha: sha, subject: subject, author: author, timestamp: Int(date.timeIntervalSince1970.rounded(.down)),
            errors: model.errors, warnings: model.warnings, improvements: model.improvements,
            headline: model.headline)
    }
}

/// A commit as the index lists it.
package struct SiteCommitSummary: Sendable, Equatable, Codable {
    package var sha: String
    package var subject: String
    package var author: String
    /// Author time, seconds since 1970 (UTC).
    package var timestamp: Int
    package var errors: Int
    package var warnings: Int
    package var improvements: Int
    /// "1 error in 1 of 3 snapshots", as the note's header says it.
    package var headline: String

    package init(sha: String, subject: String, author: String, timestamp: Int, errors: Int, warnings: Int,
                improvements: Int, headline: String) {
        self.sha = sha
        self.subject = subject
        self.author = author
        self.timestamp = timestamp
        self.errors = errors
        self.warnings = warnings
        self.improvements = improvements
        self.headline = headline
    }
}

/// One screen (one snapshot path) over the history: a point per commit that
/// changed it.
package struct ScreenTrend: Sendable, Equatable, Codable {
    /// The snapshot's path in the repository: what identifies the screen.
    package var path: String
    /// The screen's name at its latest point.
    package var screen: String
    /// Oldest first.
    package var points: [TrendPoint]

    package init(path: String, screen: String, points: [TrendPoint]) {
        self.path = path
        self.screen = screen
        self.points = points
    }

    /// The page's file name without `.html`, under `screens/`.
    package var slug: String { SiteSlug.screen(path: path) }
}

/// One commit's values on one screen.
package struct TrendPoint: Sendable, Equatable, Codable {
    package var sha: String
    /// Author time, seconds since 1970 (UTC).
    package var timestamp: Int
    /// The swipe count after the commit; nil when the snapshot could not be read.
    package var stops: Int?
    /// Unaccepted errors and warnings on this screen in this commit.
    package var errors: Int
    package var warnings: Int

    package init(sha: String, timestamp: Int, stops: Int?, errors: Int, warnings: Int) {
        self.sha = sha
        self.timestamp = timestamp
        self.stops = stops
        self.errors = errors
        self.warnings = warnings
    }

    /// The point a commit puts on a screen's trend.
    package init(commit: SiteCommit, screen: ScreenDiff) {
        let unreadable = screen.changes.contains { $0.kind == .snapshotUnreadable }
        self.init(sha: commit.sha, timestamp: Int(commit.date.timeIntervalSince1970.rounded(.down)),
                  stops: unreadable ? nil : screen.stopsAfter.count,
                  errors: screen.count(.error), warnings: screen.count(.warning))
    }
}

/// Whether a branch's net change against the base branch would pass the gate.
package struct BranchVerdict: Sendable, Equatable, Codable {
    package enum Status: String, Sendable, Codable {
        /// The branch is the base branch itself.
        case base
        /// No unaccepted change at or above `failOn` since the merge base.
        case passes
        /// At least one unaccepted change at or above `failOn`.
        case fails
        /// The base branch does not exist.
        case noBaseBranch
        /// The gate could not answer (a malformed configuration at the tip); `reason` says why.
        case unanswerable
    }

    /// The short name (`feature/login`), as git shows it.
    package var name: String
    package var tip: String
    package var mergeBase: String?
    package var status: Status
    /// Unaccepted errors and warnings in the net change; accepted changes.
    package var errors: Int
    package var warnings: Int
    package var accepted: Int
    /// The lowest severity that fails (`failOn`).
    package var failOn: String
    /// Why the gate could not answer, for `unanswerable`.
    package var reason: String?

    package init(name: String, tip: String, mergeBase: String?, status: Status, errors: Int = 0, warnings: Int = 0,
                accepted: Int = 0, failOn: String = "error", reason: String? = nil) {
        self.reason = reason
        self.name = name
        self.tip = tip
        self.mergeBase = mergeBase
        self.status = status
        self.errors = errors
        self.warnings = warnings
        self.accepted = accepted
        self.failOn = failOn
    }
}

/// File names for pages.
package enum SiteSlug {
    /// A file name for a screen's page from its snapshot path: the path's
    /// letters and digits, lower-cased, joined by `-`, then 8 hex digits of
    /// its hash — so two paths never share a page (`a/b.json`, `a-b.json`)
    /// and the name is safe on every file system and in every URL.
    ///
    /// - Complexity: O(n), where n is the length of `path`.
    package static func screen(path: String) -> String {
        var words = ""
        var pendingDash = false
        for scalar in path.unicodeScalars {
            if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                if pendingDash && !words.isEmpty { words += "-" }
                pendingDash = false
                words.unicodeScalars.append(Unicode.Scalar(UInt8(scalar.value)).lowercasedASCII)
            } else {
                pendingDash = true
            }
        }
        if words.count > 60 { words = String(words.prefix(60)) }
        if words.hasSuffix("-") { words.removeLast() }
        if words.isEmpty { words = "screen" }
        return words + "-" + String(FNV1a.hex(path).prefix(8))
    }
}

private extension Unicode.Scalar {
    var lowercasedASCII: Unicode.Scalar {
        ("A"..."Z").contains(self) ? Unicode.Scalar(value + 32) ?? self : self
    }
}
