import AXDiff

/// What a report says besides the changes: which commit, which axdiff, and
/// whether it is the gate's verdict.
public struct ReportContext: Sendable, Equatable {
    /// The commit a report is about.
    public struct Commit: Sendable, Equatable {
        public var sha: String
        /// The first line of the commit message.
        public var subject: String?

        public init(sha: String, subject: String? = nil) {
            self.sha = sha
            self.subject = subject
        }
    }

    /// axdiff's version: `axdiff --version` prints it, and every note names it, so a note's
    /// bytes change with it.
    public static let version = "0.1.0"
    /// The tool version string reports name, e.g. `axdiff 0.1.0`.
    public static let defaultToolVersion = "axdiff \(version)"
    /// Where SARIF consumers send a user who wants to know what axdiff is.
    public static let defaultInformationURI = "https://github.com/axdiff/axdiff"

    public var commit: Commit?
    public var toolVersion: String
    /// Set when the report is the gate's verdict (`axdiff check`): the lowest
    /// severity that fails the gate. Nil for notes and plain diffs.
    public var failOn: Severity?
    public var informationURI: String
    /// What this run covers (`ios`, `android`), so that code-scanning uploads of
    /// different snapshot sets of one repository do not replace each other's
    /// alerts: SARIF's `automationDetails.id` is `axdiff/CATEGORY/`.
    public var category: String?
    /// The `Axdiff-Accept` trailers that would accept the failing changes, for
    /// a failed check's Markdown comment to offer for pasting.
    public var suggestedTrailers: [String] = []
    /// Both versions of each compared snapshot file, by the report's path, so that
    /// SARIF can place a result on a line the compared range changed.
    public var files: [String: FileVersions] = [:]
    /// Where each changed screen's wireframe was written (`--wireframes DIR`),
    /// by the report's path, as the Markdown report links it: `wireframes/checkout.svg`.
    public var wireframes: [String: String] = [:]

    /// A snapshot file before and after the compared range; nil where it does not exist.
    public struct FileVersions: Sendable, Equatable {
        public var old: [UInt8]?
        public var new: [UInt8]?

        public init(old: [UInt8]?, new: [UInt8]?) {
            self.old = old
            self.new = new
        }
    }

    public init(commit: Commit? = nil, toolVersion: String = ReportContext.defaultToolVersion,
                failOn: Severity? = nil, informationURI: String = ReportContext.defaultInformationURI,
                category: String? = nil) {
        self.commit = commit
        self.toolVersion = toolVersion
        self.failOn = failOn
        self.informationURI = informationURI
        self.category = category
    }

    /// The version number alone ("0.1.0" from "axdiff 0.1.0"), for SARIF's `driver.version`.
    var versionNumber: String {
        let parts = toolVersion.split(separator: " ")
        return parts.last.map(String.init) ?? toolVersion
    }

    /// Whether the gate fails on `report`, when this context makes it a verdict; nil otherwise.
    func gateFails(_ report: DiffReport) -> Bool? {
        failOn.map { report.fails(at: $0) }
    }
}
