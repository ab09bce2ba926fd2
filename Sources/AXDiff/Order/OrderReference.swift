import AXSnapshot

/// A reason one stop must be read before another (DESIGN §6), strongest first.
enum OrderReference: Int, Comparable {
    case contract, errorBeforeRecovery, objectBeforeAction, visual

    static func < (a: OrderReference, b: OrderReference) -> Bool { a.rawValue < b.rawValue }
}

/// A broken reference: `lead` must be read before `follow`, yet `follow` is read first.
struct Violation: Hashable {
    var lead: Int
    var follow: Int
}

/// Finds the broken references within one version of a screen.
struct OrderReferences {
    let stops: [Stop]
    /// The stops' containers and members (`Snapshot.stopTree`).
    let tree: StopTree
    let contracts: [[String]]

    /// The strongest container reference that `follow` (a control) read
    /// before `lead` breaks, for one pair of stops in one container (the
    /// test `ContainerIndex` confirms each candidate pair with).
    func reference(lead t: Int, follow c: Int) -> OrderReference? {
        guard t > c, stops[c].role.isInteractive else { return nil }
        return reference(object: t, action: c, objectFacts: Facts(stops, t), actionFacts: Facts(stops, c))
    }

    /// Error before recovery is the stronger reason, so the object test is
    /// only made when the object is no status.
    func reference(object t: Int, action c: Int, objectFacts object: Facts, actionFacts action: Facts) -> OrderReference? {
        if object.isStatus { return .errorBeforeRecovery }
        if object.canBeNamed, WordKeys.contains(action.label, object.label, strictlyLonger: true),
           Self.names(action: stops[c], actionWords: LabelText.words(stops[c].label),
                      object: stops[t], objectWords: LabelText.words(stops[t].label)) {
            return .objectBeforeAction
        }
        return nil
    }

    /// Pairs of stops that a contract orders and this version reads the other way round.
    ///
    /// - Complexity: O(n · e + e²) per contract of e entries.
    func contractViolations() -> [Violation] {
        var result: [Violation] = []
        for order in contracts {
            let positions = order.compactMap { entry in
                stops.first(where: { $0.id == entry })?.index ?? stops.first(where: { $0.label == entry })?.index
            }
            for a in positions.indices {
                for b in positions.indices where b > a && positions[b] < positions[a] {
                    result.append(Violation(lead: positions[a], follow: positions[b]))
                }
            }
        }
        return result
    }

    /// What the pair loop needs of one stop.
    struct Facts {
        /// `StatusText.isStatus`.
        let isStatus: Bool
        /// The first guards of `names(action:…object:…)` on the object side.
        let canBeNamed: Bool
        /// The label's word keys (`WordKeys`), wherever they are held.
        let label: ArraySlice<UInt64>

        init(isStatus: Bool, canBeNamed: Bool, label: ArraySlice<UInt64>) {
            self.isStatus = isStatus
            self.canBeNamed = canBeNamed
            self.label = label
        }

        /// The facts of `stops[i]`.
        init(_ stops: [Stop], _ i: Int) {
            var keys: [UInt64] = []
            let scan = WordKeys.scan(stops[i].label, to: &keys)
            self.init(stops, i, label: keys[...], scan: scan)
        }

        /// The facts of `stops[i]`, whose label's keys are `label` (read in
        /// place, not copied) and whose bytes `scan` describes. A control is
        /// only ever the action of a pair: it is neither a status (a text
        /// role) nor nameable, and needs only its label's keys.
        init(_ stops: [Stop], _ i: Int, label: ArraySlice<UInt64>, scan: WordKeys.Scan) {
            self.label = label
            guard !stops[i].role.isInteractive else {
                isStatus = false
                canBeNamed = false
                return
            }
            isStatus = StatusText.isStatus(stops, i, labelKeys: label, labelIsASCII: scan.isASCII)
            // `label.count` walks grapheme clusters; a plain label has one per byte.
            canBeNamed = scan.byteCount < 3 ? false : scan.isPlain ? true : OrderReferences.hasThreeCharacters(stops[i].label)
        }
    }

    /// `text.count >= 3`. A text of fewer than three scalars has fewer than
    /// three characters, told without walking grapheme clusters: a
    /// placeholder "…" on every row cost as much that way as its other facts
    /// (callgrind).
    static func hasThreeCharacters(_ text: String) -> Bool {
        let scalars = text.unicodeScalars
        guard scalars.index(scalars.startIndex, offsetBy: 3, limitedBy: scalars.endIndex) != nil else { return false }
        return text.count >= 3
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
