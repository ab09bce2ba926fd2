/// Where a snapshot was taken.
public enum Platform: String, CaseIterable, Sendable {
    case ios, web, android, other
}

/// Which way a line of the screen is read.
public enum LayoutDirection: String, CaseIterable, Sendable {
    case ltr, rtl
}

extension Platform {
    /// The screen reader a message names (DESIGN §12): VoiceOver on iOS and
    /// for XCUITest dumps, TalkBack on Android, "screen reader" on the web.
    public var screenReader: String {
        switch self {
        case .ios, .other: return "VoiceOver"
        case .android: return "TalkBack"
        case .web: return "screen reader"
        }
    }
}
