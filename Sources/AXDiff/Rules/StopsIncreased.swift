import AXSnapshot

/// `stops.increased`: the swipe count grew by stops that carry no new content
/// (Label Soup): a stop split into pieces, a decorative image, a text that
/// repeats its neighbour. A new row of real content is `stop.added`, not this.
enum StopsIncreased: ChangeRule {
    static let name = "stops.increased"
    static let defaultSeverity = Severity.warning
    static let wcag = ["1.3.1"]
    static let summary = "The swipe count grew by stops that carry no new content (Label Soup)."
    static let help = "The screen needs more swipes than before (Label Soup): pieces that belong together are read as separate stops. Combine the parts of a card or row into one element with one label and custom actions."

    /// - Complexity: O(n) in the added stops and the splits' parts.
    static func changes(in c: DiffContext) -> [Change] {
        guard !c.isNewScreen, c.newStops.count > c.oldStops.count else { return [] }
        // A split into list items is structure, not soup (`GroupSplit`).
        let pieces = c.matching.splits.reduce(0) { sum, group in
            GroupSplit.intoListItems(group.parts.map { c.newStops[$0] }) ? sum : sum + group.parts.count - 1
        }
        var images = 0, repeats = 0
        for j in c.addedStops {
            switch AddedStopKind.classify(j, in: c.newStops) {
            case .decorative: images += 1
            case .plain, .missingLabel: if repeatsNeighbour(j, in: c.newStops) { repeats += 1 }
            }
        }
        guard pieces + images + repeats > 0 else { return [] }
        let (a, b) = (c.oldStops.count, c.newStops.count)
        var why: [String] = []
        if pieces > 0 { why.append("\(pieces) from stops split into pieces") }
        if images > 0 { why.append("\(images) decorative image\(images == 1 ? "" : "s")") }
        if repeats > 0 { why.append("\(repeats) repeating a neighbour's text") }
        let extra = pieces + images + repeats
        return [Change(kind: kind, screen: c.screen, before: "\(a)", after: "\(b)",
                       message: "swipes to read the screen grew from \(a) to \(b); \(extra) of them carr\(extra == 1 ? "ies" : "y") no new content: \(why.joined(separator: ", "))")]
    }

    /// Whether a new non-control stop says what a neighbour already says: the
    /// same text, or one of the comma-separated parts of the neighbour's
    /// ("Delivered" beside "Order 1042, Delivered, $24.80").
    ///
    /// An ASCII normal form is compared with each neighbour's text by
    /// `LabelText.normalizes`, without building the neighbour's normal form,
    /// and a neighbour without a comma byte is not split: building and
    /// splitting every neighbour's text cost most of this rule on a screen of
    /// added rows (callgrind).
    static func repeatsNeighbour(_ j: Int, in stops: [Stop]) -> Bool {
        guard !stops[j].role.isInteractive else { return false }
        let own = LabelText.normalized(name(stops, j))
        guard !own.isEmpty else { return false }
        // Two strings are equal as `String`s when they are canonically
        // equivalent; `normalizes` compares an ASCII label's bytes, which
        // agrees only when `own` is ASCII too.
        let ownIsASCII = WordKeys.isASCII(own)
        let same = { (text: String) in ownIsASCII ? LabelText.normalizes(text, to: own) : LabelText.normalized(text) == own }
        for k in stride(from: j - 1, through: j + 1, by: 2) where stops.indices.contains(k) {
            let theirs = name(stops, k)
            if same(theirs) { return true }
            if theirs.utf8.contains(UInt8(ascii: ",")), theirs.contains(","),
               theirs.split(separator: ",").contains(where: { same(String($0)) }) {
                return true
            }
        }
        return false
    }

    /// `stops[k].name`, its fields read in place: the property, read through
    /// the array, copies the whole stop first.
    private static func name(_ stops: [Stop], _ k: Int) -> String {
        stops[k].value.isEmpty ? stops[k].label : (stops[k].label.isEmpty ? stops[k].value : stops[k].label + ", " + stops[k].value)
    }
}

extension ChangeKind {
    public static let stopsIncreased = StopsIncreased.kind
}
