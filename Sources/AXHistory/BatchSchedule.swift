/// Which batch each of the pool's threads analyses next (see `AnalyzerPool.Run`).
///
/// Each thread owns a contiguous run of batches and goes through it in order, so its
/// snapshot cache and scan memos carry over from one batch to the next. A run that does not
/// follow the thread's previous one starts cold: the first change to each path reads and
/// parses its old version in full. So the runs
/// are as long as the lookahead allows — with room for the whole history, the threads split
/// it in equal parts, and start cold once each — and a thread that has finished its run takes
/// the later half of the longest run still unstarted, whose owner goes on with the batches
/// that follow its own: every thread keeps busy to the end, at the cost of one cold start per
/// halving instead of one per claim.
///
/// The batch analysed farthest ahead is fewer than `lookahead` batches past the first one
/// the caller has not taken, which bounds the memory the results hold.
struct BatchSchedule {
    enum Step: Equatable {
        case analyse(Int)
        /// Past the lookahead: wait until the caller takes a batch.
        case wait
        /// Nothing left to start.
        case done
    }

    let count: Int
    let lookahead: Int
    /// The length of a run taken from the batches no thread owns yet.
    let chunk: Int
    /// Per thread: the batches it owns and has not started, in order.
    private(set) var owned: [Range<Int>]
    /// The first batch no thread owns yet.
    private var unassigned = 0

    init(batches count: Int, threads: Int, lookahead: Int) {
        let threads = max(1, threads)
        self.count = count
        self.lookahead = max(1, lookahead)
        chunk = max(1, min(self.lookahead / threads, (count + threads - 1) / threads))
        owned = Array(repeating: 0..<0, count: threads)
    }

    /// The next step of thread `t` when the caller has taken the batches before `taken`.
    ///
    /// - Complexity: O(threads).
    mutating func next(for t: Int, taken: Int) -> Step {
        if owned[t].isEmpty {
            if unassigned < count {
                let end = min(count, unassigned + chunk)
                owned[t] = unassigned..<end
                unassigned = end
            } else if let victim = owned.indices.max(by: { owned[$0].count < owned[$1].count }), !owned[victim].isEmpty {
                let run = owned[victim], half = (run.count + 1) / 2
                owned[victim] = run.lowerBound..<run.upperBound - half
                owned[t] = run.upperBound - half..<run.upperBound
            } else {
                return .done
            }
        }
        let index = owned[t].lowerBound
        guard index < taken + lookahead else { return .wait }
        owned[t] = index + 1..<owned[t].upperBound
        return .analyse(index)
    }
}
