import AXSnapshot

/// A reason one stop must be read before another (DESIGN §6), strongest first.
enum OrderReference: Int, Comparable {
    case contract, errorBeforeRecovery, objectBeforeAction, visual

    static func < (a: OrderReference, b: OrderReference) -> Bool { a.rawValue < b.rawValue }

    /// Why the order matters, appended to messages.
    var reason: String {
        switch self {
        case .contract: return "the screen's reading-order contract puts it first"
        case .errorBeforeRecovery: return "the error must be heard before the controls that recover from it"
        case .objectBeforeAction: return "the object must be heard before the action that names it"
        case .visual: return "it comes first on screen"
        }
    }
}

/// A broken reference: `lead` must be read before `follow`, yet `follow` is read first.
struct Violation: Hashable {
    var lead: Int
    var follow: Int
}

/// Finds the broken references within one version of a screen.
struct OrderReferences {
    let stops: [Stop]
    let contracts: [[String]]

    /// Violations of the object-before-action, error-before-recovery and
    /// contract references, keyed to the strongest reference each breaks.
    ///
    /// - Complexity: O(Σ k²) over containers of k stops, with k capped at
    ///   `maxContainer` (larger containers are checked only for contracts),
    ///   plus O(c²) per contract of c entries.
    func semanticViolations() -> [Violation: OrderReference] {
        var found: [Violation: OrderReference] = [:]
        func add(_ v: Violation, _ r: OrderReference) {
            if let old = found[v], old <= r { return }
            found[v] = r
        }
        // Keyed by the container's path as a slice of the stop's own path, so
        // no array is built per stop.
        var containers: [ArraySlice<Int>: [Int]] = [:]
        for i in stops.indices { containers[stops[i].path.dropLast(), default: []].append(stops[i].index) }
        // Per-stop facts computed once, lazily (only stops that follow a
        // control in a container are ever tested), so the pair loop only
        // compares keys. A key match is confirmed on the real words.
        var facts = [Facts?](repeating: nil, count: stops.count)
        func fact(_ i: Int) -> Facts {
            if let known = facts[i] { return known }
            let made = Facts(stops, i)
            facts[i] = made
            return made
        }
        for members in containers.values where members.count <= Self.maxContainer {
            for c in members where stops[c].role.isInteractive {
                let action = fact(c)
                for t in members where t > c {
                    let object = fact(t)
                    if object.isStatus { add(Violation(lead: t, follow: c), .errorBeforeRecovery) }
                    if object.canBeNamed, action.label.mayContain(object.label, strictlyLonger: true),
                       Self.names(action: stops[c], actionWords: LabelText.words(stops[c].label),
                                  object: stops[t], objectWords: LabelText.words(stops[t].label)) {
                        add(Violation(lead: t, follow: c), .objectBeforeAction)
                    }
                }
            }
        }
        for order in contracts {
            let positions = order.compactMap { entry in
                stops.first(where: { $0.id == entry })?.index ?? stops.first(where: { $0.label == entry })?.index
            }
            for a in positions.indices {
                for b in positions.indices where b > a && positions[b] < positions[a] {
                    add(Violation(lead: positions[a], follow: positions[b]), .contract)
                }
            }
        }
        return found
    }

    static let maxContainer = 400

    /// What the pair loop needs of one stop.
    struct Facts {
        /// `StatusText.isStatus`.
        let isStatus: Bool
        /// The first guards of `names(action:…object:…)` on the object side.
        let canBeNamed: Bool
        let label: WordKeys

        /// The facts of `stops[i]` (read in place, not copied). A control is
        /// only ever the action of a pair: it is neither a status (a text
        /// role) nor nameable, and needs only its label's keys.
        init(_ stops: [Stop], _ i: Int) {
            label = WordKeys(stops[i].label)
            guard !stops[i].role.isInteractive else {
                isStatus = false
                canBeNamed = false
                return
            }
            isStatus = StatusText.isStatus(stops[i], labelKeys: label)
            // `label.count` walks grapheme clusters; an ASCII label without a
            // carriage return has one per byte.
            let utf8 = stops[i].label.utf8
            canBeNamed = utf8.count < 3 ? false
                : utf8.allSatisfy({ $0 < 0x80 && $0 != 0x0D }) ? true : stops[i].label.count >= 3
        }
    }

    /// "Add Jasmine tea to cart" names the object "Jasmine tea": the object's
    /// words occur, in order and adjacent, among the action's.
    static func names(action: Stop, actionWords: [Substring], object: Stop, objectWords: [Substring]) -> Bool {
        guard !object.role.isInteractive, object.label.count >= 3, !objectWords.isEmpty,
              objectWords.count < actionWords.count else { return false }
        for start in 0...(actionWords.count - objectWords.count) where actionWords[start] == objectWords[0] {
            if actionWords[start..<start + objectWords.count].elementsEqual(objectWords) { return true }
        }
        return false
    }
}
