/// Where a snapshot was taken.
public enum Platform: String, CaseIterable, Sendable {
    case ios, web, android, other
}

/// Which way a line of the screen is read.
public enum LayoutDirection: String, CaseIterable, Sendable {
    case ltr, rtl
}
