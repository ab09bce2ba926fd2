/// One container's stops arranged so that the container references of a
/// moved stop are found without testing every stop beside it: the controls
/// (every reference's action), the statuses (errors, read before every
/// control after them), the controls by each word of their label, and the
/// nameable objects by all the words of theirs.
///
/// A control names an object when the object's words occur, adjacent and in
/// order, among the control's (`OrderReferences.names`): so a moved control
/// looks up each run of its words no longer than the longest object's, and
/// a moved object looks among the controls that hold its rarest word. Every
/// pair found is confirmed by `OrderReferences.reference`, the one test of
/// a pair, so the result is what testing all pairs with a moved stop gives.
struct ContainerIndex {
    private let refs: OrderReferences
    /// The container's stops, in order.
    private let members: [Int]
    /// The facts of each member (by position in `members`).
    private let facts: [OrderReferences.Facts]
    /// Positions of the controls, and of the statuses.
    private var controls: [Int] = []
    private var statuses: [Int] = []
    /// Positions of the controls by each distinct word key of their label.
    private var controlsByKey: [UInt64: [Int]] = [:]
    /// Positions of the objects a control could name (not a control, not a
    /// status, `canBeNamed`, with a word), by `runKey` of all their words.
    private var objectsByWords: [UInt64: [Int]] = [:]
    /// The most words any of those objects has.
    private var longestObject = 0

    /// - Complexity: O(k · w) for k stops of at most w words.
    init(_ refs: OrderReferences, members: [Int]) {
        self.refs = refs
        self.members = members
        facts = members.map { OrderReferences.Facts(refs.stops, $0) }
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

    /// Adds to `found` each violation in this container that involves a
    /// stop `moved` marks, keyed to its strongest reference.
    ///
    /// - Complexity: O(k + Σ (s + w · min(w, l) + c)) over the moved stops,
    ///   for s statuses, moved controls of w words, objects of at most l
    ///   words, and c candidate partners sharing a stop's rarest word:
    ///   linear in the container for a bounded number of moved stops and
    ///   of statuses.
    func violations(involving moved: [Bool], into found: inout [Violation: OrderReference]) {
        for a in members.indices where moved[members[a]] {
            if refs.stops[members[a]].role.isInteractive {
                // A moved control: every status after it, and the objects it names.
                for b in statuses { test(action: a, object: b, &found) }
                let keys = facts[a].label.keys
                // An object named has fewer words than the control.
                let longest = min(longestObject, keys.count - 1)
                guard longest > 0 else { continue }
                for start in keys.indices {
                    var key = Self.seed
                    for end in start..<min(keys.count, start + longest) {
                        key = Self.step(key, keys[end])
                        for b in objectsByWords[key] ?? [] { test(action: a, object: b, &found) }
                    }
                }
            } else if facts[a].isStatus {
                // A moved status: every control before it.
                for c in controls { test(action: c, object: a, &found) }
            } else if facts[a].canBeNamed, let rarest = rarestControls(facts[a].label.keys) {
                // A moved object: the controls that hold its rarest word.
                for c in rarest { test(action: c, object: a, &found) }
            }
        }
    }

    /// The shortest of the lists of controls holding one of `keys`; nil
    /// when a key is held by none (no control holds all the words).
    private func rarestControls(_ keys: [UInt64]) -> [Int]? {
        var best: [Int]?
        for key in keys {
            guard let list = controlsByKey[key] else { return nil }
            if let known = best, known.count <= list.count { continue }
            best = list
        }
        return best
    }

    /// The pair of control `a` and stop `b` (positions), when `b` is read
    /// after `a`: its reference, if it breaks one.
    private func test(action a: Int, object b: Int, _ found: inout [Violation: OrderReference]) {
        let (c, t) = (members[a], members[b])
        guard t > c, let r = refs.reference(object: t, action: c, objectFacts: facts[b], actionFacts: facts[a]) else { return }
        found[Violation(lead: t, follow: c)] = r
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
