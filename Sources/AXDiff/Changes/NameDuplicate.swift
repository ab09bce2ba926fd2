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
        // Only names met twice get a member list: most controls have a name of
        // their own, and an array per name was an allocation per control.
        // Indices: `for s in stops` copies every stop (all its fields).
        var first: [String: Int] = [:]
        var groups: [String: [Int]] = [:]
        for i in stops.indices where stops[i].role.isControl || stops[i].role == .link {
            let name = LabelText.normalized(stops[i].label)
            if let earlier = first.updateValue(stops[i].index, forKey: name) {
                if groups[name] == nil { groups[name] = [earlier] }
                first[name] = earlier
                groups[name, default: []].append(stops[i].index)
            }
        }
        // Meaningless labels are left out only now, in groups that could be
        // duplicates: the label test is the costly part, and most groups have
        // one member. Filtering keeps the members' order, so the result is
        // the same as filtering first.
        for (name, members) in groups where members.count >= 2 {
            groups[name] = members.filter { !LabelQuality.isMeaningless(stops[$0]) }
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
