import AXSnapshot

/// `heading.changed`: a heading appeared, went, was renamed or re-levelled —
/// what heading navigation reads (a heading inside a link or button, or one
/// holding a link, counts). A warning where the change skips a level or
/// takes away the screen's only level-1 heading; else a note.
enum HeadingChanged: ChangeRule {
    static let name = "heading.changed"
    static let defaultSeverity = Severity.note
    static let severities: [Severity] = [.note, .warning]
    static let wcag = ["1.3.1", "2.4.6"]
    static let summary = "A heading appeared, went, was renamed or re-levelled."
    static let help = "A heading appeared, went, was renamed or changed level. Screen reader users move through a screen by its headings; a skipped level or a screen with no level-1 heading left makes that outline harder to follow."

    static func changes(in c: DiffContext) -> [Change] {
        guard !c.isNewScreen else { return [] }
        let (old, new) = (c.oldOutline.headings, c.newOutline.headings)
        guard !old.isEmpty || !new.isEmpty else { return [] }
        let pairs = HeadingPairs(old: old, new: new, matching: c.matching)
        // The screen's only level-1 heading went or was re-levelled.
        let topLeft = old.filter { $0.level == 1 }.count == 1 && !new.contains { $0.level == 1 }
        var changes: [Change] = []
        // The level of the nearest heading before this one that has one.
        var skip: Int?
        for (j, h) in new.enumerated() {
            defer { if h.level != nil { skip = h.level } }
            if let i = pairs.newToOld[j] {
                let o = old[i]
                let renamed = o.name != h.name && c.volatilePattern(o.name, h.name) == nil
                guard renamed || o.level != h.level else { continue }
                // A heading stop renamed in place is `label.changed`'s.
                if o.level == h.level, o.isStop, h.isStop, let s = h.stop, s < c.matching.newToOld.count, c.matching.newToOld[s] == o.stop { continue }
                var message = renamed ? "\(o.described) is now \"\(h.name)\"" : "\(o.described)"
                if o.level != h.level {
                    message += " changed from level \(o.level.map(String.init) ?? "unknown") to level \(h.level.map(String.init) ?? "unknown")"
                }
                var warn = false
                if o.level != h.level, let s = skip, let level = h.level, level > s + 1 {
                    message += "; level \(s + 1) is skipped after a level-\(s) heading"
                    warn = true
                }
                if o.level == 1, h.level != 1, topLeft {
                    message += "; the screen has no level-1 heading now"
                    warn = true
                }
                changes.append(change(c, stop: h.stop, before: o.described, after: h.described, message: message, warn: warn))
            } else {
                // A stop that became a heading is `role.changed`'s.
                if h.isStop, let s = h.stop, s < c.matching.newToOld.count, let o = c.matching.newToOld[s], c.oldStops[o].role != .heading { continue }
                var message = "\(h.described) appeared"
                var warn = false
                if let s = skip, let level = h.level, level > s + 1 {
                    message += "; level \(s + 1) is skipped after a level-\(s) heading"
                    warn = true
                }
                changes.append(change(c, stop: h.stop, before: nil, after: h.described, message: message, warn: warn))
            }
        }
        for (i, o) in old.enumerated() where pairs.oldToNew[i] == nil {
            if o.isStop, let s = o.stop, s < c.matching.oldToNew.count, let n = c.matching.oldToNew[s], c.newStops[n].role != .heading { continue }
            var message = "\(o.described) went"
            let warn = o.level == 1 && topLeft
            if warn { message += "; the screen has no level-1 heading now" }
            let at = o.stop.flatMap { $0 < c.matching.oldToNew.count ? c.matching.oldToNew[$0] : nil }
            changes.append(change(c, stop: at, before: o.described, after: nil, message: message, warn: warn))
        }
        return changes
    }

    private static func change(_ c: DiffContext, stop: Int?, before: String?, after: String?, message: String, warn: Bool) -> Change {
        let elements = stop.flatMap { $0 < c.newStops.count ? [ElementRef(c.newStops[$0])] : nil } ?? []
        return Change(kind: kind, screen: c.screen, elements: elements, before: before, after: after, message: message,
                      severity: warn ? .warning : .note)
    }
}

extension ChangeKind {
    public static let headingChanged = HeadingChanged.kind
}
