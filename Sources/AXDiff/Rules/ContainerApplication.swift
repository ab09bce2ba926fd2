import AXSnapshot

/// `container.application`: content is newly inside `role=application`,
/// which takes a screen reader out of browse mode — its reading keys stop
/// working there and the page must handle every key itself. One change per
/// application container, however many stops it wraps.
enum ContainerApplication: ChangeRule {
    static let name = "container.application"
    static let defaultSeverity = Severity.error
    static let wcag = ["1.3.1", "2.1.1"]
    static let summary = "Content is newly inside role=application, which takes a screen reader out of browse mode."
    static let help = "Content was wrapped in role=application. Inside it a screen reader leaves browse mode: arrow keys, heading and landmark navigation no longer read the content, and the page must handle every key itself. Use role=application only for a widget that implements all keyboard interaction; otherwise remove it (a grid, a group or no role at all)."

    static func changes(in c: DiffContext) -> [Change] {
        guard !c.isNewScreen else { return [] }
        let new = c.newOutline.containers
        var changes: [Change] = []
        for (j, n) in new.enumerated() where n.role == .application {
            // Already inside an application (this one, or one around it) before: nothing new.
            if let i = c.containers.newToOld[j], c.oldOutline.containers[i].role == .application { continue }
            if insideApplication(n.parent, new) { continue }
            let elements = n.stopCount > 0 && n.firstStop < c.newStops.count ? [ElementRef(c.newStops[n.firstStop])] : []
            let before = c.containers.newToOld[j].map { c.oldOutline.containers[$0].described(on: c.old.platform) }
            changes.append(Change(kind: kind, screen: c.screen, elements: elements, before: before,
                                  after: n.described(on: c.new.platform),
                                  message: n.stopCount == 0
                                    ? "\(n.described(on: c.new.platform)) (role=application) appeared, where a screen reader leaves browse mode and reads nothing with its reading keys"
                                    : "\(stopsPhrase(n.stopCount)) \(n.stopCount == 1 ? "is" : "are") now inside \(n.described(on: c.new.platform)) (role=application), where a screen reader leaves browse mode and reads none of it with its reading keys"))
        }
        return changes
    }

    /// Whether container `c` or one around it is an application.
    private static func insideApplication(_ c: Int, _ containers: [ScreenOutline.Container]) -> Bool {
        var c = c
        while c >= 0 {
            if containers[c].role == .application { return true }
            c = containers[c].parent
        }
        return false
    }
}

extension ChangeKind {
    public static let containerApplication = ContainerApplication.kind
}
