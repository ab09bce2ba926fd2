import CLibxml2

/// What libxml2 needs once per process.
enum Libxml2 {
    /// `xmlInitParser` before the first parser: libxml2 2.9 sets up its
    /// globals there, and wants that done before threads parse at once.
    /// FoundationXML calls it too; a second call does nothing.
    private static let initialized: Void = xmlInitParser()

    static func initialize() {
        _ = initialized
    }
}
