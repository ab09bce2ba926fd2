import AXSnapshot

/// `name.duplicate`: two or more controls now share a name and no input label
/// (Voice Control name) tells them apart — ten buttons called "Reorder".
enum NameDuplicate: ChangeRule {
    static func changes(in c: DiffContext) -> [Change] {
        let before = Set(duplicates(c.oldStops).keys)
        return duplicates(c.newStops).filter { !before.contains($0.key) }.sorted { $0.value[0] < $1.value[0] }.map { name, members in
            let stops = members.map { c.newStops[$0] }
            return Change(kind: .nameDuplicate, screen: c.screen, elements: stops.map(ElementRef.init),
                          after: stops.map(\.spoken).joined(separator: " › "),
                          message: "\(stops.count) controls are all called \"\(stops[0].label)\"; VoiceOver and Voice Control users cannot tell them apart")
        }
    }

    /// Controls grouped by normalized label, where the group has two or more
    /// members not told apart by an input label of their own.
    ///
    /// - Complexity: O(n) expected.
    static func duplicates(_ stops: [Stop]) -> [String: [Int]] {
        var groups: [String: [Int]] = [:]
        for s in stops where (s.role.isControl || s.role == .link) && !LabelQuality.isMeaningless(s) {
            groups[LabelText.normalized(s.label), default: []].append(s.index)
        }
        return groups.filter { _, members in
            guard members.count >= 2 else { return false }
            // Apart when every member has an input label no other member has.
            var seen: [String: Int] = [:]
            for m in members { for l in Set(stops[m].inputLabels.map(LabelText.normalized)) { seen[l, default: 0] += 1 } }
            let apart = members.allSatisfy { m in stops[m].inputLabels.contains { seen[LabelText.normalized($0)] == 1 } }
            return !apart
        }
    }
}
