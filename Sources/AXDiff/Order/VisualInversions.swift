/// For each moved stop, how many kept stops it is newly read out of visual
/// order with, and how many it no longer is (DESIGN §6.1), counted without
/// looking at pairs.
///
/// The kept stops framed in both versions have one relative spoken order
/// and one relative visual order, the same in both versions. Number them
/// σ in spoken order and τ in visual order. A moved stop x sits, in each
/// version, at a spoken slot s (kept stops read before it) and a visual
/// slot v (kept stops before it on screen). A kept stop k is out of order
/// with x when it is read before x but comes after it on screen
/// (σ < s, τ ≥ v) or the reverse (σ ≥ s, τ < v). With D(s, v) the number
/// of kept stops with σ < s and τ < v, those are s − D(s, v) and
/// v − D(s, v); the stops out of order in both versions lie in the
/// intersection of two such quadrants, itself a quadrant. So four
/// dominance counts per moved stop say everything, answered offline in one
/// sweep over σ with a Fenwick tree over τ.
///
/// - Complexity: O((k + m) log k) for k kept stops and m moved ones.
struct VisualInversions {
    /// Per entry of `moved`: kept stops now out of visual order with it that were not.
    var broken: [Int]
    /// Per entry of `moved`: kept stops out of visual order with it before that no longer are.
    var repaired: [Int]

    /// - Parameters:
    ///   - kept: σ order of the kept stops: for each, in spoken order, its τ
    ///     (visual slot among the kept stops).
    ///   - moved: for each moved stop, its spoken and visual slots in the
    ///     new and in the old version.
    init(kept: [Int], moved: [(newSpoken: Int, newVisual: Int, oldSpoken: Int, oldVisual: Int)]) {
        // Four queries per moved stop: D at (new), (old), (min s, max v), (max s, min v).
        var queries: [(s: Int, v: Int)] = []
        queries.reserveCapacity(moved.count * 4)
        for m in moved {
            queries.append((m.newSpoken, m.newVisual))
            queries.append((m.oldSpoken, m.oldVisual))
            queries.append((min(m.newSpoken, m.oldSpoken), max(m.newVisual, m.oldVisual)))
            queries.append((max(m.newSpoken, m.oldSpoken), min(m.newVisual, m.oldVisual)))
        }
        let d = Self.dominance(points: kept, queries: queries)
        broken = []
        repaired = []
        broken.reserveCapacity(moved.count)
        repaired.reserveCapacity(moved.count)
        for (x, m) in moved.enumerated() {
            let (dNew, dOld, dReadFirst, dSeenFirst) = (d[4 * x], d[4 * x + 1], d[4 * x + 2], d[4 * x + 3])
            // Read before x but after it on screen, in both versions.
            let bothReadFirst = min(m.newSpoken, m.oldSpoken) - dReadFirst
            // Read after x but before it on screen, in both versions.
            let bothSeenFirst = min(m.newVisual, m.oldVisual) - dSeenFirst
            let nowOut = (m.newSpoken - dNew) + (m.newVisual - dNew)
            let wasOut = (m.oldSpoken - dOld) + (m.oldVisual - dOld)
            broken.append(nowOut - bothReadFirst - bothSeenFirst)
            repaired.append(wasOut - bothReadFirst - bothSeenFirst)
        }
    }

    /// For each query (s, v), the number of points i with i < s and
    /// `points[i]` < v (the points are numbered by σ and hold τ).
    ///
    /// - Complexity: O((k + q) log k) for k points and q queries.
    static func dominance(points: [Int], queries: [(s: Int, v: Int)]) -> [Int] {
        // Kept stops read in the order they are seen, as on most screens:
        // point i holds i, so D(s, v) is min(s, v), without the sweep.
        if points.indices.allSatisfy({ points[$0] == $0 }) {
            return queries.map { min(min(max($0.s, 0), points.count), min(max($0.v, 0), points.count)) }
        }
        // Queries bucketed by s (counting sort), then one sweep adding points in σ order.
        var start = [Int](repeating: 0, count: points.count + 2)
        for q in queries { start[min(max(q.s, 0), points.count) + 1] += 1 }
        for i in 1..<start.count { start[i] += start[i - 1] }
        var order = [Int](repeating: 0, count: queries.count)
        var fill = start
        for (k, q) in queries.enumerated() {
            let s = min(max(q.s, 0), points.count)
            order[fill[s]] = k
            fill[s] += 1
        }
        var tree = [Int](repeating: 0, count: points.count + 1)
        var answers = [Int](repeating: 0, count: queries.count)
        for s in 0...points.count {
            for slot in start[s]..<start[s + 1] {
                let k = order[slot]
                var i = min(max(queries[k].v, 0), points.count), sum = 0
                while i > 0 {
                    sum += tree[i]
                    i &= i - 1
                }
                answers[k] = sum
            }
            guard s < points.count else { break }
            var i = points[s] + 1
            while i < tree.count {
                tree[i] += 1
                i += i & -i
            }
        }
        return answers
    }
}
