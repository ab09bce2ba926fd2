import AXSnapshot

/// The source-locale snapshot of a screen, beside a translation of it
/// (`Snapshots/en/SignIn.json` beside `Snapshots/es/SignIn.json`): what
/// `label.untranslated` compares the translation's labels with. `old` is the
/// source as it was in the version the translation is compared with (nil:
/// the same as `new`, or unknown).
public struct LocaleSource: Sendable {
    public var old: Snapshot?
    public var new: Snapshot

    public init(old: Snapshot? = nil, new: Snapshot) {
        self.old = old
        self.new = new
    }
}
