import AXSnapshot

/// Pairs a stop that was renamed and moved ("Add to cart" → "Add Ridgeback 3
/// to cart", now read above the product's name) when nothing else could be
/// meant: among the stops still unmatched, of one role, the words of one
/// label hold all the words of the other, and neither stop has another such
/// candidate (DESIGN §4, step 5, where frames cannot help).
///
/// Weak labels (volatile, patterns) take no part: they are not evidence.
///
/// - Complexity: O(w · c) expected for the w words of the unmatched labels,
///   with at most `maxPosting` stops looked at per word: a word shared by more
///   unmatched stops than that says nothing about which is which.
enum SimilarPass {
    static let maxPosting = 16

    static func match(_ m: inout Matching, old: [Stop], new: [Stop], keys: MatchKeys) {
        let (groupedOld, groupedNew) = (m.groupedOld, m.groupedNew)
        let olds = old.indices.filter { m.oldToNew[$0] == nil && !groupedOld.contains($0) && !keys.isWeak(old[$0].label) }
        let news = new.indices.filter { m.newToOld[$0] == nil && !groupedNew.contains($0) && !keys.isWeak(new[$0].label) }
        guard !olds.isEmpty, !news.isEmpty else { return }
        var newWords: [Int: Set<Substring>] = [:]
        var posting: [Substring: [Int]] = [:]
        for j in news {
            let words = Set(LabelText.words(new[j].label))
            newWords[j] = words
            for w in words { posting[w, default: []].append(j) }
        }
        var candidatesOfOld: [Int: [Int]] = [:]
        var choosers: [Int: Int] = [:]
        for i in olds {
            let words = Set(LabelText.words(old[i].label))
            guard !words.isEmpty else { continue }
            var seen = Set<Int>()
            var found: [Int] = []
            for w in words.sorted() {
                guard let list = posting[w], list.count <= maxPosting else { continue }
                for j in list where seen.insert(j).inserted && new[j].role == old[i].role {
                    guard let other = newWords[j], !other.isEmpty else { continue }
                    if words.isSubset(of: other) || other.isSubset(of: words) { found.append(j) }
                }
            }
            candidatesOfOld[i] = found
            for j in found { choosers[j, default: 0] += 1 }
        }
        for i in olds {
            guard let found = candidatesOfOld[i], found.count == 1, choosers[found[0]] == 1 else { continue }
            m.pair(old: i, new: found[0])
        }
    }
}
