/// The diff's policy (DESIGN §8): the severity each change kind gets, the severity that fails
/// a check, reading-order contracts, labels whose text is expected to change, the source
/// locale. Read from the configuration file beside the repository's settings (AXHistory's
/// `RepositoryConfig`, one file and one schema); every key optional, defaults here.
public struct DiffPolicy: Sendable, Equatable {
    public var severity: [ChangeKind: Severity] = [:]
    public var failOn: Severity = .error
    public var contracts: [Contract] = []
    /// Labels whose text changes from capture to capture (times, counts).
    public var volatile: [VolatileLabel] = []
    /// The locale the other locales' snapshots of a screen are compared with (`label.untranslated`).
    public var sourceLocale = "en"

    public init() {}

    /// The severity a change of `kind` gets under this policy.
    public func severity(of kind: ChangeKind, default value: Severity) -> Severity {
        severity[kind] ?? value
    }
}
