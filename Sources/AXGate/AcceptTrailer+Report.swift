import AXDiff

extension AcceptTrailer {
    /// The narrowest trailer that accepts `change` in the snapshot at `path`:
    /// the kind, the screen name — or the path, when `nameRepeats` (another
    /// snapshot has the same screen name) — and the element by id, else by
    /// label (`Checkout#Reorder order 1042`; for a stop that lost its label,
    /// the label it had), when it can be written on one trailer line.
    package static func suggestion(for change: Change, path: String, nameRepeats: Bool) -> AcceptTrailer {
        let name = change.screen.oneLineForTerminal.trimmingWhitespace
        var screen = nameRepeats || name.isEmpty || name.contains("#") ? path : name
        if screen.contains("#") || !writable(screen) { screen = "" }
        // The id, else the label (the one it had, for a stop that lost it).
        let element = elementNames(change).first(where: writable)
        return AcceptTrailer(kind: change.kind, screen: screen.isEmpty ? nil : screen, element: element)
    }

    /// Text that reads back as itself from a trailer: not empty, on one line, no
    /// surrounding blanks or quotes.
    private static func writable(_ text: String) -> Bool {
        guard let first = text.first, let last = text.last else { return false }
        return !first.isWhitespace && !last.isWhitespace && first != "\"" && first != "'"
            && !text.unicodeScalars.contains { $0.properties.generalCategory == .control || $0 == "\u{2028}" || $0 == "\u{2029}" }
    }

    /// One line saying that this trailer accepts nothing in `report`, with what
    /// the user may have meant.
    func unmatchedWarning(in report: DiffReport) -> String {
        let origin = commit.map { "commit \($0.abbreviated()): " } ?? ""
        let sameKind = report.screens.flatMap { screen in
            screen.changes.filter { $0.kind == kind }.map { (screen: screen, change: $0) }
        }
        var hint: String
        if sameKind.isEmpty {
            hint = "there is no \(kind.rawValue) change"
        } else if screen != nil, !sameKind.contains(where: { acceptsScreen($0.change.screen, path: $0.screen.path) }) {
            let wanted = screen?.lowercased()
            let near = sameKind.first { $0.change.screen.lowercased() == wanted || $0.screen.path.lowercased() == wanted }
            let names = Set(sameKind.map(\.change.screen)).sorted().prefix(3).map { "'\($0.oneLineForTerminal)'" }
            hint = near.map { "did you mean '\($0.change.screen.oneLineForTerminal)'? (screen names are case-sensitive)" }
                ?? "\(kind.rawValue) changes are on \(names.joined(separator: ", "))"
        } else {
            let keys = Set(sameKind.filter { acceptsScreen($0.change.screen, path: $0.screen.path) }
                .compactMap { AcceptTrailer.elementNames($0.change).first })
                .sorted().prefix(3).map { "'\($0.oneLineForTerminal)'" }
            hint = keys.isEmpty ? "those \(kind.rawValue) changes name no element"
                : "the \(kind.rawValue) changes there are about \(keys.joined(separator: ", "))"
        }
        hint = hint.trimmingWhitespace
        return "\(origin)\(text.oneLineForTerminal): matches no change; \(hint)"
    }
}
