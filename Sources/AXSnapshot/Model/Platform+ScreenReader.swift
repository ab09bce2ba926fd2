extension Platform {
    /// The platform's screen reader as it stands inside a sentence, with its
    /// article where it needs one: `VoiceOver says "…"`, `TalkBack now says
    /// "…"`, `hide it from a screen reader` (`screenReader` is the bare name,
    /// for "… users").
    public var screenReaderInSentence: String {
        self == .web ? "a screen reader" : screenReader
    }

    /// The word this platform's screen reader says after the label for
    /// `role`, or nil when it says none. `rawRole` is the platform's own role
    /// where the model's role is coarser (a web `option` or `combobox`).
    public func roleWord(_ role: Role, rawRole: String?) -> String? {
        switch self {
        case .ios, .other:
            return role.spokenWord
        case .android:
            // TalkBack's words.
            switch role {
            case .textField, .secureTextField, .searchField: return "edit box"
            case .toggle: return "switch"
            case .slider: return "slider"
            case .picker: return "drop-down list"
            case .progress: return "progress bar"
            default: return role.spokenWord
            }
        case .web:
            if let rawRole, let word = Self.webRoleWords[rawRole] { return word }
            switch role {
            case .toggle: return "switch"
            case .slider: return "slider"
            case .progress: return "progress bar"
            default: return role.spokenWord
            }
        }
    }

    /// The state word this platform's screen reader says.
    public func stateWord(_ state: NodeState) -> String {
        switch (self, state) {
        case (.android, .disabled): return "disabled"
        case (.android, .invalid): return "error"
        default: return state.spokenWord
        }
    }

    /// Web roles whose word is not the model role's.
    static let webRoleWords: [String: String] = [
        "combobox": "combo box", "option": "option", "treeitem": "tree item", "listbox": "list box",
        "spinbutton": "spin button", "scrollbar": "scroll bar", "meter": "meter",
        "menuitemcheckbox": "menu item checkbox", "menuitemradio": "menu item radio",
    ]
}

extension Platform {
    /// Who cannot tell two same-named controls apart: the platform's screen
    /// reader and voice control users.
    public var voiceUsers: String {
        switch self {
        case .ios, .other: return "VoiceOver and Voice Control"
        case .android: return "TalkBack and Voice Access"
        case .web: return "screen reader and voice control"
        }
    }
}
