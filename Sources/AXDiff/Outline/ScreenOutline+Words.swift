import AXSnapshot

extension ScreenOutline.Container {
    /// How a message names it, in the platform's words: `list "Keywords"`,
    /// `navigation`, `dialog "Trigger"`.
    func described(on platform: Platform) -> String {
        let word = platform.roleWord(role, platformRole: platformRole) ?? role.spelled
        return name.isEmpty ? word : "\(word) \"\(name)\""
    }
}

extension Role {
    /// The role's name as words (`listItem` → `list item`).
    var spelled: String {
        rawValue.reduce(into: "") { out, ch in
            if ch.isUppercase { out += " " + ch.lowercased() } else { out.append(ch) }
        }
    }
}

/// "1 stop", "4 stops".
func stopsPhrase(_ n: Int) -> String { n == 1 ? "1 stop" : "\(n) stops" }
