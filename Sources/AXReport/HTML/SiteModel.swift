import AXDiff
import Foundation

/// What every page of the review site says about the site itself.
public struct SiteInfo: Sendable, Equatable {
    /// The repository's name, shown in every page title.
    public var title: String
    /// The branch that branch verdicts compare against (`baseBranch`).
    public var baseBranch: String
    /// `axdiff 0.1.0`, in each page's footer.
    public var toolVersion: String

    public init(title: String, baseBranch: String = "main", toolVersion: String = ReportContext.defaultToolVersion) {
        self.title = title
        self.baseBranch = baseBranch
        self.toolVersion = toolVersion
    }
}

/// One commit with its analysis: what a commit page shows.
public struct SiteCommit: Sendable {
    /// The full 40-digit id; the page is `commits/<sha>.html`.
    public var sha: String
    public var subject: String
    public var author: String
    public var date: Date
    public var report: DiffReport

    public init(sha: String, subject: String, author: String, date: Date, report: DiffReport) {
        self.sha = sha
        self.subject = subject
        self.author = author
        self.date = date
        self.report = report
    }

    /// The commit's line in the index: kept between runs, so that the index
    /// can be rewritten without analysing old commits again.
    public var summary: SiteCommitSummary {
        let model = ReportModel(report)
        return SiteCommitSummary(
            sha: sha, subject: subject, author: author, timestamp: Int(date.timeIntervalSince1970.rounded(.down)),
            errors: model.errors, warnings: model.warnings, improvements: model.improvements,
            headline: model.headline)
    }
}

/// A commit as the index lists it.
public struct SiteCommitSummary: Sendable, Equatable, Codable {
    public var sha: String
    public var subject: String
    public var author: String
    /// Author time, seconds since 1970 (UTC).
    public var timestamp: Int
    public var errors: Int
    public var warnings: Int
    public var improvements: Int
    /// "1 error in 1 of 3 snapshots", as the note's header says it.
    public var headline: String

    public init(sha: String, subject: String, author: String, timestamp: Int, errors: Int, warnings: Int,
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
public struct ScreenTrend: Sendable, Equatable, Codable {
    /// The snapshot's path in the repository: what identifies the screen.
    public var path: String
    /// The screen's name at its latest point.
    public var screen: String
    /// Oldest first.
    public var points: [TrendPoint]

    public init(path: String, screen: String, points: [TrendPoint]) {
        self.path = path
        self.screen = screen
        self.points = points
    }

    /// The page's file name without `.html`, under `screens/`.
    public var slug: String { SiteSlug.screen(path: path) }
}

/// One commit's values on one screen.
public struct TrendPoint: Sendable, Equatable, Codable {
    public var sha: String
    /// Author time, seconds since 1970 (UTC).
    public var timestamp: Int
    /// The swipe count after the commit; nil when the snapshot could not be read.
    public var stops: Int?
    /// Unaccepted errors and warnings on this screen in this commit.
    public var errors: Int
    public var warnings: Int

    public init(sha: String, timestamp: Int, stops: Int?, errors: Int, warnings: Int) {
        self.sha = sha
        self.timestamp = timestamp
        self.stops = stops
        self.errors = errors
        self.warnings = warnings
    }

    /// The point a commit puts on a screen's trend.
    public init(commit: SiteCommit, screen: ScreenDiff) {
        let unreadable = screen.changes.contains { $0.kind == .snapshotUnreadable }
        self.init(sha: commit.sha, timestamp: Int(commit.date.timeIntervalSince1970.rounded(.down)),
                  stops: unreadable ? nil : screen.stopsAfter.count,
                  errors: screen.count(.error), warnings: screen.count(.warning))
    }
}

/// Whether a branch's net change against the base branch would pass the gate.
public struct BranchVerdict: Sendable, Equatable, Codable {
    public enum Status: String, Sendable, Codable {
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
    public var name: String
    public var tip: String
    public var mergeBase: String?
    public var status: Status
    /// Unaccepted errors and warnings in the net change; accepted changes.
    public var errors: Int
    public var warnings: Int
    public var accepted: Int
    /// The lowest severity that fails (`failOn`).
    public var failOn: String
    /// Why the gate could not answer, for `unanswerable`.
    public var reason: String?

    public init(name: String, tip: String, mergeBase: String?, status: Status, errors: Int = 0, warnings: Int = 0,
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
public enum SiteSlug {
    /// A file name for a screen's page from its snapshot path: the path's
    /// letters and digits, lower-cased, joined by `-`, then 8 hex digits of
    /// its hash — so two paths never share a page (`a/b.json`, `a-b.json`)
    /// and the name is safe on every file system and in every URL.
    ///
    /// - Complexity: O(n), where n is the length of `path`.
    public static func screen(path: String) -> String {
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
