import AXSnapshot

/// WCAG 2.5.8's exceptions to the 24 × 24 CSS px minimum, which `target.small`
/// applies on the web (the iOS and Android minimums are the platforms' own
/// and have none):
/// - **Inline**: a link read within the text of its sentence — a text stop
///   of the same container before or after it (past the sentence's other
///   links), on the same line (their frames overlap vertically).
/// - **Equivalent**: a control whose label is also its target — a 13 × 13
///   checkbox with a `<label for>`. Browsers fold a checkbox's or radio
///   button's `<label>` into it (Chromium ignores the label's own text), so
///   a named checkbox or radio is taken as labelled; an `aria-label` on a
///   bare one is not told apart. Any other control qualifies when a text
///   stop right before or after it in its container says its name on its line.
/// - **Spacing**: a 24 CSS px circle centred on the target intersects no other
///   target and no other undersized target's circle.
struct WebTargetExceptions {
    /// The diameter of the spacing circle, in CSS px.
    static let circle = 24.0

    /// The judged targets' frames, bucketed by a grid of `circle`-sized cells
    /// over the area where a circle's centre can be affected by each; targets that would cover
    /// too many cells are kept apart and checked one by one.
    private var grid: [Cell: [Int]] = [:]
    private var large: [Int] = []
    private let frames: [Frame?]
    private let side: Double

    struct Cell: Hashable {
        var x: Int
        var y: Int
    }

    /// The most cells one target is entered in.
    static let maxCells = 100

    /// - Parameters:
    ///   - stops: the screen's stops; `judged` says which are targets.
    ///   - side: the minimum side (24 on the web).
    /// - Complexity: O(n) in the number of stops (each target enters at most `maxCells` cells).
    init(stops: [Stop], judged: (Role) -> Bool, side: Double) {
        self.side = side
        frames = stops.indices.map { k in
            guard judged(stops[k].role), let f = stops[k].frame, f.width > 0, f.height > 0 else { return nil }
            return f
        }
        // A target matters to a circle centred within `circle` of it: the
        // centres of two undersized ones are at most that far apart, and a
        // circle reaching into a larger one has its centre within half that.
        let r = Self.circle
        for (k, frame) in frames.enumerated() {
            guard let f = frame else { continue }
            let x0 = Self.cell(f.x - r), x1 = Self.cell(f.maxX + r), y0 = Self.cell(f.y - r), y1 = Self.cell(f.maxY + r)
            guard (x1 - x0 + 1) * (y1 - y0 + 1) <= Self.maxCells else {
                large.append(k)
                continue
            }
            for x in x0...x1 {
                for y in y0...y1 { grid[Cell(x: x, y: y), default: []].append(k) }
            }
        }
    }

    static func cell(_ v: Double) -> Int {
        let c = (v / circle).rounded(.down)
        return c.isFinite ? Int(max(-1e9, min(1e9, c))) : 0
    }

    /// Whether the undersized target `j` of `stops` is excepted.
    func excepts(_ j: Int, in stops: [Stop]) -> Bool {
        isInline(j, in: stops) || isLabelled(j, in: stops) || isSpaced(j)
    }

    /// The text stops right before and after `j` in its container that share its line.
    static func textNeighbours(_ j: Int, in stops: [Stop]) -> [Int] {
        [j - 1, j + 1].filter { sharesLine(j, $0, in: stops) && stops[$0].role == .text }
    }

    /// Whether stop `k` exists, is in `j`'s container, and overlaps its line.
    static func sharesLine(_ j: Int, _ k: Int, in stops: [Stop]) -> Bool {
        guard stops.indices.contains(k), stops[k].containerPath == stops[j].containerPath,
              let f = stops[j].frame, let t = stops[k].frame else { return false }
        return t.y < f.maxY && f.y < t.maxY
    }

    /// The most links of one sentence looked past to find its text ("see 1, 2, 3").
    static let maxLinkRun = 32

    /// A link with text of its sentence before or after it on its line, past
    /// at most `maxLinkRun` other links of that line.
    func isInline(_ j: Int, in stops: [Stop]) -> Bool {
        guard stops[j].role == .link else { return false }
        for step in [-1, 1] {
            var k = j + step
            while Self.sharesLine(j, k, in: stops), stops[k].role == .link, abs(k - j) <= Self.maxLinkRun { k += step }
            if Self.sharesLine(j, k, in: stops), stops[k].role == .text { return true }
        }
        return false
    }

    func isLabelled(_ j: Int, in stops: [Stop]) -> Bool {
        let name = LabelText.normalized(stops[j].label)
        guard !name.isEmpty, stops[j].role != .link else { return false }
        if stops[j].role == .checkbox || stops[j].role == .radio { return true }
        return Self.textNeighbours(j, in: stops).contains { LabelText.normalized(stops[$0].label) == name }
    }

    /// - Complexity: O(b + l): the targets in the circle's cell, and the large ones.
    func isSpaced(_ j: Int) -> Bool {
        guard let f = frames[j] else { return false }
        let cx = f.x + f.width / 2, cy = f.y + f.height / 2
        let r = Self.circle / 2
        let near = grid[Cell(x: Self.cell(cx), y: Self.cell(cy))] ?? []
        for k in near + large where k != j {
            guard let u = frames[k] else { continue }
            if u.width < side || u.height < side {
                // Another undersized target: the two circles must not meet.
                let dx = (u.x + u.width / 2) - cx, dy = (u.y + u.height / 2) - cy
                if dx * dx + dy * dy < Self.circle * Self.circle { return false }
            } else {
                // A target of full size: the circle must not reach into it.
                let dx = max(u.x - cx, 0, cx - u.maxX), dy = max(u.y - cy, 0, cy - u.maxY)
                if dx * dx + dy * dy < r * r { return false }
            }
        }
        return true
    }
}
