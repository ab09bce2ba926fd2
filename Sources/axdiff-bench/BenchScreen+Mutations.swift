/// The edits a commit makes to a screen, at the rates snapshot histories show:
/// mostly relabels and small moves, some stops added or removed, now and then
/// a merge or split of text stops, a state or value flip, or a section moved
/// on screen.
extension BenchScreen {
    enum Mutation: String, CaseIterable {
        case relabel, labelLost, move, moveVisual, add, remove, merge, split, value, state, shift
    }

    static let mutationRates: [(Mutation, Int)] = [
        (.relabel, 26), (.labelLost, 3), (.move, 12), (.moveVisual, 6), (.add, 14), (.remove, 12),
        (.merge, 6), (.split, 5), (.value, 8), (.state, 5), (.shift, 3),
    ]

    /// Applies one random mutation; returns what it did (for the commit message).
    @discardableResult
    mutating func mutate(_ rng: inout SplitMix64) -> Mutation {
        let kind = rng.weighted(Self.mutationRates) ?? .relabel
        apply(kind, &rng)
        return kind
    }

    mutating func apply(_ kind: Mutation, _ rng: inout SplitMix64) {
        guard !sections.isEmpty else { return }
        let s = rng.below(sections.count)
        let count = sections[s].items.count
        // Index 0 is the section's heading; mutations leave it alone.
        let k = count > 1 ? 1 + rng.below(count - 1) : 0
        switch kind {
        case .relabel:
            guard count > 1 else { return }
            let item = sections[s].items[k]
            if item.role == "heading" || item.role == "text" {
                sections[s].items[k].label = Vocabulary.product(&rng)
            } else {
                sections[s].items[k].label = item.label.isEmpty ? "\(Vocabulary.product(&rng)) tin" : item.label + " now"
            }
        case .labelLost:
            guard count > 1 else { return }
            sections[s].items[k].label = Vocabulary.assetNames[rng.below(Vocabulary.assetNames.count)]
        case .move, .moveVisual:
            guard count > 2 else { return }
            let item = sections[s].items.remove(at: k)
            let to = 1 + rng.below(count - 1)
            sections[s].items.insert(item, at: to)
            // A spoken move keeps everyone's place on screen (relayout follows the
            // file order); a visual move keeps the old frame, so spoken and visual
            // order now disagree.
            if kind == .move { relayout() }
            return
        case .add:
            let item = makeItem(section: sections[s].title, rng: &rng)
            sections[s].items.insert(item, at: count > 1 ? 1 + rng.below(count) : count)
        case .remove:
            guard count > 2 else { return }
            sections[s].items.remove(at: k)
        case .merge:
            // Two neighbouring text stops become one ("Jasmine tea 12, $4.50").
            let items = sections[s].items
            guard let i = items.indices.dropLast().first(where: { $0 > 0 && items[$0].role == "text" && items[$0 + 1].role == "text" }) else {
                return apply(.relabel, &rng)
            }
            // The combined element is a new node (new id): the parts are gone.
            nextNumber += 1
            sections[s].items[i].id = "\(name.lowercased()).\(nextNumber)"
            sections[s].items[i].label = items[i].label + ", " + items[i + 1].label
            sections[s].items[i].width = 350
            sections[s].items.remove(at: i + 1)
        case .split:
            let items = sections[s].items
            guard let i = items.indices.first(where: { $0 > 0 && items[$0].role == "text" && items[$0].label.contains(", ") }),
                  let comma = items[i].label.range(of: ", ") else {
                return apply(.add, &rng)
            }
            let label = items[i].label
            // Both parts are new nodes; the combined one is gone.
            nextNumber += 1
            sections[s].items[i].id = "\(name.lowercased()).\(nextNumber)"
            sections[s].items[i].label = String(label[..<comma.lowerBound])
            sections[s].items[i].width = 170
            nextNumber += 1
            var second = items[i]
            second.id = "\(name.lowercased()).\(nextNumber)"
            second.label = String(label[comma.upperBound...])
            sections[s].items.insert(second, at: i + 1)
        case .value:
            guard let i = sections[s].items.indices.first(where: { sections[s].items[$0].value != nil }) else {
                return apply(.relabel, &rng)
            }
            let old = sections[s].items[i].value ?? ""
            sections[s].items[i].value = sections[s].items[i].role == "toggle" ? (old == "1" ? "0" : "1") : "\(rng.within(1...9))"
        case .state:
            guard count > 1 else { return }
            let states = sections[s].items[k].states
            sections[s].items[k].states = states.isEmpty ? [rng.chance(0.5) ? "selected" : "disabled"] : []
        case .shift:
            // The section moves down on screen: frames change, orders do not.
            for i in sections[s].items.indices { sections[s].items[i].y += 8 }
            return
        }
        relayout()
    }
}

extension BenchScreen {
    /// Reads `fraction` of the stops at random far places: each is taken out
    /// and put back anywhere in its section, keeping its frame, so the spoken
    /// order no longer follows the screen.
    mutating func scatter(fraction: Double, _ rng: inout SplitMix64) {
        for s in sections.indices where sections[s].items.count > 2 {
            let count = sections[s].items.count
            for _ in 0..<max(1, Int(Double(count) * fraction)) {
                let item = sections[s].items.remove(at: 1 + rng.below(count - 1))
                sections[s].items.insert(item, at: 1 + rng.below(count - 1))
            }
        }
    }

    /// Gives `fraction` of the stops other words, frames untouched.
    mutating func relabel(fraction: Double, _ rng: inout SplitMix64) {
        for s in sections.indices where sections[s].items.count > 1 {
            let count = sections[s].items.count
            for _ in 0..<max(1, Int(Double(count) * fraction)) {
                let k = 1 + rng.below(count - 1)
                sections[s].items[k].label = sections[s].items[k].role == "text"
                    ? Vocabulary.product(&rng) : sections[s].items[k].label + " now"
            }
        }
    }

    /// Takes stops out at random until at most `limit` are left: the edits add a little
    /// more than they remove, so a screen edited for long grows (twice its stops after
    /// 100,000 commits of 50 screens), and a history meant to differ only in length
    /// keeps its screens at their size with this.
    mutating func trim(to limit: Int, _ rng: inout SplitMix64) {
        var removals = 0
        while stopCount > limit, removals < limit {
            let before = stopCount
            apply(.remove, &rng)
            removals += 1
            if stopCount == before, !sections.contains(where: { $0.items.count > 2 }) { return }
        }
    }
}
