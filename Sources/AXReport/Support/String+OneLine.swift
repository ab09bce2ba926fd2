extension String {
    /// The string on one line: line breaks and other control characters
    /// become spaces.
    ///
    /// A label is user data and may hold a newline; in a line-based report it
    /// would start a line of its own — a forged `Axdiff-Errors: 0` trailer, say.
    var oneLine: String {
        var scalars = String.UnicodeScalarView()
        var previousWasCR = false
        for scalar in unicodeScalars {
            defer { previousWasCR = scalar == "\r" }
            if scalar == "\n" && previousWasCR { continue }
            switch scalar.properties.generalCategory {
            case .control, .lineSeparator, .paragraphSeparator:
                scalars.append(" ")
            default:
                scalars.append(scalar)
            }
        }
        return String(scalars)
    }
}
