/// What a snapshot's path and content say that its format does not
/// (DESIGN §8): the locale from the path (`PathLocale`) when the file names
/// none, and, for the dumps that carry no layout direction (uiautomator XML,
/// XCUITest text), the direction inferred by `LayoutDirectionInference`.
enum PathFacts {
    /// - Complexity: O(n) in the nodes for a dump, O(p) in the path otherwise.
    static func complete(_ snapshot: inout Snapshot, path: String) {
        if snapshot.locale == nil { snapshot.locale = PathLocale.locale(in: path) }
        switch snapshot.format {
        case .uiautomator, .xcuitest:
            snapshot.layoutDirection = LayoutDirectionInference.direction(locale: snapshot.locale, elements: snapshot.elements)
        case .axsnapshot, .ariaYAML:
            break
        }
    }
}
