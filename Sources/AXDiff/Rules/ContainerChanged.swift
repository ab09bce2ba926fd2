import AXSnapshot

/// `container.changed`: a landmark, list, table, grid, dialog, alert, menu or
/// named group appeared, went, or changed its role or name — what a screen
/// reader announces on entering it ("Keywords, list, 4 items"). Said once per
/// container. Content newly inside `application` is `container.application`.
enum ContainerChanged: ChangeRule {
    static let name = "container.changed"
    static let defaultSeverity = Severity.note
    static let wcag = ["1.3.1"]
    static let summary = "A landmark, list, table, dialog or named group appeared, went, or changed role or name."
    static let help = "A container a screen reader announces on entering it (a landmark, list, table, grid, dialog, or a group with a name) appeared, went, or changed its role or name. Users hear it (\"Keywords, list, 4 items\", \"Settings, dialog\") and jump between landmarks; check that the structure says what the screen shows."

    static func changes(in c: DiffContext) -> [Change] {
        guard !c.isNewScreen else { return [] }
        let (old, new) = (c.oldOutline.containers, c.newOutline.containers)
        guard !old.isEmpty || !new.isEmpty else { return [] }
        let platform = c.new.platform
        var changes: [Change] = []
        for (j, n) in new.enumerated() {
            if let i = c.containers.newToOld[j] {
                let o = old[i]
                guard o.role != n.role || o.name != n.name else { continue }
                // Newly `application` is said by `container.application`.
                if n.role == .application, o.role != .application { continue }
                let what = o.role != n.role && o.name != n.name ? "changed role and name"
                    : (o.role != n.role ? "changed role" : (o.name.isEmpty ? "gained a name" : (n.name.isEmpty ? "lost its name" : "was renamed")))
                changes.append(change(c, stop: n.stopCount > 0 ? n.firstStop : nil,
                                      before: o.described(on: c.old.platform), after: n.described(on: platform),
                                      message: "\(o.described(on: c.old.platform)) \(what): it is now announced as \(n.described(on: platform))"))
            } else {
                guard n.role != .application else { continue }
                changes.append(change(c, stop: n.stopCount > 0 ? n.firstStop : nil, before: nil, after: n.described(on: platform),
                                      message: n.stopCount == 0 ? "\(n.described(on: platform)) appeared, empty"
                                        : "\(n.described(on: platform)) appeared around \(stopsPhrase(n.stopCount))"))
            }
        }
        for (i, o) in old.enumerated() where c.containers.oldToNew[i] == nil {
            // Placed at the first new stop that continues one of its stops.
            let at = o.stops.lazy.compactMap { k in k < c.matching.oldToNew.count ? c.matching.oldToNew[k] : nil }.first
            changes.append(change(c, stop: at, before: o.described(on: c.old.platform), after: nil,
                                  message: o.stopCount == 0 ? "\(o.described(on: c.old.platform)), empty, went"
                                    : "\(o.described(on: c.old.platform)) around \(stopsPhrase(o.stopCount)) went; they are no longer announced as part of it"))
        }
        return changes
    }

    private static func change(_ c: DiffContext, stop: Int?, before: String?, after: String?, message: String) -> Change {
        let elements = stop.flatMap { $0 < c.newStops.count ? [ElementRef(c.newStops[$0])] : nil } ?? []
        return Change(kind: kind, screen: c.screen, elements: elements, before: before, after: after, message: message)
    }
}

extension ChangeKind {
    public static let containerChanged = ContainerChanged.kind
}
