extension Stop {
    /// What VoiceOver says on this stop (DESIGN §2): label, value, role word,
    /// state words, then the hint after a pause. `Reorder order 1042, button`.
    public var spoken: String {
        var parts: [String] = []
        if !label.isEmpty { parts.append(label) }
        if !value.isEmpty { parts.append(spokenValue) }
        if let word = role.spokenWord { parts.append(word) }
        for state in states.sorted() where !(role == .toggle && state == .checked) {
            parts.append(state.spokenWord)
        }
        var text = parts.joined(separator: ", ")
        if text.isEmpty { text = "(silent)" }
        if !hint.isEmpty { text += ". " + hint }
        return text
    }

    /// A switch's value is spoken as on/off, as VoiceOver does.
    private var spokenValue: String {
        guard role == .toggle else { return value }
        switch value {
        case "1": return "on"
        case "0": return "off"
        default: return value
        }
    }

    /// A short name for messages: the label, else the id, else the role and position.
    public var displayName: String {
        if !label.isEmpty { return label }
        if !value.isEmpty { return value }
        if let id, !id.isEmpty { return "#" + id }
        return "unlabelled \(role.rawValue) #\(index + 1)"
    }
}
