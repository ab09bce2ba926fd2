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
        var containers: [[Int]: [Int]] = [:]
        for stop in stops { containers[stop.containerPath, default: []].append(stop.index) }
        // Per-stop facts computed once, so the pair loop only compares.
        let status = stops.map(StatusText.isStatus)
        let words = stops.map { LabelText.words($0.label) }
        for members in containers.values where members.count <= Self.maxContainer {
            for c in members where stops[c].role.isInteractive {
                for t in members where t > c {
                    if status[t] { add(Violation(lead: t, follow: c), .errorBeforeRecovery) }
                    if Self.names(action: stops[c], actionWords: words[c], object: stops[t], objectWords: words[t]) {
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
