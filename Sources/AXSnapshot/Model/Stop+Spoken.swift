extension Stop {
    /// What the platform's screen reader says on this stop (DESIGN §2, §12):
    /// label, value, role word (with the heading level on the web), state
    /// words, "Actions available" when it has custom actions (as VoiceOver
    /// says before the Actions rotor), then the hint after a pause.
    /// `Reorder order 1042, button`; `Story, link, heading level 2`.
    ///
    /// Built in one string, the parts joined by ", " as they come (no array of
    /// parts, and the states sorted only when there are some): the review site
    /// speaks every stop of both versions of every changed screen.
    public var spoken: String {
        Self.speak(label: label, value: value, role: role, platformRole: platformRole, level: level, states: states, hint: hint,
                   hasActions: !actions.isEmpty, platform: platform)
    }

    /// The screen reader of this stop's platform, inside a sentence
    /// (`VoiceOver`, `TalkBack`, `a screen reader`).
    public var screenReader: String { platform.screenReaderInSentence }

    private static func speak(label: String, value: String, role: Role, platformRole: String?, level: Int?,
                              states: NodeStates, hint: String, hasActions: Bool, platform: Platform) -> String {
        var text = ""
        var first = true
        func add(_ part: String) {
            if !first { text += ", " }
            text += part
            first = false
        }
        if !label.isEmpty { add(label) }
        if !value.isEmpty { add(spokenValue(value, role: role)) }
        // Web screen readers say a heading's level; VoiceOver on iOS and
        // TalkBack say "heading" alone.
        let spokenLevel = platform == .web ? level : nil
        if let word = platform.roleWord(role, platformRole: platformRole) {
            add(role == .heading ? spokenLevel.map { "\(word) level \($0)" } ?? word : word)
        }
        // A stop inside a heading (a link in an `<h2>`) is heard with the heading.
        if role != .heading, let spokenLevel { add("heading level \(spokenLevel)") }
        if !states.isEmpty {
            for state in states.sorted() where !(role == .toggle && state == .checked) {
                add(platform.stateWord(state))
            }
        }
        if hasActions { add("Actions available") }
        if text.isEmpty { text = "(silent)" }
        if !hint.isEmpty { text += ". " + hint }
        return text
    }

    /// A switch's value is spoken as on/off, as VoiceOver does.
    private static func spokenValue(_ value: String, role: Role) -> String {
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

extension Stop {
    /// `spoken` of each of `stops`, in order.
    ///
    /// Reads the fields it needs where they lie (`stops[i].label`): binding
    /// each stop to a local copies the whole stop first (a retain and a
    /// release of each of its fields).
    public static func spoken(_ stops: [Stop]) -> [String] {
        stops.indices.map { i in
            speak(label: stops[i].label, value: stops[i].value, role: stops[i].role, platformRole: stops[i].platformRole,
                  level: stops[i].level, states: stops[i].states, hint: stops[i].hint,
                  hasActions: !stops[i].actions.isEmpty, platform: stops[i].platform)
        }
    }
}
