extension Platform {
    /// The platform's screen reader as it stands inside a sentence, with its
    /// article where it needs one: `VoiceOver says "…"`, `TalkBack now says
    /// "…"`, `hide it from a screen reader` (`screenReader` is the bare name,
    /// for "… users").
    public var screenReaderInSentence: String {
        self == .web ? "a screen reader" : screenReader
    }

    /// The word this platform's screen reader says after the label for
    /// `role`, or nil when it says none. `platformRole` is the platform's own role
    /// where the model's role is coarser (a web `option` or `combobox`).
    public func roleWord(_ role: Role, platformRole: String?) -> String? {
        switch self {
        case .ios, .other:
            // VoiceOver on iOS names a table, a list or a group only when
            // entering it, never as the role of a stop.
            return role.isAnnouncedContainer && role != .alert || role == .group ? nil : role.spokenWord
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
            if let platformRole, let word = Self.webRoleWords[platformRole] { return word }
            if let platformRole, let lower = Self.webRoleWords[platformRole.lowercased()] { return lower }
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

    /// What a screen reader on the web says for each ARIA role Playwright
    /// prints: a word, or nil for roles it passes over in silence (text, a
    /// list's items, a table's cells, generic boxes).
    static let webRoleWords: [String: String?] = [
        "alert": "alert", "alertdialog": "alert dialog", "application": "application", "article": "article",
        "banner": "banner", "blockquote": "block quote", "button": "button", "caption": nil, "cell": nil,
        "checkbox": "checkbox", "code": nil, "columnheader": "column header", "combobox": "combo box",
        "complementary": "complementary", "contentinfo": "content information", "definition": "definition",
        "deletion": "deletion", "dialog": "dialog", "directory": "list", "document": "document",
        "emphasis": nil, "feed": "feed", "figure": "figure", "form": "form", "generic": nil, "grid": "grid",
        "gridcell": nil, "group": "group", "heading": "heading", "img": "image", "image": "image",
        "insertion": "insertion", "link": "link", "list": "list", "listbox": "list box", "listitem": nil,
        "log": "log", "main": "main", "mark": nil, "marquee": "marquee", "math": "math", "meter": "meter",
        "menu": "menu", "menubar": "menu bar", "menuitem": "menu item", "menuitemcheckbox": "menu item checkbox",
        "menuitemradio": "menu item radio", "navigation": "navigation", "none": nil, "note": "note",
        "option": "option", "paragraph": nil, "presentation": nil, "progressbar": "progress bar",
        "radio": "radio button", "radiogroup": "radio group", "region": "region", "row": nil, "rowgroup": nil,
        "rowheader": "row header", "scrollbar": "scroll bar", "search": "search", "searchbox": "search field",
        "separator": "separator", "slider": "slider", "spinbutton": "spin button", "status": nil,
        "strong": nil, "subscript": nil, "superscript": nil, "switch": "switch", "tab": "tab", "table": "table",
        "tablist": "tab list", "tabpanel": "tab panel", "term": "term", "text": nil, "textbox": "text field",
        "time": nil, "timer": "timer", "toolbar": "toolbar", "tooltip": "tooltip", "tree": "tree",
        "treegrid": "tree grid", "treeitem": "tree item",
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
