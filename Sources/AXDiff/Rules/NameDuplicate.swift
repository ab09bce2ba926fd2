import AXSnapshot

/// `name.duplicate`: two or more controls now share a name and no input label
/// (Voice Control name) tells them apart — ten buttons called "Reorder".
enum NameDuplicate: ChangeRule {
    static let name = "name.duplicate"
    static let defaultSeverity = Severity.warning
    static let wcag = ["2.5.3", "2.4.6"]
    static let summary = "Several controls share a name and no input label tells them apart."
    static let help = "Two or more controls now share the same accessible name and no input label tells them apart: Voice Control users cannot say which one they mean, and screen-reader users hear ten identical \"Reorder\" buttons. Name the object in the label (\"Reorder order 1042\") or add distinct input labels."
    static let isSmell = true

    /// Only names the commit touched can start being duplicates: a name none
    /// of whose controls (in either version) was added, removed or changed
    /// has matched, identical groups in both versions (`touchedNames`), so it
    /// is a duplicate in both or in neither. On a new screen every name is
    /// touched.
    ///
    /// - Complexity: O(n) expected, where n is the number of stops.
    static func changes(in c: DiffContext) -> [Change] {
        let touched = touchedNames(c)
        guard !touched.isEmpty else { return [] }
        // A new stop of a pair the commit left alone has the label of its old
        // stop, to the byte (`DiffContext.changedPairs`), so its name's slot
        // is the old one's: looked up once, not in both versions.
        var oldSlots: [Int] = [], newSlots: [Int] = []
        let (newToOld, isChanged) = (c.matching.newToOld, c.isChanged)
        let before = Set(duplicates(c.oldStops, among: touched, slots: &oldSlots).keys)
        let after = duplicates(c.newStops, among: touched, slots: &newSlots) { j in
            guard !isChanged[j], let i = newToOld[j] else { return nil }
            return oldSlots[i]
        }
        return after.filter { !before.contains($0.key) }.sorted { $0.value[0] < $1.value[0] }.map { name, members in
            let stops = members.map { c.newStops[$0] }
            return Change(kind: kind, screen: c.screen, elements: stops.map(ElementRef.init),
                          after: stops.map(\.spoken).joined(separator: " › "),
                          message: "\(stops.count) controls are all called \"\(stops[0].label)\"; \(stops[0].platform.voiceUsers) users cannot tell them apart")
        }
    }

    /// Whether a stop of this role takes part: controls and links. (Takes
    /// the role: a `Stop` argument is a copy of every field.)
    static func counts(_ role: Role) -> Bool { role.isControl || role == .link }

    /// The normalized names of the controls that are unmatched, or matched to
    /// a stop that differs in a field `duplicates` reads (role, label, id,
    /// image names, input labels — all covered by `changedPairs`).
    ///
    /// - Complexity: O(n) for the n stops, plus the labels it normalizes.
    static func touchedNames(_ c: DiffContext) -> Set<String> {
        var names = Set<String>()
        func touch(_ stops: [Stop], _ i: Int) {
            if counts(stops[i].role) { names.insert(LabelText.normalized(stops[i].label)) }
        }
        for j in c.newStops.indices where c.matching.newToOld[j] == nil { touch(c.newStops, j) }
        for i in c.oldStops.indices where c.matching.oldToNew[i] == nil { touch(c.oldStops, i) }
        for pair in c.changedPairs {
            touch(c.newStops, pair.new)
            touch(c.oldStops, pair.old)
        }
        return names
    }

    /// Controls grouped by normalized label, for the labels in `names`, where
    /// the group has two or more members not told apart by an input label of
    /// their own.
    ///
    /// Each name gets a slot, its place among the names sorted, and a
    /// control's label is looked up to a slot: when every name and the label
    /// are ASCII, by a hash of its normal form (`LabelText.normalizedKey`, no
    /// string built) among the names' hashes, sorted, then confirmed on the
    /// normal form itself; otherwise by its normal form among the names, by
    /// halves. A control whose name is not among
    /// `names` — almost all of them — costs one pass over its label's bytes,
    /// and a member costs no hashing of strings (a dictionary from name to
    /// members hashed every member's name twice, most of the cost on a screen
    /// of repeated rows, callgrind).
    ///
    /// - Complexity: O(n log m) for n stops and m names.
    static func duplicates(_ stops: [Stop], among names: Set<String>) -> [String: [Int]] {
        var slots: [Int] = []
        return duplicates(stops, among: names, slots: &slots)
    }

    /// `duplicates(stops, among: names)`, noting in `slots` the place among
    /// the names, sorted, of each control's name (-1 for none, and for a
    /// stop that is no control). `known(i)`, when not nil, is that place for
    /// stop `i`, taken rather than looked up.
    static func duplicates(_ stops: [Stop], among names: Set<String>, slots: inout [Int],
                           known: (Int) -> Int? = { _ in nil }) -> [String: [Int]] {
        let nameList = names.sorted()
        // The names' keys with their slots, sorted by key; empty when a name is not ASCII.
        let keyed = keys(of: nameList)
        // The first bytes of the names (when `keyed` is not empty every name
        // is ASCII, and normalized: no leading whitespace, no upper case), as
        // a 128-bit set. A label that starts with an ASCII byte other than
        // whitespace has a normal form starting with that byte lower-cased
        // (a combining mark after it would make its first `Character` equal
        // to no ASCII one), so a label whose first byte starts no name is no
        // name: one byte read instead of hashing the whole label, for almost
        // every control.
        let firstBytes = keyed.isEmpty ? (low: UInt64(0), high: UInt64(0)) : nameList.reduce((low: UInt64(0), high: UInt64(0))) { set, name in
            guard let b = name.utf8.first else { return set }
            return b < 64 ? (set.low | 1 << b, set.high) : (set.low, set.high | 1 << (b - 64))
        }
        func startsNoName(_ label: String) -> Bool {
            guard !keyed.isEmpty, var b = label.utf8.first, b < 0x80, b != 0x20, !(0x09...0x0D).contains(b) else { return false }
            if b >= 0x41 && b <= 0x5A { b |= 0x20 }
            return b < 64 ? firstBytes.low & (1 << b) == 0 : firstBytes.high & (1 << (b - 64)) == 0
        }
        // Indices: `for s in stops` copies every stop (all its fields).
        var members = [[Int]](repeating: [], count: nameList.count)
        var confirmed = [String?](repeating: nil, count: nameList.count)
        slots = [Int](repeating: -1, count: stops.count)
        for i in stops.indices where counts(stops[i].role) {
            let k: Int
            if let given = known(i) {
                k = given
            } else {
                if startsNoName(stops[i].label) { continue }
                k = slot(stops[i].label, keyed: keyed, names: nameList, confirmed: &confirmed) ?? -1
            }
            guard k >= 0 else { continue }
            slots[i] = k
            members[k].append(stops[i].index)
        }
        // Only names met twice are groups.
        var groups: [String: [Int]] = [:]
        for (k, list) in members.enumerated() where list.count >= 2 { groups[nameList[k]] = list }
        // Meaningless labels are left out only now, in groups that could be
        // duplicates: the label test is the costly part, and most groups have
        // one member. Filtering keeps the members' order, so the result is
        // the same as filtering first. A group's members mostly repeat one
        // label (a list's "Delete" buttons), so each distinct set of the
        // fields the test reads is judged once.
        // The member before is compared first, its fields read in place:
        // equal fields compare in a few instructions, where hashing them (a
        // label, an id, image names) took about a thousand, and copying them
        // into a key a retain and a release each (callgrind).
        var judged: [Judged: Bool] = [:]
        for (name, members) in groups where members.count >= 2 {
            var last = -1, lastMeaningless = false
            groups[name] = members.filter { m in
                if last >= 0, Judged.same(stops, m, last) { return !lastMeaningless }
                let key = Judged(label: stops[m].label, id: stops[m].id, imageNames: stops[m].imageNames,
                                 role: stops[m].role, platform: stops[m].platform)
                let meaningless: Bool
                if let known = judged[key] {
                    meaningless = known
                } else {
                    meaningless = LabelQuality.isMeaningless(key.label, id: key.id, imageNames: key.imageNames,
                                                             role: key.role, platform: key.platform)
                    judged[key] = meaningless
                }
                (last, lastMeaningless) = (m, meaningless)
                return !meaningless
            }
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

extension NameDuplicate {
    /// The place in `names` (sorted) of the name `label` normalizes to, if
    /// any; `keyed` is `keys(of: names)`. `confirmed[slot]` is the last
    /// label found to normalize to that name: rows repeat a label, and
    /// comparing it with the one before costs a fraction of normalizing it
    /// again (callgrind).
    @inline(__always)
    fileprivate static func slot(_ label: String, keyed: [(key: UInt64, slot: Int)], names: [String],
                                 confirmed: inout [String?]) -> Int? {
        guard !keyed.isEmpty, let key = LabelText.normalizedKey(label) else {
            // A label that is not ASCII may still normalize to a name ("\u{212A}" is "k").
            let name = LabelText.normalized(label)
            var (lo, hi) = (0, names.count)
            while lo < hi {
                let mid = (lo + hi) / 2
                if names[mid] < name { lo = mid + 1 } else { hi = mid }
            }
            return lo < names.count && names[lo] == name ? lo : nil
        }
        var (lo, hi) = (0, keyed.count)
        while lo < hi {
            let mid = (lo + hi) / 2
            if keyed[mid].key < key { lo = mid + 1 } else { hi = mid }
        }
        guard lo < keyed.count, keyed[lo].key == key else { return nil }
        // Equal keys are a candidate: the normal form decides.
        while lo < keyed.count, keyed[lo].key == key {
            let slot = keyed[lo].slot
            if confirmed[slot] == label { return slot }
            if LabelText.normalizes(label, to: names[slot]) {
                confirmed[slot] = label
                return slot
            }
            lo += 1
        }
        return nil
    }

    /// The `LabelText.normalizedKey` of each name with its place, sorted by
    /// key; empty when a name is not ASCII.
    fileprivate static func keys(of names: [String]) -> [(key: UInt64, slot: Int)] {
        var keyed: [(key: UInt64, slot: Int)] = []
        keyed.reserveCapacity(names.count)
        for (slot, name) in names.enumerated() {
            guard let key = LabelText.normalizedKey(name) else { return [] }
            keyed.append((key, slot))
        }
        keyed.sort { $0.key != $1.key ? $0.key < $1.key : $0.slot < $1.slot }
        return keyed
    }
}

/// The fields of a stop `LabelQuality.isMeaningless` reads.
private struct Judged: Hashable {
    let label: String
    let id: String?
    let imageNames: [String]
    let role: Role
    let platform: Platform

    /// Whether stops `a` and `b` agree on these fields, read in place.
    static func same(_ stops: [Stop], _ a: Int, _ b: Int) -> Bool {
        stops[a].label == stops[b].label && stops[a].id == stops[b].id && stops[a].imageNames == stops[b].imageNames
            && stops[a].role == stops[b].role && stops[a].platform == stops[b].platform
    }
}

extension ChangeKind {
    public static let nameDuplicate = NameDuplicate.kind
}
