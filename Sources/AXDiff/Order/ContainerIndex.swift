import AXSnapshot

/// One container's stops arranged so that the partners of a moved stop in
/// the container references are found without testing every stop beside
/// it: the controls (every reference's action) and the statuses (errors,
/// which every control after them breaks), in reading order; the controls
/// by each word of their label; the nameable objects by all the words of
/// theirs.
///
/// A control names an object when the object's words occur, adjacent and in
/// order, among the control's (`OrderReferences.names`): so a control looks
/// up each run of its words no longer than the longest object's, and an
/// object looks among the controls that hold its rarest word. Each
/// candidate is confirmed by `OrderReferences.reference`, the one test of a
/// pair. A class: `ContainerPartners` keeps one per container and hands it
/// out many times, and a struct of this many arrays was copied each time.
final class ContainerIndex {
    private let refs: OrderReferences
    /// The container's stops, ascending.
    let members: [Int]
    /// The facts of each member (by position in `members`).
    private let facts: [OrderReferences.Facts]
    /// Positions of the controls, and of the statuses, ascending.
    private(set) var controls: [Int] = []
    private(set) var statuses: [Int] = []
    /// Positions of the controls by each distinct word key of their label.
    private var controlsByKey: [UInt64: [Int]] = [:]
    /// Positions of the objects a control could name (not a control, not a
    /// status, `canBeNamed`, with a word), by `runKey` of all their words.
    private var objectsByWords: [UInt64: [Int]] = [:]
    /// The most words any of those objects has.
    private var longestObject = 0

    /// - Complexity: O(k log k + k · w) for k stops of at most w words.
    init(_ refs: OrderReferences, members unsorted: [Int]) {
        let members = unsorted.sorted()
        let facts = members.map { OrderReferences.Facts(refs.stops, $0) }
        self.refs = refs
        self.members = members
        self.facts = facts
        for a in members.indices {
            let keys = facts[a].label.keys
            if refs.stops[members[a]].role.isInteractive {
                controls.append(a)
                // Each control once per distinct word (a set only for a long label).
                var seen: Set<UInt64> = []
                for (i, key) in keys.enumerated() {
                    let repeated = keys.count <= 8 ? keys[..<i].contains(key) : !seen.insert(key).inserted
                    if !repeated { controlsByKey[key, default: []].append(a) }
                }
            } else if facts[a].isStatus {
                statuses.append(a)
            } else if facts[a].canBeNamed, !keys.isEmpty {
                objectsByWords[Self.runKey(keys[...]), default: []].append(a)
                longestObject = max(longestObject, keys.count)
            }
        }
    }

    func isControl(_ a: Int) -> Bool { refs.stops[members[a]].role.isInteractive }
    func isStatus(_ a: Int) -> Bool { facts[a].isStatus }
    func isNameable(_ a: Int) -> Bool { !isControl(a) && !facts[a].isStatus && facts[a].canBeNamed }

    /// Positions of the objects control `a` may name, ascending: those whose
    /// words all occur as a run among its own (a superset of those it names).
    ///
    /// - Complexity: O(w · min(w, l) + c log c) for w words, objects of at
    ///   most l words and c candidates.
    func objects(namedBy a: Int) -> [Int] {
        let keys = facts[a].label.keys
        // An object named has fewer words than the control.
        let longest = min(longestObject, keys.count - 1)
        guard longest > 0 else { return [] }
        var found: [Int] = []
        for start in keys.indices {
            var key = Self.seed
            for end in start..<min(keys.count, start + longest) {
                key = Self.step(key, keys[end])
                found += objectsByWords[key] ?? []
            }
        }
        found.sort()
        return found.enumerated().filter { $0.offset == 0 || found[$0.offset - 1] != $0.element }.map(\.element)
    }

    /// Positions of the controls that may name object `b`, ascending: those
    /// that hold its rarest word (a superset of those that name it).
    ///
    /// - Complexity: O(w) for w words, plus the list's length.
    func controls(naming b: Int) -> [Int] {
        var best: [Int]?
        for key in facts[b].label.keys {
            guard let list = controlsByKey[key] else { return [] }
            if let known = best, known.count <= list.count { continue }
            best = list
        }
        return best ?? []
    }

    /// The container reference control `a` read before stop `b` breaks, if
    /// any (positions).
    func reference(action a: Int, object b: Int) -> OrderReference? {
        let (c, t) = (members[a], members[b])
        guard t > c, isControl(a) else { return nil }
        return refs.reference(object: t, action: c, objectFacts: facts[b], actionFacts: facts[a])
    }

    /// A key for a run of word keys, built one word at a time.
    static func runKey(_ keys: ArraySlice<UInt64>) -> UInt64 {
        keys.reduce(seed, step)
    }

    private static let seed: UInt64 = 0x9E37_79B9_7F4A_7C15

    private static func step(_ key: UInt64, _ word: UInt64) -> UInt64 {
        var h = (key ^ word) &* 0xBF58_476D_1CE4_E5B9
        h ^= h >> 31
        return h
    }
}
