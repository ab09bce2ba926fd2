import AXSnapshot

/// Aligns the stops left between consecutive anchors as two sequences, so
/// that duplicates — rows of a list sharing an id, repeated "Delete" buttons,
/// pattern names — pair by their place among their neighbours (DESIGN §4).
///
/// A gap is a run of unmatched old stops between two paired stops, and the
/// unmatched new stops between those two stops' partners. Where a partner
/// moved (the two partners read in the other order), the run is widened to
/// the next paired stop on each side, a few times at most, until the two read
/// in order: a moved anchor is then only a stop inside the gap. Within a gap
/// the unmatched stops are aligned by Myers' diff over their tokens
/// (`MatchKeys.token`): the longest common subsequence, found in
/// O((N + M) · D) for an edit distance D. When D exceeds `maxEdits`,
/// position decides: equal tokens are paired in order, never crossing.
///
/// - Complexity: O(n + Σ (N + M) · min(D, maxEdits)) over the gaps, where n
///   is the number of stops: O(n) for a bounded `maxEdits`.
enum GapAligner {
    /// The edit distance past which a gap is aligned by position alone.
    static let maxEdits = 128
    /// How many times a gap is widened past a moved anchor on each side.
    static let maxWidening = 8

    static func align(_ m: inout Matching, old: [Stop], new: [Stop], keys: MatchKeys) {
        guard m.oldToNew.contains(nil), m.newToOld.contains(nil) else { return }
        var tokens: [MatchKeys.Token: Int] = [:]
        func token(_ stop: Stop) -> Int {
            let t = keys.token(stop)
            if let k = tokens[t] { return k }
            tokens[t] = tokens.count
            return tokens.count - 1
        }
        /// The paired old stop before (step -1) or after (+1) `i`, or the edge.
        func paired(from i: Int, _ step: Int) -> Int {
            var k = i + step
            while k >= 0, k < old.count, m.oldToNew[k] == nil { k += step }
            return k
        }
        func partner(_ k: Int) -> Int { k < 0 ? -1 : (k >= old.count ? new.count : (m.oldToNew[k] ?? -1)) }
        var i = 0
        while i < old.count {
            guard m.oldToNew[i] == nil else { i += 1; continue }
            var (left, right) = (paired(from: i, -1), paired(from: i, 1))
            var widened = 0
            while partner(left) >= partner(right), widened < maxWidening {
                if left >= 0 { left = paired(from: left, -1) }
                if right < old.count { right = paired(from: right, 1) }
                widened += 1
            }
            let (a, b) = (partner(left), partner(right))
            defer { i = max(i + 1, right) }
            guard a < b, b - a > 1 else { continue }
            let olds = ((left + 1)..<right).filter { m.oldToNew[$0] == nil }
            let news = ((a + 1)..<b).filter { m.newToOld[$0] == nil }
            guard !olds.isEmpty, !news.isEmpty else { continue }
            let x = olds.map { token(old[$0]) }, y = news.map { token(new[$0]) }
            let aligned = Self.lcs(x, y, maxEdits: maxEdits) ?? Self.inOrder(x, y)
            for (p, q) in aligned { m.pair(old: olds[p], new: news[q]) }
        }
    }

    /// The index pairs of a longest common subsequence of `a` and `b`, or nil
    /// when their edit distance exceeds `maxEdits` (Myers 1986, the greedy
    /// forward search with each round's frontier kept for the way back).
    ///
    /// - Complexity: O((N + M) · D + D²) time and O(D²) memory for an edit distance D ≤ `maxEdits`.
    static func lcs(_ a: [Int], _ b: [Int], maxEdits: Int) -> [(Int, Int)]? {
        let (n, m) = (a.count, b.count)
        // Common prefix and suffix first: most gaps are a few stops inserted
        // or removed among equal ones.
        var head = 0
        while head < n, head < m, a[head] == b[head] { head += 1 }
        var tail = 0
        while tail < n - head, tail < m - head, a[n - 1 - tail] == b[m - 1 - tail] { tail += 1 }
        var result: [(Int, Int)] = (0..<head).map { ($0, $0) }
        let (an, bm) = (n - head - tail, m - head - tail)
        if an > 0, bm > 0 {
            guard let middle = myers(Array(a[head..<(head + an)]), Array(b[head..<(head + bm)]), maxEdits: maxEdits) else { return nil }
            result += middle.map { ($0.0 + head, $0.1 + head) }
        }
        result += (0..<tail).map { (n - tail + $0, m - tail + $0) }
        return result
    }

    private static func myers(_ a: [Int], _ b: [Int], maxEdits: Int) -> [(Int, Int)]? {
        let (n, m) = (a.count, b.count)
        let limit = min(maxEdits, n + m)
        let offset = limit + 1
        var v = [Int](repeating: 0, count: 2 * limit + 3)
        var trace: [[Int]] = []
        for d in 0...limit {
            trace.append(v)
            for k in stride(from: -d, through: d, by: 2) {
                var x = (k == -d || (k != d && v[k - 1 + offset] < v[k + 1 + offset])) ? v[k + 1 + offset] : v[k - 1 + offset] + 1
                var y = x - k
                while x < n, y < m, a[x] == b[y] { x += 1; y += 1 }
                v[k + offset] = x
                if x >= n, y >= m { return backtrack(trace, d: d, n: n, m: m, offset: offset) }
            }
        }
        return nil
    }

    /// The diagonal runs of the path found, read back from each round's
    /// frontier (`trace[e]` is the frontier after round e − 1).
    private static func backtrack(_ trace: [[Int]], d: Int, n: Int, m: Int, offset: Int) -> [(Int, Int)] {
        var pairs: [(Int, Int)] = []
        var (x, y) = (n, m)
        for e in stride(from: d, to: 0, by: -1) {
            let v = trace[e]
            let k = x - y
            let previous = (k == -e || (k != e && v[k - 1 + offset] < v[k + 1 + offset])) ? k + 1 : k - 1
            let startX = v[previous + offset]
            // Where this round's one edit ended and its run of equal tokens began.
            let editX = previous == k + 1 ? startX : startX + 1
            while x > editX, y > editX - k {
                x -= 1
                y -= 1
                pairs.append((x, y))
            }
            (x, y) = (startX, startX - previous)
        }
        while x > 0, y > 0 {
            x -= 1
            y -= 1
            pairs.append((x, y))
        }
        return pairs.reversed()
    }

    /// Equal tokens paired in order, never crossing: each new stop takes the
    /// first unpaired old stop of its token after the last one taken.
    ///
    /// - Complexity: O((N + M) log N).
    static func inOrder(_ a: [Int], _ b: [Int]) -> [(Int, Int)] {
        var positions: [Int: [Int]] = [:]
        for (p, t) in a.enumerated() { positions[t, default: []].append(p) }
        var cursor: [Int: Int] = [:]
        var last = -1
        var result: [(Int, Int)] = []
        for (q, t) in b.enumerated() {
            guard let list = positions[t] else { continue }
            // The first of this token's positions after `last`, by binary search
            // from where this token's search ended before.
            var lo = cursor[t, default: 0], hi = list.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if list[mid] <= last { lo = mid + 1 } else { hi = mid }
            }
            cursor[t] = lo
            guard lo < list.count else { continue }
            result.append((list[lo], q))
            last = list[lo]
            cursor[t] = lo + 1
        }
        return result
    }
}
