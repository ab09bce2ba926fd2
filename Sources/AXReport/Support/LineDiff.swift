/// A line diff of two versions of a file: which lines of the new version the
/// change added or edited, and where each old line is in the new version.
///
/// Code scanning shows a result on a pull request only on a line the pull
/// request added or edited, so SARIF places results with this. The diff is
/// Myers' (git's default) after the common head and tail are set aside, with
/// the edit distance capped: a pair that differs in more than `maxEdits`
/// lines counts its whole differing middle as replaced.
struct LineDiff {
    /// The new version's lines, without their line ends.
    let newLines: [Substring]
    /// For each new line (0-based): whether the diff marks it added.
    let added: [Bool]
    /// For each new line: whether its text is nowhere in the old version, so
    /// that every line diff, git's included, marks it added.
    let novel: [Bool]
    /// For each old line (0-based): the new line it is kept as, or, for a
    /// deleted line, the first line its hunk added, else the new line that
    /// follows the deletion (`newLines.count` at the end).
    let oldToNew: [Int]
    /// For each old line: whether the new version keeps it.
    let kept: [Bool]
    /// The added lines, ascending.
    let addedLines: [Int]
    /// The added lines that are novel, ascending.
    let novelLines: [Int]

    /// Edit scripts longer than this are not searched for: the middle counts as replaced.
    static let maxEdits = 1000

    /// - Complexity: O((n + m) · min(D, `maxEdits`)) time and O(min(D, `maxEdits`)²)
    ///   memory, where n and m are the line counts and D the edit distance.
    init(old: [UInt8]?, new: [UInt8]) {
        let oldLines = old.map(Self.lines) ?? []
        newLines = Self.lines(new)
        var ids: [Substring: Int] = [:]
        func id(_ line: Substring) -> Int {
            if let known = ids[line] { return known }
            ids[line] = ids.count
            return ids.count - 1
        }
        let a = oldLines.map(id), oldIDCount = ids.count
        let b = newLines.map(id)
        novel = b.map { $0 >= oldIDCount }

        var newToOld = [Int?](repeating: nil, count: b.count)
        var oldToNewMatch = [Int?](repeating: nil, count: a.count)
        var head = 0
        while head < a.count, head < b.count, a[head] == b[head] { head += 1 }
        var tail = 0
        while tail < a.count - head, tail < b.count - head, a[a.count - 1 - tail] == b[b.count - 1 - tail] { tail += 1 }
        for i in 0..<head { newToOld[i] = i; oldToNewMatch[i] = i }
        for t in 0..<tail { newToOld[b.count - 1 - t] = a.count - 1 - t; oldToNewMatch[a.count - 1 - t] = b.count - 1 - t }
        let middle = Self.myers(Array(a[head..<(a.count - tail)]), Array(b[head..<(b.count - tail)]), maxEdits: Self.maxEdits)
        for (i, j) in middle {
            newToOld[head + j] = head + i
            oldToNewMatch[head + i] = head + j
        }
        let added = newToOld.map { $0 == nil }
        self.added = added

        // A deleted old line sits where the next kept line (or the end) is in
        // the new version, or on the first line added in its place.
        var mapping = [Int](repeating: b.count, count: a.count)
        var nextNew = b.count
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            if let j = oldToNewMatch[i] {
                mapping[i] = j
                nextNew = j
            } else {
                mapping[i] = nextNew
            }
        }
        // `nextNew` of a deleted line is the kept line after it; the lines its hunk
        // added come right before that kept line, after the kept line before the hunk.
        var previousKept = -1
        for i in 0..<a.count {
            if let j = oldToNewMatch[i] { previousKept = j; continue }
            let firstOfHunk = previousKept + 1
            if firstOfHunk < mapping[i], firstOfHunk < b.count, newToOld[firstOfHunk] == nil { mapping[i] = firstOfHunk }
        }
        oldToNew = mapping
        kept = oldToNewMatch.map { $0 != nil }
        let addedLines = added.indices.filter { added[$0] }, novel = self.novel
        self.addedLines = addedLines
        novelLines = addedLines.filter { novel[$0] }
    }

    /// The text's lines without their ends; a final line end starts no line.
    static func lines(_ bytes: [UInt8]) -> [Substring] {
        var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        if lines.last?.isEmpty == true { lines.removeLast() }
        return lines.map { line in
            Substring(decoding: line.last == UInt8(ascii: "\r") ? line.dropLast() : line, as: UTF8.self)
        }
    }

    /// The matched pairs (old index, new index) of a shortest edit script, by
    /// Myers' greedy algorithm, or none when the distance exceeds `maxEdits`.
    static func myers(_ a: [Int], _ b: [Int], maxEdits: Int) -> [(Int, Int)] {
        let n = a.count, m = b.count
        guard n > 0, m > 0 else { return [] }
        let limit = min(n + m, maxEdits)
        let offset = limit + 1
        var v = [Int](repeating: 0, count: 2 * limit + 3)
        // trace[d][k + d]: the furthest x on diagonal k after d edits.
        var trace: [[Int]] = []
        var found: Int?
        search: for d in 0...limit {
            for k in stride(from: -d, through: d, by: 2) {
                var x = (k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1])) ? v[offset + k + 1] : v[offset + k - 1] + 1
                var y = x - k
                while x < n, y < m, a[x] == b[y] { x += 1; y += 1 }
                v[offset + k] = x
                if x >= n, y >= m {
                    trace.append(Array(v[(offset - d)...(offset + d)]))
                    found = d
                    break search
                }
            }
            trace.append(Array(v[(offset - d)...(offset + d)]))
        }
        guard let distance = found else { return [] }
        var pairs: [(Int, Int)] = []
        var x = n, y = m
        for d in stride(from: distance, to: 0, by: -1) {
            let previous = trace[d - 1]
            func at(_ k: Int) -> Int { previous[k + d - 1] }
            let k = x - y
            let previousK = (k == -d || (k != d && at(k - 1) < at(k + 1))) ? k + 1 : k - 1
            let previousX = at(previousK), previousY = previousX - previousK
            while x > previousX, y > previousY {
                x -= 1; y -= 1
                pairs.append((x, y))
            }
            x = previousX; y = previousY
        }
        while x > 0, y > 0 {
            x -= 1; y -= 1
            pairs.append((x, y))
        }
        return pairs.reversed()
    }
}
