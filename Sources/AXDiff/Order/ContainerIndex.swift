import AXSnapshot

/// One container's stops arranged so that the partners of a moved stop in
/// the container references are found without testing every stop beside
/// it: the controls (every reference's action) and the statuses (errors,
/// which every control after them breaks), in reading order; the controls
/// by each run of their words that is an asking object's name; the
/// nameable objects by all the words of theirs.
///
/// A control names an object when the object's words occur, adjacent and in
/// order, among the control's (`OrderReferences.names`): so a control looks
/// up each run of its words no longer than the longest object's, and an
/// object looks up the controls filed under all its words as one run. Each
/// candidate is confirmed by `OrderReferences.reference`, the one test of a
/// pair.
///
/// Every member's facts live in a few flat arrays (the word keys of all
/// labels one after another, two flags, two sorted tables): building and
/// freeing an array per stop and per word cost more than the tests
/// themselves (callgrind). A class: `ContainerPartners` keeps one per
/// container and hands it out many times.
final class ContainerIndex {
    private let refs: OrderReferences
    /// The container's stops, ascending.
    let members: [Int]
    /// The word keys of every member's label, in order: member `a`'s are
    /// `keys[wordStart[a]..<wordStart[a + 1]]`.
    private let keys: [UInt64]
    private let wordStart: [Int]
    /// `OrderReferences.Facts` of each member (false for a control).
    private let status: [Bool]
    private let canBeNamed: [Bool]
    /// Positions of the controls, and of the statuses, ascending.
    let controls: [Int]
    let statuses: [Int]
    /// Positions of the controls by the key of each run of their words that
    /// is all the words of an object that may ask `controls(naming:)`.
    private let controlsByName: KeyedPositions
    /// The objects that may ask `controls(naming:)`, ascending, and the key
    /// of all the words of each as one run (nil when it has none).
    private let askingObjects: [Int]
    private let nameKey: [UInt64?]
    /// Positions of the objects a control could name (not a control, not a
    /// status, `canBeNamed`, with a word) whose words are a run of an asking
    /// control's, by the key of all their words as a run (`forEachRun`).
    private let objectsByWords: KeyedPositions
    /// The most words any of those objects has.
    private let longestObject: Int

    /// `twin`, when given, is an index of the other version, and
    /// `twinMember(stop)` the member of it that is the same stop with the
    /// same role, label and value (to the byte), -1 for none: its facts are
    /// copied rather than made again. On a typical commit almost every stop
    /// of a container has one, and making the facts (its label's words, the
    /// status test) was most of building the index (callgrind).
    ///
    /// `asks[stop]` tells the stops that will ask for their partners (the
    /// moved ones; every stop when nil): the controls are filed only under the
    /// names of the objects that ask `controls(naming:)`, and the objects only
    /// when their words are a run `objects(namedBy:)` looks up for a control
    /// that asks. Filing every control and every object cost as much as all
    /// the other facts, for the few stops that ask (callgrind).
    ///
    /// - Complexity: O(k log k + k · w) for k stops of at most w words, plus
    ///   for each control that asks O(w · min(w, l)), objects of at most l
    ///   words (the runs its `objects(namedBy:)` looks up), and for each
    ///   control O(w) and O(l) more per place where an asking object's name
    ///   begins among its words (`controlsByName`).
    init(_ refs: OrderReferences, members unsorted: [Int],
         twin: ContainerIndex? = nil, twinMember: (Int) -> Int = { _ in -1 },
         asks: [Bool]? = nil) {
        // A tree node lists its stops in reading order, so they come sorted:
        // checked in one pass rather than sorted again.
        let members = zip(unsorted, unsorted.dropFirst()).allSatisfy({ $0 < $1 }) ? unsorted : unsorted.sorted()
        // Read as an array: a closure called for each control and object cost
        // more than the rest of the test (callgrind).
        let everyAsks = asks == nil, asks = asks ?? []
        // The twin's arrays, read as locals in the loop.
        let hasTwin = twin != nil
        let (twinKeys, twinStart) = (twin?.keys ?? [], twin?.wordStart ?? [])
        let (twinStatus, twinNameable) = (twin?.status ?? [], twin?.canBeNamed ?? [])
        var keys: [UInt64] = []
        var wordStart = [0]
        var status: [Bool] = []
        var canBeNamed: [Bool] = []
        var controls: [Int] = []
        var statuses: [Int] = []
        var objectPairs: [(key: UInt64, position: Int)] = []
        var longestObject = 0
        // The objects a control could name, with the key of all their words,
        // and the names of those that ask: gathered in the one pass over the
        // members, where a second pass re-read every member's facts and
        // sliced each object's words again (callgrind).
        var candidates: [(key: UInt64, position: Int)] = []
        // Every asking object's name, and each first part of it (its first
        // word, its first two, …), as run keys.
        var names: [(key: UInt64, position: Int)] = []
        var nameStarts: [(key: UInt64, position: Int)] = []
        var askingObjects: [Int] = []
        var nameKey: [UInt64?] = []
        var longestAsking = 0
        var splits = SplitLabels()
        keys.reserveCapacity(members.count * 4)
        wordStart.reserveCapacity(members.count + 1)
        status.reserveCapacity(members.count)
        canBeNamed.reserveCapacity(members.count)
        for (a, stop) in members.enumerated() {
            let start = keys.count
            let isStatus: Bool, isNameable: Bool
            if hasTwin, case let b = twinMember(stop), b >= 0 {
                for x in twinStart[b]..<twinStart[b + 1] { keys.append(twinKeys[x]) }
                (isStatus, isNameable) = (twinStatus[b], twinNameable[b])
            } else {
                let scan = WordKeys.scan(refs.stops[stop].label, to: &keys) { splits.keys($0) }
                let facts = OrderReferences.Facts(refs.stops, stop, label: keys[start...], scan: scan)
                (isStatus, isNameable) = (facts.isStatus, facts.canBeNamed)
            }
            wordStart.append(keys.count)
            status.append(isStatus)
            canBeNamed.append(isNameable)
            if refs.stops[stop].role.isInteractive {
                controls.append(a)
            } else if isStatus {
                statuses.append(a)
            } else if isNameable {
                let asking = everyAsks || asks[stop]
                var key = Self.seed
                for x in start..<keys.count {
                    key = Self.step(key, keys[x])
                    if asking { nameStarts.append((key, askingObjects.count)) }
                }
                if keys.count > start {
                    longestObject = max(longestObject, keys.count - start)
                    candidates.append((key, a))
                }
                if asking {
                    if keys.count > start { names.append((key, askingObjects.count)) }
                    nameKey.append(keys.count > start ? key : nil)
                    longestAsking = max(longestAsking, keys.count - start)
                    askingObjects.append(a)
                }
            }
        }
        // The runs the asking controls look up, when there are objects to find.
        var runs: [(key: UInt64, position: Int)] = []
        if longestObject > 0 {
            for a in controls where everyAsks || asks[members[a]] {
                let words = keys[wordStart[a]..<wordStart[a + 1]]
                Self.forEachRun(of: words, upTo: min(longestObject, words.count - 1)) { runs.append(($0, a)) }
            }
        }
        // Each object filed when its words are a run looked up: filing every
        // object and dropping the others after cost a pair and a test each.
        if !runs.isEmpty {
            let lookedUp = KeyedPositions(runs)
            for object in candidates where lookedUp.contains(object.key) { objectPairs.append(object) }
        }
        // Each control filed under each run of its words that is an asking
        // object's name (strictly shorter than the control's words, as a
        // control names an object), so that an object meets the controls
        // that name it and no other. A run is followed only while it is the
        // first part of some asking object's name: most places among a
        // control's words begin none, and cost one look-up. (Under one word
        // of its name, an object would meet every control sharing that word,
        // the more the longer the screen.)
        var controlPairs: [(key: UInt64, position: Int)] = []
        if longestAsking > 0 {
            let (starts, named) = (KeyedPositions(nameStarts), KeyedPositions(names))
            for a in controls {
                let words = keys[wordStart[a]..<wordStart[a + 1]]
                let longest = min(longestAsking, words.count - 1)
                guard longest > 0 else { continue }
                for first in words.indices {
                    var key = Self.seed
                    for end in first..<min(words.endIndex, first + longest) {
                        key = Self.step(key, words[end])
                        guard starts.contains(key) else { break }
                        if named.contains(key) { controlPairs.append((key, a)) }
                    }
                }
            }
        }
        self.refs = refs
        self.members = members
        self.keys = keys
        self.wordStart = wordStart
        self.status = status
        self.canBeNamed = canBeNamed
        self.controls = controls
        self.statuses = statuses
        self.controlsByName = KeyedPositions(controlPairs)
        self.askingObjects = askingObjects
        self.nameKey = nameKey
        self.objectsByWords = KeyedPositions(objectPairs)
        self.longestObject = longestObject
    }

    func isControl(_ a: Int) -> Bool { refs.stops[members[a]].role.isInteractive }
    func isStatus(_ a: Int) -> Bool { status[a] }
    func isNameable(_ a: Int) -> Bool { !isControl(a) && !status[a] && canBeNamed[a] }

    /// Member `a`'s label keys.
    private func words(_ a: Int) -> ArraySlice<UInt64> { keys[wordStart[a]..<wordStart[a + 1]] }

    /// Positions of the objects control `a` may name, ascending: those whose
    /// words all occur as a run among its own (a superset of those it names).
    ///
    /// - Complexity: O(w · min(w, l) + c log c) for w words, objects of at
    ///   most l words and c candidates.
    func objects(namedBy a: Int) -> [Int] {
        let words = words(a)
        // An object named has fewer words than the control.
        var found: [Int] = []
        Self.forEachRun(of: words, upTo: min(longestObject, words.count - 1)) { key in
            // Most runs name no object: an empty append still cost a call.
            let list = objectsByWords[key]
            if !list.isEmpty { found += list }
        }
        found.sort()
        return found.enumerated().filter { $0.offset == 0 || found[$0.offset - 1] != $0.element }.map(\.element)
    }

    /// Positions of the controls that may name object `b` (one that asks),
    /// ascending: those holding all its words as a run, and more words (a
    /// superset of those that name it).
    ///
    /// - Complexity: O(log m) for m asking objects, plus the list's length.
    func controls(naming b: Int) -> [Int] {
        controlList(naming: b).map { Array($0.positions) } ?? []
    }

    /// `body(key, positions)` for each list of objects control `a` may name
    /// (`objects(namedBy:)` is their union): the objects filed under each run
    /// of its words, ascending, each list once.
    ///
    /// - Complexity: O(w · min(w, l)) for w words and objects of at most l words.
    func forEachObjectList(namedBy a: Int, _ body: (UInt64, ArraySlice<Int>) -> Void) {
        let words = words(a)
        var seen: Set<UInt64> = []
        Self.forEachRun(of: words, upTo: min(longestObject, words.count - 1)) { key in
            let list = objectsByWords[key]
            // A run repeated among the control's words names the same list.
            guard !list.isEmpty, seen.insert(key).inserted else { return }
            body(key, list)
        }
    }

    /// The list `controls(naming: b)` returns, with the key it is filed under.
    ///
    /// - Complexity: O(log m) for m asking objects.
    func controlList(naming b: Int) -> (key: UInt64, positions: ArraySlice<Int>)? {
        // The first asking object at or past `b`.
        let lo = SortedPositions.firstAbove(b - 1, in: askingObjects)
        guard lo < askingObjects.count, askingObjects[lo] == b, let key = nameKey[lo] else { return nil }
        let list = controlsByName[key]
        return list.isEmpty ? nil : (key, list)
    }

    /// The container reference control `a` read before stop `b` breaks, if
    /// any (positions).
    func reference(action a: Int, object b: Int) -> OrderReference? {
        let (c, t) = (members[a], members[b])
        guard t > c, isControl(a) else { return nil }
        return refs.reference(object: t, action: c,
                              objectFacts: .init(isStatus: status[b], canBeNamed: canBeNamed[b], label: words(b)),
                              actionFacts: .init(isStatus: false, canBeNamed: false, label: words(a)))
    }

    /// `body(key)` for each run of `words` of at most `longest` words, the
    /// run's key built one word at a time (`step` from `seed`).
    @inline(__always)
    private static func forEachRun(of words: ArraySlice<UInt64>, upTo longest: Int, _ body: (UInt64) -> Void) {
        guard longest > 0 else { return }
        for start in words.indices {
            var key = seed
            for end in start..<min(words.endIndex, start + longest) {
                key = step(key, words[end])
                body(key)
            }
        }
    }

    private static let seed: UInt64 = 0x9E37_79B9_7F4A_7C15

    private static func step(_ key: UInt64, _ word: UInt64) -> UInt64 {
        var h = (key ^ word) &* 0xBF58_476D_1CE4_E5B9
        h ^= h >> 31
        return h
    }
}

extension ContainerIndex {
    /// The keys of each distinct non-ASCII label, by its bytes: a label
    /// repeated on every row (a "…" placeholder) is split into words by
    /// `Character` once, which cost several times a whole ASCII label's
    /// facts (callgrind). Bytes, not the string: canonically equal strings
    /// of other bytes may have other keys.
    private struct SplitLabels {
        private var known: [[UInt8]: [UInt64]] = [:]
        /// The last label met, compared first: the repeated label comes row
        /// after row, and its bytes compare for less than they hash. Two
        /// arrays, not an optional pair, which was copied at each compare.
        private var lastBytes: [UInt8] = []
        private var lastKeys: [UInt64] = []

        /// The keys of `LabelText.words(text)`.
        mutating func keys(_ text: String) -> [UInt64] {
            var text = text
            // A non-ASCII text has bytes: the empty last one matches none.
            if text.withUTF8({ Self.same($0, lastBytes) }) { return lastKeys }
            let bytes = Array(text.utf8)
            if let keys = known[bytes] {
                (lastBytes, lastKeys) = (bytes, keys)
                return keys
            }
            let made = LabelText.words(text).map(WordKeys.key)
            known[bytes] = made
            (lastBytes, lastKeys) = (bytes, made)
            return made
        }

        /// Whether `a` holds the bytes of `b`, compared one by one (the
        /// generic `elementsEqual` cost several times more on a short label).
        private static func same(_ a: UnsafeBufferPointer<UInt8>, _ b: [UInt8]) -> Bool {
            guard a.count == b.count else { return false }
            for k in b.indices where a[k] != b[k] { return false }
            return true
        }
    }
}
